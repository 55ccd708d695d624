// The math ops NVPTX compiles to instructions become calls of LLVM's intrinsics, in every
// float type (rsqrt as 1 / sqrt, isfinite as |x| < inf, absi a select); exp stays a math op
// (xhlo-math-approximations' work, or libdevice's for f64).
func.func @f(%x: f32, %h: f16, %b: bf16, %d: f64, %i: i32) -> (f32, f32, f16, bf16, f64, f32, i1, i32, f64, f32) {
  %0 = math.sqrt %x : f32
  %1 = math.fma %x, %x, %x : f32
  %2 = math.floor %h : f16
  %3 = math.roundeven %b : bf16
  %4 = math.copysign %d, %d : f64
  %5 = math.rsqrt %x : f32
  %6 = math.isfinite %x : f32
  %7 = math.absi %i : i32
  %8 = math.exp %d : f64
  %9 = math.round %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f16, bf16, f64, f32, i1, i32, f64, f32
}

// PIPELINE: builtin.module(xhlo-libm-expm1)
// f64 expm1 becomes a call of the C library's expm1, a vector one call per element; f32 expm1
// and other f64 ops stay math ops.
func.func @f(%d: f64, %v: vector<2xf64>, %x: f32, %e: f64) -> (f64, vector<2xf64>, f32, f64) {
  %0 = math.expm1 %d : f64
  %1 = math.expm1 %v : vector<2xf64>
  %2 = math.expm1 %x : f32
  %3 = math.exp %e : f64
  return %0, %1, %2, %3 : f64, vector<2xf64>, f32, f64
}

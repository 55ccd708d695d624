// PIPELINE: builtin.module(xhlo-math-approximations{ops=exp})
// f32 exp becomes arithmetic (f16 through f32); f64 exp and the ops not named stay math ops.
func.func @f(%x: f32, %h: f16, %d: f64) -> (f32, f16, f64, f32) {
  %0 = math.exp %x : f32
  %1 = math.exp %h : f16
  %2 = math.exp %d : f64
  %3 = math.sin %x : f32
  return %0, %1, %2, %3 : f32, f16, f64, f32
}

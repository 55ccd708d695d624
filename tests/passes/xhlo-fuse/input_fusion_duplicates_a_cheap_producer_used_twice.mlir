// Layernorm's centring: c = x - mean is used by the variance reduction (through c*c) and by
// the output. Recomputing one subtraction per element is cheaper than writing and reading c,
// so both fusions compute it and c is never materialized.
func.func @main(%x: tensor<64x256xf32>, %mean: tensor<64xf32>) -> (tensor<64xf32>, tensor<64x256xf32>) {
  %bm = "xhlo.broadcast_in_dim"(%mean) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x256xf32>
  %c = "xhlo.subtract"(%x, %bm) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
  %sq = "xhlo.multiply"(%c, %c) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %v = "xhlo.reduce"(%sq, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %two = "xhlo.constant"() {value = dense<2.0> : tensor<64x256xf32>} : () -> tensor<64x256xf32>
  %y = "xhlo.multiply"(%c, %two) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
  return %v, %y : tensor<64xf32>, tensor<64x256xf32>
}

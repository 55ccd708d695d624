// Softmax over rows. exp(x - max) feeds the sum and the division: recomputing the
// exponential in both would cost more flops than the bytes it saves, so it is materialized
// by its own loop fusion (the subtract and broadcast inside); the sum is a plain reduce.
func.func @main(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %ninf = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %m = "xhlo.reduce"(%x, %ninf) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = "xhlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %bm = "xhlo.broadcast_in_dim"(%m) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x256xf32>
  %d = "xhlo.subtract"(%x, %bm) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
  %e = "xhlo.exponential"(%d) : (tensor<64x256xf32>) -> tensor<64x256xf32>
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %s = "xhlo.reduce"(%e, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %bs = "xhlo.broadcast_in_dim"(%s) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x256xf32>
  %y = "xhlo.divide"(%e, %bs) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
  return %y : tensor<64x256xf32>
}

// The row sums are returned too: the row fusion yields them besides the normalized rows. The
// weights, broadcast before the group to the rows' shape, are sliced like the rows.
func.func @main(%x: tensor<32x32xf32>, %w: tensor<32xf32>) -> (tensor<32x32xf32>, tensor<32xf32>) {
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %s = "xhlo.reduce"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %t : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<32x32xf32>, tensor<f32>) -> tensor<32xf32>
  %sb = "xhlo.broadcast_in_dim"(%s) {broadcast_dimensions = array<i64: 0>} : (tensor<32xf32>) -> tensor<32x32xf32>
  %wb = "xhlo.broadcast_in_dim"(%w) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<32x32xf32>
  %d = "xhlo.divide"(%x, %sb) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %r = "xhlo.multiply"(%d, %wb) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  return %r, %s : tensor<32x32xf32>, tensor<32xf32>
}

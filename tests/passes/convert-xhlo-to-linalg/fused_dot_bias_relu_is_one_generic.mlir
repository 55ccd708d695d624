// PIPELINE: builtin.module(xhlo-fuse,convert-xhlo-to-linalg)
// relu(x·w + b) after xhlo-fuse: one linalg.generic whose last contracting iteration applies
// the bias and the relu to the finished sum.
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %b: tensor<2xf32>) -> tensor<4x2xf32> {
  %0 = "xhlo.dot_general"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  %1 = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<4x2xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  %3 = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %4 = "xhlo.broadcast_in_dim"(%3) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<4x2xf32>
  %5 = "xhlo.maximum"(%2, %4) : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32>
  return %5 : tensor<4x2xf32>
}

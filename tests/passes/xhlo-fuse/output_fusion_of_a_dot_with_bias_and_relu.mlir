// relu(x·w + b): the dot's only consumer is its element-wise epilogue, so dot, broadcast,
// add and maximum form one output fusion; the dot's operands stay outside.
func.func @main(%x: tensor<16x32xf32>, %w: tensor<32x8xf32>, %b: tensor<8xf32>) -> tensor<16x8xf32> {
  %0 = "xhlo.dot_general"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  %1 = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 1>} : (tensor<8xf32>) -> tensor<16x8xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  %3 = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %4 = "xhlo.broadcast_in_dim"(%3) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<16x8xf32>
  %5 = "xhlo.maximum"(%2, %4) : (tensor<16x8xf32>, tensor<16x8xf32>) -> tensor<16x8xf32>
  return %5 : tensor<16x8xf32>
}

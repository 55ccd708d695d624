// A shape error: the contracting dimensions disagree (8 vs 16).
func.func @main(%x: tensor<4x8xf32>, %w: tensor<16x3xf32>) -> tensor<4x3xf32> {
  %0 = "xhlo.dot_general"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<4x8xf32>, tensor<16x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

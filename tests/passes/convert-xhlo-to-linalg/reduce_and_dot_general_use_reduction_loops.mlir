// A row sum and a matrix product: reduction iterators over the reduced and contracting
// dimensions, inits filled with the init value or zero.
func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %z: tensor<f32>) -> (tensor<2xf32>, tensor<2x4xf32>) {
  %0 = "xhlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = "xhlo.dot_general"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0, %1 : tensor<2xf32>, tensor<2x4xf32>
}

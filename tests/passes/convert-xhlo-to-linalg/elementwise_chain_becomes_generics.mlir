// Each element-wise op becomes one linalg.generic; the scalar broadcast reads through a
// constant indexing map.
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.multiply"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "xhlo.tanh"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %two = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "xhlo.broadcast_in_dim"(%two) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<4xf32>
  %3 = "xhlo.multiply"(%1, %2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %3 : tensor<4xf32>
}

// A column sum reduces dimension 0 (the rows): nothing is row-local, nothing changes. A row
// sum whose only consumer transposes the rows away ends its group with itself: no fusion.
func.func @main(%x: tensor<32x16xf32>) -> (tensor<16xf32>, tensor<16x32xf32>) {
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %c = "xhlo.reduce"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %t : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<32x16xf32>, tensor<f32>) -> tensor<16xf32>
  %s = "xhlo.reduce"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %t : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<32x16xf32>, tensor<f32>) -> tensor<32xf32>
  %sb = "xhlo.broadcast_in_dim"(%s) {broadcast_dimensions = array<i64: 1>} : (tensor<32xf32>) -> tensor<16x32xf32>
  return %c, %sb : tensor<16xf32>, tensor<16x32xf32>
}

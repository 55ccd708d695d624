// Ops with regions merge when their regions are identical and closed.
func.func @main(%a: tensor<2x3xf32>, %init: tensor<f32>) -> tensor<2xf32> {
  %0 = "xhlo.reduce"(%a, %init) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "xhlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = "xhlo.reduce"(%a, %init) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "xhlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %2 : tensor<2xf32>
}

// xhlo-verify leaves a valid program unchanged.
func.func @main(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "xhlo.tanh"(%0) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

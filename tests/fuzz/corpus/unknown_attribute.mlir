// xla-run %s --random-inputs 1 => 1: %s:3:8: error: 'xhlo.add' op unknown attribute 'bogus'
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "xhlo.add"(%a, %a) {bogus = 1 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

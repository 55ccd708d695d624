// xla-run %s --random-inputs 1 => 1: %s:3:8: error: 'func.call' op calls @main recursively (@main -> @main)
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = func.call @main(%a) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

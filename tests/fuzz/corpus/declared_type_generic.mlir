// xla-run %s --random-inputs 1 => 1: %s:3:8: error: 'stablehlo.add' op operand #0 (%a) is declared as tensor<9xf32>, but %a is tensor<3xf32>
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.add"(%a, %a) : (tensor<9xf32>, tensor<9xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// xla-run %s --random-inputs 1 => 1: %s:3:8: error: 'stablehlo.broadcast_in_dim' op operand #0 (%a) is declared as tensor<7xf32>, but %a is tensor<3xf32>
func.func @main(%a: tensor<3xf32>) -> tensor<2x7xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<7xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

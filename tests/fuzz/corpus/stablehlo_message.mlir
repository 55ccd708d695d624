// xla-run %s --random-inputs 1 => 1: %s:3:8: error: unsupported op 'stablehlo.no_such_op' in custom (pretty) form
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.no_such_op %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

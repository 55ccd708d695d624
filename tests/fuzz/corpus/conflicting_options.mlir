// xla-run %s --random-inputs 1 --input x.npy => 2: error: the argument '--random-inputs <RANDOM_INPUTS>' cannot be used with '--input <INPUTS>'
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %a, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

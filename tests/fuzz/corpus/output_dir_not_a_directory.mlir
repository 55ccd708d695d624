// xla-run %s --random-inputs 1 --output-dir /dev/full => 1: xla-run: error: --output-dir /dev/full: not a directory
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %a, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}

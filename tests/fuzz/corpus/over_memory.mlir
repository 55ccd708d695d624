// xla-run %s --memory-limit 1G => 1: %s:3:8: error: 'xhlo.iota' op result #0 has type tensor<30000000000xf32>, which takes 120.0 GB: more than the memory limit of 1073.7 MB
func.func @main() -> tensor<30000000000xf32> {
  %0 = stablehlo.iota dim = 0 : tensor<30000000000xf32>
  return %0 : tensor<30000000000xf32>
}

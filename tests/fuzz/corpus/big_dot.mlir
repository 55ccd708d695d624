// xla-run %s --random-inputs 1 --memory-limit 8G => 1: %s:2:1: error: 'func.func' op argument %arg0 has type tensor<200000x200000xf32>, which takes 160.0 GB: more than the memory limit of 8589.9 MB
func.func @main(%a: tensor<200000x200000xf32>, %b: tensor<200000x200000xf32>) -> tensor<200000x200000xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<200000x200000xf32>, tensor<200000x200000xf32>) -> tensor<200000x200000xf32>
  return %0 : tensor<200000x200000xf32>
}

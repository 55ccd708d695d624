// xla-run %s --random-inputs 1 --memory-limit 8G => 1: %s:3:8: error: 'xhlo.broadcast_in_dim' op result #0 has type tensor<10000000000xf32>, which takes 40.0 GB: more than the memory limit of 8589.9 MB
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<10000000000xf32>
  %1 = stablehlo.add %0, %0 : tensor<10000000000xf32>
  %2 = stablehlo.multiply %1, %0 : tensor<10000000000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%2 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<10000000000xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}

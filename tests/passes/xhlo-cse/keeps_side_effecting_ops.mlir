// Each rng_uniform draws new numbers: equal-looking draws must not merge.
func.func @main(%lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = "xhlo.rng_uniform"(%lo, %hi) : (tensor<f32>, tensor<f32>) -> tensor<3xf32>
  %1 = "xhlo.rng_uniform"(%lo, %hi) : (tensor<f32>, tensor<f32>) -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

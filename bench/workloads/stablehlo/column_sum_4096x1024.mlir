module @jit_column_sum attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4096x1024xf32>) -> (tensor<1024xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.maximum across dimensions = [0] : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %2 = stablehlo.add %0, %1 : tensor<1024xf32>
    return %2 : tensor<1024xf32>
  }
}

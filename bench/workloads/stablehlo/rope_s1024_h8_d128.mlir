module @jit_rope attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024x8x128xf32>, %arg1: tensor<1024x128xf32>, %arg2: tensor<1024x128xf32>) -> (tensor<1024x8x128xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [0:1024, 0:8, 64:128] : (tensor<1024x8x128xf32>) -> tensor<1024x8x64xf32>
    %1 = stablehlo.negate %0 : tensor<1024x8x64xf32>
    %2 = stablehlo.slice %arg0 [0:1024, 0:8, 0:64] : (tensor<1024x8x128xf32>) -> tensor<1024x8x64xf32>
    %3 = stablehlo.concatenate %1, %2, dim = 2 : (tensor<1024x8x64xf32>, tensor<1024x8x64xf32>) -> tensor<1024x8x128xf32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [0, 2] : (tensor<1024x128xf32>) -> tensor<1024x1x128xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1, 2] : (tensor<1024x1x128xf32>) -> tensor<1024x8x128xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<1024x8x128xf32>
    %7 = stablehlo.broadcast_in_dim %arg2, dims = [0, 2] : (tensor<1024x128xf32>) -> tensor<1024x1x128xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1024x1x128xf32>) -> tensor<1024x8x128xf32>
    %9 = stablehlo.multiply %3, %8 : tensor<1024x8x128xf32>
    %10 = stablehlo.add %6, %9 : tensor<1024x8x128xf32>
    return %10 : tensor<1024x8x128xf32>
  }
}

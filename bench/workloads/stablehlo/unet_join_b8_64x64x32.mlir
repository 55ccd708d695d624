module @jit_unet_join attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x64x64x32xf32>, %arg1: tensor<8x64x64x32xf32>, %arg2: tensor<64xf32>) -> (tensor<8x66x66x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.concatenate %arg0, %arg1, dim = 3 : (tensor<8x64x64x32xf32>, tensor<8x64x64x32xf32>) -> tensor<8x64x64x64xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x64x64x64xf32>
    %3 = stablehlo.multiply %0, %2 : tensor<8x64x64x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x64x64x64xf32>
    %5 = stablehlo.maximum %3, %4 : tensor<8x64x64x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %6 = call @_pad(%5, %c) : (tensor<8x64x64x64xf32>, tensor<i32>) -> tensor<8x66x66x64xf32>
    return %6 : tensor<8x66x66x64xf32>
  }
  func.func private @_pad(%arg0: tensor<8x64x64x64xf32>, %arg1: tensor<i32>) -> tensor<8x66x66x64xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<8x64x64x64xf32>, tensor<f32>) -> tensor<8x66x66x64xf32>
    return %1 : tensor<8x66x66x64xf32>
  }
}

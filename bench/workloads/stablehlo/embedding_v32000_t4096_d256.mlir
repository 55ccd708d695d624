module @jit_embedding attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4096xf32>, %arg1: tensor<32000x256xf32>, %arg2: tensor<512x256xf32>) -> (tensor<4096x256xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<4096xf32>
    %cst_0 = stablehlo.constant dense<1.600000e+04> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4096xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<4096xf32>
    %4 = stablehlo.convert %3 : (tensor<4096xf32>) -> tensor<4096xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<31999> : tensor<i32>
    %5 = call @clip(%4, %c, %c_1) : (tensor<4096xi32>, tensor<i32>, tensor<i32>) -> tensor<4096xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %7 = stablehlo.compare LT, %5, %6, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
    %c_3 = stablehlo.constant dense<32000> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %9 = stablehlo.add %5, %8 : tensor<4096xi32>
    %10 = stablehlo.select %7, %9, %5 : tensor<4096xi1>, tensor<4096xi32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<4096xi32>) -> tensor<4096x1xi32>
    %12 = "stablehlo.gather"(%arg1, %11) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 256>}> : (tensor<32000x256xf32>, tensor<4096x1xi32>) -> tensor<4096x256xf32>
    %cst_4 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4096x256xf32>
    %14 = stablehlo.multiply %12, %13 : tensor<4096x256xf32>
    %15 = stablehlo.reshape %14 : (tensor<4096x256xf32>) -> tensor<8x512x256xf32>
    %16 = stablehlo.broadcast_in_dim %arg2, dims = [1, 2] : (tensor<512x256xf32>) -> tensor<1x512x256xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2] : (tensor<1x512x256xf32>) -> tensor<8x512x256xf32>
    %18 = stablehlo.add %15, %17 : tensor<8x512x256xf32>
    %19 = stablehlo.reshape %18 : (tensor<8x512x256xf32>) -> tensor<4096x256xf32>
    return %19 : tensor<4096x256xf32>
  }
  func.func private @clip(%arg0: tensor<4096xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4096xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4096xi32>
    %3 = stablehlo.convert %arg2 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %5 = stablehlo.minimum %4, %2 : tensor<4096xi32>
    return %5 : tensor<4096xi32>
  }
}

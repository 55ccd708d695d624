module @jit_cnn_pool attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x32x32x16xf32>, %arg1: tensor<3x3x16x32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<3x3x32x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x10xf32>, %arg6: tensor<10xf32>) -> (tensor<8x10xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x32x32x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x32x32x32xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x1x1x32xf32>) -> tensor<8x32x32x32xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x32x32x32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x32x32x32xf32>
    %5 = stablehlo.maximum %3, %4 : tensor<8x32x32x32xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<f32>
    %7 = "stablehlo.reduce_window"(%5, %6) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %21 = stablehlo.maximum %arg7, %arg8 : tensor<f32>
      stablehlo.return %21 : tensor<f32>
    }) : (tensor<8x32x32x32xf32>, tensor<f32>) -> tensor<8x16x16x32xf32>
    %8 = stablehlo.convolution(%7, %arg3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x16x16x32xf32>, tensor<3x3x32x64xf32>) -> tensor<8x16x16x64xf32>
    %9 = stablehlo.broadcast_in_dim %arg4, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x16x16x64xf32>
    %11 = stablehlo.add %8, %10 : tensor<8x16x16x64xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x16x16x64xf32>
    %13 = stablehlo.maximum %11, %12 : tensor<8x16x16x64xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_2) applies stablehlo.add across dimensions = [1, 2] : (tensor<8x16x16x64xf32>, tensor<f32>) -> tensor<8x64xf32>
    %cst_3 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %16 = stablehlo.divide %14, %15 : tensor<8x64xf32>
    %17 = stablehlo.dot_general %16, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x10xf32>) -> tensor<8x10xf32>
    %18 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x10xf32>) -> tensor<8x10xf32>
    %20 = stablehlo.add %17, %19 : tensor<8x10xf32>
    return %20 : tensor<8x10xf32>
  }
}

"builtin.module"() <{sym_name = "jit_cnn_pool"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}], function_type = (tensor<8x32x32x16xf32>, tensor<3x3x16x32xf32>, tensor<32xf32>, tensor<3x3x32x64xf32>, tensor<64xf32>, tensor<64x10xf32>, tensor<10xf32>) -> tensor<8x10xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<8x32x32x16xf32>, %arg1: tensor<3x3x16x32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<3x3x32x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x10xf32>, %arg6: tensor<10xf32>):
    %0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<8x32x32x16xf32>, tensor<3x3x16x32xf32>) -> tensor<8x32x32x32xf32>
    %1 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 3>}> : (tensor<32xf32>) -> tensor<1x1x1x32xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x32xf32>) -> tensor<8x32x32x32xf32>
    %3 = "stablehlo.add"(%0, %2) : (tensor<8x32x32x32xf32>, tensor<8x32x32x32xf32>) -> tensor<8x32x32x32xf32>
    %4 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x32x32x32xf32>
    %6 = "stablehlo.maximum"(%3, %5) : (tensor<8x32x32x32xf32>, tensor<8x32x32x32xf32>) -> tensor<8x32x32x32xf32>
    %7 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %9 = "stablehlo.reduce_window"(%6, %8) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg9: tensor<f32>, %arg10: tensor<f32>):
      %27 = "stablehlo.maximum"(%arg9, %arg10) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%27) : (tensor<f32>) -> ()
    }) : (tensor<8x32x32x32xf32>, tensor<f32>) -> tensor<8x16x16x32xf32>
    %10 = "stablehlo.convolution"(%9, %arg3) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<8x16x16x32xf32>, tensor<3x3x32x64xf32>) -> tensor<8x16x16x64xf32>
    %11 = "stablehlo.broadcast_in_dim"(%arg4) <{broadcast_dimensions = array<i64: 3>}> : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %12 = "stablehlo.broadcast_in_dim"(%11) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x64xf32>) -> tensor<8x16x16x64xf32>
    %13 = "stablehlo.add"(%10, %12) : (tensor<8x16x16x64xf32>, tensor<8x16x16x64xf32>) -> tensor<8x16x16x64xf32>
    %14 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x16x16x64xf32>
    %16 = "stablehlo.maximum"(%13, %15) : (tensor<8x16x16x64xf32>, tensor<8x16x16x64xf32>) -> tensor<8x16x16x64xf32>
    %17 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %18 = "stablehlo.reduce"(%16, %17) <{dimensions = array<i64: 1, 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %26 = "stablehlo.add"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%26) : (tensor<f32>) -> ()
    }) : (tensor<8x16x16x64xf32>, tensor<f32>) -> tensor<8x64xf32>
    %19 = "stablehlo.constant"() <{value = dense<2.560000e+02> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.broadcast_in_dim"(%19) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x64xf32>
    %21 = "stablehlo.divide"(%18, %20) : (tensor<8x64xf32>, tensor<8x64xf32>) -> tensor<8x64xf32>
    %22 = "stablehlo.dot_general"(%21, %arg5) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<8x64xf32>, tensor<64x10xf32>) -> tensor<8x10xf32>
    %23 = "stablehlo.broadcast_in_dim"(%arg6) <{broadcast_dimensions = array<i64: 1>}> : (tensor<10xf32>) -> tensor<1x10xf32>
    %24 = "stablehlo.broadcast_in_dim"(%23) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x10xf32>) -> tensor<8x10xf32>
    %25 = "stablehlo.add"(%22, %24) : (tensor<8x10xf32>, tensor<8x10xf32>) -> tensor<8x10xf32>
    "func.return"(%25) : (tensor<8x10xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()

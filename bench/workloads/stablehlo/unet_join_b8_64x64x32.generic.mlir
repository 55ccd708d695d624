"builtin.module"() <{sym_name = "jit_unet_join"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<8x64x64x32xf32>, tensor<8x64x64x32xf32>, tensor<64xf32>) -> tensor<8x66x66x64xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg2: tensor<8x64x64x32xf32>, %arg3: tensor<8x64x64x32xf32>, %arg4: tensor<64xf32>):
    %2 = "stablehlo.concatenate"(%arg2, %arg3) <{dimension = 3 : i64}> : (tensor<8x64x64x32xf32>, tensor<8x64x64x32xf32>) -> tensor<8x64x64x64xf32>
    %3 = "stablehlo.broadcast_in_dim"(%arg4) <{broadcast_dimensions = array<i64: 3>}> : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x64xf32>) -> tensor<8x64x64x64xf32>
    %5 = "stablehlo.multiply"(%2, %4) : (tensor<8x64x64x64xf32>, tensor<8x64x64x64xf32>) -> tensor<8x64x64x64xf32>
    %6 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8x64x64x64xf32>
    %8 = "stablehlo.maximum"(%5, %7) : (tensor<8x64x64x64xf32>, tensor<8x64x64x64xf32>) -> tensor<8x64x64x64xf32>
    %9 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %10 = "func.call"(%8, %9) <{callee = @_pad}> : (tensor<8x64x64x64xf32>, tensor<i32>) -> tensor<8x66x66x64xf32>
    "func.return"(%10) : (tensor<8x66x66x64xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<8x64x64x64xf32>, tensor<i32>) -> tensor<8x66x66x64xf32>, res_attrs = [{}], sym_name = "_pad", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<8x64x64x64xf32>, %arg1: tensor<i32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<f32>
    %1 = "stablehlo.pad"(%arg0, %0) <{edge_padding_high = array<i64: 0, 1, 1, 0>, edge_padding_low = array<i64: 0, 1, 1, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<8x64x64x64xf32>, tensor<f32>) -> tensor<8x66x66x64xf32>
    "func.return"(%1) : (tensor<8x66x66x64xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()

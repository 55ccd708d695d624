"builtin.module"() <{sym_name = "jit_embedding"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4096xf32>, tensor<32000x256xf32>, tensor<512x256xf32>) -> tensor<4096x256xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg3: tensor<4096xf32>, %arg4: tensor<32000x256xf32>, %arg5: tensor<512x256xf32>):
    %6 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4096xf32>
    %8 = "stablehlo.add"(%arg3, %7) : (tensor<4096xf32>, tensor<4096xf32>) -> tensor<4096xf32>
    %9 = "stablehlo.constant"() <{value = dense<1.600000e+04> : tensor<f32>}> : () -> tensor<f32>
    %10 = "stablehlo.broadcast_in_dim"(%9) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4096xf32>
    %11 = "stablehlo.multiply"(%8, %10) : (tensor<4096xf32>, tensor<4096xf32>) -> tensor<4096xf32>
    %12 = "stablehlo.convert"(%11) : (tensor<4096xf32>) -> tensor<4096xi32>
    %13 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %14 = "stablehlo.constant"() <{value = dense<31999> : tensor<i32>}> : () -> tensor<i32>
    %15 = "func.call"(%12, %13, %14) <{callee = @clip}> : (tensor<4096xi32>, tensor<i32>, tensor<i32>) -> tensor<4096xi32>
    %16 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %17 = "stablehlo.broadcast_in_dim"(%16) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4096xi32>
    %18 = "stablehlo.compare"(%15, %17) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
    %19 = "stablehlo.constant"() <{value = dense<32000> : tensor<i32>}> : () -> tensor<i32>
    %20 = "stablehlo.broadcast_in_dim"(%19) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4096xi32>
    %21 = "stablehlo.add"(%15, %20) : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi32>
    %22 = "stablehlo.select"(%18, %21, %15) : (tensor<4096xi1>, tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi32>
    %23 = "stablehlo.broadcast_in_dim"(%22) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4096xi32>) -> tensor<4096x1xi32>
    %24 = "stablehlo.gather"(%arg4, %23) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 256>}> : (tensor<32000x256xf32>, tensor<4096x1xi32>) -> tensor<4096x256xf32>
    %25 = "stablehlo.constant"() <{value = dense<1.600000e+01> : tensor<f32>}> : () -> tensor<f32>
    %26 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4096x256xf32>
    %27 = "stablehlo.multiply"(%24, %26) : (tensor<4096x256xf32>, tensor<4096x256xf32>) -> tensor<4096x256xf32>
    %28 = "stablehlo.reshape"(%27) : (tensor<4096x256xf32>) -> tensor<8x512x256xf32>
    %29 = "stablehlo.broadcast_in_dim"(%arg5) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<512x256xf32>) -> tensor<1x512x256xf32>
    %30 = "stablehlo.broadcast_in_dim"(%29) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x512x256xf32>) -> tensor<8x512x256xf32>
    %31 = "stablehlo.add"(%28, %30) : (tensor<8x512x256xf32>, tensor<8x512x256xf32>) -> tensor<8x512x256xf32>
    %32 = "stablehlo.reshape"(%31) : (tensor<8x512x256xf32>) -> tensor<4096x256xf32>
    "func.return"(%32) : (tensor<4096x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4096xi32>, tensor<i32>, tensor<i32>) -> tensor<4096xi32>, res_attrs = [{}], sym_name = "clip", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4096xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>):
    %0 = "stablehlo.convert"(%arg1) : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4096xi32>
    %2 = "stablehlo.maximum"(%1, %arg0) : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi32>
    %3 = "stablehlo.convert"(%arg2) : (tensor<i32>) -> tensor<i32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4096xi32>
    %5 = "stablehlo.minimum"(%4, %2) : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi32>
    "func.return"(%5) : (tensor<4096xi32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()

"builtin.module"() <{sym_name = "jit_rnn_scan"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<64x32x128xf32>, tensor<32x256xf32>, tensor<128x256xf32>, tensor<256x256xf32>) -> tensor<32x256xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg6: tensor<64x32x128xf32>, %arg7: tensor<32x256xf32>, %arg8: tensor<128x256xf32>, %arg9: tensor<256x256xf32>):
    %8 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %9:5 = "stablehlo.while"(%arg6, %arg8, %arg9, %8, %arg7) ({
    ^bb0(%arg15: tensor<64x32x128xf32>, %arg16: tensor<128x256xf32>, %arg17: tensor<256x256xf32>, %arg18: tensor<i32>, %arg19: tensor<32x256xf32>):
      %14 = "stablehlo.constant"() <{value = dense<64> : tensor<i32>}> : () -> tensor<i32>
      %15 = "stablehlo.compare"(%arg18, %14) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%15) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg10: tensor<64x32x128xf32>, %arg11: tensor<128x256xf32>, %arg12: tensor<256x256xf32>, %arg13: tensor<i32>, %arg14: tensor<32x256xf32>):
      %10 = "func.call"(%arg10, %arg13) <{callee = @dynamic_index_in_dim}> : (tensor<64x32x128xf32>, tensor<i32>) -> tensor<32x128xf32>
      %11 = "func.call"(%arg11, %arg12, %arg14, %10) <{callee = @closed_call}> : (tensor<128x256xf32>, tensor<256x256xf32>, tensor<32x256xf32>, tensor<32x128xf32>) -> tensor<32x256xf32>
      %12 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %13 = "stablehlo.add"(%arg13, %12) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%arg10, %arg11, %arg12, %13, %11) : (tensor<64x32x128xf32>, tensor<128x256xf32>, tensor<256x256xf32>, tensor<i32>, tensor<32x256xf32>) -> ()
    }) : (tensor<64x32x128xf32>, tensor<128x256xf32>, tensor<256x256xf32>, tensor<i32>, tensor<32x256xf32>) -> (tensor<64x32x128xf32>, tensor<128x256xf32>, tensor<256x256xf32>, tensor<i32>, tensor<32x256xf32>)
    "func.return"(%9#4) : (tensor<32x256xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<64x32x128xf32>, tensor<i32>) -> tensor<32x128xf32>, res_attrs = [{}], sym_name = "dynamic_index_in_dim", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<64x32x128xf32>, %arg5: tensor<i32>):
    %4 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %5 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %6 = "stablehlo.dynamic_slice"(%arg4, %arg5, %4, %5) <{slice_sizes = array<i64: 1, 32, 128>}> : (tensor<64x32x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x128xf32>
    %7 = "stablehlo.reshape"(%6) : (tensor<1x32x128xf32>) -> tensor<32x128xf32>
    "func.return"(%7) : (tensor<32x128xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<128x256xf32>, tensor<256x256xf32>, tensor<32x256xf32>, tensor<32x128xf32>) -> tensor<32x256xf32>, res_attrs = [{}], sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<128x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<32x256xf32>, %arg3: tensor<32x128xf32>):
    %0 = "stablehlo.dot_general"(%arg3, %arg0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x128xf32>, tensor<128x256xf32>) -> tensor<32x256xf32>
    %1 = "stablehlo.dot_general"(%arg2, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x256xf32>, tensor<256x256xf32>) -> tensor<32x256xf32>
    %2 = "stablehlo.add"(%0, %1) : (tensor<32x256xf32>, tensor<32x256xf32>) -> tensor<32x256xf32>
    %3 = "stablehlo.tanh"(%2) : (tensor<32x256xf32>) -> tensor<32x256xf32>
    "func.return"(%3) : (tensor<32x256xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()

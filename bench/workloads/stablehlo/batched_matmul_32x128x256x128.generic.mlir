"builtin.module"() <{sym_name = "jit_batched_matmul"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<32x128x256xf32>, tensor<32x256x128xf32>) -> tensor<32x128x128xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<32x128x256xf32>, %arg1: tensor<32x256x128xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<32x128x256xf32>, tensor<32x256x128xf32>) -> tensor<32x128x128xf32>
    "func.return"(%0) : (tensor<32x128x128xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()

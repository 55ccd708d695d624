"builtin.module"() <{sym_name = "jit_rope"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<1024x8x128xf32>, tensor<1024x128xf32>, tensor<1024x128xf32>) -> tensor<1024x8x128xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<1024x8x128xf32>, %arg1: tensor<1024x128xf32>, %arg2: tensor<1024x128xf32>):
    %0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 1024, 8, 128>, start_indices = array<i64: 0, 0, 64>, strides = array<i64: 1, 1, 1>}> : (tensor<1024x8x128xf32>) -> tensor<1024x8x64xf32>
    %1 = "stablehlo.negate"(%0) : (tensor<1024x8x64xf32>) -> tensor<1024x8x64xf32>
    %2 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 1024, 8, 64>, start_indices = array<i64: 0, 0, 0>, strides = array<i64: 1, 1, 1>}> : (tensor<1024x8x128xf32>) -> tensor<1024x8x64xf32>
    %3 = "stablehlo.concatenate"(%1, %2) <{dimension = 2 : i64}> : (tensor<1024x8x64xf32>, tensor<1024x8x64xf32>) -> tensor<1024x8x128xf32>
    %4 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<1024x128xf32>) -> tensor<1024x1x128xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1024x1x128xf32>) -> tensor<1024x8x128xf32>
    %6 = "stablehlo.multiply"(%arg0, %5) : (tensor<1024x8x128xf32>, tensor<1024x8x128xf32>) -> tensor<1024x8x128xf32>
    %7 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 0, 2>}> : (tensor<1024x128xf32>) -> tensor<1024x1x128xf32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1024x1x128xf32>) -> tensor<1024x8x128xf32>
    %9 = "stablehlo.multiply"(%3, %8) : (tensor<1024x8x128xf32>, tensor<1024x8x128xf32>) -> tensor<1024x8x128xf32>
    %10 = "stablehlo.add"(%6, %9) : (tensor<1024x8x128xf32>, tensor<1024x8x128xf32>) -> tensor<1024x8x128xf32>
    "func.return"(%10) : (tensor<1024x8x128xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()

"builtin.module"() <{sym_name = "jit_column_sum"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4096x1024xf32>) -> tensor<1024xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<4096x1024xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %6 = "stablehlo.add"(%arg3, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%6) : (tensor<f32>) -> ()
    }) : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %2 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %3 = "stablehlo.reduce"(%arg0, %2) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %5 = "stablehlo.maximum"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%5) : (tensor<f32>) -> ()
    }) : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<1024xf32>
    %4 = "stablehlo.add"(%1, %3) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
    "func.return"(%4) : (tensor<1024xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()

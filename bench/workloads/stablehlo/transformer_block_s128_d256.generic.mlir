"builtin.module"() <{sym_name = "jit_transformer_block"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}], function_type = (tensor<128x256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256x768xf32>, tensor<256x256xf32>, tensor<256xf32>, tensor<256xf32>, tensor<256x1024xf32>, tensor<1024xf32>, tensor<1024x256xf32>, tensor<256xf32>) -> tensor<128x256xf32>, res_attrs = [{jax.result_info = "result"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<128x256xf32>, %arg1: tensor<256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256x768xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256xf32>, %arg6: tensor<256xf32>, %arg7: tensor<256x1024xf32>, %arg8: tensor<1024xf32>, %arg9: tensor<1024x256xf32>, %arg10: tensor<256xf32>):
    %0 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg21: tensor<f32>, %arg22: tensor<f32>):
      %118 = "stablehlo.add"(%arg21, %arg22) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%118) : (tensor<f32>) -> ()
    }) : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64: 0>}> : (tensor<128xf32>) -> tensor<128x1xf32>
    %3 = "stablehlo.constant"() <{value = dense<2.560000e+02> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1xf32>
    %5 = "stablehlo.divide"(%2, %4) : (tensor<128x1xf32>, tensor<128x1xf32>) -> tensor<128x1xf32>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x1xf32>) -> tensor<128x256xf32>
    %7 = "stablehlo.subtract"(%arg0, %6) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %8 = "stablehlo.multiply"(%7, %7) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %9 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %10 = "stablehlo.reduce"(%8, %9) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg19: tensor<f32>, %arg20: tensor<f32>):
      %117 = "stablehlo.add"(%arg19, %arg20) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%117) : (tensor<f32>) -> ()
    }) : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64: 0>}> : (tensor<128xf32>) -> tensor<128x1xf32>
    %12 = "stablehlo.constant"() <{value = dense<2.560000e+02> : tensor<f32>}> : () -> tensor<f32>
    %13 = "stablehlo.broadcast_in_dim"(%12) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1xf32>
    %14 = "stablehlo.divide"(%11, %13) : (tensor<128x1xf32>, tensor<128x1xf32>) -> tensor<128x1xf32>
    %15 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.broadcast_in_dim"(%15) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1xf32>
    %17 = "stablehlo.add"(%14, %16) : (tensor<128x1xf32>, tensor<128x1xf32>) -> tensor<128x1xf32>
    %18 = "stablehlo.rsqrt"(%17) : (tensor<128x1xf32>) -> tensor<128x1xf32>
    %19 = "stablehlo.broadcast_in_dim"(%18) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x1xf32>) -> tensor<128x256xf32>
    %20 = "stablehlo.multiply"(%7, %19) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %21 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<256xf32>) -> tensor<1x256xf32>
    %22 = "stablehlo.broadcast_in_dim"(%21) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %23 = "stablehlo.multiply"(%20, %22) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %24 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64: 1>}> : (tensor<256xf32>) -> tensor<1x256xf32>
    %25 = "stablehlo.broadcast_in_dim"(%24) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %26 = "stablehlo.add"(%23, %25) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %27 = "stablehlo.dot_general"(%26, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x256xf32>, tensor<256x768xf32>) -> tensor<128x768xf32>
    %28 = "stablehlo.slice"(%27) <{limit_indices = array<i64: 128, 256>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<128x768xf32>) -> tensor<128x256xf32>
    %29 = "stablehlo.slice"(%27) <{limit_indices = array<i64: 128, 512>, start_indices = array<i64: 0, 256>, strides = array<i64: 1, 1>}> : (tensor<128x768xf32>) -> tensor<128x256xf32>
    %30 = "stablehlo.slice"(%27) <{limit_indices = array<i64: 128, 768>, start_indices = array<i64: 0, 512>, strides = array<i64: 1, 1>}> : (tensor<128x768xf32>) -> tensor<128x256xf32>
    %31 = "stablehlo.reshape"(%28) : (tensor<128x256xf32>) -> tensor<128x4x64xf32>
    %32 = "stablehlo.transpose"(%31) <{permutation = array<i64: 1, 0, 2>}> : (tensor<128x4x64xf32>) -> tensor<4x128x64xf32>
    %33 = "stablehlo.reshape"(%29) : (tensor<128x256xf32>) -> tensor<128x4x64xf32>
    %34 = "stablehlo.transpose"(%33) <{permutation = array<i64: 1, 0, 2>}> : (tensor<128x4x64xf32>) -> tensor<4x128x64xf32>
    %35 = "stablehlo.reshape"(%30) : (tensor<128x256xf32>) -> tensor<128x4x64xf32>
    %36 = "stablehlo.transpose"(%35) <{permutation = array<i64: 1, 0, 2>}> : (tensor<128x4x64xf32>) -> tensor<4x128x64xf32>
    %37 = "stablehlo.dot_general"(%32, %34) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x128x64xf32>, tensor<4x128x64xf32>) -> tensor<4x128x128xf32>
    %38 = "stablehlo.constant"() <{value = dense<8.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %39 = "stablehlo.broadcast_in_dim"(%38) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x128x128xf32>
    %40 = "stablehlo.divide"(%37, %39) : (tensor<4x128x128xf32>, tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
    %41 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %42 = "stablehlo.reduce"(%40, %41) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg17: tensor<f32>, %arg18: tensor<f32>):
      %116 = "stablehlo.maximum"(%arg17, %arg18) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%116) : (tensor<f32>) -> ()
    }) : (tensor<4x128x128xf32>, tensor<f32>) -> tensor<4x128xf32>
    %43 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %44 = "stablehlo.broadcast_in_dim"(%43) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x128xf32>
    %45 = "stablehlo.maximum"(%44, %42) : (tensor<4x128xf32>, tensor<4x128xf32>) -> tensor<4x128xf32>
    %46 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %47 = "stablehlo.broadcast_in_dim"(%46) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x128x1xf32>) -> tensor<4x128x128xf32>
    %48 = "stablehlo.subtract"(%40, %47) : (tensor<4x128x128xf32>, tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
    %49 = "stablehlo.exponential"(%48) : (tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
    %50 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %51 = "stablehlo.reduce"(%49, %50) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %115 = "stablehlo.add"(%arg15, %arg16) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%115) : (tensor<f32>) -> ()
    }) : (tensor<4x128x128xf32>, tensor<f32>) -> tensor<4x128xf32>
    %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %53 = "stablehlo.broadcast_in_dim"(%52) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<4x128x1xf32>) -> tensor<4x128x128xf32>
    %54 = "stablehlo.divide"(%49, %53) : (tensor<4x128x128xf32>, tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
    %55 = "stablehlo.dot_general"(%54, %36) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x128x128xf32>, tensor<4x128x64xf32>) -> tensor<4x128x64xf32>
    %56 = "stablehlo.transpose"(%55) <{permutation = array<i64: 1, 0, 2>}> : (tensor<4x128x64xf32>) -> tensor<128x4x64xf32>
    %57 = "stablehlo.reshape"(%56) : (tensor<128x4x64xf32>) -> tensor<128x256xf32>
    %58 = "stablehlo.dot_general"(%57, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x256xf32>, tensor<256x256xf32>) -> tensor<128x256xf32>
    %59 = "stablehlo.add"(%arg0, %58) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %60 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %61 = "stablehlo.reduce"(%59, %60) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg13: tensor<f32>, %arg14: tensor<f32>):
      %114 = "stablehlo.add"(%arg13, %arg14) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%114) : (tensor<f32>) -> ()
    }) : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
    %62 = "stablehlo.broadcast_in_dim"(%61) <{broadcast_dimensions = array<i64: 0>}> : (tensor<128xf32>) -> tensor<128x1xf32>
    %63 = "stablehlo.constant"() <{value = dense<2.560000e+02> : tensor<f32>}> : () -> tensor<f32>
    %64 = "stablehlo.broadcast_in_dim"(%63) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1xf32>
    %65 = "stablehlo.divide"(%62, %64) : (tensor<128x1xf32>, tensor<128x1xf32>) -> tensor<128x1xf32>
    %66 = "stablehlo.broadcast_in_dim"(%65) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x1xf32>) -> tensor<128x256xf32>
    %67 = "stablehlo.subtract"(%59, %66) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %68 = "stablehlo.multiply"(%67, %67) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %69 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %70 = "stablehlo.reduce"(%68, %69) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg11: tensor<f32>, %arg12: tensor<f32>):
      %113 = "stablehlo.add"(%arg11, %arg12) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%113) : (tensor<f32>) -> ()
    }) : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
    %71 = "stablehlo.broadcast_in_dim"(%70) <{broadcast_dimensions = array<i64: 0>}> : (tensor<128xf32>) -> tensor<128x1xf32>
    %72 = "stablehlo.constant"() <{value = dense<2.560000e+02> : tensor<f32>}> : () -> tensor<f32>
    %73 = "stablehlo.broadcast_in_dim"(%72) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1xf32>
    %74 = "stablehlo.divide"(%71, %73) : (tensor<128x1xf32>, tensor<128x1xf32>) -> tensor<128x1xf32>
    %75 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %76 = "stablehlo.broadcast_in_dim"(%75) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1xf32>
    %77 = "stablehlo.add"(%74, %76) : (tensor<128x1xf32>, tensor<128x1xf32>) -> tensor<128x1xf32>
    %78 = "stablehlo.rsqrt"(%77) : (tensor<128x1xf32>) -> tensor<128x1xf32>
    %79 = "stablehlo.broadcast_in_dim"(%78) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<128x1xf32>) -> tensor<128x256xf32>
    %80 = "stablehlo.multiply"(%67, %79) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %81 = "stablehlo.broadcast_in_dim"(%arg5) <{broadcast_dimensions = array<i64: 1>}> : (tensor<256xf32>) -> tensor<1x256xf32>
    %82 = "stablehlo.broadcast_in_dim"(%81) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %83 = "stablehlo.multiply"(%80, %82) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %84 = "stablehlo.broadcast_in_dim"(%arg6) <{broadcast_dimensions = array<i64: 1>}> : (tensor<256xf32>) -> tensor<1x256xf32>
    %85 = "stablehlo.broadcast_in_dim"(%84) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %86 = "stablehlo.add"(%83, %85) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %87 = "stablehlo.dot_general"(%86, %arg7) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x256xf32>, tensor<256x1024xf32>) -> tensor<128x1024xf32>
    %88 = "stablehlo.broadcast_in_dim"(%arg8) <{broadcast_dimensions = array<i64: 1>}> : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %89 = "stablehlo.broadcast_in_dim"(%88) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1024xf32>) -> tensor<128x1024xf32>
    %90 = "stablehlo.add"(%87, %89) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %91 = "stablehlo.multiply"(%90, %90) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %92 = "stablehlo.multiply"(%91, %90) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %93 = "stablehlo.constant"() <{value = dense<4.471500e-02> : tensor<f32>}> : () -> tensor<f32>
    %94 = "stablehlo.broadcast_in_dim"(%93) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1024xf32>
    %95 = "stablehlo.multiply"(%94, %92) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %96 = "stablehlo.add"(%90, %95) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %97 = "stablehlo.constant"() <{value = dense<0.797884583> : tensor<f32>}> : () -> tensor<f32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1024xf32>
    %99 = "stablehlo.multiply"(%98, %96) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %100 = "stablehlo.tanh"(%99) : (tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %101 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %102 = "stablehlo.broadcast_in_dim"(%101) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1024xf32>
    %103 = "stablehlo.add"(%102, %100) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %104 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %105 = "stablehlo.broadcast_in_dim"(%104) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<128x1024xf32>
    %106 = "stablehlo.multiply"(%105, %103) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %107 = "stablehlo.multiply"(%90, %106) : (tensor<128x1024xf32>, tensor<128x1024xf32>) -> tensor<128x1024xf32>
    %108 = "stablehlo.dot_general"(%107, %arg9) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<128x1024xf32>, tensor<1024x256xf32>) -> tensor<128x256xf32>
    %109 = "stablehlo.add"(%59, %108) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    %110 = "stablehlo.broadcast_in_dim"(%arg10) <{broadcast_dimensions = array<i64: 1>}> : (tensor<256xf32>) -> tensor<1x256xf32>
    %111 = "stablehlo.broadcast_in_dim"(%110) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %112 = "stablehlo.add"(%109, %111) : (tensor<128x256xf32>, tensor<128x256xf32>) -> tensor<128x256xf32>
    "func.return"(%112) : (tensor<128x256xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()

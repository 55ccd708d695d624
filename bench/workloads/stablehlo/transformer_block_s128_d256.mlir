module @jit_transformer_block attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<128x256xf32>, %arg1: tensor<256xf32>, %arg2: tensor<256xf32>, %arg3: tensor<256x768xf32>, %arg4: tensor<256x256xf32>, %arg5: tensor<256xf32>, %arg6: tensor<256xf32>, %arg7: tensor<256x1024xf32>, %arg8: tensor<1024xf32>, %arg9: tensor<1024x256xf32>, %arg10: tensor<256xf32>) -> (tensor<128x256xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %cst_0 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x256xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<128x256xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<128x256xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %cst_2 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<128x1xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %12 = stablehlo.add %10, %11 : tensor<128x1xf32>
    %13 = stablehlo.rsqrt %12 : tensor<128x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x256xf32>
    %15 = stablehlo.multiply %5, %14 : tensor<128x256xf32>
    %16 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<256xf32>) -> tensor<1x256xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<128x256xf32>
    %19 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<256xf32>) -> tensor<1x256xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %21 = stablehlo.add %18, %20 : tensor<128x256xf32>
    %22 = stablehlo.dot_general %21, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<256x768xf32>) -> tensor<128x768xf32>
    %23 = stablehlo.slice %22 [0:128, 0:256] : (tensor<128x768xf32>) -> tensor<128x256xf32>
    %24 = stablehlo.slice %22 [0:128, 256:512] : (tensor<128x768xf32>) -> tensor<128x256xf32>
    %25 = stablehlo.slice %22 [0:128, 512:768] : (tensor<128x768xf32>) -> tensor<128x256xf32>
    %26 = stablehlo.reshape %23 : (tensor<128x256xf32>) -> tensor<128x4x64xf32>
    %27 = stablehlo.transpose %26, dims = [1, 0, 2] : (tensor<128x4x64xf32>) -> tensor<4x128x64xf32>
    %28 = stablehlo.reshape %24 : (tensor<128x256xf32>) -> tensor<128x4x64xf32>
    %29 = stablehlo.transpose %28, dims = [1, 0, 2] : (tensor<128x4x64xf32>) -> tensor<4x128x64xf32>
    %30 = stablehlo.reshape %25 : (tensor<128x256xf32>) -> tensor<128x4x64xf32>
    %31 = stablehlo.transpose %30, dims = [1, 0, 2] : (tensor<128x4x64xf32>) -> tensor<4x128x64xf32>
    %32 = stablehlo.dot_general %27, %29, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x128x64xf32>, tensor<4x128x64xf32>) -> tensor<4x128x128xf32>
    %cst_4 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x128x128xf32>
    %34 = stablehlo.divide %32, %33 : tensor<4x128x128xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_5) applies stablehlo.maximum across dimensions = [2] : (tensor<4x128x128xf32>, tensor<f32>) -> tensor<4x128xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x128xf32>
    %37 = stablehlo.maximum %36, %35 : tensor<4x128xf32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x128xf32>
    %40 = stablehlo.subtract %34, %39 : tensor<4x128x128xf32>
    %41 = stablehlo.exponential %40 : tensor<4x128x128xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %42 = stablehlo.reduce(%41 init: %cst_7) applies stablehlo.add across dimensions = [2] : (tensor<4x128x128xf32>, tensor<f32>) -> tensor<4x128xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %44 = stablehlo.broadcast_in_dim %43, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x128xf32>
    %45 = stablehlo.divide %41, %44 : tensor<4x128x128xf32>
    %46 = stablehlo.dot_general %45, %31, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x128xf32>, tensor<4x128x64xf32>) -> tensor<4x128x64xf32>
    %47 = stablehlo.transpose %46, dims = [1, 0, 2] : (tensor<4x128x64xf32>) -> tensor<128x4x64xf32>
    %48 = stablehlo.reshape %47 : (tensor<128x4x64xf32>) -> tensor<128x256xf32>
    %49 = stablehlo.dot_general %48, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<256x256xf32>) -> tensor<128x256xf32>
    %50 = stablehlo.add %arg0, %49 : tensor<128x256xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.reduce(%50 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %cst_9 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %54 = stablehlo.divide %52, %53 : tensor<128x1xf32>
    %55 = stablehlo.broadcast_in_dim %54, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x256xf32>
    %56 = stablehlo.subtract %50, %55 : tensor<128x256xf32>
    %57 = stablehlo.multiply %56, %56 : tensor<128x256xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.reduce(%57 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<128x256xf32>, tensor<f32>) -> tensor<128xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [0] : (tensor<128xf32>) -> tensor<128x1xf32>
    %cst_11 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %61 = stablehlo.divide %59, %60 : tensor<128x1xf32>
    %cst_12 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<128x1xf32>
    %63 = stablehlo.add %61, %62 : tensor<128x1xf32>
    %64 = stablehlo.rsqrt %63 : tensor<128x1xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1] : (tensor<128x1xf32>) -> tensor<128x256xf32>
    %66 = stablehlo.multiply %56, %65 : tensor<128x256xf32>
    %67 = stablehlo.broadcast_in_dim %arg5, dims = [1] : (tensor<256xf32>) -> tensor<1x256xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1] : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %69 = stablehlo.multiply %66, %68 : tensor<128x256xf32>
    %70 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<256xf32>) -> tensor<1x256xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1] : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %72 = stablehlo.add %69, %71 : tensor<128x256xf32>
    %73 = stablehlo.dot_general %72, %arg7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x256xf32>, tensor<256x1024xf32>) -> tensor<128x1024xf32>
    %74 = stablehlo.broadcast_in_dim %arg8, dims = [1] : (tensor<1024xf32>) -> tensor<1x1024xf32>
    %75 = stablehlo.broadcast_in_dim %74, dims = [0, 1] : (tensor<1x1024xf32>) -> tensor<128x1024xf32>
    %76 = stablehlo.add %73, %75 : tensor<128x1024xf32>
    %77 = stablehlo.multiply %76, %76 : tensor<128x1024xf32>
    %78 = stablehlo.multiply %77, %76 : tensor<128x1024xf32>
    %cst_13 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<128x1024xf32>
    %80 = stablehlo.multiply %79, %78 : tensor<128x1024xf32>
    %81 = stablehlo.add %76, %80 : tensor<128x1024xf32>
    %cst_14 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<128x1024xf32>
    %83 = stablehlo.multiply %82, %81 : tensor<128x1024xf32>
    %84 = stablehlo.tanh %83 : tensor<128x1024xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<128x1024xf32>
    %86 = stablehlo.add %85, %84 : tensor<128x1024xf32>
    %cst_16 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<128x1024xf32>
    %88 = stablehlo.multiply %87, %86 : tensor<128x1024xf32>
    %89 = stablehlo.multiply %76, %88 : tensor<128x1024xf32>
    %90 = stablehlo.dot_general %89, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<128x1024xf32>, tensor<1024x256xf32>) -> tensor<128x256xf32>
    %91 = stablehlo.add %50, %90 : tensor<128x256xf32>
    %92 = stablehlo.broadcast_in_dim %arg10, dims = [1] : (tensor<256xf32>) -> tensor<1x256xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0, 1] : (tensor<1x256xf32>) -> tensor<128x256xf32>
    %94 = stablehlo.add %91, %93 : tensor<128x256xf32>
    return %94 : tensor<128x256xf32>
  }
}

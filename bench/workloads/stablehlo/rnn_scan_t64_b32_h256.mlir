module @jit_rnn_scan attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x32x128xf32>, %arg1: tensor<32x256xf32>, %arg2: tensor<128x256xf32>, %arg3: tensor<256x256xf32>) -> (tensor<32x256xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:5 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg2, %iterArg_1 = %arg3, %iterArg_2 = %c, %iterArg_3 = %arg1) : tensor<64x32x128xf32>, tensor<128x256xf32>, tensor<256x256xf32>, tensor<i32>, tensor<32x256xf32>
    cond {
      %c_4 = stablehlo.constant dense<64> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_2, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_2) : (tensor<64x32x128xf32>, tensor<i32>) -> tensor<32x128xf32>
      %2 = func.call @closed_call(%iterArg_0, %iterArg_1, %iterArg_3, %1) : (tensor<128x256xf32>, tensor<256x256xf32>, tensor<32x256xf32>, tensor<32x128xf32>) -> tensor<32x256xf32>
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.add %iterArg_2, %c_4 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %3, %2 : tensor<64x32x128xf32>, tensor<128x256xf32>, tensor<256x256xf32>, tensor<i32>, tensor<32x256xf32>
    }
    return %0#4 : tensor<32x256xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<64x32x128xf32>, %arg1: tensor<i32>) -> tensor<32x128xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 32, 128] : (tensor<64x32x128xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x32x128xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x32x128xf32>) -> tensor<32x128xf32>
    return %1 : tensor<32x128xf32>
  }
  func.func private @closed_call(%arg0: tensor<128x256xf32>, %arg1: tensor<256x256xf32>, %arg2: tensor<32x256xf32>, %arg3: tensor<32x128xf32>) -> tensor<32x256xf32> {
    %0 = stablehlo.dot_general %arg3, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x128xf32>, tensor<128x256xf32>) -> tensor<32x256xf32>
    %1 = stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<32x256xf32>, tensor<256x256xf32>) -> tensor<32x256xf32>
    %2 = stablehlo.add %0, %1 : tensor<32x256xf32>
    %3 = stablehlo.tanh %2 : tensor<32x256xf32>
    return %3 : tensor<32x256xf32>
  }
}

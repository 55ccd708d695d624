module @jit_batched_matmul attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x128x256xf32>, %arg1: tensor<32x256x128xf32>) -> (tensor<32x128x128xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<32x128x256xf32>, tensor<32x256x128xf32>) -> tensor<32x128x128xf32>
    return %0 : tensor<32x128x128xf32>
  }
}

// Every collective on 2 replicas x 2 partitions (rank = replica * 2 + partition), each
// process with its own input; tests/collectives.rs computes the expected values by hand.
module @grid attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<2x2xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x8xi64>, tensor<1x4xi64>, tensor<2x1xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<ui32>, tensor<ui32>) {
    %ar = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %sub = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.subtract %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[3, 1, 0, 2]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %ag = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>} : (tensor<2x2xi64>) -> tensor<2x8xi64>
    %a2a = "stablehlo.all_to_all"(%x) {split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>} : (tensor<2x2xi64>) -> tensor<1x4xi64>
    %rs = "stablehlo.reduce_scatter"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.subtract %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {scatter_dimension = 1 : i64, replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x1xi64>
    %cp = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %cb = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 4, type = 1>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    %rid = stablehlo.replica_id : tensor<ui32>
    %pid = stablehlo.partition_id : tensor<ui32>
    return %ar, %sub, %ag, %a2a, %rs, %cp, %cb, %rid, %pid : tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x8xi64>, tensor<1x4xi64>, tensor<2x1xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<ui32>, tensor<ui32>
  }
}

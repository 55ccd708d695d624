// collective_reduce and collective_broadcast's dynamic root on 2 replicas x 2 partitions
// (rank = replica * 2 + partition), each process with its own input; tests/collectives.rs
// computes the expected values by hand.
module @roots attributes {mhlo.num_replicas = 2 : i32, mhlo.num_partitions = 2 : i32} {
  func.func @main(%x: tensor<2x2xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>) {
    // Folded in compiled code (subtract): the root, replica 1, gets x(replica 1) - x(replica 0).
    %sub = "stablehlo.collective_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.subtract %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    // By MPI (add), flattened ids: rank 3 is the root of all four.
    %sum = "stablehlo.collective_reduce"(%x) ({
      ^bb0(%a: tensor<i64>, %b: tensor<i64>):
        %s = stablehlo.add %a, %b : tensor<i64>
        stablehlo.return %s : tensor<i64>
    }) {replica_groups = dense<[[3, 1, 0, 2]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids} : (tensor<2x2xi64>) -> tensor<2x2xi64>
    // Dynamic root 1 across replicas: replica 1's operand.
    %one = stablehlo.constant dense<[1]> : tensor<1xi32>
    %cb = "stablehlo.collective_broadcast"(%x, %one) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<2x2xi64>, tensor<1xi32>) -> tensor<2x2xi64>
    // Two operands with roots [1, 0] across partitions: partition 1's x, partition 0's -x.
    %neg = stablehlo.negate %x : tensor<2x2xi64>
    %roots = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
    %v:2 = "stablehlo.collective_broadcast"(%x, %neg, %roots) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, has_dynamic_root} : (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2xi32>) -> (tensor<2x2xi64>, tensor<2x2xi64>)
    return %sub, %sum, %cb, %v#0, %v#1 : tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x2xi64>
  }
}

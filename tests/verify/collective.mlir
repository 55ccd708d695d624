// Verifier cases for the collectives (dialects/xhlo-ir/src/ops/collective.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/collective.mlir
// replica_groups are [array<i64: ...>, ...]: non-empty, equal-sized, disjoint; absent or []
// means one group of all replicas (its size is then read from the declared result).

func.func @all_reduce_sum_over_two_groups(%a0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>], channel_id = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_all_replicas_without_groups(%a0: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) : (tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

func.func @all_reduce_several_operands_share_the_computation(%a0: tensor<4xf32>, %a1: tensor<2x3xf32>) -> (tensor<4xf32>, tensor<2x3xf32>) {
  %0:2 = "xhlo.all_reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = []} : (tensor<4xf32>, tensor<2x3xf32>) -> (tensor<4xf32>, tensor<2x3xf32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<2x3xf32>
}

// -----

func.func @all_reduce_with_global_device_ids(%a0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>], channel_id = 2 : i64, use_global_device_ids = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_operands_of_different_element_types(%a0: tensor<4xf32>, %a1: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // expected-error @+1 {{operand #1 has element type i32 (S32) but the computation reduces f32 (F32) scalars (operand #0); the operands share one computation}}
  %0:2 = "xhlo.all_reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

func.func @all_reduce_rejects_computation_of_other_type(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation parameter #0 has type tensor<f64> but must be tensor<f32>}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f64>, %q: tensor<f64>):
    %s = "xhlo.add"(%p, %q) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "gpu.yield"(%s) : (tensor<f64>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_computation_with_three_parameters(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation takes 3 parameter(s) but must take 2 (tensor<f32> and tensor<f32>)}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>, %z: tensor<f32>):
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_computation_returning_a_pred(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation returns tensor<i1> but must return tensor<f32>}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_no_operands() {
  // expected-error @+1 {{all_reduce needs at least one operand}}
  "xhlo.all_reduce"() ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) : () -> ()
  return
}

// -----

func.func @all_gather_rejects_groups_of_different_sizes(%a0: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{replica group #1 has 1 replicas but group #0 has 2; all groups must have the same size}}
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 0 : i64, replica_groups = [array<i64: 0, 1>, array<i64: 2>]} : (tensor<4xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @all_reduce_rejects_overlapping_groups(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica 1 appears in replica groups #0 and #1; groups must be disjoint}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [array<i64: 0, 1>, array<i64: 1, 2>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_replica_twice_in_a_group(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica 3 appears twice in replica group #0}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [array<i64: 3, 3>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_empty_group(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica group #0 is empty}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [array<i64>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_negative_replica_id(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica group #0 contains the negative id -1}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [array<i64: 0, -1>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_group_that_is_not_an_i64_array(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica group #0 must be an array<i64: ...>}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [[0, 1]]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_negative_channel_id(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{channel_id must be non-negative, got -1}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {channel_id = -1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_global_device_ids_without_channel(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{use_global_device_ids = true needs a positive channel_id}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>], use_global_device_ids = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @all_reduce_rejects_changed_result_type(%a0: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2xf32> but the op produces tensor<4xf32>}}
  %0 = "xhlo.all_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @all_reduce_structure_requires_computation(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 1 region(s), got 0}}
  %0 = "xhlo.all_reduce"(%a0)  : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cross_replica_sum_seed_all_replicas(%a0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.cross_replica_sum"(%a0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cross_replica_sum_of_pred_within_groups(%a0: tensor<2x2xi1>) -> tensor<2x2xi1> {
  %0 = "xhlo.cross_replica_sum"(%a0) {replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<2x2xi1>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

func.func @cross_replica_sum_rejects_overlapping_groups(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{replica 0 appears in replica groups #0 and #1}}
  %0 = "xhlo.cross_replica_sum"(%a0) {replica_groups = [array<i64: 0, 1>, array<i64: 0, 2>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @cross_replica_sum_rejects_changed_result_type(%a0: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{result #0 is declared as tensor<4xf64> but the op produces tensor<4xf32>}}
  %0 = "xhlo.cross_replica_sum"(%a0) : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @all_gather_grows_the_dimension_by_the_group_size(%a0: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @all_gather_without_groups_reads_the_declared_result(%a0: tensor<2x3xf32>) -> tensor<8x3xf32> {
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 0 : i64} : (tensor<2x3xf32>) -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @all_gather_with_channel_and_global_ids(%a0: tensor<2xi32>) -> tensor<4xi32> {
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 0 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>], channel_id = 1 : i64, use_global_device_ids = true} : (tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @all_gather_rejects_size_unlike_the_group(%a0: tensor<2x3xf32>) -> tensor<2x9xf32> {
  // expected-error @+1 {{result dimension 1 has size 9 but must be 6 (operand size 3 times group size 2)}}
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 1 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<2x3xf32>) -> tensor<2x9xf32>
  return %0 : tensor<2x9xf32>
}

// -----

func.func @all_gather_rejects_size_that_is_not_a_multiple(%a0: tensor<2x3xf32>) -> tensor<2x7xf32> {
  // expected-error @+1 {{result dimension 1 has size 7 but must be a multiple of the operand's size 3}}
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

func.func @all_gather_rejects_change_of_another_dimension(%a0: tensor<2x3xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{result dimension 0 has size 4 but operand dimension 0 has size 2; only all_gather_dim 1 changes}}
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 1 : i64} : (tensor<2x3xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @all_gather_rejects_dimension_out_of_range(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{all_gather_dim 2 is out of range for an operand of rank 2}}
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @all_gather_rejects_result_of_other_element_type(%a0: tensor<2x3xf32>) -> tensor<4x3xf64> {
  // expected-error @+1 {{result has element type f64 (F64) but the operand has f32 (F32)}}
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 0 : i64} : (tensor<2x3xf32>) -> tensor<4x3xf64>
  return %0 : tensor<4x3xf64>
}

// -----

func.func @all_gather_rejects_result_of_other_rank(%a0: tensor<2x3xf32>) -> tensor<12xf32> {
  // expected-error @+1 {{result has rank 1 but the operand has rank 2}}
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 0 : i64} : (tensor<2x3xf32>) -> tensor<12xf32>
  return %0 : tensor<12xf32>
}

// -----

func.func @all_gather_rejects_global_device_ids_with_channel_0(%a0: tensor<2xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{use_global_device_ids = true needs a positive channel_id}}
  %0 = "xhlo.all_gather"(%a0) {all_gather_dim = 0 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>], channel_id = 0 : i64, use_global_device_ids = true} : (tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @all_gather_structure_requires_all_gather_dim(%a0: tensor<2x3xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{missing required attribute 'all_gather_dim'}}
  %0 = "xhlo.all_gather"(%a0) {replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<2x3xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @all_to_all_splits_and_concatenates(%a0: tensor<4x6xf32>) -> tensor<8x3xf32> {
  %0 = "xhlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64} : (tensor<4x6xf32>) -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @all_to_all_with_matching_groups(%a0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = "xhlo.all_to_all"(%a0) {split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>], channel_id = 3 : i64} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @all_to_all_rejects_split_count_not_dividing(%a0: tensor<4x6xf32>) -> tensor<16x1xf32> {
  // expected-error @+1 {{split_dimension 1 has size 6 which split_count 4 does not divide}}
  %0 = "xhlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64} : (tensor<4x6xf32>) -> tensor<16x1xf32>
  return %0 : tensor<16x1xf32>
}

// -----

func.func @all_to_all_rejects_non_positive_split_count(%a0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{split_count must be positive, got 0}}
  %0 = "xhlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @all_to_all_rejects_split_count_unlike_the_group_size(%a0: tensor<4x6xf32>) -> tensor<12x2xf32> {
  // expected-error @+1 {{split_count is 3 but each replica group has 2 replicas; they must be equal}}
  %0 = "xhlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 3 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<4x6xf32>) -> tensor<12x2xf32>
  return %0 : tensor<12x2xf32>
}

// -----

func.func @all_to_all_rejects_concat_dimension_out_of_range(%a0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{concat_dimension 2 is out of range for an operand of rank 2}}
  %0 = "xhlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 2 : i64, split_count = 2 : i64} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @all_to_all_rejects_wrong_declared_result(%a0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<4x6xf32> but the op produces tensor<8x3xf32>}}
  %0 = "xhlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @all_to_all_structure_requires_split_count(%a0: tensor<4x6xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{missing required attribute 'split_count'}}
  %0 = "xhlo.all_to_all"(%a0) {split_dimension = 1 : i64, concat_dimension = 0 : i64} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @reduce_scatter_shrinks_the_dimension_by_the_group_size(%a0: tensor<4x6xf32>) -> tensor<4x3xf32> {
  %0 = "xhlo.reduce_scatter"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {scatter_dimension = 1 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<4x6xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @reduce_scatter_without_groups_reads_the_declared_result(%a0: tensor<8xi32>) -> tensor<2xi32> {
  %0 = "xhlo.reduce_scatter"(%a0) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {scatter_dimension = 0 : i64} : (tensor<8xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @reduce_scatter_rejects_group_size_not_dividing(%a0: tensor<4x5xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{scatter_dimension 1 of the operand has size 5, which the group size 2 does not divide}}
  %0 = "xhlo.reduce_scatter"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {scatter_dimension = 1 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<4x5xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @reduce_scatter_rejects_size_unlike_the_group(%a0: tensor<4x6xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{result dimension 1 has size 2 but must be 3 (operand size 6 divided by group size 2)}}
  %0 = "xhlo.reduce_scatter"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {scatter_dimension = 1 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]} : (tensor<4x6xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @reduce_scatter_rejects_size_that_is_not_a_divisor(%a0: tensor<8xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{result dimension 0 has size 3 but must be a divisor of the operand's size 8}}
  %0 = "xhlo.reduce_scatter"(%a0) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {scatter_dimension = 0 : i64} : (tensor<8xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @reduce_scatter_rejects_computation_of_other_type(%a0: tensor<8xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{computation parameter #0 has type tensor<f32> but must be tensor<i32>}}
  %0 = "xhlo.reduce_scatter"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {scatter_dimension = 0 : i64} : (tensor<8xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @reduce_scatter_rejects_dimension_out_of_range(%a0: tensor<8xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{scatter_dimension 1 is out of range for an operand of rank 1}}
  %0 = "xhlo.reduce_scatter"(%a0) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {scatter_dimension = 1 : i64} : (tensor<8xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @reduce_scatter_structure_requires_scatter_dimension(%a0: tensor<8xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{missing required attribute 'scatter_dimension'}}
  %0 = "xhlo.reduce_scatter"(%a0) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) : (tensor<8xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @collective_permute_ring_of_three(%a0: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "xhlo.collective_permute"(%a0) {source_target_pairs = [array<i64: 0, 1>, array<i64: 1, 2>, array<i64: 2, 0>], channel_id = 1 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @collective_permute_with_no_pairs(%a0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.collective_permute"(%a0) {source_target_pairs = []} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @collective_permute_rejects_repeated_source(%a0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{replica 0 is the source of pairs #0 and #1; sources must be distinct}}
  %0 = "xhlo.collective_permute"(%a0) {source_target_pairs = [array<i64: 0, 1>, array<i64: 0, 2>]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @collective_permute_rejects_repeated_target(%a0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{replica 2 is the target of pairs #0 and #1; targets must be distinct}}
  %0 = "xhlo.collective_permute"(%a0) {source_target_pairs = [array<i64: 0, 2>, array<i64: 1, 2>]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @collective_permute_rejects_pair_of_three_ids(%a0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{source_target_pairs #0 must be array<i64: source, target>}}
  %0 = "xhlo.collective_permute"(%a0) {source_target_pairs = [array<i64: 0, 1, 2>]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @collective_permute_rejects_negative_replica(%a0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{source_target_pairs #0 [-1, 1] has a negative replica id}}
  %0 = "xhlo.collective_permute"(%a0) {source_target_pairs = [array<i64: -1, 1>]} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @collective_permute_rejects_changed_result_type(%a0: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<3xf32> but the op produces tensor<2xf32>}}
  %0 = "xhlo.collective_permute"(%a0) {source_target_pairs = [array<i64: 0, 1>]} : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @collective_permute_structure_requires_pairs(%a0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{missing required attribute 'source_target_pairs'}}
  %0 = "xhlo.collective_permute"(%a0) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @replica_id_is_a_ui32_scalar() -> tensor<ui32> {
  %0 = "xhlo.replica_id"() : () -> tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

func.func @replica_id_rejects_i32_result() -> tensor<i32> {
  // expected-error @+1 {{result #0 is declared as tensor<i32> but the op produces tensor<ui32>}}
  %0 = "xhlo.replica_id"() : () -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @partition_id_is_a_ui32_scalar() -> tensor<ui32> {
  %0 = "xhlo.partition_id"() : () -> tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

func.func @partition_id_rejects_operands(%a0: tensor<ui32>) -> tensor<ui32> {
  // expected-error @+1 {{expected 0 operands, got 1}}
  %0 = "xhlo.partition_id"(%a0) : (tensor<ui32>) -> tensor<ui32>
  return %0 : tensor<ui32>
}

// -----

func.func @collective_broadcast_keeps_the_operand_type(%x: tensor<1x2xi64>) -> tensor<1x2xi64> {
  %0 = "xhlo.collective_broadcast"(%x) {replica_groups = [array<i64: 0, 1>], channel_id = 0 : i64} : (tensor<1x2xi64>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// -----

func.func @collective_broadcast_rejects_a_changed_type(%x: tensor<1x2xi64>) -> tensor<2x1xi64> {
  // expected-error @+1 {{result #0 is declared as tensor<2x1xi64> but the op produces tensor<1x2xi64>}}
  %0 = "xhlo.collective_broadcast"(%x) {replica_groups = [array<i64: 0, 1>]} : (tensor<1x2xi64>) -> tensor<2x1xi64>
  return %0 : tensor<2x1xi64>
}

// -----

func.func @collective_broadcast_takes_a_dynamic_root(%x: tensor<1x2xi64>, %r: tensor<1xi32>) -> tensor<1x2xi64> {
  %0 = "xhlo.collective_broadcast"(%x, %r) {replica_groups = [array<i64: 0, 1>]} : (tensor<1x2xi64>, tensor<1xi32>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// -----

func.func @collective_broadcast_root_is_one_integer(%x: tensor<1x2xi64>, %r: tensor<2xi32>) -> tensor<1x2xi64> {
  // expected-error @+1 {{root must be one integer (a tensor<i32> or tensor<1xi32>), got tensor<2xi32>}}
  %0 = "xhlo.collective_broadcast"(%x, %r) {replica_groups = [array<i64: 0, 1>]} : (tensor<1x2xi64>, tensor<2xi32>) -> tensor<1x2xi64>
  return %0 : tensor<1x2xi64>
}

// -----

func.func @collective_reduce_keeps_the_operand_type(%a0: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "xhlo.collective_reduce"(%a0) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {replica_groups = [array<i64: 0, 1>], channel_id = 0 : i64} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @collective_reduce_checks_its_computation(%a0: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{computation parameter #0 has type tensor<f32> but must be tensor<i64>}}
  %0 = "xhlo.collective_reduce"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = [array<i64: 0, 1>]} : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// Verifier cases for gather and scatter (dialects/xhlo-ir/src/ops/indexing.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/indexing.mlir
// scatter's single variadic slot holds N inputs, scatter_indices, then N updates (2N+1 values).

func.func @gather_seed_five_slices_of_8x6(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x8x6xf32> {
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x8x6xf32>
  return %0 : tensor<5x8x6xf32>
}

// -----

func.func @gather_seed_multidimensional_indices(%a0: tensor<16x11xf32>, %a1: tensor<4x5x2xi64>) -> tensor<4x5x8x6xf32> {
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 2, 3>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 2 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<4x5x2xi64>) -> tensor<4x5x8x6xf32>
  return %0 : tensor<4x5x8x6xf32>
}

// -----

func.func @gather_seed_gather_nd_selects_rows(%a0: tensor<16x11xf32>, %a1: tensor<4x5x1xi64>) -> tensor<4x5x11xf32> {
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 2>, collapsed_slice_dims = array<i64: 0>, start_index_map = array<i64: 0>, index_vector_dim = 2 : i64, slice_sizes = array<i64: 1, 11>} : (tensor<16x11xf32>, tensor<4x5x1xi64>) -> tensor<4x5x11xf32>
  return %0 : tensor<4x5x11xf32>
}

// -----

func.func @gather_seed_index_vector_dim_equal_to_rank(%a0: tensor<16x11xf32>, %a1: tensor<6x7xi32>) -> tensor<6x7x11xf32> {
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 2>, collapsed_slice_dims = array<i64: 0>, start_index_map = array<i64: 0>, index_vector_dim = 2 : i64, slice_sizes = array<i64: 1, 11>} : (tensor<16x11xf32>, tensor<6x7xi32>) -> tensor<6x7x11xf32>
  return %0 : tensor<6x7x11xf32>
}

// -----

func.func @gather_seed_remapped_offset_dims(%a0: tensor<2x3x4x5x6x7xf32>, %a1: tensor<9x2xi64>) -> tensor<9x3x5x6x7xf32> {
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2, 3, 4>, collapsed_slice_dims = array<i64: 0, 2>, start_index_map = array<i64: 0, 2>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 1, 3, 1, 5, 6, 7>} : (tensor<2x3x4x5x6x7xf32>, tensor<9x2xi64>) -> tensor<9x3x5x6x7xf32>
  return %0 : tensor<9x3x5x6x7xf32>
}

// -----

func.func @gather_stablehlo_example(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64> {
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 2, 3>, collapsed_slice_dims = array<i64: 0>, start_index_map = array<i64: 1, 0>, index_vector_dim = 2 : i64, slice_sizes = array<i64: 1, 2, 2>, indices_are_sorted = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi64>
  return %0 : tensor<2x3x2x2xi64>
}

// -----

func.func @gather_with_batching_dims(%a0: tensor<2x3x4x2xi64>, %a1: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi64> {
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 1>, start_index_map = array<i64: 2, 1>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 1, 1, 2, 2>, operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 1>} : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi64>
  return %0 : tensor<2x2x3x2x2xi64>
}

// -----

func.func @gather_rejects_mismatched_batching_sizes(%a0: tensor<2x3x4x2xi64>, %a1: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi64> {
  // expected-error @+1 {{batching dimension 0 of the operand has size 2 but batching dimension 2 of the indices has size 3}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 1>, start_index_map = array<i64: 2, 1>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 1, 1, 2, 2>, operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 2>} : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi64>
  return %0 : tensor<2x2x3x2x2xi64>
}

// -----

func.func @gather_rejects_batching_dims_on_one_side(%a0: tensor<2x3x4x2xi64>, %a1: tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi64> {
  // expected-error @+1 {{must have the same length}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 1>, start_index_map = array<i64: 2, 1>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 1, 1, 2, 2>, operand_batching_dims = array<i64: 0>} : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>) -> tensor<2x2x3x2x2xi64>
  return %0 : tensor<2x2x3x2x2xi64>
}

// -----

func.func @gather_rejects_index_vector_dim_out_of_range(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x8x6xf32> {
  // expected-error @+1 {{index_vector_dim 3 is out of range for start_indices of rank 2}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x8x6xf32>
  return %0 : tensor<5x8x6xf32>
}

// -----

func.func @gather_rejects_start_index_map_of_wrong_length(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x8x6xf32> {
  // expected-error @+1 {{start_index_map has 1 entries but the index vectors have 2}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x8x6xf32>
  return %0 : tensor<5x8x6xf32>
}

// -----

func.func @gather_rejects_repeated_start_index_map_entry(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x8x6xf32> {
  // expected-error @+1 {{start_index_map entry 0 appears more than once}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 0>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x8x6xf32>
  return %0 : tensor<5x8x6xf32>
}

// -----

func.func @gather_rejects_slice_size_beyond_the_operand(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x8x12xf32> {
  // expected-error @+1 {{slice_sizes[1] is 12 but must be in [0, 11]}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 12>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x8x12xf32>
  return %0 : tensor<5x8x12xf32>
}

// -----

func.func @gather_rejects_collapsed_dimension_of_size_2(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x6xf32> {
  // expected-error @+1 {{collapsed dimension 0 has slice size 2}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1>, collapsed_slice_dims = array<i64: 0>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 2, 6>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x6xf32>
  return %0 : tensor<5x6xf32>
}

// -----

func.func @gather_rejects_dimension_counts_not_adding_up(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x8xf32> {
  // expected-error @+1 {{the operand has rank 2 but offset_dims (1) + collapsed_slice_dims (0) + operand_batching_dims (0) account for 1}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x8xf32>
  return %0 : tensor<5x8xf32>
}

// -----

func.func @gather_rejects_unsorted_offset_dims(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x8x6xf32> {
  // expected-error @+1 {{offset_dims [2, 1] must be sorted}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 2, 1>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x8x6xf32>
  return %0 : tensor<5x8x6xf32>
}

// -----

func.func @gather_rejects_unsorted_collapsed_dims(%a0: tensor<3x4x5xf32>, %a1: tensor<6x2xi64>) -> tensor<6x4xf32> {
  // expected-error @+1 {{collapsed_slice_dims [1, 0] must be sorted}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 2>, collapsed_slice_dims = array<i64: 1, 0>, start_index_map = array<i64: 0, 1>, index_vector_dim = 2 : i64, slice_sizes = array<i64: 1, 1, 4>} : (tensor<3x4x5xf32>, tensor<6x2xi64>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

func.func @gather_rejects_float_indices(%a0: tensor<16x11xf32>, %a1: tensor<5x2xf32>) -> tensor<5x8x6xf32> {
  // expected-error @+1 {{start_indices has element type f32 (F32) but must be an integer}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<5x2xf32>) -> tensor<5x8x6xf32>
  return %0 : tensor<5x8x6xf32>
}

// -----

func.func @gather_rejects_wrong_declared_result(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x6x8xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<5x6x8xf32> but the op produces tensor<5x8x6xf32>}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x6x8xf32>
  return %0 : tensor<5x6x8xf32>
}

// -----

func.func @gather_structure_requires_slice_sizes(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>) -> tensor<5x8x6xf32> {
  // expected-error @+1 {{missing required attribute 'slice_sizes'}}
  %0 = "xhlo.gather"(%a0, %a1) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64} : (tensor<16x11xf32>, tensor<5x2xi64>) -> tensor<5x8x6xf32>
  return %0 : tensor<5x8x6xf32>
}

// -----

func.func @scatter_stablehlo_example(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_with_batching_dims(%a0: tensor<2x3x4x2xi64>, %a1: tensor<2x2x3x2xi64>, %a2: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 3, 4>, inserted_window_dims = array<i64: 1>, input_batching_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64: 1>, scatter_dims_to_operand_dims = array<i64: 2, 1>, index_vector_dim = 3 : i64} : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %0 : tensor<2x3x4x2xi64>
}

// -----

func.func @scatter_seed_inverse_of_the_five_slice_gather(%a0: tensor<16x11xf32>, %a1: tensor<5x2xi64>, %a2: tensor<5x8x6xf32>) -> tensor<16x11xf32> {
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {update_window_dims = array<i64: 1, 2>, inserted_window_dims = array<i64>, scatter_dims_to_operand_dims = array<i64: 0, 1>, index_vector_dim = 1 : i64} : (tensor<16x11xf32>, tensor<5x2xi64>, tensor<5x8x6xf32>) -> tensor<16x11xf32>
  return %0 : tensor<16x11xf32>
}

// -----

func.func @scatter_two_inputs_of_different_types(%a0: tensor<3x4x2xi64>, %a1: tensor<3x4x2xf32>, %a2: tensor<2x3x2xi64>, %a3: tensor<2x3x2x2xi64>, %a4: tensor<2x3x2x2xf32>) -> (tensor<3x4x2xi64>, tensor<3x4x2xf32>) {
  %0:2 = "xhlo.scatter"(%a0, %a1, %a2, %a3, %a4) ({
  ^bb0(%a: tensor<i64>, %b: tensor<f32>, %c: tensor<i64>, %d: tensor<f32>):
    "gpu.yield"(%c, %d) : (tensor<i64>, tensor<f32>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<3x4x2xf32>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>, tensor<2x3x2x2xf32>) -> (tensor<3x4x2xi64>, tensor<3x4x2xf32>)
  return %0#0, %0#1 : tensor<3x4x2xi64>, tensor<3x4x2xf32>
}

// -----

func.func @scatter_rejects_even_operand_count(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{2N + 1 operands}}
  %0 = "xhlo.scatter"(%a0, %a1) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_second_input_of_other_shape(%a0: tensor<3x4x2xi64>, %a1: tensor<3x4x3xi64>, %a2: tensor<2x3x2xi64>, %a3: tensor<2x3x2x2xi64>, %a4: tensor<2x3x2x2xi64>) -> (tensor<3x4x2xi64>, tensor<3x4x2xi64>) {
  // expected-error @+1 {{input #1 has shape [3, 4, 3]}}
  %0:2 = "xhlo.scatter"(%a0, %a1, %a2, %a3, %a4) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>, %c: tensor<i64>, %d: tensor<i64>):
    "gpu.yield"(%c, %d) : (tensor<i64>, tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<3x4x3xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>, tensor<2x3x2x2xi64>) -> (tensor<3x4x2xi64>, tensor<3x4x2xi64>)
  return %0#0, %0#1 : tensor<3x4x2xi64>, tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_update_of_other_element_type(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi32>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update #0 has element type i32 (S32) but input #0 has i64 (S64)}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi32>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_float_indices(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xf32>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{scatter_indices has element type f32 (F32) but must be an integer}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xf32>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_updates_of_wrong_rank(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{updates have rank 3 but must have rank 4}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_update_scatter_dimension_unlike_the_indices(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x4x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update scatter dimension 1 has size 4 but scatter batch dimension 1 of the indices has size 3}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x4x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_update_window_larger_than_the_input(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x5x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update window dimension 2 has size 5 but the input bounds window dimension 0 to 4}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x5x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_unsorted_update_window_dims(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{must be sorted}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 3, 2>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_window_dims_not_adding_up(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{the inputs have rank 3 but update_window_dims (2) + inserted_window_dims (2)}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0, 1>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_index_vector_dim_out_of_range(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{index_vector_dim 4 is out of range for scatter_indices of rank 3}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 4 : i64} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_inserted_dim_also_batching(%a0: tensor<2x3x4x2xi64>, %a1: tensor<2x2x3x2xi64>, %a2: tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64> {
  // expected-error @+1 {{dimension 0 is in both inserted_window_dims [0] and input_batching_dims [0]}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 3, 4>, inserted_window_dims = array<i64: 0>, input_batching_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64: 1>, scatter_dims_to_operand_dims = array<i64: 2, 1>, index_vector_dim = 3 : i64} : (tensor<2x3x4x2xi64>, tensor<2x2x3x2xi64>, tensor<2x2x3x2x2xi64>) -> tensor<2x3x4x2xi64>
  return %0 : tensor<2x3x4x2xi64>
}

// -----

func.func @scatter_rejects_computation_with_one_parameter(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_computation takes 1 parameters but must take 2}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%a: tensor<i64>):
    "gpu.yield"(%a) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_computation_parameter_of_other_type(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{update_computation parameter #1 has type tensor<i32> but must be tensor<i64>}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i32>):
    "gpu.yield"(%a) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_computation_returning_nothing(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{returns 0 value(s) but must return 1}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    "gpu.yield"() : () -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// -----

func.func @scatter_rejects_wrong_declared_result(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi32> {
  // expected-error @+1 {{result #0 is declared as tensor<3x4x2xi32> but the op produces tensor<3x4x2xi64>}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi32>
  return %0 : tensor<3x4x2xi32>
}

// -----

func.func @scatter_structure_requires_update_computation(%a0: tensor<3x4x2xi64>, %a1: tensor<2x3x2xi64>, %a2: tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64> {
  // expected-error @+1 {{expected 1 region(s), got 0}}
  %0 = "xhlo.scatter"(%a0, %a1, %a2)  {update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, indices_are_sorted = false, unique_indices = false} : (tensor<3x4x2xi64>, tensor<2x3x2xi64>, tensor<2x3x2x2xi64>) -> tensor<3x4x2xi64>
  return %0 : tensor<3x4x2xi64>
}

// Verifier cases for constants and data movement (dialects/xhlo-ir/src/ops/data_movement.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/data_movement.mlir
// dynamic_slice / dynamic_update_slice take one rank-0 integer start index per dimension.

func.func @constant_matrix_of_i32() -> tensor<1x3xi32> {
  %0 = "xhlo.constant"() {value = dense<[[1, 2, 3]]> : tensor<1x3xi32>} : () -> tensor<1x3xi32>
  return %0 : tensor<1x3xi32>
}

// -----

func.func @constant_scalar_splat() -> tensor<f32> {
  %0 = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @constant_of_complex() -> tensor<2xcomplex<f32>> {
  %0 = "xhlo.constant"() {value = dense<(1.0, 2.0)> : tensor<2xcomplex<f32>>} : () -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @constant_rejects_declared_type_other_than_the_value_type() -> tensor<2xi64> {
  // expected-error @+1 {{result #0 is declared as tensor<2xi64> but the op produces tensor<2xi32>}}
  %0 = "xhlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @constant_rejects_value_that_is_not_an_elements_attribute() -> tensor<i32> {
  // expected-error @+1 {{attribute 'value' must be a dense elements attribute, got 3 : i32}}
  %0 = "xhlo.constant"() {value = 3 : i32} : () -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @constant_structure_requires_value() -> tensor<i32> {
  // expected-error @+1 {{missing required attribute 'value'}}
  %0 = "xhlo.constant"() : () -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @constant_structure_rejects_operands(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expected 0 operands, got 1}}
  %0 = "xhlo.constant"(%x) {value = dense<1.0> : tensor<f32>} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @iota_seed_s32_4x8_along_dimension_0() -> tensor<4x8xi32> {
  %0 = "xhlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

func.func @iota_seed_s32_4x8_along_dimension_1() -> tensor<4x8xi32> {
  %0 = "xhlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

func.func @iota_of_complex() -> tensor<2x3xcomplex<f64>> {
  %0 = "xhlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xcomplex<f64>>
  return %0 : tensor<2x3xcomplex<f64>>
}

// -----

func.func @iota_rejects_pred_result() -> tensor<4xi1> {
  // expected-error @+1 {{the iota result has element type i1 (PRED) but must be an integer, float or complex}}
  %0 = "xhlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @iota_rejects_dimension_out_of_range() -> tensor<4x8xi32> {
  // expected-error @+1 {{iota_dimension 2 is out of range for the result tensor<4x8xi32> of rank 2}}
  %0 = "xhlo.iota"() {iota_dimension = 2 : i64} : () -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

func.func @iota_rejects_negative_dimension() -> tensor<4x8xi32> {
  // expected-error @+1 {{iota_dimension -1 is out of range}}
  %0 = "xhlo.iota"() {iota_dimension = -1 : i64} : () -> tensor<4x8xi32>
  return %0 : tensor<4x8xi32>
}

// -----

func.func @iota_rejects_rank_0_result() -> tensor<i32> {
  // expected-error @+1 {{iota needs a result of rank at least 1 to count along, got tensor<i32>}}
  %0 = "xhlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @broadcast_seed_scalar_to_2x3(%a0: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "xhlo.broadcast"(%a0) {broadcast_sizes = array<i64: 2, 3>} : (tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_prepends_new_dimensions(%a0: tensor<4x5xi8>) -> tensor<2x3x4x5xi8> {
  %0 = "xhlo.broadcast"(%a0) {broadcast_sizes = array<i64: 2, 3>} : (tensor<4x5xi8>) -> tensor<2x3x4x5xi8>
  return %0 : tensor<2x3x4x5xi8>
}

// -----

func.func @broadcast_rejects_negative_size(%a0: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_sizes[1] is -3; sizes must be non-negative}}
  %0 = "xhlo.broadcast"(%a0) {broadcast_sizes = array<i64: 2, -3>} : (tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_rejects_appended_dimensions(%a0: tensor<4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<4x2xf32> but the op produces tensor<2x4xf32>}}
  %0 = "xhlo.broadcast"(%a0) {broadcast_sizes = array<i64: 2>} : (tensor<4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @broadcast_in_dim_seed_vector_onto_matrix_rows(%a0: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_seed_vector_onto_matrix_columns(%a0: tensor<3xf32>) -> tensor<3x3xf32> {
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @broadcast_in_dim_seed_matrix_onto_cuboid(%a0: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @broadcast_in_dim_seed_degenerate_dimension(%a0: tensor<7x1x5xf32>) -> tensor<7x2x5xf32> {
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<7x1x5xf32>) -> tensor<7x2x5xf32>
  return %0 : tensor<7x2x5xf32>
}

// -----

func.func @broadcast_in_dim_scalar_to_any_shape(%a0: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_rejects_size_mismatch(%a0: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operand dimension 0 has size 3 but maps to result dimension 0 of size 2 (it must be 1 or equal)}}
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_seed_rejects_decreasing_dimensions(%a0: tensor<4x3xi32>) -> tensor<2x3x4x5xi32> {
  // expected-error @+1 {{broadcast_dimensions must be strictly increasing, but 1 comes after 2}}
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 2, 1>} : (tensor<4x3xi32>) -> tensor<2x3x4x5xi32>
  return %0 : tensor<2x3x4x5xi32>
}

// -----

func.func @broadcast_in_dim_seed_rejects_repeated_dimension(%a0: tensor<4x4xi32>) -> tensor<2x3x4x5xi32> {
  // expected-error @+1 {{strictly increasing, but 2 comes after 2}}
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 2, 2>} : (tensor<4x4xi32>) -> tensor<2x3x4x5xi32>
  return %0 : tensor<2x3x4x5xi32>
}

// -----

func.func @broadcast_in_dim_rejects_wrong_number_of_dimensions(%a0: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error @+1 {{broadcast_dimensions has 1 entries but the operand has rank 2}}
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 1>} : (tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @broadcast_in_dim_rejects_dimension_out_of_range(%a0: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions[0] = 2 is out of range for the result of rank 2}}
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 2>} : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @broadcast_in_dim_rejects_element_type_change(%a0: tensor<3xf32>) -> tensor<2x3xf64> {
  // expected-error @+1 {{operand has element type f32 (F32) but the result has f64 (F64)}}
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @broadcast_in_dim_rejects_result_of_smaller_rank(%a0: tensor<2x3xf32>) -> tensor<6xf32> {
  // expected-error @+1 {{the result has rank 1 but the operand has the larger rank 2}}
  %0 = "xhlo.broadcast_in_dim"(%a0) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

func.func @broadcast_in_dim_structure_requires_broadcast_dimensions(%a0: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{missing required attribute 'broadcast_dimensions'}}
  %0 = "xhlo.broadcast_in_dim"(%a0) : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reshape_2x3_to_3x2(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "xhlo.reshape"(%a0) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @reshape_to_scalar(%a0: tensor<1x1xi32>) -> tensor<i32> {
  %0 = "xhlo.reshape"(%a0) : (tensor<1x1xi32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @reshape_rejects_element_count_change(%a0: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{reshape cannot turn 6 elements (tensor<2x3xf32>) into 7 elements (tensor<7xf32>)}}
  %0 = "xhlo.reshape"(%a0) : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @reshape_rejects_element_type_change(%a0: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error @+1 {{operand has element type f32 (F32) but the result has i32 (S32)}}
  %0 = "xhlo.reshape"(%a0) : (tensor<2x3xf32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @collapse_leading_dimensions(%a0: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = "xhlo.collapse"(%a0) {dimensions = array<i64: 0, 1>} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

func.func @collapse_trailing_dimensions(%a0: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %0 = "xhlo.collapse"(%a0) {dimensions = array<i64: 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %0 : tensor<2x12xf32>
}

// -----

func.func @collapse_all_dimensions(%a0: tensor<2x3x4xf32>) -> tensor<24xf32> {
  %0 = "xhlo.collapse"(%a0) {dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<24xf32>
  return %0 : tensor<24xf32>
}

// -----

func.func @collapse_rejects_non_consecutive_dimensions(%a0: tensor<2x3x4xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{must be consecutive and in increasing order}}
  %0 = "xhlo.collapse"(%a0) {dimensions = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @collapse_rejects_empty_dimensions(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{collapse needs at least one dimension in 'dimensions'}}
  %0 = "xhlo.collapse"(%a0) {dimensions = array<i64>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @collapse_rejects_dimension_out_of_range(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{collapse dimension 2 is out of range for rank 2}}
  %0 = "xhlo.collapse"(%a0) {dimensions = array<i64: 1, 2>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @collapse_rejects_wrong_declared_result(%a0: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2x12xf32> but the op produces tensor<6x4xf32>}}
  %0 = "xhlo.collapse"(%a0) {dimensions = array<i64: 0, 1>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %0 : tensor<2x12xf32>
}

// -----

func.func @transpose_swaps_dimensions(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "xhlo.transpose"(%a0) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_rank_3(%a0: tensor<2x3x4xi8>) -> tensor<4x2x3xi8> {
  %0 = "xhlo.transpose"(%a0) {permutation = array<i64: 2, 0, 1>} : (tensor<2x3x4xi8>) -> tensor<4x2x3xi8>
  return %0 : tensor<4x2x3xi8>
}

// -----

func.func @transpose_rejects_repeated_dimension(%a0: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{permutation 0 appears more than once}}
  %0 = "xhlo.transpose"(%a0) {permutation = array<i64: 0, 0>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @transpose_rejects_wrong_length(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{permutation [1, 0, 2] has 3 entries but rank is 2}}
  %0 = "xhlo.transpose"(%a0) {permutation = array<i64: 1, 0, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_rejects_result_without_permuted_shape(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2x3xf32> but the op produces tensor<3x2xf32>}}
  %0 = "xhlo.transpose"(%a0) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_along_two_dimensions(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.reverse"(%a0) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_rejects_repeated_dimension(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{reverse dimension 1 appears more than once}}
  %0 = "xhlo.reverse"(%a0) {dimensions = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_rejects_dimension_out_of_range(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{reverse dimension 2 is out of range for rank 2}}
  %0 = "xhlo.reverse"(%a0) {dimensions = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @slice_box(%a0: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 1, 2>, limit_indices = array<i64: 3, 5>} : (tensor<4x5xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @slice_with_strides_rounds_up(%a0: tensor<10xi32>) -> tensor<3xi32> {
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 1>, limit_indices = array<i64: 8>, strides = array<i64: 3>} : (tensor<10xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @slice_may_be_empty(%a0: tensor<4xf32>) -> tensor<0xf32> {
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 2>, limit_indices = array<i64: 2>} : (tensor<4xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @slice_rejects_negative_start(%a0: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{start index -1 of dimension 0 is negative}}
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: -1>, limit_indices = array<i64: 2>} : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @slice_rejects_limit_below_start(%a0: tensor<4xf32>) -> tensor<0xf32> {
  // expected-error @+1 {{limit index 2 of dimension 0 is below its start index 3}}
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 3>, limit_indices = array<i64: 2>} : (tensor<4xf32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @slice_rejects_limit_beyond_the_dimension(%a0: tensor<4x5xf32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{limit index 6 of dimension 1 exceeds the dimension's size 5}}
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 6>} : (tensor<4x5xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @slice_rejects_zero_stride(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{stride 0 of dimension 0 must be at least 1}}
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 0>, limit_indices = array<i64: 4>, strides = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @slice_rejects_wrong_number_of_limits(%a0: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{limit_indices has 1 entries but the operand has rank 2}}
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @slice_rejects_wrong_declared_result(%a0: tensor<10xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{result #0 is declared as tensor<2xi32> but the op produces tensor<3xi32>}}
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 1>, limit_indices = array<i64: 8>, strides = array<i64: 3>} : (tensor<10xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @slice_structure_requires_limit_indices(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{missing required attribute 'limit_indices'}}
  %0 = "xhlo.slice"(%a0) {start_indices = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dynamic_slice_seed_2d_example(%a0: tensor<4x3xf32>, %a1: tensor<i32>, %a2: tensor<i32>) -> tensor<2x2xf32> {
  %0 = "xhlo.dynamic_slice"(%a0, %a1, %a2) {slice_sizes = array<i64: 2, 2>} : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_seed_1d_example(%a0: tensor<5xf32>, %a1: tensor<i64>) -> tensor<2xf32> {
  %0 = "xhlo.dynamic_slice"(%a0, %a1) {slice_sizes = array<i64: 2>} : (tensor<5xf32>, tensor<i64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_rejects_size_beyond_the_dimension(%a0: tensor<4x3xf32>, %a1: tensor<i32>, %a2: tensor<i32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{slice size 4 of dimension 1 must be between 0 and the dimension's size 3}}
  %0 = "xhlo.dynamic_slice"(%a0, %a1, %a2) {slice_sizes = array<i64: 2, 4>} : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dynamic_slice_rejects_negative_size(%a0: tensor<4x3xf32>, %a1: tensor<i32>, %a2: tensor<i32>) -> tensor<1x1xf32> {
  // expected-error @+1 {{slice size -1 of dimension 0}}
  %0 = "xhlo.dynamic_slice"(%a0, %a1, %a2) {slice_sizes = array<i64: -1, 1>} : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

func.func @dynamic_slice_rejects_wrong_number_of_sizes(%a0: tensor<4x3xf32>, %a1: tensor<i32>, %a2: tensor<i32>) -> tensor<2xf32> {
  // expected-error @+1 {{slice_sizes has 1 entries but the operand has rank 2}}
  %0 = "xhlo.dynamic_slice"(%a0, %a1, %a2) {slice_sizes = array<i64: 2>} : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_rejects_one_start_index_for_rank_2(%a0: tensor<4x3xf32>, %a1: tensor<i32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{1 start indices are given but the operand has rank 2 (one per dimension)}}
  %0 = "xhlo.dynamic_slice"(%a0, %a1) {slice_sizes = array<i64: 2, 2>} : (tensor<4x3xf32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dynamic_slice_rejects_seed_001_rank_1_start_index_array(%a0: tensor<5xf32>, %a1: tensor<1xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{start index #0 must be a rank-0 tensor, got tensor<1xi32>}}
  %0 = "xhlo.dynamic_slice"(%a0, %a1) {slice_sizes = array<i64: 2>} : (tensor<5xf32>, tensor<1xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_rejects_float_start_index(%a0: tensor<5xf32>, %a1: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{start index #0 has element type f32 (F32) but must be an integer}}
  %0 = "xhlo.dynamic_slice"(%a0, %a1) {slice_sizes = array<i64: 2>} : (tensor<5xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dynamic_slice_structure_requires_an_operand() -> tensor<f32> {
  // expected-error @+1 {{expected at least 1 operands, got 0}}
  %0 = "xhlo.dynamic_slice"() {slice_sizes = array<i64>} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dynamic_update_slice_seed_1d_example(%a0: tensor<5xf32>, %a1: tensor<2xf32>, %a2: tensor<i32>) -> tensor<5xf32> {
  %0 = "xhlo.dynamic_update_slice"(%a0, %a1, %a2) : (tensor<5xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @dynamic_update_slice_seed_2d_example(%a0: tensor<4x3xf32>, %a1: tensor<3x2xf32>, %a2: tensor<i32>, %a3: tensor<i32>) -> tensor<4x3xf32> {
  %0 = "xhlo.dynamic_update_slice"(%a0, %a1, %a2, %a3) : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dynamic_update_slice_rejects_larger_update(%a0: tensor<4x3xf32>, %a1: tensor<3x4xf32>, %a2: tensor<i32>, %a3: tensor<i32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{update dimension 1 has size 4, larger than the operand's 3}}
  %0 = "xhlo.dynamic_update_slice"(%a0, %a1, %a2, %a3) : (tensor<4x3xf32>, tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dynamic_update_slice_rejects_update_of_other_rank(%a0: tensor<4x3xf32>, %a1: tensor<3xf32>, %a2: tensor<i32>, %a3: tensor<i32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{update has rank 1 but the operand has rank 2}}
  %0 = "xhlo.dynamic_update_slice"(%a0, %a1, %a2, %a3) : (tensor<4x3xf32>, tensor<3xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dynamic_update_slice_rejects_update_of_other_type(%a0: tensor<5xf32>, %a1: tensor<2xf64>, %a2: tensor<i32>) -> tensor<5xf32> {
  // expected-error @+1 {{update has element type f64 (F64) but operand has f32 (F32)}}
  %0 = "xhlo.dynamic_update_slice"(%a0, %a1, %a2) : (tensor<5xf32>, tensor<2xf64>, tensor<i32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @dynamic_update_slice_rejects_missing_start_index(%a0: tensor<4x3xf32>, %a1: tensor<1x1xf32>, %a2: tensor<i32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{1 start indices are given but the operand has rank 2}}
  %0 = "xhlo.dynamic_update_slice"(%a0, %a1, %a2) : (tensor<4x3xf32>, tensor<1x1xf32>, tensor<i32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @dynamic_update_slice_rejects_result_of_update_shape(%a0: tensor<5xf32>, %a1: tensor<2xf32>, %a2: tensor<i32>) -> tensor<2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2xf32> but the op produces tensor<5xf32>}}
  %0 = "xhlo.dynamic_update_slice"(%a0, %a1, %a2) : (tensor<5xf32>, tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @concatenate_seed_1d_example(%a0: tensor<2xi32>, %a1: tensor<2xi32>, %a2: tensor<2xi32>) -> tensor<6xi32> {
  %0 = "xhlo.concatenate"(%a0, %a1, %a2) {dimension = 0 : i64} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @concatenate_along_inner_dimension(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}

// -----

func.func @concatenate_seed_2d_example(%a0: tensor<3x2xi64>, %a1: tensor<1x2xi64>) -> tensor<4x2xi64> {
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 0 : i64} : (tensor<3x2xi64>, tensor<1x2xi64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

func.func @concatenate_inputs_differing_in_the_joined_dimension(%a0: tensor<2x3xf32>, %a1: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @concatenate_seed_rejects_ragged_inputs(%a0: tensor<3x2xi64>, %a1: tensor<1x3xi64>) -> tensor<4x2xi64> {
  // expected-error @+1 {{input #1 has size 3 in dimension 1 but input #0 has 2; only dimension 0 may differ}}
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 0 : i64} : (tensor<3x2xi64>, tensor<1x3xi64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

func.func @concatenate_rejects_inputs_of_different_rank(%a0: tensor<3x2xi64>, %a1: tensor<2xi64>) -> tensor<5x2xi64> {
  // expected-error @+1 {{input #1 has rank 1 but input #0 has rank 2}}
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 0 : i64} : (tensor<3x2xi64>, tensor<2xi64>) -> tensor<5x2xi64>
  return %0 : tensor<5x2xi64>
}

// -----

func.func @concatenate_rejects_inputs_of_different_element_types(%a0: tensor<3xi64>, %a1: tensor<2xi32>) -> tensor<5xi64> {
  // expected-error @+1 {{input #1 has element type i32 (S32) but input #0 has i64 (S64)}}
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 0 : i64} : (tensor<3xi64>, tensor<2xi32>) -> tensor<5xi64>
  return %0 : tensor<5xi64>
}

// -----

func.func @concatenate_single_input(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.concatenate"(%a0) {dimension = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concatenate_rejects_rank_0_inputs(%a0: tensor<i32>, %a1: tensor<i32>) -> tensor<2xi32> {
  // expected-error @+1 {{rank-0 inputs cannot be concatenated (there is no dimension to join along)}}
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 0 : i64} : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @concatenate_rejects_dimension_out_of_range(%a0: tensor<3xi64>, %a1: tensor<3xi64>) -> tensor<6xi64> {
  // expected-error @+1 {{dimension 1 is out of range for an operand of rank 1}}
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 1 : i64} : (tensor<3xi64>, tensor<3xi64>) -> tensor<6xi64>
  return %0 : tensor<6xi64>
}

// -----

func.func @concatenate_rejects_wrong_declared_result(%a0: tensor<3x2xi64>, %a1: tensor<3x2xi64>) -> tensor<3x4xi64> {
  // expected-error @+1 {{result #0 is declared as tensor<3x4xi64> but the op produces tensor<6x2xi64>}}
  %0 = "xhlo.concatenate"(%a0, %a1) {dimension = 0 : i64} : (tensor<3x2xi64>, tensor<3x2xi64>) -> tensor<3x4xi64>
  return %0 : tensor<3x4xi64>
}

// -----

func.func @concatenate_rejects_no_inputs() -> tensor<0xf32> {
  // expected-error @+1 {{concatenate needs at least one input}}
  %0 = "xhlo.concatenate"() {dimension = 0 : i64} : () -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @pad_seed_edge_padding(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<3x6xf32> {
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

func.func @pad_seed_interior_padding(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<3x5xf32> {
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @pad_seed_edge_and_interior_padding(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<4x8xf32> {
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @pad_seed_negative_edge_padding_removes_elements(%a0: tensor<2x5xf32>, %a1: tensor<f32>) -> tensor<2x2xf32> {
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0, -1>, edge_padding_high = array<i64: 0, -2>, interior_padding = array<i64: 0, 0>} : (tensor<2x5xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @pad_negative_edges_cut_into_interior_padding(%a0: tensor<3xf32>, %a1: tensor<f32>) -> tensor<3xf32> {
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: -1>, edge_padding_high = array<i64: -1>, interior_padding = array<i64: 1>} : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @pad_rejects_negative_interior(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{interior padding -1 of dimension 1 is negative}}
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, -1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_rejects_negative_result_size(%a0: tensor<2xf32>, %a1: tensor<f32>) -> tensor<0xf32> {
  // expected-error @+1 {{dimension 0 of size 2 padded with low -2, high -1, interior 0 would have negative size -1}}
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: -2>, edge_padding_high = array<i64: -1>, interior_padding = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @pad_rejects_wrong_length_padding_list(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{edge_padding_low has 1 entries but the operand has rank 2}}
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @pad_rejects_non_scalar_padding_value(%a0: tensor<2xf32>, %a1: tensor<1xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{padding_value must be a rank-0 tensor, got tensor<1xf32>}}
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0>, edge_padding_high = array<i64: 0>, interior_padding = array<i64: 0>} : (tensor<2xf32>, tensor<1xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @pad_rejects_padding_value_of_other_type(%a0: tensor<2xf32>, %a1: tensor<i32>) -> tensor<2xf32> {
  // expected-error @+1 {{padding_value has element type i32 (S32) but operand has f32 (F32)}}
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0>, edge_padding_high = array<i64: 0>, interior_padding = array<i64: 0>} : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @pad_rejects_wrong_declared_result(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2x3xf32> but the op produces tensor<3x6xf32>}}
  %0 = "xhlo.pad"(%a0, %a1) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @get_dimension_size_gives_i32_scalar(%a0: tensor<2x3xi64>) -> tensor<i32> {
  %0 = "xhlo.get_dimension_size"(%a0) {dimension = 1 : i64} : (tensor<2x3xi64>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @get_dimension_size_rejects_dimension_out_of_range(%a0: tensor<2x3xi64>) -> tensor<i32> {
  // expected-error @+1 {{dimension 2 is out of range for an operand of rank 2}}
  %0 = "xhlo.get_dimension_size"(%a0) {dimension = 2 : i64} : (tensor<2x3xi64>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @get_dimension_size_rejects_i64_result(%a0: tensor<2x3xi64>) -> tensor<i64> {
  // expected-error @+1 {{result #0 is declared as tensor<i64> but the op produces tensor<i32>}}
  %0 = "xhlo.get_dimension_size"(%a0) {dimension = 0 : i64} : (tensor<2x3xi64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @set_dimension_size_seed_keeps_static_bound(%a0: tensor<10xf32>, %a1: tensor<i32>) -> tensor<10xf32> {
  %0 = "xhlo.set_dimension_size"(%a0, %a1) {dimension = 0 : i64} : (tensor<10xf32>, tensor<i32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @set_dimension_size_rejects_i64_size(%a0: tensor<10xf32>, %a1: tensor<i64>) -> tensor<10xf32> {
  // expected-error @+1 {{size must be tensor<i32> (a rank-0 S32), got tensor<i64>}}
  %0 = "xhlo.set_dimension_size"(%a0, %a1) {dimension = 0 : i64} : (tensor<10xf32>, tensor<i64>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @set_dimension_size_rejects_dimension_out_of_range(%a0: tensor<10xf32>, %a1: tensor<i32>) -> tensor<10xf32> {
  // expected-error @+1 {{dimension 1 is out of range for an operand of rank 1}}
  %0 = "xhlo.set_dimension_size"(%a0, %a1) {dimension = 1 : i64} : (tensor<10xf32>, tensor<i32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @tuple_of_two_arrays(%a0: tensor<10xf32>, %a1: tensor<10xf32>) -> tuple<tensor<10xf32>, tensor<10xf32>> {
  %0 = "xhlo.tuple"(%a0, %a1) : (tensor<10xf32>, tensor<10xf32>) -> tuple<tensor<10xf32>, tensor<10xf32>>
  return %0 : tuple<tensor<10xf32>, tensor<10xf32>>
}

// -----

func.func @tuple_seed_array_and_scalar(%a0: tensor<10xf32>, %a1: tensor<i32>) -> tuple<tensor<10xf32>, tensor<i32>> {
  %0 = "xhlo.tuple"(%a0, %a1) : (tensor<10xf32>, tensor<i32>) -> tuple<tensor<10xf32>, tensor<i32>>
  return %0 : tuple<tensor<10xf32>, tensor<i32>>
}

// -----

func.func @tuple_of_array_token_and_tuple(%a0: tensor<2xf32>, %a1: !xhlo.token, %a2: tuple<tensor<i1>>) -> tuple<tensor<2xf32>, !xhlo.token, tuple<tensor<i1>>> {
  %0 = "xhlo.tuple"(%a0, %a1, %a2) : (tensor<2xf32>, !xhlo.token, tuple<tensor<i1>>) -> tuple<tensor<2xf32>, !xhlo.token, tuple<tensor<i1>>>
  return %0 : tuple<tensor<2xf32>, !xhlo.token, tuple<tensor<i1>>>
}

// -----

func.func @tuple_of_tokens(%a0: !xhlo.token, %a1: !xhlo.token) -> tuple<!xhlo.token, !xhlo.token> {
  %0 = "xhlo.tuple"(%a0, %a1) : (!xhlo.token, !xhlo.token) -> tuple<!xhlo.token, !xhlo.token>
  return %0 : tuple<!xhlo.token, !xhlo.token>
}

// -----

func.func @tuple_nested(%a0: tuple<tensor<i1>>) -> tuple<tuple<tensor<i1>>> {
  %0 = "xhlo.tuple"(%a0) : (tuple<tensor<i1>>) -> tuple<tuple<tensor<i1>>>
  return %0 : tuple<tuple<tensor<i1>>>
}

// -----

func.func @tuple_empty() -> tuple<> {
  %0 = "xhlo.tuple"() : () -> tuple<>
  return %0 : tuple<>
}

// -----

func.func @tuple_drops_element_layouts(%a0: tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>) -> tuple<tensor<2x3xf32>> {
  %0 = "xhlo.tuple"(%a0) : (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>) -> tuple<tensor<2x3xf32>>
  return %0 : tuple<tensor<2x3xf32>>
}

// -----

func.func @tuple_rejects_wrong_declared_element(%a0: tensor<10xf32>) -> tuple<tensor<10xf64>> {
  // expected-error @+1 {{result #0 is declared as tuple<tensor<10xf64>> but the op produces tuple<tensor<10xf32>>}}
  %0 = "xhlo.tuple"(%a0) : (tensor<10xf32>) -> tuple<tensor<10xf64>>
  return %0 : tuple<tensor<10xf64>>
}

// -----

func.func @tuple_structure_rejects_non_tuple_result(%a0: tensor<10xf32>) -> tensor<10xf32> {
  // expected-error @+1 {{result 'result' must be a tuple, got tensor<10xf32>}}
  %0 = "xhlo.tuple"(%a0) : (tensor<10xf32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @get_tuple_element_seed_example(%a0: tuple<tensor<10xf32>, tensor<i32>>) -> tensor<i32> {
  %0 = "xhlo.get_tuple_element"(%a0) {index = 1 : i32} : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @get_tuple_element_first(%a0: tuple<tensor<10xf32>, tensor<i32>>) -> tensor<10xf32> {
  %0 = "xhlo.get_tuple_element"(%a0) {index = 0 : i32} : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @get_tuple_element_token(%a0: tuple<!xhlo.token, tuple<tensor<i1>>>) -> !xhlo.token {
  %0 = "xhlo.get_tuple_element"(%a0) {index = 0 : i32} : (tuple<!xhlo.token, tuple<tensor<i1>>>) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @get_tuple_element_nested_tuple(%a0: tuple<!xhlo.token, tuple<tensor<i1>>>) -> tuple<tensor<i1>> {
  %0 = "xhlo.get_tuple_element"(%a0) {index = 1 : i32} : (tuple<!xhlo.token, tuple<tensor<i1>>>) -> tuple<tensor<i1>>
  return %0 : tuple<tensor<i1>>
}

// -----

func.func @get_tuple_element_rejects_index_out_of_range(%a0: tuple<tensor<10xf32>, tensor<i32>>) -> tensor<i32> {
  // expected-error @+1 {{index 2 is out of range for a tuple of 2 element(s)}}
  %0 = "xhlo.get_tuple_element"(%a0) {index = 2 : i32} : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @get_tuple_element_rejects_negative_index(%a0: tuple<tensor<10xf32>, tensor<i32>>) -> tensor<10xf32> {
  // expected-error @+1 {{index -1 is out of range}}
  %0 = "xhlo.get_tuple_element"(%a0) {index = -1 : i32} : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @get_tuple_element_rejects_wrong_declared_type(%a0: tuple<tensor<10xf32>, tensor<i32>>) -> tensor<i32> {
  // expected-error @+1 {{result #0 is declared as tensor<i32> but the op produces tensor<10xf32>}}
  %0 = "xhlo.get_tuple_element"(%a0) {index = 0 : i32} : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @get_tuple_element_structure_rejects_non_tuple_operand(%a0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{operand 'operand' must be a tuple, got tensor<2xf32>}}
  %0 = "xhlo.get_tuple_element"(%a0) {index = 0 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @constant_from_a_dense_resource() -> tensor<2xf32> {
  %0 = "xhlo.constant"() {value = dense_resource<blob1> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

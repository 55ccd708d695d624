// Verifier cases for the linear-algebra ops (dialects/xhlo-ir/src/ops/linalg.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/linalg.mlir
// Convolution padding is a flat (low, high) list per spatial dimension; precision_config
// holds 0 or 2 strings.

func.func @dot_seed_vector_vector_gives_scalar(%a0: tensor<3xf32>, %a1: tensor<3xf32>) -> tensor<f32> {
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dot_seed_matrix_vector_gives_vector(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<2xf32> {
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dot_seed_matrix_matrix_gives_matrix(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "xhlo.dot"(%a0, %a1) {precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_vector_matrix_gives_vector(%a0: tensor<3xf32>, %a1: tensor<3x4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @dot_takes_a_wider_declared_result_element_type(%a0: tensor<2x3xi8>, %a1: tensor<3xi8>) -> tensor<2xi32> {
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @dot_rejects_mismatched_contracting_sizes(%a0: tensor<2x3xf32>, %a1: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{contracting dimension 1 of lhs has size 3 but dimension 0 of rhs has size 4}}
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_rejects_rank_3(%a0: tensor<2x2x3xf32>, %a1: tensor<3xf32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{lhs has rank 3}}
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<2x2x3xf32>, tensor<3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dot_rejects_scalar(%a0: tensor<f32>, %a1: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{lhs has rank 0}}
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dot_rejects_mixed_element_types(%a0: tensor<3xf32>, %a1: tensor<3xf64>) -> tensor<f32> {
  // expected-error @+1 {{rhs has f64}}
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<3xf32>, tensor<3xf64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dot_rejects_narrower_result_element(%a0: tensor<3xi32>, %a1: tensor<3xi32>) -> tensor<i8> {
  // expected-error @+1 {{narrower}}
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<3xi32>, tensor<3xi32>) -> tensor<i8>
  return %0 : tensor<i8>
}

// -----

func.func @dot_rejects_integer_result_of_float_operands(%a0: tensor<3xf32>, %a1: tensor<3xf32>) -> tensor<i32> {
  // expected-error @+1 {{float operands}}
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<3xf32>, tensor<3xf32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @dot_rejects_real_result_of_complex_operands(%a0: tensor<3xcomplex<f32>>, %a1: tensor<3xcomplex<f32>>) -> tensor<f32> {
  // expected-error @+1 {{complex operands}}
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<3xcomplex<f32>>, tensor<3xcomplex<f32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dot_rejects_wrong_declared_shape(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<4x2xf32> but the op produces tensor<2x4xf32>}}
  %0 = "xhlo.dot"(%a0, %a1) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @dot_rejects_unknown_precision(%a0: tensor<3xf32>, %a1: tensor<3xf32>) -> tensor<f32> {
  // expected-error @+1 {{must be one of}}
  %0 = "xhlo.dot"(%a0, %a1) {precision_config = ["FAST", "DEFAULT"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dot_rejects_one_precision(%a0: tensor<3xf32>, %a1: tensor<3xf32>) -> tensor<f32> {
  // expected-error @+1 {{0 or 2}}
  %0 = "xhlo.dot"(%a0, %a1) {precision_config = ["DEFAULT"]} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dot_rejects_precision_that_is_not_an_array(%a0: tensor<3xf32>, %a1: tensor<3xf32>) -> tensor<f32> {
  // expected-error @+1 {{must be an array}}
  %0 = "xhlo.dot"(%a0, %a1) {precision_config = "DEFAULT"} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @dot_general_matmul(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_general_seed_contracting_example(%a0: tensor<2x3xf32>, %a1: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @dot_general_seed_batch_matmul(%a0: tensor<5x2x3xf32>, %a1: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @dot_general_seed_two_batch_dimensions(%a0: tensor<5x6x2x3xf32>, %a1: tensor<5x6x3x4xf32>) -> tensor<5x6x2x4xf32> {
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0, 1>, rhs_batching_dimensions = array<i64: 0, 1>, lhs_contracting_dimensions = array<i64: 3>, rhs_contracting_dimensions = array<i64: 2>} : (tensor<5x6x2x3xf32>, tensor<5x6x3x4xf32>) -> tensor<5x6x2x4xf32>
  return %0 : tensor<5x6x2x4xf32>
}

// -----

func.func @dot_general_orders_batch_then_lhs_free_then_rhs_free(%a0: tensor<3x5x2xf32>, %a1: tensor<4x5x3xf32>) -> tensor<5x2x4xf32> {
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_batching_dimensions = array<i64: 1>, rhs_batching_dimensions = array<i64: 1>, lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 2>} : (tensor<3x5x2xf32>, tensor<4x5x3xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @dot_general_outer_product(%a0: tensor<2x2xi64>, %a1: tensor<2x2xi64>) -> tensor<2x2x2x2xi64> {
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64>, rhs_contracting_dimensions = array<i64>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2x2x2xi64>
  return %0 : tensor<2x2x2x2xi64>
}

// -----

func.func @dot_general_preferred_result_element_type(%a0: tensor<2x2x2xf32>, %a1: tensor<2x2x2xf32>) -> tensor<2x2x2xf64> {
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf64>
  return %0 : tensor<2x2x2xf64>
}

// -----

func.func @dot_general_rejects_mismatched_contracting_sizes(%a0: tensor<2x3xf32>, %a1: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{contracting dimension 1 of lhs has size 3 but dimension 0 of rhs has size 4}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_general_rejects_mismatched_batch_sizes(%a0: tensor<5x2x3xf32>, %a1: tensor<6x3x4xf32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{batching dimension 0 of lhs has size 5 but dimension 0 of rhs has size 6}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<5x2x3xf32>, tensor<6x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @dot_general_rejects_batching_on_one_side_only(%a0: tensor<5x2x3xf32>, %a1: tensor<5x3x4xf32>) -> tensor<5x2x4xf32> {
  // expected-error @+1 {{lhs has 1 batching dimensions}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
  return %0 : tensor<5x2x4xf32>
}

// -----

func.func @dot_general_rejects_unequal_contracting_lists(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{lhs has 1 contracting dimensions}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dot_general_rejects_contracting_dimension_out_of_range(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{contracting dimension of lhs 2 is out of range for rank 2}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_general_rejects_repeated_contracting_dimension(%a0: tensor<2x3xf32>, %a1: tensor<3x3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{appears more than once}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1, 1>, rhs_contracting_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @dot_general_rejects_dimension_both_batching_and_contracting(%a0: tensor<3x3xf32>, %a1: tensor<3x3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{dimension 0 of lhs is both a batching and a contracting dimension}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dot_general_rejects_mixed_element_types(%a0: tensor<2x3xf32>, %a1: tensor<3x4xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{rhs has i32}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x4xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_general_rejects_three_precisions(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{has 3 entries but must have 0 or 2}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>, precision_config = ["HIGH", "HIGH", "HIGH"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @dot_general_rejects_narrower_result(%a0: tensor<2x3xi32>, %a1: tensor<3x4xi32>) -> tensor<2x4xi16> {
  // expected-error @+1 {{may not be narrower}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi16>
  return %0 : tensor<2x4xi16>
}

// -----

func.func @dot_general_rejects_wrong_declared_shape(%a0: tensor<5x2x3xf32>, %a1: tensor<5x3x4xf32>) -> tensor<2x5x4xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2x5x4xf32> but the op produces tensor<5x2x4xf32>}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<2x5x4xf32>
  return %0 : tensor<2x5x4xf32>
}

// -----

func.func @dot_general_structure_requires_rhs_contracting_dimensions(%a0: tensor<2x3xf32>, %a1: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{missing required attribute 'rhs_contracting_dimensions'}}
  %0 = "xhlo.dot_general"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @convolution_valid_padding_in_seed_layout(%a0: tensor<2x3x5x5xf32>, %a1: tensor<4x3x3x3xf32>) -> tensor<2x4x3x3xf32> {
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2, 3>, kernel_output_feature_dimension = 0 : i64, kernel_input_feature_dimension = 1 : i64, kernel_spatial_dimensions = array<i64: 2, 3>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2, 3>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<2x3x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x3x3xf32>
  return %0 : tensor<2x4x3x3xf32>
}

// -----

func.func @convolution_seed_padding_2_3_in_the_second_spatial_dimension(%a0: tensor<1x2x5x5xf32>, %a1: tensor<3x2x3x3xf32>) -> tensor<1x3x3x8xf32> {
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2, 3>, kernel_output_feature_dimension = 0 : i64, kernel_input_feature_dimension = 1 : i64, kernel_spatial_dimensions = array<i64: 2, 3>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2, 3>, padding = array<i64: 0, 0, 2, 3>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x3x8xf32>
  return %0 : tensor<1x3x3x8xf32>
}

// -----

func.func @convolution_seed_stride_3(%a0: tensor<1x1x7x4xf32>, %a1: tensor<1x1x1x1xf32>) -> tensor<1x1x3x4xf32> {
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2, 3>, kernel_output_feature_dimension = 0 : i64, kernel_input_feature_dimension = 1 : i64, kernel_spatial_dimensions = array<i64: 2, 3>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2, 3>, window_strides = array<i64: 3, 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x1x7x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x3x4xf32>
  return %0 : tensor<1x1x3x4xf32>
}

// -----

func.func @convolution_seed_negative_padding(%a0: tensor<1x1x6x6xf32>, %a1: tensor<1x1x2x2xf32>) -> tensor<1x1x3x5xf32> {
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2, 3>, kernel_output_feature_dimension = 0 : i64, kernel_input_feature_dimension = 1 : i64, kernel_spatial_dimensions = array<i64: 2, 3>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2, 3>, padding = array<i64: -1, -1, 0, 0>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x3x5xf32>
  return %0 : tensor<1x1x3x5xf32>
}

// -----

func.func @convolution_seed_depthwise(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x1x6xf32>) -> tensor<1x3x3x6xf32> {
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 3 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x1x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_nhwc_with_reversal_and_precision(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, window_reversal = array<i1: true, false>, precision_config = ["DEFAULT", "HIGHEST"], feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_padding_removing_everything(%a0: tensor<1x1x6x6xf32>, %a1: tensor<1x1x2x2xf32>) -> tensor<1x1x0x5xf32> {
  // expected-error @+1 {{removes more than the 6 elements}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2, 3>, kernel_output_feature_dimension = 0 : i64, kernel_input_feature_dimension = 1 : i64, kernel_spatial_dimensions = array<i64: 2, 3>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2, 3>, padding = array<i64: -4, -3, 0, 0>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x1x6x6xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x0x5xf32>
  return %0 : tensor<1x1x0x5xf32>
}

// -----

func.func @convolution_rejects_mismatched_input_features(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x2x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{input feature dimension 3 of lhs has size 3 but kernel input feature dimension 2 of rhs has size 2}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x2x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_feature_group_count_not_dividing_input_features(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x1x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{feature_group_count 2 does not divide}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 2 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x1x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_feature_group_count_not_dividing_output_features(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x1x4xf32>) -> tensor<1x3x3x4xf32> {
  // expected-error @+1 {{kernel output feature dimension 3 has size 4, which feature_group_count 3 does not divide}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 3 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x1x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

func.func @convolution_rejects_batch_group_count_not_dividing_batch(%a0: tensor<3x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{input batch dimension 0 has size 3, which batch_group_count 2 does not divide}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 2 : i64} : (tensor<3x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_zero_feature_group_count(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{feature_group_count must be positive}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 0 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_both_group_counts_above_1(%a0: tensor<2x5x5x4xf32>, %a1: tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32> {
  // expected-error @+1 {{cannot both be greater than 1}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 2 : i64, batch_group_count = 2 : i64} : (tensor<2x5x5x4xf32>, tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

func.func @convolution_rejects_repeated_lhs_dimension(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{lhs dimension 1 appears more than once}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_kernel_dimension_out_of_range(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{rhs dimension 4 is out of range for rank 4}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 4>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_rank_mismatch(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{lhs has rank 4 but rhs has rank 3}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_mixed_element_types(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf16>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{rhs has f16}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf16>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_zero_stride(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{window_strides[1] is 0 but must be at least 1}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 0>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_unpaired_padding(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{padding has 2 entries but must list a (low, high) pair for each of the 2 spatial dimensions}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, padding = array<i64: 1, 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_reversal_of_wrong_length(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{window_reversal has 1 entries}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, window_reversal = array<i1: true>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @convolution_rejects_wrong_declared_result(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x5x5x6xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<1x5x5x6xf32> but the op produces tensor<1x3x3x6xf32>}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x5x5x6xf32>
  return %0 : tensor<1x5x5x6xf32>
}

// -----

func.func @convolution_structure_requires_group_counts(%a0: tensor<1x5x5x3xf32>, %a1: tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32> {
  // expected-error @+1 {{missing required attribute 'feature_group_count'}}
  %0 = "xhlo.convolution"(%a0, %a1) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>} : (tensor<1x5x5x3xf32>, tensor<3x3x3x6xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

func.func @fft_complex_to_complex(%a0: tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>> {
  %0 = "xhlo.fft"(%a0) {fft_type = "FFT", fft_length = array<i64: 2, 2>} : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  return %0 : tensor<2x2xcomplex<f64>>
}

// -----

func.func @fft_inverse_over_three_axes(%a0: tensor<5x2x2x2xcomplex<f32>>) -> tensor<5x2x2x2xcomplex<f32>> {
  %0 = "xhlo.fft"(%a0) {fft_type = "IFFT", fft_length = array<i64: 2, 2, 2>} : (tensor<5x2x2x2xcomplex<f32>>) -> tensor<5x2x2x2xcomplex<f32>>
  return %0 : tensor<5x2x2x2xcomplex<f32>>
}

// -----

func.func @fft_seed_rfft_16(%a0: tensor<16xf32>) -> tensor<9xcomplex<f32>> {
  %0 = "xhlo.fft"(%a0) {fft_type = "RFFT", fft_length = array<i64: 16>} : (tensor<16xf32>) -> tensor<9xcomplex<f32>>
  return %0 : tensor<9xcomplex<f32>>
}

// -----

func.func @fft_seed_rfft_17_has_the_same_shape(%a0: tensor<17xf32>) -> tensor<9xcomplex<f32>> {
  %0 = "xhlo.fft"(%a0) {fft_type = "RFFT", fft_length = array<i64: 17>} : (tensor<17xf32>) -> tensor<9xcomplex<f32>>
  return %0 : tensor<9xcomplex<f32>>
}

// -----

func.func @fft_irfft_restores_the_innermost_dimension(%a0: tensor<4x3xcomplex<f64>>) -> tensor<4x4xf64> {
  %0 = "xhlo.fft"(%a0) {fft_type = "IRFFT", fft_length = array<i64: 4, 4>} : (tensor<4x3xcomplex<f64>>) -> tensor<4x4xf64>
  return %0 : tensor<4x4xf64>
}

// -----

func.func @fft_rejects_real_operand_of_fft(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{must be a complex}}
  %0 = "xhlo.fft"(%a0) {fft_type = "FFT", fft_length = array<i64: 4>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fft_rejects_complex_operand_of_rfft(%a0: tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>> {
  // expected-error @+1 {{must be F32 or F64}}
  %0 = "xhlo.fft"(%a0) {fft_type = "RFFT", fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<3xcomplex<f32>>
  return %0 : tensor<3xcomplex<f32>>
}

// -----

func.func @fft_rejects_length_unlike_the_operand(%a0: tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>> {
  // expected-error @+1 {{must equal fft_length [4, 8]}}
  %0 = "xhlo.fft"(%a0) {fft_type = "FFT", fft_length = array<i64: 4, 8>} : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
  return %0 : tensor<4x4xcomplex<f32>>
}

// -----

func.func @fft_rejects_irfft_innermost_dimension(%a0: tensor<4xcomplex<f32>>) -> tensor<4xf32> {
  // expected-error @+1 {{needs an innermost dimension of size 3}}
  %0 = "xhlo.fft"(%a0) {fft_type = "IRFFT", fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fft_rejects_four_lengths(%a0: tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>> {
  // expected-error @+1 {{1 to 3 entries}}
  %0 = "xhlo.fft"(%a0) {fft_type = "FFT", fft_length = array<i64: 2, 2, 2, 2>} : (tensor<2x2x2x2xcomplex<f32>>) -> tensor<2x2x2x2xcomplex<f32>>
  return %0 : tensor<2x2x2x2xcomplex<f32>>
}

// -----

func.func @fft_rejects_more_lengths_than_rank(%a0: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{rank at least 2}}
  %0 = "xhlo.fft"(%a0) {fft_type = "FFT", fft_length = array<i64: 2, 2>} : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @fft_rejects_unknown_type(%a0: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{must be one of FFT, IFFT, RFFT, IRFFT}}
  %0 = "xhlo.fft"(%a0) {fft_type = "DCT", fft_length = array<i64: 2>} : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @fft_rejects_negative_length(%a0: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{non-negative}}
  %0 = "xhlo.fft"(%a0) {fft_type = "FFT", fft_length = array<i64: -2>} : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @fft_rejects_wrong_declared_result(%a0: tensor<16xf32>) -> tensor<8xcomplex<f32>> {
  // expected-error @+1 {{result #0 is declared as tensor<8xcomplex<f32>> but the op produces tensor<9xcomplex<f32>>}}
  %0 = "xhlo.fft"(%a0) {fft_type = "RFFT", fft_length = array<i64: 16>} : (tensor<16xf32>) -> tensor<8xcomplex<f32>>
  return %0 : tensor<8xcomplex<f32>>
}

// -----

func.func @cholesky_batch_of_square_matrices(%a0: tensor<4x3x3xf32>) -> tensor<4x3x3xf32> {
  %0 = "xhlo.cholesky"(%a0) {lower = true} : (tensor<4x3x3xf32>) -> tensor<4x3x3xf32>
  return %0 : tensor<4x3x3xf32>
}

// -----

func.func @cholesky_complex(%a0: tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>> {
  %0 = "xhlo.cholesky"(%a0) : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  return %0 : tensor<2x2xcomplex<f64>>
}

// -----

func.func @cholesky_rejects_non_square(%a0: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{minor dimensions are 3 x 4}}
  %0 = "xhlo.cholesky"(%a0) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @cholesky_rejects_rank_1(%a0: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{rank at least 2}}
  %0 = "xhlo.cholesky"(%a0) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @cholesky_rejects_integer(%a0: tensor<3x3xi32>) -> tensor<3x3xi32> {
  // expected-error @+1 {{must be a float or complex}}
  %0 = "xhlo.cholesky"(%a0) : (tensor<3x3xi32>) -> tensor<3x3xi32>
  return %0 : tensor<3x3xi32>
}

// -----

func.func @cholesky_rejects_integer_lower_flag(%a0: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+1 {{must be a bool attribute}}
  %0 = "xhlo.cholesky"(%a0) {lower = 1 : i64} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @triangular_solve_left_side(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf32>) -> tensor<3x1xf32> {
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_right_side(%a0: tensor<3x3xf32>, %a1: tensor<1x3xf32>) -> tensor<1x3xf32> {
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = false, lower = false, unit_diagonal = true, transpose_a = "TRANSPOSE"} : (tensor<3x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @triangular_solve_adjoint_complex(%a0: tensor<3x3xcomplex<f32>>, %a1: tensor<3x1xcomplex<f32>>) -> tensor<3x1xcomplex<f32>> {
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "ADJOINT"} : (tensor<3x3xcomplex<f32>>, tensor<3x1xcomplex<f32>>) -> tensor<3x1xcomplex<f32>>
  return %0 : tensor<3x1xcomplex<f32>>
}

// -----

func.func @triangular_solve_batched(%a0: tensor<5x3x3xf64>, %a1: tensor<5x3x7xf64>) -> tensor<5x3x7xf64> {
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<5x3x3xf64>, tensor<5x3x7xf64>) -> tensor<5x3x7xf64>
  return %0 : tensor<5x3x7xf64>
}

// -----

func.func @triangular_solve_rejects_wrong_solved_dimension_left(%a0: tensor<3x3xf32>, %a1: tensor<1x3xf32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{dimension 0 of b must equal a's size 3}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<3x3xf32>, tensor<1x3xf32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @triangular_solve_rejects_wrong_solved_dimension_right(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{dimension 1 of b must equal a's size 3}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = false, lower = false, unit_diagonal = true, transpose_a = "TRANSPOSE"} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_rejects_different_batches(%a0: tensor<5x3x3xf32>, %a1: tensor<4x3x1xf32>) -> tensor<4x3x1xf32> {
  // expected-error @+1 {{same batch dimensions, got [5] and [4]}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<5x3x3xf32>, tensor<4x3x1xf32>) -> tensor<4x3x1xf32>
  return %0 : tensor<4x3x1xf32>
}

// -----

func.func @triangular_solve_rejects_rank_mismatch(%a0: tensor<3x3xf32>, %a1: tensor<2x3x1xf32>) -> tensor<2x3x1xf32> {
  // expected-error @+1 {{a has rank 2 but b has rank 3}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<3x3xf32>, tensor<2x3x1xf32>) -> tensor<2x3x1xf32>
  return %0 : tensor<2x3x1xf32>
}

// -----

func.func @triangular_solve_rejects_non_square_a(%a0: tensor<3x4xf32>, %a1: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{minor dimensions are 3 x 4}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_rejects_integer(%a0: tensor<3x3xi32>, %a1: tensor<3x1xi32>) -> tensor<3x1xi32> {
  // expected-error @+1 {{must be a float or complex}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<3x3xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
  return %0 : tensor<3x1xi32>
}

// -----

func.func @triangular_solve_rejects_mixed_element_types(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf64>) -> tensor<3x1xf64> {
  // expected-error @+1 {{b has f64}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<3x3xf32>, tensor<3x1xf64>) -> tensor<3x1xf64>
  return %0 : tensor<3x1xf64>
}

// -----

func.func @triangular_solve_rejects_unknown_transpose(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{must be one of NO_TRANSPOSE, TRANSPOSE, ADJOINT}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "CONJUGATE"} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

// -----

func.func @triangular_solve_structure_requires_lower(%a0: tensor<3x3xf32>, %a1: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // expected-error @+1 {{missing required attribute 'lower'}}
  %0 = "xhlo.triangular_solve"(%a0, %a1) {left_side = true, unit_diagonal = false, transpose_a = "TRANSPOSE"} : (tensor<3x3xf32>, tensor<3x1xf32>) -> tensor<3x1xf32>
  return %0 : tensor<3x1xf32>
}

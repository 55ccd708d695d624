// Edge cases of the indexing lowerings (lowering/src/ops/indexing.rs: gather, scatter), in
// StableHLO's interpreter-test form: target/debug/xla-run --check tests/run/indexing/edge_cases.mlir

func.func @gather_ui64_indices() {
  %x = stablehlo.constant dense<[10, 11, 12, 13]> : tensor<4xi32>
  %i = stablehlo.constant dense<[[0], [18446744073709551615], [9223372036854775808], [2]]> : tensor<4x1xui64>
  %r = "stablehlo.gather"(%x, %i) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 2>
  } : (tensor<4xi32>, tensor<4x1xui64>) -> tensor<4x2xi32>
  check.expect_eq_const %r, dense<[[10, 11], [12, 13], [12, 13], [12, 13]]> : tensor<4x2xi32>
  func.return
}

// -----

func.func @gather_i8_negative_indices_and_i4_data() {
  %x = stablehlo.constant dense<[-8, -1, 0, 7]> : tensor<4xi4>
  %i = stablehlo.constant dense<[-128, 127, 1]> : tensor<3xi8>
  %r = "stablehlo.gather"(%x, %i) {
    dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1>
  } : (tensor<4xi4>, tensor<3xi8>) -> tensor<3xi4>
  check.expect_eq_const %r, dense<[-8, 7, -1]> : tensor<3xi4>
  func.return
}

// -----

func.func @gather_empty_indices() {
  %x = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %i = stablehlo.constant dense<> : tensor<0x1xi32>
  %r = "stablehlo.gather"(%x, %i) {
    dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1>
  } : (tensor<2xf32>, tensor<0x1xi32>) -> tensor<0xf32>
  check.expect_eq_const %r, dense<> : tensor<0xf32>
  func.return
}

// -----

func.func @scatter_ui64_huge_index_is_skipped() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %i = stablehlo.constant dense<[[18446744073709551615], [18446744073709551614], [3]]> : tensor<3x1xui64>
  %u = stablehlo.constant dense<[[10, 20], [30, 40], [50, 60]]> : tensor<3x2xi64>
  %r = "stablehlo.scatter"(%x, %i, %u) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      stablehlo.return %b : tensor<i64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<4xi64>, tensor<3x1xui64>, tensor<3x2xi64>) -> tensor<4xi64>
  check.expect_eq_const %r, dense<[1, 2, 3, 50]> : tensor<4xi64>
  func.return
}

// -----

func.func @scatter_i64_min_index_is_skipped() {
  %x = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %i = stablehlo.constant dense<[[-9223372036854775808], [9223372036854775807], [-1]]> : tensor<3x1xi64>
  %u = stablehlo.constant dense<[[10, 20], [30, 40], [50, 60]]> : tensor<3x2xi64>
  %r = "stablehlo.scatter"(%x, %i, %u) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      stablehlo.return %b : tensor<i64>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<4xi64>, tensor<3x1xi64>, tensor<3x2xi64>) -> tensor<4xi64>
  check.expect_eq_const %r, dense<[60, 2, 3, 4]> : tensor<4xi64>
  func.return
}

// -----

func.func @scatter_variadic() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %y = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %i = stablehlo.constant dense<[[2], [0], [2]]> : tensor<3x1xi32>
  %u = stablehlo.constant dense<[0.5, 1.5, 2.5]> : tensor<3xf32>
  %v = stablehlo.constant dense<[10, 20, 30]> : tensor<3xi32>
  %r:2 = "stablehlo.scatter"(%x, %y, %i, %u, %v) ({
    ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
      %0 = stablehlo.add %a, %c : tensor<f32>
      %1 = stablehlo.add %b, %d : tensor<i32>
      stablehlo.return %0, %1 : tensor<f32>, tensor<i32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  } : (tensor<3xf32>, tensor<3xi32>, tensor<3x1xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<3xf32>, tensor<3xi32>)
  check.expect_eq_const %r#0, dense<[2.5, 2.0, 6.0]> : tensor<3xf32>
  check.expect_eq_const %r#1, dense<[21, 2, 43]> : tensor<3xi32>
  func.return
}

// -----

func.func @scatter_scalar_update() {
  %x = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xui8>
  %i = stablehlo.constant dense<[1, 0]> : tensor<2xi32>
  %u = stablehlo.constant dense<250> : tensor<ui8>
  %r = "stablehlo.scatter"(%x, %i, %u) ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %0 = stablehlo.add %a, %b : tensor<ui8>
      stablehlo.return %0 : tensor<ui8>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 0>
  } : (tensor<2x2xui8>, tensor<2xi32>, tensor<ui8>) -> tensor<2x2xui8>
  check.expect_eq_const %r, dense<[[1, 2], [253, 4]]> : tensor<2x2xui8>
  func.return
}

// -----

func.func @gather_scalar_result() {
  %x = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i = stablehlo.constant dense<7> : tensor<i32>
  %r = "stablehlo.gather"(%x, %i) {
    dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 0>,
    slice_sizes = array<i64: 1>
  } : (tensor<3xf32>, tensor<i32>) -> tensor<f32>
  check.expect_eq_const %r, dense<3.0> : tensor<f32>
  func.return
}

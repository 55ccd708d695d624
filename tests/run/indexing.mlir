// Edge cases of the indexing lowerings (ops/indexing.rs) and of slice/concatenate/reverse/pad
// with empty dimensions, in StableHLO's interpreter-test form: target/debug/xla-run --check tests/run/indexing.mlir

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

func.func @reduce_window_variadic_argmax() {
  %x = stablehlo.constant dense<[3.0, 7.0, 6.0, 1.0, 9.0]> : tensor<5xf32>
  %ix = stablehlo.iota dim = 0 : tensor<5xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = "stablehlo.reduce_window"(%x, %ix, %ninf, %z) ({
    ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
      %gt = stablehlo.compare GT, %b, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %v = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
      %i = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
      stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }) {
    window_dimensions = array<i64: 3>, window_strides = array<i64: 2>,
    padding = dense<[[1, 1]]> : tensor<1x2xi64>
  } : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  check.expect_eq_const %r#0, dense<[7.0, 7.0, 9.0]> : tensor<3xf32>
  check.expect_eq_const %r#1, dense<[1, 1, 4]> : tensor<3xi32>
  func.return
}

// -----

func.func @reduce_window_bf16_max_negative_padding() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 2.0], [4.0, 3.0, 8.0]]> : tensor<2x3xbf16>
  %ninf = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %r = "stablehlo.reduce_window"(%x, %ninf) ({
    ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
      %0 = stablehlo.maximum %a, %b : tensor<bf16>
      stablehlo.return %0 : tensor<bf16>
  }) {
    window_dimensions = array<i64: 2, 2>,
    padding = dense<[[0, 0], [-1, 0]]> : tensor<2x2xi64>
  } : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %r, dense<[[8.0]]> : tensor<1x1xbf16>
  func.return
}

// -----

func.func @select_and_scatter_f32_max_pool_grad() {
  %x = stablehlo.constant dense<[[1.0, 9.0, 2.0, 2.0], [3.0, 4.0, 8.0, 1.0]]> : tensor<2x4xf32>
  %s = stablehlo.constant dense<[[0.5, 0.25]]> : tensor<1x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {
    window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>
  } : (tensor<2x4xf32>, tensor<1x2xf32>, tensor<f32>) -> tensor<2x4xf32>
  check.expect_eq_const %r, dense<[[0.0, 0.5, 0.0, 0.0], [0.0, 0.0, 0.25, 0.0]]> : tensor<2x4xf32>
  func.return
}

// -----

func.func @dynamic_update_slice_ui8_start() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi16>
  %u = stablehlo.constant dense<[8, 9]> : tensor<2xi16>
  %s = stablehlo.constant dense<255> : tensor<ui8>
  %r = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<5xi16>, tensor<2xi16>, tensor<ui8>) -> tensor<5xi16>
  check.expect_eq_const %r, dense<[1, 2, 3, 8, 9]> : tensor<5xi16>
  func.return
}

// -----

func.func @concatenate_zero_size() {
  %a = stablehlo.constant dense<> : tensor<0x2xi32>
  %b = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi32>
  %c = stablehlo.constant dense<> : tensor<0x2xi32>
  %r = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<0x2xi32>, tensor<1x2xi32>, tensor<0x2xi32>) -> tensor<1x2xi32>
  check.expect_eq_const %r, dense<[[1, 2]]> : tensor<1x2xi32>
  func.return
}

// -----

func.func @concatenate_all_empty() {
  %a = stablehlo.constant dense<> : tensor<2x0xi32>
  %r = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2x0xi32>, tensor<2x0xi32>) -> tensor<2x0xi32>
  check.expect_eq_const %r, dense<> : tensor<2x0xi32>
  func.return
}

// -----

func.func @reverse_zero_size() {
  %a = stablehlo.constant dense<> : tensor<0x3xi32>
  %r = stablehlo.reverse %a, dims = [0, 1] : tensor<0x3xi32>
  check.expect_eq_const %r, dense<> : tensor<0x3xi32>
  func.return
}

// -----

func.func @slice_zero_size_and_pad_empty() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = "stablehlo.slice"(%a) {start_indices = array<i64: 2>, limit_indices = array<i64: 2>, strides = array<i64: 1>} : (tensor<3xi32>) -> tensor<0xi32>
  %p = stablehlo.constant dense<7> : tensor<i32>
  %q = stablehlo.pad %r, %p, low = [1], high = [2], interior = [3] : (tensor<0xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<> : tensor<0xi32>
  check.expect_eq_const %q, dense<[7, 7, 7]> : tensor<3xi32>
  func.return
}

// -----

func.func @slice_zero_size_at_end() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
  %r = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 3>, limit_indices = array<i64: 1, 3>, strides = array<i64: 1, 1>} : (tensor<1x3xi32>) -> tensor<0x0xi32>
  check.expect_eq_const %r, dense<> : tensor<0x0xi32>
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

// -----

func.func @reduce_window_rank0() {
  %x = stablehlo.constant dense<4> : tensor<i32>
  %z = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %z) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64>} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<5> : tensor<i32>
  func.return
}

// -----

func.func @dynamic_slice_rank0() {
  %x = stablehlo.constant dense<4> : tensor<i32>
  %r = "stablehlo.dynamic_slice"(%x) {slice_sizes = array<i64>} : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<4> : tensor<i32>
  func.return
}

// -----

// dynamic_slice and dynamic_update_slice at a run-time row of a matrix (a dimension whose stride
// is not 1) inside a loop: the subview offset `row * 2` is an affine.apply after
// expand-strided-metadata, which the pipeline must lower (lowering/src/pipeline.rs TO_LLVM).
func.func @dynamic_slice_rows_in_a_loop() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<2xf32>
  %out0 = stablehlo.constant dense<0.0> : tensor<3x2xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %r:3 = stablehlo.while(%i = %i0, %acc = %acc0, %out = %out0) : tensor<i64>, tensor<2xf32>, tensor<3x2xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i64>
    %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0> : tensor<i64>
    %s = stablehlo.dynamic_slice %x, %i, %z, sizes = [1, 2] : (tensor<3x2xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
    %v = stablehlo.reshape %s : (tensor<1x2xf32>) -> tensor<2xf32>
    %a = stablehlo.add %acc, %v : tensor<2xf32>
    %u = stablehlo.reshape %a : (tensor<2xf32>) -> tensor<1x2xf32>
    %o = stablehlo.dynamic_update_slice %out, %u, %i, %z : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<3x2xf32>
    %one = stablehlo.constant dense<1> : tensor<i64>
    %j = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %j, %a, %o : tensor<i64>, tensor<2xf32>, tensor<3x2xf32>
  }
  check.expect_eq_const %r#1, dense<[9.0, 12.0]> : tensor<2xf32>
  check.expect_eq_const %r#2, dense<[[1.0, 2.0], [4.0, 6.0], [9.0, 12.0]]> : tensor<3x2xf32>
  func.return
}

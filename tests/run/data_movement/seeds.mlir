// Worked examples of the shape and data-movement ops (including the dynamic slices) in the seed documents, run end to end
// (issue 4): target/debug/xla-run --check tests/run/data_movement/seeds.mlir
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt (English, r1.3) and
// 002_e2447a076b143c68.txt (Traditional Chinese, newest; wins on conflicts).
// The Collapse, Reshape and Transpose examples share the seeds' v = f32[4x2x3].

// Seed 002 "Reshape": Reshape(v, {24}) = f32[24] in row-major order.
func.func @reshape_seed002_v_to_24() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %r = "xhlo.reshape"(%v) : (tensor<4x2x3xf32>) -> tensor<24xf32>
  "check.expect_eq_const"(%r) {value = dense<[10.0, 11.0, 12.0, 15.0, 16.0, 17.0, 20.0, 21.0, 22.0, 25.0, 26.0, 27.0, 30.0, 31.0, 32.0, 35.0, 36.0, 37.0, 40.0, 41.0, 42.0, 45.0, 46.0, 47.0]> : tensor<24xf32>} : (tensor<24xf32>) -> ()
  func.return
}

// -----

// Seed 002 "Reshape": Reshape(v, {8,3}) = f32[8x3].
func.func @reshape_seed002_v_to_8x3() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %r = "xhlo.reshape"(%v) : (tensor<4x2x3xf32>) -> tensor<8x3xf32>
  "check.expect_eq_const"(%r) {value = dense<[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0], [20.0, 21.0, 22.0], [25.0, 26.0, 27.0], [30.0, 31.0, 32.0], [35.0, 36.0, 37.0], [40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]> : tensor<8x3xf32>} : (tensor<8x3xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Reshape" and seed 002: a single-element array becomes a scalar and back:
// Reshape(f32[1x1] {{5}}, {}) == 5; Reshape(5, {1,1}) == f32[1x1] {{5}}.
func.func @reshape_seed002_1x1_to_scalar_and_back() {
  %a = "xhlo.constant"() {value = dense<[[5.0]]> : tensor<1x1xf32>} : () -> tensor<1x1xf32>
  %s = "xhlo.reshape"(%a) : (tensor<1x1xf32>) -> tensor<f32>
  "check.expect_eq_const"(%s) {value = dense<5.0> : tensor<f32>} : (tensor<f32>) -> ()
  %b = "xhlo.reshape"(%s) : (tensor<f32>) -> tensor<1x1xf32>
  "check.expect_eq_const"(%b) {value = dense<[[5.0]]> : tensor<1x1xf32>} : (tensor<1x1xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Reshape" (r1.3 form Reshape(operand, dimensions, new_sizes)): Reshape(v, {1,2,0},
// {24}) flattens v with dimension 1 slowest and dimension 0 fastest. Seed 002 dropped the
// dimensions argument, so in xhlo this is transpose(permutation {1,2,0}) then reshape.
// The seed labels this result "v012_24" (a typo for v021_24; the values are right).
func.func @reshape_seed001_permuted_v021_to_24() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %t = "xhlo.transpose"(%v) {permutation = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %r = "xhlo.reshape"(%t) : (tensor<2x3x4xf32>) -> tensor<24xf32>
  "check.expect_eq_const"(%r) {value = dense<[10.0, 20.0, 30.0, 40.0, 11.0, 21.0, 31.0, 41.0, 12.0, 22.0, 32.0, 42.0, 15.0, 25.0, 35.0, 45.0, 16.0, 26.0, 36.0, 46.0, 17.0, 27.0, 37.0, 47.0]> : tensor<24xf32>} : (tensor<24xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Reshape": Reshape(v, {1,2,0}, {8,3}) = {10, 20, 30}, {40, 11, 21}, ...
// (the seed's text drops the first row's opening brace).
func.func @reshape_seed001_permuted_v021_to_8x3() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %t = "xhlo.transpose"(%v) {permutation = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %r = "xhlo.reshape"(%t) : (tensor<2x3x4xf32>) -> tensor<8x3xf32>
  "check.expect_eq_const"(%r) {value = dense<[[10.0, 20.0, 30.0], [40.0, 11.0, 21.0], [31.0, 41.0, 12.0], [22.0, 32.0, 42.0], [15.0, 25.0, 35.0], [45.0, 16.0, 26.0], [36.0, 46.0, 17.0], [27.0, 37.0, 47.0]]> : tensor<8x3xf32>} : (tensor<8x3xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Reshape": Reshape(v, {1,2,0}, {2,6,2}).
func.func @reshape_seed001_permuted_v021_to_2x6x2() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %t = "xhlo.transpose"(%v) {permutation = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  %r = "xhlo.reshape"(%t) : (tensor<2x3x4xf32>) -> tensor<2x6x2xf32>
  "check.expect_eq_const"(%r) {value = dense<[[[10.0, 20.0], [30.0, 40.0], [11.0, 21.0], [31.0, 41.0], [12.0, 22.0], [32.0, 42.0]], [[15.0, 25.0], [35.0, 45.0], [16.0, 26.0], [36.0, 46.0], [17.0, 27.0], [37.0, 47.0]]]> : tensor<2x6x2xf32>} : (tensor<2x6x2xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Concatenate" and seed 002 "串連", 1-dimensional example:
// Concat({{2, 3}, {4, 5}, {6, 7}}, 0) = {2, 3, 4, 5, 6, 7}.
func.func @concatenate_seed002_1d() {
  %a = "xhlo.constant"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b = "xhlo.constant"() {value = dense<[4, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %c = "xhlo.constant"() {value = dense<[6, 7]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "xhlo.concatenate"(%a, %b, %c) {dimension = 0 : i64} : (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<6xi32>
  "check.expect_eq_const"(%r) {value = dense<[2, 3, 4, 5, 6, 7]> : tensor<6xi32>} : (tensor<6xi32>) -> ()
  func.return
}

// -----

// Seed 001 "Concatenate" and seed 002 "串連", 2-dimensional example: a = {{1,2},{3,4},{5,6}},
// b = {{7,8}}, Concat({a, b}, 0) = {{1,2},{3,4},{5,6},{7,8}}.
func.func @concatenate_seed002_2d() {
  %a = "xhlo.constant"() {value = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %b = "xhlo.constant"() {value = dense<[[7, 8]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %r = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<3x2xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  "check.expect_eq_const"(%r) {value = dense<[[1, 2], [3, 4], [5, 6], [7, 8]]> : tensor<4x2xi32>} : (tensor<4x2xi32>) -> ()
  func.return
}

// -----

// Seed 001 "Slice" and seed 002 "配量", 1-dimensional example:
// Slice({0.0, 1.0, 2.0, 3.0, 4.0}, {2}, {4}) = {2.0, 3.0}.
func.func @slice_seed002_1d() {
  %a = "xhlo.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %r = "xhlo.slice"(%a) {start_indices = array<i64: 2>, limit_indices = array<i64: 4>} : (tensor<5xf32>) -> tensor<2xf32>
  "check.expect_eq_const"(%r) {value = dense<[2.0, 3.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Slice" and seed 002 "配量", 2-dimensional example:
// Slice(b, {2, 1}, {4, 3}) = {{7.0, 8.0}, {10.0, 11.0}}.
func.func @slice_seed002_2d() {
  %b = "xhlo.constant"() {value = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %r = "xhlo.slice"(%b) {start_indices = array<i64: 2, 1>, limit_indices = array<i64: 4, 3>} : (tensor<4x3xf32>) -> tensor<2x2xf32>
  "check.expect_eq_const"(%r) {value = dense<[[7.0, 8.0], [10.0, 11.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "配量" (Slice) strides: "the slice picks every strides[d] element in dimension d".
// No numbers in the seed; the 2D example's operand with strides {2, 2} from {0, 0} to {4, 3}.
func.func @slice_seed002_strides() {
  %b = "xhlo.constant"() {value = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %r = "xhlo.slice"(%b) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 2>} : (tensor<4x3xf32>) -> tensor<2x2xf32>
  "check.expect_eq_const"(%r) {value = dense<[[0.0, 2.0], [6.0, 8.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Pad", first figure: operand {{1,2,3},{4,5,6}}, padding_config[0] = {0, 1, 0},
// padding_config[1] = {1, 2, 0}, padding_value 0. Each config is {edge_padding_low,
// edge_padding_high, interior_padding} (the figures agree with this order; the seed's closing
// line "padding_config := {edge_padding_high, edge_padding_low, interior_padding}" has low and
// high swapped).
func.func @pad_seed001_edge_padding() {
  %x = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %z = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.pad"(%x, %z) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x6xi32>
  "check.expect_eq_const"(%r) {value = dense<[[0, 1, 2, 3, 0, 0], [0, 4, 5, 6, 0, 0], [0, 0, 0, 0, 0, 0]]> : tensor<3x6xi32>} : (tensor<3x6xi32>) -> ()
  func.return
}

// -----

// Seed 001 "Pad", second figure: padding_config[0] = {0, 0, 1}, padding_config[1] = {0, 0, 1}.
func.func @pad_seed001_interior_padding() {
  %x = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %z = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.pad"(%x, %z) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 1, 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x5xi32>
  "check.expect_eq_const"(%r) {value = dense<[[1, 0, 2, 0, 3], [0, 0, 0, 0, 0], [4, 0, 5, 0, 6]]> : tensor<3x5xi32>} : (tensor<3x5xi32>) -> ()
  func.return
}

// -----

// Seed 001 "Pad", third figure: padding_config[0] = {0, 1, 1}, padding_config[1] = {1, 2, 1}.
func.func @pad_seed001_edge_and_interior_padding() {
  %x = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %z = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.pad"(%x, %z) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: 1, 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<4x8xi32>
  "check.expect_eq_const"(%r) {value = dense<[[0, 1, 0, 2, 0, 3, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 4, 0, 5, 0, 6, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0]]> : tensor<4x8xi32>} : (tensor<4x8xi32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "Pad" (熱敷墊): negative edge padding removes elements, and interior padding
// applies before edge padding, so negative edges cut into the interior-padded operand. No
// numbers in the seeds; the figures' operand with interior 1 and low/high -1 in dimension 1:
// [1,0,2,0,3] -> [0,2,0].
func.func @pad_seed002_negative_edge_after_interior() {
  %x = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %z = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.pad"(%x, %z) {edge_padding_low = array<i64: 0, -1>, edge_padding_high = array<i64: 0, -1>, interior_padding = array<i64: 0, 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[0, 2, 0], [0, 5, 0]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

// Seed 002 "器皿打擊樂" (Iota; the heading is a mistranslation): Iota(s32[4, 8], 0).
func.func @iota_seed002_s32_4x8_dimension_0() {
  %r = "xhlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4x8xi32>
  "check.expect_eq_const"(%r) {value = dense<[[0, 0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1, 1], [2, 2, 2, 2, 2, 2, 2, 2], [3, 3, 3, 3, 3, 3, 3, 3]]> : tensor<4x8xi32>} : (tensor<4x8xi32>) -> ()
  func.return
}

// -----

// Seed 002 Iota: Iota(s32[4, 8], 1); and for floats, ConvertElementType(Iota(...)).
func.func @iota_seed002_s32_4x8_dimension_1_and_float() {
  %r = "xhlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x8xi32>
  "check.expect_eq_const"(%r) {value = dense<[[0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<4x8xi32>} : (tensor<4x8xi32>) -> ()
  %f = "xhlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
  "check.expect_eq_const"(%f) {value = dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "Rev (倒轉)": index i of a reversed dimension of size N goes to N - 1 - i.
// No numbers in the seeds; values chosen here.
func.func @reverse_seed002_dimensions_0_and_1() {
  %x = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %r1 = "xhlo.reverse"(%x) {dimensions = array<i64: 1>} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r1) {value = dense<[[3, 2, 1], [6, 5, 4]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %r01 = "xhlo.reverse"(%x) {dimensions = array<i64: 0, 1>} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r01) {value = dense<[[6, 5, 4], [3, 2, 1]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "Transpose" (轉置): input_dimensions[permutation[i]] = output_dimensions[i].
// No numbers in the seeds; v with permutation {2, 0, 1} gives out[i][j][k] = v[j][k][i].
func.func @transpose_seed002_rank3_permutation() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %r = "xhlo.transpose"(%v) {permutation = array<i64: 2, 0, 1>} : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
  "check.expect_eq_const"(%r) {value = dense<[[[10.0, 15.0], [20.0, 25.0], [30.0, 35.0], [40.0, 45.0]], [[11.0, 16.0], [21.0, 26.0], [31.0, 36.0], [41.0, 46.0]], [[12.0, 17.0], [22.0, 27.0], [32.0, 37.0], [42.0, 47.0]]]> : tensor<3x4x2xf32>} : (tensor<3x4x2xf32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "Tuple" / "GetTupleElement": v = f32[10]{0, ..., 9}, s = 5,
// t = tuple(v, s), gettupleelement(t, 1) == 5 (and element 0 is v).
func.func @get_tuple_element_seed002_v_and_s() {
  %v = "xhlo.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>} : () -> tensor<10xf32>
  %s = "xhlo.constant"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %t = "xhlo.tuple"(%v, %s) : (tensor<10xf32>, tensor<i32>) -> tuple<tensor<10xf32>, tensor<i32>>
  %e1 = "xhlo.get_tuple_element"(%t) {index = 1 : i32} : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<i32>
  "check.expect_eq_const"(%e1) {value = dense<5> : tensor<i32>} : (tensor<i32>) -> ()
  %e0 = "xhlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<10xf32>, tensor<i32>>) -> tensor<10xf32>
  "check.expect_eq_const"(%e0) {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>} : (tensor<10xf32>) -> ()
  func.return
}

// -----

// Seed 002 "收合" (Collapse), Collapse(v, {1,2}) = f32[4x6] (see the seed error noted in
// tests/run-pending/collapse_seed002.mlir), written as the equivalent row-major reshape while
// xhlo.collapse has no lowering.
func.func @collapse_seed002_dimensions_1_2_as_reshape() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %r = "xhlo.reshape"(%v) : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  "check.expect_eq_const"(%r) {value = dense<[[10.0, 11.0, 12.0, 15.0, 16.0, 17.0], [20.0, 21.0, 22.0, 25.0, 26.0, 27.0], [30.0, 31.0, 32.0, 35.0, 36.0, 37.0], [40.0, 41.0, 42.0, 45.0, 46.0, 47.0]]> : tensor<4x6xf32>} : (tensor<4x6xf32>) -> ()
  func.return
}

// -----

// Seed 001 "DynamicSlice" and seed 002, 1-dimensional example:
// DynamicSlice({0.0, 1.0, 2.0, 3.0, 4.0}, {2}, {2}) = {2.0, 3.0}.
func.func @dynamic_slice_seed002_1d() {
  %a = "xhlo.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %s = "xhlo.constant"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.dynamic_slice"(%a, %s) {slice_sizes = array<i64: 2>} : (tensor<5xf32>, tensor<i32>) -> tensor<2xf32>
  "check.expect_eq_const"(%r) {value = dense<[2.0, 3.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

// Seed 001 "DynamicSlice" and seed 002, 2-dimensional example: start {2, 1}, sizes {2, 2}
// give {{7.0, 8.0}, {10.0, 11.0}}. Seed 002 passes the start indices as N scalars (001: one
// rank-1 array); xhlo follows 002.
func.func @dynamic_slice_seed002_2d() {
  %b = "xhlo.constant"() {value = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %s0 = "xhlo.constant"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %s1 = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.dynamic_slice"(%b, %s0, %s1) {slice_sizes = array<i64: 2, 2>} : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  "check.expect_eq_const"(%r) {value = dense<[[7.0, 8.0], [10.0, 11.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "DynamicSlice": out-of-range starts are clamped,
// start_indices[i] = clamp(start_indices[i], 0, operand.dimension_size[i] - size_indices[i]).
// Seed 001 said starts wrap modulo the dimension size (start 4 would give {4.0, 0.0} and -3
// would give {2.0, 3.0}); 002 is newer and wins. Seed 002 writes the range as "i in
// [1, N)", a typo for [0, N): dimension 0 is clamped too, as pinned here.
func.func @dynamic_slice_seed002_start_clamped() {
  %a = "xhlo.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %big = "xhlo.constant"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.dynamic_slice"(%a, %big) {slice_sizes = array<i64: 2>} : (tensor<5xf32>, tensor<i32>) -> tensor<2xf32>
  "check.expect_eq_const"(%r) {value = dense<[3.0, 4.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  %neg = "xhlo.constant"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  %r2 = "xhlo.dynamic_slice"(%a, %neg) {slice_sizes = array<i64: 2>} : (tensor<5xf32>, tensor<i32>) -> tensor<2xf32>
  "check.expect_eq_const"(%r2) {value = dense<[0.0, 1.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  %eight = "xhlo.constant"() {value = dense<8> : tensor<i32>} : () -> tensor<i32>
  %r3 = "xhlo.dynamic_slice"(%a, %eight) {slice_sizes = array<i64: 2>} : (tensor<5xf32>, tensor<i32>) -> tensor<2xf32>
  "check.expect_eq_const"(%r3) {value = dense<[3.0, 4.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

// Seed 001 "DynamicUpdateSlice" and seed 002, 1-dimensional example:
// DynamicUpdateSlice({0.0, 1.0, 2.0, 3.0, 4.0}, {5.0, 6.0}, {2}) = {0.0, 1.0, 5.0, 6.0, 4.0}.
func.func @dynamic_update_slice_seed002_1d() {
  %a = "xhlo.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %u = "xhlo.constant"() {value = dense<[5.0, 6.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %s = "xhlo.constant"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.dynamic_update_slice"(%a, %u, %s) : (tensor<5xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5xf32>
  "check.expect_eq_const"(%r) {value = dense<[0.0, 1.0, 5.0, 6.0, 4.0]> : tensor<5xf32>} : (tensor<5xf32>) -> ()
  func.return
}

// -----

// Seed 001 "DynamicUpdateSlice" and seed 002, 2-dimensional example: a 3x2 update at {1, 1}.
func.func @dynamic_update_slice_seed002_2d() {
  %b = "xhlo.constant"() {value = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %u = "xhlo.constant"() {value = dense<[[12.0, 13.0], [14.0, 15.0], [16.0, 17.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %s = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.dynamic_update_slice"(%b, %u, %s, %s) : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  "check.expect_eq_const"(%r) {value = dense<[[0.0, 1.0, 2.0], [3.0, 12.0, 13.0], [6.0, 14.0, 15.0], [9.0, 16.0, 17.0]]> : tensor<4x3xf32>} : (tensor<4x3xf32>) -> ()
  func.return
}

// -----

// Seed 002 "DynamicUpdateSlice": starts are clamped to [0, operand size - update size]
// (seed 001: modulo the update size; 002 wins). The 2D example's update at {3, 5} lands at
// {1, 1}, the same result as the in-bounds example; at {-1, -1} it lands at {0, 0}.
func.func @dynamic_update_slice_seed002_start_clamped() {
  %b = "xhlo.constant"() {value = dense<[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %u = "xhlo.constant"() {value = dense<[[12.0, 13.0], [14.0, 15.0], [16.0, 17.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %s0 = "xhlo.constant"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %s1 = "xhlo.constant"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.dynamic_update_slice"(%b, %u, %s0, %s1) : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  "check.expect_eq_const"(%r) {value = dense<[[0.0, 1.0, 2.0], [3.0, 12.0, 13.0], [6.0, 14.0, 15.0], [9.0, 16.0, 17.0]]> : tensor<4x3xf32>} : (tensor<4x3xf32>) -> ()
  %m = "xhlo.constant"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %r2 = "xhlo.dynamic_update_slice"(%b, %u, %m, %m) : (tensor<4x3xf32>, tensor<3x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x3xf32>
  "check.expect_eq_const"(%r2) {value = dense<[[12.0, 13.0, 2.0], [14.0, 15.0, 5.0], [16.0, 17.0, 8.0], [9.0, 10.0, 11.0]]> : tensor<4x3xf32>} : (tensor<4x3xf32>) -> ()
  func.return
}

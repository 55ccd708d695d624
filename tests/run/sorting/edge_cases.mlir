// Edge cases of sort and top_k (lowering/src/ops/sorting.rs), run end to end with
// `target/debug/xla-run --check tests/run/sorting/edge_cases.mlir`.

func.func @top_k_largest_and_smallest() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 0x7FC00000, 5.0, -0.0, 0.0], [2.0, 2.0, 2.0, 1.0, 3.0, 0xFF800000]]> : tensor<2x6xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x6xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %i, dense<[[2, 1, 3], [4, 0, 1]]> : tensor<2x3xi32>
  check.expect_almost_eq_const %v, dense<[[0x7FC00000, 5.0, 5.0], [3.0, 2.0, 2.0]]> : tensor<2x3xf32>
  func.return
}

// -----

func.func @top_k_integers() {
  %x = stablehlo.constant dense<[3, -1, 7, 7, 0]> : tensor<5xi64>
  %v, %i = chlo.top_k(%x, k = 2) : tensor<5xi64> -> (tensor<2xi64>, tensor<2xi32>)
  check.expect_eq_const %i, dense<[2, 3]> : tensor<2xi32>
  check.expect_eq_const %v, dense<[7, 7]> : tensor<2xi64>
  func.return
}

// -----

func.func @sort_total_order_nan_and_signed_zero() {
  %x = stablehlo.constant dense<[3.0, 0x7FC00000, -0.0, 1.0, 0xFF800000, 0.0, 0xFFC00000, 0x7F800000, -2.0]> : tensor<9xf32>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<9xf32>) -> tensor<9xf32>
  check.expect_almost_eq_const %r, dense<[0x7FC00000, 0xFF800000, -2.0, 0.0, 0.0, 1.0, 3.0, 0x7F800000, 0x7FC00000]> : tensor<9xf32>
  %one = stablehlo.constant dense<1.0> : tensor<9xf32>
  %inv = stablehlo.divide %one, %r : tensor<9xf32>
  check.expect_almost_eq_const %inv, dense<[0x7FC00000, -0.0, -0.5, 0xFF800000, 0x7F800000, 1.0, 0.333333343, 0.0, 0x7FC00000]> : tensor<9xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<9xf32>
  %below = stablehlo.compare LT, %r, %ninf, TOTALORDER : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xi1>
  check.expect_eq_const %below, dense<[true, false, false, false, false, false, false, false, false]> : tensor<9xi1>
  func.return
}

// -----

// NaN-last comparator written out: a < b, or b is NaN and a is not.
func.func @sort_nan_last_comparator_descending() {
  %x = stablehlo.constant dense<[[3.0, 0x7FC00000, 1.0, 5.0], [0x7FC00000, 0x7FC00000, -1.0, 2.0]]> : tensor<2x4xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %r:2 = "stablehlo.sort"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %p: tensor<i32>, %q: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %bnan = stablehlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %anan = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %anotnan = stablehlo.not %anan : tensor<i1>
    %x1 = stablehlo.and %bnan, %anotnan : tensor<i1>
    %c = stablehlo.or %gt, %x1 : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x4xf32>, tensor<2x4xi32>) -> (tensor<2x4xf32>, tensor<2x4xi32>)
  check.expect_eq_const %r#1, dense<[[3, 0, 2, 1], [3, 2, 0, 1]]> : tensor<2x4xi32>
  func.return
}

// -----

// Stability over a row longer than a power of two: keys mod 3, payload iota.
func.func @sort_stable_long_row() {
  %i = stablehlo.iota dim = 0 : tensor<37xi32>
  %three = stablehlo.constant dense<3> : tensor<37xi32>
  %k = stablehlo.remainder %i, %three : tensor<37xi32>
  %r:2 = "stablehlo.sort"(%k, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %p: tensor<i32>, %q: tensor<i32>):
    %c = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<37xi32>, tensor<37xi32>) -> (tensor<37xi32>, tensor<37xi32>)
  check.expect_eq_const %r#1, dense<[2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]> : tensor<37xi32>
  check.expect_eq_const %r#0, dense<[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<37xi32>
  func.return
}

// -----

// Rank 3, sorting the middle dimension, unsigned keys and a tie broken by the second operand.
func.func @sort_rank3_middle_dimension_unsigned() {
  %k = stablehlo.constant dense<[[[200, 1], [5, 1], [200, 0]], [[0, 255], [1, 254], [0, 253]]]> : tensor<2x3x2xui8>
  %v = stablehlo.constant dense<[[[1, 2], [3, 4], [0, 6]], [[7, 8], [9, 10], [6, 12]]]> : tensor<2x3x2xi64>
  %r:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>, %p: tensor<i64>, %q: tensor<i64>):
    %lt = stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %plt = stablehlo.compare LT, %p, %q, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %t = stablehlo.and %eq, %plt : tensor<i1>
    %c = stablehlo.or %lt, %t : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x3x2xui8>, tensor<2x3x2xi64>) -> (tensor<2x3x2xui8>, tensor<2x3x2xi64>)
  check.expect_eq_const %r#0, dense<[[[5, 0], [200, 1], [200, 1]], [[0, 253], [0, 254], [1, 255]]]> : tensor<2x3x2xui8>
  check.expect_eq_const %r#1, dense<[[[3, 6], [0, 2], [1, 4]], [[6, 12], [7, 10], [9, 8]]]> : tensor<2x3x2xi64>
  func.return
}

// -----

func.func @sort_empty_and_single() {
  %e = stablehlo.constant dense<> : tensor<0xf32>
  %r = "stablehlo.sort"(%e) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<0xf32>) -> tensor<0xf32>
  %s = stablehlo.constant dense<[[4.0], [2.0]]> : tensor<2x1xf32>
  %r2 = "stablehlo.sort"(%s) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x1xf32>) -> tensor<2x1xf32>
  check.expect_almost_eq_const %r2, dense<[[4.0], [2.0]]> : tensor<2x1xf32>
  func.return
}

// -----

// i4 keys (stored as bytes), descending.
func.func @sort_i4_descending() {
  %k = stablehlo.constant dense<[-8, 7, 0, -1, 3]> : tensor<5xi4>
  %r = "stablehlo.sort"(%k) ({
  ^bb0(%a: tensor<i4>, %b: tensor<i4>):
    %c = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i4>, tensor<i4>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<5xi4>) -> tensor<5xi4>
  check.expect_eq_const %r, dense<[7, 3, 0, -1, -8]> : tensor<5xi4>
  func.return
}

// -----

// NaN payloads and signs come through sort and top_k bit for bit (0x7fc00001, the
// signalling 0x7f800001 and -NaN 0xffc00000 among ordinary values).
func.func @sort_keeps_nan_payloads() {
  %bits = stablehlo.constant dense<[2143289345, 1065353216, -4194304, 2139095041, -1082130432]> : tensor<5xi32>
  %x = stablehlo.bitcast_convert %bits : (tensor<5xi32>) -> tensor<5xf32>
  %s = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>) -> tensor<5xf32>
  %sb = stablehlo.bitcast_convert %s : (tensor<5xf32>) -> tensor<5xi32>
  check.expect_eq_const %sb, dense<[-4194304, -1082130432, 1065353216, 2139095041, 2143289345]> : tensor<5xi32>
  %v, %i = "stablehlo.sort"(%x, %bits) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %cc = stablehlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %cc : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<5xf32>) -> tensor<5xi32>
  check.expect_eq %vb, %i : tensor<5xi32>
  func.return
}

// -----

func.func @top_k_keeps_nan_payloads() {
  %bits = stablehlo.constant dense<[2143289345, 1065353216, -4194304, 2139095041, -1082130432]> : tensor<5xi32>
  %x = stablehlo.bitcast_convert %bits : (tensor<5xi32>) -> tensor<5xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<5xf32> -> (tensor<3xf32>, tensor<3xi32>)
  %vb = stablehlo.bitcast_convert %v : (tensor<3xf32>) -> tensor<3xi32>
  check.expect_eq_const %vb, dense<[2143289345, 2139095041, 1065353216]> : tensor<3xi32>
  check.expect_eq_const %i, dense<[0, 3, 1]> : tensor<3xi32>
  func.return
}

// A dtype sweep: for every element type of the seeds' type list (seed 002; PRED i1, S8-S64,
// U8-U64, F16, BF16, F32, F64) the same program of add, multiply, maximum, minimum, compare LT,
// select, convert to and from f32 and i32, broadcast_in_dim, reshape, transpose, concatenate,
// slice (strided), reduce (add; or for PRED) and dot_general (not PRED), with hand-computed
// expected values: exact for integers and PRED, expect_almost_eq for floats (the chosen float
// values are exact in bf16 and f16 as well, so no rounding enters; the bf16/f16 rounding of
// conversions from f32 has its own chunks at the end).
// Integers: signed operands a = [[1, -2, 3], [4, 5, -6]], b = [[2, 2, -1], [-3, 5, 7]]; unsigned
// a = [[1, 2, 3], [4, 5, BIG]], b = [[2, 1, 7], [3, 5, 0]] with BIG above the signed range
// (200, 60000, 4000000000, 18000000000000000000) so that unsigned compare/max/convert are pinned;
// arithmetic wraps modulo 2^bits. Conversions: float -> int truncates toward zero, int -> int
// wraps (i32 -> uN sign-extends first), anything -> PRED is "!= 0", PRED -> number is 0/1.
// PRED arithmetic: add is OR, multiply is AND, maximum OR, minimum AND.
// Run: target/debug/xla-run --check tests/run/dtype_sweep.mlir

func.func @dtype_sweep_i1() {
  %a = "xhlo.constant"() {value = dense<[[true, true, false], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %b = "xhlo.constant"() {value = dense<[[true, false, true], [false, false, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%add) {value = dense<[[true, true, true], [false, true, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%mul) {value = dense<[[true, false, false], [false, false, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%max) {value = dense<[[true, true, true], [false, true, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%min) {value = dense<[[true, false, false], [false, false, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "UNSIGNED"} : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[false, false, true], [false, false, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%sel) {value = dense<[[true, false, false], [false, true, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xi1>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.0, 1.0, 0.0], [0.0, 1.0, 0.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xi1>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, 1, 0], [0, 1, 0]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%fromf) {value = dense<[[true, true, true], [true, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%fromi) {value = dense<[[true, true, true], [true, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %row = "xhlo.constant"() {value = dense<[true, true, false]> : tensor<3xi1>} : () -> tensor<3xi1>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi1>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%bc) {value = dense<[[true, true, false], [true, true, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xi1>) -> tensor<3x2xi1>
  "check.expect_eq_const"(%rs) {value = dense<[[true, true], [false, false], [true, false]]> : tensor<3x2xi1>} : (tensor<3x2xi1>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xi1>) -> tensor<3x2xi1>
  "check.expect_eq_const"(%tr) {value = dense<[[true, false], [true, true], [false, false]]> : tensor<3x2xi1>} : (tensor<3x2xi1>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<4x3xi1>
  "check.expect_eq_const"(%cc) {value = dense<[[true, true, false], [false, true, false], [true, false, true], [false, false, false]]> : tensor<4x3xi1>} : (tensor<4x3xi1>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xi1>) -> tensor<2x2xi1>
  "check.expect_eq_const"(%sl) {value = dense<[[true, false], [false, false]]> : tensor<2x2xi1>} : (tensor<2x2xi1>) -> ()
  %z = "xhlo.constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<i1>, %y: tensor<i1>):
    %s = "xhlo.or"(%x, %y) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "gpu.yield"(%s) : (tensor<i1>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
  "check.expect_eq_const"(%red) {value = dense<[true, true]> : tensor<2xi1>} : (tensor<2xi1>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_i8() {
  %a = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %b = "xhlo.constant"() {value = dense<[[2, 2, -1], [-3, 5, 7]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "check.expect_eq_const"(%add) {value = dense<[[3, 0, 2], [1, 10, 1]]> : tensor<2x3xi8>} : (tensor<2x3xi8>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "check.expect_eq_const"(%mul) {value = dense<[[2, -4, -3], [-12, 25, -42]]> : tensor<2x3xi8>} : (tensor<2x3xi8>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "check.expect_eq_const"(%max) {value = dense<[[2, 2, 3], [4, 5, 7]]> : tensor<2x3xi8>} : (tensor<2x3xi8>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "check.expect_eq_const"(%min) {value = dense<[[1, -2, -1], [-3, 5, -6]]> : tensor<2x3xi8>} : (tensor<2x3xi8>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "SIGNED"} : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "check.expect_eq_const"(%sel) {value = dense<[[1, 2, 3], [-3, 5, 7]]> : tensor<2x3xi8>} : (tensor<2x3xi8>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xi8>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xi8>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xi8>
  "check.expect_eq_const"(%fromf) {value = dense<[[1, -2, 3], [4, 0, 6]]> : tensor<2x3xi8>} : (tensor<2x3xi8>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xi8>
  "check.expect_eq_const"(%fromi) {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi8>} : (tensor<2x3xi8>) -> ()
  %row = "xhlo.constant"() {value = dense<[1, -2, 3]> : tensor<3xi8>} : () -> tensor<3xi8>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi8>) -> tensor<2x3xi8>
  "check.expect_eq_const"(%bc) {value = dense<[[1, -2, 3], [1, -2, 3]]> : tensor<2x3xi8>} : (tensor<2x3xi8>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xi8>) -> tensor<3x2xi8>
  "check.expect_eq_const"(%rs) {value = dense<[[1, -2], [3, 4], [5, -6]]> : tensor<3x2xi8>} : (tensor<3x2xi8>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xi8>) -> tensor<3x2xi8>
  "check.expect_eq_const"(%tr) {value = dense<[[1, 4], [-2, 5], [3, -6]]> : tensor<3x2xi8>} : (tensor<3x2xi8>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<4x3xi8>
  "check.expect_eq_const"(%cc) {value = dense<[[1, -2, 3], [4, 5, -6], [2, 2, -1], [-3, 5, 7]]> : tensor<4x3xi8>} : (tensor<4x3xi8>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xi8>) -> tensor<2x2xi8>
  "check.expect_eq_const"(%sl) {value = dense<[[5, -6], [5, 7]]> : tensor<2x2xi8>} : (tensor<2x2xi8>) -> ()
  %z = "xhlo.constant"() {value = dense<0> : tensor<i8>} : () -> tensor<i8>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<i8>, %y: tensor<i8>):
    %s = "xhlo.add"(%x, %y) : (tensor<i8>, tensor<i8>) -> tensor<i8>
    "gpu.yield"(%s) : (tensor<i8>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi8>, tensor<i8>) -> tensor<2xi8>
  "check.expect_eq_const"(%red) {value = dense<[2, 3]> : tensor<2xi8>} : (tensor<2xi8>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x2xi8>
  "check.expect_eq_const"(%dot) {value = dense<[[-5, 8], [24, -29]]> : tensor<2x2xi8>} : (tensor<2x2xi8>) -> ()
  // Conversions to a narrower integer wrap (300 -> 44, -200 -> 56).
  %nw = "xhlo.constant"() {value = dense<[300, -200, 127, -129]> : tensor<4xi32>} : () -> tensor<4xi32>
  %nwc = "xhlo.convert"(%nw) : (tensor<4xi32>) -> tensor<4xi8>
  "check.expect_eq_const"(%nwc) {value = dense<[44, 56, 127, 127]> : tensor<4xi8>} : (tensor<4xi8>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_i16() {
  %a = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %b = "xhlo.constant"() {value = dense<[[2, 2, -1], [-3, 5, 7]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "check.expect_eq_const"(%add) {value = dense<[[3, 0, 2], [1, 10, 1]]> : tensor<2x3xi16>} : (tensor<2x3xi16>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "check.expect_eq_const"(%mul) {value = dense<[[2, -4, -3], [-12, 25, -42]]> : tensor<2x3xi16>} : (tensor<2x3xi16>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "check.expect_eq_const"(%max) {value = dense<[[2, 2, 3], [4, 5, 7]]> : tensor<2x3xi16>} : (tensor<2x3xi16>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "check.expect_eq_const"(%min) {value = dense<[[1, -2, -1], [-3, 5, -6]]> : tensor<2x3xi16>} : (tensor<2x3xi16>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "SIGNED"} : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "check.expect_eq_const"(%sel) {value = dense<[[1, 2, 3], [-3, 5, 7]]> : tensor<2x3xi16>} : (tensor<2x3xi16>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xi16>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xi16>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xi16>
  "check.expect_eq_const"(%fromf) {value = dense<[[1, -2, 3], [4, 0, 6]]> : tensor<2x3xi16>} : (tensor<2x3xi16>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xi16>
  "check.expect_eq_const"(%fromi) {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi16>} : (tensor<2x3xi16>) -> ()
  %row = "xhlo.constant"() {value = dense<[1, -2, 3]> : tensor<3xi16>} : () -> tensor<3xi16>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi16>) -> tensor<2x3xi16>
  "check.expect_eq_const"(%bc) {value = dense<[[1, -2, 3], [1, -2, 3]]> : tensor<2x3xi16>} : (tensor<2x3xi16>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xi16>) -> tensor<3x2xi16>
  "check.expect_eq_const"(%rs) {value = dense<[[1, -2], [3, 4], [5, -6]]> : tensor<3x2xi16>} : (tensor<3x2xi16>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xi16>) -> tensor<3x2xi16>
  "check.expect_eq_const"(%tr) {value = dense<[[1, 4], [-2, 5], [3, -6]]> : tensor<3x2xi16>} : (tensor<3x2xi16>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<4x3xi16>
  "check.expect_eq_const"(%cc) {value = dense<[[1, -2, 3], [4, 5, -6], [2, 2, -1], [-3, 5, 7]]> : tensor<4x3xi16>} : (tensor<4x3xi16>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xi16>) -> tensor<2x2xi16>
  "check.expect_eq_const"(%sl) {value = dense<[[5, -6], [5, 7]]> : tensor<2x2xi16>} : (tensor<2x2xi16>) -> ()
  %z = "xhlo.constant"() {value = dense<0> : tensor<i16>} : () -> tensor<i16>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<i16>, %y: tensor<i16>):
    %s = "xhlo.add"(%x, %y) : (tensor<i16>, tensor<i16>) -> tensor<i16>
    "gpu.yield"(%s) : (tensor<i16>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi16>, tensor<i16>) -> tensor<2xi16>
  "check.expect_eq_const"(%red) {value = dense<[2, 3]> : tensor<2xi16>} : (tensor<2xi16>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x2xi16>
  "check.expect_eq_const"(%dot) {value = dense<[[-5, 8], [24, -29]]> : tensor<2x2xi16>} : (tensor<2x2xi16>) -> ()
  // Conversions to a narrower integer wrap (70000 -> 4464, -32769 -> 32767).
  %nw = "xhlo.constant"() {value = dense<[70000, -32769, 32767, -32768]> : tensor<4xi32>} : () -> tensor<4xi32>
  %nwc = "xhlo.convert"(%nw) : (tensor<4xi32>) -> tensor<4xi16>
  "check.expect_eq_const"(%nwc) {value = dense<[4464, 32767, 32767, -32768]> : tensor<4xi16>} : (tensor<4xi16>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_i32() {
  %a = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %b = "xhlo.constant"() {value = dense<[[2, 2, -1], [-3, 5, 7]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%add) {value = dense<[[3, 0, 2], [1, 10, 1]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%mul) {value = dense<[[2, -4, -3], [-12, 25, -42]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%max) {value = dense<[[2, 2, 3], [4, 5, 7]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%min) {value = dense<[[1, -2, -1], [-3, 5, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "SIGNED"} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%sel) {value = dense<[[1, 2, 3], [-3, 5, 7]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xi32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%fromf) {value = dense<[[1, -2, 3], [4, 0, 6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%fromi) {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %row = "xhlo.constant"() {value = dense<[1, -2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%bc) {value = dense<[[1, -2, 3], [1, -2, 3]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xi32>) -> tensor<3x2xi32>
  "check.expect_eq_const"(%rs) {value = dense<[[1, -2], [3, 4], [5, -6]]> : tensor<3x2xi32>} : (tensor<3x2xi32>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  "check.expect_eq_const"(%tr) {value = dense<[[1, 4], [-2, 5], [3, -6]]> : tensor<3x2xi32>} : (tensor<3x2xi32>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<4x3xi32>
  "check.expect_eq_const"(%cc) {value = dense<[[1, -2, 3], [4, 5, -6], [2, 2, -1], [-3, 5, 7]]> : tensor<4x3xi32>} : (tensor<4x3xi32>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xi32>) -> tensor<2x2xi32>
  "check.expect_eq_const"(%sl) {value = dense<[[5, -6], [5, 7]]> : tensor<2x2xi32>} : (tensor<2x2xi32>) -> ()
  %z = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %s = "xhlo.add"(%x, %y) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  "check.expect_eq_const"(%red) {value = dense<[2, 3]> : tensor<2xi32>} : (tensor<2xi32>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x2xi32>
  "check.expect_eq_const"(%dot) {value = dense<[[-5, 8], [24, -29]]> : tensor<2x2xi32>} : (tensor<2x2xi32>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_i64() {
  %a = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %b = "xhlo.constant"() {value = dense<[[2, 2, -1], [-3, 5, 7]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%add) {value = dense<[[3, 0, 2], [1, 10, 1]]> : tensor<2x3xi64>} : (tensor<2x3xi64>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%mul) {value = dense<[[2, -4, -3], [-12, 25, -42]]> : tensor<2x3xi64>} : (tensor<2x3xi64>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%max) {value = dense<[[2, 2, 3], [4, 5, 7]]> : tensor<2x3xi64>} : (tensor<2x3xi64>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%min) {value = dense<[[1, -2, -1], [-3, 5, -6]]> : tensor<2x3xi64>} : (tensor<2x3xi64>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "SIGNED"} : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%sel) {value = dense<[[1, 2, 3], [-3, 5, 7]]> : tensor<2x3xi64>} : (tensor<2x3xi64>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xi64>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xi64>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, -2, 3], [4, 5, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%fromf) {value = dense<[[1, -2, 3], [4, 0, 6]]> : tensor<2x3xi64>} : (tensor<2x3xi64>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%fromi) {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi64>} : (tensor<2x3xi64>) -> ()
  %row = "xhlo.constant"() {value = dense<[1, -2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi64>) -> tensor<2x3xi64>
  "check.expect_eq_const"(%bc) {value = dense<[[1, -2, 3], [1, -2, 3]]> : tensor<2x3xi64>} : (tensor<2x3xi64>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xi64>) -> tensor<3x2xi64>
  "check.expect_eq_const"(%rs) {value = dense<[[1, -2], [3, 4], [5, -6]]> : tensor<3x2xi64>} : (tensor<3x2xi64>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xi64>) -> tensor<3x2xi64>
  "check.expect_eq_const"(%tr) {value = dense<[[1, 4], [-2, 5], [3, -6]]> : tensor<3x2xi64>} : (tensor<3x2xi64>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<4x3xi64>
  "check.expect_eq_const"(%cc) {value = dense<[[1, -2, 3], [4, 5, -6], [2, 2, -1], [-3, 5, 7]]> : tensor<4x3xi64>} : (tensor<4x3xi64>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xi64>) -> tensor<2x2xi64>
  "check.expect_eq_const"(%sl) {value = dense<[[5, -6], [5, 7]]> : tensor<2x2xi64>} : (tensor<2x2xi64>) -> ()
  %z = "xhlo.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %s = "xhlo.add"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xi64>, tensor<i64>) -> tensor<2xi64>
  "check.expect_eq_const"(%red) {value = dense<[2, 3]> : tensor<2xi64>} : (tensor<2xi64>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x2xi64>
  "check.expect_eq_const"(%dot) {value = dense<[[-5, 8], [24, -29]]> : tensor<2x2xi64>} : (tensor<2x2xi64>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_ui8() {
  %a = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 200]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %b = "xhlo.constant"() {value = dense<[[2, 1, 7], [3, 5, 0]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "check.expect_eq_const"(%add) {value = dense<[[3, 3, 10], [7, 10, 200]]> : tensor<2x3xui8>} : (tensor<2x3xui8>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "check.expect_eq_const"(%mul) {value = dense<[[2, 2, 21], [12, 25, 0]]> : tensor<2x3xui8>} : (tensor<2x3xui8>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "check.expect_eq_const"(%max) {value = dense<[[2, 2, 7], [4, 5, 200]]> : tensor<2x3xui8>} : (tensor<2x3xui8>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "check.expect_eq_const"(%min) {value = dense<[[1, 1, 3], [3, 5, 0]]> : tensor<2x3xui8>} : (tensor<2x3xui8>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "UNSIGNED"} : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, false, true], [false, false, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "check.expect_eq_const"(%sel) {value = dense<[[1, 1, 3], [3, 5, 0]]> : tensor<2x3xui8>} : (tensor<2x3xui8>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xui8>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 200.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xui8>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, 2, 3], [4, 5, 200]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, 2.0, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xui8>
  "check.expect_eq_const"(%fromf) {value = dense<[[1, 2, 3], [4, 0, 6]]> : tensor<2x3xui8>} : (tensor<2x3xui8>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xui8>
  "check.expect_eq_const"(%fromi) {value = dense<[[1, 254, 3], [4, 0, 250]]> : tensor<2x3xui8>} : (tensor<2x3xui8>) -> ()
  %row = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xui8>} : () -> tensor<3xui8>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xui8>) -> tensor<2x3xui8>
  "check.expect_eq_const"(%bc) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xui8>} : (tensor<2x3xui8>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xui8>) -> tensor<3x2xui8>
  "check.expect_eq_const"(%rs) {value = dense<[[1, 2], [3, 4], [5, 200]]> : tensor<3x2xui8>} : (tensor<3x2xui8>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xui8>) -> tensor<3x2xui8>
  "check.expect_eq_const"(%tr) {value = dense<[[1, 4], [2, 5], [3, 200]]> : tensor<3x2xui8>} : (tensor<3x2xui8>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<4x3xui8>
  "check.expect_eq_const"(%cc) {value = dense<[[1, 2, 3], [4, 5, 200], [2, 1, 7], [3, 5, 0]]> : tensor<4x3xui8>} : (tensor<4x3xui8>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xui8>) -> tensor<2x2xui8>
  "check.expect_eq_const"(%sl) {value = dense<[[5, 200], [5, 0]]> : tensor<2x2xui8>} : (tensor<2x2xui8>) -> ()
  %z = "xhlo.constant"() {value = dense<0> : tensor<ui8>} : () -> tensor<ui8>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<ui8>, %y: tensor<ui8>):
    %s = "xhlo.add"(%x, %y) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
    "gpu.yield"(%s) : (tensor<ui8>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xui8>, tensor<ui8>) -> tensor<2xui8>
  "check.expect_eq_const"(%red) {value = dense<[6, 209]> : tensor<2xui8>} : (tensor<2xui8>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x2xui8>
  "check.expect_eq_const"(%dot) {value = dense<[[25, 13], [133, 37]]> : tensor<2x2xui8>} : (tensor<2x2xui8>) -> ()
  // Conversions to a narrower unsigned integer wrap (300 -> 44, -1 -> 255).
  %nw = "xhlo.constant"() {value = dense<[300, -1, 255, 256]> : tensor<4xi32>} : () -> tensor<4xi32>
  %nwc = "xhlo.convert"(%nw) : (tensor<4xi32>) -> tensor<4xui8>
  "check.expect_eq_const"(%nwc) {value = dense<[44, 255, 255, 0]> : tensor<4xui8>} : (tensor<4xui8>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_ui16() {
  %a = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 60000]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %b = "xhlo.constant"() {value = dense<[[2, 1, 7], [3, 5, 0]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "check.expect_eq_const"(%add) {value = dense<[[3, 3, 10], [7, 10, 60000]]> : tensor<2x3xui16>} : (tensor<2x3xui16>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "check.expect_eq_const"(%mul) {value = dense<[[2, 2, 21], [12, 25, 0]]> : tensor<2x3xui16>} : (tensor<2x3xui16>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "check.expect_eq_const"(%max) {value = dense<[[2, 2, 7], [4, 5, 60000]]> : tensor<2x3xui16>} : (tensor<2x3xui16>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "check.expect_eq_const"(%min) {value = dense<[[1, 1, 3], [3, 5, 0]]> : tensor<2x3xui16>} : (tensor<2x3xui16>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "UNSIGNED"} : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, false, true], [false, false, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "check.expect_eq_const"(%sel) {value = dense<[[1, 1, 3], [3, 5, 0]]> : tensor<2x3xui16>} : (tensor<2x3xui16>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xui16>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 60000.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xui16>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, 2, 3], [4, 5, 60000]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, 2.0, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xui16>
  "check.expect_eq_const"(%fromf) {value = dense<[[1, 2, 3], [4, 0, 6]]> : tensor<2x3xui16>} : (tensor<2x3xui16>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xui16>
  "check.expect_eq_const"(%fromi) {value = dense<[[1, 65534, 3], [4, 0, 65530]]> : tensor<2x3xui16>} : (tensor<2x3xui16>) -> ()
  %row = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xui16>} : () -> tensor<3xui16>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xui16>) -> tensor<2x3xui16>
  "check.expect_eq_const"(%bc) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xui16>} : (tensor<2x3xui16>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xui16>) -> tensor<3x2xui16>
  "check.expect_eq_const"(%rs) {value = dense<[[1, 2], [3, 4], [5, 60000]]> : tensor<3x2xui16>} : (tensor<3x2xui16>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xui16>) -> tensor<3x2xui16>
  "check.expect_eq_const"(%tr) {value = dense<[[1, 4], [2, 5], [3, 60000]]> : tensor<3x2xui16>} : (tensor<3x2xui16>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<4x3xui16>
  "check.expect_eq_const"(%cc) {value = dense<[[1, 2, 3], [4, 5, 60000], [2, 1, 7], [3, 5, 0]]> : tensor<4x3xui16>} : (tensor<4x3xui16>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xui16>) -> tensor<2x2xui16>
  "check.expect_eq_const"(%sl) {value = dense<[[5, 60000], [5, 0]]> : tensor<2x2xui16>} : (tensor<2x2xui16>) -> ()
  %z = "xhlo.constant"() {value = dense<0> : tensor<ui16>} : () -> tensor<ui16>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<ui16>, %y: tensor<ui16>):
    %s = "xhlo.add"(%x, %y) : (tensor<ui16>, tensor<ui16>) -> tensor<ui16>
    "gpu.yield"(%s) : (tensor<ui16>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xui16>, tensor<ui16>) -> tensor<2xui16>
  "check.expect_eq_const"(%red) {value = dense<[6, 60009]> : tensor<2xui16>} : (tensor<2xui16>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x2xui16>
  "check.expect_eq_const"(%dot) {value = dense<[[25, 13], [26797, 37]]> : tensor<2x2xui16>} : (tensor<2x2xui16>) -> ()
  // Conversions to a narrower unsigned integer wrap (70000 -> 4464, -1 -> 65535).
  %nw = "xhlo.constant"() {value = dense<[70000, -1, 65535, 65536]> : tensor<4xi32>} : () -> tensor<4xi32>
  %nwc = "xhlo.convert"(%nw) : (tensor<4xi32>) -> tensor<4xui16>
  "check.expect_eq_const"(%nwc) {value = dense<[4464, 65535, 65535, 0]> : tensor<4xui16>} : (tensor<4xui16>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_ui32() {
  %a = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 4000000000]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %b = "xhlo.constant"() {value = dense<[[2, 1, 7], [3, 5, 0]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "check.expect_eq_const"(%add) {value = dense<[[3, 3, 10], [7, 10, 4000000000]]> : tensor<2x3xui32>} : (tensor<2x3xui32>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "check.expect_eq_const"(%mul) {value = dense<[[2, 2, 21], [12, 25, 0]]> : tensor<2x3xui32>} : (tensor<2x3xui32>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "check.expect_eq_const"(%max) {value = dense<[[2, 2, 7], [4, 5, 4000000000]]> : tensor<2x3xui32>} : (tensor<2x3xui32>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "check.expect_eq_const"(%min) {value = dense<[[1, 1, 3], [3, 5, 0]]> : tensor<2x3xui32>} : (tensor<2x3xui32>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "UNSIGNED"} : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, false, true], [false, false, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "check.expect_eq_const"(%sel) {value = dense<[[1, 1, 3], [3, 5, 0]]> : tensor<2x3xui32>} : (tensor<2x3xui32>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xui32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 4000000000.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xui32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, 2, 3], [4, 5, -294967296]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, 2.0, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xui32>
  "check.expect_eq_const"(%fromf) {value = dense<[[1, 2, 3], [4, 0, 6]]> : tensor<2x3xui32>} : (tensor<2x3xui32>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xui32>
  "check.expect_eq_const"(%fromi) {value = dense<[[1, 4294967294, 3], [4, 0, 4294967290]]> : tensor<2x3xui32>} : (tensor<2x3xui32>) -> ()
  %row = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xui32>} : () -> tensor<3xui32>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xui32>) -> tensor<2x3xui32>
  "check.expect_eq_const"(%bc) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xui32>} : (tensor<2x3xui32>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xui32>) -> tensor<3x2xui32>
  "check.expect_eq_const"(%rs) {value = dense<[[1, 2], [3, 4], [5, 4000000000]]> : tensor<3x2xui32>} : (tensor<3x2xui32>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xui32>) -> tensor<3x2xui32>
  "check.expect_eq_const"(%tr) {value = dense<[[1, 4], [2, 5], [3, 4000000000]]> : tensor<3x2xui32>} : (tensor<3x2xui32>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<4x3xui32>
  "check.expect_eq_const"(%cc) {value = dense<[[1, 2, 3], [4, 5, 4000000000], [2, 1, 7], [3, 5, 0]]> : tensor<4x3xui32>} : (tensor<4x3xui32>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xui32>) -> tensor<2x2xui32>
  "check.expect_eq_const"(%sl) {value = dense<[[5, 4000000000], [5, 0]]> : tensor<2x2xui32>} : (tensor<2x2xui32>) -> ()
  %z = "xhlo.constant"() {value = dense<0> : tensor<ui32>} : () -> tensor<ui32>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<ui32>, %y: tensor<ui32>):
    %s = "xhlo.add"(%x, %y) : (tensor<ui32>, tensor<ui32>) -> tensor<ui32>
    "gpu.yield"(%s) : (tensor<ui32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2xui32>
  "check.expect_eq_const"(%red) {value = dense<[6, 4000000009]> : tensor<2xui32>} : (tensor<2xui32>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x2xui32>
  "check.expect_eq_const"(%dot) {value = dense<[[25, 13], [2230196237, 37]]> : tensor<2x2xui32>} : (tensor<2x2xui32>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_ui64() {
  %a = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 18000000000000000000]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %b = "xhlo.constant"() {value = dense<[[2, 1, 7], [3, 5, 0]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "check.expect_eq_const"(%add) {value = dense<[[3, 3, 10], [7, 10, 18000000000000000000]]> : tensor<2x3xui64>} : (tensor<2x3xui64>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "check.expect_eq_const"(%mul) {value = dense<[[2, 2, 21], [12, 25, 0]]> : tensor<2x3xui64>} : (tensor<2x3xui64>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "check.expect_eq_const"(%max) {value = dense<[[2, 2, 7], [4, 5, 18000000000000000000]]> : tensor<2x3xui64>} : (tensor<2x3xui64>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "check.expect_eq_const"(%min) {value = dense<[[1, 1, 3], [3, 5, 0]]> : tensor<2x3xui64>} : (tensor<2x3xui64>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "UNSIGNED"} : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, false, true], [false, false, false]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "check.expect_eq_const"(%sel) {value = dense<[[1, 1, 3], [3, 5, 0]]> : tensor<2x3xui64>} : (tensor<2x3xui64>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xui64>) -> tensor<2x3xf32>
  "check.expect_eq_const"(%tof) {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 1.8000000404716257e+19]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xui64>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, 2, 3], [4, 5, -989331456]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, 2.0, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xui64>
  "check.expect_eq_const"(%fromf) {value = dense<[[1, 2, 3], [4, 0, 6]]> : tensor<2x3xui64>} : (tensor<2x3xui64>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xui64>
  "check.expect_eq_const"(%fromi) {value = dense<[[1, 18446744073709551614, 3], [4, 0, 18446744073709551610]]> : tensor<2x3xui64>} : (tensor<2x3xui64>) -> ()
  %row = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xui64>} : () -> tensor<3xui64>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xui64>) -> tensor<2x3xui64>
  "check.expect_eq_const"(%bc) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xui64>} : (tensor<2x3xui64>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xui64>) -> tensor<3x2xui64>
  "check.expect_eq_const"(%rs) {value = dense<[[1, 2], [3, 4], [5, 18000000000000000000]]> : tensor<3x2xui64>} : (tensor<3x2xui64>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xui64>) -> tensor<3x2xui64>
  "check.expect_eq_const"(%tr) {value = dense<[[1, 4], [2, 5], [3, 18000000000000000000]]> : tensor<3x2xui64>} : (tensor<3x2xui64>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<4x3xui64>
  "check.expect_eq_const"(%cc) {value = dense<[[1, 2, 3], [4, 5, 18000000000000000000], [2, 1, 7], [3, 5, 0]]> : tensor<4x3xui64>} : (tensor<4x3xui64>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xui64>) -> tensor<2x2xui64>
  "check.expect_eq_const"(%sl) {value = dense<[[5, 18000000000000000000], [5, 0]]> : tensor<2x2xui64>} : (tensor<2x2xui64>) -> ()
  %z = "xhlo.constant"() {value = dense<0> : tensor<ui64>} : () -> tensor<ui64>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<ui64>, %y: tensor<ui64>):
    %s = "xhlo.add"(%x, %y) : (tensor<ui64>, tensor<ui64>) -> tensor<ui64>
    "gpu.yield"(%s) : (tensor<ui64>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xui64>, tensor<ui64>) -> tensor<2xui64>
  "check.expect_eq_const"(%red) {value = dense<[6, 18000000000000000009]> : tensor<2xui64>} : (tensor<2xui64>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x2xui64>
  "check.expect_eq_const"(%dot) {value = dense<[[25, 13], [15319535557742690317, 37]]> : tensor<2x2xui64>} : (tensor<2x2xui64>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_f16() {
  %a = "xhlo.constant"() {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %b = "xhlo.constant"() {value = dense<[[2.0, 2.0, -1.0], [-3.0, 0.5, 7.5]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "check.expect_almost_eq_const"(%add) {value = dense<[[3.5, 0.0, 2.25], [1.0, 1.5, 1.5]]> : tensor<2x3xf16>} : (tensor<2x3xf16>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "check.expect_almost_eq_const"(%mul) {value = dense<[[3.0, -4.0, -3.25], [-12.0, 0.5, -45.0]]> : tensor<2x3xf16>} : (tensor<2x3xf16>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "check.expect_almost_eq_const"(%max) {value = dense<[[2.0, 2.0, 3.25], [4.0, 1.0, 7.5]]> : tensor<2x3xf16>} : (tensor<2x3xf16>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "check.expect_almost_eq_const"(%min) {value = dense<[[1.5, -2.0, -1.0], [-3.0, 0.5, -6.0]]> : tensor<2x3xf16>} : (tensor<2x3xf16>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "FLOAT"} : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "check.expect_almost_eq_const"(%sel) {value = dense<[[1.5, 2.0, 3.25], [-3.0, 1.0, 7.5]]> : tensor<2x3xf16>} : (tensor<2x3xf16>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xf16>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xf16>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, -2, 3], [4, 1, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xf16>
  "check.expect_almost_eq_const"(%fromf) {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf16>} : (tensor<2x3xf16>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xf16>
  "check.expect_almost_eq_const"(%fromi) {value = dense<[[1.0, -2.0, 3.0], [4.0, 0.0, -6.0]]> : tensor<2x3xf16>} : (tensor<2x3xf16>) -> ()
  %row = "xhlo.constant"() {value = dense<[1.5, -2.0, 3.25]> : tensor<3xf16>} : () -> tensor<3xf16>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf16>) -> tensor<2x3xf16>
  "check.expect_almost_eq_const"(%bc) {value = dense<[[1.5, -2.0, 3.25], [1.5, -2.0, 3.25]]> : tensor<2x3xf16>} : (tensor<2x3xf16>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xf16>) -> tensor<3x2xf16>
  "check.expect_almost_eq_const"(%rs) {value = dense<[[1.5, -2.0], [3.25, 4.0], [1.0, -6.0]]> : tensor<3x2xf16>} : (tensor<3x2xf16>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf16>) -> tensor<3x2xf16>
  "check.expect_almost_eq_const"(%tr) {value = dense<[[1.5, 4.0], [-2.0, 1.0], [3.25, -6.0]]> : tensor<3x2xf16>} : (tensor<3x2xf16>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<4x3xf16>
  "check.expect_almost_eq_const"(%cc) {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0], [2.0, 2.0, -1.0], [-3.0, 0.5, 7.5]]> : tensor<4x3xf16>} : (tensor<4x3xf16>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xf16>) -> tensor<2x2xf16>
  "check.expect_almost_eq_const"(%sl) {value = dense<[[1.0, -6.0], [0.5, 7.5]]> : tensor<2x2xf16>} : (tensor<2x2xf16>) -> ()
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f16>} : () -> tensor<f16>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %s = "xhlo.add"(%x, %y) : (tensor<f16>, tensor<f16>) -> tensor<f16>
    "gpu.yield"(%s) : (tensor<f16>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf16>, tensor<f16>) -> tensor<2xf16>
  "check.expect_almost_eq_const"(%red) {value = dense<[2.75, -1.0]> : tensor<2xf16>} : (tensor<2xf16>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x2xf16>
  "check.expect_almost_eq_const"(%dot) {value = dense<[[-4.25, 18.875], [16.0, -56.5]]> : tensor<2x2xf16>} : (tensor<2x2xf16>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_bf16() {
  %a = "xhlo.constant"() {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %b = "xhlo.constant"() {value = dense<[[2.0, 2.0, -1.0], [-3.0, 0.5, 7.5]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "check.expect_almost_eq_const"(%add) {value = dense<[[3.5, 0.0, 2.25], [1.0, 1.5, 1.5]]> : tensor<2x3xbf16>} : (tensor<2x3xbf16>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "check.expect_almost_eq_const"(%mul) {value = dense<[[3.0, -4.0, -3.25], [-12.0, 0.5, -45.0]]> : tensor<2x3xbf16>} : (tensor<2x3xbf16>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "check.expect_almost_eq_const"(%max) {value = dense<[[2.0, 2.0, 3.25], [4.0, 1.0, 7.5]]> : tensor<2x3xbf16>} : (tensor<2x3xbf16>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "check.expect_almost_eq_const"(%min) {value = dense<[[1.5, -2.0, -1.0], [-3.0, 0.5, -6.0]]> : tensor<2x3xbf16>} : (tensor<2x3xbf16>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "FLOAT"} : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "check.expect_almost_eq_const"(%sel) {value = dense<[[1.5, 2.0, 3.25], [-3.0, 1.0, 7.5]]> : tensor<2x3xbf16>} : (tensor<2x3xbf16>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xbf16>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xbf16>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, -2, 3], [4, 1, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xbf16>
  "check.expect_almost_eq_const"(%fromf) {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xbf16>} : (tensor<2x3xbf16>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xbf16>
  "check.expect_almost_eq_const"(%fromi) {value = dense<[[1.0, -2.0, 3.0], [4.0, 0.0, -6.0]]> : tensor<2x3xbf16>} : (tensor<2x3xbf16>) -> ()
  %row = "xhlo.constant"() {value = dense<[1.5, -2.0, 3.25]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xbf16>) -> tensor<2x3xbf16>
  "check.expect_almost_eq_const"(%bc) {value = dense<[[1.5, -2.0, 3.25], [1.5, -2.0, 3.25]]> : tensor<2x3xbf16>} : (tensor<2x3xbf16>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  "check.expect_almost_eq_const"(%rs) {value = dense<[[1.5, -2.0], [3.25, 4.0], [1.0, -6.0]]> : tensor<3x2xbf16>} : (tensor<3x2xbf16>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  "check.expect_almost_eq_const"(%tr) {value = dense<[[1.5, 4.0], [-2.0, 1.0], [3.25, -6.0]]> : tensor<3x2xbf16>} : (tensor<3x2xbf16>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<4x3xbf16>
  "check.expect_almost_eq_const"(%cc) {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0], [2.0, 2.0, -1.0], [-3.0, 0.5, 7.5]]> : tensor<4x3xbf16>} : (tensor<4x3xbf16>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xbf16>) -> tensor<2x2xbf16>
  "check.expect_almost_eq_const"(%sl) {value = dense<[[1.0, -6.0], [0.5, 7.5]]> : tensor<2x2xbf16>} : (tensor<2x2xbf16>) -> ()
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<bf16>} : () -> tensor<bf16>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<bf16>, %y: tensor<bf16>):
    %s = "xhlo.add"(%x, %y) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "gpu.yield"(%s) : (tensor<bf16>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<2xbf16>
  "check.expect_almost_eq_const"(%red) {value = dense<[2.75, -1.0]> : tensor<2xbf16>} : (tensor<2xbf16>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x2xbf16>
  "check.expect_almost_eq_const"(%dot) {value = dense<[[-4.25, 18.875], [16.0, -56.5]]> : tensor<2x2xbf16>} : (tensor<2x2xbf16>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_f32() {
  %a = "xhlo.constant"() {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "xhlo.constant"() {value = dense<[[2.0, 2.0, -1.0], [-3.0, 0.5, 7.5]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%add) {value = dense<[[3.5, 0.0, 2.25], [1.0, 1.5, 1.5]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%mul) {value = dense<[[3.0, -4.0, -3.25], [-12.0, 0.5, -45.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%max) {value = dense<[[2.0, 2.0, 3.25], [4.0, 1.0, 7.5]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%min) {value = dense<[[1.5, -2.0, -1.0], [-3.0, 0.5, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "FLOAT"} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%sel) {value = dense<[[1.5, 2.0, 3.25], [-3.0, 1.0, 7.5]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xf32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, -2, 3], [4, 1, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%fromf) {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%fromi) {value = dense<[[1.0, -2.0, 3.0], [4.0, 0.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %row = "xhlo.constant"() {value = dense<[1.5, -2.0, 3.25]> : tensor<3xf32>} : () -> tensor<3xf32>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%bc) {value = dense<[[1.5, -2.0, 3.25], [1.5, -2.0, 3.25]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  "check.expect_almost_eq_const"(%rs) {value = dense<[[1.5, -2.0], [3.25, 4.0], [1.0, -6.0]]> : tensor<3x2xf32>} : (tensor<3x2xf32>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  "check.expect_almost_eq_const"(%tr) {value = dense<[[1.5, 4.0], [-2.0, 1.0], [3.25, -6.0]]> : tensor<3x2xf32>} : (tensor<3x2xf32>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  "check.expect_almost_eq_const"(%cc) {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0], [2.0, 2.0, -1.0], [-3.0, 0.5, 7.5]]> : tensor<4x3xf32>} : (tensor<4x3xf32>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xf32>) -> tensor<2x2xf32>
  "check.expect_almost_eq_const"(%sl) {value = dense<[[1.0, -6.0], [0.5, 7.5]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "xhlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  "check.expect_almost_eq_const"(%red) {value = dense<[2.75, -1.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  "check.expect_almost_eq_const"(%dot) {value = dense<[[-4.25, 18.875], [16.0, -56.5]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

func.func @dtype_sweep_f64() {
  %a = "xhlo.constant"() {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %b = "xhlo.constant"() {value = dense<[[2.0, 2.0, -1.0], [-3.0, 0.5, 7.5]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %add = "xhlo.add"(%a, %b) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "check.expect_almost_eq_const"(%add) {value = dense<[[3.5, 0.0, 2.25], [1.0, 1.5, 1.5]]> : tensor<2x3xf64>} : (tensor<2x3xf64>) -> ()
  %mul = "xhlo.multiply"(%a, %b) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "check.expect_almost_eq_const"(%mul) {value = dense<[[3.0, -4.0, -3.25], [-12.0, 0.5, -45.0]]> : tensor<2x3xf64>} : (tensor<2x3xf64>) -> ()
  %max = "xhlo.maximum"(%a, %b) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "check.expect_almost_eq_const"(%max) {value = dense<[[2.0, 2.0, 3.25], [4.0, 1.0, 7.5]]> : tensor<2x3xf64>} : (tensor<2x3xf64>) -> ()
  %min = "xhlo.minimum"(%a, %b) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "check.expect_almost_eq_const"(%min) {value = dense<[[1.5, -2.0, -1.0], [-3.0, 0.5, -6.0]]> : tensor<2x3xf64>} : (tensor<2x3xf64>) -> ()
  %lt = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "FLOAT"} : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xi1>
  "check.expect_eq_const"(%lt) {value = dense<[[true, true, false], [false, false, true]]> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  %p = "xhlo.constant"() {value = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %sel = "xhlo.select"(%p, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "check.expect_almost_eq_const"(%sel) {value = dense<[[1.5, 2.0, 3.25], [-3.0, 1.0, 7.5]]> : tensor<2x3xf64>} : (tensor<2x3xf64>) -> ()
  %tof = "xhlo.convert"(%a) : (tensor<2x3xf64>) -> tensor<2x3xf32>
  "check.expect_almost_eq_const"(%tof) {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  %toi = "xhlo.convert"(%a) : (tensor<2x3xf64>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%toi) {value = dense<[[1, -2, 3], [4, 1, -6]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %fs = "xhlo.constant"() {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %fromf = "xhlo.convert"(%fs) : (tensor<2x3xf32>) -> tensor<2x3xf64>
  "check.expect_almost_eq_const"(%fromf) {value = dense<[[1.5, -2.5, 3.0], [4.0, 0.0, 6.75]]> : tensor<2x3xf64>} : (tensor<2x3xf64>) -> ()
  %is = "xhlo.constant"() {value = dense<[[1, -2, 3], [4, 0, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %fromi = "xhlo.convert"(%is) : (tensor<2x3xi32>) -> tensor<2x3xf64>
  "check.expect_almost_eq_const"(%fromi) {value = dense<[[1.0, -2.0, 3.0], [4.0, 0.0, -6.0]]> : tensor<2x3xf64>} : (tensor<2x3xf64>) -> ()
  %row = "xhlo.constant"() {value = dense<[1.5, -2.0, 3.25]> : tensor<3xf64>} : () -> tensor<3xf64>
  %bc = "xhlo.broadcast_in_dim"(%row) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf64>) -> tensor<2x3xf64>
  "check.expect_almost_eq_const"(%bc) {value = dense<[[1.5, -2.0, 3.25], [1.5, -2.0, 3.25]]> : tensor<2x3xf64>} : (tensor<2x3xf64>) -> ()
  %rs = "xhlo.reshape"(%a) : (tensor<2x3xf64>) -> tensor<3x2xf64>
  "check.expect_almost_eq_const"(%rs) {value = dense<[[1.5, -2.0], [3.25, 4.0], [1.0, -6.0]]> : tensor<3x2xf64>} : (tensor<3x2xf64>) -> ()
  %tr = "xhlo.transpose"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xf64>) -> tensor<3x2xf64>
  "check.expect_almost_eq_const"(%tr) {value = dense<[[1.5, 4.0], [-2.0, 1.0], [3.25, -6.0]]> : tensor<3x2xf64>} : (tensor<3x2xf64>) -> ()
  %cc = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<4x3xf64>
  "check.expect_almost_eq_const"(%cc) {value = dense<[[1.5, -2.0, 3.25], [4.0, 1.0, -6.0], [2.0, 2.0, -1.0], [-3.0, 0.5, 7.5]]> : tensor<4x3xf64>} : (tensor<4x3xf64>) -> ()
  %sl = "xhlo.slice"(%cc) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<4x3xf64>) -> tensor<2x2xf64>
  "check.expect_almost_eq_const"(%sl) {value = dense<[[1.0, -6.0], [0.5, 7.5]]> : tensor<2x2xf64>} : (tensor<2x2xf64>) -> ()
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f64>} : () -> tensor<f64>
  %red = "xhlo.reduce"(%a, %z) ({
  ^bb0(%x: tensor<f64>, %y: tensor<f64>):
    %s = "xhlo.add"(%x, %y) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "gpu.yield"(%s) : (tensor<f64>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf64>, tensor<f64>) -> tensor<2xf64>
  "check.expect_almost_eq_const"(%red) {value = dense<[2.75, -1.0]> : tensor<2xf64>} : (tensor<2xf64>) -> ()
  %dot = "xhlo.dot_general"(%a, %b) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x2xf64>
  "check.expect_almost_eq_const"(%dot) {value = dense<[[-4.25, 18.875], [16.0, -56.5]]> : tensor<2x2xf64>} : (tensor<2x2xf64>) -> ()
  func.return
}

// -----

// bf16 rounding of f32 -> bf16 conversions (8 significant bits, ties to even):
// 1 + 2^-8 is a tie -> 1.0; 1 + 3 * 2^-8 is a tie -> 1 + 2^-6; 1 + 2^-8 + 2^-20 is above the tie ->
// 1 + 2^-7; 3.0e38 stays finite (bf16 keeps f32's exponent range) and rounds to
// 0x7F62 << 16 = 3.00405527e38 (f32 3.0e38 is 0x7F61B1E6; the low half 0xB1E6 is above the tie).
func.func @dtype_sweep_bf16_rounding_from_f32() {
  %x = "xhlo.constant"() {value = dense<[1.00390625, 1.01171875, 1.00390720, 3.0e38]> : tensor<4xf32>} : () -> tensor<4xf32>
  %r = "xhlo.convert"(%x) : (tensor<4xf32>) -> tensor<4xbf16>
  %back = "xhlo.convert"(%r) : (tensor<4xbf16>) -> tensor<4xf32>
  "check.expect_eq_const"(%back) {value = dense<[1.0, 1.015625, 1.0078125, 3.00405527E+38]> : tensor<4xf32>} : (tensor<4xf32>) -> ()
  // bf16 arithmetic rounds each result to bf16: 1 + 2^-8 -> 1.0 (tie to even), 256 + 1 -> 256
  // (spacing 2 at 256, tie to even), 256 + 3 -> 260 (259 is a tie; 260 is even), 3 * 171 = 513 -> 512 (spacing 4).
  %a = "xhlo.constant"() {value = dense<[1.0, 256.0, 256.0, 3.0]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %b = "xhlo.constant"() {value = dense<[0.00390625, 1.0, 3.0, 171.0]> : tensor<4xbf16>} : () -> tensor<4xbf16>
  %s = "xhlo.add"(%a, %b) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  "check.expect_eq_const"(%s) {value = dense<[1.0, 256.0, 260.0, 174.0]> : tensor<4xbf16>} : (tensor<4xbf16>) -> ()
  %m = "xhlo.multiply"(%a, %b) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  "check.expect_eq_const"(%m) {value = dense<[0.00390625, 256.0, 768.0, 512.0]> : tensor<4xbf16>} : (tensor<4xbf16>) -> ()
  func.return
}

// -----

// f16 rounding of f32 -> f16 conversions (11 significant bits, ties to even, max 65504):
// 1 + 2^-11 -> 1.0; 1 + 3 * 2^-11 -> 1 + 2^-9; 65519 -> 65504; 65520 (the tie at the top) and
// 70000 -> inf; 2^-24 (smallest subnormal) stays; 2^-26 -> 0.
func.func @dtype_sweep_f16_rounding_from_f32() {
  %x = "xhlo.constant"() {value = dense<[1.00048828125, 1.00146484375, 65519.0, 65520.0, 70000.0, 5.96046448E-8, 1.49011612E-8]> : tensor<7xf32>} : () -> tensor<7xf32>
  %r = "xhlo.convert"(%x) : (tensor<7xf32>) -> tensor<7xf16>
  %back = "xhlo.convert"(%r) : (tensor<7xf16>) -> tensor<7xf32>
  "check.expect_eq_const"(%back) {value = dense<[1.0, 1.001953125, 65504.0, 0x7F800000, 0x7F800000, 5.96046448E-8, 0.0]> : tensor<7xf32>} : (tensor<7xf32>) -> ()
  // f16 arithmetic rounds each result to f16: 2048 + 1 -> 2048 (tie to even), 2048 + 3 -> 2052,
  // 60000 + 10000 overflows to inf.
  %a = "xhlo.constant"() {value = dense<[2048.0, 2048.0, 60000.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %b = "xhlo.constant"() {value = dense<[1.0, 3.0, 10000.0]> : tensor<3xf16>} : () -> tensor<3xf16>
  %s = "xhlo.add"(%a, %b) : (tensor<3xf16>, tensor<3xf16>) -> tensor<3xf16>
  "check.expect_eq_const"(%s) {value = dense<[2048.0, 2052.0, 0x7C00]> : tensor<3xf16>} : (tensor<3xf16>) -> ()
  func.return
}

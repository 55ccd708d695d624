// Collapse itself (the same results also run through xhlo.reshape in data_movement/seeds.mlir).
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt "Collapse", 002_e2447a076b143c68.txt "收合".

// Seed 001 "Collapse" and seed 002 "收合": Collapse(v, {0,1,2}) = f32[24].
func.func @collapse_seed002_all_dimensions() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %r = "xhlo.collapse"(%v) {dimensions = array<i64: 0, 1, 2>} : (tensor<4x2x3xf32>) -> tensor<24xf32>
  "check.expect_eq_const"(%r) {value = dense<[10.0, 11.0, 12.0, 15.0, 16.0, 17.0, 20.0, 21.0, 22.0, 25.0, 26.0, 27.0, 30.0, 31.0, 32.0, 35.0, 36.0, 37.0, 40.0, 41.0, 42.0, 45.0, 46.0, 47.0]> : tensor<24xf32>} : (tensor<24xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Collapse" and seed 002 "收合": Collapse(v, {0,1}). SEED ERROR: both seeds print
// "v01 == f32[4x6] { {10, 11, 12, 15, 16, 17}, ... }", but collapsing dimensions 0 and 1 (sizes
// 4 and 2) gives one dimension of size 8 in their place: f32[8x3]. The seeds swapped the
// results of the {0,1} and {1,2} examples (their own rule: "the new dimension size equal to
// the product of original dimension sizes"); the expected value here is the seeds' v12 matrix.
func.func @collapse_seed002_dimensions_0_1() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %r = "xhlo.collapse"(%v) {dimensions = array<i64: 0, 1>} : (tensor<4x2x3xf32>) -> tensor<8x3xf32>
  "check.expect_eq_const"(%r) {value = dense<[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0], [20.0, 21.0, 22.0], [25.0, 26.0, 27.0], [30.0, 31.0, 32.0], [35.0, 36.0, 37.0], [40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]> : tensor<8x3xf32>} : (tensor<8x3xf32>) -> ()
  func.return
}

// -----

// Seed 001 "Collapse" and seed 002 "收合": Collapse(v, {1,2}). SEED ERROR (see the previous
// test): the seeds print "v12 == f32[8x3]", but dimensions 1 and 2 (sizes 2 and 3) collapse to
// one of size 6: f32[4x6], which is the seeds' v01 matrix.
func.func @collapse_seed002_dimensions_1_2() {
  %v = "xhlo.constant"() {value = dense<[[[10.0, 11.0, 12.0], [15.0, 16.0, 17.0]], [[20.0, 21.0, 22.0], [25.0, 26.0, 27.0]], [[30.0, 31.0, 32.0], [35.0, 36.0, 37.0]], [[40.0, 41.0, 42.0], [45.0, 46.0, 47.0]]]> : tensor<4x2x3xf32>} : () -> tensor<4x2x3xf32>
  %r = "xhlo.collapse"(%v) {dimensions = array<i64: 1, 2>} : (tensor<4x2x3xf32>) -> tensor<4x6xf32>
  "check.expect_eq_const"(%r) {value = dense<[[10.0, 11.0, 12.0, 15.0, 16.0, 17.0], [20.0, 21.0, 22.0, 25.0, 26.0, 27.0], [30.0, 31.0, 32.0, 35.0, 36.0, 37.0], [40.0, 41.0, 42.0, 45.0, 46.0, 47.0]]> : tensor<4x6xf32>} : (tensor<4x6xf32>) -> ()
  func.return
}

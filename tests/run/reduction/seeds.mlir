// Worked examples of Reduce, ReduceWindow and SelectAndScatter in the seed
// documents, run end to end (issue 4): target/debug/xla-run --check tests/run/reduction/seeds.mlir
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt (English, r1.3) and
// 002_e2447a076b143c68.txt (Traditional Chinese, newest; wins on conflicts).

// Seed 001 and 002 "Reduce" (遏止): reducing the 1D array [10, 11, 12, 13] with f, e.g.
// f(10, f(11, f(12, f(init_value, 13)))); with f = add and init_value 0 every order gives 46.
func.func @reduce_seed002_1d_sum_of_10_to_13() {
  %x = "xhlo.constant"() {value = dense<[10, 11, 12, 13]> : tensor<4xi32>} : () -> tensor<4xi32>
  %z = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r = "xhlo.reduce"(%x, %z) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  "check.expect_eq_const"(%r) {value = dense<46> : tensor<i32>} : (tensor<i32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "Reduce": the 2D example (shape 2x3) reduced over dimension 1 and over
// dimension 0 with add. The matrix's values are only in the seeds' figures; this uses 1..6, the
// values the 3D example states it replicates.
func.func @reduce_seed002_2x3_dimension_1_and_0() {
  %x = "xhlo.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %r1 = "xhlo.reduce"(%x, %z) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  "check.expect_eq_const"(%r1) {value = dense<[6.0, 15.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  %r0 = "xhlo.reduce"(%x, %z) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  "check.expect_eq_const"(%r0) {value = dense<[5.0, 7.0, 9.0]> : tensor<3xf32>} : (tensor<3xf32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "Reduce", 3D example: shape 4x2x3 with the values 1..6 replicated across
// dimension 0. Reducing dimension 0 gives |4 8 12; 16 20 24|; dimension 2 gives |6 15| four
// times (seed 001's rendering of this table is garbled; seed 002's is clean); dimensions 0 and 1
// give [20, 28, 36]; all dimensions give 84.
func.func @reduce_seed002_4x2x3_examples() {
  %x = "xhlo.constant"() {value = dense<[[[1, 2, 3], [4, 5, 6]], [[1, 2, 3], [4, 5, 6]], [[1, 2, 3], [4, 5, 6]], [[1, 2, 3], [4, 5, 6]]]> : tensor<4x2x3xi32>} : () -> tensor<4x2x3xi32>
  %z = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r0 = "xhlo.reduce"(%x, %z) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4x2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r0) {value = dense<[[4, 8, 12], [16, 20, 24]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %r2 = "xhlo.reduce"(%x, %z) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<4x2x3xi32>, tensor<i32>) -> tensor<4x2xi32>
  "check.expect_eq_const"(%r2) {value = dense<[[6, 15], [6, 15], [6, 15], [6, 15]]> : tensor<4x2xi32>} : (tensor<4x2xi32>) -> ()
  %r01 = "xhlo.reduce"(%x, %z) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<4x2x3xi32>, tensor<i32>) -> tensor<3xi32>
  "check.expect_eq_const"(%r01) {value = dense<[20, 28, 36]> : tensor<3xi32>} : (tensor<3xi32>) -> ()
  %r10 = "xhlo.reduce"(%x, %z) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 1, 0>} : (tensor<4x2x3xi32>, tensor<i32>) -> tensor<3xi32>
  "check.expect_eq_const"(%r10) {value = dense<[20, 28, 36]> : tensor<3xi32>} : (tensor<3xi32>) -> ()
  %all = "xhlo.reduce"(%x, %z) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 0, 1, 2>} : (tensor<4x2x3xi32>, tensor<i32>) -> tensor<i32>
  "check.expect_eq_const"(%all) {value = dense<84> : tensor<i32>} : (tensor<i32>) -> ()
  func.return
}

// -----

// Seed 002 "Reduce", variadic reduction: max and argmax together with
// f(max, argmax, value, index) = value >= max ? (value, index) : (max, argmax), over a value
// array and its iota. The seed defines f only; values chosen here (no ties, so the result
// does not depend on the evaluation order).
func.func @reduce_seed002_variadic_max_and_argmax() {
  %v = "xhlo.constant"() {value = dense<[[3.0, 9.0, -1.0, 4.0], [-5.0, -7.0, -2.0, -6.0]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %k = "xhlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x4xi32>
  %iv = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %ik = "xhlo.constant"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %r:2 = "xhlo.reduce"(%v, %k, %iv, %ik) ({
  ^bb0(%max: tensor<f32>, %argmax: tensor<i32>, %value: tensor<f32>, %index: tensor<i32>):
    %ge = "xhlo.compare"(%value, %max) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = "xhlo.select"(%ge, %value, %max) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %a = "xhlo.select"(%ge, %index, %argmax) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%m, %a) : (tensor<f32>, tensor<i32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
  "check.expect_eq_const"(%r#0) {value = dense<[9.0, -2.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  "check.expect_eq_const"(%r#1) {value = dense<[1, 2]> : tensor<2xi32>} : (tensor<2xi32>) -> ()
  func.return
}

// -----

// Seed 002 "ReduceWindow": reduce-window minimum (init MAX_FLOAT) over [10000, 1000, 100, 10, 1]
// with window 3 and stride 2. Padding kValid: windows [10000, 1000, 100] and [100, 10, 1] give
// [100, 1]. Padding kSame pads one init element on each side ([MAX, 10000, 1000, 100, 10, 1,
// MAX]) so the output has ceil(5 / 2) = 3 elements: windows [MAX, 10000, 1000], [1000, 100, 10],
// [10, 1, MAX] give [1000, 10, 1].
func.func @reduce_window_seed002_min_valid_and_same_padding() {
  %x = "xhlo.constant"() {value = dense<[10000.0, 1000.0, 100.0, 10.0, 1.0]> : tensor<5xf32>} : () -> tensor<5xf32>
  %max = "xhlo.constant"() {value = dense<3.40282347E+38> : tensor<f32>} : () -> tensor<f32>
  %valid = "xhlo.reduce_window"(%x, %max) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.minimum"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>} : (tensor<5xf32>, tensor<f32>) -> tensor<2xf32>
  "check.expect_eq_const"(%valid) {value = dense<[100.0, 1.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  %same = "xhlo.reduce_window"(%x, %max) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.minimum"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>, padding = array<i64: 1, 1>} : (tensor<5xf32>, tensor<f32>) -> tensor<3xf32>
  "check.expect_eq_const"(%same) {value = dense<[1000.0, 10.0, 1.0]> : tensor<3xf32>} : (tensor<3xf32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "ReduceWindow", the code example: a 4x6 f32 input, max with init
// MinValue(F32) (-inf), window_dimensions = window_strides = {2, 3}, kValid: 2x2 windows.
// The input values are only in the seeds' figure; values chosen here.
func.func @reduce_window_seed002_max_2x3_windows_of_4x6() {
  %x = "xhlo.constant"() {value = dense<[[7.0, 2.0, 5.0, 3.0, 10.0, 2.0], [3.0, 8.0, 9.0, 3.0, 4.0, 2.0], [1.0, 5.0, 7.0, 5.0, 6.0, 1.0], [0.0, 6.0, 2.0, 7.0, 2.0, 8.0]]> : tensor<4x6xf32>} : () -> tensor<4x6xf32>
  %ninf = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.reduce_window"(%x, %ninf) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.maximum"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32>
  "check.expect_eq_const"(%r) {value = dense<[[9.0, 10.0], [7.0, 8.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "SelectAndScatter", figure (1), windows without overlap:
// window_dimensions {2, 3}, window_strides {2, 3}, VALID, select (a, b) -> a >= b,
// scatter (a, b) -> a + b, init_value 0. The figure's numbers are not in the seeds' text;
// operand and source chosen here: each source value lands on its window's maximum.
func.func @select_and_scatter_seed002_windows_without_overlap() {
  %x = "xhlo.constant"() {value = dense<[[7.0, 2.0, 5.0, 3.0, 10.0, 2.0], [3.0, 8.0, 9.0, 3.0, 4.0, 2.0], [1.0, 5.0, 7.0, 5.0, 6.0, 1.0], [0.0, 6.0, 2.0, 7.0, 2.0, 8.0]]> : tensor<4x6xf32>} : () -> tensor<4x6xf32>
  %src = "xhlo.constant"() {value = dense<[[2.0, 6.0], [3.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.select_and_scatter"(%x, %src, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "xhlo.compare"(%a, %b) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>} : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32>
  "check.expect_eq_const"(%r) {value = dense<[[0.0, 0.0, 0.0, 0.0, 6.0, 0.0], [0.0, 0.0, 2.0, 0.0, 0.0, 0.0], [0.0, 0.0, 3.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]]> : tensor<4x6xf32>} : (tensor<4x6xf32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "SelectAndScatter", figure (2), windows with overlap: window_dimensions
// {2, 3}, window_strides {2, 2}. The seeds' text: "the element of value 9 is selected by both
// of the top windows (blue and red) and the binary addition scatter function produces the
// output element of value 8 (2 + 6)". Operand chosen here with the 9 in column 2, shared by
// the two top windows; source [[2, 6], [3, 1]] as in the text, so that element becomes 8.
func.func @select_and_scatter_seed002_overlapping_windows_add_at_9() {
  %x = "xhlo.constant"() {value = dense<[[7.0, 2.0, 5.0, 3.0, 8.0], [3.0, 8.0, 9.0, 3.0, 4.0], [1.0, 5.0, 7.0, 5.0, 6.0], [0.0, 6.0, 2.0, 7.0, 9.0]]> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
  %src = "xhlo.constant"() {value = dense<[[2.0, 6.0], [3.0, 1.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.select_and_scatter"(%x, %src, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "xhlo.compare"(%a, %b) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>} : (tensor<4x5xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x5xf32>
  "check.expect_eq_const"(%r) {value = dense<[[0.0, 0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 8.0, 0.0, 0.0], [0.0, 0.0, 3.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0, 1.0]]> : tensor<4x5xf32>} : (tensor<4x5xf32>) -> ()
  func.return
}

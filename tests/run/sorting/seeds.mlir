// Worked examples of Sort and TopK in the seed documents, run end to end (issue 4):
// target/debug/xla-run --check tests/run/sorting/seeds.mlir
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt (English, r1.3) and
// 002_e2447a076b143c68.txt (Traditional Chinese, newest; wins on conflicts).

// Seed 002 "排序" (Sort) example: operand0 = [3, 1], operand1 = [42, 50],
// operand2 = [-3.0, 1.1], a less-than comparator on operand0 only; the sorted result is
// ([1, 3], [50, 42], [1.1, -3.0]).
func.func @sort_seed002_three_operands_by_first() {
  %a = "xhlo.constant"() {value = dense<[3, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b = "xhlo.constant"() {value = dense<[42, 50]> : tensor<2xi32>} : () -> tensor<2xi32>
  %c = "xhlo.constant"() {value = dense<[-3.0, 1.1]> : tensor<2xf32>} : () -> tensor<2xf32>
  %r:3 = "xhlo.sort"(%a, %b, %c) ({
  ^bb0(%a0: tensor<i32>, %a1: tensor<i32>, %b0: tensor<i32>, %b1: tensor<i32>, %c0: tensor<f32>, %c1: tensor<f32>):
    %lt = "xhlo.compare"(%a0, %a1) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<2xi32>, tensor<2xi32>, tensor<2xf32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<2xf32>)
  "check.expect_eq_const"(%r#0) {value = dense<[1, 3]> : tensor<2xi32>} : (tensor<2xi32>) -> ()
  "check.expect_eq_const"(%r#1) {value = dense<[50, 42]> : tensor<2xi32>} : (tensor<2xi32>) -> ()
  "check.expect_eq_const"(%r#2) {value = dense<[1.1, -3.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "排序" (Sort): for a matrix, dimension 0 sorts each column and dimension 1 each
// row; is_stable keeps the order of elements the comparator finds equal. Values chosen here;
// the stable case sorts keys [2, 1, 2, 1] with payload [0, 1, 2, 3].
func.func @sort_seed002_matrix_dimensions_and_stability() {
  %m = "xhlo.constant"() {value = dense<[[3, 1, 2], [0, 5, 4]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %r0 = "xhlo.sort"(%m) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %lt = "xhlo.compare"(%p, %q) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r0) {value = dense<[[0, 1, 2], [3, 5, 4]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %r1 = "xhlo.sort"(%m) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %lt = "xhlo.compare"(%p, %q) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r1) {value = dense<[[1, 2, 3], [0, 4, 5]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %k = "xhlo.constant"() {value = dense<[2, 1, 2, 1]> : tensor<4xi32>} : () -> tensor<4xi32>
  %v = "xhlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<4xi32>
  %s:2 = "xhlo.sort"(%k, %v) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>, %pv: tensor<i32>, %qv: tensor<i32>):
    %lt = "xhlo.compare"(%p, %q) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  "check.expect_eq_const"(%s#0) {value = dense<[1, 1, 2, 2]> : tensor<4xi32>} : (tensor<4xi32>) -> ()
  "check.expect_eq_const"(%s#1) {value = dense<[1, 3, 0, 2]> : tensor<4xi32>} : (tensor<4xi32>) -> ()
  func.return
}

// -----

// Seed 002 "TopK": the k largest (or smallest) entries of the last dimension with their
// indices; "if two elements of a row are equal, the one with the lower index comes first".
// No numbers in the seed; values chosen here.
func.func @top_k_seed002_ties_take_the_lower_index_first() {
  %x = "xhlo.constant"() {value = dense<[[3.0, 1.0, 3.0, 2.0], [0.5, 4.0, 4.0, 4.0]]> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %r:2 = "xhlo.top_k"(%x) {k = 2 : i64} : (tensor<2x4xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  "check.expect_eq_const"(%r#0) {value = dense<[[3.0, 3.0], [4.0, 4.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  "check.expect_eq_const"(%r#1) {value = dense<[[0, 2], [1, 2]]> : tensor<2x2xi32>} : (tensor<2x2xi32>) -> ()
  %s:2 = "xhlo.top_k"(%x) {k = 3 : i64, largest = false} : (tensor<2x4xf32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  "check.expect_eq_const"(%s#0) {value = dense<[[1.0, 2.0, 3.0], [0.5, 4.0, 4.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  "check.expect_eq_const"(%s#1) {value = dense<[[1, 3, 0], [0, 1, 2]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

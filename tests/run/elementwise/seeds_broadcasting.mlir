// Worked examples of Broadcast, BroadcastInDim and seed 003's broadcasting semantics, run end
// to end (issue 4): target/debug/xla-run --check tests/run/elementwise/seeds_broadcasting.mlir
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt, 002_e2447a076b143c68.txt and
// 003_19d93867d587e669.txt (Italian, broadcasting). xhlo element-wise ops take equal shapes,
// so every implicit broadcast of seed 003 is written out as the broadcast_in_dim that the
// builder (Builder::add(x, v, &broadcast_dimensions)) emits for it.

// Seed 001 "Broadcast" and seed 002 "廣播": a scalar f32 2.0 with broadcast_sizes {2, 3} gives
// f32[2, 3] with every value 2.0. Written with broadcast_in_dim (no operand dimensions to map):
// the xhlo.broadcast form is in tests/run/data_movement/seeds_broadcast.mlir.
func.func @broadcast_seed001_scalar_to_2x3_as_broadcast_in_dim() {
  %s = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.broadcast_in_dim"(%s) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<2x3xf32>
  "check.expect_eq_const"(%r) {value = dense<2.0> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  func.return
}

// -----

// Seed 002 "廣播" (Broadcast): new dimensions go on the left,
// output[i0, ..., iN, j0, ..., jM] = operand[j0, ..., jM], i.e. broadcast_in_dim mapping the
// operand to the trailing dimensions. Values chosen here. The xhlo.broadcast form
// is in tests/run/data_movement/seeds_broadcast.mlir.
func.func @broadcast_seed002_new_dimensions_on_the_left_as_broadcast_in_dim() {
  %v = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %r = "xhlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

// Seed 002 "BroadcastInDim": operand dimension i maps to output dimension
// broadcast_dimensions[i]; a mapped dimension of size 1 is expanded (degenerate broadcast).
// Values chosen here.
func.func @broadcast_in_dim_seed002_maps_and_expands_size_one() {
  %m = "xhlo.constant"() {value = dense<[[1], [2]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %r = "xhlo.broadcast_in_dim"(%m) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x1xi32>) -> tensor<2x2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[[1, 1, 1], [1, 1, 1]], [[2, 2, 2], [2, 2, 2]]]> : tensor<2x2x3xi32>} : (tensor<2x2x3xi32>) -> ()
  func.return
}

// -----

// Seed 003, first example: |1 2 3; 4 5 6| + |7 8 9| = |8 10 12; 11 13 15|
// (the vector replicated over the rows, broadcast_dimensions = (1)).
func.func @add_seed003_matrix_plus_vector() {
  %x = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v = "xhlo.constant"() {value = dense<[7, 8, 9]> : tensor<3xi32>} : () -> tensor<3xi32>
  %vb = "xhlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%vb) {value = dense<[[7, 8, 9], [7, 8, 9]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  %r = "xhlo.add"(%x, %vb) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[8, 10, 12], [11, 13, 15]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

// Seed 003 "Trasmettere una matrice inferiore rango ...": a scalar always broadcasts,
// |1 2 3; 4 5 6| + 7 = |8 9 10; 11 12 13|.
func.func @add_seed003_matrix_plus_scalar() {
  %x = "xhlo.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %s = "xhlo.constant"() {value = dense<7.0> : tensor<f32>} : () -> tensor<f32>
  %sb = "xhlo.broadcast_in_dim"(%s) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<2x3xf32>
  %r = "xhlo.add"(%x, %sb) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "check.expect_eq_const"(%r) {value = dense<[[8.0, 9.0, 10.0], [11.0, 12.0, 13.0]]> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  func.return
}

// -----

// Seed 003, the two ways of broadcasting a 3-vector to a 3x3 matrix:
// (1) broadcast dimension 1: every row is |7 8 9|; (2) broadcast dimension 0: every column is
// |7 8 9|^T, i.e. rows |7 7 7|, |8 8 8|, |9 9 9|.
func.func @broadcast_in_dim_seed003_vector_to_3x3_both_ways() {
  %v = "xhlo.constant"() {value = dense<[7, 8, 9]> : tensor<3xi32>} : () -> tensor<3xi32>
  %d1 = "xhlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<3x3xi32>
  "check.expect_eq_const"(%d1) {value = dense<[[7, 8, 9], [7, 8, 9], [7, 8, 9]]> : tensor<3x3xi32>} : (tensor<3x3xi32>) -> ()
  %d0 = "xhlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 0>} : (tensor<3xi32>) -> tensor<3x3xi32>
  "check.expect_eq_const"(%d0) {value = dense<[[7, 7, 7], [8, 8, 8], [9, 9, 9]]> : tensor<3x3xi32>} : (tensor<3x3xi32>) -> ()
  func.return
}

// -----

// Seed 003 "Broadcasting array simile rango con dimensioni degenerate", example 1:
// (2,1) and (2,3) broadcast to (2,3). The seed gives shapes only; values chosen here.
func.func @add_seed003_degenerate_2x1_with_2x3() {
  %a = "xhlo.constant"() {value = dense<[[1], [2]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %b = "xhlo.constant"() {value = dense<[[10, 20, 30], [40, 50, 60]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %ab = "xhlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xi32>) -> tensor<2x3xi32>
  %r = "xhlo.add"(%ab, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[11, 21, 31], [42, 52, 62]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

// Seed 003, degenerate dimensions at different indices give an "outer operation":
// (2,1) and (1,3) broadcast to (2,3). Shapes from the seed; values chosen here.
func.func @add_seed003_outer_2x1_with_1x3() {
  %a = "xhlo.constant"() {value = dense<[[1], [2]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %b = "xhlo.constant"() {value = dense<[[10, 20, 30]]> : tensor<1x3xi32>} : () -> tensor<1x3xi32>
  %ab = "xhlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xi32>) -> tensor<2x3xi32>
  %bb = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xi32>) -> tensor<2x3xi32>
  %r = "xhlo.add"(%ab, %bb) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[11, 21, 31], [12, 22, 32]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

// Seed 003 "composizione Broadcast": |1 2 3 4| + [5 6] (a 1x2 matrix) with
// broadcast_dimensions (0): the vector becomes the 4x2 |1 1; 2 2; 3 3; 4 4|, the 1x2 matrix is
// degenerate-broadcast to 4x2, and the sum is |6 7; 7 8; 8 9; 9 10|.
func.func @add_seed003_composition_vector_and_1x2() {
  %v = "xhlo.constant"() {value = dense<[1, 2, 3, 4]> : tensor<4xi32>} : () -> tensor<4xi32>
  %m = "xhlo.constant"() {value = dense<[[5, 6]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %vb = "xhlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>) -> tensor<4x2xi32>
  "check.expect_eq_const"(%vb) {value = dense<[[1, 1], [2, 2], [3, 3], [4, 4]]> : tensor<4x2xi32>} : (tensor<4x2xi32>) -> ()
  %mb = "xhlo.broadcast_in_dim"(%m) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x2xi32>) -> tensor<4x2xi32>
  %r = "xhlo.add"(%vb, %mb) : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi32>
  "check.expect_eq_const"(%r) {value = dense<[[6, 7], [7, 8], [8, 9], [9, 10]]> : tensor<4x2xi32>} : (tensor<4x2xi32>) -> ()
  func.return
}

// -----

// Seed 003 "composizione Broadcast", second example: a 1x2 matrix added to a 4x3x1 array with
// broadcast dimensions (1, 2) gives 4x3x2 (the matrix becomes an intermediate 4x1x2, then
// both sides are degenerate-broadcast). Shapes from the seed; values chosen here:
// big[i, j, 0] = 3i + j, m = [[100, 200]], result[i, j, k] = 3i + j + m[0, k].
func.func @add_seed003_composition_1x2_into_4x3x1() {
  %big = "xhlo.constant"() {value = dense<[[[0], [1], [2]], [[3], [4], [5]], [[6], [7], [8]], [[9], [10], [11]]]> : tensor<4x3x1xi32>} : () -> tensor<4x3x1xi32>
  %m = "xhlo.constant"() {value = dense<[[100, 200]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %mi = "xhlo.broadcast_in_dim"(%m) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xi32>) -> tensor<4x1x2xi32>
  "check.expect_eq_const"(%mi) {value = dense<[[[100, 200]], [[100, 200]], [[100, 200]], [[100, 200]]]> : tensor<4x1x2xi32>} : (tensor<4x1x2xi32>) -> ()
  %mb = "xhlo.broadcast_in_dim"(%mi) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<4x1x2xi32>) -> tensor<4x3x2xi32>
  %bb = "xhlo.broadcast_in_dim"(%big) {broadcast_dimensions = array<i64: 0, 1, 2>} : (tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %r = "xhlo.add"(%bb, %mb) : (tensor<4x3x2xi32>, tensor<4x3x2xi32>) -> tensor<4x3x2xi32>
  "check.expect_eq_const"(%r) {value = dense<[[[100, 200], [101, 201], [102, 202]], [[103, 203], [104, 204], [105, 205]], [[106, 206], [107, 207], [108, 208]], [[109, 209], [110, 210], [111, 211]]]> : tensor<4x3x2xi32>} : (tensor<4x3x2xi32>) -> ()
  func.return
}

// -----

// Seed 003 "definizione formale": a 2x3x4 cuboid with a 3x4 matrix and broadcast
// dimensions (1, 2) matches the matrix to dimensions 1 and 2. Values chosen here (multiply).
func.func @multiply_seed003_cuboid_with_matrix_dims_1_2() {
  %c = "xhlo.constant"() {value = dense<[[[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]], [[2, 2, 2, 2], [2, 2, 2, 2], [2, 2, 2, 2]]]> : tensor<2x3x4xi32>} : () -> tensor<2x3x4xi32>
  %m = "xhlo.constant"() {value = dense<[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]> : tensor<3x4xi32>} : () -> tensor<3x4xi32>
  %mb = "xhlo.broadcast_in_dim"(%m) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<3x4xi32>) -> tensor<2x3x4xi32>
  %r = "xhlo.multiply"(%c, %mb) : (tensor<2x3x4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  "check.expect_eq_const"(%r) {value = dense<[[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]], [[0, 2, 4, 6], [8, 10, 12, 14], [16, 18, 20, 22]]]> : tensor<2x3x4xi32>} : (tensor<2x3x4xi32>) -> ()
  func.return
}

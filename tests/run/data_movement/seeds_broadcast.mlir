// XLA Broadcast itself (elementwise/seeds_broadcasting.mlir runs the same examples through
// broadcast_in_dim).

// Seed 002 "廣播" (Broadcast): new dimensions go on the left,
// output[i0, ..., iN, j0, ..., jM] = operand[j0, ..., jM]. Values chosen here.
func.func @broadcast_seed002_new_dimensions_on_the_left() {
  %v = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %r = "xhlo.broadcast"(%v) {broadcast_sizes = array<i64: 2>} : (tensor<3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

// Seed 001 "Broadcast" and seed 002 "廣播": a scalar f32 2.0 with broadcast_sizes {2, 3} gives
// f32[2, 3] with every value 2.0.
func.func @broadcast_seed001_scalar_to_2x3() {
  %s = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.broadcast"(%s) {broadcast_sizes = array<i64: 2, 3>} : (tensor<f32>) -> tensor<2x3xf32>
  "check.expect_eq_const"(%r) {value = dense<2.0> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  func.return
}

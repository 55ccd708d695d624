// XLA Broadcast itself (seeds_broadcasting.mlir runs the same example through broadcast_in_dim).

// Seed 002 "廣播" (Broadcast): new dimensions go on the left,
// output[i0, ..., iN, j0, ..., jM] = operand[j0, ..., jM]. Values chosen here.
func.func @broadcast_seed002_new_dimensions_on_the_left() {
  %v = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %r = "xhlo.broadcast"(%v) {broadcast_sizes = array<i64: 2>} : (tensor<3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// PENDING (issue 4): xhlo.broadcast has no lowering yet. `xla-run --check` on this file fails with
//   error: unsupported in lowering: xhlo.broadcast
// Move this test into tests/run/seeds_broadcasting.mlir once xhlo.broadcast lowers
// (seeds_broadcasting.mlir runs the same example through xhlo.broadcast_in_dim meanwhile).

// Seed 002 "廣播" (Broadcast): new dimensions go on the left,
// output[i0, ..., iN, j0, ..., jM] = operand[j0, ..., jM]. Values chosen here.
func.func @broadcast_seed002_new_dimensions_on_the_left() {
  %v = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %r = "xhlo.broadcast"(%v) {broadcast_sizes = array<i64: 2>} : (tensor<3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// PENDING (issue 4): xhlo.broadcast has no lowering yet. `xla-run --check` on this file fails with
//   error: unsupported in lowering: xhlo.broadcast
// Move this test into tests/run/seeds_broadcasting.mlir once xhlo.broadcast lowers
// (seeds_broadcasting.mlir runs the same example through xhlo.broadcast_in_dim meanwhile).

// Seed 001 "Broadcast" and seed 002 "廣播": a scalar f32 2.0 with broadcast_sizes {2, 3} gives
// f32[2, 3] with every value 2.0.
func.func @broadcast_seed001_scalar_to_2x3() {
  %s = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.broadcast"(%s) {broadcast_sizes = array<i64: 2, 3>} : (tensor<f32>) -> tensor<2x3xf32>
  "check.expect_eq_const"(%r) {value = dense<2.0> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  func.return
}

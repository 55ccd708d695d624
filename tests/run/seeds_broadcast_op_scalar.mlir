// XLA Broadcast itself (seeds_broadcasting.mlir runs the same example through broadcast_in_dim).

// Seed 001 "Broadcast" and seed 002 "廣播": a scalar f32 2.0 with broadcast_sizes {2, 3} gives
// f32[2, 3] with every value 2.0.
func.func @broadcast_seed001_scalar_to_2x3() {
  %s = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.broadcast"(%s) {broadcast_sizes = array<i64: 2, 3>} : (tensor<f32>) -> tensor<2x3xf32>
  "check.expect_eq_const"(%r) {value = dense<2.0> : tensor<2x3xf32>} : (tensor<2x3xf32>) -> ()
  func.return
}

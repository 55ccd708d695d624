// PIPELINE: builtin.module(xhlo-eqsat{fuse=false})
// Broadcasts compose, x*1 and -(-x) vanish, constants fold; the side-effecting custom_call
// stays in place and its operand is still computed before it.
func.func @main(%x: tensor<4x3xf32>, %g: tensor<3xf32>) -> tensor<4x3xf32> {
  %one = "xhlo.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %ones = "xhlo.broadcast_in_dim"(%one) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<4x3xf32>
  %a = "xhlo.multiply"(%x, %ones) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %n = "xhlo.negate"(%a) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %nn = "xhlo.negate"(%n) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %g1 = "xhlo.broadcast_in_dim"(%g) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<1x3xf32>
  %g2 = "xhlo.broadcast_in_dim"(%g1) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xf32>) -> tensor<4x3xf32>
  %s = "xhlo.add"(%nn, %g2) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %c = "xhlo.custom_call"(%s) {call_target_name = "observe", has_side_effect = true} : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %two = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %three = "xhlo.add"(%two, %one) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %b = "xhlo.broadcast_in_dim"(%three) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<4x3xf32>
  %r = "xhlo.multiply"(%c, %b) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

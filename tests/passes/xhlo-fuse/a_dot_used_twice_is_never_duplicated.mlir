// The scaled dot feeds a reduction and an element-wise consumer. The cheap scaling may be
// recomputed in both, but the dot may not: it stays a materialized dot_general and no
// output fusion takes it.
func.func @main(%q: tensor<16x32xf32>, %k: tensor<16x32xf32>) -> (tensor<16xf32>, tensor<16x16xf32>) {
  %0 = "xhlo.dot_general"(%q, %k) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<16x32xf32>, tensor<16x32xf32>) -> tensor<16x16xf32>
  %h = "xhlo.constant"() {value = dense<0.125> : tensor<f32>} : () -> tensor<f32>
  %bh = "xhlo.broadcast_in_dim"(%h) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<16x16xf32>
  %1 = "xhlo.multiply"(%0, %bh) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "xhlo.reduce"(%1, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
  %3 = "xhlo.negate"(%1) : (tensor<16x16xf32>) -> tensor<16x16xf32>
  return %2, %3 : tensor<16xf32>, tensor<16x16xf32>
}

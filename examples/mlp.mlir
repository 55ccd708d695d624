// A two-layer perceptron with a numerically stable softmax, in xhlo generic form.
// It carries one duplicated expression and one dead value, so `make demo` shows
// xhlo-cse and xhlo-dce at work.
func.func @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>,
                %w2: tensor<16x3xf32>, %b2: tensor<3xf32>) -> tensor<4x3xf32> {
  %h = "xhlo.dot_general"(%x, %w1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %bb1 = "xhlo.broadcast_in_dim"(%b1) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<4x16xf32>
  %h1 = "xhlo.add"(%h, %bb1) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<4x16xf32>} : () -> tensor<4x16xf32>
  %relu = "xhlo.maximum"(%h1, %zero) : (tensor<4x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
  %unused = "xhlo.tanh"(%h1) : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %o = "xhlo.dot_general"(%relu, %w2) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<4x16xf32>, tensor<16x3xf32>) -> tensor<4x3xf32>
  %bb2 = "xhlo.broadcast_in_dim"(%b2) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<4x3xf32>
  %logits = "xhlo.add"(%o, %bb2) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %ninf = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %max = "xhlo.reduce"(%logits, %ninf) ({
  ^bb0(%acc: tensor<f32>, %v: tensor<f32>):
    %m = "xhlo.maximum"(%acc, %v) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%m) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  %maxb = "xhlo.broadcast_in_dim"(%max) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4x3xf32>
  %shifted = "xhlo.subtract"(%logits, %maxb) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  %e = "xhlo.exponential"(%shifted) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %zero_s = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %sum = "xhlo.reduce"(%e, %zero_s) ({
  ^bb0(%acc: tensor<f32>, %v: tensor<f32>):
    %s = "xhlo.add"(%acc, %v) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  %sumb = "xhlo.broadcast_in_dim"(%sum) {broadcast_dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4x3xf32>
  %e_again = "xhlo.exponential"(%shifted) : (tensor<4x3xf32>) -> tensor<4x3xf32>
  %softmax = "xhlo.divide"(%e_again, %sumb) : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  return %softmax : tensor<4x3xf32>
}

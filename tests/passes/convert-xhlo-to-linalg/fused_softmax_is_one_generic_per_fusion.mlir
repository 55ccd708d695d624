// PIPELINE: builtin.module(xhlo-fuse,convert-xhlo-to-linalg{vector-bytes=64})
// Softmax after xhlo-fuse: the max reduction, exp(x - max) (one loop generic), the sum
// reduction reading it, and the division reading the sum through a broadcast map.
func.func @main(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %ninf = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %m = "xhlo.reduce"(%x, %ninf) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = "xhlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %bm = "xhlo.broadcast_in_dim"(%m) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x8xf32>
  %d = "xhlo.subtract"(%x, %bm) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  %e = "xhlo.exponential"(%d) : (tensor<2x8xf32>) -> tensor<2x8xf32>
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %s = "xhlo.reduce"(%e, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %bs = "xhlo.broadcast_in_dim"(%s) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x8xf32>
  %y = "xhlo.divide"(%e, %bs) : (tensor<2x8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

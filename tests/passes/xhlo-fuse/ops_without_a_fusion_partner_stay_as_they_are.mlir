// A lone element-wise op, a reduce of a parameter and ops in a while body are left alone;
// a general reshape is not fusible (the lowering only re-indexes unit dimensions).
func.func @main(%x: tensor<4x4xf32>, %n: tensor<i32>) -> (tensor<4x4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<i32>) {
  %0 = "xhlo.negate"(%x) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "xhlo.reduce"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = "xhlo.reshape"(%0) : (tensor<4x4xf32>) -> tensor<16xf32>
  %3 = "xhlo.exponential"(%2) : (tensor<16xf32>) -> tensor<16xf32>
  %4 = "xhlo.while"(%n) ({
  ^bb0(%c: tensor<i32>):
    %lt = "xhlo.compare"(%c, %c) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%c: tensor<i32>):
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %s = "xhlo.add"(%c, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %t = "xhlo.multiply"(%s, %s) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%t) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0, %1, %3, %4 : tensor<4x4xf32>, tensor<4xf32>, tensor<16xf32>, tensor<i32>
}

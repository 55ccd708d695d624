// A column sum and a column max of one matrix become one variadic reduce (the max's init
// constant moves before it); a row sum of the same matrix reduces other dimensions and stays
// apart, as does a sum of another matrix (no shared input).
func.func @main(%x: tensor<64x16xf32>, %y: tensor<64x16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<64xf32>, tensor<16xf32>) {
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %s = "xhlo.reduce"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %t : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<64x16xf32>, tensor<f32>) -> tensor<16xf32>
  %r = "xhlo.reduce"(%x, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %t : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<64x16xf32>, tensor<f32>) -> tensor<64xf32>
  %ninf = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %m = "xhlo.reduce"(%x, %ninf) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "xhlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %t : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<64x16xf32>, tensor<f32>) -> tensor<16xf32>
  %o = "xhlo.reduce"(%y, %zero) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %t : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<64x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %s, %m, %r, %o : tensor<16xf32>, tensor<16xf32>, tensor<64xf32>, tensor<16xf32>
}

// A softmax over rows: the max, exp(x - max), its sum and the division all work row by row,
// so the four kernels eqsat chose become one row fusion.
// PIPELINE: builtin.module(xhlo-eqsat,xhlo-row-fusion)
func.func @main(%arg0: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %0 = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %1 = "xhlo.constant"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %2 = "xhlo.reduce"(%arg0, %0) ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %9 = "xhlo.maximum"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %9 : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %3 = "xhlo.broadcast_in_dim"(%2) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %4 = "xhlo.subtract"(%arg0, %3) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %5 = "xhlo.exponential"(%4) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %6 = "xhlo.reduce"(%5, %1) ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
    %9 = "xhlo.add"(%arg1, %arg2) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    gpu.yield %9 : tensor<f32>
  }) {dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %7 = "xhlo.broadcast_in_dim"(%6) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x32xf32>
  %8 = "xhlo.divide"(%5, %7) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  return %8 : tensor<64x32xf32>
}

// PIPELINE: builtin.module(xhlo-fuse,convert-xhlo-to-linalg{gemm-library=true})
// relu(x·w + b) with gemm-library (as xhlo-jit lowers it): the product is a zero-filled
// generic marked library_call = "xhlo_gemm", x read as [m, k] and w, contracted on its minor
// dimension, as [n, k] (no transpose); the bias and relu are one element-wise generic over
// the product, written in its place.
func.func @main(%x: tensor<64x32xf32>, %w: tensor<48x32xf32>, %b: tensor<48xf32>) -> tensor<64x48xf32> {
  %0 = "xhlo.dot_general"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<64x32xf32>, tensor<48x32xf32>) -> tensor<64x48xf32>
  %1 = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 1>} : (tensor<48xf32>) -> tensor<64x48xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  %3 = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %4 = "xhlo.broadcast_in_dim"(%3) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<64x48xf32>
  %5 = "xhlo.maximum"(%2, %4) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  return %5 : tensor<64x48xf32>
}

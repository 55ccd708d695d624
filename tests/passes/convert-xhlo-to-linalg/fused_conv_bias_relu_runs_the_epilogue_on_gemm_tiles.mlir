// PIPELINE: builtin.module(xhlo-fuse,convert-xhlo-to-linalg)
// relu(conv(x, w) + b) after xhlo-fuse: one output fusion. The convolution is an implicit
// GEMM on the tiled dot kernel (36 output positions × 16 features × 72 window elements: six
// row tiles of one column panel), and right after each 6 × 16 tile is stored, a generic over
// that tile adds the bias (read at the tile's output feature) and applies the relu.
func.func @main(%x: tensor<1x6x6x8xf32>, %w: tensor<3x3x8x16xf32>, %b: tensor<16xf32>) -> tensor<1x6x6x16xf32> {
  %0 = "xhlo.convolution"(%x, %w) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, padding = array<i64: 1, 1, 1, 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x6x6x8xf32>, tensor<3x3x8x16xf32>) -> tensor<1x6x6x16xf32>
  %1 = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 3>} : (tensor<16xf32>) -> tensor<1x6x6x16xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<1x6x6x16xf32>, tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  %3 = "xhlo.constant"() {value = dense<0.0> : tensor<1x6x6x16xf32>} : () -> tensor<1x6x6x16xf32>
  %4 = "xhlo.maximum"(%2, %3) : (tensor<1x6x6x16xf32>, tensor<1x6x6x16xf32>) -> tensor<1x6x6x16xf32>
  "func.return"(%4) : (tensor<1x6x6x16xf32>) -> ()
}

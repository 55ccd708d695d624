// A row fusion over a batch x sequence of 8-wide vectors (each divided by its sum): an
// scf.forall over blocks of one batch index and 4 sequence positions (blocks of 32 bytes
// per row at most 4 KiB, at least 16 blocks), slices in, the kernels on the block, and the
// block's rows inserted into the result.
func.func @main(%x: tensor<2x32x8xf32>) -> tensor<2x32x8xf32> {
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.fusion"(%x, %zero) ({
  ^bb0(%a: tensor<2x32x8xf32>, %z: tensor<f32>):
    %s = "xhlo.reduce"(%a, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      gpu.yield %t : tensor<f32>
    }) {dimensions = array<i64: 2>} : (tensor<2x32x8xf32>, tensor<f32>) -> tensor<2x32xf32>
    %d = "xhlo.fusion"(%a, %s) ({
    ^bb0(%u: tensor<2x32x8xf32>, %v: tensor<2x32xf32>):
      %b = "xhlo.broadcast_in_dim"(%v) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x32xf32>) -> tensor<2x32x8xf32>
      %q = "xhlo.divide"(%u, %b) : (tensor<2x32x8xf32>, tensor<2x32x8xf32>) -> tensor<2x32x8xf32>
      gpu.yield %q : tensor<2x32x8xf32>
    }) {kind = "loop"} : (tensor<2x32x8xf32>, tensor<2x32xf32>) -> tensor<2x32x8xf32>
    gpu.yield %d : tensor<2x32x8xf32>
  }) {kind = "row"} : (tensor<2x32x8xf32>, tensor<f32>) -> tensor<2x32x8xf32>
  return %r : tensor<2x32x8xf32>
}

// PIPELINE: builtin.module(xhlo-eqsat)
// Phase 3 chooses the fusions of a row softmax by the cost model: the max reduction stands
// alone, exp(x - max) is one loop fusion whose result both the sum (an input fusion) and the
// division read: recomputing the exponential inside the sequential reduction would cost more
// than writing and reading it once.
func.func @main(%x: tensor<64x256xf32>) -> tensor<64x256xf32> {
  %ninf = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %mx = "xhlo.reduce"(%x, %ninf) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %z = "xhlo.maximum"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%z) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %mb = "xhlo.broadcast_in_dim"(%mx) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x256xf32>
  %d = "xhlo.subtract"(%x, %mb) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
  %e = "xhlo.exponential"(%d) : (tensor<64x256xf32>) -> tensor<64x256xf32>
  %zero = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %sum = "xhlo.reduce"(%e, %zero) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %z = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%z) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<64x256xf32>, tensor<f32>) -> tensor<64xf32>
  %sb = "xhlo.broadcast_in_dim"(%sum) {broadcast_dimensions = array<i64: 0>} : (tensor<64xf32>) -> tensor<64x256xf32>
  %r = "xhlo.divide"(%e, %sb) : (tensor<64x256xf32>, tensor<64x256xf32>) -> tensor<64x256xf32>
  return %r : tensor<64x256xf32>
}

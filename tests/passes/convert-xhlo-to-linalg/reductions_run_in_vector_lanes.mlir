// PIPELINE: builtin.module(convert-xhlo-to-linalg{vector-bytes=32})
// With 32-byte vectors (8 f32): a row sum of 256 runs as 8 steps of 32 lanes (4 vectors,
// the lanes a parallel loop innermost), the 32 lanes in 4 steps of one vector, that vector
// sequentially. A column sum keeps its contiguous dimension innermost.
func.func @main(%x: tensor<4x256xf32>, %c: tensor<64x24xf32>, %z: tensor<f32>) -> (tensor<4xf32>, tensor<24xf32>) {
  %0 = "xhlo.reduce"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x256xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = "xhlo.reduce"(%c, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<64x24xf32>, tensor<f32>) -> tensor<24xf32>
  return %0, %1 : tensor<4xf32>, tensor<24xf32>
}

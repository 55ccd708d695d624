// A kernel reading its operand across the innermost loop (a transpose, here fused with an
// add of a row-major operand) is cut into square blocks of twice the lanes (16 x 16 at the
// pinned 32-byte vectors; 40 is not a multiple: the last blocks are smaller), each block a
// scalar loop nest reading and writing whole cache lines. A named transpose becomes a
// generic first; one that keeps the innermost dimension is vectorized along it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
func.func @transpose_add(%x: tensor<40x64xf32>, %y: tensor<64x40xf32>) -> tensor<64x40xf32> {
  %init = tensor.empty() : tensor<64x40xf32>
  %r = linalg.generic {indexing_maps = [#tr, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<40x64xf32>, tensor<64x40xf32>) outs(%init : tensor<64x40xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<64x40xf32>
  return %r : tensor<64x40xf32>
}
func.func @heads(%x: tensor<4x8x16xf32>) -> tensor<8x4x16xf32> {
  %init = tensor.empty() : tensor<8x4x16xf32>
  %r = linalg.transpose ins(%x : tensor<4x8x16xf32>) outs(%init : tensor<8x4x16xf32>) permutation = [1, 0, 2]
  return %r : tensor<8x4x16xf32>
}

// The reduction lowering's vector lanes (8 rows of 16 steps of 16 lanes, summed per lane):
// the rows are the scf.forall, the 16 lanes one vector piece (vector-bytes=32: two f32
// vectors), and the reduced loop an scf.for inside it, one vector addition per step, so each
// lane keeps the lowering's sequential order.
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d0, d2)>
func.func @lanes(%x: tensor<8x16x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<8x16x16xf32>) outs(%init : tensor<8x16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    linalg.yield %s : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// Left to the scalar path: a reduction over an innermost loop longer than four vectors (one
// sequential chain, as the lowering ordered it; 64 > 4 x 8 lanes at the pinned 32-byte
// vectors) and complex elements (no vectors of complex).
#id = affine_map<(d0, d1) -> (d0, d1)>
#red = affine_map<(d0, d1) -> (d0)>
func.func @row_sums(%x: tensor<64x64xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.generic {indexing_maps = [#id, #red], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<64x64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @complex_negate(%x: tensor<64x64xcomplex<f32>>) -> tensor<64x64xcomplex<f32>> {
  %init = tensor.empty() : tensor<64x64xcomplex<f32>>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<64x64xcomplex<f32>>) outs(%init : tensor<64x64xcomplex<f32>>) {
  ^bb0(%a: complex<f32>, %out: complex<f32>):
    %n = complex.neg %a : complex<f32>
    linalg.yield %n : complex<f32>
  } -> tensor<64x64xcomplex<f32>>
  return %r : tensor<64x64xcomplex<f32>>
}
// Booleans: a vector of i1 is stored a bit per element, a memref of i1 a byte per element.
func.func @not(%x: tensor<64xi1>) -> tensor<64xi1> {
  %t = arith.constant true
  %init = tensor.empty() : tensor<64xi1>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<64xi1>) outs(%init : tensor<64xi1>) {
  ^bb0(%a: i1, %out: i1):
    %n = arith.xori %a, %t : i1
    linalg.yield %n : i1
  } -> tensor<64xi1>
  return %r : tensor<64xi1>
}

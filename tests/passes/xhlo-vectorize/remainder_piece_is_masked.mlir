// 100 elements are not a multiple of the 16-element piece: the pieces are 16 wide with a
// mask from the remaining length (the last piece reads and writes 4 elements).
#id = affine_map<(d0) -> (d0)>
func.func @negate(%x: tensor<100xf32>) -> tensor<100xf32> {
  %init = tensor.empty() : tensor<100xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<100xf32>) outs(%init : tensor<100xf32>) {
  ^bb0(%a: f32, %out: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<100xf32>
  return %r : tensor<100xf32>
}

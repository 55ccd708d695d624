// PIPELINE: builtin.module(xhlo-reshape-destinations,eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries},cse,canonicalize)
// A result assembled from pieces (a loop fusion split at a concatenate's boundary: one
// generic per half, each inserted into a `tensor.empty`) starts from the caller's buffer:
// the empty becomes `to_tensor %out`, so both pieces write %out in place (no allocation, no
// copy after them once `cse` and `canonicalize` drop the copies of each view onto itself; without
// this the first piece went to a temporary).
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @two_pieces(%x: memref<4x8xf32>, %out: memref<4x16xf32>) {
  %t = bufferization.to_tensor %x restrict : memref<4x8xf32> to tensor<4x8xf32>
  %whole = tensor.empty() : tensor<4x16xf32>
  %e1 = tensor.empty() : tensor<4x8xf32>
  %p1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4x8xf32>
  %r1 = tensor.insert_slice %p1 into %whole[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x16xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %p2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %d = arith.addf %a, %a : f32
    linalg.yield %d : f32
  } -> tensor<4x8xf32>
  %r2 = tensor.insert_slice %p2 into %r1[0, 8] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x16xf32>
  bufferization.materialize_in_destination %r2 in restrict writable %out : (tensor<4x16xf32>, memref<4x16xf32>) -> ()
  return
}

// PIPELINE: builtin.module(xhlo-reshape-destinations,eliminate-empty-tensors)
// A result that is a reshape of the value a kernel computes (here a split and a merge, as a
// JAX program ending in a reshape gives) goes into the caller's buffer reshaped back, so that
// empty-tensor elimination makes the kernel write that buffer: the kernel's `tensor.empty`
// becomes a view of %out. Into a strided buffer that cannot be collapsed the reshape stays
// (a copy after the kernel).
#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @split_then_merge(%x: memref<4x8x32xf32>, %out: memref<32x32xf32>) {
  %t = bufferization.to_tensor %x restrict : memref<4x8x32xf32> to tensor<4x8x32xf32>
  %e = tensor.empty() : tensor<4x8x32xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%t : tensor<4x8x32xf32>) outs(%e : tensor<4x8x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<4x8x32xf32>
  %c = tensor.collapse_shape %r [[0, 1, 2]] : tensor<4x8x32xf32> into tensor<1024xf32>
  %s = tensor.expand_shape %c [[0, 1]] output_shape [32, 32] : tensor<1024xf32> into tensor<32x32xf32>
  bufferization.materialize_in_destination %s in restrict writable %out : (tensor<32x32xf32>, memref<32x32xf32>) -> ()
  return
}
func.func @strided_buffer(%x: memref<32xf32>, %out: memref<4x8xf32, strided<[16, 1]>>) {
  %t = bufferization.to_tensor %x restrict : memref<32xf32> to tensor<32xf32>
  %e = tensor.empty() : tensor<32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<32xf32>) outs(%e : tensor<32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  } -> tensor<32xf32>
  %s = tensor.expand_shape %r [[0, 1]] output_shape [4, 8] : tensor<32xf32> into tensor<4x8xf32>
  bufferization.materialize_in_destination %s in restrict writable %out : (tensor<4x8xf32>, memref<4x8xf32, strided<[16, 1]>>) -> ()
  return
}

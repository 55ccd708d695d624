// PIPELINE: builtin.module(xhlo-reshape-destinations,eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries},cse,canonicalize)
// A result that is an operand with slices inserted (a KV cache's `dynamic_update_slice`)
// copies the operand into the caller's buffer first (`materialize_in_destination` on
// tensors) and inserts the new row there: one copy, no temporary (before, the operand was
// copied into a new buffer, updated, and that buffer copied into %out).
func.func @update(%cache: memref<4x64xf32>, %row: memref<1x64xf32>, %i: index, %out: memref<4x64xf32>) {
  %c = bufferization.to_tensor %cache restrict : memref<4x64xf32> to tensor<4x64xf32>
  %r = bufferization.to_tensor %row restrict : memref<1x64xf32> to tensor<1x64xf32>
  %u = tensor.insert_slice %r into %c[%i, 0] [1, 64] [1, 1] : tensor<1x64xf32> into tensor<4x64xf32>
  bufferization.materialize_in_destination %u in restrict writable %out : (tensor<4x64xf32>, memref<4x64xf32>) -> ()
  return
}

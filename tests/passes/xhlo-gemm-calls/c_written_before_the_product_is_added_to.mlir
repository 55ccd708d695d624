// C holds values the fill does not explain (a store between the fill and the product, and
// a second product into the same C): each call adds to C (accumulate = 1) and the fill stays.
func.func @mm(%a: memref<8x4xf32>, %b: memref<4x8xf32>, %c: memref<8x8xf32>, %v: f32) {
  %zero = arith.constant 0.0 : f32
  %i = arith.constant 3 : index
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  memref.store %v, %c[%i, %i] : memref<8x8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], library_call = "xhlo_gemm"} ins(%a, %b : memref<8x4xf32>, memref<4x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// Too few outputs to fill a tile (8x8), and a max-plus product (not a multiply-add): both
// keep the plain path.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%a: memref<8x32xf32>, %b: memref<32x8xf32>, %c: memref<8x8xf32>, %d: memref<128x32xf32>, %e: memref<32x128xf32>, %f: memref<128x128xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<8x32xf32>, memref<32x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%d, %e : memref<128x32xf32>, memref<32x128xf32>) outs(%f : memref<128x128xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.addf %x, %y : f32
    %s = arith.maximumf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

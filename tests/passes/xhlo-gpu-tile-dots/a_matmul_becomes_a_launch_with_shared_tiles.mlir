// 80x20 @ 20x72: no side a multiple of its tile, so loads clamp, the last k step is short
// and stores outside the output are skipped.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%a: memref<80x20xf32>, %b: memref<20x72xf32>, %c: memref<80x72xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : memref<80x20xf32>, memref<20x72xf32>) outs(%c : memref<80x72xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// The epilogue convert-xhlo-to-linalg fuses into a dot (at k == K - 1) runs once per output,
// on the register tile's sum, its bias read at the output's column.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#bias = affine_map<(d0, d1, d2) -> (d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%a: memref<64x20xf32>, %b: memref<20x64xf32>, %bias: memref<64xf32>, %c: memref<64x64xf32>) {
  %c19 = arith.constant 19 : index
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#a, #b, #bias, #c], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b, %bias : memref<64x20xf32>, memref<20x64xf32>, memref<64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    %k = linalg.index 2 : index
    %last = arith.cmpi eq, %k, %c19 : index
    %r = scf.if %last -> (f32) {
      %biased = arith.addf %s, %z : f32
      %relu = arith.maximumf %biased, %zero : f32
      scf.yield %relu : f32
    } else {
      scf.yield %s : f32
    }
    linalg.yield %r : f32
  }
  return
}

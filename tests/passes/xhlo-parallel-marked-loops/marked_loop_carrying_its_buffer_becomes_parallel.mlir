// A tiled dot's column-panel loop after bufferization: marked xhlo.parallel, it carries the
// output buffer through an inner loop and a branch and yields it unchanged, so it becomes an
// scf.parallel writing the buffer in place (the inner loop, unmarked, stays an scf.for).
func.func @panels(%c: memref<64x64xf32>, %v: f32, %last: i1) -> memref<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %r = scf.for %nt = %c0 to %c4 step %c1 iter_args(%cn = %c) -> (memref<64x64xf32>) {
    %n0 = arith.muli %nt, %c16 : index
    %t = scf.for %m = %c0 to %c64 step %c1 iter_args(%cm = %cn) -> (memref<64x64xf32>) {
      memref.store %v, %cm[%m, %n0] : memref<64x64xf32>
      scf.yield %cm : memref<64x64xf32>
    }
    %e = scf.if %last -> (memref<64x64xf32>) {
      memref.store %v, %t[%c0, %n0] : memref<64x64xf32>
      scf.yield %t : memref<64x64xf32>
    } else {
      scf.yield %t : memref<64x64xf32>
    }
    scf.yield %e : memref<64x64xf32>
  } {xhlo.parallel}
  return %r : memref<64x64xf32>
}

// A small parallel loop (4 x 2 x 8 stores) with a parallel loop nested in an scf.for
// inside it (a reduction's vector lanes): both become scf.for nests, none an OpenMP region.
func.func @lanes(%m: memref<4x8xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.for %k = %c0 to %c2 step %c1 {
      scf.parallel (%j) = (%c0) to (%c8) step (%c1) {
        memref.store %v, %m[%i, %j] : memref<4x8xf32>
        scf.reduce
      }
    }
    scf.reduce
  }
  return
}

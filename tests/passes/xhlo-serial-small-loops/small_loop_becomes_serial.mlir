// A parallel loop of 16 stores (below min-work) becomes an scf.for on the calling thread.
func.func @fill(%m: memref<16xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c16) step (%c1) {
    memref.store %v, %m[%i] : memref<16xf32>
    scf.reduce
  }
  return
}

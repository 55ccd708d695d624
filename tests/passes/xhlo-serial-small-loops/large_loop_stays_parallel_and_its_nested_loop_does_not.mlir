// 4096 x 64 iterations with a 64-trip scf.for inside stay parallel; the parallel loop
// nested in it becomes an scf.for (no nested parallel regions).
func.func @rows(%m: memref<4096x64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
    scf.for %k = %c0 to %c64 step %c1 {
      memref.store %v, %m[%i, %k] : memref<4096x64xf32>
    }
    scf.parallel (%j) = (%c0) to (%c64) step (%c1) {
      memref.store %v, %m[%i, %j] : memref<4096x64xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// A marked loop whose iterations hand a different buffer to the next one (not a buffer
// written in place) stays an scf.for; the mark is dropped. Unmarked loops are left alone.
func.func @swap(%a: memref<16xf32>, %b: memref<16xf32>, %v: f32) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:2 = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    memref.store %v, %x[%i] : memref<16xf32>
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  } {xhlo.parallel}
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%x = %r#0) -> (memref<16xf32>) {
    memref.store %v, %x[%i] : memref<16xf32>
    scf.yield %x : memref<16xf32>
  }
  return %s : memref<16xf32>
}

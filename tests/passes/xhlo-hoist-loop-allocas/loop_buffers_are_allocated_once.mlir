// A serial loop's stack buffer moves before the outermost loop around it (its lowering would
// take more stack every iteration); one in an scf.parallel or an alloca_scope stays (they
// release it per iteration), as does one a loop yields (live across iterations) or one of a
// dynamic size.
func.func @rows(%x: memref<64x16xf32>, %y: memref<64x16xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c8 {
    scf.for %j = %c0 to %c8 step %c1 {
      %t = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
      %r = arith.addi %i, %j : index
      %in = memref.subview %x[%r, 0] [1, 16] [1, 1] : memref<64x16xf32> to memref<16xf32, strided<[1], offset: ?>>
      memref.copy %in, %t : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32>
      %out = memref.subview %y[%r, 0] [1, 16] [1, 1] : memref<64x16xf32> to memref<16xf32, strided<[1], offset: ?>>
      memref.copy %t, %out : memref<16xf32> to memref<16xf32, strided<[1], offset: ?>>
      %d = memref.alloca(%n) : memref<?xf32>
      %f = arith.constant 0.0 : f32
      memref.store %f, %d[%c0] : memref<?xf32>
    }
  }
  scf.parallel (%i) = (%c0) to (%c64) step (%c8) {
    %p = memref.alloca() : memref<16xf32>
    memref.copy %p, %p : memref<16xf32> to memref<16xf32>
    scf.reduce
  }
  scf.for %i = %c0 to %c64 step %c8 {
    memref.alloca_scope {
      %s = memref.alloca() : memref<16xf32>
      memref.copy %s, %s : memref<16xf32> to memref<16xf32>
    }
  }
  %init = memref.alloca() : memref<16xf32>
  %last = scf.for %i = %c0 to %c64 step %c8 iter_args(%b = %init) -> (memref<16xf32>) {
    %k = memref.alloca() : memref<16xf32>
    memref.copy %b, %k : memref<16xf32> to memref<16xf32>
    scf.yield %k : memref<16xf32>
  }
  return
}

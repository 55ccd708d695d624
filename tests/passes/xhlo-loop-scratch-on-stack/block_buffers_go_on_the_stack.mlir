// The buffer each iteration of an outermost scf.forall computes in becomes a stack
// allocation in an alloca_scope, its deallocation gone; a buffer too large stays on the heap.
func.func @rows(%x: memref<64x16xf32>, %y: memref<64x16xf32>) {
  scf.forall (%i) = (0) to (64) step (8) {
    %t = memref.alloc() {alignment = 64 : i64} : memref<8x16xf32>
    %in = memref.subview %x[%i, 0] [8, 16] [1, 1] : memref<64x16xf32> to memref<8x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %in, %t : memref<8x16xf32, strided<[16, 1], offset: ?>> to memref<8x16xf32>
    %out = memref.subview %y[%i, 0] [8, 16] [1, 1] : memref<64x16xf32> to memref<8x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %t, %out : memref<8x16xf32> to memref<8x16xf32, strided<[16, 1], offset: ?>>
    memref.dealloc %t : memref<8x16xf32>
  }
  return
}

func.func @large(%y: memref<64x16xf32>) {
  scf.forall (%i) = (0) to (64) step (8) {
    %t = memref.alloc() : memref<1024x1024xf32>
    %v = memref.subview %t[0, 0] [8, 16] [1, 1] : memref<1024x1024xf32> to memref<8x16xf32, strided<[1024, 1]>>
    %out = memref.subview %y[%i, 0] [8, 16] [1, 1] : memref<64x16xf32> to memref<8x16xf32, strided<[16, 1], offset: ?>>
    memref.copy %v, %out : memref<8x16xf32, strided<[1024, 1]>> to memref<8x16xf32, strided<[16, 1], offset: ?>>
    memref.dealloc %t : memref<1024x1024xf32>
  }
  return
}

// Fills of contiguous static buffers become vector stores 8 f32 (or 4 f64) wide (the
// snapshots pin 32-byte vectors): a loop over the buffer seen as one row, one store when
// the buffer is one vector, and a narrower store for the remainder. A strided view, a
// buffer narrower than one vector, a dynamic or rank-0 one, booleans and a fill larger
// than max-bytes keep linalg.fill.
func.func @fills(%a: memref<4x64xf32>, %b: memref<12xf32>, %c: memref<8xf32>, %d: memref<2x3xf64>,
                 %e: memref<16x16xf32>, %f: memref<4xf32>, %g: memref<?xf32>, %h: memref<f32>,
                 %i: memref<64xi1>, %j: memref<256x1024xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %one = arith.constant 1.0 : f64
  %t = arith.constant true
  linalg.fill ins(%ninf : f32) outs(%a : memref<4x64xf32>)
  linalg.fill ins(%ninf : f32) outs(%b : memref<12xf32>)
  linalg.fill ins(%ninf : f32) outs(%c : memref<8xf32>)
  linalg.fill ins(%one : f64) outs(%d : memref<2x3xf64>)
  %view = memref.subview %e[0, 0] [16, 8] [1, 1] : memref<16x16xf32> to memref<16x8xf32, strided<[16, 1]>>
  linalg.fill ins(%ninf : f32) outs(%view : memref<16x8xf32, strided<[16, 1]>>)
  linalg.fill ins(%ninf : f32) outs(%f : memref<4xf32>)
  linalg.fill ins(%ninf : f32) outs(%g : memref<?xf32>)
  linalg.fill ins(%ninf : f32) outs(%h : memref<f32>)
  linalg.fill ins(%t : i1) outs(%i : memref<64xi1>)
  linalg.fill ins(%ninf : f32) outs(%j : memref<256x1024xf32>)
  return
}

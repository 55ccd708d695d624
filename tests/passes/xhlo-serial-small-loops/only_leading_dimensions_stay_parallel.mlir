// A batch of 1 alone gives the threads nothing to share: the parallel loop keeps the
// leading dimensions that give at least 64 iterations (1 x 56 x 56), and the innermost runs
// as an scf.for inside, where LLVM vectorizes it.
func.func @nhwc(%m: memref<1x56x56x64xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c56 = arith.constant 56 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%n, %h, %w, %c) = (%c0, %c0, %c0, %c0) to (%c1, %c56, %c56, %c64) step (%c1, %c1, %c1, %c1) {
    memref.store %v, %m[%n, %h, %w, %c] : memref<1x56x56x64xf32>
    scf.reduce
  }
  return
}

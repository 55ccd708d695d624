// PIPELINE: builtin.module(xhlo-to-buffers,scf-forall-to-parallel,convert-linalg-to-parallel-loops,xhlo-serial-small-loops,convert-scf-to-openmp{num-threads=2})
// The loop stage on two threads: 2^20 additions, vectorized in pieces of 16 (vector-bytes=32), become one OpenMP work-sharing loop over the pieces.
func.func @main(%a: tensor<1048576xf32>, %b: tensor<1048576xf32>) -> tensor<1048576xf32> {
  %0 = "xhlo.add"(%a, %b) : (tensor<1048576xf32>, tensor<1048576xf32>) -> tensor<1048576xf32>
  return %0 : tensor<1048576xf32>
}

// Reductions MPI does itself (MPI_Allreduce, MPI_Reduce_scatter_block; float maximum with
// an MPI op of ours that propagates NaN as stablehlo.maximum does, where MPI_MAX would not),
// on 4 replicas, each process with its own input; groups of different sizes, in any order,
// not all processes in each.
// tests/collectives.rs computes the expected values.
func.func @main(%x: tensor<4xi64>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi64>, tensor<4xui8>, tensor<2x1xf32>, tensor<4xi1>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<8xi32>) {
  %f = stablehlo.convert %x : (tensor<4xi64>) -> tensor<4xf32>
  %i = stablehlo.convert %x : (tensor<4xi64>) -> tensor<4xi32>
  %u = stablehlo.convert %x : (tensor<4xi64>) -> tensor<4xui8>
  %r0 = "stablehlo.all_reduce"(%f) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.multiply %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %r1 = "stablehlo.all_reduce"(%i) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.maximum %b, %a : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {replica_groups = dense<[[0, 2, 3], [1, -1, -1]]> : tensor<2x3xi64>} : (tensor<4xi32>) -> tensor<4xi32>
  %r2 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.xor %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<> : tensor<0x0xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  %r3 = "stablehlo.all_reduce"(%u) ({
    ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
      %s = stablehlo.minimum %a, %b : tensor<ui8>
      stablehlo.return %s : tensor<ui8>
  }) {replica_groups = dense<[[1, 0], [3, 2]]> : tensor<2x2xi64>} : (tensor<4xui8>) -> tensor<4xui8>
  %ten = stablehlo.constant dense<[[1.0], [10.0]]> : tensor<2x1xf32>
  %fb = stablehlo.broadcast_in_dim %f, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %tb = stablehlo.broadcast_in_dim %ten, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x4xf32>
  %m = stablehlo.multiply %fb, %tb : tensor<2x4xf32>
  %r4 = "stablehlo.reduce_scatter"(%m) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>} : (tensor<2x4xf32>) -> tensor<2x1xf32>
  %zero = stablehlo.constant dense<0> : tensor<4xi64>
  %p = stablehlo.compare GT, %x, %zero : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
  %r5 = "stablehlo.all_reduce"(%p) ({
    ^bb0(%a: tensor<i1>, %b: tensor<i1>):
      %s = stablehlo.or %a, %b : tensor<i1>
      stablehlo.return %s : tensor<i1>
  }) {replica_groups = dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xi1>) -> tensor<4xi1>
  %sq = stablehlo.sqrt %f : tensor<4xf32>
  %r6 = "stablehlo.all_reduce"(%sq) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<> : tensor<0x0xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %f2 = stablehlo.add %f, %f : tensor<4xf32>
  %c = stablehlo.complex %f, %f2 : tensor<4xcomplex<f32>>
  %r7 = "stablehlo.all_reduce"(%c) ({
    ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
      %s = stablehlo.add %a, %b : tensor<complex<f32>>
      stablehlo.return %s : tensor<complex<f32>>
  }) {replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %r8 = "stablehlo.all_gather"(%i) {all_gather_dim = 0 : i64, replica_groups = dense<[[2, 0], [1, 3]]> : tensor<2x2xi64>} : (tensor<4xi32>) -> tensor<8xi32>
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8 : tensor<4xf32>, tensor<4xi32>, tensor<4xi64>, tensor<4xui8>, tensor<2x1xf32>, tensor<4xi1>, tensor<4xf32>, tensor<4xcomplex<f32>>, tensor<8xi32>
}

func.func @main(%a: tensor<2x3x100x40xf64>, %b: tensor<2x3x40x72xf64>) -> tensor<2x3x100x72xf64> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x100x40xf64>, tensor<2x3x40x72xf64>) -> tensor<2x3x100x72xf64>
  return %0 : tensor<2x3x100x72xf64>
}

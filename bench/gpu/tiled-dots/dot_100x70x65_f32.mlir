func.func @main(%a: tensor<100x70xf32>, %b: tensor<70x65xf32>) -> tensor<100x65xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<100x70xf32>, tensor<70x65xf32>) -> tensor<100x65xf32>
  return %0 : tensor<100x65xf32>
}

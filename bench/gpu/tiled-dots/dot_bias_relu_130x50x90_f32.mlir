func.func @main(%x: tensor<130x50xf32>, %w: tensor<50x90xf32>, %b: tensor<90xf32>) -> tensor<130x90xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<130x50xf32>, tensor<50x90xf32>) -> tensor<130x90xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<90xf32>) -> tensor<130x90xf32>
  %2 = stablehlo.add %0, %1 : tensor<130x90xf32>
  %z = stablehlo.constant dense<0.0> : tensor<130x90xf32>
  %3 = stablehlo.maximum %2, %z : tensor<130x90xf32>
  return %3 : tensor<130x90xf32>
}

// An op in the loop body equal to one before the loop reuses the outer value.
func.func @main(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %0 = "xhlo.negate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "xhlo.if"(%p) ({
    %n = "xhlo.negate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    "gpu.yield"(%n) : (tensor<4xf32>) -> ()
  }, {
    "gpu.yield"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<i1>) -> tensor<4xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

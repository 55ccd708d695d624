// Two identical exponentials become one; the add then sees the same value twice.
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.exponential"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "xhlo.exponential"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

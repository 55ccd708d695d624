// The unused negate -> exponential chain goes in one sweep; the returned value stays.
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.negate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "xhlo.exponential"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "xhlo.abs"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

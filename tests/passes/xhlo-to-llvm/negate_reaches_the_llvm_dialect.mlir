// The whole way: only the LLVM dialect remains.
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.negate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

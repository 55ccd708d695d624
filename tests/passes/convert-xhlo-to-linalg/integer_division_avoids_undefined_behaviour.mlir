// Signed division guards x / 0 (gives -1) and INT_MIN / -1 (gives INT_MIN) with selects,
// since LLVM's sdiv is undefined there.
func.func @main(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "xhlo.divide"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// ui8 tensors become signless i8 with unsigned ops; i4 is stored in i8 and computed in i4.
func.func @main(%a: tensor<2xui8>, %b: tensor<2xui8>, %c: tensor<2xi4>) -> (tensor<2xui8>, tensor<2xi4>) {
  %0 = "xhlo.maximum"(%a, %b) : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8>
  %1 = "xhlo.add"(%c, %c) : (tensor<2xi4>, tensor<2xi4>) -> tensor<2xi4>
  return %0, %1 : tensor<2xui8>, tensor<2xi4>
}

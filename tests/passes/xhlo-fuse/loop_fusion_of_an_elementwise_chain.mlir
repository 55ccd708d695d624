// tanh(x*y+z)*2-x: every producer has one consumer, the broadcast of the constant included,
// so the whole chain becomes one loop fusion.
func.func @main(%x: tensor<1024xf32>, %y: tensor<1024xf32>, %z: tensor<1024xf32>) -> tensor<1024xf32> {
  %0 = "xhlo.multiply"(%x, %y) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  %1 = "xhlo.add"(%0, %z) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  %2 = "xhlo.tanh"(%1) : (tensor<1024xf32>) -> tensor<1024xf32>
  %3 = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %4 = "xhlo.broadcast_in_dim"(%3) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<1024xf32>
  %5 = "xhlo.multiply"(%2, %4) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  %6 = "xhlo.subtract"(%5, %x) : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<1024xf32>
  return %6 : tensor<1024xf32>
}

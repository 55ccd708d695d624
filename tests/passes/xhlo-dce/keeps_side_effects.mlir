// Unused results of ops with effects stay: outfeed, custom_call and rng draws.
func.func @main(%a: tensor<4xf32>, %t: !xhlo.token) -> tensor<4xf32> {
  %0 = "xhlo.outfeed"(%a, %t) : (tensor<4xf32>, !xhlo.token) -> !xhlo.token
  %1 = "xhlo.custom_call"(%a) {call_target_name = "log_tensor"} : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "xhlo.negate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

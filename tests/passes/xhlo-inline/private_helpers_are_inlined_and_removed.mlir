// Calls of private helpers (as JAX exports jnp.clip or a scan's step) are replaced by the
// helpers' bodies, values renamed apart, a helper calling a helper included; calls inside a
// region (a while body) too. Helpers no longer called go; a public function stays, and so
// does a call of it.
func.func @main(%x: tensor<4xi32>, %lo: tensor<i32>, %hi: tensor<i32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = func.call @clip(%x, %lo, %hi) : (tensor<4xi32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  %1 = func.call @twice(%0) : (tensor<4xi32>) -> tensor<4xi32>
  %2 = func.call @kept(%1) : (tensor<4xi32>) -> tensor<4xi32>
  %3:2 = "xhlo.while"(%lo, %2) ({
  ^bb0(%i: tensor<i32>, %v: tensor<4xi32>):
    %c = "xhlo.compare"(%i, %hi) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    gpu.yield %c : tensor<i1>
  }, {
  ^bb0(%i: tensor<i32>, %v: tensor<4xi32>):
    %n = func.call @twice(%v) : (tensor<4xi32>) -> tensor<4xi32>
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %j = "xhlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    gpu.yield %j, %n : tensor<i32>, tensor<4xi32>
  }) : (tensor<i32>, tensor<4xi32>) -> (tensor<i32>, tensor<4xi32>)
  return %1, %3#1 : tensor<4xi32>, tensor<4xi32>
}
func.func private @clip(%arg0: tensor<4xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4xi32> {
  %0 = "xhlo.clamp"(%arg1, %arg0, %arg2) : (tensor<i32>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func private @twice(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = func.call @double(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func private @double(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "xhlo.add"(%arg0, %arg0) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
func.func @kept(%arg0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "xhlo.negate"(%arg0) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// A while loop whose body is pure and whose results are unused is dead; one that
// contains an outfeed is not.
func.func @main(%n: tensor<i32>, %t: !xhlo.token) -> tensor<i32> {
  %0 = "xhlo.while"(%n) ({
  ^bb0(%i: tensor<i32>):
    %c = "xhlo.compare"(%i, %i) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>):
    %s = "xhlo.add"(%i, %i) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  %1:2 = "xhlo.while"(%n, %t) ({
  ^bb0(%i: tensor<i32>, %tok: !xhlo.token):
    %c = "xhlo.compare"(%i, %i) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %tok: !xhlo.token):
    %o = "xhlo.outfeed"(%i, %tok) : (tensor<i32>, !xhlo.token) -> !xhlo.token
    "gpu.yield"(%i, %o) : (tensor<i32>, !xhlo.token) -> ()
  }) : (tensor<i32>, !xhlo.token) -> (tensor<i32>, !xhlo.token)
  return %n : tensor<i32>
}

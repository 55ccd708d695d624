// xla-run %s --random-inputs 1 --memory-limit 1000000G --no-eqsat --fusion=off => 1: xla-run: error: out of memory: the compiled program could not allocate 281475.0 GB (281474976710720 bytes), the size of 'xhlo.broadcast_in_dim' op result #0 (tensor<70368744177664xf32>) at %s:3:
func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %big = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<70368744177664xf32>
  %rev = stablehlo.reverse %big, dims = [0] : tensor<70368744177664xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%rev init: %z) applies stablehlo.add across dimensions = [0] : (tensor<70368744177664xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}

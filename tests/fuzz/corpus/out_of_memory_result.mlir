// xla-run %s --random-inputs 1 --memory-limit 1000000G => 1: xla-run: error: out of memory: could not allocate 281475.0 GB (281474976710656 bytes) for result #0 of the entry (tensor<70368744177664xf32>)
func.func @main(%a: tensor<f32>) -> tensor<70368744177664xf32> {
  %big = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<70368744177664xf32>
  return %big : tensor<70368744177664xf32>
}

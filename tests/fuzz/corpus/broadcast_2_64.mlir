// xla-run %s --random-inputs 1 => 1: %s:3:8: error: 'xhlo.broadcast_in_dim' op tensor<4294967296x4294967296xf32> has more elements or bytes than a 64-bit size can count
func.func @main(%a: tensor<f32>) -> tensor<4294967296x4294967296xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296xf32>
}

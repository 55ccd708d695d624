// xla-run %s --random-inputs 1 => 1: %s:4:8: error: 'xhlo.reduce' op tensor<99999999999x99999999999xf32> has more elements or bytes than a 64-bit size can count
func.func @main(%a: tensor<99999999999x99999999999xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<99999999999x99999999999xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}

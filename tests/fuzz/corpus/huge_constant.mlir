// xla-run %s => 1: %s:3:8: error: 'xhlo.constant' op tensor<99999999999x99999999999xf32> has more elements or bytes than a 64-bit size can count
func.func @main() -> tensor<99999999999x99999999999xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<99999999999x99999999999xf32>
  return %0 : tensor<99999999999x99999999999xf32>
}

// xla-run %s --random-inputs 1 => 1: %s:3:29: error: the text is not UTF-8 (byte 0xff
func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {
  return %a : tensor<3xf32> ÿ
}

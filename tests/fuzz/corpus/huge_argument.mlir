// xla-run %s --random-inputs 1 => 1: %s:2:1: error: 'func.func' op argument %arg0 has type tensor<4294967296x4294967296x16xf32>, with more elements or bytes than a 64-bit size can count
func.func @main(%a: tensor<4294967296x4294967296x16xf32>) -> tensor<4294967296x4294967296x16xf32> {
  return %a : tensor<4294967296x4294967296x16xf32>
}

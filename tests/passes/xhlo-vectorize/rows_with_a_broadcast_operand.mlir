// An element-wise kernel over 8 rows of 64 with a row vector broadcast along the rows:
// tiled 1 x 16 (vector-bytes=32: 8 f32 lanes, two vectors per piece), each piece one
// vector.transfer_read per operand (the broadcast one read at the piece's columns), the
// arithmetic on vector<16xf32>, one transfer_write.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @bias_relu(%x: tensor<8x64xf32>, %b: tensor<64xf32>) -> tensor<8x64xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : tensor<8x64xf32>, tensor<64xf32>) outs(%init : tensor<8x64xf32>) {
  ^bb0(%a: f32, %c: f32, %out: f32):
    %s = arith.addf %a, %c : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}

// Marked generics the library cannot run stay as they are (the loop lowering takes them):
// an integer product, and one reading A at a shifted index.
func.func @int(%a: memref<8x4xi32>, %b: memref<4x8xi32>, %c: memref<8x8xi32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], library_call = "xhlo_gemm"} ins(%a, %b : memref<8x4xi32>, memref<4x8xi32>) outs(%c : memref<8x8xi32>) {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  }
  return
}
func.func @shifted(%a: memref<9x4xf32>, %b: memref<4x8xf32>, %c: memref<8x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0 + 1, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"], library_call = "xhlo_gemm"} ins(%a, %b : memref<9x4xf32>, memref<4x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

// PIPELINE: builtin.module(xhlo-gemm-calls{threads=2 min-work=1000})
// Marked convolution-shaped generics the library cannot run stay as they are: one with
// feature groups (A's feature index a floordiv of the output feature), one reading A at a
// shifted position (a constant in its map), and one whose output feature also indexes A
// (no loop is only B's and C's: no columns).
func.func @groups(%x: memref<1x6x6x4xf32>, %k: memref<3x3x2x4xf32>, %out: memref<1x4x4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d5, d2 + d6, (d3 floordiv 2) * 2 + d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d4, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"], library_call = "xhlo_gemm"} ins(%x, %k : memref<1x6x6x4xf32>, memref<3x3x2x4xf32>) outs(%out : memref<1x4x4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @shifted(%x: memref<1x7x4xf32>, %k: memref<3x4x8xf32>, %out: memref<1x4x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d4 + 1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d4, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], library_call = "xhlo_gemm"} ins(%x, %k : memref<1x7x4xf32>, memref<3x4x8xf32>) outs(%out : memref<1x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
func.func @no_columns(%x: memref<1x6x8xf32>, %k: memref<3x4x8xf32>, %out: memref<1x4x8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d4, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d4, d3, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], library_call = "xhlo_gemm"} ins(%x, %k : memref<1x6x8xf32>, memref<3x4x8xf32>) outs(%out : memref<1x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

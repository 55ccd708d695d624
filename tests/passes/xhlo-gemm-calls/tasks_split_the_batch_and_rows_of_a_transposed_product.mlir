// PIPELINE: builtin.module(xhlo-gemm-calls{threads=2 min-work=1000})
// Three f64 products Q·Kᵀ (B read as [b, n, k]: its row stride is the k dimension's) on two
// threads: 3 batches x 2 row blocks = 6 tasks, a multiple of the threads, in an scf.parallel
// marked xhlo.library_tasks; the zero fill (through a collapsed view of C) goes.
func.func @qkt(%q: memref<3x40x16xf64>, %k: memref<3x24x16xf64>, %out: memref<3x40x2x12xf64>) {
  %zero = arith.constant 0.0 : f64
  %c = memref.collapse_shape %out [[0], [1], [2, 3]] : memref<3x40x2x12xf64> into memref<3x40x24xf64>
  linalg.fill ins(%zero : f64) outs(%out : memref<3x40x2x12xf64>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"], library_call = "xhlo_gemm"} ins(%q, %k : memref<3x40x16xf64>, memref<3x24x16xf64>) outs(%c : memref<3x40x24xf64>) {
  ^bb0(%x: f64, %y: f64, %acc: f64):
    %p = arith.mulf %x, %y : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  }
  return
}
// A product of less than min-work flops (256 of 1000) on two threads: its
// batch elements are tasks of an scf.for on the calling thread.
func.func @small(%q: memref<2x4x4xf32>, %k: memref<2x4x4xf32>, %c: memref<2x4x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"], library_call = "xhlo_gemm"} ins(%q, %k : memref<2x4x4xf32>, memref<2x4x4xf32>) outs(%c : memref<2x4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}

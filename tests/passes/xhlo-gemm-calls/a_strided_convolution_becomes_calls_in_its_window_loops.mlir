// PIPELINE: builtin.module(xhlo-gemm-calls{threads=2 min-work=1000})
// An NHWC convolution with stride 2 as the lowering hands it over (loops n, h, w, o, then
// the input feature c and the window kh, kw): rows m = w (A's row stride 2 x 4 features),
// columns n = o, contraction k = c with kw merged into it (kw moves A by 4 x c's step and B
// by 4 x c's: k = 12); n and h are the tasks (4, in an scf.parallel marked
// xhlo.library_tasks: 9216 flops), kh an scf.for inside, its first iteration overwriting C
// (its zero fill goes), the others adding to it.
func.func @conv(%x: memref<1x9x9x4xf32>, %k: memref<3x3x4x8xf32>, %out: memref<1x4x4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<1x4x4x8xf32>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d5, d2 * 2 + d6, d4)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d4, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"], library_call = "xhlo_gemm"} ins(%x, %k : memref<1x9x9x4xf32>, memref<3x3x4x8xf32>) outs(%out : memref<1x4x4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  return
}
// NCHW/OIHW in f64 with a dilated 1-D window (loops n, o, w, then c, kw), below min-work
// and with no zero fill: the tasks n (2) in an scf.for on the calling thread, each call
// adding to C; rows m = w, columns n = o (C's column stride the 5 positions), k = c (A's
// column stride 12, B's row stride 2).
func.func @nchw(%x: memref<2x3x12xf64>, %k: memref<4x3x2xf64>, %out: memref<2x4x5xf64>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d2 * 2 + d4 * 3)>, affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"], library_call = "xhlo_gemm"} ins(%x, %k : memref<2x3x12xf64>, memref<4x3x2xf64>) outs(%out : memref<2x4x5xf64>) {
  ^bb0(%a: f64, %b: f64, %acc: f64):
    %p = arith.mulf %a, %b : f64
    %s = arith.addf %acc, %p : f64
    linalg.yield %s : f64
  }
  return
}

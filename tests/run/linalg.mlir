// Worked examples of the linear-algebra and convolution ops in the seed
// documents, run end to end (issue 4): target/debug/xla-run --check tests/run/linalg.mlir
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt (English, r1.3) and
// 002_e2447a076b143c68.txt (Traditional Chinese, newest; wins on conflicts). Only DotGeneral
// has numbers in the seeds; the other cases apply the seeds' definitions to small inputs
// computed by hand.

// Seed 002 "DotGeneral", contracting-dimension example: lhs {{1,2,3},{4,5,6}},
// rhs {{1,1,1},{2,2,2}}, lhs_contracting_dimensions {1}, rhs_contracting_dimensions {1}
// -> {{6, 12}, {15, 30}}.
func.func @dot_general_seed002_contracting_dimensions() {
  %l = "xhlo.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %r = "xhlo.constant"() {value = dense<[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %d = "xhlo.dot_general"(%l, %r) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
  "check.expect_eq_const"(%d) {value = dense<[[6.0, 12.0], [15.0, 30.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "DotGeneral", batch-dimension example (batch 2 of 2x2 matrices times identities):
// lhs_contracting {2}, rhs_contracting {1}, lhs_batch {0}, rhs_batch {0} -> lhs unchanged.
func.func @dot_general_seed002_batch_dimensions() {
  %l = "xhlo.constant"() {value = dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>} : () -> tensor<2x2x2xf32>
  %r = "xhlo.constant"() {value = dense<[[[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]]> : tensor<2x2x2xf32>} : () -> tensor<2x2x2xf32>
  %d = "xhlo.dot_general"(%l, %r) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  "check.expect_eq_const"(%d) {value = dense<[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]> : tensor<2x2x2xf32>} : (tensor<2x2x2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "DotGeneral": result dimensions are the batch dimensions, then lhs free, then rhs
// free ([b0, m, k] dot [b0, k, n] -> [b0, m, n]). Values chosen here; the rhs batch dimension
// is its last, so the batch dimension numbers of lhs and rhs differ.
func.func @dot_general_seed002_result_dimension_order() {
  %l = "xhlo.constant"() {value = dense<[[[1, 2]], [[3, 4]]]> : tensor<2x1x2xi32>} : () -> tensor<2x1x2xi32>
  %r = "xhlo.constant"() {value = dense<[[[1, 10], [2, 20], [3, 30]], [[4, 40], [5, 50], [6, 60]]]> : tensor<2x3x2xi32>} : () -> tensor<2x3x2xi32>
  %d = "xhlo.dot_general"(%l, %r) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 2>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x1x2xi32>, tensor<2x3x2xi32>) -> tensor<2x1x3xi32>
  "check.expect_eq_const"(%d) {value = dense<[[[9, 12, 15]], [[190, 260, 330]]]> : tensor<2x1x3xi32>} : (tensor<2x1x3xi32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "Dot": vector[n] dot vector[n] = scalar, matrix[m x k] dot vector[k] =
// vector[m], matrix[m x k] dot matrix[k x n] = matrix[m x n]. No numbers in the seeds; values
// chosen here.
func.func @dot_seed002_three_rank_cases() {
  %v = "xhlo.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %w = "xhlo.constant"() {value = dense<[4.0, 5.0, 6.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "xhlo.constant"() {value = dense<[[1.0, 0.0, 2.0], [0.0, 1.0, -1.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %n = "xhlo.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %vv = "xhlo.dot"(%v, %w) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  "check.expect_eq_const"(%vv) {value = dense<32.0> : tensor<f32>} : (tensor<f32>) -> ()
  %mv = "xhlo.dot"(%m, %w) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
  "check.expect_eq_const"(%mv) {value = dense<[16.0, -1.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  %mm = "xhlo.dot"(%m, %n) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  "check.expect_eq_const"(%mm) {value = dense<[[11.0, 14.0], [-2.0, -2.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "Cholesky": lower = true computes l with a = l . l^T, reading only the lower
// triangle of a (the upper one holds garbage here: 99); the other triangle of the result is
// implementation-defined, so it is masked off before checking. No numbers in the seed:
// a = [[4, 2], [2, 10]] (upper entry replaced by 99) -> l = [[2, 0], [1, 3]]; and with
// lower = false, u = l^T from the upper triangle of [[4, 2], [99, 10]].
func.func @cholesky_seed002_lower_and_upper() {
  %a = "xhlo.constant"() {value = dense<[[4.0, 99.0], [2.0, 10.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %l = "xhlo.cholesky"(%a) {lower = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %lmask = "xhlo.constant"() {value = dense<[[true, false], [true, true]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %lm = "xhlo.select"(%lmask, %l, %z) : (tensor<2x2xi1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  "check.expect_almost_eq_const"(%lm) {value = dense<[[2.0, 0.0], [1.0, 3.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  %b = "xhlo.constant"() {value = dense<[[4.0, 2.0], [99.0, 10.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %u = "xhlo.cholesky"(%b) {lower = false} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %umask = "xhlo.constant"() {value = dense<[[true, true], [false, true]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %um = "xhlo.select"(%umask, %u, %z) : (tensor<2x2xi1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  "check.expect_almost_eq_const"(%um) {value = dense<[[2.0, 1.0], [0.0, 3.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "TriangularSolve": solves op(a) * x = b (left_side) or x * op(a) = b, reading only
// the chosen triangle of a. No numbers in the seed; a = [[2, 0], [1, 4]] (lower; the upper
// entry holds 99 and must be ignored):
// left, no transpose: [[2,0],[1,4]] x = [[2],[9]] -> x = [[1],[2]];
// left, transpose: [[2,1],[0,4]] x = [[4],[8]] -> x = [[1],[2]];
// right: x [[2,0],[1,4]] = [[4, 8]] -> x = [[1, 2]] (x0*2 + x1*1 = 4, x1*4 = 8);
// unit_diagonal: [[1,0],[1,1]] x = [[2],[9]] -> x = [[2],[7]].
func.func @triangular_solve_seed002_left_right_transpose_unit() {
  %a = "xhlo.constant"() {value = dense<[[2.0, 99.0], [1.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %b = "xhlo.constant"() {value = dense<[[2.0], [9.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %x = "xhlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  "check.expect_almost_eq_const"(%x) {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : (tensor<2x1xf32>) -> ()
  %bt = "xhlo.constant"() {value = dense<[[4.0], [8.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %xt = "xhlo.triangular_solve"(%a, %bt) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "TRANSPOSE"} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  "check.expect_almost_eq_const"(%xt) {value = dense<[[1.0], [2.0]]> : tensor<2x1xf32>} : (tensor<2x1xf32>) -> ()
  %br = "xhlo.constant"() {value = dense<[[4.0, 8.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %xr = "xhlo.triangular_solve"(%a, %br) {left_side = false, lower = true, unit_diagonal = false, transpose_a = "NO_TRANSPOSE"} : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  "check.expect_almost_eq_const"(%xr) {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : (tensor<1x2xf32>) -> ()
  %xu = "xhlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = true, transpose_a = "NO_TRANSPOSE"} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  "check.expect_almost_eq_const"(%xu) {value = dense<[[2.0], [7.0]]> : tensor<2x1xf32>} : (tensor<2x1xf32>) -> ()
  func.return
}

// -----

// Seed 002 "Fft": FFT (complex -> complex), IFFT its inverse, RFFT (real -> complex, the last
// axis shrinks to fft_length // 2 + 1) and IRFFT (back to fft_length real values). No numbers
// in the seed: the DFT of [1, 2, 3, 4] is [10, -2+2i, -2, -2-2i].
func.func @fft_seed002_fft_ifft_rfft_irfft() {
  %x = "xhlo.constant"() {value = dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>} : () -> tensor<4xcomplex<f32>>
  %f = "xhlo.fft"(%x) {fft_type = "FFT", fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  "check.expect_almost_eq_const"(%f) {value = dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]> : tensor<4xcomplex<f32>>} : (tensor<4xcomplex<f32>>) -> ()
  %i = "xhlo.fft"(%f) {fft_type = "IFFT", fft_length = array<i64: 4>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  "check.expect_almost_eq_const"(%i) {value = dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>} : (tensor<4xcomplex<f32>>) -> ()
  %r = "xhlo.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %rf = "xhlo.fft"(%r) {fft_type = "RFFT", fft_length = array<i64: 4>} : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  "check.expect_almost_eq_const"(%rf) {value = dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f32>>} : (tensor<3xcomplex<f32>>) -> ()
  %ir = "xhlo.fft"(%rf) {fft_type = "IRFFT", fft_length = array<i64: 4>} : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
  "check.expect_almost_eq_const"(%ir) {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : (tensor<4xf32>) -> ()
  func.return
}

// -----

// Seed 002 "Fft", multidimensional: with two fft_lengths the transform runs over the two
// innermost axes. 2D DFT of [[1, 2], [3, 4]] = [[10, -2], [-4, 0]].
func.func @fft_seed002_two_axes() {
  %x = "xhlo.constant"() {value = dense<[[(1.0, 0.0), (2.0, 0.0)], [(3.0, 0.0), (4.0, 0.0)]]> : tensor<2x2xcomplex<f64>>} : () -> tensor<2x2xcomplex<f64>>
  %f = "xhlo.fft"(%x) {fft_type = "FFT", fft_length = array<i64: 2, 2>} : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  "check.expect_almost_eq_const"(%f) {value = dense<[[(10.0, 0.0), (-2.0, 0.0)], [(-4.0, 0.0), (0.0, 0.0)]]> : tensor<2x2xcomplex<f64>>} : (tensor<2x2xcomplex<f64>>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "ConvWithGeneralPadding": the pseudo-code's padding and striding
// (iy = oy*stride_y + ky - pad_low_y; out-of-base positions contribute zero). No numbers in
// the seeds; 1 batch, 1 feature, a 3x3 input 1..9, a 2x2 kernel of ones, stride 2, padding
// (1, 0) in both spatial dimensions: output (b, z, 2x2) windows
// {pad, pad, pad, 1} = 1, {pad, pad, 2, 3} = 5, {pad, 4, pad, 7} = 11, {5, 6, 8, 9} = 28.
func.func @convolution_seed002_padding_and_stride() {
  %x = "xhlo.constant"() {value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %k = "xhlo.constant"() {value = dense<1.0> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %r = "xhlo.convolution"(%x, %k) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2, 3>, kernel_output_feature_dimension = 0 : i64, kernel_input_feature_dimension = 1 : i64, kernel_spatial_dimensions = array<i64: 2, 3>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 2>, padding = array<i64: 1, 0, 1, 0>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  "check.expect_eq_const"(%r) {value = dense<[[[[1.0, 5.0], [11.0, 28.0]]]]> : tensor<1x1x2x2xf32>} : (tensor<1x1x2x2xf32>) -> ()
  func.return
}

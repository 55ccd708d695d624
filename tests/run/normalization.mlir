// Worked examples of the batch normalization ops in the seed documents, run end to end (issue 4):
// target/debug/xla-run --check tests/run/normalization.mlir
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt (English, r1.3) and
// 002_e2447a076b143c68.txt (Traditional Chinese, newest; wins on conflicts).
// The seeds give no numbers for these ops: the cases apply the seeds' definitions to small inputs.

// Seed 001 and 002 "BatchNormTraining": per feature l, mean and variance over all other
// dimensions, y = gamma (x - mean) / sqrt(var + eps) + beta. No numbers in the seeds;
// x = [[1, 2], [3, 6]] with feature_index 1: mean [2, 4], var [1, 4]; gamma [1, 2],
// beta [0, 1], eps 0 -> y = [[-1, -1], [1, 3]].
func.func @batch_norm_training_seed002_two_features() {
  %x = "xhlo.constant"() {value = dense<[[1.0, 2.0], [3.0, 6.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %g = "xhlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "xhlo.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y:3 = "xhlo.batch_norm_training"(%x, %g, %b) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  "check.expect_almost_eq_const"(%y#0) {value = dense<[[-1.0, -1.0], [1.0, 3.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  "check.expect_almost_eq_const"(%y#1) {value = dense<[2.0, 4.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  "check.expect_almost_eq_const"(%y#2) {value = dense<[1.0, 4.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "BatchNormInference": BatchNormTraining's formula with the given mean and
// variance. Values chosen here: x = [[1, 2], [3, 6]], mean [0, 2], variance [4, 16], gamma
// [1, 2], beta [0, 1], eps 0 -> y = [[0.5, 1], [1.5, 3]].
func.func @batch_norm_inference_seed002_given_moments() {
  %x = "xhlo.constant"() {value = dense<[[1.0, 2.0], [3.0, 6.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %g = "xhlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "xhlo.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "xhlo.constant"() {value = dense<[0.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "xhlo.constant"() {value = dense<[4.0, 16.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "xhlo.batch_norm_inference"(%x, %g, %b, %m, %v) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  "check.expect_almost_eq_const"(%y) {value = dense<[[0.5, 1.0], [1.5, 3.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "BatchNormGrad", its formulas with m = 2 and no spatial dimensions (feature_index 1):
// c_l = mean(dy (x - mu) / (var + eps)), d_l = mean(dy),
// dx = gamma / sqrt(var + eps) (dy - d_l - c_l (x - mu)), dgamma = sum(dy (x - mu) / sqrt(var + eps)),
// dbeta = sum(dy). No numbers in the seed; x = [[1, 2], [3, 6]], mean [2, 4], var [1, 4],
// gamma [1, 2], dy = [[1, 1], [0, 3]], eps 0:
// feature 0: c = (1*-1 + 0*1) / 2 = -0.5, d = 0.5, dx = [1 - 0.5 - 0.5, 0 - 0.5 + 0.5] = [0, 0],
//   dgamma = -1, dbeta = 1;
// feature 1: c = (1*-2 + 3*2) / 4 / 2 = 0.5, d = 2, dx = 2/2 [1 - 2 + 1, 3 - 2 - 1] = [0, 0],
//   dgamma = (-2 + 6) / 2 = 2, dbeta = 4.
// dx vanishes for two samples per feature, so a third sample row checks it: see the next test.
func.func @batch_norm_grad_seed002_formulas_two_samples() {
  %x = "xhlo.constant"() {value = dense<[[1.0, 2.0], [3.0, 6.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %g = "xhlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "xhlo.constant"() {value = dense<[2.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "xhlo.constant"() {value = dense<[1.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %dy = "xhlo.constant"() {value = dense<[[1.0, 1.0], [0.0, 3.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %r:3 = "xhlo.batch_norm_grad"(%x, %g, %m, %v, %dy) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  "check.expect_almost_eq_const"(%r#0) {value = dense<[[0.0, 0.0], [0.0, 0.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  "check.expect_almost_eq_const"(%r#1) {value = dense<[-1.0, 2.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  "check.expect_almost_eq_const"(%r#2) {value = dense<[1.0, 4.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "BatchNormGrad" with three samples of one feature, where dx does not vanish:
// x = [0, 1, 5], mean 2, variance 4, gamma 3, dy = [1, 2, 0], eps 0:
// c = (1*-2 + 2*-1 + 0) / 4 / 3 = -1/3, d = 1, dx = 3/2 (dy - 1 + (x - 2)/3)
//   = [-1.0, 1.0, 0.0], dgamma = (-2 - 2) / 2 = -2.0, dbeta = 3.0.
func.func @batch_norm_grad_seed002_formulas_three_samples() {
  %x = "xhlo.constant"() {value = dense<[[0.0], [1.0], [5.0]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %g = "xhlo.constant"() {value = dense<[3.0]> : tensor<1xf32>} : () -> tensor<1xf32>
  %m = "xhlo.constant"() {value = dense<[2.0]> : tensor<1xf32>} : () -> tensor<1xf32>
  %v = "xhlo.constant"() {value = dense<[4.0]> : tensor<1xf32>} : () -> tensor<1xf32>
  %dy = "xhlo.constant"() {value = dense<[[1.0], [2.0], [0.0]]> : tensor<3x1xf32>} : () -> tensor<3x1xf32>
  %r:3 = "xhlo.batch_norm_grad"(%x, %g, %m, %v, %dy) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<3x1xf32>) -> (tensor<3x1xf32>, tensor<1xf32>, tensor<1xf32>)
  "check.expect_almost_eq_const"(%r#0) {value = dense<[[-1.0], [1.0], [0.0]]> : tensor<3x1xf32>} : (tensor<3x1xf32>) -> ()
  "check.expect_almost_eq_const"(%r#1) {value = dense<[-2.0]> : tensor<1xf32>} : (tensor<1xf32>) -> ()
  "check.expect_almost_eq_const"(%r#2) {value = dense<[3.0]> : tensor<1xf32>} : (tensor<1xf32>) -> ()
  func.return
}

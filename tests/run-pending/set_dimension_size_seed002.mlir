// PENDING (issue 4): xhlo.set_dimension_size has no lowering (shapes are static; dynamic sizes are
// not modelled). `xla-run --check` on this file fails with
//   error: unsupported in lowering: xhlo.set_dimension_size: dynamic dimension sizes: shapes are static
// Seed: /work/shared/seeds/002_e2447a076b143c68.txt "SetDimensionSize". Move into
// tests/run/data_movement/seeds.mlir once dynamic dimension sizes lower.

// Seed 002 "SetDimensionSize": the dynamic size set on a dimension makes downstream reductions
// ignore the padded values: v = f32[10]{1, ..., 10}; reduce_sum(set_dimension_size(v, 5)) =
// 1 + 2 + 3 + 4 + 5 = 15, reduce_product(...) = 120, and with size 6 the sum is 21.
func.func @set_dimension_size_seed002_reductions_ignore_padding() {
  %v = "xhlo.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]> : tensor<10xf32>} : () -> tensor<10xf32>
  %five = "xhlo.constant"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %six = "xhlo.constant"() {value = dense<6> : tensor<i32>} : () -> tensor<i32>
  %p5 = "xhlo.set_dimension_size"(%v, %five) {dimension = 0 : i64} : (tensor<10xf32>, tensor<i32>) -> tensor<10xf32>
  %p6 = "xhlo.set_dimension_size"(%v, %six) {dimension = 0 : i64} : (tensor<10xf32>, tensor<i32>) -> tensor<10xf32>
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %one = "xhlo.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %sum5 = "xhlo.reduce"(%p5, %z) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<10xf32>, tensor<f32>) -> tensor<f32>
  "check.expect_eq_const"(%sum5) {value = dense<15.0> : tensor<f32>} : (tensor<f32>) -> ()
  %prod5 = "xhlo.reduce"(%p5, %one) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.multiply"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<10xf32>, tensor<f32>) -> tensor<f32>
  "check.expect_eq_const"(%prod5) {value = dense<120.0> : tensor<f32>} : (tensor<f32>) -> ()
  %sum6 = "xhlo.reduce"(%p6, %z) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<10xf32>, tensor<f32>) -> tensor<f32>
  "check.expect_eq_const"(%sum6) {value = dense<21.0> : tensor<f32>} : (tensor<f32>) -> ()
  func.return
}

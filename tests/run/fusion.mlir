// xhlo.fusion lowered to one linalg.generic per fusion (lowering/src/ops/fusion.rs), one
// test per fusion kind and shape-op composition: target/debug/xla-run --check tests/run/fusion.mlir

func.func @loop_fusion_of_an_elementwise_chain_with_two_outputs() {
  %x = "xhlo.constant"() {value = dense<[1.0, -2.0, 0.5, 3.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %y = "xhlo.constant"() {value = dense<[0.5, 1.0, 2.0, -1.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %z = "xhlo.constant"() {value = dense<[0.0, 1.0, -1.0, 2.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %r:2 = "xhlo.fusion"(%x, %y, %z) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xf32>):
    %m = "xhlo.multiply"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %s = "xhlo.add"(%m, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %t = "xhlo.tanh"(%s) : (tensor<4xf32>) -> tensor<4xf32>
    %two = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
    %b2 = "xhlo.broadcast_in_dim"(%two) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<4xf32>
    %u = "xhlo.multiply"(%t, %b2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %v = "xhlo.subtract"(%u, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "gpu.yield"(%v, %m) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  "check.expect_almost_eq_const"(%r#0) {value = dense<[-0.0757656855, 0.476811688, -0.5, -4.52318831]> : tensor<4xf32>} : (tensor<4xf32>) -> ()
  "check.expect_almost_eq_const"(%r#1) {value = dense<[0.5, -2.0, 1.0, -3.0]> : tensor<4xf32>} : (tensor<4xf32>) -> ()
  func.return
}

// -----

func.func @loop_fusion_composes_broadcast_transpose_reverse_slice_and_unit_reshape() {
  %a = "xhlo.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v = "xhlo.constant"() {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %r = "xhlo.fusion"(%a, %v) ({
  ^bb0(%x: tensor<2x3xf32>, %w: tensor<3xf32>):
    %bw = "xhlo.broadcast_in_dim"(%w) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
    %s = "xhlo.add"(%x, %bw) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %t = "xhlo.transpose"(%s) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %rv = "xhlo.reverse"(%t) {dimensions = array<i64: 0>} : (tensor<3x2xf32>) -> tensor<3x2xf32>
    %sl = "xhlo.slice"(%rv) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 3, 2>, strides = array<i64: 1, 1>} : (tensor<3x2xf32>) -> tensor<2x2xf32>
    %rs = "xhlo.reshape"(%sl) : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
    %c = "xhlo.constant"() {value = dense<[[[1.0, 2.0], [3.0, 4.0]]]> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
    %m = "xhlo.multiply"(%rs, %c) : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
    %lo = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %hi = "xhlo.constant"() {value = dense<50.0> : tensor<f32>} : () -> tensor<f32>
    %cl = "xhlo.clamp"(%lo, %m, %hi) : (tensor<f32>, tensor<1x2x2xf32>, tensor<f32>) -> tensor<1x2x2xf32>
    "gpu.yield"(%cl) : (tensor<1x2x2xf32>) -> ()
  }) {kind = "loop"} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<1x2x2xf32>
  "check.expect_almost_eq_const"(%r) {value = dense<[[[22.0, 50.0], [33.0, 50.0]]]> : tensor<1x2x2xf32>} : (tensor<1x2x2xf32>) -> ()
  func.return
}

// -----

func.func @loop_fusion_of_a_strided_slice_of_a_size_one_broadcast() {
  %a = "xhlo.constant"() {value = dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>} : () -> tensor<6xi32>
  %col = "xhlo.constant"() {value = dense<[[100], [200]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %r:2 = "xhlo.fusion"(%a, %col) ({
  ^bb0(%x: tensor<6xi32>, %k: tensor<2x1xi32>):
    %sl = "xhlo.slice"(%x) {start_indices = array<i64: 1>, limit_indices = array<i64: 6>, strides = array<i64: 2>} : (tensor<6xi32>) -> tensor<3xi32>
    %bx = "xhlo.broadcast_in_dim"(%sl) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>
    %bk = "xhlo.broadcast_in_dim"(%k) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xi32>) -> tensor<2x3xi32>
    %s = "xhlo.add"(%bx, %bk) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %big = "xhlo.compare"(%s, %bk) {comparison_direction = "GT"} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    "gpu.yield"(%s, %big) : (tensor<2x3xi32>, tensor<2x3xi1>) -> ()
  }) {kind = "loop"} : (tensor<6xi32>, tensor<2x1xi32>) -> (tensor<2x3xi32>, tensor<2x3xi1>)
  "check.expect_eq_const"(%r#0) {value = dense<[[101, 103, 105], [201, 203, 205]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  "check.expect_eq_const"(%r#1) {value = dense<true> : tensor<2x3xi1>} : (tensor<2x3xi1>) -> ()
  func.return
}

// -----

func.func @input_fusion_of_a_softmax_denominator() {
  %x = "xhlo.constant"() {value = dense<[[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %m = "xhlo.constant"() {value = dense<[3.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %r = "xhlo.fusion"(%x, %m) ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<2xf32>):
    %bm = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2x3xf32>
    %d = "xhlo.subtract"(%a, %bm) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %e = "xhlo.exponential"(%d) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %s = "xhlo.reduce"(%e, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%t) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    "gpu.yield"(%s) : (tensor<2xf32>) -> ()
  }) {kind = "input"} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
  "check.expect_almost_eq_const"(%r) {value = dense<[1.50321472, 3.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

func.func @input_fusion_of_a_two_result_reduce_over_the_leading_dimension_with_an_operand_init() {
  %x = "xhlo.constant"() {value = dense<[[1.0, -2.0], [-3.0, 4.0], [5.0, 0.5]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %init = "xhlo.constant"() {value = dense<10.0> : tensor<f32>} : () -> tensor<f32>
  %r:2 = "xhlo.fusion"(%x, %init) ({
  ^bb0(%a: tensor<3x2xf32>, %i: tensor<f32>):
    %sq = "xhlo.multiply"(%a, %a) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %ab = "xhlo.abs"(%a) : (tensor<3x2xf32>) -> tensor<3x2xf32>
    %ninf = "xhlo.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
    %s:2 = "xhlo.reduce"(%sq, %ab, %i, %ninf) ({
    ^bb0(%p0: tensor<f32>, %p1: tensor<f32>, %q0: tensor<f32>, %q1: tensor<f32>):
      %t0 = "xhlo.add"(%p0, %q0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %t1 = "xhlo.maximum"(%p1, %q1) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%t0, %t1) : (tensor<f32>, tensor<f32>) -> ()
    }) {dimensions = array<i64: 0>} : (tensor<3x2xf32>, tensor<3x2xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
    "gpu.yield"(%s#1, %s#0) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) {kind = "input"} : (tensor<3x2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
  "check.expect_almost_eq_const"(%r#0) {value = dense<[5.0, 4.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  "check.expect_almost_eq_const"(%r#1) {value = dense<[45.0, 30.25]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

func.func @input_fusion_of_a_large_single_dimension_reduction_takes_two_stages() {
  %i = "xhlo.iota"() {iota_dimension = 0 : i64} : () -> tensor<8192xf32>
  %r = "xhlo.fusion"(%i) ({
  ^bb0(%a: tensor<8192xf32>):
    %k = "xhlo.constant"() {value = dense<1.0e-3> : tensor<8192xf32>} : () -> tensor<8192xf32>
    %m = "xhlo.multiply"(%a, %k) : (tensor<8192xf32>, tensor<8192xf32>) -> tensor<8192xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %s = "xhlo.reduce"(%m, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%t) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 0>} : (tensor<8192xf32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {kind = "input"} : (tensor<8192xf32>) -> tensor<f32>
  "check.expect_almost_eq_const"(%r) {value = dense<33550.336> : tensor<f32>, tolerance = 0.01 : f64} : (tensor<f32>) -> ()
  func.return
}

// -----

func.func @input_fusion_of_a_large_two_dimension_reduction_takes_two_stages() {
  %i = "xhlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<4x2048xf32>
  %r = "xhlo.fusion"(%i) ({
  ^bb0(%a: tensor<4x2048xf32>):
    %h = "xhlo.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
    %bh = "xhlo.broadcast_in_dim"(%h) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<4x2048xf32>
    %m = "xhlo.multiply"(%a, %bh) : (tensor<4x2048xf32>, tensor<4x2048xf32>) -> tensor<4x2048xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %s = "xhlo.reduce"(%m, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%t) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 0, 1>} : (tensor<4x2048xf32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {kind = "input"} : (tensor<4x2048xf32>) -> tensor<f32>
  "check.expect_almost_eq_const"(%r) {value = dense<4192256.0> : tensor<f32>} : (tensor<f32>) -> ()
  func.return
}

// -----

func.func @output_fusion_of_a_dot_with_bias_and_relu() {
  %x = "xhlo.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %w = "xhlo.constant"() {value = dense<[[1.0, -1.0], [0.0, 1.0], [-1.0, 0.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %b = "xhlo.constant"() {value = dense<[3.0, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %r = "xhlo.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<2x3xf32>, %c: tensor<3x2xf32>, %d: tensor<2xf32>):
    %m = "xhlo.dot_general"(%a, %c) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
    %bd = "xhlo.broadcast_in_dim"(%d) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<2x2xf32>
    %s = "xhlo.add"(%m, %bd) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    %y = "xhlo.maximum"(%s, %z) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    "gpu.yield"(%y) : (tensor<2x2xf32>) -> ()
  }) {kind = "output"} : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  "check.expect_almost_eq_const"(%r) {value = dense<[[1.0, 0.0], [1.0, 0.0]]> : tensor<2x2xf32>} : (tensor<2x2xf32>) -> ()
  func.return
}

// -----

func.func @output_fusion_of_a_batched_dot_contracting_the_minor_dimension_of_both() {
  %q = "xhlo.constant"() {value = dense<[[[1.0, 2.0], [3.0, 4.0]]]> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
  %k = "xhlo.constant"() {value = dense<[[[1.0, 0.0], [1.0, 1.0]]]> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
  %r = "xhlo.fusion"(%q, %k) ({
  ^bb0(%a: tensor<1x2x2xf32>, %c: tensor<1x2x2xf32>):
    %m = "xhlo.dot_general"(%a, %c) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 2>} : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
    %h = "xhlo.constant"() {value = dense<0.5> : tensor<1x2x2xf32>} : () -> tensor<1x2x2xf32>
    %s = "xhlo.multiply"(%m, %h) : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
    "gpu.yield"(%s) : (tensor<1x2x2xf32>) -> ()
  }) {kind = "output"} : (tensor<1x2x2xf32>, tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
  "check.expect_almost_eq_const"(%r) {value = dense<[[[0.5, 1.5], [1.5, 3.5]]]> : tensor<1x2x2xf32>} : (tensor<1x2x2xf32>) -> ()
  func.return
}

// -----

func.func @output_fusion_of_an_integer_dot_with_an_empty_contraction() {
  %x = "xhlo.constant"() {value = dense<> : tensor<2x0xi32>} : () -> tensor<2x0xi32>
  %w = "xhlo.constant"() {value = dense<> : tensor<0x3xi32>} : () -> tensor<0x3xi32>
  %b = "xhlo.constant"() {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %r = "xhlo.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<2x0xi32>, %c: tensor<0x3xi32>, %d: tensor<3xi32>):
    %m = "xhlo.dot_general"(%a, %c) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x0xi32>, tensor<0x3xi32>) -> tensor<2x3xi32>
    %bd = "xhlo.broadcast_in_dim"(%d) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>
    %s = "xhlo.add"(%m, %bd) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    "gpu.yield"(%s) : (tensor<2x3xi32>) -> ()
  }) {kind = "output"} : (tensor<2x0xi32>, tensor<0x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

func.func @output_fusion_of_an_outer_product_without_contraction() {
  %x = "xhlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %w = "xhlo.constant"() {value = dense<[3, 4, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
  %r = "xhlo.fusion"(%x, %w) ({
  ^bb0(%a: tensor<2xi32>, %c: tensor<3xi32>):
    %m = "xhlo.dot_general"(%a, %c) {lhs_contracting_dimensions = array<i64>, rhs_contracting_dimensions = array<i64>} : (tensor<2xi32>, tensor<3xi32>) -> tensor<2x3xi32>
    %n = "xhlo.negate"(%m) : (tensor<2x3xi32>) -> tensor<2x3xi32>
    "gpu.yield"(%n) : (tensor<2x3xi32>) -> ()
  }) {kind = "output"} : (tensor<2xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[-3, -4, -5], [-6, -8, -10]]> : tensor<2x3xi32>} : (tensor<2x3xi32>) -> ()
  func.return
}

// -----

func.func @input_fusion_of_a_reduce_of_a_broadcast_scalar() {
  %two = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %r = "xhlo.fusion"(%two) ({
  ^bb0(%a: tensor<f32>):
    %b = "xhlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<3x4xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %s = "xhlo.reduce"(%b, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%t) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
    "gpu.yield"(%s) : (tensor<3xf32>) -> ()
  }) {kind = "input"} : (tensor<f32>) -> tensor<3xf32>
  "check.expect_almost_eq_const"(%r) {value = dense<8.0> : tensor<3xf32>} : (tensor<3xf32>) -> ()
  func.return
}

// -----

// Tensors with non-default layouts (seed 004, minor_to_major) in fusion ops: values are
// the same as with the default layout, whatever the layouts of operands, intermediates and
// results. Generated by tests/gen/layouts.py (expected values from numpy).

// A fused chain whose operands, intermediates and result have permuted
// layouts: the intermediates live in registers, the result in its layout.
func.func @loop_fusion_with_layout_intermediates() {
  %v1 = "xhlo.constant"() {value = dense<[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]], [[13.0, 14.0, 15.0, 16.0], [17.0, 18.0, 19.0, 20.0], [21.0, 22.0, 23.0, 24.0]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>
  %v2 = "xhlo.constant"() {value = dense<[[[4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]], [[16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0], [24.0, 25.0, 26.0, 27.0]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32, #xhlo.layout<array<i64: 1, 2, 0>>>
  %v3 = "xhlo.fusion"(%v1, %v2) ({
  ^bb0(%a: tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>, %b: tensor<2x3x4xf32, #xhlo.layout<array<i64: 1, 2, 0>>>):
    %m = "xhlo.multiply"(%a, %b) : (tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>, tensor<2x3x4xf32, #xhlo.layout<array<i64: 1, 2, 0>>>) -> tensor<2x3x4xf32, #xhlo.layout<array<i64: 2, 0, 1>>>
    %s = "xhlo.subtract"(%m, %a) : (tensor<2x3x4xf32, #xhlo.layout<array<i64: 2, 0, 1>>>, tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>) -> tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 1, 2>>>
    %n = "xhlo.negate"(%s) : (tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 1, 2>>>) -> tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>
    "gpu.yield"(%n) : (tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>) -> ()
  }) {kind = "loop"} : (tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>, tensor<2x3x4xf32, #xhlo.layout<array<i64: 1, 2, 0>>>) -> tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>
  %v4 = "xhlo.transpose"(%v3) {permutation = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>) -> tensor<3x2x4xf32, #xhlo.layout<array<i64: 0, 1, 2>>>
  "check.expect_eq_const"(%v3) {value = dense<[[[-3.0, -8.0, -15.0, -24.0], [-35.0, -48.0, -63.0, -80.0], [-99.0, -120.0, -143.0, -168.0]], [[-195.0, -224.0, -255.0, -288.0], [-323.0, -360.0, -399.0, -440.0], [-483.0, -528.0, -575.0, -624.0]]]> : tensor<2x3x4xf32>} : (tensor<2x3x4xf32, #xhlo.layout<array<i64: 0, 2, 1>>>) -> ()
  "check.expect_eq_const"(%v4) {value = dense<[[[-3.0, -8.0, -15.0, -24.0], [-195.0, -224.0, -255.0, -288.0]], [[-35.0, -48.0, -63.0, -80.0], [-323.0, -360.0, -399.0, -440.0]], [[-99.0, -120.0, -143.0, -168.0], [-483.0, -528.0, -575.0, -624.0]]]> : tensor<3x2x4xf32>} : (tensor<3x2x4xf32, #xhlo.layout<array<i64: 0, 1, 2>>>) -> ()
  func.return
}

// -----

// The same kind of chain as separate ops: each fusion mode (e-graph, greedy,
// off) must give the same values, with the intermediates in their layouts.
func.func @unfused_chain_with_layout_intermediates() {
  %v1 = "xhlo.constant"() {value = dense<[[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]]> : tensor<3x5xi32>} : () -> tensor<3x5xi32, #xhlo.layout<array<i64: 0, 1>>>
  %v2 = "xhlo.constant"() {value = dense<[[2, 3, 4, 5, 6], [7, 8, 9, 10, 11], [12, 13, 14, 15, 16]]> : tensor<3x5xi32>} : () -> tensor<3x5xi32>
  %v3 = "xhlo.add"(%v1, %v2) : (tensor<3x5xi32, #xhlo.layout<array<i64: 0, 1>>>, tensor<3x5xi32>) -> tensor<3x5xi32, #xhlo.layout<array<i64: 0, 1>>>
  %v4 = "xhlo.multiply"(%v3, %v1) : (tensor<3x5xi32, #xhlo.layout<array<i64: 0, 1>>>, tensor<3x5xi32, #xhlo.layout<array<i64: 0, 1>>>) -> tensor<3x5xi32>
  %v5 = "xhlo.subtract"(%v4, %v3) : (tensor<3x5xi32>, tensor<3x5xi32, #xhlo.layout<array<i64: 0, 1>>>) -> tensor<3x5xi32, #xhlo.layout<array<i64: 0, 1>>>
  %v6 = "xhlo.transpose"(%v5) {permutation = array<i64: 1, 0>} : (tensor<3x5xi32, #xhlo.layout<array<i64: 0, 1>>>) -> tensor<5x3xi32, #xhlo.layout<array<i64: 0, 1>>>
  %v7 = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v8 = "xhlo.reduce"(%v6, %v7) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<5x3xi32, #xhlo.layout<array<i64: 0, 1>>>, tensor<i32>) -> tensor<3xi32>
  "check.expect_eq_const"(%v6) {value = dense<[[0, 65, 230], [5, 90, 275], [14, 119, 324], [27, 152, 377], [44, 189, 434]]> : tensor<5x3xi32>} : (tensor<5x3xi32, #xhlo.layout<array<i64: 0, 1>>>) -> ()
  "check.expect_eq_const"(%v8) {value = dense<[90, 615, 1640]> : tensor<3xi32>} : (tensor<3xi32>) -> ()
  func.return
}

// -----

// A slice from 0 with stride 1 reads a prefix of its operand by the loop index alone; the
// fused generic cuts the operand to the loop's size (linalg rejects an operand indexed by
// `d1` whose size is not the loop's). Loop fusion, with and without a reshape.
func.func @fused_prefix_slice() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0]]> : tensor<3x5xf64>
  %s = stablehlo.slice %a [0:3, 0:3] : (tensor<3x5xf64>) -> tensor<3x3xf64>
  %d = stablehlo.add %s, %s : tensor<3x3xf64>
  %t = stablehlo.multiply %d, %d : tensor<3x3xf64>
  check.expect_eq_const %t, dense<[[4.0, 16.0, 36.0], [144.0, 196.0, 256.0], [484.0, 576.0, 676.0]]> : tensor<3x3xf64>
  %r = stablehlo.reshape %s : (tensor<3x3xf64>) -> tensor<1x3x3xf64>
  %u = stablehlo.add %r, %r : tensor<1x3x3xf64>
  check.expect_eq_const %u, dense<[[[2.0, 4.0, 6.0], [12.0, 14.0, 16.0], [22.0, 24.0, 26.0]]]> : tensor<1x3x3xf64>
  func.return
}

// -----

// The same prefix slice in a dot's epilogue (output fusion) and under a reduction (input
// fusion); expected values from numpy.
func.func @fused_prefix_slice_after_dot_and_in_reduce() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0]]> : tensor<3x5xf64>
  %s = stablehlo.slice %a [0:3, 0:3] : (tensor<3x5xf64>) -> tensor<3x3xf64>
  %p = stablehlo.dot_general %s, %s, contracting_dims = [1] x [0] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
  %q = stablehlo.add %p, %s : tensor<3x3xf64>
  check.expect_eq_const %q, dense<[[47.0, 54.0, 61.0], [142.0, 164.0, 186.0], [237.0, 274.0, 311.0]]> : tensor<3x3xf64>
  %z = stablehlo.constant dense<0.0> : tensor<f64>
  %m = stablehlo.multiply %s, %s : tensor<3x3xf64>
  %sum = stablehlo.reduce(%m init: %z) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf64>, tensor<f64>) -> tensor<3xf64>
  check.expect_eq_const %sum, dense<[14.0, 149.0, 434.0]> : tensor<3xf64>
  func.return
}

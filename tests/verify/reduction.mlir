// Verifier cases for the reductions (dialects/xhlo-ir/src/ops/reduction.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/reduction.mlir
// reduce / reduce_window hold N inputs followed by N init values in ONE variadic slot
// `operands`; their `body` takes (acc_0..acc_{N-1}, x_0..x_{N-1}). Regions end in gpu.yield.

func.func @reduce_seed_2x3_over_dimension_1(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<2xf32> {
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_seed_2x3_over_dimension_0(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<3xf32> {
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_seed_4x2x3_over_dimensions_0_and_1(%a0: tensor<4x2x3xf32>, %a1: tensor<f32>) -> tensor<3xf32> {
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<4x2x3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_seed_4x2x3_over_all_dimensions_unordered(%a0: tensor<4x2x3xf32>, %a1: tensor<f32>) -> tensor<f32> {
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2, 0, 1>} : (tensor<4x2x3xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_seed_1d_i32_to_scalar(%a0: tensor<4xi32>, %a1: tensor<i32>) -> tensor<i32> {
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @reduce_over_no_dimensions_keeps_the_shape(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_seed_variadic_max_and_argmax(%a0: tensor<7xf32>, %a1: tensor<7xi32>, %a2: tensor<f32>, %a3: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %0:2 = "xhlo.reduce"(%a0, %a1, %a2, %a3) ({
  ^bb0(%acc_v: tensor<f32>, %acc_k: tensor<i32>, %v: tensor<f32>, %k: tensor<i32>):
    %ge = "xhlo.compare"(%acc_v, %v) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %mv = "xhlo.select"(%ge, %acc_v, %v) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %mk = "xhlo.select"(%ge, %acc_k, %k) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%mv, %mk) : (tensor<f32>, tensor<i32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<7xf32>, tensor<7xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

// -----

func.func @reduce_rejects_odd_operand_count(%a0: tensor<2xf32>, %a1: tensor<2xf32>, %a2: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{reduce takes N inputs followed by N init values, got 3 operands (an odd count)}}
  %0 = "xhlo.reduce"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_rejects_no_operands() {
  // expected-error @+1 {{reduce needs at least one input and one init value, got no operands}}
  "xhlo.reduce"() ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64>} : () -> ()
  return
}

// -----

func.func @reduce_rejects_inputs_of_different_shapes(%a0: tensor<7xf32>, %a1: tensor<6xi32>, %a2: tensor<f32>, %a3: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  // expected-error @+1 {{input #1 has shape [6] but input #0 has shape [7]}}
  %0:2 = "xhlo.reduce"(%a0, %a1, %a2, %a3) ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    "gpu.yield"(%a, %b) : (tensor<f32>, tensor<i32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<7xf32>, tensor<6xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

// -----

func.func @reduce_rejects_non_scalar_init_value(%a0: tensor<2x3xf32>, %a1: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{init value #0 must be a scalar (rank 0), has shape [3]}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_rejects_init_value_of_other_element_type(%a0: tensor<2x3xf32>, %a1: tensor<f64>) -> tensor<3xf32> {
  // expected-error @+1 {{init value #0 has element type f64 (F64) but input #0 has f32 (F32)}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<f64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_rejects_dimension_out_of_range(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{reduction dimension 2 is out of range for rank 2}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_rejects_repeated_dimension(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{reduction dimension 1 appears more than once}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_rejects_body_with_one_parameter(%a0: tensor<2xf32>, %a1: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{region 'body' takes 1 parameter(s) but must take 2 (accumulator 0, element of input 0)}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>):
    "gpu.yield"(%p) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_rejects_accumulator_of_other_type(%a0: tensor<7xf32>, %a1: tensor<7xi32>, %a2: tensor<f32>, %a3: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  // expected-error @+1 {{region 'body' parameter #1 (accumulator 1) has type tensor<f32> but must be tensor<i32>}}
  %0:2 = "xhlo.reduce"(%a0, %a1, %a2, %a3) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<i32>):
    "gpu.yield"(%a, %d) : (tensor<f32>, tensor<i32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<7xf32>, tensor<7xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

// -----

func.func @reduce_rejects_body_yielding_two_values(%a0: tensor<2xf32>, %a1: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{region 'body' yields 2 value(s) but must yield 1}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    "gpu.yield"(%p, %q) : (tensor<f32>, tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_rejects_body_yielding_non_scalar(%a0: tensor<2xf32>, %a1: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{region 'body' yields tensor<1xf32> as value #0 but must yield tensor<f32>}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %r = "xhlo.reshape"(%p) : (tensor<f32>) -> tensor<1xf32>
    "gpu.yield"(%r) : (tensor<1xf32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_rejects_body_with_two_blocks(%a0: tensor<2xf32>, %a1: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{region 'body' must have exactly one block, has 2}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    "gpu.yield"(%p) : (tensor<f32>) -> ()
  ^bb1(%r: tensor<f32>, %s: tensor<f32>):
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_rejects_wrong_declared_result(%a0: tensor<2x3xf32>, %a1: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2xf32> but the op produces tensor<3xf32>}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_structure_requires_dimensions(%a0: tensor<2xf32>, %a1: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{missing required attribute 'dimensions'}}
  %0 = "xhlo.reduce"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_structure_requires_body(%a0: tensor<2xf32>, %a1: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{expected 1 region(s), got 0}}
  %0 = "xhlo.reduce"(%a0, %a1)  {dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @reduce_window_2x2_windows_stride_2(%a0: tensor<4x6xf32>, %a1: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_window_defaults_to_stride_1(%a0: tensor<4x6xf32>, %a1: tensor<f32>) -> tensor<3x4xf32> {
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 3>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @reduce_window_padding_keeps_the_size(%a0: tensor<5xf32>, %a1: tensor<f32>) -> tensor<5xf32> {
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 3>, padding = array<i64: 1, 1>} : (tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @reduce_window_stablehlo_example_with_dilations(%a0: tensor<3x2xi64>, %a1: tensor<i64>) -> tensor<2x2xi64> {
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 3, 1>, padding = array<i64: 2, 1, 0, 0>} : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  return %0 : tensor<2x2xi64>
}

// -----

func.func @reduce_window_two_inputs(%a0: tensor<4x6xf32>, %a1: tensor<4x6xi32>, %a2: tensor<f32>, %a3: tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %0:2 = "xhlo.reduce_window"(%a0, %a1, %a2, %a3) ({
  ^bb0(%a: tensor<f32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<i32>):
    %s = "xhlo.add"(%a, %c) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %t = "xhlo.add"(%b, %d) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s, %t) : (tensor<f32>, tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<4x6xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

func.func @reduce_window_rejects_odd_operand_count(%a0: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{reduce_window takes N inputs followed by N init values, got 1 operands (an odd count)}}
  %0 = "xhlo.reduce_window"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_window_rejects_non_scalar_init_value(%a0: tensor<4xf32>, %a1: tensor<1xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{init value #0 must be a scalar (rank 0), has shape [1]}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<1xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_window_rejects_inputs_of_different_shapes(%a0: tensor<4xf32>, %a1: tensor<5xf32>, %a2: tensor<f32>, %a3: tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{input #1 has shape [5] but input #0 has shape [4]}}
  %0:2 = "xhlo.reduce_window"(%a0, %a1, %a2, %a3) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>, %d: tensor<f32>):
    "gpu.yield"(%a, %b) : (tensor<f32>, tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<5xf32>, tensor<f32>, tensor<f32>) -> (tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1 : tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @reduce_window_rejects_window_of_wrong_rank(%a0: tensor<4x6xf32>, %a1: tensor<f32>) -> tensor<3x6xf32> {
  // expected-error @+1 {{window_dimensions has 1 entries but the input has rank 2}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

func.func @reduce_window_rejects_zero_window_size(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{window_dimensions must be positive, but entry 0 is 0}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_window_rejects_zero_stride(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{window_strides must be positive, but entry 0 is 0}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_window_rejects_strides_of_wrong_rank(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{window_strides has 2 entries but the input has rank 1}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 1, 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_window_rejects_zero_base_dilation(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{base_dilations must be positive, but entry 0 is 0}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, base_dilations = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_window_rejects_zero_window_dilation(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{window_dilations must be positive, but entry 0 is 0}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_dilations = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_window_rejects_unpaired_padding(%a0: tensor<4x6xf32>, %a1: tensor<f32>) -> tensor<3x5xf32> {
  // expected-error @+1 {{padding has 2 entries but must list a (low, high) pair per dimension: 4 entries for rank 2}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @reduce_window_rejects_window_larger_than_input(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<1xf32> {
  // expected-error @+1 {{the window spans 5 elements in dimension 0 (size 5, dilation 1) but the padded input has only 4}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 5>} : (tensor<4xf32>, tensor<f32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @reduce_window_rejects_dilated_window_larger_than_input(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<1xf32> {
  // expected-error @+1 {{the window spans 5 elements in dimension 0 (size 3, dilation 2)}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 3>, window_dilations = array<i64: 2>} : (tensor<4xf32>, tensor<f32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @reduce_window_rejects_body_parameter_of_other_type(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{region 'body' parameter #1 (element of input 0) has type tensor<f64> but must be tensor<f32>}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f64>):
    "gpu.yield"(%p) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reduce_window_rejects_wrong_declared_result(%a0: tensor<4x6xf32>, %a1: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2x2xf32> but the op produces tensor<2x3xf32>}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @reduce_window_structure_requires_window_dimensions(%a0: tensor<4xf32>, %a1: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{missing required attribute 'window_dimensions'}}
  %0 = "xhlo.reduce_window"(%a0, %a1) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_2x3_windows_stride_2_and_3(%a0: tensor<4x6xf32>, %a1: tensor<2x2xf32>, %a2: tensor<f32>) -> tensor<4x6xf32> {
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>} : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @select_and_scatter_with_padding(%a0: tensor<4x2xi64>, %a1: tensor<2x2xi64>, %a2: tensor<i64>) -> tensor<4x2xi64> {
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<i64>, %y: tensor<i64>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<i64>, %q: tensor<i64>):
    %s = "xhlo.add"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = array<i64: 0, 1, 0, 0>} : (tensor<4x2xi64>, tensor<2x2xi64>, tensor<i64>) -> tensor<4x2xi64>
  return %0 : tensor<4x2xi64>
}

// -----

func.func @select_and_scatter_rejects_source_not_shaped_like_the_windows(%a0: tensor<4x6xf32>, %a1: tensor<2x3xf32>, %a2: tensor<f32>) -> tensor<4x6xf32> {
  // expected-error @+1 {{source has shape [2, 3] but must have the shape of the window positions over operand, [2, 2]}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>} : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}

// -----

func.func @select_and_scatter_rejects_non_scalar_init(%a0: tensor<4xf32>, %a1: tensor<2xf32>, %a2: tensor<1xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{init_value must be a scalar (rank 0), has shape [1]}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_rejects_source_of_other_type(%a0: tensor<4xf32>, %a1: tensor<2xf64>, %a2: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{source has element type f64 (F64) but operand has f32 (F32)}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf64>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_rejects_init_of_other_type(%a0: tensor<4xf32>, %a1: tensor<2xf32>, %a2: tensor<i32>) -> tensor<4xf32> {
  // expected-error @+1 {{init_value has element type i32 (S32) but operand has f32 (F32)}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_rejects_select_not_yielding_pred(%a0: tensor<4xf32>, %a1: tensor<2xf32>, %a2: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{region 'select' yields tensor<f32> as value #0 but must yield tensor<i1>}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_rejects_scatter_of_other_type(%a0: tensor<4xf32>, %a1: tensor<2xf32>, %a2: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{region 'scatter' parameter #0 (current output value) has type tensor<i32> but must be tensor<f32>}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_rejects_window_larger_than_operand(%a0: tensor<4xf32>, %a1: tensor<1xf32>, %a2: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{the window spans 6 elements in dimension 0 (size 6, dilation 1) but the padded input has only 4}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 6>} : (tensor<4xf32>, tensor<1xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_rejects_zero_stride(%a0: tensor<4xf32>, %a1: tensor<2xf32>, %a2: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{window_strides must be positive, but entry 0 is 0}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 0>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_rejects_zero_window_size(%a0: tensor<4xf32>, %a1: tensor<2xf32>, %a2: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{window_dimensions must be positive, but entry 0 is 0}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_and_scatter_rejects_result_of_source_shape(%a0: tensor<4xf32>, %a1: tensor<2xf32>, %a2: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2xf32> but the op produces tensor<4xf32>}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_and_scatter_structure_requires_both_regions(%a0: tensor<4xf32>, %a1: tensor<2xf32>, %a2: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 2 region(s), got 1}}
  %0 = "xhlo.select_and_scatter"(%a0, %a1, %a2) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

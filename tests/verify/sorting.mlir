// Verifier cases for sort and top_k (dialects/xhlo-ir/src/ops/sorting.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/sorting.mlir
// sort's comparator takes (lhs_0, rhs_0, ..., lhs_{N-1}, rhs_{N-1}) and yields tensor<i1>.

func.func @sort_one_input_along_dimension_1(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.sort"(%a0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @sort_stable_along_dimension_0(%a0: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "xhlo.sort"(%a0) ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @sort_keys_with_values(%a0: tensor<5xf32>, %a1: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0:2 = "xhlo.sort"(%a0, %a1) ({
  ^bb0(%k0: tensor<f32>, %k1: tensor<f32>, %v0: tensor<i32>, %v1: tensor<i32>):
    %c = "xhlo.compare"(%k0, %k1) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

func.func @sort_rejects_inputs_of_different_shapes(%a0: tensor<5xf32>, %a1: tensor<4xi32>) -> (tensor<5xf32>, tensor<4xi32>) {
  // expected-error @+1 {{input #1 has shape [4] but input #0 has shape [5]}}
  %0:2 = "xhlo.sort"(%a0, %a1) ({
  ^bb0(%k0: tensor<f32>, %k1: tensor<f32>, %v0: tensor<i32>, %v1: tensor<i32>):
    %c = "xhlo.compare"(%k0, %k1) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<5xf32>, tensor<4xi32>) -> (tensor<5xf32>, tensor<4xi32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<4xi32>
}

// -----

func.func @sort_rejects_negative_dimension(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{sort dimension must be non-negative in IR, got -1}}
  %0 = "xhlo.sort"(%a0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = -1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @sort_rejects_dimension_out_of_range(%a0: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{sort dimension 2 is out of range for rank 2}}
  %0 = "xhlo.sort"(%a0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @sort_rejects_no_inputs() {
  // expected-error @+1 {{sort needs at least one input}}
  "xhlo.sort"() ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : () -> ()
  return
}

// -----

func.func @sort_rejects_comparator_not_taking_pairs(%a0: tensor<5xf32>, %a1: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  // expected-error @+1 {{region 'comparator' takes 2 parameter(s) but must take 4 (lhs element of input 0, rhs element of input 0, lhs element of input 1, rhs element of input 1)}}
  %0:2 = "xhlo.sort"(%a0, %a1) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

func.func @sort_rejects_comparator_with_inputs_interleaved_wrongly(%a0: tensor<5xf32>, %a1: tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  // expected-error @+1 {{region 'comparator' parameter #1 (rhs element of input 0) has type tensor<i32> but must be tensor<f32>}}
  %0:2 = "xhlo.sort"(%a0, %a1) ({
  ^bb0(%k0: tensor<f32>, %v0: tensor<i32>, %k1: tensor<f32>, %v1: tensor<i32>):
    %c = "xhlo.compare"(%k0, %k1) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xi32>)
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

func.func @sort_rejects_comparator_not_yielding_pred(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{region 'comparator' yields tensor<f32> as value #0 but must yield tensor<i1>}}
  %0 = "xhlo.sort"(%a0) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_rejects_is_stable_that_is_not_a_bool(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'is_stable' must be a bool attribute, got 1 : i64}}
  %0 = "xhlo.sort"(%a0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_rejects_result_of_other_type(%a0: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{result #0 is declared as tensor<4xf64> but the op produces tensor<4xf32>}}
  %0 = "xhlo.sort"(%a0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64} : (tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @sort_structure_requires_dimension(%a0: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{missing required attribute 'dimension'}}
  %0 = "xhlo.sort"(%a0) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @top_k_along_last_dimension(%a0: tensor<3x10xf32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %0:2 = "xhlo.top_k"(%a0)  {k = 4 : i64} : (tensor<3x10xf32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi32>
}

// -----

func.func @top_k_smallest(%a0: tensor<8xi64>) -> (tensor<8xi64>, tensor<8xi32>) {
  %0:2 = "xhlo.top_k"(%a0)  {k = 8 : i64, largest = false} : (tensor<8xi64>) -> (tensor<8xi64>, tensor<8xi32>)
  return %0#0, %0#1 : tensor<8xi64>, tensor<8xi32>
}

// -----

func.func @top_k_zero(%a0: tensor<8xf32>) -> (tensor<0xf32>, tensor<0xi32>) {
  %0:2 = "xhlo.top_k"(%a0)  {k = 0 : i64} : (tensor<8xf32>) -> (tensor<0xf32>, tensor<0xi32>)
  return %0#0, %0#1 : tensor<0xf32>, tensor<0xi32>
}

// -----

func.func @top_k_rejects_k_larger_than_last_dimension(%a0: tensor<3x10xf32>) -> (tensor<3x11xf32>, tensor<3x11xi32>) {
  // expected-error @+1 {{k is 11 but must be between 0 and the size of the last dimension, 10}}
  %0:2 = "xhlo.top_k"(%a0)  {k = 11 : i64} : (tensor<3x10xf32>) -> (tensor<3x11xf32>, tensor<3x11xi32>)
  return %0#0, %0#1 : tensor<3x11xf32>, tensor<3x11xi32>
}

// -----

func.func @top_k_rejects_negative_k(%a0: tensor<10xf32>) -> (tensor<0xf32>, tensor<0xi32>) {
  // expected-error @+1 {{k is -1 but must be between 0}}
  %0:2 = "xhlo.top_k"(%a0)  {k = -1 : i64} : (tensor<10xf32>) -> (tensor<0xf32>, tensor<0xi32>)
  return %0#0, %0#1 : tensor<0xf32>, tensor<0xi32>
}

// -----

func.func @top_k_rejects_scalar_operand(%a0: tensor<f32>) -> (tensor<1xf32>, tensor<1xi32>) {
  // expected-error @+1 {{top_k operand must have at least one dimension, got a scalar}}
  %0:2 = "xhlo.top_k"(%a0)  {k = 1 : i64} : (tensor<f32>) -> (tensor<1xf32>, tensor<1xi32>)
  return %0#0, %0#1 : tensor<1xf32>, tensor<1xi32>
}

// -----

func.func @top_k_rejects_i64_indices(%a0: tensor<10xf32>) -> (tensor<2xf32>, tensor<2xi64>) {
  // expected-error @+1 {{result #1 is declared as tensor<2xi64> but the op produces tensor<2xi32>}}
  %0:2 = "xhlo.top_k"(%a0)  {k = 2 : i64} : (tensor<10xf32>) -> (tensor<2xf32>, tensor<2xi64>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi64>
}

// -----

func.func @top_k_structure_requires_two_results(%a0: tensor<10xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected at least 2 results, got 1}}
  %0 = "xhlo.top_k"(%a0)  {k = 2 : i64} : (tensor<10xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Verifier cases for custom_call and composite (dialects/xhlo-ir/src/ops/misc.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/misc.mlir
// Both give results of the declared types; custom_call is side-effecting, so it may be unused.

func.func @custom_call_seed_example(%a0: tensor<2xf32>, %a1: tensor<2x3xf32>) -> tensor<3x3xf32> {
  %0 = "xhlo.custom_call"(%a0, %a1) {call_target_name = "myfunc"} : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

func.func @custom_call_takes_and_gives_any_values(%a0: !xhlo.token, %a1: tuple<tensor<f32>, tensor<2xi32>>) -> (tensor<f32>, !xhlo.token, tuple<tensor<i1>>) {
  %0:3 = "xhlo.custom_call"(%a0, %a1) {call_target_name = "io", has_side_effect = true, backend_config = "opaque bytes", api_version = 2 : i32, called_computations = [@helper]} : (!xhlo.token, tuple<tensor<f32>, tensor<2xi32>>) -> (tensor<f32>, !xhlo.token, tuple<tensor<i1>>)
  return %0#0, %0#1, %0#2 : tensor<f32>, !xhlo.token, tuple<tensor<i1>>
}

// -----

func.func @custom_call_without_operands_or_results() {
  "xhlo.custom_call"() {call_target_name = "noop"} : () -> ()
  return
}

// -----

func.func @custom_call_typed_ffi_with_dictionary_config(%a0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.custom_call"(%a0) {call_target_name = "f", api_version = 4 : i32, backend_config = {alpha = 1.0 : f32}} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @custom_call_with_layouts(%a0: tensor<2x3xf32>, %a1: !xhlo.token) -> (tensor<3x2xf32>, tensor<i32>) {
  %0:2 = "xhlo.custom_call"(%a0, %a1) {call_target_name = "f", operand_layouts = [array<i64: 0, 1>, array<i64>], result_layouts = [array<i64: 1, 0>, array<i64>]} : (tensor<2x3xf32>, !xhlo.token) -> (tensor<3x2xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<i32>
}

// -----

func.func @custom_call_with_layouts_of_a_tuple_result(%a0: tensor<2xf32>) -> tuple<tensor<2xf32>, tensor<2x2xf32>> {
  %0 = "xhlo.custom_call"(%a0) {call_target_name = "f", operand_layouts = [array<i64: 0>], result_layouts = [array<i64: 0>, array<i64: 1, 0>]} : (tensor<2xf32>) -> tuple<tensor<2xf32>, tensor<2x2xf32>>
  return %0 : tuple<tensor<2xf32>, tensor<2x2xf32>>
}

// -----

func.func @custom_call_structure_requires_call_target_name() {
  // expected-error @+1 {{missing required attribute 'call_target_name'}}
  "xhlo.custom_call"() : () -> ()
  return
}

// -----

func.func @custom_call_rejects_empty_call_target_name() {
  // expected-error @+1 {{call_target_name must not be empty}}
  "xhlo.custom_call"() {call_target_name = ""} : () -> ()
  return
}

// -----

func.func @custom_call_rejects_symbol_call_target_name() {
  // expected-error @+1 {{attribute 'call_target_name' must be a string attribute, got @f}}
  "xhlo.custom_call"() {call_target_name = @f} : () -> ()
  return
}

// -----

func.func @custom_call_rejects_unknown_api_version() {
  // expected-error @+1 {{api_version must be in 0..=4}}
  "xhlo.custom_call"() {call_target_name = "f", api_version = 7 : i32} : () -> ()
  return
}

// -----

func.func @custom_call_rejects_string_config_for_typed_ffi() {
  // expected-error @+1 {{backend_config must be a dictionary attribute for api_version 4 (typed FFI)}}
  "xhlo.custom_call"() {call_target_name = "f", api_version = 4 : i32, backend_config = "x"} : () -> ()
  return
}

// -----

func.func @custom_call_rejects_dictionary_config_before_typed_ffi() {
  // expected-error @+1 {{backend_config must be a string attribute for api_version 1 (a dictionary needs api_version 4)}}
  "xhlo.custom_call"() {call_target_name = "f", backend_config = {a = 1 : i64}} : () -> ()
  return
}

// -----

func.func @custom_call_rejects_called_computation_that_is_not_a_symbol() {
  // expected-error @+1 {{called_computations #0 must be a symbol reference (@name)}}
  "xhlo.custom_call"() {call_target_name = "f", called_computations = ["g"]} : () -> ()
  return
}

// -----

func.func @custom_call_rejects_operand_layout_that_is_not_a_permutation(%a0: tensor<2x3xf32>) {
  // expected-error @+1 {{operand_layouts #0 1 appears more than once (layout of operand #0, tensor<2x3xf32>)}}
  "xhlo.custom_call"(%a0) {call_target_name = "f", operand_layouts = [array<i64: 1, 1>], result_layouts = []} : (tensor<2x3xf32>) -> ()
  return
}

// -----

func.func @custom_call_rejects_layout_of_wrong_rank() -> tensor<f32> {
  // expected-error @+1 {{result_layouts #0 [0] has 1 entries but rank is 0}}
  %0 = "xhlo.custom_call"() {call_target_name = "f", operand_layouts = [], result_layouts = [array<i64: 0>]} : () -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @custom_call_rejects_layouts_for_too_few_operands(%a0: tensor<2xf32>, %a1: tensor<3xf32>) {
  // expected-error @+1 {{operand_layouts has 1 entries but there are 2 operands}}
  "xhlo.custom_call"(%a0, %a1) {call_target_name = "f", operand_layouts = [array<i64: 0>], result_layouts = []} : (tensor<2xf32>, tensor<3xf32>) -> ()
  return
}

// -----

func.func @custom_call_rejects_operand_layouts_alone(%a0: tensor<2xf32>) {
  // expected-error @+1 {{operand_layouts and result_layouts must be given together or not at all}}
  "xhlo.custom_call"(%a0) {call_target_name = "f", operand_layouts = [array<i64: 0>]} : (tensor<2xf32>) -> ()
  return
}

// -----

func.func @custom_call_rejects_layout_for_a_token(%a0: !xhlo.token) {
  // expected-error @+1 {{operand_layouts #0 is [0] but operand #0 is a token; only tensors have layouts}}
  "xhlo.custom_call"(%a0) {call_target_name = "f", operand_layouts = [array<i64: 0>], result_layouts = []} : (!xhlo.token) -> ()
  return
}

// -----

func.func @custom_call_rejects_layout_for_a_tuple_operand(%a0: tuple<tensor<f32>>) {
  // expected-error @+1 {{operand #0 is a tuple (tuple<tensor<f32>>); layouts can only be given for tensors and tokens}}
  "xhlo.custom_call"(%a0) {call_target_name = "f", operand_layouts = [array<i64>], result_layouts = []} : (tuple<tensor<f32>>) -> ()
  return
}

// -----

func.func @custom_call_rejects_layout_that_is_not_an_i64_array() -> tensor<2xf32> {
  // expected-error @+1 {{result_layouts #0 must be an array<i64: ...>}}
  %0 = "xhlo.custom_call"() {call_target_name = "f", operand_layouts = [], result_layouts = [[0]]} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func private @my_op_impl(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = "xhlo.negate"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %n : tensor<4xf32>
}

func.func @composite_seed_named_op_with_decomposition(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.composite"(%x) {name = "my.op", decomposition = @my_op_impl, composite_attributes = {alpha = 2.0 : f32}, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func private @impl()

func.func @composite_without_operands_or_results() {
  "xhlo.composite"() {name = "my.op", decomposition = @impl} : () -> ()
  return
}

// -----

func.func private @impl(tensor<2xf32>, !xhlo.token) -> (tensor<2xf32>, !xhlo.token)

func.func @composite_of_mixed_values(%a0: tensor<2xf32>, %a1: !xhlo.token) -> (tensor<2xf32>, !xhlo.token) {
  %0:2 = "xhlo.composite"(%a0, %a1) {name = "my.op", decomposition = @impl} : (tensor<2xf32>, !xhlo.token) -> (tensor<2xf32>, !xhlo.token)
  return %0#0, %0#1 : tensor<2xf32>, !xhlo.token
}

// -----

func.func @composite_structure_requires_name() {
  // expected-error @+1 {{missing required attribute 'name'}}
  "xhlo.composite"() {decomposition = @impl} : () -> ()
  return
}

// -----

func.func @composite_structure_requires_decomposition() {
  // expected-error @+1 {{missing required attribute 'decomposition'}}
  "xhlo.composite"() {name = "x"} : () -> ()
  return
}

// -----

func.func @composite_rejects_empty_name() {
  // expected-error @+1 {{name must not be empty}}
  "xhlo.composite"() {name = "", decomposition = @impl} : () -> ()
  return
}

// -----

func.func @composite_rejects_decomposition_that_is_not_a_symbol() {
  // expected-error @+1 {{attribute 'decomposition' must be a symbol reference}}
  "xhlo.composite"() {name = "x", decomposition = "impl"} : () -> ()
  return
}

// -----

func.func @composite_rejects_negative_version() {
  // expected-error @+1 {{version must be non-negative, got -1}}
  "xhlo.composite"() {name = "x", decomposition = @impl, version = -1 : i32} : () -> ()
  return
}

// -----

func.func @composite_rejects_attributes_that_are_not_a_dictionary() {
  // expected-error @+1 {{attribute 'composite_attributes' must be a dictionary attribute}}
  "xhlo.composite"() {name = "x", decomposition = @impl, composite_attributes = [1 : i64]} : () -> ()
  return
}

// -----

func.func @composite_rejects_a_missing_decomposition(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{decomposition @nowhere is not a function of this module}}
  %0 = "xhlo.composite"(%x) {name = "my.op", decomposition = @nowhere} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

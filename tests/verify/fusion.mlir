// Verifier cases for fusion (dialects/xhlo-ir/src/ops/fusion.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/fusion.mlir
// The body's arguments are the operands; the results are what the body yields; kind is one of
// "loop", "input", "output".

func.func @fusion_loop_of_an_elementwise_chain(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.fusion"(%x, %y) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %m = "xhlo.multiply"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %t = "xhlo.tanh"(%m) : (tensor<4xf32>) -> tensor<4xf32>
    "gpu.yield"(%t) : (tensor<4xf32>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_input_with_two_results_of_different_types(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2x3xi1>) {
  %0:2 = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<2x3xf32>):
    %e = "xhlo.exponential"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
    %s = "xhlo.reduce"(%e, %z) ({
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %r = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "gpu.yield"(%r) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %f = "xhlo.is_finite"(%a) : (tensor<2x3xf32>) -> tensor<2x3xi1>
    "gpu.yield"(%s, %f) : (tensor<2xf32>, tensor<2x3xi1>) -> ()
  }) {kind = "input"} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2x3xi1>)
  return %0#0, %0#1 : tensor<2xf32>, tensor<2x3xi1>
}

// -----

func.func @fusion_output_of_a_dot_with_bias_and_relu(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "xhlo.fusion"(%x, %w, %b) ({
  ^bb0(%a: tensor<2x3xf32>, %c: tensor<3x4xf32>, %d: tensor<4xf32>):
    %m = "xhlo.dot_general"(%a, %c) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %bb = "xhlo.broadcast_in_dim"(%d) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<2x4xf32>
    %s = "xhlo.add"(%m, %bb) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %z = "xhlo.constant"() {value = dense<0.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
    %r = "xhlo.maximum"(%s, %z) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    "gpu.yield"(%r) : (tensor<2x4xf32>) -> ()
  }) {kind = "output"} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @fusion_rejects_an_unknown_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{kind must be one of "loop", "input", "output", "row", got "tiled"}}
  %0 = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "gpu.yield"(%a) : (tensor<4xf32>) -> ()
  }) {kind = "tiled"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_requires_kind(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{missing required attribute 'kind'}}
  %0 = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "gpu.yield"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_rejects_body_arguments_unlike_operands(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{region 'body' argument #0 is tensor<4xf64> but operand #0 is tensor<4xf32>}}
  %0 = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf64>):
    %c = "xhlo.convert"(%a) : (tensor<4xf64>) -> tensor<4xf32>
    "gpu.yield"(%c) : (tensor<4xf32>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_rejects_a_missing_body_argument(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{region 'body' takes 1 argument(s) but the fusion has 2 operand(s)}}
  %0 = "xhlo.fusion"(%x, %y) ({
  ^bb0(%a: tensor<4xf32>):
    "gpu.yield"(%a) : (tensor<4xf32>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @fusion_rejects_results_unlike_the_yields(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{tensor<4xi32>}}
  %0 = "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "gpu.yield"(%a) : (tensor<4xf32>) -> ()
  }) {kind = "loop"} : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @fusion_rejects_a_body_yielding_nothing(%x: tensor<4xf32>) {
  // expected-error @+1 {{region 'body' must yield at least one value}}
  "xhlo.fusion"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "gpu.yield"() : () -> ()
  }) {kind = "loop"} : (tensor<4xf32>) -> ()
  return
}

// Verifier cases for control flow (dialects/xhlo-ir/src/ops/control_flow.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/control_flow.mlir
// if/case branches take no parameters (they capture values); case keeps one block per branch
// in its single region `branches`. A call's callee is a func.func of the same module.

func.func @while_seed_counter_and_accumulator(%a0: tensor<i32>, %a1: tensor<10xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<10xf32>) {
  %0:2 = "xhlo.while"(%a0, %a1) ({
  ^bb0(%c0: tensor<i32>, %c1: tensor<10xf32>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>, %b1: tensor<10xf32>):
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %next = "xhlo.add"(%b0, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%next, %b1) : (tensor<i32>, tensor<10xf32>) -> ()
  }) : (tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>)
  return %0#0, %0#1 : tensor<i32>, tensor<10xf32>
}

// -----

func.func @while_carries_a_token_and_a_tuple(%a0: tensor<i32>, %a1: !xhlo.token, %a2: tuple<tensor<2xf32>, tensor<i1>>, %n: tensor<i32>) -> (tensor<i32>, !xhlo.token, tuple<tensor<2xf32>, tensor<i1>>) {
  %0:3 = "xhlo.while"(%a0, %a1, %a2) ({
  ^bb0(%c0: tensor<i32>, %c1: !xhlo.token, %c2: tuple<tensor<2xf32>, tensor<i1>>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>, %b1: !xhlo.token, %b2: tuple<tensor<2xf32>, tensor<i1>>):
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %next = "xhlo.add"(%b0, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%next, %b1, %b2) : (tensor<i32>, !xhlo.token, tuple<tensor<2xf32>, tensor<i1>>) -> ()
  }) : (tensor<i32>, !xhlo.token, tuple<tensor<2xf32>, tensor<i1>>) -> (tensor<i32>, !xhlo.token, tuple<tensor<2xf32>, tensor<i1>>)
  return %0#0, %0#1, %0#2 : tensor<i32>, !xhlo.token, tuple<tensor<2xf32>, tensor<i1>>
}

// -----

func.func @while_rejects_cond_yielding_non_pred(%a0: tensor<i32>, %a1: tensor<10xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<10xf32>) {
  // expected-error @+1 {{region 'cond' must yield one tensor<i1>, yields (tensor<i32>)}}
  %0:2 = "xhlo.while"(%a0, %a1) ({
  ^bb0(%c0: tensor<i32>, %c1: tensor<10xf32>):
    "gpu.yield"(%c0) : (tensor<i32>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>, %b1: tensor<10xf32>):
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %next = "xhlo.add"(%b0, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%next, %b1) : (tensor<i32>, tensor<10xf32>) -> ()
  }) : (tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>)
  return %0#0, %0#1 : tensor<i32>, tensor<10xf32>
}

// -----

func.func @while_rejects_cond_yielding_two_values(%a0: tensor<i32>, %a1: tensor<10xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<10xf32>) {
  // expected-error @+1 {{region 'cond' must yield one tensor<i1>, yields (tensor<i1>, tensor<i1>)}}
  %0:2 = "xhlo.while"(%a0, %a1) ({
  ^bb0(%c0: tensor<i32>, %c1: tensor<10xf32>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt, %lt) : (tensor<i1>, tensor<i1>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>, %b1: tensor<10xf32>):
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %next = "xhlo.add"(%b0, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%next, %b1) : (tensor<i32>, tensor<10xf32>) -> ()
  }) : (tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>)
  return %0#0, %0#1 : tensor<i32>, tensor<10xf32>
}

// -----

func.func @while_rejects_cond_parameters_unlike_operands(%a0: tensor<i32>, %a1: tensor<10xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<10xf32>) {
  // expected-error @+1 {{region 'cond' takes 1 value(s) but the loop operands are 2 value(s)}}
  %0:2 = "xhlo.while"(%a0, %a1) ({
  ^bb0(%c0: tensor<i32>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>, %b1: tensor<10xf32>):
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %next = "xhlo.add"(%b0, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%next, %b1) : (tensor<i32>, tensor<10xf32>) -> ()
  }) : (tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>)
  return %0#0, %0#1 : tensor<i32>, tensor<10xf32>
}

// -----

func.func @while_rejects_body_parameters_unlike_operands(%a0: tensor<i32>, %a1: tensor<10xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<10xf32>) {
  // expected-error @+1 {{region 'body' takes tensor<10xf64> as value #1 but value #1 of the loop operands is tensor<10xf32>}}
  %0:2 = "xhlo.while"(%a0, %a1) ({
  ^bb0(%c0: tensor<i32>, %c1: tensor<10xf32>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>, %b1: tensor<10xf64>):
    "gpu.yield"(%b0, %b1) : (tensor<i32>, tensor<10xf64>) -> ()
  }) : (tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>)
  return %0#0, %0#1 : tensor<i32>, tensor<10xf32>
}

// -----

func.func @while_rejects_body_yielding_other_types(%a0: tensor<i32>, %a1: tensor<10xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<10xf32>) {
  // expected-error @+1 {{region 'body' yields tensor<11xi32> as value #1 but value #1 of the loop operands is tensor<10xf32>}}
  %0:2 = "xhlo.while"(%a0, %a1) ({
  ^bb0(%c0: tensor<i32>, %c1: tensor<10xf32>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>, %b1: tensor<10xf32>):
    %r = "xhlo.broadcast"(%b0) {broadcast_sizes = array<i64: 11>} : (tensor<i32>) -> tensor<11xi32>
    "gpu.yield"(%b0, %r) : (tensor<i32>, tensor<11xi32>) -> ()
  }) : (tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>)
  return %0#0, %0#1 : tensor<i32>, tensor<10xf32>
}

// -----

func.func @while_rejects_wrongly_declared_results(%a0: tensor<i32>, %a1: tensor<10xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<10xf64>) {
  // expected-error @+1 {{result #1 is declared as tensor<10xf64> but the op produces tensor<10xf32>}}
  %0:2 = "xhlo.while"(%a0, %a1) ({
  ^bb0(%c0: tensor<i32>, %c1: tensor<10xf32>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>, %b1: tensor<10xf32>):
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %next = "xhlo.add"(%b0, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%next, %b1) : (tensor<i32>, tensor<10xf32>) -> ()
  }) : (tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf64>)
  return %0#0, %0#1 : tensor<i32>, tensor<10xf64>
}

// -----

func.func @while_rejects_multi_block_cond(%a0: tensor<i32>, %n: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{region 'cond' must have exactly one block, has 2}}
  %0 = "xhlo.while"(%a0) ({
  ^bb0(%c0: tensor<i32>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  ^bb1(%c1: tensor<i32>):
    %f = "xhlo.compare"(%c1, %n) {comparison_direction = "GT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%f) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b0: tensor<i32>):
    "gpu.yield"(%b0) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @while_structure_requires_two_regions(%a0: tensor<i32>, %n: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{expected 2 region(s), got 1}}
  %0 = "xhlo.while"(%a0) ({
  ^bb0(%c0: tensor<i32>):
    %lt = "xhlo.compare"(%c0, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @if_seed_predicated_conditional(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  %0 = "xhlo.if"(%p) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }, {
    %n = "xhlo.negate"(%y) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_yields_two_values(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = "xhlo.if"(%p) ({
    "gpu.yield"(%x, %y) : (tensor<f32>, tensor<f32>) -> ()
  }, {
    "gpu.yield"(%y, %x) : (tensor<f32>, tensor<f32>) -> ()
  }) : (tensor<i1>) -> (tensor<f32>, tensor<f32>)
  return %0#0, %0#1 : tensor<f32>, tensor<f32>
}

// -----

func.func @if_rejects_non_pred_predicate(%p: tensor<i32>, %x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{pred must be a scalar PRED, tensor<i1>, got tensor<i32>}}
  %0 = "xhlo.if"(%p) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }, {
    %n = "xhlo.negate"(%y) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_rejects_non_scalar_predicate(%p: tensor<2xi1>, %x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{pred must be a scalar PRED, tensor<i1>, got tensor<2xi1>}}
  %0 = "xhlo.if"(%p) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }, {
    %n = "xhlo.negate"(%y) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<2xi1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_rejects_branches_yielding_different_types(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{region 'false_branch' yields tensor<f64> as value #0 but value #0 of the values region 'true_branch' yields is tensor<f32>}}
  %0 = "xhlo.if"(%p) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }, {
    %c = "xhlo.convert"(%y) : (tensor<f32>) -> tensor<f64>
    "gpu.yield"(%c) : (tensor<f64>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_rejects_branches_yielding_different_counts(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{region 'false_branch' yields 0 value(s) but the values region 'true_branch' yields are 1 value(s)}}
  %0 = "xhlo.if"(%p) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }, {
    "gpu.yield"() : () -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_rejects_branch_with_parameters(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{region 'true_branch' takes 1 parameter(s) but branches take none (they use captured values)}}
  %0 = "xhlo.if"(%p) ({
  ^bb0(%z: tensor<f32>):
    "gpu.yield"(%z) : (tensor<f32>) -> ()
  }, {
    %n = "xhlo.negate"(%y) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @if_rejects_wrongly_declared_results(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  // expected-error @+1 {{the op produces 1 result(s) but 2 are declared}}
  %0:2 = "xhlo.if"(%p) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }, {
    %n = "xhlo.negate"(%y) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> (tensor<f32>, tensor<f32>)
  return %0#0, %0#1 : tensor<f32>, tensor<f32>
}

// -----

func.func @case_seed_indexed_conditional_with_three_branches(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  %0 = "xhlo.case"(%i) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  ^bb1:
    %n = "xhlo.negate"(%x) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  ^bb2:
    %e = "xhlo.exponential"(%x) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%e) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_with_one_branch(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  %0 = "xhlo.case"(%i) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_rejects_i64_index(%i: tensor<i64>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{index must be a scalar S32, tensor<i32>, got tensor<i64>}}
  %0 = "xhlo.case"(%i) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  ^bb1:
    %n = "xhlo.negate"(%x) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<i64>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_rejects_non_scalar_index(%i: tensor<1xi32>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{index must be a scalar S32, tensor<i32>, got tensor<1xi32>}}
  %0 = "xhlo.case"(%i) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  ^bb1:
    %n = "xhlo.negate"(%x) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<1xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_rejects_branches_yielding_different_types(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{branch 2 yields tensor<2xf32> as value #0 but value #0 of the values branch 0 yields is tensor<f32>}}
  %0 = "xhlo.case"(%i) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  ^bb1:
    %n = "xhlo.negate"(%x) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  ^bb2:
    %b = "xhlo.broadcast"(%x) {broadcast_sizes = array<i64: 2>} : (tensor<f32>) -> tensor<2xf32>
    "gpu.yield"(%b) : (tensor<2xf32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_rejects_branch_with_parameters(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{branch 1 takes 1 parameter(s) but branches take none}}
  %0 = "xhlo.case"(%i) ({
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  ^bb1(%z: tensor<f32>):
    "gpu.yield"(%z) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @case_rejects_no_branches(%i: tensor<i32>) {
  // expected-error @+1 {{case needs at least one branch (block) in region 'branches'}}
  "xhlo.case"(%i) ({
  }) : (tensor<i32>) -> ()
  return
}

// -----

func.func private @add_2(%v: tensor<i64>) -> tensor<i64> {
  %two = "xhlo.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %r = "xhlo.add"(%v, %two) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  return %r : tensor<i64>
}

func.func @call_seed_calls_a_computation(%a: tensor<i64>) -> tensor<i64> {
  %0 = "xhlo.call"(%a) {callee = @add_2} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func private @pair(%v: tensor<2xf32>, %t: !xhlo.token) -> (tensor<2xf32>, !xhlo.token) {
  return %v, %t : tensor<2xf32>, !xhlo.token
}

func.func @call_with_mixed_operands_and_results(%a: tensor<2xf32>, %t: !xhlo.token) -> !xhlo.token {
  %0:2 = "xhlo.call"(%a, %t) {callee = @pair} : (tensor<2xf32>, !xhlo.token) -> (tensor<2xf32>, !xhlo.token)
  return %0#1 : !xhlo.token
}

// -----

func.func @call_rejects_unknown_callee(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{callee @nowhere is not a function of this module}}
  %0 = "xhlo.call"(%a) {callee = @nowhere} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func private @add_2(%v: tensor<i64>) -> tensor<i64> {
  return %v : tensor<i64>
}

func.func @call_rejects_operands_unlike_the_parameters(%a: tensor<i32>) -> tensor<i64> {
  // expected-error @+1 {{operands do not match the parameters of @add_2}}
  %0 = "xhlo.call"(%a) {callee = @add_2} : (tensor<i32>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func private @add_2(%v: tensor<i64>) -> tensor<i64> {
  return %v : tensor<i64>
}

func.func @call_rejects_results_unlike_the_callee(%a: tensor<i64>) -> tensor<2xi64> {
  // expected-error @+1 {{results do not match the results of @add_2}}
  %0 = "xhlo.call"(%a) {callee = @add_2} : (tensor<i64>) -> tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

func.func @call_structure_requires_callee(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{missing required attribute 'callee'}}
  %0 = "xhlo.call"(%a) : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @call_rejects_callee_that_is_not_a_symbol(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{attribute 'callee' must be a symbol reference, got "add_2"}}
  %0 = "xhlo.call"(%a) {callee = "add_2"} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @optimization_barrier_passes_values_through(%a0: tensor<2x3xf32>, %a1: !xhlo.token, %a2: tuple<tensor<i1>>) -> (tensor<2x3xf32>, !xhlo.token, tuple<tensor<i1>>) {
  %0:3 = "xhlo.optimization_barrier"(%a0, %a1, %a2) : (tensor<2x3xf32>, !xhlo.token, tuple<tensor<i1>>) -> (tensor<2x3xf32>, !xhlo.token, tuple<tensor<i1>>)
  return %0#0, %0#1, %0#2 : tensor<2x3xf32>, !xhlo.token, tuple<tensor<i1>>
}

// -----

func.func @optimization_barrier_of_nothing() {
  "xhlo.optimization_barrier"() : () -> ()
  return
}

// -----

func.func @optimization_barrier_rejects_changed_types(%a0: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<3x2xf32> but the op produces tensor<2x3xf32>}}
  %0 = "xhlo.optimization_barrier"(%a0) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @optimization_barrier_rejects_dropped_values(%a0: tensor<2x3xf32>, %a1: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{the op produces 2 result(s) but 1 are declared}}
  %0 = "xhlo.optimization_barrier"(%a0, %a1) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Recursion (a whole-module rule): reported at the call that closes the cycle, searching from
// each function in order and following calls in order. mlir-opt with the plugin reports the
// same from xhlo.call's verifier (a cycle closed by a func.call through the first xhlo.call on
// the cycle).

func.func @call_rejects_a_function_calling_itself(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{'xhlo.call' op calls @call_rejects_a_function_calling_itself recursively (@call_rejects_a_function_calling_itself -> @call_rejects_a_function_calling_itself): XLA programs have no recursion}}
  %0 = "xhlo.call"(%a) {callee = @call_rejects_a_function_calling_itself} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

func.func @call_rejects_mutual_recursion(%a: tensor<i64>) -> tensor<i64> {
  %0 = "xhlo.call"(%a) {callee = @even} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

func.func private @even(%a: tensor<i64>) -> tensor<i64> {
  %0 = "xhlo.call"(%a) {callee = @odd} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

func.func private @odd(%a: tensor<i64>) -> tensor<i64> {
  %0 = "xhlo.negate"(%a) : (tensor<i64>) -> tensor<i64>
  // expected-error @+1 {{'xhlo.call' op calls @even recursively (@even -> @odd -> @even): XLA programs have no recursion}}
  %1 = "xhlo.call"(%0) {callee = @even} : (tensor<i64>) -> tensor<i64>
  return %1 : tensor<i64>
}

// -----

func.func @call_rejects_a_cycle_closed_by_func_call(%a: tensor<i64>) -> tensor<i64> {
  %0 = "xhlo.call"(%a) {callee = @ping} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

func.func private @ping(%a: tensor<i64>) -> tensor<i64> {
  %0 = "xhlo.call"(%a) {callee = @pong} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

func.func private @pong(%a: tensor<i64>) -> tensor<i64> {
  // expected-error @+1 {{'func.call' op calls @ping recursively (@ping -> @pong -> @ping): XLA programs have no recursion}}
  %0 = func.call @ping(%a) : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// -----

// Calls into a shared function from two places are no cycle.
func.func private @leaf(%a: tensor<i64>) -> tensor<i64> {
  return %a : tensor<i64>
}

func.func private @twice(%a: tensor<i64>) -> tensor<i64> {
  %0 = "xhlo.call"(%a) {callee = @leaf} : (tensor<i64>) -> tensor<i64>
  %1 = func.call @leaf(%0) : (tensor<i64>) -> tensor<i64>
  return %1 : tensor<i64>
}

func.func @call_accepts_a_diamond_of_calls(%a: tensor<i64>) -> tensor<i64> {
  %0 = "xhlo.call"(%a) {callee = @twice} : (tensor<i64>) -> tensor<i64>
  %1 = "xhlo.call"(%0) {callee = @leaf} : (tensor<i64>) -> tensor<i64>
  return %1 : tensor<i64>
}

// -----

// A nested module's calls name its own functions, and its recursion is refused too.
module @outer_calls_resolve_in_the_nested_module {
  module @inner {
    func.func private @leaf(%a: tensor<i64>) -> tensor<i64> {
      return %a : tensor<i64>
    }
    func.func @call_in_a_nested_module(%a: tensor<i64>) -> tensor<i64> {
      %0 = "xhlo.call"(%a) {callee = @leaf} : (tensor<i64>) -> tensor<i64>
      return %0 : tensor<i64>
    }
  }
}

// -----

module @outer_recursion {
  module @inner {
    func.func @call_rejects_recursion_in_a_nested_module(%a: tensor<i64>) -> tensor<i64> {
      // expected-error @+1 {{'xhlo.call' op calls @call_rejects_recursion_in_a_nested_module recursively (@call_rejects_recursion_in_a_nested_module -> @call_rejects_recursion_in_a_nested_module): XLA programs have no recursion}}
      %0 = "xhlo.call"(%a) {callee = @call_rejects_recursion_in_a_nested_module} : (tensor<i64>) -> tensor<i64>
      return %0 : tensor<i64>
    }
  }
}

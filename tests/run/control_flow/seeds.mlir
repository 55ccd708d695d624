// Worked examples of the control-flow ops in the seed documents, run end to end (issue 4):
// target/debug/xla-run --check tests/run/control_flow/seeds.mlir
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt (English, r1.3) and
// 002_e2447a076b143c68.txt (Traditional Chinese, newest; wins on conflicts).

// Seed 001 and 002 "While": the while_test.cc pseudo-code. init = {0, zero_vector[10]};
// while (result(0) < 1000) { iteration = result(0) + 1; new_vector = result(1) +
// constant_vector[10]; }. The seed's loop state is a tuple of int32 and float[10]; xhlo.while
// carries the two values directly here (the tuple form is the last test of this file).
// constant_vector is not given; with
// [0, 1, ..., 9] the result is (1000, [0, 1000, ..., 9000]), exact in f32.
func.func @while_seed001_thousand_iterations_accumulate() {
  %i0 = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v0 = "xhlo.constant"() {value = dense<0.0> : tensor<10xf32>} : () -> tensor<10xf32>
  %r:2 = "xhlo.while"(%i0, %v0) ({
  ^bb0(%i: tensor<i32>, %v: tensor<10xf32>):
    %n = "xhlo.constant"() {value = dense<1000> : tensor<i32>} : () -> tensor<i32>
    %lt = "xhlo.compare"(%i, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i32>, %v: tensor<10xf32>):
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %c = "xhlo.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>} : () -> tensor<10xf32>
    %i1 = "xhlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %v1 = "xhlo.add"(%v, %c) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    "gpu.yield"(%i1, %v1) : (tensor<i32>, tensor<10xf32>) -> ()
  }) : (tensor<i32>, tensor<10xf32>) -> (tensor<i32>, tensor<10xf32>)
  "check.expect_eq_const"(%r#0) {value = dense<1000> : tensor<i32>} : (tensor<i32>) -> ()
  "check.expect_eq_const"(%r#1) {value = dense<[0.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 7000.0, 8000.0, 9000.0]> : tensor<10xf32>} : (tensor<10xf32>) -> ()
  func.return
}

// -----

// Seed 002 "條件式" (Conditional) with a PRED: true_computation runs when pred is true,
// false_computation otherwise, and only the chosen one runs. No numbers in the seed;
// operands chosen here (true: x * 2, false: -x).
func.func @if_seed002_pred_selects_the_computation() {
  %x = "xhlo.constant"() {value = dense<[1.5, -3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %t = "xhlo.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %f = "xhlo.constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %rt = "xhlo.if"(%t) ({
    %d = "xhlo.add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "gpu.yield"(%d) : (tensor<2xf32>) -> ()
  }, {
    %n = "xhlo.negate"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "gpu.yield"(%n) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  "check.expect_eq_const"(%rt) {value = dense<[3.0, -6.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  %rf = "xhlo.if"(%f) ({
    %d = "xhlo.add"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    "gpu.yield"(%d) : (tensor<2xf32>) -> ()
  }, {
    %n = "xhlo.negate"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "gpu.yield"(%n) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  "check.expect_eq_const"(%rf) {value = dense<[-1.5, 3.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

// Seed 002 "條件式" (Conditional) with an S32 branch_index over N = 3 branches: runs
// branch_computations[branch_index], and any index < 0 or >= N runs branch N-1 (the default).
// No numbers in the seed; branches return 10, 11, 12.
func.func @case_seed002_out_of_range_index_runs_the_last_branch() {
  %i0 = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %r_i0 = "xhlo.case"(%i0) ({
    %a = "xhlo.constant"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%a) : (tensor<i32>) -> ()
  ^bb1:
    %b = "xhlo.constant"() {value = dense<11> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%b) : (tensor<i32>) -> ()
  ^bb2:
    %c = "xhlo.constant"() {value = dense<12> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%c) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  "check.expect_eq_const"(%r_i0) {value = dense<10> : tensor<i32>} : (tensor<i32>) -> ()
  %i1 = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %r_i1 = "xhlo.case"(%i1) ({
    %a = "xhlo.constant"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%a) : (tensor<i32>) -> ()
  ^bb1:
    %b = "xhlo.constant"() {value = dense<11> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%b) : (tensor<i32>) -> ()
  ^bb2:
    %c = "xhlo.constant"() {value = dense<12> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%c) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  "check.expect_eq_const"(%r_i1) {value = dense<11> : tensor<i32>} : (tensor<i32>) -> ()
  %i2 = "xhlo.constant"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %r_i2 = "xhlo.case"(%i2) ({
    %a = "xhlo.constant"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%a) : (tensor<i32>) -> ()
  ^bb1:
    %b = "xhlo.constant"() {value = dense<11> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%b) : (tensor<i32>) -> ()
  ^bb2:
    %c = "xhlo.constant"() {value = dense<12> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%c) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  "check.expect_eq_const"(%r_i2) {value = dense<12> : tensor<i32>} : (tensor<i32>) -> ()
  %neg = "xhlo.constant"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %r_neg = "xhlo.case"(%neg) ({
    %a = "xhlo.constant"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%a) : (tensor<i32>) -> ()
  ^bb1:
    %b = "xhlo.constant"() {value = dense<11> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%b) : (tensor<i32>) -> ()
  ^bb2:
    %c = "xhlo.constant"() {value = dense<12> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%c) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  "check.expect_eq_const"(%r_neg) {value = dense<12> : tensor<i32>} : (tensor<i32>) -> ()
  %big = "xhlo.constant"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %r_big = "xhlo.case"(%big) ({
    %a = "xhlo.constant"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%a) : (tensor<i32>) -> ()
  ^bb1:
    %b = "xhlo.constant"() {value = dense<11> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%b) : (tensor<i32>) -> ()
  ^bb2:
    %c = "xhlo.constant"() {value = dense<12> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%c) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  "check.expect_eq_const"(%r_big) {value = dense<12> : tensor<i32>} : (tensor<i32>) -> ()
  %min = "xhlo.constant"() {value = dense<-2147483648> : tensor<i32>} : () -> tensor<i32>
  %r_min = "xhlo.case"(%min) ({
    %a = "xhlo.constant"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%a) : (tensor<i32>) -> ()
  ^bb1:
    %b = "xhlo.constant"() {value = dense<11> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%b) : (tensor<i32>) -> ()
  ^bb2:
    %c = "xhlo.constant"() {value = dense<12> : tensor<i32>} : () -> tensor<i32>
    "gpu.yield"(%c) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  "check.expect_eq_const"(%r_min) {value = dense<12> : tensor<i32>} : (tensor<i32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "Call" (撥打電話): invokes a computation T_0, ..., T_{N-1} -> S with the given
// arguments; no arguments are allowed too. No numbers in the seeds; values chosen here.
func.func private @axpy(%a: tensor<f32>, %x: tensor<3xf32>, %y: tensor<3xf32>) -> tensor<3xf32> {
  %ab = "xhlo.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<3xf32>
  %m = "xhlo.multiply"(%ab, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %s = "xhlo.add"(%m, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %s : tensor<3xf32>
}

func.func private @seven() -> tensor<i32> {
  %c = "xhlo.constant"() {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  func.return %c : tensor<i32>
}

// call_seed002_with_and_without_arguments (the runner needs the entry of a chunk with several
// functions to be @main).
func.func @main() {
  %a = "xhlo.constant"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %x = "xhlo.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "xhlo.constant"() {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %r = "xhlo.call"(%a, %x, %y) {callee = @axpy} : (tensor<f32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  "check.expect_eq_const"(%r) {value = dense<[12.0, 24.0, 36.0]> : tensor<3xf32>} : (tensor<3xf32>) -> ()
  %s = "xhlo.call"() {callee = @seven} : () -> tensor<i32>
  "check.expect_eq_const"(%s) {value = dense<7> : tensor<i32>} : (tensor<i32>) -> ()
  func.return
}

// -----

// Seed 001 and 002 "While" with the seed's literal loop state: a tuple (int32, float[10])
// threaded through the loop and taken apart with get_tuple_element.
func.func @while_seed001_tuple_state() {
  %i0 = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v0 = "xhlo.constant"() {value = dense<0.0> : tensor<10xf32>} : () -> tensor<10xf32>
  %t0 = "xhlo.tuple"(%i0, %v0) : (tensor<i32>, tensor<10xf32>) -> tuple<tensor<i32>, tensor<10xf32>>
  %r = "xhlo.while"(%t0) ({
  ^bb0(%t: tuple<tensor<i32>, tensor<10xf32>>):
    %i = "xhlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<i32>
    %n = "xhlo.constant"() {value = dense<1000> : tensor<i32>} : () -> tensor<i32>
    %lt = "xhlo.compare"(%i, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%t: tuple<tensor<i32>, tensor<10xf32>>):
    %i = "xhlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<i32>
    %v = "xhlo.get_tuple_element"(%t) {index = 1 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<10xf32>
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %c = "xhlo.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>} : () -> tensor<10xf32>
    %i1 = "xhlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %v1 = "xhlo.add"(%v, %c) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %t1 = "xhlo.tuple"(%i1, %v1) : (tensor<i32>, tensor<10xf32>) -> tuple<tensor<i32>, tensor<10xf32>>
    "gpu.yield"(%t1) : (tuple<tensor<i32>, tensor<10xf32>>) -> ()
  }) : (tuple<tensor<i32>, tensor<10xf32>>) -> tuple<tensor<i32>, tensor<10xf32>>
  %ri = "xhlo.get_tuple_element"(%r) {index = 0 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<i32>
  %rv = "xhlo.get_tuple_element"(%r) {index = 1 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<10xf32>
  "check.expect_eq_const"(%ri) {value = dense<1000> : tensor<i32>} : (tensor<i32>) -> ()
  "check.expect_eq_const"(%rv) {value = dense<[0.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 7000.0, 8000.0, 9000.0]> : tensor<10xf32>} : (tensor<10xf32>) -> ()
  func.return
}

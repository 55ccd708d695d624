// Checks for the control-flow family (lowering/src/ops/control_flow.rs), run end to end with
// `target/debug/xla-run --check tests/run/control_flow/edge_cases.mlir`.

// Tensor-carried while with an if inside the body: collatz-like steps on a vector.
func.func @while_with_if_in_body() {
  %v = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %five = stablehlo.constant dense<5> : tensor<i32>
  %r:2 = stablehlo.while(%i = %i0, %x = %v) : tensor<i32>, tensor<3xf32>
  cond {
    %c = stablehlo.compare LT, %i, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %rem = stablehlo.remainder %i, %two : tensor<i32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %even = stablehlo.compare EQ, %rem, %zero : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %y = "stablehlo.if"(%even) ({
      %d = stablehlo.add %x, %x : tensor<3xf32>
      stablehlo.return %d : tensor<3xf32>
    }, {
      %n = stablehlo.negate %x : tensor<3xf32>
      stablehlo.return %n : tensor<3xf32>
    }) : (tensor<i1>) -> tensor<3xf32>
    %j = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %j, %y : tensor<i32>, tensor<3xf32>
  }
  // steps: i=0 double, 1 negate, 2 double, 3 negate, 4 double: x * 8
  check.expect_eq_const %r#0, dense<5> : tensor<i32>
  check.expect_almost_eq_const %r#1, dense<[8.0, 16.0, 24.0]> : tensor<3xf32>
  func.return
}

// -----

func.func @while_zero_iterations_and_swapped_values() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %n = stablehlo.constant dense<3> : tensor<i64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %r:3 = stablehlo.while(%k = %n, %x = %a, %y = %b) : tensor<i64>, tensor<2xi64>, tensor<2xi64>
  cond {
    %c = stablehlo.compare GT, %k, %z : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %k1 = stablehlo.subtract %k, %one : tensor<i64>
    stablehlo.return %k1, %y, %x : tensor<i64>, tensor<2xi64>, tensor<2xi64>
  }
  check.expect_eq_const %r#1, dense<[3, 4]> : tensor<2xi64>
  check.expect_eq_const %r#2, dense<[1, 2]> : tensor<2xi64>
  %s:2 = stablehlo.while(%k = %z, %x = %a) : tensor<i64>, tensor<2xi64>
  cond {
    %c = stablehlo.compare GT, %k, %z : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %x1 = stablehlo.add %x, %x : tensor<2xi64>
    stablehlo.return %k, %x1 : tensor<i64>, tensor<2xi64>
  }
  check.expect_eq_const %s#1, dense<[1, 2]> : tensor<2xi64>
  func.return
}

// -----

// Nested loops: sum over i < 4, j < i of (i * j).
func.func @nested_while() {
  %z = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %four = stablehlo.constant dense<4> : tensor<i64>
  %r:2 = stablehlo.while(%i = %z, %acc = %z) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %four : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %in:2 = stablehlo.while(%j = %z, %a = %acc) : tensor<i64>, tensor<i64>
    cond {
      %c = stablehlo.compare LT, %j, %i : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %p = stablehlo.multiply %i, %j : tensor<i64>
      %a1 = stablehlo.add %a, %p : tensor<i64>
      %j1 = stablehlo.add %j, %one : tensor<i64>
      stablehlo.return %j1, %a1 : tensor<i64>, tensor<i64>
    }
    %i1 = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %i1, %in#1 : tensor<i64>, tensor<i64>
  }
  // 1*0 + 2*(0+1) + 3*(0+1+2) = 0 + 2 + 9 = 11
  check.expect_eq_const %r#1, dense<11> : tensor<i64>
  func.return
}

// -----

func.func @case_three_branches_computing() {
  %x = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %i = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.case"(%i) ({
    %a = stablehlo.abs %x : tensor<2xf32>
    stablehlo.return %a : tensor<2xf32>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }, {
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  check.expect_almost_eq_const %r, dense<[-1.0, 2.0]> : tensor<2xf32>
  %big = stablehlo.constant dense<2147483647> : tensor<i32>
  %r2 = "stablehlo.case"(%big) ({
    %a = stablehlo.abs %x : tensor<2xf32>
    stablehlo.return %a : tensor<2xf32>
  }, {
    %n = stablehlo.negate %x : tensor<2xf32>
    stablehlo.return %n : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  check.expect_almost_eq_const %r2, dense<[-1.0, 2.0]> : tensor<2xf32>
  %min = stablehlo.constant dense<-2147483648> : tensor<i32>
  %r3 = "stablehlo.case"(%min) ({
    %a = stablehlo.abs %x : tensor<2xf32>
    stablehlo.return %a : tensor<2xf32>
  }) : (tensor<i32>) -> tensor<2xf32>
  check.expect_almost_eq_const %r3, dense<[1.0, 2.0]> : tensor<2xf32>
  func.return
}

// -----

func.func @if_inside_case_and_get_dimension_size() {
  %x = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi64>
  %d = stablehlo.get_dimension_size %x, dim = 1 : (tensor<1x3xi64>) -> tensor<i32>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %r = "stablehlo.case"(%d) ({
    stablehlo.return %x : tensor<1x3xi64>
  }, {
    %y = "stablehlo.if"(%t) ({
      %n = stablehlo.negate %x : tensor<1x3xi64>
      stablehlo.return %n : tensor<1x3xi64>
    }, {
      stablehlo.return %x : tensor<1x3xi64>
    }) : (tensor<i1>) -> tensor<1x3xi64>
    stablehlo.return %y : tensor<1x3xi64>
  }) : (tensor<i32>) -> tensor<1x3xi64>
  check.expect_eq_const %r, dense<[[-1, -2, -3]]> : tensor<1x3xi64>
  func.return
}

// -----

func.func @two(%a: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %n = stablehlo.negate %a : tensor<2xi32>
  func.return %n, %a : tensor<2xi32>, tensor<2xi32>
}

func.func @main() {
  %x = stablehlo.constant dense<[5, 1]> : tensor<2xi32>
  %r:2 = stablehlo.composite "my.two" %x {decomposition = @two} : (tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  check.expect_eq_const %r#0, dense<[-5, -1]> : tensor<2xi32>
  check.expect_eq_const %r#1, dense<[5, 1]> : tensor<2xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %w:2 = stablehlo.while(%i = %z, %v = %x) : tensor<i32>, tensor<2xi32>
  cond {
    %c = stablehlo.compare LT, %i, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %s = "stablehlo.sort"(%v) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c = stablehlo.compare LT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    }) {dimension = 0 : i64} : (tensor<2xi32>) -> tensor<2xi32>
    %n:2 = func.call @two(%s) : (tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %n#0 : tensor<i32>, tensor<2xi32>
  }
  // [5,1] -> sort [1,5] -> [-1,-5] -> sort [-5,-1] -> [5,1] -> sort [1,5] -> [-1,-5]
  check.expect_eq_const %w#1, dense<[-1, -5]> : tensor<2xi32>
  func.return
}

// -----

func.func @if_and_case_without_results() {
  %p = stablehlo.constant dense<true> : tensor<i1>
  "stablehlo.if"(%p) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<i1>) -> ()
  %i = stablehlo.constant dense<0> : tensor<i32>
  "stablehlo.case"(%i) ({
    stablehlo.return
  }, {
    stablehlo.return
  }) : (tensor<i32>) -> ()
  %x = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %x, dense<1> : tensor<i32>
  func.return
}

// -----

// Nested tuples through while, and tuples out of if and case.
func.func @nested_tuple_while_if_case() {
  %i0 = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %a0 = "xhlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b0 = "xhlo.constant"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
  %in = "xhlo.tuple"(%a0, %b0) : (tensor<2xf32>, tensor<i64>) -> tuple<tensor<2xf32>, tensor<i64>>
  %t0 = "xhlo.tuple"(%i0, %in) : (tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>) -> tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>
  %r = "xhlo.while"(%t0) ({
  ^bb0(%t: tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>):
    %i = "xhlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>) -> tensor<i32>
    %n = "xhlo.constant"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
    %lt = "xhlo.compare"(%i, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%t: tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>):
    %i = "xhlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>) -> tensor<i32>
    %s = "xhlo.get_tuple_element"(%t) {index = 1 : i32} : (tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>) -> tuple<tensor<2xf32>, tensor<i64>>
    %a = "xhlo.get_tuple_element"(%s) {index = 0 : i32} : (tuple<tensor<2xf32>, tensor<i64>>) -> tensor<2xf32>
    %b = "xhlo.get_tuple_element"(%s) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<i64>>) -> tensor<i64>
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %i1 = "xhlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %a1 = "xhlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %b1 = "xhlo.multiply"(%b, %b) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %s1 = "xhlo.tuple"(%a1, %b1) : (tensor<2xf32>, tensor<i64>) -> tuple<tensor<2xf32>, tensor<i64>>
    %t1 = "xhlo.tuple"(%i1, %s1) : (tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>) -> tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>
    "gpu.yield"(%t1) : (tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>) -> ()
  }) : (tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>) -> tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>
  %rs = "xhlo.get_tuple_element"(%r) {index = 1 : i32} : (tuple<tensor<i32>, tuple<tensor<2xf32>, tensor<i64>>>) -> tuple<tensor<2xf32>, tensor<i64>>
  %ra = "xhlo.get_tuple_element"(%rs) {index = 0 : i32} : (tuple<tensor<2xf32>, tensor<i64>>) -> tensor<2xf32>
  %rb = "xhlo.get_tuple_element"(%rs) {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<i64>>) -> tensor<i64>
  "check.expect_eq_const"(%ra) {value = dense<[32.0, 64.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  "check.expect_eq_const"(%rb) {value = dense<1853020188851841> : tensor<i64>} : (tensor<i64>) -> ()
  %p = "xhlo.constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %f = "xhlo.if"(%p) ({
    "gpu.yield"(%rs) : (tuple<tensor<2xf32>, tensor<i64>>) -> ()
  }, {
    %z = "xhlo.constant"() {value = dense<[5.0, 6.0]> : tensor<2xf32>} : () -> tensor<2xf32>
    %w = "xhlo.tuple"(%z, %rb) : (tensor<2xf32>, tensor<i64>) -> tuple<tensor<2xf32>, tensor<i64>>
    "gpu.yield"(%w) : (tuple<tensor<2xf32>, tensor<i64>>) -> ()
  }) : (tensor<i1>) -> tuple<tensor<2xf32>, tensor<i64>>
  %fa = "xhlo.get_tuple_element"(%f) {index = 0 : i32} : (tuple<tensor<2xf32>, tensor<i64>>) -> tensor<2xf32>
  "check.expect_eq_const"(%fa) {value = dense<[5.0, 6.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  %k = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %c = "xhlo.case"(%k) ({
    "gpu.yield"(%rs) : (tuple<tensor<2xf32>, tensor<i64>>) -> ()
  ^bb1:
    "gpu.yield"(%f) : (tuple<tensor<2xf32>, tensor<i64>>) -> ()
  }) : (tensor<i32>) -> tuple<tensor<2xf32>, tensor<i64>>
  %ca = "xhlo.get_tuple_element"(%c) {index = 0 : i32} : (tuple<tensor<2xf32>, tensor<i64>>) -> tensor<2xf32>
  "check.expect_eq_const"(%ca) {value = dense<[32.0, 64.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  func.return
}

// -----

// Tuples passed to and returned from functions (nested, through func.call and xhlo.call).
func.func private @swap(%t: tuple<tensor<2xf32>, tuple<tensor<i32>, tensor<i1>>>) -> tuple<tuple<tensor<i32>, tensor<i1>>, tensor<2xf32>> {
  %a = "xhlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<2xf32>, tuple<tensor<i32>, tensor<i1>>>) -> tensor<2xf32>
  %b = "xhlo.get_tuple_element"(%t) {index = 1 : i32} : (tuple<tensor<2xf32>, tuple<tensor<i32>, tensor<i1>>>) -> tuple<tensor<i32>, tensor<i1>>
  %r = "xhlo.tuple"(%b, %a) : (tuple<tensor<i32>, tensor<i1>>, tensor<2xf32>) -> tuple<tuple<tensor<i32>, tensor<i1>>, tensor<2xf32>>
  return %r : tuple<tuple<tensor<i32>, tensor<i1>>, tensor<2xf32>>
}

func.func @main() {
  %a = "xhlo.constant"() {value = dense<[1.5, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %i = "xhlo.constant"() {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  %p = "xhlo.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %ip = "xhlo.tuple"(%i, %p) : (tensor<i32>, tensor<i1>) -> tuple<tensor<i32>, tensor<i1>>
  %t = "xhlo.tuple"(%a, %ip) : (tensor<2xf32>, tuple<tensor<i32>, tensor<i1>>) -> tuple<tensor<2xf32>, tuple<tensor<i32>, tensor<i1>>>
  %s = func.call @swap(%t) : (tuple<tensor<2xf32>, tuple<tensor<i32>, tensor<i1>>>) -> tuple<tuple<tensor<i32>, tensor<i1>>, tensor<2xf32>>
  %s2 = "xhlo.call"(%t) {callee = @swap} : (tuple<tensor<2xf32>, tuple<tensor<i32>, tensor<i1>>>) -> tuple<tuple<tensor<i32>, tensor<i1>>, tensor<2xf32>>
  %x = "xhlo.get_tuple_element"(%s) {index = 1 : i32} : (tuple<tuple<tensor<i32>, tensor<i1>>, tensor<2xf32>>) -> tensor<2xf32>
  %y = "xhlo.get_tuple_element"(%s2) {index = 0 : i32} : (tuple<tuple<tensor<i32>, tensor<i1>>, tensor<2xf32>>) -> tuple<tensor<i32>, tensor<i1>>
  %z = "xhlo.get_tuple_element"(%y) {index = 0 : i32} : (tuple<tensor<i32>, tensor<i1>>) -> tensor<i32>
  "check.expect_eq_const"(%x) {value = dense<[1.5, -2.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  "check.expect_eq_const"(%z) {value = dense<7> : tensor<i32>} : (tensor<i32>) -> ()
  func.return
}

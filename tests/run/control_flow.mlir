// Checks for the control-flow family (lowering/src/ops/control_flow.rs), run end to end with
// `target/debug/xla-run --check lowering/testdata/control_flow.mlir`.

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

func.func @top_k_largest_and_smallest() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 0x7FC00000, 5.0, -0.0, 0.0], [2.0, 2.0, 2.0, 1.0, 3.0, 0xFF800000]]> : tensor<2x6xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x6xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %i, dense<[[2, 1, 3], [4, 0, 1]]> : tensor<2x3xi32>
  check.expect_almost_eq_const %v, dense<[[0x7FC00000, 5.0, 5.0], [3.0, 2.0, 2.0]]> : tensor<2x3xf32>
  func.return
}

// -----

func.func @top_k_integers() {
  %x = stablehlo.constant dense<[3, -1, 7, 7, 0]> : tensor<5xi64>
  %v, %i = chlo.top_k(%x, k = 2) : tensor<5xi64> -> (tensor<2xi64>, tensor<2xi32>)
  check.expect_eq_const %i, dense<[2, 3]> : tensor<2xi32>
  check.expect_eq_const %v, dense<[7, 7]> : tensor<2xi64>
  func.return
}

// -----

func.func @map_2d_with_constant() {
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[0.5, 0.5], [2.0, -1.0]]> : tensor<2x2xf32>
  %r = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %c = stablehlo.constant dense<10.0> : tensor<f32>
    %m = stablehlo.multiply %x, %y : tensor<f32>
    %s = stablehlo.add %m, %c : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %r, dense<[[10.5, 11.0], [16.0, 6.0]]> : tensor<2x2xf32>
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

func.func @sort_total_order_nan_and_signed_zero() {
  %x = stablehlo.constant dense<[3.0, 0x7FC00000, -0.0, 1.0, 0xFF800000, 0.0, 0xFFC00000, 0x7F800000, -2.0]> : tensor<9xf32>
  %r = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<9xf32>) -> tensor<9xf32>
  check.expect_almost_eq_const %r, dense<[0x7FC00000, 0xFF800000, -2.0, 0.0, 0.0, 1.0, 3.0, 0x7F800000, 0x7FC00000]> : tensor<9xf32>
  %one = stablehlo.constant dense<1.0> : tensor<9xf32>
  %inv = stablehlo.divide %one, %r : tensor<9xf32>
  check.expect_almost_eq_const %inv, dense<[0x7FC00000, -0.0, -0.5, 0xFF800000, 0x7F800000, 1.0, 0.333333343, 0.0, 0x7FC00000]> : tensor<9xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<9xf32>
  %below = stablehlo.compare LT, %r, %ninf, TOTALORDER : (tensor<9xf32>, tensor<9xf32>) -> tensor<9xi1>
  check.expect_eq_const %below, dense<[true, false, false, false, false, false, false, false, false]> : tensor<9xi1>
  func.return
}

// -----

// NaN-last comparator written out: a < b, or b is NaN and a is not.
func.func @sort_nan_last_comparator_descending() {
  %x = stablehlo.constant dense<[[3.0, 0x7FC00000, 1.0, 5.0], [0x7FC00000, 0x7FC00000, -1.0, 2.0]]> : tensor<2x4xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x4xi32>
  %r:2 = "stablehlo.sort"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %p: tensor<i32>, %q: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %bnan = stablehlo.compare NE, %b, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %anan = stablehlo.compare NE, %a, %a, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %anotnan = stablehlo.not %anan : tensor<i1>
    %x1 = stablehlo.and %bnan, %anotnan : tensor<i1>
    %c = stablehlo.or %gt, %x1 : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64, is_stable = true} : (tensor<2x4xf32>, tensor<2x4xi32>) -> (tensor<2x4xf32>, tensor<2x4xi32>)
  check.expect_eq_const %r#1, dense<[[3, 0, 2, 1], [3, 2, 0, 1]]> : tensor<2x4xi32>
  func.return
}

// -----

// Stability over a row longer than a power of two: keys mod 3, payload iota.
func.func @sort_stable_long_row() {
  %i = stablehlo.iota dim = 0 : tensor<37xi32>
  %three = stablehlo.constant dense<3> : tensor<37xi32>
  %k = stablehlo.remainder %i, %three : tensor<37xi32>
  %r:2 = "stablehlo.sort"(%k, %i) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %p: tensor<i32>, %q: tensor<i32>):
    %c = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<37xi32>, tensor<37xi32>) -> (tensor<37xi32>, tensor<37xi32>)
  check.expect_eq_const %r#1, dense<[2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]> : tensor<37xi32>
  check.expect_eq_const %r#0, dense<[2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<37xi32>
  func.return
}

// -----

// Rank 3, sorting the middle dimension, unsigned keys and a tie broken by the second operand.
func.func @sort_rank3_middle_dimension_unsigned() {
  %k = stablehlo.constant dense<[[[200, 1], [5, 1], [200, 0]], [[0, 255], [1, 254], [0, 253]]]> : tensor<2x3x2xui8>
  %v = stablehlo.constant dense<[[[1, 2], [3, 4], [0, 6]], [[7, 8], [9, 10], [6, 12]]]> : tensor<2x3x2xi64>
  %r:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>, %p: tensor<i64>, %q: tensor<i64>):
    %lt = stablehlo.compare LT, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b, UNSIGNED : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    %plt = stablehlo.compare LT, %p, %q, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %t = stablehlo.and %eq, %plt : tensor<i1>
    %c = stablehlo.or %lt, %t : tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x3x2xui8>, tensor<2x3x2xi64>) -> (tensor<2x3x2xui8>, tensor<2x3x2xi64>)
  check.expect_eq_const %r#0, dense<[[[5, 0], [200, 1], [200, 1]], [[0, 253], [0, 254], [1, 255]]]> : tensor<2x3x2xui8>
  check.expect_eq_const %r#1, dense<[[[3, 6], [0, 2], [1, 4]], [[6, 12], [7, 10], [9, 8]]]> : tensor<2x3x2xi64>
  func.return
}

// -----

func.func @sort_empty_and_single() {
  %e = stablehlo.constant dense<> : tensor<0xf32>
  %r = "stablehlo.sort"(%e) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<0xf32>) -> tensor<0xf32>
  %s = stablehlo.constant dense<[[4.0], [2.0]]> : tensor<2x1xf32>
  %r2 = "stablehlo.sort"(%s) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<2x1xf32>) -> tensor<2x1xf32>
  check.expect_almost_eq_const %r2, dense<[[4.0], [2.0]]> : tensor<2x1xf32>
  func.return
}

// -----

// i4 keys (stored as bytes), descending.
func.func @sort_i4_descending() {
  %k = stablehlo.constant dense<[-8, 7, 0, -1, 3]> : tensor<5xi4>
  %r = "stablehlo.sort"(%k) ({
  ^bb0(%a: tensor<i4>, %b: tensor<i4>):
    %c = stablehlo.compare GT, %a, %b, SIGNED : (tensor<i4>, tensor<i4>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<5xi4>) -> tensor<5xi4>
  check.expect_eq_const %r, dense<[7, 3, 0, -1, -8]> : tensor<5xi4>
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

// Edge cases of reduce_window and select_and_scatter (lowering/src/ops/reduction.rs), in
// StableHLO's interpreter-test form: target/debug/xla-run --check tests/run/reduction/edge_cases.mlir

func.func @reduce_window_variadic_argmax() {
  %x = stablehlo.constant dense<[3.0, 7.0, 6.0, 1.0, 9.0]> : tensor<5xf32>
  %ix = stablehlo.iota dim = 0 : tensor<5xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<-1> : tensor<i32>
  %r:2 = "stablehlo.reduce_window"(%x, %ix, %ninf, %z) ({
    ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
      %gt = stablehlo.compare GT, %b, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %v = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
      %i = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
      stablehlo.return %v, %i : tensor<f32>, tensor<i32>
  }) {
    window_dimensions = array<i64: 3>, window_strides = array<i64: 2>,
    padding = dense<[[1, 1]]> : tensor<1x2xi64>
  } : (tensor<5xf32>, tensor<5xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
  check.expect_eq_const %r#0, dense<[7.0, 7.0, 9.0]> : tensor<3xf32>
  check.expect_eq_const %r#1, dense<[1, 1, 4]> : tensor<3xi32>
  func.return
}

// -----

func.func @reduce_window_bf16_max_negative_padding() {
  %x = stablehlo.constant dense<[[1.0, 5.0, 2.0], [4.0, 3.0, 8.0]]> : tensor<2x3xbf16>
  %ninf = stablehlo.constant dense<0xFF80> : tensor<bf16>
  %r = "stablehlo.reduce_window"(%x, %ninf) ({
    ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
      %0 = stablehlo.maximum %a, %b : tensor<bf16>
      stablehlo.return %0 : tensor<bf16>
  }) {
    window_dimensions = array<i64: 2, 2>,
    padding = dense<[[0, 0], [-1, 0]]> : tensor<2x2xi64>
  } : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<1x1xbf16>
  check.expect_eq_const %r, dense<[[8.0]]> : tensor<1x1xbf16>
  func.return
}

// -----

func.func @select_and_scatter_f32_max_pool_grad() {
  %x = stablehlo.constant dense<[[1.0, 9.0, 2.0, 2.0], [3.0, 4.0, 8.0, 1.0]]> : tensor<2x4xf32>
  %s = stablehlo.constant dense<[[0.5, 0.25]]> : tensor<1x2xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %0 : tensor<i1>
  }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {
    window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>
  } : (tensor<2x4xf32>, tensor<1x2xf32>, tensor<f32>) -> tensor<2x4xf32>
  check.expect_eq_const %r, dense<[[0.0, 0.5, 0.0, 0.0], [0.0, 0.0, 0.25, 0.0]]> : tensor<2x4xf32>
  func.return
}

// -----

func.func @reduce_window_rank0() {
  %x = stablehlo.constant dense<4> : tensor<i32>
  %z = stablehlo.constant dense<1> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %z) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {window_dimensions = array<i64>} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<5> : tensor<i32>
  func.return
}

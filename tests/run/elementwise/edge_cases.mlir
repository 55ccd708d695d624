// Edge cases of the element-wise family's lowerings (lowering/src/ops/elementwise.rs), run end
// to end: target/debug/xla-run --check tests/run/elementwise/edge_cases.mlir

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

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

// -----

// An i1 hex literal with one byte per element, as JAX prints it (MLIR 22 reads i1 hex as
// packed bits and rejected it as the wrong size), and PRED bitcasts to and from i8.
func.func @pred_hex_literal_and_bitcast() {
  %c = stablehlo.constant dense<"0x010000010101"> : tensor<2x3xi1>
  %t = stablehlo.constant dense<[[true, false, false], [true, true, true]]> : tensor<2x3xi1>
  %same = stablehlo.compare EQ, %c, %t : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  check.expect_eq_const %same, dense<true> : tensor<2x3xi1>
  %b = stablehlo.constant dense<"0x0100010100000001"> : tensor<8xi1>
  %y = stablehlo.bitcast_convert %b : (tensor<8xi1>) -> tensor<i8>
  check.expect_eq_const %y, dense<-115> : tensor<i8>
  %z = stablehlo.bitcast_convert %y : (tensor<i8>) -> tensor<8xi1>
  check.expect_eq_const %z, dense<[true, false, true, true, false, false, false, true]> : tensor<8xi1>
  func.return
}

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

// -----

// Sub-byte bitcasts: two i4 make an i8 (element 0 in the low nibble), i2 and ui4 likewise.
func.func @sub_byte_bitcast_convert() {
  %a = stablehlo.constant dense<[1, -2]> : tensor<2xi4>
  %y = stablehlo.bitcast_convert %a : (tensor<2xi4>) -> tensor<i8>
  check.expect_eq_const %y, dense<-31> : tensor<i8>
  %z = stablehlo.bitcast_convert %y : (tensor<i8>) -> tensor<2xi4>
  check.expect_eq_const %z, dense<[1, -2]> : tensor<2xi4>
  %u = stablehlo.bitcast_convert %y : (tensor<i8>) -> tensor<2xui4>
  check.expect_eq_const %u, dense<[1, 14]> : tensor<2xui4>
  %w = stablehlo.constant dense<[[3, 0, 1, 2], [1, 1, 1, 1]]> : tensor<2x4xui2>
  %v = stablehlo.bitcast_convert %w : (tensor<2x4xui2>) -> tensor<2xui8>
  check.expect_eq_const %v, dense<[147, 85]> : tensor<2xui8>
  %s = stablehlo.bitcast_convert %u : (tensor<2xui4>) -> tensor<2xi4>
  check.expect_eq_const %s, dense<[1, -2]> : tensor<2xi4>
  %h = stablehlo.constant dense<[-1, 7, -8, 0]> : tensor<4xi4>
  %g = stablehlo.bitcast_convert %h : (tensor<4xi4>) -> tensor<ui16>
  check.expect_eq_const %g, dense<2175> : tensor<ui16>
  func.return
}

// Edge cases of the data-movement lowerings (lowering/src/ops/data_movement.rs): dynamic slices
// and slice/concatenate/reverse/pad with empty dimensions, in StableHLO's interpreter-test form:
// target/debug/xla-run --check tests/run/data_movement/edge_cases.mlir

func.func @dynamic_update_slice_ui8_start() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi16>
  %u = stablehlo.constant dense<[8, 9]> : tensor<2xi16>
  %s = stablehlo.constant dense<255> : tensor<ui8>
  %r = stablehlo.dynamic_update_slice %x, %u, %s : (tensor<5xi16>, tensor<2xi16>, tensor<ui8>) -> tensor<5xi16>
  check.expect_eq_const %r, dense<[1, 2, 3, 8, 9]> : tensor<5xi16>
  func.return
}

// -----

func.func @concatenate_zero_size() {
  %a = stablehlo.constant dense<> : tensor<0x2xi32>
  %b = stablehlo.constant dense<[[1, 2]]> : tensor<1x2xi32>
  %c = stablehlo.constant dense<> : tensor<0x2xi32>
  %r = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<0x2xi32>, tensor<1x2xi32>, tensor<0x2xi32>) -> tensor<1x2xi32>
  check.expect_eq_const %r, dense<[[1, 2]]> : tensor<1x2xi32>
  func.return
}

// -----

func.func @concatenate_all_empty() {
  %a = stablehlo.constant dense<> : tensor<2x0xi32>
  %r = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2x0xi32>, tensor<2x0xi32>) -> tensor<2x0xi32>
  check.expect_eq_const %r, dense<> : tensor<2x0xi32>
  func.return
}

// -----

func.func @reverse_zero_size() {
  %a = stablehlo.constant dense<> : tensor<0x3xi32>
  %r = stablehlo.reverse %a, dims = [0, 1] : tensor<0x3xi32>
  check.expect_eq_const %r, dense<> : tensor<0x3xi32>
  func.return
}

// -----

func.func @slice_zero_size_and_pad_empty() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %r = "stablehlo.slice"(%a) {start_indices = array<i64: 2>, limit_indices = array<i64: 2>, strides = array<i64: 1>} : (tensor<3xi32>) -> tensor<0xi32>
  %p = stablehlo.constant dense<7> : tensor<i32>
  %q = stablehlo.pad %r, %p, low = [1], high = [2], interior = [3] : (tensor<0xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r, dense<> : tensor<0xi32>
  check.expect_eq_const %q, dense<[7, 7, 7]> : tensor<3xi32>
  func.return
}

// -----

func.func @slice_zero_size_at_end() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
  %r = "stablehlo.slice"(%a) {start_indices = array<i64: 1, 3>, limit_indices = array<i64: 1, 3>, strides = array<i64: 1, 1>} : (tensor<1x3xi32>) -> tensor<0x0xi32>
  check.expect_eq_const %r, dense<> : tensor<0x0xi32>
  func.return
}

// -----

func.func @dynamic_slice_rank0() {
  %x = stablehlo.constant dense<4> : tensor<i32>
  %r = "stablehlo.dynamic_slice"(%x) {slice_sizes = array<i64>} : (tensor<i32>) -> tensor<i32>
  check.expect_eq_const %r, dense<4> : tensor<i32>
  func.return
}

// -----

// dynamic_slice and dynamic_update_slice at a run-time row of a matrix (a dimension whose stride
// is not 1) inside a loop: the subview offset `row * 2` is an affine.apply after
// expand-strided-metadata, which the pipeline must lower (lowering/src/pipeline.rs TO_LLVM).
func.func @dynamic_slice_rows_in_a_loop() {
  %x = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<2xf32>
  %out0 = stablehlo.constant dense<0.0> : tensor<3x2xf32>
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %r:3 = stablehlo.while(%i = %i0, %acc = %acc0, %out = %out0) : tensor<i64>, tensor<2xf32>, tensor<3x2xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i64>
    %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %z = stablehlo.constant dense<0> : tensor<i64>
    %s = stablehlo.dynamic_slice %x, %i, %z, sizes = [1, 2] : (tensor<3x2xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
    %v = stablehlo.reshape %s : (tensor<1x2xf32>) -> tensor<2xf32>
    %a = stablehlo.add %acc, %v : tensor<2xf32>
    %u = stablehlo.reshape %a : (tensor<2xf32>) -> tensor<1x2xf32>
    %o = stablehlo.dynamic_update_slice %out, %u, %i, %z : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<3x2xf32>
    %one = stablehlo.constant dense<1> : tensor<i64>
    %j = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %j, %a, %o : tensor<i64>, tensor<2xf32>, tensor<3x2xf32>
  }
  check.expect_eq_const %r#1, dense<[9.0, 12.0]> : tensor<2xf32>
  check.expect_eq_const %r#2, dense<[[1.0, 2.0], [4.0, 6.0], [9.0, 12.0]]> : tensor<3x2xf32>
  func.return
}

// -----

// NaN payloads and signs come through data movement and select bit for bit.
func.func @data_movement_keeps_nan_payloads() {
  %bits = stablehlo.constant dense<[[2143289345, -4194304], [2139095041, -1]]> : tensor<2x2xi32>
  %x = stablehlo.bitcast_convert %bits : (tensor<2x2xi32>) -> tensor<2x2xf32>
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = stablehlo.concatenate %x, %t, dim = 0 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  %r = stablehlo.reverse %c, dims = [1] : tensor<4x2xf32>
  %p = stablehlo.constant dense<[[true, false], [false, true], [true, true], [false, false]]> : tensor<4x2xi1>
  %s = stablehlo.select %p, %r, %c : tensor<4x2xi1>, tensor<4x2xf32>
  %sb = stablehlo.bitcast_convert %s : (tensor<4x2xf32>) -> tensor<4x2xi32>
  check.expect_eq_const %sb, dense<[[-4194304, -4194304], [2139095041, 2139095041], [2139095041, 2143289345], [-4194304, -1]]> : tensor<4x2xi32>
  func.return
}

//! Layouts (seed 004, `minor_to_major`) at the runtime's boundary: the entry's buffers hold
//! parameters and results in their declared layouts, `Program::run` takes and gives row-major
//! literals (infeed and outfeed items too), and what the lowering cannot keep in place is
//! refused. (Values on permuted layouts inside programs: `tests/run/*/layouts.mlir`.)

use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::{Literal, Scalar};
use xhlo::ir::{ElementType, TensorType};
use xhlo::runtime::{compile, CompileOptions, Fusion, Program};

const CM: &str = "#xhlo.layout<array<i64: 0, 1>>";
const L021: &str = "#xhlo.layout<array<i64: 0, 2, 1>>";
const L201: &str = "#xhlo.layout<array<i64: 2, 0, 1>>";

fn compile_text(text: &str, options: &CompileOptions) -> Result<Program, String> {
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, text, "test.mlir").map_err(|d| format!("{d:?}"))?;
    compile(&ctx, &module, options, "test.mlir").map_err(|e| e.to_string())
}

fn i32_bytes(values: &[i32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

fn i32s(bytes: &[u8]) -> Vec<i32> {
    bytes.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect()
}

/// `a` is 2x3 column-major, `b` 2x2x3 in [0, 2, 1]; results: `a * 10` column-major,
/// `transpose(a)` and `-a` row-major, `b + 1` in [2, 0, 1], and `b`'s sum over dimension 2
/// through an intermediate stored in [0, 2, 1].
fn program() -> String {
    format!(
        r#"func.func @main(%a: tensor<2x3xi32, {CM}>, %b: tensor<2x2x3xi32, {L021}>) -> (tensor<2x3xi32, {CM}>, tensor<3x2xi32>, tensor<2x3xi32>, tensor<2x2x3xi32, {L201}>, tensor<2x2xi32>) {{
  %ten = "xhlo.constant"() {{value = dense<10> : tensor<2x3xi32>}} : () -> tensor<2x3xi32>
  %0 = "xhlo.multiply"(%a, %ten) : (tensor<2x3xi32, {CM}>, tensor<2x3xi32>) -> tensor<2x3xi32, {CM}>
  %1 = "xhlo.transpose"(%a) {{permutation = array<i64: 1, 0>}} : (tensor<2x3xi32, {CM}>) -> tensor<3x2xi32>
  %2 = "xhlo.negate"(%a) : (tensor<2x3xi32, {CM}>) -> tensor<2x3xi32>
  %one = "xhlo.constant"() {{value = dense<1> : tensor<2x2x3xi32>}} : () -> tensor<2x2x3xi32>
  %3 = "xhlo.add"(%b, %one) : (tensor<2x2x3xi32, {L021}>, tensor<2x2x3xi32>) -> tensor<2x2x3xi32, {L201}>
  %4 = "xhlo.multiply"(%3, %one) : (tensor<2x2x3xi32, {L201}>, tensor<2x2x3xi32>) -> tensor<2x2x3xi32, {L021}>
  %z = "xhlo.constant"() {{value = dense<0> : tensor<i32>}} : () -> tensor<i32>
  %5 = "xhlo.reduce"(%4, %z) ({{
  ^bb0(%p: tensor<i32>, %q: tensor<i32>):
    %s = "xhlo.add"(%p, %q) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }}) {{dimensions = array<i64: 2>}} : (tensor<2x2x3xi32, {L021}>, tensor<i32>) -> tensor<2x2xi32>
  return %0, %1, %2, %3, %5 : tensor<2x3xi32, {CM}>, tensor<3x2xi32>, tensor<2x3xi32>, tensor<2x2x3xi32, {L201}>, tensor<2x2xi32>
}}"#
    )
}

/// The expected buffers, written out by hand from seed 004's definition: the first entry of
/// minor_to_major varies fastest in memory.
#[test]
fn entry_buffers_hold_parameters_and_results_in_their_layouts() {
    // a = [[1 2 3] [4 5 6]] column-major is `1 4 2 5 3 6` (seed 004's `a d b e c f`).
    let a = i32_bytes(&[1, 4, 2, 5, 3, 6]);
    // b[i, j, k] = 100 i + 10 j + k; in [0, 2, 1] i varies fastest, then k, then j.
    let b = i32_bytes(&[0, 100, 1, 101, 2, 102, 10, 110, 11, 111, 12, 112]);
    for fusion in [Fusion::EGraph, Fusion::Greedy, Fusion::Off] {
        let program = compile_text(&program(), &CompileOptions { fusion, ..Default::default() }).unwrap();
        let out = program.run_physical(&[&a, &b]).unwrap();
        // a * 10, column-major.
        assert_eq!(i32s(&out[0]), [10, 40, 20, 50, 30, 60], "{fusion:?}");
        // transpose(a) = [[1 4] [2 5] [3 6]], row-major.
        assert_eq!(i32s(&out[1]), [1, 4, 2, 5, 3, 6], "{fusion:?}");
        // -a, row-major.
        assert_eq!(i32s(&out[2]), [-1, -2, -3, -4, -5, -6], "{fusion:?}");
        // b + 1 in [2, 0, 1]: k fastest, then i, then j.
        assert_eq!(i32s(&out[3]), [1, 2, 3, 101, 102, 103, 11, 12, 13, 111, 112, 113], "{fusion:?}");
        // Sum over k of b + 1 (300 i + 30 j + 6), row-major.
        assert_eq!(i32s(&out[4]), [6, 36, 306, 336], "{fusion:?}");
    }
}

/// `Program::run` takes and returns row-major literals whatever the entry's layouts.
#[test]
fn run_takes_and_returns_row_major_literals() {
    let program = compile_text(&program(), &CompileOptions::default()).unwrap();
    let ints = |dims: &[i64], v: &[i128]| Literal::from_scalars(TensorType::new(dims.to_vec(), ElementType::S32), &v.iter().map(|&x| Scalar::Int(x)).collect::<Vec<_>>());
    let a = ints(&[2, 3], &[1, 2, 3, 4, 5, 6]);
    let b = ints(&[2, 2, 3], &[0, 1, 2, 10, 11, 12, 100, 101, 102, 110, 111, 112]);
    let out = program.run(&[a, b]).unwrap();
    let values = |l: &Literal| l.scalars().map(|s| if let Scalar::Int(v) = s { v } else { panic!("{s:?}") }).collect::<Vec<_>>();
    assert_eq!(values(&out[0]), [10, 20, 30, 40, 50, 60]);
    assert_eq!(values(&out[1]), [1, 4, 2, 5, 3, 6]);
    assert_eq!(values(&out[2]), [-1, -2, -3, -4, -5, -6]);
    assert_eq!(values(&out[3]), [1, 2, 3, 11, 12, 13, 101, 102, 103, 111, 112, 113]);
    assert_eq!(values(&out[4]), [6, 36, 306, 336]);
    // The result literal keeps the entry's type, layout included.
    assert_eq!(out[0].ty, TensorType::new([2, 3], ElementType::S32).with_layout([0, 1]));
}

/// A physical buffer of the wrong size is an input error, not a read past its end.
#[test]
fn run_physical_checks_buffer_sizes() {
    let program = compile_text(&program(), &CompileOptions::default()).unwrap();
    let err = program.run_physical(&[&[0u8; 24], &[0u8; 8]]).unwrap_err().to_string();
    assert!(err.contains("input #1 has 8 bytes but tensor<2x2x3xi32, #xhlo.layout<array<i64: 0, 2, 1>>> takes 48"), "{err}");
}

/// Between element widths, `bitcast_convert` is a bitcast of the bytes in memory; layouts that
/// would make that differ from the logical definition are refused, located.
#[test]
fn bitcast_convert_that_would_move_bytes_is_refused() {
    let text = format!(
        r#"func.func @main(%a: tensor<2x3xf32, {CM}>) -> tensor<2x3x2xi16> {{
  %0 = "xhlo.bitcast_convert"(%a) : (tensor<2x3xf32, {CM}>) -> tensor<2x3x2xi16>
  return %0 : tensor<2x3x2xi16>
}}"#
    );
    let err = compile_text(&text, &CompileOptions::default()).err().expect("refused");
    assert!(err.contains("test.mlir:2:8") && err.contains("unsupported in lowering: bitcast_convert from tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>> to tensor<2x3x2xi16>"), "{err}");
}

/// `xhlo-eqsat` keeps no layouts in its e-graph (a rewrite such as `transpose(transpose(x))
/// → x` would change a value's layout), so it leaves a body with layouts as it is and says
/// why; the greedy `xhlo-fuse` keeps every type, layouts included (the run files run both).
#[test]
fn eqsat_leaves_bodies_with_layouts_unchanged() {
    let text = format!(
        r#"func.func @main(%a: tensor<2x3xf32, {CM}>) -> tensor<2x3xf32, {CM}> {{
  %0 = "xhlo.transpose"(%a) {{permutation = array<i64: 1, 0>}} : (tensor<2x3xf32, {CM}>) -> tensor<3x2xf32>
  %1 = "xhlo.transpose"(%0) {{permutation = array<i64: 1, 0>}} : (tensor<3x2xf32>) -> tensor<2x3xf32, {CM}>
  %2 = "xhlo.negate"(%1) : (tensor<2x3xf32, {CM}>) -> tensor<2x3xf32, {CM}>
  %3 = "xhlo.negate"(%2) : (tensor<2x3xf32, {CM}>) -> tensor<2x3xf32, {CM}>
  return %3 : tensor<2x3xf32, {CM}>
}}"#
    );
    let parsed = xhlo::mlir_text::parser::parse_file(&text).unwrap();
    let mut optimized = parsed.clone();
    let stats = xhlo::passes::eqsat::optimize_file(&mut optimized, &Default::default());
    assert_eq!(stats.functions[0].skipped.as_deref(), Some("layouts are not handled by eqsat"));
    assert_eq!(xhlo::mlir_text::print::print_file(&optimized, "t"), xhlo::mlir_text::print::print_file(&parsed, "t"));
}

/// Infeed and outfeed items are row-major literals, like `Program::run`'s, whatever the
/// layouts of the values read and written.
#[test]
fn feed_items_are_row_major_whatever_the_layout() {
    let text = format!(
        r#"func.func @main(%a: tensor<2x3xi32, {CM}>) -> tensor<2x3xi32> {{
  %t = "xhlo.after_all"() : () -> !xhlo.token
  %n = "xhlo.negate"(%a) : (tensor<2x3xi32, {CM}>) -> tensor<2x3xi32, {CM}>
  %0 = "xhlo.outfeed"(%n, %t) {{outfeed_config = ""}} : (tensor<2x3xi32, {CM}>, !xhlo.token) -> !xhlo.token
  %1:2 = "xhlo.infeed"(%0) {{infeed_config = ""}} : (!xhlo.token) -> (tensor<2x3xi32, {CM}>, !xhlo.token)
  %2 = "xhlo.add"(%1#0, %a) : (tensor<2x3xi32, {CM}>, tensor<2x3xi32, {CM}>) -> tensor<2x3xi32>
  return %2 : tensor<2x3xi32>
}}"#
    );
    let program = compile_text(&text, &CompileOptions::default()).unwrap();
    let ints = |v: &[i128]| Literal::from_scalars(TensorType::new([2, 3], ElementType::S32), &v.iter().map(|&x| Scalar::Int(x)).collect::<Vec<_>>());
    let feed = xhlo::feed::Feed::with_infeed([vec![ints(&[10, 20, 30, 40, 50, 60])]]);
    let (out, feed) = program.run_with_feed(&[ints(&[1, 2, 3, 4, 5, 6])], feed).unwrap();
    assert_eq!(out[0].scalars().collect::<Vec<_>>(), [11, 22, 33, 44, 55, 66].map(Scalar::Int));
    assert_eq!(feed.outfeed[0][0].scalars().collect::<Vec<_>>(), [-1, -2, -3, -4, -5, -6].map(Scalar::Int));
}

/// Ops without a case of their own in the layout run files: each program, with permuted
/// layouts on its parameters, intermediates and results, gives bit for bit what the same
/// program without layouts gives on the same inputs (a layout never changes a value).
#[test]
fn programs_give_the_same_values_with_and_without_layouts() {
    // `{a}`, `{b}`, ... are layouts, or nothing for the reference program.
    let programs = [
        // Convolution (the implicit GEMM) with an activation, rank-4 layouts.
        r#"func.func @main(%x: tensor<2x10x10x16xf32{a}>, %k: tensor<3x3x16x16xf32{b}>) -> tensor<2x8x8x16xf32{c}> {
  %0 = "xhlo.convolution"(%x, %k) {input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_output_feature_dimension = 3 : i64, kernel_input_feature_dimension = 2 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<2x10x10x16xf32{a}>, tensor<3x3x16x16xf32{b}>) -> tensor<2x8x8x16xf32{c}>
  %1 = "xhlo.tanh"(%0) : (tensor<2x8x8x16xf32{c}>) -> tensor<2x8x8x16xf32{c}>
  return %1 : tensor<2x8x8x16xf32{c}>
}"#,
        // The tiled dot kernel (48 x 64 x 40) with a bias epilogue.
        r#"func.func @main(%x: tensor<48x64xf32{d}>, %w: tensor<64x40xf32{d}>, %b: tensor<40xf32>) -> tensor<48x40xf32{d}> {
  %0 = "xhlo.dot_general"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<48x64xf32{d}>, tensor<64x40xf32{d}>) -> tensor<48x40xf32{d}>
  %1 = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 1>} : (tensor<40xf32>) -> tensor<48x40xf32{d}>
  %2 = "xhlo.add"(%0, %1) : (tensor<48x40xf32{d}>, tensor<48x40xf32{d}>) -> tensor<48x40xf32{d}>
  return %2 : tensor<48x40xf32{d}>
}"#,
        // Sort along the dimension that is strided in memory.
        r#"func.func @main(%x: tensor<4x9xf32{d}>) -> tensor<4x9xf32{d}> {
  %0 = "xhlo.sort"(%x) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %c = "xhlo.compare"(%p, %q) {comparison_direction = "LT"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64} : (tensor<4x9xf32{d}>) -> tensor<4x9xf32{d}>
  return %0 : tensor<4x9xf32{d}>
}"#,
        // reduce_window, gather and dynamic_slice reading column-major operands.
        r#"func.func @main(%x: tensor<16x11xf32{d}>, %i: tensor<5x2xi64>, %s: tensor<i32>) -> (tensor<8x5xf32{d}>, tensor<5x8x6xf32{e}>, tensor<2x2xf32{d}>) {
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "xhlo.reduce_window"(%x, %z) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %a = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%a) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<16x11xf32{d}>, tensor<f32>) -> tensor<8x5xf32{d}>
  %1 = "xhlo.gather"(%x, %i) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xf32{d}>, tensor<5x2xi64>) -> tensor<5x8x6xf32{e}>
  %2 = "xhlo.dynamic_slice"(%x, %s, %s) {slice_sizes = array<i64: 2, 2>} : (tensor<16x11xf32{d}>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32{d}>
  return %0, %1, %2 : tensor<8x5xf32{d}>, tensor<5x8x6xf32{e}>, tensor<2x2xf32{d}>
}"#,
    ];
    let layout = |l: &str| format!(", #xhlo.layout<array<i64: {l}>>");
    let with = [("{a}", layout("1, 2, 3, 0")), ("{b}", layout("0, 1, 3, 2")), ("{c}", layout("2, 0, 1, 3")), ("{d}", layout("0, 1")), ("{e}", layout("0, 2, 1"))];
    // With the dot library, a product's summation order follows its operands' strides (which
    // loops merge into the contraction, how the GEMM packs them): the same values within
    // rounding. Compiled into the program, the same bits.
    for library in [false, true] {
        let options = CompileOptions { gemm_library: library, ..Default::default() };
        for text in programs {
            let fill = |laid: bool| with.iter().fold(text.to_string(), |t, (k, v)| t.replace(k, if laid { v } else { "" }));
            let (laid, plain) = (compile_text(&fill(true), &options).unwrap(), compile_text(&fill(false), &options).unwrap());
            let inputs: Vec<Literal> = plain.inputs.iter().enumerate().map(|(k, t)| xhlo::npy::random_input(t, 7 + k as u64)).collect();
            let (got, want) = (laid.run(&inputs).unwrap(), plain.run(&inputs).unwrap());
            for (g, w) in got.iter().zip(&want) {
                if !library {
                    assert_eq!(g.bytes, w.bytes, "{}", fill(true));
                    continue;
                }
                assert_eq!(g.ty.dims, w.ty.dims);
                let float = |x: Scalar| match x {
                    Scalar::Float(f) => f,
                    Scalar::Int(i) => i as f64,
                    Scalar::Complex(..) => panic!("no complex results here"),
                };
                for (i, (a, b)) in g.scalars().zip(w.scalars()).enumerate() {
                    let (a, b) = (float(a), float(b));
                    assert!((a - b).abs() <= 1e-5 * (1.0 + b.abs()), "element {i}: {a} against {b} (library) in\n{}", fill(true));
                }
            }
        }
    }
}

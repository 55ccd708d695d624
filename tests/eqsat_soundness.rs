//! Soundness of the `xhlo-eqsat` rules: each case is a tiny program on which a rule fires
//! (or, for the cases marked `kept`, must not fire). The program runs through the JIT before
//! and after the rewrite on random inputs that include inf, NaN, -0, denormals and integer
//! extremes, and the results must agree bit for bit (any NaN equals any NaN).

use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::{Literal, Scalar};
use xhlo::ir::{TensorType, Type};
use xhlo::passes::eqsat::{optimize_file, EqsatOptions};
use xhlo::runtime::{compile_ast, module_ast, CompileOptions};

/// A case: its name, whether the rewrite must change the program (when not, its last xhlo
/// op, or the op named by `keeps`, must stay), whether fast-math rules are on, and the program.
struct Case {
    name: &'static str,
    fires: bool,
    fast_math: bool,
    keeps: Option<&'static str>,
    text: String,
}

fn func(args: &[&str], results: &str, body: &str) -> String {
    let params: Vec<String> = args.iter().enumerate().map(|(i, t)| format!("%a{i}: {t}")).collect();
    format!("func.func @main({}) -> {results} {{\n{body}\n}}\n", params.join(", "))
}

fn splat_case(name: &'static str, fires: bool, ty: &str, value: &str, op: &str, constant_first: bool) -> Case {
    let operands = if constant_first { "%c, %a0" } else { "%a0, %c" };
    let body = format!(
        "  %s = \"xhlo.constant\"() {{value = dense<{value}> : tensor<{ty}>}} : () -> tensor<{ty}>
  %c = \"xhlo.broadcast_in_dim\"(%s) {{broadcast_dimensions = array<i64>}} : (tensor<{ty}>) -> tensor<16x{ty}>
  %r = \"xhlo.{op}\"({operands}) : (tensor<16x{ty}>, tensor<16x{ty}>) -> tensor<16x{ty}>
  return %r : tensor<16x{ty}>"
    );
    Case { name, fires, fast_math: false, keeps: None, text: func(&[&format!("tensor<16x{ty}>")], &format!("tensor<16x{ty}>"), &body) }
}

fn unary_twice(name: &'static str, ty: &str, op: &str) -> Case {
    let t = format!("tensor<16x{ty}>");
    let body = format!(
        "  %x = \"xhlo.{op}\"(%a0) : ({t}) -> {t}
  %y = \"xhlo.{op}\"(%x) : ({t}) -> {t}
  return %y : {t}"
    );
    Case { name, fires: true, fast_math: false, keeps: None, text: func(&[&t], &t, &body) }
}

fn case(name: &'static str, fires: bool, args: &[&str], results: &str, body: &str) -> Case {
    Case { name, fires, fast_math: false, keeps: None, text: func(args, results, body) }
}

/// A case where a rule must not fire and `keeps` (an op that is not the last) must stay.
fn kept_case(name: &'static str, keeps: &'static str, args: &[&str], results: &str, body: &str) -> Case {
    Case { name, fires: false, fast_math: false, keeps: Some(keeps), text: func(args, results, body) }
}

/// `dot_general(lhs, rhs)` with the given dimension numbers, then `return`.
fn dot(lhs: &str, rhs: &str, dims: &str, result: &str) -> String {
    format!("  %d = \"xhlo.dot_general\"(%l, %r) {{{dims}}} : ({lhs}, {rhs}) -> {result}\n  return %d : {result}")
}

fn reduce_case(name: &'static str, fires: bool, fast_math: bool, ty: &str, combiner: &str, init: &str) -> Case {
    let body = format!(
        "  %i = \"xhlo.constant\"() {{value = dense<{init}> : tensor<{ty}>}} : () -> tensor<{ty}>
  %r = \"xhlo.reduce\"(%a0, %i) ({{
  ^bb0(%p: tensor<{ty}>, %q: tensor<{ty}>):
    %s = \"xhlo.{combiner}\"(%p, %q) : (tensor<{ty}>, tensor<{ty}>) -> tensor<{ty}>
    \"gpu.yield\"(%s) : (tensor<{ty}>) -> ()
  }}) {{dimensions = array<i64>}} : (tensor<16x{ty}>, tensor<{ty}>) -> tensor<16x{ty}>
  return %r : tensor<16x{ty}>"
    );
    Case { name, fires, fast_math, keeps: None, text: func(&[&format!("tensor<16x{ty}>")], &format!("tensor<16x{ty}>"), &body) }
}

fn cases() -> Vec<Case> {
    vec![
        splat_case("multiply-by-one f32", true, "f32", "1.0", "multiply", false),
        splat_case("one-times i32", true, "i32", "1", "multiply", true),
        splat_case("divide-by-one f32", true, "f32", "1.0", "divide", false),
        splat_case("add-zero i32", true, "i32", "0", "add", false),
        splat_case("zero-plus f32 (-0)", true, "f32", "-0.0", "add", true),
        splat_case("add +0 f32 kept", false, "f32", "0.0", "add", false),
        splat_case("subtract-zero f32 (+0)", true, "f32", "0.0", "subtract", false),
        splat_case("subtract -0 f32 kept", false, "f32", "-0.0", "subtract", false),
        splat_case("multiply-by-one bf16", true, "bf16", "1.0", "multiply", false),
        unary_twice("negate-negate f32", "f32", "negate"),
        unary_twice("negate-negate i8", "i8", "negate"),
        unary_twice("not-not i32", "i32", "not"),
        unary_twice("not-not i1", "i1", "not"),
        case("select-true", true, &["tensor<16xf32>", "tensor<16xf32>"], "tensor<16xf32>",
            "  %p = \"xhlo.constant\"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %r = \"xhlo.select\"(%p, %a0, %a1) : (tensor<i1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>"),
        case("select-false", true, &["tensor<16xf32>", "tensor<16xf32>"], "tensor<16xf32>",
            "  %p = \"xhlo.constant\"() {value = dense<false> : tensor<16xi1>} : () -> tensor<16xi1>
  %r = \"xhlo.select\"(%p, %a0, %a1) : (tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>"),
        case("select-same", true, &["tensor<16xi1>", "tensor<16xf32>"], "tensor<16xf32>",
            "  %r = \"xhlo.select\"(%a0, %a1, %a1) : (tensor<16xi1>, tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>"),
        case("maximum-self and minimum-self f32", true, &["tensor<16xf32>"], "tensor<16xf32>",
            "  %x = \"xhlo.maximum\"(%a0, %a0) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %y = \"xhlo.minimum\"(%x, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  return %y : tensor<16xf32>"),
        case("and-self and or-self i32", true, &["tensor<16xi32>"], "tensor<16xi32>",
            "  %x = \"xhlo.and\"(%a0, %a0) : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
  %y = \"xhlo.or\"(%x, %x) : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
  return %y : tensor<16xi32>"),
        case("transpose-transpose", true, &["tensor<2x3x4xf32>"], "tensor<3x4x2xf32>",
            "  %x = \"xhlo.transpose\"(%a0) {permutation = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %y = \"xhlo.transpose\"(%x) {permutation = array<i64: 2, 0, 1>} : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
  return %y : tensor<3x4x2xf32>"),
        case("transpose-identity", true, &["tensor<2x3xf32>"], "tensor<2x3xf32>",
            "  %x = \"xhlo.transpose\"(%a0) {permutation = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %x : tensor<2x3xf32>"),
        case("reshape-reshape", true, &["tensor<2x6xi32>"], "tensor<3x4xi32>",
            "  %x = \"xhlo.reshape\"(%a0) : (tensor<2x6xi32>) -> tensor<12xi32>
  %y = \"xhlo.reshape\"(%x) : (tensor<12xi32>) -> tensor<3x4xi32>
  return %y : tensor<3x4xi32>"),
        case("broadcast-broadcast", true, &["tensor<3xf32>"], "tensor<4x3xf32>",
            "  %x = \"xhlo.broadcast_in_dim\"(%a0) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<1x3xf32>
  %y = \"xhlo.broadcast_in_dim\"(%x) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>"),
        case("broadcast-broadcast into a higher rank", true, &["tensor<2x3xf32>"], "tensor<2x4x5x3xf32>",
            "  %x = \"xhlo.broadcast_in_dim\"(%a0) {broadcast_dimensions = array<i64: 0, 2>} : (tensor<2x3xf32>) -> tensor<2x5x3xf32>
  %y = \"xhlo.broadcast_in_dim\"(%x) {broadcast_dimensions = array<i64: 0, 2, 3>} : (tensor<2x5x3xf32>) -> tensor<2x4x5x3xf32>
  return %y : tensor<2x4x5x3xf32>"),
        case("slice-full", true, &["tensor<2x3xf32>"], "tensor<2x3xf32>",
            "  %x = \"xhlo.slice\"(%a0) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %x : tensor<2x3xf32>"),
        case("slice-slice", true, &["tensor<10x7xf32>"], "tensor<2x2xf32>",
            "  %x = \"xhlo.slice\"(%a0) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 10, 7>, strides = array<i64: 2, 3>} : (tensor<10x7xf32>) -> tensor<5x3xf32>
  %y = \"xhlo.slice\"(%x) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 5, 3>, strides = array<i64: 2, 1>} : (tensor<5x3xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>"),
        case("convert-same-type", true, &["tensor<16xf32>"], "tensor<16xf32>",
            "  %x = \"xhlo.convert\"(%a0) : (tensor<16xf32>) -> tensor<16xf32>
  return %x : tensor<16xf32>"),
        case("convert-through-lossless f32 f64", true, &["tensor<16xf32>"], "tensor<16xf32>",
            "  %x = \"xhlo.convert\"(%a0) : (tensor<16xf32>) -> tensor<16xf64>
  %y = \"xhlo.convert\"(%x) : (tensor<16xf64>) -> tensor<16xf32>
  return %y : tensor<16xf32>"),
        case("convert-through-lossless i8 i32 f32", true, &["tensor<16xi8>"], "tensor<16xf32>",
            "  %x = \"xhlo.convert\"(%a0) : (tensor<16xi8>) -> tensor<16xi32>
  %y = \"xhlo.convert\"(%x) : (tensor<16xi32>) -> tensor<16xf32>
  return %y : tensor<16xf32>"),
        case("convert through f16 kept", false, &["tensor<16xf32>"], "tensor<16xf32>",
            "  %x = \"xhlo.convert\"(%a0) : (tensor<16xf32>) -> tensor<16xf16>
  %y = \"xhlo.convert\"(%x) : (tensor<16xf16>) -> tensor<16xf32>
  return %y : tensor<16xf32>"),
        reduce_case("reduce-no-dimensions add -0", true, false, "f32", "add", "-0.0"),
        reduce_case("reduce-no-dimensions add +0 kept", false, false, "f32", "add", "0.0"),
        reduce_case("reduce-no-dimensions maximum -inf", true, false, "f32", "maximum", "0xFF800000"),
        reduce_case("reduce-no-dimensions multiply i32", true, false, "i32", "multiply", "1"),
        reduce_case("reduce-no-dimensions and i1", true, false, "i1", "and", "true"),
        case("fold f32 arithmetic with specials", true, &["tensor<8xf32>"], "tensor<8xf32>",
            "  %c = \"xhlo.constant\"() {value = dense<[0x7F800000, -0.0, 0x7FC00000, 3.0e38, 1.0e-45, 0.1, -2.5, 16777216.0]> : tensor<8xf32>} : () -> tensor<8xf32>
  %d = \"xhlo.constant\"() {value = dense<[0xFF800000, 0.0, 1.0, 3.0e38, 1.0e-45, 0.2, 0.3, 1.0]> : tensor<8xf32>} : () -> tensor<8xf32>
  %s = \"xhlo.add\"(%c, %d) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %m = \"xhlo.multiply\"(%s, %d) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %q = \"xhlo.divide\"(%m, %c) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %n = \"xhlo.negate\"(%q) : (tensor<8xf32>) -> tensor<8xf32>
  %r = \"xhlo.sqrt\"(%c) : (tensor<8xf32>) -> tensor<8xf32>
  %t = \"xhlo.subtract\"(%n, %r) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %u = \"xhlo.add\"(%t, %a0) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %u : tensor<8xf32>"),
        case("fold wrapping integers, compare, select, convert", true, &["tensor<4xf32>"], "tensor<4xf32>",
            "  %c = \"xhlo.constant\"() {value = dense<[100, -128, 127, 7]> : tensor<4xi8>} : () -> tensor<4xi8>
  %d = \"xhlo.constant\"() {value = dense<[100, -1, 1, -3]> : tensor<4xi8>} : () -> tensor<4xi8>
  %s = \"xhlo.add\"(%c, %d) : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %m = \"xhlo.multiply\"(%s, %d) : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %q = \"xhlo.divide\"(%m, %d) : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %p = \"xhlo.compare\"(%q, %c) {comparison_direction = \"LT\"} : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi1>
  %v = \"xhlo.select\"(%p, %q, %m) : (tensor<4xi1>, tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
  %f = \"xhlo.convert\"(%v) : (tensor<4xi8>) -> tensor<4xf32>
  %u = \"xhlo.add\"(%f, %a0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>"),
        case("fold float compare with NaN", true, &["tensor<4xi1>"], "tensor<4xi1>",
            "  %c = \"xhlo.constant\"() {value = dense<[0x7FC00000, -0.0, 1.0, 0xFF800000]> : tensor<4xf32>} : () -> tensor<4xf32>
  %d = \"xhlo.constant\"() {value = dense<[0x7FC00000, 0.0, 2.0, 0xFF800000]> : tensor<4xf32>} : () -> tensor<4xf32>
  %e = \"xhlo.compare\"(%c, %d) {comparison_direction = \"EQ\"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %n = \"xhlo.compare\"(%c, %d) {comparison_direction = \"NE\"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %g = \"xhlo.compare\"(%c, %d) {comparison_direction = \"GE\"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %x = \"xhlo.xor\"(%e, %n) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %y = \"xhlo.and\"(%x, %g) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %z = \"xhlo.or\"(%y, %a0) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  return %z : tensor<4xi1>"),
        case("fold transpose and broadcast of constants", true, &["tensor<3x2xi32>"], "tensor<3x2xi32>",
            "  %c = \"xhlo.constant\"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %t = \"xhlo.transpose\"(%c) {permutation = array<i64: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %v = \"xhlo.constant\"() {value = dense<[10, 20, 30]> : tensor<3xi32>} : () -> tensor<3xi32>
  %b = \"xhlo.broadcast_in_dim\"(%v) {broadcast_dimensions = array<i64: 0>} : (tensor<3xi32>) -> tensor<3x2xi32>
  %s = \"xhlo.subtract\"(%t, %b) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  %u = \"xhlo.add\"(%s, %a0) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  return %u : tensor<3x2xi32>"),
        case("element-wise op of equal transposes", true, &["tensor<2x3xf32>", "tensor<2x3xf32>"], "tensor<3x2xf32>",
            "  %x = \"xhlo.transpose\"(%a0) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %y = \"xhlo.transpose\"(%a1) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %z = \"xhlo.multiply\"(%x, %y) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %z : tensor<3x2xf32>"),
    ]
    .into_iter()
    .chain(dot_cases())
    .chain(slicing_cases())
    .collect()
}

/// `dot_general` rules (the contracting dimensions keep their order, so the sums are
/// bit-identical even on random floats of very different magnitudes).
fn dot_cases() -> Vec<Case> {
    let lc1 = "lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>";
    vec![
        case("dot-transpose-lhs", true, &["tensor<3x2xf32>", "tensor<3x4xf32>"], "tensor<2x4xf32>", &format!(
            "  %l = \"xhlo.transpose\"(%a0) {{permutation = array<i64: 1, 0>}} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %r = \"xhlo.add\"(%a1, %a1) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
{}", dot("tensor<2x3xf32>", "tensor<3x4xf32>", lc1, "tensor<2x4xf32>"))),
        case("dot-transpose-rhs (Q.K^T) with precision_config", true, &["tensor<2x3xf32>", "tensor<4x3xf32>"], "tensor<2x4xf32>", &format!(
            "  %l = \"xhlo.negate\"(%a0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = \"xhlo.transpose\"(%a1) {{permutation = array<i64: 1, 0>}} : (tensor<4x3xf32>) -> tensor<3x4xf32>
{}", dot("tensor<2x3xf32>", "tensor<3x4xf32>", &format!("{lc1}, precision_config = [\"DEFAULT\", \"HIGHEST\"]"), "tensor<2x4xf32>"))),
        case("dot-transpose both operands of a batched dot", true, &["tensor<2x5x3xf32>", "tensor<3x5x4xf32>"], "tensor<5x2x4xf32>", &format!(
            "  %l = \"xhlo.transpose\"(%a0) {{permutation = array<i64: 1, 0, 2>}} : (tensor<2x5x3xf32>) -> tensor<5x2x3xf32>
  %r = \"xhlo.transpose\"(%a1) {{permutation = array<i64: 1, 0, 2>}} : (tensor<3x5x4xf32>) -> tensor<5x3x4xf32>
{}", dot("tensor<5x2x3xf32>", "tensor<5x3x4xf32>", "lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>", "tensor<5x2x4xf32>"))),
        // Two contracting dimensions listed against their order in x: the sum must keep
        // running over them in the listed order.
        case("dot-transpose with two contracting dimensions in reverse order", true, &["tensor<6x2x7xf32>", "tensor<7x6x3xf32>"], "tensor<2x3xf32>", &format!(
            "  %l = \"xhlo.transpose\"(%a0) {{permutation = array<i64: 1, 2, 0>}} : (tensor<6x2x7xf32>) -> tensor<2x7x6xf32>
  %r = \"xhlo.transpose\"(%a1) {{permutation = array<i64: 1, 0, 2>}} : (tensor<7x6x3xf32>) -> tensor<6x7x3xf32>
{}", dot("tensor<2x7x6xf32>", "tensor<6x7x3xf32>", "lhs_contracting_dimensions = array<i64: 2, 1>, rhs_contracting_dimensions = array<i64: 0, 1>", "tensor<2x3xf32>"))),
        case("dot-transpose i8 to i32", true, &["tensor<3x2xi8>", "tensor<3x4xi8>"], "tensor<2x4xi32>", &format!(
            "  %l = \"xhlo.transpose\"(%a0) {{permutation = array<i64: 1, 0>}} : (tensor<3x2xi8>) -> tensor<2x3xi8>
  %r = \"xhlo.not\"(%a1) : (tensor<3x4xi8>) -> tensor<3x4xi8>
{}", dot("tensor<2x3xi8>", "tensor<3x4xi8>", lc1, "tensor<2x4xi32>"))),
        kept_case("dot-transpose that reorders free dimensions kept", "xhlo.transpose", &["tensor<3x2x4xf32>", "tensor<4x5xf32>"], "tensor<2x3x5xf32>", &format!(
            "  %l = \"xhlo.transpose\"(%a0) {{permutation = array<i64: 1, 0, 2>}} : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
  %r = \"xhlo.negate\"(%a1) : (tensor<4x5xf32>) -> tensor<4x5xf32>
{}", dot("tensor<2x3x4xf32>", "tensor<4x5xf32>", "lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 0>", "tensor<2x3x5xf32>"))),
        case("transpose-of-dot swapping the free groups", true, &["tensor<2x3xf32>", "tensor<3x4xf32>"], "tensor<4x2xf32>",
            "  %d = \"xhlo.dot_general\"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>, precision_config = [\"DEFAULT\", \"HIGHEST\"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %t = \"xhlo.transpose\"(%d) {permutation = array<i64: 1, 0>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
  return %t : tensor<4x2xf32>"),
        case("transpose-of-dot swapping the free groups and permuting batches, two contracting dimensions", true, &["tensor<2x3x4x5x6xf32>", "tensor<3x2x6x5x7xf32>"], "tensor<3x2x7x4xf32>",
            "  %d = \"xhlo.dot_general\"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0, 1>, rhs_batching_dimensions = array<i64: 1, 0>, lhs_contracting_dimensions = array<i64: 4, 3>, rhs_contracting_dimensions = array<i64: 2, 3>} : (tensor<2x3x4x5x6xf32>, tensor<3x2x6x5x7xf32>) -> tensor<2x3x4x7xf32>
  %t = \"xhlo.transpose\"(%d) {permutation = array<i64: 1, 0, 3, 2>} : (tensor<2x3x4x7xf32>) -> tensor<3x2x7x4xf32>
  return %t : tensor<3x2x7x4xf32>"),
        case("transpose-of-dot permuting batches i32", true, &["tensor<2x3x5x6xi32>", "tensor<2x3x6x7xi32>"], "tensor<3x2x5x7xi32>",
            "  %d = \"xhlo.dot_general\"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0, 1>, rhs_batching_dimensions = array<i64: 0, 1>, lhs_contracting_dimensions = array<i64: 3>, rhs_contracting_dimensions = array<i64: 2>} : (tensor<2x3x5x6xi32>, tensor<2x3x6x7xi32>) -> tensor<2x3x5x7xi32>
  %t = \"xhlo.transpose\"(%d) {permutation = array<i64: 1, 0, 2, 3>} : (tensor<2x3x5x7xi32>) -> tensor<3x2x5x7xi32>
  return %t : tensor<3x2x5x7xi32>"),
        case("transpose-of-dot moving a batch dimension kept", false, &["tensor<2x3x4xf32>", "tensor<2x4x5xf32>"], "tensor<3x2x5xf32>",
            "  %d = \"xhlo.dot_general\"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %t = \"xhlo.transpose\"(%d) {permutation = array<i64: 1, 0, 2>} : (tensor<2x3x5xf32>) -> tensor<3x2x5xf32>
  return %t : tensor<3x2x5xf32>"),
        case("dot-zero i32", true, &["tensor<2x3xi32>"], "tensor<2x4xi32>",
            "  %z = \"xhlo.constant\"() {value = dense<0> : tensor<3x4xi32>} : () -> tensor<3x4xi32>
  %d = \"xhlo.dot_general\"(%a0, %z) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi32>
  return %d : tensor<2x4xi32>"),
        case("dot-zero f32 kept", false, &["tensor<2x3xf32>"], "tensor<2x4xf32>",
            "  %z = \"xhlo.constant\"() {value = dense<0.0> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %d = \"xhlo.dot_general\"(%a0, %z) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %d : tensor<2x4xf32>"),
    ]
}

/// Slices of concatenations and pads, concatenations of slices, pads.
fn slicing_cases() -> Vec<Case> {
    vec![
        case("slice-of-concatenate", true, &["tensor<2x3xf32>", "tensor<2x5xf32>"], "tensor<1x2xf32>",
            "  %c = \"xhlo.concatenate\"(%a0, %a1) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  %s = \"xhlo.slice\"(%c) {start_indices = array<i64: 1, 4>, limit_indices = array<i64: 2, 8>, strides = array<i64: 1, 2>} : (tensor<2x8xf32>) -> tensor<1x2xf32>
  return %s : tensor<1x2xf32>"),
        case("slice-of-concatenate of the first of three i32", true, &["tensor<4x3xi32>", "tensor<2x3xi32>", "tensor<5x3xi32>"], "tensor<2x2xi32>",
            "  %c = \"xhlo.concatenate\"(%a0, %a1, %a2) {dimension = 0 : i64} : (tensor<4x3xi32>, tensor<2x3xi32>, tensor<5x3xi32>) -> tensor<11x3xi32>
  %s = \"xhlo.slice\"(%c) {start_indices = array<i64: 1, 1>, limit_indices = array<i64: 4, 3>, strides = array<i64: 2, 1>} : (tensor<11x3xi32>) -> tensor<2x2xi32>
  return %s : tensor<2x2xi32>"),
        case("slice across two operands of a concatenation kept", false, &["tensor<2x3xf32>", "tensor<2x5xf32>"], "tensor<2x2xf32>",
            "  %c = \"xhlo.concatenate\"(%a0, %a1) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  %s = \"xhlo.slice\"(%c) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 1>} : (tensor<2x8xf32>) -> tensor<2x2xf32>
  return %s : tensor<2x2xf32>"),
        case("concatenate-one", true, &["tensor<2x3xf32>"], "tensor<2x3xf32>",
            "  %c = \"xhlo.concatenate\"(%a0) {dimension = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %c : tensor<2x3xf32>"),
        case("concatenate-adjacent-slices, three pieces", true, &["tensor<10x4xf32>"], "tensor<8x4xf32>",
            "  %a = \"xhlo.slice\"(%a0) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 4, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<3x4xf32>
  %b = \"xhlo.slice\"(%a0) {start_indices = array<i64: 4, 0>, limit_indices = array<i64: 7, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<3x4xf32>
  %c = \"xhlo.slice\"(%a0) {start_indices = array<i64: 7, 0>, limit_indices = array<i64: 9, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<2x4xf32>
  %r = \"xhlo.concatenate\"(%a, %b, %c) {dimension = 0 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>"),
        case("concatenate-adjacent-slices, strided, along dimension 1, between other operands", true, &["tensor<3x10xf32>", "tensor<3x1xf32>"], "tensor<3x7xf32>",
            "  %a = \"xhlo.slice\"(%a0) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 3, 6>, strides = array<i64: 1, 2>} : (tensor<3x10xf32>) -> tensor<3x3xf32>
  %b = \"xhlo.slice\"(%a0) {start_indices = array<i64: 0, 7>, limit_indices = array<i64: 3, 10>, strides = array<i64: 1, 2>} : (tensor<3x10xf32>) -> tensor<3x2xf32>
  %r = \"xhlo.concatenate\"(%a1, %a, %b, %a1) {dimension = 1 : i64} : (tensor<3x1xf32>, tensor<3x3xf32>, tensor<3x2xf32>, tensor<3x1xf32>) -> tensor<3x7xf32>
  return %r : tensor<3x7xf32>"),
        case("concatenate of slices with a gap kept", false, &["tensor<10x4xf32>"], "tensor<5x4xf32>",
            "  %a = \"xhlo.slice\"(%a0) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<3x4xf32>
  %b = \"xhlo.slice\"(%a0) {start_indices = array<i64: 4, 0>, limit_indices = array<i64: 6, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<2x4xf32>
  %r = \"xhlo.concatenate\"(%a, %b) {dimension = 0 : i64} : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>"),
        case("pad-zero", true, &["tensor<4x5xf32>", "tensor<f32>"], "tensor<4x5xf32>",
            "  %p = \"xhlo.pad\"(%a0, %a1) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %p : tensor<4x5xf32>"),
        case("pad-crop", true, &["tensor<4x5xf32>", "tensor<f32>"], "tensor<3x2xf32>",
            "  %p = \"xhlo.pad\"(%a0, %a1) {edge_padding_low = array<i64: -1, 0>, edge_padding_high = array<i64: 0, -3>, interior_padding = array<i64: 0, 0>} : (tensor<4x5xf32>, tensor<f32>) -> tensor<3x2xf32>
  return %p : tensor<3x2xf32>"),
        case("pad growing one side and cropping the other kept", false, &["tensor<4x5xf32>", "tensor<f32>"], "tensor<4x5xf32>",
            "  %p = \"xhlo.pad\"(%a0, %a1) {edge_padding_low = array<i64: -1, 0>, edge_padding_high = array<i64: 1, 0>, interior_padding = array<i64: 0, 0>} : (tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %p : tensor<4x5xf32>"),
        case("slice-of-pad with interior padding", true, &["tensor<4x5xf32>", "tensor<f32>"], "tensor<4x3xf32>",
            "  %p = \"xhlo.pad\"(%a0, %a1) {edge_padding_low = array<i64: 1, 2>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: 0, 1>} : (tensor<4x5xf32>, tensor<f32>) -> tensor<6x13xf32>
  %s = \"xhlo.slice\"(%p) {start_indices = array<i64: 1, 4>, limit_indices = array<i64: 5, 9>, strides = array<i64: 1, 2>} : (tensor<6x13xf32>) -> tensor<4x3xf32>
  return %s : tensor<4x3xf32>"),
        case("slice-of-pad with negative low padding i32", true, &["tensor<6x5xi32>", "tensor<i32>"], "tensor<2x3xi32>",
            "  %p = \"xhlo.pad\"(%a0, %a1) {edge_padding_low = array<i64: -2, 1>, edge_padding_high = array<i64: 3, 0>, interior_padding = array<i64: 0, 0>} : (tensor<6x5xi32>, tensor<i32>) -> tensor<7x6xi32>
  %s = \"xhlo.slice\"(%p) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 5>, strides = array<i64: 2, 1>} : (tensor<7x6xi32>) -> tensor<2x3xi32>
  return %s : tensor<2x3xi32>"),
        case("slice-of-pad touching the padding kept", false, &["tensor<4x5xf32>", "tensor<f32>"], "tensor<4x3xf32>",
            "  %p = \"xhlo.pad\"(%a0, %a1) {edge_padding_low = array<i64: 1, 2>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: 0, 1>} : (tensor<4x5xf32>, tensor<f32>) -> tensor<6x13xf32>
  %s = \"xhlo.slice\"(%p) {start_indices = array<i64: 1, 4>, limit_indices = array<i64: 5, 7>, strides = array<i64: 1, 1>} : (tensor<6x13xf32>) -> tensor<4x3xf32>
  return %s : tensor<4x3xf32>"),
    ]
}

/// splitmix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
}

/// Inputs: special values first, then random ones.
fn input(t: &TensorType, rng: &mut Rng) -> Literal {
    let n = t.num_elements() as usize;
    let specials_f = [0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 1.0, -1.0, 1.0e-45, -3.0e38, 0.5, 1.0e-40, 65504.0];
    let w = t.element.bit_width();
    let specials_i: Vec<i128> = if t.element.is_pred() {
        vec![0, 1]
    } else if t.element.is_signed_int() {
        vec![0, 1, -1, -(1i128 << (w - 1)), (1i128 << (w - 1)) - 1]
    } else {
        vec![0, 1, (1i128 << w) - 1]
    };
    let values: Vec<Scalar> = (0..n)
        .map(|i| {
            let r = rng.next();
            if t.element.is_int_or_pred() {
                let v = if i < specials_i.len() { specials_i[i] } else { (r as i64 as i128) % (1i128 << (w.min(64) - 1)).max(2) };
                Scalar::Int(if t.element.is_pred() { v & 1 } else { v })
            } else {
                let v = if i < specials_f.len() { specials_f[i] } else { ((r >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 2.0f64.powi((r % 20) as i32 - 10) };
                Scalar::Float(v)
            }
        })
        .collect();
    // Shuffle so specials meet different partners across operands.
    let mut values = values;
    let rot = (rng.next() % n.max(1) as u64) as usize;
    values.rotate_left(rot);
    Literal::from_scalars(t.clone(), &values)
}

/// Bitwise equality of two results, where any NaN equals any NaN.
fn same_bits(a: &Literal, b: &Literal) -> bool {
    a.bytes.len() == b.bytes.len()
        && a.scalars().zip(b.scalars()).all(|(x, y)| match (x, y) {
            (Scalar::Float(x), Scalar::Float(y)) => (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits(),
            _ => x == y,
        })
}

fn compile_as_is(ctx: &XhloContext, ast: &xhlo::mlir_text::ast::File) -> xhlo::runtime::Program {
    let options = CompileOptions { eqsat: false, ..Default::default() };
    compile_ast(ctx, ast, &options, "case.mlir").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_rewrite_gives_bit_identical_results_on_special_and_random_inputs() {
    let mut failures = Vec::new();
    for case in cases() {
        // The algebraic rules alone (phase 3, fusion, is checked below).
        let options = EqsatOptions { fast_math: case.fast_math, fuse: false, ..Default::default() };
        check(&case, &options, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Fusion (phase 3): every case must form at least one `xhlo.fusion`, and the fused program
/// computes bit-identical results (a fused kernel evaluates the same ops, in the same order).
#[test]
fn every_fusion_gives_bit_identical_results_on_special_and_random_inputs() {
    let mut failures = Vec::new();
    for case in fusion_cases() {
        let stats = check(&case, &EqsatOptions::default(), &mut failures);
        if let Some(text) = stats {
            if !text.contains("\"xhlo.fusion\"") {
                failures.push(format!("{}: no fusion formed\n{text}", case.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Rewrites `case` with `options`, checks that it fired (or not) and that the results agree
/// bit for bit on four input sets; returns the rewritten text.
fn check(case: &Case, options: &EqsatOptions, failures: &mut Vec<String>) -> Option<String> {
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, &case.text, "case.mlir").unwrap_or_else(|d| panic!("{}: {d:?}", case.name));
    let original = module_ast(&module, "case.mlir").unwrap();
    let mut rewritten = original.clone();
    let stats = optimize_file(&mut rewritten, options);
    let changed = stats.functions.iter().any(|f| f.changed);
    let text = xhlo::mlir_text::print::print_file(&rewritten, "case.mlir");
    // A case that must not fire may still change (constants fold), but keeps its last op.
    let last_op = case.keeps.unwrap_or_else(|| case.text.lines().rev().find_map(|l| l.split('"').nth(1).filter(|n| n.starts_with("xhlo."))).unwrap_or("?"));
    let kept = text.contains(&format!("\"{last_op}\""));
    if (case.fires && !changed) || (!case.fires && !kept) {
        failures.push(format!("{}: expected the rewrite to {}fire\n{stats}\n{text}", case.name, if case.fires { "" } else { "not " }));
        return None;
    }
    // The rewritten program verifies.
    if let Err(d) = source::parse_and_verify(&ctx, &text, "case.mlir") {
        failures.push(format!("{}: rewritten program does not verify: {d:?}\n{text}", case.name));
        return None;
    }
    let inputs_ty: Vec<TensorType> = module_inputs(&case.text);
    let (before_program, after_program) = (compile_as_is(&ctx, &original), compile_as_is(&ctx, &rewritten));
    for seed in 0..4u64 {
        let mut rng = Rng(seed * 7919 + 1);
        let inputs: Vec<Literal> = inputs_ty.iter().map(|t| input(t, &mut rng)).collect();
        let before = before_program.run(&inputs).unwrap();
        let after = after_program.run(&inputs).unwrap();
        for (k, (b, a)) in before.iter().zip(&after).enumerate() {
            if !same_bits(b, a) {
                failures.push(format!(
                    "{}: result {k} differs (seed {seed})\ninputs: {:?}\nbefore: {:?}\nafter:  {:?}\n{text}",
                    case.name,
                    inputs.iter().map(|i| i.scalars().collect::<Vec<_>>()).collect::<Vec<_>>(),
                    b.scalars().collect::<Vec<_>>(),
                    a.scalars().collect::<Vec<_>>()
                ));
            }
        }
    }
    Some(text)
}

/// Programs on which phase 3 forms loop, input and output fusions, over floats (with inf,
/// NaN, -0 and denormal inputs), integers and half precision.
fn fusion_cases() -> Vec<Case> {
    vec![
        case("loop: element-wise chain", true, &["tensor<64x32xf32>", "tensor<64x32xf32>", "tensor<64x32xf32>"], "tensor<64x32xf32>",
            "  %m = \"xhlo.multiply\"(%a0, %a1) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %s = \"xhlo.add\"(%m, %a2) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %t = \"xhlo.tanh\"(%s) : (tensor<64x32xf32>) -> tensor<64x32xf32>
  %c = \"xhlo.constant\"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %b = \"xhlo.broadcast_in_dim\"(%c) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<64x32xf32>
  %u = \"xhlo.multiply\"(%t, %b) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  %r = \"xhlo.subtract\"(%u, %a0) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>"),
        case("loop: shape ops (transpose, slice, reverse, broadcast) into element-wise ops", true, &["tensor<32x64xf32>", "tensor<64xf32>"], "tensor<60x16xf32>",
            "  %t = \"xhlo.transpose\"(%a0) {permutation = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %s = \"xhlo.slice\"(%t) {start_indices = array<i64: 2, 0>, limit_indices = array<i64: 62, 32>, strides = array<i64: 1, 2>} : (tensor<64x32xf32>) -> tensor<60x16xf32>
  %v = \"xhlo.reverse\"(%s) {dimensions = array<i64: 0>} : (tensor<60x16xf32>) -> tensor<60x16xf32>
  %w = \"xhlo.slice\"(%a1) {start_indices = array<i64: 4>, limit_indices = array<i64: 64>, strides = array<i64: 1>} : (tensor<64xf32>) -> tensor<60xf32>
  %b = \"xhlo.broadcast_in_dim\"(%w) {broadcast_dimensions = array<i64: 0>} : (tensor<60xf32>) -> tensor<60x16xf32>
  %m = \"xhlo.maximum\"(%v, %b) : (tensor<60x16xf32>, tensor<60x16xf32>) -> tensor<60x16xf32>
  %n = \"xhlo.negate\"(%m) : (tensor<60x16xf32>) -> tensor<60x16xf32>
  return %n : tensor<60x16xf32>"),
        case("loop: integer shifts and compare-select", true, &["tensor<64x16xi32>", "tensor<64x16xi32>"], "tensor<64x16xi32>",
            "  %c = \"xhlo.constant\"() {value = dense<3> : tensor<64x16xi32>} : () -> tensor<64x16xi32>
  %s = \"xhlo.shift_right_arithmetic\"(%a0, %c) : (tensor<64x16xi32>, tensor<64x16xi32>) -> tensor<64x16xi32>
  %m = \"xhlo.multiply\"(%a1, %s) : (tensor<64x16xi32>, tensor<64x16xi32>) -> tensor<64x16xi32>
  %p = \"xhlo.compare\"(%m, %a0) {comparison_direction = \"GT\"} : (tensor<64x16xi32>, tensor<64x16xi32>) -> tensor<64x16xi1>
  %r = \"xhlo.select\"(%p, %m, %a1) : (tensor<64x16xi1>, tensor<64x16xi32>, tensor<64x16xi32>) -> tensor<64x16xi32>
  %d = \"xhlo.divide\"(%r, %a0) : (tensor<64x16xi32>, tensor<64x16xi32>) -> tensor<64x16xi32>
  return %d : tensor<64x16xi32>"),
        case("loop: f16 and bf16 through converts", true, &["tensor<32x32xf16>", "tensor<32x32xbf16>"], "tensor<32x32xf32>",
            "  %x = \"xhlo.convert\"(%a0) : (tensor<32x32xf16>) -> tensor<32x32xf32>
  %y = \"xhlo.convert\"(%a1) : (tensor<32x32xbf16>) -> tensor<32x32xf32>
  %e = \"xhlo.exponential\"(%x) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %s = \"xhlo.add\"(%e, %y) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %h = \"xhlo.convert\"(%s) : (tensor<32x32xf32>) -> tensor<32x32xf16>
  %r = \"xhlo.convert\"(%h) : (tensor<32x32xf16>) -> tensor<32x32xf32>
  return %r : tensor<32x32xf32>"),
        case("loop: concatenate of three operands and a pad with a negative edge", true, &["tensor<8x5xf32>", "tensor<8x3xf32>", "tensor<8x6xf32>", "tensor<f32>"], "tensor<9x15xf32>",
            "  %c = \"xhlo.concatenate\"(%a0, %a1, %a2) {dimension = 1 : i64} : (tensor<8x5xf32>, tensor<8x3xf32>, tensor<8x6xf32>) -> tensor<8x14xf32>
  %e = \"xhlo.exponential\"(%c) : (tensor<8x14xf32>) -> tensor<8x14xf32>
  %p = \"xhlo.pad\"(%e, %a3) {edge_padding_low = array<i64: 2, -1>, edge_padding_high = array<i64: -1, 2>, interior_padding = array<i64: 0, 0>} : (tensor<8x14xf32>, tensor<f32>) -> tensor<9x15xf32>
  %m = \"xhlo.multiply\"(%p, %p) : (tensor<9x15xf32>, tensor<9x15xf32>) -> tensor<9x15xf32>
  return %m : tensor<9x15xf32>"),
        case("loop: pad of an integer division on both dimensions (outer edges selected)", true, &["tensor<20x30xi32>", "tensor<20x30xi32>", "tensor<i32>"], "tensor<23x34xi32>",
            "  %d = \"xhlo.divide\"(%a0, %a1) : (tensor<20x30xi32>, tensor<20x30xi32>) -> tensor<20x30xi32>
  %p = \"xhlo.pad\"(%d, %a2) {edge_padding_low = array<i64: 1, 3>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 0, 0>} : (tensor<20x30xi32>, tensor<i32>) -> tensor<23x34xi32>
  %r = \"xhlo.remainder\"(%p, %p) : (tensor<23x34xi32>, tensor<23x34xi32>) -> tensor<23x34xi32>
  %s = \"xhlo.add\"(%r, %p) : (tensor<23x34xi32>, tensor<23x34xi32>) -> tensor<23x34xi32>
  return %s : tensor<23x34xi32>"),
        case("input: producers into a row reduction (softmax)", true, &["tensor<16x64xf32>"], "tensor<16x64xf32>",
            "  %ninf = \"xhlo.constant\"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %mx = \"xhlo.reduce\"(%a0, %ninf) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %z = \"xhlo.maximum\"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    \"gpu.yield\"(%z) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %mb = \"xhlo.broadcast_in_dim\"(%mx) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %d = \"xhlo.subtract\"(%a0, %mb) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  %e = \"xhlo.exponential\"(%d) : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %zero = \"xhlo.constant\"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %sum = \"xhlo.reduce\"(%e, %zero) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %z = \"xhlo.add\"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    \"gpu.yield\"(%z) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<16x64xf32>, tensor<f32>) -> tensor<16xf32>
  %sb = \"xhlo.broadcast_in_dim\"(%sum) {broadcast_dimensions = array<i64: 0>} : (tensor<16xf32>) -> tensor<16x64xf32>
  %r = \"xhlo.divide\"(%e, %sb) : (tensor<16x64xf32>, tensor<16x64xf32>) -> tensor<16x64xf32>
  return %r : tensor<16x64xf32>"),
        case("input: squared deviations into a column reduction", true, &["tensor<64x16xf32>", "tensor<16xf32>"], "tensor<16xf32>",
            "  %mb = \"xhlo.broadcast_in_dim\"(%a1) {broadcast_dimensions = array<i64: 1>} : (tensor<16xf32>) -> tensor<64x16xf32>
  %d = \"xhlo.subtract\"(%a0, %mb) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<64x16xf32>
  %q = \"xhlo.multiply\"(%d, %d) : (tensor<64x16xf32>, tensor<64x16xf32>) -> tensor<64x16xf32>
  %zero = \"xhlo.constant\"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %sum = \"xhlo.reduce\"(%q, %zero) ({
  ^bb0(%p: tensor<f32>, %r: tensor<f32>):
    %z = \"xhlo.add\"(%p, %r) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    \"gpu.yield\"(%z) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<64x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %sum : tensor<16xf32>"),
        case("output: dot_general with bias add and relu", true, &["tensor<16x32xf32>", "tensor<32x24xf32>", "tensor<24xf32>"], "tensor<16x24xf32>",
            "  %d = \"xhlo.dot_general\"(%a0, %a1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<16x32xf32>, tensor<32x24xf32>) -> tensor<16x24xf32>
  %b = \"xhlo.broadcast_in_dim\"(%a2) {broadcast_dimensions = array<i64: 1>} : (tensor<24xf32>) -> tensor<16x24xf32>
  %s = \"xhlo.add\"(%d, %b) : (tensor<16x24xf32>, tensor<16x24xf32>) -> tensor<16x24xf32>
  %z = \"xhlo.constant\"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %zb = \"xhlo.broadcast_in_dim\"(%z) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<16x24xf32>
  %r = \"xhlo.maximum\"(%s, %zb) : (tensor<16x24xf32>, tensor<16x24xf32>) -> tensor<16x24xf32>
  return %r : tensor<16x24xf32>"),
        case("output: batched dot_general with a scale", true, &["tensor<2x8x16xf32>", "tensor<2x8x16xf32>"], "tensor<2x8x8xf32>",
            "  %d = \"xhlo.dot_general\"(%a0, %a1) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 2>} : (tensor<2x8x16xf32>, tensor<2x8x16xf32>) -> tensor<2x8x8xf32>
  %c = \"xhlo.constant\"() {value = dense<1.250000e-01> : tensor<f32>} : () -> tensor<f32>
  %cb = \"xhlo.broadcast_in_dim\"(%c) {broadcast_dimensions = array<i64>} : (tensor<f32>) -> tensor<2x8x8xf32>
  %r = \"xhlo.multiply\"(%d, %cb) : (tensor<2x8x8xf32>, tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  return %r : tensor<2x8x8xf32>"),
    ]
}

/// The parameter types of `@main` in a case's text.
fn module_inputs(text: &str) -> Vec<TensorType> {
    let header = text.lines().next().unwrap();
    let params = &header[header.find('(').unwrap() + 1..header.find(") ->").unwrap()];
    params
        .split("%a")
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let ty = p.split_once(": ").unwrap().1.trim().trim_end_matches(',').trim();
            match Type::parse(ty).unwrap() {
                Type::Tensor(t) => t,
                other => panic!("{other}"),
            }
        })
        .collect()
}


// Random programs for the dot and slicing rules: the fixed cases above pin each rule; these
// try the index arithmetic (dimension renaming, slice bounds, interior padding) on many shapes.

fn ty(dims: &[i64], el: &str) -> String {
    let mut s = String::from("tensor<");
    for d in dims {
        s.push_str(&format!("{d}x"));
    }
    format!("{s}{el}>")
}

fn arr(v: &[i64]) -> String {
    if v.is_empty() {
        return "array<i64>".into();
    }
    format!("array<i64: {}>", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
}

impl Rng {
    /// In `0..n`.
    fn below(&mut self, n: i64) -> i64 {
        (self.next() % n.max(1) as u64) as i64
    }

    fn permutation(&mut self, n: usize) -> Vec<i64> {
        let mut p: Vec<i64> = (0..n as i64).collect();
        for i in (1..n).rev() {
            p.swap(i, self.below(i as i64 + 1) as usize);
        }
        p
    }
}

/// A `dot_general` with batch/contracting/free dimensions in random places, each operand
/// maybe a transpose, the result maybe transposed (randomly, or permuting batches and keeping
/// or swapping the free groups).
fn random_dot(rng: &mut Rng, el: &str) -> String {
    let (nb, nc) = (rng.below(3) as usize, 1 + rng.below(2) as usize);
    let batch: Vec<i64> = (0..nb).map(|_| 1 + rng.below(3)).collect();
    let contract: Vec<i64> = (0..nc).map(|_| 1 + rng.below(5)).collect();
    let mut body = String::new();
    let mut args = Vec::new();
    // One operand: its dimensions, batching and contracting lists, free sizes in order, value.
    let mut operand = |rng: &mut Rng, name: &str| {
        let free: Vec<i64> = (0..rng.below(3)).map(|_| 1 + rng.below(3)).collect();
        let roles: Vec<(u8, usize)> = (0..nb).map(|i| (0, i)).chain((0..nc).map(|i| (1, i))).chain((0..free.len()).map(|i| (2, i))).collect();
        let roles: Vec<(u8, usize)> = rng.permutation(roles.len()).iter().map(|&i| roles[i as usize]).collect();
        let dims: Vec<i64> = roles.iter().map(|&(r, i)| [&batch, &contract, &free][r as usize][i]).collect();
        let (mut b, mut c) = (vec![0; nb], vec![0; nc]);
        let mut free_dims = Vec::new();
        for (pos, &(r, i)) in roles.iter().enumerate() {
            match r {
                0 => b[i] = pos as i64,
                1 => c[i] = pos as i64,
                _ => free_dims.push(dims[pos]),
            }
        }
        let k = args.len();
        let value = if dims.len() > 1 && rng.below(3) != 0 {
            let p = rng.permutation(dims.len());
            let mut x = vec![0; dims.len()];
            for i in 0..dims.len() {
                x[p[i] as usize] = dims[i];
            }
            args.push(ty(&x, el));
            body.push_str(&format!("  %{name} = \"xhlo.transpose\"(%a{k}) {{permutation = {}}} : ({}) -> {}\n", arr(&p), ty(&x, el), ty(&dims, el)));
            format!("%{name}")
        } else {
            args.push(ty(&dims, el));
            format!("%a{k}")
        };
        (dims, b, c, free_dims, value)
    };
    let (ld, lb, lc, lf, l) = operand(rng, "l");
    let (rd, rb, rc, rf, r) = operand(rng, "r");
    let out: Vec<i64> = batch.iter().chain(&lf).chain(&rf).copied().collect();
    let mut attrs = format!("lhs_contracting_dimensions = {}, rhs_contracting_dimensions = {}", arr(&lc), arr(&rc));
    if nb > 0 {
        attrs = format!("lhs_batching_dimensions = {}, rhs_batching_dimensions = {}, {attrs}", arr(&lb), arr(&rb));
    }
    if rng.below(2) == 0 {
        attrs.push_str(", precision_config = [\"DEFAULT\", \"HIGHEST\"]");
    }
    body.push_str(&format!("  %d = \"xhlo.dot_general\"({l}, {r}) {{{attrs}}} : ({}, {}) -> {}\n", ty(&ld, el), ty(&rd, el), ty(&out, el)));
    let (mut result, mut value) = (out.clone(), "%d");
    if out.len() > 1 && rng.below(2) == 0 {
        let p = if rng.below(2) == 0 {
            rng.permutation(out.len())
        } else {
            let lhs: Vec<i64> = (nb..nb + lf.len()).map(|i| i as i64).collect();
            let rhs: Vec<i64> = (nb + lf.len()..out.len()).map(|i| i as i64).collect();
            let sigma = rng.permutation(nb);
            if rng.below(2) == 0 { [sigma, rhs, lhs].concat() } else { [sigma, lhs, rhs].concat() }
        };
        result = p.iter().map(|&i| out[i as usize]).collect();
        body.push_str(&format!("  %t = \"xhlo.transpose\"(%d) {{permutation = {}}} : ({}) -> {}\n", arr(&p), ty(&out, el), ty(&result, el)));
        value = "%t";
    }
    body.push_str(&format!("  return {value} : {}", ty(&result, el)));
    func(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>(), &ty(&result, el), &body)
}

/// A random in-bounds slice of `dims`: start, limit, strides, result dimensions.
fn random_slice(rng: &mut Rng, dims: &[i64]) -> [Vec<i64>; 4] {
    let mut out = [vec![], vec![], vec![], vec![]];
    for &d in dims {
        let s = rng.below(d + 1);
        let l = s + rng.below(d - s + 1);
        let st = 1 + rng.below(3);
        for (v, x) in out.iter_mut().zip([s, l, st, (l - s + st - 1) / st]) {
            v.push(x);
        }
    }
    out
}

fn slice_op(result: &str, value: &str, [s, l, st, out]: &[Vec<i64>; 4], from: &[i64]) -> String {
    format!("  %{result} = \"xhlo.slice\"({value}) {{start_indices = {}, limit_indices = {}, strides = {}}} : ({}) -> {}\n", arr(s), arr(l), arr(st), ty(from, "f32"), ty(out, "f32"))
}

/// A slice of a concatenation of up to three operands (some maybe empty).
fn random_slice_of_concatenate(rng: &mut Rng) -> String {
    let (d, other) = (rng.below(2) as usize, 1 + rng.below(3));
    let shapes: Vec<Vec<i64>> = (0..1 + rng.below(3)).map(|_| if d == 0 { vec![rng.below(5), other] } else { vec![other, rng.below(5)] }).collect();
    let mut cat = vec![other, other];
    cat[d] = shapes.iter().map(|s| s[d]).sum();
    let slice = random_slice(rng, &cat);
    let args: Vec<String> = shapes.iter().map(|s| ty(s, "f32")).collect();
    let names: Vec<String> = (0..shapes.len()).map(|i| format!("%a{i}")).collect();
    let body = format!(
        "  %c = \"xhlo.concatenate\"({}) {{dimension = {d} : i64}} : ({}) -> {}\n{}  return %s : {}",
        names.join(", "),
        args.join(", "),
        ty(&cat, "f32"),
        slice_op("s", "%c", &slice, &cat),
        ty(&slice[3], "f32")
    );
    func(&args.iter().map(|s| s.as_str()).collect::<Vec<_>>(), &ty(&slice[3], "f32"), &body)
}

/// A concatenation of slices of one value, mostly adjacent, sometimes with a gap or overlap.
fn random_concatenate_of_slices(rng: &mut Rng) -> String {
    let x = vec![2 + rng.below(8), 2 + rng.below(8)];
    let (d, stride) = (rng.below(2) as usize, 1 + rng.below(2));
    let o = 1 - d;
    let os = rng.below(x[o]);
    let ol = os + 1 + rng.below(x[o] - os);
    let (mut body, mut names, mut types, mut total, mut pos) = (String::new(), vec![], vec![], 0, rng.below(3));
    for i in 0..2 + rng.below(3) {
        let start = pos.min(x[d] - 1);
        let limit = (start + rng.below(3) * stride + 1).min(x[d]);
        let n = (limit - start + stride - 1) / stride;
        let (mut s, mut l, mut st, mut out) = (vec![os; 2], vec![ol; 2], vec![1; 2], vec![ol - os; 2]);
        (s[d], l[d], st[d], out[d]) = (start, limit, stride, n);
        body.push_str(&slice_op(&format!("s{i}"), "%a0", &[s, l, st, out.clone()], &x));
        names.push(format!("%s{i}"));
        types.push(ty(&out, "f32"));
        total += n;
        pos = (start + n * stride + if rng.below(4) == 0 { rng.below(3) - 1 } else { 0 }).max(0);
    }
    let mut result = vec![ol - os; 2];
    result[d] = total;
    body.push_str(&format!(
        "  %r = \"xhlo.concatenate\"({}) {{dimension = {d} : i64}} : ({}) -> {}\n  return %r : {}",
        names.join(", "),
        types.join(", "),
        ty(&result, "f32"),
        ty(&result, "f32")
    ));
    func(&[&ty(&x, "f32")], &ty(&result, "f32"), &body)
}

/// A slice of a pad (edges -2..2, interior 0..2), mostly aimed at operand elements, sometimes
/// one off.
fn random_slice_of_pad(rng: &mut Rng) -> String {
    let x = vec![1 + rng.below(5), 1 + rng.below(5)];
    let (mut lo, mut hi, mut interior, mut padded) = (vec![], vec![], vec![], vec![]);
    for &n in &x {
        let i = rng.below(3);
        let inner = n + (n - 1) * i;
        let (a, b) = (rng.below(5) - 2, rng.below(5) - 2);
        let (a, b) = if a + b + inner < 1 { (0, 0) } else { (a, b) };
        lo.push(a);
        hi.push(b);
        interior.push(i);
        padded.push(a + b + inner);
    }
    let mut slice = random_slice(rng, &padded);
    if rng.below(4) != 0 {
        for k in 0..2 {
            let q = interior[k] + 1;
            let (first, step) = (rng.below(x[k]), 1 + rng.below(2));
            let n = 1 + rng.below((x[k] - 1 - first) / step + 1);
            let start = lo[k] + first * q + if rng.below(5) == 0 { rng.below(3) - 1 } else { 0 };
            let st = step * q;
            let limit = (start + (n - 1) * st + 1 + rng.below(st) + if rng.below(5) == 0 { 1 } else { 0 }).min(padded[k]);
            if start >= 0 && start < limit {
                (slice[0][k], slice[1][k], slice[2][k], slice[3][k]) = (start, limit, st, (limit - start + st - 1) / st);
            }
        }
    }
    let body = format!(
        "  %p = \"xhlo.pad\"(%a0, %a1) {{edge_padding_low = {}, edge_padding_high = {}, interior_padding = {}}} : ({}, tensor<f32>) -> {}\n{}  return %s : {}",
        arr(&lo),
        arr(&hi),
        arr(&interior),
        ty(&x, "f32"),
        ty(&padded, "f32"),
        slice_op("s", "%p", &slice, &padded),
        ty(&slice[3], "f32")
    );
    func(&[&ty(&x, "f32"), "tensor<f32>"], &ty(&slice[3], "f32"), &body)
}

#[test]
fn random_dot_and_slicing_programs_give_bit_identical_results() {
    let mut rng = Rng(2024);
    let mut failures = Vec::new();
    let mut changed = 0;
    let n = 100;
    for i in 0..n {
        let text = match i % 5 {
            0 => random_dot(&mut rng, "f32"),
            1 => random_dot(&mut rng, "i32"),
            2 => random_slice_of_concatenate(&mut rng),
            3 => random_concatenate_of_slices(&mut rng),
            _ => random_slice_of_pad(&mut rng),
        };
        let ctx = XhloContext::new();
        let module = source::parse_and_verify(&ctx, &text, "case.mlir").unwrap_or_else(|d| panic!("case {i}: {d:?}\n{text}"));
        let original = module_ast(&module, "case.mlir").unwrap();
        let mut rewritten = original.clone();
        let stats = optimize_file(&mut rewritten, &EqsatOptions::default());
        changed += stats.functions.iter().filter(|f| f.changed).count();
        let out = xhlo::mlir_text::print::print_file(&rewritten, "case.mlir");
        if let Err(d) = source::parse_and_verify(&ctx, &out, "case.mlir") {
            failures.push(format!("case {i}: rewritten program does not verify: {d:?}\n{text}\n{out}"));
            continue;
        }
        let inputs: Vec<Literal> = module_inputs(&text).iter().map(|t| input(t, &mut rng)).collect();
        let (before, after) = (compile_as_is(&ctx, &original).run(&inputs).unwrap(), compile_as_is(&ctx, &rewritten).run(&inputs).unwrap());
        for (b, a) in before.iter().zip(&after) {
            if !same_bits(b, a) {
                failures.push(format!("case {i}: results differ\n{text}\n{out}\nbefore: {:?}\nafter:  {:?}", b.scalars().collect::<Vec<_>>(), a.scalars().collect::<Vec<_>>()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The generators aim at the rules: most programs change.
    assert!(changed > n / 2, "only {changed} of {n} random programs changed");
}

/// A body longer than a fusion window ([`xhlo::passes::eqsat::pass::FUSION_WINDOW`]): 128
/// dependent blocks of a row reduction and element-wise ops (768 ops). Fused in one e-graph it
/// ran into the node limit before its kernels grew and kept no fusion at all; fused window by
/// window, every window's values reach the next under the names its fused body gave them, and
/// the results are the same bits.
#[test]
fn a_body_longer_than_a_fusion_window_is_fused_window_by_window() {
    const BLOCKS: usize = 128;
    let t = "tensor<8x16xf32>";
    let mut body = String::new();
    let mut x = "%a0".to_string();
    for i in 0..BLOCKS {
        body += &format!(
            "  %z{i} = \"xhlo.constant\"() {{value = dense<0.0> : tensor<f32>}} : () -> tensor<f32>
  %m{i} = \"xhlo.reduce\"({x}, %z{i}) ({{
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = \"xhlo.add\"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    \"gpu.yield\"(%s) : (tensor<f32>) -> ()
  }}) {{dimensions = array<i64: 1>}} : ({t}, tensor<f32>) -> tensor<8xf32>
  %b{i} = \"xhlo.broadcast_in_dim\"(%m{i}) {{broadcast_dimensions = array<i64: 0>}} : (tensor<8xf32>) -> {t}
  %c{i} = \"xhlo.subtract\"({x}, %b{i}) : ({t}, {t}) -> {t}
  %q{i} = \"xhlo.multiply\"(%c{i}, %c{i}) : ({t}, {t}) -> {t}
  %t{i} = \"xhlo.tanh\"(%q{i}) : ({t}) -> {t}
  %x{i} = \"xhlo.add\"({x}, %t{i}) : ({t}, {t}) -> {t}
"
        );
        x = format!("%x{i}");
    }
    body += &format!("  return {x} : {t}");
    assert!(6 * BLOCKS > xhlo::passes::eqsat::pass::FUSION_WINDOW, "the body spans several windows");
    let case = case("deep: 128 dependent row blocks", true, &[t], t, &body);
    // Time enough for every window on a slow machine (a debug build): the pass's time limit
    // would otherwise decide how many kernels grow.
    let options = EqsatOptions { time_limit_ms: 600_000, ..EqsatOptions::default() };
    let mut failures = Vec::new();
    if let Some(text) = check(&case, &options, &mut failures) {
        let fusions = text.matches("\"xhlo.fusion\"").count();
        if fusions < BLOCKS {
            failures.push(format!("{fusions} fusions formed, fewer than one per block"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

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
/// op must stay), whether fast-math rules are on, and the program.
struct Case {
    name: &'static str,
    fires: bool,
    fast_math: bool,
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
    Case { name, fires, fast_math: false, text: func(&[&format!("tensor<16x{ty}>")], &format!("tensor<16x{ty}>"), &body) }
}

fn unary_twice(name: &'static str, ty: &str, op: &str) -> Case {
    let t = format!("tensor<16x{ty}>");
    let body = format!(
        "  %x = \"xhlo.{op}\"(%a0) : ({t}) -> {t}
  %y = \"xhlo.{op}\"(%x) : ({t}) -> {t}
  return %y : {t}"
    );
    Case { name, fires: true, fast_math: false, text: func(&[&t], &t, &body) }
}

fn case(name: &'static str, fires: bool, args: &[&str], results: &str, body: &str) -> Case {
    Case { name, fires, fast_math: false, text: func(args, results, body) }
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
    Case { name, fires, fast_math, text: func(&[&format!("tensor<16x{ty}>")], &format!("tensor<16x{ty}>"), &body) }
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

fn compile_as_is(ctx: &XhloContext, ast: &xhlo::stablehlo::ast::File) -> xhlo::runtime::Program {
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
    let text = xhlo::stablehlo::print::print_file(&rewritten, "case.mlir");
    // A case that must not fire may still change (constants fold), but keeps its last op.
    let last_op = case.text.lines().rev().find_map(|l| l.split('"').nth(1).filter(|n| n.starts_with("xhlo."))).unwrap_or("?");
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

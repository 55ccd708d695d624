//! Verifier cases: each `tests/verify/<family>.mlir` file (one per catalogue family) is split
//! on `// -----`; chunks with `// expected-error {{...}}` annotations must produce exactly those
//! diagnostics at those lines, the others must verify cleanly (mlir-opt's
//! `--split-input-file --verify-diagnostics`).

use crate::support::{assert_named_after_families, files, relative};
use xhlo::ir::op::{OpDef, Syntax};
use xhlo::ir::testing::infer;
use xhlo::opt;

#[test]
fn verifier_cases_produce_exactly_the_expected_diagnostics() {
    let cases = files("tests/verify", "mlir");
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for path in cases {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = relative(&path);
        let options = opt::Options { split_input_file: true, verify_diagnostics: true, ..Default::default() };
        let out = opt::run(&options, &text, &name);
        if !out.success {
            failures.push(out.errors.join("\n"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The element types generated cases try, in order.
const ELEMENTS: &[&str] = &["f32", "i32", "i1", "complex<f32>"];

/// The result types the shape rule of `name` gives on 2x3 operands of element `t`.
fn inferred(name: &str, operands: usize, t: &str) -> Option<Vec<String>> {
    let operand = format!("tensor<2x3x{t}>");
    infer(name, &vec![operand.as_str(); operands], "{}", &[], &[]).ok()
}

/// Element-wise ops with the plain unary or binary form whose result follows from their
/// operands share one shape rule each; their MLIR-level cases are made from the catalogue
/// ([`every_elementwise_op_verifies_in_mlir`]).
fn has_generated_cases(def: &OpDef) -> bool {
    def.is_elementwise()
        && def.attrs.is_empty()
        && matches!(def.syntax, Syntax::Unary | Syntax::Binary)
        && ELEMENTS.iter().any(|t| inferred(def.name, def.operands.len(), t).is_some())
}

#[test]
fn every_catalogue_op_has_verifier_cases() {
    let mut text = String::new();
    for path in files("tests/verify", "mlir") {
        text.push_str(&std::fs::read_to_string(path).unwrap());
    }
    let missing: Vec<_> = xhlo::ir::catalogue::all()
        .filter(|def| !has_generated_cases(def) && !text.contains(&format!("\"xhlo.{}\"", def.name)))
        .map(|def| def.name)
        .collect();
    assert!(missing.is_empty(), "ops without cases in tests/verify: {missing:?}");
}

/// For each element-wise op of the plain forms: a use on the first element type its shape
/// rule admits verifies in MLIR, and uses with a wrong result shape, mismatched operand
/// shapes (binary) or a rejected element type get the verifier's located error.
#[test]
fn every_elementwise_op_verifies_in_mlir() {
    let mut checked = 0;
    for def in xhlo::ir::catalogue::all().filter(|d| has_generated_cases(d)) {
        let name = def.name;
        let n = def.operands.len();
        let typed = |t: &str| vec![format!("tensor<2x3x{t}>"); n];
        let admitted = |t: &&str| inferred(name, n, t);
        let element = ELEMENTS.iter().find(|t| admitted(t).is_some()).unwrap_or_else(|| panic!("xhlo.{name} admits none of {ELEMENTS:?}"));
        let result = admitted(&element).unwrap().remove(0);
        let operands = typed(element);
        let program = |operands: &[String], result: &str| {
            let args: Vec<String> = (0..operands.len()).map(|i| format!("%a{i}: {}", operands[i])).collect();
            let uses: Vec<String> = (0..operands.len()).map(|i| format!("%a{i}")).collect();
            format!(
                "func.func @f({}) -> {result} {{\n  %r = \"xhlo.{name}\"({}) : ({}) -> {result}\n  func.return %r : {result}\n}}\n",
                args.join(", "),
                uses.join(", "),
                operands.join(", ")
            )
        };
        let run = |text: String| opt::run(&opt::Options::default(), &text, "generated.mlir");
        let valid = run(program(&operands, &result));
        assert!(valid.success, "xhlo.{name} on {element}:\n{}", valid.errors.join("\n"));
        let wrong_result = run(program(&operands, &result.replace("2x3", "3x2")));
        assert!(!wrong_result.success && wrong_result.errors.join("").contains(&format!("'xhlo.{name}' op")), "xhlo.{name} accepted a wrong result shape");
        if n == 2 {
            let mismatched = [operands[0].clone(), operands[1].replace("2x3", "3x2")];
            assert!(!run(program(&mismatched, &result)).success, "xhlo.{name} accepted operands of different shapes");
        }
        if let Some(rejected) = ["i1", "f32", "complex<f64>"].iter().find(|t| admitted(t).is_none()) {
            let bad = typed(rejected);
            let out = run(program(&bad, &result.replace(element, rejected)));
            assert!(!out.success && out.errors.join("").contains("generated.mlir:2:"), "xhlo.{name} accepted {rejected}: {:?}", out.errors);
        }
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} element-wise ops checked");
}

#[test]
fn verify_files_are_named_after_catalogue_families() {
    assert_named_after_families("tests/verify", "mlir", false);
}

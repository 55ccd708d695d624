//! Verifier cases: each `tests/verify/<family>.mlir` file (one per catalogue family) is split
//! on `// -----`; chunks with `// expected-error {{...}}` annotations must produce exactly those
//! diagnostics at those lines, the others must verify cleanly (mlir-opt's
//! `--split-input-file --verify-diagnostics`).

use crate::support::{assert_named_after_families, files, relative};
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

#[test]
fn every_catalogue_op_has_verifier_cases() {
    let mut text = String::new();
    for path in files("tests/verify", "mlir") {
        text.push_str(&std::fs::read_to_string(path).unwrap());
    }
    let missing: Vec<_> = xhlo::ir::catalogue::all()
        .filter(|def| !text.contains(&format!("\"xhlo.{}\"", def.name)))
        .map(|def| def.name)
        .collect();
    assert!(missing.is_empty(), "ops without cases in tests/verify: {missing:?}");
}

#[test]
fn verify_files_are_named_after_catalogue_families() {
    assert_named_after_families("tests/verify", "mlir", false);
}

//! Snapshot tests per pass: `tests/passes/<pass>/<case>.mlir` runs through `builtin.module(<pass>)`
//! (or the pipeline named on a `// PIPELINE: ...` first line) and the printed IR is compared
//! with the insta snapshot beside this suite. Add a case by adding a file; review new
//! snapshots with `cargo insta review`.

use crate::support::{files, relative};
use xhlo::opt;

/// The pipeline of a case: its `// PIPELINE:` line, else its folder's pass.
pub(crate) fn pipeline_for(path: &std::path::Path, text: &str) -> String {
    if let Some(rest) = text.lines().next().and_then(|l| l.strip_prefix("// PIPELINE:")) {
        return rest.trim().to_string();
    }
    let pass = path.parent().and_then(|d| d.file_name()).and_then(|n| n.to_str()).unwrap();
    format!("builtin.module({pass})")
}

/// Runs one case and compares it with its snapshot, named after the case
/// (`<pass>__<case>`); panics with what went wrong.
fn check_case(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let pipeline = pipeline_for(path, &text);
    let name = relative(path);
    // The vector width is pinned (AVX2's), so the snapshots do not depend on the host.
    let options = opt::Options { pipeline: Some(pipeline.clone()), option_defaults: vec![("vector-bytes".into(), "32".into())], ..Default::default() };
    let out = opt::run(&options, &text, &name);
    assert!(out.success, "pipeline {pipeline} failed:\n{}", out.errors.join("\n"));
    let snapshot = name.trim_start_matches("tests/passes/").trim_end_matches(".mlir").replace('/', "__");
    insta::with_settings!({ description => format!("{name} through {pipeline}"), omit_expression => true }, {
        insta::assert_snapshot!(snapshot, out.ir);
    });
}

/// Every case runs, whatever an earlier one did; each is reported on its own line, and the
/// test fails listing every case that failed.
#[test]
fn every_pass_case_matches_its_snapshot() {
    let cases = files("tests/passes", "mlir");
    assert!(!cases.is_empty(), "no cases under tests/passes");
    let mut failed = Vec::new();
    for path in &cases {
        let name = relative(path);
        match std::panic::catch_unwind(|| check_case(path)) {
            Ok(()) => eprintln!("ok   {name}"),
            Err(e) => {
                let why = e.downcast_ref::<String>().cloned().or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
                eprintln!("FAIL {name}");
                failed.push(format!("{name}: {}", why.lines().next().unwrap_or("")));
            }
        }
    }
    assert!(failed.is_empty(), "{} of {} pass cases failed:\n{}", failed.len(), cases.len(), failed.join("\n"));
}

//! Snapshot tests per pass: `tests/passes/<pass>/<case>.mlir` runs through `builtin.module(<pass>)`
//! (or the pipeline named on a `// PIPELINE: ...` first line) and the printed IR is compared
//! with the insta snapshot beside this suite. Add a case by adding a file; review new
//! snapshots with `cargo insta review`.

use crate::support::{files, relative};
use xhlo::opt;

fn pipeline_for(path: &std::path::Path, text: &str) -> String {
    if let Some(rest) = text.lines().next().and_then(|l| l.strip_prefix("// PIPELINE:")) {
        return rest.trim().to_string();
    }
    let pass = path.parent().and_then(|d| d.file_name()).and_then(|n| n.to_str()).unwrap();
    format!("builtin.module({pass})")
}

#[test]
fn every_pass_case_matches_its_snapshot() {
    let cases = files("tests/passes", "mlir");
    assert!(!cases.is_empty(), "no cases under tests/passes");
    for path in cases {
        let text = std::fs::read_to_string(&path).unwrap();
        let pipeline = pipeline_for(&path, &text);
        let name = relative(&path);
        let out = opt::run(&opt::Options { pipeline: Some(pipeline.clone()), ..Default::default() }, &text, &name);
        assert!(out.success, "{name}: pipeline {pipeline} failed:\n{}", out.errors.join("\n"));
        let snapshot = name.trim_start_matches("tests/passes/").trim_end_matches(".mlir").replace('/', "__");
        insta::with_settings!({ description => format!("{name} through {pipeline}"), omit_expression => true }, {
            insta::assert_snapshot!(snapshot, out.ir);
        });
    }
}

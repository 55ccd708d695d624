//! Run tests written in xhlo or StableHLO with `check.*` assertions: every chunk of every
//! `tests/run/*.mlir` file is compiled, run and checked (`xla-run --check` semantics).

use crate::support::{files, relative};
use xhlo::dialect::{source::split_input, XhloContext};

#[test]
fn every_run_test_passes() {
    run_all(false);
}

/// The same tests with `xhlo-fuse` before lowering: fusion changes no result.
#[test]
fn every_run_test_passes_when_fused() {
    run_all(true);
}

fn run_all(fuse: bool) {
    let ctx = XhloContext::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in files("tests/run", "mlir") {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = relative(&path);
        for chunk in split_input(&text) {
            if !chunk.text.contains("func.func") {
                continue;
            }
            count += 1;
            if let Err(e) = xhlo::check::run_chunk_with(&ctx, &chunk.text, &name, fuse) {
                failures.push(format!("{name}:{}: {e}", chunk.first_line));
            }
        }
    }
    assert!(count > 30, "only {count} run tests found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

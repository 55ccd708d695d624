//! Run tests written in xhlo or StableHLO with `check.*` assertions: every chunk of every
//! `tests/run/<family>.mlir` and `tests/run/<family>/<topic>.mlir` file is compiled, run and
//! checked (`xla-run --check` semantics). Files and directories are named after the catalogue's
//! families (the family of the ops a case exercises).

use crate::support::{assert_named_after_families, files, relative};
use xhlo::dialect::{source::split_input, XhloContext};
use xhlo::runtime::Fusion;

/// With the default compiler: eqsat with its fusion phase.
#[test]
fn every_run_test_passes() {
    run_all(Fusion::EGraph);
}

/// Without fusion.
#[test]
fn every_run_test_passes_unfused() {
    run_all(Fusion::Off);
}

/// The same tests with the greedy `xhlo-fuse` pass instead of the e-graph's fusion:
/// fusion changes no result either way.
#[test]
fn every_run_test_passes_when_fused_greedily() {
    run_all(Fusion::Greedy);
}

#[test]
fn run_files_are_named_after_catalogue_families() {
    assert_named_after_families("tests/run", "mlir", true);
}

fn run_all(fusion: Fusion) {
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
            if let Err(e) = xhlo::check::run_chunk_with(&ctx, &chunk.text, &name, fusion) {
                failures.push(format!("{name}:{}: {e}", chunk.first_line));
            }
        }
    }
    assert!(count > 30, "only {count} run tests found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

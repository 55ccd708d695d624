//! Run tests written in xhlo or StableHLO with `check.*` assertions: every chunk of every
//! `tests/run/<family>.mlir` and `tests/run/<family>/<topic>.mlir` file is compiled, run and
//! checked (`xla-run --check` semantics). Files and directories are named after the catalogue's
//! families (the family of the ops a case exercises).

use crate::support::{assert_named_after_families, files, relative};
use xhlo::dialect::{source::split_input, XhloContext};
use xhlo::runtime::{CompileOptions, Fusion};

/// With the default compiler: eqsat with its fusion phase, on every core.
#[test]
fn every_run_test_passes() {
    run_all(Fusion::EGraph, 0);
}

/// The default compiler on one thread (no OpenMP regions: today's serial loops).
#[test]
fn every_run_test_passes_on_one_thread() {
    run_all(Fusion::EGraph, 1);
}

/// Without fusion, on three threads (splits that do not divide evenly), with every
/// parallel loop parallel however small (`min-parallel-work` 0).
#[test]
fn every_run_test_passes_unfused() {
    run_all(Fusion::Off, 3);
}

/// The same tests with the greedy `xhlo-fuse` pass instead of the e-graph's fusion:
/// fusion changes no result either way.
#[test]
fn every_run_test_passes_when_fused_greedily() {
    run_all(Fusion::Greedy, 0);
}

#[test]
fn run_files_are_named_after_catalogue_families() {
    assert_named_after_families("tests/run", "mlir", true);
}

fn run_all(fusion: Fusion, threads: usize) {
    let ctx = XhloContext::new();
    let min_parallel_work = if threads == 3 { 0 } else { CompileOptions::default().min_parallel_work };
    let options = CompileOptions { fusion, threads, min_parallel_work, ..Default::default() };
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
            if let Err(e) = xhlo::check::run_chunk_options(&ctx, &chunk.text, &name, &options) {
                failures.push(format!("{name}:{}: {e}", chunk.first_line));
            }
        }
    }
    assert!(count > 30, "only {count} run tests found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

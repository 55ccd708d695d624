//! StableHLO's interpreter test suite (`shared/stablehlo-tests/mlir`), run end to end:
//! import, verify, lower, JIT, evaluate the `check.*` ops. Tiers come from `tests.jsonl`
//! (INDEX.md there). Every tier 1 and tier 2 test must pass. The harness variable
//! `XHLO_FUSE=greedy|off` runs them with another fusion mode (the default: e-graph fusion).

use crate::support::repo_root;
use xhlo::dialect::XhloContext;

#[test]
fn stablehlo_interpreter_tests_pass_end_to_end() {
    let dir = repo_root().join("../shared/stablehlo-tests");
    let fusion = match std::env::var("XHLO_FUSE").as_deref() {
        Ok("0") | Ok("off") => xhlo::runtime::Fusion::Off,
        Ok("greedy") => xhlo::runtime::Fusion::Greedy,
        _ => xhlo::runtime::Fusion::EGraph,
    };
    let ctx = XhloContext::new();
    let tests = xhlo::check::suite_tests(&dir, 2).expect("shared/stablehlo-tests beside the repo");
    let total = tests.len();
    let (mut passed, mut failed) = (0usize, Vec::new());
    for t in &tests {
        match xhlo::check::run_chunk_with(&ctx, &t.text, &t.file, fusion) {
            Ok(()) => passed += 1,
            Err(e) => failed.push(format!("{} #{} (tier {}): {}", t.file, t.chunk, t.tier, e.lines().next().unwrap_or(""))),
        }
    }
    assert_eq!(total, 363, "tests.jsonl lists 305 tier 1 and 58 tier 2 tests");
    assert!(failed.is_empty(), "{passed} of {total} tier 1+2 tests pass; failing:\n  {}", failed.join("\n  "));
}

//! StableHLO's interpreter test suite (`shared/stablehlo-tests/mlir`), run end to end:
//! import, verify, lower, JIT, evaluate the `check.*` ops. Tiers come from `tests.jsonl`
//! (INDEX.md there). Every tier 1 and tier 2 test must pass. The harness variable
//! `XHLO_FUSE=greedy|off` runs them with another fusion mode (the default: e-graph fusion).

use crate::support::repo_root;
use xhlo::dialect::{source::split_input, XhloContext};

#[test]
fn stablehlo_interpreter_tests_pass_end_to_end() {
    let dir = repo_root().join("../shared/stablehlo-tests");
    let index = std::fs::read_to_string(dir.join("tests.jsonl")).expect("shared/stablehlo-tests beside the repo");
    let fusion = match std::env::var("XHLO_FUSE").as_deref() {
        Ok("0") | Ok("off") => xhlo::runtime::Fusion::Off,
        Ok("greedy") => xhlo::runtime::Fusion::Greedy,
        _ => xhlo::runtime::Fusion::EGraph,
    };
    let ctx = XhloContext::new();
    let mut chunks_of = std::collections::HashMap::new();
    let (mut passed, mut failed) = (0usize, Vec::new());
    let mut total = 0;
    for line in index.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let tier = row["tier"].as_u64().unwrap();
        if tier > 2 {
            continue;
        }
        total += 1;
        let file = row["file"].as_str().unwrap().to_string();
        let chunk = row["chunk"].as_u64().unwrap() as usize;
        let chunks = chunks_of.entry(file.clone()).or_insert_with(|| {
            let text = std::fs::read_to_string(dir.join("mlir").join(&file)).unwrap();
            split_input(&text).into_iter().map(|c| c.text).collect::<Vec<_>>()
        });
        let name = format!("{file} #{chunk}");
        let Some(text) = chunks.get(chunk) else {
            failed.push(format!("{name}: no such chunk"));
            continue;
        };
        match xhlo::check::run_chunk_with(&ctx, text, &file, fusion) {
            Ok(()) => passed += 1,
            Err(e) => failed.push(format!("{name} (tier {tier}): {}", e.lines().next().unwrap_or(""))),
        }
    }
    assert_eq!(total, 363, "tests.jsonl lists 305 tier 1 and 58 tier 2 tests");
    assert!(failed.is_empty(), "{passed} of {total} tier 1+2 tests pass; failing:\n  {}", failed.join("\n  "));
}

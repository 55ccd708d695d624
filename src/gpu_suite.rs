//! StableHLO's interpreter tests (tiers 1 and 2) on the GPU, in two halves around a machine
//! with no MLIR: [`prepare`] compiles each test chunk, its `check.*` operands turned into
//! results (as [`crate::check::run_chunk`] does), into a bundle and writes a manifest;
//! `xhlo-gpu-run BUNDLE --output-dir R/NAME` runs each there; [`evaluate`] reads the
//! results back here and evaluates the checks with the CPU suite's own code.

use crate::check::{extract_checks, suite_tests, test_entry, Check, SuiteTest};
use serde_json::{json, Value};
use std::path::Path;

/// A tier 1 or 2 chunk and the name of its bundle (and of its results' folder).
struct Case {
    name: String,
    test: SuiteTest,
}

fn cases(tests_dir: &Path) -> Result<Vec<Case>, String> {
    Ok(suite_tests(tests_dir, 2)?
        .into_iter()
        .enumerate()
        .map(|(i, test)| Case { name: format!("{i:03}-{}-{}", test.file.trim_end_matches(".mlir"), test.chunk), test })
        .collect())
}

/// The chunk's program with its checks as extra results, and the checks.
fn test_program(case: &Case) -> Result<(mlir_text::ast::File, String, Vec<Check>), String> {
    let file = &case.test.file;
    let xhlo_text = crate::import::to_xhlo_text(&case.test.text, file)?;
    let ctx = crate::dialect::XhloContext::new();
    let module = crate::dialect::source::parse_and_verify(&ctx, &xhlo_text, file).map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("; "))?;
    let mut parsed = crate::runtime::module_ast(&module, file).map_err(|e| e.to_string())?;
    let entry = test_entry(&parsed)?;
    let checks = extract_checks(&mut parsed, &entry)?;
    Ok((parsed, entry, checks))
}

/// Compiles every tier 1 and 2 test into `out_dir/NAME.xgpu` and writes
/// `out_dir/manifest.json` (each case's bundle, or the reason it has none). Returns
/// (bundled, not bundled).
pub fn prepare(tests_dir: &Path, out_dir: &Path) -> Result<(usize, usize), String> {
    std::fs::create_dir_all(out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let mut rows = Vec::new();
    let (mut bundled, mut refused) = (0, 0);
    for case in cases(tests_dir)? {
        let result = test_program(&case).and_then(|(parsed, entry, _)| {
            let ctx = crate::dialect::XhloContext::new();
            let bundle = crate::gpu_bundle::compile_bundle(&ctx, &parsed, &entry, &case.test.file).map_err(|e| e.to_string())?;
            if !bundle.inputs.is_empty() {
                return Err(format!("unsupported: the test function takes {} arguments", bundle.inputs.len()));
            }
            Ok(bundle)
        });
        let row = match result {
            Ok(bundle) => {
                let path = out_dir.join(format!("{}.xgpu", case.name));
                std::fs::write(&path, bundle.to_bytes()).map_err(|e| format!("{}: {e}", path.display()))?;
                bundled += 1;
                json!({"name": case.name, "file": case.test.file, "chunk": case.test.chunk, "tier": case.test.tier, "bundle": format!("{}.xgpu", case.name), "launches": bundle.steps.len()})
            }
            Err(e) => {
                refused += 1;
                json!({"name": case.name, "file": case.test.file, "chunk": case.test.chunk, "tier": case.test.tier, "error": e.lines().next().unwrap_or("").to_string()})
            }
        };
        rows.push(row);
    }
    let manifest = json!({"tests": rows});
    std::fs::write(out_dir.join("manifest.json"), serde_json::to_string_pretty(&manifest).unwrap_or_default()).map_err(|e| e.to_string())?;
    Ok((bundled, refused))
}

/// What [`evaluate`] found.
#[derive(Debug, Default)]
pub struct Outcome {
    pub passed: Vec<String>,
    /// Ran on the GPU and a check failed, or it did not run: name and reason.
    pub failed: Vec<(String, String)>,
    /// No bundle: name and reason.
    pub unsupported: Vec<(String, String)>,
}

/// Evaluates the checks of every bundled case on the results in `results_dir/NAME/`
/// (`result<i>.npy`, as `xhlo-gpu-run --output-dir` writes them).
pub fn evaluate(tests_dir: &Path, bundle_dir: &Path, results_dir: &Path) -> Result<Outcome, String> {
    let text = std::fs::read_to_string(bundle_dir.join("manifest.json")).map_err(|e| format!("{}: {e}", bundle_dir.join("manifest.json").display()))?;
    let manifest: Value = serde_json::from_str(&text).map_err(|e| format!("manifest.json: {e}"))?;
    let mut outcome = Outcome::default();
    for (case, row) in cases(tests_dir)?.into_iter().zip(manifest["tests"].as_array().into_iter().flatten()) {
        if let Some(e) = row["error"].as_str() {
            outcome.unsupported.push((case.name, e.to_string()));
            continue;
        }
        let verdict = (|| -> Result<(), String> {
            let (_, _, checks) = test_program(&case)?;
            let dir = results_dir.join(&case.name);
            if !dir.is_dir() {
                return Err("no results (the run failed or did not happen)".into());
            }
            let mut results = Vec::new();
            for i in 0.. {
                let path = dir.join(format!("result{i}.npy"));
                if !path.exists() {
                    break;
                }
                let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                results.push(crate::npy::from_npy(&bytes, None)?);
            }
            for c in &checks {
                crate::check::evaluate(c, &results).map_err(|e| format!("check at line {}: {e}", c.line))?;
            }
            Ok(())
        })();
        match verdict {
            Ok(()) => outcome.passed.push(case.name),
            Err(e) => outcome.failed.push((case.name, e)),
        }
    }
    Ok(outcome)
}

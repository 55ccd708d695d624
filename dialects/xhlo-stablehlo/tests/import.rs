//! The importer over the whole generic corpus: every chunk imports, or fails only for a
//! documented unsupported feature (quantization, f8/f6/f4 types, interpreter harness ops).

use crate::corpus::{chunks, files, shared};
use std::collections::BTreeMap;
use std::path::PathBuf;
use xhlo_stablehlo::import::import_text;
use xhlo_stablehlo::print::print_file;

/// Why a chunk is not imported, from its first error.
fn reason(message: &str) -> Option<&'static str> {
    if !message.contains("unsupported") {
        return None;
    }
    if message.contains("unsupported: quantization") {
        Some("quantization")
    } else if message.contains("unsupported: f8/f6/f4 types") {
        Some("f8/f6/f4 types")
    } else if message.contains("unsupported: interpreter harness feature") {
        Some("interpreter harness")
    } else if message.contains("CHLO op with no xhlo decomposition") {
        Some("chlo op without decomposition")
    } else {
        None
    }
}

/// Every generic chunk of the corpus: (name for reports, text).
pub fn corpus_chunks() -> Vec<(String, String)> {
    let mut inputs = files(&shared().join("stablehlo-tests/generic"), ".mlir");
    inputs.extend(files(&shared().join("workloads/stablehlo"), ".generic.mlir"));
    let mut out = Vec::new();
    for path in inputs {
        let text = std::fs::read_to_string(&path).unwrap();
        let stem = path.file_name().unwrap().to_string_lossy().replace(".mlir", "");
        for (i, chunk) in chunks(&text).into_iter().enumerate() {
            if chunk.contains("CONVERSION FAILED") || !chunk.contains("builtin.module") {
                continue;
            }
            out.push((format!("{stem}.{i}"), chunk.to_string()));
        }
    }
    out
}

/// Imports the corpus: (imported name → printed xhlo, unsupported reason → chunk names,
/// failures).
pub fn import_corpus() -> (BTreeMap<String, String>, BTreeMap<&'static str, Vec<String>>, Vec<String>) {
    let mut imported = BTreeMap::new();
    let mut unsupported: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    let mut failures = Vec::new();
    for (name, text) in corpus_chunks() {
        match import_text(&text) {
            Ok(file) => {
                imported.insert(name.clone(), print_file(&file, &format!("{name}.mlir")));
            }
            Err(errors) => {
                let reasons: Vec<_> = errors.iter().map(|e| reason(&e.message)).collect();
                match reasons.iter().all(Option::is_some) {
                    true => unsupported.entry(reasons[0].unwrap()).or_default().push(name),
                    false => failures.push(format!(
                        "{name}:\n{}",
                        errors.iter().map(|e| format!("  {e}")).collect::<Vec<_>>().join("\n")
                    )),
                }
            }
        }
    }
    (imported, unsupported, failures)
}

#[test]
fn corpus_imports_or_fails_only_for_documented_reasons() {
    let (imported, unsupported, failures) = import_corpus();
    assert!(failures.is_empty(), "{} chunks failed:\n{}", failures.len(), failures.join("\n"));
    let counts: BTreeMap<_, _> = unsupported.iter().map(|(k, v)| (*k, v.len())).collect();
    eprintln!("imported {}, unsupported {counts:?}", imported.len());
    for (k, v) in &unsupported {
        eprintln!("{k}: {}", v.join(" "));
    }
}

/// Writes every imported chunk to `$XHLO_IMPORT_OUT` (default `target/import-corpus`) and,
/// when `$XLA_OPT` names the xla-opt binary, verifies each one with it.
#[test]
#[ignore = "needs the xla-opt binary: XLA_OPT=/path/to/xla-opt cargo test -p xhlo-stablehlo -- --ignored"]
fn imported_corpus_verifies_in_xla_opt() {
    let (imported, _, _) = import_corpus();
    let dir = std::env::var("XHLO_IMPORT_OUT")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/import-corpus"));
    std::fs::create_dir_all(&dir).unwrap();
    let xla_opt = std::env::var("XLA_OPT").ok();
    let mut rejected = Vec::new();
    for (name, text) in &imported {
        let path = dir.join(format!("{name}.mlir"));
        std::fs::write(&path, text).unwrap();
        if let Some(bin) = &xla_opt {
            let out = std::process::Command::new(bin).arg(&path).output().expect("run xla-opt");
            if !out.status.success() {
                rejected.push(format!("{name}: {}", String::from_utf8_lossy(&out.stderr).trim()));
            }
        }
    }
    eprintln!("{} imported chunks written to {}; {} rejected by xla-opt", imported.len(), dir.display(), rejected.len());
    assert!(rejected.is_empty(), "xla-opt rejected {} of {}:\n{}", rejected.len(), imported.len(), rejected.join("\n"));
}

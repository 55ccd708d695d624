//! Every generic-form file of the shared corpus parses, and printing then reparsing gives
//! the same tree.

use std::path::{Path, PathBuf};
use xhlo_stablehlo::parse_file;
use mlir_text::print::print_file;

pub fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

pub fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.to_string_lossy().ends_with(suffix) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Positions differ between a file and its reprint; everything else must not.
pub fn strip_positions(ops: &mut [mlir_text::ast::Op]) {
    for op in ops {
        op.pos = Default::default();
        for r in &mut op.regions {
            for b in &mut r.blocks {
                strip_positions(&mut b.ops);
            }
        }
    }
}

pub fn chunks(text: &str) -> Vec<&str> {
    text.split("// -----").collect()
}

#[test]
fn generic_corpus_parses_and_round_trips() {
    let mut inputs = files(&shared().join("stablehlo-tests/generic"), ".mlir");
    inputs.extend(files(&shared().join("workloads/stablehlo"), ".generic.mlir"));
    assert!(!inputs.is_empty(), "shared corpus not found at {}", shared().display());
    let mut failures = Vec::new();
    let mut count = 0;
    for path in inputs {
        let text = std::fs::read_to_string(&path).unwrap();
        for chunk in chunks(&text) {
            if chunk.contains("CONVERSION FAILED") || chunk.trim().is_empty() {
                continue;
            }
            count += 1;
            match parse_file(chunk) {
                Err(e) => failures.push(format!("{}: {}", path.display(), e)),
                Ok(tree) => {
                    let printed = print_file(&tree, "x.mlir");
                    match parse_file(&printed) {
                        Err(e) => failures.push(format!("{} (reprinted): {e}\n{printed}", path.display())),
                        Ok(mut again) => {
                            let mut tree = tree;
                            strip_positions(&mut tree.ops);
                            strip_positions(&mut again.ops);
                            if again != tree {
                                failures.push(format!("{}: printing changed the tree", path.display()));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {count} chunks failed:\n{}", failures.len(), failures.join("\n"));
}

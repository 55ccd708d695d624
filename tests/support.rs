//! Shared helpers: paths and the list of case files.

use std::path::{Path, PathBuf};

pub fn repo_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Files under `dir` (relative to the repo root) with extension `ext`, sorted, recursively.
pub fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![repo_root().join(dir)];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Upstream mlir-opt from LLVM 22 (override with XHLO_MLIR_OPT).
pub fn mlir_opt() -> PathBuf {
    std::env::var_os("XHLO_MLIR_OPT").map(PathBuf::from).unwrap_or_else(|| "/usr/lib/llvm-22/bin/mlir-opt".into())
}

pub fn relative(p: &Path) -> String {
    p.strip_prefix(repo_root()).unwrap_or(p).display().to_string()
}

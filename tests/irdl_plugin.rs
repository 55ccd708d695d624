//! The plugin path: the checked-in `dialects/xhlo.irdl.mlir` is exactly what the catalogue
//! generates, and upstream `mlir-opt --irdl-file` accepts every valid xhlo file we have.

use crate::support::{files, mlir_opt, relative, repo_root};
use std::process::Command;

#[test]
fn checked_in_irdl_matches_the_catalogue() {
    let checked_in = std::fs::read_to_string(repo_root().join("dialects/xhlo.irdl.mlir")).unwrap();
    assert!(
        checked_in == xhlo::ir::irdl::dialect_irdl(),
        "dialects/xhlo.irdl.mlir is stale: run `make irdl` and commit it"
    );
}

#[test]
fn every_catalogue_op_is_in_the_irdl_module() {
    let irdl = xhlo::ir::irdl::dialect_irdl();
    for def in xhlo::ir::catalogue::all() {
        assert!(irdl.contains(&format!("irdl.operation @{} {{", def.name)), "xhlo.{} missing", def.name);
    }
}

/// The chunks of a split file that expect no diagnostics.
fn valid_chunks(text: &str) -> Vec<String> {
    text.split("\n// -----\n").filter(|c| !c.contains("expected-")).map(str::to_string).collect()
}

#[test]
fn upstream_mlir_opt_accepts_valid_xhlo_with_the_irdl_file() {
    let irdl = repo_root().join("dialects/xhlo.irdl.mlir");
    let mut inputs = files("tests/passes", "mlir");
    inputs.extend(files("tests/verify", "mlir"));
    inputs.extend(files("examples", "mlir").into_iter().filter(|p| !p.ends_with("invalid.mlir")));
    let mut checked = 0;
    for path in inputs {
        let text = std::fs::read_to_string(&path).unwrap();
        let chunks = valid_chunks(&text);
        if chunks.is_empty() {
            continue;
        }
        let out = Command::new(mlir_opt())
            .arg(format!("--irdl-file={}", irdl.display()))
            .arg("--split-input-file")
            .arg("-")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(chunks.join("\n// -----\n").as_bytes())?;
                child.wait_with_output()
            })
            .expect("mlir-opt from LLVM 22 runs (make deps installs it)");
        assert!(out.status.success(), "mlir-opt rejected {}:\n{}", relative(&path), String::from_utf8_lossy(&out.stderr));
        checked += chunks.len();
    }
    assert!(checked > 0);
}

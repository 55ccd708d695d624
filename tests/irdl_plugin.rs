//! The plugin path: the IRDL module the catalogue generates (`make irdl` writes it to
//! `target/xhlo.irdl.mlir`; it is not checked in, so adding an op touches no generated file)
//! lets upstream `mlir-opt --irdl-file` accept every valid xhlo file we have.

use crate::support::{files, mlir_opt, relative};
use melior::ir::operation::{OperationLike, WalkOrder, WalkResult};
use std::io::Write;
use std::process::{Command, Stdio};
use xhlo::dialect::{reader, source, XhloContext};
use xhlo::ir::{catalogue, op::segment};

/// The generated module, written once per test run where `mlir-opt` can read it.
fn irdl_file() -> std::path::PathBuf {
    static WRITTEN: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    WRITTEN
        .get_or_init(|| {
            let path = std::env::temp_dir().join(format!("xhlo-{}.irdl.mlir", std::process::id()));
            std::fs::write(&path, xhlo::ir::irdl::dialect_irdl()).unwrap();
            path
        })
        .clone()
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

/// Whether every variadic operand/result group of every xhlo op in `text` has one type: the
/// only programs IRDL's unifying constraint variables can accept.
fn variadic_groups_are_uniform(ctx: &XhloContext, text: &str) -> bool {
    let module = source::parse_and_verify(ctx, text, "chunk.mlir").expect("valid chunk");
    let mut uniform = true;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        let Some(def) = catalogue::lookup(&name).filter(|_| name.starts_with("xhlo.")) else {
            return WalkResult::Advance;
        };
        let read = reader::read_op(op).unwrap();
        for (slots, types, what) in [(def.operands, &read.operands, "operand"), (def.results, &read.results, "result")] {
            let sizes = read.attrs.get(&format!("{what}SegmentSizes"));
            for range in segment(slots, types.len(), sizes, what).unwrap() {
                let group = &types[range];
                uniform &= group.windows(2).all(|w| w[0] == w[1]);
            }
        }
        WalkResult::Advance
    });
    uniform
}

fn run_mlir_opt(input: &str) -> std::process::Output {
    let irdl = irdl_file();
    Command::new(mlir_opt())
        .arg(format!("--irdl-file={}", irdl.display()))
        .arg("--split-input-file")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(input.as_bytes())?;
            child.wait_with_output()
        })
        .expect("mlir-opt from LLVM 22 runs (make deps installs it)")
}

/// mlir-opt with the IRDL file accepts every valid program whose variadic groups are
/// uniform, and rejects the others only for IRDL's type unification (the documented
/// limitation of the plugin path; our own context replaces that verifier).
#[test]
fn upstream_mlir_opt_accepts_valid_xhlo_with_the_irdl_file() {
    let ctx = XhloContext::new();
    let mut inputs = files("tests/passes", "mlir");
    inputs.extend(files("tests/verify", "mlir"));
    inputs.extend(files("examples", "mlir").into_iter().filter(|p| !p.ends_with("invalid.mlir")));
    let (mut uniform, mut mixed) = (Vec::new(), Vec::new());
    for path in inputs {
        let text = std::fs::read_to_string(&path).unwrap();
        for chunk in valid_chunks(&text) {
            if variadic_groups_are_uniform(&ctx, &chunk) {
                uniform.push((relative(&path), chunk));
            } else {
                mixed.push(chunk);
            }
        }
    }
    assert!(uniform.len() > 100, "only {} uniform chunks", uniform.len());
    for (file, chunk) in &uniform {
        let out = run_mlir_opt(chunk);
        assert!(out.status.success(), "mlir-opt rejected a chunk of {file}:\n{chunk}\n{}", String::from_utf8_lossy(&out.stderr));
    }
    let out = run_mlir_opt(&mixed.join("\n// -----\n"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    for line in stderr.lines().filter(|l| l.contains(": error: ")) {
        assert!(line.contains("expected '") && line.contains("' but got '"), "unexpected mlir-opt error: {line}");
    }
}

//! Output forms other tools consume: StableHLO text (`--emit=stablehlo`) that imports back
//! to the same xhlo, and PTX for sm_90 (`--emit=ptx`), pinned by snapshot for the
//! element-wise and matmul workloads.

use crate::support::repo_root;
use xhlo::opt::{self, Emit, Options};

fn run(text: &str, emit: Emit, file: &str) -> String {
    let out = opt::run(&Options { emit, ..Default::default() }, text, file);
    assert!(out.success, "{file}: {}", out.errors.join("\n"));
    out.ir
}

#[test]
fn exported_stablehlo_imports_back_to_the_same_xhlo() {
    let dir = repo_root().join("../shared/workloads/stablehlo");
    for name in ["ew_chain", "softmax_1024", "layernorm_4096x1024", "mlp2_b256", "conv2d_56x56x64", "attention_s256_h8_d64"] {
        let file = format!("{name}.mlir");
        let source = std::fs::read_to_string(dir.join(&file)).unwrap();
        let xhlo = run(&source, Emit::Ir, &file);
        let stablehlo = run(&source, Emit::Stablehlo, &file);
        assert!(stablehlo.contains("stablehlo.") && !stablehlo.contains("xhlo."), "{name}: not StableHLO:\n{stablehlo}");
        let again = run(&stablehlo, Emit::Ir, &file);
        assert_eq!(again, xhlo, "{name}: import -> export -> import changed the program");
    }
}

#[test]
fn ptx_for_the_elementwise_and_matmul_workloads() {
    let dir = repo_root().join("../shared/workloads/stablehlo");
    for name in ["ew_chain", "matmul_256"] {
        let file = format!("{name}.mlir");
        let source = std::fs::read_to_string(dir.join(&file)).unwrap();
        let options = Options { pipeline: Some("builtin.module(xhlo-to-ptx)".into()), emit: Emit::Ptx, ..Default::default() };
        let out = opt::run(&options, &source, &file);
        assert!(out.success, "{}", out.errors.join("\n"));
        assert!(out.ir.contains(".target sm_90") && out.ir.contains(".entry"), "{name}: no PTX kernel");
        insta::assert_snapshot!(format!("ptx_{name}"), out.ir);
    }
}

//! Output forms other tools consume: StableHLO text (`--emit=stablehlo`) that imports back
//! to the same xhlo, and PTX for sm_90 (`--emit=ptx`), pinned by snapshot for the
//! element-wise and matmul workloads, and without calls into CUDA's libdevice (which GPU
//! bundles do not link) for every element-wise math op on f32, f16 and bf16.

use crate::support::repo_root;
use xhlo::lowering::libdevice::libdevice_calls;
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
        assert!(!out.ir.contains("__nv_"), "{name}: calls libdevice");
        insta::assert_snapshot!(format!("ptx_{name}"), out.ir);
    }
}

/// The element-wise float ops whose lowering uses a math op (or fmod), unary then binary.
const UNARY_MATH: &[&str] = &[
    "abs", "exponential", "exponential_minus_one", "log", "log_plus_one", "sqrt", "rsqrt", "cbrt", "cosine", "sine", "tan", "tanh",
    "erf", "erfc", "ceil", "floor", "round_nearest_afz", "round_nearest_even", "logistic", "sign",
];
const BINARY_MATH: &[&str] = &["power", "atan2", "remainder"];

/// One program applying `unary` and `binary` ops to 1024-element tensors of `ty`, plus
/// `is_finite`.
fn math_program(ty: &str, unary: &[&str], binary: &[&str]) -> String {
    let t = format!("tensor<1024x{ty}>");
    let mut body = Vec::new();
    let mut results = Vec::new();
    for (i, op) in unary.iter().enumerate() {
        body.push(format!("  %u{i} = \"xhlo.{op}\"(%x) : ({t}) -> {t}"));
        results.push((format!("%u{i}"), t.clone()));
    }
    for (i, op) in binary.iter().enumerate() {
        body.push(format!("  %b{i} = \"xhlo.{op}\"(%x, %y) : ({t}, {t}) -> {t}"));
        results.push((format!("%b{i}"), t.clone()));
    }
    body.push(format!("  %f = \"xhlo.is_finite\"(%x) : ({t}) -> tensor<1024xi1>"));
    results.push(("%f".into(), "tensor<1024xi1>".into()));
    let names: Vec<_> = results.iter().map(|r| r.0.as_str()).collect();
    let types: Vec<_> = results.iter().map(|r| r.1.as_str()).collect();
    format!(
        "func.func @main(%x: {t}, %y: {t}) -> ({}) {{\n{}\n  return {} : {}\n}}\n",
        types.join(", "),
        body.join("\n"),
        names.join(", "),
        types.join(", ")
    )
}

fn ptx(text: &str, file: &str) -> opt::Output {
    opt::run(&Options { pipeline: Some("builtin.module(xhlo-to-ptx)".into()), emit: Emit::Ptx, ..Default::default() }, text, file)
}

#[test]
fn ptx_of_every_math_op_on_f32_f16_bf16_calls_no_libdevice() {
    for ty in ["f32", "f16", "bf16"] {
        let file = format!("math_{ty}.mlir");
        let out = ptx(&math_program(ty, UNARY_MATH, BINARY_MATH), &file);
        assert!(out.success, "{file}: {}", out.errors.join("\n"));
        assert!(out.ir.matches(".entry").count() >= UNARY_MATH.len() + BINARY_MATH.len(), "{file}: kernels missing");
        assert_eq!(libdevice_calls(&out.ir), Vec::<String>::new(), "{file}");
        assert!(!out.ir.contains(".extern"), "{file}: calls an external function");
    }
}

#[test]
fn f64_math_that_needs_libdevice_is_refused_by_name() {
    let out = ptx(&math_program("f64", &["exponential", "sqrt", "floor"], &["remainder"]), "math_f64.mlir");
    assert!(!out.success, "{}", out.ir);
    let errors = out.errors.join("\n");
    for (op, function) in [("exp", "__nv_exp"), ("fmod", "__nv_fmod")] {
        let line = format!("unsupported on the GPU path: {op} on f64 ({function}) needs CUDA's libdevice, which bundles do not link");
        assert!(errors.contains(&line), "{errors}");
    }
    // sqrt and floor are instructions on f64 too.
    assert!(!errors.contains("sqrt") && !errors.contains("floor"), "{errors}");
}

//! The nine JAX workloads of `shared/workloads` and the project's own six of
//! `bench/workloads` (a transformer block, a CNN with pooling, a batched matmul, column
//! reductions, a scan, an embedding lookup) run through the whole compiler on their generated inputs and match the float64 reference checksums (tolerance in
//! `xhlo::workloads`).

use crate::support::repo_root;
use xhlo::dialect::{source, XhloContext};
use xhlo::runtime::{compile, CompileOptions, Fusion};

/// Without fusion, on two threads.
#[test]
fn every_workload_matches_its_reference_checksums() {
    run_all(Fusion::Off, 2);
}

/// The same with the e-graph's fusions (loop, input and output), the default, on every
/// core.
#[test]
fn every_workload_matches_its_reference_checksums_when_fused_in_the_egraph() {
    run_all(Fusion::EGraph, 0);
}

/// The default compiler on one thread.
#[test]
fn every_workload_matches_its_reference_checksums_on_one_thread() {
    run_all(Fusion::EGraph, 1);
}

/// The same with the greedy `xhlo-fuse` pass, on three threads (uneven splits).
#[test]
fn every_workload_matches_its_reference_checksums_when_fused_greedily() {
    run_all(Fusion::Greedy, 3);
}

fn run_all(fusion: Fusion, threads: usize) {
    let shared = repo_root().join("../shared/workloads");
    let own = repo_root().join("bench/workloads");
    let mut workloads = Vec::new();
    for (dir, count) in [(&shared, 9), (&own, 8)] {
        let list = xhlo::workloads::load(dir).expect("expected.json of the workloads");
        assert_eq!(list.len(), count, "{}", dir.display());
        workloads.extend(list.into_iter().map(|w| (dir.clone(), w)));
    }
    let ctx = XhloContext::new();
    let mut failures = Vec::new();
    for (dir, w) in &workloads {
        if let Err(e) = run_workload(&ctx, dir, w, &CompileOptions { fusion, threads, ..Default::default() }) {
            failures.push(format!("{}: {e}", w.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Compiles workload `w` of folder `dir` with `options`, runs it on its generated inputs and
/// compares the result with its float64 reference checksums.
fn run_workload(ctx: &XhloContext, dir: &std::path::Path, w: &xhlo::workloads::Workload, options: &CompileOptions) -> Result<(), String> {
    let path = w.source(dir);
    let file = path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
    let x = xhlo::import::to_xhlo_text(&text, &file)?;
    let m = source::parse_and_verify(ctx, &x, &file).map_err(|d| format!("{d:?}"))?;
    let p = compile(ctx, &m, options, &file).map_err(|e| e.to_string())?;
    let out = p.run(&w.inputs()).map_err(|e| e.to_string())?;
    xhlo::workloads::compare(&xhlo::workloads::checksum(&out[0]), &w.expected_f64)
}

/// A pass manager the context kept from one compilation compiles the next program as a new
/// one does (no pass carries state from one run to the next): layernorm's IR at every stage
/// (linalg, vector, LLVM), compiled after softmax in one context, is the same text as
/// compiled in a context of its own.
#[test]
fn a_kept_pass_manager_compiles_as_a_new_one_does() {
    let shared = repo_root().join("../shared/workloads/stablehlo");
    let dump = std::env::temp_dir().join(format!("xhlo-kept-pass-manager-{}", std::process::id()));
    let options = CompileOptions { dump_dir: Some(dump.clone()), ..Default::default() };
    let compile_file = |ctx: &XhloContext, name: &str| {
        let path = shared.join(format!("{name}.mlir"));
        let file = path.display().to_string();
        let text = xhlo::import::to_xhlo_text(&std::fs::read_to_string(&path).unwrap(), &file).unwrap();
        let module = source::parse_and_verify(ctx, &text, &file).unwrap_or_else(|d| panic!("{d:?}"));
        compile(ctx, &module, &options, &file).unwrap_or_else(|e| panic!("{e}"));
        ["1-linalg.mlir", "2-vector.mlir", "3-llvm.mlir"].map(|f| std::fs::read_to_string(dump.join(f)).unwrap())
    };
    let kept = XhloContext::new();
    compile_file(&kept, "softmax_1024");
    let after_softmax = compile_file(&kept, "layernorm_4096x1024");
    let alone = compile_file(&XhloContext::new(), "layernorm_4096x1024");
    std::fs::remove_dir_all(&dump).ok();
    for (stage, (a, b)) in ["linalg", "vector", "LLVM"].iter().zip(after_softmax.iter().zip(&alone)) {
        assert!(a == b, "the {stage} stage differs after another compilation in the same context");
    }
}

/// The vector stage (`xhlo-vectorize`) of attention and the transformer block: every product
/// handed to the dot library stays a library product (a short contraction, Q·Kᵀ over 64
/// features, once became one vector reduction per output element, 9x slower), the softmax
/// rows' last step is a `vector.reduction` (max and add), and the transpose between heads
/// and the model dimension, which keeps the innermost dimension, is vectorized.
#[test]
fn the_vector_stage_keeps_library_products_and_vectorizes_rows_and_row_moves() {
    let stages = |dir: &str, name: &str| {
        let path = repo_root().join(dir).join(format!("stablehlo/{name}.mlir"));
        let file = path.display().to_string();
        let dump = std::env::temp_dir().join(format!("xhlo-vector-stage-{name}-{}", std::process::id()));
        let ctx = XhloContext::new();
        let text = xhlo::import::to_xhlo_text(&std::fs::read_to_string(&path).unwrap(), &file).unwrap();
        let module = source::parse_and_verify(&ctx, &text, &file).unwrap_or_else(|d| panic!("{d:?}"));
        let options = CompileOptions { dump_dir: Some(dump.clone()), threads: 1, ..Default::default() };
        compile(&ctx, &module, &options, &file).unwrap_or_else(|e| panic!("{e}"));
        let read = |f: &str| std::fs::read_to_string(dump.join(f)).unwrap();
        let (linalg, vector) = (read("1-linalg.mlir"), read("2-vector.mlir"));
        std::fs::remove_dir_all(&dump).ok();
        (linalg, vector)
    };
    for (dir, name) in [("../shared/workloads", "attention_s256_h8_d64"), ("bench/workloads", "transformer_block_s128_d256")] {
        let (linalg, vector) = stages(dir, name);
        let products = |t: &str| t.matches("library_call = \"xhlo_gemm\"").count();
        assert!(products(&linalg) >= 2 && products(&vector) == products(&linalg), "{name}: the library's products before and after the vector stage: {} and {}", products(&linalg), products(&vector));
        assert!(vector.contains("vector.reduction <maximumf>") && vector.contains("vector.reduction <add>"), "{name}: the softmax rows' last step is not vectorized");
        if name.starts_with("transformer") {
            assert!(linalg.contains("linalg.transpose") && !vector.contains("permutation = [1, 0, 2]"), "{name}: the head transpose is not vectorized");
        }
    }
}

/// Stack buffers of loop iterations are released (or allocated once): a serial loop's
/// `memref.alloca` kept its buffer until the function returned, once per iteration, and an
/// 8-layer transformer overflowed the 8 MiB main stack (one block needed more than 512 KiB).
/// The transformer block, compiled for two threads, runs on a thread of 256 KiB.
#[test]
fn the_transformer_block_runs_in_a_small_stack() {
    let dir = repo_root().join("bench/workloads");
    let list = xhlo::workloads::load(&dir).expect("expected.json of the workloads");
    let w = list.into_iter().find(|w| w.name.starts_with("transformer_block")).expect("the transformer block workload");
    let outcome = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || run_workload(&XhloContext::new(), &dir, &w, &CompileOptions { threads: 2, ..Default::default() }))
        .expect("a thread")
        .join()
        .expect("the thread ends");
    outcome.unwrap();
}

//! Shared helpers: paths, the list of case files, deterministic f32 inputs.

use std::path::{Path, PathBuf};
use xhlo::ir::literal::Literal;
use xhlo::ir::{ElementType, TensorType};

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

/// Checks every entry of `dir` is named after a catalogue family: a file `<family>.<ext>`, or
/// (with `dirs`) a directory `<family>/` of such files by topic, so that an op's tests are
/// found under its family's name in every layer.
pub fn assert_named_after_families(dir: &str, ext: &str, dirs: bool) {
    let families: Vec<_> = xhlo::ir::catalogue::family_names().collect();
    let mut bad = Vec::new();
    let mut seen = Vec::new();
    for e in std::fs::read_dir(repo_root().join(dir)).unwrap().flatten() {
        let p = e.path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        let family = if p.is_dir() {
            if !dirs {
                bad.push(format!("{name}/ (no directories here)"));
                continue;
            }
            name.clone()
        } else {
            match name.strip_suffix(&format!(".{ext}")) {
                Some(stem) => stem.to_string(),
                None => {
                    bad.push(name);
                    continue;
                }
            }
        };
        if !families.contains(&family.as_str()) {
            bad.push(name);
        } else if seen.contains(&family) {
            bad.push(format!("{name} (both {family}.{ext} and {family}/)"));
        } else {
            seen.push(family);
        }
    }
    bad.sort();
    assert!(bad.is_empty(), "entries of {dir}/ not named after a catalogue family {families:?}: {bad:?}");
}

/// Deterministic values in [lo, hi) (splitmix64).
pub fn values(n: usize, seed: u64, lo: f64, hi: f64) -> Vec<f64> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            lo + (hi - lo) * ((z >> 11) as f64 / (1u64 << 53) as f64)
        })
        .collect()
}

pub fn f32_literal(dims: &[i64], xs: &[f64]) -> Literal {
    Literal { ty: TensorType::new(dims.to_vec(), ElementType::F32), bytes: xs.iter().flat_map(|&x| (x as f32).to_le_bytes()).collect() }
}

pub fn f32s(l: &Literal) -> Vec<f64> {
    l.bytes.chunks(4).map(|b| f32::from_le_bytes(b.try_into().unwrap()) as f64).collect()
}

/// Options for `threads` threads; on 3 every parallel loop runs in parallel however small,
/// so uneven splits run too.
pub fn on_threads(threads: usize) -> xhlo::runtime::CompileOptions {
    let min_parallel_work = if threads == 3 { 0 } else { xhlo::runtime::CompileOptions::default().min_parallel_work };
    xhlo::runtime::CompileOptions { threads, min_parallel_work, ..Default::default() }
}

/// Compiles the StableHLO `text` (as JAX prints it) with `options`; panics with the error.
pub fn compile_stablehlo(text: &str, options: &xhlo::runtime::CompileOptions) -> xhlo::runtime::Program {
    let ctx = xhlo::dialect::XhloContext::new();
    let xhlo = xhlo::import::to_xhlo_text(text, "test.mlir").unwrap_or_else(|e| panic!("{e}\n{text}"));
    let module = xhlo::dialect::source::parse_and_verify(&ctx, &xhlo, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    xhlo::runtime::compile(&ctx, &module, options, "test.mlir").unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// What the pipeline dumps of a compilation (`dump_dir`): the linalg, vector and LLVM
/// dialect stages.
pub struct Stages {
    pub linalg: String,
    pub vector: String,
    pub llvm: String,
}

/// [`compile_stablehlo`] with the stages it went through, dumped into a temporary folder
/// (removed after).
pub fn compile_with_stages(text: &str, options: xhlo::runtime::CompileOptions) -> (xhlo::runtime::Program, Stages) {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dump = std::env::temp_dir().join(format!("xhlo-stages-{}-{n}", std::process::id()));
    let program = compile_stablehlo(text, &xhlo::runtime::CompileOptions { dump_dir: Some(dump.clone()), ..options });
    let read = |f: &str| std::fs::read_to_string(dump.join(f)).unwrap();
    let stages = Stages { linalg: read("1-linalg.mlir"), vector: read("2-vector.mlir"), llvm: read("3-llvm.mlir") };
    std::fs::remove_dir_all(&dump).ok();
    (program, stages)
}

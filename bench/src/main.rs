//! `xla-bench`: compile time and run time (median of repeated runs) of every workload in
//! `shared/workloads` and `bench/workloads`, side by side with the XLA CPU (jax) and IREE
//! timings that the workloads' own harness (`bench.py`) measured in the same `make bench`
//! run, as ratios; and each one's achieved rate as a share of the machine's limit (FMA peak
//! or memory bandwidth, measured first: [`roofline`]). Writes `bench/results/xhlo.json` and
//! prints a markdown table.

mod roofline;
mod scaling;

use clap::Parser;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Instant;
use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::Literal;
use xhlo::runtime::{compile, CompileOptions, Fusion, Program, Tiles};
use xhlo::workloads::Rate;

/// The allocator of the tools: mimalloc (the e-graph passes allocate many small vectors;
/// glibc's malloc and free were a quarter of `xhlo-eqsat`'s time).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(after_help = "Environment:\n  XHLO_DOT_TILES=mr,nv,kc,mc,ku   the default of --dot-tiles\n  XHLO_LLVM_OPTIONS='-opt ...'    LLVM's own options for the JIT's code generation")]
struct Cli {
    /// The workload folders (expected.json, stablehlo/); repeat the option for several.
    #[arg(long, num_args = 1.., default_values = ["../shared/workloads", "bench/workloads"])]
    workloads: Vec<PathBuf>,
    /// Where bench.py wrote xla_*.json / iree_*.json (in it or in a folder inside it, e.g.
    /// `extra/` for bench/workloads), and where xhlo.json goes.
    #[arg(long, default_value = "bench/results")]
    results: PathBuf,
    /// Run only workloads whose name contains this.
    #[arg(long)]
    filter: Option<String>,
    /// Timing budget per workload in seconds (at least 5 runs, at most 200).
    #[arg(long, default_value_t = 2.0)]
    budget: f64,
    /// The tiled dot kernel's sizes mr,nv,kc,mc,ku, for tuning (default: XHLO_DOT_TILES, else
    /// 6,2,256,40,4).
    #[arg(long)]
    dot_tiles: Option<Tiles>,
    /// Bytes per vector of the dot and convolution kernels (16, 32, 64; 0: the host's widest)
    #[arg(long, default_value_t = 0)]
    vector_bytes: i64,
    /// Threads of the compiled programs (0: the host's available parallelism).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// LLVM's optimization level for the JIT (0-3).
    #[arg(long, default_value_t = 3)]
    opt_level: usize,
    /// Compile each workload this many times and report the fastest (1: one compile, as
    /// `bench.py` times XLA's); more steadies the compile column on a busy machine.
    #[arg(long, default_value_t = 1)]
    compile_repeats: usize,
    /// Skip measuring the machine's FMA peak and memory bandwidth (no roofline columns).
    #[arg(long)]
    no_roofline: bool,
    /// Compile f32/f64 dots into each program (the tiled kernel) instead of calling the dot
    /// library's precompiled GEMM, for comparison.
    #[arg(long)]
    no_gemm_library: bool,
    /// Keep row reductions and their row-by-row consumers as separate kernels (no
    /// `xhlo-row-fusion`), for comparison
    #[arg(long)]
    no_row_fusion: bool,
    /// Skip the compile-time scaling table (generated chains of 100 to 10,000 ops).
    #[arg(long)]
    no_scaling: bool,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

/// The peers' timings: bench.py's JSON files (`xla_2t.json`, ...) in the results folder and
/// the folders inside it (e.g. `extra/` for bench/workloads), each read once.
struct Peers {
    /// (file name, parsed contents), the results folder's own first.
    files: Vec<(String, Value)>,
}

impl Peers {
    fn load(results: &std::path::Path) -> Peers {
        let subdirs = std::fs::read_dir(results).into_iter().flatten().flatten().map(|e| e.path()).filter(|p| p.is_dir());
        let mut files = Vec::new();
        for dir in std::iter::once(results.to_path_buf()).chain(subdirs) {
            for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                let path = entry.path();
                let Some(name) = path.file_name().and_then(|n| n.to_str()).filter(|n| n.ends_with(".json")) else { continue };
                if let Some(json) = std::fs::read_to_string(&path).ok().and_then(|t| serde_json::from_str(&t).ok()) {
                    files.push((name.to_string(), json));
                }
            }
        }
        Peers { files }
    }

    /// `results[name][key]` from the first file called `file` that has it.
    fn get(&self, file: &str, name: &str, key: &str) -> Option<f64> {
        self.files.iter().filter(|(f, _)| f == file).find_map(|(_, json)| json["results"][name][key].as_f64())
    }
}

/// A workload's achieved rate in `ms` as a percentage of the machine's limit that bounds it
/// (FMA peak for GFLOP/s, memory bandwidth for GB/s), and which limit that is.
fn roofline_share(w: &xhlo::workloads::Workload, limits: &roofline::Limits, ms: f64) -> Option<(&'static str, f64)> {
    match w.rate(ms * 1e-3)? {
        Rate::Gflops(g) => Some(("FMA", 100.0 * g / limits.peak_gflops)),
        Rate::Gbs(g) => Some(("BW", 100.0 * g / limits.triad_gbs)),
    }
}

fn geomean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp())
}

/// A program compiled from its StableHLO text, and how long that took: import, parsing and
/// verification, the pipeline and LLVM's code generation, the span XLA's compile time covers
/// in `bench.py` (JAX's lowering to StableHLO plus XLA's compile). Inputs and the first run
/// are outside it, as they are for XLA.
fn compile_timed(ctx: &XhloContext, text: &str, file: &str, options: &CompileOptions) -> Result<(Program, f64), String> {
    let start = Instant::now();
    let xhlo_text = xhlo::import::to_xhlo_text(text, file)?;
    let module = source::parse_and_verify(ctx, &xhlo_text, file).map_err(|d| format!("{d:?}"))?;
    let program = compile(ctx, &module, options, file).map_err(|e| e.to_string())?;
    Ok((program, start.elapsed().as_secs_f64() * 1e3))
}

/// Compile time, median run time, all run times, and whether the checksums match.
fn measure(ctx: &XhloContext, text: &str, file: &str, options: &CompileOptions, w: &xhlo::workloads::Workload, inputs: &[Literal], budget: f64, compile_repeats: usize) -> Result<(f64, f64, Vec<f64>, bool), String> {
    let (program, mut compile_ms) = compile_timed(ctx, text, file, options)?;
    for _ in 1..compile_repeats {
        compile_ms = compile_ms.min(compile_timed(ctx, text, file, options)?.1);
    }
    let first = program.run(inputs).map_err(|e| e.to_string())?;
    let ok = xhlo::workloads::compare(&xhlo::workloads::checksum(&first[0]), &w.expected_f64).is_ok();
    let mut times = Vec::new();
    let clock = Instant::now();
    while times.len() < 5 || (times.len() < 200 && clock.elapsed().as_secs_f64() < budget) {
        let t = Instant::now();
        program.run(inputs).map_err(|e| e.to_string())?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    Ok((compile_ms, median(times.clone()), times, ok))
}

fn main() -> Result<(), String> {
    let cli = Cli::parse();
    if let Ok(v) = std::env::var("XHLO_LLVM_OPTIONS") {
        xhlo::dialect::context::set_llvm_options(&v).map_err(|e| format!("XHLO_LLVM_OPTIONS: {e}"))?;
    }
    let dot_tiles = match (cli.dot_tiles, std::env::var("XHLO_DOT_TILES").ok()) {
        (Some(t), _) => t,
        (None, Some(v)) => v.parse().map_err(|e| format!("XHLO_DOT_TILES: {e}"))?,
        (None, None) => Tiles::DEFAULT,
    };
    let mut workloads = Vec::new();
    for dir in &cli.workloads {
        workloads.extend(xhlo::workloads::load(dir)?.into_iter().map(|w| (dir.clone(), w)));
    }
    std::fs::create_dir_all(&cli.results).map_err(|e| e.to_string())?;
    let peers = Peers::load(&cli.results);
    let threads = if cli.threads == 0 { xhlo::passes::jit::available_threads() } else { cli.threads };
    let limits = (!cli.no_roofline).then(|| {
        let l = roofline::measure(threads);
        eprintln!("limits on {threads} threads: FMA peak {:.1} GFLOP/s ({}-bit vectors), triad {:.1} GB/s", l.peak_gflops, l.vector_bits, l.triad_gbs);
        l
    });
    let ctx = XhloContext::new();
    let mut rows = Vec::new();
    let mut out = serde_json::Map::new();
    let (mut run_ratios, mut compile_ratios) = (Vec::new(), Vec::new());
    for (dir, w) in &workloads {
        if cli.filter.as_ref().is_some_and(|f| !w.name.contains(f)) {
            continue;
        }
        let path = w.source(dir);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let file = path.display().to_string();
        let inputs = w.inputs();
        // With the e-graph pass (the default: fusion chosen in the e-graph), without it (no
        // rewrites, no fusion), and with the greedy fusion pass instead, for comparison. The
        // default is compiled first, while no other variant of this workload has run.
        let variant = |eqsat, fusion| CompileOptions { eqsat, fusion, dot_tiles, gemm_library: !cli.no_gemm_library, row_fusion: !cli.no_row_fusion, threads: cli.threads, vector_bytes: cli.vector_bytes, opt_level: cli.opt_level, ..Default::default() };
        let (compile_ms, ms, times, ok) = measure(&ctx, &text, &file, &variant(true, Fusion::EGraph), w, &inputs, cli.budget, cli.compile_repeats)?;
        let (_, plain_ms, _, plain_ok) = measure(&ctx, &text, &file, &variant(false, Fusion::Off), w, &inputs, cli.budget, 1)?;
        let (_, greedy_ms, _, greedy_ok) = measure(&ctx, &text, &file, &variant(true, Fusion::Greedy), w, &inputs, cli.budget, 1)?;
        let xhlo_text = xhlo::import::to_xhlo_text(&text, &file)?;
        let module = source::parse_and_verify(&ctx, &xhlo_text, &file).map_err(|d| format!("{d:?}"))?;
        let check: Result<(), ()> = if ok && plain_ok && greedy_ok { Ok(()) } else { Err(()) };
        // What the e-graph pass changed: kernels and the bytes they write.
        let mut ast = xhlo::runtime::module_ast(&module, &file).map_err(|e| e.to_string())?;
        // As compiling does: private helpers inlined first (`xhlo-inline`).
        xhlo::passes::inline::inline_file(&mut ast);
        let stats = xhlo::passes::eqsat::optimize_file(&mut ast, &xhlo::passes::eqsat::EqsatOptions::default());
        let kernels: [usize; 2] = [0, 1].map(|i| stats.functions.iter().map(|f| f.kernels[i]).sum());
        let mbytes: [f64; 2] = [0, 1].map(|i| stats.functions.iter().map(|f| f.materialized_bytes[i]).sum::<f64>() / 1e6);
        let xla = peers.get("xla_2t.json", &w.name, "median_ms");
        let iree = peers.get("iree_pretty_2t.json", &w.name, "median_ms");
        let xla_compile = peers.get("xla_2t.json", &w.name, "compile_ms").zip(peers.get("xla_2t.json", &w.name, "lower_ms")).map(|(c, l)| c + l);
        run_ratios.extend(xla.map(|x| ms / x));
        compile_ratios.extend(xla_compile.map(|x| compile_ms / x));
        let ratio = |p: Option<f64>| p.map(|p| format!("{:.2}", ms / p)).unwrap_or_else(|| "—".into());
        let ms_or = |p: Option<f64>| p.map(|p| format!("{p:.3}")).unwrap_or_else(|| "—".into());
        let share = |t: Option<f64>| match (&limits, t) {
            (Some(l), Some(t)) => roofline_share(w, l, t).map_or("—".into(), |(_, p)| format!("{p:.0}%")),
            _ => "—".into(),
        };
        let bound = match w.rate(1.0) {
            Some(Rate::Gflops(_)) => "FMA",
            Some(Rate::Gbs(_)) => "BW",
            None => "—",
        };
        rows.push(format!(
            "| {} | {:.0} | {} | {} → {} | {:.1} → {:.1} | {:.3} | {:.3} | {:.2} | {:.3} | {} | {} | {} | {} | {bound}: {} · {} · {} | {} |",
            w.name,
            compile_ms,
            xla_compile.map_or("—".into(), |c| format!("{c:.0}")),
            kernels[0],
            kernels[1],
            mbytes[0],
            mbytes[1],
            plain_ms,
            ms,
            plain_ms / ms,
            greedy_ms,
            ms_or(xla),
            ms_or(iree),
            ratio(xla),
            ratio(iree),
            share(Some(ms)),
            share(xla),
            share(iree),
            if check.is_ok() { "ok" } else { "MISMATCH" }
        ));
        out.insert(
            w.name.clone(),
            json!({"compile_ms": compile_ms, "median_ms": ms, "median_ms_without_eqsat_and_fusion": plain_ms, "median_ms_greedy_fusion": greedy_ms,
                   "kernels_before": kernels[0], "kernels_after": kernels[1], "materialized_mb_before": mbytes[0], "materialized_mb_after": mbytes[1], "min_ms": times.iter().cloned().fold(f64::INFINITY, f64::min),
                   "runs": times.len(), "xla_median_ms": xla, "iree_median_ms": iree, "xla_compile_ms": xla_compile,
                   "percent_of_limit": limits.as_ref().and_then(|l| roofline_share(w, l, ms)).map(|(_, p)| p),
                   "ratio_vs_xla": xla.map(|x| ms / x), "ratio_vs_iree": iree.map(|x| ms / x), "checksums_ok": check.is_ok()}),
        );
        eprintln!("{}: {ms:.3} ms", w.name);
    }
    println!("| workload | compile ms (xhlo) | XLA compile ms | kernels (eqsat) | materialized MB (eqsat) | xhlo ms without eqsat | xhlo median ms | speed-up from eqsat | xhlo ms, greedy fusion | XLA CPU ms | IREE ms | xhlo / XLA | xhlo / IREE | % of limit: xhlo · XLA · IREE | checksums |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for r in &rows {
        println!("{r}");
    }
    println!();
    let fmt = |g: Option<f64>| g.map_or("—".into(), |g| format!("{g:.2}"));
    println!("Geometric mean of xhlo / XLA: run time {}, compile time {} ({} threads).", fmt(geomean(&run_ratios)), fmt(geomean(&compile_ratios)), threads);
    if let Some(l) = &limits {
        println!(
            "Limits measured in this run on {} threads: FMA peak {:.1} GFLOP/s (f32, {}-bit vectors), STREAM triad {:.1} GB/s. FMA: GFLOP/s as % of the peak; BW: bytes a run must move per second as % of the triad's.",
            l.threads, l.peak_gflops, l.vector_bits, l.triad_gbs
        );
    }
    let mut scaling_json = Vec::new();
    if !cli.no_scaling {
        let options = CompileOptions { dot_tiles, gemm_library: !cli.no_gemm_library, row_fusion: !cli.no_row_fusion, threads: cli.threads, vector_bytes: cli.vector_bytes, opt_level: cli.opt_level, ..Default::default() };
        let rows = scaling::measure(&ctx, &options)?;
        println!();
        println!("Compile time against program size (generated chains of element-wise ops, default options):");
        println!();
        println!("| ops | compile ms | ms per 1000 ops | result |");
        println!("|---|---|---|---|");
        for r in &rows {
            println!("| {} | {:.0} | {:.0} | {} |", r.ops, r.compile_ms, r.compile_ms / r.ops as f64 * 1e3, if r.ok { "ok" } else { "MISMATCH" });
            scaling_json.push(json!({"ops": r.ops, "compile_ms": r.compile_ms, "result_ok": r.ok}));
        }
    }
    let path = cli.results.join("xhlo.json");
    let machine = limits.map(|l| json!({"threads": l.threads, "peak_gflops": l.peak_gflops, "vector_bits": l.vector_bits, "triad_gbs": l.triad_gbs}));
    std::fs::write(&path, serde_json::to_string_pretty(&json!({"results": out, "limits": machine, "geomean_ratio_vs_xla": geomean(&run_ratios), "geomean_compile_ratio_vs_xla": geomean(&compile_ratios), "compile_scaling": scaling_json})).unwrap()).map_err(|e| e.to_string())?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

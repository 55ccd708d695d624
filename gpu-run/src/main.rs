//! `xhlo-gpu-run`: run an xhlo GPU bundle (`xla-opt --emit=gpu-bundle`) on a CUDA GPU.
//!
//! ```text
//! xhlo-gpu-run BUNDLE [INPUT.npy ...] [-o DIR] [--print]
//! xhlo-gpu-run BUNDLE --random-inputs SEED
//! xhlo-gpu-run BUNDLE --workload NAME [--workloads-dir DIR]
//! xhlo-gpu-run BUNDLE ... --bench [--repeats N] [--warmup N] [--json FILE]
//! ```
//!
//! It prints what `xla-run` prints for the same program (a `result #i:` line per result, or
//! a workload's checksums and PASS/FAIL), so the two runs compare as text.

use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use xhlo_gpu_bundle::Bundle;
use xhlo_gpu_run::{BenchOptions, LoadedBundle, Runtime};
use xhlo_io::{npy, summary, workloads};
use xhlo_ir::literal::Literal;

#[derive(Parser)]
#[command(name = "xhlo-gpu-run", version, about = "Run an xhlo GPU bundle on a CUDA GPU (the NVIDIA driver is loaded at run time; no CUDA toolkit or MLIR needed)")]
struct Cli {
    /// The bundle, as `xla-opt --emit=gpu-bundle` writes it.
    bundle: PathBuf,
    /// Input arrays, one `.npy` file per argument of the entry, in order.
    inputs: Vec<PathBuf>,
    /// Generate the inputs (the workloads' splitmix64 generator; argument k uses SEED*1000+k,
    /// as in xla-run).
    #[arg(long = "random-inputs", conflicts_with_all = ["inputs", "workload"])]
    random_inputs: Option<u64>,
    /// Run the bundle as workload NAME of --workloads-dir: generate its inputs and compare the
    /// first result's checksums with its float64 reference (exit code 1 when they differ).
    #[arg(long, conflicts_with = "inputs")]
    workload: Option<String>,
    /// Where the workloads live (expected.json).
    #[arg(long, default_value = "../shared/workloads")]
    workloads_dir: PathBuf,
    /// Write each result as DIR/result<i>.npy.
    #[arg(short = 'o', long = "output-dir")]
    output_dir: Option<PathBuf>,
    /// Print every result's values (small tensors).
    #[arg(long)]
    print: bool,
    /// The GPU to run on (the CUDA driver's device ordinal).
    #[arg(long, default_value_t = 0)]
    device: usize,
    /// After the checked run, time the steps (CUDA events) and whole runs (host clock).
    #[arg(long)]
    bench: bool,
    /// Timed runs of each kind.
    #[arg(long, default_value_t = 100, requires = "bench", value_parser = clap::value_parser!(u64).range(1..))]
    repeats: u64,
    /// Untimed runs before the timed ones.
    #[arg(long, default_value_t = 10, requires = "bench")]
    warmup: usize,
    /// Write the benchmark's device, times and launch count to FILE as JSON.
    #[arg(long, requires = "bench")]
    json: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match std::panic::catch_unwind(|| run(&cli)) {
        Ok(Ok(true)) => ExitCode::SUCCESS,
        Ok(Ok(false)) => ExitCode::from(1),
        Ok(Err(e)) => {
            eprintln!("xhlo-gpu-run: error: {e}");
            ExitCode::from(1)
        }
        Err(_) => {
            eprintln!("xhlo-gpu-run: internal error (a bug: please report it with the bundle)");
            ExitCode::from(2)
        }
    }
}

/// Runs the bundle; `Ok(false)` for a workload whose checksums do not match.
fn run(cli: &Cli) -> Result<bool, String> {
    let path = cli.bundle.display().to_string();
    let bytes = std::fs::read(&cli.bundle).map_err(|e| format!("{path}: {e}"))?;
    let bundle = Bundle::from_bytes(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let workload = match &cli.workload {
        Some(name) => Some(find_workload(&cli.workloads_dir, name)?),
        None => None,
    };
    // Inputs are read before the device is opened: a wrong file is reported on any machine.
    let signature = xhlo_gpu_run::Signature::of(&bundle).map_err(|e| format!("{path}: {e}"))?;
    let inputs: Vec<Literal> = if let Some(w) = &workload {
        w.inputs()
    } else if let Some(seed) = cli.random_inputs {
        signature.inputs.iter().enumerate().map(|(k, t)| npy::random_input(t, seed * 1000 + k as u64)).collect()
    } else {
        if cli.inputs.len() != signature.inputs.len() {
            return Err(format!("@{} takes {} inputs ({}); give one .npy file each (or use --random-inputs SEED)", bundle.entry, signature.inputs.len(), types(&signature.inputs)));
        }
        cli.inputs
            .iter()
            .zip(&signature.inputs)
            .map(|(p, t)| {
                let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
                npy::from_npy(&bytes, Some(t)).map_err(|e| format!("{}: {e}", p.display()))
            })
            .collect::<Result<_, _>>()?
    };
    let physical = signature.to_physical(&inputs).map_err(|e| e.to_string())?;

    let runtime = Runtime::new(cli.device).map_err(|e| e.to_string())?;
    println!("{}", runtime.info);
    let start = std::time::Instant::now();
    let mut loaded = LoadedBundle::new(&runtime, bundle).map_err(|e| format!("{path}: {e}"))?;
    let load_time = start.elapsed();
    let refs: Vec<&[u8]> = physical.iter().map(Vec::as_slice).collect();
    let start = std::time::Instant::now();
    let outputs = loaded.run(&refs).map_err(|e| e.to_string())?;
    let run_time = start.elapsed();
    let outputs = loaded.signature.from_physical(&outputs);
    println!(
        "loaded @{} ({}, {}) in {:.3} s, ran in {:.6} s",
        loaded.bundle.entry,
        plural(loaded.bundle.modules.len(), "PTX module"),
        plural(loaded.launches(), "launch"),
        load_time.as_secs_f64(),
        run_time.as_secs_f64()
    );
    let passed = match &workload {
        Some(w) => report_workload(w, &path, &outputs, run_time.as_secs_f64(), &runtime)?,
        None => {
            for (i, out) in outputs.iter().enumerate() {
                println!("result #{i}: {}", summary::of(out));
                if cli.print {
                    println!("  {}", out.to_dense_body());
                }
            }
            true
        }
    };
    if let Some(dir) = &cli.output_dir {
        write_outputs(dir, &outputs)?;
    }
    if cli.bench {
        let options = BenchOptions { warmup: cli.warmup, repeats: cli.repeats as usize };
        let report = loaded.bench(&refs, options).map_err(|e| e.to_string())?;
        println!("{}", report.table());
        if let Some(file) = &cli.json {
            let text = serde_json::to_string_pretty(&report.to_json(&runtime.info, &path)).expect("plain data");
            std::fs::write(file, text + "\n").map_err(|e| format!("{}: {e}", file.display()))?;
        }
    }
    Ok(passed)
}

/// `1 launch`, `3 launches`.
fn plural(n: usize, noun: &str) -> String {
    match (n, noun.ends_with("ch")) {
        (1, _) => format!("1 {noun}"),
        (_, true) => format!("{n} {noun}es"),
        _ => format!("{n} {noun}s"),
    }
}

fn types(list: &[xhlo_ir::TensorType]) -> String {
    list.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
}

fn find_workload(dir: &Path, name: &str) -> Result<workloads::Workload, String> {
    let all = workloads::load(dir)?;
    let known = all.iter().map(|w| w.name.clone()).collect::<Vec<_>>().join(", ");
    all.into_iter().find(|w| w.name == name).ok_or_else(|| format!("no workload '{name}' (known: {known})"))
}

/// Prints a workload's checksums against its float64 reference as `xla-run --workload`
/// does, with the PASS/FAIL line.
fn report_workload(w: &workloads::Workload, path: &str, outputs: &[Literal], seconds: f64, runtime: &Runtime) -> Result<bool, String> {
    let first = outputs.first().ok_or("the bundle has no result to compare")?;
    let got = workloads::checksum(first);
    println!("{}: {} ({path})", w.name, w.desc);
    // The checked run (synchronized after each launch): a rate, not a benchmark.
    println!("  ran in {seconds:.4} s on {} ({})", runtime.info.name, w.rate_text(seconds));
    Ok(w.report(&first.ty, &got))
}

fn write_outputs(dir: &Path, outputs: &[Literal]) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| match dir.exists() && !dir.is_dir() {
        true => format!("--output-dir {}: not a directory", dir.display()),
        false => format!("{}: {e}", dir.display()),
    })?;
    for (i, value) in outputs.iter().enumerate() {
        let path = dir.join(format!("result{i}.npy"));
        std::fs::write(&path, npy::to_npy(value)?).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

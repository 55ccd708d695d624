//! `xla-opt`: an mlir-opt-style driver for xhlo.
//!
//! Reads xhlo (generic MLIR text), verifies it, runs `--pass-pipeline`, prints the result.
//! Exit code 0 on success, 1 on invalid input or a failed pipeline (diagnostics on stderr).
//! This binary (not the library) reads the environment variables listed in [`ENVIRONMENT`].

use clap::Parser;
use std::io::Write;
use std::process::ExitCode;
use xhlo::opt;

/// The allocator of the tools: mimalloc (the e-graph passes allocate many small vectors;
/// glibc's malloc and free were a quarter of `xhlo-eqsat`'s time).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The environment variables `xla-opt` reads: defaults of pass options.
const ENVIRONMENT: &str = "\
Environment (defaults of pass options, for every xhlo pass or pipeline of --pass-pipeline
that declares the option and is not given it there):
  XHLO_EQSAT_STATS=<any>          stats=true (as --eqsat-stats)
  XHLO_EQSAT_EXPLAIN=<any>        explain=true (as --eqsat-explain)
  XHLO_DOT_TILES=mr,nv,kc,mc,ku   dot-tiles= (convert-xhlo-to-linalg, xhlo-jit)
  XHLO_FUSE=0|off|greedy|egraph   fusion= (xhlo-jit)
  XHLO_DUMP_DIR=DIR               dump-dir= (xhlo-jit)";

#[derive(Parser)]
#[command(name = "xla-opt", version, about = "Verify and transform xhlo programs (mlir-opt style)", after_help = ENVIRONMENT)]
struct Cli {
    /// Input file, or `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
    /// Pass pipeline, e.g. `builtin.module(xhlo-cse,xhlo-dce,canonicalize)`.
    #[arg(long = "pass-pipeline")]
    pass_pipeline: Option<String>,
    /// Output file (default: standard output).
    #[arg(short = 'o', default_value = "-")]
    output: String,
    /// List the xhlo passes and exit.
    #[arg(long)]
    list_passes: bool,
    /// Split the input on `// -----` lines and process each chunk on its own.
    #[arg(long)]
    split_input_file: bool,
    /// Print the IR after every pass (to stderr).
    #[arg(long)]
    print_ir_after_all: bool,
    /// Print the wall time of each pass of the pipeline to stderr (MLIR's report).
    #[arg(long, visible_alias = "mlir-timing")]
    timing: bool,
    /// Check `// expected-error {{...}}` annotations against the diagnostics produced.
    #[arg(long)]
    verify_diagnostics: bool,
    /// Print operations in MLIR's generic form.
    #[arg(long = "mlir-print-op-generic")]
    print_generic: bool,
    /// What to print: `xhlo` (the IR after the pipeline), `stablehlo` (StableHLO text for
    /// other tools), `ptx` (the GPU kernels; implies
    /// `--pass-pipeline=builtin.module(xhlo-to-ptx)` when no pipeline is given), or `dot`
    /// (the fusion plan for Graphviz: kernels as boxes, the tensors written between them as
    /// edges with their bytes; implies `--pass-pipeline=builtin.module(xhlo-eqsat)`, the
    /// fusion decisions xla-run compiles, when no pipeline is given).
    /// `gpu-bundle` writes the program compiled for the GPU (sm_90) into one file for
    /// `xhlo-gpu-run`: PTX, launch plan, buffers, types and constants (`-o` names it; the
    /// pipeline is the bundle's own, `--pass-pipeline` is refused).
    #[arg(long, value_enum, default_value = "xhlo")]
    emit: EmitArg,
    /// The function `--emit=gpu-bundle` compiles (default: `@main`, else the only function).
    #[arg(long)]
    entry: Option<String>,
    /// Print the statistics of every `xhlo-eqsat` run (e-classes, e-nodes, iterations, time
    /// per phase, stop reason, cost before and after) to stderr: `stats=true` for every pass
    /// of the pipeline that has the option and is not given it.
    #[arg(long)]
    eqsat_stats: bool,
    /// Print egg's explanation of why each value `xhlo-eqsat` rewrote equals the original
    /// (the rules applied, step by step) to stderr: `explain=true` likewise.
    #[arg(long)]
    eqsat_explain: bool,
    /// Print the xhlo dialect's IRDL definition (for `mlir-opt --irdl-file`) and exit.
    #[arg(long)]
    emit_irdl: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum EmitArg {
    Xhlo,
    Stablehlo,
    Ptx,
    Dot,
    GpuBundle,
}

fn list_passes() -> String {
    let mut s = String::from("xhlo passes (upstream MLIR passes are accepted in pipelines too):\n");
    for p in xhlo::passes::registry::PASSES {
        s.push_str(&format!("  --{:<24} {}\n", p.info.argument, p.info.summary));
        for o in p.info.options {
            s.push_str(&format!("      {}={:<12} {}\n", o.name, o.default, o.help));
        }
    }
    for p in xhlo::passes::lowering::NATIVE_PASSES {
        s.push_str(&format!("  --{:<24} {} (C++)\n", p.argument, p.summary));
        for o in p.options {
            s.push_str(&format!("      {}={:<12} {}\n", o.name, o.default, o.help));
        }
    }
    s.push_str("\nnamed pipelines (each stage can be stopped at and printed):\n");
    for (name, body) in xhlo::passes::lowering::NAMED_PIPELINES {
        s.push_str(&format!("  --{name:<24} = {body}\n"));
    }
    let jit = &xhlo::passes::jit::INFO;
    s.push_str("\nthe default pipeline (xla-run and xhlo::runtime::compile run it; its options are theirs):\n");
    s.push_str(&format!("  --{:<24} {}\n", jit.argument, jit.summary));
    for o in jit.options {
        s.push_str(&format!("      {}={:<12} {}\n", o.name, o.default, o.help));
    }
    s
}

/// Pass option defaults from the flags and the environment ([`ENVIRONMENT`]).
fn option_defaults(cli: &Cli) -> Result<Vec<(String, String)>, String> {
    let env = |name: &str| std::env::var(name).ok();
    let mut d = Vec::new();
    if cli.eqsat_stats || env("XHLO_EQSAT_STATS").is_some() {
        d.push(("stats".to_string(), "true".to_string()));
    }
    if cli.eqsat_explain || env("XHLO_EQSAT_EXPLAIN").is_some() {
        d.push(("explain".to_string(), "true".to_string()));
    }
    if let Some(v) = env("XHLO_DOT_TILES") {
        let tiles: xhlo::runtime::Tiles = v.parse().map_err(|e| format!("XHLO_DOT_TILES: {e}"))?;
        d.push(("dot-tiles".to_string(), tiles.to_string()));
    }
    if let Some(v) = env("XHLO_FUSE") {
        let fusion = match v.as_str() {
            "0" | "off" => "off",
            "greedy" => "greedy",
            _ => "egraph",
        };
        d.push(("fusion".to_string(), fusion.to_string()));
    }
    if let Some(v) = env("XHLO_DUMP_DIR") {
        d.push(("dump-dir".to_string(), v));
    }
    Ok(d)
}

fn write_output(path: &str, text: &str) -> std::io::Result<()> {
    if path == "-" {
        std::io::stdout().write_all(text.as_bytes())
    } else {
        std::fs::write(path, text)
    }
}

/// `--emit=gpu-bundle`: the program compiled for the GPU, written to `-o`.
fn write_gpu_bundle(cli: &Cli, text: &str, filename: &str) -> Result<bool, String> {
    if cli.output == "-" {
        return Err("--emit=gpu-bundle writes a binary file: name it with -o FILE".into());
    }
    if cli.pass_pipeline.is_some() {
        return Err("--emit=gpu-bundle runs the GPU pipeline of its own; --pass-pipeline cannot be given with it".into());
    }
    let bundle = xhlo::gpu_bundle::compile_text(text, filename, cli.entry.as_deref())?;
    std::fs::write(&cli.output, bundle.to_bytes()).map_err(|e| format!("{}: {e}", cli.output))?;
    Ok(true)
}

fn run(cli: Cli) -> Result<bool, String> {
    if cli.list_passes {
        write_output(&cli.output, &list_passes()).map_err(|e| e.to_string())?;
        return Ok(true);
    }
    if cli.emit_irdl {
        write_output(&cli.output, &xhlo::ir::irdl::dialect_irdl()).map_err(|e| e.to_string())?;
        return Ok(true);
    }
    let (text, filename) = xhlo::source_file::read_source(&cli.input)?;
    let option_defaults = option_defaults(&cli)?;
    let emit = match cli.emit {
        EmitArg::Xhlo => opt::Emit::Ir,
        EmitArg::Stablehlo => opt::Emit::Stablehlo,
        EmitArg::Ptx => opt::Emit::Ptx,
        EmitArg::Dot => opt::Emit::Dot,
        EmitArg::GpuBundle => return write_gpu_bundle(&cli, &text, &filename),
    };
    let options = opt::Options {
        pipeline: cli.pass_pipeline.or_else(|| emit.implied_pipeline().map(str::to_string)),
        split_input_file: cli.split_input_file,
        print_ir_after_all: cli.print_ir_after_all,
        timing: cli.timing,
        verify_diagnostics: cli.verify_diagnostics,
        print_generic: cli.print_generic,
        emit,
        option_defaults,
    };
    let out = opt::run(&options, &text, &filename);
    for e in &out.errors {
        eprintln!("{e}");
    }
    if !out.ir.is_empty() {
        write_output(&cli.output, &out.ir).map_err(|e| format!("{}: {e}", cli.output))?;
    }
    Ok(out.success)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(true)) => ExitCode::SUCCESS,
        Ok(Ok(false)) => ExitCode::from(1),
        Ok(Err(message)) => {
            eprintln!("{}", xhlo::report::error_text("xla-opt", &message));
            ExitCode::from(1)
        }
        Err(_) => {
            eprintln!("xla-opt: internal error (a bug: please report it with the input)");
            ExitCode::from(2)
        }
    }
}

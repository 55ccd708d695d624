//! `xla-run`: compile an xhlo (or StableHLO) program with the JIT and run it.
//!
//! ```text
//! xla-run FILE [--entry NAME] [--input a.npy ...] [--random-inputs SEED] [--output-dir DIR]
//! xla-run --check FILE        # run check.* assertions, one PASS/FAIL line per test
//! xla-run --print-pipeline     # the pass pipeline the flags stand for (for xla-opt)
//! xla-run --replicas 4 FILE ...       # one process per replica under mpirun
//! mpirun -n 4 xla-run FILE --input x{rank}.npy --output-dir out/   # the same, by hand
//! ```
//!
//! Programs are compiled by the `xhlo-jit` pass pipeline; the compilation flags are its
//! options. This binary (not the library) reads the environment variables listed in
//! [`ENVIRONMENT`].

use clap::Parser;
use std::path::PathBuf;
use std::process::ExitCode;
use xhlo::check;
use xhlo::feed::Feed;
use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::Literal;
use xhlo::npy;
use xhlo::runtime::{compile_ast, module_ast, CompileOptions, Fusion, Tiles};

/// The allocator of the tools: mimalloc (the e-graph passes allocate many small vectors;
/// glibc's malloc and free were a quarter of `xhlo-eqsat`'s time).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The environment variables `xla-run` reads (each the default of a flag).
const ENVIRONMENT: &str = "\
Environment (each sets the default of a flag; the flag wins):
  XHLO_FUSE=0|off|greedy|egraph   --fusion (0 and off: no fusion)
  XHLO_EQSAT_STATS=<any>          --eqsat-stats
  XHLO_EQSAT_EXPLAIN=<any>        --eqsat-explain
  XHLO_DOT_TILES=mr,nv,kc,mc,ku   --dot-tiles
  XHLO_DUMP_DIR=DIR               --dump-dir
  XHLO_THREADS=N                  --threads
  XHLO_LLVM_OPTIONS='-opt ...'    LLVM's own options for the JIT's code generation (e.g.
                                  -disable-lsr), set once per process (no flag)
  OMPI_COMM_WORLD_SIZE, PMI_SIZE  set by Open MPI's and MPICH's mpirun: this process is
                                  one rank of a run (MPI is started at once; {rank} in
                                  --input paths, --output-dir/rank<r>/, lines prefixed
                                  `rank r:`)
  XHLO_MPI=openmpi|mpich          the MPI implementation to load, and whose mpirun
                                  --replicas and --check start (default: the launcher's,
                                  else the first installed, Open MPI first)

The flags are the options of the xhlo-jit pipeline that compiles the program:
`xla-run --print-pipeline [flags]` prints it, for xla-opt --pass-pipeline=...";

#[derive(Parser)]
#[command(name = "xla-run", version, about = "Compile an xhlo or StableHLO program with the JIT and run it", after_help = ENVIRONMENT)]
struct Cli {
    /// The program (xhlo generic text or StableHLO), or `-` for standard input.
    #[arg(required_unless_present_any = ["print_pipeline", "gpu_suite_prepare", "gpu_suite_check"])]
    file: Option<String>,
    /// The function to run.
    #[arg(long, default_value = "main")]
    entry: String,
    /// Input arrays, one `.npy` file per parameter, in order.
    #[arg(long = "input")]
    inputs: Vec<PathBuf>,
    /// Generate the inputs (the workloads' splitmix64 generator; argument k uses SEED*1000+k).
    #[arg(long = "random-inputs", conflicts_with = "inputs")]
    random_inputs: Option<u64>,
    /// One item of the infeed queue, in order: a `.npy` file per value of the item, joined
    /// by commas (`--infeed a.npy,b.npy` for an infeed of two values); repeat for each item.
    #[arg(long = "infeed")]
    infeed: Vec<String>,
    /// Write each result as DIR/result<i>.npy (and value j of outfeed item i as
    /// DIR/outfeed<i>_<j>.npy).
    #[arg(long = "output-dir")]
    output_dir: Option<PathBuf>,
    /// Run a test file: split on `// -----`, run each chunk's entry, evaluate its check ops.
    #[arg(long)]
    check: bool,
    /// Print every result's values (small tensors).
    #[arg(long)]
    print: bool,
    /// Treat FILE as the name of a workload of --workloads-dir: generate its inputs and
    /// compare the result with its expected checksums.
    #[arg(long)]
    workload: bool,
    /// Compile without equality saturation (`xhlo-eqsat`), which runs by default
    /// (`eqsat=false`).
    #[arg(long = "no-eqsat")]
    no_eqsat: bool,
    /// Who groups ops into fused kernels: `egraph` (the default: phase 3 of `xhlo-eqsat`,
    /// chosen by the cost model), `greedy` (the `xhlo-fuse` pass after eqsat) or `off`
    /// (`fusion=`; default: XHLO_FUSE, else egraph).
    #[arg(long)]
    fusion: Option<Fusion>,
    /// The same as --fusion=off.
    #[arg(long)]
    no_fuse: bool,
    /// Print the statistics of every `xhlo-eqsat` run (e-classes, e-nodes, iterations, time
    /// per phase, stop reason, cost before and after; and xhlo-fuse's) to stderr
    /// (`stats=true`; also when XHLO_EQSAT_STATS is set).
    #[arg(long)]
    eqsat_stats: bool,
    /// Print where compile time goes to stderr: the wall time of each pass (MLIR's
    /// `--mlir-timing` report), then the phases (pass pipeline, LLVM code generation).
    #[arg(long, visible_alias = "mlir-timing")]
    timing: bool,
    /// LLVM's optimization level for the JIT (0-3): lower levels compile faster.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    opt_level: u8,
    /// Print egg's explanation of why each value `xhlo-eqsat` rewrote equals the original
    /// (the rules applied, step by step) to stderr (`explain=true`; also when
    /// XHLO_EQSAT_EXPLAIN is set).
    #[arg(long)]
    eqsat_explain: bool,
    /// xhlo-eqsat's iterations per phase (`iter-limit=`).
    #[arg(long, default_value_t = 30)]
    eqsat_iter_limit: usize,
    /// xhlo-eqsat's e-node limit (`node-limit=`).
    #[arg(long, default_value_t = 20000)]
    eqsat_node_limit: usize,
    /// xhlo-eqsat's time per body in ms (`time-limit-ms=`).
    #[arg(long, default_value_t = 2000)]
    eqsat_time_limit_ms: u64,
    /// Let xhlo-eqsat apply rules that are not bit-exact for floats (`fast-math=true`).
    #[arg(long)]
    fast_math: bool,
    /// Lower dots with the plain linalg.generic, not the register-tiled kernel
    /// (`tile-dots=false`).
    #[arg(long)]
    no_tile_dots: bool,
    /// Compile f32/f64 dots into the program (the tiled kernel, or the plain generic with
    /// --no-tile-dots) instead of calling the dot library's precompiled GEMM
    /// (`gemm-library=false`).
    #[arg(long)]
    no_gemm_library: bool,
    /// Keep a row reduction and the kernels consuming it row by row (softmax, layer norm) as
    /// separate kernels instead of one loop over blocks of rows (`row-fusion=false`)
    #[arg(long)]
    no_row_fusion: bool,
    /// The tiled dot kernel's sizes mr,nv,kc,mc,ku (`dot-tiles=`; default: XHLO_DOT_TILES,
    /// else 6,2,256,40,4).
    #[arg(long)]
    dot_tiles: Option<Tiles>,
    /// Write the lowered linalg, the vector stage and the LLVM dialect to DIR/1-linalg.mlir,
    /// DIR/2-vector.mlir and DIR/3-llvm.mlir
    /// (`dump-dir=`; default: XHLO_DUMP_DIR).
    #[arg(long)]
    dump_dir: Option<PathBuf>,
    /// Threads the compiled program runs on (`threads=`; default: XHLO_THREADS, else 0 = the
    /// host's available parallelism; 1 = everything on the calling thread). Needs the OpenMP
    /// runtime (libomp); without it programs run on one thread, with a warning.
    #[arg(long)]
    threads: Option<usize>,
    /// The key of the stream rng_uniform and rng_normal draw from (`rng-seed=`): the same
    /// seed draws the same numbers.
    #[arg(long, default_value_t = 0)]
    rng_seed: u64,
    /// The largest tensor the program may declare, in bytes, with an optional K, M or G
    /// suffix (powers of 1024); larger ones are refused before compiling (default: the
    /// machine's memory).
    #[arg(long, value_parser = parse_bytes)]
    memory_limit: Option<u64>,
    /// Print the pass pipeline these flags stand for and exit.
    #[arg(long)]
    print_pipeline: bool,
    /// Run on N replicas, one process each: `xla-run` starts itself under `mpirun -n N`
    /// (times --partitions) unless it already runs under mpirun; there it sets the replica
    /// count (default: the module's `mhlo.num_replicas`, else the processes / partitions).
    #[arg(long)]
    replicas: Option<usize>,
    /// Partitions per replica (default: the module's `mhlo.num_partitions`, else 1).
    #[arg(long)]
    partitions: Option<usize>,
    /// End the run (every process of it) after SECS seconds, naming the op each waits in.
    #[arg(long)]
    timeout: Option<u64>,
    /// (Internal, for --check) run this process's program of chunk I's run_parallel and
    /// write its results to --output-dir/rank<r>/.
    #[arg(long, hide = true)]
    parallel_chunk: Option<usize>,
    /// Where the workloads live (expected.json, stablehlo/).
    #[arg(long, default_value = "../shared/workloads")]
    workloads_dir: PathBuf,
    /// Compile StableHLO's tier 1 and 2 interpreter tests (--tests-dir) into GPU bundles in
    /// DIR, with DIR/manifest.json, for `xhlo-gpu-run` on a GPU machine.
    #[arg(long, value_name = "DIR")]
    gpu_suite_prepare: Option<PathBuf>,
    /// Evaluate the checks of the bundles in DIR (--gpu-suite-prepare's) on the results a GPU
    /// run wrote to --gpu-results (one folder per test, result<i>.npy in each).
    #[arg(long, value_name = "DIR", requires = "gpu_results")]
    gpu_suite_check: Option<PathBuf>,
    #[arg(long, value_name = "DIR")]
    gpu_results: Option<PathBuf>,
    /// Where StableHLO's interpreter tests live (tests.jsonl, mlir/).
    #[arg(long, default_value = "../shared/stablehlo-tests")]
    tests_dir: PathBuf,
}

/// `--gpu-suite-prepare` and `--gpu-suite-check`.
fn run_gpu_suite(cli: &Cli) -> Result<bool, String> {
    if let Some(dir) = &cli.gpu_suite_prepare {
        let (bundled, refused) = xhlo::gpu_suite::prepare(&cli.tests_dir, dir)?;
        println!("{bundled} tests bundled, {refused} unsupported on the GPU path (reasons in {})", dir.join("manifest.json").display());
        return Ok(true);
    }
    let (Some(dir), Some(results)) = (&cli.gpu_suite_check, &cli.gpu_results) else { return Err("--gpu-suite-check needs --gpu-results".into()) };
    let outcome = xhlo::gpu_suite::evaluate(&cli.tests_dir, dir, results)?;
    for (name, why) in &outcome.failed {
        println!("FAIL {name}: {why}");
    }
    for (name, why) in &outcome.unsupported {
        println!("UNSUPPORTED {name}: {why}");
    }
    println!("{} passed, {} failed, {} unsupported on the GPU path", outcome.passed.len(), outcome.failed.len(), outcome.unsupported.len());
    Ok(outcome.failed.is_empty())
}


/// Parses and verifies a chunk (StableHLO is imported first) and returns its syntax tree.
fn load(ctx: &XhloContext, text: &str, file: &str) -> Result<xhlo::mlir_text::ast::File, String> {
    let xhlo_text = xhlo::import::to_xhlo_text(text, file)?;
    let module = source::parse_and_verify(ctx, &xhlo_text, file).map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))?;
    module_ast(&module, file).map_err(|e| e.to_string())
}

/// This process's rank and the run's size when it was started by `mpirun` (MPI is then
/// started at once, so that a failure on any rank ends them all).
fn mpi_rank() -> Result<Option<(usize, usize)>, String> {
    if mpi_choice()?.launched_by.is_none() {
        return Ok(None);
    }
    let mpi = xhlo::mpi::get()?;
    Ok(Some((mpi.rank, mpi.size)))
}

/// What the environment says of MPI: `XHLO_MPI`, and the launcher that started this
/// process (its variable set); given to the library, which reads no environment.
fn mpi_choice() -> Result<xhlo::mpi::abi::Choice, String> {
    use xhlo::mpi::abi;
    let requested = match std::env::var("XHLO_MPI") {
        Ok(key) if !key.is_empty() => Some(abi::by_key(&key)?),
        _ => None,
    };
    let launched_by = abi::ABIS.iter().copied().find(|a| std::env::var_os(a.launched).is_some());
    let choice = abi::Choice { requested, launched_by };
    abi::choose(choice);
    Ok(choice)
}

/// A launcher program of `abi` found on `PATH`.
fn launcher_of(abi: &xhlo::mpi::abi::Abi) -> Option<&'static str> {
    let path = std::env::var_os("PATH")?;
    abi.launchers.iter().copied().find(|l| std::env::split_paths(&path).any(|d| d.join(l).is_file()))
}

/// The implementation and launcher a run that starts its own processes uses (`--replicas`,
/// `--check` of run_parallel tests): `XHLO_MPI`'s, else the first whose launcher is
/// installed, else Open MPI's options with the plain `mpirun`.
fn launcher() -> Result<(&'static xhlo::mpi::abi::Abi, &'static str), String> {
    use xhlo::mpi::abi;
    if let Some(abi) = mpi_choice()?.requested {
        let program = launcher_of(abi).ok_or_else(|| format!("XHLO_MPI={}: none of {} is on PATH (install {})", abi.key, abi.launchers.join(", "), abi.packages))?;
        return Ok((abi, program));
    }
    Ok(abi::ABIS.iter().find_map(|a| launcher_of(a).map(|l| (*a, l))).unwrap_or((&abi::OPEN_MPI, "mpirun")))
}

/// The MPI implementation's `mpirun` ([`launcher`]) with the options a run of `processes`
/// needs here (more processes than cores, and root in containers), and what to install
/// when it cannot be started.
fn mpirun(processes: usize) -> Result<(std::process::Command, String), String> {
    let (abi, program) = launcher()?;
    let mut c = std::process::Command::new(program);
    c.args(["-n", &processes.to_string()]).args(abi.oversubscribe);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        c.args(abi.as_root);
    }
    Ok((c, format!("{program} could not be started: install {} ({}), or `make deps`", abi.name, abi.packages)))
}

/// Runs this command line again under `mpirun`, one process per replica and partition.
fn launch(cli: &Cli) -> Result<bool, String> {
    let processes = cli.replicas.unwrap_or(1) * cli.partitions.unwrap_or(1);
    let exe = std::env::current_exe().map_err(|e| format!("xla-run's own path: {e}"))?;
    let (mut command, missing) = mpirun(processes)?;
    let status = command.arg(exe).args(std::env::args_os().skip(1)).status().map_err(|e| format!("{missing} ({e})"))?;
    Ok(status.success())
}

/// Ends every process of the run after `seconds`, naming the op this one waits in.
fn watchdog(seconds: u64) {
    std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(seconds));
        // A process in no collective (done and waiting in MPI_Finalize, or computing) gives
        // the others a second to time out first: a process waiting in an op names it, and
        // the first to abort ends them all.
        if xhlo::collective::current_op().is_none() {
            std::thread::sleep(std::time::Duration::from_secs(1));
        }
        let at = xhlo::collective::current_op().map(|op| format!(" waiting in {op}")).unwrap_or_default();
        xhlo::mpi::abort(&format!("xla-run: error: timed out after {seconds} s{at}"));
    });
}

fn run_program(cli: &Cli) -> Result<bool, String> {
    let rank = mpi_rank()?;
    if rank.is_none() && (cli.replicas.is_some() || cli.partitions.is_some()) {
        return launch(cli);
    }
    let (text, file) = xhlo::source_file::read_source(cli.file.as_deref().unwrap_or("-"))?;
    let ctx = XhloContext::new();
    let parsed = load(&ctx, &text, &file)?;
    let options = compile_options(cli)?;
    let program = compile_ast(&ctx, &parsed, &options, &file).map_err(|e| e.to_string())?;
    // Under mpirun: `{rank}` in input paths, a folder per rank for the outputs, and the
    // rank before each line.
    let place = |p: &std::path::Path| match rank {
        Some((r, _)) => PathBuf::from(p.to_string_lossy().replace("{rank}", &r.to_string())),
        None => p.to_path_buf(),
    };
    let output_dir = cli.output_dir.as_ref().map(|d| match rank {
        Some((r, _)) => d.join(format!("rank{r}")),
        None => d.clone(),
    });
    let prefix = rank.map(|(r, _)| format!("rank {r}: ")).unwrap_or_default();
    let inputs: Vec<Literal> = if let Some(seed) = cli.random_inputs {
        program.inputs.iter().enumerate().map(|(k, t)| npy::random_input(t, seed * 1000 + k as u64)).collect()
    } else {
        if cli.inputs.len() != program.inputs.len() {
            return Err(format!("@{} takes {} inputs; give them with --input (or use --random-inputs SEED)", cli.entry, program.inputs.len()));
        }
        cli.inputs
            .iter()
            .zip(&program.inputs)
            .map(|(p, t)| {
                let p = place(p);
                let bytes = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
                npy::from_npy(&bytes, Some(t)).map_err(|e| format!("{}: {e}", p.display()))
            })
            .collect::<Result<_, _>>()?
    };
    let mut items = Vec::new();
    for item in &cli.infeed {
        let values = item.split(',').map(|p| {
            let bytes = std::fs::read(p).map_err(|e| format!("--infeed {p}: {e}"))?;
            npy::from_npy(&bytes, None).map_err(|e| format!("--infeed {p}: {e}"))
        });
        items.push(values.collect::<Result<Vec<_>, _>>()?);
    }
    let start = std::time::Instant::now();
    let (outputs, feed) = program.run_with_feed(&inputs, Feed::with_infeed(items)).map_err(|e| e.to_string())?;
    let run_time = start.elapsed();
    println!("{prefix}compiled @{} in {:.3} s, ran in {:.6} s", cli.entry, program.compile_time.as_secs_f64(), run_time.as_secs_f64());
    // Each result and each outfeed value: its summary, its values with --print, and a
    // `.npy` file with --output-dir.
    let report = |label: String, file: String, value: &Literal| -> Result<(), String> {
        println!("{prefix}{label}: {}", xhlo::summary::of(value));
        if cli.print {
            println!("{prefix}  {}", value.to_dense_body());
        }
        if let Some(dir) = &output_dir {
            std::fs::create_dir_all(dir).map_err(|e| match dir.exists() && !dir.is_dir() {
                true => format!("--output-dir {}: not a directory", dir.display()),
                false => format!("{}: {e}", dir.display()),
            })?;
            let path = dir.join(file);
            std::fs::write(&path, npy::to_npy(value)?).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        Ok(())
    };
    for (i, out) in outputs.iter().enumerate() {
        report(format!("result #{i}"), format!("result{i}.npy"), out)?;
    }
    for (i, item) in feed.outfeed.iter().enumerate() {
        for (j, value) in item.iter().enumerate() {
            report(format!("outfeed #{i}.{j}"), format!("outfeed{i}_{j}.npy"), value)?;
        }
    }
    if !feed.infeed.is_empty() {
        eprintln!("xla-run: warning: {} infeed item(s) were not read", feed.infeed.len());
    }
    Ok(true)
}

/// `1048576`, `512K`, `64M`, `2G`: bytes, or kibi-, mebi- or gibibytes.
fn parse_bytes(text: &str) -> Result<u64, String> {
    let (digits, unit) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&text[..i], c.to_ascii_uppercase()),
        _ => (text, 'B'),
    };
    let shift = match unit {
        'B' => 0,
        'K' => 10,
        'M' => 20,
        'G' => 30,
        _ => return Err(format!("'{text}': expected bytes with an optional K, M or G suffix")),
    };
    let n: u64 = digits.parse().map_err(|_| format!("'{text}': expected bytes with an optional K, M or G suffix"))?;
    n.checked_mul(1 << shift).ok_or_else(|| format!("'{text}' is too large"))
}

fn test_name(text: &str, index: usize) -> String {
    let re = regex_lite::Regex::new(r"func\.func\s+(?:public\s+|private\s+)?@([\w.$-]+)").unwrap();
    let names: Vec<_> = re.captures_iter(text).map(|c| c[1].to_string()).collect();
    if names.iter().any(|n| n == "main") {
        return format!("main#{index}");
    }
    names.last().cloned().unwrap_or_else(|| format!("chunk#{index}"))
}

/// The compilation options (the options of `xhlo-jit`): the flags, else the environment's
/// defaults ([`ENVIRONMENT`]), else the pipeline's.
fn compile_options(cli: &Cli) -> Result<CompileOptions, String> {
    let env = |name: &str| std::env::var(name).ok();
    let fusion = if cli.no_fuse {
        Fusion::Off
    } else if let Some(f) = cli.fusion {
        f
    } else {
        match env("XHLO_FUSE").as_deref() {
            Some("0") | Some("off") => Fusion::Off,
            Some("greedy") => Fusion::Greedy,
            _ => Fusion::EGraph,
        }
    };
    let dot_tiles = match (cli.dot_tiles, env("XHLO_DOT_TILES")) {
        (Some(t), _) => t,
        (None, Some(v)) => v.parse().map_err(|e| format!("XHLO_DOT_TILES: {e}"))?,
        (None, None) => Tiles::DEFAULT,
    };
    let mut options = CompileOptions {
        entry: cli.entry.clone(),
        eqsat: !cli.no_eqsat,
        fusion,
        tile_dots: !cli.no_tile_dots,
        gemm_library: !cli.no_gemm_library,
        row_fusion: !cli.no_row_fusion,
        dot_tiles,
        rng_seed: cli.rng_seed,
        num_replicas: cli.replicas,
        num_partitions: cli.partitions,
        memory_limit: cli.memory_limit,
        ..Default::default()
    };
    let e = &mut options.eqsat_options;
    e.iter_limit = cli.eqsat_iter_limit;
    e.node_limit = cli.eqsat_node_limit;
    e.time_limit_ms = cli.eqsat_time_limit_ms;
    e.fast_math = cli.fast_math;
    e.stats = cli.eqsat_stats || std::env::var_os("XHLO_EQSAT_STATS").is_some();
    e.explain = cli.eqsat_explain || std::env::var_os("XHLO_EQSAT_EXPLAIN").is_some();
    options.timing = cli.timing;
    options.opt_level = cli.opt_level as usize;
    options.dump_dir = cli.dump_dir.clone().or_else(|| std::env::var_os("XHLO_DUMP_DIR").map(PathBuf::from));
    options.threads = match (cli.threads, env("XHLO_THREADS")) {
        (Some(n), _) => n,
        (None, Some(v)) => v.parse().map_err(|_| format!("XHLO_THREADS: expected a number of threads, got '{v}'"))?,
        (None, None) => 0,
    };
    if let Some(v) = env("XHLO_LLVM_OPTIONS") {
        xhlo::dialect::context::set_llvm_options(&v).map_err(|e| format!("XHLO_LLVM_OPTIONS: {e}"))?;
    }
    if options.threads != 1 {
        if let Err(why) = xhlo::runtime::openmp::load() {
            eprintln!("xla-run: warning: {why}");
        }
    }
    Ok(options)
}

/// Seconds a process of a run_parallel test may take before the run is ended.
const PARALLEL_TIMEOUT: u64 = 60;

/// A chunk with `interpreter.run_parallel`: one process per program under mpirun (this
/// binary with --parallel-chunk), then the checks on the results they wrote.
fn run_parallel_chunk(cli: &Cli, text: &str, file: &str, index: usize) -> Result<(), String> {
    let plan = xhlo::parallel::Plan::of(text, file)?;
    let dir = std::env::temp_dir().join(format!("xla-run-parallel-{}-{index}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let exe = std::env::current_exe().map_err(|e| format!("xla-run's own path: {e}"))?;
    let (mut command, missing) = mpirun(plan.slots.len())?;
    command.arg(exe).args(["--parallel-chunk", &index.to_string(), "--timeout", &PARALLEL_TIMEOUT.to_string(), "--threads", "1", "--output-dir"]);
    command.arg(&dir).arg(file);
    if let Some(f) = cli.fusion {
        command.arg(format!("--fusion={}", match f { Fusion::Off => "off", Fusion::Greedy => "greedy", Fusion::EGraph => "egraph" }));
    }
    let out = command.output().map_err(|e| format!("{missing} ({e})"))?;
    let result = (|| {
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            let lines: Vec<&str> = err.lines().filter(|l| l.contains("error") || l.starts_with("rank")).take(4).collect();
            return Err(format!("the {} processes failed: {}", plan.slots.len(), lines.join("; ")));
        }
        // What the processes' interpreter.print ops printed, process by process (each
        // wrote its own file, so no two prints interleave).
        for rank in 0..plan.slots.len() {
            let path = dir.join(format!("rank{rank}/printed.txt"));
            print!("{}", std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?);
        }
        let mut results = std::collections::HashMap::new();
        for (rank, slot) in plan.slots.iter().enumerate() {
            for (j, &at) in slot.results.iter().enumerate() {
                let path = dir.join(format!("rank{rank}/result{j}.npy"));
                let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                results.insert(at, npy::from_npy(&bytes, None).map_err(|e| format!("{}: {e}", path.display()))?);
            }
        }
        plan.evaluate(&results)
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// One process of a run_parallel test (--parallel-chunk): compiles and runs its program,
/// writes its results to --output-dir/rank<r>/.
fn run_parallel_process(cli: &Cli, index: usize) -> Result<bool, String> {
    let mpi = xhlo::mpi::get()?;
    let (text, file) = xhlo::source_file::read_source(cli.file.as_deref().unwrap_or("-"))?;
    let chunk = source::split_input(&text).into_iter().nth(index).ok_or_else(|| format!("{file} has no chunk {index}"))?;
    let plan = xhlo::parallel::Plan::of(&chunk.text, &file)?;
    let slot = plan.slots.get(mpi.rank).ok_or_else(|| format!("rank {} has no program (the test has {})", mpi.rank, plan.slots.len()))?;
    let ctx = XhloContext::new();
    let parsed = load(&ctx, &plan.module, &file)?;
    let options = CompileOptions { entry: slot.entry.clone(), num_replicas: Some(plan.replicas), num_partitions: Some(plan.partitions), ..compile_options(cli)? };
    let program = compile_ast(&ctx, &parsed, &options, &file).map_err(|e| e.to_string())?;
    // The infeed queue's items: each function of the queue compiled and run, its results one item.
    let mut items = Vec::new();
    for f in &plan.infeed {
        let options = CompileOptions { entry: f.clone(), ..options.clone() };
        let item = compile_ast(&ctx, &parsed, &options, &file).map_err(|e| format!("infeed @{f}: {e}"))?;
        items.push(item.run(&[]).map_err(|e| format!("infeed @{f}: {e}"))?);
    }
    let (outputs, _) = program.run_with_feed(&slot.inputs, xhlo::feed::Feed::with_infeed(items)).map_err(|e| e.to_string())?;
    let dir = cli.output_dir.clone().ok_or("--parallel-chunk needs --output-dir")?.join(format!("rank{}", mpi.rank));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // The function's last results are the values of its interpreter.print ops.
    let (results, printed) = outputs.split_at(outputs.len().saturating_sub(slot.prints.len()));
    for (j, value) in results.iter().enumerate() {
        let path = dir.join(format!("result{j}.npy"));
        std::fs::write(&path, npy::to_npy(value)?).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let text: String = slot.prints.iter().zip(printed).map(|(p, v)| p.text(v) + "\n").collect();
    let path = dir.join("printed.txt");
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(true)
}

fn run_checks(cli: &Cli) -> Result<bool, String> {
    let options = compile_options(cli)?;
    let (text, file) = xhlo::source_file::read_source(cli.file.as_deref().unwrap_or("-"))?;
    let ctx = XhloContext::new();
    let (mut passed, mut failed) = (0, 0);
    for (i, chunk) in source::split_input(&text).iter().enumerate() {
        if !chunk.text.contains("func.func") {
            continue;
        }
        let name = test_name(&chunk.text, i);
        let run = || {
            if chunk.text.contains("interpreter.run_parallel") {
                run_parallel_chunk(cli, &chunk.text, &file, i)
            } else {
                check::run_chunk_options(&ctx, &chunk.text, &file, &options)
            }
        };
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| Err("internal error (panic)".into()));
        match outcome {
            Ok(()) => {
                passed += 1;
                println!("PASS {name}");
            }
            Err(e) => {
                failed += 1;
                println!("FAIL {name}: {}", e.replace('\n', "\n    "));
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}

/// Runs a named workload on its generated inputs and compares checksums.
fn run_workload(cli: &Cli) -> Result<bool, String> {
    let all = xhlo::workloads::load(&cli.workloads_dir)?;
    let name = cli.file.as_deref().unwrap_or("");
    let w = all.iter().find(|w| w.name == name).ok_or_else(|| {
        format!("no workload '{name}' (known: {})", all.iter().map(|w| w.name.as_str()).collect::<Vec<_>>().join(", "))
    })?;
    let path = w.source(&cli.workloads_dir);
    let (text, file) = xhlo::source_file::read_source(&path.to_string_lossy())?;
    let ctx = XhloContext::new();
    let parsed = load(&ctx, &text, &file)?;
    let options = CompileOptions { entry: "main".into(), ..compile_options(cli)? };
    let program = compile_ast(&ctx, &parsed, &options, &file).map_err(|e| e.to_string())?;
    let inputs = w.inputs();
    let start = std::time::Instant::now();
    let outputs = program.run(&inputs).map_err(|e| e.to_string())?;
    let elapsed = start.elapsed();
    let got = xhlo::workloads::checksum(&outputs[0]);
    println!("{}: {} ({})", w.name, w.desc, path.display());
    // The first run (it includes the code's first touch of its memory): a rate, not a benchmark.
    println!(
        "  compiled in {:.3} s, ran in {:.4} s on {} thread{} ({})",
        program.compile_time.as_secs_f64(),
        elapsed.as_secs_f64(),
        program.threads,
        if program.threads == 1 { "" } else { "s" },
        w.rate_text(elapsed.as_secs_f64()),
    );
    Ok(w.report(&outputs[0].ty, &got))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The library loads MPI on first need; it learns from here which one (an unknown
    // XHLO_MPI is reported where MPI is needed: mpi_rank, launcher).
    let _ = mpi_choice();
    if let Some(seconds) = cli.timeout {
        watchdog(seconds);
    }
    let result = std::panic::catch_unwind(|| {
        if cli.print_pipeline {
            compile_options(&cli).map(|o| {
                println!("{}", o.pipeline());
                true
            })
        } else if cli.gpu_suite_prepare.is_some() || cli.gpu_suite_check.is_some() {
            run_gpu_suite(&cli)
        } else if let Some(index) = cli.parallel_chunk {
            run_parallel_process(&cli, index)
        } else if cli.check {
            run_checks(&cli)
        } else if cli.workload {
            run_workload(&cli)
        } else {
            run_program(&cli)
        }
    });
    let code = match result {
        Ok(Ok(true)) => ExitCode::SUCCESS,
        Ok(Ok(false)) => ExitCode::from(1),
        Ok(Err(e)) if xhlo::mpi::loaded().is_some() => xhlo::mpi::abort(&xhlo::report::error_text("xla-run", &e.to_string())),
        Ok(Err(e)) => {
            eprintln!("{}", xhlo::report::error_text("xla-run", &e.to_string()));
            ExitCode::from(1)
        }
        Err(_) => {
            eprintln!("xla-run: internal error (a bug: please report it with the input)");
            ExitCode::from(2)
        }
    };
    xhlo::mpi::finalize();
    code
}

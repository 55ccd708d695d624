//! Compiling and running xhlo programs on the host CPU: the `xhlo-jit` pipeline (the same one
//! `xla-opt --pass-pipeline='builtin.module(xhlo-jit)'` runs: `xhlo-eqsat`, the fusion choice,
//! `convert-xhlo-to-linalg` with the entry wrapper, the upstream stages to the LLVM dialect)
//! and MLIR's JIT (`ExecutionEngine`, -O3). [`CompileOptions`] are that pipeline's options.
//!
//! Buffers cross the boundary as MLIR memref descriptors (`allocated, aligned, offset,
//! sizes[r], strides[r]`, all 64-bit), one per input and output of `@_xhlo_entry`, with the
//! strides of the entry types' layouts.

use crate::dialect::{Diagnostic, XhloContext};
use crate::ir::literal::{storage_bytes, Literal};
use crate::feed::Feed;
use crate::ir::TensorType;
use crate::lowering::{self, entry};
pub use crate::lowering::ops::linalg::dot_tiled::Tiles;
pub use crate::passes::eqsat::EqsatOptions;
pub use crate::passes::jit::{Fusion, JitOptions};
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Why compiling or running failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("{0}")]
    Compile(String),
    #[error("{}", .0.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))]
    Diagnostics(Vec<Diagnostic>),
    #[error("{0}")]
    Input(String),
    #[error("execution failed: {0}")]
    Execution(String),
    /// An allocation failed while the program ran (see [`Program::run`]).
    #[error("out of memory: {0}")]
    OutOfMemory(String),
}

/// A compiled entry function, ready to run.
pub struct Program {
    engine: Jit,
    pub inputs: Vec<TensorType>,
    pub outputs: Vec<TensorType>,
    /// Time spent lowering, in the MLIR pipeline and in LLVM (JIT) compilation.
    pub compile_time: Duration,
    /// The threads the program runs on ([`CompileOptions::effective_threads`]).
    pub threads: usize,
    /// What it needs from other processes: a program with collectives or send/recv runs
    /// under MPI ([`crate::collective`]); one without never loads MPI.
    pub needs: crate::collective::Needs,
    /// The send/recv channel table of a run under MPI, exchanged when the program first
    /// runs there and kept.
    channels: std::sync::OnceLock<crate::collective::Channels>,
    /// The byte size of every tensor the program declares and what declares it, sorted by
    /// size ([`crate::limits::declared_sizes`]): a failed allocation is matched with these.
    sizes: Vec<(u64, String)>,
}

/// Options for [`compile`]: the options of the `xhlo-jit` pipeline ([`CompileOptions::pipeline`])
/// and LLVM's optimization level. The default is the pipeline's default: e-graph rewrites
/// and fusion, tiled dots.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// The function to run (`entry`).
    pub entry: String,
    /// LLVM optimization level (0-3).
    pub opt_level: usize,
    /// Run `xhlo-eqsat` (equality saturation) before lowering (`eqsat`).
    pub eqsat: bool,
    /// How ops are grouped into `xhlo.fusion` kernels (`fusion`).
    pub fusion: Fusion,
    /// `xhlo-eqsat`'s limits, `fast-math`, `stats` and `explain` (`iter-limit`, ...; its
    /// `fuse` is taken from [`CompileOptions::fusion`]). `stats` also prints `xhlo-fuse`'s.
    pub eqsat_options: EqsatOptions,
    /// `convert-xhlo-to-linalg`'s `tile-dots` and `dot-tiles`.
    pub tile_dots: bool,
    pub dot_tiles: Tiles,
    /// f32/f64 dots call the dot library's precompiled GEMM ([`crate::gemm`]) instead of a
    /// kernel compiled per program (`gemm-library`; on by default).
    pub gemm_library: bool,
    /// A row reduction and the kernels consuming it row by row (softmax, layer norm) run one
    /// block of rows at a time (`row-fusion`, `xhlo-row-fusion`; on by default).
    pub row_fusion: bool,
    /// Write the lowered linalg, the vector stage and the LLVM dialect to `1-linalg.mlir`,
    /// `2-vector.mlir` and `3-llvm.mlir` in
    /// this directory (`dump-dir`).
    pub dump_dir: Option<PathBuf>,
    /// Threads the program runs on (`threads`; 0, the default: the host's available
    /// parallelism; 1: everything on the calling thread). More than one needs the OpenMP
    /// runtime ([`openmp::load`]); without it programs run on one thread.
    pub threads: usize,
    /// Parallel loops executing fewer operations stay on the calling thread
    /// (`min-parallel-work`).
    pub min_parallel_work: u64,
    /// Print where compile time goes to stderr: MLIR's per-pass report (as `mlir-opt
    /// --mlir-timing` prints it) and then the phases (passes, LLVM code generation).
    pub timing: bool,
    /// The f32 math ops turned into polynomials (`math-approximations`; comma-separated, or
    /// `none` for the C library everywhere).
    pub math_approximations: String,
    /// Bytes per vector of the tiled dot and depthwise convolution kernels, the reductions'
    /// lanes and the vector stage (`vector-bytes`; 0, the default: the host's widest).
    pub vector_bytes: i64,
    /// The key of the stream `rng_uniform` and `rng_normal` draw from (`rng-seed`, default
    /// 0): a program compiled with the same seed draws the same numbers, run after run of
    /// freshly compiled programs; each run of one compiled program draws new ones.
    pub rng_seed: u64,
    /// Compile the GPU pipeline's loop structure for this CPU (`gpu-loops`, for tests of the
    /// GPU passes where there is no GPU).
    pub gpu_loops: bool,
    /// The largest tensor, in bytes, a program may declare (`None`, the default: the
    /// machine's memory). Larger ones are refused at compile time with the op named.
    pub memory_limit: Option<u64>,
    /// Replicas and partitions of a run across processes (StableHLO's `num_replicas`,
    /// `num_partitions`); `None`: the module's `mhlo.num_replicas`/`mhlo.num_partitions`,
    /// else 1 partition and as many replicas as processes.
    pub num_replicas: Option<usize>,
    pub num_partitions: Option<usize>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions::from_pipeline(&JitOptions::default())
    }
}

impl CompileOptions {
    /// The options given as `xhlo-jit` options, and `opt_level` 3.
    pub fn from_pipeline(o: &JitOptions) -> CompileOptions {
        let mut eqsat_options = o.eqsat_options();
        eqsat_options.fuse = EqsatOptions::default().fuse;
        CompileOptions {
            entry: o.entry.clone(),
            opt_level: 3,
            eqsat: o.eqsat,
            fusion: o.fusion,
            eqsat_options,
            tile_dots: o.tile_dots,
            dot_tiles: o.dot_tiles,
            gemm_library: o.gemm_library,
            row_fusion: o.row_fusion,
            dump_dir: o.dump_dir.as_ref().map(PathBuf::from),
            threads: o.threads,
            min_parallel_work: o.min_parallel_work,
            timing: false,
            math_approximations: o.math_approximations.clone(),
            vector_bytes: o.vector_bytes,
            rng_seed: o.rng_seed,
            gpu_loops: o.gpu_loops,
            memory_limit: None,
            num_replicas: None,
            num_partitions: None,
        }
    }

    /// The threads compiled programs will use: [`CompileOptions::threads`] (0: all the
    /// host has), or 1 when the OpenMP runtime cannot be loaded.
    pub fn effective_threads(&self) -> usize {
        let wanted = if self.threads == 0 { crate::passes::jit::available_threads() } else { self.threads };
        if wanted > 1 && openmp::load().is_ok() {
            wanted
        } else {
            1
        }
    }

    /// The options of `xhlo-jit` these stand for.
    pub fn pipeline_options(&self) -> JitOptions {
        let e = &self.eqsat_options;
        JitOptions {
            entry: self.entry.clone(),
            eqsat: self.eqsat,
            fusion: self.fusion,
            iter_limit: e.iter_limit,
            node_limit: e.node_limit,
            time_limit_ms: e.time_limit_ms,
            fast_math: e.fast_math,
            stats: e.stats,
            explain: e.explain,
            tile_dots: self.tile_dots,
            dot_tiles: self.dot_tiles,
            gemm_library: self.gemm_library,
            row_fusion: self.row_fusion,
            dump_dir: self.dump_dir.as_ref().map(|d| d.display().to_string()),
            // 0 (all cores) stays 0 for the pipeline to resolve; without OpenMP, 1.
            threads: if self.threads != 1 && openmp::load().is_err() { 1 } else { self.threads },
            min_parallel_work: self.min_parallel_work,
            math_approximations: self.math_approximations.clone(),
            vector_bytes: self.vector_bytes,
            rng_seed: self.rng_seed,
            gpu_loops: self.gpu_loops,
        }
    }

    /// The pass pipeline [`compile`] runs, e.g. `builtin.module(xhlo-jit{entry=main ...})`:
    /// `xla-opt --pass-pipeline=` with it gives the same LLVM dialect.
    pub fn pipeline(&self) -> String {
        self.pipeline_options().pipeline()
    }
}

/// The input and result types of the entry function `name`.
pub(crate) fn signature(file: &mlir_text::ast::File, name: &str) -> Result<(Vec<TensorType>, Vec<TensorType>), RunError> {
    let func = entry::find_function(&file.ops, name).ok_or_else(|| RunError::Input(format!("no function @{name} in the program")))?;
    entry::tensor_signature(func).map_err(RunError::Compile)
}

/// The xhlo module as our syntax tree (printed in generic form and read back).
pub fn module_ast(module: &Module, file: &str) -> Result<mlir_text::ast::File, RunError> {
    // With debug info, each op keeps its source position through the round trip.
    let flags = melior::ir::operation::OperationPrintingFlags::new().print_generic_operation_form().enable_debug_info(true, false);
    let text = module.as_operation().to_string_with_flags(flags).map_err(|e| RunError::Compile(e.to_string()))?;
    mlir_text::parser::parse_file(&text).map_err(|e| RunError::Compile(e.in_file(file)))
}

/// Lowers an xhlo program to linalg text with the entry wrapper, as `convert-xhlo-to-linalg`
/// does in the pipeline (without running `xhlo-eqsat` or fusion first).
pub fn lower_to_linalg(parsed: &mlir_text::ast::File, options: &CompileOptions, file: &str) -> Result<(String, Vec<TensorType>, Vec<TensorType>), RunError> {
    let (ins, outs) = signature(parsed, &options.entry)?;
    let lower = lowering::LowerOptions {
        tile_dots: options.tile_dots,
        gemm_library: options.gemm_library && !options.gpu_loops,
        tiles: options.dot_tiles,
        vector_bytes: lowering::LowerOptions::vector_bytes_or_host(options.vector_bytes),
        rng_seed: options.rng_seed,
        chunk_reductions: !options.gpu_loops,
    };
    let lowered = lowering::lower_file_with(parsed, file, &lower).map_err(|e| RunError::Compile(e.in_file(file)))?;
    let with_entry = entry::append_wrapper(&lowered, parsed, &options.entry).map_err(RunError::Compile)?;
    Ok((with_entry, ins, outs))
}

/// Compiles `module`'s entry function for this CPU.
pub fn compile(ctx: &XhloContext, module: &Module, options: &CompileOptions, file: &str) -> Result<Program, RunError> {
    compile_ast(ctx, &module_ast(module, file)?, options, file)
}

/// Compiles a verified xhlo program given as a syntax tree.
pub fn compile_ast(ctx: &XhloContext, parsed: &mlir_text::ast::File, options: &CompileOptions, file: &str) -> Result<Program, RunError> {
    let start = Instant::now();
    let (lowered, inputs, outputs) = lower(ctx, parsed, options, file)?;
    let passes = start.elapsed();
    let engine = Jit::new(&lowered, options.opt_level)?;
    let compile_time = start.elapsed();
    if options.timing {
        print_phases(&[("MLIR pass pipeline (per pass above)", passes), ("LLVM code generation (JIT)", compile_time - passes)], compile_time);
    }
    let mut needs = crate::collective::Needs::of(parsed, &options.entry);
    needs.replicas = options.num_replicas.or(needs.replicas);
    needs.partitions = options.num_partitions.or(needs.partitions);
    let sizes = crate::limits::declared_sizes(&parsed.ops, file);
    Ok(Program { engine, inputs, outputs, compile_time, threads: options.effective_threads(), needs, channels: Default::default(), sizes })
}

/// The phases of a compilation as a report in the style of MLIR's `--mlir-timing`.
fn print_phases(phases: &[(&str, Duration)], total: Duration) {
    let rule = "===-------------------------------------------------------------------------===";
    let mut out = format!("{rule}\n{:^79}\n{rule}\n  Total Execution Time: {:.4} seconds\n\n  ----Wall Time----  ----Name----\n", "xhlo compile phases", total.as_secs_f64());
    for (name, t) in phases {
        out += &format!("  {:.4} ({:5.1}%)  {name}\n", t.as_secs_f64(), 100.0 * t.as_secs_f64() / total.as_secs_f64().max(1e-12));
    }
    out += &format!("  {:.4} (100.0%)  Total\n", total.as_secs_f64());
    eprint!("{out}");
}

/// Runs [`CompileOptions::pipeline`] on a verified xhlo program: the module in the LLVM
/// dialect, ready for the JIT, and the entry's input and result types. A program that
/// `xhlo-eqsat` turned into one the verifier rejects is an error naming the rules applied.
pub fn lower<'c>(ctx: &'c XhloContext, parsed: &mlir_text::ast::File, options: &CompileOptions, file: &str) -> Result<(Module<'c>, Vec<TensorType>, Vec<TensorType>), RunError> {
    let (inputs, outputs) = signature(parsed, &options.entry)?;
    let limit = options.memory_limit.or_else(crate::limits::machine_memory);
    crate::limits::check_sizes(&parsed.ops, limit, file).map_err(RunError::Compile)?;
    ctx.take_diagnostics();
    let text = mlir_text::print::print_file(parsed, file);
    let mut module = crate::dialect::source::parse(ctx, &text, file).map_err(RunError::Diagnostics)?;
    use crate::passes::{build_pass_manager_verified, Verification};
    let pipeline = options.pipeline();
    let ran = if options.timing {
        // A pass manager of its own: MLIR prints the report when it is destroyed.
        let pm = build_pass_manager_verified(ctx.context(), &pipeline, Verification::OwnPasses).map_err(RunError::Compile)?;
        // SAFETY: a valid pass manager.
        unsafe { mlir_sys::mlirPassManagerEnableTiming(pm.to_raw()) };
        pm.run(&mut module).is_ok()
    } else {
        ctx.with_pass_manager(&pipeline, |c| build_pass_manager_verified(c, &pipeline, Verification::OwnPasses), |pm| pm.run(&mut module).is_ok())
            .map_err(RunError::Compile)?
    };
    if !ran {
        return Err(RunError::Diagnostics(ctx.take_diagnostics()));
    }
    if !module.as_operation().verify() {
        let found: Vec<String> = ctx.take_diagnostics().into_iter().map(|d| d.message).collect();
        return Err(RunError::Compile(format!("{file}: internal error: the compiled module does not verify ({}); please report it with the program", found.join("; "))));
    }
    not_lowered(&module)?;
    Ok((module, inputs, outputs))
}

/// An internal error naming the first op the pipeline left outside the LLVM dialect (LLVM
/// would only say that the JIT failed to start).
fn not_lowered(module: &Module) -> Result<(), RunError> {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let mut left = None;
    module.as_operation().walk(WalkOrder::PreOrder, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        // OpenMP regions stay `omp` ops with LLVM-typed bodies: LLVM's OpenMP builder
        // translates them.
        if name.starts_with("llvm.") || name.starts_with("omp.") || name == "builtin.module" {
            return WalkResult::Advance;
        }
        left = Some(format!("{name} at {}", op.location()));
        WalkResult::Interrupt
    });
    match left {
        None => Ok(()),
        Some(op) => Err(RunError::Compile(format!("internal error: the pipeline left {op} outside the LLVM dialect, so LLVM cannot compile the program"))),
    }
}

/// The OpenMP runtime that multi-threaded programs call (`__kmpc_fork_call`, ...): LLVM's
/// `libomp`, loaded once into the process with its symbols global, where the JIT resolves
/// them. Its thread pool is created on the first parallel region and reused by every
/// program after it.
pub mod openmp {
    use std::sync::OnceLock;

    /// Where `libomp` is looked for: the LLVM the project was built against, then the
    /// loader's search path.
    fn candidates() -> Vec<String> {
        let prefix = option_env!("MLIR_SYS_220_PREFIX").unwrap_or("/usr/lib/llvm-22");
        vec![format!("{prefix}/lib/libomp.so"), "/usr/lib/llvm-22/lib/libomp.so".into(), "libomp.so.5".into(), "libomp.so".into()]
    }

    /// Loads `libomp` (once); the error says where it was looked for.
    pub fn load() -> Result<(), String> {
        static LOADED: OnceLock<Result<(), String>> = OnceLock::new();
        LOADED
            .get_or_init(|| {
                for path in candidates() {
                    let c = std::ffi::CString::new(path).expect("no NUL in library paths");
                    // SAFETY: dlopen with a valid C string; the handle is kept open for the
                    // life of the process (never closed), as compiled code refers to it.
                    let handle = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
                    if !handle.is_null() {
                        return Ok(());
                    }
                }
                Err(format!(
                    "the OpenMP runtime (libomp) was not found ({}): programs run on one thread (install libomp-22-dev, or `make deps`)",
                    candidates().join(", ")
                ))
            })
            .clone()
    }
}

/// The JIT for one module (`xhlo::dialect::jit`, the C++ shim): LLVM optimizes and compiles
/// the module's partitions on the host's cores, and the entry is called through its packed
/// wrapper.
struct Jit {
    /// Owns the compiled code `entry` points into.
    _code: crate::dialect::jit::Jit,
    entry: unsafe extern "C" fn(*mut *mut std::ffi::c_void),
}

impl Jit {
    /// Compiles `module` (LLVM dialect) at `opt_level` and links it: the time is compile
    /// time, and a failure (an unresolved symbol, ...) is a compile error naming LLVM's
    /// stage and message.
    fn new(module: &Module, opt_level: usize) -> Result<Jit, RunError> {
        let c_entry = format!("_mlir_ciface_{}", entry::ENTRY);
        let mut jit = crate::dialect::jit::Jit::new(module, opt_level, crate::passes::jit::available_threads(), &c_entry).map_err(RunError::Compile)?;
        for (name, f) in host_symbols() {
            jit.define(name, f).map_err(RunError::Compile)?;
        }
        let entry = jit.lookup_packed().map_err(RunError::Compile)?;
        Ok(Jit { _code: jit, entry })
    }

    /// Calls the entry with `args` (one pointer per argument, to a pointer to its memref
    /// descriptor) as a run of [`blocks`]: `Err((request, freed))` when an allocation of
    /// `request` bytes failed, after the `freed` bytes of blocks the run held were freed.
    fn invoke_packed(&self, args: &mut [*mut ()]) -> Result<(), (usize, usize)> {
        // SAFETY: the packed wrapper of the entry reads one pointer per argument; compiled
        // code calls no Rust code that allocates from `blocks`.
        unsafe { blocks::run(self.entry, args.as_mut_ptr() as *mut *mut std::ffi::c_void) }
    }
}

/// Functions that compiled code may call but that no library in this process defines:
/// `memrefCopy` (MLIR's runner utils; `memref.copy` of strided views lowers to it), the dot
/// library's products ([`crate::gemm`]) and the
/// bf16 truncations of compiler-rt (LLVM calls them to round to bf16; libgcc lacks them); and
/// `malloc`/`calloc`/`free` for compiled code only, which keep freed large blocks for the next
/// run ([`blocks`]).
fn host_symbols() -> Vec<(&'static str, *mut std::ffi::c_void)> {
    let mut symbols: Vec<(&str, *mut std::ffi::c_void)> = vec![
        ("memrefCopy", host::memref_copy as *mut std::ffi::c_void),
        ("malloc", blocks::malloc as *mut std::ffi::c_void),
        ("free", blocks::free as *mut std::ffi::c_void),
        ("calloc", blocks::calloc as *mut std::ffi::c_void),
    ];
    symbols.extend(crate::feed::symbols());
    symbols.extend(crate::collective::symbols().iter().copied());
    symbols.extend(crate::gemm::symbols());
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        symbols.push(("__truncsfbf2", host::trunc_f32_to_bf16 as *mut std::ffi::c_void));
        symbols.push(("__truncdfbf2", host::trunc_f64_to_bf16 as *mut std::ffi::c_void));
    }
    symbols
}

/// A byte count as `8.0 GB (8000000064 bytes)`.
fn sized(bytes: u64) -> String {
    format!("{} ({bytes} bytes)", crate::limits::human_bytes(bytes))
}

/// A memref descriptor: pointers, offset, sizes, strides (dense, in `ty`'s layout).
fn descriptor(data: *mut u8, ty: &TensorType) -> Vec<i64> {
    let mut d = vec![data as i64, data as i64, 0];
    d.extend(&ty.dims);
    d.extend(ty.strides());
    d
}

impl Program {
    /// Runs the program on `inputs` (checked against the entry's parameter types), with an
    /// empty infeed queue (a program that reads the infeed fails) and its outfeed dropped.
    ///
    /// A run that cannot allocate a buffer (its results here, or a temporary in compiled
    /// code) is [`RunError::OutOfMemory`], naming the size and, for a temporary, the tensor
    /// of the program whose size it has; the memory the run held is freed, and the program
    /// and the process can run again. (Compiled code allocates nothing inside OpenMP
    /// parallel regions, where a failure could not be recovered: see [`blocks`].)
    pub fn run(&self, inputs: &[Literal]) -> Result<Vec<Literal>, RunError> {
        Ok(self.run_with_feed(inputs, Feed::default())?.0)
    }

    /// [`Program::run`] with `feed`'s infeed queue to read; returns the results and the feed
    /// with the items the program wrote to its outfeed ([`crate::feed`]).
    ///
    /// Literals are row-major whatever the layout; the entry's buffers are in the entry's
    /// declared layouts, so an input or result with a non-default layout is permuted into or
    /// out of its buffer here ([`Program::run_physical`] takes the buffers as they are).
    pub fn run_with_feed(&self, inputs: &[Literal], feed: Feed) -> Result<(Vec<Literal>, Feed), RunError> {
        let views: Vec<(&TensorType, &[u8])> = inputs.iter().map(|l| (&l.ty, l.bytes.as_slice())).collect();
        self.run_borrowed(&views, feed)
    }

    /// [`Program::run_with_feed`] on borrowed row-major inputs (type and bytes): an input in
    /// the entry's default layout is passed in place, without a copy (the Python package
    /// runs numpy arrays' buffers this way).
    pub fn run_borrowed(&self, inputs: &[(&TensorType, &[u8])], feed: Feed) -> Result<(Vec<Literal>, Feed), RunError> {
        self.check_inputs(inputs.iter().map(|(t, b)| (*t, b.len())))?;
        let permuted: Vec<Option<Vec<u8>>> =
            inputs.iter().zip(&self.inputs).map(|((_, b), t)| t.has_permuted_layout().then(|| Literal { ty: t.clone(), bytes: b.to_vec() }.to_physical())).collect();
        let buffers: Vec<&[u8]> = inputs.iter().zip(&permuted).map(|((_, b), p)| p.as_deref().unwrap_or(b)).collect();
        let (outs, feed) = self.invoke(&buffers, feed)?;
        // A result in the default layout is its buffer, moved; only permuted ones are copied.
        let results = outs
            .into_iter()
            .zip(&self.outputs)
            .map(|(bytes, ty)| if ty.has_permuted_layout() { Literal::from_physical(ty.clone(), &bytes) } else { Literal { ty: ty.clone(), bytes } })
            .collect();
        Ok((results, feed))
    }

    /// Runs the program on buffers as they sit in memory: each input's bytes in its entry
    /// type's layout (seed 004), and each result's bytes in its own. [`Program::run`] is this
    /// with row-major literals permuted in and out.
    pub fn run_physical(&self, inputs: &[&[u8]]) -> Result<Vec<Vec<u8>>, RunError> {
        if inputs.len() != self.inputs.len() {
            return Err(RunError::Input(format!("the entry takes {} inputs, {} given", self.inputs.len(), inputs.len())));
        }
        self.check_inputs(self.inputs.iter().zip(inputs).map(|(t, b)| (t, b.len())))?;
        Ok(self.invoke(inputs, Feed::default())?.0)
    }

    /// What an allocation of `request` bytes by compiled code that failed was for, as far as
    /// its size tells: bufferization asks for a tensor's bytes plus at most 64 (its
    /// alignment), so the tensors of the program of that size are named (a temporary of the
    /// lowering may have the size of none). `freed`: the bytes of the run's other buffers.
    fn failed_allocation(&self, request: u64, freed: u64) -> String {
        let first = self.sizes.partition_point(|(bytes, _)| *bytes + 64 < request);
        let same: Vec<&str> = self.sizes[first..].iter().take_while(|(bytes, _)| *bytes <= request).map(|(_, what)| what.as_str()).collect();
        let of = match same.as_slice() {
            [] => "a temporary with the size of no tensor of the program".to_string(),
            [one] => format!("the size of {one}"),
            [one, more @ ..] => format!("the size of {one} and of {} more", more.len()),
        };
        let freed = if freed == 0 { String::new() } else { format!("; the run's other buffers ({}) were freed", crate::limits::human_bytes(freed)) };
        format!("the compiled program could not allocate {}, {of}{freed}", sized(request))
    }

    /// Checks the inputs' count, types (layouts may differ: literals are logical) and sizes.
    fn check_inputs<'a>(&self, inputs: impl ExactSizeIterator<Item = (&'a TensorType, usize)>) -> Result<(), RunError> {
        if inputs.len() != self.inputs.len() {
            return Err(RunError::Input(format!("the entry takes {} inputs, {} given", self.inputs.len(), inputs.len())));
        }
        for (i, ((t, len), ty)) in inputs.zip(&self.inputs).enumerate() {
            if !t.compatible(ty) {
                return Err(RunError::Input(format!("input #{i} has type {t} but the entry expects {ty}")));
            }
            if len != storage_bytes(ty) {
                return Err(RunError::Input(format!("input #{i} has {len} bytes but {ty} takes {}", storage_bytes(ty))));
            }
        }
        Ok(())
    }

    /// [`Program::run_physical`] writing the results into `outputs` (one buffer per result,
    /// each exactly its type's bytes in its layout), which a caller running the program
    /// again and again can keep: no result is allocated.
    pub fn run_physical_into(&self, inputs: &[&[u8]], outputs: &mut [&mut [u8]]) -> Result<(), RunError> {
        if inputs.len() != self.inputs.len() {
            return Err(RunError::Input(format!("the entry takes {} inputs, {} given", self.inputs.len(), inputs.len())));
        }
        self.check_inputs(self.inputs.iter().zip(inputs).map(|(t, b)| (t, b.len())))?;
        if outputs.len() != self.outputs.len() {
            return Err(RunError::Input(format!("the entry has {} results, {} buffers given", self.outputs.len(), outputs.len())));
        }
        for (i, (b, ty)) in outputs.iter().zip(&self.outputs).enumerate() {
            if b.len() != storage_bytes(ty) {
                return Err(RunError::Input(format!("result #{i} takes {} bytes ({ty}), its buffer has {}", storage_bytes(ty), b.len())));
            }
        }
        let pointers: Vec<*mut u8> = outputs.iter_mut().map(|b| b.as_mut_ptr()).collect();
        self.invoke_raw(inputs, &pointers, Feed::default()).map(|_| ())
    }

    /// Calls the entry on `inputs` (in their layouts); returns the results' buffers.
    fn invoke(&self, inputs: &[&[u8]], feed: Feed) -> Result<(Vec<Vec<u8>>, Feed), RunError> {
        // The results' buffers are allocated, not zeroed: the entry wrapper writes every
        // element of each (`bufferization.materialize_in_destination` of the whole tensor),
        // and zeroing them first is a pass over memory as long as an element-wise kernel's.
        let mut outs: Vec<Vec<u8>> = Vec::with_capacity(self.outputs.len());
        for (i, t) in self.outputs.iter().enumerate() {
            let mut bytes = Vec::new();
            bytes.try_reserve_exact(storage_bytes(t)).map_err(|_| RunError::OutOfMemory(format!("could not allocate {} for result #{i} of the entry ({t})", sized(storage_bytes(t) as u64))))?;
            outs.push(bytes);
        }
        let pointers: Vec<*mut u8> = outs.iter_mut().map(|b| b.as_mut_ptr()).collect();
        let feed = self.invoke_raw(inputs, &pointers, feed)?;
        for (bytes, ty) in outs.iter_mut().zip(&self.outputs) {
            // SAFETY: the buffer holds at least this many bytes, all written by the compiled
            // entry (see above).
            unsafe { bytes.set_len(storage_bytes(ty)) };
        }
        Ok((outs, feed))
    }

    /// Calls the entry on `inputs` (in their layouts) with `outputs`, the results' buffers
    /// (each at least its result's bytes), which it writes whole.
    fn invoke_raw(&self, inputs: &[&[u8]], outputs: &[*mut u8], feed: Feed) -> Result<Feed, RunError> {
        // The inputs are passed in place: the entry wrapper marks them read-only
        // (`bufferization.to_tensor` without `writable`), so compiled code never writes them.
        let mut descriptors: Vec<Vec<i64>> = inputs
            .iter()
            .zip(&self.inputs)
            .map(|(b, t)| descriptor(b.as_ptr() as *mut u8, t))
            .chain(outputs.iter().zip(&self.outputs).map(|(b, t)| descriptor(*b, t)))
            .collect();
        let mut pointers: Vec<*mut i64> = descriptors.iter_mut().map(|d| d.as_mut_ptr()).collect();
        let mut args: Vec<*mut ()> = pointers.iter_mut().map(|p| p as *mut *mut i64 as *mut ()).collect();
        // The C API adds the `_mlir_ciface_` prefix itself.
        // A program that talks to other processes runs under MPI, as does every program of
        // a process that already started it. Its first run there exchanges the send/recv
        // channel table (every process's program must make its first run together with the
        // others', as SPMD programs do); later runs reuse it.
        let mpi = if self.needs.processes { Some(crate::mpi::get().map_err(RunError::Execution)?) } else { crate::mpi::loaded() };
        let (ran, mut feed) = match mpi {
            Some(mpi) => {
                let n = &self.needs;
                let mut process = crate::collective::Process::new(mpi, n.replicas, n.partitions).map_err(RunError::Execution)?;
                process.channels = match self.channels.get() {
                    Some(table) => table.clone(),
                    None => {
                        let table = crate::collective::Process::exchange_channels(mpi, &n.channels).map_err(RunError::Execution)?;
                        self.channels.get_or_init(|| table).clone()
                    }
                };
                crate::collective::with_process(process, || crate::feed::with_feed(feed, || self.engine.invoke_packed(&mut args)))
            }
            None => crate::feed::with_feed(feed, || self.engine.invoke_packed(&mut args)),
        };
        if let Err((request, freed)) = ran {
            return Err(RunError::OutOfMemory(self.failed_allocation(request as u64, freed as u64)));
        }
        if let Some(e) = feed.take_error() {
            return Err(RunError::Execution(e));
        }
        Ok(feed)
    }
}

/// The allocator of compiled code (its `malloc` and `free`; the host's buffers are allocated
/// by Rust). Bufferization allocates every temporary of a program afresh on each run and
/// frees it at the end; from the system allocator, large blocks come back as fresh pages
/// that fault in (and are zeroed) on every run, which costs as much as a small kernel. Here
/// freed blocks of at least [`blocks::CACHED`] bytes are kept by size class and handed out
/// again (at most [`blocks::CACHE_LIMIT`] bytes are kept); smaller ones go back at once.
/// Every block carries a 64-byte header with its size class, so payloads are 64-byte
/// aligned; compiled code frees only what it allocated.
///
/// Compiled code does not check what `malloc` returns, so an allocation that fails (after the
/// cached blocks were given back and it was tried again) never returns: on the thread that
/// runs the program ([`blocks::run`]), outside OpenMP parallel regions, it jumps back to the
/// start of the run (`src/c/guard.c`), whose blocks are freed, and the run is an
/// out-of-memory error. Blocks allocated on that thread are linked into the run's list
/// (through their header) until they are freed, so the run knows which to free. Inside a
/// parallel region jumping out would leave the OpenMP runtime's team waiting for the thread;
/// `xhlo-serial-small-loops` keeps every loop that allocates out of parallel regions, and
/// should an allocation fail there all the same (an OpenMP worker thread, or the caller's
/// thread inside a region) the process ends with the reason.
pub(crate) mod blocks {
    use std::alloc::{alloc, dealloc, Layout};
    use std::cell::Cell;
    use std::ffi::{c_int, c_void};
    use std::ptr::null_mut;
    use std::sync::Mutex;

    const HEADER: usize = 64;
    pub const CACHED: usize = 64 * 1024;
    pub const CACHE_LIMIT: usize = 512 << 20;

    struct Cache {
        /// Free blocks (header addresses) by size class.
        free: std::collections::HashMap<usize, Vec<usize>>,
        bytes: usize,
    }

    static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

    /// A block's place in its run's list of live blocks; both null when the block belongs to
    /// no run. The list of a run is circular through the run's own `Link`.
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Link {
        prev: *mut Link,
        next: *mut Link,
    }

    /// The start of every block: its size class, then its link.
    #[repr(C)]
    struct Header {
        size: usize,
        link: Link,
    }

    const _: () = assert!(std::mem::size_of::<Header>() <= HEADER);

    /// Guards every list of live blocks (a block may be freed on another thread than the one
    /// that allocated it).
    static LIVE: Mutex<()> = Mutex::new(());

    thread_local! {
        /// The list of the run on this thread (null: none).
        static RUN: Cell<*mut Link> = const { Cell::new(null_mut()) };
        /// The request that ended this thread's run.
        static FAILED: Cell<usize> = const { Cell::new(0) };
    }

    unsafe extern "C" {
        fn xhlo_guarded_call(entry: unsafe extern "C" fn(*mut *mut c_void), args: *mut *mut c_void) -> c_int;
        fn xhlo_guard_active() -> c_int;
        fn xhlo_guard_abort() -> !;
    }

    /// Calls a compiled entry (`entry(args)`) as a run: `Err((request, freed))` when an
    /// allocation of `request` bytes failed, after freeing every block the run still held
    /// (`freed` bytes).
    ///
    /// # Safety
    /// `entry` must be compiled code that accepts `args`, and calls no Rust code with
    /// destructors pending that could call [`malloc`] (the jump back skips its frames).
    pub unsafe fn run(entry: unsafe extern "C" fn(*mut *mut c_void), args: *mut *mut c_void) -> Result<(), (usize, usize)> {
        let mut list = Box::new(Link { prev: null_mut(), next: null_mut() });
        let head: *mut Link = &mut *list;
        unsafe {
            (*head).prev = head;
            (*head).next = head;
        }
        let outer = RUN.replace(head);
        // SAFETY: as this function's contract says.
        let jumped = unsafe { xhlo_guarded_call(entry, args) } != 0;
        RUN.set(outer);
        // The blocks still linked: those compiled code did not free (none after a run that
        // returned; every temporary after one that failed).
        let mut held = Vec::new();
        {
            let _live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
            unsafe {
                let mut l = (*head).next;
                while l != head {
                    let next = (*l).next;
                    (*l).prev = null_mut();
                    (*l).next = null_mut();
                    held.push(l as usize - std::mem::offset_of!(Header, link));
                    l = next;
                }
            }
        }
        drop(list);
        if !jumped {
            return Ok(());
        }
        let mut freed = 0;
        for block in held {
            let size = unsafe { (*(block as *const Header)).size };
            freed += size - HEADER;
            unsafe { dealloc(block as *mut u8, layout(size)) };
        }
        release_cache();
        Err((FAILED.get(), freed))
    }

    /// The block size for a request: exact below [`CACHED`], else rounded up to a quarter
    /// power of two (at most 25% more).
    pub fn class(request: usize) -> usize {
        let n = request.max(1) + HEADER;
        if n < CACHED {
            return n.next_multiple_of(16);
        }
        let top = usize::BITS - 1 - n.leading_zeros();
        let quarter = 1usize << (top - 2);
        n.next_multiple_of(quarter)
    }

    fn layout(size: usize) -> Layout {
        Layout::from_size_align(size, HEADER).expect("block layout")
    }

    pub unsafe extern "C" fn malloc(request: usize) -> *mut u8 {
        if request > isize::MAX as usize / 2 {
            out_of_memory(request);
        }
        let size = class(request);
        let reused = if size >= CACHED {
            let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            cache.as_mut().and_then(|c| {
                let block = c.free.get_mut(&size)?.pop()?;
                c.bytes -= size;
                Some(block as *mut u8)
            })
        } else {
            None
        };
        let block = match reused {
            Some(b) => b,
            None => {
                let mut b = unsafe { alloc(layout(size)) };
                if b.is_null() {
                    // Give the cached blocks back to the system and try once more.
                    release_cache();
                    b = unsafe { alloc(layout(size)) };
                }
                if b.is_null() {
                    out_of_memory(request);
                }
                b
            }
        };
        let header = block as *mut Header;
        let head = RUN.get();
        unsafe {
            header.write(Header { size, link: Link { prev: null_mut(), next: null_mut() } });
            if !head.is_null() {
                let _live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
                let link = &raw mut (*header).link;
                (*link).prev = head;
                (*link).next = (*head).next;
                (*(*head).next).prev = link;
                (*head).next = link;
            }
            block.add(HEADER)
        }
    }

    /// `malloc` cannot return null to compiled code (it would end in a segmentation fault).
    /// In a run, outside OpenMP parallel regions, the run ends (jumping back to [`run`], which
    /// frees its blocks); elsewhere the process ends with the reason. Nothing of this frame
    /// or of `malloc`'s has a destructor when the jump skips them.
    #[inline(never)]
    fn out_of_memory(request: usize) -> ! {
        let in_run = !RUN.get().is_null() && unsafe { xhlo_guard_active() } != 0;
        let parallel = openmp_level() > 0;
        if in_run && !parallel {
            FAILED.set(request);
            // SAFETY: this thread is inside `xhlo_guarded_call`; the frames between hold
            // nothing to drop.
            unsafe { xhlo_guard_abort() }
        }
        let place = if parallel { " inside an OpenMP parallel region, which cannot be left early," } else { "" };
        eprintln!("xhlo: error: out of memory: the compiled program could not allocate {request} bytes{place} (the process ends)");
        std::process::exit(1);
    }

    /// How many OpenMP parallel regions (active or not) enclose this thread's code: 0 when
    /// `libomp` is not loaded.
    fn openmp_level() -> i32 {
        // SAFETY: looks a symbol up in the loaded libraries; `omp_get_level` takes nothing.
        let f = unsafe { libc::dlsym(libc::RTLD_DEFAULT, c"omp_get_level".as_ptr()) };
        if f.is_null() {
            return 0;
        }
        let f: extern "C" fn() -> c_int = unsafe { std::mem::transmute(f) };
        f()
    }

    /// Frees every cached block.
    fn release_cache() {
        let blocks: Vec<(usize, Vec<usize>)> = {
            let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            match cache.as_mut() {
                Some(c) => {
                    c.bytes = 0;
                    std::mem::take(&mut c.free).into_iter().collect()
                }
                None => Vec::new(),
            }
        };
        for (size, list) in blocks {
            for block in list {
                unsafe { dealloc(block as *mut u8, layout(size)) };
            }
        }
    }

    /// LLVM turns a `malloc` whose memory is then zero-filled (a `linalg.fill` of 0 over a
    /// whole fresh buffer) into `calloc`; the block must come from here for [`free`].
    pub unsafe extern "C" fn calloc(count: usize, size: usize) -> *mut u8 {
        let Some(bytes) = count.checked_mul(size) else { return std::ptr::null_mut() };
        let payload = unsafe { malloc(bytes) };
        if !payload.is_null() {
            unsafe { std::ptr::write_bytes(payload, 0, bytes) };
        }
        payload
    }

    pub unsafe extern "C" fn free(payload: *mut u8) {
        if payload.is_null() {
            return;
        }
        let block = unsafe { payload.sub(HEADER) };
        let header = block as *mut Header;
        let size = unsafe { (*header).size };
        unsafe {
            if !(*header).link.prev.is_null() {
                let _live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
                let Link { prev, next } = (*header).link;
                (*prev).next = next;
                (*next).prev = prev;
                (*header).link = Link { prev: null_mut(), next: null_mut() };
            }
        }
        if size >= CACHED {
            let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            let c = cache.get_or_insert_with(|| Cache { free: Default::default(), bytes: 0 });
            if c.bytes + size <= CACHE_LIMIT {
                c.free.entry(size).or_default().push(block as usize);
                c.bytes += size;
                return;
            }
        }
        unsafe { dealloc(block, layout(size)) };
    }

    #[cfg(test)]
    mod tests {
        #[test]
        fn size_classes_round_up_by_at_most_a_quarter() {
            for n in [1usize, 100, 65_536, 100_000, 4 << 20, (4 << 20) + 63, 123_456_789] {
                let c = super::class(n);
                assert!(c >= n + super::HEADER, "{n} -> {c}");
                assert!(c <= (n + super::HEADER) * 5 / 4 + 16, "{n} -> {c}");
            }
            assert_eq!(super::class(4 << 20), 5 << 20);
        }

        #[test]
        fn calloc_gives_zeroed_blocks_that_free_takes_back() {
            unsafe {
                let a = super::malloc(100);
                std::ptr::write_bytes(a, 0xAB, 100);
                super::free(a);
                let b = super::calloc(25, 4);
                assert!((0..100).all(|i| *b.add(i) == 0));
                super::free(b);
                assert!(super::calloc(usize::MAX, 2).is_null());
            }
        }

        /// A stand-in for compiled code: allocates 1 MiB (and hands it out through `args`),
        /// frees a small block, then asks for 2^63 bytes (refused before the system allocator
        /// is asked, so the cache other tests use is not released: the integration tests
        /// fail real allocations).
        unsafe extern "C" fn failing_entry(args: *mut *mut std::ffi::c_void) {
            unsafe {
                let kept = super::malloc(1 << 20);
                kept.write_bytes(1, 1 << 20);
                *args = kept as *mut std::ffi::c_void;
                super::free(super::malloc(100));
                super::malloc(1 << 63);
                *args = std::ptr::null_mut();
            }
        }

        unsafe extern "C" fn entry_that_frees(args: *mut *mut std::ffi::c_void) {
            unsafe {
                let a = super::malloc(1 << 20);
                *args = a as *mut std::ffi::c_void;
                super::free(a);
            }
        }

        #[test]
        fn a_failed_allocation_ends_the_run_and_frees_its_blocks() {
            let mut out: *mut std::ffi::c_void = std::ptr::null_mut();
            let got = unsafe { super::run(failing_entry, &mut out) };
            let class = super::class(1 << 20) - super::HEADER;
            assert_eq!(got, Err((1 << 63, class)), "the request named, the 1 MiB block (its class) freed");
            assert!(!out.is_null(), "the entry stopped at the failed allocation");
            // The thread runs again, and a run that frees its blocks ends with none held.
            for _ in 0..2 {
                assert_eq!(unsafe { super::run(entry_that_frees, &mut out) }, Ok(()));
            }
            assert!(super::RUN.get().is_null(), "no run is left installed on the thread");
        }

        #[test]
        fn freed_large_blocks_are_reused_and_aligned() {
            // A size class no program of the other tests in this process allocates.
            let n = 333_333_333 / 100;
            unsafe {
                let a = super::malloc(n);
                assert_eq!(a as usize % 64, 0);
                a.write_bytes(7, n);
                super::free(a);
                let b = super::malloc(n - 1000);
                assert_eq!(a, b, "a freed block of the same class is handed out again");
                let small = super::malloc(10);
                assert_eq!(small as usize % 64, 0);
                super::free(small);
                super::free(b);
                super::free(std::ptr::null_mut());
            }
        }
    }
}

/// Host implementations of the runtime functions compiled code calls (see
/// `Jit::register_host_symbols`).
mod host {
    /// MLIR's `UnrankedMemRefType<char>`: the rank and a pointer to a ranked descriptor
    /// (`allocated, aligned, offset, sizes[rank], strides[rank]`, all 64-bit).
    #[repr(C)]
    pub struct UnrankedMemRef {
        rank: i64,
        descriptor: *const i64,
    }

    /// `memrefCopy(elemSize, src, dst)`: copies every element of `src` to the same position
    /// of `dst` (same shape, any strides), the innermost dimensions contiguous in both as runs.
    pub unsafe extern "C" fn memref_copy(elem_size: i64, src: *const UnrankedMemRef, dst: *const UnrankedMemRef) {
        let (src, dst) = unsafe { (&*src, &*dst) };
        let rank = src.rank as usize;
        let read = |d: *const i64, i: usize| unsafe { *d.add(i) };
        let sizes: Vec<i64> = (0..rank).map(|i| read(src.descriptor, 3 + i)).collect();
        if sizes.iter().any(|&s| s <= 0) {
            return;
        }
        let src_strides: Vec<i64> = (0..rank).map(|i| read(src.descriptor, 3 + rank + i)).collect();
        let dst_strides: Vec<i64> = (0..rank).map(|i| read(dst.descriptor, 3 + rank + i)).collect();
        let src_base = read(src.descriptor, 1) as *const u8;
        let dst_base = read(dst.descriptor, 1) as *mut u8;
        let (src_offset, dst_offset) = (read(src.descriptor, 2), read(dst.descriptor, 2));
        let size = elem_size as usize;
        // The innermost dimensions that are contiguous in both views are copied as one run
        // (a padded convolution input's rows: one memmove per row instead of per element).
        let mut outer = rank;
        let mut run = 1i64;
        while outer > 0 && src_strides[outer - 1] == run && dst_strides[outer - 1] == run {
            run *= sizes[outer - 1];
            outer -= 1;
        }
        let bytes = run as usize * size;
        let mut index = vec![0i64; outer];
        loop {
            let s: i64 = src_offset + index.iter().zip(&src_strides).map(|(i, st)| i * st).sum::<i64>();
            let d: i64 = dst_offset + index.iter().zip(&dst_strides).map(|(i, st)| i * st).sum::<i64>();
            unsafe { std::ptr::copy(src_base.offset(s as isize * size as isize), dst_base.offset(d as isize * size as isize), bytes) };
            // Next index, last dimension fastest.
            let mut dim = outer;
            loop {
                if dim == 0 {
                    return;
                }
                dim -= 1;
                index[dim] += 1;
                if index[dim] < sizes[dim] {
                    break;
                }
                index[dim] = 0;
            }
        }
    }

    /// f32 → bf16 bits, rounding to nearest even; NaNs stay (quiet) NaNs.
    pub fn bf16_bits(x: f32) -> u16 {
        let bits = x.to_bits();
        if x.is_nan() {
            return ((bits >> 16) | 0x0040) as u16;
        }
        ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) as u16
    }

    /// f64 → bf16 bits with a single rounding: f64 → f32 rounding to odd (exact when the
    /// 16 bits bf16 drops suffice to decide), then f32 → bf16 to nearest even.
    pub fn bf16_bits_f64(x: f64) -> u16 {
        let mut t = x as f32;
        if !x.is_nan() && (t as f64) != x {
            if (t as f64).abs() > x.abs() {
                // Toward zero: one step down in magnitude (same sign).
                t = f32::from_bits(t.to_bits() - 1);
            }
            t = f32::from_bits(t.to_bits() | 1);
        }
        bf16_bits(t)
    }

    // A bf16 result travels in the low 16 bits of the first floating-point return register
    // (xmm0 / v0), as an f32's bit pattern does.
    pub extern "C" fn trunc_f32_to_bf16(x: f32) -> f32 {
        f32::from_bits(bf16_bits(x) as u32)
    }

    pub extern "C" fn trunc_f64_to_bf16(x: f64) -> f32 {
        f32::from_bits(bf16_bits_f64(x) as u32)
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn bf16_rounding_is_to_nearest_even() {
            assert_eq!(bf16_bits(1.0), 0x3F80);
            // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties to even (1.0).
            assert_eq!(bf16_bits(1.0 + 1.0 / 256.0), 0x3F80);
            assert_eq!(bf16_bits(1.0 + 3.0 / 256.0), 0x3F82);
            assert_eq!(bf16_bits(f32::MAX), 0x7F80);
            assert_eq!(bf16_bits(f32::INFINITY), 0x7F80);
            assert_eq!(bf16_bits(-0.0), 0x8000);
            assert!(f32::from_bits((bf16_bits(f32::NAN) as u32) << 16).is_nan());
        }

        #[test]
        fn bf16_from_f64_rounds_once() {
            // Just above the halfway point between 1 and 1 + 2^-7, by less than f32 can hold:
            // rounding through f32 first would land on the tie and round down to 1.
            let x = 1.0 + 1.0 / 256.0 + 1e-12;
            assert_eq!(bf16_bits_f64(x), 0x3F81);
            assert_eq!(bf16_bits_f64(1.0 + 1.0 / 256.0), 0x3F80);
            assert_eq!(bf16_bits_f64(1e300), 0x7F80);
            assert_eq!(bf16_bits_f64(-1e-300), 0x8000);
            assert!(f32::from_bits((bf16_bits_f64(f64::NAN) as u32) << 16).is_nan());
        }

        #[test]
        fn memref_copy_follows_strides() {
            // Copy a 2x2 view with strides [6, 3] at offset 2 of a 3x6 buffer into a dense 2x2.
            let src_data: Vec<i64> = (0..18).collect();
            let mut dst_data = vec![0i64; 4];
            let src_desc = [src_data.as_ptr() as i64, src_data.as_ptr() as i64, 2, 2, 2, 12, 3];
            let dst_desc = [dst_data.as_mut_ptr() as i64, dst_data.as_mut_ptr() as i64, 0, 2, 2, 2, 1];
            let src = UnrankedMemRef { rank: 2, descriptor: src_desc.as_ptr() };
            let dst = UnrankedMemRef { rank: 2, descriptor: dst_desc.as_ptr() };
            unsafe { memref_copy(8, &src, &dst) };
            assert_eq!(dst_data, vec![2, 5, 14, 17]);
        }

        #[test]
        fn memref_copy_copies_contiguous_rows_as_runs() {
            // The 2x4 interior at [1, 1] of a 4x6 buffer (rows of 4 contiguous in both) from a
            // dense 2x4, and a dense 2x3 copied whole (one run).
            let src_data: Vec<i32> = (0..8).collect();
            let mut dst_data = vec![-1i32; 24];
            let src_desc = [src_data.as_ptr() as i64, src_data.as_ptr() as i64, 0, 2, 4, 4, 1];
            let dst_desc = [dst_data.as_mut_ptr() as i64, dst_data.as_mut_ptr() as i64, 7, 2, 4, 6, 1];
            let src = UnrankedMemRef { rank: 2, descriptor: src_desc.as_ptr() };
            let dst = UnrankedMemRef { rank: 2, descriptor: dst_desc.as_ptr() };
            unsafe { memref_copy(4, &src, &dst) };
            let want: Vec<i32> = (0..24).map(|i| if (7..11).contains(&i) { i - 7 } else if (13..17).contains(&i) { i - 9 } else { -1 }).collect();
            assert_eq!(dst_data, want);
            let whole: Vec<f64> = (0..6).map(f64::from).collect();
            let mut out = vec![0.0f64; 6];
            let a = [whole.as_ptr() as i64, whole.as_ptr() as i64, 0, 2, 3, 3, 1];
            let b = [out.as_mut_ptr() as i64, out.as_mut_ptr() as i64, 0, 2, 3, 3, 1];
            unsafe { memref_copy(8, &UnrankedMemRef { rank: 2, descriptor: a.as_ptr() }, &UnrankedMemRef { rank: 2, descriptor: b.as_ptr() }) };
            assert_eq!(out, whole);
        }
    }
}

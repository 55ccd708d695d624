//! `xhlo-jit`: the default compilation pipeline, from verified xhlo to the LLVM dialect with
//! the JIT's entry wrapper. `xla-run` and `xhlo::runtime::compile` run exactly this pipeline
//! (their options are its options), and `xla-opt --pass-pipeline='builtin.module(xhlo-jit)'`
//! runs it too:
//!
//! ```text
//! xhlo-eqsat{fuse=<fusion is egraph> ...}     unless eqsat=false
//! xhlo-fuse                                  when fusion=greedy
//! convert-xhlo-to-linalg{tile-dots dot-tiles entry}
//! xhlo-dump{file=<dump-dir>/1-linalg.mlir}    when dump-dir is set
//! inline, loop-invariant code motion, xhlo-vectorize
//! xhlo-dump{file=<dump-dir>/2-vector.mlir}    when dump-dir is set
//! bufferization, loops, LLVM                 (the stages of xhlo-to-llvm after the vector
//!                                            stage; parallel loops on OpenMP when threads > 1)
//! xhlo-dump{file=<dump-dir>/3-llvm.mlir}      when dump-dir is set
//! ```

use crate::eqsat::EqsatOptions;
use crate::pass::{PassInfo, PassOption, PassOptions};
use xhlo_lowering::ops::linalg::dot_tiled::Tiles;

/// Who decides fusion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fusion {
    /// Phase 3 of `xhlo-eqsat`: fused kernels in the e-graph, chosen by its extractor (the
    /// default; needs `eqsat`).
    EGraph,
    /// The greedy `xhlo-fuse` pass after `xhlo-eqsat` (a baseline to compare with).
    Greedy,
    /// No fusion.
    Off,
}

impl std::str::FromStr for Fusion {
    type Err = String;
    fn from_str(s: &str) -> Result<Fusion, String> {
        match s {
            "egraph" => Ok(Fusion::EGraph),
            "greedy" => Ok(Fusion::Greedy),
            "off" | "none" => Ok(Fusion::Off),
            other => Err(format!("unknown fusion mode '{other}' (expected egraph, greedy or off)")),
        }
    }
}

impl std::fmt::Display for Fusion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Fusion::EGraph => "egraph",
            Fusion::Greedy => "greedy",
            Fusion::Off => "off",
        })
    }
}

/// The options of `xhlo-jit`.
#[derive(Clone, Debug, PartialEq)]
pub struct JitOptions {
    /// The function the entry wrapper calls.
    pub entry: String,
    /// Run `xhlo-eqsat` before lowering.
    pub eqsat: bool,
    pub fusion: Fusion,
    /// `xhlo-eqsat`'s limits and reports (its `fuse` comes from [`JitOptions::fusion`]).
    pub iter_limit: usize,
    pub node_limit: usize,
    pub time_limit_ms: u64,
    pub fast_math: bool,
    /// Print the statistics of `xhlo-eqsat` (and of `xhlo-fuse`) to stderr.
    pub stats: bool,
    /// Print egg's explanation of each value `xhlo-eqsat` rewrote to stderr.
    pub explain: bool,
    /// `convert-xhlo-to-linalg`'s `tile-dots` and `dot-tiles`.
    pub tile_dots: bool,
    pub dot_tiles: Tiles,
    /// `convert-xhlo-to-linalg`'s `gemm-library`: f32/f64 dots call the dot library's
    /// precompiled GEMM (the runtime of `xhlo::runtime` provides it) instead of a kernel
    /// compiled per program.
    pub gemm_library: bool,
    /// Run `xhlo-row-fusion` after the fusion decisions: a row reduction and the kernels
    /// consuming it row by row (softmax, layer norm) run one block of rows at a time.
    pub row_fusion: bool,
    /// Write the module after the conversion to linalg and at the end (LLVM dialect) as
    /// `1-linalg.mlir`, `2-vector.mlir` and `3-llvm.mlir` in this directory.
    pub dump_dir: Option<String>,
    /// Threads a compiled program runs on: its large parallel loops become OpenMP parallel
    /// regions of this many threads; 1 keeps everything on the calling thread, 0 means
    /// [`available_threads`].
    pub threads: usize,
    /// `xhlo-serial-small-loops`' `min-work`: parallel loops executing fewer operations run on
    /// the calling thread.
    pub min_parallel_work: u64,
    /// The math ops `xhlo-math-approximations` turns into polynomials (comma-separated, or
    /// `none`).
    pub math_approximations: String,
    /// `convert-xhlo-to-linalg`'s `vector-bytes` (0: the host's).
    pub vector_bytes: i64,
    /// `convert-xhlo-to-linalg`'s `rng-seed`: the key of `rng_uniform`/`rng_normal`.
    pub rng_seed: u64,
    /// Compile the GPU pipeline's loop structure ([`xhlo_lowering::pipeline::GPU_LOOPS`]:
    /// plain dots, no vector stage, one thread) for this CPU, so tests check those
    /// transformations by running them where there is no GPU.
    pub gpu_loops: bool,
}

/// The host's available parallelism (what `threads=0` means), read once per process: the
/// standard library reads the cgroup's CPU quota files at every call.
pub fn available_threads() -> usize {
    static THREADS: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

impl Default for JitOptions {
    /// The options' declared defaults: e-graph rewrites and fusion, tiled dots.
    fn default() -> Self {
        JitOptions::from_options(&PassOptions::default()).expect("the declared defaults are valid")
    }
}

/// The declaration `--list-passes` shows.
pub const INFO: PassInfo = PassInfo {
    argument: "xhlo-jit",
    summary: "The default pipeline of xla-run and xhlo::runtime::compile: xhlo-eqsat (or xhlo-fuse), convert-xhlo-to-linalg with the entry wrapper, the upstream stages to the LLVM dialect",
    options: &[
        PassOption { name: "entry", default: "main", help: "the function the entry wrapper @_xhlo_entry calls" },
        PassOption { name: "eqsat", default: "true", help: "run xhlo-eqsat first" },
        PassOption { name: "fusion", default: "egraph", help: "who fuses: egraph (xhlo-eqsat's phase 3; needs eqsat), greedy (xhlo-fuse) or off" },
        PassOption { name: "iter-limit", default: "30", help: "xhlo-eqsat: e-graph iterations per phase" },
        PassOption { name: "node-limit", default: "20000", help: "xhlo-eqsat: stop growing the e-graph at this many e-nodes" },
        PassOption { name: "time-limit-ms", default: "2000", help: "xhlo-eqsat: time per body" },
        PassOption { name: "fast-math", default: "false", help: "xhlo-eqsat: also apply rules that are not bit-exact for floats" },
        PassOption { name: "stats", default: "false", help: "print xhlo-eqsat's (and xhlo-fuse's) statistics to stderr" },
        PassOption { name: "explain", default: "false", help: "print egg's explanation of each value xhlo-eqsat rewrote to stderr" },
        PassOption { name: "tile-dots", default: "true", help: "convert-xhlo-to-linalg: the register-tiled dot kernel" },
        PassOption { name: "dot-tiles", default: "6,2,256,40,4", help: "convert-xhlo-to-linalg: the tiled kernel's sizes mr,nv,kc,mc,ku" },
        PassOption { name: "row-fusion", default: "true", help: "xhlo-row-fusion after the fusion decisions: a row reduction and the kernels consuming it row by row run one block of rows at a time (not with fusion=off, eqsat=false without greedy fusion, or gpu-loops)" },
        PassOption { name: "gemm-library", default: "true", help: "convert-xhlo-to-linalg: f32/f64 dots call the dot library's precompiled GEMM (xhlo's runtime provides it) instead of a kernel compiled per program" },
        PassOption { name: "dump-dir", default: "", help: "write the module after the conversion, after the vector stage and at the end to DIR/1-linalg.mlir, DIR/2-vector.mlir and DIR/3-llvm.mlir (empty: no dump)" },
        PassOption { name: "threads", default: "0", help: "threads of the compiled program: large parallel loops become OpenMP parallel regions; 1: one thread, 0: the host's available parallelism" },
        PassOption { name: "min-parallel-work", default: "65536", help: "parallel loops executing fewer operations stay on the calling thread (xhlo-serial-small-loops)" },
        PassOption { name: "vector-bytes", default: "0", help: "bytes per vector of the dot and convolution kernels and of xhlo-vectorize (16, 32, 64; 0: the host's)" },
        PassOption {
            name: "math-approximations",
            default: xhlo_lowering::pipeline::APPROXIMATED_MATH_OPS,
            help: "the f32 math ops xhlo-math-approximations turns into polynomials (comma-separated, or none)",
        },
        PassOption { name: "rng-seed", default: "0", help: "convert-xhlo-to-linalg: the key of the stream rng_uniform and rng_normal draw from" },
        PassOption { name: "gpu-loops", default: "false", help: "compile the GPU pipeline's loop structure for the CPU (plain dots, no vector stage, one thread): tests of those passes" },
    ],
};

impl JitOptions {
    /// Reads parsed options (undeclared ones were refused by [`PassOptions::parse`]).
    pub fn from_options(o: &PassOptions) -> Result<JitOptions, String> {
        let i = &INFO;
        let dump_dir = o.get(i, "dump-dir");
        let options = JitOptions {
            entry: o.get(i, "entry"),
            eqsat: o.get_parsed(i, "eqsat")?,
            fusion: o.get_parsed(i, "fusion")?,
            iter_limit: o.get_parsed(i, "iter-limit")?,
            node_limit: o.get_parsed(i, "node-limit")?,
            time_limit_ms: o.get_parsed(i, "time-limit-ms")?,
            fast_math: o.get_parsed(i, "fast-math")?,
            stats: o.get_parsed(i, "stats")?,
            explain: o.get_parsed(i, "explain")?,
            tile_dots: o.get_parsed(i, "tile-dots")?,
            gemm_library: o.get_parsed(i, "gemm-library")?,
            row_fusion: o.get_parsed(i, "row-fusion")?,
            dot_tiles: o.get_parsed(i, "dot-tiles")?,
            dump_dir: (!dump_dir.is_empty()).then_some(dump_dir),
            threads: o.get_parsed(i, "threads")?,
            min_parallel_work: o.get_parsed(i, "min-parallel-work")?,
            math_approximations: o.get(i, "math-approximations"),
            vector_bytes: o.get_parsed(i, "vector-bytes")?,
            rng_seed: o.get_parsed(i, "rng-seed")?,
            gpu_loops: o.get_parsed(i, "gpu-loops")?,
        };
        crate::lowering::vector_bytes(options.vector_bytes).map_err(|e| format!("pass 'xhlo-jit': {e}"))?;
        if options.entry.is_empty() {
            return Err("pass 'xhlo-jit': option entry= needs a function name".into());
        }
        Ok(options)
    }

    /// Reads options text (`key=value ...`).
    pub fn parse(text: &str) -> Result<JitOptions, String> {
        JitOptions::from_options(&PassOptions::parse(&INFO, text)?)
    }

    /// `xhlo-eqsat`'s options.
    pub fn eqsat_options(&self) -> EqsatOptions {
        EqsatOptions {
            iter_limit: self.iter_limit,
            node_limit: self.node_limit,
            time_limit_ms: self.time_limit_ms,
            fast_math: self.fast_math,
            fuse: self.fusion == Fusion::EGraph,
            stats: self.stats,
            explain: self.explain,
        }
    }

    /// Every option as `key=value` text, in declaration order (what [`JitOptions::parse`]
    /// reads back).
    pub fn to_text(&self) -> String {
        let mut items = vec![
            format!("entry={}", self.entry),
            format!("eqsat={}", self.eqsat),
            format!("fusion={}", self.fusion),
            format!("iter-limit={}", self.iter_limit),
            format!("node-limit={}", self.node_limit),
            format!("time-limit-ms={}", self.time_limit_ms),
            format!("fast-math={}", self.fast_math),
            format!("stats={}", self.stats),
            format!("explain={}", self.explain),
            format!("tile-dots={}", self.tile_dots),
            format!("dot-tiles={}", self.dot_tiles),
            format!("gemm-library={}", self.gemm_library),
            format!("row-fusion={}", self.row_fusion),
            format!("threads={}", self.threads),
            format!("min-parallel-work={}", self.min_parallel_work),
            format!("vector-bytes={}", self.vector_bytes),
            format!("math-approximations={}", self.math_approximations),
            format!("rng-seed={}", self.rng_seed),
            format!("gpu-loops={}", self.gpu_loops),
        ];
        if let Some(dir) = &self.dump_dir {
            items.push(format!("dump-dir={dir}"));
        }
        items.join(" ")
    }

    /// The whole pipeline as `--pass-pipeline` text: `builtin.module(xhlo-jit{...})`.
    pub fn pipeline(&self) -> String {
        format!("builtin.module({}{{{}}})", INFO.argument, self.to_text())
    }

    /// The number of threads `threads` stands for (0: [`available_threads`]).
    pub fn resolved_threads(&self) -> usize {
        if self.threads == 0 {
            available_threads()
        } else {
            self.threads
        }
    }

    /// The passes `xhlo-jit` stands for, with their options.
    pub fn expand(&self) -> String {
        let e = self.eqsat_options();
        // Calls of JAX's private helpers inlined first, so that rewrites and fusion see one body.
        let mut passes = vec!["xhlo-inline".to_string()];
        if self.eqsat {
            passes.push(format!(
                "xhlo-eqsat{{iter-limit={} node-limit={} time-limit-ms={} fast-math={} fuse={} stats={} explain={}}}",
                e.iter_limit, e.node_limit, e.time_limit_ms, e.fast_math, e.fuse, e.stats, e.explain
            ));
        }
        if self.fusion == Fusion::Greedy {
            passes.push(format!("xhlo-fuse{{stats={}}}", self.stats));
        }
        let fused = (self.eqsat && self.fusion == Fusion::EGraph) || self.fusion == Fusion::Greedy;
        if fused && !self.gpu_loops {
            passes.push(format!("xhlo-sibling-reductions{{stats={}}}", self.stats));
        }
        if self.row_fusion && fused && !self.gpu_loops {
            passes.push(format!("xhlo-row-fusion{{stats={}}}", self.stats));
        }
        passes.push(format!(
            "convert-xhlo-to-linalg{{tile-dots={} gemm-library={} dot-tiles={} vector-bytes={} rng-seed={} chunk-reductions={} entry={}}}",
            self.tile_dots && !self.gpu_loops,
            self.gemm_library && !self.gpu_loops,
            self.dot_tiles,
            self.vector_bytes,
            self.rng_seed,
            !self.gpu_loops,
            self.entry
        ));
        // The wrapper is the compiled module's only way in: once the program's functions are
        // inlined into it, `symbol-dce` removes them (LLVM compiled the whole program twice,
        // once more as the public entry function).
        passes.push(format!("symbol-privatize{{exclude={}}}", xhlo_lowering::entry::ENTRY));
        let dump = |name: &str| self.dump_dir.as_ref().map(|dir| format!("xhlo-dump{{file={}}}", std::path::Path::new(dir).join(name).display()));
        passes.extend(dump("1-linalg.mlir"));
        if self.gpu_loops {
            passes.push("inline,symbol-dce".into());
            passes.push(xhlo_lowering::pipeline::BUFFERIZE.to_string());
            passes.push(xhlo_lowering::pipeline::GPU_LOOPS.to_string());
            passes.push(xhlo_lowering::pipeline::GPU_TO_LOOPS.to_string());
        } else {
            passes.push(xhlo_lowering::pipeline::vectorize(self.vector_bytes));
            passes.extend(dump("2-vector.mlir"));
            passes.push(xhlo_lowering::pipeline::BUFFERIZE.to_string());
            passes.push(xhlo_lowering::pipeline::to_loops(self.resolved_threads(), self.min_parallel_work, self.vector_bytes));
        }
        passes.push(xhlo_lowering::pipeline::to_llvm(&self.math_approximations));
        passes.extend(dump("3-llvm.mlir"));
        passes.join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_eqsat_with_egraph_fusion_and_tiled_dots() {
        let o = JitOptions::default();
        assert_eq!((o.entry.as_str(), o.eqsat, o.fusion, o.tile_dots, o.dot_tiles), ("main", true, Fusion::EGraph, true, Tiles::DEFAULT));
        assert_eq!(o.eqsat_options(), EqsatOptions::default());
        assert_eq!(JitOptions::parse("").unwrap(), o);
        let passes = o.expand();
        assert!(passes.starts_with("xhlo-inline,xhlo-eqsat{iter-limit=30 node-limit=20000 time-limit-ms=2000 fast-math=false fuse=true stats=false explain=false},xhlo-sibling-reductions{stats=false},xhlo-row-fusion{stats=false},convert-xhlo-to-linalg{tile-dots=true gemm-library=true dot-tiles=6,2,256,40,4 vector-bytes=0 rng-seed=0 chunk-reductions=true entry=main},symbol-privatize{exclude=_xhlo_entry},inline,"), "{passes}");
        assert!(passes.ends_with(xhlo_lowering::pipeline::TO_LLVM), "{passes}");
        assert!(!passes.contains("xhlo-fuse") && !passes.contains("xhlo-dump"), "{passes}");
    }

    #[test]
    fn options_print_and_read_back() {
        let o = JitOptions {
            entry: "f".into(),
            eqsat: false,
            fusion: Fusion::Greedy,
            iter_limit: 3,
            node_limit: 100,
            time_limit_ms: 5,
            fast_math: true,
            stats: true,
            explain: true,
            tile_dots: false,
            dot_tiles: Tiles { mr: 4, nv: 1, kc: 64, mc: 8, ku: 2 },
            gemm_library: false,
            row_fusion: false,
            dump_dir: Some("/tmp/d".into()),
            threads: 3,
            min_parallel_work: 10,
            math_approximations: "tanh,exp".into(),
            vector_bytes: 32,
            rng_seed: 42,
            gpu_loops: false,
        };
        assert_eq!(JitOptions::parse(&o.to_text()).unwrap(), o);
        let gpu = JitOptions { gpu_loops: true, ..o.clone() };
        assert_eq!(JitOptions::parse(&gpu.to_text()).unwrap(), gpu);
        let gpu_passes = gpu.expand();
        assert!(gpu_passes.contains(xhlo_lowering::pipeline::GPU_LOOPS) && !gpu_passes.contains("openmp{") && !gpu_passes.contains("xhlo-vectorize"), "{gpu_passes}");
        assert_eq!(JitOptions::parse(&JitOptions::default().to_text()).unwrap(), JitOptions::default());
        // Row fusion follows the fusion decisions (greedy here), never without them.
        assert!(JitOptions { row_fusion: true, ..o.clone() }.expand().contains("xhlo-fuse{stats=true},xhlo-sibling-reductions{stats=true},xhlo-row-fusion{stats=true},"));
        assert!(!JitOptions { row_fusion: true, fusion: Fusion::Off, ..o.clone() }.expand().contains("xhlo-row-fusion"));
        assert!(!JitOptions { row_fusion: true, ..gpu.clone() }.expand().contains("xhlo-row-fusion"));
        let passes = o.expand();
        assert!(passes.starts_with("xhlo-inline,xhlo-fuse{stats=true},xhlo-sibling-reductions{stats=true},convert-xhlo-to-linalg{tile-dots=false gemm-library=false dot-tiles=4,1,64,8,2 vector-bytes=32 rng-seed=42 chunk-reductions=true entry=f},symbol-privatize{exclude=_xhlo_entry},xhlo-dump{file=/tmp/d/1-linalg.mlir},"), "{passes}");
        assert!(passes.ends_with(",xhlo-dump{file=/tmp/d/3-llvm.mlir}"), "{passes}");
        assert!(passes.contains("xhlo-serial-small-loops{min-work=10},convert-scf-to-openmp{num-threads=3}"), "{passes}");
    }

    #[test]
    fn one_thread_keeps_serial_loops_and_zero_means_all() {
        let one = JitOptions { threads: 1, ..JitOptions::default() };
        let serial = xhlo_lowering::pipeline::to_loops(1, 0, 0);
        assert!(serial.starts_with("scf-forall-to-for,xhlo-gemm-calls,xhlo-vectorize-fills{vector-bytes="), "{serial}");
        assert!(one.expand().contains(&serial) && !one.expand().contains("openmp{"), "{}", one.expand());
        assert_eq!(JitOptions::default().threads, 0);
        assert_eq!(JitOptions::default().resolved_threads(), available_threads());
    }

    #[test]
    fn bad_options_are_clear_errors() {
        let e = JitOptions::parse("dot-tiles=6,2,256").unwrap_err();
        assert_eq!(e, "pass 'xhlo-jit': option dot-tiles=6,2,256 is not valid: expected five positive integers mr,nv,kc,mc,ku (e.g. 6,2,256,40,4), got '6,2,256'");
        let e = JitOptions::parse("fusion=eager").unwrap_err();
        assert!(e.contains("unknown fusion mode 'eager' (expected egraph, greedy or off)"), "{e}");
        let e = JitOptions::parse("iter-limit=many").unwrap_err();
        assert!(e.contains("option iter-limit=many is not valid"), "{e}");
        let e = JitOptions::parse("tiles=1").unwrap_err();
        assert!(e.starts_with("pass 'xhlo-jit' has no option 'tiles' (options: entry, eqsat, fusion,"), "{e}");
        assert!(JitOptions::parse("entry=").unwrap_err().contains("entry= needs a function name"));
    }
}

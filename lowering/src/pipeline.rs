//! The upstream MLIR passes after `convert-xhlo-to-linalg`, by stage, so each stage can be
//! stopped at and printed (`xla-opt --pass-pipeline=...`).

/// linalg on tensors → vectors: inline into the entry wrapper, hoist loop-invariant tensor
/// computations out of loops, then tile element-wise and fused loop kernels into
/// vector-wide pieces and vectorize them at the host's width (`xhlo-vectorize`, from the C++
/// shim; the tiled dot kernel is written with vectors already). (A `while` body's dots pack
/// their loop-invariant operand, e.g. an RNN's weights, once before the loop instead of on
/// every iteration; MLIR hoists only ops free of memory effects and speculatable, so a
/// division that might trap stays in the loop.)
pub const VECTORIZE: &str = "inline,symbol-dce,loop-invariant-code-motion,xhlo-vectorize";

/// [`VECTORIZE`] with `vector_bytes` bytes per vector (0: the host's widest, read by
/// [`crate::host::vector_bytes`] as for the dot kernels, so both stages use one width).
pub fn vectorize(vector_bytes: i64) -> String {
    format!("{VECTORIZE}{{vector-bytes={}}}", crate::LowerOptions::vector_bytes_or_host(vector_bytes))
}

/// Tensors → buffers: bufferize, free buffers.
/// Kernels that compute a result write it into the caller's buffer
/// (`eliminate-empty-tensors` makes the `tensor.empty` a kernel writes into the destination of
/// the entry's `materialize_in_destination`, after `xhlo-reshape-destinations` has moved a
/// result's reshapes onto the caller's buffer); without it every result was computed into a
/// fresh buffer and then copied, one more pass over memory per result.
/// Loops over tensors may yield fresh buffers (`scf.while` bodies compute new values), and
/// `scf.if`/`scf.while` results get identity layouts, so the copies between them stay plain
/// memcpys (a copy from a strided layout would call the runtime library's `memrefCopy`).
/// A collective whose result the entry returns has its host call write into the caller's
/// buffer (`xhlo-collective-in-destination`, from the C++ shim: the call writes a buffer
/// bufferization cannot see into, so `eliminate-empty-tensors` cannot place it), before
/// deallocations are placed.
pub const BUFFERIZE: &str = "xhlo-reshape-destinations,eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map unknown-type-conversion=identity-layout-map},\
xhlo-collective-in-destination,buffer-deallocation-pipeline,convert-bufferization-to-memref,xhlo-loop-scratch-on-stack";

/// What follows the fills in [`TO_LOOPS`].
macro_rules! serial_loops_rest {
    () => {
        "convert-linalg-to-loops,xhlo-hoist-loop-allocas,convert-math-to-funcs,lower-affine"
    };
}

/// Buffers → loops (scf), on one thread: the products handed to the dot library become its
/// calls (`xhlo-gemm-calls`, from the C++ shim), small fills loops of vector stores at the
/// host's width (`xhlo-vectorize-fills`, from the shim: as scalar loops LLVM unrolled them
/// into runs of hundreds of stores that its dead-store elimination is quadratic in), the
/// vector stage's tile loops (`scf.forall`) and the remaining linalg ops `scf.for` nests.
/// (`math.ipowi` becomes a generated function with loops here, after bufferization, which
/// only accepts structured control flow.)
pub const TO_LOOPS: &str = concat!("scf-forall-to-for,xhlo-gemm-calls,xhlo-vectorize-fills,", serial_loops_rest!());

/// [`TO_LOOPS`] for the GPU path, after [`GPU_LOOPS`] turned every linalg op (fills
/// included) into parallel loops: no host-width vectors.
pub const GPU_TO_LOOPS: &str = concat!("scf-forall-to-for,xhlo-gemm-calls,", serial_loops_rest!());

/// Buffers → loops (scf) on `threads` threads: the tiled dot kernel's loops marked
/// `xhlo.parallel` (batch, column panels) become `scf.parallel` (`xhlo-parallel-marked-loops`,
/// from the C++ shim), the dot library's products calls split into tasks for the threads
/// (`xhlo-gemm-calls`), the parallel dimensions of linalg ops become
/// `scf.parallel` loops (their reduction dimensions stay `scf.for` inside), those with less
/// work than `min_work` operations become `scf.for` again (`xhlo-serial-small-loops`, from
/// the C++ shim), and the rest OpenMP parallel regions of `threads` threads (`omp.parallel`
/// and `omp.wsloop`: the iterations are split statically, one contiguous chunk per thread).
/// The compiled code calls the OpenMP runtime (`libomp`), whose pool of threads lives as long
/// as the process: no thread is created per run. `threads` 1 gives [`TO_LOOPS`]. Fills are
/// written with vectors of `vector_bytes` (0: the host's widest) in both.
pub fn to_loops(threads: usize, min_work: u64, vector_bytes: i64) -> String {
    let fills = format!("xhlo-vectorize-fills{{vector-bytes={}}}", crate::LowerOptions::vector_bytes_or_host(vector_bytes));
    if threads <= 1 {
        return format!("scf-forall-to-for,xhlo-gemm-calls,{fills},{}", serial_loops_rest!());
    }
    format!(
        "scf-forall-to-parallel,xhlo-parallel-marked-loops,xhlo-gemm-calls{{threads={threads}}},{fills},convert-linalg-to-parallel-loops,xhlo-serial-small-loops{{min-work={min_work}}},convert-scf-to-openmp{{num-threads={threads}}},canonicalize,\
xhlo-hoist-loop-allocas,convert-math-to-funcs,lower-affine"
    )
}

/// The math ops `xhlo-math-approximations` rewrites into polynomials (f32, and f16/bf16
/// through f32): those whose approximation meets its ULP bound and keeps the special values
/// in `tests/math_accuracy.rs`. The others (and every f64 op) stay calls of the C library or
/// LLVM intrinsics; the README lists which and why. The C++ pass's own default is the same
/// list (a test checks).
macro_rules! approximated_math_ops {
    () => {
        "cbrt,erf,erfc,exp,expm1,log,log1p,tanh"
    };
}
pub const APPROXIMATED_MATH_OPS: &str = approximated_math_ops!();

/// Everything to the LLVM dialect: the chosen math ops become polynomials first
/// (`xhlo-math-approximations`, from the C++ shim), so loops containing them vectorize.
/// bf16 arithmetic then becomes f32 arithmetic between conversions, and the conversions
/// integer operations (`xhlo-expand-bf16`: LLVM would use the host's conversion
/// instruction, which flushes subnormals on AVX512-BF16 hosts). Then vector ops: transfers
/// of more than one dimension become loops of 1-D ones, 1-D transfers plain or masked vector
/// loads and stores, `vector.fma` the `fmuladd` intrinsic.
/// `convert-math-to-libm` runs after `convert-math-to-llvm`, so only the math ops LLVM has no
/// intrinsic for (`math.erf`, `math.erfc` on f32/f64) become calls to the C library, which the
/// JIT resolves in the running process; without it they reach LLVM unconverted and the
/// program does not compile. On vectors it calls the library once per element (extracts and
/// inserts), so `convert-vector-to-llvm` comes after it.
/// `expand-strided-metadata` computes the offset of a subview
/// at a run-time position as `affine.apply` (`index * stride`, e.g. a `dynamic_slice` along a
/// dimension whose stride is not 1, as in a loop over the rows of a matrix), so `lower-affine`
/// runs again after it. `convert-scf-to-cf` runs after `finalize-memref-to-llvm`: the body of
/// an OpenMP loop is a `memref.alloca_scope`, which must still hold a single block when it is
/// lowered.
pub const TO_LLVM: &str = concat!("xhlo-math-approximations{ops=", approximated_math_ops!(), "},", to_llvm_rest!());

/// [`TO_LLVM`] with the math ops `ops` (comma-separated; empty or `none`: no op) approximated.
pub fn to_llvm(ops: &str) -> String {
    match ops {
        "" | "none" => to_llvm_rest!().to_string(),
        ops => format!("xhlo-math-approximations{{ops={ops}}},{}", to_llvm_rest!()),
    }
}

/// [`TO_LLVM`] after `xhlo-math-approximations`.
macro_rules! to_llvm_rest {
    () => {
        "xhlo-libm-expm1,arith-emulate-unsupported-floats{source-types=bf16 target-type=f32},xhlo-expand-bf16,\
convert-vector-to-scf,xhlo-hoist-loop-allocas,convert-complex-to-standard,convert-math-to-llvm{approximate-log1p=false},convert-math-to-libm,convert-vector-to-llvm,convert-complex-to-llvm,\
expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-scf-to-cf,convert-arith-to-llvm,convert-func-to-llvm,\
convert-cf-to-llvm,convert-ub-to-llvm,convert-openmp-to-llvm,reconcile-unrealized-casts"
    };
}
use to_llvm_rest;

/// The whole upstream pipeline, linalg on tensors to the LLVM dialect.
pub fn linalg_to_llvm() -> String {
    format!("builtin.module({VECTORIZE},{BUFFERIZE},{TO_LOOPS},{TO_LLVM})")
}

/// The math ops the GPU pipelines rewrite into polynomials and arithmetic (f32, and f16/bf16
/// through f32) with `xhlo-math-approximations`: every one the lowering emits that has an
/// approximation, since a GPU bundle has no libdevice to call instead (`remf` is fmod, `atan`
/// is atan2's; `tan` and `powf` are expanded into the others first). `tests/math_accuracy.rs` measures
/// each on the CPU (the same code) against its bound; the README lists the errors. f64
/// keeps libdevice's functions, which `--emit=ptx` refuses ([`crate::libdevice`]).
macro_rules! gpu_approximated_math_ops {
    () => {
        "atan,atan2,cbrt,cos,erf,erfc,exp,expm1,log,log1p,powf,remf,sin,tan,tanh"
    };
}
pub const GPU_APPROXIMATED_MATH_OPS: &str = gpu_approximated_math_ops!();

/// Buffers → the GPU's loop structure, still as `scf` loops (which also run on the CPU:
/// `xhlo-jit{gpu-loops=true}` tests them there): every linalg op's parallel dimensions
/// outside its reductions (`xhlo-gpu-parallel-dims-outer`), reductions with few results split
/// into chunks reduced in parallel (`xhlo-gpu-split-reductions`), each top-level parallel
/// loop nest one thread per iteration in blocks of 256 and whatever else computes in a
/// kernel too (`xhlo-gpu-map-loops`; Rust passes in `xhlo-passes`).
macro_rules! gpu_loops {
    () => {
        "linalg-generalize-named-ops,xhlo-gpu-parallel-dims-outer,xhlo-gpu-split-reductions,convert-linalg-to-parallel-loops,canonicalize,xhlo-gpu-map-loops"
    };
}
pub const GPU_LOOPS: &str = gpu_loops!();

/// Tensors → GPU kernels: calls inlined (a call would run on the host) and functions no
/// longer called removed, bufferization, each (batched) matrix product a `gpu.launch` that
/// stages operand tiles through shared memory (`xhlo-gpu-tile-dots`, after the loop order
/// [`GPU_LOOPS`] starts with; not in [`GPU_LOOPS`], whose CPU run cannot run a launch: the
/// pass's own tests simulate its grid), [`GPU_LOOPS`], then upstream's mapping to blocks and
/// threads and outlining into `gpu.module`s. Constants move into the kernels first
/// (`gpu-launch-sink-index-computations`: `canonicalize` hoists them out of launches, and
/// outlining would pass each as an argument, so kernels would divide by values known only at
/// run time). The host functions are left holding only allocations, views, constants and
/// `gpu.launch_func`s: a launch plan.
pub const TO_GPU: &str = concat!(
    "inline,symbol-dce,eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map unknown-type-conversion=identity-layout-map},",
    "linalg-generalize-named-ops,xhlo-gpu-parallel-dims-outer,xhlo-gpu-tile-dots,",
    gpu_loops!(),
    ",func.func(gpu-map-parallel-loops),convert-parallel-loops-to-gpu,convert-math-to-funcs{convert-ctlz=false},gpu-launch-sink-index-computations,gpu-kernel-outlining,canonicalize,lower-affine,convert-scf-to-cf"
);

/// GPU kernels → NVVM for sm_90, the host functions left as they are (a GPU bundle reads
/// them as its launch plan). `convert-gpu-to-nvvm` would make every math op a call into
/// CUDA's libdevice (`__nv_tanhf`, `__nv_sqrtf`, ...), which GPU bundles do not link: the
/// kernels' math ops become polynomials first ([`GPU_APPROXIMATED_MATH_OPS`]), and those
/// NVPTX compiles to instructions itself (sqrt, fma, floor, ...) LLVM intrinsics
/// (`xhlo-math-to-nvptx-intrinsics`, from the C++ shim). Views inside a kernel (a loop run by
/// one thread) become descriptors first (`expand-strided-metadata`), and what
/// `convert-gpu-to-nvvm` leaves of `math` (ctlz, ctpop) becomes LLVM intrinsics.
macro_rules! kernels_to_nvvm {
    () => {
        concat!(
            "nvvm-attach-target{chip=sm_90 features=+ptx80},gpu.module(xhlo-math-approximations{ops=",
            gpu_approximated_math_ops!(),
            "},xhlo-math-to-nvptx-intrinsics,expand-strided-metadata,lower-affine,convert-gpu-to-nvvm,convert-math-to-llvm)"
        )
    };
}
pub const KERNELS_TO_NVVM: &str = concat!(kernels_to_nvvm!(), ",reconcile-unrealized-casts");

/// GPU kernels → NVVM for sm_90 and the host side to LLVM with GPU runtime calls.
pub const TO_NVVM: &str = concat!(kernels_to_nvvm!(), ",gpu-to-llvm,reconcile-unrealized-casts");

/// NVVM → PTX text embedded in a `gpu.binary` (no CUDA installation needed).
pub const TO_PTX: &str = "gpu-module-to-binary{format=isa}";

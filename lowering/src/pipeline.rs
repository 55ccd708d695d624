//! The upstream MLIR passes after `convert-xhlo-to-linalg`, by stage, so each stage can be
//! stopped at and printed (`xla-opt --pass-pipeline=...`).

/// linalg on tensors → buffers: inline into the entry wrapper, bufferize, free buffers.
/// Loops over tensors may yield fresh buffers (`scf.while` bodies compute new values), and
/// `scf.if`/`scf.while` results get identity layouts, so the copies between them stay plain
/// memcpys (a copy from a strided layout would call the runtime library's `memrefCopy`).
pub const BUFFERIZE: &str = "inline,symbol-dce,\
one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map unknown-type-conversion=identity-layout-map},\
buffer-deallocation-pipeline,convert-bufferization-to-memref";

/// Buffers → loops (scf), on one thread.
/// (`math.ipowi` becomes a generated function with loops here, after bufferization, which
/// only accepts structured control flow.)
pub const TO_LOOPS: &str = "convert-linalg-to-loops,convert-math-to-funcs,lower-affine";

/// Buffers → loops (scf) on `threads` threads: the tiled dot kernel's loops marked
/// `xhlo.parallel` (batch, column panels) become `scf.parallel` (`xhlo-parallel-marked-loops`,
/// from the C++ shim), the parallel dimensions of linalg ops become
/// `scf.parallel` loops (their reduction dimensions stay `scf.for` inside), those with less
/// work than `min_work` operations become `scf.for` again (`xhlo-serial-small-loops`, from
/// the C++ shim), and the rest OpenMP parallel regions of `threads` threads (`omp.parallel`
/// and `omp.wsloop`: the iterations are split statically, one contiguous chunk per thread).
/// The compiled code calls the OpenMP runtime (`libomp`), whose pool of threads lives as long
/// as the process: no thread is created per run. `threads` 1 gives [`TO_LOOPS`].
pub fn to_loops(threads: usize, min_work: u64) -> String {
    if threads <= 1 {
        return TO_LOOPS.to_string();
    }
    format!(
        "xhlo-parallel-marked-loops,convert-linalg-to-parallel-loops,xhlo-serial-small-loops{{min-work={min_work}}},convert-scf-to-openmp{{num-threads={threads}}},canonicalize,\
convert-math-to-funcs,lower-affine"
    )
}

/// Everything to the LLVM dialect (vector ops first: the tiled dot's 1-D transfers become
/// plain or masked vector loads and stores, `vector.fma` the `fmuladd` intrinsic).
/// `convert-math-to-libm` runs after `convert-math-to-llvm`, so only the math ops LLVM has no
/// intrinsic for (`math.erf`, `math.erfc` on f32/f64) become calls to the C library, which the
/// JIT resolves in the running process; without it they reach LLVM unconverted and the
/// program does not compile.
/// `expand-strided-metadata` computes the offset of a subview
/// at a run-time position as `affine.apply` (`index * stride`, e.g. a `dynamic_slice` along a
/// dimension whose stride is not 1, as in a loop over the rows of a matrix), so `lower-affine`
/// runs again after it. `convert-scf-to-cf` runs after `finalize-memref-to-llvm`: the body of
/// an OpenMP loop is a `memref.alloca_scope`, which must still hold a single block when it is
/// lowered.
pub const TO_LLVM: &str = "convert-vector-to-llvm,convert-complex-to-standard,convert-math-to-llvm,convert-math-to-libm,convert-complex-to-llvm,\
expand-strided-metadata,lower-affine,finalize-memref-to-llvm,convert-scf-to-cf,convert-arith-to-llvm,convert-func-to-llvm,\
convert-cf-to-llvm,convert-ub-to-llvm,convert-openmp-to-llvm,reconcile-unrealized-casts";

/// The whole upstream pipeline, linalg on tensors to the LLVM dialect.
pub fn linalg_to_llvm() -> String {
    format!("builtin.module({BUFFERIZE},{TO_LOOPS},{TO_LLVM})")
}

/// Buffers → GPU kernels: parallel loops mapped to blocks and threads, outlined into a
/// `gpu.module`. Math functions become calls into CUDA's libdevice (`__nv_tanhf`, ...),
/// which must be linked when the PTX is loaded.
pub const TO_GPU: &str = "one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},\
convert-linalg-to-parallel-loops,func.func(scf-parallel-loop-tiling{parallel-loop-tile-sizes=128}),func.func(gpu-map-parallel-loops),\
convert-parallel-loops-to-gpu,gpu-kernel-outlining,lower-affine,convert-scf-to-cf";

/// GPU kernels → NVVM for sm_90 (host side to LLVM with GPU runtime calls).
pub const TO_NVVM: &str = "nvvm-attach-target{chip=sm_90 features=+ptx80},gpu.module(convert-gpu-to-nvvm),\
gpu-to-llvm,reconcile-unrealized-casts";

/// NVVM → PTX text embedded in a `gpu.binary` (no CUDA installation needed).
pub const TO_PTX: &str = "gpu-module-to-binary{format=isa}";

//! `convert-xhlo-to-linalg` as an MLIR pass, and the named pipelines down to LLVM.
//!
//! The conversion itself is text to text ([`xhlo_lowering`]): the pass prints the module in
//! generic form with locations, lowers it, parses the result in the same context and moves
//! its operations into the module, so the pass runs in any melior `PassManager`.

use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, OperationPrintingFlags},
    Module, OperationRef, RegionLike,
};

#[derive(Clone, Default)]
pub struct ConvertXhloToLinalg {
    pub options: xhlo_lowering::LowerOptions,
    /// Also emit the calling-convention wrapper `@_xhlo_entry` for this function
    /// ([`xhlo_lowering::entry`]), as the JIT needs.
    pub entry: Option<String>,
}

/// A `vector-bytes` option: 16, 32 or 64, or 0 for the host's.
pub fn vector_bytes(bytes: i64) -> Result<i64, String> {
    match bytes {
        0 | 16 | 32 | 64 => Ok(xhlo_lowering::LowerOptions::vector_bytes_or_host(bytes)),
        _ => Err(format!("vector-bytes must be 16, 32 or 64 (0: the host's), got {bytes}")),
    }
}

/// The file name in the first `loc("file":line:col)` of printed IR.
fn source_file(text: &str) -> String {
    text.find("loc(\"")
        .and_then(|i| text[i + 5..].split('"').next())
        .unwrap_or("<input>")
        .to_string()
}

impl XhloPass for ConvertXhloToLinalg {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "convert-xhlo-to-linalg",
        summary: "Lower xhlo to linalg on tensors, tensor, arith, math, complex, scf and func",
        options: &[
            PassOption {
                name: "tile-dots",
                default: "true",
                help: "lower large f32/f64/integer dots and output fusions to the register-tiled CPU kernel (off in the GPU pipelines)",
            },
            PassOption {
                name: "gemm-library",
                default: "false",
                help: "hand f32/f64 dots (and output fusions' dots) to the dot library: a generic marked library_call = \"xhlo_gemm\" that xhlo-gemm-calls turns into calls of the precompiled GEMM xhlo's runtime provides (xhlo-jit turns it on)",
            },
            PassOption { name: "dot-tiles", default: "6,2,256,40,4", help: "the tiled kernel's sizes mr,nv,kc,mc,ku: tile rows, vectors per tile row, K block, row tiles per block, K unroll" },
            PassOption { name: "vector-bytes", default: "0", help: "bytes per vector of the tiled dot and depthwise convolution kernels and of the reductions' lanes (16, 32 or 64; 0: the host's widest)" },
            PassOption { name: "entry", default: "", help: "also emit the JIT's entry wrapper @_xhlo_entry calling this function (empty: none)" },
            PassOption { name: "rng-seed", default: "0", help: "the key of the stream rng_uniform and rng_normal draw from (the same seed draws the same numbers)" },
            PassOption { name: "chunk-reductions", default: "true", help: "reduce long contiguous runs in parallel chunks of vector lanes (the CPU's order; off in the GPU pipelines, which split reductions over threads with xhlo-gpu-split-reductions)" },
        ],
    };

    fn from_options(o: &PassOptions) -> Result<Self, String> {
        let i = &Self::INFO;
        let entry = o.get(i, "entry");
        Ok(ConvertXhloToLinalg {
            options: xhlo_lowering::LowerOptions { tile_dots: o.get_parsed(i, "tile-dots")?, gemm_library: o.get_parsed(i, "gemm-library")?, tiles: o.get_parsed(i, "dot-tiles")?, vector_bytes: vector_bytes(o.get_parsed(i, "vector-bytes")?)?,
                rng_seed: o.get_parsed(i, "rng-seed")?,
                chunk_reductions: o.get_parsed(i, "chunk-reductions")?,
            },
            entry: (!entry.is_empty()).then_some(entry),
        })
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        let options = self.options;
        let entry = self.entry.clone();
        rewrite_module_text(op, |text, file| {
            let parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file))?;
            let lowered = xhlo_lowering::lower_file_with(&parsed, file, &options).map_err(|e| e.in_file(file))?;
            match &entry {
                Some(entry) => xhlo_lowering::entry::append_wrapper(&lowered, &parsed, entry).map(Some),
                None => Ok(Some(lowered)),
            }
        })
    }
}

/// Rewrites module `op` as text: prints it in generic form with locations, gives the text
/// and its source file name to `rewrite`, parses the result in the same context and moves
/// its operations into the module (so text-to-text passes run in any melior `PassManager`).
/// `rewrite` returns `None` when it changed nothing, and the module is left as it is.
pub fn rewrite_module_text(op: OperationRef, rewrite: impl FnOnce(&str, &str) -> Result<Option<String>, String>) -> Result<(), String> {
    rewrite_module_text_or(op, rewrite, || "internal error: the rewritten module does not parse (a bug in the pass)".to_string())
}

/// [`rewrite_module_text`], with the error when the rewritten text does not parse or does
/// not verify (MLIR verifies what it parses; its diagnostics go to the context's handler
/// first) given by `invalid`.
pub fn rewrite_module_text_or(
    op: OperationRef,
    rewrite: impl FnOnce(&str, &str) -> Result<Option<String>, String>,
    invalid: impl FnOnce() -> String,
) -> Result<(), String> {
    // Anything but a module would have its body replaced by a module's ops.
    let name = op.name();
    let name = name.as_string_ref().as_str().unwrap_or("?");
    if name != "builtin.module" {
        return Err(format!("a rewrite of a whole module scheduled on '{name}', not on a builtin.module"));
    }
    let flags = OperationPrintingFlags::new().print_generic_operation_form().enable_debug_info(true, false);
    let text = op.to_string_with_flags(flags).map_err(|e| e.to_string())?;
    let file = source_file(&text);
    let Some(rewritten) = rewrite(&text, &file)? else { return Ok(()) };
    let context = op.context();
    // Parsed under the source file's name: an op the text gives no location (the module
    // itself) is then placed in that file, not in MLIR's default `-`, which the next pass's
    // `source_file` would otherwise take for the file (and the collectives name in their
    // errors).
    let parsed = unsafe {
        mlir_sys::mlirOperationCreateParse(
            context.to_ref().to_raw(),
            melior::StringRef::new(&rewritten).to_raw(),
            melior::StringRef::new(&file).to_raw(),
        )
    };
    if parsed.ptr.is_null() {
        return Err(invalid());
    }
    let module = unsafe { mlir_sys::mlirModuleFromOperation(parsed) };
    if module.ptr.is_null() {
        unsafe { mlir_sys::mlirOperationDestroy(parsed) };
        return Err(invalid());
    }
    let new = unsafe { Module::from_raw(module) };
    let body = op.region(0).map_err(|e| e.to_string())?.first_block().ok_or("module without a body")?;
    // Replace the module's contents with the new operations.
    while let Some(old) = body.first_operation() {
        unsafe { mlir_sys::mlirOperationDestroy(old.to_raw()) };
    }
    while let Some(moved) = new.body().first_operation() {
        unsafe {
            mlir_sys::mlirOperationRemoveFromParent(moved.to_raw());
            mlir_sys::mlirBlockAppendOwnedOperation(body.to_raw(), moved.to_raw());
        }
    }
    Ok(())
}

/// Named pipelines: a name usable in `--pass-pipeline` that expands to a sequence of passes.
pub const NAMED_PIPELINES: &[(&str, &str)] = &[
    ("xhlo-to-linalg", "xhlo-verify,xhlo-cse,xhlo-dce,convert-xhlo-to-linalg"),
    ("xhlo-to-vectors", "xhlo-to-linalg,VECTORIZE"),
    ("xhlo-to-buffers", "xhlo-to-vectors,BUFFERIZE"),
    ("xhlo-to-loops", "xhlo-to-buffers,TO_LOOPS"),
    // The same stage on every core: large parallel loops as OpenMP regions (xhlo-jit's with
    // threads > 1); continue with TO_LLVM.
    ("xhlo-to-parallel-loops", "xhlo-to-buffers,TO_PARALLEL_LOOPS"),
    ("xhlo-to-llvm", "xhlo-to-loops,TO_LLVM"),
    // The GPU kernels come from the plain generics' parallel loops, not the CPU dot kernel.
    ("xhlo-to-gpu", "xhlo-verify,xhlo-cse,xhlo-dce,convert-xhlo-to-linalg{tile-dots=false chunk-reductions=false},TO_GPU"),
    ("xhlo-to-nvvm", "xhlo-to-gpu,TO_NVVM"),
    ("xhlo-to-ptx", "xhlo-to-nvvm,TO_PTX"),
];

/// Passes written in C++ (`xhlo-dialect`'s shim) and registered in MLIR's own registry, so
/// pipelines name them as they name upstream passes; described here for `--list-passes`.
pub const NATIVE_PASSES: &[PassInfo] = &[
    PassInfo {
        argument: "xhlo-parallel-marked-loops",
        summary: "Turn scf.for loops marked xhlo.parallel (the tiled dot's batch and column-panel loops) that carry only buffers, yielded unchanged, into scf.parallel",
        options: &[],
    },
    PassInfo {
        argument: "xhlo-gemm-calls",
        summary: "Turn the products the lowering marked library_call = \"xhlo_gemm\" (linalg.generic on buffers) into calls of the dot library's precompiled GEMM, split into tasks over a parallel loop",
        options: &[
            PassOption { name: "threads", default: "1", help: "threads that share a product's tasks" },
            PassOption { name: "min-work", default: "262144", help: "flops a product needs to be split over the threads" },
        ],
    },
    PassInfo {
        argument: "xhlo-serial-small-loops",
        summary: "Turn scf.parallel loops with little work, or nested in another parallel loop, into scf.for nests (they stay on the calling thread)",
        options: &[PassOption { name: "min-work", default: "65536", help: "operations (one per op, loops times their trip count) a parallel loop must execute to stay parallel" }],
    },
    PassInfo {
        argument: "xhlo-loop-scratch-on-stack",
        summary: "Turn the static memref.allocs of an outermost scf.forall's body (at most max-bytes together) into memref.allocas in a memref.alloca_scope, released after each iteration (a row fusion's block buffers)",
        options: &[PassOption { name: "max-bytes", default: "524288", help: "bytes of scratch per iteration that may go on the stack" }],
    },
    PassInfo {
        argument: "xhlo-hoist-loop-allocas",
        summary: "Move static memref.allocas out of the scf.for and scf.while loops around them (their lowering releases no stack per iteration), so each is allocated once",
        options: &[],
    },
    PassInfo {
        argument: "xhlo-reshape-destinations",
        summary: "Materialize the value a reshaped result comes from into the destination buffer reshaped back, and start a result assembled by insert_slices (into an empty tensor, or into an operand copied there once) from the destination buffer, so that empty-tensor elimination can compute it in place",
        options: &[],
    },
    PassInfo {
        argument: "xhlo-vectorize",
        summary: "Tile element-wise and fused loop kernels (all-parallel linalg.generic on tensors) into vector-wide pieces (scf.forall) and vectorize each piece",
        options: &[PassOption { name: "vector-bytes", default: "0", help: "bytes per vector register (0: the host's widest: 64 with AVX-512, 32 with AVX2, else 16)" }],
    },
    PassInfo {
        argument: "xhlo-vectorize-fills",
        summary: "Write small linalg.fill ops on contiguous static buffers as a loop of vector stores at the host's width",
        options: &[
            PassOption { name: "vector-bytes", default: "0", help: "bytes per vector register (0: the host's widest: 64 with AVX-512, 32 with AVX2, else 16)" },
            PassOption { name: "max-bytes", default: "262144", help: "largest fill (bytes) written this way; larger ones stay loops that may run in parallel" },
        ],
    },
    PassInfo {
        argument: "xhlo-expand-bf16",
        summary: "Expand bf16 <-> f32 conversions into integer operations on the bit patterns (the same rounding, subnormals kept, on every host)",
        options: &[],
    },
    PassInfo {
        argument: "xhlo-collective-in-destination",
        summary: "Let collectives' host calls write into the entry's result buffer their result is copied to (the fresh buffer and the copy go)",
        options: &[],
    },
    PassInfo {
        argument: "xhlo-libm-expm1",
        summary: "Lower f64 math.expm1 to the C library's expm1 (convert-math-to-llvm would compute exp(x) - 1)",
        options: &[],
    },
    PassInfo {
        argument: "xhlo-math-to-nvptx-intrinsics",
        summary: "Lower the math ops NVPTX compiles to instructions (sqrt, rsqrt, abs, floor, ceil, trunc, round, roundeven, fma, copysign, isfinite) to LLVM intrinsics, so convert-gpu-to-nvvm does not call libdevice",
        options: &[],
    },
    PassInfo {
        argument: "xhlo-math-approximations",
        summary: "Rewrite the chosen f32 (and f16/bf16, through f32) math ops into polynomial approximations, so loops containing them vectorize",
        options: &[PassOption {
            name: "ops",
            default: xhlo_lowering::pipeline::APPROXIMATED_MATH_OPS,
            help: "the math ops to approximate, without `math.` (of acos, asin, atan, atan2, cbrt, cos, erf, erfc, exp, expm1, log, log1p, log2, powf, sin, tan, tanh; remf: arith.remf)",
        }],
    },
];

/// Expands a named pipeline to its passes (recursively), or `None` if `name` is not one.
pub fn expand(name: &str) -> Option<String> {
    let (_, body) = NAMED_PIPELINES.iter().find(|(n, _)| *n == name)?;
    let parts: Vec<String> = body
        .split(',')
        .map(|p| match p {
            "VECTORIZE" => xhlo_lowering::pipeline::VECTORIZE.to_string(),
            "BUFFERIZE" => xhlo_lowering::pipeline::BUFFERIZE.to_string(),
            "TO_LOOPS" => xhlo_lowering::pipeline::TO_LOOPS.to_string(),
            "TO_PARALLEL_LOOPS" => xhlo_lowering::pipeline::to_loops(crate::jit::available_threads().max(2), 1 << 16, 0),
            "TO_LLVM" => xhlo_lowering::pipeline::TO_LLVM.to_string(),
            "TO_GPU" => xhlo_lowering::pipeline::TO_GPU.to_string(),
            "TO_NVVM" => xhlo_lowering::pipeline::TO_NVVM.to_string(),
            "TO_PTX" => xhlo_lowering::pipeline::TO_PTX.to_string(),
            other => expand(other).unwrap_or_else(|| other.to_string()),
        })
        .collect();
    Some(parts.join(","))
}

/// The PTX texts embedded in `gpu.binary` ops of printed IR (after `xhlo-to-ptx`): in each
/// `#gpu.object<#nvvm.target<...>, "..."> `, the object's own string (the longest one).
pub fn extract_ptx(ir: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, _) in ir.match_indices("#gpu.object<") {
        let mut best = String::new();
        let mut depth = 0usize;
        let mut chars = ir[i + "#gpu.object".len()..].chars();
        while let Some(c) = chars.next() {
            match c {
                '<' => depth += 1,
                '>' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                '"' => {
                    let s = read_string(&mut chars);
                    if s.len() > best.len() {
                        best = s;
                    }
                }
                _ => {}
            }
        }
        out.push(best);
    }
    out
}

/// Reads a string literal's body (after the opening quote) with MLIR's escapes.
fn read_string(chars: &mut std::str::Chars) -> String {
    let mut text = String::new();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next() {
                Some('n') => text.push('\n'),
                Some('t') => text.push('\t'),
                Some('"') => text.push('"'),
                Some('\\') => text.push('\\'),
                Some(a) => {
                    let b = chars.next().unwrap_or('0');
                    text.push(u8::from_str_radix(&format!("{a}{b}"), 16).unwrap_or(b'?') as char);
                }
                None => break,
            },
            c => text.push(c),
        }
    }
    text
}

//! Compiling and running xhlo programs on the host CPU: lowering (xhlo → linalg, in Rust),
//! the upstream pipeline to the LLVM dialect, and MLIR's JIT (`ExecutionEngine`, -O3).
//!
//! Buffers cross the boundary as MLIR memref descriptors (`allocated, aligned, offset,
//! sizes[r], strides[r]`, all 64-bit), one per input and output of `@_xhlo_entry`.

use crate::dialect::{Diagnostic, XhloContext};
use crate::ir::literal::Literal;
use crate::ir::{TensorType, Type};
use crate::lowering::{self, entry};
use melior::ir::operation::OperationLike;
use melior::ir::Module;
use melior::StringRef;
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
}

/// A compiled entry function, ready to run.
pub struct Program {
    engine: Jit,
    pub inputs: Vec<TensorType>,
    pub outputs: Vec<TensorType>,
    /// Time spent lowering, in the MLIR pipeline and in LLVM (JIT) compilation.
    pub compile_time: Duration,
}

/// Options for [`compile`].
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// The function to run.
    pub entry: String,
    /// LLVM optimization level (0-3).
    pub opt_level: usize,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions { entry: "main".into(), opt_level: 3 }
    }
}

fn tensor_types(types: &[Type], what: &str) -> Result<Vec<TensorType>, RunError> {
    types
        .iter()
        .map(|t| match t {
            Type::Tensor(t) => Ok(t.clone()),
            other => Err(RunError::Compile(format!("unsupported: {what} of type {other} (only tensors can be passed)"))),
        })
        .collect()
}

/// The signature of function `name` in printed xhlo text.
fn signature(file: &xhlo_stablehlo::ast::File, name: &str) -> Result<(Vec<Type>, Vec<Type>), RunError> {
    use xhlo_stablehlo::ast::{Attribute, Op, Type as AstType};
    fn find<'a>(ops: &'a [Op], name: &str) -> Option<&'a Op> {
        for op in ops {
            if op.name == "func.func" && op.attr("sym_name") == Some(&Attribute::Str(name.to_string())) {
                return Some(op);
            }
            for r in &op.regions {
                for b in &r.blocks {
                    if let Some(f) = find(&b.ops, name) {
                        return Some(f);
                    }
                }
            }
        }
        None
    }
    let func = find(&file.ops, name).ok_or_else(|| RunError::Input(format!("no function @{name} in the program")))?;
    let Some(Attribute::Type(AstType::Function { inputs, results })) = func.attr("function_type") else {
        return Err(RunError::Compile(format!("@{name} has no function type")));
    };
    let conv = |ts: &[AstType]| ts.iter().map(|t| lowering::convert::xtype(t).map_err(RunError::Compile)).collect::<Result<Vec<_>, _>>();
    Ok((conv(inputs)?, conv(results)?))
}

/// The xhlo module as our syntax tree (printed in generic form and read back).
pub fn module_ast(module: &Module, file: &str) -> Result<xhlo_stablehlo::ast::File, RunError> {
    // With debug info, each op keeps its source position through the round trip.
    let flags = melior::ir::operation::OperationPrintingFlags::new().print_generic_operation_form().enable_debug_info(true, false);
    let text = module.as_operation().to_string_with_flags(flags).map_err(|e| RunError::Compile(e.to_string()))?;
    xhlo_stablehlo::parser::parse_file(&text).map_err(|e| RunError::Compile(e.in_file(file)))
}

/// Lowers an xhlo program to linalg text with the entry wrapper.
pub fn lower_to_linalg(parsed: &xhlo_stablehlo::ast::File, options: &CompileOptions, file: &str) -> Result<(String, Vec<TensorType>, Vec<TensorType>), RunError> {
    let (ins, outs) = signature(parsed, &options.entry)?;
    let (ins, outs) = (tensor_types(&ins, "input")?, tensor_types(&outs, "result")?);
    let lowered = lowering::lower_file(parsed, file).map_err(|e| RunError::Compile(e.in_file(file)))?;
    let body = lowered.trim_end().strip_suffix('}').unwrap_or(&lowered);
    let with_entry = format!("{body}{}}}\n", entry::wrapper(&options.entry, &ins, &outs));
    Ok((with_entry, ins, outs))
}

/// Compiles `module`'s entry function for this CPU.
pub fn compile(ctx: &XhloContext, module: &Module, options: &CompileOptions, file: &str) -> Result<Program, RunError> {
    compile_ast(ctx, &module_ast(module, file)?, options, file)
}

/// Compiles a verified xhlo program given as a syntax tree.
pub fn compile_ast(ctx: &XhloContext, parsed: &xhlo_stablehlo::ast::File, options: &CompileOptions, file: &str) -> Result<Program, RunError> {
    let start = Instant::now();
    let (linalg, inputs, outputs) = lower_to_linalg(parsed, options, file)?;
    let dump = std::env::var_os("XHLO_DUMP_DIR").map(std::path::PathBuf::from);
    if let Some(dir) = &dump {
        let _ = std::fs::create_dir_all(dir);
        let _ = std::fs::write(dir.join("1-linalg.mlir"), &linalg);
    }
    ctx.take_diagnostics();
    let mut lowered = Module::parse(ctx.context(), &linalg).ok_or_else(|| {
        let d = ctx.take_diagnostics();
        RunError::Compile(format!(
            "internal error: the lowered program does not parse:\n{}",
            d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
        ))
    })?;
    let pm = crate::passes::build_pass_manager(ctx.context(), &lowering::pipeline::linalg_to_llvm()).map_err(RunError::Compile)?;
    if pm.run(&mut lowered).is_err() {
        return Err(RunError::Diagnostics(ctx.take_diagnostics()));
    }
    if let Some(dir) = &dump {
        let _ = std::fs::write(dir.join("2-llvm.mlir"), lowered.as_operation().to_string());
    }
    let engine = Jit::new(&lowered, options.opt_level)?;
    Ok(Program { engine, inputs, outputs, compile_time: start.elapsed() })
}

/// MLIR's JIT for one module. melior's wrapper does not report a failed creation, so the C
/// API is used directly.
struct Jit {
    raw: mlir_sys::MlirExecutionEngine,
}

impl Jit {
    fn new(module: &Module, opt_level: usize) -> Result<Jit, RunError> {
        // MLIR's C runner utilities provide `memrefCopy`, which copies between strided
        // buffers (a strided slice that is returned, for example).
        let utils = runner_utils();
        let libs: Vec<mlir_sys::MlirStringRef> = utils.iter().map(|p| StringRef::new(p).to_raw()).collect();
        let raw = unsafe {
            mlir_sys::mlirExecutionEngineCreate(module.to_raw(), opt_level as i32, libs.len() as i32, libs.as_ptr(), false, false)
        };
        if raw.ptr.is_null() {
            return Err(RunError::Compile("LLVM could not compile the program (the JIT failed to start)".into()));
        }
        Ok(Jit { raw })
    }

    fn invoke_packed(&self, name: &str, args: &mut [*mut ()]) -> Result<(), RunError> {
        let result = unsafe { mlir_sys::mlirExecutionEngineInvokePacked(self.raw, StringRef::new(name).to_raw(), args.as_mut_ptr() as *mut *mut std::ffi::c_void) };
        if result.value == 0 {
            return Err(RunError::Execution(format!("no compiled function {name}")));
        }
        Ok(())
    }
}

/// The MLIR runtime library with `memrefCopy`, from the LLVM 22 installation.
fn runner_utils() -> Vec<&'static str> {
    static PATH: std::sync::LazyLock<Option<String>> = std::sync::LazyLock::new(|| {
        let prefix = option_env!("MLIR_SYS_220_PREFIX").unwrap_or("/usr/lib/llvm-22");
        let path = format!("{prefix}/lib/libmlir_c_runner_utils.so");
        std::path::Path::new(&path).exists().then_some(path)
    });
    PATH.as_deref().into_iter().collect()
}

impl Drop for Jit {
    fn drop(&mut self) {
        unsafe { mlir_sys::mlirExecutionEngineDestroy(self.raw) }
    }
}

/// A memref descriptor: pointers, offset, sizes, strides (row-major, dense).
fn descriptor(data: *mut u8, ty: &TensorType) -> Vec<i64> {
    let mut d = vec![data as i64, data as i64, 0];
    d.extend(&ty.dims);
    let mut strides = vec![1i64; ty.rank()];
    for i in (0..ty.rank().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * ty.dims[i + 1];
    }
    d.extend(strides);
    d
}

impl Program {
    /// Runs the program on `inputs` (checked against the entry's parameter types).
    pub fn run(&self, inputs: &[Literal]) -> Result<Vec<Literal>, RunError> {
        if inputs.len() != self.inputs.len() {
            return Err(RunError::Input(format!("the entry takes {} inputs, {} given", self.inputs.len(), inputs.len())));
        }
        for (i, (lit, ty)) in inputs.iter().zip(&self.inputs).enumerate() {
            if !lit.ty.compatible(ty) {
                return Err(RunError::Input(format!("input #{i} has type {} but the entry expects {ty}", lit.ty)));
            }
        }
        let mut ins: Vec<Literal> = inputs.to_vec();
        let mut outs: Vec<Literal> = self.outputs.iter().map(|t| Literal::zeros(t.clone())).collect();
        let mut descriptors: Vec<Vec<i64>> = ins
            .iter_mut()
            .map(|l| descriptor(l.bytes.as_mut_ptr(), &l.ty))
            .chain(outs.iter_mut().map(|l| descriptor(l.bytes.as_mut_ptr(), &l.ty)))
            .collect();
        let mut pointers: Vec<*mut i64> = descriptors.iter_mut().map(|d| d.as_mut_ptr()).collect();
        let mut args: Vec<*mut ()> = pointers.iter_mut().map(|p| p as *mut *mut i64 as *mut ()).collect();
        // The C API adds the `_mlir_ciface_` prefix itself.
        self.engine.invoke_packed(entry::ENTRY, &mut args)?;
        Ok(outs)
    }
}

//! Compiles an xhlo program into a GPU bundle ([`xhlo_gpu_bundle`]): the GPU pipeline down
//! to PTX (`xhlo-to-gpu`, then the kernels to NVVM and PTX, the host functions left as
//! they are), then the host function read as a launch plan. After `xhlo-gpu-map-loops` a host
//! function holds only constants, allocations, global constants, views and
//! `gpu.launch_func`s; each becomes a buffer, a view of one, or a step. Anything else is
//! refused as unsupported on the GPU path, naming the op.

use crate::ir::literal::{Literal, Scalar};
use crate::ir::{ElementType, TensorType};
use crate::runtime::RunError;
use mlir_text::ast::{Attribute, File, Op, Type};
use mlir_text::memref::MemRefType;
use std::collections::HashMap;
use xhlo_gpu_bundle::{Arg, Buffer, BufferKind, Bundle, Input, Launch, Output, PtxModule, Step, View};

/// The architecture bundles are compiled for (the H100's).
pub const CHIP: &str = "sm_90";

/// The pass pipeline from xhlo to kernels in PTX, host functions still on memrefs: the
/// algebraic rewrites and fusion of `xhlo-eqsat` first, as `xla-run` compiles.
/// Every function but `entry` is made private first, so the GPU pipeline inlines and drops
/// them (a test file's helper functions would otherwise become kernels of their own).
pub fn pipeline(entry: &str) -> String {
    format!("builtin.module(symbol-privatize{{exclude={entry}}},xhlo-eqsat,xhlo-to-gpu,{},{})", xhlo_lowering::pipeline::KERNELS_TO_NVVM, xhlo_lowering::pipeline::TO_PTX)
}

/// Compiles `parsed`'s function `entry` into a bundle.
pub fn compile_bundle(ctx: &crate::dialect::XhloContext, parsed: &File, entry: &str, file: &str) -> Result<Bundle, RunError> {
    let (inputs, outputs) = crate::runtime::signature(parsed, entry)?;
    ctx.take_diagnostics();
    let text = mlir_text::print::print_file(parsed, file);
    let mut module = crate::dialect::source::parse(ctx, &text, file).map_err(RunError::Diagnostics)?;
    let pipeline = pipeline(entry);
    let pm = crate::passes::build_pass_manager_verified(ctx.context(), &pipeline, crate::passes::Verification::OwnPasses).map_err(RunError::Compile)?;
    if pm.run(&mut module).is_err() {
        return Err(RunError::Diagnostics(ctx.take_diagnostics()));
    }
    let lowered = crate::runtime::module_ast(&module, file)?;
    plan(&lowered, entry, &inputs, &outputs).map_err(|e| RunError::Compile(format!("{file}: {e}")))
}

/// A value of the host function, as far as the plan needs it.
#[derive(Clone, Debug)]
enum Value {
    View(View),
    Scalar(Arg),
}

/// Reads the lowered module's host function `entry` as a launch plan.
pub fn plan(lowered: &File, entry: &str, inputs: &[TensorType], outputs: &[TensorType]) -> Result<Bundle, String> {
    let module_ops: Vec<&Op> = lowered.ops.iter().flat_map(|m| m.regions.iter().flat_map(|r| r.blocks.iter().flat_map(|b| b.ops.iter()))).collect();
    let mut modules = Vec::new();
    let mut module_index = HashMap::new();
    let mut globals = HashMap::new();
    for op in &module_ops {
        match op.name.as_str() {
            "gpu.binary" => {
                let name = op.sym_name().map(str::to_string).ok_or("a gpu.binary without a name")?;
                let mut text = String::new();
                mlir_text::print::write_op(&mut text, op, 0, "");
                let ptx = crate::passes::lowering::extract_ptx(&text).into_iter().next().unwrap_or_default();
                if let Some(e) = xhlo_lowering::libdevice::unsupported(&ptx) {
                    return Err(format!("kernel module {name}: {e}"));
                }
                let kernels = entry_kernels(&ptx);
                module_index.insert(name.clone(), modules.len());
                modules.push(PtxModule { name, ptx, kernels });
            }
            "memref.global" => {
                if let Some(name) = op.sym_name().map(str::to_string) {
                    globals.insert(name, *op);
                }
            }
            _ => {}
        }
    }
    let func = module_ops
        .iter()
        .find(|op| op.name == "func.func" && op.sym_name() == Some(entry))
        .ok_or_else(|| format!("no host function @{entry} after lowering"))?;
    let body = func.regions.first().and_then(|r| r.blocks.first()).ok_or("the entry function has no body")?;
    if func.regions[0].blocks.len() != 1 {
        return Err("unsupported on the GPU path: the host function has control flow".into());
    }
    if body.args.len() != inputs.len() {
        return Err(format!("the host function takes {} arguments, the program {}", body.args.len(), inputs.len()));
    }
    let mut buffers = Vec::new();
    let mut values: HashMap<String, Value> = HashMap::new();
    let mut bundle_inputs = Vec::new();
    for (i, ((arg, ty), xty)) in body.args.iter().zip(inputs).enumerate() {
        let view = view_of(ty, buffers.len()).ok_or_else(|| format!("argument {i} has type {}, not a static memref", type_text(ty)))?;
        buffers.push(Buffer { bytes: view.end_byte() as u64, kind: BufferKind::Input(i) });
        bundle_inputs.push(Input { ty: xty.to_string(), buffer: view.buffer });
        values.insert(arg.0.clone(), Value::View(view));
    }
    let mut global_buffers: HashMap<String, (usize, Literal)> = HashMap::new();
    let mut steps = Vec::new();
    let mut bundle_outputs = Vec::new();
    for op in &body.ops {
        let at = format!("{}", op.pos);
        let result = op.results.first().map(|(n, _)| n.clone());
        let operand = |i: usize| -> Result<&Value, String> {
            let v = op.operands.get(i).ok_or_else(|| format!("{at}: {} lacks operand {i}", op.name))?;
            values.get(&v.0).ok_or_else(|| format!("{at}: {} uses %{}, which the plan does not know", op.name, v.0))
        };
        match op.name.as_str() {
            "arith.constant" => {
                let ty = op.result_types.first().ok_or_else(|| format!("{at}: a constant without a type"))?;
                if let Some(value) = op.attr("value").and_then(|a| scalar_arg(a, ty)) {
                    values.insert(result.unwrap_or_default(), Value::Scalar(value));
                }
            }
            "memref.alloc" | "memref.alloca" => {
                let ty = op.result_types.first().ok_or_else(|| format!("{at}: an allocation without a type"))?;
                let view = view_of(ty, buffers.len()).ok_or_else(|| format!("{at}: unsupported on the GPU path: an allocation of {} (a static shape is needed)", type_text(ty)))?;
                buffers.push(Buffer { bytes: view.end_byte() as u64, kind: BufferKind::Temporary });
                values.insert(result.unwrap_or_default(), Value::View(view));
            }
            "memref.get_global" => {
                let name = match op.attr("name") {
                    Some(Attribute::Symbol(path)) => path.join("::"),
                    _ => return Err(format!("{at}: memref.get_global without a name")),
                };
                let ty = op.result_types.first().ok_or_else(|| format!("{at}: memref.get_global without a type"))?;
                let buffer = match global_buffers.get(&name) {
                    Some((b, _)) => *b,
                    None => {
                        let global = globals.get(&name).ok_or_else(|| format!("{at}: no memref.global @{name}"))?;
                        let literal = global_literal(global, ty).map_err(|e| format!("{at}: @{name}: {e}"))?;
                        let b = buffers.len();
                        buffers.push(Buffer { bytes: literal.bytes.len() as u64, kind: BufferKind::Constant(literal.bytes.clone()) });
                        global_buffers.insert(name.clone(), (b, literal));
                        b
                    }
                };
                let view = view_of(ty, buffer).ok_or_else(|| format!("{at}: unsupported on the GPU path: a global of {}", type_text(ty)))?;
                values.insert(result.unwrap_or_default(), Value::View(view));
            }
            "memref.load" => {
                // The host reads only constants: a scalar from a global, passed to kernels.
                let Value::View(view) = operand(0)?.clone() else { return Err(format!("{at}: memref.load of a scalar")) };
                let literal = global_buffers.values().find(|(b, _)| *b == view.buffer).map(|(_, l)| l);
                let Some(literal) = literal else {
                    return Err(format!("{at}: unsupported on the GPU path: the host reads device memory"));
                };
                let mut offset = view.offset;
                for (k, stride) in view.strides.iter().enumerate() {
                    match values.get(&op.operands[1 + k].0) {
                        Some(Value::Scalar(Arg::I64(i))) => offset += i * stride,
                        _ => return Err(format!("{at}: a host load at an index known only at run time")),
                    }
                }
                let ty = op.result_types.first().cloned().unwrap_or(Type::None);
                let value = scalar_of(literal.get(offset as usize), &ty).ok_or_else(|| format!("{at}: unsupported on the GPU path: a kernel argument of type {}", type_text(&ty)))?;
                values.insert(result.unwrap_or_default(), Value::Scalar(value));
            }
            name if crate::passes::gpu_loops::VIEW_OPS.contains(&name) => {
                let Value::View(source) = operand(0)?.clone() else { return Err(format!("{at}: {} of a scalar", op.name)) };
                let ty = op.result_types.first().ok_or_else(|| format!("{at}: {} without a type", op.name))?;
                let view = view_of(ty, source.buffer).ok_or_else(|| format!("{at}: unsupported on the GPU path: a view of type {} (static sizes, offset and strides are needed)", type_text(ty)))?;
                values.insert(result.unwrap_or_default(), Value::View(view));
            }
            "gpu.launch_func" => steps.push(Step::Launch(launch(op, &values, &module_index, &modules).map_err(|e| format!("{at}: {e}"))?)),
            "func.return" => {
                for (i, v) in op.operands.iter().enumerate() {
                    let Some(Value::View(view)) = values.get(&v.0) else { return Err(format!("{at}: result {i} is not a buffer the plan knows")) };
                    if !view.is_contiguous() {
                        return Err(format!("{at}: unsupported on the GPU path: result {i} is a strided view"));
                    }
                    let ty = outputs.get(i).ok_or_else(|| format!("{at}: the host function returns more values than the program"))?;
                    bundle_outputs.push(Output { ty: ty.to_string(), view: view.clone() });
                }
            }
            other => return Err(format!("{at}: unsupported on the GPU path: the host op {other} (the GPU pipeline left it outside every kernel)")),
        }
    }
    if bundle_outputs.len() != outputs.len() {
        return Err(format!("the host function returns {} values, the program {}", bundle_outputs.len(), outputs.len()));
    }
    let bundle = Bundle {
        producer: format!("xhlo {}", env!("CARGO_PKG_VERSION")),
        chip: CHIP.into(),
        entry: entry.into(),
        inputs: bundle_inputs,
        outputs: bundle_outputs,
        buffers,
        modules,
        steps,
    };
    bundle.check().map_err(|e| format!("internal error: the launch plan is inconsistent: {e}"))?;
    Ok(bundle)
}

/// One `gpu.launch_func` as a step: its segments are async dependencies, grid x/y/z, block
/// x/y/z, cluster x/y/z, dynamic shared memory, kernel operands, async object.
fn launch(op: &Op, values: &HashMap<String, Value>, module_index: &HashMap<String, usize>, modules: &[PtxModule]) -> Result<Launch, String> {
    let segments: Vec<usize> = match op.attr("operandSegmentSizes") {
        Some(Attribute::DenseArray(_, items)) => items.iter().map(|s| s.parse().unwrap_or(0)).collect(),
        _ => return Err("gpu.launch_func without operand segments".into()),
    };
    if segments.len() != 13 {
        return Err(format!("gpu.launch_func with {} operand segments, 13 expected", segments.len()));
    }
    if segments[0] != 0 || segments[7..10].iter().any(|&s| s != 0) || segments[12] != 0 {
        return Err("unsupported on the GPU path: an asynchronous or clustered launch".into());
    }
    let mut next = segments[0];
    let mut dim = |what: &str| -> Result<u32, String> {
        let v = &op.operands[next];
        next += 1;
        match values.get(&v.0) {
            Some(Value::Scalar(Arg::I64(n))) if (1..=i64::from(u32::MAX)).contains(n) => Ok(*n as u32),
            _ => Err(format!("unsupported on the GPU path: a launch whose {what} size is known only at run time")),
        }
    };
    let grid = [dim("grid")?, dim("grid")?, dim("grid")?];
    let block = [dim("block")?, dim("block")?, dim("block")?];
    if block.iter().product::<u32>() > 1024 || grid[1] > 65535 || grid[2] > 65535 {
        return Err(format!("unsupported on the GPU path: a launch of {grid:?} blocks of {block:?} threads exceeds CUDA's limits"));
    }
    let shared_bytes = if segments[10] == 1 {
        match values.get(&op.operands[segments[..10].iter().sum::<usize>()].0) {
            Some(Value::Scalar(Arg::I32(n))) => *n as u32,
            Some(Value::Scalar(Arg::I64(n))) => *n as u32,
            _ => return Err("unsupported on the GPU path: dynamic shared memory of a size known only at run time".into()),
        }
    } else {
        0
    };
    let first = segments[..11].iter().sum::<usize>();
    let mut args = Vec::new();
    for (k, v) in op.operands[first..first + segments[11]].iter().enumerate() {
        args.push(match values.get(&v.0) {
            Some(Value::View(view)) => Arg::Memref(view.clone()),
            Some(Value::Scalar(s)) => s.clone(),
            None => return Err(format!("unsupported on the GPU path: kernel argument {k} of type {}, a value the host computes", op.operand_types.get(first + k).map(type_text).unwrap_or_default())),
        });
    }
    let (module, kernel) = match op.attr("kernel") {
        Some(Attribute::Symbol(path)) if path.len() == 2 => (path[0].clone(), path[1].clone()),
        _ => return Err("gpu.launch_func without a kernel symbol".into()),
    };
    let index = *module_index.get(&module).ok_or_else(|| format!("no PTX for kernel module {module}"))?;
    if !modules[index].kernels.contains(&kernel) {
        return Err(format!("kernel {kernel} is not an entry of module {module}'s PTX"));
    }
    check_parameters(&modules[index].ptx, &kernel, &args)?;
    Ok(Launch { module: index, kernel, grid, block, shared_bytes, args })
}

/// The kernel's PTX parameter types (`u64`, `u32`, `f32`, ...), in order.
pub fn kernel_parameters(ptx: &str, kernel: &str) -> Option<Vec<String>> {
    let start = ptx.find(&format!(".entry {kernel}("))?;
    let end = start + ptx[start..].find(')')?;
    Some(
        ptx[start..end]
            .lines()
            .filter_map(|l| l.trim().strip_prefix(".param ."))
            .map(|rest| rest.split_whitespace().next().unwrap_or("").to_string())
            .collect(),
    )
}

/// The launch's arguments, unpacked by the calling convention, against the kernel's PTX
/// parameters: a mismatch would make the driver read garbage, so it is an internal error
/// here rather than a wrong result there.
fn check_parameters(ptx: &str, kernel: &str, args: &[Arg]) -> Result<(), String> {
    let params = kernel_parameters(ptx, kernel).ok_or_else(|| format!("no parameter list for kernel {kernel} in its PTX"))?;
    let mut expected = Vec::new();
    for a in args {
        match a {
            Arg::Memref(v) => expected.extend(std::iter::repeat_n("u64", 3 + 2 * v.sizes.len())),
            Arg::I64(_) => expected.push("u64"),
            Arg::I32(_) => expected.push("u32"),
            Arg::I16(_) => expected.push("u16"),
            Arg::I8(_) => expected.push("u8"),
            Arg::F32(_) => expected.push("f32"),
            Arg::F64(_) => expected.push("f64"),
            Arg::F16(_) => expected.push("b16"),
        }
    }
    if params.len() != expected.len() || params.iter().zip(&expected).any(|(p, e)| p != e) {
        return Err(format!("internal error: kernel {kernel} takes parameters ({}), the launch passes ({})", params.join(", "), expected.join(", ")));
    }
    Ok(())
}


fn type_text(t: &Type) -> String {
    mlir_text::print::type_to_string(t)
}

fn memref(t: &Type) -> Option<MemRefType> {
    match t {
        Type::Other(s) => MemRefType::parse(s),
        _ => None,
    }
}

fn element_bytes(element: &str) -> Option<u32> {
    if element == "index" {
        return Some(8);
    }
    let t = ElementType::from_mlir(element)?;
    Some(crate::ir::literal::storage_size(t) as u32)
}

/// A memref's descriptor from its type, on `buffer`: views keep their source's base pointer,
/// so the type's offset and strides are relative to the buffer (a fresh buffer's are 0 and
/// row-major).
fn view_of(t: &Type, buffer: usize) -> Option<View> {
    let m = memref(t)?;
    let (offset, strides) = m.static_layout()?;
    Some(View { buffer, element_bytes: element_bytes(&m.element)?, offset, sizes: m.static_dims()?, strides })
}

/// A constant global's contents.
fn global_literal(global: &Op, ty: &Type) -> Result<Literal, String> {
    let m = memref(ty).ok_or("not a memref")?;
    let element = ElementType::from_mlir(&m.element).ok_or_else(|| format!("unsupported element type {}", m.element))?;
    let tensor = TensorType::new(m.static_dims().ok_or("a dynamic shape")?, element);
    match global.attr("initial_value") {
        Some(Attribute::Dense { body, .. }) => Literal::parse_dense(body, &tensor),
        _ => Err("unsupported on the GPU path: a global without a dense initial value".into()),
    }
}

/// An `arith.constant`'s value as a kernel argument.
fn scalar_arg(value: &Attribute, ty: &Type) -> Option<Arg> {
    match (value, ty) {
        (Attribute::Int(v, _), Type::Index) => Some(Arg::I64(parse_int(v)?)),
        (Attribute::Int(v, _), Type::Integer { width: 64, .. }) => Some(Arg::I64(parse_int(v)?)),
        (Attribute::Int(v, _), Type::Integer { width: 32, .. }) => Some(Arg::I32(parse_int(v)? as i32)),
        (Attribute::Int(v, _), Type::Integer { width: 16, .. }) => Some(Arg::I16(parse_int(v)? as i16)),
        (Attribute::Int(v, _), Type::Integer { width: 8, .. }) => Some(Arg::I8(parse_int(v)? as i8)),
        (Attribute::Int(v, _), Type::Integer { width: 1, .. }) => Some(Arg::I8((parse_int(v)? & 1) as i8)),
        (Attribute::Bool(b), Type::Integer { width: 1, .. }) => Some(Arg::I8(*b as i8)),
        (Attribute::Float(v, _), Type::Float(f)) if f == "f16" || f == "bf16" => Some(Arg::F16(half_bits(v, f)?)),
        (Attribute::Float(v, _), Type::Float(f)) if f == "f32" => Some(Arg::F32(float_bits(v)?.0)),
        (Attribute::Float(v, _), Type::Float(f)) if f == "f64" => Some(Arg::F64(float_bits(v)?.1)),
        _ => None,
    }
}

fn parse_int(v: &str) -> Option<i64> {
    mlir_text::parser::parse_int_literal(v)
}

/// A float literal's f32 and f64 bits (hex literals are the type's own bits).
fn float_bits(v: &str) -> Option<(u32, u64)> {
    if let Some(hex) = v.strip_prefix("0x") {
        let bits = u64::from_str_radix(hex, 16).ok()?;
        return Some((bits as u32, bits));
    }
    let x: f64 = v.parse().ok()?;
    Some(((x as f32).to_bits(), x.to_bits()))
}

/// An `f16`/`bf16` literal's bits (hex literals are the bits themselves).
fn half_bits(v: &str, ty: &str) -> Option<u16> {
    if let Some(hex) = v.strip_prefix("0x") {
        return u16::from_str_radix(hex, 16).ok();
    }
    let x: f64 = v.parse().ok()?;
    Some(if ty == "bf16" { crate::ir::literal::bf16_bits(x) } else { crate::ir::literal::f16_bits(x) })
}

/// A constant element as a kernel argument of type `ty`.
fn scalar_of(s: Scalar, ty: &Type) -> Option<Arg> {
    match (s, ty) {
        (Scalar::Float(x), Type::Float(f)) if f == "f32" => Some(Arg::F32((x as f32).to_bits())),
        (Scalar::Float(x), Type::Float(f)) if f == "f64" => Some(Arg::F64(x.to_bits())),
        (Scalar::Int(i), Type::Integer { width: 32, .. }) => Some(Arg::I32(i as i32)),
        (Scalar::Int(i), Type::Integer { width: 16, .. }) => Some(Arg::I16(i as i16)),
        (Scalar::Int(i), Type::Integer { width: 8 | 1, .. }) => Some(Arg::I8(i as i8)),
        (Scalar::Float(x), Type::Float(f)) if f == "f16" => Some(Arg::F16(crate::ir::literal::f16_bits(x))),
        (Scalar::Float(x), Type::Float(f)) if f == "bf16" => Some(Arg::F16(crate::ir::literal::bf16_bits(x))),
        (Scalar::Int(i), Type::Integer { width: 64, .. }) | (Scalar::Int(i), Type::Index) => Some(Arg::I64(i as i64)),
        _ => None,
    }
}

/// The names of a PTX module's `.entry` kernels.
pub fn entry_kernels(ptx: &str) -> Vec<String> {
    ptx.lines()
        .filter_map(|l| l.trim().strip_prefix(".visible .entry ").or_else(|| l.trim().strip_prefix(".entry ")))
        .map(|rest| rest.split(|c: char| c == '(' || c.is_whitespace()).next().unwrap_or("").to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// Compiles program text (xhlo, or StableHLO as JAX prints it) into bundle bytes: function
/// `entry`, or `@main`, or the only function.
pub fn compile_text(text: &str, filename: &str, entry: Option<&str>) -> Result<Bundle, String> {
    let xhlo_text;
    let text = if crate::import::is_stablehlo(text) {
        xhlo_text = crate::import::to_xhlo_text(text, filename)?;
        xhlo_text.as_str()
    } else {
        text
    };
    let ctx = crate::dialect::XhloContext::new();
    let module = crate::dialect::source::parse_and_verify(&ctx, text, filename).map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))?;
    let parsed = crate::runtime::module_ast(&module, filename).map_err(|e| e.to_string())?;
    let entry = match entry {
        Some(e) => e.to_string(),
        None => crate::check::test_entry(&parsed)?,
    };
    compile_bundle(&ctx, &parsed, &entry, filename).map_err(|e| e.to_string())
}

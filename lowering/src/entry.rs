//! The calling convention of compiled programs: `@_xhlo_entry` takes one memref per input
//! and one per output (destination-passing style), calls the lowered entry function and
//! writes its results into the outputs. The host allocates every buffer, so nothing the
//! program returns needs to be freed, and the internal functions can be inlined away. Each
//! buffer holds its tensor in the tensor's declared layout (a strided memref when it is not
//! the default), so the caller sees parameters and results as XLA lays them out.

use crate::types;
use xhlo_ir::{TensorType, Type};
use mlir_text::ast::{self, Attribute, Op};

/// The name of the wrapper function (C interface: `_mlir_ciface__xhlo_entry`).
pub const ENTRY: &str = "_xhlo_entry";

/// The wrapper's text for calling `@callee` with `inputs` and returning `outputs`.
pub fn wrapper(callee: &str, inputs: &[TensorType], outputs: &[TensorType]) -> String {
    let mut s = String::new();
    let params: Vec<String> = inputs
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%i{i}: {}", types::physical_memref(t)))
        .chain(outputs.iter().enumerate().map(|(i, t)| format!("%o{i}: {}", types::physical_memref(t))))
        .collect();
    s.push_str(&format!("  func.func @{ENTRY}({}) attributes {{llvm.emit_c_interface}} {{\n", params.join(", ")));
    for (i, t) in inputs.iter().enumerate() {
        s.push_str(&format!("    %t{i} = bufferization.to_tensor %i{i} restrict : {} to {}\n", types::physical_memref(t), types::tensor(t)));
    }
    let args: Vec<String> = (0..inputs.len()).map(|i| format!("%t{i}")).collect();
    let in_tys: Vec<String> = inputs.iter().map(types::tensor).collect();
    let out_tys: Vec<String> = outputs.iter().map(types::tensor).collect();
    let lhs = match outputs.len() {
        0 => String::new(),
        1 => "%r = ".to_string(),
        n => format!("%r:{n} = "),
    };
    s.push_str(&format!("    {lhs}func.call @{callee}({}) : ({}) -> ({})\n", args.join(", "), in_tys.join(", "), out_tys.join(", ")));
    for (i, t) in outputs.iter().enumerate() {
        let r = if outputs.len() == 1 { "%r".to_string() } else { format!("%r#{i}") };
        s.push_str(&format!(
            "    bufferization.materialize_in_destination {r} in restrict writable %o{i} : ({}, {}) -> ()\n",
            types::tensor(t),
            types::physical_memref(t)
        ));
    }
    s.push_str("    func.return\n  }\n");
    s
}

/// The `func.func` named `name` in a parsed file (at any depth of `builtin.module`s).
pub fn find_function<'a>(ops: &'a [Op], name: &str) -> Option<&'a Op> {
    for op in ops {
        if op.name == "func.func" && op.attr("sym_name") == Some(&Attribute::Str(name.to_string())) {
            return Some(op);
        }
        for r in &op.regions {
            for b in &r.blocks {
                if let Some(f) = find_function(&b.ops, name) {
                    return Some(f);
                }
            }
        }
    }
    None
}

/// The input and result types of `func` (a `func.func`), which must be tensors or tokens:
/// only tensors cross the entry wrapper, and tokens carry no data, so the host neither
/// passes nor receives them (JAX's ordered effects thread a token through `main`).
pub fn tensor_signature(func: &Op) -> Result<(Vec<TensorType>, Vec<TensorType>), String> {
    let name = match func.attr("sym_name") {
        Some(Attribute::Str(s)) => s.as_str(),
        _ => "?",
    };
    let Some(Attribute::Type(ast::Type::Function { inputs, results })) = func.attr("function_type") else {
        return Err(format!("@{name} has no function type"));
    };
    let tensors = |ts: &[ast::Type], what: &str| -> Result<Vec<TensorType>, String> {
        let mut out = Vec::new();
        for t in ts {
            match crate::convert::xtype(t)? {
                Type::Tensor(t) => out.push(t),
                Type::Token => {}
                other => return Err(format!("unsupported: {what} of type {other} (only tensors and tokens can be passed)")),
            }
        }
        Ok(out)
    };
    Ok((tensors(inputs, "input")?, tensors(results, "result")?))
}

/// Appends the wrapper calling `@entry` (a function of `parsed`, the program before lowering)
/// to `lowered` (the lowered module's text).
pub fn append_wrapper(lowered: &str, parsed: &ast::File, entry: &str) -> Result<String, String> {
    let func = find_function(&parsed.ops, entry).ok_or_else(|| format!("no function @{entry} in the program"))?;
    let (inputs, outputs) = tensor_signature(func)?;
    let body = lowered.trim_end().strip_suffix('}').unwrap_or(lowered);
    Ok(format!("{body}{}}}\n", wrapper(entry, &inputs, &outputs)))
}

//! The calling convention of compiled programs: `@_xhlo_entry` takes one memref per input
//! and one per output (destination-passing style), calls the lowered entry function and
//! writes its results into the outputs. The host allocates every buffer, so nothing the
//! program returns needs to be freed, and the internal functions can be inlined away.

use crate::types;
use xhlo_ir::TensorType;

/// The name of the wrapper function (C interface: `_mlir_ciface__xhlo_entry`).
pub const ENTRY: &str = "_xhlo_entry";

/// The wrapper's text for calling `@callee` with `inputs` and returning `outputs`.
pub fn wrapper(callee: &str, inputs: &[TensorType], outputs: &[TensorType]) -> String {
    let mut s = String::new();
    let params: Vec<String> = inputs
        .iter()
        .enumerate()
        .map(|(i, t)| format!("%i{i}: {}", types::memref(t)))
        .chain(outputs.iter().enumerate().map(|(i, t)| format!("%o{i}: {}", types::memref(t))))
        .collect();
    s.push_str(&format!("  func.func @{ENTRY}({}) attributes {{llvm.emit_c_interface}} {{\n", params.join(", ")));
    for (i, t) in inputs.iter().enumerate() {
        s.push_str(&format!("    %t{i} = bufferization.to_tensor %i{i} restrict : {} to {}\n", types::memref(t), types::tensor(t)));
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
            types::memref(t)
        ));
    }
    s.push_str("    func.return\n  }\n");
    s
}

//! The xhlo verifier over MLIR IR: every xhlo op is read into the catalogue's model and checked
//! by its definition and shape rule; `call` is checked against its callee's signature. MLIR
//! C++ may abort on IR that breaks its invariants, so this runs before any pass.

use crate::diagnostics::{source_pos, Diagnostic};
use crate::reader::{read_op, read_type};
use melior::ir::{
    attribute::{FlatSymbolRefAttribute, StringAttribute, TypeAttribute},
    block::BlockLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    r#type::FunctionType,
    Module, OperationRef, RegionLike,
};
use std::collections::HashMap;
use xhlo_ir::{catalogue, verify, Attr, Type};

/// Diagnostic text for an op: `'xhlo.dot_general' op <rule broken>`.
fn op_error(name: &str, message: &str) -> String {
    format!("'{name}' op {message}")
}

/// Function signatures by symbol name: (parameter types, result types).
pub type Signatures = HashMap<String, (Vec<Type>, Vec<Type>)>;

/// The signatures of the functions directly inside `top` (a module), by symbol name.
fn function_signatures(top: OperationRef) -> Signatures {
    let mut map = HashMap::new();
    let mut next = top.region(0).ok().and_then(|r| r.first_block()).and_then(|b| b.first_operation());
    while let Some(op) = next {
        next = op.next_in_block();
        if op.name().as_string_ref().as_str() != Ok("func.func") {
            continue;
        }
        let (Ok(name), Ok(ty)) = (op.attribute("sym_name"), op.attribute("function_type")) else { continue };
        let (Ok(name), Ok(ty)) = (StringAttribute::try_from(name), TypeAttribute::try_from(ty)) else { continue };
        let Ok(fty) = FunctionType::try_from(ty.value()) else { continue };
        let read = |types: Vec<_>| types.into_iter().map(read_type).collect::<Result<Vec<_>, _>>();
        let inputs = read((0..fty.input_count()).filter_map(|i| fty.input(i).ok()).collect());
        let results = read((0..fty.result_count()).filter_map(|i| fty.result(i).ok()).collect());
        if let (Ok(inputs), Ok(results)) = (inputs, results) {
            map.insert(name.value().to_string(), (inputs, results));
        }
    }
    map
}

fn check_call(
    functions: &Signatures,
    attrs: &xhlo_ir::Attrs,
    operands: &[Type],
    results: &[Type],
) -> Result<(), String> {
    let Some(Attr::Symbol(callee)) = attrs.get("callee") else { return Ok(()) };
    let Some((inputs, outputs)) = functions.get(callee) else {
        return Err(format!("callee @{callee} is not a function of this module"));
    };
    let same = |a: &[Type], b: &[Type]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.compatible(y));
    if !same(inputs, operands) {
        return Err(format!("operands do not match the parameters of @{callee}"));
    }
    if !same(outputs, results) {
        return Err(format!("results do not match the results of @{callee}"));
    }
    Ok(())
}

/// Checks that a symbol attribute names a function of the module.
fn check_symbol(functions: &Signatures, attr: Option<&Attr>, what: &str) -> Result<(), String> {
    match attr {
        Some(Attr::Symbol(name)) if !functions.contains_key(name) => {
            Err(format!("{what} @{name} is not a function of this module"))
        }
        _ => Ok(()),
    }
}

/// Verifies every xhlo op of `module`; returns the errors (empty when valid).
pub fn verify_module(module: &Module) -> Vec<Diagnostic> {
    verify_operation(module.as_operation())
}

/// Verifies every xhlo op nested in `top` (usually a module; `call`s are resolved against the
/// functions directly inside it).
pub fn verify_operation(top: OperationRef) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    check_operation(top, |op, message| errors.push(Diagnostic::error(source_pos(op.location()), message)));
    errors.extend(check_recursion(top));
    // Each nested module's functions call among themselves.
    let mut nested = Vec::new();
    top.walk(WalkOrder::PreOrder, |op| {
        if op.to_raw().ptr != top.to_raw().ptr && op.name().as_string_ref().as_str() == Ok("builtin.module") {
            nested.push(op.to_raw());
        }
        WalkResult::Advance
    });
    for raw in nested {
        errors.extend(check_recursion(unsafe { OperationRef::from_raw(raw) }));
    }
    errors
}

/// Reports each call (`func.call`, `xhlo.call`) that closes a cycle of calls among the
/// functions directly inside `top`: XLA programs have no recursion, and a recursive program
/// would never finish compiling (calls are inlined) or running.
pub fn check_recursion(top: OperationRef) -> Vec<Diagnostic> {
    // Calls made by each function, in order, with their positions.
    let mut graph: CallGraph = Vec::new();
    let mut positions: Vec<Vec<Option<crate::diagnostics::SourcePos>>> = Vec::new();
    let mut next = top.region(0).ok().and_then(|r| r.first_block()).and_then(|b| b.first_operation());
    while let Some(func) = next {
        next = func.next_in_block();
        if func.name().as_string_ref().as_str() != Ok("func.func") {
            continue;
        }
        let Some(name) = func.attribute("sym_name").ok().and_then(|a| StringAttribute::try_from(a).ok()).map(|a| a.value().to_string()) else { continue };
        let (mut out, mut at) = (Vec::new(), Vec::new());
        func.walk(WalkOrder::PreOrder, |op| {
            if matches!(op.name().as_string_ref().as_str(), Ok("func.call") | Ok("xhlo.call")) {
                if let Some(callee) = op.attribute("callee").ok().and_then(|a| FlatSymbolRefAttribute::try_from(a).ok()) {
                    let name = op.name().as_string_ref().as_str().unwrap_or("call").to_string();
                    out.push((callee.value().to_string(), name));
                    at.push(source_pos(op.location()));
                }
            }
            WalkResult::Advance
        });
        graph.push((name, out));
        positions.push(at);
    }
    find_recursion(&graph).into_iter().map(|r| Diagnostic::error(positions[r.closing.0][r.closing.1].clone(), r.message)).collect()
}

/// Functions and the calls each makes, in order: (function name, [(callee, call op name)]).
pub type CallGraph = Vec<(String, Vec<(String, String)>)>;

/// A call that closes a cycle of calls, found by [`find_recursion`].
#[derive(Debug, Clone, PartialEq)]
pub struct Recursion {
    /// The call: (function index, call index within the function).
    pub closing: (usize, usize),
    /// Every call of the cycle, in order along it, the closing one last.
    pub cycle: Vec<(usize, usize)>,
    /// `'xhlo.call' op calls @f recursively (@f -> @g -> @f): XLA programs have no recursion`.
    pub message: String,
}

/// The calls of `graph` that close a cycle, in a depth-first search from each function in
/// order following calls in order (the search both `xla-opt` and the mlir-opt plugin run, so
/// they report the same calls). Calls of functions not in `graph` are ignored.
pub fn find_recursion(graph: &[(String, Vec<(String, String)>)]) -> Vec<Recursion> {
    let mut found = Vec::new();
    let index: HashMap<&str, usize> = graph.iter().enumerate().map(|(i, (n, _))| (n.as_str(), i)).collect();
    // Depth-first search with an explicit stack; a call to a function on the current path
    // closes a cycle.
    let mut state = vec![0u8; graph.len()]; // 0: unvisited, 1: on the path, 2: done
    for root in 0..graph.len() {
        if state[root] != 0 {
            continue;
        }
        // (function, the index of its next call to follow)
        let mut path: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (f, ref mut k)) = path.last_mut() {
            let Some((callee, name)) = graph[f].1.get(*k) else {
                state[f] = 2;
                path.pop();
                continue;
            };
            *k += 1;
            let at = *k - 1;
            let Some(&g) = index.get(callee.as_str()) else { continue };
            match state[g] {
                0 => {
                    state[g] = 1;
                    path.push((g, 0));
                }
                1 => {
                    let start = path.iter().position(|&(h, _)| h == g).unwrap_or(0);
                    let names: Vec<String> = path[start..].iter().map(|&(h, _)| format!("@{}", graph[h].0)).chain(std::iter::once(format!("@{}", graph[g].0))).collect();
                    // Each function on the path is at the call it follows (its index minus one).
                    let cycle = path[start..].iter().map(|&(h, next)| (h, next - 1)).collect();
                    found.push(Recursion {
                        closing: (f, at),
                        cycle,
                        message: format!("'{name}' op calls @{callee} recursively ({}): XLA programs have no recursion", names.join(" -> ")),
                    });
                }
                _ => {}
            }
        }
    }
    found
}

/// Checks every xhlo op nested in `top`, calling `report(op, message)` for each violation;
/// the message reads `'xhlo.<op>' op <rule broken>`.
///
/// Calls are resolved among the functions of the nearest enclosing `builtin.module` (or of
/// `top`), as MLIR resolves symbols: a call in a nested module names that module's functions.
pub fn check_operation(top: OperationRef, mut report: impl FnMut(OperationRef, String)) {
    // The signatures of each symbol scope met, by the scope op's address.
    let mut scopes: HashMap<usize, Signatures> = HashMap::new();
    top.walk(WalkOrder::PreOrder, |op| {
        let scope = symbol_scope(top, op);
        let functions = scopes.entry(scope.to_raw().ptr as usize).or_insert_with(|| function_signatures(scope));
        if let Some(message) = check_op(op, Some(functions)) {
            report(op, message);
        }
        WalkResult::Advance
    });
}

/// The op whose functions `op`'s symbols name: its nearest enclosing `builtin.module`, or `top`.
fn symbol_scope<'c, 'a>(top: OperationRef<'c, 'a>, op: OperationRef<'c, 'a>) -> OperationRef<'c, 'a> {
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if p.to_raw().ptr == top.to_raw().ptr || p.name().as_string_ref().as_str() == Ok("builtin.module") {
            return p;
        }
        parent = p.parent_operation();
    }
    top
}

/// Checks one op; `None` when it is valid or not an xhlo op. `call` is checked against
/// `functions` when given.
pub fn check_op(op: OperationRef, functions: Option<&Signatures>) -> Option<String> {
    let name = op.name().as_string_ref().as_str().unwrap_or("?").to_string();
    let bare = name.strip_prefix("xhlo.")?;
    let Some(def) = catalogue::lookup(bare) else {
        return Some(op_error(&name, "is not an xhlo op"));
    };
    let read = match read_op(op) {
        Ok(read) => read,
        Err(e) => return Some(op_error(&name, &e)),
    };
    let instance = verify::OpInstance {
        operands: &read.operands,
        attrs: &read.attrs,
        regions: &read.regions,
        results: &read.results,
    };
    let mut result = verify::verify(def, &instance);
    if let (Ok(()), Some(functions)) = (&result, functions) {
        result = check_symbols(bare, functions, &read.attrs, &read.operands, &read.results);
    }
    result.err().map(|e| op_error(&name, &e))
}

/// Checks the functions an op names against `functions`: a `call`'s callee and its signature,
/// a `composite`'s decomposition (`bare`: the op name without `xhlo.`).
pub fn check_symbols(bare: &str, functions: &Signatures, attrs: &xhlo_ir::Attrs, operands: &[Type], results: &[Type]) -> Result<(), String> {
    match bare {
        "call" => check_call(functions, attrs, operands, results),
        "composite" => check_symbol(functions, attrs.get("decomposition"), "decomposition"),
        _ => Ok(()),
    }
}

/// The MLIR verifier hook for xhlo ops (installed by the context in place of IRDL's, which
/// cannot type variadic groups of mixed types): reports the first broken rule at the op.
pub extern "C" fn verify_hook(raw: mlir_sys::MlirOperation) -> bool {
    std::panic::catch_unwind(|| {
        let op = unsafe { OperationRef::from_raw(raw) };
        match check_op(op, None) {
            None => true,
            Some(message) => {
                let text = std::ffi::CString::new(message.replace('\0', " ")).unwrap_or_default();
                unsafe { mlir_sys::mlirEmitError(op.location().to_raw(), text.as_ptr()) };
                false
            }
        }
    })
    .unwrap_or(false)
}

//! The xhlo verifier over MLIR IR: every xhlo op is read into the catalogue's model and checked
//! by its definition and shape rule; `call` is checked against its callee's signature. MLIR
//! C++ may abort on IR that breaks its invariants, so this runs before any pass.

use crate::diagnostics::{source_pos, Diagnostic};
use crate::reader::{read_op, read_type};
use melior::ir::{
    attribute::{StringAttribute, TypeAttribute},
    block::BlockLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    r#type::FunctionType,
    Module, OperationRef, RegionLike,
};
use std::collections::HashMap;
use xhlo_ir::{catalogue, verify, Attr, Type};

/// An op and its diagnostic text: `'xhlo.dot_general' op <rule broken>`.
fn op_error<'c, 'a>(op: OperationRef<'c, 'a>, name: &str, message: &str) -> (OperationRef<'c, 'a>, String) {
    (op, format!("'{name}' op {message}"))
}

/// The signatures of the functions directly inside `top` (a module), by symbol name.
fn function_signatures(top: OperationRef) -> HashMap<String, (Vec<Type>, Vec<Type>)> {
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
    functions: &HashMap<String, (Vec<Type>, Vec<Type>)>,
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

/// Verifies every xhlo op of `module`; returns the errors (empty when valid).
pub fn verify_module(module: &Module) -> Vec<Diagnostic> {
    verify_operation(module.as_operation())
}

/// Verifies every xhlo op nested in `top` (usually a module; `call`s are resolved against the
/// functions directly inside it).
pub fn verify_operation(top: OperationRef) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    check_operation(top, |op, message| errors.push(Diagnostic::error(source_pos(op.location()), message)));
    errors
}

/// Checks every xhlo op nested in `top`, calling `report(op, message)` for each violation;
/// the message reads `'xhlo.<op>' op <rule broken>`.
pub fn check_operation(top: OperationRef, mut report: impl FnMut(OperationRef, String)) {
    let functions = function_signatures(top);
    let mut errors = Reporter(&mut report);
    top.walk(WalkOrder::PreOrder, |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or("?").to_string();
        let Some(bare) = name.strip_prefix("xhlo.") else { return WalkResult::Advance };
        let Some(def) = catalogue::lookup(bare) else {
            errors.push(op_error(op, &name, "is not an xhlo op"));
            return WalkResult::Advance;
        };
        let read = match read_op(op) {
            Ok(read) => read,
            Err(e) => {
                errors.push(op_error(op, &name, &e));
                return WalkResult::Advance;
            }
        };
        let instance = verify::OpInstance {
            operands: &read.operands,
            attrs: &read.attrs,
            regions: &read.regions,
            results: &read.results,
        };
        let mut result = verify::verify(def, &instance);
        if result.is_ok() && bare == "call" {
            result = check_call(&functions, &read.attrs, &read.operands, &read.results);
        }
        if let Err(e) = result {
            errors.push(op_error(op, &name, &e));
        }
        WalkResult::Advance
    });
}

struct Reporter<'r, F: FnMut(OperationRef, String)>(&'r mut F);

impl<F: FnMut(OperationRef, String)> Reporter<'_, F> {
    fn push(&mut self, (op, message): (OperationRef, String)) {
        (self.0)(op, message)
    }
}

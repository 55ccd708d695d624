//! `xhlo-inline`: calls of private functions are replaced by the callee's body, and the
//! functions inlined that nothing calls any more are removed.
//!
//! JAX exports the functions it jits internally as private functions called from `main`
//! (`jnp.clip`, `jnp.pad`, `jnp.cumsum`, a scan's step): `xhlo-eqsat` rewrites and fuses one
//! function body at a time, so a call was a wall no fusion crossed (an embedding lookup's
//! clipped ids were a kernel of their own in a function of their own). MLIR's `inline` pass
//! cannot do this: IRDL dialects have no inliner interface, so it takes no xhlo op as
//! inlinable.
//!
//! A callee is inlined when it is a private `func.func` of one block ending in `func.return`
//! and not the function being inlined into; calls in nested regions (a `while` body calling
//! the step function) are inlined too. Inlining repeats for calls the inlined bodies bring
//! (a helper calling a helper), at most [`MAX_ROUNDS`] times, so recursion cannot loop.
//! Values of an inlined body are renamed apart (`%inl<k>_<name>`); the call's results become
//! the values the callee returned.

use crate::ast_walk::rename_uses;
use crate::pass::{PassInfo, PassOptions, XhloPass};
use melior::ir::{block::BlockLike, operation::OperationLike, OperationRef, RegionLike};
use mlir_text::ast::{Attribute, Block, File, Op, Region, ValueRef};
use std::collections::{HashMap, HashSet};

/// The most rounds of inlining (each inlines every call the previous one left or brought).
pub const MAX_ROUNDS: usize = 8;

#[derive(Clone, Default)]
pub struct Inline;

impl XhloPass for Inline {
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-inline",
        summary: "Inline calls of private single-block functions and remove the functions inlined that nothing calls any more",
        options: &[],
    };

    const KEEPS_IR_VALID: bool = true;

    fn from_options(_: &PassOptions) -> Result<Self, String> {
        Ok(Inline)
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        if !has_call(op) {
            return Ok(());
        }
        crate::lowering::rewrite_module_text_or(
            op,
            |text, file| {
                let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file).to_string())?;
                Ok((inline_file(&mut parsed) > 0).then(|| mlir_text::print::print_file(&parsed, file)))
            },
            || "xhlo-inline: the module with its calls inlined does not verify".into(),
        )
    }
}

/// Whether a `func.call` is nested anywhere in `op` (most programs have none: no rewrite).
fn has_call(op: OperationRef) -> bool {
    let name = op.name();
    if name.as_string_ref().as_str() == Ok("func.call") {
        return true;
    }
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation();
            while let Some(o) = next {
                if has_call(o) {
                    return true;
                }
                next = o.next_in_block();
            }
            block = b.next_in_region();
        }
    }
    false
}

/// The callee of a `func.call`.
fn callee(op: &Op) -> Option<&str> {
    match op.attr("callee") {
        Some(Attribute::Symbol(path)) if path.len() == 1 => Some(&path[0]),
        _ => None,
    }
}

/// The body of `f` when it can be inlined: a private function of one block ending in
/// `func.return`.
fn inlinable(f: &Op) -> Option<&Block> {
    let private = f.attr("sym_visibility").and_then(Attribute::as_str) == Some("private");
    match f.regions.as_slice() {
        [Region { blocks }] if private && blocks.len() == 1 && blocks[0].ops.last().is_some_and(|o| o.name == "func.return") => Some(&blocks[0]),
        _ => None,
    }
}

/// Inlines the calls of private functions throughout `file` and removes the functions it
/// inlined that nothing references any more (a private function nothing called stays: it may
/// be the entry a caller of the pass names). Returns the number of calls inlined.
pub fn inline_file(file: &mut File) -> usize {
    let mut inlined = 0;
    for module in file.ops.iter_mut() {
        let Some(body) = module.regions.first_mut().and_then(|r| r.blocks.first_mut()) else { continue };
        let mut counter = 0;
        let mut inlined_names: HashSet<String> = HashSet::new();
        for _ in 0..MAX_ROUNDS {
            let callees: HashMap<String, Block> =
                body.ops.iter().filter(|f| f.name == "func.func").filter_map(|f| Some((f.sym_name()?.to_string(), inlinable(f)?.clone()))).collect();
            let mut round = 0;
            for f in body.ops.iter_mut().filter(|f| f.name == "func.func") {
                let own = f.sym_name().unwrap_or_default().to_string();
                for region in &mut f.regions {
                    round += inline_in_region(region, &callees, &own, &mut counter, &mut inlined_names);
                }
            }
            inlined += round;
            if round == 0 {
                break;
            }
        }
        if inlined > 0 {
            let mut referenced = HashSet::new();
            for op in &body.ops {
                collect_symbols(op, &mut referenced);
            }
            body.ops.retain(|f| f.name != "func.func" || f.sym_name().is_none_or(|n| !inlined_names.contains(n) || referenced.contains(n)));
        }
    }
    inlined
}

/// Inlines the calls in `region` (nested regions included) of functions in `callees` other
/// than `own`, adding their names to `inlined_names`; returns how many.
fn inline_in_region(region: &mut Region, callees: &HashMap<String, Block>, own: &str, counter: &mut usize, inlined_names: &mut HashSet<String>) -> usize {
    let mut inlined = 0;
    // A call's results → the values its callee returned, for the uses after it.
    let mut renamed: HashMap<String, String> = HashMap::new();
    for block in &mut region.blocks {
        let mut ops = Vec::with_capacity(block.ops.len());
        for mut op in std::mem::take(&mut block.ops) {
            rename_uses(&mut op, &renamed);
            for inner in &mut op.regions {
                inlined += inline_in_region(inner, callees, own, counter, inlined_names);
            }
            let target = (op.name == "func.call").then(|| callee(&op)).flatten().filter(|c| *c != own).and_then(|c| callees.get(c));
            let Some(body) = target else {
                ops.push(op);
                continue;
            };
            inlined_names.extend(callee(&op).map(str::to_string));
            *counter += 1;
            let prefix = format!("inl{counter}_");
            let args: HashMap<ValueRef, ValueRef> = body.args.iter().map(|(a, _)| a.clone()).zip(op.operands.iter().cloned()).collect();
            for callee_op in &body.ops {
                let mut copy = callee_op.clone();
                rename_apart(&mut copy, &prefix, &args);
                if copy.name == "func.return" {
                    renamed.extend(op.result_refs().into_iter().map(|r| r.0).zip(copy.operands.into_iter().map(|v| v.0)));
                } else {
                    ops.push(copy);
                }
            }
            inlined += 1;
        }
        block.ops = ops;
    }
    // Uses in blocks before a call's own (a branch back in a region of several blocks).
    if !renamed.is_empty() && region.blocks.len() > 1 {
        for block in &mut region.blocks {
            for op in &mut block.ops {
                rename_uses(op, &renamed);
            }
        }
    }
    inlined
}

/// A callee's op made a caller's: every value the callee defines (results, block arguments
/// of nested regions) and every use of one gets `prefix`; uses of the callee's arguments
/// become the call's operands (`args`). A function is isolated, so every other use in its body
/// is of a value it defines.
fn rename_apart(op: &mut Op, prefix: &str, args: &HashMap<ValueRef, ValueRef>) {
    for operand in &mut op.operands {
        *operand = args.get(operand).cloned().unwrap_or_else(|| ValueRef(format!("{prefix}{}", operand.0)));
    }
    for (name, _) in &mut op.results {
        *name = format!("{prefix}{name}");
    }
    for region in &mut op.regions {
        for block in &mut region.blocks {
            for (arg, _) in &mut block.args {
                *arg = ValueRef(format!("{prefix}{}", arg.0));
            }
            for inner in &mut block.ops {
                rename_apart(inner, prefix, args);
            }
        }
    }
}

/// The symbols `op` (with its regions) refers to.
fn collect_symbols(op: &Op, out: &mut HashSet<String>) {
    fn attribute(a: &Attribute, out: &mut HashSet<String>) {
        match a {
            Attribute::Symbol(path) => out.extend(path.first().cloned()),
            Attribute::Array(items) => items.iter().for_each(|i| attribute(i, out)),
            Attribute::Dict(items) => items.iter().for_each(|(_, i)| attribute(i, out)),
            _ => {}
        }
    }
    for (_, a) in op.all_attrs() {
        attribute(a, out);
    }
    for region in &op.regions {
        for block in &region.blocks {
            for inner in &block.ops {
                collect_symbols(inner, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inlined(text: &str) -> (usize, String) {
        let mut file = mlir_text::parser::parse_file(text).unwrap();
        let n = inline_file(&mut file);
        (n, mlir_text::print::print_file(&file, "t.mlir"))
    }

    #[test]
    fn callee_values_are_renamed_apart_from_the_callers_and_results_follow_the_return() {
        // The caller's %0 and the callee's own %0 stay apart; a call of two results maps each.
        let (n, out) = inlined(
            r#"module {
  func.func @main(%a: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "xhlo.negate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
    %1:2 = func.call @pair(%0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %2 = "xhlo.add"(%1#0, %1#1) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return %2, %0 : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @pair(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "xhlo.exponential"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    return %x, %0 : tensor<2xf32>, tensor<2xf32>
  }
}"#,
        );
        assert_eq!(n, 1);
        assert!(!out.contains("func.call") && !out.contains("@pair"), "{out}");
        assert!(out.contains(r#"%inl1_0 = "xhlo.exponential"(%0)"#), "{out}");
        assert!(out.contains(r#""xhlo.add"(%0, %inl1_0)"#), "{out}");
    }

    #[test]
    fn recursion_stops_and_public_or_uncalled_functions_stay() {
        let (n, out) = inlined(
            r#"module {
  func.func @main(%a: tensor<f32>) -> tensor<f32> {
    %0 = func.call @self_call(%a) : (tensor<f32>) -> tensor<f32>
    %1 = func.call @public(%0) : (tensor<f32>) -> tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @self_call(%x: tensor<f32>) -> tensor<f32> {
    %0 = func.call @self_call(%x) : (tensor<f32>) -> tensor<f32>
    return %0 : tensor<f32>
  }
  func.func @public(%x: tensor<f32>) -> tensor<f32> {
    return %x : tensor<f32>
  }
  func.func private @never_called(%x: tensor<f32>) -> tensor<f32> {
    return %x : tensor<f32>
  }
}"#,
        );
        // A private function nothing called is not the pass's to remove (it may be the entry).
        assert!(out.contains(r#"sym_name = "never_called""#), "{out}");
        // The self-calling helper is inlined into main once per round, never into itself.
        assert_eq!(n, MAX_ROUNDS);
        assert!(out.contains("callee = @self_call") && out.contains(r#"sym_name = "self_call""#), "{out}");
        assert!(out.contains("callee = @public") && out.contains(r#"sym_name = "public""#), "{out}");
    }
}

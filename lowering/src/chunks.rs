//! Large function bodies lowered as chunks: a body of more than [`CHUNK_OPS`] top-level ops
//! becomes calls (marked `no_inline`) of private functions of at most that many ops each.
//!
//! Several MLIR passes cost more than linear time in the size of one function: `scf-to-cf`
//! splits the block after every loop and moves the rest of the body each time, and
//! bufferization's analysis compares the uses of a buffer with one another; with 3,000
//! kernels in one function, `scf-to-cf` took 21 of 43 s. Chunks keep every function small
//! (and give LLVM's parallel compile several functions to share out). A chunk takes the
//! values it uses from earlier chunks as arguments and returns those later chunks (or the
//! return) use; constants are copied into every chunk that reads them, so lowerings that
//! look at a constant operand still see it. Programs of ordinary size are not touched.

use mlir_text::ast::{Attribute, Block, Op, Region, Type, ValueRef};
use std::collections::{HashMap, HashSet};

/// The most top-level ops a lowered function body holds.
pub const CHUNK_OPS: usize = 256;

/// `func` (a `func.func`), or when its body is larger than [`CHUNK_OPS`] ops, `func`
/// calling its chunks followed by the chunks (private functions).
pub fn split(func: &Op) -> Vec<Op> {
    let Some(body) = func.regions.first().and_then(|r| r.blocks.first()) else { return vec![func.clone()] };
    let Some((terminator, ops)) = body.ops.split_last() else { return vec![func.clone()] };
    if ops.len() <= CHUNK_OPS || func.regions.len() != 1 || func.regions[0].blocks.len() != 1 {
        return vec![func.clone()];
    }
    let name = match func.attr("sym_name") {
        Some(Attribute::Str(s)) => s.clone(),
        _ => return vec![func.clone()],
    };
    // Types of the values the body's top level defines.
    let mut types: HashMap<ValueRef, Type> = body.args.iter().cloned().collect();
    let mut constants: HashMap<ValueRef, &Op> = HashMap::new();
    for op in ops {
        for (r, t) in op.result_refs().into_iter().zip(&op.result_types) {
            if op.name == "xhlo.constant" {
                constants.insert(r.clone(), op);
            }
            types.insert(r, t.clone());
        }
    }
    let chunks: Vec<&[Op]> = ops.chunks(CHUNK_OPS).collect();
    // What each chunk reads from outside itself (constants excepted: they are copied).
    let inputs: Vec<Vec<ValueRef>> = chunks.iter().map(|c| live_in(c).into_iter().filter(|v| !constants.contains_key(v)).collect()).collect();
    let mut needed_later: HashSet<ValueRef> = terminator.operands.iter().cloned().collect();
    let mut outputs = vec![Vec::new(); chunks.len()];
    for i in (0..chunks.len()).rev() {
        let defined: Vec<ValueRef> = chunks[i].iter().flat_map(|op| op.result_refs()).collect();
        outputs[i] = defined.into_iter().filter(|v| needed_later.contains(v)).collect();
        needed_later.extend(inputs[i].iter().cloned());
    }
    let mut caller_ops = Vec::new();
    let mut functions = Vec::new();
    for (i, chunk) in chunks.iter().enumerate() {
        let callee = format!("{name}__chunk{i}");
        let mut chunk_ops: Vec<Op> = Vec::new();
        let used = live_in(chunk);
        for v in &used {
            if let Some(c) = constants.get(v) {
                if !chunk_ops.iter().any(|o| o.result_refs().contains(v)) {
                    chunk_ops.push((*c).clone());
                }
            }
        }
        chunk_ops.extend(chunk.iter().cloned());
        let in_types: Vec<Type> = inputs[i].iter().map(|v| types[v].clone()).collect();
        let out_types: Vec<Type> = outputs[i].iter().map(|v| types[v].clone()).collect();
        let mut ret = Op::new("func.return", terminator.pos);
        ret.operands = outputs[i].clone();
        ret.operand_types = out_types.clone();
        chunk_ops.push(ret);
        let mut f = Op::new("func.func", func.pos);
        f.properties = vec![
            ("sym_name".into(), Attribute::Str(callee.clone())),
            ("function_type".into(), Attribute::Type(Type::Function { inputs: in_types.clone(), results: out_types.clone() })),
            ("sym_visibility".into(), Attribute::Str("private".into())),
        ];
        f.regions = vec![Region { blocks: vec![Block { label: None, args: inputs[i].iter().cloned().zip(in_types.clone()).collect(), ops: chunk_ops }] }];
        functions.push(f);
        let mut call = Op::new("func.call", chunk.first().map_or(func.pos, |o| o.pos));
        call.operands = inputs[i].clone();
        call.operand_types = in_types;
        call.result_types = out_types;
        call.results = outputs[i].iter().map(|v| (v.0.clone(), 1)).collect();
        call.attrs = vec![("callee".into(), Attribute::Symbol(vec![callee])), ("no_inline".into(), Attribute::Unit)];
        caller_ops.push(call);
    }
    caller_ops.push(terminator.clone());
    let mut caller = func.clone();
    caller.regions[0].blocks[0].ops = caller_ops;
    let mut out = vec![caller];
    out.extend(functions);
    out
}

/// The values `ops` use (in their regions too) that they do not define, in first-use order.
fn live_in(ops: &[Op]) -> Vec<ValueRef> {
    let mut defined = HashSet::new();
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    walk(ops, &mut defined, &mut |v, defined| {
        if !defined.contains(v) && seen.insert(v.clone()) {
            out.push(v.clone());
        }
    });
    out
}

/// Visits every use in `ops` in order with the set of values defined before it (results of
/// earlier ops, block arguments of enclosing regions, group names of multi-result ops).
fn walk(ops: &[Op], defined: &mut HashSet<ValueRef>, visit: &mut impl FnMut(&ValueRef, &HashSet<ValueRef>)) {
    for op in ops {
        for v in &op.operands {
            visit(v, defined);
        }
        for region in &op.regions {
            for block in &region.blocks {
                for (a, _) in &block.args {
                    defined.insert(a.clone());
                }
                walk(&block.ops, defined, visit);
            }
        }
        defined.extend(op.result_refs());
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::lower_source;

    /// A body of 300 adds becomes calls of two chunks (256 + 44 ops), not inlined later.
    #[test]
    fn a_large_body_is_lowered_as_calls_of_chunks() {
        let mut text = String::from("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n");
        let mut prev = "%x".to_string();
        for k in 0..300 {
            text += &format!("  %v{k} = \"xhlo.add\"({prev}, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n");
            prev = format!("%v{k}");
        }
        text += &format!("  return {prev} : tensor<2xf32>\n}}\n");
        let out = lower_source(&text);
        assert!(out.contains("func.func private @f__chunk0(") && out.contains("func.func private @f__chunk1("), "{out}");
        assert_eq!(out.matches("{no_inline}").count(), 2, "{out}");
        assert!(!out.contains("@f__chunk2"), "{out}");
    }
}

//! `xhlo-sibling-reductions`: reductions that read the same tensor over the same dimensions
//! become one variadic `reduce` (XLA's sibling multi-output fusion), so the tensor is read
//! once: a column sum and a column max of one matrix. (Reductions inside input fusions, such
//! as a sum of squares, are not merged.)
//!
//! Per function body, a `reduce` is merged into an earlier one when both reduce the same
//! dimensions of inputs of one shape, they share an input value, and every operand of the
//! later one is defined before the earlier one or by a constant, which moves before it (so
//! the merged reduce, at the earlier one's place, depends on nothing computed between them).
//! The merged body computes each reduction's combiner on its own accumulators and elements,
//! so each result is the one its reduce computed alone (the lowering's order of combination depends only on the shape and
//! the dimensions, which both share).

use crate::ast_walk::{for_each_function_body, rename_uses};
use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use mlir_text::ast::{Block, Op, ValueRef};
use std::collections::{HashMap, HashSet};

/// What the pass did.
#[derive(Clone, Debug, Default)]
pub struct SiblingStats {
    pub merged: usize,
}

/// The number of inputs of a plain `reduce` with a one-block body.
fn reduce_inputs(op: &Op) -> Option<usize> {
    let body = op.regions.first()?.blocks.first()?;
    (op.name == "xhlo.reduce" && op.regions.len() == 1 && op.operands.len() % 2 == 0 && body.args.len() == op.operands.len())
        .then_some(op.operands.len() / 2)
}

/// Renames the values defined in `block` (its arguments and results) with `prefix`, uses too.
fn prefixed(block: &Block, prefix: &str) -> Block {
    let mut names: HashMap<String, String> = HashMap::new();
    for (v, _) in &block.args {
        names.insert(v.0.clone(), format!("{prefix}{}", v.0));
    }
    let mut out = block.clone();
    for (v, _) in &mut out.args {
        v.0 = format!("{prefix}{}", v.0);
    }
    for op in &mut out.ops {
        for (name, count) in &mut op.results {
            let old = name.clone();
            *name = format!("{prefix}{old}");
            names.insert(old.clone(), name.clone());
            for i in 0..*count {
                names.insert(format!("{old}#{i}"), format!("{name}#{i}"));
            }
        }
    }
    for op in &mut out.ops {
        rename_uses(op, &names);
    }
    out
}

/// `a` and `b` (plain reduces of `na` and `nb` inputs) as one reduce named `name`.
fn merged(a: &Op, b: &Op, na: usize, nb: usize, name: &str) -> Op {
    let mut op = a.clone();
    op.results = vec![(name.to_string(), na + nb)];
    op.operands = [&a.operands[..na], &b.operands[..nb], &a.operands[na..], &b.operands[nb..]].concat();
    op.operand_types = [&a.operand_types[..na], &b.operand_types[..nb], &a.operand_types[na..], &b.operand_types[nb..]].concat();
    op.result_types = [&a.result_types[..], &b.result_types[..]].concat();
    let (ba, bb) = (prefixed(&a.regions[0].blocks[0], "sa_"), prefixed(&b.regions[0].blocks[0], "sb_"));
    // Accumulators of both, then elements of both.
    let mut body = Block { label: None, args: vec![], ops: vec![] };
    body.args = [&ba.args[..na], &bb.args[..nb], &ba.args[na..], &bb.args[nb..]].concat();
    let is_yield = |o: &Op| o.name == xhlo_ir::op::REGION_TERMINATOR;
    body.ops.extend(ba.ops.iter().filter(|o| !is_yield(o)).cloned());
    body.ops.extend(bb.ops.iter().filter(|o| !is_yield(o)).cloned());
    let mut terminator = ba.ops.iter().find(|o| is_yield(o)).cloned().expect("a reduce body ends in a yield");
    let other = bb.ops.iter().find(|o| is_yield(o)).expect("a reduce body ends in a yield");
    terminator.operands.extend(other.operands.iter().cloned());
    terminator.operand_types.extend(other.operand_types.iter().cloned());
    body.ops.push(terminator);
    op.regions[0].blocks[0] = body;
    op
}

/// Merges the sibling reductions of one function body.
pub fn merge_block(block: &mut Block, stats: &mut SiblingStats) {
    loop {
        let mut defined_at: HashMap<String, usize> = HashMap::new();
        for (i, op) in block.ops.iter().enumerate() {
            for r in op.result_refs() {
                defined_at.insert(r.0, i);
            }
        }
        // Defined before op `i`, or by a constant (which moves there).
        let before = |v: &ValueRef, i: usize| defined_at.get(&v.0).is_none_or(|&d| d < i || block.ops[d].name == "xhlo.constant");
        let mut pair = None;
        'search: for (i, a) in block.ops.iter().enumerate() {
            let Some(na) = reduce_inputs(a) else { continue };
            let inputs: HashSet<&str> = a.operands[..na].iter().map(|v| v.0.as_str()).collect();
            for (j, b) in block.ops.iter().enumerate().skip(i + 1) {
                let Some(nb) = reduce_inputs(b) else { continue };
                let same_shape = a.operand_types[0] == b.operand_types[0] && b.operand_types[..nb].iter().all(|t| *t == a.operand_types[0]);
                let shares = b.operands[..nb].iter().any(|v| inputs.contains(v.0.as_str()));
                if same_shape && shares && a.attr("dimensions") == b.attr("dimensions") && b.operands.iter().all(|v| before(v, i)) {
                    pair = Some((i, j, na, nb));
                    break 'search;
                }
            }
        }
        let Some((mut i, j, na, nb)) = pair else { return };
        // The later reduce's constants defined between the two move before the earlier one
        // (each move shifts the earlier reduce, and the constants before it, by one; the
        // later one stays where it is).
        let moved: Vec<usize> = block.ops[j].operands.iter().filter_map(|v| defined_at.get(&v.0).copied()).filter(|&d| d > i).collect();
        let mut moved: Vec<usize> = moved.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
        while let Some(d) = moved.pop() {
            let constant = block.ops.remove(d);
            block.ops.insert(i, constant);
            moved.iter_mut().for_each(|m| *m += 1);
            i += 1;
        }
        let name = format!("siblings{}", stats.merged);
        let op = merged(&block.ops[i], &block.ops[j], na, nb, &name);
        let mut renames: HashMap<String, String> = HashMap::new();
        for (k, r) in block.ops[i].result_refs().into_iter().chain(block.ops[j].result_refs()).enumerate() {
            renames.insert(r.0, format!("{name}#{k}"));
        }
        block.ops[i] = op;
        block.ops.remove(j);
        for op in &mut block.ops {
            rename_uses(op, &renames);
        }
        stats.merged += 1;
    }
}

/// The pass.
#[derive(Clone, Default)]
pub struct SiblingReductions {
    pub stats: SiblingStats,
    /// Print how many reductions merged to stderr (the `stats` option).
    pub print_stats: bool,
}

impl XhloPass for SiblingReductions {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-sibling-reductions",
        summary: "Merge reduces over the same dimensions that share an input into one variadic reduce, which reads the input once",
        options: &[PassOption { name: "stats", default: "false", help: "print how many reductions merged to stderr" }],
    };

    fn from_options(o: &PassOptions) -> Result<Self, String> {
        Ok(SiblingReductions { print_stats: o.get_parsed(&Self::INFO, "stats")?, ..SiblingReductions::default() })
    }

    fn run(&mut self, op: melior::ir::OperationRef) -> Result<(), String> {
        crate::lowering::rewrite_module_text(op, |text, file| {
            let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file))?;
            let mut stats = SiblingStats::default();
            for_each_function_body(&mut parsed.ops, &mut |b| merge_block(b, &mut stats));
            if self.print_stats {
                eprintln!("xhlo-sibling-reductions: {} reductions merged into their siblings", stats.merged);
            }
            let changed = stats.merged > 0;
            self.stats = stats;
            Ok(changed.then(|| mlir_text::print::print_file(&parsed, file)))
        })
    }
}

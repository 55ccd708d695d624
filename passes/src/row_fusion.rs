//! `xhlo-row-fusion`: groups a row reduction and the kernels that consume it row by row into
//! one `xhlo.fusion {kind = "row"}`, which runs them one block of rows at a time
//! (`xhlo_lowering::ops::fusion::rows`): a softmax or a layer norm then reads its input from
//! memory once instead of once per kernel.
//!
//! It runs after the fusion decisions (`xhlo-eqsat` or `xhlo-fuse`) and takes their kernels as
//! they are. Per function body, in program order:
//!
//! 1. An *anchor* is a `reduce`, or an input fusion, whose results keep the leading
//!    dimensions of its input (the rows: at least [`MIN_ROWS`] of them, each at most
//!    [`MAX_ROW_BYTES`] bytes; a matrix's rows, or a batch x sequence of vectors).
//! 2. The ops after it join its group while each one uses a value of the group and the group
//!    stays row-local ([`xhlo_lowering::ops::fusion::rows::plan`]: every member computes row
//!    values, whatever it reads along a row it reads from the same rows). An op that is not
//!    row-local and uses the group's values ends the group (the group would otherwise have to
//!    run both before and after it); ops that do not depend on the group are left where they
//!    are.
//! 3. A group of at least two members becomes one row fusion at its last member's place; its
//!    results are the members' values used after it.
//!
//! Values the group reads along its rows (operands with those leading dimensions) are sliced
//! per block; others (weights, scalars) are read whole.

use crate::ast_walk::{for_each_function_body, rename_uses, uses};
use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use mlir_text::ast::{self, Attribute, Block, Op, Region, ValueRef};
use std::collections::{BTreeSet, HashMap, HashSet};
use xhlo_lowering::ops::fusion::rows;

/// An anchor needs at least this many rows (fewer leave the threads idle).
pub const MIN_ROWS: i64 = 16;

/// Rows wider than this stay with the reductions' own lowering (a block of them would not stay
/// in cache).
pub const MAX_ROW_BYTES: i64 = 256 * 1024;

/// Members per group at most (a bound on the kernel's size and its compile time).
pub const MAX_MEMBERS: usize = 32;

/// What the pass did.
#[derive(Clone, Debug, Default)]
pub struct RowFusionStats {
    pub fusions: usize,
    pub members: usize,
}

impl std::fmt::Display for RowFusionStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "xhlo-row-fusion: {} row fusions of {} kernels and ops", self.fusions, self.members)
    }
}

fn tensor(t: &ast::Type) -> Option<xhlo_ir::TensorType> {
    xhlo_lowering::convert::xtensor(t).ok()
}

/// Whether `op` is a reduction: a `reduce` or an input fusion.
fn is_reduction(op: &Op) -> bool {
    match op.name.as_str() {
        "xhlo.reduce" => true,
        "xhlo.fusion" => op.attr("kind").and_then(Attribute::as_str) == Some("input"),
        _ => false,
    }
}

/// The row dimensions of `ops[a]` if it is an anchor: a reduction row-local along its
/// leading kept dimensions, with enough rows of at most [`MAX_ROW_BYTES`].
fn anchor_rows(ops: &[Op], a: usize) -> Option<Vec<i64>> {
    let op = &ops[a];
    if !is_reduction(op) {
        return None;
    }
    let results: Vec<xhlo_ir::TensorType> = op.result_types.iter().map(tensor).collect::<Option<_>>()?;
    let body = body_of(ops, &[a], &|_| true);
    let rows = rows::row_dims(&body.block, &results)?;
    let input = op.operand_types.iter().filter_map(tensor).max_by_key(|t| t.num_elements())?;
    let count: i64 = rows.iter().product();
    let element = (input.element.bit_width().max(8) / 8) as i64;
    let row_bytes = input.num_elements() / count.max(1) * element;
    (count >= MIN_ROWS && row_bytes <= MAX_ROW_BYTES).then_some(rows)
}

/// Every value `op` uses, in its regions too.
fn used(op: &Op) -> Vec<String> {
    let mut out = Vec::new();
    uses(op, &mut out);
    out
}

/// A group's members (indices into the block's ops, in order) as the body of a row fusion:
/// its operands (outside values, with their types), the body, and the members' values it yields.
struct Body {
    operands: Vec<(ValueRef, ast::Type)>,
    block: Block,
    yielded: Vec<(ValueRef, ast::Type)>,
}

/// The body of `members`, yielding the members' values that `needed` holds.
fn body_of(ops: &[Op], members: &[usize], needed: &dyn Fn(&str) -> bool) -> Body {
    let defined: HashSet<String> = members.iter().flat_map(|&m| ops[m].result_refs()).map(|v| v.0).collect();
    let inner = |v: &str| format!("row_{v}");
    let mut operands: Vec<(ValueRef, ast::Type)> = Vec::new();
    let mut arg_of: HashMap<String, ValueRef> = HashMap::new();
    let mut block = Block::default();
    let mut yielded = Vec::new();
    for &m in members {
        let mut op = ops[m].clone();
        for (v, t) in op.operands.iter_mut().zip(&ops[m].operand_types) {
            if defined.contains(&v.0) {
                *v = ValueRef(inner(&v.0));
            } else {
                let arg = arg_of.entry(v.0.clone()).or_insert_with(|| {
                    operands.push((v.clone(), t.clone()));
                    ValueRef(format!("rowarg{}", operands.len() - 1))
                });
                *v = arg.clone();
            }
        }
        for (name, _) in &mut op.results {
            *name = inner(name);
        }
        for (v, t) in ops[m].result_refs().into_iter().zip(&ops[m].result_types) {
            if needed(&v.0) {
                yielded.push((v, t.clone()));
            }
        }
        block.ops.push(op);
    }
    block.args = operands.iter().enumerate().map(|(i, (_, t))| (ValueRef(format!("rowarg{i}")), t.clone())).collect();
    let mut terminator = Op::new(xhlo_ir::op::REGION_TERMINATOR, Default::default());
    terminator.operands = yielded.iter().map(|(v, _)| ValueRef(inner(&v.0))).collect();
    terminator.operand_types = yielded.iter().map(|(_, t)| t.clone()).collect();
    block.ops.push(terminator);
    Body { operands, block, yielded }
}

/// Whether the members form a body row-local along the row dimensions `rows`.
fn row_local(ops: &[Op], members: &[usize], rows: &[i64]) -> bool {
    let body = body_of(ops, members, &|_| true);
    rows::plan(&body.block, rows, 1).is_ok()
}

/// The groups of one block: each a list of member indices, in order.
fn groups(ops: &[Op]) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut taken = vec![false; ops.len()];
    for a in 0..ops.len() {
        let Some(rows) = (!taken[a]).then(|| anchor_rows(ops, a)).flatten() else { continue };
        let mut members = vec![a];
        let mut values: HashSet<String> = ops[a].result_refs().into_iter().map(|v| v.0).collect();
        for (j, op) in ops.iter().enumerate().skip(a + 1) {
            if members.len() >= MAX_MEMBERS || op.name == "func.return" || taken[j] {
                break;
            }
            if !used(op).iter().any(|v| values.contains(v)) {
                continue;
            }
            let mut trial = members.clone();
            trial.push(j);
            if !row_local(ops, &trial, &rows) {
                break;
            }
            members = trial;
            values.extend(op.result_refs().into_iter().map(|v| v.0));
        }
        if members.len() >= 2 {
            for &m in &members {
                taken[m] = true;
            }
            out.push(members);
        }
    }
    out
}

/// Forms the row fusions of one function body.
pub fn row_fuse_block(block: &mut Block, stats: &mut RowFusionStats) {
    let groups = groups(&block.ops);
    if groups.is_empty() {
        return;
    }
    let mut replaced: HashMap<usize, Op> = HashMap::new();
    let mut removed: HashSet<usize> = HashSet::new();
    let mut renames: HashMap<String, String> = HashMap::new();
    for (g, members) in groups.iter().enumerate() {
        let in_group: BTreeSet<usize> = members.iter().copied().collect();
        let outside: HashSet<String> =
            block.ops.iter().enumerate().filter(|(i, _)| !in_group.contains(i)).flat_map(|(_, op)| used(op)).collect();
        let body = body_of(&block.ops, members, &|v| outside.contains(v));
        let last = *members.last().expect("a group has members");
        let name = format!("rowfusion{g}");
        let mut fusion = Op::new("xhlo.fusion", block.ops[last].pos);
        fusion.results = vec![(name.clone(), body.yielded.len())];
        fusion.result_types = body.yielded.iter().map(|(_, t)| t.clone()).collect();
        fusion.operands = body.operands.iter().map(|(v, _)| v.clone()).collect();
        fusion.operand_types = body.operands.iter().map(|(_, t)| t.clone()).collect();
        fusion.attrs = vec![("kind".to_string(), Attribute::Str("row".into()))];
        fusion.regions = vec![Region { blocks: vec![body.block] }];
        for (i, (v, _)) in body.yielded.iter().enumerate() {
            let new = if body.yielded.len() == 1 { name.clone() } else { format!("{name}#{i}") };
            renames.insert(v.0.clone(), new);
        }
        stats.fusions += 1;
        stats.members += members.len();
        removed.extend(members.iter().copied());
        replaced.insert(last, fusion);
    }
    let old = std::mem::take(&mut block.ops);
    for (i, op) in old.into_iter().enumerate() {
        if let Some(fusion) = replaced.remove(&i) {
            block.ops.push(fusion);
        } else if !removed.contains(&i) {
            block.ops.push(op);
        }
    }
    for op in &mut block.ops {
        rename_uses(op, &renames);
    }
}

/// The pass.
#[derive(Clone, Default)]
pub struct RowFusion {
    pub stats: RowFusionStats,
    /// Print [`RowFusionStats`] to stderr after each run (the `stats` option).
    pub print_stats: bool,
}

impl XhloPass for RowFusion {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-row-fusion",
        summary: "Group a row reduction and the kernels consuming it row by row into one xhlo.fusion of kind \"row\", run one block of rows at a time (the block's values stay in cache)",
        options: &[PassOption { name: "stats", default: "false", help: "print the row fusions formed to stderr" }],
    };

    fn from_options(o: &PassOptions) -> Result<Self, String> {
        Ok(RowFusion { print_stats: o.get_parsed(&Self::INFO, "stats")?, ..RowFusion::default() })
    }

    fn run(&mut self, op: melior::ir::OperationRef) -> Result<(), String> {
        crate::lowering::rewrite_module_text(op, |text, file| {
            let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file))?;
            let mut stats = RowFusionStats::default();
            for_each_function_body(&mut parsed.ops, &mut |b| row_fuse_block(b, &mut stats));
            if self.print_stats {
                eprintln!("{stats}");
            }
            let changed = stats.fusions > 0;
            self.stats = stats;
            Ok(changed.then(|| mlir_text::print::print_file(&parsed, file)))
        })
    }
}

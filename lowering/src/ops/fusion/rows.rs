//! Row fusions (kind `"row"`): kernels that share a loop over blocks of rows.
//!
//! A softmax or a layer norm is a row reduction whose result is broadcast back along the row
//! and combined with it: `max`, `exp(x - max)`, `sum`, `/ sum`. As separate kernels each one
//! reads (and some write) the whole tensor, so the data crosses the memory bus four or five
//! times. When every value in a group depends only on the same rows of its operands, the
//! group can run one block of rows at a time: a block's intermediate values are small and stay
//! in cache, and only the operands and the results cross the bus once.
//!
//! A `"row"` fusion's body holds ordinary ops and nested loop/input fusions (the kernels
//! `xhlo-eqsat` chose), computing on whole tensors; its results all start with the same *row
//! dimensions* (the leading `k`: a matrix's rows, a batch x sequence of vectors). Each value
//! of the body is either a *row* value, whose leading `k` dimensions are those (row `r`
//! depends only on row `r` of the operands' row values), or a *whole* value, the same for
//! every block (a scalar, a vector of weights broadcast along the rows). [`plan`] finds the
//! roles and checks the rules; [`row_dims`] takes the most leading dimensions that pass:
//!
//! - element-wise ops: operands all row values (or rank 0), or all whole;
//! - `reduce` of row values over dimensions after the row dimensions (inits whole);
//! - `broadcast_in_dim` of a row value that keeps the row dimensions first, or of a whole
//!   value not broadcast along them (or from unit dimensions);
//! - `reshape` keeping the row dimensions; `transpose` keeping them first; `slice` and
//!   `reverse` not touching them; splat constants (any role);
//! - nested loop and input fusions, whose bodies follow the same rules.
//!
//! Anything else (an `iota` or a non-splat constant along the rows, a dot...) is not
//! row-local. The lowering is an `scf.forall` over blocks of [`tile_rows`] rows (one index of
//! each row dimension but the last, several of the last; the blocks
//! write disjoint rows of the results; on several threads it becomes the parallel loop, and
//! bufferization gives each iteration its own intermediate buffers), whose body slices the
//! row operands, lowers the body retyped to the block's rows (op by op, nested fusions as
//! kernels) and inserts the block's results. The order of every reduction is the one the
//! same reduce has on its own: rows are reduced independently.

use crate::convert::{lower_nested_block, xtensor, Ctx, Lowered};
use crate::ops::common::i64s;
use crate::types;
use mlir_text::ast::{Attribute, Block, Op, Type as AstType, ValueRef};
use std::collections::HashMap;
use xhlo_ir::literal::Literal;
use xhlo_ir::{TensorType, Type};

/// A value's role in a row fusion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Dimension 0 is the rows: a block of rows of it depends only on the same rows.
    Row,
    /// The same for every block of rows.
    Whole,
}

/// Why a body is not row-local.
#[derive(Debug)]
enum NotRows {
    /// Top-level block argument `i` was taken for a row value but is used whole.
    Flip(usize),
    Other(String),
}

type Check<T> = Result<T, NotRows>;

fn other<T>(m: String) -> Check<T> {
    Err(NotRows::Other(m))
}

/// A row fusion's body retyped to blocks of rows.
pub struct Plan {
    /// The role of each block argument (operand).
    pub args: Vec<Role>,
    /// The body with every row value's dimension 0 set to the block's rows.
    pub body: Block,
}

/// At most this many bytes of a row value per block (rows wider than this go one at a time):
/// every value of a block stays in the L1 cache. Blocks of several wide rows ran up to 20%
/// faster (32 KiB: softmax and layer norm of 1024-wide rows) but took LLVM 40-50% longer
/// to compile: each kernel of the body keeps a loop over the block's rows, which LLVM
/// unrolls and vectorizes again.
const BLOCK_BYTES: i64 = 4 * 1024;

/// Blocks a row loop should have at least (so threads share them evenly).
const MIN_BLOCKS: i64 = 16;

/// Rows per block for rows indexed by the dimensions `rows` (a block takes one index of each
/// but the last, and several of the last), each row `row_bytes` bytes (the widest row value):
/// the largest divisor of the last that keeps a block within [`BLOCK_BYTES`] and leaves
/// [`MIN_BLOCKS`] blocks.
pub fn tile_rows(rows: &[i64], row_bytes: i64) -> i64 {
    let last = *rows.last().unwrap_or(&1);
    let outer: i64 = rows[..rows.len().saturating_sub(1)].iter().product();
    let by_bytes = (BLOCK_BYTES / row_bytes.max(1)).max(1);
    let by_blocks = (last * outer / MIN_BLOCKS).max(1);
    let limit = by_bytes.min(by_blocks).min(last).max(1);
    (1..=limit).rev().find(|t| last % t == 0).unwrap_or(1)
}

/// Whether `t` has the row dimensions `rows` first (and the default layout).
fn has_rows(t: &TensorType, rows: &[i64]) -> bool {
    t.rank() >= rows.len() && t.dims[..rows.len()] == *rows && t.layout.is_none()
}

fn ast_tensor(t: &AstType) -> Option<TensorType> {
    xtensor(t).ok()
}

/// The sizes of a block: 1 for each row dimension but the last, `tile` for the last.
fn block_sizes(k: usize, tile: i64) -> Vec<i64> {
    (0..k).map(|d| if d + 1 == k { tile } else { 1 }).collect()
}

/// `t` (a row value) with its `k` row dimensions those of a block of `tile` rows.
fn retyped(t: &AstType, k: usize, tile: i64) -> AstType {
    let mut t = t.clone();
    if let AstType::Tensor { dims, .. } = &mut t {
        for (d, size) in dims.iter_mut().zip(block_sizes(k, tile)) {
            *d = Some(size);
        }
    }
    t
}

fn bare(op: &Op) -> &str {
    op.name.strip_prefix("xhlo.").unwrap_or("")
}

/// The roles of the top-level block arguments a body would have by its types alone: a tensor
/// with `rows` rows and the default layout is a row value.
fn guess(block: &Block, rows: &[i64]) -> Vec<Role> {
    block.args.iter().map(|(_, t)| if ast_tensor(t).is_some_and(|t| has_rows(&t, rows)) { Role::Row } else { Role::Whole }).collect()
}

/// The roles of `body`'s arguments and the body retyped to blocks of `tile` rows, or why it
/// is not row-local. An argument with `rows` rows that the body uses whole (a vector of
/// weights as long as the rows) is whole: the roles are guessed from the types, then each
/// such argument is switched and the body checked again.
pub fn plan(body: &Block, rows: &[i64], tile: i64) -> Result<Plan, String> {
    let mut args = guess(body, rows);
    for _ in 0..=args.len() {
        match retype_block(body, &args, rows, tile, true) {
            Ok((body, yields)) => {
                if yields.iter().any(|r| *r != Role::Row) {
                    return Err("a row fusion yields a value that is not a row value".into());
                }
                return Ok(Plan { args, body });
            }
            Err(NotRows::Flip(i)) if args[i] == Role::Row => args[i] = Role::Whole,
            Err(NotRows::Flip(i)) => return Err(format!("operand #{i} is used both as rows and whole")),
            Err(NotRows::Other(m)) => return Err(m),
        }
    }
    Err("internal: row roles did not settle".into())
}

/// Checks and retypes one block given its arguments' roles; returns the roles of what it
/// yields. `top`: the row fusion's own body, whose ops must compute row values (a whole
/// value would be recomputed for every block).
fn retype_block(block: &Block, args: &[Role], rows: &[i64], tile: i64, top: bool) -> Check<(Block, Vec<Role>)> {
    let mut roles: HashMap<String, Role> = HashMap::new();
    let mut arg_index: HashMap<String, usize> = HashMap::new();
    let mut out = Block { label: block.label.clone(), args: vec![], ops: vec![] };
    for (i, ((v, t), role)) in block.args.iter().zip(args).enumerate() {
        roles.insert(v.0.clone(), *role);
        arg_index.insert(v.0.clone(), i);
        out.args.push((v.clone(), if *role == Role::Row { retyped(t, rows.len(), tile) } else { t.clone() }));
    }
    // A row value used whole: if it is an argument of this block, its role switches (the
    // caller maps it to its operand), else the block is not row-local.
    let flip = |v: &ValueRef, what: &str| -> NotRows {
        match arg_index.get(&v.0) {
            Some(&i) => NotRows::Flip(i),
            None => NotRows::Other(format!("{v} is a row value used whole by {what}")),
        }
    };
    let mut yields = Vec::new();
    for op in &block.ops {
        if op.name == xhlo_ir::op::REGION_TERMINATOR {
            yields = op.operands.iter().map(|v| roles.get(&v.0).copied().unwrap_or(Role::Whole)).collect();
            out.ops.push(op_retyped(op, &roles, &[], rows.len(), tile));
            continue;
        }
        let operand_roles: Vec<Role> = op.operands.iter().map(|v| roles.get(&v.0).copied().unwrap_or(Role::Whole)).collect();
        let (result_roles, new_op) = retype_op(op, &operand_roles, rows, tile, &flip)?;
        if top && op.name != "xhlo.constant" && result_roles.iter().any(|r| *r == Role::Whole) {
            return other(format!("{} computes a value that is not a row value", op.name));
        }
        for (r, role) in op.result_refs().iter().zip(&result_roles) {
            roles.insert(r.0.clone(), *role);
        }
        out.ops.push(new_op);
    }
    Ok((out, yields))
}

/// `op` with the types of its row operands and results retyped.
fn op_retyped(op: &Op, roles: &HashMap<String, Role>, results: &[Role], k: usize, tile: i64) -> Op {
    let mut new = op.clone();
    for (v, t) in op.operands.iter().zip(&mut new.operand_types) {
        if roles.get(&v.0) == Some(&Role::Row) {
            *t = retyped(t, k, tile);
        }
    }
    for (t, role) in new.result_types.iter_mut().zip(results) {
        if *role == Role::Row {
            *t = retyped(t, k, tile);
        }
    }
    new
}

fn is_splat(op: &Op) -> bool {
    match (op.attr("value"), op.result_types.first().and_then(ast_tensor)) {
        (Some(Attribute::Dense { body, .. }), Some(t)) => Literal::parse_dense(body, &TensorType::new(vec![], t.element)).is_ok(),
        _ => false,
    }
}

/// The roles of `op`'s results given its operands', and `op` retyped.
fn retype_op(op: &Op, operands: &[Role], rows: &[i64], tile: i64, flip: &dyn Fn(&ValueRef, &str) -> NotRows) -> Check<(Vec<Role>, Op)> {
    let results: Vec<TensorType> = match op.result_types.iter().map(ast_tensor).collect::<Option<Vec<_>>>() {
        Some(r) => r,
        None => return other(format!("{} has a result that is not a tensor", op.name)),
    };
    let k = rows.len();
    let row_dims: Vec<i64> = (0..k as i64).collect();
    let has_rows = |t: &TensorType| has_rows(t, rows);
    let any_row = operands.iter().any(|r| *r == Role::Row);
    let all = |role: Role| vec![role; results.len()];
    let whole_or_row = |row: bool| if row { Role::Row } else { Role::Whole };
    let named: HashMap<String, Role> = op.operands.iter().zip(operands).map(|(v, r)| (v.0.clone(), *r)).collect();
    let roles: Vec<Role> = match bare(op) {
        "constant" => {
            let row = is_splat(op) && results.first().is_some_and(has_rows);
            let mut new = op_retyped(op, &HashMap::new(), &all(whole_or_row(row)), k, tile);
            if row {
                if let Some((_, Attribute::Dense { ty, .. })) = new.properties.iter_mut().chain(new.attrs.iter_mut()).find(|(name, _)| name == "value") {
                    *ty = retyped(ty, k, tile);
                }
            }
            return Ok((all(whole_or_row(row)), new));
        }
        "fusion" => {
            let kind = op.attr("kind").and_then(Attribute::as_str).unwrap_or("");
            if !matches!(kind, "loop" | "input") {
                return other(format!("a {kind} fusion is not row-local"));
            }
            let body = match op.regions.first().and_then(|r| r.blocks.first()) {
                Some(b) => b,
                None => return other("fusion without a body".into()),
            };
            // A nested argument used whole: the operand it is must be whole.
            let (new_body, roles) = retype_block(body, operands, rows, tile, false).map_err(|e| match e {
                NotRows::Flip(i) => flip(&op.operands[i], "a fusion"),
                e => e,
            })?;
            let mut new = op_retyped(op, &named, &roles, k, tile);
            new.regions[0].blocks[0] = new_body;
            return Ok((roles, new));
        }
        name if crate::ops::is_elementwise(name) => {
            if any_row {
                for (v, (role, t)) in op.operands.iter().zip(operands.iter().zip(&op.operand_types)) {
                    if *role == Role::Whole && ast_tensor(t).is_some_and(|t| t.rank() > 0) {
                        return other(format!("{} combines row values with the whole value {v}", op.name));
                    }
                }
            }
            all(whole_or_row(any_row))
        }
        "broadcast_in_dim" => {
            let dims = i64s(op, "broadcast_dimensions").map_err(NotRows::Other)?;
            let source = ast_tensor(&op.operand_types[0]).ok_or_else(|| NotRows::Other("broadcast of a non-tensor".into()))?;
            match operands[0] {
                Role::Row if dims.len() >= k && dims[..k] == row_dims[..] => all(Role::Row),
                Role::Row => return Err(flip(&op.operands[0], "broadcast_in_dim")),
                Role::Whole => {
                    let along_rows = dims.iter().enumerate().any(|(j, &d)| d < k as i64 && source.dims[j] != 1);
                    if along_rows {
                        return other(format!("{} spreads a whole value along the rows", op.name));
                    }
                    all(whole_or_row(has_rows(&results[0])))
                }
            }
        }
        "reduce" => {
            let n = op.operands.len() / 2;
            let dims = i64s(op, "dimensions").map_err(NotRows::Other)?;
            if operands[n..].iter().any(|r| *r == Role::Row) {
                return other("a reduce's init value is a row value".into());
            }
            match (operands[..n].iter().all(|r| *r == Role::Row), operands[..n].iter().all(|r| *r == Role::Whole)) {
                (true, _) if dims.iter().all(|&d| d >= k as i64) => all(Role::Row),
                (true, _) => return other("a reduce over the rows is not row-local".into()),
                (_, true) => all(Role::Whole),
                _ => return other("a reduce of row and whole values".into()),
            }
        }
        "reshape" | "transpose" | "reverse" | "slice" if any_row => {
            let source = ast_tensor(&op.operand_types[0]).ok_or_else(|| NotRows::Other("a non-tensor operand".into()))?;
            let keeps_rows = match bare(op) {
                "reshape" => has_rows(&results[0]) && has_rows(&source),
                "transpose" => i64s(op, "permutation").map_err(NotRows::Other)?.get(..k) == Some(&row_dims[..]),
                "reverse" => i64s(op, "dimensions").map_err(NotRows::Other)?.iter().all(|&d| d >= k as i64),
                _ => {
                    let (start, limit, strides) = (i64s(op, "start_indices"), i64s(op, "limit_indices"), i64s(op, "strides"));
                    matches!((start, limit, strides), (Ok(s), Ok(l), Ok(st)) if s.len() >= k && s[..k].iter().all(|&v| v == 0) && l[..k] == *rows && st[..k].iter().all(|&v| v == 1))
                }
            };
            if !keeps_rows {
                return other(format!("{} moves the rows", op.name));
            }
            let mut new = op_retyped(op, &named, &all(Role::Row), k, tile);
            if bare(op) == "slice" {
                for (name, a) in new.properties.iter_mut().chain(new.attrs.iter_mut()) {
                    if let (true, Attribute::DenseArray(_, values)) = (name == "limit_indices", a) {
                        for (v, size) in values.iter_mut().zip(block_sizes(k, tile)) {
                            *v = size.to_string();
                        }
                    }
                }
            }
            return Ok((all(Role::Row), new));
        }
        "reshape" | "transpose" | "reverse" | "slice" | "iota" | "convert" => all(Role::Whole),
        _ => return other(format!("{} is not row-local", op.name)),
    };
    if roles.iter().zip(&results).any(|(r, t)| *r == Role::Row && !has_rows(t)) {
        return other(format!("{} computes a row value without the rows", op.name));
    }
    let new = op_retyped(op, &named, &roles, k, tile);
    Ok((roles, new))
}

/// The bytes of one row of `t` (a row value with `k` row dimensions).
fn row_bytes(t: &TensorType, k: usize) -> i64 {
    let per_element = (t.element.bit_width().max(8) / 8) as i64;
    t.dims[k..].iter().product::<i64>() * per_element
}

/// The row dimensions of a row fusion with results `results`: the most leading dimensions,
/// shared by every result, for which the body is row-local (a reduction inside bounds them).
pub fn row_dims(body: &Block, results: &[TensorType]) -> Option<Vec<i64>> {
    let first = results.first()?;
    let shared = (0..first.rank()).take_while(|&d| results.iter().all(|t| t.rank() > d && t.dims[d] == first.dims[d])).count();
    (1..=shared).rev().map(|k| first.dims[..k].to_vec()).find(|rows| plan(body, rows, 1).is_ok())
}

/// `xhlo.fusion {kind = "row"}`: an `scf.forall` over blocks of rows (see the module doc).
pub fn row_fusion(ctx: &mut Ctx, body: &Block, args: Vec<Lowered>, results: &[TensorType]) -> Result<Vec<String>, String> {
    if results.iter().any(|t| t.layout.is_some()) {
        return Err("unsupported in lowering: a row fusion with layouts".into());
    }
    let Some(rows) = row_dims(body, results) else {
        let why = plan(body, &results.first().map_or(vec![], |t| t.dims[..1.min(t.rank())].to_vec()), 1).err().unwrap_or_default();
        return Err(format!("unsupported in lowering: a row fusion that is not row-local ({why})"));
    };
    let k = rows.len();
    let widest = body
        .args
        .iter()
        .filter_map(|(_, t)| ast_tensor(t))
        .filter(|t| has_rows(t, &rows))
        .chain(results.iter().cloned())
        .map(|t| row_bytes(&t, k))
        .max()
        .unwrap_or(1);
    let tile = tile_rows(&rows, widest);
    let plan = plan(body, &rows, tile).map_err(|m| format!("unsupported in lowering: row fusion: {m}"))?;
    let e = &mut ctx.e;
    let full: Vec<String> = results.iter().map(types::tensor).collect();
    let inits: Vec<String> = results.iter().map(|t| e.empty(t)).collect();
    let loop_result = e.fresh("rows");
    let ivs: Vec<String> = (0..k).map(|_| e.fresh("row")).collect();
    let carried: Vec<String> = results.iter().map(|_| e.fresh("out")).collect();
    let shared: Vec<String> = carried.iter().zip(&inits).map(|(c, i)| format!("{c} = {i}")).collect();
    let lhs = if results.len() == 1 { loop_result.clone() } else { format!("{loop_result}:{}", results.len()) };
    let steps = block_sizes(k, tile);
    e.line(&format!(
        "{lhs} = scf.forall ({}) = ({}) to ({}) step ({}) shared_outs({}) -> ({}) {{",
        ivs.join(", "),
        vec!["0"; k].join(", "),
        rows.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(", "),
        steps.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(", "),
        shared.join(", "),
        full.join(", ")
    ));
    e.enter();
    let at = |rank: usize| ivs.iter().cloned().chain((k..rank).map(|_| "0".to_string())).collect::<Vec<_>>().join(", ");
    let sizes = |t: &TensorType| steps.iter().chain(&t.dims[k..]).map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
    let ones = |rank: usize| vec!["1"; rank].join(", ");
    // A row value's type on one block.
    let block_type = |t: &TensorType| {
        let mut part = t.clone();
        part.dims[..k].copy_from_slice(&steps);
        part
    };
    let mut block_args = Vec::new();
    for (a, role) in args.into_iter().zip(&plan.args) {
        let t = match (&a.ty, role) {
            (Type::Tensor(t), Role::Row) => t.clone(),
            _ => {
                block_args.push(a);
                continue;
            }
        };
        let part = block_type(&t);
        let name = e.op(
            "rowin",
            &format!(
                "tensor.extract_slice {}[{}] [{}] [{}] : {} to {}",
                a.name,
                at(t.rank()),
                sizes(&t),
                ones(t.rank()),
                types::tensor(&t),
                types::tensor(&part)
            ),
        );
        block_args.push(Lowered { name, ty: Type::Tensor(part) });
    }
    let computed = lower_nested_block(ctx, &plan.body, block_args)?;
    let e = &mut ctx.e;
    e.line("scf.forall.in_parallel {");
    e.enter();
    for ((value, t), into) in computed.iter().zip(results).zip(&carried) {
        let part = block_type(t);
        e.line(&format!(
            "tensor.parallel_insert_slice {} into {into}[{}] [{}] [{}] : {} into {}",
            value.name,
            at(t.rank()),
            sizes(t),
            ones(t.rank()),
            types::tensor(&part),
            types::tensor(t)
        ));
    }
    e.leave();
    e.line("}");
    e.leave();
    e.line("}");
    Ok(if results.len() == 1 { vec![loop_result] } else { (0..results.len()).map(|i| format!("{loop_result}#{i}")).collect() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_divide_the_rows_fit_the_budget_and_leave_blocks_for_the_threads() {
        assert_eq!(tile_rows(&[4096], 4096), 1);
        assert_eq!(tile_rows(&[4096], 512), 8);
        assert_eq!(tile_rows(&[96], 1024), 4);
        assert_eq!(tile_rows(&[90], 1024), 3);
        assert_eq!(tile_rows(&[97], 64), 1);
        assert_eq!(tile_rows(&[128], 64), 8);
        assert_eq!(tile_rows(&[8], 4), 1);
        assert_eq!(tile_rows(&[3], 1 << 20), 1);
        // Batch x sequence rows: blocks along the sequence, one batch index each.
        assert_eq!(tile_rows(&[1, 8, 256], 1024), 4);
        assert_eq!(tile_rows(&[4, 16], 256), 4);
        assert_eq!(tile_rows(&[64, 2], 256), 2);
    }
}

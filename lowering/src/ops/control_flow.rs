//! Control flow and structure → `scf` and `func`; `map`, `sort` and `top_k`.
//!
//! - `while`, `if` and `case` become `scf.while`, `scf.if` and `scf.index_switch` over
//!   tensors; their region bodies are ordinary tensor ops, lowered op by op like a function
//!   body ([`lower_nested_block`]) and may use values of the enclosing blocks.
//! - `call` and `composite` (its `decomposition`) become `func.call`.
//! - Tuples are never lowered to memory: `tuple` records its elements at compile time and
//!   `get_tuple_element` resolves to the element. A tuple that crosses a function boundary,
//!   a loop or a branch is reported as unsupported.
//! - `map` is a `linalg.generic` whose body is the region's scalar code.
//! - `sort` sorts a permutation of each row with a stable bottom-up merge sort (the
//!   comparator as scalar code on the inputs' elements), then gathers every input through it;
//!   `top_k` is the same sort with a total-order comparator that keeps the first `k` and also
//!   writes the permutation as i32 indices.

use super::LowerFn;
use crate::convert::{lower_nested_block, xtensor, xtype, Ctx, Lowered};
use crate::emitter::{dims, Emitter, Operand};
use crate::ops::data_movement::{i64s, int};
use crate::region;
use crate::scalar::{self, Value};
use crate::types;
use xhlo_ir::{ElementType, TensorType, Type};
use mlir_text::ast::{Attribute, Block, Op};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("while", while_loop),
    ("if", if_op),
    ("case", case),
    ("call", call),
    ("composite", composite),
    ("optimization_barrier", optimization_barrier),
    ("tuple", tuple),
    ("get_tuple_element", get_tuple_element),
    ("map", map),
    ("sort", sort),
    ("top_k", top_k),
    ("get_dimension_size", get_dimension_size),
];

// ----- helpers ---------------------------------------------------------------------------------

/// The lowered type of a value that `what` (e.g. "carried by xhlo.while") moves through
/// generated code: only tensors can be.
fn lowered_type(t: &Type, what: &str) -> Result<String, String> {
    match t {
        Type::Tensor(t) => Ok(types::tensor(t)),
        Type::Tuple(_) => Err(format!(
            "unsupported in lowering: tuple values {what} (tuples are only forwarded from xhlo.tuple to \
             xhlo.get_tuple_element within one function body)"
        )),
        Type::Token => Err(format!("unsupported in lowering: token values {what}")),
    }
}

fn operands(ctx: &Ctx, op: &Op) -> Result<Vec<Lowered>, String> {
    op.operands.iter().map(|v| ctx.get(v).cloned()).collect()
}

/// The lowered result types of `op`.
fn result_types(op: &Op, what: &str) -> Result<Vec<String>, String> {
    op.result_types.iter().map(|t| lowered_type(&xtype(t)?, what)).collect()
}

/// `%r = `, `%r:3 = ` or nothing, for an op with `n` results.
fn lhs(r: &str, n: usize) -> String {
    match n {
        0 => String::new(),
        1 => format!("{r} = "),
        n => format!("{r}:{n} = "),
    }
}

/// The names of the `n` results of `%r`.
fn result_names(r: &str, n: usize) -> Vec<String> {
    match n {
        1 => vec![r.to_string()],
        n => (0..n).map(|i| format!("{r}#{i}")).collect(),
    }
}

fn region_block<'a>(op: &'a Op, i: usize, name: &str) -> Result<&'a Block, String> {
    op.regions.get(i).and_then(|r| r.blocks.first()).ok_or_else(|| format!("{} without region '{name}'", op.name))
}

/// `scf.yield` of `values` (which must be `tys.len()` tensors).
fn yield_values(ctx: &mut Ctx, values: &[Lowered], tys: &[String], what: &str) -> Result<(), String> {
    if values.len() != tys.len() {
        return Err(format!("internal: {what} yields {} values for {} results", values.len(), tys.len()));
    }
    if values.is_empty() {
        ctx.e.line("scf.yield");
        return Ok(());
    }
    for v in values {
        lowered_type(&v.ty, &format!("yielded by {what}"))?;
    }
    let names: Vec<_> = values.iter().map(|v| v.name.clone()).collect();
    ctx.e.line(&format!("scf.yield {} : {}", names.join(", "), tys.join(", ")));
    Ok(())
}

/// A branch of `if`/`case`: its ops, then `scf.yield` of what it yields.
fn branch(ctx: &mut Ctx, block: &Block, tys: &[String], what: &str) -> Result<(), String> {
    ctx.e.enter();
    let yielded = lower_nested_block(ctx, block, vec![])?;
    yield_values(ctx, &yielded, tys, what)?;
    ctx.e.leave();
    Ok(())
}

/// The closing brace of a region op, with the op's location.
fn close(ctx: &mut Ctx) {
    let loc = std::mem::take(&mut ctx.e.loc);
    ctx.e.line(&format!("}} {loc}"));
    ctx.e.loc = loc;
}

/// Writes a line without the location (for the head of an op whose regions follow).
fn head_line(ctx: &mut Ctx, text: &str) {
    let loc = std::mem::take(&mut ctx.e.loc);
    ctx.e.line(text);
    ctx.e.loc = loc;
}

fn index_const(e: &mut Emitter, v: i64) -> String {
    e.op("c", &format!("arith.constant {v} : index"))
}

// ----- control flow ------------------------------------------------------------------------------

/// `while` → `scf.while`: the `cond` region computes the predicate in the "before" region and
/// forwards the carried values unchanged; `body` is the "after" region.
fn while_loop(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let inits = operands(ctx, op)?;
    let n = inits.len();
    let tys = inits.iter().map(|l| lowered_type(&l.ty, "carried by xhlo.while")).collect::<Result<Vec<_>, _>>()?;
    let (cond, body) = (region_block(op, 0, "cond")?, region_block(op, 1, "body")?);
    let ty_list = tys.join(", ");
    let r = ctx.e.fresh("while");
    let before: Vec<String> = (0..n).map(|_| ctx.e.fresh("w")).collect();
    let assigns: Vec<String> = before.iter().zip(&inits).map(|(b, l)| format!("{b} = {}", l.name)).collect();
    let assigns = if n == 0 { String::new() } else { format!("({}) ", assigns.join(", ")) };
    ctx.e.line(&format!("{}scf.while {assigns}: ({ty_list}) -> ({ty_list}) {{", lhs(&r, n)));
    ctx.e.enter();
    let args = before.iter().zip(&inits).map(|(b, l)| Lowered { name: b.clone(), ty: l.ty.clone() }).collect();
    let yielded = lower_nested_block(ctx, cond, args)?;
    let flag = match yielded.as_slice() {
        [Lowered { name, ty: Type::Tensor(t) }] if t.rank() == 0 && t.element == ElementType::Pred => ctx.e.extract_scalar(name, t),
        _ => return Err("region 'cond' of xhlo.while must yield one tensor<i1>".into()),
    };
    if n == 0 {
        ctx.e.line(&format!("scf.condition({flag})"));
    } else {
        ctx.e.line(&format!("scf.condition({flag}) {} : {ty_list}", before.join(", ")));
    }
    ctx.e.leave();
    ctx.e.line("} do {");
    let after: Vec<String> = (0..n).map(|_| ctx.e.fresh("w")).collect();
    if n > 0 {
        let decls: Vec<String> = after.iter().zip(&tys).map(|(a, t)| format!("{a}: {t}")).collect();
        ctx.e.line(&format!("^bb0({}):", decls.join(", ")));
    }
    ctx.e.enter();
    let args = after.iter().zip(&inits).map(|(a, l)| Lowered { name: a.clone(), ty: l.ty.clone() }).collect();
    let next = lower_nested_block(ctx, body, args)?;
    yield_values(ctx, &next, &tys, "region 'body' of xhlo.while")?;
    ctx.e.leave();
    close(ctx);
    Ok(result_names(&r, n))
}

/// `if` → `scf.if` on the scalar held by the rank-0 predicate.
fn if_op(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (p, pt) = ctx.tensor_operand(op, 0)?;
    let tys = result_types(op, "yielded by xhlo.if")?;
    let (on_true, on_false) = (region_block(op, 0, "true_branch")?, region_block(op, 1, "false_branch")?);
    let flag = ctx.e.extract_scalar(&p, &pt);
    let r = ctx.e.fresh("if");
    let arrow = if tys.is_empty() { String::new() } else { format!(" -> ({})", tys.join(", ")) };
    ctx.e.line(&format!("{}scf.if {flag}{arrow} {{", lhs(&r, tys.len())));
    branch(ctx, on_true, &tys, "region 'true_branch' of xhlo.if")?;
    ctx.e.line("} else {");
    branch(ctx, on_false, &tys, "region 'false_branch' of xhlo.if")?;
    close(ctx);
    Ok(result_names(&r, tys.len()))
}

/// `case` → `scf.index_switch` with one case per branch but the last, which is the default:
/// an index out of range (negative, or not below the branch count) runs the last branch
/// (seed 002 "Conditional"; StableHLO's `case` agrees).
fn case(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (i, it) = ctx.tensor_operand(op, 0)?;
    if it.element != ElementType::S32 || it.rank() != 0 {
        return Err(format!("xhlo.case index must be tensor<i32>, got {}", types::tensor(&it)));
    }
    let tys = result_types(op, "yielded by xhlo.case")?;
    let blocks = &op.regions.first().ok_or("xhlo.case without region 'branches'")?.blocks;
    let (last, cases) = blocks.split_last().ok_or("xhlo.case without branches")?;
    let s = ctx.e.extract_scalar(&i, &it);
    // Sign-extending: a negative index matches no case.
    let index = ctx.e.op("ix", &format!("arith.index_cast {s} : i32 to index"));
    let r = ctx.e.fresh("case");
    let arrow = if tys.is_empty() { String::new() } else { format!(" -> {}", tys.join(", ")) };
    head_line(ctx, &format!("{}scf.index_switch {index}{arrow}", lhs(&r, tys.len())));
    for (b, block) in cases.iter().enumerate() {
        ctx.e.line(&format!("case {b} {{"));
        branch(ctx, block, &tys, &format!("branch {b} of xhlo.case"))?;
        ctx.e.line("}");
    }
    ctx.e.line("default {");
    branch(ctx, last, &tys, &format!("branch {} of xhlo.case", cases.len()))?;
    close(ctx);
    Ok(result_names(&r, tys.len()))
}

/// The function named by symbol attribute `attr`.
fn callee(op: &Op, attr: &str) -> Result<String, String> {
    match op.attr(attr) {
        Some(Attribute::Symbol(path)) if path.len() == 1 => Ok(path[0].clone()),
        Some(Attribute::Symbol(path)) => Err(format!("unsupported in lowering: nested symbol @{} in '{attr}'", path.join("::@"))),
        _ => Err(format!("{} without symbol attribute '{attr}'", op.name)),
    }
}

/// `func.call @callee` on the operands of `op`, with its results.
fn emit_call(ctx: &mut Ctx, op: &Op, callee: &str) -> Result<Vec<String>, String> {
    let args = operands(ctx, op)?;
    let what = format!("passed to @{callee}");
    let in_tys = args.iter().map(|l| lowered_type(&l.ty, &what)).collect::<Result<Vec<_>, _>>()?;
    let out_tys = result_types(op, &format!("returned from @{callee}"))?;
    let names: Vec<_> = args.iter().map(|l| l.name.clone()).collect();
    let r = ctx.e.fresh("call");
    ctx.e.line(&format!(
        "{}func.call @{callee}({}) : ({}) -> ({})",
        lhs(&r, out_tys.len()),
        names.join(", "),
        in_tys.join(", "),
        out_tys.join(", ")
    ));
    Ok(result_names(&r, out_tys.len()))
}

fn call(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let f = callee(op, "callee")?;
    emit_call(ctx, op, &f)
}

/// `composite` has the semantics of its decomposition function: a call to it.
fn composite(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let f = callee(op, "decomposition")?;
    emit_call(ctx, op, &f)
}

/// The operands unchanged (nothing in the upstream pipeline moves code across it that
/// would matter for a single-device CPU program).
fn optimization_barrier(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    Ok(operands(ctx, op)?.into_iter().map(|l| l.name).collect())
}

fn tuple(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let elements = operands(ctx, op)?;
    Ok(vec![ctx.bind_tuple(elements)])
}

fn get_tuple_element(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let v = op.operands.first().ok_or("get_tuple_element without operand")?;
    let l = ctx.get(v)?.clone();
    let index = int(op, "index")?;
    let elements = ctx.tuple_elements(&l).ok_or_else(|| {
        format!(
            "unsupported in lowering: get_tuple_element of {v}, a tuple not built by xhlo.tuple in this function \
             (tuples crossing functions, loops or branches are not lowered)"
        )
    })?;
    let e = usize::try_from(index).ok().and_then(|i| elements.get(i)).ok_or_else(|| format!("tuple index {index} out of range"))?;
    Ok(vec![e.name.clone()])
}

/// A constant: shapes are static.
fn get_dimension_size(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (_, xt) = ctx.tensor_operand(op, 0)?;
    let d = int(op, "dimension")?;
    let size = usize::try_from(d).ok().and_then(|d| xt.dims.get(d)).ok_or_else(|| format!("dimension {d} out of range"))?;
    let size = i32::try_from(*size).map_err(|_| format!("unsupported in lowering: dimension size {size} does not fit in i32"))?;
    Ok(vec![ctx.e.op("cst", &format!("arith.constant dense<{size}> : tensor<i32>"))])
}

// ----- map ----------------------------------------------------------------------------------------

fn map(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let result = xtensor(op.result_types.first().ok_or("map without result")?)?;
    let rank = result.rank();
    let dimensions = i64s(op, "dimensions")?;
    if dimensions != (0..rank as i64).collect::<Vec<_>>() {
        return Err(format!("unsupported in lowering: map over dimensions {dimensions:?} (only all dimensions in order)"));
    }
    let block = region_block(op, 0, "computation")?;
    let mut inputs = Vec::new();
    for i in 0..op.operands.len() {
        let (name, ty) = ctx.tensor_operand(op, i)?;
        inputs.push(Operand { value: name, map: dims(rank), ty });
    }
    let elements: Vec<_> = inputs.iter().map(|o| o.ty.element).collect();
    let init = ctx.e.empty(&result);
    let iterators = vec!["parallel"; rank];
    let out = ctx.e.generic(&inputs, Operand::identity(init, &result), &iterators, |e, args| {
        let values = args.iter().zip(&elements).map(|(a, t)| scalar::load(e, a, *t)).collect();
        match region::lower_block(e, block, values)?.as_slice() {
            [v] => Ok(scalar::store(e, v)),
            other => Err(format!("map computation yields {} values, expected 1", other.len())),
        }
    })?;
    Ok(vec![out])
}

// ----- sort and top_k --------------------------------------------------------------------------

/// The "less than" of a sort: given the comparator's arguments (lhs_0, rhs_0, lhs_1, rhs_1,
/// ...), an i1 value that is true when lhs must come before rhs.
type Less<'a> = dyn FnMut(&mut Emitter, &[Value]) -> Result<Value, String> + 'a;

/// Sorts `inputs` (one shape) together along `dim` and returns the first `keep` elements of
/// each sorted row of each input (and, with `with_indices`, the source positions as i32).
///
/// Per row, a permutation `0..n` is sorted in a scratch buffer `memref<2xNxindex>` by a
/// bottom-up merge sort (stable: the right element is taken first only when it is strictly
/// less than the left one; any comparator keeps every access in bounds), then the outputs,
/// fresh buffers, are filled through it and returned as tensors.
fn emit_sort(ctx: &mut Ctx, inputs: &[(String, TensorType)], dim: usize, keep: i64, with_indices: bool, less: &mut Less) -> Result<Vec<String>, String> {
    let shape = inputs.first().ok_or("sort without inputs")?.1.dims.clone();
    let rank = shape.len();
    if dim >= rank {
        return Err(format!("sort dimension {dim} out of range for rank {rank}"));
    }
    let n = shape[dim];
    if keep > n {
        return Err(format!("cannot keep {keep} of {n} sorted elements"));
    }
    let e = &mut ctx.e;
    let mut out_shape = shape.clone();
    out_shape[dim] = keep;
    let mut outs: Vec<(String, TensorType)> = Vec::new();
    for (_, t) in inputs {
        let ty = TensorType::new(out_shape.clone(), t.element);
        outs.push((e.op("sorted", &format!("memref.alloc() : {}", types::memref(&ty))), ty));
    }
    if with_indices {
        let ty = TensorType::new(out_shape.clone(), ElementType::S32);
        outs.push((e.op("sorted", &format!("memref.alloc() : {}", types::memref(&ty))), ty));
    }
    let scratch_ty = format!("memref<2x{n}xindex>");
    let scratch = e.op("perm", &format!("memref.alloc() : {scratch_ty}"));
    let (c0, c1, cn) = (index_const(e, 0), index_const(e, 1), index_const(e, n));
    // One loop per dimension other than `dim`: the rows.
    let mut pos: Vec<String> = vec![String::new(); rank];
    for d in (0..rank).filter(|&d| d != dim) {
        let bound = index_const(e, shape[d]);
        let iv = e.fresh("row");
        e.line(&format!("scf.for {iv} = {c0} to {bound} step {c1} {{"));
        e.enter();
        pos[d] = iv;
    }
    let at = |k: &str| -> String {
        let p: Vec<&str> = (0..rank).map(|d| if d == dim { k } else { pos[d].as_str() }).collect();
        format!("[{}]", p.join(", "))
    };
    // The identity permutation in half 0.
    let k = e.fresh("k");
    e.line(&format!("scf.for {k} = {c0} to {cn} step {c1} {{"));
    e.enter();
    e.line(&format!("memref.store {k}, {scratch}[{c0}, {k}] : {scratch_ty}"));
    e.leave();
    e.line("}");
    // Merge runs of width w from half p into half 1 - p, doubling w until it covers the row.
    let (w0, p0) = (e.fresh("w"), e.fresh("p"));
    let fin = e.fresh("msort");
    e.line(&format!("{fin}:2 = scf.while ({w0} = {c1}, {p0} = {c0}) : (index, index) -> (index, index) {{"));
    e.enter();
    let more = e.op("more", &format!("arith.cmpi ult, {w0}, {cn} : index"));
    e.line(&format!("scf.condition({more}) {w0}, {p0} : index, index"));
    e.leave();
    e.line("} do {");
    let (w, p) = (e.fresh("w"), e.fresh("p"));
    e.line(&format!("^bb0({w}: index, {p}: index):"));
    e.enter();
    let q = e.op("q", &format!("arith.subi {c1}, {p} : index"));
    let w2 = e.op("w2", &format!("arith.addi {w}, {w} : index"));
    let lo = e.fresh("lo");
    e.line(&format!("scf.for {lo} = {c0} to {cn} step {w2} {{"));
    e.enter();
    let mid = e.op("mid", &format!("arith.addi {lo}, {w} : index"));
    let mid = e.op("mid", &format!("arith.minui {mid}, {cn} : index"));
    let hi = e.op("hi", &format!("arith.addi {lo}, {w2} : index"));
    let hi = e.op("hi", &format!("arith.minui {hi}, {cn} : index"));
    let (k, i, j) = (e.fresh("k"), e.fresh("i"), e.fresh("j"));
    let merged = e.fresh("merge");
    e.line(&format!("{merged}:2 = scf.for {k} = {lo} to {hi} step {c1} iter_args({i} = {lo}, {j} = {mid}) -> (index, index) {{"));
    e.enter();
    let j_in = e.op("jin", &format!("arith.cmpi ult, {j}, {hi} : index"));
    let i_in = e.op("iin", &format!("arith.cmpi ult, {i}, {mid} : index"));
    // Take the right element when the left run is exhausted, or when both remain and
    // right < left.
    let right = e.fresh("right");
    e.line(&format!("{right} = scf.if {j_in} -> (i1) {{"));
    e.enter();
    let both = e.fresh("right");
    e.line(&format!("{both} = scf.if {i_in} -> (i1) {{"));
    e.enter();
    let li = e.op("li", &format!("memref.load {scratch}[{p}, {i}] : {scratch_ty}"));
    let rj = e.op("rj", &format!("memref.load {scratch}[{p}, {j}] : {scratch_ty}"));
    let mut args = Vec::new();
    for (name, t) in inputs {
        let tt = types::tensor(t);
        let l = e.op("x", &format!("tensor.extract {name}{} : {tt}", at(&rj)));
        let r = e.op("x", &format!("tensor.extract {name}{} : {tt}", at(&li)));
        args.push(scalar::load(e, &l, t.element));
        args.push(scalar::load(e, &r, t.element));
    }
    let c = less(e, &args)?;
    if c.ty != ElementType::Pred {
        return Err("sort comparator must yield tensor<i1>".into());
    }
    e.line(&format!("scf.yield {} : i1", c.name));
    e.leave();
    e.line("} else {");
    e.enter();
    let t = e.op("t", "arith.constant true");
    e.line(&format!("scf.yield {t} : i1"));
    e.leave();
    e.line("}");
    e.line(&format!("scf.yield {both} : i1"));
    e.leave();
    e.line("} else {");
    e.enter();
    let f = e.op("f", "arith.constant false");
    e.line(&format!("scf.yield {f} : i1"));
    e.leave();
    e.line("}");
    let src = e.op("src", &format!("arith.select {right}, {j}, {i} : index"));
    let v = e.op("v", &format!("memref.load {scratch}[{p}, {src}] : {scratch_ty}"));
    e.line(&format!("memref.store {v}, {scratch}[{q}, {k}] : {scratch_ty}"));
    let i1 = e.op("i", &format!("arith.addi {i}, {c1} : index"));
    let j1 = e.op("j", &format!("arith.addi {j}, {c1} : index"));
    let ni = e.op("i", &format!("arith.select {right}, {i}, {i1} : index"));
    let nj = e.op("j", &format!("arith.select {right}, {j1}, {j} : index"));
    e.line(&format!("scf.yield {ni}, {nj} : index, index"));
    e.leave();
    e.line("}");
    e.leave();
    e.line("}");
    e.line(&format!("scf.yield {w2}, {q} : index, index"));
    e.leave();
    e.line("}");
    // Gather the first `keep` of the sorted row.
    let ckeep = index_const(e, keep);
    let k = e.fresh("k");
    e.line(&format!("scf.for {k} = {c0} to {ckeep} step {c1} {{"));
    e.enter();
    let s = e.op("s", &format!("memref.load {scratch}[{fin}#1, {k}] : {scratch_ty}"));
    for ((name, t), (out, ot)) in inputs.iter().zip(&outs) {
        let v = e.op("v", &format!("tensor.extract {name}{} : {}", at(&s), types::tensor(t)));
        e.line(&format!("memref.store {v}, {out}{} : {}", at(&k), types::memref(ot)));
    }
    if with_indices {
        let (out, ot) = outs.last().expect("indices output");
        let s32 = e.op("s", &format!("arith.index_cast {s} : index to i32"));
        e.line(&format!("memref.store {s32}, {out}{} : {}", at(&k), types::memref(ot)));
    }
    e.leave();
    e.line("}");
    for _ in 0..rank - 1 {
        e.leave();
        e.line("}");
    }
    Ok(outs
        .iter()
        .map(|(m, t)| e.op("sorted", &format!("bufferization.to_tensor {m} restrict writable : {} to {}", types::memref(t), types::tensor(t))))
        .collect())
}

fn sort(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let inputs = (0..op.operands.len()).map(|i| ctx.tensor_operand(op, i)).collect::<Result<Vec<_>, _>>()?;
    let dim = int(op, "dimension")?;
    let dim = usize::try_from(dim).map_err(|_| format!("sort dimension {dim} is negative"))?;
    let n = inputs.first().ok_or("sort without inputs")?.1.dims.get(dim).copied().ok_or_else(|| format!("sort dimension {dim} out of range"))?;
    let block = region_block(op, 0, "comparator")?;
    // Stable whatever `is_stable` says: an unstable sort may keep equal elements in order.
    let mut less = |e: &mut Emitter, args: &[Value]| -> Result<Value, String> {
        match region::lower_block(e, block, args.to_vec())?.as_slice() {
            [c] => Ok(c.clone()),
            other => Err(format!("sort comparator yields {} values, expected 1", other.len())),
        }
    };
    emit_sort(ctx, &inputs, dim, n, false, &mut less)
}

/// `top_k` along the last dimension: a stable sort by total order (descending for
/// `largest`, the default; ascending otherwise) so that equal elements keep the lower index
/// first, as XLA's TopK decomposition into a sort does (NaN sorts above +inf, -NaN below
/// -inf, -0 below +0).
fn top_k(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    if xt.element.is_complex() {
        return Err("unsupported in lowering: top_k of complex values".into());
    }
    let k = int(op, "k")?;
    let largest = !matches!(op.attr("largest"), Some(Attribute::Bool(false)));
    let rank = xt.rank();
    if rank == 0 {
        return Err("top_k of a scalar".into());
    }
    if k < 0 || k > xt.dims[rank - 1] {
        return Err(format!("top_k k = {k} out of range for a last dimension of {}", xt.dims[rank - 1]));
    }
    let direction = if largest { "GT" } else { "LT" };
    let mut less = |e: &mut Emitter, args: &[Value]| scalar::compare(e, direction, Some("TOTALORDER"), &args[0], &args[1]);
    emit_sort(ctx, &[(x, xt.clone())], rank - 1, k, true, &mut less)
}

#[cfg(test)]
mod tests {
    use crate::convert::lower_text;

    fn lower(body: &str) -> String {
        let text = format!("\"builtin.module\"() ({{\n{body}\n}}) : () -> ()\n");
        lower_text(&text, "t").map_err(|e| e.to_string()).unwrap()
    }

    fn lower_err(body: &str) -> String {
        let text = format!("\"builtin.module\"() ({{\n{body}\n}}) : () -> ()\n");
        lower_text(&text, "t").unwrap_err().to_string()
    }

    /// Strips `loc(...)` suffixes to keep snapshots short.
    fn strip(s: &str) -> String {
        s.lines().map(|l| l.split(" loc(").next().unwrap().trim_end()).collect::<Vec<_>>().join("\n")
    }

    #[test]
    fn while_becomes_scf_while_with_condition_from_rank0_tensor() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<i64>) -> tensor<i64>, sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>):
    %ten = "xhlo.constant"() {value = dense<10> : tensor<i64>} : () -> tensor<i64>
    %r = "xhlo.while"(%a) ({
    ^bb0(%x: tensor<i64>):
      %c = "xhlo.compare"(%x, %ten) {comparison_direction = "LT"} : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "gpu.yield"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%y: tensor<i64>):
      %n = "xhlo.add"(%y, %ten) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "gpu.yield"(%n) : (tensor<i64>) -> ()
    }) : (tensor<i64>) -> tensor<i64>
    "func.return"(%r) : (tensor<i64>) -> ()
  }) : () -> ()"#,
        );
        insta::assert_snapshot!(strip(&out));
    }

    #[test]
    fn if_becomes_scf_if_with_results() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>, sym_name = "f"}> ({
  ^bb0(%p: tensor<i1>, %a: tensor<2xf32>):
    %r = "xhlo.if"(%p) ({
      %n = "xhlo.negate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
      "gpu.yield"(%n) : (tensor<2xf32>) -> ()
    }, {
      "gpu.yield"(%a) : (tensor<2xf32>) -> ()
    }) : (tensor<i1>) -> tensor<2xf32>
    "func.return"(%r) : (tensor<2xf32>) -> ()
  }) : () -> ()"#,
        );
        insta::assert_snapshot!(strip(&out));
    }

    #[test]
    fn case_last_branch_is_the_default_for_out_of_range_indices() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<f32>, sym_name = "f"}> ({
  ^bb0(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    %r = "xhlo.case"(%i) ({
      "gpu.yield"(%a) : (tensor<f32>) -> ()
    ^bb1:
      "gpu.yield"(%b) : (tensor<f32>) -> ()
    ^bb2:
      "gpu.yield"(%c) : (tensor<f32>) -> ()
    }) : (tensor<i32>) -> tensor<f32>
    "func.return"(%r) : (tensor<f32>) -> ()
  }) : () -> ()"#,
        );
        let out = strip(&out);
        assert!(out.contains("case 0 {") && out.contains("case 1 {") && !out.contains("case 2 {"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn call_and_composite_become_func_call() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<i64>) -> tensor<i64>, sym_name = "g", sym_visibility = "private"}> ({
  ^bb0(%a: tensor<i64>):
    "func.return"(%a) : (tensor<i64>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<i64>) -> tensor<i64>, sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>):
    %0 = "xhlo.call"(%a) {callee = @g} : (tensor<i64>) -> tensor<i64>
    %1 = "xhlo.composite"(%0) {decomposition = @g, name = "my.op"} : (tensor<i64>) -> tensor<i64>
    "func.return"(%1) : (tensor<i64>) -> ()
  }) : () -> ()"#,
        );
        let out = strip(&out);
        assert!(out.contains("%call_1 = func.call @g(%p0) : (tensor<i64>) -> (tensor<i64>)"), "{out}");
        assert!(out.contains("%call_2 = func.call @g(%call_1) : (tensor<i64>) -> (tensor<i64>)"), "{out}");
    }

    #[test]
    fn tuples_forward_their_elements_and_barrier_is_identity() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<i64>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i64>), sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<2xf32>):
    %t0 = "xhlo.tuple"(%a) : (tensor<i64>) -> tuple<tensor<i64>>
    %t1 = "xhlo.tuple"(%b, %t0) : (tensor<2xf32>, tuple<tensor<i64>>) -> tuple<tensor<2xf32>, tuple<tensor<i64>>>
    %t2 = "xhlo.optimization_barrier"(%t1) : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tuple<tensor<2xf32>, tuple<tensor<i64>>>
    %e0 = "xhlo.get_tuple_element"(%t2) {index = 0 : i32} : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tensor<2xf32>
    %e1 = "xhlo.get_tuple_element"(%t2) {index = 1 : i32} : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
    %e2 = "xhlo.get_tuple_element"(%e1) {index = 0 : i32} : (tuple<tensor<i64>>) -> tensor<i64>
    "func.return"(%e0, %e2) : (tensor<2xf32>, tensor<i64>) -> ()
  }) : () -> ()"#,
        );
        assert!(strip(&out).contains("func.return %p1, %p0 : tensor<2xf32>, tensor<i64>"), "{out}");
    }

    #[test]
    fn tuple_returned_from_a_function_is_unsupported() {
        let e = lower_err(
            r#"  "func.func"() <{function_type = (tensor<i64>) -> tuple<tensor<i64>>, sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>):
    %t = "xhlo.tuple"(%a) : (tensor<i64>) -> tuple<tensor<i64>>
    "func.return"(%t) : (tuple<tensor<i64>>) -> ()
  }) : () -> ()"#,
        );
        assert!(e.contains("unsupported in lowering: tuple values"), "{e}");
    }

    #[test]
    fn tuple_carried_by_while_is_unsupported() {
        let e = lower_err(
            r#"  "func.func"() <{function_type = (tensor<i1>) -> (), sym_name = "f"}> ({
  ^bb0(%a: tensor<i1>):
    %t = "xhlo.tuple"(%a) : (tensor<i1>) -> tuple<tensor<i1>>
    %r = "xhlo.while"(%t) ({
    ^bb0(%x: tuple<tensor<i1>>):
      %c = "xhlo.get_tuple_element"(%x) {index = 0 : i32} : (tuple<tensor<i1>>) -> tensor<i1>
      "gpu.yield"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%y: tuple<tensor<i1>>):
      "gpu.yield"(%y) : (tuple<tensor<i1>>) -> ()
    }) : (tuple<tensor<i1>>) -> tuple<tensor<i1>>
    "func.return"() : () -> ()
  }) : () -> ()"#,
        );
        assert!(e.contains("unsupported in lowering: tuple values carried by xhlo.while"), "{e}");
    }

    #[test]
    fn get_dimension_size_is_a_constant() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<2x3xf32>) -> tensor<i32>, sym_name = "f"}> ({
  ^bb0(%a: tensor<2x3xf32>):
    %r = "xhlo.get_dimension_size"(%a) {dimension = 1 : i64} : (tensor<2x3xf32>) -> tensor<i32>
    "func.return"(%r) : (tensor<i32>) -> ()
  }) : () -> ()"#,
        );
        assert!(out.contains("arith.constant dense<3> : tensor<i32>"), "{out}");
    }

    #[test]
    fn map_lowers_the_computation_as_scalar_code() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>, sym_name = "f"}> ({
  ^bb0(%a: tensor<2xi64>, %b: tensor<2xi64>):
    %r = "xhlo.map"(%a, %b) ({
    ^bb0(%x: tensor<i64>, %y: tensor<i64>):
      %m = "xhlo.multiply"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "gpu.yield"(%m) : (tensor<i64>) -> ()
    }) {dimensions = array<i64: 0>} : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    "func.return"(%r) : (tensor<2xi64>) -> ()
  }) : () -> ()"#,
        );
        insta::assert_snapshot!(strip(&out));
    }

    #[test]
    fn sort_is_a_merge_sort_of_a_permutation_per_row() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>), sym_name = "f"}> ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>):
    %r:2 = "xhlo.sort"(%a, %b) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>, %u: tensor<i32>, %v: tensor<i32>):
      %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT", compare_type = "TOTALORDER"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "gpu.yield"(%c) : (tensor<i1>) -> ()
    }) {dimension = 1 : i64, is_stable = true} : (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
    "func.return"(%r#0, %r#1) : (tensor<2x3xf32>, tensor<2x3xi32>) -> ()
  }) : () -> ()"#,
        );
        insta::assert_snapshot!(strip(&out));
    }

    #[test]
    fn top_k_keeps_k_values_and_i32_indices() {
        let out = lower(
            r#"  "func.func"() <{function_type = (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>), sym_name = "f"}> ({
  ^bb0(%a: tensor<5xf32>):
    %r:2 = "xhlo.top_k"(%a) {k = 2 : i64} : (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>)
    "func.return"(%r#0, %r#1) : (tensor<2xf32>, tensor<2xi32>) -> ()
  }) : () -> ()"#,
        );
        let out = strip(&out);
        assert!(out.contains("memref.alloc() : memref<2xi32>"), "{out}");
        assert!(out.contains("arith.cmpi sgt"), "total order compares integer keys: {out}");
    }
}

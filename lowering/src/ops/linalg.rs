//! `dot_general` → the register-tiled vector kernel of [`super::dot_tiled`] where it applies,
//! otherwise a `linalg.generic` with loops (batch, lhs free, rhs free, contracting),
//! multiplying in the result element type and accumulating into a zero-filled init.

use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::Operand;
use crate::ops::data_movement::i64s;
use crate::scalar;
use xhlo_ir::TensorType;
use mlir_text::ast::Op;

pub const LOWERINGS: &[(&str, LowerFn)] = &[("dot_general", dot_general)];

/// The loop nest of a `dot_general`: indexing maps of lhs, rhs and the result over its loops,
/// the iterator types, and which loops are contracting.
pub struct DotPlan {
    pub lhs_map: Vec<String>,
    pub rhs_map: Vec<String>,
    /// The result's map: one loop index per result dimension (`d{i}`).
    pub out_loops: Vec<usize>,
    pub iterators: Vec<&'static str>,
    /// The contracting loops with their trip counts.
    pub contracting: Vec<(usize, i64)>,
}

/// Plans the loops of `op` (a `dot_general` on `lt` and `rt`).
pub fn dot_plan(op: &Op, lt: &TensorType, rt: &TensorType) -> Result<DotPlan, String> {
    let lb = i64s(op, "lhs_batching_dimensions").unwrap_or_default();
    let rb = i64s(op, "rhs_batching_dimensions").unwrap_or_default();
    let lc = i64s(op, "lhs_contracting_dimensions")?;
    let rc = i64s(op, "rhs_contracting_dimensions")?;
    let lfree: Vec<i64> = (0..lt.rank() as i64).filter(|d| !lb.contains(d) && !lc.contains(d)).collect();
    let rfree: Vec<i64> = (0..rt.rank() as i64).filter(|d| !rb.contains(d) && !rc.contains(d)).collect();
    // Loop order: batch, lhs free, then contracting and rhs free in the order that makes
    // the innermost loop walk rhs contiguously (row-major): rhs free innermost when rhs's
    // minor dimension is free (the inner loop then also walks the result, and LLVM
    // vectorizes it), contracting innermost when rhs's minor dimension is contracted
    // (as in Q·Kᵀ).
    let nb = lb.len();
    let (nl, nc, nr) = (lfree.len(), lc.len(), rfree.len());
    let contract_innermost = rt.rank() > 0 && rc.contains(&(rt.rank() as i64 - 1));
    let (c0, r0) = if contract_innermost { (nb + nl + nr, nb + nl) } else { (nb + nl, nb + nl + nc) };
    let dim = |d: i64, rank: usize| usize::try_from(d).ok().filter(|&d| d < rank).ok_or_else(|| format!("dimension {d} out of range"));
    let mut lmap = vec![String::new(); lt.rank()];
    let mut rmap = vec![String::new(); rt.rank()];
    for (i, (&l, &r)) in lb.iter().zip(&rb).enumerate() {
        lmap[dim(l, lt.rank())?] = format!("d{i}");
        rmap[dim(r, rt.rank())?] = format!("d{i}");
    }
    for (i, &l) in lfree.iter().enumerate() {
        lmap[l as usize] = format!("d{}", nb + i);
    }
    let mut contracting = Vec::new();
    for (i, (&l, &r)) in lc.iter().zip(&rc).enumerate() {
        lmap[dim(l, lt.rank())?] = format!("d{}", c0 + i);
        rmap[dim(r, rt.rank())?] = format!("d{}", c0 + i);
        contracting.push((c0 + i, lt.dims[l as usize]));
    }
    for (i, &r) in rfree.iter().enumerate() {
        rmap[r as usize] = format!("d{}", r0 + i);
    }
    let loops = nb + nl + nc + nr;
    let out_loops: Vec<usize> = (0..nb + nl).chain(r0..r0 + nr).collect();
    let iterators = (0..loops).map(|i| if (c0..c0 + nc).contains(&i) { "reduction" } else { "parallel" }).collect();
    Ok(DotPlan { lhs_map: lmap, rhs_map: rmap, out_loops, iterators, contracting })
}

/// The zero of `t` as a constant of its storage type.
pub fn zero_of(ctx: &mut Ctx, t: xhlo_ir::ElementType) -> String {
    ctx.e.scalar_const(t, if t.is_float_or_complex() { "0.0" } else if t.is_pred() { "false" } else { "0" })
}

/// `acc + convert(a) * convert(b)` in the result element type (the dot's inner step).
pub fn multiply_accumulate(e: &mut crate::emitter::Emitter, args: &[String], le: xhlo_ir::ElementType, re: xhlo_ir::ElementType, oe: xhlo_ir::ElementType) -> Result<scalar::Value, String> {
    let a = scalar::load(e, &args[0], le);
    let b = scalar::load(e, &args[1], re);
    let acc = scalar::load(e, &args[2], oe);
    let a = scalar::convert(e, &a, oe)?;
    let b = scalar::convert(e, &b, oe)?;
    let p = scalar::binary(e, "multiply", &a, &b)?;
    scalar::binary(e, "add", &acc, &p)
}

/// Sets an `array<i64: ...>` attribute of `op`.
fn set_i64s(op: &mut Op, name: &str, values: &[i64]) {
    use mlir_text::ast::{Attribute, Type};
    let value = Attribute::DenseArray(Type::Integer { width: 64, signedness: "" }, values.iter().map(|v| v.to_string()).collect());
    op.attrs.retain(|(k, _)| k != name);
    op.properties.retain(|(k, _)| k != name);
    op.attrs.push((name.to_string(), value));
}

fn dot_general(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (lhs, lt) = ctx.tensor_operand(op, 0)?;
    let (mut rhs, mut rt) = ctx.tensor_operand(op, 1)?;
    let out = xtensor(&op.result_types[0])?;
    if let Some(tiled) = super::dot_tiled::plan(op, &lt, &rt, &out).filter(|_| ctx.options.tile_dots) {
        return Ok(vec![super::dot_tiled::emit(ctx, &tiled, &lhs, &rhs, None)?]);
    }
    let rb = i64s(op, "rhs_batching_dimensions").unwrap_or_default();
    let rc = i64s(op, "rhs_contracting_dimensions")?;
    let rfree: Vec<i64> = (0..rt.rank() as i64).filter(|d| !rb.contains(d) && !rc.contains(d)).collect();
    let mut op = op.clone();
    if !rfree.is_empty() && rt.rank() > 0 && rc.contains(&(rt.rank() as i64 - 1)) {
        // rhs's minor dimension is contracted (Q·Kᵀ): transpose rhs to (batch, contracting,
        // free) first, a small copy, so that the loop nest can keep the free dimension
        // innermost and contiguous, which LLVM vectorizes (a contracting innermost loop is a
        // float reduction it may not reorder).
        let perm: Vec<i64> = rb.iter().chain(&rc).chain(&rfree).copied().collect();
        let transposed = TensorType::new(perm.iter().map(|&d| rt.dims[d as usize]).collect::<Vec<_>>(), rt.element);
        let init = ctx.e.empty(&transposed);
        let p: Vec<String> = perm.iter().map(|d| d.to_string()).collect();
        rhs = ctx.e.op(
            "rhsT",
            &format!(
                "linalg.transpose ins({rhs} : {}) outs({init} : {}) permutation = [{}]",
                crate::types::tensor(&rt),
                crate::types::tensor(&transposed),
                p.join(", ")
            ),
        );
        rt = transposed;
        let nb = rb.len() as i64;
        set_i64s(&mut op, "rhs_batching_dimensions", &(0..nb).collect::<Vec<_>>());
        set_i64s(&mut op, "rhs_contracting_dimensions", &(nb..nb + rc.len() as i64).collect::<Vec<_>>());
    }
    let op = &op;
    let plan = dot_plan(op, &lt, &rt)?;
    let out_map: Vec<String> = plan.out_loops.iter().map(|i| format!("d{i}")).collect();
    let zero = zero_of(ctx, out.element);
    let init = ctx.e.fill(&out, &zero);
    let (le, re, oe) = (lt.element, rt.element, out.element);
    let r = ctx.e.generic(
        &[Operand { value: lhs, ty: lt, map: plan.lhs_map.join(", ") }, Operand { value: rhs, ty: rt, map: plan.rhs_map.join(", ") }],
        Operand { value: init, ty: out, map: out_map.join(", ") },
        &plan.iterators,
        |e, args| {
            let s = multiply_accumulate(e, args, le, re, oe)?;
            Ok(scalar::store(e, &s))
        },
    )?;
    Ok(vec![r])
}

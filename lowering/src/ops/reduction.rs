//! `reduce` → `linalg.generic` with reduction iterators over the reduced dimensions; the
//! inits are the init values broadcast to the result shape, the body is the region's scalar
//! code with arguments reordered from linalg's (elements, accumulators) to xhlo's
//! (accumulators, elements).
//!
//! Large reductions run in two stages (XLA allows any order: the reducer must be
//! associative): a float32 sum of 16M elements in one sequential chain loses about three
//! digits, in two chains of 4096 it keeps the precision XLA's tree reductions have.

use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::Operand;
use crate::ops::data_movement::i64s;
use crate::region;
use crate::scalar;
use xhlo_ir::TensorType;
use mlir_text::ast::{Block, Op};

pub const LOWERINGS: &[(&str, LowerFn)] = &[("reduce", reduce)];

/// Above this many reduced elements a reduction is split into two stages.
pub(crate) const SPLIT_THRESHOLD: i64 = 4096;

fn reduce(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let n = op.operands.len() / 2;
    let dims = i64s(op, "dimensions")?;
    let body = op.regions.first().and_then(|r| r.blocks.first()).ok_or("reduce without a body")?;
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    for i in 0..n {
        inputs.push(ctx.tensor_operand(op, i)?);
        let (init, it) = ctx.tensor_operand(op, n + i)?;
        inits.push(ctx.e.extract_scalar(&init, &it));
    }
    let out_elements: Vec<_> = (0..n).map(|i| xtensor(&op.result_types[i]).map(|t| t.element)).collect::<Result<_, _>>()?;
    reduce_values(ctx, inputs, &inits, &dims, &out_elements, body)
}

/// Reduces `inputs` over `dims` with `body`, starting from the scalar `inits`; splits large
/// reductions into two stages.
pub fn reduce_values(
    ctx: &mut Ctx,
    inputs: Vec<(String, TensorType)>,
    inits: &[String],
    dims: &[i64],
    out_elements: &[xhlo_ir::ElementType],
    body: &Block,
) -> Result<Vec<String>, String> {
    let shape = inputs[0].1.dims.clone();
    let mut sorted: Vec<i64> = dims.to_vec();
    sorted.sort();
    let reduced: i64 = sorted.iter().map(|&d| shape[d as usize]).product();
    if reduced > SPLIT_THRESHOLD && sorted.len() >= 2 {
        // Stage 1: all reduced dimensions but the outermost; stage 2: that one.
        let (outer, inner) = (sorted[0], &sorted[1..]);
        let partial = reduce_values(ctx, inputs, inits, inner, out_elements, body)?;
        let partial_ty: Vec<TensorType> = out_elements
            .iter()
            .map(|&e| TensorType::new(shape.iter().enumerate().filter(|(d, _)| !inner.contains(&(*d as i64))).map(|(_, s)| *s).collect::<Vec<_>>(), e))
            .collect();
        let outer_pos = (0..outer).filter(|d| !inner.contains(d)).count() as i64;
        let staged = partial.into_iter().zip(partial_ty).collect();
        return reduce_once(ctx, staged, inits, &[outer_pos], out_elements, body);
    }
    if reduced > SPLIT_THRESHOLD && sorted.len() == 1 {
        let d = sorted[0] as usize;
        if let Some(block) = [1024i64, 512, 256, 128, 64].into_iter().find(|b| shape[d] % b == 0 && shape[d] / b > 1) {
            // Split the dimension into (n / block, block) and reduce both.
            let mut split_dims = shape.clone();
            split_dims.splice(d..=d, [shape[d] / block, block]);
            let mut split = Vec::new();
            for (name, ty) in &inputs {
                let to = TensorType::new(split_dims.clone(), ty.element);
                split.push((expand(ctx, name, ty, &to, d), to));
            }
            return reduce_values(ctx, split, inits, &[d as i64, d as i64 + 1], out_elements, body);
        }
    }
    reduce_once(ctx, inputs, inits, &sorted, out_elements, body)
}

/// `tensor.expand_shape` splitting dimension `d` of `from` into two.
fn expand(ctx: &mut Ctx, name: &str, from: &TensorType, to: &TensorType, d: usize) -> String {
    let mut groups = Vec::new();
    let mut next = 0;
    for i in 0..from.rank() {
        if i == d {
            groups.push(format!("[{}, {}]", next, next + 1));
            next += 2;
        } else {
            groups.push(format!("[{next}]"));
            next += 1;
        }
    }
    let shape: Vec<String> = to.dims.iter().map(|x| x.to_string()).collect();
    ctx.e.op(
        "split",
        &format!(
            "tensor.expand_shape {name} [{}] output_shape [{}] : {} into {}",
            groups.join(", "),
            shape.join(", "),
            crate::types::tensor(from),
            crate::types::tensor(to)
        ),
    )
}

/// One `linalg.generic` reduction.
fn reduce_once(
    ctx: &mut Ctx,
    inputs: Vec<(String, TensorType)>,
    inits: &[String],
    dims: &[i64],
    out_elements: &[xhlo_ir::ElementType],
    body: &Block,
) -> Result<Vec<String>, String> {
    let n = inputs.len();
    let rank = inputs[0].1.rank();
    // Loops: kept dimensions first (in order), then the reduced ones.
    let kept: Vec<usize> = (0..rank).filter(|d| !dims.contains(&(*d as i64))).collect();
    let reduced: Vec<usize> = (0..rank).filter(|d| dims.contains(&(*d as i64))).collect();
    let order: Vec<usize> = kept.iter().chain(&reduced).copied().collect();
    let mut input_map = vec![String::new(); rank];
    for (loop_index, &d) in order.iter().enumerate() {
        input_map[d] = format!("d{loop_index}");
    }
    let out_map: Vec<String> = (0..kept.len()).map(|i| format!("d{i}")).collect();
    let out_dims: Vec<i64> = kept.iter().map(|&d| inputs[0].1.dims[d]).collect();
    let mut operands = Vec::new();
    let mut outs = Vec::new();
    for (i, (x, xt)) in inputs.into_iter().enumerate() {
        operands.push(Operand { value: x, ty: xt, map: input_map.join(", ") });
        let out = TensorType::new(out_dims.clone(), out_elements[i]);
        let filled = ctx.e.fill(&out, &inits[i]);
        outs.push(Operand { value: filled, ty: out, map: out_map.join(", ") });
    }
    let iterators: Vec<&str> = (0..rank).map(|i| if i < kept.len() { "parallel" } else { "reduction" }).collect();
    let elem_in: Vec<_> = operands.iter().map(|o| o.ty.element).collect();
    let elem_acc: Vec<_> = outs.iter().map(|o| o.ty.element).collect();
    ctx.e.generic_multi(&operands, outs, &iterators, |e, args| {
        let xs: Vec<_> = args[..n].iter().zip(&elem_in).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let accs: Vec<_> = args[n..].iter().zip(&elem_acc).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let yielded = region::lower_block(e, body, accs.into_iter().chain(xs).collect())?;
        Ok(yielded.iter().map(|v| scalar::store(e, v)).collect())
    })
}

//! `reduce` → a `linalg.generic` with reduction iterators over the reduced dimensions; the
//! inits are the init values broadcast to the result shape, the body is the region's scalar
//! code with arguments reordered from linalg's (elements, accumulators) to xhlo's
//! (accumulators, elements).

use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::Operand;
use crate::ops::data_movement::i64s;
use crate::region;
use crate::scalar;
use xhlo_stablehlo::ast::Op;

pub const LOWERINGS: &[(&str, LowerFn)] = &[("reduce", reduce)];

fn reduce(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let n = op.operands.len() / 2;
    let dims = i64s(op, "dimensions")?;
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    let rank = ctx.tensor_operand(op, 0)?.1.rank();
    // Loops: kept dimensions first (in order), then the reduced ones.
    let kept: Vec<usize> = (0..rank).filter(|d| !dims.contains(&(*d as i64))).collect();
    let reduced: Vec<usize> = (0..rank).filter(|d| dims.contains(&(*d as i64))).collect();
    let order: Vec<usize> = kept.iter().chain(&reduced).copied().collect();
    let mut input_map = vec![String::new(); rank];
    for (loop_index, &d) in order.iter().enumerate() {
        input_map[d] = format!("d{loop_index}");
    }
    let out_map: Vec<String> = (0..kept.len()).map(|i| format!("d{i}")).collect();
    for i in 0..n {
        let (x, xt) = ctx.tensor_operand(op, i)?;
        inputs.push(Operand { value: x, ty: xt, map: input_map.join(", ") });
        let (init, it) = ctx.tensor_operand(op, n + i)?;
        let out = xtensor(&op.result_types[i])?;
        let s = ctx.e.extract_scalar(&init, &it);
        let filled = ctx.e.fill(&out, &s);
        inits.push(Operand { value: filled, ty: out, map: out_map.join(", ") });
    }
    let iterators: Vec<&str> = (0..rank).map(|i| if i < kept.len() { "parallel" } else { "reduction" }).collect();
    let body = op.regions.first().and_then(|r| r.blocks.first()).ok_or("reduce without a body")?;
    let elem_in: Vec<_> = inputs.iter().map(|o| o.ty.element).collect();
    let elem_acc: Vec<_> = inits.iter().map(|o| o.ty.element).collect();
    ctx.e.generic_multi(&inputs, inits, &iterators, |e, args| {
        let xs: Vec<_> = args[..n].iter().zip(&elem_in).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let accs: Vec<_> = args[n..].iter().zip(&elem_acc).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let yielded = region::lower_block(e, body, accs.into_iter().chain(xs).collect())?;
        Ok(yielded.iter().map(|v| scalar::store(e, v)).collect())
    })
}

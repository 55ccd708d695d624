//! Element-wise ops → one `linalg.generic` over the result shape whose body is the op's
//! scalar semantics ([`crate::scalar`]). A scalar `select` predicate or `clamp` bound is read
//! through a constant indexing map.

use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::{dims, Operand};
use crate::region;
use crate::scalar;
use xhlo_stablehlo::ast::Op;

/// Element-wise ops have no table entries: every catalogue op whose fusion role is
/// [`xhlo_ir::op::FusionRole::Elementwise`] lowers through [`elementwise`] (see
/// [`super::lowering_for`]); its scalar semantics are in [`crate::scalar`].
pub const LOWERINGS: &[(&str, LowerFn)] = &[];

/// Any element-wise op: loads each operand element, applies the scalar op, stores.
pub(crate) fn elementwise(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let result = xtensor(op.result_types.first().ok_or("element-wise op without result")?)?;
    let rank = result.rank();
    let mut inputs = Vec::new();
    for i in 0..op.operands.len() {
        let (name, ty) = ctx.tensor_operand(op, i)?;
        let map = if ty.rank() == 0 && rank > 0 { String::new() } else { dims(rank) };
        inputs.push(Operand { value: name, ty, map });
    }
    let elements: Vec<_> = inputs.iter().map(|o| o.ty.element).collect();
    let init = ctx.e.empty(&result);
    let iterators = vec!["parallel"; rank];
    let out = ctx.e.generic(&inputs, Operand::identity(init, &result), &iterators, |e, args| {
        let values = args.iter().zip(&elements).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let v = region::apply(e, op, values, result.element)?;
        Ok(scalar::store(e, &v))
    })?;
    Ok(vec![out])
}

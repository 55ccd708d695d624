//! Element-wise ops → one `linalg.generic` over the result shape whose body is the op's
//! scalar semantics ([`crate::scalar`]). A scalar `select` predicate or `clamp` bound is read
//! through a constant indexing map.

use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::{dims, Operand};
use crate::region;
use crate::scalar;
use mlir_text::ast::Op;

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("abs", elementwise),
    ("negate", elementwise),
    ("sign", elementwise),
    ("ceil", elementwise),
    ("floor", elementwise),
    ("round_nearest_afz", elementwise),
    ("round_nearest_even", elementwise),
    ("exponential", elementwise),
    ("exponential_minus_one", elementwise),
    ("log", elementwise),
    ("log_plus_one", elementwise),
    ("logistic", elementwise),
    ("sqrt", elementwise),
    ("rsqrt", elementwise),
    ("cbrt", elementwise),
    ("cosine", elementwise),
    ("sine", elementwise),
    ("tan", elementwise),
    ("tanh", elementwise),
    ("erf", elementwise),
    ("is_finite", elementwise),
    ("not", elementwise),
    ("popcnt", elementwise),
    ("count_leading_zeros", elementwise),
    ("real", elementwise),
    ("imag", elementwise),
    ("add", elementwise),
    ("subtract", elementwise),
    ("multiply", elementwise),
    ("divide", elementwise),
    ("remainder", elementwise),
    ("power", elementwise),
    ("maximum", elementwise),
    ("minimum", elementwise),
    ("atan2", elementwise),
    ("and", elementwise),
    ("or", elementwise),
    ("xor", elementwise),
    ("shift_left", elementwise),
    ("shift_right_arithmetic", elementwise),
    ("shift_right_logical", elementwise),
    ("complex", elementwise),
    ("compare", elementwise),
    ("select", elementwise),
    ("clamp", elementwise),
    ("convert", elementwise),
];

/// Any element-wise op: loads each operand element, applies the scalar op, stores.
fn elementwise(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
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

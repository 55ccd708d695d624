//! Conversions: `convert` to the operand's own type is the operand; a conversion through a
//! type that holds every value of the source exactly (f16/bf16 → f32 → f64, an integer to a
//! wider integer that keeps its sign, a predicate to anything) is a direct conversion,
//! because every conversion depends only on the value converted.

use super::{declared, element_of, tensor_of, var, XRewrite};
use crate::eqsat::analysis::XEGraph;
use egg::{rewrite, Id, Subst};
use xhlo_ir::ElementType;

/// True when every value of `from` is exactly a value of `to`.
pub fn lossless(from: ElementType, to: ElementType) -> bool {
    use ElementType::*;
    if from == to || from.is_pred() {
        return true;
    }
    let (wf, wt) = (from.bit_width(), to.bit_width());
    match (from, to) {
        (F16 | BF16, F32 | F64) | (F32, F64) => true,
        _ if from.is_signed_int() && to.is_signed_int() => wt >= wf,
        _ if from.is_unsigned_int() && to.is_unsigned_int() => wt >= wf,
        _ if from.is_unsigned_int() && to.is_signed_int() => wt > wf,
        // Integers that fit the float's significand.
        _ if from.is_int() && matches!(to, F32) => wf < 24,
        _ if from.is_int() && matches!(to, F64) => wf < 53,
        _ => false,
    }
}

pub fn rules() -> Vec<XRewrite> {
    let (t, x, mid) = (var("?t"), var("?x"), var("?t1"));
    vec![
        rewrite!("convert-same-type"; "(convert ?t ?x)" => "?x" if move |eg: &mut XEGraph, _: Id, s: &Subst| {
            declared(eg, s, t).zip(tensor_of(eg, s, x)).is_some_and(|(t, x)| t == xhlo_ir::Type::Tensor(x))
        }),
        rewrite!("convert-through-lossless"; "(convert ?t (convert ?t1 ?x))" => "(convert ?t ?x)" if move |eg: &mut XEGraph, _: Id, s: &Subst| {
            let middle = declared(eg, s, mid).and_then(|t| t.as_tensor().map(|t| t.element));
            match (element_of(eg, s, x), middle) {
                (Some(from), Some(m)) => !from.is_complex() && !m.is_complex() && lossless(from, m),
                _ => false,
            }
        }),
    ]
}

#[cfg(test)]
mod tests {
    use crate::eqsat::rules::testing::run;

    #[test]
    fn a_conversion_to_the_same_type_vanishes() {
        insta::assert_snapshot!(run("(tensor<4xf32>) -> tensor<4xf32>", "  ^bb0(%x: tensor<4xf32>):
    %a = \"xhlo.convert\"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    \"func.return\"(%a) : (tensor<4xf32>) -> ()"));
    }

    #[test]
    fn a_round_trip_through_a_wider_type_vanishes_but_not_through_a_narrower_one() {
        insta::assert_snapshot!(run("(tensor<4xf32>) -> tensor<4xf32>", "  ^bb0(%x: tensor<4xf32>):
    %a = \"xhlo.convert\"(%x) : (tensor<4xf32>) -> tensor<4xf64>
    %b = \"xhlo.convert\"(%a) : (tensor<4xf64>) -> tensor<4xf32>
    \"func.return\"(%b) : (tensor<4xf32>) -> ()"));
        insta::assert_snapshot!(run("(tensor<4xf32>) -> tensor<4xf32>", "  ^bb0(%x: tensor<4xf32>):
    %a = \"xhlo.convert\"(%x) : (tensor<4xf32>) -> tensor<4xf16>
    %b = \"xhlo.convert\"(%a) : (tensor<4xf16>) -> tensor<4xf32>
    \"func.return\"(%b) : (tensor<4xf32>) -> ()"));
    }

    #[test]
    fn lossless_conversions_are_exactly_the_widening_ones() {
        use super::lossless;
        use xhlo_ir::ElementType::*;
        assert!(lossless(F16, F32) && lossless(S8, S32) && lossless(U8, S16) && lossless(S16, F32) && lossless(Pred, F16));
        assert!(!lossless(F32, F16) && !lossless(S32, F32) && !lossless(U8, S8) && !lossless(S8, U32) && !lossless(F16, BF16));
    }
}

//! Reductions: `reduce` over no dimensions combines each element with the init value once,
//! so it is the operand when the init is the combiner's identity bit for bit: `-0` for float
//! addition (`+0` only under fast-math: `+0 + -0 = +0`), `0` for integer addition, `1` for
//! multiplication, `-inf`/the minimum for `maximum`, `+inf`/the maximum for `minimum`,
//! `true`/all ones for `and`, `false`/zero for `or`.

use super::{dims, var, XRewrite};
use crate::eqsat::analysis::{Combiner, XEGraph};
use crate::eqsat::language::Xhlo;
use egg::{rewrite, Id, Subst};
use xhlo_ir::literal::Scalar;
use xhlo_ir::ElementType;

fn int_range(t: ElementType) -> (i128, i128) {
    let w = t.bit_width();
    if t.is_pred() {
        (0, 1)
    } else if t.is_signed_int() {
        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
    } else {
        (0, (1i128 << w) - 1)
    }
}

/// True when `init` is the identity of `combiner` over `t`.
pub fn is_identity(combiner: Combiner, t: ElementType, init: Scalar, fast_math: bool) -> bool {
    let float = matches!(t, ElementType::F16 | ElementType::BF16 | ElementType::F32 | ElementType::F64);
    match (combiner, init) {
        (Combiner::Add, Scalar::Float(f)) if float => f.to_bits() == (-0.0f64).to_bits() || (fast_math && f == 0.0),
        (Combiner::Add, Scalar::Int(0)) => t.is_int(),
        (Combiner::Multiply, Scalar::Float(f)) if float => f == 1.0,
        (Combiner::Multiply, Scalar::Int(1)) => t.is_int(),
        (Combiner::Maximum, Scalar::Float(f)) if float => f == f64::NEG_INFINITY,
        (Combiner::Maximum, Scalar::Int(i)) => t.is_int_or_pred() && i == int_range(t).0,
        (Combiner::Minimum, Scalar::Float(f)) if float => f == f64::INFINITY,
        (Combiner::Minimum, Scalar::Int(i)) => t.is_int_or_pred() && i == int_range(t).1,
        (Combiner::And, Scalar::Int(i)) => (t.is_pred() && i == 1) || (t.is_signed_int() && i == -1) || (t.is_unsigned_int() && i == int_range(t).1),
        (Combiner::Or, Scalar::Int(0)) => t.is_int_or_pred(),
        _ => false,
    }
}

pub fn rules(fast_math: bool) -> Vec<XRewrite> {
    let (d, b, init) = (var("?d"), var("?b"), var("?init"));
    vec![rewrite!("reduce-no-dimensions"; "(reduce ?d ?b ?x ?init)" => "?x" if move |eg: &mut XEGraph, _: Id, s: &Subst| {
        if !dims(eg, s, d).is_some_and(|d| d.is_empty()) {
            return false;
        }
        let combiner = match &eg[s[b]].nodes[0] {
            Xhlo::Body(id) => eg.analysis.bodies.get(id.0 as usize).map(|b| b.combiner),
            _ => None,
        };
        let data = &eg[s[init]].data;
        match (combiner, data.splat, data.tensor()) {
            (Some(c), Some(v), Some(t)) => is_identity(c, t.element, v, fast_math),
            _ => false,
        }
    })]
}

#[cfg(test)]
mod tests {
    use crate::eqsat::pass::EqsatOptions;
    use crate::eqsat::rules::testing::{run, run_with};

    fn body(init: &str) -> String {
        format!("  ^bb0(%x: tensor<4xf32>):
    %i = \"xhlo.constant\"() {{value = dense<{init}> : tensor<f32>}} : () -> tensor<f32>
    %r = \"xhlo.reduce\"(%x, %i) ({{
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = \"xhlo.add\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      \"gpu.yield\"(%s) : (tensor<f32>) -> ()
    }}) {{dimensions = array<i64>}} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    \"func.return\"(%r) : (tensor<4xf32>) -> ()")
    }

    #[test]
    fn a_sum_over_no_dimensions_with_negative_zero_init_is_the_operand() {
        insta::assert_snapshot!(run("(tensor<4xf32>) -> tensor<4xf32>", &body("-0.0")));
    }

    #[test]
    fn a_sum_over_no_dimensions_with_positive_zero_init_needs_fast_math() {
        insta::assert_snapshot!(run("(tensor<4xf32>) -> tensor<4xf32>", &body("0.0")));
        let fast = EqsatOptions { fast_math: true, ..Default::default() };
        insta::assert_snapshot!(run_with("(tensor<4xf32>) -> tensor<4xf32>", &body("0.0"), &fast));
    }
}

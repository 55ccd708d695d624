//! Algebraic identities. Each holds bit for bit: `x*1`, `x/1` and `x+(-0)` are exact in
//! IEEE arithmetic (NaN stays NaN, `-0*1 = -0`), `x-(+0) = x+(-0)`; `x+(+0)` is not
//! (`-0+0 = +0`), so for floats only `-0` is an additive identity. Complex numbers are left
//! alone (`(inf+0i)*(1+0i)` has a NaN imaginary part).

use super::{is_int_zero, is_neg_zero, is_one, is_pos_zero, splat_is, XRewrite};
use egg::rewrite;
use xhlo_ir::literal::Scalar;
use xhlo_ir::ElementType;

fn is_true(t: ElementType, s: Scalar) -> bool {
    t.is_pred() && s == Scalar::Int(1)
}

fn is_false(t: ElementType, s: Scalar) -> bool {
    t.is_pred() && s == Scalar::Int(0)
}

fn is_additive_identity(t: ElementType, s: Scalar) -> bool {
    is_int_zero(t, s) || is_neg_zero(t, s)
}

fn is_subtractive_identity(t: ElementType, s: Scalar) -> bool {
    is_int_zero(t, s) || is_pos_zero(t, s)
}

pub fn rules() -> Vec<XRewrite> {
    vec![
        rewrite!("multiply-by-one"; "(multiply ?x ?c)" => "?x" if splat_is("?c", is_one)),
        rewrite!("one-times"; "(multiply ?c ?x)" => "?x" if splat_is("?c", is_one)),
        rewrite!("divide-by-one"; "(divide ?x ?c)" => "?x" if splat_is("?c", is_one)),
        rewrite!("add-zero"; "(add ?x ?c)" => "?x" if splat_is("?c", is_additive_identity)),
        rewrite!("zero-plus"; "(add ?c ?x)" => "?x" if splat_is("?c", is_additive_identity)),
        rewrite!("subtract-zero"; "(subtract ?x ?c)" => "?x" if splat_is("?c", is_subtractive_identity)),
        rewrite!("negate-negate"; "(negate (negate ?x))" => "?x"),
        rewrite!("not-not"; "(not (not ?x))" => "?x"),
        rewrite!("select-true"; "(select ?p ?a ?b)" => "?a" if splat_is("?p", is_true)),
        rewrite!("select-false"; "(select ?p ?a ?b)" => "?b" if splat_is("?p", is_false)),
        rewrite!("select-same"; "(select ?p ?a ?a)" => "?a"),
        rewrite!("and-self"; "(and ?x ?x)" => "?x"),
        rewrite!("or-self"; "(or ?x ?x)" => "?x"),
        rewrite!("maximum-self"; "(maximum ?x ?x)" => "?x"),
        rewrite!("minimum-self"; "(minimum ?x ?x)" => "?x"),
    ]
}

#[cfg(test)]
mod tests {
    use crate::eqsat::rules::testing::run;

    const F: &str = "(tensor<4xf32>) -> tensor<4xf32>";
    const I: &str = "(tensor<4xi32>) -> tensor<4xi32>";

    fn with_splat(ty: &str, value: &str, op: &str, lhs_first: bool) -> String {
        let operands = if lhs_first { "%x, %c" } else { "%c, %x" };
        format!(
            "  ^bb0(%x: tensor<4x{ty}>):
    %s = \"xhlo.constant\"() {{value = dense<{value}> : tensor<{ty}>}} : () -> tensor<{ty}>
    %c = \"xhlo.broadcast_in_dim\"(%s) {{broadcast_dimensions = array<i64>}} : (tensor<{ty}>) -> tensor<4x{ty}>
    %r = \"xhlo.{op}\"({operands}) : (tensor<4x{ty}>, tensor<4x{ty}>) -> tensor<4x{ty}>
    \"func.return\"(%r) : (tensor<4x{ty}>) -> ()"
        )
    }

    #[test]
    fn multiply_by_a_broadcast_one_is_the_operand_for_floats_and_ints() {
        insta::assert_snapshot!(run(F, &with_splat("f32", "1.0", "multiply", true)));
        insta::assert_snapshot!(run(I, &with_splat("i32", "1", "multiply", false)));
    }

    #[test]
    fn divide_by_one_is_the_operand() {
        insta::assert_snapshot!(run(F, &with_splat("f32", "1.0", "divide", true)));
    }

    #[test]
    fn adding_zero_is_removed_for_ints_and_negative_zero_only_for_floats() {
        insta::assert_snapshot!(run(I, &with_splat("i32", "0", "add", true)));
        insta::assert_snapshot!(run(F, &with_splat("f32", "-0.0", "add", false)));
        // x + (+0) is not x when x = -0: kept.
        insta::assert_snapshot!(run(F, &with_splat("f32", "0.0", "add", true)));
    }

    #[test]
    fn subtracting_positive_zero_is_the_operand() {
        insta::assert_snapshot!(run(F, &with_splat("f32", "0.0", "subtract", true)));
        // x - (-0) is x + 0: kept.
        insta::assert_snapshot!(run(F, &with_splat("f32", "-0.0", "subtract", true)));
    }

    #[test]
    fn double_negation_and_double_not_cancel() {
        insta::assert_snapshot!(run(F, "  ^bb0(%x: tensor<4xf32>):
    %a = \"xhlo.negate\"(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %b = \"xhlo.negate\"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    \"func.return\"(%b) : (tensor<4xf32>) -> ()"));
        insta::assert_snapshot!(run(I, "  ^bb0(%x: tensor<4xi32>):
    %a = \"xhlo.not\"(%x) : (tensor<4xi32>) -> tensor<4xi32>
    %b = \"xhlo.not\"(%a) : (tensor<4xi32>) -> tensor<4xi32>
    \"func.return\"(%b) : (tensor<4xi32>) -> ()"));
    }

    #[test]
    fn select_on_a_constant_predicate_picks_a_side() {
        let body = |p: &str| {
            format!("  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    %p = \"xhlo.constant\"() {{value = dense<{p}> : tensor<i1>}} : () -> tensor<i1>
    %r = \"xhlo.select\"(%p, %x, %y) : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    \"func.return\"(%r) : (tensor<4xf32>) -> ()")
        };
        let sig = "(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>";
        insta::assert_snapshot!(run(sig, &body("true")));
        insta::assert_snapshot!(run(sig, &body("false")));
    }

    #[test]
    fn select_between_equal_values_and_idempotent_ops_simplify() {
        insta::assert_snapshot!(run("(tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>", "  ^bb0(%p: tensor<4xi1>, %x: tensor<4xf32>):
    %r = \"xhlo.select\"(%p, %x, %x) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    \"func.return\"(%r) : (tensor<4xf32>) -> ()"));
        insta::assert_snapshot!(run(F, "  ^bb0(%x: tensor<4xf32>):
    %a = \"xhlo.maximum\"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %b = \"xhlo.minimum\"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    \"func.return\"(%b) : (tensor<4xf32>) -> ()"));
        insta::assert_snapshot!(run(I, "  ^bb0(%x: tensor<4xi32>):
    %a = \"xhlo.and\"(%x, %x) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %b = \"xhlo.or\"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    \"func.return\"(%b) : (tensor<4xi32>) -> ()"));
    }
}

//! Transpose, reshape and broadcast algebra.
//!
//! - `transpose(p2, transpose(p1, x)) → transpose(p1∘p2, x)` (result dim `i` is `x`'s dim
//!   `p1[p2[i]]`), and an identity transpose is `x`.
//! - `reshape(t, x) → x` when `x` already has type `t`; `reshape(t2, reshape(t1, x)) →
//!   reshape(t2, x)` (row-major order is kept by both).
//! - `broadcast_in_dim(t2, d2, broadcast_in_dim(t1, d1, x)) → broadcast_in_dim(t2, d2∘d1,
//!   x)` (`x`'s dim `i` lands in dim `d2[d1[i]]`), and a broadcast with identity dimensions
//!   to `x`'s own type is `x`.
//!
//! Exploration (phase 2): transposes move through element-wise ops (`op(transpose(p, a),
//! transpose(p, b)) → transpose(p, op(a, b))` saves a transpose; unary ops commute both ways).

use super::{declared, dims, tensor_of, var, XRewrite};
use crate::eqsat::analysis::XEGraph;
use crate::eqsat::language::{Dims, Xhlo};
use egg::{rewrite, Applier, Id, PatternAst, Subst, Symbol, Var};

/// `transpose(p2, transpose(p1, x))` → one transpose.
struct ComposeTransposes {
    outer: Var,
    inner: Var,
    x: Var,
}

impl Applier<Xhlo, crate::eqsat::analysis::XhloAnalysis> for ComposeTransposes {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let (Some(p2), Some(p1)) = (dims(egraph, subst, self.outer), dims(egraph, subst, self.inner)) else { return vec![] };
        if p1.len() != p2.len() || p2.iter().any(|&i| i < 0 || i as usize >= p1.len()) {
            return vec![];
        }
        let composed: Vec<i64> = p2.iter().map(|&i| p1[i as usize]).collect();
        let d = egraph.add(Xhlo::Dims(Dims(composed)));
        let t = egraph.add(Xhlo::Transpose([d, subst[self.x]]));
        if egraph.union(eclass, t) { vec![eclass] } else { vec![] }
    }
}

/// `broadcast_in_dim(t2, d2, broadcast_in_dim(t1, d1, x))` → one broadcast.
struct ComposeBroadcasts {
    ty: Var,
    outer: Var,
    inner: Var,
    x: Var,
}

impl Applier<Xhlo, crate::eqsat::analysis::XhloAnalysis> for ComposeBroadcasts {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let (Some(d2), Some(d1)) = (dims(egraph, subst, self.outer), dims(egraph, subst, self.inner)) else { return vec![] };
        if d1.iter().any(|&i| i < 0 || i as usize >= d2.len()) {
            return vec![];
        }
        let composed: Vec<i64> = d1.iter().map(|&i| d2[i as usize]).collect();
        let d = egraph.add(Xhlo::Dims(Dims(composed)));
        let b = egraph.add(Xhlo::BroadcastInDim([subst[self.ty], d, subst[self.x]]));
        if egraph.union(eclass, b) { vec![eclass] } else { vec![] }
    }
}

fn is_identity(d: &[i64]) -> bool {
    d.iter().enumerate().all(|(i, &x)| x == i as i64)
}

pub fn rules() -> Vec<XRewrite> {
    let (p, x, t, d) = (var("?p"), var("?x"), var("?t"), var("?d"));
    vec![
        rewrite!("transpose-transpose"; "(transpose ?p2 (transpose ?p1 ?x))" => { ComposeTransposes { outer: var("?p2"), inner: var("?p1"), x: var("?x") } }),
        rewrite!("transpose-identity"; "(transpose ?p ?x)" => "?x" if move |eg: &mut XEGraph, _: Id, s: &Subst| dims(eg, s, p).is_some_and(|p| is_identity(&p))),
        rewrite!("reshape-same-type"; "(reshape ?t ?x)" => "?x" if move |eg: &mut XEGraph, _: Id, s: &Subst| {
            declared(eg, s, t).zip(tensor_of(eg, s, x)).is_some_and(|(t, x)| t == xhlo_ir::Type::Tensor(x))
        }),
        rewrite!("reshape-reshape"; "(reshape ?t2 (reshape ?t1 ?x))" => "(reshape ?t2 ?x)"),
        rewrite!("broadcast-broadcast"; "(broadcast_in_dim ?t2 ?d2 (broadcast_in_dim ?t1 ?d1 ?x))" => { ComposeBroadcasts { ty: var("?t2"), outer: var("?d2"), inner: var("?d1"), x: var("?x") } }),
        rewrite!("broadcast-identity"; "(broadcast_in_dim ?t ?d ?x)" => "?x" if move |eg: &mut XEGraph, _: Id, s: &Subst| {
            dims(eg, s, d).is_some_and(|d| is_identity(&d))
                && declared(eg, s, t).zip(tensor_of(eg, s, x)).is_some_and(|(t, x)| t == xhlo_ir::Type::Tensor(x))
        }),
    ]
}

/// Phase 2: transposes through element-wise ops.
pub fn exploration() -> Vec<XRewrite> {
    let mut rules = Vec::new();
    for op in ["add", "subtract", "multiply", "divide", "maximum", "minimum", "and", "or", "xor", "power", "atan2", "remainder"] {
        let lhs: egg::Pattern<Xhlo> = format!("({op} (transpose ?p ?a) (transpose ?p ?b))").parse().expect("pattern");
        let rhs: egg::Pattern<Xhlo> = format!("(transpose ?p ({op} ?a ?b))").parse().expect("pattern");
        rules.push(egg::Rewrite::new(format!("{op}-of-transposes"), lhs, rhs).expect("rule"));
    }
    for op in ["negate", "abs", "exponential", "log", "tanh", "sqrt", "rsqrt", "logistic", "not"] {
        let lhs: egg::Pattern<Xhlo> = format!("({op} (transpose ?p ?a))").parse().expect("pattern");
        let rhs: egg::Pattern<Xhlo> = format!("(transpose ?p ({op} ?a))").parse().expect("pattern");
        rules.push(egg::Rewrite::new(format!("{op}-of-transpose"), lhs.clone(), rhs.clone()).expect("rule"));
        rules.push(egg::Rewrite::new(format!("transpose-of-{op}"), rhs, lhs).expect("rule"));
    }
    rules
}

#[cfg(test)]
mod tests {
    use crate::eqsat::rules::testing::run;

    #[test]
    fn two_transposes_compose_into_one() {
        insta::assert_snapshot!(run("(tensor<2x3x4xf32>) -> tensor<3x4x2xf32>", "  ^bb0(%x: tensor<2x3x4xf32>):
    %a = \"xhlo.transpose\"(%x) {permutation = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %b = \"xhlo.transpose\"(%a) {permutation = array<i64: 2, 0, 1>} : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
    \"func.return\"(%b) : (tensor<3x4x2xf32>) -> ()"));
    }

    #[test]
    fn inverse_transposes_and_identity_transposes_vanish() {
        insta::assert_snapshot!(run("(tensor<2x3xf32>) -> tensor<2x3xf32>", "  ^bb0(%x: tensor<2x3xf32>):
    %a = \"xhlo.transpose\"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %b = \"xhlo.transpose\"(%a) {permutation = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
    \"func.return\"(%b) : (tensor<2x3xf32>) -> ()"));
    }

    #[test]
    fn reshapes_compose_and_a_reshape_to_the_same_type_vanishes() {
        insta::assert_snapshot!(run("(tensor<2x3xf32>) -> tensor<3x2xf32>", "  ^bb0(%x: tensor<2x3xf32>):
    %a = \"xhlo.reshape\"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
    %b = \"xhlo.reshape\"(%a) : (tensor<6xf32>) -> tensor<3x2xf32>
    \"func.return\"(%b) : (tensor<3x2xf32>) -> ()"));
        insta::assert_snapshot!(run("(tensor<2x3xf32>) -> tensor<2x3xf32>", "  ^bb0(%x: tensor<2x3xf32>):
    %a = \"xhlo.reshape\"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
    %b = \"xhlo.reshape\"(%a) : (tensor<6xf32>) -> tensor<2x3xf32>
    \"func.return\"(%b) : (tensor<2x3xf32>) -> ()"));
    }

    #[test]
    fn broadcasts_compose_and_an_identity_broadcast_vanishes() {
        // The layernorm pattern: [1024] → [1, 1024] → [4, 1024].
        insta::assert_snapshot!(run("(tensor<3xf32>) -> tensor<4x3xf32>", "  ^bb0(%x: tensor<3xf32>):
    %a = \"xhlo.broadcast_in_dim\"(%x) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<1x3xf32>
    %b = \"xhlo.broadcast_in_dim\"(%a) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xf32>) -> tensor<4x3xf32>
    \"func.return\"(%b) : (tensor<4x3xf32>) -> ()"));
        insta::assert_snapshot!(run("(tensor<2x3xf32>) -> tensor<2x3xf32>", "  ^bb0(%x: tensor<2x3xf32>):
    %a = \"xhlo.broadcast_in_dim\"(%x) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    \"func.return\"(%a) : (tensor<2x3xf32>) -> ()"));
    }

    #[test]
    fn an_element_wise_op_of_two_equal_transposes_becomes_one_transpose() {
        insta::assert_snapshot!(run("(tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<3x2xf32>", "  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>):
    %a = \"xhlo.transpose\"(%x) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %b = \"xhlo.transpose\"(%y) {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %c = \"xhlo.add\"(%a, %b) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    \"func.return\"(%c) : (tensor<3x2xf32>) -> ()"));
    }
}

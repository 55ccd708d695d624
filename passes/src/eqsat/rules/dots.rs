//! `dot_general` algebra. `dot_general` is a generic `op` node, `(op dot_general attrs type lhs
//! rhs)`, whose dimension numbers are in its attribute set ([`super::op_nodes`]).
//!
//! The result dimensions are the batch dimensions (in the order of the batching lists), then
//! the lhs free dimensions, then the rhs free dimensions (each in increasing order). Each
//! result element is `+0 + a·b + a·b + ...` over the contracting dimensions, in the order of
//! the contracting lists (lexicographic, as the lowering's loop nest runs them). Every rule
//! here keeps those lists' order, so each element is the same sum of the same products in the
//! same order, bit for bit.
//!
//! - `dot-transpose-lhs`, `dot-transpose-rhs`: `dot_general(transpose(p, x), y)` →
//!   `dot_general(x, y)` with each batching/contracting dimension `i` of the operand renamed
//!   `p[i]`, when `p` keeps the operand's free dimensions in increasing order (the result's
//!   layout is then unchanged; otherwise the transpose stays).
//! - `transpose-of-dot`: a transpose of the result that permutes the batch dimensions and
//!   keeps the free groups → the batching lists permuted; one that also swaps the lhs-free and
//!   rhs-free groups (each kept in order) → `dot_general(y, x)` with the lists and the
//!   `precision_config` pair swapped (`y·x = x·y` for real numbers and integers, bit for bit
//!   apart from which NaN comes out; complex dots are left alone).
//! - `dot-zero-int`: a dot with an integer operand that is all zeros and an integer result is
//!   zero. For floats it is not (`inf·0` and `NaN·0` are NaN), so `dot-zero-float` is fast-math
//!   only.
//!
//! Moving a multiplication by a constant through the dot (`dot(c·x, y) → c·dot(x, y)`) changes
//! the rounding of every product and is not a rule.

use super::op_nodes::{add_op, attr_set, dense_array, i64s, op_nodes, parsed, ty_leaf};
use super::{dims, var, XRewrite};
use crate::eqsat::analysis::{XEGraph, XhloAnalysis};
use crate::eqsat::language::{LitKey, Xhlo};
use egg::{Applier, Id, Pattern, PatternAst, Rewrite, Subst, Symbol, Var};
use xhlo_ir::attrs::Attrs;
use xhlo_ir::literal::{Literal, Scalar};
use xhlo_ir::TensorType;
use mlir_text::ast::Attribute;

/// The dimension numbers of a `dot_general`.
#[derive(Clone, Debug, PartialEq)]
pub struct DotDims {
    pub lb: Vec<i64>,
    pub rb: Vec<i64>,
    pub lc: Vec<i64>,
    pub rc: Vec<i64>,
}

pub fn dot_dims(attrs: &Attrs) -> Option<DotDims> {
    let opt = |name: &str| match attrs.get(name) {
        None => Some(vec![]),
        Some(_) => i64s(attrs, name),
    };
    Some(DotDims { lb: opt("lhs_batching_dimensions")?, rb: opt("rhs_batching_dimensions")?, lc: i64s(attrs, "lhs_contracting_dimensions")?, rc: i64s(attrs, "rhs_contracting_dimensions")? })
}

/// The free dimensions of an operand of rank `rank`, in increasing order.
pub fn free_dims(rank: usize, batch: &[i64], contract: &[i64]) -> Vec<i64> {
    (0..rank as i64).filter(|d| !batch.contains(d) && !contract.contains(d)).collect()
}

fn is_permutation(p: &[i64]) -> bool {
    let mut seen = vec![false; p.len()];
    p.iter().all(|&i| usize::try_from(i).ok().filter(|&i| i < p.len()).is_some_and(|i| !std::mem::replace(&mut seen[i], true)))
}

fn tensor(egraph: &XEGraph, id: Id) -> Option<TensorType> {
    egraph[id].data.tensor().cloned()
}

/// `dot_general(transpose(p, x), y)` (or the rhs) → `dot_general(x, y)` with renamed dimensions.
struct FoldTranspose {
    lhs: bool,
}

impl Applier<Xhlo, XhloAnalysis> for FoldTranspose {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let (a, p, x, y, t) = (var("?a"), var("?p"), var("?x"), var("?y"), var("?t"));
        let Some(set) = attr_set(egraph, subst[a]) else { return vec![] };
        let (Some(d), Some(p)) = (parsed(egraph, set).and_then(dot_dims), dims(egraph, subst, p)) else { return vec![] };
        if !is_permutation(&p) {
            return vec![];
        }
        let (batch, contract) = if self.lhs { (&d.lb, &d.lc) } else { (&d.rb, &d.rc) };
        if batch.iter().chain(contract).any(|&i| i < 0 || i as usize >= p.len()) {
            return vec![];
        }
        let free: Vec<i64> = free_dims(p.len(), batch, contract).iter().map(|&i| p[i as usize]).collect();
        if free.windows(2).any(|w| w[0] >= w[1]) {
            return vec![];
        }
        let rename = |l: &[i64]| -> Vec<i64> { l.iter().map(|&i| p[i as usize]).collect() };
        let side = if self.lhs { "lhs" } else { "rhs" };
        let mut changes = vec![(format!("{side}_contracting_dimensions"), Some(dense_array(&rename(contract))))];
        if !batch.is_empty() {
            changes.push((format!("{side}_batching_dimensions"), Some(dense_array(&rename(batch)))));
        }
        let changes: Vec<(&str, Option<Attribute>)> = changes.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
        let Some(new_set) = super::op_nodes::with_attrs(egraph, set, &changes) else { return vec![] };
        let operands = if self.lhs { [subst[x], subst[y]] } else { [subst[y], subst[x]] };
        let new = add_op(egraph, "dot_general", new_set, subst[t], &operands);
        if egraph.union(eclass, new) { vec![eclass] } else { vec![] }
    }
}

/// `transpose(p, dot_general(x, y))` → a `dot_general` with permuted batch dimensions, and
/// swapped operands when `p` swaps the free groups.
struct TransposeOfDot;

impl Applier<Xhlo, XhloAnalysis> for TransposeOfDot {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let Some(p) = dims(egraph, subst, var("?p")) else { return vec![] };
        let Some(result_ty) = egraph[eclass].data.ty.clone() else { return vec![] };
        let mut ids = Vec::new();
        for dot in op_nodes(egraph, subst[var("?dot")], "dot_general") {
            let [x, y] = dot.operands[..] else { continue };
            let (Some(d), Some(lt), Some(rt)) = (parsed(egraph, dot.attrs).and_then(dot_dims), tensor(egraph, x), tensor(egraph, y)) else { continue };
            let nb = d.lb.len();
            let (nl, nr) = (free_dims(lt.rank(), &d.lb, &d.lc).len(), free_dims(rt.rank(), &d.rb, &d.rc).len());
            if p.len() != nb + nl + nr || !is_permutation(&p) || d.rb.len() != nb {
                continue;
            }
            let (sigma, rest) = p.split_at(nb);
            if sigma.iter().any(|&i| i as usize >= nb) {
                continue;
            }
            let range = |a: usize, b: usize| (a as i64..b as i64).collect::<Vec<_>>();
            let keep = [range(nb, nb + nl), range(nb + nl, nb + nl + nr)].concat();
            let swapped = [range(nb + nl, nb + nl + nr), range(nb, nb + nl)].concat();
            let swap = if rest == keep {
                false
            } else if rest == swapped && !lt.element.is_complex() {
                true
            } else {
                continue;
            };
            let permute = |l: &[i64]| -> Vec<i64> { sigma.iter().map(|&i| l[i as usize]).collect() };
            let (lb, rb) = (permute(&d.lb), permute(&d.rb));
            let mut changes: Vec<(&str, Option<Attribute>)> = Vec::new();
            if nb > 0 {
                changes.push(("lhs_batching_dimensions", Some(dense_array(if swap { &rb } else { &lb }))));
                changes.push(("rhs_batching_dimensions", Some(dense_array(if swap { &lb } else { &rb }))));
            }
            if swap {
                changes.push(("lhs_contracting_dimensions", Some(dense_array(&d.rc))));
                changes.push(("rhs_contracting_dimensions", Some(dense_array(&d.lc))));
                let info = &egraph.analysis.attr_sets[dot.attrs.0 as usize];
                match info.properties.iter().chain(&info.attrs).find(|(k, _)| k == "precision_config") {
                    None => {}
                    Some((_, Attribute::Array(v))) if v.len() == 2 => {
                        changes.push(("precision_config", Some(Attribute::Array(vec![v[1].clone(), v[0].clone()]))));
                    }
                    Some(_) => continue,
                }
            }
            let Some(new_set) = super::op_nodes::with_attrs(egraph, dot.attrs, &changes) else { continue };
            let ty = ty_leaf(egraph, &result_ty);
            let new = add_op(egraph, "dot_general", new_set, ty, &if swap { [y, x] } else { [x, y] });
            if egraph.union(eclass, new) {
                ids.push(eclass);
            }
        }
        ids
    }
}

/// A dot with an all-zero operand → a zero constant (integers; floats under fast-math).
struct ZeroDot {
    float: bool,
}

impl Applier<Xhlo, XhloAnalysis> for ZeroDot {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let Some(out) = egraph[eclass].data.tensor().cloned() else { return vec![] };
        let zero_operand = |v: Var| {
            let data = &egraph[subst[v]].data;
            match (data.splat, data.tensor()) {
                (Some(Scalar::Int(0)), Some(t)) => !self.float && t.element.is_int(),
                (Some(Scalar::Float(f)), Some(t)) => self.float && t.element.is_float() && f == 0.0,
                _ => false,
            }
        };
        let result_ok = if self.float { out.element.is_float() } else { out.element.is_int() };
        if !result_ok || !(zero_operand(var("?x")) || zero_operand(var("?y"))) {
            return vec![];
        }
        let zero = if self.float { Scalar::Float(0.0) } else { Scalar::Int(0) };
        let body = Literal::from_scalars(TensorType::scalar(out.element), &[zero]).to_dense_body();
        let Some(ty) = egraph[eclass].data.ty.as_ref().map(|t| t.to_string()) else { return vec![] };
        let c = egraph.add(Xhlo::Lit(LitKey { body, ty }));
        if egraph.union(eclass, c) { vec![eclass] } else { vec![] }
    }
}

fn pattern(p: &str) -> Pattern<Xhlo> {
    p.parse().expect("pattern")
}

pub fn rules(fast_math: bool) -> Vec<XRewrite> {
    let mut rules = vec![
        Rewrite::new("dot-transpose-lhs", pattern("(op dot_general ?a ?t (transpose ?p ?x) ?y)"), FoldTranspose { lhs: true }).expect("rule"),
        Rewrite::new("dot-transpose-rhs", pattern("(op dot_general ?a ?t ?y (transpose ?p ?x))"), FoldTranspose { lhs: false }).expect("rule"),
        Rewrite::new("transpose-of-dot", pattern("(transpose ?p ?dot)"), TransposeOfDot).expect("rule"),
        Rewrite::new("dot-zero-int", pattern("(op dot_general ?a ?t ?x ?y)"), ZeroDot { float: false }).expect("rule"),
    ];
    if fast_math {
        rules.push(Rewrite::new("dot-zero-float", pattern("(op dot_general ?a ?t ?x ?y)"), ZeroDot { float: true }).expect("rule"));
    }
    rules
}

#[cfg(test)]
mod tests {
    use crate::eqsat::pass::EqsatOptions;
    use crate::eqsat::rules::testing::{run, run_with};

    #[test]
    fn a_transposed_lhs_folds_into_the_contracting_dimensions() {
        // xᵀ·y with x: [K, M].
        insta::assert_snapshot!(run("(tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>", r#"  ^bb0(%x: tensor<3x2xf32>, %y: tensor<3x4xf32>):
    %t = "xhlo.transpose"(%x) {permutation = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
    %d = "xhlo.dot_general"(%t, %y) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    "func.return"(%d) : (tensor<2x4xf32>) -> ()"#));
    }

    #[test]
    fn a_transposed_rhs_folds_into_the_contracting_dimensions_keeping_precision_config() {
        // Q·Kᵀ written with an explicit transpose.
        insta::assert_snapshot!(run("(tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>", r#"  ^bb0(%q: tensor<2x3xf32>, %k: tensor<4x3xf32>):
    %t = "xhlo.transpose"(%k) {permutation = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
    %d = "xhlo.dot_general"(%q, %t) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>, precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    "func.return"(%d) : (tensor<2x4xf32>) -> ()"#));
    }

    #[test]
    fn transposes_of_both_operands_of_a_batched_dot_fold_into_its_dimension_numbers() {
        // x: [M, B, K], y: [K, B, N], both transposed to batch-major.
        insta::assert_snapshot!(run("(tensor<2x5x3xf32>, tensor<3x5x4xf32>) -> tensor<5x2x4xf32>", r#"  ^bb0(%x: tensor<2x5x3xf32>, %y: tensor<3x5x4xf32>):
    %a = "xhlo.transpose"(%x) {permutation = array<i64: 1, 0, 2>} : (tensor<2x5x3xf32>) -> tensor<5x2x3xf32>
    %b = "xhlo.transpose"(%y) {permutation = array<i64: 1, 0, 2>} : (tensor<3x5x4xf32>) -> tensor<5x3x4xf32>
    %d = "xhlo.dot_general"(%a, %b) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<5x2x3xf32>, tensor<5x3x4xf32>) -> tensor<5x2x4xf32>
    "func.return"(%d) : (tensor<5x2x4xf32>) -> ()"#));
    }

    #[test]
    fn a_transpose_that_reorders_free_dimensions_stays() {
        // The lhs free dimensions (0, 1) of the transposed operand are x's (1, 0): folding the
        // transpose would swap two result dimensions.
        insta::assert_snapshot!(run("(tensor<3x2x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>", r#"  ^bb0(%x: tensor<3x2x4xf32>, %y: tensor<4x5xf32>):
    %t = "xhlo.transpose"(%x) {permutation = array<i64: 1, 0, 2>} : (tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
    %d = "xhlo.dot_general"(%t, %y) {lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
    "func.return"(%d) : (tensor<2x3x5xf32>) -> ()"#));
    }

    #[test]
    fn a_transpose_of_a_dot_that_swaps_the_free_groups_swaps_the_operands() {
        // (x·y)ᵀ = yᵀ·xᵀ, written as a dot of y and x contracting y's dimension 0 and x's 1.
        insta::assert_snapshot!(run("(tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>", r#"  ^bb0(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>):
    %d = "xhlo.dot_general"(%x, %y) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>, precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
    %t = "xhlo.transpose"(%d) {permutation = array<i64: 1, 0>} : (tensor<2x4xf32>) -> tensor<4x2xf32>
    "func.return"(%t) : (tensor<4x2xf32>) -> ()"#));
    }

    #[test]
    fn a_transpose_of_a_dot_that_permutes_batch_dimensions_permutes_the_batching_lists() {
        insta::assert_snapshot!(run("(tensor<2x3x5x6xf32>, tensor<2x3x6x7xf32>) -> tensor<3x2x5x7xf32>", r#"  ^bb0(%x: tensor<2x3x5x6xf32>, %y: tensor<2x3x6x7xf32>):
    %d = "xhlo.dot_general"(%x, %y) {lhs_batching_dimensions = array<i64: 0, 1>, rhs_batching_dimensions = array<i64: 0, 1>, lhs_contracting_dimensions = array<i64: 3>, rhs_contracting_dimensions = array<i64: 2>} : (tensor<2x3x5x6xf32>, tensor<2x3x6x7xf32>) -> tensor<2x3x5x7xf32>
    %t = "xhlo.transpose"(%d) {permutation = array<i64: 1, 0, 2, 3>} : (tensor<2x3x5x7xf32>) -> tensor<3x2x5x7xf32>
    "func.return"(%t) : (tensor<3x2x5x7xf32>) -> ()"#));
    }

    #[test]
    fn a_transpose_of_a_dot_that_moves_a_batch_dimension_among_free_ones_stays() {
        insta::assert_snapshot!(run("(tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<3x2x5xf32>", r#"  ^bb0(%x: tensor<2x3x4xf32>, %y: tensor<2x4x5xf32>):
    %d = "xhlo.dot_general"(%x, %y) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    %t = "xhlo.transpose"(%d) {permutation = array<i64: 1, 0, 2>} : (tensor<2x3x5xf32>) -> tensor<3x2x5xf32>
    "func.return"(%t) : (tensor<3x2x5xf32>) -> ()"#));
    }

    fn dot_with_zero(ty: &str, zero: &str) -> String {
        format!(r#"  ^bb0(%x: tensor<2x3x{ty}>):
    %z = "xhlo.constant"() {{value = dense<{zero}> : tensor<{ty}>}} : () -> tensor<{ty}>
    %b = "xhlo.broadcast_in_dim"(%z) {{broadcast_dimensions = array<i64>}} : (tensor<{ty}>) -> tensor<3x4x{ty}>
    %d = "xhlo.dot_general"(%x, %b) {{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>}} : (tensor<2x3x{ty}>, tensor<3x4x{ty}>) -> tensor<2x4x{ty}>
    "func.return"(%d) : (tensor<2x4x{ty}>) -> ()"#)
    }

    #[test]
    fn a_dot_with_zeros_is_zero_for_integers_and_for_floats_only_under_fast_math() {
        insta::assert_snapshot!(run("(tensor<2x3xi32>) -> tensor<2x4xi32>", &dot_with_zero("i32", "0")));
        // inf·0 and NaN·0 are NaN: the dot stays.
        insta::assert_snapshot!(run("(tensor<2x3xf32>) -> tensor<2x4xf32>", &dot_with_zero("f32", "0.0")));
        let fast = EqsatOptions { fast_math: true, ..Default::default() };
        insta::assert_snapshot!(run_with("(tensor<2x3xf32>) -> tensor<2x4xf32>", &dot_with_zero("f32", "0.0"), &fast));
    }
}

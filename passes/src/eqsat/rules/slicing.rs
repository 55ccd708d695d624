//! Slices, concatenations and pads (`concatenate` and `pad` are generic `op` nodes, see
//! [`super::op_nodes`]). All of these move data only, so they are exact for every type.
//!
//! - `slice-full`: a slice of the full range with unit strides is the operand.
//! - `slice-slice`: a slice of a slice is one slice (start `s1 + s2*st1`, stride `st1*st2`,
//!   same elements).
//! - `slice-of-concatenate`: a slice whose elements along the concatenated dimension all come
//!   from one operand is a slice of that operand.
//! - `concatenate-one`: a concatenation of one operand is the operand.
//! - `concatenate-adjacent-slices`: two neighbouring operands that are slices of the same
//!   value with the same strides, the same elements in every other dimension, and the second
//!   starting where the first stops along the concatenated dimension, are one slice.
//! - `pad-zero`: a pad with no edge or interior padding is the operand.
//! - `pad-crop`: a pad with no interior padding and only negative (or zero) edge padding is a
//!   slice.
//! - `slice-of-pad`: a slice of a pad that picks only elements of the operand (none of the
//!   padding) is a slice of the operand (interior padding `i` divides the stride by `i + 1`).

use super::op_nodes::{add_op, i64s, int, op_nodes, operands, parsed, OpSearcher};
use super::{dims, tensor_of, var, XRewrite};
use crate::eqsat::analysis::{XEGraph, XhloAnalysis};
use crate::eqsat::language::{Dims, Xhlo};
use egg::{rewrite, Applier, Id, Pattern, PatternAst, Rewrite, Subst, Symbol, Var};

struct ComposeSlices {
    outer: [Var; 3],
    inner: [Var; 3],
    x: Var,
}

impl Applier<Xhlo, XhloAnalysis> for ComposeSlices {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let get = |v: Var| dims(egraph, subst, v);
        let (Some(s2), Some(l2), Some(st2), Some(s1), Some(_l1), Some(st1)) = (get(self.outer[0]), get(self.outer[1]), get(self.outer[2]), get(self.inner[0]), get(self.inner[1]), get(self.inner[2])) else {
            return vec![];
        };
        let rank = s1.len();
        if [&s2, &l2, &st2, &st1].iter().any(|v| v.len() != rank) || st2.iter().chain(&st1).any(|&s| s <= 0) {
            return vec![];
        }
        let mut start = Vec::new();
        let mut limit = Vec::new();
        let mut stride = Vec::new();
        for k in 0..rank {
            let n = ((l2[k] - s2[k]).max(0) + st2[k] - 1) / st2[k];
            let s = s1[k] + s2[k] * st1[k];
            let st = st1[k] * st2[k];
            start.push(s);
            limit.push(if n == 0 { s } else { s + (n - 1) * st + 1 });
            stride.push(st);
        }
        let ids = [start, limit, stride].map(|d| egraph.add(Xhlo::Dims(Dims(d))));
        let new = egraph.add(Xhlo::Slice([ids[0], ids[1], ids[2], subst[self.x]]));
        if egraph.union(eclass, new) { vec![eclass] } else { vec![] }
    }
}

pub fn rules() -> Vec<XRewrite> {
    let (s, l, st, x, a) = (var("?s"), var("?l"), var("?st"), var("?x"), var("?a"));
    vec![
        rewrite!("slice-full"; "(slice ?s ?l ?st ?x)" => "?x" if move |eg: &mut XEGraph, _: Id, sub: &Subst| {
            match (dims(eg, sub, s), dims(eg, sub, l), dims(eg, sub, st), tensor_of(eg, sub, x)) {
                (Some(s), Some(l), Some(st), Some(t)) => s.iter().all(|&v| v == 0) && l == t.dims && st.iter().all(|&v| v == 1),
                _ => false,
            }
        }),
        rewrite!("slice-slice"; "(slice ?s2 ?l2 ?st2 (slice ?s1 ?l1 ?st1 ?x))" => {
            ComposeSlices { outer: [var("?s2"), var("?l2"), var("?st2")], inner: [var("?s1"), var("?l1"), var("?st1")], x: var("?x") }
        }),
        Rewrite::new("slice-of-concatenate", pattern("(slice ?s ?l ?st ?c)"), SliceOfConcatenate).expect("rule"),
        rewrite!("concatenate-one"; "(op concatenate ?a ?t ?x)" => "?x"),
        Rewrite::new("concatenate-adjacent-slices", OpSearcher { name: "concatenate" }, MergeAdjacentSlices).expect("rule"),
        rewrite!("pad-zero"; "(op pad ?a ?t ?x ?v)" => "?x" if move |eg: &mut XEGraph, _: Id, sub: &Subst| {
            pad_amounts(eg, sub[a]).is_some_and(|(lo, hi, interior)| lo.iter().chain(&hi).chain(&interior).all(|&v| v == 0))
        }),
        Rewrite::new("pad-crop", pattern("(op pad ?a ?t ?x ?v)"), PadCrop).expect("rule"),
        Rewrite::new("slice-of-pad", pattern("(slice ?s ?l ?st (op pad ?a ?t ?x ?v))"), SliceOfPad).expect("rule"),
    ]
}

fn pattern(p: &str) -> Pattern<Xhlo> {
    p.parse().expect("pattern")
}

/// How many elements a slice takes along one dimension.
fn count(start: i64, limit: i64, stride: i64) -> i64 {
    if stride <= 0 {
        return 0;
    }
    ((limit - start).max(0) + stride - 1) / stride
}

/// Start, limit and strides of a slice node's dimension lists, when they agree in rank.
fn slice_dims(egraph: &XEGraph, node: &Xhlo) -> Option<(Vec<i64>, Vec<i64>, Vec<i64>, Id)> {
    let Xhlo::Slice([s, l, st, x]) = node else { return None };
    let get = |id: &Id| crate::eqsat::analysis::dims_of(egraph, *id).map(|d| d.0.clone());
    let (s, l, st) = (get(s)?, get(l)?, get(st)?);
    (s.len() == l.len() && s.len() == st.len() && st.iter().all(|&v| v > 0)).then_some((s, l, st, *x))
}

fn add_slice(egraph: &mut XEGraph, start: Vec<i64>, limit: Vec<i64>, strides: Vec<i64>, x: Id) -> Id {
    let ids = [start, limit, strides].map(|d| egraph.add(Xhlo::Dims(Dims(d))));
    egraph.add(Xhlo::Slice([ids[0], ids[1], ids[2], x]))
}

/// `slice(concatenate(x0, x1, ...))` → `slice(xj)` when the slice stays within `xj`.
struct SliceOfConcatenate;

impl Applier<Xhlo, XhloAnalysis> for SliceOfConcatenate {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let get = |v: &str| dims(egraph, subst, var(v));
        let (Some(s), Some(l), Some(st)) = (get("?s"), get("?l"), get("?st")) else { return vec![] };
        let mut ids = Vec::new();
        for cat in op_nodes(egraph, subst[var("?c")], "concatenate") {
            let Some(d) = parsed(egraph, cat.attrs).and_then(|a| int(a, "dimension")).and_then(|d| usize::try_from(d).ok()) else { continue };
            if d >= s.len() || s.len() != l.len() || s.len() != st.len() {
                continue;
            }
            let n = count(s[d], l[d], st[d]);
            if n == 0 {
                continue;
            }
            let last = s[d] + (n - 1) * st[d];
            let mut offset = 0;
            for &x in &cat.operands {
                let Some(size) = egraph[x].data.tensor().and_then(|t| t.dims.get(d).copied()) else { break };
                if offset <= s[d] && last < offset + size {
                    let (mut start, mut limit) = (s.clone(), l.clone());
                    start[d] = s[d] - offset;
                    limit[d] = last - offset + 1;
                    let new = add_slice(egraph, start, limit, st.clone(), x);
                    if egraph.union(eclass, new) {
                        ids.push(eclass);
                    }
                    break;
                }
                offset += size;
            }
        }
        ids
    }
}

/// A slice as start, limit, strides and operand.
type SliceParts = (Vec<i64>, Vec<i64>, Vec<i64>, Id);

/// `a` followed by `b` along dimension `d`, as one slice, when they are adjacent pieces of the
/// same value.
fn join(egraph: &XEGraph, a: &SliceParts, b: &SliceParts, d: usize) -> Option<SliceParts> {
    let ((s1, l1, st1, x1), (s2, l2, st2, x2)) = (a, b);
    if egraph.find(*x1) != egraph.find(*x2) || st1 != st2 || s1.len() != s2.len() || d >= s1.len() {
        return None;
    }
    let n1: Vec<i64> = (0..s1.len()).map(|k| count(s1[k], l1[k], st1[k])).collect();
    let n2: Vec<i64> = (0..s2.len()).map(|k| count(s2[k], l2[k], st2[k])).collect();
    let same_elsewhere = (0..s1.len()).all(|k| k == d || (s1[k] == s2[k] && n1[k] == n2[k]));
    if !same_elsewhere || n1[d] == 0 || n2[d] == 0 || s2[d] != s1[d] + n1[d] * st1[d] {
        return None;
    }
    let mut limit = l1.clone();
    limit[d] = s2[d] + (n2[d] - 1) * st1[d] + 1;
    Some((s1.clone(), limit, st1.clone(), *x1))
}

/// `concatenate(..., slice(x), slice(x), ...)`: each maximal run of adjacent slices becomes one
/// slice (all runs at once, so a long concatenation adds one node, not every partial merge).
struct MergeAdjacentSlices;

impl Applier<Xhlo, XhloAnalysis> for MergeAdjacentSlices {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let ops = operands(subst);
        let (a, t) = (subst[var("?attrs")], subst[var("?ty")]);
        let Some(set) = super::op_nodes::attr_set(egraph, a) else { return vec![] };
        let Some(d) = parsed(egraph, set).and_then(|a| int(a, "dimension")).and_then(|d| usize::try_from(d).ok()) else { return vec![] };
        let slices: Vec<Vec<SliceParts>> = ops.iter().map(|o| egraph[*o].nodes.iter().filter_map(|n| slice_dims(egraph, n)).collect()).collect();
        // Runs: (first operand, one past the last, the joined slice).
        let mut runs: Vec<(usize, usize, SliceParts)> = Vec::new();
        let mut i = 0;
        while i < ops.len() {
            let mut best: Option<(usize, SliceParts)> = None;
            for first in &slices[i] {
                let (mut end, mut joined) = (i + 1, first.clone());
                while let Some(next) = slices.get(end).and_then(|c| c.iter().find_map(|s| join(egraph, &joined, s, d))) {
                    joined = next;
                    end += 1;
                }
                if end > i + 1 && best.as_ref().is_none_or(|(e, _)| end > *e) {
                    best = Some((end, joined));
                }
            }
            match best {
                Some((end, joined)) => {
                    runs.push((i, end, joined));
                    i = end;
                }
                None => i += 1,
            }
        }
        if runs.is_empty() {
            return vec![];
        }
        let mut new_ops = Vec::new();
        let mut next = 0;
        for (first, end, (start, limit, strides, x)) in runs {
            new_ops.extend_from_slice(&ops[next..first]);
            new_ops.push(add_slice(egraph, start, limit, strides, x));
            next = end;
        }
        new_ops.extend_from_slice(&ops[next..]);
        let new = if new_ops.len() == 1 { new_ops[0] } else { add_op(egraph, "concatenate", set, t, &new_ops) };
        if egraph.union(eclass, new) { vec![eclass] } else { vec![] }
    }
}

/// The low, high and interior padding of a pad's attribute set (leaf class `a`).
fn pad_amounts(egraph: &XEGraph, a: Id) -> Option<(Vec<i64>, Vec<i64>, Vec<i64>)> {
    let attrs = parsed(egraph, super::op_nodes::attr_set(egraph, a)?)?;
    Some((i64s(attrs, "edge_padding_low")?, i64s(attrs, "edge_padding_high")?, i64s(attrs, "interior_padding")?))
}

/// `pad(x)` with edge padding `<= 0` and no interior padding → `slice(x)`.
struct PadCrop;

impl Applier<Xhlo, XhloAnalysis> for PadCrop {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let x = subst[var("?x")];
        let (Some((lo, hi, interior)), Some(t)) = (pad_amounts(egraph, subst[var("?a")]), egraph[x].data.tensor().cloned()) else { return vec![] };
        let rank = t.rank();
        if lo.len() != rank || hi.len() != rank || interior.len() != rank || interior.iter().any(|&i| i != 0) || lo.iter().chain(&hi).any(|&v| v > 0) {
            return vec![];
        }
        let start: Vec<i64> = lo.iter().map(|&v| -v).collect();
        let limit: Vec<i64> = (0..rank).map(|k| t.dims[k] + hi[k]).collect();
        if (0..rank).any(|k| limit[k] < start[k]) {
            return vec![];
        }
        let new = add_slice(egraph, start, limit, vec![1; rank], x);
        if egraph.union(eclass, new) { vec![eclass] } else { vec![] }
    }
}

/// `slice(pad(x))` → `slice(x)` when every element the slice takes is one of `x`'s.
struct SliceOfPad;

impl Applier<Xhlo, XhloAnalysis> for SliceOfPad {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, subst: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let get = |v: &str| dims(egraph, subst, var(v));
        let x = subst[var("?x")];
        let (Some(s), Some(l), Some(st)) = (get("?s"), get("?l"), get("?st")) else { return vec![] };
        let (Some((lo, _hi, interior)), Some(t)) = (pad_amounts(egraph, subst[var("?a")]), egraph[x].data.tensor().cloned()) else { return vec![] };
        let rank = t.rank();
        if [s.len(), l.len(), st.len(), lo.len(), interior.len()].iter().any(|&n| n != rank) {
            return vec![];
        }
        let (mut start, mut limit, mut strides) = (vec![], vec![], vec![]);
        for k in 0..rank {
            let n = count(s[k], l[k], st[k]);
            let q = interior[k] + 1;
            // Index `i` of the pad is element `(i - lo) / q` of `x` when `(i - lo) % q == 0`.
            let first = s[k] - lo[k];
            if n == 0 || q <= 0 || first < 0 || first % q != 0 || st[k] % q != 0 {
                return vec![];
            }
            let last = first + (n - 1) * st[k];
            if last > (t.dims[k] - 1) * q {
                return vec![];
            }
            start.push(first / q);
            limit.push(last / q + 1);
            strides.push(st[k] / q);
        }
        let new = add_slice(egraph, start, limit, strides, x);
        if egraph.union(eclass, new) { vec![eclass] } else { vec![] }
    }
}

#[cfg(test)]
mod tests {
    use crate::eqsat::rules::testing::run;

    #[test]
    fn a_slice_of_the_full_range_is_the_operand() {
        insta::assert_snapshot!(run("(tensor<2x3xf32>) -> tensor<2x3xf32>", "  ^bb0(%x: tensor<2x3xf32>):
    %a = \"xhlo.slice\"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    \"func.return\"(%a) : (tensor<2x3xf32>) -> ()"));
    }

    #[test]
    fn a_slice_of_a_slice_is_one_slice() {
        insta::assert_snapshot!(run("(tensor<10xf32>) -> tensor<2xf32>", "  ^bb0(%x: tensor<10xf32>):
    %a = \"xhlo.slice\"(%x) {start_indices = array<i64: 1>, limit_indices = array<i64: 10>, strides = array<i64: 2>} : (tensor<10xf32>) -> tensor<5xf32>
    %b = \"xhlo.slice\"(%a) {start_indices = array<i64: 1>, limit_indices = array<i64: 5>, strides = array<i64: 2>} : (tensor<5xf32>) -> tensor<2xf32>
    \"func.return\"(%b) : (tensor<2xf32>) -> ()"));
    }

    #[test]
    fn a_slice_within_one_operand_of_a_concatenation_is_a_slice_of_that_operand() {
        insta::assert_snapshot!(run("(tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x2xf32>", r#"  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x5xf32>):
    %c = "xhlo.concatenate"(%x, %y) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
    %s = "xhlo.slice"(%c) {start_indices = array<i64: 1, 4>, limit_indices = array<i64: 2, 8>, strides = array<i64: 1, 2>} : (tensor<2x8xf32>) -> tensor<1x2xf32>
    "func.return"(%s) : (tensor<1x2xf32>) -> ()"#));
    }

    #[test]
    fn a_slice_across_two_operands_of_a_concatenation_stays() {
        insta::assert_snapshot!(run("(tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x2xf32>", r#"  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x5xf32>):
    %c = "xhlo.concatenate"(%x, %y) {dimension = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
    %s = "xhlo.slice"(%c) {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 1>} : (tensor<2x8xf32>) -> tensor<2x2xf32>
    "func.return"(%s) : (tensor<2x2xf32>) -> ()"#));
    }

    #[test]
    fn a_concatenation_of_one_operand_is_the_operand() {
        insta::assert_snapshot!(run("(tensor<2x3xf32>) -> tensor<2x3xf32>", r#"  ^bb0(%x: tensor<2x3xf32>):
    %c = "xhlo.concatenate"(%x) {dimension = 0 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%c) : (tensor<2x3xf32>) -> ()"#));
    }

    #[test]
    fn adjacent_slices_of_one_value_concatenated_are_one_slice() {
        // Three pieces of rows 1..9, and a strided pair (rows 0, 2, 4 then 6, 8).
        insta::assert_snapshot!(run("(tensor<10x4xf32>) -> tensor<8x4xf32>", r#"  ^bb0(%x: tensor<10x4xf32>):
    %a = "xhlo.slice"(%x) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 4, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<3x4xf32>
    %b = "xhlo.slice"(%x) {start_indices = array<i64: 4, 0>, limit_indices = array<i64: 7, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<3x4xf32>
    %c = "xhlo.slice"(%x) {start_indices = array<i64: 7, 0>, limit_indices = array<i64: 9, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<2x4xf32>
    %r = "xhlo.concatenate"(%a, %b, %c) {dimension = 0 : i64} : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<8x4xf32>
    "func.return"(%r) : (tensor<8x4xf32>) -> ()"#));
        insta::assert_snapshot!(run("(tensor<10x4xf32>) -> tensor<5x4xf32>", r#"  ^bb0(%x: tensor<10x4xf32>):
    %a = "xhlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 5, 4>, strides = array<i64: 2, 1>} : (tensor<10x4xf32>) -> tensor<3x4xf32>
    %b = "xhlo.slice"(%x) {start_indices = array<i64: 6, 0>, limit_indices = array<i64: 10, 4>, strides = array<i64: 2, 1>} : (tensor<10x4xf32>) -> tensor<2x4xf32>
    %r = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<5x4xf32>
    "func.return"(%r) : (tensor<5x4xf32>) -> ()"#));
        // A run between other operands: concatenate(y, x[0:2], x[2:4], y) → concatenate(y, x[0:4], y).
        insta::assert_snapshot!(run("(tensor<10x4xf32>, tensor<1x4xf32>) -> tensor<6x4xf32>", r#"  ^bb0(%x: tensor<10x4xf32>, %y: tensor<1x4xf32>):
    %a = "xhlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<2x4xf32>
    %b = "xhlo.slice"(%x) {start_indices = array<i64: 2, 0>, limit_indices = array<i64: 4, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<2x4xf32>
    %r = "xhlo.concatenate"(%y, %a, %b, %y) {dimension = 0 : i64} : (tensor<1x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<6x4xf32>
    "func.return"(%r) : (tensor<6x4xf32>) -> ()"#));
    }

    #[test]
    fn slices_with_a_gap_or_different_columns_stay_concatenated() {
        // Rows 0..3 and 4..6: row 3 is missing.
        insta::assert_snapshot!(run("(tensor<10x4xf32>) -> tensor<5x4xf32>", r#"  ^bb0(%x: tensor<10x4xf32>):
    %a = "xhlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 3, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<3x4xf32>
    %b = "xhlo.slice"(%x) {start_indices = array<i64: 4, 0>, limit_indices = array<i64: 6, 4>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<2x4xf32>
    %r = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<5x4xf32>
    "func.return"(%r) : (tensor<5x4xf32>) -> ()"#));
        // Adjacent rows, but columns 0..2 and 1..3.
        insta::assert_snapshot!(run("(tensor<10x4xf32>) -> tensor<5x2xf32>", r#"  ^bb0(%x: tensor<10x4xf32>):
    %a = "xhlo.slice"(%x) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 3, 2>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<3x2xf32>
    %b = "xhlo.slice"(%x) {start_indices = array<i64: 3, 1>, limit_indices = array<i64: 5, 3>, strides = array<i64: 1, 1>} : (tensor<10x4xf32>) -> tensor<2x2xf32>
    %r = "xhlo.concatenate"(%a, %b) {dimension = 0 : i64} : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<5x2xf32>
    "func.return"(%r) : (tensor<5x2xf32>) -> ()"#));
    }

    fn pad(low: &str, high: &str, interior: &str, result: &str) -> String {
        format!(r#"  ^bb0(%x: tensor<4x5xf32>, %v: tensor<f32>):
    %p = "xhlo.pad"(%x, %v) {{edge_padding_low = array<i64: {low}>, edge_padding_high = array<i64: {high}>, interior_padding = array<i64: {interior}>}} : (tensor<4x5xf32>, tensor<f32>) -> tensor<{result}xf32>
    "func.return"(%p) : (tensor<{result}xf32>) -> ()"#)
    }

    #[test]
    fn a_pad_without_padding_is_the_operand_and_a_negative_pad_is_a_slice() {
        insta::assert_snapshot!(run("(tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>", &pad("0, 0", "0, 0", "0, 0", "4x5")));
        insta::assert_snapshot!(run("(tensor<4x5xf32>, tensor<f32>) -> tensor<3x2xf32>", &pad("-1, 0", "0, -3", "0, 0", "3x2")));
        // Growing one side while cropping the other stays a pad.
        insta::assert_snapshot!(run("(tensor<4x5xf32>, tensor<f32>) -> tensor<4x5xf32>", &pad("-1, 0", "1, 0", "0, 0", "4x5")));
    }

    fn slice_of_pad(start: &str, limit: &str, strides: &str, result: &str) -> String {
        // x: 4x5 padded with 1 row above, 2 columns left and 1 zero between columns: 6x13.
        format!(r#"  ^bb0(%x: tensor<4x5xf32>, %v: tensor<f32>):
    %p = "xhlo.pad"(%x, %v) {{edge_padding_low = array<i64: 1, 2>, edge_padding_high = array<i64: 1, 2>, interior_padding = array<i64: 0, 1>}} : (tensor<4x5xf32>, tensor<f32>) -> tensor<6x13xf32>
    %s = "xhlo.slice"(%p) {{start_indices = array<i64: {start}>, limit_indices = array<i64: {limit}>, strides = array<i64: {strides}>}} : (tensor<6x13xf32>) -> tensor<{result}xf32>
    "func.return"(%s) : (tensor<{result}xf32>) -> ()"#)
    }

    #[test]
    fn a_slice_of_a_pad_that_takes_only_operand_elements_is_a_slice_of_the_operand() {
        // Rows 1..5 are x's rows 0..4; columns 4, 6, 8 are x's columns 1, 2, 3.
        insta::assert_snapshot!(run("(tensor<4x5xf32>, tensor<f32>) -> tensor<4x3xf32>", &slice_of_pad("1, 4", "5, 9", "1, 2", "4x3")));
        // Column 5 is interior padding: the slice stays.
        insta::assert_snapshot!(run("(tensor<4x5xf32>, tensor<f32>) -> tensor<4x3xf32>", &slice_of_pad("1, 4", "5, 7", "1, 1", "4x3")));
        // Row 0 is edge padding: the slice stays.
        insta::assert_snapshot!(run("(tensor<4x5xf32>, tensor<f32>) -> tensor<2x3xf32>", &slice_of_pad("0, 4", "2, 9", "1, 2", "2x3")));
    }
}

//! Slices: a slice of the full range with unit strides is the operand; a slice of a slice
//! is one slice (start `s1 + s2*st1`, stride `st1*st2`, same elements).

use super::{dims, tensor_of, var, XRewrite};
use crate::eqsat::analysis::{XEGraph, XhloAnalysis};
use crate::eqsat::language::{Dims, Xhlo};
use egg::{rewrite, Applier, Id, PatternAst, Subst, Symbol, Var};

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
    let (s, l, st, x) = (var("?s"), var("?l"), var("?st"), var("?x"));
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
    ]
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
}

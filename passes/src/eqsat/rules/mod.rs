//! The rule catalogue, one file per topic. Rules are directional and never make the program
//! worse on their own (no blanket associativity/commutativity); float rules hold bit for bit
//! under IEEE 754 unless they are listed only under `fast_math`.
//!
//! - [`identities`]: `x*1`, `x+0` (integers; `x+(-0)` floats), `x-0`, `x/1`, double negation, `select` on
//!   constant predicates, idempotent `and`/`or`/`max`/`min`.
//! - [`shapes`]: transpose/reshape/broadcast algebra; [`shapes::exploration`] moves
//!   transposes through element-wise ops (phase 2).
//! - [`slicing`]: full slices, slices of slices, slices of concatenations and of pads that stay
//!   within one operand, concatenations of one operand or of adjacent slices, pads without
//!   padding or with only negative (cropping) edges.
//! - [`dots`]: transposes of `dot_general` operands folded into the dimension numbers (when the
//!   result layout stays), a transpose of the result that permutes batches and/or swaps the
//!   free groups (permuted lists, swapped operands), a dot with an integer zero operand;
//!   every rule keeps the order of the contracting dimensions, so the sums are bit-identical.
//!   Fast-math: a dot with a float zero operand.
//! - [`conversions`]: `convert` to the same type, conversions through a lossless type.
//! - [`reductions`]: `reduce` over no dimensions with an identity init.
//! - [`fold`]: constant folding (through the analysis).
//! - [`fusion`]: fused kernels (`fusion` e-nodes), phase 3, chosen by the extractor's cost model.
//!
//! `dot_general`, `concatenate` and `pad` stay generic `op` nodes; [`op_nodes`] has the helpers
//! their rules use to read and rewrite attribute sets.

pub mod conversions;
pub mod dots;
pub mod fold;
pub mod fusion;
pub mod identities;
pub mod op_nodes;
pub mod reductions;
pub mod shapes;
pub mod slicing;

use super::analysis::{dims_of, ty_of, XEGraph, XhloAnalysis};
use super::language::Xhlo;
use egg::{Id, Rewrite, Subst, Var};
use xhlo_ir::literal::Scalar;
use xhlo_ir::{ElementType, TensorType};

pub type XRewrite = Rewrite<Xhlo, XhloAnalysis>;

/// Phase 1: simplifications, run to saturation (within the limits).
pub fn simplification(fast_math: bool) -> Vec<XRewrite> {
    let mut rules = Vec::new();
    rules.extend(identities::rules());
    rules.extend(shapes::rules());
    rules.extend(slicing::rules());
    rules.extend(conversions::rules());
    rules.extend(reductions::rules(fast_math));
    rules.extend(dots::rules(fast_math));
    rules
}

/// Phase 2: exploration (bounded), together with the simplifications.
pub fn exploration(fast_math: bool) -> Vec<XRewrite> {
    let mut rules = simplification(fast_math);
    rules.extend(shapes::exploration());
    rules
}

pub fn var(name: &str) -> Var {
    name.parse().expect("pattern variable")
}

/// The tensor type of the class bound to `v`.
pub fn tensor_of(egraph: &XEGraph, subst: &Subst, v: Var) -> Option<TensorType> {
    egraph[subst[v]].data.tensor().cloned()
}

pub fn element_of(egraph: &XEGraph, subst: &Subst, v: Var) -> Option<ElementType> {
    tensor_of(egraph, subst, v).map(|t| t.element)
}

fn is_float(t: ElementType) -> bool {
    matches!(t, ElementType::F16 | ElementType::BF16 | ElementType::F32 | ElementType::F64)
}

/// A condition: every element of `c` is `want(element type, value)`.
pub fn splat_is(c: &str, want: fn(ElementType, Scalar) -> bool) -> impl Fn(&mut XEGraph, Id, &Subst) -> bool {
    let c = var(c);
    move |egraph, _, subst| {
        let data = &egraph[subst[c]].data;
        match (data.splat, data.tensor()) {
            (Some(s), Some(t)) => want(t.element, s),
            _ => false,
        }
    }
}

/// One (integers, predicates and floats; not complex).
pub fn is_one(t: ElementType, s: Scalar) -> bool {
    match s {
        Scalar::Int(i) => t.is_int_or_pred() && i == 1,
        Scalar::Float(f) => is_float(t) && f == 1.0,
        Scalar::Complex(..) => false,
    }
}

/// Integer zero.
pub fn is_int_zero(t: ElementType, s: Scalar) -> bool {
    t.is_int() && s == Scalar::Int(0)
}

/// Float `-0.0` (the additive identity of IEEE addition).
pub fn is_neg_zero(t: ElementType, s: Scalar) -> bool {
    matches!(s, Scalar::Float(f) if is_float(t) && f.to_bits() == (-0.0f64).to_bits())
}

/// Float `+0.0`.
pub fn is_pos_zero(t: ElementType, s: Scalar) -> bool {
    matches!(s, Scalar::Float(f) if is_float(t) && f.to_bits() == 0.0f64.to_bits())
}

pub fn dims(egraph: &XEGraph, subst: &Subst, v: Var) -> Option<Vec<i64>> {
    dims_of(egraph, subst[v]).map(|d| d.0.clone())
}

pub fn declared(egraph: &XEGraph, subst: &Subst, v: Var) -> Option<xhlo_ir::Type> {
    ty_of(egraph, subst[v])
}

/// Rewrite tests: a tiny program through the pass, printed.
#[cfg(test)]
pub mod testing {
    use crate::eqsat::pass::{optimize_text, EqsatOptions};

    /// Runs eqsat on `body` (the inside of `func.func @main(args) -> results`) and returns
    /// the function's printed body, with locations stripped.
    /// Without phase 3 (fusion), which [`super::fusion`]'s tests show.
    pub fn run(signature: &str, body: &str) -> String {
        run_with(signature, body, &EqsatOptions { fuse: false, ..EqsatOptions::default() })
    }

    pub fn run_with(signature: &str, body: &str, options: &EqsatOptions) -> String {
        let text = format!("\"builtin.module\"() ({{\n  \"func.func\"() <{{function_type = {signature}, sym_name = \"main\"}}> ({{\n{body}\n  }}) : () -> ()\n}}) : () -> ()\n");
        let (out, _stats) = optimize_text(&text, "test.mlir", options).unwrap_or_else(|e| panic!("eqsat failed: {e}\n{text}"));
        out.lines()
            .map(|l| match l.find(" loc(") {
                Some(i) => l[..i].trim().to_string(),
                None => l.trim().to_string(),
            })
            .filter(|l| !l.is_empty() && !l.contains("builtin.module") && !l.contains("func.func") && l != "}) : () -> ()")
            .collect::<Vec<_>>()
            .join("\n")
    }
}

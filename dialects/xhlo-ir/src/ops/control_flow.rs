//! Control flow and structure (seed 002 "While", "Conditional", "Call",
//! "OptimizationBarrier").
//!
//! The ops are pure: the effects of their regions are checked where the regions are. As in
//! StableHLO, the branches of `if` and `case` take no parameters (they capture the values they
//! use), and `case` keeps all its branches in ONE region `branches`, one block per branch,
//! because IRDL has no variadic regions. Loop-carried and branch values may be tensors, tokens
//! or tuples.

use crate::op::{Import, Syntax};
use super::reduction::single_block;
use super::*;
use crate::op::{attr, tensor, values, AttrKind, BlockSig, Category, OpDef, OpView};

pub const OPS: &[OpDef] = &[
    OpDef {
        results: &[values("results")],
        regions: &["cond", "body"],
        ..OpDef::new("while", Category::ControlFlow,
            "While: runs `body` while `cond` yields true; both take the loop-carried values (the \
             operands' types), `cond` yields tensor<i1>, `body` yields the next values",
            &[values("operands")], infer_while)
    }.with_syntax(Syntax::Own),
    OpDef {
        results: &[values("results")],
        regions: &["true_branch", "false_branch"],
        ..OpDef::new("if", Category::ControlFlow,
            "Conditional (predicated form): runs true_branch or false_branch by a scalar PRED; the \
             branches take no parameters and yield the same types",
            &[tensor("pred")], infer_if)
    },
    OpDef {
        results: &[values("results")],
        regions: &["branches"],
        ..OpDef::new("case", Category::ControlFlow,
            "Conditional (indexed form): runs branch `index` of the single region `branches` (one block \
             per branch, no parameters); an index out of range runs the last branch",
            &[tensor("index")], infer_case)
    }.with_import(Import::Converted("stablehlo.case")),
    OpDef {
        results: &[values("results")],
        attrs: &[attr("callee", AttrKind::Symbol)],
        ..OpDef::new("call", Category::ControlFlow,
            "Call: invokes the computation `callee` on the operands; the callee's signature is checked \
             against operands and results at the module level",
            &[values("operands")], infer_call)
    }.with_import(Import::None),
    OpDef {
        results: &[values("results")],
        ..OpDef::new("optimization_barrier", Category::ControlFlow,
            "OptimizationBarrier: returns its operands unchanged; no optimization moves computation across it",
            &[values("operands")], infer_optimization_barrier)
    }.with_syntax(Syntax::Own),
];

/// A type with every tensor layout dropped (results carry no layout).
fn without_layout(t: &Type) -> Type {
    match t {
        Type::Tensor(t) => Type::Tensor(TensorType { layout: None, ..t.clone() }),
        Type::Tuple(elems) => Type::Tuple(elems.iter().map(without_layout).collect()),
        Type::Token => Type::Token,
    }
}

fn without_layouts(ts: &[Type]) -> Vec<Type> {
    ts.iter().map(without_layout).collect()
}

/// Checks `actual` (a block's parameters or yields) against `expected`, element by element.
/// `what` is e.g. "region 'body' yields", `against` names the expected list, e.g. "the
/// loop operands".
fn check_types(actual: &[Type], expected: &[Type], what: &str, against: &str) -> Result<(), String> {
    if actual.len() != expected.len() {
        return Err(format!("{what} {} value(s) but {against} are {} value(s)", actual.len(), expected.len()));
    }
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        if !a.compatible(e) {
            return Err(format!("{what} {a} as value #{i} but value #{i} of {against} is {e}"));
        }
    }
    Ok(())
}

/// A branch block of `if` / `case`: it must take no parameters.
fn check_branch(block: &BlockSig, name: &str) -> Result<(), String> {
    if !block.args.is_empty() {
        return Err(format!(
            "{name} takes {} parameter(s) but branches take none (they use captured values)",
            block.args.len()
        ));
    }
    Ok(())
}

fn infer_while(v: &OpView) -> Result<Vec<Type>, String> {
    let carried = v.group("operands");
    let cond = single_block(v.region(0)?, "cond")?;
    check_types(&cond.args, carried, "region 'cond' takes", "the loop operands")?;
    match cond.yields.as_slice() {
        [Type::Tensor(t)] if t.rank() == 0 && t.element == ElementType::Pred => {}
        other => {
            let shown: Vec<String> = other.iter().map(|t| t.to_string()).collect();
            return Err(format!("region 'cond' must yield one tensor<i1>, yields ({})", shown.join(", ")));
        }
    }
    let body = single_block(v.region(1)?, "body")?;
    check_types(&body.args, carried, "region 'body' takes", "the loop operands")?;
    check_types(&body.yields, carried, "region 'body' yields", "the loop operands")?;
    Ok(without_layouts(carried))
}

fn infer_if(v: &OpView) -> Result<Vec<Type>, String> {
    let pred = v.tensor("pred")?;
    if pred.element != ElementType::Pred || pred.rank() != 0 {
        return Err(format!("pred must be a scalar PRED, tensor<i1>, got {pred}"));
    }
    let on_true = single_block(v.region(0)?, "true_branch")?;
    let on_false = single_block(v.region(1)?, "false_branch")?;
    check_branch(on_true, "region 'true_branch'")?;
    check_branch(on_false, "region 'false_branch'")?;
    check_types(&on_false.yields, &on_true.yields, "region 'false_branch' yields", "the values region 'true_branch' yields")?;
    Ok(without_layouts(&on_true.yields))
}

fn infer_case(v: &OpView) -> Result<Vec<Type>, String> {
    let index = v.tensor("index")?;
    if index.element != ElementType::S32 || index.rank() != 0 {
        return Err(format!("index must be a scalar S32, tensor<i32>, got {index}"));
    }
    let branches = &v.region(0)?.blocks;
    let Some(first) = branches.first() else {
        return Err("case needs at least one branch (block) in region 'branches'".into());
    };
    for (b, block) in branches.iter().enumerate() {
        check_branch(block, &format!("branch {b}"))?;
        if b > 0 {
            check_types(&block.yields, &first.yields, &format!("branch {b} yields"), "the values branch 0 yields")?;
        }
    }
    Ok(without_layouts(&first.yields))
}

fn infer_call(v: &OpView) -> Result<Vec<Type>, String> {
    match v.attr("callee") {
        Some(crate::attrs::Attr::Symbol(_)) => {}
        Some(other) => return Err(format!("attribute 'callee' must be a symbol reference, got {other}")),
        None => return Err("missing attribute 'callee'".into()),
    }
    // The callee's signature is checked against operands and results at the module level.
    Ok(without_layouts(v.declared_results()?))
}

fn infer_optimization_barrier(v: &OpView) -> Result<Vec<Type>, String> {
    Ok(without_layouts(v.group("operands")))
}

#[cfg(test)]
mod tests {
    use crate::op::{BlockSig, RegionSig};
    use crate::testing::{infer, region, types, verify};

    fn block(args: &[&str], yields: &[&str]) -> BlockSig {
        BlockSig { args: types(args), yields: types(yields) }
    }

    // ----- while --------------------------------------------------------------------------

    /// Seed 001/002 While: T is (int32 iteration count, float[10] accumulator); cond T -> PRED,
    /// body T -> T, and the loop returns T. Carried as two values, StableHLO style.
    #[test]
    fn while_seed_counter_and_accumulator() {
        let t = ["tensor<i32>", "tensor<10xf32>"];
        verify("while", &t, "{}", &[region(&t, &["tensor<i1>"]), region(&t, &t)], &t).unwrap();
    }

    /// Seed 001 While, with T carried as one tuple value as in the seed's XLA form.
    #[test]
    fn while_seed_tuple_carried_value() {
        let t = ["tuple<tensor<i32>, tensor<10xf32>>"];
        let r = infer("while", &t, "{}", &[region(&t, &["tensor<i1>"]), region(&t, &t)], &[]).unwrap();
        assert_eq!(r, t);
    }

    /// StableHLO interpreter test while.mlir: two i64 counters.
    #[test]
    fn while_stablehlo_example() {
        let t = ["tensor<i64>", "tensor<i64>"];
        verify("while", &t, "{}", &[region(&t, &["tensor<i1>"]), region(&t, &t)], &t).unwrap();
    }

    #[test]
    fn while_carries_tokens() {
        let t = ["!xhlo.token", "tensor<i32>"];
        verify("while", &t, "{}", &[region(&t, &["tensor<i1>"]), region(&t, &t)], &t).unwrap();
    }

    #[test]
    fn while_rejects_cond_yielding_non_pred() {
        let t = ["tensor<i32>"];
        let e = infer("while", &t, "{}", &[region(&t, &["tensor<i32>"]), region(&t, &t)], &[]).unwrap_err();
        assert!(e.contains("region 'cond' must yield one tensor<i1>, yields (tensor<i32>)"), "{e}");
    }

    #[test]
    fn while_rejects_cond_yielding_non_scalar_or_two_values() {
        let t = ["tensor<i32>"];
        let e = infer("while", &t, "{}", &[region(&t, &["tensor<2xi1>"]), region(&t, &t)], &[]).unwrap_err();
        assert!(e.contains("must yield one tensor<i1>"), "{e}");
        let e = infer("while", &t, "{}", &[region(&t, &["tensor<i1>", "tensor<i1>"]), region(&t, &t)], &[]).unwrap_err();
        assert!(e.contains("yields (tensor<i1>, tensor<i1>)"), "{e}");
    }

    #[test]
    fn while_rejects_cond_parameters_unlike_operands() {
        let t = ["tensor<i32>", "tensor<10xf32>"];
        let e = infer("while", &t, "{}", &[region(&["tensor<i32>"], &["tensor<i1>"]), region(&t, &t)], &[]).unwrap_err();
        assert!(e.contains("region 'cond' takes 1 value(s) but the loop operands are 2 value(s)"), "{e}");
    }

    #[test]
    fn while_rejects_body_parameters_unlike_operands() {
        let t = ["tensor<i32>", "tensor<10xf32>"];
        let e = infer("while", &t, "{}",
            &[region(&t, &["tensor<i1>"]), region(&["tensor<i32>", "tensor<10xf64>"], &t)], &[]).unwrap_err();
        assert!(e.contains("region 'body' takes tensor<10xf64> as value #1 but value #1 of the loop operands is tensor<10xf32>"), "{e}");
    }

    #[test]
    fn while_rejects_body_yielding_other_types() {
        let t = ["tensor<i32>", "tensor<10xf32>"];
        let e = infer("while", &t, "{}",
            &[region(&t, &["tensor<i1>"]), region(&t, &["tensor<i32>", "tensor<11xf32>"])], &[]).unwrap_err();
        assert!(e.contains("region 'body' yields tensor<11xf32> as value #1 but value #1 of the loop operands is tensor<10xf32>"), "{e}");
    }

    #[test]
    fn while_rejects_wrongly_declared_results() {
        let t = ["tensor<i32>"];
        let e = verify("while", &t, "{}", &[region(&t, &["tensor<i1>"]), region(&t, &t)], &["tensor<i64>"]).unwrap_err();
        assert!(e.contains("produces tensor<i32>"), "{e}");
    }

    #[test]
    fn while_rejects_multi_block_regions() {
        let t = ["tensor<i32>"];
        let two = RegionSig { blocks: vec![block(&t, &["tensor<i1>"]), block(&t, &["tensor<i1>"])] };
        let e = infer("while", &t, "{}", &[two, region(&t, &t)], &[]).unwrap_err();
        assert!(e.contains("region 'cond' must have exactly one block, has 2"), "{e}");
    }

    // ----- if -----------------------------------------------------------------------------

    /// Seed 002 Conditional (predicated form): a scalar PRED picks one of two computations
    /// with the same result type S.
    #[test]
    fn if_seed_predicated_conditional() {
        let s = ["tensor<2xi64>", "tensor<2xi64>"];
        verify("if", &["tensor<i1>"], "{}", &[region(&[], &s), region(&[], &s)], &s).unwrap();
    }

    #[test]
    fn if_results_follow_the_branches() {
        let s = ["tensor<3xf32>", "!xhlo.token"];
        assert_eq!(infer("if", &["tensor<i1>"], "{}", &[region(&[], &s), region(&[], &s)], &[]).unwrap(), s);
    }

    #[test]
    fn if_rejects_non_pred_or_non_scalar_predicate() {
        let s = ["tensor<f32>"];
        let e = infer("if", &["tensor<i32>"], "{}", &[region(&[], &s), region(&[], &s)], &[]).unwrap_err();
        assert!(e.contains("pred must be a scalar PRED, tensor<i1>, got tensor<i32>"), "{e}");
        let e = infer("if", &["tensor<2xi1>"], "{}", &[region(&[], &s), region(&[], &s)], &[]).unwrap_err();
        assert!(e.contains("got tensor<2xi1>"), "{e}");
    }

    #[test]
    fn if_rejects_branches_yielding_different_types() {
        let e = infer("if", &["tensor<i1>"], "{}", &[region(&[], &["tensor<f32>"]), region(&[], &["tensor<f64>"])], &[])
            .unwrap_err();
        assert!(e.contains("region 'false_branch' yields tensor<f64> as value #0 but value #0 of the values region 'true_branch' yields is tensor<f32>"), "{e}");
        let e = infer("if", &["tensor<i1>"], "{}", &[region(&[], &["tensor<f32>"]), region(&[], &[])], &[]).unwrap_err();
        assert!(e.contains("yields 0 value(s)"), "{e}");
    }

    #[test]
    fn if_rejects_branch_with_parameters() {
        let s = ["tensor<f32>"];
        let e = infer("if", &["tensor<i1>"], "{}", &[region(&s, &s), region(&[], &s)], &[]).unwrap_err();
        assert!(e.contains("region 'true_branch' takes 1 parameter(s) but branches take none"), "{e}");
    }

    #[test]
    fn if_rejects_wrongly_declared_results() {
        let s = ["tensor<f32>"];
        let e = verify("if", &["tensor<i1>"], "{}", &[region(&[], &s), region(&[], &s)], &["tensor<f32>", "tensor<f32>"])
            .unwrap_err();
        assert!(e.contains("produces 1 result(s) but 2 are declared"), "{e}");
    }

    // ----- case ---------------------------------------------------------------------------

    fn branches(blocks: Vec<BlockSig>) -> RegionSig {
        RegionSig { blocks }
    }

    /// Seed 002 Conditional (indexed form) and StableHLO interpreter test case.mlir: a scalar
    /// S32 index picks one of two branches yielding (2xi64, 2xi64).
    #[test]
    fn case_seed_indexed_conditional() {
        let s = ["tensor<2xi64>", "tensor<2xi64>"];
        verify("case", &["tensor<i32>"], "{}", &[branches(vec![block(&[], &s), block(&[], &s)])], &s).unwrap();
    }

    #[test]
    fn case_with_one_branch() {
        let s = ["tensor<f32>"];
        assert_eq!(infer("case", &["tensor<i32>"], "{}", &[branches(vec![block(&[], &s)])], &[]).unwrap(), s);
    }

    #[test]
    fn case_rejects_index_not_scalar_s32() {
        let s = ["tensor<f32>"];
        let e = infer("case", &["tensor<i64>"], "{}", &[branches(vec![block(&[], &s)])], &[]).unwrap_err();
        assert!(e.contains("index must be a scalar S32, tensor<i32>, got tensor<i64>"), "{e}");
        let e = infer("case", &["tensor<1xi32>"], "{}", &[branches(vec![block(&[], &s)])], &[]).unwrap_err();
        assert!(e.contains("got tensor<1xi32>"), "{e}");
    }

    #[test]
    fn case_rejects_no_branches() {
        let e = infer("case", &["tensor<i32>"], "{}", &[branches(vec![])], &[]).unwrap_err();
        assert!(e.contains("at least one branch"), "{e}");
    }

    #[test]
    fn case_rejects_branches_yielding_different_types() {
        let e = infer("case", &["tensor<i32>"], "{}",
            &[branches(vec![block(&[], &["tensor<f32>"]), block(&[], &["tensor<f32>"]), block(&[], &["tensor<2xf32>"])])], &[])
            .unwrap_err();
        assert!(e.contains("branch 2 yields tensor<2xf32> as value #0 but value #0 of the values branch 0 yields is tensor<f32>"), "{e}");
    }

    #[test]
    fn case_rejects_branch_with_parameters() {
        let s = ["tensor<f32>"];
        let e = infer("case", &["tensor<i32>"], "{}", &[branches(vec![block(&[], &s), block(&s, &s)])], &[]).unwrap_err();
        assert!(e.contains("branch 1 takes 1 parameter(s)"), "{e}");
    }

    // ----- call ---------------------------------------------------------------------------

    /// Seed 002 Call: arguments of any types, results as the callee declares (checked at
    /// module level). StableHLO interpreter test call.mlir: add_2 on one i64.
    #[test]
    fn call_returns_declared_results() {
        verify("call", &["tensor<i64>"], "{callee = @add_2}", &[], &["tensor<i64>"]).unwrap();
        assert_eq!(infer("call", &["tensor<2xf32>", "!xhlo.token"], "{callee = @f}", &[], &["tuple<tensor<i1>>"]).unwrap(),
            ["tuple<tensor<i1>>"]);
    }

    /// Seed 002 Call: calling with no arguments is allowed.
    #[test]
    fn call_without_arguments() {
        verify("call", &[], "{callee = @g}", &[], &["tensor<f32>"]).unwrap();
    }

    #[test]
    fn call_rejects_missing_callee() {
        let e = verify("call", &["tensor<i64>"], "{}", &[], &["tensor<i64>"]).unwrap_err();
        assert!(e.contains("missing required attribute 'callee'"), "{e}");
        let e = infer("call", &["tensor<i64>"], "{}", &[], &["tensor<i64>"]).unwrap_err();
        assert!(e.contains("missing attribute 'callee'"), "{e}");
    }

    #[test]
    fn call_rejects_callee_that_is_not_a_symbol() {
        let e = verify("call", &["tensor<i64>"], "{callee = \"add_2\"}", &[], &["tensor<i64>"]).unwrap_err();
        assert!(e.contains("'callee' must be a symbol reference"), "{e}");
        let e = infer("call", &["tensor<i64>"], "{callee = \"add_2\"}", &[], &["tensor<i64>"]).unwrap_err();
        assert!(e.contains("'callee' must be a symbol reference"), "{e}");
    }

    // ----- optimization_barrier -----------------------------------------------------------

    /// StableHLO interpreter test optimization_barrier.mlir: two f32 scalars pass through.
    #[test]
    fn optimization_barrier_returns_operand_types() {
        verify("optimization_barrier", &["tensor<f32>", "tensor<f32>"], "{}", &[], &["tensor<f32>", "tensor<f32>"]).unwrap();
        let r = infer("optimization_barrier", &["tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>", "!xhlo.token"], "{}", &[], &[])
            .unwrap();
        assert_eq!(r, ["tensor<2x3xf32>", "!xhlo.token"]);
    }

    #[test]
    fn optimization_barrier_rejects_results_unlike_operands() {
        let e = verify("optimization_barrier", &["tensor<f32>"], "{}", &[], &["tensor<f64>"]).unwrap_err();
        assert!(e.contains("result #0 is declared as tensor<f64> but the op produces tensor<f32>"), "{e}");
    }
}

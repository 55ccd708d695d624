//! Control flow → `scf` and `func`: `while`, `if`, `case`, `call` and `optimization_barrier`.
//!
//! - `while`, `if` and `case` become `scf.while`, `scf.if` and `scf.index_switch` over
//!   tensors; their region bodies are ordinary tensor ops, lowered op by op like a function
//!   body ([`lower_nested_block`]) and may use values of the enclosing blocks.
//! - `call` becomes `func.call` (so does `composite`, [`super::misc`], through [`emit_call`]).
//! - Tuples are never lowered to memory ([`super::data_movement`]): a tuple that crosses a
//!   function boundary, a loop or a branch is reported as unsupported.

use super::common::{operands, region_block};
use super::LowerFn;
use crate::convert::{lower_nested_block, xtype, Ctx, Lowered};
use crate::types;
use xhlo_ir::{ElementType, Type};
use mlir_text::ast::{Attribute, Block, Op};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("while", while_loop),
    ("if", if_op),
    ("case", case),
    ("call", call),
    ("optimization_barrier", optimization_barrier),
];

// ----- helpers -------------------------------------------------------------------------------

/// The lowered type of a value that `what` (e.g. "carried by xhlo.while") moves through
/// generated code: only tensors can be.
fn lowered_type(t: &Type, what: &str) -> Result<String, String> {
    match t {
        Type::Tensor(t) => Ok(types::tensor(t)),
        Type::Tuple(_) => Err(format!(
            "unsupported in lowering: tuple values {what} (tuples are only forwarded from xhlo.tuple to \
             xhlo.get_tuple_element within one function body)"
        )),
        Type::Token => Err(format!("unsupported in lowering: token values {what}")),
    }
}

/// The lowered result types of `op`.
fn result_types(op: &Op, what: &str) -> Result<Vec<String>, String> {
    op.result_types.iter().map(|t| lowered_type(&xtype(t)?, what)).collect()
}

/// `%r = `, `%r:3 = ` or nothing, for an op with `n` results.
fn lhs(r: &str, n: usize) -> String {
    match n {
        0 => String::new(),
        1 => format!("{r} = "),
        n => format!("{r}:{n} = "),
    }
}

/// The names of the `n` results of `%r`.
fn result_names(r: &str, n: usize) -> Vec<String> {
    match n {
        1 => vec![r.to_string()],
        n => (0..n).map(|i| format!("{r}#{i}")).collect(),
    }
}

/// `scf.yield` of `values` (which must be `tys.len()` tensors).
fn yield_values(ctx: &mut Ctx, values: &[Lowered], tys: &[String], what: &str) -> Result<(), String> {
    if values.len() != tys.len() {
        return Err(format!("internal: {what} yields {} values for {} results", values.len(), tys.len()));
    }
    if values.is_empty() {
        ctx.e.line("scf.yield");
        return Ok(());
    }
    for v in values {
        lowered_type(&v.ty, &format!("yielded by {what}"))?;
    }
    let names: Vec<_> = values.iter().map(|v| v.name.clone()).collect();
    ctx.e.line(&format!("scf.yield {} : {}", names.join(", "), tys.join(", ")));
    Ok(())
}

/// A branch of `if`/`case`: its ops, then `scf.yield` of what it yields.
fn branch(ctx: &mut Ctx, block: &Block, tys: &[String], what: &str) -> Result<(), String> {
    ctx.e.enter();
    let yielded = lower_nested_block(ctx, block, vec![])?;
    yield_values(ctx, &yielded, tys, what)?;
    ctx.e.leave();
    Ok(())
}

/// The closing brace of a region op, with the op's location.
fn close(ctx: &mut Ctx) {
    let loc = std::mem::take(&mut ctx.e.loc);
    ctx.e.line(&format!("}} {loc}"));
    ctx.e.loc = loc;
}

/// Writes a line without the location (for the head of an op whose regions follow).
fn head_line(ctx: &mut Ctx, text: &str) {
    let loc = std::mem::take(&mut ctx.e.loc);
    ctx.e.line(text);
    ctx.e.loc = loc;
}

// ----- control flow --------------------------------------------------------------------------

/// `while` → `scf.while`: the `cond` region computes the predicate in the "before" region and
/// forwards the carried values unchanged; `body` is the "after" region.
fn while_loop(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let inits = operands(ctx, op)?;
    let n = inits.len();
    let tys = inits.iter().map(|l| lowered_type(&l.ty, "carried by xhlo.while")).collect::<Result<Vec<_>, _>>()?;
    let (cond, body) = (region_block(op, 0, "cond")?, region_block(op, 1, "body")?);
    let ty_list = tys.join(", ");
    let r = ctx.e.fresh("while");
    let before: Vec<String> = (0..n).map(|_| ctx.e.fresh("w")).collect();
    let assigns: Vec<String> = before.iter().zip(&inits).map(|(b, l)| format!("{b} = {}", l.name)).collect();
    let assigns = if n == 0 { String::new() } else { format!("({}) ", assigns.join(", ")) };
    ctx.e.line(&format!("{}scf.while {assigns}: ({ty_list}) -> ({ty_list}) {{", lhs(&r, n)));
    ctx.e.enter();
    let args = before.iter().zip(&inits).map(|(b, l)| Lowered { name: b.clone(), ty: l.ty.clone() }).collect();
    let yielded = lower_nested_block(ctx, cond, args)?;
    let flag = match yielded.as_slice() {
        [Lowered { name, ty: Type::Tensor(t) }] if t.rank() == 0 && t.element == ElementType::Pred => ctx.e.extract_scalar(name, t),
        _ => return Err("region 'cond' of xhlo.while must yield one tensor<i1>".into()),
    };
    if n == 0 {
        ctx.e.line(&format!("scf.condition({flag})"));
    } else {
        ctx.e.line(&format!("scf.condition({flag}) {} : {ty_list}", before.join(", ")));
    }
    ctx.e.leave();
    ctx.e.line("} do {");
    let after: Vec<String> = (0..n).map(|_| ctx.e.fresh("w")).collect();
    if n > 0 {
        let decls: Vec<String> = after.iter().zip(&tys).map(|(a, t)| format!("{a}: {t}")).collect();
        ctx.e.line(&format!("^bb0({}):", decls.join(", ")));
    }
    ctx.e.enter();
    let args = after.iter().zip(&inits).map(|(a, l)| Lowered { name: a.clone(), ty: l.ty.clone() }).collect();
    let next = lower_nested_block(ctx, body, args)?;
    yield_values(ctx, &next, &tys, "region 'body' of xhlo.while")?;
    ctx.e.leave();
    close(ctx);
    Ok(result_names(&r, n))
}

/// `if` → `scf.if` on the scalar held by the rank-0 predicate.
fn if_op(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (p, pt) = ctx.tensor_operand(op, 0)?;
    let tys = result_types(op, "yielded by xhlo.if")?;
    let (on_true, on_false) = (region_block(op, 0, "true_branch")?, region_block(op, 1, "false_branch")?);
    let flag = ctx.e.extract_scalar(&p, &pt);
    let r = ctx.e.fresh("if");
    let arrow = if tys.is_empty() { String::new() } else { format!(" -> ({})", tys.join(", ")) };
    ctx.e.line(&format!("{}scf.if {flag}{arrow} {{", lhs(&r, tys.len())));
    branch(ctx, on_true, &tys, "region 'true_branch' of xhlo.if")?;
    ctx.e.line("} else {");
    branch(ctx, on_false, &tys, "region 'false_branch' of xhlo.if")?;
    close(ctx);
    Ok(result_names(&r, tys.len()))
}

/// `case` → `scf.index_switch` with one case per branch but the last, which is the default:
/// an index out of range (negative, or not below the branch count) runs the last branch
/// (seed 002 "Conditional"; StableHLO's `case` agrees).
fn case(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (i, it) = ctx.tensor_operand(op, 0)?;
    if it.element != ElementType::S32 || it.rank() != 0 {
        return Err(format!("xhlo.case index must be tensor<i32>, got {}", types::tensor(&it)));
    }
    let tys = result_types(op, "yielded by xhlo.case")?;
    let blocks = &op.regions.first().ok_or("xhlo.case without region 'branches'")?.blocks;
    let (last, cases) = blocks.split_last().ok_or("xhlo.case without branches")?;
    let s = ctx.e.extract_scalar(&i, &it);
    // Sign-extending: a negative index matches no case.
    let index = ctx.e.op("ix", &format!("arith.index_cast {s} : i32 to index"));
    let r = ctx.e.fresh("case");
    let arrow = if tys.is_empty() { String::new() } else { format!(" -> {}", tys.join(", ")) };
    head_line(ctx, &format!("{}scf.index_switch {index}{arrow}", lhs(&r, tys.len())));
    for (b, block) in cases.iter().enumerate() {
        ctx.e.line(&format!("case {b} {{"));
        branch(ctx, block, &tys, &format!("branch {b} of xhlo.case"))?;
        ctx.e.line("}");
    }
    ctx.e.line("default {");
    branch(ctx, last, &tys, &format!("branch {} of xhlo.case", cases.len()))?;
    close(ctx);
    Ok(result_names(&r, tys.len()))
}

/// The function named by symbol attribute `attr`.
pub(super) fn callee(op: &Op, attr: &str) -> Result<String, String> {
    match op.attr(attr) {
        Some(Attribute::Symbol(path)) if path.len() == 1 => Ok(path[0].clone()),
        Some(Attribute::Symbol(path)) => Err(format!("unsupported in lowering: nested symbol @{} in '{attr}'", path.join("::@"))),
        _ => Err(format!("{} without symbol attribute '{attr}'", op.name)),
    }
}

/// `func.call @callee` on the operands of `op`, with its results.
pub(super) fn emit_call(ctx: &mut Ctx, op: &Op, callee: &str) -> Result<Vec<String>, String> {
    let args = operands(ctx, op)?;
    let what = format!("passed to @{callee}");
    let in_tys = args.iter().map(|l| lowered_type(&l.ty, &what)).collect::<Result<Vec<_>, _>>()?;
    let out_tys = result_types(op, &format!("returned from @{callee}"))?;
    let names: Vec<_> = args.iter().map(|l| l.name.clone()).collect();
    let r = ctx.e.fresh("call");
    ctx.e.line(&format!(
        "{}func.call @{callee}({}) : ({}) -> ({})",
        lhs(&r, out_tys.len()),
        names.join(", "),
        in_tys.join(", "),
        out_tys.join(", ")
    ));
    Ok(result_names(&r, out_tys.len()))
}

fn call(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let f = callee(op, "callee")?;
    emit_call(ctx, op, &f)
}

/// The operands unchanged (nothing in the upstream pipeline moves code across it that
/// would matter for a single-device CPU program).
fn optimization_barrier(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    Ok(operands(ctx, op)?.into_iter().map(|l| l.name).collect())
}

#[cfg(test)]
mod tests {
    use crate::testing::{lower_module, lower_module_err, strip};

    #[test]
    fn while_becomes_scf_while_with_condition_from_rank0_tensor() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<i64>) -> tensor<i64>, sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>):
    %ten = "xhlo.constant"() {value = dense<10> : tensor<i64>} : () -> tensor<i64>
    %r = "xhlo.while"(%a) ({
    ^bb0(%x: tensor<i64>):
      %c = "xhlo.compare"(%x, %ten) {comparison_direction = "LT"} : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "gpu.yield"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%y: tensor<i64>):
      %n = "xhlo.add"(%y, %ten) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "gpu.yield"(%n) : (tensor<i64>) -> ()
    }) : (tensor<i64>) -> tensor<i64>
    "func.return"(%r) : (tensor<i64>) -> ()
  }) : () -> ()"#,
        );
        insta::assert_snapshot!(strip(&out));
    }

    #[test]
    fn if_becomes_scf_if_with_results() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>, sym_name = "f"}> ({
  ^bb0(%p: tensor<i1>, %a: tensor<2xf32>):
    %r = "xhlo.if"(%p) ({
      %n = "xhlo.negate"(%a) : (tensor<2xf32>) -> tensor<2xf32>
      "gpu.yield"(%n) : (tensor<2xf32>) -> ()
    }, {
      "gpu.yield"(%a) : (tensor<2xf32>) -> ()
    }) : (tensor<i1>) -> tensor<2xf32>
    "func.return"(%r) : (tensor<2xf32>) -> ()
  }) : () -> ()"#,
        );
        insta::assert_snapshot!(strip(&out));
    }

    #[test]
    fn case_last_branch_is_the_default_for_out_of_range_indices() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<f32>, sym_name = "f"}> ({
  ^bb0(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>):
    %r = "xhlo.case"(%i) ({
      "gpu.yield"(%a) : (tensor<f32>) -> ()
    ^bb1:
      "gpu.yield"(%b) : (tensor<f32>) -> ()
    ^bb2:
      "gpu.yield"(%c) : (tensor<f32>) -> ()
    }) : (tensor<i32>) -> tensor<f32>
    "func.return"(%r) : (tensor<f32>) -> ()
  }) : () -> ()"#,
        );
        let out = strip(&out);
        assert!(out.contains("case 0 {") && out.contains("case 1 {") && !out.contains("case 2 {"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn call_and_composite_become_func_call() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<i64>) -> tensor<i64>, sym_name = "g", sym_visibility = "private"}> ({
  ^bb0(%a: tensor<i64>):
    "func.return"(%a) : (tensor<i64>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<i64>) -> tensor<i64>, sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>):
    %0 = "xhlo.call"(%a) {callee = @g} : (tensor<i64>) -> tensor<i64>
    %1 = "xhlo.composite"(%0) {decomposition = @g, name = "my.op"} : (tensor<i64>) -> tensor<i64>
    "func.return"(%1) : (tensor<i64>) -> ()
  }) : () -> ()"#,
        );
        let out = strip(&out);
        assert!(out.contains("%call_1 = func.call @g(%p0) : (tensor<i64>) -> (tensor<i64>)"), "{out}");
        assert!(out.contains("%call_2 = func.call @g(%call_1) : (tensor<i64>) -> (tensor<i64>)"), "{out}");
    }

    #[test]
    fn tuple_carried_by_while_is_unsupported() {
        let e = lower_module_err(
            r#"  "func.func"() <{function_type = (tensor<i1>) -> (), sym_name = "f"}> ({
  ^bb0(%a: tensor<i1>):
    %t = "xhlo.tuple"(%a) : (tensor<i1>) -> tuple<tensor<i1>>
    %r = "xhlo.while"(%t) ({
    ^bb0(%x: tuple<tensor<i1>>):
      %c = "xhlo.get_tuple_element"(%x) {index = 0 : i32} : (tuple<tensor<i1>>) -> tensor<i1>
      "gpu.yield"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%y: tuple<tensor<i1>>):
      "gpu.yield"(%y) : (tuple<tensor<i1>>) -> ()
    }) : (tuple<tensor<i1>>) -> tuple<tensor<i1>>
    "func.return"() : () -> ()
  }) : () -> ()"#,
        );
        assert!(e.contains("unsupported in lowering: tuple values carried by xhlo.while"), "{e}");
    }
}

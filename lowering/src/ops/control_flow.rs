//! Control flow → `scf` and `func`: `while`, `if`, `case`, `call` and `optimization_barrier`.
//!
//! - `while`, `if` and `case` become `scf.while`, `scf.if` and `scf.index_switch` over
//!   tensors; their region bodies are ordinary tensor ops, lowered op by op like a function
//!   body ([`lower_nested_block`]) and may use values of the enclosing blocks.
//! - `call` becomes `func.call` (so does `composite`, [`super::misc`], through [`emit_call`]).
//! - Tuples are never lowered to memory ([`super::data_movement`]): a tuple carried by a
//!   loop or yielded by a branch travels as its leaves (nested tuples flattened in order),
//!   and is rebuilt as a compile-time tuple on the other side; so does one passed to or
//!   returned from a function ([`crate::convert`]).

use super::common::{operands, region_block};
use super::LowerFn;
use crate::build::{i64_array, Build, Value};
use crate::convert::{lower_nested_block, xtype, Ctx, Lowered};
use crate::types;
use mlir_text::ast::{self, Attribute, Block, Op};
use xhlo_ir::{ElementType, Type};

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
fn lowered_type(t: &Type, what: &str) -> Result<ast::Type, String> {
    match t {
        Type::Tensor(t) => Ok(types::tensor_type(t)),
        Type::Tuple(_) => Err(format!(
            "unsupported in lowering: tuple values {what} (tuples are only forwarded from xhlo.tuple to \
             xhlo.get_tuple_element within one function body)"
        )),
        Type::Token => Err(format!("unsupported in lowering: token values {what}")),
    }
}

/// A lowered value as an operand of generated code (see [`lowered_type`]).
fn value(l: &Lowered, what: &str) -> Result<Value, String> {
    Ok(Value::new(&l.name, lowered_type(&l.ty, what)?))
}

fn values(ls: &[Lowered], what: &str) -> Result<Vec<Value>, String> {
    ls.iter().map(|l| value(l, what)).collect()
}

/// The lowered types of the leaves of `op`'s results.
fn result_types(op: &Op, what: &str) -> Result<Vec<ast::Type>, String> {
    xhlo_result_types(op)?.iter().flat_map(crate::convert::leaf_types).map(|t| lowered_type(&t, what)).collect()
}

/// The names `op`'s results are bound to.
fn names(results: &[Value]) -> Vec<String> {
    results.iter().map(Value::to_string).collect()
}

/// `scf.yield` of `yielded` (flattened to their leaves, which must be `count` tensors).
fn yield_values(ctx: &mut Ctx, yielded: &[Lowered], count: usize, what: &str) -> Result<(), String> {
    let yielded = ctx.leaves(yielded, &format!("yielded by {what}"))?;
    if yielded.len() != count {
        return Err(format!("internal: {what} yields {} values for {count} results", yielded.len()));
    }
    let yielded = values(&yielded, &format!("yielded by {what}"))?;
    ctx.e.terminator("scf.yield", &yielded);
    Ok(())
}

/// A branch of `if`/`case`: its ops, then `scf.yield` of what it yields.
fn branch(ctx: &mut Ctx, block: &Block, count: usize, what: &str) -> Result<(), String> {
    let yielded = lower_nested_block(ctx, block, vec![])?;
    yield_values(ctx, &yielded, count, what)
}

// ----- tuples across loops and branches (as their leaves: `Ctx::leaves`, `Ctx::rebuild`) -----

/// The xhlo types of `op`'s results.
fn xhlo_result_types(op: &Op) -> Result<Vec<Type>, String> {
    op.result_types.iter().map(xtype).collect()
}

/// The names `op`'s results are bound to: each leaf's, or for a tuple result its
/// compile-time tuple's.
fn rebuilt_results(ctx: &mut Ctx, op: &Op, results: &[Value]) -> Result<Vec<String>, String> {
    let tys = xhlo_result_types(op)?;
    Ok(ctx.rebuild(&tys, &mut names(results).into_iter())?.into_iter().map(|l| l.name).collect())
}

// ----- control flow --------------------------------------------------------------------------

/// `while` → `scf.while`: the `cond` region computes the predicate in the "before" region and
/// forwards the carried values unchanged; `body` is the "after" region.
fn while_loop(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let inits = operands(ctx, op)?;
    let carried: Vec<Type> = inits.iter().map(|l| l.ty.clone()).collect();
    let init_values = values(&ctx.leaves(&inits, "carried by xhlo.while")?, "carried by xhlo.while")?;
    let tys: Vec<ast::Type> = init_values.iter().map(|v| v.ty.clone()).collect();
    let (cond, body) = (region_block(op, 0, "cond")?, region_block(op, 1, "body")?);
    let (open, results) = ctx.e.open("while", Build::new("scf.while").operands(&init_values).results(tys.clone()));
    let before = ctx.e.block(&open, 0, "w", &tys);
    let args = ctx.rebuild(&carried, &mut names(&before).into_iter())?;
    let yielded = lower_nested_block(ctx, cond, args)?;
    let flag = match yielded.as_slice() {
        [Lowered { name, ty: Type::Tensor(t) }] if t.rank() == 0 && t.element == ElementType::Pred => ctx.e.tensor_extract(&Value::tensor(name, t), &[]),
        _ => return Err("region 'cond' of xhlo.while must yield one tensor<i1>".into()),
    };
    ctx.e.emit0(Build::new("scf.condition").operand(&flag).operands(&before));
    ctx.e.next_region(&open);
    let after = ctx.e.block(&open, 0, "w", &tys);
    let args = ctx.rebuild(&carried, &mut names(&after).into_iter())?;
    let next = lower_nested_block(ctx, body, args)?;
    yield_values(ctx, &next, tys.len(), "region 'body' of xhlo.while")?;
    ctx.e.close(open);
    rebuilt_results(ctx, op, &results)
}

/// `if` → `scf.if` on the scalar held by the rank-0 predicate.
fn if_op(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (p, pt) = ctx.tensor_operand(op, 0)?;
    let tys = result_types(op, "yielded by xhlo.if")?;
    let n = tys.len();
    let (on_true, on_false) = (region_block(op, 0, "true_branch")?, region_block(op, 1, "false_branch")?);
    let flag = ctx.e.tensor_extract(&Value::tensor(&p, &pt), &[]);
    let (open, results) = ctx.e.open("if", Build::new("scf.if").operand(&flag).results(tys));
    branch(ctx, on_true, n, "region 'true_branch' of xhlo.if")?;
    ctx.e.next_region(&open);
    branch(ctx, on_false, n, "region 'false_branch' of xhlo.if")?;
    ctx.e.close(open);
    rebuilt_results(ctx, op, &results)
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
    let n = tys.len();
    let blocks = &op.regions.first().ok_or("xhlo.case without region 'branches'")?.blocks;
    let (last, cases) = blocks.split_last().ok_or("xhlo.case without branches")?;
    let s = ctx.e.tensor_extract(&Value::tensor(&i, &it), &[]);
    // Sign-extending: a negative index matches no case.
    let index = ctx.e.cast("ix", "arith.index_cast", &s, ast::Type::Index);
    let numbers: Vec<i64> = (0..cases.len() as i64).collect();
    let switch = Build::new("scf.index_switch").operand(&index).prop("cases", i64_array(&numbers)).results(tys);
    let (open, results) = ctx.e.open("case", switch);
    // The default region comes first, then one region per case.
    branch(ctx, last, n, &format!("branch {} of xhlo.case", cases.len()))?;
    for (b, block) in cases.iter().enumerate() {
        ctx.e.next_region(&open);
        branch(ctx, block, n, &format!("branch {b} of xhlo.case"))?;
    }
    ctx.e.close(open);
    rebuilt_results(ctx, op, &results)
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
    let what = format!("passed to @{callee}");
    let args = values(&ctx.leaves(&operands(ctx, op)?, &what)?, &what)?;
    let out_tys = result_types(op, &format!("returned from @{callee}"))?;
    let call = Build::new("func.call").operands(&args).prop("callee", Attribute::Symbol(vec![callee.to_string()])).results(out_tys);
    let results = ctx.e.emit("call", call);
    rebuilt_results(ctx, op, &results)
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
    use crate::testing::{lower_module, strip};

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
        assert!(out.contains("<{cases = array<i64: 0, 1>}>"), "{out}");
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
        assert!(out.contains(r#"%call_1 = "func.call"(%p0) <{callee = @g}> : (tensor<i64>) -> tensor<i64>"#), "{out}");
        assert!(out.contains(r#"%call_2 = "func.call"(%call_1) <{callee = @g}> : (tensor<i64>) -> tensor<i64>"#), "{out}");
    }

    /// A tuple carried by a loop travels as its leaves and is taken apart again inside.
    #[test]
    fn tuple_carried_by_while_travels_as_its_leaves() {
        let out = strip(&lower_module(
            r#"  "func.func"() <{function_type = (tensor<i1>) -> tensor<i1>, sym_name = "f"}> ({
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
    %e = "xhlo.get_tuple_element"(%r) {index = 0 : i32} : (tuple<tensor<i1>>) -> tensor<i1>
    "func.return"(%e) : (tensor<i1>) -> ()
  }) : () -> ()"#,
        ));
        assert!(out.contains("scf.while") && !out.contains("tuple"), "{out}");
    }
}

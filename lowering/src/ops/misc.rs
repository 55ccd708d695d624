//! Misc ops: `composite` has the semantics of its decomposition function and becomes a
//! `func.call` to it ([`super::control_flow::emit_call`]).

use super::control_flow::{callee, emit_call};
use super::LowerFn;
use crate::convert::Ctx;
use mlir_text::ast::Op;

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("composite", composite),
];

/// `composite` has the semantics of its decomposition function: a call to it.
fn composite(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let f = callee(op, "decomposition")?;
    emit_call(ctx, op, &f)
}

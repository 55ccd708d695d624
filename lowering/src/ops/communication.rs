//! Tokens, infeed and outfeed → calls of the host runtime.
//!
//! - A token has no run-time value ([`crate::convert::TOKEN`]): `after_all` makes one, and
//!   loops, branches and calls pass tokens as nothing. The order a token stands for is kept
//!   by what the ops using it become: calls of external functions, which MLIR and LLVM never
//!   reorder or remove.
//! - `infeed` reads one item of the host's infeed queue: each result is a fresh buffer that
//!   `xhlo_infeed_<type>(buffer, k, n)` fills with value `k` of an item of `n` values.
//! - `outfeed` writes its operands as one item: `xhlo_outfeed_<type>(buffer, k, n)` per
//!   operand.
//!
//! The buffers pass as unranked memrefs through MLIR's C interface
//! (`_mlir_ciface_xhlo_infeed_f32(descriptor*, i64, i64)`), so the host reads their shape
//! and strides; `<type>` is the element type's XLA name in lower case (`f32`, `s4`, `pred`),
//! which tells signed from unsigned and sub-byte from byte elements sharing a storage type.
//! `send` and `recv` talk to another process: they are lowered with the collectives
//! (`collective.rs`), which move bytes the same way.

use super::common::operands;
use super::LowerFn;
use crate::convert::{xtensor, Ctx, TOKEN};
use crate::types;
use mlir_text::ast::Op;
use xhlo_ir::TensorType;

pub const LOWERINGS: &[(&str, LowerFn)] =
    &[("after_all", after_all), ("infeed", infeed), ("outfeed", outfeed), ("send", super::collective::send), ("recv", super::collective::recv)];

/// The host function that moves values of `t`'s element type (`direction`: infeed or
/// outfeed), declared in the module; returns its name.
fn host_function(ctx: &mut Ctx, direction: &str, t: &TensorType) -> (String, String) {
    let name = format!("xhlo_{direction}_{}", t.element.xla_name().to_lowercase());
    let unranked = format!("memref<*x{}>", types::storage(t.element));
    ctx.declarations.insert(format!("func.func private @{name}({unranked}, i64, i64) attributes {{llvm.emit_c_interface}}"));
    (name, unranked)
}

/// Calls `@function(buffer, k, n)` with `buffer` (a memref of type `t`) as an unranked memref.
fn call(ctx: &mut Ctx, function: &str, unranked: &str, buffer: &str, t: &TensorType, k: usize, n: usize) {
    let e = &mut ctx.e;
    let u = e.op("feed", &format!("memref.cast {buffer} : {} to {unranked}", types::memref(t)));
    let kk = e.op("feed", &format!("arith.constant {k} : i64"));
    let nn = e.op("feed", &format!("arith.constant {n} : i64"));
    e.line(&format!("func.call @{function}({u}, {kk}, {nn}) : ({unranked}, i64, i64) -> ()"));
}

fn after_all(_: &mut Ctx, _: &Op) -> Result<Vec<String>, String> {
    Ok(vec![TOKEN.to_string()])
}

/// The values of one infeed item, then the token.
fn infeed(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (last, values) = op.result_types.split_last().ok_or("infeed without results")?;
    if crate::convert::xtype(last)? != xhlo_ir::Type::Token {
        return Err("infeed: the last result must be a token".into());
    }
    let tys = values.iter().map(xtensor).collect::<Result<Vec<_>, _>>()?;
    let mut out = Vec::new();
    for (k, t) in tys.iter().enumerate() {
        let (function, unranked) = host_function(ctx, "infeed", t);
        let buffer = ctx.e.op("infeed", &format!("memref.alloc() : {}", types::memref(t)));
        call(ctx, &function, &unranked, &buffer, t, k, tys.len());
        out.push(ctx.e.op("infeed", &format!("bufferization.to_tensor {buffer} restrict writable : {} to {}", types::memref(t), types::tensor(t))));
    }
    out.push(TOKEN.to_string());
    Ok(out)
}

/// The operands (all but the last, the token) as one outfeed item.
fn outfeed(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let all = operands(ctx, op)?;
    let values = &all[..all.len().saturating_sub(1)];
    for (k, v) in values.iter().enumerate() {
        let t = match &v.ty {
            xhlo_ir::Type::Tensor(t) => t.clone(),
            other => return Err(format!("unsupported in lowering: outfeed of a {other} (tensors only)")),
        };
        let (function, unranked) = host_function(ctx, "outfeed", &t);
        let buffer = ctx.e.op("outfeed", &format!("bufferization.to_buffer {} read_only : {} to {}", v.name, types::tensor(&t), types::memref(&t)));
        call(ctx, &function, &unranked, &buffer, &t, k, values.len());
    }
    Ok(vec![TOKEN.to_string()])
}

#[cfg(test)]
mod tests {
    use crate::testing::{lower_module, strip};

    /// Infeed fills a fresh buffer through the host function of its element type, outfeed
    /// hands its operand's buffer over; tokens leave nothing behind.
    #[test]
    fn infeed_and_outfeed_call_the_host_per_value() {
        let out = strip(&lower_module(
            r#"  "func.func"() <{function_type = () -> tensor<2xui8>, sym_name = "f"}> ({
    %t = "xhlo.after_all"() : () -> !xhlo.token
    %v:2 = "xhlo.infeed"(%t) : (!xhlo.token) -> (tensor<2xui8>, !xhlo.token)
    %u = "xhlo.outfeed"(%v#0, %v#1) : (tensor<2xui8>, !xhlo.token) -> !xhlo.token
    "func.return"(%v#0) : (tensor<2xui8>) -> ()
  }) : () -> ()"#,
        ));
        assert!(out.contains("func.func private @xhlo_infeed_u8(memref<*xi8>, i64, i64) attributes {llvm.emit_c_interface}"), "{out}");
        assert!(out.contains("func.call @xhlo_infeed_u8(") && out.contains("func.call @xhlo_outfeed_u8("), "{out}");
        assert!(!out.contains("<token>"), "{out}");
    }

    /// send passes each value to the host with a config naming the channel (kind 7, channel
    /// 3); the token leaves nothing behind.
    #[test]
    fn send_calls_the_collective_host_function_with_its_channel() {
        let out = strip(&lower_module(
            r#"  "func.func"() <{function_type = (tensor<2xf32>) -> (), sym_name = "f"}> ({
  ^bb0(%a: tensor<2xf32>):
    %t = "xhlo.after_all"() : () -> !xhlo.token
    %u = "xhlo.send"(%a, %t) {channel_id = 3 : i64} : (tensor<2xf32>, !xhlo.token) -> !xhlo.token
    "func.return"() : () -> ()
  }) : () -> ()"#,
        ));
        assert!(out.contains("func.call @xhlo_collective_f32("), "{out}");
        assert!(out.contains("dense<[7, 4, 0, 3, 0, 0, 0, 0,"), "{out}");
        assert!(!out.contains("<token>"), "{out}");
    }
}

//! Token-ordered communication ops (seed 002 "AfterAll", "Send", "Recv", "Infeed"; seed 001
//! "Infeed"; StableHLO's `outfeed`).
//!
//! A token (`!xhlo.token`) is a value with no data that threads side effects into an order:
//! each op here takes a token and produces a new one, and `after_all` joins several tokens. The
//! received data of `recv` and `infeed` is not determined by the operands: its types are the
//! declared results (XLA's `shape` argument), listed before the result token.
//!
//! XLA splits Send/Recv into Send + SendDone and Recv + RecvDone to overlap the transfer with
//! computation (seed 002); that split is a scheduling concern and is not part of xhlo, which
//! keeps StableHLO's synchronous form.
//!
//! `channel_id` (integer, >= 0) is StableHLO's `channel_handle` flattened to its handle: a send
//! and a recv communicate when their channel ids match. `is_host_transfer` marks a transfer
//! between device and host.

use crate::op::{Import, Syntax};
use super::*;
use crate::op::{opt_attr, tensors, token, Arity, AttrKind, Category, Effects, OpDef, OpView, ValueDef, ValueKind};

/// A variadic token slot.
const fn tokens(name: &'static str) -> ValueDef {
    ValueDef { name, arity: Arity::Variadic, kind: ValueKind::Token }
}

const TOKEN_RESULT: &[ValueDef] = &[token("result")];
/// Received values, then the token that orders later effects after the receive.
const VALUES_AND_TOKEN: &[ValueDef] = &[tensors("results"), token("result_token")];

pub const OPS: &[OpDef] = &[
    OpDef {
        results: TOKEN_RESULT,
        effects: Effects::SideEffecting,
        ..OpDef::new("after_all", Category::Communication,
            "AfterAll: a token ordered after every operand token (no operands: a fresh token)",
            &[tokens("tokens")], infer_after_all)
    }.with_syntax(Syntax::Own).with_import(Import::Renamed(&["stablehlo.after_all", "stablehlo.create_token"])),
    OpDef {
        results: TOKEN_RESULT,
        attrs: &[opt_attr("channel_id", AttrKind::Int), opt_attr("is_host_transfer", AttrKind::Bool)],
        effects: Effects::SideEffecting,
        ..OpDef::new("send", Category::Communication,
            "Send: sends the operands to the recv with the same channel_id, after the token; gives a token",
            &[tensors("operands"), token("token")], infer_send)
    },
    OpDef {
        results: VALUES_AND_TOKEN,
        attrs: &[opt_attr("channel_id", AttrKind::Int), opt_attr("is_host_transfer", AttrKind::Bool)],
        effects: Effects::SideEffecting,
        ..OpDef::new("recv", Category::Communication,
            "Recv: receives values of the declared result types from the send with the same channel_id, after \
             the token; results are the values, then a token",
            &[token("token")], infer_recv)
    },
    OpDef {
        results: VALUES_AND_TOKEN,
        attrs: &[opt_attr("infeed_config", AttrKind::Str)],
        effects: Effects::SideEffecting,
        ..OpDef::new("infeed", Category::Communication,
            "Infeed: reads one data item of the declared result types (with their layouts) from the device's \
             infeed queue, after the token; results are the values, then a token; no values reads nothing",
            &[token("token")], infer_infeed)
    },
    OpDef {
        results: TOKEN_RESULT,
        attrs: &[opt_attr("outfeed_config", AttrKind::Str)],
        effects: Effects::SideEffecting,
        ..OpDef::new("outfeed", Category::Communication,
            "Outfeed: writes the operands to the device's outfeed queue, after the token; gives a token",
            &[tensors("operands"), token("token")], infer_outfeed)
    },
];

/// Checks every operand of slot `name` is a token.
fn check_tokens(v: &OpView, name: &str) -> Result<(), String> {
    for (i, t) in v.group(name).iter().enumerate() {
        if !t.is_token() {
            return Err(format!("operand '{name}' #{i} must be a token (!xhlo.token), got {t}"));
        }
    }
    Ok(())
}

fn check_channel_id(v: &OpView) -> Result<(), String> {
    match v.opt_int("channel_id")? {
        Some(id) if id < 0 => Err(format!("channel_id must be non-negative, got {id}")),
        _ => Ok(()),
    }
}

/// The declared results of recv/infeed: tensors, then exactly one token last. Returned
/// without layouts (the declared layouts stay on the IR; seed 002 says infeed reads data in the
/// declared layout).
fn values_then_token(v: &OpView) -> Result<Vec<Type>, String> {
    let declared = v.declared_results()?;
    let Some((last, values)) = declared.split_last() else {
        return Err("results must end with a token (!xhlo.token); none are declared".into());
    };
    if !last.is_token() {
        return Err(format!("the last result must be a token (!xhlo.token), got {last}"));
    }
    let mut out = Vec::with_capacity(declared.len());
    for (i, t) in values.iter().enumerate() {
        match t {
            Type::Tensor(t) => out.push(Type::Tensor(TensorType { layout: None, ..t.clone() })),
            other => return Err(format!("result #{i} must be a tensor (only the last result is a token), got {other}")),
        }
    }
    out.push(Type::Token);
    Ok(out)
}

fn infer_after_all(v: &OpView) -> Result<Vec<Type>, String> {
    check_tokens(v, "tokens")?;
    Ok(vec![Type::Token])
}

/// send and outfeed: tensor operands, then a token; a token result.
fn consume_with_token(v: &OpView) -> Result<Vec<Type>, String> {
    v.tensors("operands")?;
    check_tokens(v, "token")?;
    Ok(vec![Type::Token])
}

fn infer_send(v: &OpView) -> Result<Vec<Type>, String> {
    check_channel_id(v)?;
    v.flag("is_host_transfer")?;
    consume_with_token(v)
}

fn infer_outfeed(v: &OpView) -> Result<Vec<Type>, String> {
    v.opt_str("outfeed_config")?;
    consume_with_token(v)
}

fn infer_recv(v: &OpView) -> Result<Vec<Type>, String> {
    check_channel_id(v)?;
    v.flag("is_host_transfer")?;
    check_tokens(v, "token")?;
    values_then_token(v)
}

fn infer_infeed(v: &OpView) -> Result<Vec<Type>, String> {
    v.opt_str("infeed_config")?;
    check_tokens(v, "token")?;
    values_then_token(v)
}

#[cfg(test)]
mod tests {
    use crate::catalogue;
    use crate::op::{Effects, ValueKind};
    use crate::testing::{infer, verify};

    const TOKEN: &str = "!xhlo.token";

    fn err(r: Result<(), String>) -> String {
        r.expect_err("expected the verifier to reject this op")
    }

    #[test]
    fn communication_ops_are_side_effecting() {
        for name in ["after_all", "send", "recv", "infeed", "outfeed"] {
            assert_eq!(catalogue::lookup(name).unwrap().effects, Effects::SideEffecting, "{name}");
        }
    }

    #[test]
    fn token_slots_are_token_kind() {
        let after_all = catalogue::lookup("after_all").unwrap();
        assert_eq!(after_all.operands[0].kind, ValueKind::Token);
        assert_eq!(after_all.results[0].kind, ValueKind::Token);
        let recv = catalogue::lookup("recv").unwrap();
        assert_eq!(recv.results.last().unwrap().kind, ValueKind::Token);
    }

    // after_all

    #[test]
    fn after_all_joins_tokens_seed_002() {
        // Seed 002: AfterAll takes a variable number of tokens and produces a single token.
        assert_eq!(infer("after_all", &[TOKEN, TOKEN], "{}", &[], &[]).unwrap(), vec![TOKEN]);
        verify("after_all", &[TOKEN, TOKEN, TOKEN], "{}", &[], &[TOKEN]).unwrap();
    }

    #[test]
    fn after_all_of_no_tokens_makes_a_fresh_token() {
        verify("after_all", &[], "{}", &[], &[TOKEN]).unwrap();
    }

    #[test]
    fn after_all_rejects_tensor_operands() {
        let e = err(verify("after_all", &[TOKEN, "tensor<f32>"], "{}", &[], &[TOKEN]));
        assert!(e.contains("operand 'tokens' #1 must be a token"), "{e}");
        let e = infer("after_all", &["tensor<f32>"], "{}", &[], &[]).unwrap_err();
        assert!(e.contains("operand 'tokens' #0 must be a token (!xhlo.token), got tensor<f32>"), "{e}");
    }

    #[test]
    fn after_all_rejects_a_tensor_result() {
        let e = err(verify("after_all", &[TOKEN], "{}", &[], &["tensor<f32>"]));
        assert!(e.contains("result 'result' must be a token"), "{e}");
    }

    // send

    #[test]
    fn send_consumes_operands_and_gives_a_token() {
        assert_eq!(
            infer("send", &["tensor<2x2xi64>", TOKEN], "{channel_id = 1 : i64, is_host_transfer = true}", &[], &[]).unwrap(),
            vec![TOKEN]
        );
        verify("send", &["tensor<2xf32>", "tensor<3xi32>", TOKEN], "{channel_id = 5 : i64}", &[], &[TOKEN]).unwrap();
        verify("send", &[TOKEN], "{}", &[], &[TOKEN]).unwrap();
    }

    #[test]
    fn send_needs_a_token_last() {
        let e = err(verify("send", &["tensor<2xf32>", "tensor<2xf32>"], "{}", &[], &[TOKEN]));
        assert!(e.contains("operand 'token' must be a token"), "{e}");
        let e = err(verify("send", &[TOKEN, "tensor<2xf32>"], "{}", &[], &[TOKEN]));
        assert!(e.contains("operand 'operands' #0 must be a tensor"), "{e}");
    }

    #[test]
    fn send_rejects_a_negative_channel_id_and_a_non_bool_flag() {
        let e = err(verify("send", &["tensor<2xf32>", TOKEN], "{channel_id = -1 : i64}", &[], &[TOKEN]));
        assert!(e.contains("channel_id must be non-negative, got -1"), "{e}");
        let e = err(verify("send", &["tensor<2xf32>", TOKEN], "{is_host_transfer = 1 : i64}", &[], &[TOKEN]));
        assert!(e.contains("attribute 'is_host_transfer' must be a bool attribute"), "{e}");
    }

    #[test]
    fn send_result_is_a_token() {
        let e = err(verify("send", &["tensor<2xf32>", TOKEN], "{}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("result 'result' must be a token"), "{e}");
    }

    // recv

    #[test]
    fn recv_gives_the_declared_values_then_a_token() {
        assert_eq!(
            infer("recv", &[TOKEN], "{channel_id = 1 : i64, is_host_transfer = true}", &[], &["tensor<2x2xi64>", TOKEN])
                .unwrap(),
            vec!["tensor<2x2xi64>", TOKEN]
        );
        verify("recv", &[TOKEN], "{}", &[], &["tensor<2xf32>", "tensor<i32>", TOKEN]).unwrap();
        verify("recv", &[TOKEN], "{}", &[], &[TOKEN]).unwrap();
    }

    #[test]
    fn recv_needs_the_token_result_last() {
        let e = err(verify("recv", &[TOKEN], "{}", &[], &[TOKEN, "tensor<2xf32>"]));
        assert!(e.contains("result 'results' #0 must be a tensor, got !xhlo.token"), "{e}");
        let e = infer("recv", &[TOKEN], "{}", &[], &[TOKEN, "tensor<2xf32>"]).unwrap_err();
        assert!(e.contains("the last result must be a token (!xhlo.token), got tensor<2xf32>"), "{e}");
        let e = infer("recv", &[TOKEN], "{}", &[], &[TOKEN, TOKEN]).unwrap_err();
        assert!(e.contains("result #0 must be a tensor (only the last result is a token)"), "{e}");
        let e = infer("recv", &[TOKEN], "{}", &[], &[]).unwrap_err();
        assert!(e.contains("results must end with a token"), "{e}");
    }

    #[test]
    fn recv_takes_a_token_operand() {
        let e = err(verify("recv", &["tensor<f32>"], "{}", &[], &["tensor<f32>", TOKEN]));
        assert!(e.contains("operand 'token' must be a token"), "{e}");
        let e = err(verify("recv", &[TOKEN], "{channel_id = -3 : i64}", &[], &[TOKEN]));
        assert!(e.contains("channel_id must be non-negative, got -3"), "{e}");
    }

    // infeed

    #[test]
    fn infeed_gives_the_declared_values_then_a_token() {
        assert_eq!(
            infer("infeed", &[TOKEN], "{infeed_config = \"\"}", &[], &["tensor<2x2xi64>", TOKEN]).unwrap(),
            vec!["tensor<2x2xi64>", TOKEN]
        );
        // Seed 002: the declared layout is the layout the data is read in; it is allowed here.
        verify(
            "infeed",
            &[TOKEN],
            "{}",
            &[],
            &["tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>", "tensor<4xi32>", TOKEN],
        )
        .unwrap();
    }

    #[test]
    fn infeed_of_an_empty_tuple_reads_nothing_seed_002() {
        // Seed 002: for an empty tuple shape the infeed is a no-op: no values, only the token.
        assert_eq!(infer("infeed", &[TOKEN], "{}", &[], &[TOKEN]).unwrap(), vec![TOKEN]);
    }

    #[test]
    fn infeed_rejects_nested_tuples_seed_002() {
        // Seed 002: nested tuple shapes are not supported; values are tensors.
        let e = err(verify("infeed", &[TOKEN], "{}", &[], &["tuple<tensor<f32>>", TOKEN]));
        assert!(e.contains("result 'results' #0 must be a tensor"), "{e}");
    }

    #[test]
    fn infeed_rejects_a_missing_token_result_and_a_bad_config() {
        let e = err(verify("infeed", &[TOKEN], "{}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("result 'result_token' must be a token"), "{e}");
        let e = err(verify("infeed", &[TOKEN], "{infeed_config = 3 : i64}", &[], &[TOKEN]));
        assert!(e.contains("attribute 'infeed_config' must be a string attribute"), "{e}");
    }

    #[test]
    fn infeed_rejects_an_invalid_declared_layout() {
        let e = err(verify("infeed", &[TOKEN], "{}", &[], &["tensor<2x3xf32, #xhlo.layout<array<i64: 0, 0>>>", TOKEN]));
        assert!(e.contains("is not a permutation"), "{e}");
    }

    // outfeed

    #[test]
    fn outfeed_consumes_operands_and_gives_a_token() {
        assert_eq!(
            infer("outfeed", &["tensor<2xf32>", "tensor<i1>", TOKEN], "{outfeed_config = \"cfg\"}", &[], &[]).unwrap(),
            vec![TOKEN]
        );
        verify("outfeed", &["tensor<2x2xi64>", TOKEN], "{}", &[], &[TOKEN]).unwrap();
    }

    #[test]
    fn outfeed_rejects_a_missing_token_and_a_non_token_result() {
        let e = err(verify("outfeed", &["tensor<2xf32>"], "{}", &[], &[TOKEN]));
        assert!(e.contains("operand 'token' must be a token"), "{e}");
        let e = err(verify("outfeed", &["tensor<2xf32>", TOKEN], "{}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("result 'result' must be a token"), "{e}");
        let e = err(verify("outfeed", &[TOKEN], "{outfeed_config = true}", &[], &[TOKEN]));
        assert!(e.contains("attribute 'outfeed_config' must be a string attribute"), "{e}");
    }
}

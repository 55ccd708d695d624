//! Fusion (XLA's `kFusion` instruction): a group of ops computed together, without
//! materializing the intermediate values between them.
//!
//! `xhlo.fusion` takes any number of tensors; its one region `body` has one block whose
//! arguments are the operands (same types, in order) and which yields the fusion's results with
//! `gpu.yield`. The body computes on whole tensors with ordinary xhlo ops; it should use only
//! its arguments (the lowering rejects captured values). `kind` says which fused shape it has,
//! as XLA's fusion kinds do:
//!
//! - `"loop"`: element-wise ops, broadcasts and constants computed per output element;
//! - `"input"`: element-wise producers feeding a `reduce` (the reduction reads the producers'
//!   values per element instead of a materialized tensor);
//! - `"output"`: a `dot_general` or a `convolution` followed by an element-wise epilogue
//!   (bias add, activation);
//! - `"row"`: ops and nested loop/input fusions that all compute row by row along dimension 0
//!   (a softmax: a row reduction broadcast back along its rows), run one block of rows at a
//!   time so the intermediate values stay in cache; every result has the same rows.
//!
//! The results are what the body yields.

use crate::op::{Import};
use super::reduction::single_block;
use super::*;
use crate::op::{attr, tensors, values, AttrKind, Category, OpDef, OpView};

/// The fusion kinds, XLA's names.
pub const KINDS: &[&str] = &["loop", "input", "output", "row"];

pub const OPS: &[OpDef] = &[OpDef {
    results: &[values("results")],
    attrs: &[attr("kind", AttrKind::Str)],
    regions: &["body"],
    ..OpDef::new("fusion", Category::Misc,
        "Fusion: the ops of region `body` computed as one kernel without materializing their \
         intermediate values; the body's block arguments are the operands, it yields the results; \
         kind is \"loop\" (element-wise), \"input\" (producers into a reduce), \"output\" \
         (dot_general or convolution with an element-wise epilogue) or \"row\" (ops computing \
         row by row along dimension 0, run one block of rows at a time)",
        &[tensors("operands")], infer_fusion)
}.with_import(Import::None)];

fn infer_fusion(v: &OpView) -> Result<Vec<Type>, String> {
    let kind = v.str("kind")?;
    if !KINDS.contains(&kind) {
        return Err(format!("kind must be one of \"loop\", \"input\", \"output\", \"row\", got \"{kind}\""));
    }
    let operands = v.group("operands");
    let body = single_block(v.region(0)?, "body")?;
    if body.args.len() != operands.len() {
        return Err(format!(
            "region 'body' takes {} argument(s) but the fusion has {} operand(s)",
            body.args.len(),
            operands.len()
        ));
    }
    for (i, (arg, operand)) in body.args.iter().zip(operands).enumerate() {
        if !arg.compatible(operand) {
            return Err(format!("region 'body' argument #{i} is {arg} but operand #{i} is {operand}"));
        }
    }
    if body.yields.is_empty() {
        return Err("region 'body' must yield at least one value".into());
    }
    let mut results = Vec::new();
    for (i, y) in body.yields.iter().enumerate() {
        match y {
            Type::Tensor(t) => results.push(Type::Tensor(TensorType { layout: None, ..t.clone() })),
            other => return Err(format!("region 'body' yields {other} as value #{i}, but a fusion yields tensors")),
        }
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use crate::testing::{infer, region, verify};

    const LOOP: &str = "{kind = \"loop\"}";

    #[test]
    fn fusion_results_are_the_body_yields() {
        let t = ["tensor<4xf32>", "tensor<4xf32>"];
        let r = infer("fusion", &t, LOOP, &[region(&t, &["tensor<4xf32>", "tensor<4xi1>"])], &[]).unwrap();
        assert_eq!(r, ["tensor<4xf32>", "tensor<4xi1>"]);
        verify("fusion", &t, LOOP, &[region(&t, &["tensor<4xf32>"])], &["tensor<4xf32>"]).unwrap();
    }

    #[test]
    fn fusion_accepts_every_kind_and_no_operands() {
        for kind in ["loop", "input", "output"] {
            let a = format!("{{kind = \"{kind}\"}}");
            verify("fusion", &[], &a, &[region(&[], &["tensor<f32>"])], &["tensor<f32>"]).unwrap();
        }
    }

    #[test]
    fn fusion_rejects_unknown_kind() {
        let e = infer("fusion", &[], "{kind = \"tiled\"}", &[region(&[], &["tensor<f32>"])], &[]).unwrap_err();
        assert!(e.contains("kind must be one of \"loop\", \"input\", \"output\", \"row\", got \"tiled\""), "{e}");
    }

    #[test]
    fn fusion_requires_kind() {
        let e = verify("fusion", &[], "{}", &[region(&[], &["tensor<f32>"])], &["tensor<f32>"]).unwrap_err();
        assert!(e.contains("kind"), "{e}");
    }

    #[test]
    fn fusion_rejects_body_arguments_unlike_operands() {
        let e = infer("fusion", &["tensor<4xf32>"], LOOP, &[region(&["tensor<4xf32>", "tensor<4xf32>"], &["tensor<4xf32>"])], &[]).unwrap_err();
        assert!(e.contains("region 'body' takes 2 argument(s) but the fusion has 1 operand(s)"), "{e}");
        let e = infer("fusion", &["tensor<4xf32>"], LOOP, &[region(&["tensor<5xf32>"], &["tensor<5xf32>"])], &[]).unwrap_err();
        assert!(e.contains("region 'body' argument #0 is tensor<5xf32> but operand #0 is tensor<4xf32>"), "{e}");
    }

    #[test]
    fn fusion_rejects_empty_or_token_yields() {
        let e = infer("fusion", &[], LOOP, &[region(&[], &[])], &[]).unwrap_err();
        assert!(e.contains("must yield at least one value"), "{e}");
        let e = infer("fusion", &[], LOOP, &[region(&[], &["!xhlo.token"])], &[]).unwrap_err();
        assert!(e.contains("a fusion yields tensors"), "{e}");
    }

    #[test]
    fn fusion_rejects_declared_results_unlike_yields() {
        let t = ["tensor<4xf32>"];
        let e = verify("fusion", &t, LOOP, &[region(&t, &["tensor<4xf32>"])], &["tensor<4xf64>"]).unwrap_err();
        assert!(e.contains("tensor<4xf64>"), "{e}");
    }

    #[test]
    fn fusion_rejects_two_blocks() {
        let mut r = region(&[], &["tensor<f32>"]);
        r.blocks.push(r.blocks[0].clone());
        let e = infer("fusion", &[], LOOP, &[r], &[]).unwrap_err();
        assert!(e.contains("region 'body' must have exactly one block, has 2"), "{e}");
    }
}

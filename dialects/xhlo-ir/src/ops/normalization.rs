//! Batch normalization (seed 002 "BatchNormTraining", "BatchNormInference", "BatchNormGrad";
//! seed 001 in English).
//!
//! `feature_index` names the feature dimension of `operand`; every per-feature operand and result
//! (scale, offset, mean, variance and their gradients) is a 1-d array with one entry per feature.
//! All element types are floats and equal. The seeds' tuple results are three results here.

use super::*;
use crate::op::{attr, tensor, AttrKind, Category, OpDef, OpView, ValueDef};

const NORM_ATTRS: &[crate::op::AttrDef] =
    &[attr("epsilon", AttrKind::Float), attr("feature_index", AttrKind::Int)];

const TRAINING_RESULTS: &[ValueDef] = &[tensor("output"), tensor("batch_mean"), tensor("batch_var")];
const GRAD_RESULTS: &[ValueDef] = &[tensor("grad_operand"), tensor("grad_scale"), tensor("grad_offset")];

pub const OPS: &[OpDef] = &[
    OpDef {
        attrs: NORM_ATTRS,
        results: TRAINING_RESULTS,
        ..OpDef::new("batch_norm_training", Category::Normalization,
            "BatchNormTraining: normalizes across all dimensions but feature_index; returns the output and the \
             per-feature batch mean and variance",
            &[tensor("operand"), tensor("scale"), tensor("offset")], infer_training)
    },
    OpDef {
        attrs: NORM_ATTRS,
        ..OpDef::new("batch_norm_inference", Category::Normalization,
            "BatchNormInference: normalizes with the given per-feature mean and variance",
            &[tensor("operand"), tensor("scale"), tensor("offset"), tensor("mean"), tensor("variance")],
            infer_inference)
    },
    OpDef {
        attrs: NORM_ATTRS,
        results: GRAD_RESULTS,
        ..OpDef::new("batch_norm_grad", Category::Normalization,
            "BatchNormGrad: gradients of batch normalization with respect to operand, scale and offset",
            &[tensor("operand"), tensor("scale"), tensor("mean"), tensor("variance"), tensor("grad_output")],
            infer_grad)
    },
];

/// Checks the operand, `feature_index` and epsilon, and each per-feature operand in `features`
/// (1-d, one entry per feature, the operand's element type). Returns the operand and the
/// per-feature type.
fn check_common<'a>(v: &OpView<'a>, features: &[&str]) -> Result<(&'a TensorType, TensorType), String> {
    let x = v.tensor("operand")?;
    FLOAT.check(x.element, "operand")?;
    let index = v.int("feature_index")?;
    if index < 0 || index as usize >= x.rank() {
        return Err(format!(
            "feature_index {index} is not a dimension of the operand (rank {}, shape {:?})",
            x.rank(),
            x.dims
        ));
    }
    match v.opt_float("epsilon")? {
        Some(e) if !e.is_finite() => return Err(format!("epsilon must be finite, got {e}")),
        _ => {}
    }
    let count = x.dims[index as usize];
    let per_feature = TensorType::new(vec![count], x.element);
    for &name in features {
        let t = v.tensor(name)?;
        if t.element != x.element {
            return Err(format!(
                "{name} has element type {} but operand has {}",
                describe_element(t.element),
                describe_element(x.element)
            ));
        }
        if t.dims != per_feature.dims {
            return Err(format!(
                "{name} has shape {:?} but must be [{count}]: one entry per feature (operand dimension {index} has size {count})",
                t.dims
            ));
        }
    }
    Ok((x, per_feature))
}

fn tensors_out(ts: Vec<TensorType>) -> Result<Vec<Type>, String> {
    Ok(ts.into_iter().map(|t| Type::Tensor(TensorType { layout: None, ..t })).collect())
}

fn infer_training(v: &OpView) -> Result<Vec<Type>, String> {
    let (x, f) = check_common(v, &["scale", "offset"])?;
    tensors_out(vec![x.clone(), f.clone(), f])
}

fn infer_inference(v: &OpView) -> Result<Vec<Type>, String> {
    let (x, _) = check_common(v, &["scale", "offset", "mean", "variance"])?;
    one(x.clone())
}

fn infer_grad(v: &OpView) -> Result<Vec<Type>, String> {
    let (x, f) = check_common(v, &["scale", "mean", "variance"])?;
    let g = v.tensor("grad_output")?;
    same_shape(g, "grad_output", x, "operand")?;
    tensors_out(vec![x.clone(), f.clone(), f])
}

#[cfg(test)]
mod tests {
    use crate::testing::{infer, verify};

    const ATTRS: &str = "{epsilon = 1.0e-3 : f32, feature_index = 3 : i64}";

    fn fails(op: &str, operands: &[&str], attrs: &str, results: &[&str], needle: &str) {
        match verify(op, operands, attrs, &[], results) {
            Ok(()) => panic!("{op} should fail with '{needle}'"),
            Err(e) => assert!(e.contains(needle), "{op}: error '{e}' does not mention '{needle}'"),
        }
    }

    // Seed 002 BatchNormTraining: a 4-d operand with features in dimension l (here the last).
    #[test]
    fn batch_norm_training_returns_output_mean_and_variance() {
        let r = infer("batch_norm_training", &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], ATTRS, &[], &[]).unwrap();
        assert_eq!(r, vec!["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>"]);
        verify("batch_norm_training", &["tensor<8x3x5x5xbf16>", "tensor<3xbf16>", "tensor<3xbf16>"],
            "{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}", &[], &["tensor<8x3x5x5xbf16>", "tensor<3xbf16>", "tensor<3xbf16>"])
            .unwrap();
    }

    #[test]
    fn batch_norm_inference_keeps_the_operand_shape() {
        let ops = ["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>"];
        verify("batch_norm_inference", &ops, ATTRS, &[], &["tensor<8x5x5x3xf32>"]).unwrap();
    }

    #[test]
    fn batch_norm_grad_returns_three_gradients() {
        let ops = ["tensor<8x5x5x3xf64>", "tensor<3xf64>", "tensor<3xf64>", "tensor<3xf64>", "tensor<8x5x5x3xf64>"];
        let r = infer("batch_norm_grad", &ops, ATTRS, &[], &[]).unwrap();
        assert_eq!(r, vec!["tensor<8x5x5x3xf64>", "tensor<3xf64>", "tensor<3xf64>"]);
    }

    #[test]
    fn batch_norm_rejects_feature_index_out_of_range() {
        let attrs = "{epsilon = 1.0e-3 : f32, feature_index = 4 : i64}";
        fails("batch_norm_training", &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], attrs,
            &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "feature_index 4 is not a dimension of the operand (rank 4");
        let attrs = "{epsilon = 1.0e-3 : f32, feature_index = -1 : i64}";
        fails("batch_norm_inference",
            &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>"], attrs,
            &["tensor<8x3xf32>"], "feature_index -1");
    }

    #[test]
    fn batch_norm_rejects_per_feature_operands_of_the_wrong_size() {
        fails("batch_norm_training", &["tensor<8x5x5x3xf32>", "tensor<5xf32>", "tensor<3xf32>"], ATTRS,
            &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>"],
            "scale has shape [5] but must be [3]: one entry per feature (operand dimension 3 has size 3)");
        fails("batch_norm_inference",
            &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<1x3xf32>"], ATTRS,
            &["tensor<8x5x5x3xf32>"], "variance has shape [1, 3]");
        fails("batch_norm_grad",
            &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<4xf32>", "tensor<3xf32>", "tensor<8x5x5x3xf32>"], ATTRS,
            &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "mean has shape [4]");
    }

    #[test]
    fn batch_norm_rejects_non_float_or_mixed_element_types() {
        fails("batch_norm_training", &["tensor<8x5x5x3xi32>", "tensor<3xi32>", "tensor<3xi32>"], ATTRS,
            &["tensor<8x5x5x3xi32>", "tensor<3xi32>", "tensor<3xi32>"], "operand has element type i32 (S32) but must be a float");
        fails("batch_norm_training", &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf16>"], ATTRS,
            &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "offset has element type f16 (F16) but operand has f32");
    }

    #[test]
    fn batch_norm_grad_rejects_grad_output_of_another_shape() {
        fails("batch_norm_grad",
            &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<8x5x3xf32>"], ATTRS,
            &["tensor<8x5x5x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "grad_output has shape [8, 5, 3]");
    }

    #[test]
    fn batch_norm_requires_epsilon_and_feature_index() {
        fails("batch_norm_training", &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "{feature_index = 1 : i64}",
            &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "missing required attribute 'epsilon'");
        fails("batch_norm_training", &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "{epsilon = 1.0e-3 : f32}",
            &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "missing required attribute 'feature_index'");
        fails("batch_norm_training", &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>"],
            "{epsilon = 0x7FC00000 : f32, feature_index = 1 : i64}",
            &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "epsilon must be finite");
    }

    #[test]
    fn batch_norm_training_rejects_wrong_declared_results() {
        fails("batch_norm_training", &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}",
            &["tensor<8x3xf32>", "tensor<8xf32>", "tensor<3xf32>"], "result #1 is declared as tensor<8xf32>");
        fails("batch_norm_training", &["tensor<8x3xf32>", "tensor<3xf32>", "tensor<3xf32>"], "{epsilon = 1.0e-3 : f32, feature_index = 1 : i64}",
            &["tensor<8x3xf32>"], "expected at least 3 results, got 1");
    }
}

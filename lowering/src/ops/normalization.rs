//! Normalization: `batch_norm_inference`, `batch_norm_training` and `batch_norm_grad` as
//! element-wise generics over the operand with per-feature vectors read through the feature
//! dimension, and per-feature sums (XLA's BatchNorm* semantics, float types only).

use super::common::int;
use super::LowerFn;
use crate::build::{load, store, Input, Value};
use crate::convert::Ctx;
use crate::emitter::{dims, Emitter};
use crate::scalar;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::{Attribute, Op};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("batch_norm_inference", batch_norm_inference),
    ("batch_norm_training", batch_norm_training),
    ("batch_norm_grad", batch_norm_grad),
];

fn float_attr(op: &Op, name: &str) -> Result<f64, String> {
    match op.attr(name) {
        Some(Attribute::Float(text, ty)) => {
            if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
                let bits = u64::from_str_radix(hex, 16).map_err(|e| format!("{name}: {e}"))?;
                let width = match ty {
                    mlir_text::ast::Type::Float(n) => n.clone(),
                    _ => "f64".into(),
                };
                return Ok(match width.as_str() {
                    "f32" => f32::from_bits(bits as u32) as f64,
                    "f64" => f64::from_bits(bits),
                    other => return Err(format!("unsupported in lowering: {name} given as a hex {other}")),
                });
            }
            text.parse::<f64>().map_err(|e| format!("{name}: {e}"))
        }
        Some(Attribute::Int(text, _)) => text.parse::<f64>().map_err(|e| format!("{name}: {e}")),
        _ => Err(format!("missing float attribute '{name}'")),
    }
}

/// The feature dimension and the element count per feature.
fn feature(op: &Op, xt: &TensorType) -> Result<(usize, i64), String> {
    let f = int(op, "feature_index")?;
    if f < 0 || f as usize >= xt.rank() {
        return Err(format!("feature_index {f} is out of range for rank {}", xt.rank()));
    }
    let f = f as usize;
    let per = xt.dims.iter().enumerate().filter(|(d, _)| *d != f).map(|(_, &n)| n).product();
    Ok((f, per))
}

/// An element-wise generic over `xt`'s shape whose inputs are full tensors (identity map)
/// or per-feature vectors (indexed by the feature dimension); `body` gets compute values.
fn feature_map(
    e: &mut Emitter,
    xt: &TensorType,
    f: usize,
    inputs: &[(&str, &TensorType)],
    body: impl FnOnce(&mut Emitter, &[scalar::Value]) -> Result<scalar::Value, String>,
) -> Result<String, String> {
    let rank = xt.rank();
    let ins: Vec<Input> = inputs
        .iter()
        .map(|(v, t)| Input { value: Value::tensor(v, t), map: if t.rank() == rank { dims(rank) } else { format!("d{f}") } })
        .collect();
    let elems: Vec<ElementType> = inputs.iter().map(|(_, t)| t.element).collect();
    let init = e.tensor_empty(xt);
    let iters = vec!["parallel"; rank];
    let r = e.linalg_generic(&ins, &[Input::identity(init, rank)], &iters, |e, a| {
        let vals: Vec<scalar::Value> = a.iter().zip(&elems).map(|(arg, t)| load(e, arg, *t)).collect();
        let r = body(e, &vals)?;
        Ok(vec![store(e, &r)])
    })?;
    Ok(r[0].to_string())
}

/// Sums a full tensor over every dimension but the feature one (a vector per feature).
fn feature_sum(e: &mut Emitter, x: &str, xt: &TensorType, f: usize) -> Result<String, String> {
    let rank = xt.rank();
    let out = TensorType::new(vec![xt.dims[f]], xt.element);
    let init = e.zeros(&out);
    // Loops: the feature first, then the others.
    let mut map = vec![String::new(); rank];
    map[f] = "d0".into();
    let mut next = 1;
    for (d, m) in map.iter_mut().enumerate() {
        if d != f {
            *m = format!("d{next}");
            next += 1;
        }
    }
    let iters: Vec<&str> = (0..rank).map(|i| if i == 0 { "parallel" } else { "reduction" }).collect();
    let t = xt.element;
    let input = Input { value: Value::tensor(x, xt), map: map.join(", ") };
    let r = e.linalg_generic(&[input], &[Input { value: init, map: "d0".into() }], &iters, |e, a| {
        let v = load(e, &a[0], t);
        let acc = load(e, &a[1], t);
        let s = scalar::binary(e, "add", &acc, &v)?;
        Ok(vec![store(e, &s)])
    })?;
    Ok(r[0].to_string())
}

fn float_const(e: &mut Emitter, t: ElementType, v: f64) -> scalar::Value {
    scalar::literal(e, t, &xhlo_ir::attrs::format_float(v))
}

fn check_float(op: &Op, t: ElementType) -> Result<(), String> {
    if !t.is_float() {
        return Err(format!("unsupported in lowering: {} on {}", op.name, t.xla_name()));
    }
    Ok(())
}

/// XLA BatchNormInference: `scale * (x - mean) / sqrt(variance + epsilon) + offset`, the
/// per-feature operands broadcast along `feature_index`.
fn batch_norm_inference(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let v: Vec<(String, TensorType)> = (1..5).map(|i| ctx.tensor_operand(op, i)).collect::<Result<_, _>>()?;
    let eps = float_attr(op, "epsilon")?;
    let (f, _) = feature(op, &xt)?;
    let t = xt.element;
    check_float(op, t)?;
    let ins: Vec<(&str, &TensorType)> = std::iter::once((x.as_str(), &xt)).chain(v.iter().map(|(n, t)| (n.as_str(), t))).collect();
    let r = feature_map(&mut ctx.e, &xt, f, &ins, |e, a| {
        let (x, scale, offset, mean, var) = (&a[0], &a[1], &a[2], &a[3], &a[4]);
        let epsv = float_const(e, t, eps);
        let ve = scalar::binary(e, "add", var, &epsv)?;
        let sd = scalar::unary(e, "sqrt", &ve, t)?;
        let c = scalar::binary(e, "subtract", x, mean)?;
        let n = scalar::binary(e, "divide", &c, &sd)?;
        let s = scalar::binary(e, "multiply", &n, scale)?;
        scalar::binary(e, "add", &s, offset)
    })?;
    Ok(vec![r])
}

/// XLA BatchNormTraining: per feature, the mean and (biased) variance over every other
/// dimension, `mean = sum(x) / N` and `variance = sum((x - mean)^2) / N`; the output is
/// `scale * (x - mean) / sqrt(variance + epsilon) + offset`. Results: output, mean, variance.
fn batch_norm_training(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (scale, st) = ctx.tensor_operand(op, 1)?;
    let (offset, ot) = ctx.tensor_operand(op, 2)?;
    let eps = float_attr(op, "epsilon")?;
    let (f, per) = feature(op, &xt)?;
    let t = xt.element;
    check_float(op, t)?;
    let e = &mut ctx.e;
    let vt = TensorType::new(vec![xt.dims[f]], t);
    let count = per as f64;
    let sum = feature_sum(e, &x, &xt, f)?;
    let mean = feature_map(e, &vt, 0, &[(&sum, &vt)], |e, a| {
        let n = float_const(e, t, count);
        scalar::binary(e, "divide", &a[0], &n)
    })?;
    let sq = feature_map(e, &xt, f, &[(&x, &xt), (&mean, &vt)], |e, a| {
        let c = scalar::binary(e, "subtract", &a[0], &a[1])?;
        scalar::binary(e, "multiply", &c, &c)
    })?;
    let sq_sum = feature_sum(e, &sq, &xt, f)?;
    let var = feature_map(e, &vt, 0, &[(&sq_sum, &vt)], |e, a| {
        let n = float_const(e, t, count);
        scalar::binary(e, "divide", &a[0], &n)
    })?;
    let out = feature_map(e, &xt, f, &[(&x, &xt), (&scale, &st), (&offset, &ot), (&mean, &vt), (&var, &vt)], |e, a| {
        let (x, scale, offset, mean, var) = (&a[0], &a[1], &a[2], &a[3], &a[4]);
        let epsv = float_const(e, t, eps);
        let ve = scalar::binary(e, "add", var, &epsv)?;
        let sd = scalar::unary(e, "sqrt", &ve, t)?;
        let c = scalar::binary(e, "subtract", x, mean)?;
        let n = scalar::binary(e, "divide", &c, &sd)?;
        let s = scalar::binary(e, "multiply", &n, scale)?;
        scalar::binary(e, "add", &s, offset)
    })?;
    Ok(vec![out, mean, var])
}

/// XLA BatchNormGrad, as XLA's batch-norm expander computes it (and StableHLO's reference
/// follows): with `c = x - mean`, `sd = sqrt(variance + epsilon)`, N elements per feature,
/// `grad_offset = sum(dy)`, `grad_scale = sum(dy * c / sd)` and
/// `grad_operand = scale / sd / N * (dy * N - sum(dy) - c * sum(dy * c) / (variance + epsilon))`.
fn batch_norm_grad(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (scale, st) = ctx.tensor_operand(op, 1)?;
    let (mean, mt) = ctx.tensor_operand(op, 2)?;
    let (var, vt) = ctx.tensor_operand(op, 3)?;
    let (dy, dyt) = ctx.tensor_operand(op, 4)?;
    let eps = float_attr(op, "epsilon")?;
    let (f, per) = feature(op, &xt)?;
    let t = xt.element;
    check_float(op, t)?;
    let e = &mut ctx.e;
    let ft = TensorType::new(vec![xt.dims[f]], t);
    let count = per as f64;
    let grad_offset = feature_sum(e, &dy, &dyt, f)?;
    let dy_c = feature_map(e, &xt, f, &[(&dy, &dyt), (&x, &xt), (&mean, &mt)], |e, a| {
        let c = scalar::binary(e, "subtract", &a[1], &a[2])?;
        scalar::binary(e, "multiply", &a[0], &c)
    })?;
    let sum_dy_c = feature_sum(e, &dy_c, &xt, f)?;
    let dy_norm = feature_map(e, &xt, f, &[(&dy, &dyt), (&x, &xt), (&mean, &mt), (&var, &vt)], |e, a| {
        let c = scalar::binary(e, "subtract", &a[1], &a[2])?;
        let epsv = float_const(e, t, eps);
        let ve = scalar::binary(e, "add", &a[3], &epsv)?;
        let sd = scalar::unary(e, "sqrt", &ve, t)?;
        let n = scalar::binary(e, "divide", &c, &sd)?;
        scalar::binary(e, "multiply", &a[0], &n)
    })?;
    let grad_scale = feature_sum(e, &dy_norm, &xt, f)?;
    let ins = [(dy.as_str(), &dyt), (x.as_str(), &xt), (mean.as_str(), &mt), (var.as_str(), &vt), (scale.as_str(), &st), (grad_offset.as_str(), &ft), (sum_dy_c.as_str(), &ft)];
    let grad_operand = feature_map(e, &xt, f, &ins, |e, a| {
        let (dy, x, mean, var, scale, sum_dy, sum_dy_c) = (&a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6]);
        let n = float_const(e, t, count);
        let epsv = float_const(e, t, eps);
        let c = scalar::binary(e, "subtract", x, mean)?;
        let ve = scalar::binary(e, "add", var, &epsv)?;
        let sd = scalar::unary(e, "sqrt", &ve, t)?;
        let i1 = scalar::binary(e, "multiply", dy, &n)?;
        let i4 = scalar::binary(e, "multiply", sum_dy_c, &c)?;
        let i5 = scalar::binary(e, "divide", &i4, &ve)?;
        let i6a = scalar::binary(e, "subtract", &i1, sum_dy)?;
        let i6 = scalar::binary(e, "subtract", &i6a, &i5)?;
        let k1 = scalar::binary(e, "divide", scale, &sd)?;
        let k2 = scalar::binary(e, "divide", &k1, &n)?;
        scalar::binary(e, "multiply", &k2, &i6)
    })?;
    Ok(vec![grad_operand, grad_scale, grad_offset])
}

#[cfg(test)]
mod tests {
    use crate::testing::lower_ok;

    #[test]
    fn batch_norm_training_returns_output_mean_and_variance() {
        let out = lower_ok(
            "%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>",
            r#"  %r:3 = "xhlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %r = "xhlo.add"(%r#0, %r#0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"#,
            "tensor<2x3xf32>",
        );
        // Two per-feature sums (mean, variance) reduce over the batch dimension.
        assert_eq!(out.matches("iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>]").count(), 2, "{out}");
    }

    #[test]
    fn batch_norm_inference_broadcasts_per_feature_operands() {
        let out = lower_ok(
            "%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>",
            r#"  %r = "xhlo.batch_norm_inference"(%x, %s, %o, %m, %v) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>"#,
            "tensor<2x3x4xf32>",
        );
        assert_eq!(out.matches("affine_map<(d0, d1, d2) -> (d1)>").count(), 4, "{out}");
        assert!(out.contains("math.sqrt"), "{out}");
    }
}

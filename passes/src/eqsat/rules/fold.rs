//! Constant folding of element-wise and data-movement ops on small constants (at most
//! [`FOLD_LIMIT`] elements), with the exact semantics the compiled code has:
//!
//! - floats (f16, bf16, f32, f64): `+ - * /` and `sqrt` are computed in f64 on the exact
//!   operand values and rounded once to the element type; f64 has more than twice the
//!   precision of each narrower type plus two bits, so this equals the correctly rounded
//!   narrow result (IEEE 754). Transcendentals are not folded (their results depend on the
//!   math library).
//! - integers wrap at their width; division by zero and `MIN / -1` are left alone.
//! - `compare` folds for floats (IEEE, unordered compares false except NE) and integers with
//!   their own signedness; `TOTALORDER` is left alone.
//! - `convert` folds int→int (wrapping), int→float when the integer is exact in f64, and
//!   float→float (one rounding); float→int is left alone.
//! - `broadcast_in_dim`, `reshape`, `transpose` and `select` move values.

use crate::eqsat::analysis::{dims_of, XEGraph, FOLD_LIMIT};
use crate::eqsat::language::Xhlo;
use egg::Id;
use xhlo_ir::literal::{Literal, Scalar};
use xhlo_ir::{ElementType, TensorType, Type};

fn lit(egraph: &XEGraph, id: Id) -> Option<&Literal> {
    egraph[id].data.lit.as_deref()
}

fn is_float(t: ElementType) -> bool {
    matches!(t, ElementType::F16 | ElementType::BF16 | ElementType::F32 | ElementType::F64)
}

fn float(s: Scalar) -> Option<f64> {
    match s {
        Scalar::Float(f) => Some(f),
        _ => None,
    }
}

fn int(s: Scalar) -> Option<i128> {
    match s {
        Scalar::Int(i) => Some(i),
        _ => None,
    }
}

/// The value of `node` when its operands are known constants and it is small.
pub fn fold(egraph: &XEGraph, node: &Xhlo, result: &Type) -> Option<Literal> {
    let out_ty = result.as_tensor()?;
    if out_ty.num_elements() > FOLD_LIMIT || out_ty.layout.is_some() {
        return None;
    }
    let out_ty = TensorType::new(out_ty.dims.clone(), out_ty.element);
    match node {
        Xhlo::Add([a, b]) | Xhlo::Subtract([a, b]) | Xhlo::Multiply([a, b]) | Xhlo::Divide([a, b]) | Xhlo::Maximum([a, b]) | Xhlo::Minimum([a, b]) | Xhlo::And([a, b]) | Xhlo::Or([a, b]) | Xhlo::Xor([a, b]) => {
            let (x, y) = (lit(egraph, *a)?, lit(egraph, *b)?);
            let e = x.ty.element;
            let values = x.scalars().zip(y.scalars()).map(|(p, q)| binary(node, e, p, q)).collect::<Option<Vec<_>>>()?;
            Some(Literal::from_scalars(out_ty, &values))
        }
        Xhlo::Negate([a]) | Xhlo::Abs([a]) | Xhlo::Not([a]) | Xhlo::Sqrt([a]) => {
            let x = lit(egraph, *a)?;
            let e = x.ty.element;
            let values = x.scalars().map(|p| unary(node, e, p)).collect::<Option<Vec<_>>>()?;
            Some(Literal::from_scalars(out_ty, &values))
        }
        Xhlo::Convert([_, a]) => {
            let x = lit(egraph, *a)?;
            let (from, to) = (x.ty.element, out_ty.element);
            let ok = |s: Scalar| match s {
                Scalar::Int(i) if to.is_int_or_pred() => Some(Scalar::Int(if to.is_pred() { (i != 0) as i128 } else { i })),
                Scalar::Int(i) if is_float(to) && i.unsigned_abs() <= 1u128 << 53 => Some(Scalar::Float(i as f64)),
                Scalar::Float(f) if is_float(to) && is_float(from) => Some(Scalar::Float(f)),
                _ => None,
            };
            let values = x.scalars().map(ok).collect::<Option<Vec<_>>>()?;
            Some(Literal::from_scalars(out_ty, &values))
        }
        Xhlo::Compare([dir, ct, a, b]) => {
            let (x, y) = (lit(egraph, *a)?, lit(egraph, *b)?);
            let dir = sym(egraph, *dir)?;
            let ct = sym(egraph, *ct)?;
            let e = x.ty.element;
            let type_ok = match ct.as_str() {
                "none" => true,
                "FLOAT" => is_float(e),
                "SIGNED" => e.is_signed_int() || e.is_pred(),
                "UNSIGNED" => e.is_unsigned_int() || e.is_pred(),
                _ => false,
            };
            if !type_ok || !(is_float(e) || e.is_int_or_pred()) {
                return None;
            }
            let values = x.scalars().zip(y.scalars()).map(|(p, q)| compare(&dir, p, q)).collect::<Option<Vec<_>>>()?;
            Some(Literal::from_scalars(out_ty, &values))
        }
        Xhlo::Select([p, a, b]) => {
            let (p, x, y) = (lit(egraph, *p)?, lit(egraph, *a)?, lit(egraph, *b)?);
            let values: Vec<Scalar> = (0..x.len())
                .map(|i| {
                    let take = if p.len() == 1 { p.get(0) } else { p.get(i) };
                    if take != Scalar::Int(0) { x.get(i) } else { y.get(i) }
                })
                .collect();
            Some(Literal::from_scalars(out_ty, &values))
        }
        Xhlo::Reshape([_, a]) => {
            let x = lit(egraph, *a)?;
            Some(Literal { ty: out_ty, bytes: x.bytes.clone() })
        }
        Xhlo::BroadcastInDim([_, d, a]) => {
            let x = lit(egraph, *a)?;
            let dims = &dims_of(egraph, *d)?.0;
            let values = gather(&out_ty.dims, |index| {
                let source: Vec<i64> = dims.iter().enumerate().map(|(k, &d)| if x.ty.dims[k] == 1 { 0 } else { index[d as usize] }).collect();
                x.get(linear(&x.ty.dims, &source))
            });
            Some(Literal::from_scalars(out_ty, &values))
        }
        Xhlo::Transpose([p, a]) => {
            let x = lit(egraph, *a)?;
            let perm = &dims_of(egraph, *p)?.0;
            let values = gather(&out_ty.dims, |index| {
                // result[i...] = x[j...] with j[perm[k]] = i[k].
                let mut source = vec![0; perm.len()];
                for (k, &p) in perm.iter().enumerate() {
                    source[p as usize] = index[k];
                }
                x.get(linear(&x.ty.dims, &source))
            });
            Some(Literal::from_scalars(out_ty, &values))
        }
        _ => None,
    }
}

fn sym(egraph: &XEGraph, id: Id) -> Option<String> {
    egraph[id].nodes.iter().find_map(|n| match n {
        Xhlo::Sym(s) => Some(s.as_str().to_string()),
        _ => None,
    })
}

/// Row-major linear index.
fn linear(dims: &[i64], index: &[i64]) -> usize {
    let mut i = 0i64;
    for (d, x) in dims.iter().zip(index) {
        i = i * d + x;
    }
    i as usize
}

/// Values for every index of `dims` in row-major order.
fn gather(dims: &[i64], mut at: impl FnMut(&[i64]) -> Scalar) -> Vec<Scalar> {
    let n: i64 = dims.iter().product();
    let mut out = Vec::with_capacity(n as usize);
    let mut index = vec![0i64; dims.len()];
    for _ in 0..n {
        out.push(at(&index));
        for k in (0..dims.len()).rev() {
            index[k] += 1;
            if index[k] < dims[k] {
                break;
            }
            index[k] = 0;
        }
    }
    out
}

fn binary(node: &Xhlo, e: ElementType, p: Scalar, q: Scalar) -> Option<Scalar> {
    if is_float(e) {
        let (x, y) = (float(p)?, float(q)?);
        return Some(Scalar::Float(match node {
            Xhlo::Add(_) => x + y,
            Xhlo::Subtract(_) => x - y,
            Xhlo::Multiply(_) => x * y,
            Xhlo::Divide(_) => x / y,
            _ => return None,
        }));
    }
    if !e.is_int_or_pred() {
        return None;
    }
    let (x, y) = (int(p)?, int(q)?);
    let logical = matches!(node, Xhlo::And(_) | Xhlo::Or(_) | Xhlo::Xor(_));
    if e.is_pred() && !logical {
        return None;
    }
    Some(Scalar::Int(match node {
        Xhlo::Add(_) => x + y,
        Xhlo::Subtract(_) => x - y,
        Xhlo::Multiply(_) => x.wrapping_mul(y),
        Xhlo::Divide(_) => {
            let min = if e.is_signed_int() { -(1i128 << (e.bit_width() - 1)) } else { 0 };
            if y == 0 || (e.is_signed_int() && x == min && y == -1) {
                return None;
            }
            x / y
        }
        Xhlo::Maximum(_) => x.max(y),
        Xhlo::Minimum(_) => x.min(y),
        Xhlo::And(_) => x & y,
        Xhlo::Or(_) => x | y,
        Xhlo::Xor(_) => x ^ y,
        _ => return None,
    }))
}

fn unary(node: &Xhlo, e: ElementType, p: Scalar) -> Option<Scalar> {
    if is_float(e) {
        let x = float(p)?;
        return Some(Scalar::Float(match node {
            Xhlo::Negate(_) => -x,
            Xhlo::Abs(_) => x.abs(),
            Xhlo::Sqrt(_) => x.sqrt(),
            _ => return None,
        }));
    }
    let x = int(p)?;
    Some(Scalar::Int(match node {
        Xhlo::Not(_) if e.is_pred() => (x == 0) as i128,
        Xhlo::Not(_) if e.is_int() => !x,
        Xhlo::Negate(_) if e.is_int() => -x,
        Xhlo::Abs(_) if e.is_signed_int() => x.abs(),
        _ => return None,
    }))
}

fn compare(dir: &str, p: Scalar, q: Scalar) -> Option<Scalar> {
    let ord = match (p, q) {
        (Scalar::Float(x), Scalar::Float(y)) => x.partial_cmp(&y),
        (Scalar::Int(x), Scalar::Int(y)) => Some(x.cmp(&y)),
        _ => return None,
    };
    use std::cmp::Ordering::*;
    let r = match (dir, ord) {
        ("NE", None) => true,
        (_, None) => false,
        ("EQ", Some(o)) => o == Equal,
        ("NE", Some(o)) => o != Equal,
        ("LT", Some(o)) => o == Less,
        ("LE", Some(o)) => o != Greater,
        ("GT", Some(o)) => o == Greater,
        ("GE", Some(o)) => o != Less,
        _ => return None,
    };
    Some(Scalar::Int(r as i128))
}

//! The text StableHLO's interpreter prints for a tensor (`interpreter.print`, and the
//! results its `--interpret` mode prints), which the suite's FileCheck lines expect:
//!
//! ```text
//! tensor<2x2xi8> {
//!   [
//!     [1, 2],
//!     [3, 4]
//!   ]
//! }
//! ```
//!
//! A scalar is `tensor<ui8> {1}`; floats are C's `%e` (`1.000000e+00`), booleans
//! `true`/`false`, complex numbers `[re, im]`.

use crate::ir::literal::{Literal, Scalar};

/// `lit` as the interpreter prints it, after its type as written (`ty`, StableHLO's
/// spelling: the type comes from the source, not from our types).
pub fn text(lit: &Literal, ty: &str) -> String {
    let dims: Vec<usize> = lit.ty.dims.iter().map(|&d| d.max(0) as usize).collect();
    let element = |i: usize| element(lit.get(i), lit.ty.element.is_pred());
    if dims.is_empty() {
        return format!("{ty} {{{}}}", element(0));
    }
    let mut out = format!("{ty} {{\n  ");
    nested(&mut out, &dims, 0, 0, &element);
    out.push_str("\n}");
    out
}

/// The elements from flat index `first` spanning `dims[depth..]`, as nested lists; inner
/// lists go on lines of their own, indented two spaces per level.
fn nested(out: &mut String, dims: &[usize], depth: usize, first: usize, element: &dyn Fn(usize) -> String) {
    let inner: usize = dims[depth + 1..].iter().product();
    if depth + 1 == dims.len() {
        let items: Vec<String> = (0..dims[depth]).map(|i| element(first + i)).collect();
        out.push_str(&format!("[{}]", items.join(", ")));
        return;
    }
    if dims[depth] == 0 {
        out.push_str("[]");
        return;
    }
    let pad = "  ".repeat(depth + 2);
    out.push('[');
    for i in 0..dims[depth] {
        out.push_str(if i == 0 { "\n" } else { ",\n" });
        out.push_str(&pad);
        nested(out, dims, depth + 1, first + i * inner, element);
    }
    out.push('\n');
    out.push_str(&"  ".repeat(depth + 1));
    out.push(']');
}

fn element(s: Scalar, pred: bool) -> String {
    match s {
        Scalar::Int(v) if pred => (if v != 0 { "true" } else { "false" }).to_string(),
        Scalar::Int(v) => v.to_string(),
        Scalar::Float(f) => c_exponent(f),
        Scalar::Complex(re, im) => format!("[{}, {}]", c_exponent(re), c_exponent(im)),
    }
}

/// `printf("%e", f)`: six decimals and an exponent of at least two digits with its sign.
fn c_exponent(f: f64) -> String {
    if f.is_nan() {
        return if f.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if f.is_infinite() {
        return if f < 0.0 { "-inf" } else { "inf" }.into();
    }
    let s = format!("{f:.6e}");
    let (mantissa, exponent) = s.split_once('e').expect("{:e} has an exponent");
    let e: i32 = exponent.parse().expect("{:e}'s exponent is an integer");
    format!("{mantissa}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{ElementType, TensorType};

    fn ints(dims: &[i64], element: ElementType, v: &[i128]) -> Literal {
        Literal::from_scalars(TensorType::new(dims.to_vec(), element), &v.iter().map(|&i| Scalar::Int(i)).collect::<Vec<_>>())
    }

    /// The texts printing.mlir's CHECK lines expect.
    #[test]
    fn prints_as_the_interpreter_does() {
        assert_eq!(text(&ints(&[4], ElementType::S8, &[1, 2, -3, -4]), "tensor<4xi8>"), "tensor<4xi8> {\n  [1, 2, -3, -4]\n}");
        assert_eq!(text(&ints(&[], ElementType::U8, &[1]), "tensor<ui8>"), "tensor<ui8> {1}");
        assert_eq!(text(&ints(&[2], ElementType::Pred, &[1, 0]), "tensor<2xi1>"), "tensor<2xi1> {\n  [true, false]\n}");
        assert_eq!(text(&ints(&[2, 2], ElementType::S8, &[1, 2, 3, 4]), "t"), "t {\n  [\n    [1, 2],\n    [3, 4]\n  ]\n}");
        let cube = text(&ints(&[2, 2, 2], ElementType::S64, &[0, 1, 2, 3, 4, 0, 1, 2]), "t");
        assert_eq!(cube, "t {\n  [\n    [\n      [0, 1],\n      [2, 3]\n    ],\n    [\n      [4, 0],\n      [1, 2]\n    ]\n  ]\n}");
        assert_eq!(text(&ints(&[0], ElementType::U8, &[]), "t"), "t {\n  []\n}");
        assert_eq!(text(&ints(&[0, 2], ElementType::S8, &[]), "t"), "t {\n  []\n}");
        assert_eq!(text(&ints(&[2, 0], ElementType::S8, &[]), "t"), "t {\n  [\n    [],\n    []\n  ]\n}");
        let floats = Literal::from_scalars(TensorType::new(vec![4], ElementType::F16), &[1.0, 2.0, -3.0, -4.0].map(Scalar::Float));
        assert_eq!(text(&floats, "t"), "t {\n  [1.000000e+00, 2.000000e+00, -3.000000e+00, -4.000000e+00]\n}");
        let complex = Literal::from_scalars(TensorType::new(vec![1], ElementType::C64), &[Scalar::Complex(3.14, 1.0)]);
        assert_eq!(text(&complex, "t"), "t {\n  [[3.140000e+00, 1.000000e+00]]\n}");
        assert_eq!(c_exponent(1.5e-7), "1.500000e-07");
        assert_eq!(c_exponent(-2.5e123), "-2.500000e+123");
    }
}

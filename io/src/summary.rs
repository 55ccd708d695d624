//! The one line a runner prints for a result: its type, and the sum, least and greatest of
//! its values (a complex value counts its real part). `xla-run` and `xhlo-gpu-run` print the
//! same line, so their outputs can be compared as text.

use xhlo_ir::literal::{Literal, Scalar};

/// `tensor<4x3xf32>  sum=4.000000e0 min=2.554921e-2 max=7.813929e-1`, or `... (empty)`.
pub fn of(lit: &Literal) -> String {
    let n = lit.len();
    let mut sum = 0f64;
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in lit.scalars() {
        let x = match v {
            Scalar::Int(i) => i as f64,
            Scalar::Float(f) => f,
            Scalar::Complex(re, _) => re,
        };
        sum += x;
        lo = lo.min(x);
        hi = hi.max(x);
    }
    if n == 0 {
        return format!("{} (empty)", lit.ty);
    }
    format!("{}  sum={sum:.6e} min={lo:.6e} max={hi:.6e}", lit.ty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use xhlo_ir::{ElementType, TensorType};

    #[test]
    fn summary_names_type_sum_min_max() {
        let lit = Literal::from_scalars(TensorType::new([3], ElementType::S32), &[Scalar::Int(2), Scalar::Int(-5), Scalar::Int(7)]);
        assert_eq!(of(&lit), "tensor<3xi32>  sum=4.000000e0 min=-5.000000e0 max=7.000000e0");
    }

    #[test]
    fn summary_of_an_empty_tensor_says_so() {
        assert_eq!(of(&Literal::zeros(TensorType::new([0, 2], ElementType::F32))), "tensor<0x2xf32> (empty)");
    }
}

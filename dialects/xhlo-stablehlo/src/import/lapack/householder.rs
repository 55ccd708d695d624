//! `geqrf` (Householder QR) and `orgqr` (Q from the reflectors), what JAX calls for
//! `jnp.linalg.qr` on CPU, expanded into xhlo ops as LAPACK's unblocked `geqr2` and `org2r`
//! define them, so that R's and Q's signs are LAPACK's:
//!
//! - geqrf, step `i < min(m, n)`: `dlarfg` on column `i` (`alpha = a[i, i]`, `x` below it):
//!   `beta = -sign(alpha) hypot(alpha, |x|)`, `tau = (beta - alpha) / beta`,
//!   `v = x · (1 / (alpha - beta))` (`tau = 0`, nothing changed, when `x` is zero); then
//!   `H = I - tau [1; v] [1; v]ᵀ` is applied to the columns right of `i`
//!   (`C -= [1; v] (tau [1; v]ᵀ C)`, as `dlarf`). `|x|` is computed scaled by its largest
//!   magnitude, as `dnrm2`, so that it neither overflows nor underflows. (LAPACK also
//!   rescales when `|beta|` is below the smallest normal number; that is not done here.)
//! - orgqr: `Q = H(0) ... H(k-1)` applied to the first `n` columns of the identity, `H(k-1)`
//!   first; the columns left of `i` are unit vectors `H(i)` leaves alone, so applying it to
//!   every column gives `org2r`'s numbers.

use super::batch::{sqrt_one_plus_square, bcast, counted_loop, expect_type, fsplat, index_mask, iota, put, rank1_update, reduce_rows, reshape, take, vec_mat, Shape};
use super::super::chlo::{bin, cmp, convert, i64_scalar, select, un};
use super::super::types::{dims_of, element_of, tensor};
use super::super::{Cx, Src, Val};
use mlir_text::ast::Type;

pub fn geqrf(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(1)?;
    let a = src.operands[0].clone();
    let s = Shape::of(&a.ty, "geqrf")?;
    let (m, n, b) = (s.m, s.n, s.count());
    let k = m.min(n);
    let [packed_ty, taus_ty] = src.results.as_slice() else {
        return Err(format!("a LAPACK geqrf call has 2 results (reflectors and R, taus), got {}", src.results.len()));
    };
    expect_type("first result of geqrf", packed_ty, &a.ty)?;
    expect_type("taus result of geqrf", taus_ty, &s.ty(&[k], None))?;

    let a3 = reshape(cx, &a, &[b, m, n]);
    let (packed, taus) = factor(cx, &a3, &s.element);
    Ok(vec![reshape(cx, &packed, &s.dims(&[m, n])), reshape(cx, &taus, &s.dims(&[k]))])
}

/// geqr2 on `a: [b, m, n]`: (reflectors below the diagonal and R, taus `[b, min(m, n)]`).
pub fn factor(cx: &mut Cx, a: &Val, element: &Type) -> (Val, Val) {
    let d = dims_of(&a.ty).unwrap_or_default();
    let (b, m, n) = (d[0], d[1], d[2]);
    let k = m.min(n);
    let s_element = element.clone();
    let taus = fsplat(cx, 0.0, &tensor(&[b, k], element.clone()));
    let out = counted_loop(cx, k, vec![a.clone(), taus], |cx, i, state| {
        let (a, taus) = (&state[0], &state[1]);
        let dims = [b, m, n];
        let column = take(cx, a, 2, i);
        let row = take(cx, a, 1, i);
        let row3 = reshape(cx, &row, &[b, n, 1]);
        let alpha = take(cx, &row3, 1, i);
        let alpha = reshape(cx, &alpha, &[b]);
        let below = index_mask(cx, &[b, m], 1, "GT", i);
        let zeros_m = fsplat(cx, 0.0, &column.ty);
        let x = select(cx, &below, &column, &zeros_m);

        // |x|, scaled by its largest magnitude.
        let scalar = tensor(&[], s_element.clone());
        let zero = fsplat(cx, 0.0, &scalar);
        let magnitude = un(cx, "xhlo.abs", &x);
        let largest = reduce_rows(cx, &magnitude, "xhlo.maximum", &zero);
        let zero_b = fsplat(cx, 0.0, &alpha.ty);
        let one_b = fsplat(cx, 1.0, &alpha.ty);
        let trivial = cmp(cx, "EQ", &largest, &zero_b);
        let scale = select(cx, &trivial, &one_b, &largest);
        let scale_m = bcast(cx, &scale, &[0], &[b, m]);
        let scaled = bin(cx, "xhlo.divide", &x, &scale_m);
        let squares = bin(cx, "xhlo.multiply", &scaled, &scaled);
        let sum = reduce_rows(cx, &squares, "xhlo.add", &zero);
        let root = un(cx, "xhlo.sqrt", &sum);
        let xnorm = bin(cx, "xhlo.multiply", &scale, &root);

        // beta = -sign(alpha) hypot(alpha, xnorm), as dlapy2: w sqrt(1 + (z/w)^2).
        let abs_alpha = un(cx, "xhlo.abs", &alpha);
        let w = bin(cx, "xhlo.maximum", &abs_alpha, &xnorm);
        let z = bin(cx, "xhlo.minimum", &abs_alpha, &xnorm);
        let w_safe = select(cx, &trivial, &one_b, &w);
        let r = bin(cx, "xhlo.divide", &z, &w_safe);
        let r2 = sqrt_one_plus_square(cx, &r, &one_b);
        let norm = bin(cx, "xhlo.multiply", &w, &r2);
        let negative = cmp(cx, "LT", &alpha, &zero_b);
        let minus_norm = un(cx, "xhlo.negate", &norm);
        let beta = select(cx, &negative, &norm, &minus_norm);
        let beta = select(cx, &trivial, &alpha, &beta);
        let beta_safe = select(cx, &trivial, &one_b, &beta);
        let diff = bin(cx, "xhlo.subtract", &beta, &alpha);
        let tau = bin(cx, "xhlo.divide", &diff, &beta_safe);
        let tau = select(cx, &trivial, &zero_b, &tau);
        let denominator = bin(cx, "xhlo.subtract", &alpha, &beta);
        let denominator = select(cx, &trivial, &one_b, &denominator);
        let reciprocal = bin(cx, "xhlo.divide", &one_b, &denominator);
        let reciprocal = bcast(cx, &reciprocal, &[0], &[b, m]);
        let v = bin(cx, "xhlo.multiply", &x, &reciprocal);
        let trivial_m = bcast(cx, &trivial, &[0], &[b, m]);
        let v = select(cx, &trivial_m, &x, &v);
        let v_full = reflector(cx, &v, i, b, m);

        // Apply H to the columns right of i, then store beta and v in column i.
        let w = vec_mat(cx, &v_full, a);
        let tau_n = bcast(cx, &tau, &[0], &[b, n]);
        let t = bin(cx, "xhlo.multiply", &tau_n, &w);
        let right = index_mask(cx, &dims, 2, "GT", i);
        let from_i = index_mask(cx, &dims, 1, "GE", i);
        let trailing = bin(cx, "xhlo.and", &right, &from_i);
        let a = rank1_update(cx, a, &v_full, &t, &trailing);
        let on_column = index_mask(cx, &dims, 2, "EQ", i);
        let below3 = index_mask(cx, &dims, 1, "GT", i);
        let on_row = index_mask(cx, &dims, 1, "EQ", i);
        let v3 = bcast(cx, &v, &[0, 1], &dims);
        let beta3 = bcast(cx, &beta, &[0], &dims);
        let store_v = bin(cx, "xhlo.and", &on_column, &below3);
        let a = select(cx, &store_v, &v3, &a);
        let store_beta = bin(cx, "xhlo.and", &on_column, &on_row);
        let a = select(cx, &store_beta, &beta3, &a);
        let taus = put(cx, taus, &tau, i);
        vec![a, taus]
    });
    (out[0].clone(), out[1].clone())
}

pub fn orgqr(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(2)?;
    let (a, taus) = (src.operands[0].clone(), src.operands[1].clone());
    let s = Shape::of(&a.ty, "orgqr")?;
    let (m, n, b) = (s.m, s.n, s.count());
    let k = match dims_of(&taus.ty) {
        Some(d) if d.len() == s.batch.len() + 1 && d[..s.batch.len()] == s.batch[..] => d[s.batch.len()],
        _ => return Err(format!("the taus of a LAPACK orgqr call must be one vector per matrix, got {}", mlir_text::print::type_to_string(&taus.ty))),
    };
    expect_type("taus operand of orgqr", &taus.ty, &s.ty(&[k], None))?;
    if !(k <= n && n <= m) {
        return Err(format!("LAPACK orgqr needs m >= n >= k, got m = {m}, n = {n}, k = {k}"));
    }
    expect_type("result of orgqr", src.result()?, &a.ty)?;

    let a3 = reshape(cx, &a, &[b, m, n]);
    let taus2 = reshape(cx, &taus, &[b, k]);
    let q = form_q(cx, &a3, &taus2, &s.element);
    Ok(vec![reshape(cx, &q, &s.dims(&[m, n]))])
}

/// org2r: Q `[b, m, n]` from the reflectors in `a: [b, m, n]` and `taus: [b, k]`.
pub fn form_q(cx: &mut Cx, a3: &Val, taus2: &Val, element: &Type) -> Val {
    let d = dims_of(&a3.ty).unwrap_or_default();
    let (b, m, n) = (d[0], d[1], d[2]);
    let k = dims_of(&taus2.ty).unwrap_or_default()[1];
    let dims = [b, m, n];
    let rows = iota(cx, &dims, 1);
    let cols = iota(cx, &dims, 2);
    let diagonal = cmp(cx, "EQ", &rows, &cols);
    let identity = convert(cx, &diagonal, element.clone());
    let out = counted_loop(cx, k, vec![identity], |cx, t, state| {
        let q = &state[0];
        let last = i64_scalar(cx, k - 1);
        let i = bin(cx, "xhlo.subtract", &last, t);
        let column = take(cx, a3, 2, &i);
        let below = index_mask(cx, &[b, m], 1, "GT", &i);
        let zeros_m = fsplat(cx, 0.0, &column.ty);
        let v = select(cx, &below, &column, &zeros_m);
        let v_full = reflector(cx, &v, &i, b, m);
        let tau = take(cx, taus2, 1, &i);
        let w = vec_mat(cx, &v_full, q);
        let tau_n = bcast(cx, &tau, &[0], &[b, n]);
        let t = bin(cx, "xhlo.multiply", &tau_n, &w);
        let from_i = index_mask(cx, &dims, 1, "GE", &i);
        vec![rank1_update(cx, q, &v_full, &t, &from_i)]
    });
    out[0].clone()
}

/// The reflector `[0 ... 0, 1, v]` (1 at row `i`) from `v: [b, m]`, zero at and above row `i`.
fn reflector(cx: &mut Cx, v: &Val, i: &Val, b: i64, m: i64) -> Val {
    let on_i = index_mask(cx, &[b, m], 1, "EQ", i);
    let element = element_of(&v.ty).cloned().unwrap_or(Type::None);
    let one = fsplat(cx, 1.0, &tensor(&[b, m], element));
    select(cx, &on_i, &one, v)
}

//! `gesdd` (the SVD JAX calls for `jnp.linalg.svd`, and through it `pinv`, `lstsq`,
//! `matrix_rank`, `norm(ord=2)`, on CPU) as a one-sided Jacobi method (Hestenes) in xhlo ops,
//! instead of LAPACK's divide and conquer. On `X = A` (`Aᵀ` when `A` is wide, so that `X` is
//! `M x N` with `M >= N`), sweeps over the column pairs `p < q` rotate columns `p, q` until
//! they are orthogonal (the symmetric Jacobi rotation of their Gram matrix `[[α, γ], [γ, β]]`,
//! skipped when `|γ| <= M eps sqrt(α β)`), the rotations accumulated in `V`; sweeps stop when one
//! rotates nothing, or after 30 (then `info` is 1, LAPACK's failure to converge). Then
//! `σ_j = |x_j|`, sorted descending with `x`'s and `V`'s columns, and `U = x / σ`, completed to
//! a full orthonormal basis by a Householder QR of `U` (its Q, the columns' signs restored from
//! R's diagonal), which also fills the columns of zero singular values. The singular vectors'
//! signs are not LAPACK's (arbitrary there as well); `A`, which LAPACK overwrites, is returned
//! unchanged.

use super::batch::{sqrt_one_plus_square, jacobi_rotation, jacobi_sweeps, unit_roundoff, bcast, expect_type, fsplat, iota, leading, place, reduce_rows, reshape, sort_with_columns, take, transpose, Shape};
use super::super::attrs::i64_attr;
use super::super::chlo::{bin, cmp, convert, select, splat_body, un};
use super::super::types::{dims_of, i1, int, tensor};
use super::super::{Cx, Src, Val};
use super::householder::{factor, form_q};
use mlir_text::ast::Type;

/// `full`: U and Vᵀ square (mode A) or not (mode S); `None` (mode N): as the results declare.
pub fn gesdd(cx: &mut Cx, src: &Src, full: Option<bool>) -> Result<Vec<Val>, String> {
    src.expect_operands(1)?;
    let a = src.operands[0].clone();
    let s = Shape::of(&a.ty, "gesdd")?;
    let (m, n, b) = (s.m, s.n, s.count());
    let k = m.min(n);
    let [a_ty, s_ty, u_ty, vt_ty, info_ty] = src.results.as_slice() else {
        return Err(format!("a LAPACK gesdd call has 5 results (a, s, u, vt, info), got {}", src.results.len()));
    };
    let full = full.unwrap_or_else(|| *u_ty == s.ty(&[m, m], None) && *vt_ty == s.ty(&[n, n], None));
    let (u_cols, vt_rows) = if full { (m, n) } else { (k, k) };
    expect_type("first result of gesdd", a_ty, &a.ty)?;
    expect_type("singular values result of gesdd", s_ty, &s.ty(&[k], None))?;
    expect_type("u result of gesdd", u_ty, &s.ty(&[m, u_cols], None))?;
    expect_type("vt result of gesdd", vt_ty, &s.ty(&[vt_rows, n], None))?;
    expect_type("info result of gesdd", info_ty, &s.ty(&[], Some(int(32, false))))?;

    let a3 = reshape(cx, &a, &[b, m, n]);
    let wide = m < n;
    let x = if wide { transpose(cx, &a3) } else { a3 };
    let (big, small) = (m.max(n), k);
    let eps = unit_roundoff(&s.element);
    let tolerance = big as f64 * eps;

    let vdims = [b, small, small];
    let rows = iota(cx, &vdims, 1);
    let cols = iota(cx, &vdims, 2);
    let diagonal = cmp(cx, "EQ", &rows, &cols);
    let identity = convert(cx, &diagonal, s.element.clone());
    // A sweep has converged when it rotated no pair of columns.
    let (x, v, converged) = jacobi_sweeps(
        cx,
        small,
        b,
        x,
        identity,
        &|cx| vec![splat_body(cx, "false".into(), &tensor(&[b], i1()))],
        &|cx, p, q, st| rotate_columns(cx, &st[0], &st[1], &st[2], p, q, tolerance),
        &|cx, st| un(cx, "xhlo.not", &st[2]),
    );
    let (x, v, converged) = (&x, &v, &converged);

    // σ_j = |x_j|, descending, with x's and V's columns.
    let squares = bin(cx, "xhlo.multiply", x, x);
    let per_column = transpose(cx, &squares);
    let per_column = reshape(cx, &per_column, &[b * small, big]);
    let zero = fsplat(cx, 0.0, &tensor(&[], s.element.clone()));
    let sums = reduce_rows(cx, &per_column, "xhlo.add", &zero);
    let sums = reshape(cx, &sums, &[b, small]);
    let sigma = un(cx, "xhlo.sqrt", &sums);
    let (sigma, mut sorted) = sort_with_columns(cx, &sigma, "GT", &[x.clone(), v.clone()]);
    let (x, v) = (sorted.remove(0), sorted.remove(0));

    // U = x / σ (0 where σ is 0), then completed: Q of its QR, signed by R's diagonal.
    let zeros = fsplat(cx, 0.0, &sigma.ty);
    let ones = fsplat(cx, 1.0, &sigma.ty);
    let vanished = cmp(cx, "EQ", &sigma, &zeros);
    let divisor = select(cx, &vanished, &ones, &sigma);
    let xdims = [b, big, small];
    let divisor = bcast(cx, &divisor, &[0, 2], &xdims);
    let u = bin(cx, "xhlo.divide", &x, &divisor);
    let vanished = bcast(cx, &vanished, &[0, 2], &xdims);
    let zero_x = fsplat(cx, 0.0, &u.ty);
    let u = select(cx, &vanished, &zero_x, &u);
    let (packed, taus) = factor(cx, &u, &s.element);
    let square = if big > small {
        let pad = fsplat(cx, 0.0, &tensor(&[b, big, big - small], s.element.clone()));
        cx.emit1("xhlo.concatenate", &[packed.clone(), pad], vec![("dimension".into(), i64_attr(2))], tensor(&[b, big, big], s.element.clone()))
    } else {
        packed.clone()
    };
    let q = form_q(cx, &square, &taus, &s.element);
    let r_diagonal = {
        let rdims = [b, big, small];
        let r_rows = iota(cx, &rdims, 1);
        let r_cols = iota(cx, &rdims, 2);
        let on = cmp(cx, "EQ", &r_rows, &r_cols);
        let zero_r = fsplat(cx, 0.0, &packed.ty);
        let d = select(cx, &on, &packed, &zero_r);
        let d = transpose(cx, &d);
        let d = reshape(cx, &d, &[b * small, big]);
        let d = reduce_rows(cx, &d, "xhlo.add", &zero);
        reshape(cx, &d, &[b, small])
    };
    let negative = cmp(cx, "LT", &r_diagonal, &zeros);
    let minus = un(cx, "xhlo.negate", &ones);
    let signs = select(cx, &negative, &minus, &ones);
    let signs = if big > small {
        let rest = fsplat(cx, 1.0, &tensor(&[b, big - small], s.element.clone()));
        cx.emit1("xhlo.concatenate", &[signs, rest], vec![("dimension".into(), i64_attr(1))], tensor(&[b, big], s.element.clone()))
    } else {
        signs
    };
    let qdims = [b, big, big];
    let signs = bcast(cx, &signs, &[0, 2], &qdims);
    let u_full = bin(cx, "xhlo.multiply", &q, &signs);

    // Back to A: A = U Σ Vᵀ; for a wide A, Aᵀ = U' Σ V'ᵀ gives U = V', Vᵀ = U'ᵀ.
    let (u, vt) = if wide {
        let ut = transpose(cx, &u_full);
        (v, leading(cx, &ut, vt_rows, n))
    } else {
        (leading(cx, &u_full, m, u_cols), transpose(cx, &v))
    };
    let failed = un(cx, "xhlo.not", converged);
    let info = convert(cx, &failed, int(32, false));
    Ok(vec![
        a,
        reshape(cx, &sigma, &s.dims(&[k])),
        reshape(cx, &u, &s.dims(&[m, u_cols])),
        reshape(cx, &vt, &s.dims(&[vt_rows, n])),
        reshape(cx, &info, &s.batch),
    ])
}

/// One rotation of columns `p, q` of every `x: [b, M, N]` (and of `v: [b, N, N]`) that makes
/// them orthogonal; `rotated: [b]` records the matrices where it was not skipped.
fn rotate_columns(cx: &mut Cx, x: &Val, v: &Val, rotated: &Val, p: &Val, q: &Val, tolerance: f64) -> Vec<Val> {
    let xp = take(cx, x, 2, p);
    let xq = take(cx, x, 2, q);
    let element = super::super::types::element_of(&x.ty).cloned().unwrap_or(Type::None);
    let zero = fsplat(cx, 0.0, &tensor(&[], element));
    let dot = |cx: &mut Cx, a: &Val, c: &Val| {
        let prod = bin(cx, "xhlo.multiply", a, c);
        reduce_rows(cx, &prod, "xhlo.add", &zero)
    };
    let alpha = dot(cx, &xp, &xp);
    let beta = dot(cx, &xq, &xq);
    let gamma = dot(cx, &xp, &xq);

    let zero_b = fsplat(cx, 0.0, &alpha.ty);
    let one = fsplat(cx, 1.0, &alpha.ty);
    let two = fsplat(cx, 2.0, &alpha.ty);
    let tol = fsplat(cx, tolerance, &alpha.ty);
    let root_alpha = un(cx, "xhlo.sqrt", &alpha);
    let root_beta = un(cx, "xhlo.sqrt", &beta);
    let bound = bin(cx, "xhlo.multiply", &root_alpha, &root_beta);
    let bound = bin(cx, "xhlo.multiply", &tol, &bound);
    let abs_gamma = un(cx, "xhlo.abs", &gamma);
    let significant = cmp(cx, "GT", &abs_gamma, &bound);
    let gamma_safe = select(cx, &significant, &gamma, &one);
    let diff = bin(cx, "xhlo.subtract", &beta, &alpha);
    let twice = bin(cx, "xhlo.multiply", &two, &gamma_safe);
    let zeta = bin(cx, "xhlo.divide", &diff, &twice);
    // sqrt(1 + ζ²) without overflow: |ζ| sqrt(1 + 1/ζ²) when |ζ| > 1.
    let abs_zeta = un(cx, "xhlo.abs", &zeta);
    let large = cmp(cx, "GT", &abs_zeta, &one);
    let small_root = sqrt_one_plus_square(cx, &zeta, &one);
    let abs_safe = select(cx, &large, &abs_zeta, &one);
    let inv = bin(cx, "xhlo.divide", &one, &abs_safe);
    let large_root = sqrt_one_plus_square(cx, &inv, &one);
    let large_root = bin(cx, "xhlo.multiply", &abs_zeta, &large_root);
    let root = select(cx, &large, &large_root, &small_root);
    let (_, c, s) = jacobi_rotation(cx, &zeta, &abs_zeta, &root, &significant, &zero_b, &one);

    let x = mix_columns(cx, x, &xp, &xq, &c, &s, p, q);
    let vp = take(cx, v, 2, p);
    let vq = take(cx, v, 2, q);
    let v = mix_columns(cx, v, &vp, &vq, &c, &s, p, q);
    let rotated = bin(cx, "xhlo.or", rotated, &significant);
    vec![x, v, rotated]
}

/// `x` with columns `p, q` replaced by `c x_p - s x_q` and `s x_p + c x_q`.
#[allow(clippy::too_many_arguments)]
fn mix_columns(cx: &mut Cx, x: &Val, xp: &Val, xq: &Val, c: &Val, s: &Val, p: &Val, q: &Val) -> Val {
    let dims = dims_of(&x.ty).unwrap_or_default();
    let vdims = [dims[0], dims[1]];
    let c = bcast(cx, c, &[0], &vdims);
    let s = bcast(cx, s, &[0], &vdims);
    let cp = bin(cx, "xhlo.multiply", &c, xp);
    let sq = bin(cx, "xhlo.multiply", &s, xq);
    let sp = bin(cx, "xhlo.multiply", &s, xp);
    let cq = bin(cx, "xhlo.multiply", &c, xq);
    let new_p = bin(cx, "xhlo.subtract", &cp, &sq);
    let new_q = bin(cx, "xhlo.add", &sp, &cq);
    place(cx, x, &new_p, &new_q, p, q, 2, &dims)
}

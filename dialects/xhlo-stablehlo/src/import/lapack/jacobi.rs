//! `syevd` (the symmetric eigendecomposition JAX calls for `jnp.linalg.eigh`/`eigvalsh` on
//! CPU) as a cyclic Jacobi method in xhlo ops, as XLA does for TPU instead of LAPACK's
//! divide and conquer: sweeps over every pair `p < q` rotate rows and columns `p, q` so that
//! `a[p, q]` becomes 0 (Golub and Van Loan's `symSchur2`: `theta = (a_qq - a_pp) / 2a_pq`,
//! `t = sign(theta) / (|theta| + sqrt(1 + theta²))`, `c = 1 / sqrt(1 + t²)`, `s = t c`; the new
//! diagonal is `a_pp - t a_pq`, `a_qq + t a_pq`), the rotations accumulated in `V`. Sweeps
//! stop when the off-diagonal part's Frobenius norm is at most `eps` times the matrix's, or
//! after 30 (then `info` is 1, where LAPACK reports a failure to converge). The eigenvalues are
//! then sorted ascending, as LAPACK returns them, and `V`'s columns with them. Jacobi is
//! backward stable and finds small eigenvalues to high relative accuracy; the eigenvectors'
//! signs are not LAPACK's (they are arbitrary there as well).

use super::batch::{sqrt_one_plus_square, jacobi_rotation, jacobi_sweeps, unit_roundoff, bcast, expect_type, fsplat, index_mask, iota, place, reduce_rows, reshape, sort_with_columns, take, transpose, Shape};
use super::super::attrs::i64_array;
use super::super::chlo::{bin, cmp, convert, select, un, with_dims};
use super::super::types::{element_of, int, tensor};
use super::super::{Cx, Src, Val};
use mlir_text::ast::Type;

pub fn syevd(cx: &mut Cx, src: &Src, lower: bool) -> Result<Vec<Val>, String> {
    src.expect_operands(1)?;
    let a = src.operands[0].clone();
    let s = Shape::of(&a.ty, "syevd")?;
    let (n, b) = (s.n, s.count());
    if s.m != n {
        return Err(format!("LAPACK syevd needs square matrices, got {} x {n}", s.m));
    }
    let [vectors_ty, values_ty, info_ty] = src.results.as_slice() else {
        return Err(format!("a LAPACK syevd call has 3 results (eigenvectors, eigenvalues, info), got {}", src.results.len()));
    };
    expect_type("eigenvectors result of syevd", vectors_ty, &a.ty)?;
    expect_type("eigenvalues result of syevd", values_ty, &s.ty(&[n], None))?;
    expect_type("info result of syevd", info_ty, &s.ty(&[], Some(int(32, false))))?;

    let dims = [b, n, n];
    let a3 = reshape(cx, &a, &dims);
    // The symmetric matrix the triangle `uplo` names.
    let transposed = transpose(cx, &a3);
    let rows = iota(cx, &dims, 1);
    let cols = iota(cx, &dims, 2);
    let in_triangle = cmp(cx, if lower { "GE" } else { "LE" }, &rows, &cols);
    let a3 = select(cx, &in_triangle, &a3, &transposed);
    let diagonal = cmp(cx, "EQ", &rows, &cols);
    let identity = convert(cx, &diagonal, s.element.clone());

    let eps = unit_roundoff(&s.element);
    let (a, v, converged) = jacobi_sweeps(
        cx,
        n,
        b,
        a3,
        identity,
        &|_| vec![],
        &|cx, p, q, st| rotate(cx, &st[0], &st[1], p, q, b, n),
        &|cx, st| converged(cx, &st[0], eps, b, n),
    );
    let (a, v, converged) = (&a, &v, &converged);

    // Eigenvalues ascending, the eigenvectors' columns in the same order.
    let zeros = fsplat(cx, 0.0, &a.ty);
    let diag_only = select(cx, &diagonal, a, &zeros);
    let scalar = tensor(&[], s.element.clone());
    let zero = fsplat(cx, 0.0, &scalar);
    let add = cx.block(&[scalar.clone(), scalar.clone()], |cx, args| vec![bin(cx, "xhlo.add", &args[0], &args[1])]);
    let values_ty = tensor(&[b, n], s.element.clone());
    let values = cx.emit("xhlo.reduce", &[diag_only, zero], vec![("dimensions".into(), i64_array(&[2]))], vec![values_ty], vec![add]).remove(0);
    let (values, mut vectors) = sort_with_columns(cx, &values, "LT", std::slice::from_ref(v));
    let vectors = vectors.remove(0);
    let failed = un(cx, "xhlo.not", converged);
    let info = convert(cx, &failed, int(32, false));
    Ok(vec![reshape(cx, &vectors, &s.dims(&[n, n])), reshape(cx, &values, &s.dims(&[n])), reshape(cx, &info, &s.batch)])
}

/// Whether each matrix's off-diagonal part is at most `eps` times its Frobenius norm.
fn converged(cx: &mut Cx, a: &Val, eps: f64, b: i64, n: i64) -> Val {
    let dims = [b, n, n];
    let squares = bin(cx, "xhlo.multiply", a, a);
    let rows = iota(cx, &dims, 1);
    let cols = iota(cx, &dims, 2);
    let off_diagonal = cmp(cx, "NE", &rows, &cols);
    let zeros = fsplat(cx, 0.0, &a.ty);
    let off = select(cx, &off_diagonal, &squares, &zeros);
    let flat = with_dims(&a.ty, &[b, n * n]);
    let element = element_of(&a.ty).cloned().unwrap_or(Type::None);
    let zero = fsplat(cx, 0.0, &tensor(&[], element));
    let off = cx.emit1("xhlo.reshape", &[off], vec![], flat.clone());
    let all = cx.emit1("xhlo.reshape", &[squares], vec![], flat);
    let off = reduce_rows(cx, &off, "xhlo.add", &zero);
    let all = reduce_rows(cx, &all, "xhlo.add", &zero);
    let bound = fsplat(cx, eps * eps, &all.ty);
    let bound = bin(cx, "xhlo.multiply", &all, &bound);
    cmp(cx, "LE", &off, &bound)
}

/// One Jacobi rotation of every matrix of `a` (and the accumulated `v`) in the plane `p, q`.
fn rotate(cx: &mut Cx, a: &Val, v: &Val, p: &Val, q: &Val, b: i64, n: i64) -> Vec<Val> {
    let dims = [b, n, n];
    let row_p = take(cx, a, 1, p);
    let row_q = take(cx, a, 1, q);
    let at = |cx: &mut Cx, row: &Val, k: &Val| {
        let r3 = reshape(cx, row, &[b, n, 1]);
        let x = take(cx, &r3, 1, k);
        reshape(cx, &x, &[b])
    };
    let app = at(cx, &row_p, p);
    let apq = at(cx, &row_p, q);
    let aqq = at(cx, &row_q, q);

    let zero = fsplat(cx, 0.0, &app.ty);
    let one = fsplat(cx, 1.0, &app.ty);
    let two = fsplat(cx, 2.0, &app.ty);
    let none = cmp(cx, "EQ", &apq, &zero);
    let apq_safe = select(cx, &none, &one, &apq);
    let diff = bin(cx, "xhlo.subtract", &aqq, &app);
    let twice = bin(cx, "xhlo.multiply", &two, &apq_safe);
    let theta = bin(cx, "xhlo.divide", &diff, &twice);
    let abs_theta = un(cx, "xhlo.abs", &theta);
    let root = sqrt_one_plus_square(cx, &theta, &one);
    let rotate = un(cx, "xhlo.not", &none);
    let (t, c, s) = jacobi_rotation(cx, &theta, &abs_theta, &root, &rotate, &zero, &one);

    // Rows p, q of Jᵀ A, then columns p, q of (Jᵀ A) J; V J.
    let c_n = bcast(cx, &c, &[0], &[b, n]);
    let s_n = bcast(cx, &s, &[0], &[b, n]);
    let mix = |cx: &mut Cx, x: &Val, y: &Val| {
        // (c x - s y, s x + c y)
        let cx_ = bin(cx, "xhlo.multiply", &c_n, x);
        let sy = bin(cx, "xhlo.multiply", &s_n, y);
        let sx = bin(cx, "xhlo.multiply", &s_n, x);
        let cy = bin(cx, "xhlo.multiply", &c_n, y);
        (bin(cx, "xhlo.subtract", &cx_, &sy), bin(cx, "xhlo.add", &sx, &cy))
    };
    let (new_p, new_q) = mix(cx, &row_p, &row_q);
    let a = place(cx, a, &new_p, &new_q, p, q, 1, &dims);
    let col_p = take(cx, &a, 2, p);
    let col_q = take(cx, &a, 2, q);
    let (new_p, new_q) = mix(cx, &col_p, &col_q);
    let a = place(cx, &a, &new_p, &new_q, p, q, 2, &dims);
    let vp = take(cx, v, 2, p);
    let vq = take(cx, v, 2, q);
    let (new_p, new_q) = mix(cx, &vp, &vq);
    let v = place(cx, v, &new_p, &new_q, p, q, 2, &dims);

    // The rotated 2x2 block exactly: a_pq = a_qp = 0, a_pp - t a_pq, a_qq + t a_pq.
    let t_apq = bin(cx, "xhlo.multiply", &t, &apq);
    let new_pp = bin(cx, "xhlo.subtract", &app, &t_apq);
    let new_qq = bin(cx, "xhlo.add", &aqq, &t_apq);
    let on_p_row = index_mask(cx, &dims, 1, "EQ", p);
    let on_q_row = index_mask(cx, &dims, 1, "EQ", q);
    let on_p_col = index_mask(cx, &dims, 2, "EQ", p);
    let on_q_col = index_mask(cx, &dims, 2, "EQ", q);
    let pq = bin(cx, "xhlo.and", &on_p_row, &on_q_col);
    let qp = bin(cx, "xhlo.and", &on_q_row, &on_p_col);
    let off = bin(cx, "xhlo.or", &pq, &qp);
    let pp = bin(cx, "xhlo.and", &on_p_row, &on_p_col);
    let qq = bin(cx, "xhlo.and", &on_q_row, &on_q_col);
    let zeros = fsplat(cx, 0.0, &a.ty);
    let a = select(cx, &off, &zeros, &a);
    let new_pp = bcast(cx, &new_pp, &[0], &dims);
    let new_qq = bcast(cx, &new_qq, &[0], &dims);
    let a = select(cx, &pp, &new_pp, &a);
    let a = select(cx, &qq, &new_qq, &a);
    vec![a, v]
}

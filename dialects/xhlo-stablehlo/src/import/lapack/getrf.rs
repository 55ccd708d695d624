//! `getrf` (LU with partial pivoting, what JAX calls for `jnp.linalg.solve`, `inv`, `det`,
//! `slogdet` and `jax.scipy.linalg.lu` on CPU) expanded into xhlo ops: one `xhlo.while` step
//! per column `j < min(m, n)` of every matrix of the batch, as LAPACK's unblocked `getf2`:
//!
//! 1. the pivot row `p` is the first row `>= j` of largest `|a[p, j]|` (BLAS's `idamax`);
//! 2. rows `j` and `p` are swapped (row `p` taken with a gather, as `p` differs per matrix);
//! 3. the column below the diagonal is divided by the pivot, unless the pivot is zero: then
//!    LAPACK leaves it (it is zero) and `info` becomes `j + 1` if it is still 0;
//! 4. the trailing matrix gets the rank-1 update `a[i, c] -= l[i] u[c]` for `i, c > j`.
//!
//! Results: the packed factors (L's unit diagonal implied), the pivots as LAPACK's 1-based
//! i32 row numbers, and `info` (the 1-based column of the first exactly zero pivot, 0 if
//! none). LAPACK's blocked `getrf` sums the same products in another order, so the factors
//! agree with it within rounding, and the pivots wherever no two candidates are within
//! rounding of each other.

use super::batch::{bcast, counted_loop, expect_type, fsplat, index_mask, isplat, iota, put, rank1_update, reduce_rows, reshape, take, Shape};
use super::super::attrs::{i64_array, i64_attr};
use super::super::chlo::{bin, cmp, convert, i64_scalar, select, un, with_dims};
use super::super::types::{dims_of, element_of, int, tensor};
use super::super::{Cx, Src, Val};
use mlir_text::ast::{Attribute, Type};

pub fn getrf(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(1)?;
    let a = src.operands[0].clone();
    let s = Shape::of(&a.ty, "getrf")?;
    let (m, n, b) = (s.m, s.n, s.count());
    let k = m.min(n);
    let [lu_ty, piv_ty, info_ty] = src.results.as_slice() else {
        return Err(format!("a LAPACK getrf call has 3 results (factors, pivots, info), got {}", src.results.len()));
    };
    expect_type("factors result of getrf", lu_ty, &a.ty)?;
    expect_type("pivots result of getrf", piv_ty, &s.ty(&[k], Some(int(32, false))))?;
    expect_type("info result of getrf", info_ty, &s.ty(&[], Some(int(32, false))))?;

    let a3 = reshape(cx, &a, &[b, m, n]);
    let pivots = isplat(cx, 0, &tensor(&[b, k], int(32, false)));
    let info = isplat(cx, 0, &tensor(&[b], int(32, false)));
    let out = counted_loop(cx, k, vec![a3, pivots, info], |cx, j, state| {
        let (a, pivots, info) = (&state[0], &state[1], &state[2]);
        let p = pivot_row(cx, a, j, m);

        // Swap rows j and p of each matrix.
        let row_j = take(cx, a, 1, j);
        let row_p = gather_row(cx, a, &p, b, n);
        let dims = [b, m, n];
        let is_j = index_mask(cx, &dims, 1, "EQ", j);
        let rows = iota(cx, &dims, 1);
        let p_full = bcast(cx, &p, &[0], &dims);
        let is_p = cmp(cx, "EQ", &rows, &p_full);
        let row_j_full = bcast(cx, &row_j, &[0, 2], &dims);
        let row_p_full = bcast(cx, &row_p, &[0, 2], &dims);
        let a = select(cx, &is_p, &row_j_full, a);
        let a = select(cx, &is_j, &row_p_full, &a);

        // The pivot, the pivot record and info.
        let row_p3 = reshape(cx, &row_p, &[b, n, 1]);
        let pivot = take(cx, &row_p3, 1, j);
        let pivot = reshape(cx, &pivot, &[b]);
        let zero = fsplat(cx, 0.0, &pivot.ty);
        let singular = cmp(cx, "EQ", &pivot, &zero);
        let one = isplat(cx, 1, &p.ty);
        let one_based = bin(cx, "xhlo.add", &p, &one);
        let one_based = convert(cx, &one_based, int(32, false));
        let pivots = put(cx, pivots, &one_based, j);
        let zero_info = isplat(cx, 0, &info.ty);
        let no_info = cmp(cx, "EQ", info, &zero_info);
        let first = bin(cx, "xhlo.and", &no_info, &singular);
        let one_index = i64_scalar(cx, 1);
        let j1 = bin(cx, "xhlo.add", j, &one_index);
        let j1 = convert(cx, &j1, int(32, false));
        let j1 = bcast(cx, &j1, &[], &[b]);
        let info = select(cx, &first, &j1, info);

        // Multipliers below the diagonal, then the trailing update.
        let one = fsplat(cx, 1.0, &pivot.ty);
        let divisor = select(cx, &singular, &one, &pivot);
        let column = take(cx, &a, 2, j);
        let divisor = bcast(cx, &divisor, &[0], &[b, m]);
        let l = bin(cx, "xhlo.divide", &column, &divisor);
        let below = index_mask(cx, &dims, 1, "GT", j);
        let right = index_mask(cx, &dims, 2, "GT", j);
        let on_column = index_mask(cx, &dims, 2, "EQ", j);
        let trailing = bin(cx, "xhlo.and", &below, &right);
        let a = rank1_update(cx, &a, &l, &row_p, &trailing);
        let l_full = bcast(cx, &l, &[0, 1], &dims);
        let multipliers = bin(cx, "xhlo.and", &below, &on_column);
        let a = select(cx, &multipliers, &l_full, &a);
        vec![a, pivots, info]
    });
    Ok(vec![reshape(cx, &out[0], &s.dims(&[m, n])), reshape(cx, &out[1], &s.dims(&[k])), reshape(cx, &out[2], &s.batch)])
}

/// The first row `p >= j` of largest `|a[p, j]|` in each matrix of `a: [b, m, n]`, as `[b]`
/// i64 (`j` itself when the column holds a NaN, which no magnitude equals).
fn pivot_row(cx: &mut Cx, a: &Val, j: &Val, m: i64) -> Val {
    let column = take(cx, a, 2, j);
    let dims = dims_of(&column.ty).unwrap_or_default();
    let candidate = index_mask(cx, &dims, 1, "GE", j);
    let magnitude = un(cx, "xhlo.abs", &column);
    let minus_one = fsplat(cx, -1.0, &column.ty);
    let magnitude = select(cx, &candidate, &magnitude, &minus_one);
    let scalar = tensor(&[], element_of(&column.ty).cloned().unwrap_or(Type::None));
    let lowest = fsplat(cx, f64::NEG_INFINITY, &scalar);
    let largest = reduce_rows(cx, &magnitude, "xhlo.maximum", &lowest);
    let largest = bcast(cx, &largest, &[0], &dims);
    let equal = cmp(cx, "EQ", &magnitude, &largest);
    let hit = bin(cx, "xhlo.and", &candidate, &equal);
    let rows = iota(cx, &dims, 1);
    let past = isplat(cx, m, &rows.ty);
    let index = select(cx, &hit, &rows, &past);
    let past_scalar = i64_scalar(cx, m);
    let p = reduce_rows(cx, &index, "xhlo.minimum", &past_scalar);
    let past_b = isplat(cx, m, &p.ty);
    let none = cmp(cx, "EQ", &p, &past_b);
    let j_b = bcast(cx, j, &[], &dims[..1]);
    select(cx, &none, &j_b, &p)
}

/// Row `p[i]` of matrix `i` of `a: [b, m, n]`, as `[b, n]`.
fn gather_row(cx: &mut Cx, a: &Val, p: &Val, b: i64, n: i64) -> Val {
    let batch_index = iota(cx, &[b, 1], 0);
    let row = reshape(cx, p, &[b, 1]);
    let indices = cx.emit1("xhlo.concatenate", &[batch_index, row], vec![("dimension".into(), i64_attr(1))], tensor(&[b, 2], int(64, false)));
    let attrs = vec![
        ("offset_dims".into(), i64_array(&[1])),
        ("collapsed_slice_dims".into(), i64_array(&[0, 1])),
        ("start_index_map".into(), i64_array(&[0, 1])),
        ("index_vector_dim".into(), i64_attr(1)),
        ("slice_sizes".into(), i64_array(&[1, 1, n])),
        ("indices_are_sorted".into(), Attribute::Bool(false)),
    ];
    cx.emit1("xhlo.gather", &[a.clone(), indices], attrs, with_dims(&a.ty, &[b, n]))
}

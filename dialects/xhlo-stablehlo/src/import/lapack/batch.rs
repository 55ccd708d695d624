//! Batches of matrices for the LAPACK expansions (getrf, geqrf, orgqr): the batch dimensions
//! flattened into one (`[b, m, n]`, so that every step is written once for any batch rank),
//! index masks from iotas, one row or column taken at a loop index, and the counted
//! `xhlo.while` the factorizations step through. Indices are i64 scalars.

use super::super::attrs::{i64_array, i64_attr};
use super::super::chlo::{bin, cmp, float_literal, i64_scalar, select, splat_body, un, with_dims};
use super::super::types::{dims_of, element_of, i1, int, tensor};
use super::super::{Cx, Val};
use mlir_text::ast::{Attribute, Type};

/// The shape of a batch of real float matrices.
pub struct Shape {
    pub batch: Vec<i64>,
    pub m: i64,
    pub n: i64,
    pub element: Type,
}

impl Shape {
    /// The shape of `ty`, which must be a static tensor of f32/f64 matrices: the complex
    /// routines (c, z) pivot and reflect by other rules and are not expanded.
    pub fn of(ty: &Type, routine: &str) -> Result<Shape, String> {
        let dims = dims_of(ty).filter(|d| d.len() >= 2).ok_or_else(|| format!("the operand of a LAPACK {routine} call must be a static batch of matrices"))?;
        let element = element_of(ty).cloned().unwrap_or(Type::None);
        if !matches!(&element, Type::Float(n) if n == "f32" || n == "f64") {
            return Err(format!(
                "unsupported: LAPACK {routine} of {} matrices (only f32 and f64 are expanded)",
                mlir_text::print::type_to_string(&element)
            ));
        }
        let r = dims.len();
        Ok(Shape { batch: dims[..r - 2].to_vec(), m: dims[r - 2], n: dims[r - 1], element })
    }

    /// The number of matrices (1 without batch dimensions).
    pub fn count(&self) -> i64 {
        self.batch.iter().product()
    }

    /// `batch ++ tail`.
    pub fn dims(&self, tail: &[i64]) -> Vec<i64> {
        let mut dims = self.batch.clone();
        dims.extend_from_slice(tail);
        dims
    }

    /// `batch ++ tail` in this shape's element type (or `element`).
    pub fn ty(&self, tail: &[i64], element: Option<Type>) -> Type {
        tensor(&self.dims(tail), element.unwrap_or_else(|| self.element.clone()))
    }
}

pub fn reshape(cx: &mut Cx, x: &Val, dims: &[i64]) -> Val {
    cx.emit1("xhlo.reshape", std::slice::from_ref(x), vec![], with_dims(&x.ty, dims))
}

/// A float splat of type `ty`.
pub fn fsplat(cx: &mut Cx, v: f64, ty: &Type) -> Val {
    let name = match element_of(ty) {
        Some(Type::Float(n)) => n.clone(),
        _ => "f64".into(),
    };
    splat_body(cx, float_literal(v, &name), ty)
}

/// An integer splat of type `ty`.
pub fn isplat(cx: &mut Cx, v: i64, ty: &Type) -> Val {
    splat_body(cx, v.to_string(), ty)
}

/// The i64 index along `dim` of each element of `dims`.
pub fn iota(cx: &mut Cx, dims: &[i64], dim: usize) -> Val {
    cx.emit1("xhlo.iota", &[], vec![("iota_dimension".into(), i64_attr(dim as i64))], tensor(dims, int(64, false)))
}

/// `x` broadcast to `dims`, its dimension `i` at `map[i]`.
pub fn bcast(cx: &mut Cx, x: &Val, map: &[i64], dims: &[i64]) -> Val {
    let attrs = vec![("broadcast_dimensions".into(), i64_array(map))];
    cx.emit1("xhlo.broadcast_in_dim", std::slice::from_ref(x), attrs, with_dims(&x.ty, dims))
}

/// Where the index along `dim` of `dims` compares (`dir`) with the scalar `k`.
pub fn index_mask(cx: &mut Cx, dims: &[i64], dim: usize, dir: &str, k: &Val) -> Val {
    let i = iota(cx, dims, dim);
    let k = bcast(cx, k, &[], dims);
    cmp(cx, dir, &i, &k)
}

/// Slice `k` (a scalar index) of `x: [b, p, q]` along dimension `dim` (1: a row, 2: a
/// column), as `[b, q]` or `[b, p]`.
pub fn take(cx: &mut Cx, x: &Val, dim: usize, k: &Val) -> Val {
    let mut sizes = dims_of(&x.ty).unwrap_or_default();
    sizes[dim] = 1;
    let zero = i64_scalar(cx, 0);
    let mut operands = vec![x.clone()];
    operands.extend((0..sizes.len()).map(|d| if d == dim { k.clone() } else { zero.clone() }));
    let s = cx.emit1("xhlo.dynamic_slice", &operands, vec![("slice_sizes".into(), i64_array(&sizes))], with_dims(&x.ty, &sizes));
    let kept: Vec<i64> = sizes.iter().enumerate().filter(|&(d, _)| d != dim).map(|(_, &s)| s).collect();
    reshape(cx, &s, &kept)
}

/// `x: [b, p]` with column `k` (a scalar index) replaced by `v: [b]`.
pub fn put(cx: &mut Cx, x: &Val, v: &Val, k: &Val) -> Val {
    let dims = dims_of(&v.ty).unwrap_or_default();
    let v = reshape(cx, v, &[dims[0], 1]);
    let zero = i64_scalar(cx, 0);
    cx.emit1("xhlo.dynamic_update_slice", &[x.clone(), v, zero, k.clone()], vec![], x.ty.clone())
}

/// `x: [b, p]` reduced along dimension 1 with the binary op `op` from `init` (its identity).
pub fn reduce_rows(cx: &mut Cx, x: &Val, op: &str, init: &Val) -> Val {
    let scalar = init.ty.clone();
    let body = cx.block(&[scalar.clone(), scalar.clone()], |cx, args| vec![bin(cx, op, &args[0], &args[1])]);
    let dims = dims_of(&x.ty).unwrap_or_default();
    let result = with_dims(&x.ty, &dims[..1]);
    cx.emit("xhlo.reduce", &[x.clone(), init.clone()], vec![("dimensions".into(), i64_array(&[1]))], vec![result], vec![body]).remove(0)
}

/// `sum_r v[b, r] x[b, r, c]`: a row vector times each matrix of the batch, as `[b, n]`.
pub fn vec_mat(cx: &mut Cx, v: &Val, x: &Val) -> Val {
    let dims = dims_of(&x.ty).unwrap_or_default();
    let attrs = vec![
        ("lhs_batching_dimensions".into(), i64_array(&[0])),
        ("rhs_batching_dimensions".into(), i64_array(&[0])),
        ("lhs_contracting_dimensions".into(), i64_array(&[1])),
        ("rhs_contracting_dimensions".into(), i64_array(&[1])),
    ];
    cx.emit1("xhlo.dot_general", &[v.clone(), x.clone()], attrs, with_dims(&x.ty, &[dims[0], dims[2]]))
}

/// `x - l ⊗ u` on the elements of `x: [b, m, n]` where `mask` holds, `x` elsewhere
/// (`l: [b, m]`, `u: [b, n]`): the rank-1 update of the factorizations, computed as BLAS's
/// `ger` does (`x + l·(-u)` rounds as `x - l·u`).
pub fn rank1_update(cx: &mut Cx, x: &Val, l: &Val, u: &Val, mask: &Val) -> Val {
    let dims = dims_of(&x.ty).unwrap_or_default();
    let l = bcast(cx, l, &[0, 1], &dims);
    let u = bcast(cx, u, &[0, 2], &dims);
    let p = bin(cx, "xhlo.multiply", &l, &u);
    let updated = bin(cx, "xhlo.subtract", x, &p);
    cx.emit1("xhlo.select", &[mask.clone(), updated, x.clone()], vec![], x.ty.clone())
}

/// An `xhlo.while` that runs `step(k, state)` for `k = 0 .. count` (an i64 scalar) and returns
/// the final state. `step` returns the next state (the same types).
pub fn counted_loop(cx: &mut Cx, count: i64, state: Vec<Val>, step: impl FnOnce(&mut Cx, &Val, &[Val]) -> Vec<Val>) -> Vec<Val> {
    let mut all = vec![i64_scalar(cx, 0)];
    all.extend(state);
    let types: Vec<Type> = all.iter().map(|v| v.ty.clone()).collect();
    let cond = cx.block(&types, |cx, args| {
        let limit = i64_scalar(cx, count);
        vec![cmp(cx, "LT", &args[0], &limit)]
    });
    let body = cx.block(&types, |cx, args| {
        let one = i64_scalar(cx, 1);
        let mut next = vec![bin(cx, "xhlo.add", &args[0], &one)];
        next.extend(step(cx, &args[0], &args[1..]));
        next
    });
    let mut out = cx.emit("xhlo.while", &all, vec![], types, vec![cond, body]);
    out.remove(0);
    out
}

/// A value's type must be `want` (the call's declared result types are checked before use).
pub fn expect_type(what: &str, got: &Type, want: &Type) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "the {what} has type {}, expected {}",
            mlir_text::print::type_to_string(got),
            mlir_text::print::type_to_string(want)
        ))
    }
}


/// Element `r` (an i64 scalar) of the vector `table`, as a scalar.
pub fn scalar_at(cx: &mut Cx, table: &Val, r: &Val) -> Val {
    let s = cx.emit1("xhlo.dynamic_slice", &[table.clone(), r.clone()], vec![("slice_sizes".into(), i64_array(&[1]))], with_dims(&table.ty, &[1]));
    reshape(cx, &s, &[])
}

/// `x: [b]` reduced to a scalar with `op` from `init`.
pub fn reduce_batch(cx: &mut Cx, x: &Val, op: &str, init: &Val) -> Val {
    let scalar = init.ty.clone();
    let body = cx.block(&[scalar.clone(), scalar.clone()], |cx, args| vec![bin(cx, op, &args[0], &args[1])]);
    cx.emit("xhlo.reduce", &[x.clone(), init.clone()], vec![("dimensions".into(), i64_array(&[0]))], vec![scalar], vec![body]).remove(0)
}

/// `x` with its rows (`dim` 1) or columns (`dim` 2) `p` and `q` replaced by `new_p`, `new_q`
/// (`[b, n]`).
#[allow(clippy::too_many_arguments)]
pub fn place(cx: &mut Cx, x: &Val, new_p: &Val, new_q: &Val, p: &Val, q: &Val, dim: usize, dims: &[i64]) -> Val {
    let map: &[i64] = if dim == 1 { &[0, 2] } else { &[0, 1] };
    let on_p = index_mask(cx, dims, dim, "EQ", p);
    let on_q = index_mask(cx, dims, dim, "EQ", q);
    let new_p = bcast(cx, new_p, map, dims);
    let new_q = bcast(cx, new_q, map, dims);
    let x = select(cx, &on_p, &new_p, x);
    select(cx, &on_q, &new_q, &x)
}

/// `values: [b, n]` sorted along dimension 1 (`dir` "LT": ascending, "GT": descending, stable)
/// and the columns of each `x: [b, r, n]` in the same order: `x P` with `P[b, i, j] = (i ==
/// order[b, j])` (one product per element is not zero, so the values are exact).
pub fn sort_with_columns(cx: &mut Cx, values: &Val, dir: &str, xs: &[Val]) -> (Val, Vec<Val>) {
    let d = dims_of(&values.ty).unwrap_or_default();
    let (b, n) = (d[0], d[1]);
    let element = element_of(&values.ty).cloned().unwrap_or(Type::None);
    let order = iota(cx, &[b, n], 1);
    let comparator = {
        let (f, i) = (tensor(&[], element.clone()), tensor(&[], int(64, false)));
        cx.block(&[f.clone(), f, i.clone(), i], |cx, args| vec![cmp(cx, dir, &args[0], &args[1])])
    };
    let sorted = cx.emit(
        "xhlo.sort",
        &[values.clone(), order.clone()],
        vec![("dimension".into(), i64_attr(1)), ("is_stable".into(), Attribute::Bool(true))],
        vec![values.ty.clone(), order.ty.clone()],
        vec![comparator],
    );
    let pdims = [b, n, n];
    let rows = iota(cx, &pdims, 1);
    let picked = bcast(cx, &sorted[1], &[0, 2], &pdims);
    let hit = cmp(cx, "EQ", &rows, &picked);
    let permutation = cx.emit1("xhlo.convert", &[hit], vec![], tensor(&pdims, element));
    let attrs: Vec<(String, Attribute)> = vec![
        ("lhs_batching_dimensions".into(), i64_array(&[0])),
        ("rhs_batching_dimensions".into(), i64_array(&[0])),
        ("lhs_contracting_dimensions".into(), i64_array(&[2])),
        ("rhs_contracting_dimensions".into(), i64_array(&[1])),
    ];
    let permuted = xs.iter().map(|x| cx.emit1("xhlo.dot_general", &[x.clone(), permutation.clone()], attrs.clone(), x.ty.clone())).collect();
    (sorted[0].clone(), permuted)
}

/// `x: [b, p, q]` with its rows and columns cut to `[0, rows) x [0, cols)`.
pub fn leading(cx: &mut Cx, x: &Val, rows: i64, cols: i64) -> Val {
    let b = dims_of(&x.ty).unwrap_or_default()[0];
    let attrs = vec![
        ("start_indices".into(), i64_array(&[0, 0, 0])),
        ("limit_indices".into(), i64_array(&[b, rows, cols])),
        ("strides".into(), i64_array(&[1, 1, 1])),
    ];
    cx.emit1("xhlo.slice", std::slice::from_ref(x), attrs, with_dims(&x.ty, &[b, rows, cols]))
}

/// Each matrix of `x: [b, p, q]` transposed.
pub fn transpose(cx: &mut Cx, x: &Val) -> Val {
    let d = dims_of(&x.ty).unwrap_or_default();
    let attrs = vec![("permutation".into(), i64_array(&[0, 2, 1]))];
    cx.emit1("xhlo.transpose", std::slice::from_ref(x), attrs, with_dims(&x.ty, &[d[0], d[2], d[1]]))
}

/// Sweeps of a cyclic Jacobi method run at most this many times.
pub const MAX_SWEEPS: i64 = 30;

/// Half the machine epsilon of the element type (f32, else f64): the unit roundoff.
pub fn unit_roundoff(element: &Type) -> f64 {
    match element {
        Type::Float(name) if name == "f32" => f32::EPSILON as f64 / 2.0,
        _ => f64::EPSILON / 2.0,
    }
}

/// A cyclic Jacobi method over a batch of `b` matrices: a `while` loop of at most
/// [`MAX_SWEEPS`] sweeps, each visiting every pair `(p, q)`, `p < q < n`, in row order, that
/// stops once every matrix has converged. The state is `(x, v)` plus `extra` (reset at the
/// start of each sweep); `rotate(p, q, state)` gives the next state, and `converged(state)`,
/// after a sweep, gives one flag per matrix. Returns the final `x`, `v` and flags.
pub fn jacobi_sweeps(
    cx: &mut Cx,
    n: i64,
    b: i64,
    x: Val,
    v: Val,
    extra: &dyn Fn(&mut Cx) -> Vec<Val>,
    rotate: &dyn Fn(&mut Cx, &Val, &Val, &[Val]) -> Vec<Val>,
    converged: &dyn Fn(&mut Cx, &[Val]) -> Val,
) -> (Val, Val, Val) {
    let pairs: Vec<(i64, i64)> = (0..n).flat_map(|p| (p + 1..n).map(move |q| (p, q))).collect();
    let table = |cx: &mut Cx, pick: fn(&(i64, i64)) -> i64| {
        let body = format!("[{}]", pairs.iter().map(|x| pick(x).to_string()).collect::<Vec<_>>().join(", "));
        splat_body(cx, body, &tensor(&[pairs.len() as i64], int(64, false)))
    };
    let (p_table, q_table) = (table(cx, |x| x.0), table(cx, |x| x.1));
    let not_yet = splat_body(cx, "false".into(), &tensor(&[b], i1()));
    let sweep0 = i64_scalar(cx, 0);
    let state = vec![sweep0, x, v, not_yet];
    let types: Vec<Type> = state.iter().map(|v| v.ty.clone()).collect();
    let cond = cx.block(&types, |cx, args| {
        let limit = i64_scalar(cx, MAX_SWEEPS);
        let more = cmp(cx, "LT", &args[0], &limit);
        let t = splat_body(cx, "true".into(), &tensor(&[], i1()));
        let all = reduce_batch(cx, &args[3], "xhlo.and", &t);
        let pending = un(cx, "xhlo.not", &all);
        vec![bin(cx, "xhlo.and", &more, &pending)]
    });
    let body = cx.block(&types, |cx, args| {
        let one = i64_scalar(cx, 1);
        let sweep = bin(cx, "xhlo.add", &args[0], &one);
        let mut start = vec![args[1].clone(), args[2].clone()];
        start.extend(extra(cx));
        let out = counted_loop(cx, pairs.len() as i64, start, |cx, r, st| {
            let p = scalar_at(cx, &p_table, r);
            let q = scalar_at(cx, &q_table, r);
            rotate(cx, &p, &q, st)
        });
        let flags = converged(cx, &out);
        vec![sweep, out[0].clone(), out[1].clone(), flags]
    });
    let done = cx.emit("xhlo.while", &state, vec![], types, vec![cond, body]);
    (done[1].clone(), done[2].clone(), done[3].clone())
}

/// The tangent and rotation `(t, c, s)` of a Jacobi step from `zeta` = cot 2θ: `t = sign(ζ) / (|ζ| + root)`,
/// the smaller root of `t² + 2ζt − 1 = 0`, or 0 where `rotate` is false; `c = 1/√(1 + t²)`,
/// `s = t c`. `root` is `√(1 + ζ²)`, which the caller computes (guarded against overflow or
/// not); `zero` and `one` are splats of ζ's type.
pub fn jacobi_rotation(cx: &mut Cx, zeta: &Val, abs_zeta: &Val, root: &Val, rotate: &Val, zero: &Val, one: &Val) -> (Val, Val, Val) {
    let denominator = bin(cx, "xhlo.add", abs_zeta, root);
    let negative = cmp(cx, "LT", zeta, zero);
    let minus_one = un(cx, "xhlo.negate", one);
    let sign = select(cx, &negative, &minus_one, one);
    let t = bin(cx, "xhlo.divide", &sign, &denominator);
    let t = select(cx, rotate, &t, zero);
    let t2 = sqrt_one_plus_square(cx, &t, one);
    let c = bin(cx, "xhlo.divide", one, &t2);
    let s = bin(cx, "xhlo.multiply", &t, &c);
    (t, c, s)
}

/// `√(1 + x²)` as written (no guard against overflow of `x²`); `one` is a splat of x's type.
pub fn sqrt_one_plus_square(cx: &mut Cx, x: &Val, one: &Val) -> Val {
    let square = bin(cx, "xhlo.multiply", x, x);
    let sum = bin(cx, "xhlo.add", one, &square);
    un(cx, "xhlo.sqrt", &sum)
}

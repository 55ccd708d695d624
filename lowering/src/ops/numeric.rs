//! Numeric kernels → linalg/scf on tensors: `convolution`, `dot`, `triangular_solve`,
//! `cholesky`, `fft`, `bitcast_convert`, `reduce_precision` and the `batch_norm_*` ops.
//!
//! These lowerings aim at exact XLA semantics first; performance comes later:
//! - `convolution` pads and dilates the lhs with zeros (as `pad` does), then one
//!   `linalg.generic` sums over the kernel's input features and window positions; feature and
//!   batch groups pick their lhs slice through `floordiv` in the indexing maps.
//! - `triangular_solve` and `cholesky` are forward/back substitution written as `scf.for`
//!   loops over tensors (`tensor.extract`/`tensor.insert`).
//! - `fft` is a direct DFT, one `linalg.generic` per transformed dimension, computed in
//!   `complex<f64>` with twiddles from `(k * n) mod N` (so angles stay exact).
//! - `bitcast_convert` between widths splits or joins elements little-endian along the
//!   extra minor dimension, as XLA defines it.

use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::{dims, Emitter, Operand};
use crate::ops::data_movement::{i64s, int};
use crate::scalar::{self, Value};
use crate::types;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::{Attribute, Op};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("convolution", convolution),
    ("dot", dot),
    ("triangular_solve", triangular_solve),
    ("cholesky", cholesky),
    ("fft", fft),
    ("bitcast_convert", bitcast_convert),
    ("reduce_precision", reduce_precision),
    ("batch_norm_inference", batch_norm_inference),
    ("batch_norm_training", batch_norm_training),
    ("batch_norm_grad", batch_norm_grad),
];

// ---------------------------------------------------------------------------------------
// Attribute and emission helpers.

fn result(op: &Op, i: usize) -> Result<TensorType, String> {
    xtensor(op.result_types.get(i).ok_or_else(|| format!("missing result #{i}"))?)
}

fn bool_attr(op: &Op, name: &str) -> Result<bool, String> {
    match op.attr(name) {
        Some(Attribute::Bool(b)) => Ok(*b),
        None => Err(format!("missing attribute '{name}'")),
        Some(other) => Err(format!("attribute '{name}' is not a bool: {other:?}")),
    }
}

fn opt_bool_attr(op: &Op, name: &str, default: bool) -> Result<bool, String> {
    if op.attr(name).is_none() {
        return Ok(default);
    }
    bool_attr(op, name)
}

fn str_attr<'a>(op: &'a Op, name: &str) -> Result<&'a str, String> {
    op.attr(name).and_then(Attribute::as_str).ok_or_else(|| format!("missing string attribute '{name}'"))
}

/// An optional `array<i1: ...>`; `None` when absent.
fn opt_bools(op: &Op, name: &str) -> Result<Option<Vec<bool>>, String> {
    match op.attr(name) {
        None => Ok(None),
        Some(Attribute::DenseArray(_, values)) => values
            .iter()
            .map(|v| match v.as_str() {
                "true" | "1" => Ok(true),
                "false" | "0" => Ok(false),
                other => Err(format!("{name}: '{other}' is not a bool")),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(other) => Err(format!("attribute '{name}' is not array<i1: ...>: {other:?}")),
    }
}

/// An optional `array<i64: ...>` with a default of `n` copies of `default`.
fn i64s_or(op: &Op, name: &str, n: usize, default: i64) -> Result<Vec<i64>, String> {
    if op.attr(name).is_none() {
        return Ok(vec![default; n]);
    }
    let v = i64s(op, name)?;
    if v.len() != n {
        return Err(format!("{name} has {} entries but {n} are needed", v.len()));
    }
    Ok(v)
}

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


/// The literal text of zero in `t`.
fn zero_text(t: ElementType) -> &'static str {
    if t.is_float_or_complex() {
        "0.0"
    } else if t.is_pred() {
        "false"
    } else {
        "0"
    }
}

/// A tensor of `ty` filled with zeros.
fn zeros(e: &mut Emitter, ty: &TensorType) -> String {
    let z = e.scalar_const(ty.element, zero_text(ty.element));
    e.fill(ty, &z)
}

fn index_const(e: &mut Emitter, v: i64) -> String {
    e.op("c", &format!("arith.constant {v} : index"))
}

/// Converts every element of `x` to `to` (XLA `convert`); the value itself when the types agree.
fn convert_tensor(e: &mut Emitter, x: &str, xt: &TensorType, to: ElementType) -> Result<String, String> {
    if xt.element == to {
        return Ok(x.to_string());
    }
    let out = TensorType::new(xt.dims.clone(), to);
    let init = e.empty(&out);
    let from = xt.element;
    let iters = vec!["parallel"; xt.rank()];
    e.generic(&[Operand::identity(x, xt)], Operand::identity(init, &out), &iters, |e, a| {
        let v = scalar::load(e, &a[0], from);
        let c = scalar::convert(e, &v, to)?;
        Ok(scalar::store(e, &c))
    })
}

/// `scf.for %iv = lo to hi step 1` carrying `iters` (value, type); `body` gets the induction
/// variable and the carried values and returns the values to carry on. Returns the results.
fn for_loop(
    e: &mut Emitter,
    lo: &str,
    hi: &str,
    iters: &[(String, String)],
    body: impl FnOnce(&mut Emitter, &str, &[String]) -> Result<Vec<String>, String>,
) -> Result<Vec<String>, String> {
    let one = index_const(e, 1);
    let iv = e.fresh("iv");
    let args: Vec<String> = iters.iter().map(|_| e.fresh("it")).collect();
    let res = e.fresh("for");
    let tys: Vec<String> = iters.iter().map(|(_, t)| t.clone()).collect();
    let inits: Vec<String> = args.iter().zip(iters).map(|(a, (v, _))| format!("{a} = {v}")).collect();
    let lhs = if iters.len() == 1 { res.clone() } else { format!("{res}:{}", iters.len()) };
    e.line(&format!("{lhs} = scf.for {iv} = {lo} to {hi} step {one} iter_args({}) -> ({}) {{", inits.join(", "), tys.join(", ")));
    let yielded = body(e, &iv, &args)?;
    e.line(&format!("scf.yield {} : {}", yielded.join(", "), tys.join(", ")));
    e.line("}");
    Ok(if iters.len() == 1 { vec![res] } else { (0..iters.len()).map(|i| format!("{res}#{i}")).collect() })
}

/// Loops over every index of `batch` (nested `scf.for`s, outermost first) carrying one
/// tensor of type `ty`; `body` gets the index values.
fn for_each_index(
    e: &mut Emitter,
    batch: &[i64],
    carried: &str,
    ty: &str,
    body: &mut dyn FnMut(&mut Emitter, &[String], &str) -> Result<String, String>,
) -> Result<String, String> {
    fn go(
        e: &mut Emitter,
        batch: &[i64],
        idx: &mut Vec<String>,
        carried: &str,
        ty: &str,
        body: &mut dyn FnMut(&mut Emitter, &[String], &str) -> Result<String, String>,
    ) -> Result<String, String> {
        if idx.len() == batch.len() {
            return body(e, idx, carried);
        }
        let lo = index_const(e, 0);
        let hi = index_const(e, batch[idx.len()]);
        let r = for_loop(e, &lo, &hi, &[(carried.to_string(), ty.to_string())], |e, iv, args| {
            idx.push(iv.to_string());
            let r = go(e, batch, idx, &args[0], ty, body);
            idx.pop();
            Ok(vec![r?])
        })?;
        Ok(r[0].clone())
    }
    go(e, batch, &mut Vec::new(), carried, ty, body)
}

/// Pads `x` with zeros: `low`/`high` edges (negative ones remove elements) and `interior`
/// holes between elements, as `pad` does. Returns the padded value and type.
///
/// Written as one `linalg.generic` over the padded shape that reads the source element
/// (`tensor.extract` at a clamped index) where there is one and zero elsewhere, rather than
/// as a strided `tensor.insert_slice`, whose bufferization needs a runtime copy function.
fn pad_zero(e: &mut Emitter, x: &str, xt: &TensorType, low: &[i64], high: &[i64], interior: &[i64]) -> Result<(String, TensorType), String> {
    let rank = xt.rank();
    if low.iter().chain(high).chain(interior).all(|&v| v == 0) {
        return Ok((x.to_string(), xt.clone()));
    }
    let out_dims: Vec<i64> = (0..rank)
        .map(|d| {
            let n = xt.dims[d];
            let dilated = if n == 0 { 0 } else { (n - 1) * (interior[d] + 1) + 1 };
            (low[d] + high[d] + dilated).max(0)
        })
        .collect();
    let out = TensorType::new(out_dims, xt.element);
    if out.num_elements() == 0 {
        return Ok((e.empty(&out), out));
    }
    if xt.num_elements() == 0 {
        return Ok((zeros(e, &out), out));
    }
    let init = e.empty(&out);
    let iters = vec!["parallel"; rank];
    let t = xt.element;
    let xty = types::tensor(xt);
    let r = e.generic(&[], Operand::identity(init, &out), &iters, |e, _| {
        let mut idx = Vec::new();
        let mut valid: Option<String> = None;
        for d in 0..rank {
            let i = e.op("i", &format!("linalg.index {d} : index"));
            if low[d] == 0 && high[d] == 0 && interior[d] == 0 {
                idx.push(i);
                continue;
            }
            let step = interior[d] + 1;
            let lo = index_const(e, low[d]);
            let st = index_const(e, step);
            let n = index_const(e, xt.dims[d]);
            let zero = index_const(e, 0);
            let s = e.op("i", &format!("arith.subi {i}, {lo} : index"));
            let q = e.op("i", &format!("arith.floordivsi {s}, {st} : index"));
            let rem = e.op("i", &format!("arith.remsi {s}, {st} : index"));
            let ge = e.op("s", &format!("arith.cmpi sge, {s}, {zero} : index"));
            let on = e.op("s", &format!("arith.cmpi eq, {rem}, {zero} : index"));
            let lt = e.op("s", &format!("arith.cmpi slt, {q}, {n} : index"));
            let v1 = e.op("s", &format!("arith.andi {ge}, {on} : i1"));
            let v = e.op("s", &format!("arith.andi {v1}, {lt} : i1"));
            let clamped = e.op("i", &format!("arith.select {v}, {q}, {zero} : index"));
            idx.push(clamped);
            valid = Some(match valid {
                None => v,
                Some(prev) => e.op("s", &format!("arith.andi {prev}, {v} : i1")),
            });
        }
        let elem = e.op("x", &format!("tensor.extract {x}[{}] : {xty}", idx.join(", ")));
        let z = if t.is_complex() {
            let part = types::storage(t.real_part());
            e.op("c", &format!("complex.constant [0.0 : {part}, 0.0 : {part}] : {}", types::storage(t)))
        } else {
            e.op("c", &format!("arith.constant {} : {}", zero_text(t), types::storage(t)))
        };
        let valid = valid.expect("some dimension is padded");
        Ok(e.op("s", &format!("arith.select {valid}, {elem}, {z} : {}", types::storage(t))))
    })?;
    Ok((r, out))
}

/// `out = sum(convert(lhs) * convert(rhs))` over the loops that the output map leaves out:
/// a `linalg.generic` with `loops` loops, of which the first `out.rank()` are parallel.
fn contract(
    e: &mut Emitter,
    lhs: Operand,
    rhs: Operand,
    out: &TensorType,
    loops: usize,
) -> Result<String, String> {
    let init = zeros(e, out);
    let (le, re, oe) = (lhs.ty.element, rhs.ty.element, out.element);
    let iterators: Vec<&str> = (0..loops).map(|i| if i < out.rank() { "parallel" } else { "reduction" }).collect();
    e.generic(&[lhs, rhs], Operand { value: init, ty: out.clone(), map: dims(out.rank()) }, &iterators, |e, args| {
        let a = scalar::load(e, &args[0], le);
        let b = scalar::load(e, &args[1], re);
        let acc = scalar::load(e, &args[2], oe);
        let a = scalar::convert(e, &a, oe)?;
        let b = scalar::convert(e, &b, oe)?;
        let p = scalar::binary(e, "multiply", &a, &b)?;
        let s = scalar::binary(e, "add", &acc, &p)?;
        Ok(scalar::store(e, &s))
    })
}

// ---------------------------------------------------------------------------------------
// convolution

/// XLA ConvWithGeneralPadding. The lhs is dilated (`lhs_dilation - 1` zeros between
/// elements) and padded (negative padding removes elements) first; then output element
/// `(b, o, y...)` is the sum over kernel input features `i` and window positions `w...` of
/// `lhs'[b', g * Cg + i, y * stride + w * rhs_dilation] * rhs[i, o, w]` (the window reversed
/// where `window_reversal` says so). With `feature_group_count` G, the output feature `o`
/// belongs to group `g = o / (O / G)` and reads input features `g * Cg + i`; with
/// `batch_group_count` B, it reads lhs batch `g * (N / B) + b` with `g = o / (O / B)` (groups
/// are contiguous, seed 002 "ConvWithGeneralPadding", StableHLO `convolution`). Products and
/// sums are in the result element type (XLA's preferred element type).
fn convolution(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (k, kt) = ctx.tensor_operand(op, 1)?;
    let out = result(op, 0)?;
    let rank = xt.rank();
    if kt.rank() != rank || out.rank() != rank || rank < 2 {
        return Err(format!("convolution: lhs, rhs and result ranks {}, {}, {} differ or are below 2", rank, kt.rank(), out.rank()));
    }
    let n = rank - 2;
    let dim = |name: &str| -> Result<usize, String> {
        let v = int(op, name)?;
        if v < 0 || v as usize >= rank {
            return Err(format!("{name} {v} is out of range for rank {rank}"));
        }
        Ok(v as usize)
    };
    let spatial = |name: &str| -> Result<Vec<usize>, String> {
        let v = i64s(op, name)?;
        if v.len() != n || v.iter().any(|&d| d < 0 || d as usize >= rank) {
            return Err(format!("{name} {v:?} must list {n} dimensions below {rank}"));
        }
        Ok(v.iter().map(|&d| d as usize).collect())
    };
    let (ib, ifeat, is) = (dim("input_batch_dimension")?, dim("input_feature_dimension")?, spatial("input_spatial_dimensions")?);
    let (kin, kout, ks) = (
        dim("kernel_input_feature_dimension")?,
        dim("kernel_output_feature_dimension")?,
        spatial("kernel_spatial_dimensions")?,
    );
    let (ob, of, os) = (dim("output_batch_dimension")?, dim("output_feature_dimension")?, spatial("output_spatial_dimensions")?);
    let strides = i64s_or(op, "window_strides", n, 1)?;
    let lhs_dil = i64s_or(op, "lhs_dilation", n, 1)?;
    let rhs_dil = i64s_or(op, "rhs_dilation", n, 1)?;
    let padding = i64s_or(op, "padding", 2 * n, 0)?;
    let reversal = opt_bools(op, "window_reversal")?.unwrap_or_else(|| vec![false; n]);
    if reversal.len() != n {
        return Err(format!("window_reversal has {} entries but there are {n} spatial dimensions", reversal.len()));
    }
    if strides.iter().chain(&lhs_dil).chain(&rhs_dil).any(|&s| s < 1) {
        return Err("convolution: strides and dilations must be positive".into());
    }
    let fg = int(op, "feature_group_count").unwrap_or(1);
    let bg = int(op, "batch_group_count").unwrap_or(1);
    let out_features = kt.dims[kout];
    let (in_batch, cg) = (xt.dims[ib], kt.dims[kin]);
    if fg < 1 || bg < 1 || out_features % fg != 0 || out_features % bg != 0 || in_batch % bg != 0 {
        return Err(format!(
            "convolution: feature_group_count {fg} and batch_group_count {bg} must divide the {out_features} output features (and the batch {in_batch})"
        ));
    }
    if out.dims[of] != out_features || out.dims[ob] * bg != in_batch || xt.dims[ifeat] != cg * fg {
        return Err("convolution: result or feature sizes disagree with the operands".into());
    }
    if out.num_elements() == 0 {
        return Ok(vec![ctx.e.empty(&out)]);
    }
    if kt.num_elements() == 0 || xt.num_elements() == 0 {
        return Ok(vec![zeros(&mut ctx.e, &out)]);
    }
    // Dilate and pad the lhs spatial dimensions.
    let mut low = vec![0; rank];
    let mut high = vec![0; rank];
    let mut interior = vec![0; rank];
    for i in 0..n {
        low[is[i]] = padding[2 * i];
        high[is[i]] = padding[2 * i + 1];
        interior[is[i]] = lhs_dil[i] - 1;
    }
    let (padded, pt) = pad_zero(&mut ctx.e, &x, &xt, &low, &high, &interior)?;
    for i in 0..n {
        let window = if kt.dims[ks[i]] == 0 { 0 } else { (kt.dims[ks[i]] - 1) * rhs_dil[i] + 1 };
        let needed = (out.dims[os[i]] - 1) * strides[i] + window;
        if needed > pt.dims[is[i]] {
            return Err(format!(
                "convolution: output spatial dimension {} of size {} needs {needed} padded input elements but there are {}",
                os[i], out.dims[os[i]], pt.dims[is[i]]
            ));
        }
    }
    // Loops: the output's dimensions, then the kernel input feature, then the window.
    let r = rank;
    let ci = format!("d{r}");
    let w = |i: usize| format!("d{}", r + 1 + i);
    let mut lmap = vec![String::new(); rank];
    lmap[ib] = if bg > 1 { format!("(d{of} floordiv {}) * {} + d{ob}", out_features / bg, out.dims[ob]) } else { format!("d{ob}") };
    lmap[ifeat] = if fg > 1 { format!("(d{of} floordiv {}) * {cg} + {ci}", out_features / fg) } else { ci.clone() };
    // A reversed window reads the kernel backwards: reverse it first (a map like `K-1-w` in
    // the convolution itself would leave the window loop without a plain dimension to take
    // its size from).
    let k = if reversal.iter().any(|&r| r) {
        let init = ctx.e.empty(&kt);
        let map: Vec<String> = (0..rank)
            .map(|d| match ks.iter().position(|&s| s == d) {
                Some(i) if reversal[i] => format!("{} - d{d}", kt.dims[d] - 1),
                _ => format!("d{d}"),
            })
            .collect();
        let iters = vec!["parallel"; rank];
        ctx.e.generic(&[Operand { value: k, ty: kt.clone(), map: map.join(", ") }], Operand::identity(init, &kt), &iters, |_, a| Ok(a[0].clone()))?
    } else {
        k
    };
    let mut kmap = vec![String::new(); rank];
    kmap[kin] = ci.clone();
    kmap[kout] = format!("d{of}");
    for i in 0..n {
        lmap[is[i]] = format!("d{} * {} + {} * {}", os[i], strides[i], w(i), rhs_dil[i]);
        kmap[ks[i]] = w(i);
    }
    let lhs = Operand { value: padded, ty: pt, map: lmap.join(", ") };
    let rhs = Operand { value: k, ty: kt, map: kmap.join(", ") };
    Ok(vec![contract(&mut ctx.e, lhs, rhs, &out, r + 1 + n)?])
}

// ---------------------------------------------------------------------------------------
// dot

/// XLA Dot: contracts the last dimension of lhs (rank 1 or 2) with the first of rhs (rank 1
/// or 2); the result has lhs's other dimension, then rhs's.
fn dot(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (l, lt) = ctx.tensor_operand(op, 0)?;
    let (r, rt) = ctx.tensor_operand(op, 1)?;
    let out = result(op, 0)?;
    if !(1..=2).contains(&lt.rank()) || !(1..=2).contains(&rt.rank()) {
        return Err(format!("dot takes vectors and matrices, got ranks {} and {}", lt.rank(), rt.rank()));
    }
    let out_rank = (lt.rank() - 1) + (rt.rank() - 1);
    if out.rank() != out_rank {
        return Err(format!("dot: result rank {} should be {out_rank}", out.rank()));
    }
    let red = format!("d{out_rank}");
    let lmap = if lt.rank() == 2 { format!("d0, {red}") } else { red.clone() };
    let rmap = if rt.rank() == 2 { format!("{red}, d{}", out_rank - 1) } else { red.clone() };
    let lhs = Operand { value: l, ty: lt, map: lmap };
    let rhs = Operand { value: r, ty: rt, map: rmap };
    Ok(vec![contract(&mut ctx.e, lhs, rhs, &out, out_rank + 1)?])
}

// ---------------------------------------------------------------------------------------
// triangular_solve, cholesky

/// Reads `t[idx]` as a compute-form scalar.
fn extract(e: &mut Emitter, t: &str, ty: &TensorType, idx: &[String]) -> Value {
    let v = e.op("x", &format!("tensor.extract {t}[{}] : {}", idx.join(", "), types::tensor(ty)));
    scalar::load(e, &v, ty.element)
}

/// `tensor.insert`s `v` at `idx`.
fn insert(e: &mut Emitter, v: &Value, t: &str, ty: &TensorType, idx: &[String]) -> String {
    let s = scalar::store(e, v);
    e.op("ins", &format!("tensor.insert {s} into {t}[{}] : {}", idx.join(", "), types::tensor(ty)))
}

fn conj(e: &mut Emitter, v: Value) -> Value {
    if !v.ty.is_complex() {
        return v;
    }
    let name = e.op("s", &format!("complex.conj {} : {}", v.name, types::compute(v.ty)));
    Value { name, ty: v.ty }
}

fn with(batch: &[String], a: &str, b: &str) -> Vec<String> {
    batch.iter().cloned().chain([a.to_string(), b.to_string()]).collect()
}

/// XLA TriangularSolve: solves `op(a) x = b` (`left_side`) or `x op(a) = b` for `x`, where
/// `op(a)` is `a`, its transpose or its adjoint (`transpose_a`), reading only the `lower`
/// (or upper) triangle of `a` and taking its diagonal as ones when `unit_diagonal`. Batched
/// over the leading dimensions. Each unknown is `(b - sum of the solved terms) / diagonal`,
/// solved in the order the triangle allows.
fn triangular_solve(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (a, at) = ctx.tensor_operand(op, 0)?;
    let (b, bt) = ctx.tensor_operand(op, 1)?;
    let left = bool_attr(op, "left_side")?;
    let lower = bool_attr(op, "lower")?;
    let unit = bool_attr(op, "unit_diagonal")?;
    let transpose = str_attr(op, "transpose_a")?;
    let (transposed, conjugate) = match transpose {
        "NO_TRANSPOSE" => (false, false),
        "TRANSPOSE" => (true, false),
        "ADJOINT" => (true, true),
        other => return Err(format!("unknown transpose_a '{other}'")),
    };
    let t = at.element;
    if !t.is_float_or_complex() || bt.element != t {
        return Err(format!("unsupported in lowering: triangular_solve on {} and {}", t.xla_name(), bt.element.xla_name()));
    }
    let rank = at.rank();
    if rank < 2 || bt.rank() != rank {
        return Err("triangular_solve: a and b must have the same rank, at least 2".into());
    }
    let m = at.dims[rank - 1];
    let batch: Vec<i64> = at.dims[..rank - 2].to_vec();
    let others = if left { bt.dims[rank - 1] } else { bt.dims[rank - 2] };
    if at.dims[rank - 2] != m || (if left { bt.dims[rank - 2] } else { bt.dims[rank - 1] }) != m || bt.dims[..rank - 2] != batch[..] {
        return Err(format!("triangular_solve: shapes {:?} and {:?} do not fit", at.dims, bt.dims));
    }
    if bt.num_elements() == 0 {
        return Ok(vec![b]);
    }
    // op(a) is lower triangular when a's lower triangle is used untransposed, or its upper
    // triangle transposed.
    let op_lower = lower != transposed;
    let forward = if left { op_lower } else { !op_lower };
    let e = &mut ctx.e;
    let bty = types::tensor(&bt);
    let elem = types::storage(t);
    let c0 = index_const(e, 0);
    let cm = index_const(e, m);
    let cn = index_const(e, others);
    let cm1 = index_const(e, m - 1);
    let c1 = index_const(e, 1);
    let r = for_each_index(e, &batch, &b, &bty, &mut |e, bidx, x| {
        let r = for_loop(e, &c0, &cn, &[(x.to_string(), bty.clone())], |e, other, args| {
            let r = for_loop(e, &c0, &cm, &[(args[0].clone(), bty.clone())], |e, step, args| {
                let x = &args[0];
                let i = if forward { step.to_string() } else { e.op("i", &format!("arith.subi {cm1}, {step} : index")) };
                // op(a)[p, q] and the position of unknown/right-hand side number p.
                let op_a = |e: &mut Emitter, p: &str, q: &str| {
                    let v = if transposed { extract(e, &a, &at, &with(bidx, q, p)) } else { extract(e, &a, &at, &with(bidx, p, q)) };
                    if conjugate {
                        conj(e, v)
                    } else {
                        v
                    }
                };
                let xpos = |p: &str| if left { with(bidx, p, other) } else { with(bidx, other, p) };
                let rhs = extract(e, x, &bt, &xpos(&i));
                let (klo, khi) = if forward { (c0.clone(), i.clone()) } else { (e.op("i", &format!("arith.addi {i}, {c1} : index")), cm.clone()) };
                let acc = for_loop(e, &klo, &khi, &[(rhs.name.clone(), elem.to_string())], |e, kk, acc| {
                    let coef = if left { op_a(e, &i, kk) } else { op_a(e, kk, &i) };
                    let xk = extract(e, x, &bt, &xpos(kk));
                    let p = scalar::binary(e, "multiply", &coef, &xk)?;
                    let s = scalar::binary(e, "subtract", &Value { name: acc[0].clone(), ty: t }, &p)?;
                    Ok(vec![s.name])
                })?;
                let mut v = Value { name: acc[0].clone(), ty: t };
                if !unit {
                    let d = op_a(e, &i, &i);
                    v = scalar::binary(e, "divide", &v, &d)?;
                }
                Ok(vec![insert(e, &v, x, &bt, &xpos(&i))])
            })?;
            Ok(r)
        })?;
        Ok(r[0].clone())
    })?;
    Ok(vec![r])
}

/// XLA Cholesky: `a = l l^H` with `l` lower triangular (`lower`, the default), or
/// `a = u^H u` with `u` upper triangular, reading only that triangle of `a`. The other
/// triangle of the result is zero (XLA leaves it implementation-defined). A matrix that is
/// not positive definite gives NaNs (square root of a negative pivot).
fn cholesky(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (a, at) = ctx.tensor_operand(op, 0)?;
    let lower = opt_bool_attr(op, "lower", true)?;
    let t = at.element;
    if !t.is_float_or_complex() {
        return Err(format!("unsupported in lowering: cholesky on {}", t.xla_name()));
    }
    let rank = at.rank();
    if rank < 2 || at.dims[rank - 1] != at.dims[rank - 2] {
        return Err(format!("cholesky needs square matrices, got shape {:?}", at.dims));
    }
    let n = at.dims[rank - 1];
    if at.num_elements() == 0 {
        return Ok(vec![a]);
    }
    let batch: Vec<i64> = at.dims[..rank - 2].to_vec();
    let e = &mut ctx.e;
    let ty = types::tensor(&at);
    let elem = types::storage(t);
    let init = zeros(e, &at);
    let c0 = index_const(e, 0);
    let c1 = index_const(e, 1);
    let cn = index_const(e, n);
    let part = t.real_part();
    let r = for_each_index(e, &batch, &init, &ty, &mut |e, bidx, res| {
        // A(p, q) and L(p, q) for p >= q, in terms of the stored triangle.
        let read_a = |e: &mut Emitter, p: &str, q: &str| {
            if lower {
                extract(e, &a, &at, &with(bidx, p, q))
            } else {
                let v = extract(e, &a, &at, &with(bidx, q, p));
                conj(e, v)
            }
        };
        let read_l = |e: &mut Emitter, l: &str, p: &str, q: &str| {
            if lower {
                extract(e, l, &at, &with(bidx, p, q))
            } else {
                let v = extract(e, l, &at, &with(bidx, q, p));
                conj(e, v)
            }
        };
        let write_l = |e: &mut Emitter, v: Value, l: &str, p: &str, q: &str| {
            if lower {
                insert(e, &v, l, &at, &with(bidx, p, q))
            } else {
                let v = conj(e, v);
                insert(e, &v, l, &at, &with(bidx, q, p))
            }
        };
        // sum_{k < j} L(p, k) conj(L(q, k)), subtracted from `start`.
        let minus_dot = |e: &mut Emitter, l: &str, start: Value, p: &str, q: &str, j: &str| -> Result<Value, String> {
            let r = for_loop(e, &c0, j, &[(start.name.clone(), elem.to_string())], |e, k, acc| {
                let lp = read_l(e, l, p, k);
                let lq = read_l(e, l, q, k);
                let lq = conj(e, lq);
                let prod = scalar::binary(e, "multiply", &lp, &lq)?;
                Ok(vec![scalar::binary(e, "subtract", &Value { name: acc[0].clone(), ty: t }, &prod)?.name])
            })?;
            Ok(Value { name: r[0].clone(), ty: t })
        };
        let r = for_loop(e, &c0, &cn, &[(res.to_string(), ty.clone())], |e, j, args| {
            let l = &args[0];
            let ajj = read_a(e, j, j);
            let d = minus_dot(e, l, ajj, j, j, j)?;
            // The pivot is real: the square root of the real part.
            let re = if t.is_complex() { e.op("s", &format!("complex.re {} : {}", d.name, types::compute(t))) } else { d.name.clone() };
            let root = scalar::unary(e, "sqrt", &Value { name: re, ty: part }, part)?;
            let ljj = if t.is_complex() {
                let z = e.op("s", &format!("arith.constant 0.0 : {}", types::compute(part)));
                Value { name: e.op("s", &format!("complex.create {}, {z} : {}", root.name, types::compute(t))), ty: t }
            } else {
                root
            };
            let l = write_l(e, ljj.clone(), l, j, j);
            let below = e.op("i", &format!("arith.addi {j}, {c1} : index"));
            let r = for_loop(e, &below, &cn, &[(l.clone(), ty.clone())], |e, i, args| {
                let l = &args[0];
                let aij = read_a(e, i, j);
                let v = minus_dot(e, l, aij, i, j, j)?;
                let v = scalar::binary(e, "divide", &v, &ljj)?;
                Ok(vec![write_l(e, v, l, i, j)])
            })?;
            Ok(r)
        })?;
        Ok(r[0].clone())
    })?;
    Ok(vec![r])
}

// ---------------------------------------------------------------------------------------
// fft

/// One DFT pass over dimension `d` of a `complex<f64>` tensor: `out[.., k, ..] = sum_n
/// in[.., n, ..] * exp(sign * 2πi * k * n / len)` with `len` the transform length and `k`
/// ranging over `out_len` (fewer than `len` for RFFT's last dimension).
fn dft_pass(e: &mut Emitter, x: &str, xt: &TensorType, d: usize, len: i64, out_len: i64, sign: f64) -> Result<(String, TensorType), String> {
    let rank = xt.rank();
    let mut out_dims = xt.dims.clone();
    out_dims[d] = out_len;
    let out = TensorType::new(out_dims, ElementType::C128);
    let init = zeros(e, &out);
    let mut map: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
    map[d] = format!("d{rank}");
    let mut iters = vec!["parallel"; rank];
    iters.push("reduction");
    let step = sign * 2.0 * std::f64::consts::PI / len as f64;
    let r = e.generic(&[Operand { value: x.to_string(), ty: xt.clone(), map: map.join(", ") }], Operand::identity(init, &out), &iters, |e, a| {
        let w = twiddle(e, d, rank, len, step);
        let p = e.op("s", &format!("complex.mul {}, {w} : complex<f64>", a[0]));
        Ok(e.op("s", &format!("complex.add {}, {p} : complex<f64>", a[1])))
    })?;
    Ok((r, out))
}

/// `exp(i * step * ((index(d_a) * index(d_b)) mod len))` inside a generic body.
fn twiddle(e: &mut Emitter, da: usize, db: usize, len: i64, step: f64) -> String {
    let angle = twiddle_angle(e, da, db, len, step);
    let c = e.op("s", &format!("math.cos {angle} : f64"));
    let s = e.op("s", &format!("math.sin {angle} : f64"));
    e.op("s", &format!("complex.create {c}, {s} : complex<f64>"))
}

fn twiddle_angle(e: &mut Emitter, da: usize, db: usize, len: i64, step: f64) -> String {
    let ka = e.op("i", &format!("linalg.index {da} : index"));
    let kb = e.op("i", &format!("linalg.index {db} : index"));
    let prod = e.op("i", &format!("arith.muli {ka}, {kb} : index"));
    let n = e.op("i", &format!("arith.constant {len} : index"));
    let m = e.op("i", &format!("arith.remui {prod}, {n} : index"));
    let mi = e.op("i", &format!("arith.index_cast {m} : index to i64"));
    let mf = e.op("s", &format!("arith.sitofp {mi} : i64 to f64"));
    let st = e.op("s", &format!("arith.constant {} : f64", xhlo_ir::attrs::format_float(step)));
    e.op("s", &format!("arith.mulf {mf}, {st} : f64"))
}

/// XLA Fft over the `fft_length.len()` innermost dimensions: FFT (forward, complex),
/// IFFT (inverse, scaled by 1 / the product of the lengths), RFFT (real input; the last
/// dimension keeps `n / 2 + 1` frequencies), IRFFT (the last dimension's input holds
/// `n / 2 + 1` frequencies of a Hermitian spectrum; the output is real with `n` elements).
/// Computed as a direct DFT in `complex<f64>`, then converted to the result type.
fn fft(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let kind = str_attr(op, "fft_type")?;
    let lengths = i64s(op, "fft_length")?;
    let rank = xt.rank();
    let nl = lengths.len();
    if nl == 0 || nl > 3 || nl > rank || out.rank() != rank {
        return Err(format!("fft: {nl} transform dimensions do not fit rank {rank}"));
    }
    let first = rank - nl;
    let last = rank - 1;
    // Operand and result shapes per kind.
    for d in first..rank {
        let len = lengths[d - first];
        let (want_in, want_out) = match kind {
            "FFT" | "IFFT" => (len, len),
            "RFFT" if d == last => (len, len / 2 + 1),
            "IRFFT" if d == last => (len / 2 + 1, len),
            "RFFT" | "IRFFT" => (len, len),
            other => return Err(format!("unknown fft_type '{other}'")),
        };
        if xt.dims[d] != want_in || out.dims[d] != want_out {
            return Err(format!(
                "fft {kind}: dimension {d} has operand size {} and result size {} but fft_length {len} needs {want_in} and {want_out}",
                xt.dims[d], out.dims[d]
            ));
        }
    }
    if xt.dims[..first] != out.dims[..first] {
        return Err("fft: batch dimensions of operand and result differ".into());
    }
    let e = &mut ctx.e;
    if out.num_elements() == 0 {
        return Ok(vec![e.empty(&out)]);
    }
    if xt.num_elements() == 0 {
        return Ok(vec![zeros(e, &out)]);
    }
    let mut cur = convert_tensor(e, &x, &xt, ElementType::C128)?;
    let mut ct = TensorType::new(xt.dims.clone(), ElementType::C128);
    let inverse = matches!(kind, "IFFT" | "IRFFT");
    let sign = if inverse { 1.0 } else { -1.0 };
    let full_dims: Vec<usize> = if kind == "IRFFT" { (first..last).collect() } else { (first..rank).rev().collect() };
    for d in full_dims {
        let len = lengths[d - first];
        let out_len = if kind == "RFFT" && d == last { len / 2 + 1 } else { len };
        (cur, ct) = dft_pass(e, &cur, &ct, d, len, out_len, sign)?;
    }
    let scale: f64 = if inverse { 1.0 / lengths.iter().map(|&l| l as f64).product::<f64>() } else { 1.0 };
    let sc = format_scale(scale);
    if kind == "IRFFT" {
        // The last dimension: out[n] = sum_k c_k Re(X[k] exp(2πi k n / N)), c_k = 1 for k = 0
        // and k = N/2, else 2 (each such k stands for itself and its mirror N - k).
        let len = lengths[nl - 1];
        let mut out_dims = ct.dims.clone();
        out_dims[last] = len;
        let real = TensorType::new(out_dims, ElementType::F64);
        let init = zeros(e, &real);
        let mut map: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
        map[last] = format!("d{rank}");
        let mut iters = vec!["parallel"; rank];
        iters.push("reduction");
        let step = 2.0 * std::f64::consts::PI / len as f64;
        let r = e.generic(&[Operand { value: cur.clone(), ty: ct.clone(), map: map.join(", ") }], Operand::identity(init, &real), &iters, |e, a| {
            let angle = twiddle_angle(e, last, rank, len, step);
            let c = e.op("s", &format!("math.cos {angle} : f64"));
            let s = e.op("s", &format!("math.sin {angle} : f64"));
            let re = e.op("s", &format!("complex.re {} : complex<f64>", a[0]));
            let im = e.op("s", &format!("complex.im {} : complex<f64>", a[0]));
            let rc = e.op("s", &format!("arith.mulf {re}, {c} : f64"));
            let is = e.op("s", &format!("arith.mulf {im}, {s} : f64"));
            let v = e.op("s", &format!("arith.subf {rc}, {is} : f64"));
            let k = e.op("i", &format!("linalg.index {rank} : index"));
            let zero = e.op("i", "arith.constant 0 : index");
            let two = e.op("i", "arith.constant 2 : index");
            let n = e.op("i", &format!("arith.constant {len} : index"));
            let k2 = e.op("i", &format!("arith.muli {k}, {two} : index"));
            let is0 = e.op("s", &format!("arith.cmpi eq, {k}, {zero} : index"));
            let is_half = e.op("s", &format!("arith.cmpi eq, {k2}, {n} : index"));
            let single = e.op("s", &format!("arith.ori {is0}, {is_half} : i1"));
            let one_f = e.op("s", "arith.constant 1.0 : f64");
            let two_f = e.op("s", "arith.constant 2.0 : f64");
            let ck = e.op("s", &format!("arith.select {single}, {one_f}, {two_f} : f64"));
            let term = e.op("s", &format!("arith.mulf {ck}, {v} : f64"));
            Ok(e.op("s", &format!("arith.addf {}, {term} : f64", a[1])))
        })?;
        let scaled = scale_tensor(e, &r, &real, &sc)?;
        return Ok(vec![convert_tensor(e, &scaled, &real, out.element)?]);
    }
    let scaled = if inverse { scale_tensor(e, &cur, &ct, &sc)? } else { cur };
    Ok(vec![convert_tensor(e, &scaled, &ct, out.element)?])
}

fn format_scale(v: f64) -> String {
    xhlo_ir::attrs::format_float(v)
}

/// Multiplies every element of an f64 or complex<f64> tensor by the real `factor`.
fn scale_tensor(e: &mut Emitter, x: &str, xt: &TensorType, factor: &str) -> Result<String, String> {
    let init = e.empty(xt);
    let iters = vec!["parallel"; xt.rank()];
    let complex = xt.element.is_complex();
    e.generic(&[Operand::identity(x, xt)], Operand::identity(init, xt), &iters, |e, a| {
        let f = e.op("s", &format!("arith.constant {factor} : f64"));
        if complex {
            let re = e.op("s", &format!("complex.re {} : complex<f64>", a[0]));
            let im = e.op("s", &format!("complex.im {} : complex<f64>", a[0]));
            let re = e.op("s", &format!("arith.mulf {re}, {f} : f64"));
            let im = e.op("s", &format!("arith.mulf {im}, {f} : f64"));
            Ok(e.op("s", &format!("complex.create {re}, {im} : complex<f64>")))
        } else {
            Ok(e.op("s", &format!("arith.mulf {}, {f} : f64", a[0])))
        }
    })
}

// ---------------------------------------------------------------------------------------
// bitcast_convert

/// The bits of a scalar as an integer of its width (`i128` for `complex<f64>`: the real
/// part in the low half, as in memory).
fn to_bits(e: &mut Emitter, v: &str, t: ElementType) -> String {
    let w = t.bit_width();
    if t.is_complex() {
        let ty = types::compute(t);
        let (half, pt) = (w / 2, types::compute(t.real_part()));
        let re = e.op("s", &format!("complex.re {v} : {ty}"));
        let im = e.op("s", &format!("complex.im {v} : {ty}"));
        let rb = e.op("s", &format!("arith.bitcast {re} : {pt} to i{half}"));
        let ib = e.op("s", &format!("arith.bitcast {im} : {pt} to i{half}"));
        let rw = e.op("s", &format!("arith.extui {rb} : i{half} to i{w}"));
        let iw = e.op("s", &format!("arith.extui {ib} : i{half} to i{w}"));
        let sh = e.op("s", &format!("arith.constant {half} : i{w}"));
        let hi = e.op("s", &format!("arith.shli {iw}, {sh} : i{w}"));
        return e.op("s", &format!("arith.ori {rw}, {hi} : i{w}"));
    }
    if t.is_float() {
        return e.op("s", &format!("arith.bitcast {v} : {} to i{w}", types::compute(t)));
    }
    v.to_string()
}

/// The scalar of type `t` with the given bits (`i{width of t}`).
fn from_bits(e: &mut Emitter, bits: &str, t: ElementType) -> String {
    let w = t.bit_width();
    if t.is_complex() {
        let ty = types::compute(t);
        let (half, pt) = (w / 2, types::compute(t.real_part()));
        let lo = e.op("s", &format!("arith.trunci {bits} : i{w} to i{half}"));
        let sh = e.op("s", &format!("arith.constant {half} : i{w}"));
        let hs = e.op("s", &format!("arith.shrui {bits}, {sh} : i{w}"));
        let hi = e.op("s", &format!("arith.trunci {hs} : i{w} to i{half}"));
        let re = e.op("s", &format!("arith.bitcast {lo} : i{half} to {pt}"));
        let im = e.op("s", &format!("arith.bitcast {hi} : i{half} to {pt}"));
        return e.op("s", &format!("complex.create {re}, {im} : {ty}"));
    }
    if t.is_float() {
        return e.op("s", &format!("arith.bitcast {bits} : i{w} to {}", types::compute(t)));
    }
    bits.to_string()
}

/// XLA BitcastConvert: the same bits read as another type. Between widths, the wider side
/// has one element per `ratio` elements of the narrower one, which form an extra minor
/// dimension of size `ratio`, least significant part first (little-endian).
fn bitcast_convert(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let (from, to) = (xt.element, out.element);
    for t in [from, to] {
        if t.is_pred() || types::is_narrowed(t) {
            return Err(format!("unsupported in lowering: bitcast_convert with {} elements", t.xla_name()));
        }
    }
    let (wi, wo) = (from.bit_width(), to.bit_width());
    let e = &mut ctx.e;
    let init = e.empty(&out);
    let rank = out.rank();
    let iters = vec!["parallel"; rank];
    if wi == wo {
        if xt.dims != out.dims {
            return Err("bitcast_convert between equal widths must keep the shape".into());
        }
        let r = e.generic(&[Operand::identity(x, &xt)], Operand::identity(init, &out), &iters, |e, a| {
            let b = to_bits(e, &a[0], from);
            Ok(from_bits(e, &b, to))
        })?;
        return Ok(vec![r]);
    }
    if wi > wo {
        // Split: out[..., k] = bits k*wo .. (k+1)*wo of x[...].
        let ratio = (wi / wo) as i64;
        if out.rank() != xt.rank() + 1 || out.dims[..xt.rank()] != xt.dims[..] || out.dims[rank - 1] != ratio {
            return Err(format!("bitcast_convert from {} to {}: result shape must be the operand's plus a minor dimension of {ratio}", from.xla_name(), to.xla_name()));
        }
        let r = e.generic(&[Operand { value: x, ty: xt.clone(), map: dims(rank - 1) }], Operand::identity(init, &out), &iters, |e, a| {
            let b = to_bits(e, &a[0], from);
            let k = e.op("i", &format!("linalg.index {} : index", rank - 1));
            let ki = e.op("i", &format!("arith.index_cast {k} : index to i{wi}"));
            let width = e.op("s", &format!("arith.constant {wo} : i{wi}"));
            let sh = e.op("s", &format!("arith.muli {ki}, {width} : i{wi}"));
            let shifted = e.op("s", &format!("arith.shrui {b}, {sh} : i{wi}"));
            let piece = e.op("s", &format!("arith.trunci {shifted} : i{wi} to i{wo}"));
            Ok(from_bits(e, &piece, to))
        })?;
        return Ok(vec![r]);
    }
    // Join: out[...] = sum over k of x[..., k] << (k * wi).
    let ratio = (wo / wi) as i64;
    let xr = xt.rank();
    if xr != out.rank() + 1 || xt.dims[..out.rank()] != out.dims[..] || xt.dims[xr - 1] != ratio {
        return Err(format!("bitcast_convert from {} to {}: operand shape must be the result's plus a minor dimension of {ratio}", from.xla_name(), to.xla_name()));
    }
    let base = dims(rank);
    let inputs: Vec<Operand> = (0..ratio)
        .map(|k| Operand { value: x.clone(), ty: xt.clone(), map: if rank == 0 { k.to_string() } else { format!("{base}, {k}") } })
        .collect();
    let r = e.generic(&inputs, Operand::identity(init, &out), &iters, |e, a| {
        let mut acc: Option<String> = None;
        for (k, piece) in a[..ratio as usize].iter().enumerate() {
            let b = to_bits(e, piece, from);
            let w = e.op("s", &format!("arith.extui {b} : i{wi} to i{wo}"));
            let placed = if k == 0 {
                w
            } else {
                let sh = e.op("s", &format!("arith.constant {} : i{wo}", k as u32 * wi));
                e.op("s", &format!("arith.shli {w}, {sh} : i{wo}"))
            };
            acc = Some(match acc {
                None => placed,
                Some(prev) => e.op("s", &format!("arith.ori {prev}, {placed} : i{wo}")),
            });
        }
        Ok(from_bits(e, &acc.expect("ratio >= 2"), to))
    })?;
    Ok(vec![r])
}

// ---------------------------------------------------------------------------------------
// reduce_precision

/// (exponent bits, mantissa bits) of a float type.
fn float_format(t: ElementType) -> Option<(u32, u32)> {
    match t {
        ElementType::F16 => Some((5, 10)),
        ElementType::BF16 => Some((8, 7)),
        ElementType::F32 => Some((8, 23)),
        ElementType::F64 => Some((11, 52)),
        _ => None,
    }
}

/// XLA ReducePrecision: rounds the mantissa to `mantissa_bits` (to nearest, ties to even),
/// then flushes values whose exponent does not fit `exponent_bits` to ±infinity (overflow)
/// or ±0 (underflow, denormals included), as XLA's evaluator does on the bit pattern. NaNs
/// stay NaN (themselves), except that with 0 mantissa bits a NaN cannot be represented and
/// becomes +infinity, as in XLA.
fn reduce_precision(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let t = xt.element;
    let (src_e, src_m) = float_format(t).ok_or_else(|| format!("unsupported in lowering: reduce_precision on {}", t.xla_name()))?;
    let eb = int(op, "exponent_bits")?;
    let mb = int(op, "mantissa_bits")?;
    if eb < 1 || mb < 0 {
        return Err(format!("reduce_precision: exponent_bits {eb} must be at least 1 and mantissa_bits {mb} at least 0"));
    }
    let (eb, mb) = (eb as u32, mb as u32);
    let w = t.bit_width();
    let it = format!("i{w}");
    let ft = types::compute(t);
    let e = &mut ctx.e;
    let init = e.empty(&out);
    let iters = vec!["parallel"; xt.rank()];
    let r = e.generic(&[Operand::identity(x, &xt)], Operand::identity(init, &out), &iters, |e, a| {
        let c = |e: &mut Emitter, v: u128| e.op("c", &format!("arith.constant {} : {it}", v as i128 - if v >> (w - 1) & 1 == 1 { 1i128 << w } else { 0 }));
        let orig = &a[0];
        let mut bits = e.op("s", &format!("arith.bitcast {orig} : {ft} to {it}"));
        if mb < src_m {
            let drop = src_m - mb;
            let sh = c(e, drop as u128);
            let one = c(e, 1);
            let shifted = e.op("s", &format!("arith.shrui {bits}, {sh} : {it}"));
            let last = e.op("s", &format!("arith.andi {shifted}, {one} : {it}"));
            let base = c(e, (1u128 << (drop - 1)) - 1);
            let bias = e.op("s", &format!("arith.addi {last}, {base} : {it}"));
            let mask = c(e, ((1u128 << w) - 1) & !((1u128 << drop) - 1));
            let added = e.op("s", &format!("arith.addi {bits}, {bias} : {it}"));
            bits = e.op("s", &format!("arith.andi {added}, {mask} : {it}"));
        }
        if eb < src_e {
            let sign_mask = c(e, 1u128 << (w - 1));
            let exp_mask = c(e, ((1u128 << src_e) - 1) << src_m);
            let bias = (1u128 << (src_e - 1)) - 1;
            let reduced_bias = (1u128 << (eb - 1)) - 1;
            let max_exp = c(e, (bias + reduced_bias) << src_m);
            let min_exp = c(e, (bias - reduced_bias) << src_m);
            let exp = e.op("s", &format!("arith.andi {bits}, {exp_mask} : {it}"));
            let over = e.op("s", &format!("arith.cmpi ugt, {exp}, {max_exp} : {it}"));
            let under = e.op("s", &format!("arith.cmpi ule, {exp}, {min_exp} : {it}"));
            let signed_zero = e.op("s", &format!("arith.andi {bits}, {sign_mask} : {it}"));
            let signed_inf = e.op("s", &format!("arith.ori {signed_zero}, {exp_mask} : {it}"));
            let b1 = e.op("s", &format!("arith.select {over}, {signed_inf}, {bits} : {it}"));
            bits = e.op("s", &format!("arith.select {under}, {signed_zero}, {b1} : {it}"));
        }
        let reduced = e.op("s", &format!("arith.bitcast {bits} : {it} to {ft}"));
        let is_nan = e.op("s", &format!("arith.cmpf uno, {orig}, {orig} : {ft}"));
        let nan_value = if mb > 0 { orig.clone() } else { e.op("c", &format!("arith.constant 0x{:X} : {ft}", ((1u128 << src_e) - 1) << src_m)) };
        Ok(e.op("s", &format!("arith.select {is_nan}, {nan_value}, {reduced} : {ft}")))
    })?;
    Ok(vec![r])
}

// ---------------------------------------------------------------------------------------
// batch_norm_*

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
    body: impl FnOnce(&mut Emitter, &[Value]) -> Result<Value, String>,
) -> Result<String, String> {
    let rank = xt.rank();
    let ops: Vec<Operand> = inputs
        .iter()
        .map(|(v, t)| Operand { value: v.to_string(), ty: (*t).clone(), map: if t.rank() == rank { dims(rank) } else { format!("d{f}") } })
        .collect();
    let elems: Vec<ElementType> = inputs.iter().map(|(_, t)| t.element).collect();
    let init = e.empty(xt);
    let iters = vec!["parallel"; rank];
    e.generic(&ops, Operand::identity(init, xt), &iters, |e, a| {
        let vals: Vec<Value> = a.iter().zip(&elems).map(|(n, t)| scalar::load(e, n, *t)).collect();
        let r = body(e, &vals)?;
        Ok(scalar::store(e, &r))
    })
}

/// Sums a full tensor over every dimension but the feature one (a vector per feature).
fn feature_sum(e: &mut Emitter, x: &str, xt: &TensorType, f: usize) -> Result<String, String> {
    let rank = xt.rank();
    let out = TensorType::new(vec![xt.dims[f]], xt.element);
    let init = zeros(e, &out);
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
    e.generic(&[Operand { value: x.to_string(), ty: xt.clone(), map: map.join(", ") }], Operand { value: init, ty: out, map: "d0".into() }, &iters, |e, a| {
        let v = scalar::load(e, &a[0], t);
        let acc = scalar::load(e, &a[1], t);
        let s = scalar::binary(e, "add", &acc, &v)?;
        Ok(scalar::store(e, &s))
    })
}

fn float_const(e: &mut Emitter, t: ElementType, v: f64) -> Value {
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
    use crate::testing::{lower, lower_ok};


    #[test]
    fn convolution_with_padding_dilation_and_feature_groups() {
        let out = lower_ok(
            "%x: tensor<1x4x5xf32>, %k: tensor<3x2x6xf32>",
            r#"  %r = "xhlo.convolution"(%x, %k) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2>, kernel_input_feature_dimension = 1 : i64, kernel_output_feature_dimension = 2 : i64, kernel_spatial_dimensions = array<i64: 0>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2>, window_strides = array<i64: 2>, padding = array<i64: 1, -1>, lhs_dilation = array<i64: 2>, rhs_dilation = array<i64: 1>, feature_group_count = 2 : i64, batch_group_count = 1 : i64} : (tensor<1x4x5xf32>, tensor<3x2x6xf32>) -> tensor<1x6x4xf32>"#,
            "tensor<1x6x4xf32>",
        );
        // Padded and dilated lhs: 1 + 9 - 1 = 9 positions; output feature o reads input
        // features (o floordiv 3) * 2 + i.
        assert!(out.contains("tensor<1x4x9xf32>"), "{out}");
        assert!(out.contains("affine_map<(d0, d1, d2, d3, d4) -> (d0, (d1 floordiv 3) * 2 + d3, d2 * 2 + d4 * 1)>"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn convolution_batch_groups_index_the_lhs_batch_by_output_feature_group() {
        let out = lower_ok(
            "%x: tensor<4x3x5xi32>, %k: tensor<4x3x3xi32>",
            r#"  %r = "xhlo.convolution"(%x, %k) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2>, kernel_input_feature_dimension = 1 : i64, kernel_output_feature_dimension = 0 : i64, kernel_spatial_dimensions = array<i64: 2>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2>, feature_group_count = 1 : i64, batch_group_count = 2 : i64} : (tensor<4x3x5xi32>, tensor<4x3x3xi32>) -> tensor<2x4x3xi32>"#,
            "tensor<2x4x3xi32>",
        );
        assert!(out.contains("-> ((d1 floordiv 2) * 2 + d0, d3, d2 * 1 + d4 * 1)"), "{out}");
    }

    #[test]
    fn convolution_window_reversal_reverses_the_kernel_first() {
        let out = lower_ok(
            "%x: tensor<1x1x5xf32>, %k: tensor<1x1x3xf32>",
            r#"  %r = "xhlo.convolution"(%x, %k) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2>, kernel_input_feature_dimension = 1 : i64, kernel_output_feature_dimension = 0 : i64, kernel_spatial_dimensions = array<i64: 2>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2>, window_reversal = array<i1: true>, feature_group_count = 1 : i64, batch_group_count = 1 : i64} : (tensor<1x1x5xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>"#,
            "tensor<1x1x3xf32>",
        );
        assert!(out.contains("affine_map<(d0, d1, d2) -> (d0, d1, 2 - d2)>"), "{out}");
    }

    #[test]
    fn convolution_rejects_groups_that_do_not_divide_the_features() {
        let err = lower(
            "%x: tensor<1x4x5xf32>, %k: tensor<3x2x5xf32>",
            r#"  %r = "xhlo.convolution"(%x, %k) {input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, input_spatial_dimensions = array<i64: 2>, kernel_input_feature_dimension = 1 : i64, kernel_output_feature_dimension = 2 : i64, kernel_spatial_dimensions = array<i64: 0>, output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, output_spatial_dimensions = array<i64: 2>, feature_group_count = 2 : i64, batch_group_count = 1 : i64} : (tensor<1x4x5xf32>, tensor<3x2x5xf32>) -> tensor<1x5x3xf32>"#,
            "tensor<1x5x3xf32>",
        )
        .unwrap_err();
        assert!(err.contains("feature_group_count 2"), "{err}");
    }

    #[test]
    fn dot_matrix_vector_contracts_the_last_lhs_dimension() {
        let out = lower_ok(
            "%a: tensor<2x3xi8>, %b: tensor<3xi8>",
            r#"  %r = "xhlo.dot"(%a, %b) : (tensor<2x3xi8>, tensor<3xi8>) -> tensor<2xi32>"#,
            "tensor<2xi32>",
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn triangular_solve_adjoint_conjugates_and_loops_with_scf() {
        let out = lower_ok(
            "%a: tensor<2x3x3xcomplex<f32>>, %b: tensor<2x3x4xcomplex<f32>>",
            r#"  %r = "xhlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = "ADJOINT"} : (tensor<2x3x3xcomplex<f32>>, tensor<2x3x4xcomplex<f32>>) -> tensor<2x3x4xcomplex<f32>>"#,
            "tensor<2x3x4xcomplex<f32>>",
        );
        assert!(out.contains("complex.conj"), "{out}");
        assert!(out.contains("complex.div"), "{out}");
        // One loop for the batch, one per right-hand side, one per unknown, one per term.
        assert_eq!(out.matches("scf.for").count(), 4, "{out}");
    }

    #[test]
    fn triangular_solve_unit_diagonal_does_not_divide() {
        let out = lower_ok(
            "%a: tensor<3x3xf32>, %b: tensor<2x3xf32>",
            r#"  %r = "xhlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = true, transpose_a = "NO_TRANSPOSE"} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"#,
            "tensor<2x3xf32>",
        );
        assert!(!out.contains("arith.divf"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn cholesky_upper_reads_and_writes_the_upper_triangle() {
        let out = lower_ok(
            "%a: tensor<3x3xf64>",
            r#"  %r = "xhlo.cholesky"(%a) {lower = false} : (tensor<3x3xf64>) -> tensor<3x3xf64>"#,
            "tensor<3x3xf64>",
        );
        assert!(out.contains("math.sqrt"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn fft_forward_is_a_dft_pass_in_complex_f64() {
        let out = lower_ok(
            "%x: tensor<3x4xcomplex<f32>>",
            r#"  %r = "xhlo.fft"(%x) {fft_type = "FFT", fft_length = array<i64: 4>} : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xcomplex<f32>>"#,
            "tensor<3x4xcomplex<f32>>",
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn rfft_keeps_half_the_frequencies_and_irfft_returns_reals() {
        let out = lower_ok(
            "%x: tensor<2x5xf32>",
            r#"  %r = "xhlo.fft"(%x) {fft_type = "RFFT", fft_length = array<i64: 5>} : (tensor<2x5xf32>) -> tensor<2x3xcomplex<f32>>"#,
            "tensor<2x3xcomplex<f32>>",
        );
        assert!(out.contains("tensor<2x3xcomplex<f64>>"), "{out}");
        let out = lower_ok(
            "%x: tensor<2x3xcomplex<f64>>",
            r#"  %r = "xhlo.fft"(%x) {fft_type = "IRFFT", fft_length = array<i64: 2, 4>} : (tensor<2x3xcomplex<f64>>) -> tensor<2x4xf64>"#,
            "tensor<2x4xf64>",
        );
        // 1 / (2 * 4)
        assert!(out.contains("arith.constant 1.25e-1 : f64"), "{out}");
    }

    #[test]
    fn fft_rejects_lengths_that_do_not_match_the_operand() {
        let err = lower(
            "%x: tensor<4xcomplex<f32>>",
            r#"  %r = "xhlo.fft"(%x) {fft_type = "FFT", fft_length = array<i64: 8>} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>"#,
            "tensor<4xcomplex<f32>>",
        )
        .unwrap_err();
        assert!(err.contains("fft_length 8"), "{err}");
    }

    #[test]
    fn bitcast_convert_splits_wide_elements_little_endian() {
        let out = lower_ok(
            "%x: tensor<2xf64>",
            r#"  %r = "xhlo.bitcast_convert"(%x) : (tensor<2xf64>) -> tensor<2x2xf32>"#,
            "tensor<2x2xf32>",
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn bitcast_convert_joins_narrow_elements_from_the_minor_dimension() {
        let out = lower_ok(
            "%x: tensor<3x4xui8>",
            r#"  %r = "xhlo.bitcast_convert"(%x) : (tensor<3x4xui8>) -> tensor<3xf32>"#,
            "tensor<3xf32>",
        );
        for k in 0..4 {
            assert!(out.contains(&format!("affine_map<(d0) -> (d0, {k})>")), "{out}");
        }
        assert!(out.contains("arith.bitcast") && out.contains("i32 to f32"), "{out}");
    }

    #[test]
    fn bitcast_convert_of_pred_is_unsupported_not_wrong() {
        let err = lower(
            "%x: tensor<8xi1>",
            r#"  %r = "xhlo.bitcast_convert"(%x) : (tensor<8xi1>) -> tensor<8xi8>"#,
            "tensor<8xi8>",
        )
        .unwrap_err();
        assert!(err.contains("unsupported in lowering: bitcast_convert with PRED"), "{err}");
    }

    #[test]
    fn reduce_precision_rounds_and_clamps_on_the_bit_pattern() {
        let out = lower_ok(
            "%x: tensor<4xf32>",
            r#"  %r = "xhlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<4xf32>) -> tensor<4xf32>"#,
            "tensor<4xf32>",
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn reduce_precision_without_mantissa_turns_nan_into_infinity() {
        let out = lower_ok(
            "%x: tensor<f64>",
            r#"  %r = "xhlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = 0 : i32} : (tensor<f64>) -> tensor<f64>"#,
            "tensor<f64>",
        );
        assert!(out.contains("arith.constant 0x7FF0000000000000 : f64"), "{out}");
    }

    #[test]
    fn batch_norm_training_returns_output_mean_and_variance() {
        let out = lower_ok(
            "%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>",
            r#"  %r:3 = "xhlo.batch_norm_training"(%x, %s, %o) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %r = "xhlo.add"(%r#0, %r#0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"#,
            "tensor<2x3xf32>",
        );
        // Two per-feature sums (mean, variance) reduce over the batch dimension.
        assert_eq!(out.matches(r#"iterator_types = ["parallel", "reduction"]"#).count(), 2, "{out}");
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

    #[test]
    fn complex_maximum_is_lexicographic() {
        let out = lower_ok(
            "%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>",
            r#"  %r = "xhlo.maximum"(%a, %b) : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>"#,
            "tensor<2xcomplex<f32>>",
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn cbrt_follows_xla_pow_and_copysign() {
        let out = lower_ok(
            "%a: tensor<2xf32>",
            r#"  %r = "xhlo.cbrt"(%a) : (tensor<2xf32>) -> tensor<2xf32>"#,
            "tensor<2xf32>",
        );
        assert!(out.contains("math.powf") && out.contains("math.copysign"), "{out}");
        assert!(!out.contains("math.cbrt"), "{out}");
    }

    #[test]
    fn complex_to_pred_reads_only_the_real_part() {
        let out = lower_ok(
            "%a: tensor<2xcomplex<f64>>",
            r#"  %r = "xhlo.convert"(%a) : (tensor<2xcomplex<f64>>) -> tensor<2xi1>"#,
            "tensor<2xi1>",
        );
        assert!(out.contains("complex.re") && !out.contains("complex.im"), "{out}");
    }

    #[test]
    fn float_to_unsigned_bounds_are_valid_float_literals() {
        let out = lower_ok(
            "%a: tensor<2xf64>",
            r#"  %r = "xhlo.convert"(%a) : (tensor<2xf64>) -> tensor<2xui64>"#,
            "tensor<2xui64>",
        );
        assert!(out.contains("arith.constant 0.0e0 : f64"), "{out}");
    }
}

//! Linear algebra → linalg/scf on tensors: `dot_general`, `dot`, `convolution`,
//! `triangular_solve`, `cholesky` and `fft`.
//!
//! - `dot_general` becomes the register-tiled vector kernel of [`dot_tiled`] where it
//!   applies, otherwise a `linalg.generic` with loops (batch, lhs free, rhs free,
//!   contracting), multiplying in the result element type and accumulating into a
//!   zero-filled init.
//! - `convolution` pads and dilates the lhs with zeros (as `pad` does), then runs as an
//!   implicit GEMM on the same tiled kernel ([`conv_gemm`]) where it applies, depthwise ones
//!   as a direct loop nest vectorized over the features ([`conv_depthwise`]); otherwise (complex,
//!   16-bit float or narrow integer results, little work) one `linalg.generic` sums over the
//!   kernel's input features and window positions, feature and batch groups picking their
//!   lhs slice through `floordiv` in the indexing maps.
//!
//! The other lowerings aim at exact XLA semantics first; performance comes later:
//! - `triangular_solve` and `cholesky` are forward/back substitution written as `scf.for`
//!   loops over tensors (`tensor.extract`/`tensor.insert`).
//! - `fft` is a direct DFT, one `linalg.generic` per transformed dimension, computed in
//!   `complex<f64>` with twiddles from `(k * n) mod N` (so angles stay exact).

use super::common::{i64s, index_const, int, zero_text, zeros};
use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::{dims, Emitter, Operand};
use crate::scalar::{self, Value};
use crate::types;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::{Attribute, Op};

pub mod conv_depthwise;
pub mod conv_gemm;
pub mod dot_library;
pub mod dot_tiled;

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("dot_general", dot_general),
    ("dot", dot),
    ("convolution", convolution),
    ("triangular_solve", triangular_solve),
    ("cholesky", cholesky),
    ("fft", fft),
];

/// The loop nest of a `dot_general`: indexing maps of lhs, rhs and the result over its loops,
/// the iterator types, and which loops are contracting.
pub struct DotPlan {
    pub lhs_map: Vec<String>,
    pub rhs_map: Vec<String>,
    /// The result's map: one loop index per result dimension (`d{i}`).
    pub out_loops: Vec<usize>,
    pub iterators: Vec<&'static str>,
    /// The contracting loops with their trip counts.
    pub contracting: Vec<(usize, i64)>,
}

/// Plans the loops of `op` (a `dot_general` on `lt` and `rt`).
pub fn dot_plan(op: &Op, lt: &TensorType, rt: &TensorType) -> Result<DotPlan, String> {
    let lb = i64s(op, "lhs_batching_dimensions").unwrap_or_default();
    let rb = i64s(op, "rhs_batching_dimensions").unwrap_or_default();
    let lc = i64s(op, "lhs_contracting_dimensions")?;
    let rc = i64s(op, "rhs_contracting_dimensions")?;
    let lfree: Vec<i64> = (0..lt.rank() as i64).filter(|d| !lb.contains(d) && !lc.contains(d)).collect();
    let rfree: Vec<i64> = (0..rt.rank() as i64).filter(|d| !rb.contains(d) && !rc.contains(d)).collect();
    // Loop order: batch, lhs free, then contracting and rhs free in the order that makes
    // the innermost loop walk rhs contiguously (row-major): rhs free innermost when rhs's
    // minor dimension is free (the inner loop then also walks the result, and LLVM
    // vectorizes it), contracting innermost when rhs's minor dimension is contracted
    // (as in Q·Kᵀ).
    let nb = lb.len();
    let (nl, nc, nr) = (lfree.len(), lc.len(), rfree.len());
    let contract_innermost = rt.rank() > 0 && rc.contains(&(rt.rank() as i64 - 1));
    let (c0, r0) = if contract_innermost { (nb + nl + nr, nb + nl) } else { (nb + nl, nb + nl + nc) };
    let dim = |d: i64, rank: usize| usize::try_from(d).ok().filter(|&d| d < rank).ok_or_else(|| format!("dimension {d} out of range"));
    let mut lmap = vec![String::new(); lt.rank()];
    let mut rmap = vec![String::new(); rt.rank()];
    for (i, (&l, &r)) in lb.iter().zip(&rb).enumerate() {
        lmap[dim(l, lt.rank())?] = format!("d{i}");
        rmap[dim(r, rt.rank())?] = format!("d{i}");
    }
    for (i, &l) in lfree.iter().enumerate() {
        lmap[l as usize] = format!("d{}", nb + i);
    }
    let mut contracting = Vec::new();
    for (i, (&l, &r)) in lc.iter().zip(&rc).enumerate() {
        lmap[dim(l, lt.rank())?] = format!("d{}", c0 + i);
        rmap[dim(r, rt.rank())?] = format!("d{}", c0 + i);
        contracting.push((c0 + i, lt.dims[l as usize]));
    }
    for (i, &r) in rfree.iter().enumerate() {
        rmap[r as usize] = format!("d{}", r0 + i);
    }
    let loops = nb + nl + nc + nr;
    let out_loops: Vec<usize> = (0..nb + nl).chain(r0..r0 + nr).collect();
    let iterators = (0..loops).map(|i| if (c0..c0 + nc).contains(&i) { "reduction" } else { "parallel" }).collect();
    Ok(DotPlan { lhs_map: lmap, rhs_map: rmap, out_loops, iterators, contracting })
}

/// The zero of `t` as a constant of its storage type.
pub fn zero_of(ctx: &mut Ctx, t: xhlo_ir::ElementType) -> String {
    ctx.e.scalar_const(t, if t.is_float_or_complex() { "0.0" } else if t.is_pred() { "false" } else { "0" })
}

/// `acc + convert(a) * convert(b)` in the result element type (the dot's inner step).
pub fn multiply_accumulate(e: &mut crate::emitter::Emitter, args: &[String], le: xhlo_ir::ElementType, re: xhlo_ir::ElementType, oe: xhlo_ir::ElementType) -> Result<scalar::Value, String> {
    let a = scalar::load(e, &args[0], le);
    let b = scalar::load(e, &args[1], re);
    let acc = scalar::load(e, &args[2], oe);
    let a = scalar::convert(e, &a, oe)?;
    let b = scalar::convert(e, &b, oe)?;
    let p = scalar::binary(e, "multiply", &a, &b)?;
    scalar::binary(e, "add", &acc, &p)
}

/// Sets an `array<i64: ...>` attribute of `op`.
fn set_i64s(op: &mut Op, name: &str, values: &[i64]) {
    use mlir_text::ast::{Attribute, Type};
    let value = Attribute::DenseArray(Type::Integer { width: 64, signedness: "" }, values.iter().map(|v| v.to_string()).collect());
    op.attrs.retain(|(k, _)| k != name);
    op.properties.retain(|(k, _)| k != name);
    op.attrs.push((name.to_string(), value));
}

fn dot_general(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (lhs, lt) = ctx.tensor_operand(op, 0)?;
    let (mut rhs, mut rt) = ctx.tensor_operand(op, 1)?;
    let out = xtensor(&op.result_types[0])?;
    if let Some(tiled) = dot_tiled::plan(op, &lt, &rt, &out) {
        if dot_library::applies(ctx, &tiled) {
            return Ok(vec![dot_library::emit(ctx, &tiled, &lhs, &rhs)?]);
        }
        if ctx.options.tile_dots {
            return Ok(vec![dot_tiled::emit(ctx, &tiled, &lhs, &rhs, None)?]);
        }
    }
    let rb = i64s(op, "rhs_batching_dimensions").unwrap_or_default();
    let rc = i64s(op, "rhs_contracting_dimensions")?;
    let rfree: Vec<i64> = (0..rt.rank() as i64).filter(|d| !rb.contains(d) && !rc.contains(d)).collect();
    let mut op = op.clone();
    if !rfree.is_empty() && rt.rank() > 0 && rc.contains(&(rt.rank() as i64 - 1)) {
        // rhs's minor dimension is contracted (Q·Kᵀ): transpose rhs to (batch, contracting,
        // free) first, a small copy, so that the loop nest can keep the free dimension
        // innermost and contiguous, which LLVM vectorizes (a contracting innermost loop is a
        // float reduction it may not reorder).
        let perm: Vec<i64> = rb.iter().chain(&rc).chain(&rfree).copied().collect();
        let transposed = TensorType::new(perm.iter().map(|&d| rt.dims[d as usize]).collect::<Vec<_>>(), rt.element);
        let init = ctx.e.empty(&transposed);
        let p: Vec<String> = perm.iter().map(|d| d.to_string()).collect();
        rhs = ctx.e.op(
            "rhsT",
            &format!(
                "linalg.transpose ins({rhs} : {}) outs({init} : {}) permutation = [{}]",
                crate::types::tensor(&rt),
                crate::types::tensor(&transposed),
                p.join(", ")
            ),
        );
        rt = transposed;
        let nb = rb.len() as i64;
        set_i64s(&mut op, "rhs_batching_dimensions", &(0..nb).collect::<Vec<_>>());
        set_i64s(&mut op, "rhs_contracting_dimensions", &(nb..nb + rc.len() as i64).collect::<Vec<_>>());
    }
    let op = &op;
    let plan = dot_plan(op, &lt, &rt)?;
    let out_map: Vec<String> = plan.out_loops.iter().map(|i| format!("d{i}")).collect();
    let zero = zero_of(ctx, out.element);
    let init = ctx.e.fill(&out, &zero);
    let (le, re, oe) = (lt.element, rt.element, out.element);
    let r = ctx.e.generic(
        &[Operand { value: lhs, ty: lt, map: plan.lhs_map.join(", ") }, Operand { value: rhs, ty: rt, map: plan.rhs_map.join(", ") }],
        Operand { value: init, ty: out, map: out_map.join(", ") },
        &plan.iterators,
        |e, args| {
            let s = multiply_accumulate(e, args, le, re, oe)?;
            Ok(scalar::store(e, &s))
        },
    )?;
    Ok(vec![r])
}

// ----- numeric helpers -----------------------------------------------------------------------

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
    if interior.iter().all(|&v| v == 0) && low.iter().chain(high).all(|&v| v >= 0) {
        // Plain edge padding: zeros, and the input copied into the interior (a copy kernel
        // the vector stage vectorizes; the gather below costs LLVM more to compile and runs
        // element by element with a select).
        let filled = zeros(e, &out);
        let tt = types::tensor(&out);
        let xty = types::tensor(xt);
        let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
        let (offsets, sizes, ones) = (list(low), list(&xt.dims), list(&vec![1; rank]));
        let slice = e.op("pad", &format!("tensor.extract_slice {filled}[{offsets}] [{sizes}] [{ones}] : {tt} to {xty}"));
        let copied = e.generic(&[Operand::identity(x.to_string(), xt)], Operand::identity(slice, xt), &vec!["parallel"; rank], |_, a| Ok(a[0].clone()))?;
        let r = e.op("pad", &format!("tensor.insert_slice {copied} into {filled}[{offsets}] [{sizes}] [{ones}] : {xty} into {tt}"));
        return Ok((r, out));
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

// ----- convolution ---------------------------------------------------------------------------

/// XLA ConvWithGeneralPadding. The lhs is dilated (`lhs_dilation - 1` zeros between
/// elements) and padded (negative padding removes elements) first; then output element
/// `(b, o, y...)` is the sum over kernel input features `i` and window positions `w...` of
/// `lhs'[b', g * Cg + i, y * stride + w * rhs_dilation] * rhs[i, o, w]` (the window reversed
/// where `window_reversal` says so). With `feature_group_count` G, the output feature `o`
/// belongs to group `g = o / (O / G)` and reads input features `g * Cg + i`; with
/// `batch_group_count` B, it reads lhs batch `g * (N / B) + b` with `g = o / (O / B)` (groups
/// are contiguous, seed 002 "ConvWithGeneralPadding", StableHLO `convolution`). Products and
/// sums are in the result element type (XLA's preferred element type). The sum is the
/// depthwise kernel of [`conv_depthwise`], else the dot library's product
/// ([`convolution_library`]), else the implicit GEMM of [`conv_gemm`] where each applies,
/// else the plain loop nest.
fn convolution(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (k, kt) = ctx.tensor_operand(op, 1)?;
    let out = result(op, 0)?;
    let (c, padded, pt, k) = match prepare_convolution(ctx, op, &x, &xt, &k, &kt, &out)? {
        Prepared::Done(r) => return Ok(vec![r]),
        Prepared::Sum { conv, padded, pt, kernel } => (conv, padded, pt, kernel),
    };
    if ctx.options.tile_dots {
        if let Some(plan) = conv_depthwise::plan(&c, &pt, &kt, &out) {
            return Ok(vec![conv_depthwise::emit(ctx, &plan, &padded, &pt, &k, &kt, None)?]);
        }
    }
    if convolution_library_applies(ctx, &c, &xt, &kt, &out) {
        return Ok(vec![convolution_library(ctx, &c, padded, pt, k, kt, &out)?]);
    }
    if ctx.options.tile_dots {
        if let Some(plan) = conv_gemm::plan(&c, &pt, &kt, &out) {
            return Ok(vec![conv_gemm::emit(ctx, &plan, &padded, &pt, &k, &kt, None)?]);
        }
    }
    // The plain loop nest (element types the tiled kernel does not take, little work).
    let (lhs, rhs) = plain_convolution_operands(&c, padded, pt, k, kt, &out);
    Ok(vec![contract(&mut ctx.e, lhs, rhs, &out, out.rank() + 1 + c.is.len())?])
}

/// The operands of the plain loop nest of convolution `c` (input `padded`, padded and
/// dilated, of type `pt`; kernel `k` of type `kt`, reversed where the window is): loops over
/// the output's dimensions, then the kernel input feature, then the window; the input read at
/// `y * stride + w * rhs_dilation` (with `floordiv`s of the output feature only where there
/// are feature or batch groups).
fn plain_convolution_operands(c: &Conv, padded: String, pt: TensorType, k: String, kt: TensorType, out: &TensorType) -> (Operand, Operand) {
    let rank = pt.rank();
    let n = c.is.len();
    let r = rank;
    let (ob, of) = (c.ob, c.of);
    let out_features = kt.dims[c.kout];
    let ci = format!("d{r}");
    let w = |i: usize| format!("d{}", r + 1 + i);
    let mut lmap = vec![String::new(); rank];
    lmap[c.ib] = if c.bg > 1 { format!("(d{of} floordiv {}) * {} + d{ob}", out_features / c.bg, out.dims[ob]) } else { format!("d{ob}") };
    lmap[c.ifeat] = if c.fg > 1 { format!("(d{of} floordiv {}) * {} + {ci}", out_features / c.fg, kt.dims[c.kin]) } else { ci.clone() };
    let mut kmap = vec![String::new(); rank];
    kmap[c.kin] = ci.clone();
    kmap[c.kout] = format!("d{of}");
    for i in 0..n {
        lmap[c.is[i]] = format!("d{} * {} + {} * {}", c.os[i], c.strides[i], w(i), c.rhs_dil[i]);
        kmap[c.ks[i]] = w(i);
    }
    (Operand { value: padded, ty: pt, map: lmap.join(", ") }, Operand { value: k, ty: kt, map: kmap.join(", ") })
}

/// Whether convolution `c` (input of type `xt`, kernel `kt`, result `out`) goes to the dot
/// library: with `gemm_library`, f32/f64 operands of the result's type, no feature or batch
/// groups (the plain loop nest's maps are then linear in the loops, which is what
/// `xhlo-gemm-calls` takes), and something to sum.
pub(super) fn convolution_library_applies(ctx: &Ctx, c: &Conv, xt: &TensorType, kt: &TensorType, out: &TensorType) -> bool {
    let e = out.element;
    ctx.options.gemm_library
        && matches!(e, ElementType::F32 | ElementType::F64)
        && xt.element == e
        && kt.element == e
        && c.fg == 1
        && c.bg == 1
        && out.num_elements() > 0
        && xt.num_elements() > 0
        && kt.num_elements() > 0
}

/// Convolution `c` as a product for the dot library: the plain loop nest
/// ([`plain_convolution_operands`]) on a zero fill, marked `library_call = "xhlo_gemm"`.
/// `xhlo-gemm-calls` picks a row loop (output position), a column loop (output feature) and a
/// contracting loop (input feature) for each call and runs the other loops around the calls
/// (the window's loops accumulating into C). Returns the result (of type `out`).
pub(super) fn convolution_library(ctx: &mut Ctx, c: &Conv, padded: String, pt: TensorType, k: String, kt: TensorType, out: &TensorType) -> Result<String, String> {
    let (lhs, rhs) = plain_convolution_operands(c, padded, pt, k, kt, out);
    let loops = out.rank() + 1 + c.is.len();
    let zero = zero_of(ctx, out.element);
    let init = ctx.e.fill(out, &zero);
    let iterators: Vec<&str> = (0..loops).map(|i| if i < out.rank() { "parallel" } else { "reduction" }).collect();
    let oe = out.element;
    let attrs = format!("library_call = \"{}\"", dot_library::LIBRARY_CALL);
    let mut r = ctx.e.generic_with(&[lhs, rhs], vec![Operand { value: init, ty: out.clone(), map: dims(out.rank()) }], &iterators, &attrs, |e, args| {
        let s = multiply_accumulate(e, args, oe, oe, oe)?;
        Ok(vec![scalar::store(e, &s)])
    })?;
    Ok(r.remove(0))
}

/// The tiled kernel a convolution runs on.
pub(super) enum TiledConv {
    Gemm(conv_gemm::Plan),
    Depthwise(conv_depthwise::Plan),
}

/// The tiled kernel convolution `op` takes (its input of type `xt` padded and dilated first),
/// or `None` where it takes the plain loop nest or has no sum at all; decided without
/// emitting anything.
pub(super) fn convolution_tiled_plan(op: &Op, xt: &TensorType, kt: &TensorType, out: &TensorType) -> Option<TiledConv> {
    let c = Conv::read(op, xt, kt, out).ok()?;
    if out.num_elements() == 0 || kt.num_elements() == 0 || xt.num_elements() == 0 {
        return None;
    }
    let mut dims = xt.dims.clone();
    for i in 0..c.is.len() {
        let d = c.is[i];
        let dilated = (xt.dims[d] - 1) * c.lhs_dil[i] + 1;
        dims[d] = (c.padding[2 * i] + c.padding[2 * i + 1] + dilated).max(0);
    }
    let pt = TensorType::new(dims, xt.element);
    if let Some(plan) = conv_depthwise::plan(&c, &pt, kt, out) {
        return Some(TiledConv::Depthwise(plan));
    }
    conv_gemm::plan(&c, &pt, kt, out).map(TiledConv::Gemm)
}

/// The attributes of convolution `op` (input of type `xt`, kernel `kt`, result `out`) where it
/// goes to the dot library ([`convolution_library_applies`]); decided without emitting
/// anything.
pub(super) fn convolution_library_plan(ctx: &Ctx, op: &Op, xt: &TensorType, kt: &TensorType, out: &TensorType) -> Option<Conv> {
    let c = Conv::read(op, xt, kt, out).ok()?;
    convolution_library_applies(ctx, &c, xt, kt, out).then_some(c)
}

/// A convolution made ready for its sum: the result itself when there is nothing to sum, or
/// the attributes, the padded and dilated input (and its type) and the (reversed) kernel.
pub(super) enum Prepared {
    Done(String),
    Sum { conv: Box<Conv>, padded: String, pt: TensorType, kernel: String },
}

/// Reads convolution `op` (input `x`, kernel `k`, result type `out`), pads and dilates the
/// input and reverses the kernel where the window is reversed.
pub(super) fn prepare_convolution(ctx: &mut Ctx, op: &Op, x: &str, xt: &TensorType, k: &str, kt: &TensorType, out: &TensorType) -> Result<Prepared, String> {
    let c = Conv::read(op, xt, kt, out)?;
    if out.num_elements() == 0 {
        return Ok(Prepared::Done(ctx.e.empty(out)));
    }
    if kt.num_elements() == 0 || xt.num_elements() == 0 {
        return Ok(Prepared::Done(zeros(&mut ctx.e, out)));
    }
    let (rank, n) = (xt.rank(), c.is.len());
    // Dilate and pad the lhs spatial dimensions.
    let mut low = vec![0; rank];
    let mut high = vec![0; rank];
    let mut interior = vec![0; rank];
    for i in 0..n {
        low[c.is[i]] = c.padding[2 * i];
        high[c.is[i]] = c.padding[2 * i + 1];
        interior[c.is[i]] = c.lhs_dil[i] - 1;
    }
    let (padded, pt) = pad_zero(&mut ctx.e, x, xt, &low, &high, &interior)?;
    for i in 0..n {
        let window = if kt.dims[c.ks[i]] == 0 { 0 } else { (kt.dims[c.ks[i]] - 1) * c.rhs_dil[i] + 1 };
        let needed = (out.dims[c.os[i]] - 1) * c.strides[i] + window;
        if needed > pt.dims[c.is[i]] {
            return Err(format!(
                "convolution: output spatial dimension {} of size {} needs {needed} padded input elements but there are {}",
                c.os[i], out.dims[c.os[i]], pt.dims[c.is[i]]
            ));
        }
    }
    // A reversed window reads the kernel backwards: reverse it first (a map like `K-1-w` in
    // the convolution itself would leave the window loop without a plain dimension to take
    // its size from).
    let k = if c.reversal.iter().any(|&r| r) {
        let init = ctx.e.empty(kt);
        let map: Vec<String> = (0..rank)
            .map(|d| match c.ks.iter().position(|&s| s == d) {
                Some(i) if c.reversal[i] => format!("{} - d{d}", kt.dims[d] - 1),
                _ => format!("d{d}"),
            })
            .collect();
        let iters = vec!["parallel"; rank];
        ctx.e.generic(&[Operand { value: k.to_string(), ty: kt.clone(), map: map.join(", ") }], Operand::identity(init, kt), &iters, |_, a| Ok(a[0].clone()))?
    } else {
        k.to_string()
    };
    Ok(Prepared::Sum { conv: Box::new(c), padded, pt, kernel: k })
}

/// A convolution's attributes, checked against its operand and result types.
pub struct Conv {
    /// Input batch, feature and spatial dimensions.
    pub ib: usize,
    pub ifeat: usize,
    pub is: Vec<usize>,
    /// Kernel input feature, output feature and spatial dimensions.
    pub kin: usize,
    pub kout: usize,
    pub ks: Vec<usize>,
    /// Output batch, feature and spatial dimensions.
    pub ob: usize,
    pub of: usize,
    pub os: Vec<usize>,
    pub strides: Vec<i64>,
    pub lhs_dil: Vec<i64>,
    pub rhs_dil: Vec<i64>,
    /// `[low, high]` per spatial dimension.
    pub padding: Vec<i64>,
    pub reversal: Vec<bool>,
    pub fg: i64,
    pub bg: i64,
}

impl Conv {
    fn read(op: &Op, xt: &TensorType, kt: &TensorType, out: &TensorType) -> Result<Conv, String> {
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
        let c = Conv {
            ib: dim("input_batch_dimension")?,
            ifeat: dim("input_feature_dimension")?,
            is: spatial("input_spatial_dimensions")?,
            kin: dim("kernel_input_feature_dimension")?,
            kout: dim("kernel_output_feature_dimension")?,
            ks: spatial("kernel_spatial_dimensions")?,
            ob: dim("output_batch_dimension")?,
            of: dim("output_feature_dimension")?,
            os: spatial("output_spatial_dimensions")?,
            strides: i64s_or(op, "window_strides", n, 1)?,
            lhs_dil: i64s_or(op, "lhs_dilation", n, 1)?,
            rhs_dil: i64s_or(op, "rhs_dilation", n, 1)?,
            padding: i64s_or(op, "padding", 2 * n, 0)?,
            reversal: opt_bools(op, "window_reversal")?.unwrap_or_else(|| vec![false; n]),
            fg: int(op, "feature_group_count").unwrap_or(1),
            bg: int(op, "batch_group_count").unwrap_or(1),
        };
        if c.reversal.len() != n {
            return Err(format!("window_reversal has {} entries but there are {n} spatial dimensions", c.reversal.len()));
        }
        if c.strides.iter().chain(&c.lhs_dil).chain(&c.rhs_dil).any(|&s| s < 1) {
            return Err("convolution: strides and dilations must be positive".into());
        }
        let (fg, bg) = (c.fg, c.bg);
        let out_features = kt.dims[c.kout];
        let (in_batch, cg) = (xt.dims[c.ib], kt.dims[c.kin]);
        if fg < 1 || bg < 1 || out_features % fg != 0 || out_features % bg != 0 || in_batch % bg != 0 {
            return Err(format!(
                "convolution: feature_group_count {fg} and batch_group_count {bg} must divide the {out_features} output features (and the batch {in_batch})"
            ));
        }
        if out.dims[c.of] != out_features || out.dims[c.ob] * bg != in_batch || xt.dims[c.ifeat] != cg * fg {
            return Err("convolution: result or feature sizes disagree with the operands".into());
        }
        Ok(c)
    }
}

// ----- dot -----------------------------------------------------------------------------------

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

// ----- triangular_solve, cholesky ------------------------------------------------------------

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
/// solved in the order the triangle allows. Real f32/f16/bf16 unknowns are summed and divided
/// in f64 and rounded once: a chain of n f32 roundings had about twice XLA's error (mean 11
/// ulp against XLA's 6 at n = 256; XLA CPU's blocked solver sums in another order, so its
/// bits cannot be matched by a substitution).
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
    let wide = if matches!(t, ElementType::F32 | ElementType::F16 | ElementType::BF16) { ElementType::F64 } else { t };
    let elem = types::storage(wide);
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
                let rhs = scalar::convert(e, &rhs, wide)?;
                let (klo, khi) = if forward { (c0.clone(), i.clone()) } else { (e.op("i", &format!("arith.addi {i}, {c1} : index")), cm.clone()) };
                let acc = for_loop(e, &klo, &khi, &[(rhs.name.clone(), elem.to_string())], |e, kk, acc| {
                    let coef = if left { op_a(e, &i, kk) } else { op_a(e, kk, &i) };
                    let coef = scalar::convert(e, &coef, wide)?;
                    let xk = extract(e, x, &bt, &xpos(kk));
                    let xk = scalar::convert(e, &xk, wide)?;
                    let p = scalar::binary(e, "multiply", &coef, &xk)?;
                    let s = scalar::binary(e, "subtract", &Value { name: acc[0].clone(), ty: wide }, &p)?;
                    Ok(vec![s.name])
                })?;
                let mut v = Value { name: acc[0].clone(), ty: wide };
                if !unit {
                    let d = op_a(e, &i, &i);
                    let d = scalar::convert(e, &d, wide)?;
                    v = scalar::binary(e, "divide", &v, &d)?;
                }
                let v = scalar::convert(e, &v, t)?;
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

// ----- fft -----------------------------------------------------------------------------------

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
        // f32 unknowns are summed in f64 and rounded once.
        assert!(out.contains("arith.extf") && out.contains("arith.truncf %") && out.contains("-> (f64)"), "{out}");
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
}

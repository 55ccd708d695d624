//! Element-wise ops → one `linalg.generic` over the result shape whose body is the op's
//! scalar semantics ([`crate::scalar`]). A scalar `select` predicate or `clamp` bound is read
//! through a constant indexing map.
//!
//! Those ops have no table entries: every catalogue op whose fusion role is
//! [`xhlo_ir::op::FusionRole::Elementwise`] lowers through [`elementwise`] (see
//! [`super::lowering_for`]). The family's other ops ([`LOWERINGS`]) have lowerings of their own:
//! - `map` is a `linalg.generic` whose body is the region's scalar code.
//! - `bitcast_convert` between widths splits or joins elements little-endian along the
//!   extra minor dimension, as XLA defines it.
//! - `reduce_precision` rounds and clamps on the bit pattern.

use super::common::{i64s, int, region_block};
use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::{dims, Emitter, Operand};
use crate::region;
use crate::scalar;
use crate::types;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::Op;


/// Any element-wise op: loads each operand element, applies the scalar op, stores.
pub(crate) fn elementwise(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let result = xtensor(op.result_types.first().ok_or("element-wise op without result")?)?;
    let rank = result.rank();
    let mut inputs = Vec::new();
    for i in 0..op.operands.len() {
        let (name, ty) = ctx.tensor_operand(op, i)?;
        let map = if ty.rank() == 0 && rank > 0 { String::new() } else { dims(rank) };
        inputs.push(Operand { value: name, ty, map });
    }
    let elements: Vec<_> = inputs.iter().map(|o| o.ty.element).collect();
    let init = ctx.e.empty(&result);
    let iterators = vec!["parallel"; rank];
    let out = ctx.e.generic(&inputs, Operand::identity(init, &result), &iterators, |e, args| {
        let values = args.iter().zip(&elements).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let v = region::apply(e, op, values, result.element)?;
        Ok(scalar::store(e, &v))
    })?;
    Ok(vec![out])
}

/// The family's ops with lowerings of their own (not one scalar function per element).
pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("map", map),
    ("bitcast_convert", bitcast_convert),
    ("reduce_precision", reduce_precision),
];

// ----- map -----------------------------------------------------------------------------------

fn map(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let result = xtensor(op.result_types.first().ok_or("map without result")?)?;
    let rank = result.rank();
    let dimensions = i64s(op, "dimensions")?;
    if dimensions != (0..rank as i64).collect::<Vec<_>>() {
        return Err(format!("unsupported in lowering: map over dimensions {dimensions:?} (only all dimensions in order)"));
    }
    let block = region_block(op, 0, "computation")?;
    let mut inputs = Vec::new();
    for i in 0..op.operands.len() {
        let (name, ty) = ctx.tensor_operand(op, i)?;
        inputs.push(Operand { value: name, map: dims(rank), ty });
    }
    let elements: Vec<_> = inputs.iter().map(|o| o.ty.element).collect();
    let init = ctx.e.empty(&result);
    let iterators = vec!["parallel"; rank];
    let out = ctx.e.generic(&inputs, Operand::identity(init, &result), &iterators, |e, args| {
        let values = args.iter().zip(&elements).map(|(a, t)| scalar::load(e, a, *t)).collect();
        match region::lower_block(e, block, values)?.as_slice() {
            [v] => Ok(scalar::store(e, v)),
            other => Err(format!("map computation yields {} values, expected 1", other.len())),
        }
    })?;
    Ok(vec![out])
}

// ----- bitcast_convert -----------------------------------------------------------------------

fn result(op: &Op, i: usize) -> Result<TensorType, String> {
    xtensor(op.result_types.get(i).ok_or_else(|| format!("missing result #{i}"))?)
}

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
    if types::is_narrowed(t) {
        // Sub-byte integers are stored one per byte: the low bits are the value's.
        return e.op("s", &format!("arith.trunci {v} : {} to i{w}", types::storage(t)));
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
    if types::is_narrowed(t) {
        return crate::scalar::store(e, &crate::scalar::Value { name: bits.to_string(), ty: t });
    }
    bits.to_string()
}

/// Checks that a `bitcast_convert` between widths leaves every byte where it is, as XLA
/// defines it (a bitcast): the extra dimension is the most minor one and the others keep
/// their order. Then the logical definition below is the physical one; other layouts would
/// make the two differ, so they are refused rather than given either meaning.
fn bytes_stay_in_place(x: &TensorType, out: &TensorType) -> Result<(), String> {
    let (wide, narrow) = if x.rank() < out.rank() { (x, out) } else { (out, x) };
    let extra = wide.rank() as i64;
    let order = narrow.minor_to_major();
    if wide.rank() + 1 != narrow.rank() || order.first() != Some(&extra) || order[1..] != wide.minor_to_major()[..] {
        return Err(format!(
            "unsupported in lowering: bitcast_convert from {x} to {out}: between element widths the layouts must keep the bytes in place (the extra dimension most minor, the others in the same order)"
        ));
    }
    Ok(())
}

/// XLA BitcastConvert: the same bits read as another type. Between widths, the wider side
/// has one element per `ratio` elements of the narrower one, which form an extra minor
/// dimension of size `ratio`, least significant part first (little-endian). Sub-byte
/// integers count their own width (two i4 make an i8), as do PRED elements (one bit each,
/// as StableHLO's i1).
fn bitcast_convert(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let (from, to) = (xt.element, out.element);
    let (wi, wo) = (from.bit_width(), to.bit_width());
    if wi != wo {
        bytes_stay_in_place(&xt, &out)?;
    }
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

// ----- reduce_precision ----------------------------------------------------------------------

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

#[cfg(test)]
mod tests {
    use crate::testing::{lower_module, lower_ok, strip};

    #[test]
    fn map_lowers_the_computation_as_scalar_code() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>, sym_name = "f"}> ({
  ^bb0(%a: tensor<2xi64>, %b: tensor<2xi64>):
    %r = "xhlo.map"(%a, %b) ({
    ^bb0(%x: tensor<i64>, %y: tensor<i64>):
      %m = "xhlo.multiply"(%x, %y) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "gpu.yield"(%m) : (tensor<i64>) -> ()
    }) {dimensions = array<i64: 0>} : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
    "func.return"(%r) : (tensor<2xi64>) -> ()
  }) : () -> ()"#,
        );
        insta::assert_snapshot!(strip(&out));
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
    fn bitcast_convert_splits_bytes_into_sub_byte_integers() {
        let out = lower_ok(
            "%x: tensor<3xi8>",
            r#"  %r = "xhlo.bitcast_convert"(%x) : (tensor<3xi8>) -> tensor<3x2xi4>"#,
            "tensor<3x2xi4>",
        );
        assert!(out.contains("arith.shrui") && out.contains("to i4") && out.contains("arith.extsi"), "{out}");
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
    fn complex_maximum_is_lexicographic() {
        let out = lower_ok(
            "%a: tensor<2xcomplex<f32>>, %b: tensor<2xcomplex<f32>>",
            r#"  %r = "xhlo.maximum"(%a, %b) : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>"#,
            "tensor<2xcomplex<f32>>",
        );
        insta::assert_snapshot!(out);
    }

    /// cbrt is the C library's (not XLA's `pow(|x|, 1/3)`, 14 ulp off for tiny f32), and f64
    /// adds one Newton step after it (glibc's f64 cbrt is 3 ulp off); the accuracy itself is
    /// measured in `tests/math_accuracy.rs`.
    #[test]
    fn cbrt_is_the_libraries_with_a_newton_step_in_f64() {
        let lower = |t: &str| {
            lower_ok(&format!("%a: tensor<2x{t}>"), &format!(r#"  %r = "xhlo.cbrt"(%a) : (tensor<2x{t}>) -> tensor<2x{t}>"#), &format!("tensor<2x{t}>"))
        };
        let f32 = lower("f32");
        assert!(f32.contains("math.cbrt") && !f32.contains("math.powf") && !f32.contains("math.fma"), "{f32}");
        let f64 = lower("f64");
        assert!(f64.contains("math.cbrt") && f64.contains("math.fma") && f64.contains("math.isfinite"), "{f64}");
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

//! CHLO ops: implicit-broadcasting binary ops, `constant_like`, and decompositions of CHLO's
//! math ops into xhlo ops, following the formulas of CHLO's legalization to StableHLO and
//! XLA's `math.cc` (each function documents its formula, and where it departs from XLA's for
//! accuracy, measured by `tests/chlo_accuracy.rs`). f16 and bf16 inputs of the
//! transcendental decompositions are computed in f32 and rounded back, as CHLO does
//! (bessel_i1e and polygamma compute f32 in f64). The inverse and hyperbolic trigonometric
//! functions also take complex operands.
//! `chlo.scan` becomes an `xhlo.while` over the scan dimension with the body inlined, and
//! `chlo.ragged_dot` one `dot_general` per group with the group's rows (or contraction
//! range) selected by masks built from the group sizes.

use super::attrs::{convert_named, i64_array, show};
use super::ops::{convert_attrs, Rule};
use super::types::{dims_of, element_of, i1, int, tensor, with_element};
use super::{Cx, Src, Val};
use mlir_text::ast::{Attribute, Type};
use Rule::Custom;


pub const TABLE: &[(&str, Rule)] = &[
    ("chlo.constant_like", Custom(constant_like)),
    ("chlo.constant", Custom(constant)),
    ("chlo.broadcast_add", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.add"))),
    ("chlo.broadcast_subtract", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.subtract"))),
    ("chlo.broadcast_multiply", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.multiply"))),
    ("chlo.broadcast_divide", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.divide"))),
    ("chlo.broadcast_remainder", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.remainder"))),
    ("chlo.broadcast_power", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.power"))),
    ("chlo.broadcast_maximum", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.maximum"))),
    ("chlo.broadcast_minimum", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.minimum"))),
    ("chlo.broadcast_atan2", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.atan2"))),
    ("chlo.broadcast_and", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.and"))),
    ("chlo.broadcast_or", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.or"))),
    ("chlo.broadcast_xor", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.xor"))),
    ("chlo.broadcast_shift_left", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.shift_left"))),
    ("chlo.broadcast_shift_right_arithmetic", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.shift_right_arithmetic"))),
    ("chlo.broadcast_shift_right_logical", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.shift_right_logical"))),
    ("chlo.broadcast_complex", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.complex"))),
    ("chlo.broadcast_compare", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.compare"))),
    ("chlo.broadcast_select", Custom(|cx, s| broadcast_binary(cx, s, "xhlo.select"))),
    ("chlo.broadcast_next_after", Custom(|cx, s| broadcast_then(cx, s, next_after))),
    ("chlo.square", Custom(square)),
    ("chlo.conj", Custom(conj)),
    ("chlo.is_inf", Custom(|cx, s| is_inf(cx, s, None))),
    ("chlo.is_pos_inf", Custom(|cx, s| is_inf(cx, s, Some(false)))),
    ("chlo.is_neg_inf", Custom(|cx, s| is_inf(cx, s, Some(true)))),
    ("chlo.mulhi", Custom(mulhi)),
    ("chlo.next_after", Custom(next_after)),
    ("chlo.atan", Custom(|cx, s| real_or_complex(cx, s, atan, complex_atan))),
    ("chlo.asin", Custom(|cx, s| real_or_complex(cx, s, asin, complex_asin))),
    ("chlo.acos", Custom(|cx, s| real_or_complex(cx, s, acos, complex_acos))),
    ("chlo.atanh", Custom(|cx, s| real_or_complex(cx, s, atanh, complex_atanh))),
    ("chlo.asinh", Custom(|cx, s| real_or_complex(cx, s, asinh, complex_asinh))),
    ("chlo.acosh", Custom(|cx, s| real_or_complex(cx, s, acosh, complex_acosh))),
    ("chlo.sinh", Custom(|cx, s| real_or_complex(cx, s, sinh, complex_sinh))),
    ("chlo.cosh", Custom(|cx, s| real_or_complex(cx, s, cosh, complex_cosh))),
    ("chlo.erf_inv", Custom(|cx, s| real_unary(cx, s, erf_inv))),
    ("chlo.lgamma", Custom(|cx, s| real_unary(cx, s, lgamma))),
    ("chlo.digamma", Custom(|cx, s| real_unary(cx, s, digamma))),
    ("chlo.bessel_i1e", Custom(|cx, s| real_unary(cx, s, bessel_i1e))),
    ("chlo.zeta", Custom(|cx, s| real_binary(cx, s, zeta))),
    ("chlo.broadcast_zeta", Custom(|cx, s| broadcast_then(cx, s, |cx, s| real_binary(cx, s, zeta)))),
    ("chlo.polygamma", Custom(|cx, s| real_binary(cx, s, polygamma_in_f64))),
    ("chlo.broadcast_polygamma", Custom(|cx, s| broadcast_then(cx, s, |cx, s| real_binary(cx, s, polygamma_in_f64)))),
    ("chlo.scan", Custom(scan)),
    ("chlo.ragged_dot", Custom(ragged_dot)),
];

// ---- Emission helpers ----------------------------------------------------------------------

pub(super) fn un(cx: &mut Cx, op: &str, x: &Val) -> Val {
    cx.emit1(op, std::slice::from_ref(x), vec![], x.ty.clone())
}

pub(super) fn bin(cx: &mut Cx, op: &str, a: &Val, b: &Val) -> Val {
    cx.emit1(op, &[a.clone(), b.clone()], vec![], a.ty.clone())
}

fn is_unsigned(t: &Type) -> bool {
    matches!(element_of(t), Some(Type::Integer { signedness: "u", .. }))
}

fn is_float(t: &Type) -> bool {
    matches!(element_of(t), Some(Type::Float(_)))
}

/// `compare` with the compare_type the operands' element type implies.
pub(super) fn cmp(cx: &mut Cx, dir: &str, a: &Val, b: &Val) -> Val {
    let ty = match element_of(&a.ty) {
        Some(Type::Float(_)) | Some(Type::Complex(_)) => "FLOAT",
        _ if is_unsigned(&a.ty) => "UNSIGNED",
        _ => "SIGNED",
    };
    let attrs = vec![
        ("comparison_direction".to_string(), Attribute::Str(dir.into())),
        ("compare_type".to_string(), Attribute::Str(ty.into())),
    ];
    cx.emit1("xhlo.compare", &[a.clone(), b.clone()], attrs, with_element(&a.ty, i1()))
}

pub(super) fn select(cx: &mut Cx, p: &Val, a: &Val, b: &Val) -> Val {
    cx.emit1("xhlo.select", &[p.clone(), a.clone(), b.clone()], vec![], a.ty.clone())
}

pub(super) fn convert(cx: &mut Cx, x: &Val, element: Type) -> Val {
    cx.emit1("xhlo.convert", std::slice::from_ref(x), vec![], with_element(&x.ty, element))
}

fn bitcast(cx: &mut Cx, x: &Val, element: Type) -> Val {
    cx.emit1("xhlo.bitcast_convert", std::slice::from_ref(x), vec![], with_element(&x.ty, element))
}

/// A splat constant of `like`'s type with the literal `body`.
pub(super) fn splat_body(cx: &mut Cx, body: String, like: &Type) -> Val {
    let attrs = vec![("value".to_string(), Attribute::Dense { body, ty: like.clone() })];
    cx.emit1("xhlo.constant", &[], attrs, like.clone())
}

/// An MLIR float literal for `v` in the float type `name` (hex for infinities and NaN).
pub fn float_literal(v: f64, name: &str) -> String {
    if v.is_finite() {
        let s = format!("{v:?}");
        return match (s.contains('.'), s.find('e')) {
            (true, _) => s,
            (false, Some(e)) => format!("{}.0{}", &s[..e], &s[e..]),
            (false, None) => format!("{s}.0"),
        };
    }
    let (pos_inf, neg_inf, nan) = match name {
        "f16" => ("0x7C00", "0xFC00", "0x7E00"),
        "bf16" => ("0x7F80", "0xFF80", "0x7FC0"),
        "f64" => ("0x7FF0000000000000", "0xFFF0000000000000", "0x7FF8000000000000"),
        _ => ("0x7F800000", "0xFF800000", "0x7FC00000"),
    };
    if v.is_nan() {
        nan.into()
    } else if v > 0.0 {
        pos_inf.into()
    } else {
        neg_inf.into()
    }
}

/// A float splat of `like`'s type.
pub(super) fn fconst(cx: &mut Cx, v: f64, like: &Val) -> Val {
    let name = match element_of(&like.ty) {
        Some(Type::Float(n)) => n.clone(),
        _ => "f32".into(),
    };
    splat_body(cx, float_literal(v, &name), &like.ty.clone())
}

/// An integer splat of `like`'s type.
pub(super) fn iconst(cx: &mut Cx, v: i128, like: &Val) -> Val {
    splat_body(cx, v.to_string(), &like.ty.clone())
}

fn float_name(t: &Type) -> Option<&str> {
    match element_of(t) {
        Some(Type::Float(n)) => Some(n),
        _ => None,
    }
}

/// The smallest positive normal value of a float type.
fn min_normal(name: &str) -> f64 {
    match name {
        "f16" => 6.103515625e-5,
        "f64" => f64::MIN_POSITIVE,
        _ => f32::MIN_POSITIVE as f64,
    }
}

/// The largest finite value of a float type.
fn float_max(name: &str) -> f64 {
    match name {
        "f16" => 65504.0,
        "bf16" => 3.3895313892515355e38,
        "f64" => f64::MAX,
        _ => f32::MAX as f64,
    }
}

// ---- Broadcasting and constants ------------------------------------------------------------

/// `constant_like(x) {value}`: a splat of `value` in the result type.
fn constant_like(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let result = src.result()?.clone();
    let body = match src.op.attr("value") {
        Some(Attribute::Int(v, _)) | Some(Attribute::Float(v, _)) => v.clone(),
        Some(Attribute::Bool(b)) => b.to_string(),
        Some(Attribute::Dense { body, ty }) if dims_of(ty).is_some_and(|d| d.is_empty()) || !body.starts_with('[') => body.clone(),
        Some(other) => return Err(format!("value must be a scalar, got {}", show(other))),
        None => return Err("missing 'value'".into()),
    };
    Ok(vec![splat_body(cx, body, &result)])
}

/// `chlo.constant {value}` is `xhlo.constant`.
fn constant(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let attrs = convert_attrs(src, "xhlo.constant")?;
    Ok(cx.emit("xhlo.constant", &[], attrs, src.results.clone(), vec![]))
}

/// Broadcasts `x` to `dims` (the result's shape, same element type): numpy-style, the
/// operand's dimensions align with the trailing result dimensions, unless `mapping` (CHLO's
/// `broadcast_dimensions`) says where each operand dimension goes.
fn broadcast_to(cx: &mut Cx, x: &Val, dims: &[i64], mapping: Option<&[i64]>) -> Result<Val, String> {
    let xd = dims_of(&x.ty).ok_or_else(|| format!("operand must be a ranked tensor, got {}", mlir_text::print::type_to_string(&x.ty)))?;
    if xd == dims {
        return Ok(x.clone());
    }
    let map: Vec<i64> = match mapping {
        Some(m) => m.to_vec(),
        None => {
            if xd.len() > dims.len() {
                return Err(format!("operand of rank {} cannot broadcast to rank {}", xd.len(), dims.len()));
            }
            let offset = (dims.len() - xd.len()) as i64;
            (0..xd.len() as i64).map(|i| i + offset).collect()
        }
    };
    if map.len() != xd.len() {
        return Err(format!("broadcast_dimensions has {} entries for an operand of rank {}", map.len(), xd.len()));
    }
    for (i, (&m, &d)) in map.iter().zip(&xd).enumerate() {
        let target = usize::try_from(m).ok().and_then(|m| dims.get(m)).copied();
        match target {
            Some(t) if d == t || d == 1 => {}
            _ => return Err(format!("operand dimension {i} of size {d} cannot broadcast to result dimension {m} of {dims:?}")),
        }
    }
    let element = element_of(&x.ty).cloned().unwrap_or(Type::None);
    let attrs = vec![("broadcast_dimensions".to_string(), i64_array(&map))];
    Ok(cx.emit1("xhlo.broadcast_in_dim", std::slice::from_ref(x), attrs, tensor(dims, element)))
}

/// The operands of `chlo.broadcast_<op>(lhs, rhs)`, each broadcast to the result shape.
fn broadcast_operands(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let result = src.result()?.clone();
    let dims = dims_of(&result).ok_or("the result must be a ranked tensor")?;
    let mapping = match src.op.attr("broadcast_dimensions") {
        Some(Attribute::DenseArray(_, values)) => {
            Some(values.iter().map(|v| v.parse::<i64>().map_err(|_| format!("bad broadcast dimension {v}"))).collect::<Result<Vec<_>, _>>()?)
        }
        Some(other) => {
            Some(super::attrs::dense_ints(other).map_err(|e| format!("broadcast_dimensions: {e}"))?.1)
        }
        None => None,
    };
    let mut operands = Vec::new();
    for x in &src.operands {
        let rank = dims_of(&x.ty).map_or(0, |d| d.len());
        // The mapping applies to the lower-rank operand(s), as in XLA's implicit broadcast.
        let m = mapping.as_deref().filter(|m| rank < dims.len() && m.len() == rank);
        // Each operand keeps its element type (compare/select/complex results differ).
        let b = broadcast_to(cx, x, &dims, m)?;
        operands.push(b);
    }
    Ok(operands)
}

/// `chlo.broadcast_<op>(lhs, rhs)` of a decomposed CHLO op: the operands broadcast to the
/// result shape, then the decomposition `f`.
fn broadcast_then(cx: &mut Cx, src: &Src, f: fn(&mut Cx, &Src) -> Result<Vec<Val>, String>) -> Result<Vec<Val>, String> {
    let operands = broadcast_operands(cx, src)?;
    f(cx, &Src { op: src.op, operands, results: src.results.clone(), operand_quant: vec![], result_quant: vec![] })
}

/// `chlo.broadcast_<op>(lhs, rhs)`: each operand broadcast to the result shape, then `op`.
fn broadcast_binary(cx: &mut Cx, src: &Src, op: &str) -> Result<Vec<Val>, String> {
    let result = src.result()?.clone();
    let operands = broadcast_operands(cx, src)?;
    let mut attrs = Vec::new();
    for (k, v) in src.op.all_attrs() {
        if k == "broadcast_dimensions" {
            continue;
        }
        for (name, value) in convert_named(k, v)? {
            if !(name == "compare_type" && value.as_str() == Some("NOTYPE")) {
                attrs.push((name, value));
            }
        }
    }
    Ok(cx.emit(op, &operands, attrs, vec![result], vec![]))
}

// ---- Simple decompositions -----------------------------------------------------------------

fn one_operand(src: &Src) -> Result<Val, String> {
    src.expect_operands(1)?;
    Ok(src.operands[0].clone())
}

/// `square(x) = x * x`.
fn square(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let x = one_operand(src)?;
    Ok(vec![bin(cx, "xhlo.multiply", &x, &x)])
}

/// `conj(x) = complex(real(x), -imag(x))`; the identity on real numbers.
fn conj(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let x = one_operand(src)?;
    let Some(Type::Complex(part)) = element_of(&x.ty).cloned() else { return Ok(vec![x]) };
    let part_ty = with_element(&x.ty, *part);
    let re = cx.emit1("xhlo.real", std::slice::from_ref(&x), vec![], part_ty.clone());
    let im = cx.emit1("xhlo.imag", std::slice::from_ref(&x), vec![], part_ty);
    let neg = un(cx, "xhlo.negate", &im);
    Ok(vec![cx.emit1("xhlo.complex", &[re, neg], vec![], x.ty.clone())])
}

/// `is_inf(x) = |x| == inf`, `is_pos_inf(x) = x == inf`, `is_neg_inf(x) = x == -inf`.
fn is_inf(cx: &mut Cx, src: &Src, negative: Option<bool>) -> Result<Vec<Val>, String> {
    let x = one_operand(src)?;
    if !is_float(&x.ty) {
        return Err(format!("expects a float operand, got {}", mlir_text::print::type_to_string(&x.ty)));
    }
    let (subject, limit) = match negative {
        None => (un(cx, "xhlo.abs", &x), f64::INFINITY),
        Some(false) => (x.clone(), f64::INFINITY),
        Some(true) => (x.clone(), f64::NEG_INFINITY),
    };
    let inf = fconst(cx, limit, &x);
    Ok(vec![cmp(cx, "EQ", &subject, &inf)])
}

/// The high half of the full product: sub-64-bit integers multiply in the doubled width and
/// shift; 64-bit ones combine 32-bit partial products (the unsigned high half, corrected by
/// `- (a < 0 ? b : 0) - (b < 0 ? a : 0)` for signed operands).
fn mulhi(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(2)?;
    let (a, b) = (src.operands[0].clone(), src.operands[1].clone());
    let Some(Type::Integer { width, signedness }) = element_of(&a.ty).cloned() else {
        return Err(format!("expects integer operands, got {}", mlir_text::print::type_to_string(&a.ty)));
    };
    let unsigned = signedness == "u";
    if width < 64 {
        let wide = int(width * 2, unsigned);
        let (wa, wb) = (convert(cx, &a, wide.clone()), convert(cx, &b, wide.clone()));
        let product = bin(cx, "xhlo.multiply", &wa, &wb);
        let shift = iconst(cx, width as i128, &product);
        let shift_op = if unsigned { "xhlo.shift_right_logical" } else { "xhlo.shift_right_arithmetic" };
        let high = bin(cx, shift_op, &product, &shift);
        return Ok(vec![convert(cx, &high, int(width, unsigned))]);
    }
    // 64 bits: work on ui64.
    let u64t = int(64, true);
    let (ua, ub) = if unsigned { (a.clone(), b.clone()) } else { (bitcast(cx, &a, u64t.clone()), bitcast(cx, &b, u64t.clone())) };
    let mask = iconst(cx, 0xFFFF_FFFF, &ua);
    let thirty_two = iconst(cx, 32, &ua);
    let a_lo = bin(cx, "xhlo.and", &ua, &mask);
    let a_hi = bin(cx, "xhlo.shift_right_logical", &ua, &thirty_two);
    let b_lo = bin(cx, "xhlo.and", &ub, &mask);
    let b_hi = bin(cx, "xhlo.shift_right_logical", &ub, &thirty_two);
    let lo_lo = bin(cx, "xhlo.multiply", &a_lo, &b_lo);
    let hi_lo = bin(cx, "xhlo.multiply", &a_hi, &b_lo);
    let lo_hi = bin(cx, "xhlo.multiply", &a_lo, &b_hi);
    let hi_hi = bin(cx, "xhlo.multiply", &a_hi, &b_hi);
    // t = hi_lo + (lo_lo >> 32) cannot overflow; w = (t & mask) + lo_hi cannot either.
    let lo_lo_hi = bin(cx, "xhlo.shift_right_logical", &lo_lo, &thirty_two);
    let t = bin(cx, "xhlo.add", &hi_lo, &lo_lo_hi);
    let t_lo = bin(cx, "xhlo.and", &t, &mask);
    let w = bin(cx, "xhlo.add", &t_lo, &lo_hi);
    let t_hi = bin(cx, "xhlo.shift_right_logical", &t, &thirty_two);
    let w_hi = bin(cx, "xhlo.shift_right_logical", &w, &thirty_two);
    let sum = bin(cx, "xhlo.add", &hi_hi, &t_hi);
    let high = bin(cx, "xhlo.add", &sum, &w_hi);
    if unsigned {
        return Ok(vec![high]);
    }
    let zero_s = iconst(cx, 0, &a);
    let zero_u = iconst(cx, 0, &ua);
    let a_neg = cmp(cx, "LT", &a, &zero_s);
    let b_neg = cmp(cx, "LT", &b, &zero_s);
    let fix_a = select(cx, &a_neg, &ub, &zero_u);
    let fix_b = select(cx, &b_neg, &ua, &zero_u);
    let h1 = bin(cx, "xhlo.subtract", &high, &fix_a);
    let h2 = bin(cx, "xhlo.subtract", &h1, &fix_b);
    Ok(vec![bitcast(cx, &h2, int(64, false))])
}

/// `next_after(x, y)` on the bit patterns (CHLO): NaN if either is NaN; `y` if `x == y`;
/// the smallest subnormal with `y`'s sign if `x` is zero; else the bit pattern of `x` one
/// step towards `y` (down in magnitude when |x| > |y| or the signs differ).
fn next_after(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(2)?;
    let (x, y) = (src.operands[0].clone(), src.operands[1].clone());
    let width = match float_name(&x.ty) {
        Some("f16" | "bf16") => 16,
        Some("f32") => 32,
        Some("f64") => 64,
        _ => return Err(format!("expects float operands, got {}", mlir_text::print::type_to_string(&x.ty))),
    };
    let it = int(width, false);
    let xi = bitcast(cx, &x, it.clone());
    let yi = bitcast(cx, &y, it);
    let sign_bit: i128 = -(1i128 << (width - 1));
    let sign_mask = iconst(cx, sign_bit, &xi);
    let abs_mask = iconst(cx, (1i128 << (width - 1)) - 1, &xi);
    let one = iconst(cx, 1, &xi);
    let zero = iconst(cx, 0, &xi);
    let x_abs = bin(cx, "xhlo.and", &xi, &abs_mask);
    let y_abs = bin(cx, "xhlo.and", &yi, &abs_mask);
    let x_sign = bin(cx, "xhlo.and", &xi, &sign_mask);
    let y_sign = bin(cx, "xhlo.and", &yi, &sign_mask);
    let x_nan = cmp(cx, "NE", &x, &x);
    let y_nan = cmp(cx, "NE", &y, &y);
    let any_nan = bin(cx, "xhlo.or", &x_nan, &y_nan);
    let equal = cmp(cx, "EQ", &x, &y);
    let x_zero = cmp(cx, "EQ", &x_abs, &zero);
    let bigger = cmp(cx, "GT", &x_abs, &y_abs);
    let signs_differ = cmp(cx, "NE", &x_sign, &y_sign);
    let towards_zero = bin(cx, "xhlo.or", &bigger, &signs_differ);
    let down = bin(cx, "xhlo.subtract", &xi, &one);
    let up = bin(cx, "xhlo.add", &xi, &one);
    let step = select(cx, &towards_zero, &down, &up);
    let from_zero = bin(cx, "xhlo.or", &y_sign, &one);
    let r1 = select(cx, &x_zero, &from_zero, &step);
    let r2 = select(cx, &equal, &yi, &r1);
    let bits = bitcast(cx, &r2, element_of(&x.ty).cloned().unwrap_or(Type::None));
    let nan = fconst(cx, f64::NAN, &x);
    Ok(vec![select(cx, &any_nan, &nan, &bits)])
}

// ---- Real transcendental decompositions ----------------------------------------------------

/// Applies `f` to a real float operand, in f32 for f16/bf16.
fn real_unary(cx: &mut Cx, src: &Src, f: fn(&mut Cx, &Val) -> Val) -> Result<Vec<Val>, String> {
    let x = one_operand(src)?;
    match float_name(&x.ty) {
        Some("f32" | "f64") => Ok(vec![f(cx, &x)]),
        Some(narrow @ ("f16" | "bf16")) => {
            let narrow = Type::Float(narrow.to_string());
            let wide = convert(cx, &x, Type::Float("f32".into()));
            let r = f(cx, &wide);
            Ok(vec![convert(cx, &r, narrow)])
        }
        _ => Err(format!(
            "unsupported: {} of {} (only real float operands are decomposed)",
            src.name(),
            mlir_text::print::type_to_string(&x.ty)
        )),
    }
}

/// [`real_unary`] with `f`, or `complex_f` on a complex operand (`complex<f32>` or
/// `complex<f64>`).
fn real_or_complex(cx: &mut Cx, src: &Src, f: fn(&mut Cx, &Val) -> Val, complex_f: fn(&mut Cx, &Val) -> Val) -> Result<Vec<Val>, String> {
    let x = one_operand(src)?;
    match element_of(&x.ty) {
        Some(Type::Complex(part)) if matches!(&**part, Type::Float(n) if n == "f32" || n == "f64") => Ok(vec![complex_f(cx, &x)]),
        _ => real_unary(cx, src, f),
    }
}

/// Applies `f` to two real float operands of one element type, in f32 for f16/bf16.
fn real_binary(cx: &mut Cx, src: &Src, f: fn(&mut Cx, &Val, &Val) -> Val) -> Result<Vec<Val>, String> {
    src.expect_operands(2)?;
    let (a, b) = (src.operands[0].clone(), src.operands[1].clone());
    if element_of(&a.ty) != element_of(&b.ty) {
        return Err(format!("expects operands of one element type, got {} and {}", type_str(&a.ty), type_str(&b.ty)));
    }
    match float_name(&a.ty) {
        Some("f32" | "f64") => Ok(vec![f(cx, &a, &b)]),
        Some(narrow @ ("f16" | "bf16")) => {
            let narrow = Type::Float(narrow.to_string());
            let wa = convert(cx, &a, Type::Float("f32".into()));
            let wb = convert(cx, &b, Type::Float("f32".into()));
            let r = f(cx, &wa, &wb);
            Ok(vec![convert(cx, &r, narrow)])
        }
        _ => Err(format!("unsupported: {} of {} (only real float operands are decomposed)", src.name(), type_str(&a.ty))),
    }
}

/// `atan(x) = atan2(x, 1)`.
fn atan(cx: &mut Cx, x: &Val) -> Val {
    let one = fconst(cx, 1.0, x);
    bin(cx, "xhlo.atan2", x, &one)
}

/// `asin(x) = 2 * atan2(x, 1 + sqrt(1 - x^2))`.
fn asin(cx: &mut Cx, x: &Val) -> Val {
    let one = fconst(cx, 1.0, x);
    let two = fconst(cx, 2.0, x);
    let xx = bin(cx, "xhlo.multiply", x, x);
    let d = bin(cx, "xhlo.subtract", &one, &xx);
    let s = un(cx, "xhlo.sqrt", &d);
    let den = bin(cx, "xhlo.add", &one, &s);
    let a = bin(cx, "xhlo.atan2", x, &den);
    bin(cx, "xhlo.multiply", &two, &a)
}

/// `acos(x) = 2 * atan2(sqrt(1 - x^2), 1 + x)` for `x != -1`, and pi at -1.
fn acos(cx: &mut Cx, x: &Val) -> Val {
    let one = fconst(cx, 1.0, x);
    let minus_one = fconst(cx, -1.0, x);
    let two = fconst(cx, 2.0, x);
    let pi = fconst(cx, std::f64::consts::PI, x);
    let xx = bin(cx, "xhlo.multiply", x, x);
    let d = bin(cx, "xhlo.subtract", &one, &xx);
    let s = un(cx, "xhlo.sqrt", &d);
    let den = bin(cx, "xhlo.add", &one, x);
    let a = bin(cx, "xhlo.atan2", &s, &den);
    let r = bin(cx, "xhlo.multiply", &two, &a);
    let not_minus_one = cmp(cx, "NE", x, &minus_one);
    select(cx, &not_minus_one, &r, &pi)
}

/// `atanh(x) = (log1p(x) - log1p(-x)) / 2`: NaN outside [-1, 1], ±inf at ±1.
fn atanh(cx: &mut Cx, x: &Val) -> Val {
    let half = fconst(cx, 0.5, x);
    let neg = un(cx, "xhlo.negate", x);
    let p = un(cx, "xhlo.log_plus_one", x);
    let q = un(cx, "xhlo.log_plus_one", &neg);
    let d = bin(cx, "xhlo.subtract", &p, &q);
    bin(cx, "xhlo.multiply", &half, &d)
}

/// `asinh(x) = sign(x) * log1p(|x| + |x|^2 / (1 + sqrt(|x|^2 + 1)))`, and
/// `sign(x) * (log|x| + log 2)` where `|x|^2` would overflow (`|x| >= sqrt(max)`).
fn asinh(cx: &mut Cx, x: &Val) -> Val {
    let name = float_name(&x.ty).unwrap_or("f32").to_string();
    let one = fconst(cx, 1.0, x);
    let ln2 = fconst(cx, std::f64::consts::LN_2, x);
    let big = fconst(cx, float_max(&name).sqrt(), x);
    let a = un(cx, "xhlo.abs", x);
    let sign = un(cx, "xhlo.sign", x);
    let aa = bin(cx, "xhlo.multiply", &a, &a);
    let aa1 = bin(cx, "xhlo.add", &aa, &one);
    let s = un(cx, "xhlo.sqrt", &aa1);
    let den = bin(cx, "xhlo.add", &one, &s);
    let q = bin(cx, "xhlo.divide", &aa, &den);
    let arg = bin(cx, "xhlo.add", &a, &q);
    let small = un(cx, "xhlo.log_plus_one", &arg);
    let log_a = un(cx, "xhlo.log", &a);
    let large = bin(cx, "xhlo.add", &log_a, &ln2);
    let is_large = cmp(cx, "GE", &a, &big);
    let m = select(cx, &is_large, &large, &small);
    bin(cx, "xhlo.multiply", &sign, &m)
}

/// `acosh(x) = log1p(y + sqrt(y * (y + 2)))` with `y = x - 1` (accurate near 1; NaN for
/// x < 1), and `log(x) + log 2` for `x >= sqrt(max)`.
fn acosh(cx: &mut Cx, x: &Val) -> Val {
    let name = float_name(&x.ty).unwrap_or("f32").to_string();
    let one = fconst(cx, 1.0, x);
    let two = fconst(cx, 2.0, x);
    let ln2 = fconst(cx, std::f64::consts::LN_2, x);
    let big = fconst(cx, float_max(&name).sqrt(), x);
    let y = bin(cx, "xhlo.subtract", x, &one);
    let y2 = bin(cx, "xhlo.add", &y, &two);
    let p = bin(cx, "xhlo.multiply", &y, &y2);
    let s = un(cx, "xhlo.sqrt", &p);
    let arg = bin(cx, "xhlo.add", &y, &s);
    let small = un(cx, "xhlo.log_plus_one", &arg);
    let log_x = un(cx, "xhlo.log", x);
    let large = bin(cx, "xhlo.add", &log_x, &ln2);
    let is_large = cmp(cx, "GE", x, &big);
    select(cx, &is_large, &large, &small)
}

/// `e^|x| / 2` without overflow before the result: `exp(|x|) / 2` where `exp(|x|)` is finite
/// (below `log(max) - 1`), `h * (h / 2)` with `h = e^(|x|/2)` above. XLA's `e^(|x| + log 1/2)`
/// rounds the sum: its error is `|x|` ulp of the argument (24 ulp in f32 at x = 69, 495 in
/// f64 at x = 700).
fn half_exp_abs(cx: &mut Cx, ax: &Val) -> Val {
    let name = float_name(&ax.ty).unwrap_or("f32").to_string();
    let half = fconst(cx, 0.5, ax);
    let e = un(cx, "xhlo.exponential", ax);
    let direct = bin(cx, "xhlo.multiply", &e, &half);
    let hx = bin(cx, "xhlo.multiply", ax, &half);
    let h = un(cx, "xhlo.exponential", &hx);
    let hh = bin(cx, "xhlo.multiply", &h, &half);
    let split = bin(cx, "xhlo.multiply", &h, &hh);
    let limit = fconst(cx, float_max(&name).ln() - 1.0, ax);
    let small = cmp(cx, "LT", ax, &limit);
    select(cx, &small, &direct, &split)
}

/// `cosh(x) = e^|x| / 2 + e^-|x| / 2` (no overflow before the result does; see
/// [`half_exp_abs`]).
fn cosh(cx: &mut Cx, x: &Val) -> Val {
    let ax = un(cx, "xhlo.abs", x);
    let big = half_exp_abs(cx, &ax);
    let nax = un(cx, "xhlo.negate", &ax);
    let e = un(cx, "xhlo.exponential", &nax);
    let half = fconst(cx, 0.5, x);
    let small = bin(cx, "xhlo.multiply", &e, &half);
    bin(cx, "xhlo.add", &big, &small)
}

/// `sinh(x)`: for |x| < 1 its Taylor series `x (1 + x^2/3! + ... + x^16/17!)` (positive
/// terms, the truncation below 2^-60 relative; XLA's `(e + e / (e + 1)) / 2` with
/// `e = expm1(x)` is only as good as expm1, which is `exp(x) - 1` in f64 today: sinh(1e-10)
/// was 8e-7 off, and sinh(-0) was +0); otherwise `sign(x) (e^|x| / 2 - e^-|x| / 2)` (see
/// [`half_exp_abs`]).
fn sinh(cx: &mut Cx, x: &Val) -> Val {
    let one = fconst(cx, 1.0, x);
    let half = fconst(cx, 0.5, x);
    let ax = un(cx, "xhlo.abs", x);
    let big = half_exp_abs(cx, &ax);
    let nax = un(cx, "xhlo.negate", &ax);
    let en = un(cx, "xhlo.exponential", &nax);
    let small_part = bin(cx, "xhlo.multiply", &en, &half);
    let magnitude = bin(cx, "xhlo.subtract", &big, &small_part);
    let negated = un(cx, "xhlo.negate", &magnitude);
    let zero = fconst(cx, 0.0, x);
    let negative = cmp(cx, "LT", x, &zero);
    let large = select(cx, &negative, &negated, &magnitude);
    // 1/17!, 1/15!, ..., 1/3!, 1 (highest degree first, in x^2).
    let coeffs: Vec<f64> = (0..9).rev().map(|k| 1.0 / (1..=2 * k + 1).map(|i| i as f64).product::<f64>()).collect();
    let xx = bin(cx, "xhlo.multiply", x, x);
    let p = horner(cx, &coeffs, &xx);
    let small = bin(cx, "xhlo.multiply", x, &p);
    let is_small = cmp(cx, "LT", &ax, &one);
    select(cx, &is_small, &small, &large)
}

// ---- Complex decompositions ---------------------------------------------------------------

/// The real and imaginary parts of a complex value.
fn parts(cx: &mut Cx, z: &Val) -> (Val, Val) {
    let part = match element_of(&z.ty) {
        Some(Type::Complex(p)) => (**p).clone(),
        _ => Type::None,
    };
    let ty = with_element(&z.ty, part);
    let re = cx.emit1("xhlo.real", std::slice::from_ref(z), vec![], ty.clone());
    let im = cx.emit1("xhlo.imag", std::slice::from_ref(z), vec![], ty);
    (re, im)
}

/// The complex value `re + i im` (of element `complex<part>`).
fn complex(cx: &mut Cx, re: &Val, im: &Val) -> Val {
    let element = Type::Complex(Box::new(element_of(&re.ty).cloned().unwrap_or(Type::None)));
    cx.emit1("xhlo.complex", &[re.clone(), im.clone()], vec![], with_element(&re.ty, element))
}

fn is_finite(cx: &mut Cx, x: &Val) -> Val {
    cx.emit1("xhlo.is_finite", std::slice::from_ref(x), vec![], with_element(&x.ty, i1()))
}

/// `sinh(x) t` (`odd`) or `cosh(x) t`, for `t` a cosine or sine: for `|x| >= 1` as
/// `(e^|x| / 2) t ± (e^-|x| / 2) t` with `e^|x| / 2 = h (h / 2)`, `h = e^(|x|/2)`, multiplied
/// as `h ((h / 2) t)` above `log(max) - 1` so that a tiny `t` keeps a product the type can
/// hold (cosh(100) overflows f32, cosh(100) sin(1e-40) = 1344 does not); `sinh(x) t` below 1.
fn hyperbolic_times(cx: &mut Cx, x: &Val, t: &Val, odd: bool) -> Val {
    let name = float_name(&x.ty).unwrap_or("f32").to_string();
    let half = fconst(cx, 0.5, x);
    let one = fconst(cx, 1.0, x);
    let ax = un(cx, "xhlo.abs", x);
    let e = un(cx, "xhlo.exponential", &ax);
    let eh = bin(cx, "xhlo.multiply", &e, &half);
    let direct = bin(cx, "xhlo.multiply", &eh, t);
    let hx = bin(cx, "xhlo.multiply", &ax, &half);
    let h = un(cx, "xhlo.exponential", &hx);
    let hh = bin(cx, "xhlo.multiply", &h, &half);
    let hht = bin(cx, "xhlo.multiply", &hh, t);
    let split = bin(cx, "xhlo.multiply", &h, &hht);
    let limit = fconst(cx, float_max(&name).ln() - 1.0, x);
    let below = cmp(cx, "LT", &ax, &limit);
    let big = select(cx, &below, &direct, &split);
    let nax = un(cx, "xhlo.negate", &ax);
    let en = un(cx, "xhlo.exponential", &nax);
    let enh = bin(cx, "xhlo.multiply", &en, &half);
    let small = bin(cx, "xhlo.multiply", &enh, t);
    if !odd {
        return bin(cx, "xhlo.add", &big, &small);
    }
    let magnitude = bin(cx, "xhlo.subtract", &big, &small);
    let negated = un(cx, "xhlo.negate", &magnitude);
    let zero = fconst(cx, 0.0, x);
    let negative = cmp(cx, "LT", x, &zero);
    let large = select(cx, &negative, &negated, &magnitude);
    let sh = sinh(cx, x);
    let near = bin(cx, "xhlo.multiply", &sh, t);
    let is_small = cmp(cx, "LT", &ax, &one);
    select(cx, &is_small, &near, &large)
}

/// `sinh(x + iy) = sinh(x) cos(y) + i cosh(x) sin(y)` (see [`hyperbolic_times`]; XLA's
/// `e^(z + log 1/2) - e^(-z + log 1/2)` loses every digit of small `z`). The special values
/// are C99's `csinh` (as numpy's): `x = ±0` gives the real part `x cos(y)` (`x` for a
/// non-finite `y`), `y = ±0` the imaginary part `y`, and an infinite `x` with a non-finite
/// `y` the real part +inf.
fn complex_sinh(cx: &mut Cx, z: &Val) -> Val {
    let (x, y) = parts(cx, z);
    let (c, s) = (un(cx, "xhlo.cosine", &y), un(cx, "xhlo.sine", &y));
    let re = hyperbolic_times(cx, &x, &c, true);
    let im = hyperbolic_times(cx, &x, &s, false);
    let (x_zero, x_inf, y_zero, y_finite) = complex_cases(cx, &x, &y);
    let xc = bin(cx, "xhlo.multiply", &x, &c);
    let zero_re = select(cx, &y_finite, &xc, &x);
    let re = select(cx, &x_zero, &zero_re, &re);
    let y_odd = un(cx, "xhlo.not", &y_finite);
    let inf_odd = bin(cx, "xhlo.and", &x_inf, &y_odd);
    let inf = fconst(cx, f64::INFINITY, &x);
    let re = select(cx, &inf_odd, &inf, &re);
    let im = select(cx, &y_zero, &y, &im);
    complex(cx, &re, &im)
}

/// `x == ±0`, `|x| == inf`, `y == ±0` and `y` finite.
fn complex_cases(cx: &mut Cx, x: &Val, y: &Val) -> (Val, Val, Val, Val) {
    let zero = fconst(cx, 0.0, x);
    let inf = fconst(cx, f64::INFINITY, x);
    let x_zero = cmp(cx, "EQ", x, &zero);
    let ax = un(cx, "xhlo.abs", x);
    let x_inf = cmp(cx, "EQ", &ax, &inf);
    let y_zero = cmp(cx, "EQ", y, &zero);
    let y_finite = is_finite(cx, y);
    (x_zero, x_inf, y_zero, y_finite)
}

/// `cosh(x + iy) = cosh(x) cos(y) + i sinh(x) sin(y)` (see [`hyperbolic_times`]). Special
/// values as C99's `ccosh` (as
/// numpy's): `y = ±0` gives the imaginary part `sign(x) y` (`y` for a NaN `x`), `x = ±0` the
/// imaginary part `x sin(y)` (+0 for a non-finite `y`), and an infinite `x` with a non-finite
/// `y` the real part +inf.
fn complex_cosh(cx: &mut Cx, z: &Val) -> Val {
    let (x, y) = parts(cx, z);
    let (c, s) = (un(cx, "xhlo.cosine", &y), un(cx, "xhlo.sine", &y));
    let re = hyperbolic_times(cx, &x, &c, false);
    let im = hyperbolic_times(cx, &x, &s, true);
    let (x_zero, x_inf, y_zero, y_finite) = complex_cases(cx, &x, &y);
    let zero = fconst(cx, 0.0, &x);
    let xs = bin(cx, "xhlo.multiply", &x, &s);
    let zero_im = select(cx, &y_finite, &xs, &zero);
    let im = select(cx, &x_zero, &zero_im, &im);
    let sx = un(cx, "xhlo.sign", &x);
    let x_nan = cmp(cx, "NE", &x, &x);
    let signed_y = bin(cx, "xhlo.multiply", &sx, &y);
    let axis_im = select(cx, &x_nan, &y, &signed_y);
    let im = select(cx, &y_zero, &axis_im, &im);
    let y_odd = un(cx, "xhlo.not", &y_finite);
    let inf_odd = bin(cx, "xhlo.and", &x_inf, &y_odd);
    let inf = fconst(cx, f64::INFINITY, &x);
    let re = select(cx, &inf_odd, &inf, &re);
    complex(cx, &re, &im)
}

/// `atanh(z) = (log1p(z) - log1p(-z)) / 2` (Kahan's formulas), on `|x|, |y|` with the signs of
/// `x` and `y` put back (atanh is odd and commutes with conjugation):
/// `re = log1p(4|x| / ((1 - |x|)^2 + y^2)) / 4`, `im = atan2(2|y|, (1 - |x|)(1 + |x|) - y^2) / 2`.
/// Where the denominator underflows (near ±1), `re` from logarithms of the scaled parts;
/// where the squares could overflow (`max(|x|, |y|) > sqrt(max) / 4`), `re = |x| / |z|^2`
/// computed scaled by `max(|x|, |y|)`, and `im = pi / 2`. Special values as C99's `catanh`:
/// an infinite part gives `±0 ± i pi/2` (`±0 + i NaN` for `±inf + i NaN`), NaN parts NaN
/// except `catanh(NaN ± i inf) = 0 ± i pi/2` and `catanh(±0 + i NaN) = ±0 + i NaN`.
fn complex_atanh(cx: &mut Cx, z: &Val) -> Val {
    let (x, y) = parts(cx, z);
    let name = float_name(&x.ty).unwrap_or("f32").to_string();
    let ax = un(cx, "xhlo.abs", &x);
    let ay = un(cx, "xhlo.abs", &y);
    let one = fconst(cx, 1.0, &x);
    let two = fconst(cx, 2.0, &x);
    let four = fconst(cx, 4.0, &x);
    let quarter = fconst(cx, 0.25, &x);
    let half = fconst(cx, 0.5, &x);
    let zero = fconst(cx, 0.0, &x);
    // Ordinary magnitudes.
    let d = bin(cx, "xhlo.subtract", &one, &ax);
    let dd = bin(cx, "xhlo.multiply", &d, &d);
    let yy = bin(cx, "xhlo.multiply", &ay, &ay);
    let den = bin(cx, "xhlo.add", &dd, &yy);
    let num = bin(cx, "xhlo.multiply", &four, &ax);
    let q = bin(cx, "xhlo.divide", &num, &den);
    let l = un(cx, "xhlo.log_plus_one", &q);
    let re_ordinary = bin(cx, "xhlo.multiply", &quarter, &l);
    // Near ±1 the denominator can underflow (atanh(1 + 1e-300 i) has the real part 345.7):
    // there `(log(4|x|) - log(den)) / 4` with `log(den) = 2 log(n) + log((d/n)^2 + (y/n)^2)`,
    // `n = max(|d|, |y|)`.
    let ad = un(cx, "xhlo.abs", &d);
    let n = bin(cx, "xhlo.maximum", &ad, &ay);
    let dn = bin(cx, "xhlo.divide", &d, &n);
    let yn = bin(cx, "xhlo.divide", &ay, &n);
    let dn2 = bin(cx, "xhlo.multiply", &dn, &dn);
    let yn2 = bin(cx, "xhlo.multiply", &yn, &yn);
    let sum = bin(cx, "xhlo.add", &dn2, &yn2);
    let log_sum = un(cx, "xhlo.log", &sum);
    let log_n = un(cx, "xhlo.log", &n);
    let two_log_n = bin(cx, "xhlo.multiply", &two, &log_n);
    let log_den = bin(cx, "xhlo.add", &two_log_n, &log_sum);
    let log_num = un(cx, "xhlo.log", &num);
    let diff = bin(cx, "xhlo.subtract", &log_num, &log_den);
    let re_near_one = bin(cx, "xhlo.multiply", &quarter, &diff);
    // atanh(±1 ± i0) = ±inf (d = y = 0).
    let at_one = cmp(cx, "EQ", &n, &zero);
    let inf_re = fconst(cx, f64::INFINITY, &x);
    let re_near_one = select(cx, &at_one, &inf_re, &re_near_one);
    let tiny = fconst(cx, min_normal(&name).sqrt(), &x);
    let underflows = cmp(cx, "LT", &den, &tiny);
    let re_small = select(cx, &underflows, &re_near_one, &re_ordinary);
    let p = bin(cx, "xhlo.add", &one, &ax);
    let dp = bin(cx, "xhlo.multiply", &d, &p);
    let b = bin(cx, "xhlo.subtract", &dp, &yy);
    let a2 = bin(cx, "xhlo.multiply", &two, &ay);
    let angle = bin(cx, "xhlo.atan2", &a2, &b);
    let im_small = bin(cx, "xhlo.multiply", &half, &angle);
    // Large magnitudes: re = (ax/m) / ((ax/m)^2 + (ay/m)^2) / m, im = pi/2.
    let m = bin(cx, "xhlo.maximum", &ax, &ay);
    let sx = bin(cx, "xhlo.divide", &ax, &m);
    let sy = bin(cx, "xhlo.divide", &ay, &m);
    let sxx = bin(cx, "xhlo.multiply", &sx, &sx);
    let syy = bin(cx, "xhlo.multiply", &sy, &sy);
    let ss = bin(cx, "xhlo.add", &sxx, &syy);
    let r = bin(cx, "xhlo.divide", &sx, &ss);
    let re_large = bin(cx, "xhlo.divide", &r, &m);
    let half_pi = fconst(cx, std::f64::consts::FRAC_PI_2, &x);
    let big = fconst(cx, float_max(&name).sqrt() / 4.0, &x);
    let large = cmp(cx, "GT", &m, &big);
    let re = select(cx, &large, &re_large, &re_small);
    let im = select(cx, &large, &half_pi, &im_small);
    // Infinities: real part 0, imaginary part pi/2 unless it is NaN (catanh(inf + i NaN) =
    // 0 + i NaN).
    let inf = fconst(cx, f64::INFINITY, &x);
    let x_inf = cmp(cx, "EQ", &ax, &inf);
    let y_inf = cmp(cx, "EQ", &ay, &inf);
    let any_inf = bin(cx, "xhlo.or", &x_inf, &y_inf);
    let re = select(cx, &any_inf, &zero, &re);
    let y_num = cmp(cx, "EQ", &y, &y);
    let x_inf_y_num = bin(cx, "xhlo.and", &x_inf, &y_num);
    let right_angle = bin(cx, "xhlo.or", &y_inf, &x_inf_y_num);
    let im = select(cx, &right_angle, &half_pi, &im);
    // ±0 + i NaN: the real part stays ±0.
    let x_zero = cmp(cx, "EQ", &x, &zero);
    let re = select(cx, &x_zero, &zero, &re);
    // The signs of x and y, as copysign (NaN parts stay NaN: re and im are NaN there).
    let x_neg = sign_bit(cx, &x);
    let nre = un(cx, "xhlo.negate", &re);
    let re = select(cx, &x_neg, &nre, &re);
    let y_bits_neg = sign_bit(cx, &y);
    let nim = un(cx, "xhlo.negate", &im);
    let im = select(cx, &y_bits_neg, &nim, &im);
    complex(cx, &re, &im)
}

/// Whether the sign bit of `x` is set (true for -0 and negative NaNs).
fn sign_bit(cx: &mut Cx, x: &Val) -> Val {
    let width = match float_name(&x.ty) {
        Some("f64") => 64,
        Some("f16" | "bf16") => 16,
        _ => 32,
    };
    let bits = bitcast(cx, x, int(width, false));
    let zero = iconst(cx, 0, &bits);
    cmp(cx, "LT", &bits, &zero)
}

/// `sqrt(a^2 + b^2)` for `a, b >= 0` without overflow or underflow of the squares: `m
/// sqrt((a/m)^2 + (b/m)^2)` with `m = max(a, b)` (0 where both are 0).
fn hypot(cx: &mut Cx, a: &Val, b: &Val) -> Val {
    let m = bin(cx, "xhlo.maximum", a, b);
    let zero = fconst(cx, 0.0, a);
    let one = fconst(cx, 1.0, a);
    let m_zero = cmp(cx, "EQ", &m, &zero);
    let safe = select(cx, &m_zero, &one, &m);
    let sa = bin(cx, "xhlo.divide", a, &safe);
    let sb = bin(cx, "xhlo.divide", b, &safe);
    let sa2 = bin(cx, "xhlo.multiply", &sa, &sa);
    let sb2 = bin(cx, "xhlo.multiply", &sb, &sb);
    let sum = bin(cx, "xhlo.add", &sa2, &sb2);
    let root = un(cx, "xhlo.sqrt", &sum);
    bin(cx, "xhlo.multiply", &m, &root)
}

/// The parts of the complex arcsine and arccosine on the first quadrant, by Hull, Fairgrieve
/// and Tang ("Implementing the complex arcsine and arccosine functions using exception
/// handling", 1997), the algorithm XLA's `asin_acos_kernel` also follows: for `X = |x|`,
/// `Y = |y|`, `R = |z + 1|`, `S = |z - 1|`, `A = (R + S) / 2`, `B = X / A`, returns
/// `(asin_re, acos_re, im)` with `asin(X + iY) = asin_re + i im` and
/// `acos(X + iY) = acos_re - i im`:
/// - `asin_re = asin(B)`, `acos_re = acos(B)` for `B <= 0.6417`; else with
///   `D = (A + X)(Y^2 / (R + X + 1) + S + 1 - X) / 2` (`X <= 1`),
///   `asin_re = atan(X / sqrt(D))`, `acos_re = atan(sqrt(D) / X)`, or with
///   `D = ((A + X) / (R + X + 1) + (A + X) / (S + X - 1)) / 2` (`X > 1`),
///   `asin_re = atan(X / (Y sqrt(D)))`, `acos_re = atan(Y sqrt(D) / X)`;
/// - `im = log1p(Am1 + sqrt(Am1 (A + 1)))` for `A <= 1.5`, with `Am1 = A - 1` as
///   `(Y^2 / (R + X + 1) + Y^2 / (S + 1 - X)) / 2` (`X < 1`) or
///   `(Y^2 / (R + X + 1) + S + X - 1) / 2`; `log(A + sqrt(A^2 - 1))` above;
/// - where `Y^2` vanishes against `|1 - X|` (`Y < eps |1 - X|`): `im = Y / sqrt((1 - X)(1 + X))`
///   (`X < 1`), `log1p(X - 1 + sqrt((X - 1)(X + 1)))` (`X > 1`), `sqrt(Y)` (`X = 1`);
/// - where `max(X, Y)` exceeds `sqrt(max) / 8`: `asin_re = atan2(X, Y)`,
///   `acos_re = atan2(Y, X)`, `im = log(hypot(X, Y)) + log 2` (infinite for infinite parts);
/// - where both are below `4 sqrt(min normal)`: `asin_re = X`, `acos_re = pi/2`, `im = Y`.
fn asin_acos_parts(cx: &mut Cx, ax: &Val, ay: &Val) -> (Val, Val, Val) {
    let name = float_name(&ax.ty).unwrap_or("f32").to_string();
    let eps = if name == "f64" { f64::EPSILON } else { f32::EPSILON as f64 };
    let c = |cx: &mut Cx, v: f64| fconst(cx, v, ax);
    let one = c(cx, 1.0);
    let half = c(cx, 0.5);
    let xp1 = bin(cx, "xhlo.add", ax, &one);
    let xm1 = bin(cx, "xhlo.subtract", ax, &one);
    let omx = un(cx, "xhlo.negate", &xm1);
    let axm1 = un(cx, "xhlo.abs", &xm1);
    let r = hypot(cx, &xp1, ay);
    let s = hypot(cx, &axm1, ay);
    let rs = bin(cx, "xhlo.add", &r, &s);
    let a = bin(cx, "xhlo.multiply", &half, &rs);
    let b = bin(cx, "xhlo.divide", ax, &a);
    let yy = bin(cx, "xhlo.multiply", ay, ay);
    let r_xp1 = bin(cx, "xhlo.add", &r, &xp1);
    let y2_r = bin(cx, "xhlo.divide", &yy, &r_xp1);
    let apx = bin(cx, "xhlo.add", &a, ax);
    // Real parts.
    let asin_b = asin(cx, &b);
    let acos_b = acos(cx, &b);
    let s_omx = bin(cx, "xhlo.add", &s, &omx);
    let inner_le = bin(cx, "xhlo.add", &y2_r, &s_omx);
    let prod_le = bin(cx, "xhlo.multiply", &apx, &inner_le);
    let d_le = bin(cx, "xhlo.multiply", &half, &prod_le);
    let sd_le = un(cx, "xhlo.sqrt", &d_le);
    let s_xm1 = bin(cx, "xhlo.add", &s, &xm1);
    let q1 = bin(cx, "xhlo.divide", &apx, &r_xp1);
    let q2 = bin(cx, "xhlo.divide", &apx, &s_xm1);
    let q12 = bin(cx, "xhlo.add", &q1, &q2);
    let d_gt = bin(cx, "xhlo.multiply", &half, &q12);
    let sd_gt = un(cx, "xhlo.sqrt", &d_gt);
    let ysd_gt = bin(cx, "xhlo.multiply", ay, &sd_gt);
    let x_le_one = cmp(cx, "LE", ax, &one);
    let den = select(cx, &x_le_one, &sd_le, &ysd_gt);
    let asin_far = bin(cx, "xhlo.atan2", ax, &den);
    let acos_far = bin(cx, "xhlo.atan2", &den, ax);
    let crossover = c(cx, 0.6417);
    let b_small = cmp(cx, "LE", &b, &crossover);
    let mut asin_re = select(cx, &b_small, &asin_b, &asin_far);
    let mut acos_re = select(cx, &b_small, &acos_b, &acos_far);
    // Imaginary part.
    let y2_s = bin(cx, "xhlo.divide", &yy, &s_omx);
    let am1_lt = bin(cx, "xhlo.add", &y2_r, &y2_s);
    let am1_lt = bin(cx, "xhlo.multiply", &half, &am1_lt);
    let am1_ge = bin(cx, "xhlo.add", &y2_r, &s_xm1);
    let am1_ge = bin(cx, "xhlo.multiply", &half, &am1_ge);
    let x_lt_one = cmp(cx, "LT", ax, &one);
    let am1 = select(cx, &x_lt_one, &am1_lt, &am1_ge);
    let ap1 = bin(cx, "xhlo.add", &a, &one);
    let am1ap1 = bin(cx, "xhlo.multiply", &am1, &ap1);
    let root = un(cx, "xhlo.sqrt", &am1ap1);
    let arg = bin(cx, "xhlo.add", &am1, &root);
    let im_near = un(cx, "xhlo.log_plus_one", &arg);
    let aa = bin(cx, "xhlo.multiply", &a, &a);
    let aa1 = bin(cx, "xhlo.subtract", &aa, &one);
    let root_far = un(cx, "xhlo.sqrt", &aa1);
    let sum_far = bin(cx, "xhlo.add", &a, &root_far);
    let im_far = un(cx, "xhlo.log", &sum_far);
    let a_cross = c(cx, 1.5);
    let a_small = cmp(cx, "LE", &a, &a_cross);
    let mut im = select(cx, &a_small, &im_near, &im_far);
    // Y negligible against |1 - X|.
    let eps_v = c(cx, eps);
    let eps_d = bin(cx, "xhlo.multiply", &eps_v, &axm1);
    let y_tiny = cmp(cx, "LT", ay, &eps_d);
    let omx_opx = bin(cx, "xhlo.multiply", &omx, &xp1);
    let sq_lt = un(cx, "xhlo.sqrt", &omx_opx);
    let im_lt = bin(cx, "xhlo.divide", ay, &sq_lt);
    let xm1_xp1 = bin(cx, "xhlo.multiply", &xm1, &xp1);
    let sq_gt = un(cx, "xhlo.sqrt", &xm1_xp1);
    let arg_gt = bin(cx, "xhlo.add", &xm1, &sq_gt);
    let im_gt = un(cx, "xhlo.log_plus_one", &arg_gt);
    let im_tiny = select(cx, &x_lt_one, &im_lt, &im_gt);
    im = select(cx, &y_tiny, &im_tiny, &im);
    let x_is_one = cmp(cx, "EQ", ax, &one);
    let sqrt_y = un(cx, "xhlo.sqrt", ay);
    let min_n = c(cx, min_normal(&name).sqrt());
    let y_below = cmp(cx, "LT", ay, &min_n);
    let one_tiny = bin(cx, "xhlo.and", &x_is_one, &y_below);
    im = select(cx, &one_tiny, &sqrt_y, &im);
    // Huge parts.
    let m = bin(cx, "xhlo.maximum", ax, ay);
    let n = bin(cx, "xhlo.minimum", ax, ay);
    let big = c(cx, float_max(&name).sqrt() / 8.0);
    let huge = cmp(cx, "GT", &m, &big);
    let asin_huge = bin(cx, "xhlo.atan2", ax, ay);
    let acos_huge = bin(cx, "xhlo.atan2", ay, ax);
    let inf = c(cx, f64::INFINITY);
    let m_inf = cmp(cx, "EQ", &m, &inf);
    let safe_m = select(cx, &m_inf, &one, &m);
    let ratio = bin(cx, "xhlo.divide", &n, &safe_m);
    let ratio2 = bin(cx, "xhlo.multiply", &ratio, &ratio);
    let l1 = un(cx, "xhlo.log_plus_one", &ratio2);
    let hl1 = bin(cx, "xhlo.multiply", &half, &l1);
    let log_m = un(cx, "xhlo.log", &m);
    let ln2 = c(cx, std::f64::consts::LN_2);
    let lm2 = bin(cx, "xhlo.add", &log_m, &ln2);
    let im_huge = bin(cx, "xhlo.add", &lm2, &hl1);
    let im_huge = select(cx, &m_inf, &inf, &im_huge);
    asin_re = select(cx, &huge, &asin_huge, &asin_re);
    acos_re = select(cx, &huge, &acos_huge, &acos_re);
    im = select(cx, &huge, &im_huge, &im);
    // Infinite parts with a NaN other part: the imaginary part is still infinite.
    let x_inf = cmp(cx, "EQ", ax, &inf);
    let y_inf = cmp(cx, "EQ", ay, &inf);
    let any_inf = bin(cx, "xhlo.or", &x_inf, &y_inf);
    im = select(cx, &any_inf, &inf, &im);
    // Both tiny: asin z = z.
    let small = c(cx, 4.0 * min_normal(&name).sqrt());
    let m_small = cmp(cx, "LT", &m, &small);
    let half_pi = c(cx, std::f64::consts::FRAC_PI_2);
    asin_re = select(cx, &m_small, ax, &asin_re);
    acos_re = select(cx, &m_small, &half_pi, &acos_re);
    im = select(cx, &m_small, ay, &im);
    // X = 0 (also with a NaN Y): asin_re = 0, acos_re = pi/2 (C99's casin(±0 + i NaN)).
    let zero = c(cx, 0.0);
    let x_zero = cmp(cx, "EQ", ax, &zero);
    asin_re = select(cx, &x_zero, ax, &asin_re);
    acos_re = select(cx, &x_zero, &half_pi, &acos_re);
    (asin_re, acos_re, im)
}

/// `v` with the sign of `s` (its sign bit).
fn copysign(cx: &mut Cx, v: &Val, s: &Val) -> Val {
    let av = un(cx, "xhlo.abs", v);
    let neg = un(cx, "xhlo.negate", &av);
    let s_neg = sign_bit(cx, s);
    select(cx, &s_neg, &neg, &av)
}

/// `asin(x + iy) = sign(x) asin_re + i sign(y) im` ([`asin_acos_parts`]; asin is odd and
/// commutes with conjugation), C99's `casin` special values.
fn complex_asin(cx: &mut Cx, z: &Val) -> Val {
    let (x, y) = parts(cx, z);
    let ax = un(cx, "xhlo.abs", &x);
    let ay = un(cx, "xhlo.abs", &y);
    let (asin_re, _, im) = asin_acos_parts(cx, &ax, &ay);
    let re = copysign(cx, &asin_re, &x);
    let im = copysign(cx, &im, &y);
    complex(cx, &re, &im)
}

/// `acos(x + iy) = acos_re - i sign(y) im` for `x >= 0`, `pi - acos_re - i sign(y) im` for
/// `x < 0` ([`asin_acos_parts`]), C99's `cacos` special values.
fn complex_acos(cx: &mut Cx, z: &Val) -> Val {
    let (x, y) = parts(cx, z);
    let re = acos_real(cx, &x, &y);
    let ax = un(cx, "xhlo.abs", &x);
    let ay = un(cx, "xhlo.abs", &y);
    let (_, _, im) = asin_acos_parts(cx, &ax, &ay);
    let ny = un(cx, "xhlo.negate", &y);
    let im = copysign(cx, &im, &ny);
    complex(cx, &re, &im)
}

/// The real part of `acos(x + iy)`: `acos_re` for `x >= 0` (sign bit clear), `pi - acos_re`
/// otherwise.
fn acos_real(cx: &mut Cx, x: &Val, y: &Val) -> Val {
    let ax = un(cx, "xhlo.abs", x);
    let ay = un(cx, "xhlo.abs", y);
    let (_, acos_re, _) = asin_acos_parts(cx, &ax, &ay);
    let pi = fconst(cx, std::f64::consts::PI, x);
    let flipped = bin(cx, "xhlo.subtract", &pi, &acos_re);
    let x_neg = sign_bit(cx, x);
    select(cx, &x_neg, &flipped, &acos_re)
}

/// `asinh(z) = -i asin(iz)`: with `w = asin(-y + ix)`, `asinh(z) = im(w) - i re(w)`.
fn complex_asinh(cx: &mut Cx, z: &Val) -> Val {
    let (x, y) = parts(cx, z);
    let ny = un(cx, "xhlo.negate", &y);
    let iz = complex(cx, &ny, &x);
    let w = complex_asin(cx, &iz);
    let (wr, wi) = parts(cx, &w);
    let nwr = un(cx, "xhlo.negate", &wr);
    complex(cx, &wi, &nwr)
}

/// `acosh(x + iy) = im + i sign(y) acos_re(x + iy)` ([`asin_acos_parts`]: the real part is
/// `|Im acos z| >= 0`, the imaginary part the real part of `acos z` with `y`'s sign), C99's
/// `cacosh` special values.
fn complex_acosh(cx: &mut Cx, z: &Val) -> Val {
    let (x, y) = parts(cx, z);
    let ax = un(cx, "xhlo.abs", &x);
    let ay = un(cx, "xhlo.abs", &y);
    let (_, _, im) = asin_acos_parts(cx, &ax, &ay);
    let re_acos = acos_real(cx, &x, &y);
    let im_out = copysign(cx, &re_acos, &y);
    complex(cx, &im, &im_out)
}

/// `atan(z) = -i atanh(iz)`, as XLA: with `w = atanh(-y + ix)`, `atan(z) = im(w) - i re(w)`.
fn complex_atan(cx: &mut Cx, z: &Val) -> Val {
    let (x, y) = parts(cx, z);
    let ny = un(cx, "xhlo.negate", &y);
    let iz = complex(cx, &ny, &x);
    let w = complex_atanh(cx, &iz);
    let (wr, wi) = parts(cx, &w);
    let nwr = un(cx, "xhlo.negate", &wr);
    complex(cx, &wi, &nwr)
}

// ---- Special functions ---------------------------------------------------------------------

/// `coeffs[0] * w^(n-1) + ... + coeffs[n-1]` by Horner's rule (highest degree first).
fn horner(cx: &mut Cx, coeffs: &[f64], w: &Val) -> Val {
    let mut p = fconst(cx, coeffs[0], w);
    for &c in &coeffs[1..] {
        let pw = bin(cx, "xhlo.multiply", &p, w);
        let c = fconst(cx, c, w);
        p = bin(cx, "xhlo.add", &pw, &c);
    }
    p
}

/// Giles' single-precision erfinv polynomials ("Approximating the erfinv function", GPU
/// Computing Gems, 2011), as XLA's `ErfInv32` uses them: in `w - 2.5` for `w < 5`...
#[allow(clippy::excessive_precision)] // the published coefficients, digit for digit
const ERF_INV_F32_CENTRAL: [f64; 9] = [
    2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087, -0.00125372503, -0.00417768164,
    0.246640727, 1.50140941,
];
/// ...and in `sqrt(w) - 3` for `w >= 5`.
#[allow(clippy::excessive_precision)] // the published coefficients, digit for digit
const ERF_INV_F32_TAIL: [f64; 9] = [
    -0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773, -0.0076224613, 0.00943887047,
    1.00167406, 2.83297682,
];
/// Giles' double-precision erfinv polynomials (XLA's `ErfInv64`): in `w - 3.125` for
/// `w < 6.25`...
#[allow(clippy::excessive_precision)] // the published coefficients, digit for digit
const ERF_INV_F64_CENTRAL: [f64; 23] = [
    -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18, 1.115787767802518096e-17,
    -1.333171662854620906e-16, 2.0972767875968561637e-17, 6.6376381343583238325e-15, -4.0545662729752068639e-14,
    -8.1519341976054721522e-14, 2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
    1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08, 4.2347877827932403518e-07,
    -1.3654692000834678645e-06, -1.3882523362786468719e-05, 0.0001867342080340571352, -0.00074070253416626697512,
    -0.0060336708714301490533, 0.24015818242558961693, 1.6536545626831027356,
];
/// ...in `sqrt(w) - 3.25` for `6.25 <= w < 16`...
#[allow(clippy::excessive_precision)] // the published coefficients, digit for digit
const ERF_INV_F64_MIDDLE: [f64; 19] = [
    2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07, 1.8239629214389227755e-08,
    1.5027403968909827627e-06, -4.013867526981545969e-06, 2.9234449089955446044e-06, 1.2475304481671778723e-05,
    -4.7318229009055733981e-05, 6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
    0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066, -0.0037512085075692412107,
    0.005370914553590063617, 1.0052589676941592334, 3.0838856104922207635,
];
/// ...and in `sqrt(w) - 5` for `w >= 16`.
#[allow(clippy::excessive_precision)] // the published coefficients, digit for digit
const ERF_INV_F64_TAIL: [f64; 17] = [
    -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09, -3.7894654401267369937e-09,
    7.6157012080783393804e-09, -1.4960026627149240478e-08, 2.9147953450901080826e-08, -6.7711997758452339498e-08,
    2.2900482228026654717e-07, -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
    7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026, 1.0103004648645343977,
    4.8499064014085844221,
];

/// `erf_inv(x) = x * p(w)` with `w = -log((1 - x)(1 + x))` and Giles' polynomials `p` (f32:
/// two ranges of `w`, f64: three). `w` is computed as `-(log1p(x) + log1p(-x))` rather than
/// XLA's `-log1p(-x * x)`: `x * x` rounds away the distance to 1 that decides the result near
/// ±1 (the product form keeps f64 within 1e-15 relative there instead of 1e-10). `erf_inv(±1)`
/// is ±inf; NaN outside [-1, 1].
fn erf_inv(cx: &mut Cx, x: &Val) -> Val {
    let neg = un(cx, "xhlo.negate", x);
    let up = un(cx, "xhlo.log_plus_one", x);
    let down = un(cx, "xhlo.log_plus_one", &neg);
    let sum = bin(cx, "xhlo.add", &up, &down);
    let w = un(cx, "xhlo.negate", &sum);
    let root = un(cx, "xhlo.sqrt", &w);
    let shifted = |cx: &mut Cx, v: &Val, by: f64| {
        let c = fconst(cx, by, v);
        bin(cx, "xhlo.subtract", v, &c)
    };
    let p = if float_name(&x.ty) == Some("f64") {
        let a = shifted(cx, &w, 3.125);
        let central = horner(cx, &ERF_INV_F64_CENTRAL, &a);
        let b = shifted(cx, &root, 3.25);
        let middle = horner(cx, &ERF_INV_F64_MIDDLE, &b);
        let c = shifted(cx, &root, 5.0);
        let tail = horner(cx, &ERF_INV_F64_TAIL, &c);
        let bound1 = fconst(cx, 6.25, &w);
        let bound2 = fconst(cx, 16.0, &w);
        let in_central = cmp(cx, "LT", &w, &bound1);
        let in_middle = cmp(cx, "LT", &w, &bound2);
        let outer = select(cx, &in_middle, &middle, &tail);
        select(cx, &in_central, &central, &outer)
    } else {
        let a = shifted(cx, &w, 2.5);
        let central = horner(cx, &ERF_INV_F32_CENTRAL, &a);
        let b = shifted(cx, &root, 3.0);
        let tail = horner(cx, &ERF_INV_F32_TAIL, &b);
        let bound = fconst(cx, 5.0, &w);
        let in_central = cmp(cx, "LT", &w, &bound);
        select(cx, &in_central, &central, &tail)
    };
    let r = bin(cx, "xhlo.multiply", &p, x);
    let one = fconst(cx, 1.0, x);
    let inf = fconst(cx, f64::INFINITY, x);
    let ax = un(cx, "xhlo.abs", x);
    let at_one = cmp(cx, "EQ", &ax, &one);
    let infinite = bin(cx, "xhlo.multiply", x, &inf);
    select(cx, &at_one, &infinite, &r)
}

/// The Lanczos approximation XLA's `Lgamma` and `Digamma` use (g = 7, n = 9, Paul Godfrey's
/// coefficients): `Gamma(z + 1) = sqrt(2 pi) t^(z + 1/2) e^(-t) A(z)` with `t = z + g + 1/2`
/// and `A(z) = LANCZOS_BASE + sum_i LANCZOS[i] / (z + i + 1)`.
const LANCZOS_G: f64 = 7.0;
#[allow(clippy::excessive_precision)] // the published coefficients, digit for digit
const LANCZOS_BASE: f64 = 0.99999999999980993227684700473478;
#[allow(clippy::excessive_precision)] // the published coefficients, digit for digit
const LANCZOS: [f64; 8] = [
    676.520368121885098567009190444019,
    -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,
    -176.61502916214059906584551354,
    12.507343278686904814458936853,
    -0.13857109526572011689554707,
    9.984369578019570859563e-6,
    1.50563273514931155834e-7,
];

/// The Lanczos argument `z` (`-x` where the reflection formula is used, i.e. `x < 1/2`, else
/// `x - 1`), whether it reflects, and `log(t) = log(g + 1/2) + log1p(z / (g + 1/2))` (no
/// overflow of `t` for large `z`).
fn lanczos_setup(cx: &mut Cx, x: &Val) -> (Val, Val, Val) {
    let half = fconst(cx, 0.5, x);
    let one = fconst(cx, 1.0, x);
    let reflect = cmp(cx, "LT", x, &half);
    let neg = un(cx, "xhlo.negate", x);
    let below = bin(cx, "xhlo.subtract", x, &one);
    let z = select(cx, &reflect, &neg, &below);
    let gh = fconst(cx, LANCZOS_G + 0.5, x);
    let log_gh = fconst(cx, (LANCZOS_G + 0.5).ln(), x);
    let ratio = bin(cx, "xhlo.divide", &z, &gh);
    let l = un(cx, "xhlo.log_plus_one", &ratio);
    let log_t = bin(cx, "xhlo.add", &log_gh, &l);
    (z, reflect, log_t)
}

/// `lgamma(x)`: for `x >= 1/2`, `log Gamma(z + 1)` with `z = x - 1` from the Lanczos form,
/// `log(sqrt(2 pi)) + (z + 1/2 - t / log t) * log t + log A(z)`; for `x < 1/2` Euler's
/// reflection `log(pi) - log|sin(pi x)| - lgamma(1 - x)` with `sin(pi x)` taken on the
/// fractional part folded into [0, 1/2] (exact argument reduction). Poles (non-positive
/// integers) and ±inf give +inf.
fn lgamma(cx: &mut Cx, x: &Val) -> Val {
    let (z, reflect, log_t) = lanczos_setup(cx, x);
    let mut a = fconst(cx, LANCZOS_BASE, x);
    for (i, &c) in LANCZOS.iter().enumerate() {
        let k = fconst(cx, (i + 1) as f64, x);
        let d = bin(cx, "xhlo.add", &z, &k);
        let c = fconst(cx, c, x);
        let q = bin(cx, "xhlo.divide", &c, &d);
        a = bin(cx, "xhlo.add", &a, &q);
    }
    let half = fconst(cx, 0.5, x);
    let one = fconst(cx, 1.0, x);
    let gh = fconst(cx, LANCZOS_G + 0.5, x);
    let t = bin(cx, "xhlo.add", &z, &gh);
    let t_over = bin(cx, "xhlo.divide", &t, &log_t);
    let zh = bin(cx, "xhlo.add", &z, &half);
    let e = bin(cx, "xhlo.subtract", &zh, &t_over);
    let power = bin(cx, "xhlo.multiply", &e, &log_t);
    let log_a = un(cx, "xhlo.log", &a);
    let log_sqrt_2pi = fconst(cx, (2.0 * std::f64::consts::PI).sqrt().ln(), x);
    let s = bin(cx, "xhlo.add", &log_sqrt_2pi, &power);
    let log_y = bin(cx, "xhlo.add", &s, &log_a);
    // Reflection: |sin(pi x)| = sin(pi r), r the fractional part of |x| folded into [0, 1/2].
    let ax = un(cx, "xhlo.abs", x);
    let fl = un(cx, "xhlo.floor", &ax);
    let frac = bin(cx, "xhlo.subtract", &ax, &fl);
    let upper = cmp(cx, "GT", &frac, &half);
    let folded = bin(cx, "xhlo.subtract", &one, &frac);
    let r = select(cx, &upper, &folded, &frac);
    let pi = fconst(cx, std::f64::consts::PI, x);
    let pr = bin(cx, "xhlo.multiply", &pi, &r);
    let sin = un(cx, "xhlo.sine", &pr);
    let log_sin = un(cx, "xhlo.log", &sin);
    let log_pi = fconst(cx, std::f64::consts::PI.ln(), x);
    let d = bin(cx, "xhlo.subtract", &log_pi, &log_sin);
    let reflected = bin(cx, "xhlo.subtract", &d, &log_y);
    // At a pole sin(pi r) = 0: log_sin = -inf, and the result is +inf.
    let finite = cx.emit1("xhlo.is_finite", std::slice::from_ref(&log_sin), vec![], with_element(&x.ty, i1()));
    let pole = un(cx, "xhlo.negate", &log_sin);
    let reflected = select(cx, &finite, &reflected, &pole);
    let result = select(cx, &reflect, &reflected, &log_y);
    let inf = fconst(cx, f64::INFINITY, x);
    let is_inf = cmp(cx, "EQ", &ax, &inf);
    select(cx, &is_inf, &inf, &result)
}

/// `digamma(x)`, the derivative of the Lanczos form of `lgamma`: for `x >= 1/2`, with
/// `z = x - 1`, `log t + N(z) / A(z) - g / t` where `N(z) = -sum_i LANCZOS[i] / (z + i + 1)^2`;
/// for `x < 1/2` the reflection `digamma(1 - x) - pi cot(pi x)`, with the cotangent taken at
/// `x - round(x)` (exact argument reduction). NaN at the poles (non-positive integers), as in
/// XLA.
fn digamma(cx: &mut Cx, x: &Val) -> Val {
    let (z, reflect, log_t) = lanczos_setup(cx, x);
    let mut num = fconst(cx, 0.0, x);
    let mut den = fconst(cx, LANCZOS_BASE, x);
    for (i, &c) in LANCZOS.iter().enumerate() {
        let k = fconst(cx, (i + 1) as f64, x);
        let d = bin(cx, "xhlo.add", &z, &k);
        let dd = bin(cx, "xhlo.multiply", &d, &d);
        let c = fconst(cx, c, x);
        let q2 = bin(cx, "xhlo.divide", &c, &dd);
        num = bin(cx, "xhlo.subtract", &num, &q2);
        let q = bin(cx, "xhlo.divide", &c, &d);
        den = bin(cx, "xhlo.add", &den, &q);
    }
    let gh = fconst(cx, LANCZOS_G + 0.5, x);
    let g = fconst(cx, LANCZOS_G, x);
    let t = bin(cx, "xhlo.add", &z, &gh);
    let ratio = bin(cx, "xhlo.divide", &num, &den);
    let g_over_t = bin(cx, "xhlo.divide", &g, &t);
    let s = bin(cx, "xhlo.add", &log_t, &ratio);
    let y = bin(cx, "xhlo.subtract", &s, &g_over_t);
    // Reflection: pi cot(pi x) = pi cot(pi (x - round(x))); for x < 1/2, round(x) = -|floor(x + 1/2)|.
    let half = fconst(cx, 0.5, x);
    let xh = bin(cx, "xhlo.add", x, &half);
    let fl = un(cx, "xhlo.floor", &xh);
    let afl = un(cx, "xhlo.abs", &fl);
    let reduced = bin(cx, "xhlo.add", x, &afl);
    let pi = fconst(cx, std::f64::consts::PI, x);
    let pr = bin(cx, "xhlo.multiply", &pi, &reduced);
    let cos = un(cx, "xhlo.cosine", &pr);
    let sin = un(cx, "xhlo.sine", &pr);
    let pcos = bin(cx, "xhlo.multiply", &pi, &cos);
    let cot = bin(cx, "xhlo.divide", &pcos, &sin);
    let reflected = bin(cx, "xhlo.subtract", &y, &cot);
    let result = select(cx, &reflect, &reflected, &y);
    let zero = fconst(cx, 0.0, x);
    let fx = un(cx, "xhlo.floor", x);
    let non_positive = cmp(cx, "LE", x, &zero);
    let integral = cmp(cx, "EQ", x, &fx);
    let pole = bin(cx, "xhlo.and", &non_positive, &integral);
    let nan = fconst(cx, f64::NAN, x);
    select(cx, &pole, &nan, &result)
}

/// Chebyshev coefficients of `exp(-x) I1(x) / x` on `[0, 8]` in `t = x / 4 - 1`, highest
/// order first (the `c_0` term last, counted at half weight by [`chebyshev`]). Computed for
/// this file by Chebyshev-Gauss quadrature (120 nodes) in mpmath at 50 digits, the same
/// expansion on the same interval as Cephes' `i1e` that XLA uses; they agree with Cephes'
/// published coefficients to 20 digits. f64 uses all 29, f32 the last 20.
const I1E_SMALL: [f64; 29] = [
    2.7779141127610464e-18, -2.111421214358166e-17, 1.5536319577362005e-16, -1.1055969477353862e-15,
    7.600684294735408e-15, -5.042185504727912e-14, 3.223793365945575e-13, -1.9839743977649436e-12,
    1.1736186298890901e-11, -6.663489723502027e-11, 3.625590281552117e-10, -1.8872497517228294e-09,
    9.381537386495773e-09, -4.445059128796328e-08, 2.0032947535521353e-07, -8.568720264695455e-07,
    3.4702513081376785e-06, -1.3273163656039436e-05, 4.781565107550054e-05, -0.00016176081582589674,
    0.0005122859561685758, -0.0015135724506312532, 0.004156422944312888, -0.010564084894626197,
    0.024726449030626516, -0.05294598120809499, 0.1026436586898471, -0.17641651835783406, 0.25258718644363365,
];
/// Chebyshev coefficients of `exp(-x) I1(x) sqrt(x)` on `[8, inf)` in `t = 16 / x - 1`
/// (computed as [`I1E_SMALL`]). f64 uses all 25, f32 the last 8.
const I1E_LARGE: [f64; 25] = [
    7.517296310842105e-18, 4.414348323071708e-18, -4.6503053684893586e-17, -3.209525921993424e-17,
    2.96262899764595e-16, 3.3082023109209285e-16, -1.8803547755107825e-15, -3.8144030724370075e-15,
    1.0420276984128802e-14, 4.272440016711951e-14, -2.1015418427726643e-14, -4.0835511110921974e-13,
    -7.198551776245908e-13, 2.0356285441470896e-12, 1.4125807436613782e-11, 3.2526035830154884e-11,
    -1.8974958123505413e-11, -5.589743462196584e-10, -3.835380385964237e-09, -2.6314688468895196e-08,
    -2.512236237870209e-07, -3.882564808877691e-06, -0.00011058893876262371, -0.009761097491361469,
    0.7785762350182801,
];

/// `c_0 / 2 + sum_k c_k T_k(y / 2)` by Clenshaw's recurrence (Cephes' `chbevl` convention:
/// `coeffs` highest order first, `y` in `[-2, 2]`): `b_k = y b_(k+1) - b_(k+2) + c_k`, and the
/// sum is `(b_0 - b_2) / 2`.
fn chebyshev(cx: &mut Cx, coeffs: &[f64], y: &Val) -> Val {
    let mut b0 = fconst(cx, coeffs[0], y);
    let mut b1 = fconst(cx, 0.0, y);
    let mut b2 = b1.clone();
    for &c in &coeffs[1..] {
        b2 = b1;
        b1 = b0;
        let yb = bin(cx, "xhlo.multiply", y, &b1);
        let d = bin(cx, "xhlo.subtract", &yb, &b2);
        let c = fconst(cx, c, y);
        b0 = bin(cx, "xhlo.add", &d, &c);
    }
    let half = fconst(cx, 0.5, y);
    let d = bin(cx, "xhlo.subtract", &b0, &b2);
    bin(cx, "xhlo.multiply", &d, &half)
}

/// `bessel_i1e(x) = exp(-|x|) I1(x)`, as XLA (Cephes' `i1e`): with `z = |x|`,
/// `z * C_small(z / 2 - 2)` for `z <= 8` and `C_large(32 / z - 2) / sqrt(z)` above, times
/// `sign(x)` (odd; ±0 and NaN pass through, ±inf give ±0).
///
/// f32 (and f16/bf16, which come here as f32) is evaluated in f64 with the expansions cut
/// after the first coefficient below 2^-30 of the result (20 and 8 terms), then rounded: XLA's
/// f32 evaluation, with coefficients rounded to f32 and Clenshaw's recurrence summing terms
/// much larger than the result near `z = 8`, is 10 ulp off there.
fn bessel_i1e(cx: &mut Cx, x: &Val) -> Val {
    if float_name(&x.ty) != Some("f64") {
        let wide = convert(cx, x, Type::Float("f64".into()));
        let r = bessel_i1e_with(cx, &wide, &I1E_SMALL[9..], &I1E_LARGE[17..]);
        return convert(cx, &r, element_of(&x.ty).cloned().unwrap_or(Type::None));
    }
    bessel_i1e_with(cx, x, &I1E_SMALL, &I1E_LARGE)
}

/// [`bessel_i1e`] with the given Chebyshev expansions.
fn bessel_i1e_with(cx: &mut Cx, x: &Val, small: &[f64], large: &[f64]) -> Val {
    let z = un(cx, "xhlo.abs", x);
    let half = fconst(cx, 0.5, x);
    let two = fconst(cx, 2.0, x);
    let eight = fconst(cx, 8.0, x);
    let thirty_two = fconst(cx, 32.0, x);
    let hz = bin(cx, "xhlo.multiply", &half, &z);
    let y_small = bin(cx, "xhlo.subtract", &hz, &two);
    let c_small = chebyshev(cx, small, &y_small);
    let near = bin(cx, "xhlo.multiply", &z, &c_small);
    let q = bin(cx, "xhlo.divide", &thirty_two, &z);
    let y_large = bin(cx, "xhlo.subtract", &q, &two);
    let c_large = chebyshev(cx, large, &y_large);
    let root = un(cx, "xhlo.sqrt", &z);
    let far = bin(cx, "xhlo.divide", &c_large, &root);
    let is_near = cmp(cx, "LE", &z, &eight);
    let r = select(cx, &is_near, &near, &far);
    let sign = un(cx, "xhlo.sign", x);
    bin(cx, "xhlo.multiply", &sign, &r)
}

/// The Bernoulli numbers `B_2, B_4, ..., B_24` as fractions: the Euler-Maclaurin terms of
/// [`zeta`] take `B_2j / (2j)!` (the reciprocals of XLA's `kZetaCoeffs`).
const BERNOULLI_EVEN: [(f64, f64); 12] = [
    (1.0, 6.0),
    (-1.0, 30.0),
    (1.0, 42.0),
    (-1.0, 30.0),
    (5.0, 66.0),
    (-691.0, 2730.0),
    (7.0, 6.0),
    (-3617.0, 510.0),
    (43867.0, 798.0),
    (-174611.0, 330.0),
    (854513.0, 138.0),
    (-236364091.0, 2730.0),
];

/// `B_2j / (2j)!` for `j = 1..=12`.
fn euler_maclaurin_coefficients() -> [f64; 12] {
    let mut out = [0.0; 12];
    let mut factorial = 1.0f64;
    for (j, (num, den)) in BERNOULLI_EVEN.iter().enumerate() {
        let k = 2 * (j + 1);
        factorial *= ((k - 1) * k) as f64;
        out[j] = num / (den * factorial);
    }
    out
}

/// The Hurwitz zeta function `zeta(x, q) = sum_(k >= 0) (q + k)^-x`, as XLA (Johansson 2015,
/// formula (5); Cephes' `zeta`) for `q >= 0`: see [`zeta_series`]. For a negative
/// non-integer `q` (where `x` must be an integer) XLA's expansion starts at `q + 10 < 10` and
/// does not converge (polygamma(10, -5.5) was off in the 4th digit); there, with
/// `f = q - floor(q)` in (0, 1), the negative terms `(q + k)^-x = (-1)^x (j - f)^-x`
/// (`j = 1..-floor(q)`) are summed as a difference of two series at positive arguments:
/// `zeta(x, q) = (zeta(x, f) + (-1)^x zeta(x, 1 - f)) - (-1)^x zeta(x, 1 - q)`. Where the
/// true value is far smaller than the terms nearest 0 (near the function's zeros), the
/// result is accurate relative to those terms, not to itself.
///
/// Special values, as XLA: NaN for `x < 1`; `q <= 0` needs an integer `x` (else NaN); at the
/// poles (`q` a non-positive integer) +inf for even `x`, NaN for odd `x`; `x = 1` gives +inf.
fn zeta(cx: &mut Cx, x: &Val, q: &Val) -> Val {
    let zero = fconst(cx, 0.0, x);
    let one = fconst(cx, 1.0, x);
    let two = fconst(cx, 2.0, x);
    let fq = un(cx, "xhlo.floor", q);
    let f = bin(cx, "xhlo.subtract", q, &fq);
    let negative = cmp(cx, "LT", q, &zero);
    let q_main = select(cx, &negative, &f, q);
    let one_minus_f = bin(cx, "xhlo.subtract", &one, &f);
    let one_minus_q = bin(cx, "xhlo.subtract", &one, q);
    // The three series as one, over the arguments stacked along a new leading dimension:
    // the program (and the compile time) stays that of one series.
    let dims = dims_of(&x.ty).unwrap_or_default();
    let mut stacked_dims = vec![3];
    stacked_dims.extend(&dims);
    let map: Vec<i64> = (1..=dims.len() as i64).collect();
    let attrs = vec![("broadcast_dimensions".to_string(), i64_array(&map))];
    let xs = cx.emit1("xhlo.broadcast_in_dim", std::slice::from_ref(x), attrs, with_dims(&x.ty, &stacked_dims));
    let mut parts = Vec::new();
    let mut one_dims = vec![1];
    one_dims.extend(&dims);
    for v in [&q_main, &one_minus_f, &one_minus_q] {
        parts.push(cx.emit1("xhlo.reshape", std::slice::from_ref(v), vec![], with_dims(&x.ty, &one_dims)));
    }
    let attrs = vec![("dimension".to_string(), super::attrs::i64_attr(0))];
    let qs = cx.emit1("xhlo.concatenate", &parts, attrs, with_dims(&x.ty, &stacked_dims));
    let series = zeta_series(cx, &xs, &qs);
    let mut values = Vec::new();
    for i in 0..3 {
        let mut start = vec![0; stacked_dims.len()];
        let mut limit = stacked_dims.clone();
        start[0] = i;
        limit[0] = i + 1;
        let attrs = vec![
            ("start_indices".to_string(), i64_array(&start)),
            ("limit_indices".to_string(), i64_array(&limit)),
            ("strides".to_string(), i64_array(&vec![1; stacked_dims.len()])),
        ];
        let part = cx.emit1("xhlo.slice", std::slice::from_ref(&series), attrs, with_dims(&x.ty, &one_dims));
        values.push(cx.emit1("xhlo.reshape", &[part], vec![], x.ty.clone()));
    }
    let [main, near, far] = <[Val; 3]>::try_from(values).expect("three series");
    // (-1)^x for an integer x >= 1: 1 - 2 (x mod 2).
    let x_rem = bin(cx, "xhlo.remainder", x, &two);
    let twice = bin(cx, "xhlo.multiply", &two, &x_rem);
    let sign = bin(cx, "xhlo.subtract", &one, &twice);
    // (main ± near) first: the terms nearest 0 on either side, f^-x and (f - 1)^-x, are the
    // largest and cancel (exactly for f = 1/2 and odd x, where the result is zeta(x, 1 - q)).
    let signed_near = bin(cx, "xhlo.multiply", &sign, &near);
    let signed_far = bin(cx, "xhlo.multiply", &sign, &far);
    let pair = bin(cx, "xhlo.add", &main, &signed_near);
    let reflected = bin(cx, "xhlo.subtract", &pair, &signed_far);
    let mut out = select(cx, &negative, &reflected, &main);
    // Domain: x < 1 is NaN.
    let nan = fconst(cx, f64::NAN, x);
    let below_one = cmp(cx, "LT", x, &one);
    out = select(cx, &below_one, &nan, &out);
    // q <= 0 needs an integer x.
    let q_le_zero = cmp(cx, "LE", q, &zero);
    let fx = un(cx, "xhlo.floor", x);
    let x_not_int = cmp(cx, "NE", x, &fx);
    let domain = bin(cx, "xhlo.and", &q_le_zero, &x_not_int);
    out = select(cx, &domain, &nan, &out);
    // Poles at non-positive integer q: +inf for even x, NaN otherwise.
    let q_int = cmp(cx, "EQ", q, &fq);
    let at_pole = bin(cx, "xhlo.and", &q_le_zero, &q_int);
    let x_even = cmp(cx, "EQ", &x_rem, &zero);
    let x_int = cmp(cx, "EQ", x, &fx);
    let even_int = bin(cx, "xhlo.and", &x_int, &x_even);
    let inf = fconst(cx, f64::INFINITY, x);
    let pole = select(cx, &even_int, &inf, &nan);
    out = select(cx, &at_pole, &pole, &out);
    // x = 1: the harmonic series diverges.
    let x_one = cmp(cx, "EQ", x, &one);
    select(cx, &x_one, &inf, &out)
}

/// XLA's evaluation of `zeta(x, q)` for `q >= 0`: the first `N = 10` terms summed directly,
/// then with `a = q + N` the Euler-Maclaurin tail `a^(1-x) / (x - 1) + a^-x / 2 +
/// sum_(j=1..12) B_2j / (2j)! x (x+1) ... (x+2j-2) a^(-x-2j+1)`, the sum by Horner's rule in
/// `1 / a^2` from its innermost term. Where the tail cannot be evaluated (its terms overflow
/// while `a^-x` underflows, e.g. huge `x` or infinite `q`) the direct sum is the result (XLA
/// keeps the direct sum when `a^-x` is negligible against it).
fn zeta_series(cx: &mut Cx, x: &Val, q: &Val) -> Val {
    let one = fconst(cx, 1.0, x);
    let neg_x = un(cx, "xhlo.negate", x);
    let mut sum = bin(cx, "xhlo.power", q, &neg_x);
    let mut a = q.clone();
    for _ in 0..9 {
        a = bin(cx, "xhlo.add", &a, &one);
        let term = bin(cx, "xhlo.power", &a, &neg_x);
        sum = bin(cx, "xhlo.add", &sum, &term);
    }
    a = bin(cx, "xhlo.add", &a, &one);
    let p = bin(cx, "xhlo.power", &a, &neg_x);
    // a^(1-x) / (x - 1), with its own power: XLA's a^-x * a underflows to 0 where a^-x does
    // but a^(1-x) does not (zeta(2.5, 1e20) = 6.7e-31 in f32).
    let x_minus_one = bin(cx, "xhlo.subtract", x, &one);
    let one_minus_x = un(cx, "xhlo.negate", &x_minus_one);
    let pa = bin(cx, "xhlo.power", &a, &one_minus_x);
    let integral = bin(cx, "xhlo.divide", &pa, &x_minus_one);
    // S = c_1 + r_1 (c_2 + r_2 (... + r_11 c_12)), r_k = (x + 2k - 1)(x + 2k) / a^2
    let a2 = bin(cx, "xhlo.multiply", &a, &a);
    let inv_a2 = bin(cx, "xhlo.divide", &one, &a2);
    let c = euler_maclaurin_coefficients();
    let mut h = fconst(cx, 0.0, x);
    for k in (1..12).rev() {
        let lo = fconst(cx, (2 * k - 1) as f64, x);
        let hi = fconst(cx, (2 * k) as f64, x);
        let f1 = bin(cx, "xhlo.add", x, &lo);
        let f2 = bin(cx, "xhlo.add", x, &hi);
        let f = bin(cx, "xhlo.multiply", &f1, &f2);
        let r = bin(cx, "xhlo.multiply", &f, &inv_a2);
        let ck = fconst(cx, c[k], x);
        let inner = bin(cx, "xhlo.add", &ck, &h);
        h = bin(cx, "xhlo.multiply", &r, &inner);
    }
    let c1 = fconst(cx, c[0], x);
    let s = bin(cx, "xhlo.add", &c1, &h);
    let x_over_a = bin(cx, "xhlo.divide", x, &a);
    let xs = bin(cx, "xhlo.multiply", &x_over_a, &s);
    let half = fconst(cx, 0.5, x);
    let bracket = bin(cx, "xhlo.add", &half, &xs);
    let tail = bin(cx, "xhlo.multiply", &p, &bracket);
    let with_integral = bin(cx, "xhlo.add", &sum, &integral);
    let accurate = bin(cx, "xhlo.add", &with_integral, &tail);
    let finite = cx.emit1("xhlo.is_finite", std::slice::from_ref(&accurate), vec![], with_element(&x.ty, i1()));
    select(cx, &finite, &accurate, &sum)
}

/// `n!` for `n = 0..` while it is finite in the float type `name`, then +inf: each value
/// correctly rounded from the exact product (a small base-2^32 big integer).
fn factorials(name: &str) -> Vec<f64> {
    let mut limbs: Vec<u64> = vec![1];
    let mut out = vec![1.0];
    for k in 1u64.. {
        let mut carry = 0u64;
        for l in limbs.iter_mut() {
            let v = *l * k + carry;
            *l = v & 0xFFFF_FFFF;
            carry = v >> 32;
        }
        while carry != 0 {
            limbs.push(carry & 0xFFFF_FFFF);
            carry >>= 32;
        }
        let v = round_big(&limbs, name);
        out.push(v);
        if v.is_infinite() {
            return out;
        }
    }
    unreachable!()
}

/// A big integer (base-2^32 limbs, least significant first) rounded to nearest in the float
/// type `name` (f64, or f32 for the narrower types: the table is used in f32 for those).
fn round_big(limbs: &[u64], name: &str) -> f64 {
    let bits = 32 * limbs.len() as u32 - (*limbs.last().unwrap() as u32).leading_zeros();
    // The top 64 bits, with every lower bit folded into the lowest one (a sticky bit: 64 bits
    // leave 11 or more below the f64/f32 rounding position, so this rounds as the exact value).
    let bit = |i: u32| (limbs[(i / 32) as usize] >> (i % 32)) & 1;
    let shift = bits.saturating_sub(64);
    let mut top = 0u64;
    for i in (shift..bits).rev() {
        top = (top << 1) | bit(i);
    }
    if (0..shift).any(|i| bit(i) != 0) {
        top |= 1;
    }
    let scale = 2f64.powi(shift as i32);
    if name == "f64" {
        top as f64 * scale
    } else {
        (top as f32 * scale as f32) as f64
    }
}

/// [`polygamma`] of f32 operands (f16/bf16 come here as f32) computed in f64 and rounded:
/// in f32, `zeta(n + 1, x)` falls into the subnormal range (or `n!` overflows) where the
/// product `n! zeta(n + 1, x)` is still a normal f32 (polygamma(10, 1e4) = 3.6e-35 was 1430
/// ulp off), and `n = 0` inherits digamma's f32 error.
fn polygamma_in_f64(cx: &mut Cx, n: &Val, x: &Val) -> Val {
    if float_name(&x.ty) == Some("f64") {
        return polygamma(cx, n, x);
    }
    let f64t = Type::Float("f64".into());
    let (wn, wx) = (convert(cx, n, f64t.clone()), convert(cx, x, f64t));
    let r = polygamma(cx, &wn, &wx);
    convert(cx, &r, element_of(&x.ty).cloned().unwrap_or(Type::None))
}

/// `polygamma(n, x)`, as XLA: `digamma(x)` for `n = 0`, else
/// `(-1)^(n+1) n! zeta(n + 1, x)` (NaN unless `n` is a non-negative integer). `n!` is looked up
/// in a table of exact factorials (a gather on `n`) rather than XLA's `exp(lgamma(n + 1))`,
/// whose rounding alone costs several ulp; past the table (where `n!` overflows) it is +inf.
fn polygamma(cx: &mut Cx, n: &Val, x: &Val) -> Val {
    let name = float_name(&x.ty).unwrap_or("f32").to_string();
    let element = Type::Float(name.clone());
    let one = fconst(cx, 1.0, x);
    let two = fconst(cx, 2.0, x);
    let zero = fconst(cx, 0.0, x);
    let rem = bin(cx, "xhlo.remainder", n, &two);
    let twice = bin(cx, "xhlo.multiply", &two, &rem);
    let sign = bin(cx, "xhlo.subtract", &twice, &one);
    // n! from the table, the index clamped into it (NaN converts to 0 and is masked below).
    let table = factorials(&name);
    let last = fconst(cx, (table.len() - 1) as f64, x);
    let low = bin(cx, "xhlo.maximum", n, &zero);
    let clamped = bin(cx, "xhlo.minimum", &low, &last);
    let index = convert(cx, &clamped, int(64, false));
    let dims = dims_of(&x.ty).unwrap_or_default();
    let mut index_dims = dims.clone();
    index_dims.push(1);
    let index = cx.emit1("xhlo.reshape", &[index], vec![], tensor(&index_dims, int(64, false)));
    let body = format!("[{}]", table.iter().map(|v| float_literal(*v, &name)).collect::<Vec<_>>().join(", "));
    let table = splat_body(cx, body, &tensor(&[table.len() as i64], element));
    let attrs = vec![
        ("offset_dims".to_string(), i64_array(&[])),
        ("collapsed_slice_dims".to_string(), i64_array(&[0])),
        ("start_index_map".to_string(), i64_array(&[0])),
        ("index_vector_dim".to_string(), super::attrs::i64_attr(dims.len() as i64)),
        ("slice_sizes".to_string(), i64_array(&[1])),
    ];
    let factorial = cx.emit1("xhlo.gather", &[table, index], attrs, x.ty.clone());
    let n_plus_one = bin(cx, "xhlo.add", n, &one);
    let z = zeta(cx, &n_plus_one, x);
    let signed = bin(cx, "xhlo.multiply", &sign, &factorial);
    let mut out = bin(cx, "xhlo.multiply", &signed, &z);
    let n_zero = cmp(cx, "EQ", n, &zero);
    let psi = digamma(cx, x);
    out = select(cx, &n_zero, &psi, &out);
    let fl = un(cx, "xhlo.floor", n);
    let non_int = cmp(cx, "NE", n, &fl);
    let negative = cmp(cx, "LT", n, &zero);
    let non_natural = bin(cx, "xhlo.or", &non_int, &negative);
    let nan = fconst(cx, f64::NAN, x);
    select(cx, &non_natural, &nan, &out)
}

// ---- Scan ----------------------------------------------------------------------------------

fn int_attr(src: &Src, name: &str) -> Result<Option<i64>, String> {
    match src.op.attr(name) {
        None => Ok(None),
        Some(Attribute::Int(v, _)) => {
            v.parse().map(Some).map_err(|_| format!("attribute '{name}' is not a 64-bit integer: {v}"))
        }
        Some(other) => Err(format!("attribute '{name}' must be an integer, got {}", show(other))),
    }
}

fn bool_attr(src: &Src, name: &str) -> Result<bool, String> {
    match src.op.attr(name) {
        None => Ok(false),
        Some(Attribute::Bool(b)) => Ok(*b),
        Some(Attribute::Unit) => Ok(true),
        Some(other) => Err(format!("attribute '{name}' must be a bool, got {}", show(other))),
    }
}

/// A `(a, b)` segment-size attribute (`operandSegmentSizes`, `resultSegmentSizes`).
fn segments(src: &Src, name: &str) -> Result<Option<(usize, usize)>, String> {
    match src.op.attr(name) {
        None => Ok(None),
        Some(Attribute::DenseArray(_, values)) => {
            let v: Vec<usize> = values.iter().map(|s| s.parse().map_err(|_| format!("{name}: bad size {s}"))).collect::<Result<_, _>>()?;
            match v.as_slice() {
                [a, b] => Ok(Some((*a, *b))),
                _ => Err(format!("{name} must have 2 entries, got {}", v.len())),
            }
        }
        Some(other) => Err(format!("{name} must be an array, got {}", show(other))),
    }
}

/// The literal of zero in a splat of `element`.
fn zero_literal(element: &Type) -> Result<&'static str, String> {
    match element {
        Type::Integer { width: 1, .. } => Ok("false"),
        Type::Integer { .. } => Ok("0"),
        Type::Float(_) => Ok("0.0"),
        Type::Complex(_) => Ok("(0.0, 0.0)"),
        other => Err(format!("unsupported: element type {}", mlir_text::print::type_to_string(other))),
    }
}

/// A zero tensor of type `ty`.
pub(super) fn zeros(cx: &mut Cx, ty: &Type) -> Result<Val, String> {
    let element = element_of(ty).ok_or_else(|| format!("unsupported: {} is not a tensor", mlir_text::print::type_to_string(ty)))?;
    let body = zero_literal(element)?.to_string();
    Ok(splat_body(cx, body, ty))
}

/// An `i64` scalar constant.
pub(super) fn i64_scalar(cx: &mut Cx, v: i64) -> Val {
    splat_body(cx, v.to_string(), &tensor(&[], int(64, false)))
}

/// `dims` without entry `dim`.
fn without(dims: &[i64], dim: usize) -> Vec<i64> {
    dims.iter().enumerate().filter(|&(i, _)| i != dim).map(|(_, &d)| d).collect()
}

fn type_str(t: &Type) -> String {
    mlir_text::print::type_to_string(t)
}

/// `chlo.scan(inputs) inits(inits) dimension = d {body}` (XLA's Scan): the body takes one
/// slice of every input along `d` (that dimension removed) and the carries, and returns one
/// slice of every output and the next carries; the results are the outputs (the slices
/// stacked along `d`) and the final carries. Step `k` handles position `k`, or `n - 1 - k`
/// with `is_reverse`.
///
/// Decomposed into `xhlo.while` over `(k, inputs..., outputs..., carries...)` (the outputs
/// start as zeros): the body slices each input at the position with `dynamic_slice` and a
/// reshape, runs the inlined scan body, and writes each output slice with
/// `dynamic_update_slice`. `is_associative` is a hint and does not change the result.
fn scan(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let (n_in, n_carry) = segments(src, "operandSegmentSizes")?.ok_or("missing operandSegmentSizes")?;
    if n_in + n_carry != src.operands.len() {
        return Err(format!("operandSegmentSizes says {n_in} inputs and {n_carry} inits but there are {} operands", src.operands.len()));
    }
    if src.results.len() < n_carry {
        return Err(format!("{} results cannot hold {n_carry} carries", src.results.len()));
    }
    let n_out = src.results.len() - n_carry;
    if let Some((o, c)) = segments(src, "resultSegmentSizes")? {
        if (o, c) != (n_out, n_carry) {
            return Err(format!("resultSegmentSizes says {o} outputs and {c} carries, but there are {} results and {n_carry} inits", src.results.len()));
        }
    }
    let dim = int_attr(src, "dimension")?.ok_or("missing 'dimension'")?;
    let dim = usize::try_from(dim).map_err(|_| format!("dimension must be non-negative, got {dim}"))?;
    let reverse = bool_attr(src, "is_reverse")?;
    let (inputs, inits) = src.operands.split_at(n_in);
    let (out_types, carry_types) = src.results.split_at(n_out);

    // The scan length: the inputs' and outputs' size along `dim` (and scan_dim_size) agree.
    let mut length = int_attr(src, "scan_dim_size")?;
    let mut slices = Vec::new();
    for (what, ty) in inputs.iter().map(|v| ("input", &v.ty)).chain(out_types.iter().map(|t| ("output", t))) {
        let dims = dims_of(ty).ok_or_else(|| format!("unsupported: scan {what} of type {} (expected a static tensor)", type_str(ty)))?;
        let size = *dims.get(dim).ok_or_else(|| format!("scan dimension {dim} is out of range for the {what} of type {}", type_str(ty)))?;
        match length {
            Some(n) if n != size => {
                return Err(format!("the {what} of type {} has {size} elements along scan dimension {dim}, expected {n}", type_str(ty)))
            }
            _ => length = Some(size),
        }
        slices.push(with_dims(ty, &without(&dims, dim)));
    }
    let n = length.ok_or("a scan without inputs or outputs has no length")?;
    let (in_slices, out_slices) = slices.split_at(n_in);
    for (i, (init, carry)) in inits.iter().zip(carry_types).enumerate() {
        if &init.ty != carry {
            return Err(format!("init {i} has type {} but carry result {i} has type {}", type_str(&init.ty), type_str(carry)));
        }
    }
    let [region] = src.op.regions.as_slice() else {
        return Err(format!("expected one region, got {}", src.op.regions.len()));
    };

    let mut state = vec![i64_scalar(cx, 0)];
    state.extend(inputs.iter().cloned());
    for t in out_types {
        state.push(zeros(cx, t)?);
    }
    state.extend(inits.iter().cloned());
    let state_types: Vec<Type> = state.iter().map(|v| v.ty.clone()).collect();

    let cond = cx.block(&state_types, |cx, args| {
        let limit = i64_scalar(cx, n);
        vec![cmp(cx, "LT", &args[0], &limit)]
    });
    let mut failure = None;
    let body = cx.block(&state_types, |cx, args| {
        let k = &args[0];
        let position = if reverse {
            let last = i64_scalar(cx, n - 1);
            bin(cx, "xhlo.subtract", &last, k)
        } else {
            k.clone()
        };
        let zero = i64_scalar(cx, 0);
        let starts = |rank: usize| -> Vec<Val> { (0..rank).map(|d| if d == dim { position.clone() } else { zero.clone() }).collect() };
        let mut body_args = Vec::new();
        for (x, slice_ty) in args[1..1 + n_in].iter().zip(in_slices) {
            let mut sizes = dims_of(&x.ty).unwrap_or_default();
            let rank = sizes.len();
            sizes[dim] = 1;
            let mut operands = vec![x.clone()];
            operands.extend(starts(rank));
            let attrs = vec![("slice_sizes".to_string(), i64_array(&sizes))];
            let s = cx.emit1("xhlo.dynamic_slice", &operands, attrs, with_dims(&x.ty, &sizes));
            body_args.push(cx.emit1("xhlo.reshape", &[s], vec![], slice_ty.clone()));
        }
        let carries = &args[1 + n_in + n_out..];
        body_args.extend(carries.iter().cloned());
        let returned = match cx.inline_region(region, &body_args) {
            Ok(r) if r.len() == n_out + n_carry => r,
            Ok(r) => {
                failure = Some(format!("the body returns {} values, expected {n_out} outputs and {n_carry} carries", r.len()));
                return args.to_vec();
            }
            Err(e) => {
                failure = Some(format!("scan body: {e}"));
                return args.to_vec();
            }
        };
        let mut next = Vec::new();
        let one = i64_scalar(cx, 1);
        next.push(bin(cx, "xhlo.add", k, &one));
        next.extend(args[1..1 + n_in].iter().cloned());
        for (j, ((acc, v), slice_ty)) in args[1 + n_in..1 + n_in + n_out].iter().zip(&returned).zip(out_slices).enumerate() {
            if &v.ty != slice_ty {
                failure = Some(format!("the body returns {} for output {j}, expected {}", type_str(&v.ty), type_str(slice_ty)));
                return args.to_vec();
            }
            let mut sizes = dims_of(&acc.ty).unwrap_or_default();
            let rank = sizes.len();
            sizes[dim] = 1;
            let update = cx.emit1("xhlo.reshape", std::slice::from_ref(v), vec![], with_dims(&acc.ty, &sizes));
            let mut operands = vec![acc.clone(), update];
            operands.extend(starts(rank));
            next.push(cx.emit1("xhlo.dynamic_update_slice", &operands, vec![], acc.ty.clone()));
        }
        for (j, (v, carry)) in returned[n_out..].iter().zip(carries).enumerate() {
            if v.ty != carry.ty {
                failure = Some(format!("the body returns {} for carry {j}, expected {}", type_str(&v.ty), type_str(&carry.ty)));
                return args.to_vec();
            }
            next.push(v.clone());
        }
        next
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let results = cx.emit("xhlo.while", &state, vec![], state_types, vec![cond, body]);
    Ok(results[1 + n_in..].to_vec())
}

/// The same element type with other dimensions.
pub(super) fn with_dims(t: &Type, dims: &[i64]) -> Type {
    tensor(dims, element_of(t).cloned().unwrap_or(Type::None))
}

// ---- Ragged dot ----------------------------------------------------------------------------

/// The fields of `#chlo.ragged_dot<...>`.
struct RaggedDims {
    lhs_batch: Vec<i64>,
    rhs_batch: Vec<i64>,
    lhs_contract: Vec<i64>,
    rhs_contract: Vec<i64>,
    lhs_ragged: Vec<i64>,
    rhs_group: Vec<i64>,
}

fn ragged_dims(src: &Src) -> Result<RaggedDims, String> {
    let body = match src.op.attr("ragged_dot_dimension_numbers") {
        Some(Attribute::Dialect { name, body }) if name == "chlo.ragged_dot" => body,
        Some(other) => return Err(format!("ragged_dot_dimension_numbers must be #chlo.ragged_dot<...>, got {}", show(other))),
        None => return Err("missing ragged_dot_dimension_numbers".into()),
    };
    let fields = super::attrs::parse_fields(body).map_err(|e| format!("ragged_dot_dimension_numbers: {e}"))?;
    const NAMES: [&str; 6] = [
        "lhs_batching_dimensions",
        "rhs_batching_dimensions",
        "lhs_contracting_dimensions",
        "rhs_contracting_dimensions",
        "lhs_ragged_dimensions",
        "rhs_group_dimensions",
    ];
    let mut lists: [Vec<i64>; 6] = Default::default();
    for (k, v) in fields {
        let i = NAMES.iter().position(|n| *n == k).ok_or_else(|| format!("ragged_dot_dimension_numbers: unknown field '{k}'"))?;
        match v {
            super::attrs::Field::List(l) => lists[i] = l,
            other => return Err(format!("ragged_dot_dimension_numbers: field '{k}' must be a list, got {other:?}")),
        }
    }
    let [lhs_batch, rhs_batch, lhs_contract, rhs_contract, lhs_ragged, rhs_group] = lists;
    Ok(RaggedDims { lhs_batch, rhs_batch, lhs_contract, rhs_contract, lhs_ragged, rhs_group })
}

/// Checks that `list` holds distinct dimensions of a rank-`rank` operand.
fn check_dims(list: &[i64], rank: usize, what: &str) -> Result<(), String> {
    for (i, &d) in list.iter().enumerate() {
        if d < 0 || d as usize >= rank {
            return Err(format!("{what} {d} is out of range for rank {rank}"));
        }
        if list[..i].contains(&d) {
            return Err(format!("{what} repeats dimension {d}"));
        }
    }
    Ok(())
}

/// Broadcasts `x` into `shape` with operand dimension `i` at result dimension `map[i]`, in
/// any order (a transpose first when `map` is not increasing, as broadcast_in_dim needs).
fn broadcast_mapped(cx: &mut Cx, x: &Val, map: &[i64], shape: &[i64]) -> Val {
    let mut order: Vec<usize> = (0..map.len()).collect();
    order.sort_by_key(|&i| map[i]);
    let mut x = x.clone();
    if order.iter().enumerate().any(|(k, &i)| k != i) {
        let dims = dims_of(&x.ty).unwrap_or_default();
        let permuted: Vec<i64> = order.iter().map(|&i| dims[i]).collect();
        let perm: Vec<i64> = order.iter().map(|&i| i as i64).collect();
        let attrs = vec![("permutation".to_string(), i64_array(&perm))];
        x = cx.emit1("xhlo.transpose", &[x.clone()], attrs, with_dims(&x.ty, &permuted));
    }
    let sorted: Vec<i64> = order.iter().map(|&i| map[i]).collect();
    let attrs = vec![("broadcast_dimensions".to_string(), i64_array(&sorted))];
    cx.emit1("xhlo.broadcast_in_dim", &[x.clone()], attrs, with_dims(&x.ty, shape))
}

/// The `[start, limit)` ranges of the groups along the ragged dimension: for group `j`,
/// `start = sum(group_sizes[..., :j])` and `limit = start + group_sizes[..., j]`, as i64
/// tensors of the group sizes' leading shape.
fn group_ranges(cx: &mut Cx, sizes: &Val) -> Vec<(Val, Val)> {
    let dims = dims_of(&sizes.ty).unwrap_or_default();
    let (prefix, g) = (&dims[..dims.len() - 1], dims[dims.len() - 1]);
    let i64t = tensor(prefix, int(64, false));
    let mut start = splat_body(cx, "0".into(), &i64t);
    let mut out = Vec::new();
    for j in 0..g {
        let mut lo = vec![0; dims.len()];
        let mut hi = dims.clone();
        *lo.last_mut().unwrap() = j;
        *hi.last_mut().unwrap() = j + 1;
        let mut one_dims = prefix.to_vec();
        one_dims.push(1);
        let attrs = vec![
            ("start_indices".to_string(), i64_array(&lo)),
            ("limit_indices".to_string(), i64_array(&hi)),
            ("strides".to_string(), i64_array(&vec![1; dims.len()])),
        ];
        let s = cx.emit1("xhlo.slice", std::slice::from_ref(sizes), attrs, with_dims(&sizes.ty, &one_dims));
        let s = cx.emit1("xhlo.reshape", &[s], vec![], with_dims(&sizes.ty, prefix));
        let s = if element_of(&s.ty) == Some(&int(64, false)) { s } else { convert(cx, &s, int(64, false)) };
        let limit = bin(cx, "xhlo.add", &start, &s);
        out.push((start, limit.clone()));
        start = limit;
    }
    out
}

/// The predicate over `shape` that is true where the index along `dim` lies in
/// `[start, limit)`, `start`/`limit` (of the group sizes' leading shape) broadcast with their
/// dimension `i` at `prefix_map[i]`.
fn range_mask(cx: &mut Cx, shape: &[i64], dim: usize, range: &(Val, Val), prefix_map: &[i64]) -> Val {
    let iota_ty = tensor(shape, int(64, false));
    let iota = cx.emit1("xhlo.iota", &[], vec![("iota_dimension".to_string(), super::attrs::i64_attr(dim as i64))], iota_ty);
    let start = broadcast_mapped(cx, &range.0, prefix_map, shape);
    let limit = broadcast_mapped(cx, &range.1, prefix_map, shape);
    let ge = cmp(cx, "GE", &iota, &start);
    let lt = cmp(cx, "LT", &iota, &limit);
    bin(cx, "xhlo.and", &ge, &lt)
}

fn dot_attrs(lb: &[i64], rb: &[i64], lc: &[i64], rc: &[i64], precision: &Option<Attribute>) -> Vec<(String, Attribute)> {
    // Empty batching lists are left out, as the import of `#stablehlo.dot<...>` leaves them.
    let mut attrs = Vec::new();
    if !lb.is_empty() {
        attrs.push(("lhs_batching_dimensions".to_string(), i64_array(lb)));
        attrs.push(("rhs_batching_dimensions".to_string(), i64_array(rb)));
    }
    attrs.push(("lhs_contracting_dimensions".to_string(), i64_array(lc)));
    attrs.push(("rhs_contracting_dimensions".to_string(), i64_array(rc)));
    if let Some(p) = precision {
        attrs.push(("precision_config".to_string(), p.clone()));
    }
    attrs
}

/// `chlo.ragged_dot(lhs, rhs, group_sizes)`: a dot_general in which consecutive groups of the
/// lhs ragged dimension, of the sizes `group_sizes` gives (per leading batch/outer index when
/// it has more than one dimension), are computed differently. The three modes (CHLO's
/// `RaggedDotOp`, JAX's `ragged_dot_general`):
///
/// 1. ragged non-contracting dimension `m`: `[b,m,k] x [g,b,k,n] -> [b,m,n]`; rows of group
///    `j` multiply rhs group `j`, rows past the last group are zero. Decomposed as one
///    dot_general per group against that rhs slice, each selected into the result on its rows
///    (rows are taken, never summed, so other groups' values cannot leak in, even inf/NaN).
/// 2. ragged contracting dimension `k`: `[b,m,k] x [b,k,n] -> [g,b,m,n]`; result `j` contracts
///    only group `j`'s range of `k`. One dot_general per group on both operands masked to that
///    range, stacked along a new leading dimension.
/// 3. ragged batch dimension: `[b,m,k] x [b,k,n] -> [b,m,n]`; the groups partition the batch and
///    every group uses the same operands, so this is the plain dot_general (as CHLO's own
///    decomposition does).
fn ragged_dot(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(3)?;
    let (lhs, rhs, sizes) = (src.operands[0].clone(), src.operands[1].clone(), src.operands[2].clone());
    let result = src.result()?.clone();
    let d = ragged_dims(src)?;
    let precision = match src.op.attr("precision_config") {
        Some(p) => Some(super::attrs::convert_value(p).map_err(|e| format!("precision_config: {e}"))?),
        None => None,
    };
    let ld = dims_of(&lhs.ty).ok_or("lhs must be a static tensor")?;
    let rd = dims_of(&rhs.ty).ok_or("rhs must be a static tensor")?;
    let sd = dims_of(&sizes.ty).ok_or("group_sizes must be a static tensor")?;
    let out = dims_of(&result).ok_or("the result must be a static tensor")?;
    if !matches!(element_of(&sizes.ty), Some(Type::Integer { width, .. }) if *width > 1) {
        return Err(format!("group_sizes must be integers, got {}", type_str(&sizes.ty)));
    }
    check_dims(&d.lhs_batch, ld.len(), "lhs batching dimension")?;
    check_dims(&d.rhs_batch, rd.len(), "rhs batching dimension")?;
    check_dims(&d.lhs_contract, ld.len(), "lhs contracting dimension")?;
    check_dims(&d.rhs_contract, rd.len(), "rhs contracting dimension")?;
    check_dims(&d.rhs_group, rd.len(), "rhs group dimension")?;
    if d.lhs_batch.len() != d.rhs_batch.len() || d.lhs_contract.len() != d.rhs_contract.len() {
        return Err("lhs and rhs must have as many batching and as many contracting dimensions".into());
    }
    let [r] = d.lhs_ragged[..] else {
        return Err(format!("expected exactly one lhs ragged dimension, got {}", d.lhs_ragged.len()));
    };
    check_dims(&[r], ld.len(), "lhs ragged dimension")?;
    let free = |rank: usize, a: &[i64], b: &[i64], c: &[i64]| -> Vec<i64> {
        (0..rank as i64).filter(|i| !a.contains(i) && !b.contains(i) && !c.contains(i)).collect()
    };
    let lhs_free = free(ld.len(), &d.lhs_batch, &d.lhs_contract, &[]);
    // The lhs dimensions the leading dimensions of group_sizes index, by mode.
    let batch_pos = d.lhs_batch.iter().position(|&b| b == r);
    let contract_pos = d.lhs_contract.iter().position(|&c| c == r);
    let prefix: Vec<i64> = match (batch_pos, contract_pos) {
        (Some(p), _) => d.lhs_batch[..p].to_vec(),
        (None, Some(q)) => d.lhs_batch.iter().chain(&d.lhs_contract[..q]).copied().collect(),
        (None, None) => d.lhs_batch.iter().copied().chain(lhs_free.iter().copied().filter(|&i| i < r)).collect(),
    };
    let Some(&g) = sd.last() else { return Err("group_sizes must have rank at least 1".into()) };
    let full: Vec<i64> = prefix.iter().map(|&i| ld[i as usize]).chain([g]).collect();
    if sd.len() != 1 && sd != full {
        return Err(format!("group_sizes has shape {sd:?}, expected {full:?} or [{g}]"));
    }
    if batch_pos.is_some() {
        if !d.rhs_group.is_empty() {
            return Err("a ragged batch dimension takes no rhs group dimension".into());
        }
        let attrs = dot_attrs(&d.lhs_batch, &d.rhs_batch, &d.lhs_contract, &d.rhs_contract, &precision);
        return Ok(vec![cx.emit1("xhlo.dot_general", &[lhs, rhs], attrs, result)]);
    }
    let sizes = if sd != full {
        // [g] applies to every leading index.
        let attrs = vec![("broadcast_dimensions".to_string(), i64_array(&[full.len() as i64 - 1]))];
        cx.emit1("xhlo.broadcast_in_dim", &[sizes], attrs, with_dims(&src.operands[2].ty, &full))
    } else {
        sizes
    };

    match contract_pos {
        Some(q) => {
            if !d.rhs_group.is_empty() {
                return Err("a ragged contracting dimension takes no rhs group dimension".into());
            }
            if out.first() != Some(&g) {
                return Err(format!("the result {} must lead with the {g} groups", type_str(&result)));
            }
            let rhs_ragged = d.rhs_contract[q] as usize;
            let rhs_prefix: Vec<i64> = d.rhs_batch.iter().chain(&d.rhs_contract[..q]).copied().collect();
            let per_group = with_dims(&result, &out[1..]);
            let mut stacked_dims = out.clone();
            stacked_dims[0] = 1;
            let lz = zeros(cx, &lhs.ty)?;
            let rz = zeros(cx, &rhs.ty)?;
            let mut parts = Vec::new();
            for range in group_ranges(cx, &sizes) {
                let lm = range_mask(cx, &ld, r as usize, &range, &prefix);
                let rm = range_mask(cx, &rd, rhs_ragged, &range, &rhs_prefix);
                let l = select(cx, &lm, &lhs, &lz);
                let rr = select(cx, &rm, &rhs, &rz);
                let attrs = dot_attrs(&d.lhs_batch, &d.rhs_batch, &d.lhs_contract, &d.rhs_contract, &precision);
                let p = cx.emit1("xhlo.dot_general", &[l, rr], attrs, per_group.clone());
                parts.push(cx.emit1("xhlo.reshape", &[p], vec![], with_dims(&result, &stacked_dims)));
            }
            if parts.is_empty() {
                return Ok(vec![zeros(cx, &result)?]);
            }
            let attrs = vec![("dimension".to_string(), super::attrs::i64_attr(0))];
            Ok(vec![cx.emit1("xhlo.concatenate", &parts, attrs, result)])
        }
        None => {
            let [group_dim] = d.rhs_group[..] else {
                return Err(format!("a ragged non-contracting dimension needs exactly one rhs group dimension, got {}", d.rhs_group.len()));
            };
            if rd[group_dim as usize] != g {
                return Err(format!("rhs group dimension {group_dim} has size {} but group_sizes has {g} groups", rd[group_dim as usize]));
            }
            if d.rhs_batch.contains(&group_dim) || d.rhs_contract.contains(&group_dim) {
                return Err(format!("rhs group dimension {group_dim} is also a batching or contracting dimension"));
            }
            let adjust = |v: &[i64]| -> Vec<i64> { v.iter().map(|&x| if x > group_dim { x - 1 } else { x }).collect() };
            let (rb, rc) = (adjust(&d.rhs_batch), adjust(&d.rhs_contract));
            let rhs_slice_dims = without(&rd, group_dim as usize);
            // Result dimensions: batch, lhs free, rhs free; the ragged one and the group
            // sizes' leading ones sit at these positions.
            let nb = d.lhs_batch.len();
            let position = |lhs_dim: i64| -> i64 {
                match d.lhs_batch.iter().position(|&b| b == lhs_dim) {
                    Some(p) => p as i64,
                    None => (nb + lhs_free.iter().position(|&f| f == lhs_dim).unwrap_or(0)) as i64,
                }
            };
            let out_prefix: Vec<i64> = prefix.iter().map(|&i| position(i)).collect();
            let out_ragged = position(r) as usize;
            let mut acc = zeros(cx, &result)?;
            for (j, range) in group_ranges(cx, &sizes).into_iter().enumerate() {
                let mut lo = vec![0; rd.len()];
                let mut hi = rd.clone();
                lo[group_dim as usize] = j as i64;
                hi[group_dim as usize] = j as i64 + 1;
                let mut one = rd.clone();
                one[group_dim as usize] = 1;
                let attrs = vec![
                    ("start_indices".to_string(), i64_array(&lo)),
                    ("limit_indices".to_string(), i64_array(&hi)),
                    ("strides".to_string(), i64_array(&vec![1; rd.len()])),
                ];
                let s = cx.emit1("xhlo.slice", std::slice::from_ref(&rhs), attrs, with_dims(&rhs.ty, &one));
                let rj = cx.emit1("xhlo.reshape", &[s], vec![], with_dims(&rhs.ty, &rhs_slice_dims));
                let attrs = dot_attrs(&d.lhs_batch, &rb, &d.lhs_contract, &rc, &precision);
                let p = cx.emit1("xhlo.dot_general", &[lhs.clone(), rj], attrs, result.clone());
                let mask = range_mask(cx, &out, out_ragged, &range, &out_prefix);
                acc = select(cx, &mask, &p, &acc);
            }
            Ok(vec![acc])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factorials_are_correctly_rounded_until_they_overflow() {
        let f64s = factorials("f64");
        assert_eq!(f64s.len(), 172, "0! to 170!, then inf");
        assert_eq!(f64s[20], 2432902008176640000.0);
        // 23! = 25852016738884976640000 is not an f64: the nearest one.
        assert_eq!(f64s[23], 25852016738884976640000u128 as f64);
        // Python's float(math.factorial(n)) (an exact integer, rounded once).
        assert_eq!(f64s[100], 9.332621544394415e157);
        assert_eq!(f64s[170], 7.257415615307999e306);
        assert!(f64s[171].is_infinite());
        let f32s = factorials("f32");
        assert_eq!(f32s.len(), 36, "0! to 34!, then inf");
        let mut exact = 1u128;
        for (n, v) in f32s.iter().enumerate().take(35).skip(1) {
            exact *= n as u128;
            assert_eq!(*v, exact as f32 as f64, "{n}!");
        }
        assert!(f32s[35].is_infinite());
    }

    #[test]
    fn euler_maclaurin_coefficients_are_bernoulli_over_factorial() {
        let c = euler_maclaurin_coefficients();
        assert_eq!(c[0], 1.0 / 12.0);
        assert_eq!(c[1], -1.0 / 720.0);
        assert_eq!(c[2], 1.0 / 30240.0);
        // B_24 / 24! = -236364091 / (2730 * 24!)
        let f24: f64 = (1..=24).map(|k| k as f64).product();
        assert!((c[11] / (-236364091.0 / (2730.0 * f24)) - 1.0).abs() < 1e-15);
    }

    /// The coefficients against scipy.special.i1e (float64) at a few points, evaluated in
    /// Rust the way the decomposition evaluates them.
    #[test]
    fn i1e_coefficients_reproduce_scipy() {
        let cheb = |c: &[f64], y: f64| {
            let (mut b0, mut b1, mut b2) = (c[0], 0.0, 0.0);
            for &k in &c[1..] {
                b2 = b1;
                b1 = b0;
                b0 = y * b1 - b2 + k;
            }
            0.5 * (b0 - b2)
        };
        let i1e = |x: f64| if x <= 8.0 { x * cheb(&I1E_SMALL, x / 2.0 - 2.0) } else { cheb(&I1E_LARGE, 32.0 / x - 2.0) / x.sqrt() };
        // scipy.special.i1e(1.0), (7.5), (20.0), (1000.0)
        for (x, want) in [(1.0, 0.2079104153497085), (7.5, 0.13804121154855414), (20.0, 0.08750622218328867), (1000.0, 0.01261093025692863)] {
            assert!((i1e(x) / want - 1.0).abs() < 4e-16, "i1e({x}) = {} want {want}", i1e(x));
        }
    }
}

//! CHLO ops: implicit-broadcasting binary ops, `constant_like`, and decompositions of CHLO's
//! math ops into xhlo ops, following the formulas of CHLO's legalization to StableHLO and
//! XLA's `math.cc` (each function documents its formula). f16 and bf16 inputs of the
//! transcendental decompositions are computed in f32 and rounded back, as CHLO does.

use super::attrs::{convert_named, i64_array, show};
use super::ops::{convert_attrs, Rule};
use super::types::{dims_of, element_of, i1, int, tensor, with_element};
use super::{Cx, Src, Val};
use crate::ast::{Attribute, Type};
use Rule::{Custom, Unsupported};

const NOT_DECOMPOSED: &str = "unsupported op (CHLO op with no xhlo decomposition)";

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
    ("chlo.broadcast_next_after", Custom(|cx, s| broadcast_binary(cx, s, "chlo.next_after"))),
    ("chlo.square", Custom(square)),
    ("chlo.conj", Custom(conj)),
    ("chlo.is_inf", Custom(|cx, s| is_inf(cx, s, None))),
    ("chlo.is_pos_inf", Custom(|cx, s| is_inf(cx, s, Some(false)))),
    ("chlo.is_neg_inf", Custom(|cx, s| is_inf(cx, s, Some(true)))),
    ("chlo.mulhi", Custom(mulhi)),
    ("chlo.next_after", Custom(next_after)),
    ("chlo.atan", Custom(|cx, s| real_unary(cx, s, atan))),
    ("chlo.asin", Custom(|cx, s| real_unary(cx, s, asin))),
    ("chlo.acos", Custom(|cx, s| real_unary(cx, s, acos))),
    ("chlo.atanh", Custom(|cx, s| real_unary(cx, s, atanh))),
    ("chlo.asinh", Custom(|cx, s| real_unary(cx, s, asinh))),
    ("chlo.acosh", Custom(|cx, s| real_unary(cx, s, acosh))),
    ("chlo.sinh", Custom(|cx, s| real_unary(cx, s, sinh))),
    ("chlo.cosh", Custom(|cx, s| real_unary(cx, s, cosh))),
    ("chlo.erf_inv", Unsupported(NOT_DECOMPOSED)),
    ("chlo.lgamma", Unsupported(NOT_DECOMPOSED)),
    ("chlo.digamma", Unsupported(NOT_DECOMPOSED)),
    ("chlo.erfc", Unsupported(NOT_DECOMPOSED)),
    ("chlo.polygamma", Unsupported(NOT_DECOMPOSED)),
    ("chlo.broadcast_polygamma", Unsupported(NOT_DECOMPOSED)),
    ("chlo.zeta", Unsupported(NOT_DECOMPOSED)),
    ("chlo.broadcast_zeta", Unsupported(NOT_DECOMPOSED)),
    ("chlo.bessel_i1e", Unsupported(NOT_DECOMPOSED)),
    ("chlo.scan", Unsupported(NOT_DECOMPOSED)),
    ("chlo.ragged_dot", Unsupported(NOT_DECOMPOSED)),
];

// ---- Emission helpers ----------------------------------------------------------------------

fn un(cx: &mut Cx, op: &str, x: &Val) -> Val {
    cx.emit1(op, std::slice::from_ref(x), vec![], x.ty.clone())
}

fn bin(cx: &mut Cx, op: &str, a: &Val, b: &Val) -> Val {
    cx.emit1(op, &[a.clone(), b.clone()], vec![], a.ty.clone())
}

fn is_unsigned(t: &Type) -> bool {
    matches!(element_of(t), Some(Type::Integer { signedness: "u", .. }))
}

fn is_float(t: &Type) -> bool {
    matches!(element_of(t), Some(Type::Float(_)))
}

/// `compare` with the compare_type the operands' element type implies.
fn cmp(cx: &mut Cx, dir: &str, a: &Val, b: &Val) -> Val {
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

fn select(cx: &mut Cx, p: &Val, a: &Val, b: &Val) -> Val {
    cx.emit1("xhlo.select", &[p.clone(), a.clone(), b.clone()], vec![], a.ty.clone())
}

fn convert(cx: &mut Cx, x: &Val, element: Type) -> Val {
    cx.emit1("xhlo.convert", std::slice::from_ref(x), vec![], with_element(&x.ty, element))
}

fn bitcast(cx: &mut Cx, x: &Val, element: Type) -> Val {
    cx.emit1("xhlo.bitcast_convert", std::slice::from_ref(x), vec![], with_element(&x.ty, element))
}

/// A splat constant of `like`'s type with the literal `body`.
fn splat_body(cx: &mut Cx, body: String, like: &Type) -> Val {
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
fn fconst(cx: &mut Cx, v: f64, like: &Val) -> Val {
    let name = match element_of(&like.ty) {
        Some(Type::Float(n)) => n.clone(),
        _ => "f32".into(),
    };
    splat_body(cx, float_literal(v, &name), &like.ty.clone())
}

/// An integer splat of `like`'s type.
fn iconst(cx: &mut Cx, v: i128, like: &Val) -> Val {
    splat_body(cx, v.to_string(), &like.ty.clone())
}

fn float_name(t: &Type) -> Option<&str> {
    match element_of(t) {
        Some(Type::Float(n)) => Some(n),
        _ => None,
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
    let xd = dims_of(&x.ty).ok_or_else(|| format!("operand must be a ranked tensor, got {}", crate::print::type_to_string(&x.ty)))?;
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

/// `chlo.broadcast_<op>(lhs, rhs)`: each operand broadcast to the result shape, then `op`.
fn broadcast_binary(cx: &mut Cx, src: &Src, op: &str) -> Result<Vec<Val>, String> {
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
    if op == "chlo.next_after" {
        let s = Src { op: src.op, operands, results: src.results.clone() };
        return next_after(cx, &s);
    }
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
        return Err(format!("expects a float operand, got {}", crate::print::type_to_string(&x.ty)));
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
        return Err(format!("expects integer operands, got {}", crate::print::type_to_string(&a.ty)));
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
        _ => return Err(format!("expects float operands, got {}", crate::print::type_to_string(&x.ty))),
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
            crate::print::type_to_string(&x.ty)
        )),
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

/// `cosh(x) = e^(x + log 1/2) + e^(-x + log 1/2)` (no overflow before the result does).
fn cosh(cx: &mut Cx, x: &Val) -> Val {
    let log_half = fconst(cx, 0.5f64.ln(), x);
    let neg = un(cx, "xhlo.negate", x);
    let a = bin(cx, "xhlo.add", x, &log_half);
    let b = bin(cx, "xhlo.add", &neg, &log_half);
    let ea = un(cx, "xhlo.exponential", &a);
    let eb = un(cx, "xhlo.exponential", &b);
    bin(cx, "xhlo.add", &ea, &eb)
}

/// `sinh(x)`: for |x| < 1, `(e + e / (e + 1)) / 2` with `e = expm1(x)` (no cancellation);
/// otherwise `e^(x + log 1/2) - e^(-x + log 1/2)`.
fn sinh(cx: &mut Cx, x: &Val) -> Val {
    let log_half = fconst(cx, 0.5f64.ln(), x);
    let one = fconst(cx, 1.0, x);
    let half = fconst(cx, 0.5, x);
    let neg = un(cx, "xhlo.negate", x);
    let a = bin(cx, "xhlo.add", x, &log_half);
    let b = bin(cx, "xhlo.add", &neg, &log_half);
    let ea = un(cx, "xhlo.exponential", &a);
    let eb = un(cx, "xhlo.exponential", &b);
    let large = bin(cx, "xhlo.subtract", &ea, &eb);
    let e = un(cx, "xhlo.exponential_minus_one", x);
    let e1 = bin(cx, "xhlo.add", &e, &one);
    let q = bin(cx, "xhlo.divide", &e, &e1);
    let s = bin(cx, "xhlo.add", &e, &q);
    let small = bin(cx, "xhlo.multiply", &s, &half);
    let ax = un(cx, "xhlo.abs", x);
    let is_small = cmp(cx, "LT", &ax, &one);
    select(cx, &is_small, &small, &large)
}

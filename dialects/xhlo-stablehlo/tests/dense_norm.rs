//! Canonical spelling of `dense<...>` bodies for the pretty/generic oracle: MLIR reprints
//! each element as its value in the element type (a decimal literal is rounded to the type,
//! `0x` literals of floats are bit patterns), collapses equal elements to a splat, and spells
//! numbers its own way. Two bodies are the same elements attribute when their canonical
//! spellings are equal.

use mlir_text::ast::Type;

/// The element-type-aware canonical body: `[e1,e2,...]` of canonical leaves, or one leaf for
/// a splat. Bodies that are not element lists (hex blobs, unknown types) are only stripped
/// of spaces.
pub fn canonical_dense(body: &str, ty: &Type) -> String {
    let element = match ty {
        Type::Tensor { element, .. } | Type::UnrankedTensor(element) => (**element).clone(),
        _ => return body.split_whitespace().collect(),
    };
    let trimmed = body.trim();
    let leaves = if trimmed.starts_with("\"0x") && trimmed.ends_with('"') {
        match raw_buffer_leaves(&trimmed[3..trimmed.len() - 1], &element) {
            Some(l) => l,
            None => return trimmed.to_string(),
        }
    } else {
        match leaves(trimmed) {
            Some(l) => l,
            None => return body.split_whitespace().collect(),
        }
    };
    let canon: Vec<String> = leaves.iter().map(|l| canonical_leaf(l, &element)).collect();
    if canon.is_empty() {
        return String::new();
    }
    if canon.iter().all(|c| *c == canon[0]) {
        return canon[0].clone();
    }
    format!("[{}]", canon.join(","))
}

/// The elements of a raw little-endian hex buffer (`dense<"0x...">`, as MLIR prints large
/// constants), as `0x` bit-pattern leaves.
fn raw_buffer_leaves(hex: &str, element: &Type) -> Option<Vec<Leaf>> {
    let bits = |t: &Type| match t {
        Type::Integer { width, .. } if *width > 1 => Some(*width),
        Type::Float(name) => float_format(name).map(|f| if f.kind == Kind::E8M0 { 8 } else { 1 + f.exponent + f.mantissa }),
        _ => None,
    };
    let (part, complex) = match element {
        Type::Complex(p) => (bits(p)?, true),
        t => (bits(t)?, false),
    };
    let bytes_per = (part.div_ceil(8)).next_power_of_two() as usize;
    if !hex.is_ascii() || !hex.len().is_multiple_of(2) || bytes_per > 8 {
        return None;
    }
    let data: Vec<u8> = (0..hex.len() / 2).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)).collect::<Result<_, _>>().ok()?;
    if data.is_empty() || !data.len().is_multiple_of(bytes_per) {
        return None;
    }
    let words: Vec<String> = data
        .chunks(bytes_per)
        .map(|c| format!("0x{:X}", c.iter().rev().fold(0u64, |acc, b| (acc << 8) | *b as u64)))
        .collect();
    Some(if complex {
        if !words.len().is_multiple_of(2) {
            return None;
        }
        words.chunks(2).map(|w| Leaf::Pair(w[0].clone(), w[1].clone())).collect()
    } else {
        words.into_iter().map(Leaf::Scalar).collect()
    })
}

/// A leaf: a scalar literal or a complex pair.
#[derive(Debug)]
enum Leaf {
    Scalar(String),
    Pair(String, String),
}

/// The leaves of a body in row-major order (nesting brackets dropped).
fn leaves(body: &str) -> Option<Vec<Leaf>> {
    let mut out = Vec::new();
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    let mut token = String::new();
    let mut pair: Option<Vec<String>> = None;
    let flush = |token: &mut String, pair: &mut Option<Vec<String>>, out: &mut Vec<Leaf>| {
        if token.is_empty() {
            return;
        }
        match pair {
            Some(parts) => parts.push(std::mem::take(token)),
            None => out.push(Leaf::Scalar(std::mem::take(token))),
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '"' => {
                let start = i;
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
                token.extend(&chars[start..=i.min(chars.len() - 1)]);
            }
            '(' => {
                flush(&mut token, &mut pair, &mut out);
                pair = Some(Vec::new());
            }
            ')' => {
                flush(&mut token, &mut pair, &mut out);
                let parts = pair.take()?;
                let [re, im]: [String; 2] = parts.try_into().ok()?;
                out.push(Leaf::Pair(re, im));
            }
            '[' | ']' | ',' => flush(&mut token, &mut pair, &mut out),
            c if c.is_whitespace() => flush(&mut token, &mut pair, &mut out),
            c => token.push(c),
        }
        i += 1;
    }
    flush(&mut token, &mut pair, &mut out);
    Some(out)
}

fn canonical_leaf(leaf: &Leaf, element: &Type) -> String {
    match (leaf, element) {
        (Leaf::Pair(re, im), Type::Complex(part)) => {
            format!("({},{})", canonical_scalar(re, part), canonical_scalar(im, part))
        }
        (Leaf::Scalar(s), t) => canonical_scalar(s, t),
        (Leaf::Pair(re, im), t) => format!("({},{})", canonical_scalar(re, t), canonical_scalar(im, t)),
    }
}

fn canonical_scalar(text: &str, element: &Type) -> String {
    match element {
        Type::Integer { width, .. } => canonical_int(text, *width).unwrap_or_else(|| text.to_string()),
        Type::Float(name) => match float_format(name) {
            Some(f) => canonical_float(text, &f).unwrap_or_else(|| text.to_string()),
            None => text.to_string(),
        },
        _ => text.to_string(),
    }
}

/// An integer as its bit pattern (two's complement modulo the width).
fn canonical_int(text: &str, width: u32) -> Option<String> {
    let value: i128 = match text {
        "true" => 1,
        "false" => 0,
        t => {
            let (neg, digits) = match t.strip_prefix('-') {
                Some(d) => (true, d),
                None => (false, t.strip_prefix('+').unwrap_or(t)),
            };
            let magnitude = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
                Some(hex) => i128::from_str_radix(hex, 16).ok()?,
                None => digits.parse::<i128>().ok()?,
            };
            if neg {
                -magnitude
            } else {
                magnitude
            }
        }
    };
    if width >= 127 {
        return Some(value.to_string());
    }
    Some(value.rem_euclid(1i128 << width).to_string())
}

/// A binary float format: exponent and mantissa bits, bias, and how it spells inf/NaN.
struct FloatFormat {
    exponent: u32,
    mantissa: u32,
    bias: i32,
    kind: Kind,
}

#[derive(PartialEq)]
enum Kind {
    /// IEEE: all-ones exponent is inf (mantissa 0) or NaN.
    Ieee,
    /// Finite except all-ones exponent and mantissa, which is NaN (`f8E4M3FN`).
    FiniteWithNan,
    /// Finite with NaN as the negative-zero pattern (`...FNUZ`).
    Fnuz,
    /// Finite, no NaN (`f6E2M3FN`, `f4E2M1FN`).
    Finite,
    /// `f8E8M0FNU`: unsigned exponent only, 0xFF is NaN.
    E8M0,
}

fn float_format(name: &str) -> Option<FloatFormat> {
    let f = |exponent, mantissa, bias, kind| Some(FloatFormat { exponent, mantissa, bias, kind });
    match name {
        "f64" => f(11, 52, 1023, Kind::Ieee),
        "f32" => f(8, 23, 127, Kind::Ieee),
        "tf32" => f(8, 10, 127, Kind::Ieee),
        "f16" => f(5, 10, 15, Kind::Ieee),
        "bf16" => f(8, 7, 127, Kind::Ieee),
        "f8E5M2" => f(5, 2, 15, Kind::Ieee),
        "f8E4M3" => f(4, 3, 7, Kind::Ieee),
        "f8E3M4" => f(3, 4, 3, Kind::Ieee),
        "f8E4M3FN" => f(4, 3, 7, Kind::FiniteWithNan),
        "f8E4M3FNUZ" => f(4, 3, 8, Kind::Fnuz),
        "f8E5M2FNUZ" => f(5, 2, 16, Kind::Fnuz),
        "f8E4M3B11FNUZ" => f(4, 3, 11, Kind::Fnuz),
        "f8E8M0FNU" => f(8, 0, 127, Kind::E8M0),
        "f6E2M3FN" => f(2, 3, 1, Kind::Finite),
        "f6E3M2FN" => f(3, 2, 3, Kind::Finite),
        "f4E2M1FN" => f(2, 1, 1, Kind::Finite),
        _ => None,
    }
}

/// The value a literal denotes in the format, spelled as an f64 (`{:?}`), or `nan(bits)`.
fn canonical_float(text: &str, f: &FloatFormat) -> Option<String> {
    let (neg, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text),
    };
    if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        let bits = u64::from_str_radix(hex, 16).ok()?;
        return Some(match decode(bits, f) {
            // MLIR prints f8E8M0FNU's smallest value (bits 0) as 0.0.
            Some(_) if f.kind == Kind::E8M0 && bits == 0 => spell(0.0),
            Some(v) => spell(if neg { -v } else { v }),
            None => format!("nan({bits:X})"),
        });
    }
    let value = match text {
        "inf" => f64::INFINITY,
        "-inf" => f64::NEG_INFINITY,
        _ if f.exponent == 8 && f.mantissa == 23 => text.parse::<f32>().ok()? as f64,
        _ => text.parse::<f64>().ok()?,
    };
    let rounded = round_to(value, f);
    // FNUZ formats have no negative zero.
    Some(spell(if f.kind == Kind::Fnuz && rounded == 0.0 { 0.0 } else { rounded }))
}

fn spell(v: f64) -> String {
    format!("{v:?}")
}

/// A bit pattern's value; `None` for NaN.
fn decode(bits: u64, f: &FloatFormat) -> Option<f64> {
    if f.exponent == 11 && f.mantissa == 52 {
        let v = f64::from_bits(bits);
        return (!v.is_nan()).then_some(v);
    }
    if f.kind == Kind::E8M0 {
        return (bits != 0xFF).then(|| 2f64.powi(bits as i32 - 127));
    }
    let (e, m) = (f.exponent, f.mantissa);
    let sign = (bits >> (e + m)) & 1 == 1;
    let exp = ((bits >> m) & ((1 << e) - 1)) as i32;
    let man = bits & ((1 << m) - 1);
    let all_exp = (1i32 << e) - 1;
    match f.kind {
        Kind::Ieee if exp == all_exp => {
            return if man == 0 { Some(if sign { f64::NEG_INFINITY } else { f64::INFINITY }) } else { None };
        }
        Kind::FiniteWithNan if exp == all_exp && man == (1 << m) - 1 => return None,
        Kind::Fnuz if sign && exp == 0 && man == 0 => return None,
        _ => {}
    }
    let scale = |x: i32| 2f64.powi(x);
    let magnitude = if exp == 0 {
        man as f64 * scale(1 - f.bias - m as i32)
    } else {
        (1.0 + man as f64 * scale(-(m as i32))) * scale(exp - f.bias)
    };
    Some(if sign { -magnitude } else { magnitude })
}

/// Rounds to the nearest value of the format (ties to even), keeping the f64 spelling.
fn round_to(v: f64, f: &FloatFormat) -> f64 {
    if !v.is_finite() || v == 0.0 || (f.exponent == 11 && f.mantissa == 52) {
        return v;
    }
    if f.exponent == 8 && f.mantissa == 23 {
        return v as f32 as f64;
    }
    let a = v.abs();
    let min_exp = 1 - f.bias;
    let e = (((a.to_bits() >> 52) & 0x7ff) as i32 - 1023).max(min_exp);
    let quantum = 2f64.powi(e - f.mantissa as i32);
    let q = a / quantum;
    // `q` is exact (a power-of-two scaling), so ties are exact too.
    let floor = q.floor();
    let r = match (q - floor).partial_cmp(&0.5) {
        Some(std::cmp::Ordering::Less) => floor,
        Some(std::cmp::Ordering::Greater) => floor + 1.0,
        _ if floor % 2.0 == 0.0 => floor,
        _ => floor + 1.0,
    };
    let rounded = r * quantum;
    if v < 0.0 {
        -rounded
    } else {
        rounded
    }
}

#[test]
fn dense_bodies_compare_by_value() {
    let t = |s: &str| mlir_text::parser::Parser::new(s).unwrap().parse_type().unwrap();
    let f32s = t("tensor<11xf32>");
    assert_eq!(canonical_dense("[3.14159265, 0x00000001]", &f32s), canonical_dense("[3.14159274, 1.4013e-45]", &f32s));
    let f16s = t("tensor<2xf16>");
    assert_eq!(canonical_dense("[3.14159265, 0x7C00]", &f16s), canonical_dense("[3.140625, 0x7C00]", &f16s));
    assert_eq!(canonical_dense("[16, 16]", &t("tensor<2xi32>")), "16");
    assert_eq!(canonical_dense("0x0123456789ABCDEF", &t("tensor<i64>")), canonical_dense("81985529216486895", &t("tensor<i64>")));
    let c = t("tensor<2xcomplex<f64>>");
    assert_eq!(canonical_dense("[(0x8000000000000000, 0x0000000000000000), (1.0, 2.0)]", &c), canonical_dense("[(-0.0,0.0),(1.000000e+00,2.000000e+00)]", &c));
    assert_ne!(canonical_dense("[0.0, -0.0]", &t("tensor<2xf32>")), canonical_dense("0.0", &t("tensor<2xf32>")));
    assert_eq!(canonical_dense("[true, true]", &t("tensor<2xi1>")), "1");
    assert_eq!(canonical_dense("[-1, 255]", &t("tensor<2xui8>")), "255");
}

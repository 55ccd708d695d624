//! Literals: tensor values on the host, decoded from MLIR `dense<...>` text and encoded back.
//!
//! Storage is little-endian, one element after another in row-major order; PRED and the
//! sub-byte integers take one byte per element (as XLA's literals do on the host). Used by
//! the test runner to compare results with `check.*` constants, by constant folding, and by
//! the `.npy` reader and writer.

use crate::types::{ElementType, TensorType};
use std::fmt::Write;

/// One scalar, wide enough for every element type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Int(i128),
    Float(f64),
    Complex(f64, f64),
}

/// A tensor value on the host.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    pub ty: TensorType,
    pub bytes: Vec<u8>,
}

/// Bytes one element takes in host storage.
pub fn storage_size(t: ElementType) -> usize {
    match t.bit_width() {
        0..=8 => 1,
        w => (w / 8) as usize,
    }
}

/// Bytes a tensor of `ty` takes in host storage.
pub fn storage_bytes(ty: &TensorType) -> usize {
    ty.num_elements() as usize * storage_size(ty.element)
}

/// Calls `f` with the byte ranges of each element in row-major storage and in `ty`'s layout.
fn for_each_element(ty: &TensorType, mut f: impl FnMut(std::ops::Range<usize>, std::ops::Range<usize>)) {
    let size = storage_size(ty.element);
    let strides = ty.strides();
    let mut index = vec![0i64; ty.rank()];
    for logical in 0..ty.num_elements() as usize {
        let physical = index.iter().zip(&strides).map(|(i, s)| i * s).sum::<i64>() as usize;
        f(logical * size..(logical + 1) * size, physical * size..(physical + 1) * size);
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < ty.dims[d] {
                break;
            }
            index[d] = 0;
        }
    }
}

impl Literal {
    pub fn zeros(ty: TensorType) -> Literal {
        Literal { bytes: vec![0; storage_bytes(&ty)], ty }
    }

    /// The bytes in the order `self.ty`'s layout puts the elements in memory (a literal's own
    /// bytes are row-major whatever its layout).
    pub fn to_physical(&self) -> Vec<u8> {
        if !self.ty.has_permuted_layout() {
            return self.bytes.clone();
        }
        let mut out = vec![0; self.bytes.len()];
        for_each_element(&self.ty, |logical, physical| out[physical].copy_from_slice(&self.bytes[logical.clone()]));
        out
    }

    /// The literal whose elements sit in memory as `bytes`, in `ty`'s layout.
    pub fn from_physical(ty: TensorType, bytes: &[u8]) -> Literal {
        assert_eq!(bytes.len(), storage_bytes(&ty), "{} bytes for {ty}", bytes.len());
        let mut out = bytes.to_vec();
        if ty.has_permuted_layout() {
            for_each_element(&ty, |logical, physical| out[logical].copy_from_slice(&bytes[physical.clone()]));
        }
        Literal { ty, bytes: out }
    }

    pub fn len(&self) -> usize {
        self.ty.num_elements() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Element `i` (row-major).
    pub fn get(&self, i: usize) -> Scalar {
        let size = storage_size(self.ty.element);
        let b = &self.bytes[i * size..(i + 1) * size];
        decode(self.ty.element, b)
    }

    /// Sets element `i`, wrapping integers to the element width as a conversion would.
    pub fn set(&mut self, i: usize, v: Scalar) {
        let size = storage_size(self.ty.element);
        let enc = encode(self.ty.element, v);
        self.bytes[i * size..(i + 1) * size].copy_from_slice(&enc);
    }

    pub fn scalars(&self) -> impl Iterator<Item = Scalar> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Builds a literal from scalars.
    pub fn from_scalars(ty: TensorType, values: &[Scalar]) -> Literal {
        let mut lit = Literal::zeros(ty);
        for (i, v) in values.iter().enumerate() {
            lit.set(i, *v);
        }
        lit
    }

    /// Decodes the body of `dense<body> : ty` (nested lists, splats, `"0x..."` hex, complex
    /// pairs, booleans, hex float bit patterns).
    pub fn parse_dense(body: &str, ty: &TensorType) -> Result<Literal, String> {
        let body = body.trim();
        let n = ty.num_elements() as usize;
        if let Some(hex) = body.strip_prefix("\"0x").and_then(|s| s.strip_suffix('"')) {
            return from_hex(hex, ty);
        }
        if body.is_empty() && n == 0 {
            return Ok(Literal::zeros(ty.clone()));
        }
        let mut values = Vec::new();
        let mut rest = body;
        scan_values(&mut rest, ty.element, &mut values)?;
        if !rest.trim().is_empty() {
            return Err(format!("unexpected `{}` in dense literal", rest.trim()));
        }
        if values.len() == 1 && n != 1 {
            values = vec![values[0]; n];
        }
        if values.len() != n {
            return Err(format!("dense literal has {} elements but {ty} needs {n}", values.len()));
        }
        Ok(Literal::from_scalars(ty.clone(), &values))
    }

    /// The `dense<...>` body for this literal (nested lists; floats printed exactly).
    pub fn to_dense_body(&self) -> String {
        if self.is_empty() {
            // MLIR spells a zero-element literal `dense<>`.
            return String::new();
        }
        let mut out = String::new();
        if self.ty.rank() == 0 {
            write_scalar(&mut out, self.ty.element, self.get(0));
            return out;
        }
        let mut index = 0;
        write_nested(&mut out, self, 0, &mut index);
        out
    }
}

fn write_nested(out: &mut String, lit: &Literal, dim: usize, index: &mut usize) {
    out.push('[');
    for k in 0..lit.ty.dims[dim] {
        if k > 0 {
            out.push_str(", ");
        }
        if dim + 1 == lit.ty.rank() {
            write_scalar(out, lit.ty.element, lit.get(*index));
            *index += 1;
        } else {
            write_nested(out, lit, dim + 1, index);
        }
    }
    out.push(']');
}

fn write_float(out: &mut String, t: ElementType, v: f64) {
    if v.is_finite() {
        write!(out, "{}", crate::attrs::format_float(v)).unwrap();
    } else {
        // Non-finite values are written as the element type's bit pattern.
        let bits = encode(t.real_part(), Scalar::Float(v));
        let mut word = 0u64;
        for (i, b) in bits.iter().enumerate() {
            word |= (*b as u64) << (8 * i);
        }
        write!(out, "0x{:0width$X}", word, width = bits.len() * 2).unwrap();
    }
}

fn write_scalar(out: &mut String, t: ElementType, v: Scalar) {
    match v {
        Scalar::Int(i) if t.is_pred() => out.push_str(if i != 0 { "true" } else { "false" }),
        Scalar::Int(i) => write!(out, "{i}").unwrap(),
        Scalar::Float(f) => write_float(out, t, f),
        Scalar::Complex(re, im) => {
            out.push('(');
            write_float(out, t, re);
            out.push_str(", ");
            write_float(out, t, im);
            out.push(')');
        }
    }
}

fn from_hex(hex: &str, ty: &TensorType) -> Result<Literal, String> {
    let bytes: Vec<u8> = (0..hex.len() / 2)
        .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let size = storage_size(ty.element);
    let n = ty.num_elements() as usize;
    let mut lit = Literal::zeros(ty.clone());
    if bytes.len() == size && n != 1 {
        for i in 0..n {
            lit.bytes[i * size..(i + 1) * size].copy_from_slice(&bytes);
        }
        return Ok(lit);
    }
    if bytes.len() != n * size {
        return Err(format!("hex literal has {} bytes but {ty} needs {}", bytes.len(), n * size));
    }
    lit.bytes = bytes;
    Ok(lit)
}

/// Reads values (flattening nested lists) from the front of `s`.
fn scan_values(s: &mut &str, t: ElementType, out: &mut Vec<Scalar>) -> Result<(), String> {
    *s = s.trim_start();
    if let Some(rest) = s.strip_prefix('[') {
        *s = rest;
        loop {
            *s = s.trim_start();
            if let Some(rest) = s.strip_prefix(']') {
                *s = rest;
                return Ok(());
            }
            scan_values(s, t, out)?;
            *s = s.trim_start();
            if let Some(rest) = s.strip_prefix(',') {
                *s = rest;
            }
        }
    }
    if let Some(rest) = s.strip_prefix('(') {
        *s = rest;
        let re = scan_number(s, t.real_part())?;
        *s = s.trim_start().strip_prefix(',').ok_or("expected ',' in a complex literal")?;
        let im = scan_number(s, t.real_part())?;
        *s = s.trim_start().strip_prefix(')').ok_or("expected ')' in a complex literal")?;
        out.push(Scalar::Complex(as_f64(re), as_f64(im)));
        return Ok(());
    }
    let v = scan_number(s, t)?;
    out.push(match (t.is_complex(), v) {
        (true, v) => Scalar::Complex(as_f64(v), 0.0),
        (false, v) => v,
    });
    Ok(())
}

fn as_f64(v: Scalar) -> f64 {
    match v {
        Scalar::Int(i) => i as f64,
        Scalar::Float(f) => f,
        Scalar::Complex(re, _) => re,
    }
}

fn scan_number(s: &mut &str, t: ElementType) -> Result<Scalar, String> {
    let text = s.trim_start();
    let len = text.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'))).unwrap_or(text.len());
    let token = &text[..len];
    *s = &text[len..];
    match token {
        "true" => return Ok(Scalar::Int(1)),
        "false" => return Ok(Scalar::Int(0)),
        _ => {}
    }
    if let Some(hex) = token.strip_prefix("0x") {
        let bits = u128::from_str_radix(hex, 16).map_err(|e| format!("bad hex literal {token}: {e}"))?;
        if t.is_float_or_complex() {
            let bytes = bits.to_le_bytes();
            return Ok(decode(t.real_part(), &bytes[..storage_size(t.real_part())]));
        }
        return Ok(Scalar::Int(bits as i128));
    }
    if t.is_float_or_complex() {
        token.parse::<f64>().map(Scalar::Float).map_err(|_| format!("expected a number, found `{token}`"))
    } else if let Ok(i) = token.parse::<i128>() {
        Ok(Scalar::Int(i))
    } else {
        Err(format!("expected an integer, found `{token}`"))
    }
}

/// Little-endian bytes of `v` stored as `t`.
pub fn encode(t: ElementType, v: Scalar) -> Vec<u8> {
    use ElementType::*;
    let as_int = |v: Scalar| match v {
        Scalar::Int(i) => i,
        Scalar::Float(f) => f as i128,
        Scalar::Complex(re, _) => re as i128,
    };
    let as_float = |v: Scalar| match v {
        Scalar::Int(i) => i as f64,
        Scalar::Float(f) => f,
        Scalar::Complex(re, _) => re,
    };
    match t {
        Pred => vec![(as_int(v) != 0) as u8],
        S2 | S4 | U2 | U4 => {
            let bits = t.bit_width();
            let mask = (1i128 << bits) - 1;
            let mut x = as_int(v) & mask;
            if t.is_signed_int() && x >> (bits - 1) & 1 == 1 {
                x -= 1 << bits;
            }
            vec![x as i8 as u8]
        }
        S8 | U8 => vec![as_int(v) as u8],
        S16 | U16 => (as_int(v) as u16).to_le_bytes().to_vec(),
        S32 | U32 => (as_int(v) as u32).to_le_bytes().to_vec(),
        S64 | U64 => (as_int(v) as u64).to_le_bytes().to_vec(),
        F16 => f16_bits(as_float(v)).to_le_bytes().to_vec(),
        BF16 => bf16_bits(as_float(v)).to_le_bytes().to_vec(),
        F32 => (as_float(v) as f32).to_le_bytes().to_vec(),
        F64 => as_float(v).to_le_bytes().to_vec(),
        C64 | C128 => {
            let (re, im) = match v {
                Scalar::Complex(re, im) => (re, im),
                other => (as_float(other), 0.0),
            };
            let mut out = encode(t.real_part(), Scalar::Float(re));
            out.extend(encode(t.real_part(), Scalar::Float(im)));
            out
        }
    }
}

/// The value of little-endian `bytes` stored as `t`.
pub fn decode(t: ElementType, b: &[u8]) -> Scalar {
    use ElementType::*;
    match t {
        Pred => Scalar::Int((b[0] != 0) as i128),
        S2 | S4 | S8 => Scalar::Int(b[0] as i8 as i128),
        U2 | U4 | U8 => Scalar::Int(b[0] as i128),
        S16 => Scalar::Int(i16::from_le_bytes([b[0], b[1]]) as i128),
        U16 => Scalar::Int(u16::from_le_bytes([b[0], b[1]]) as i128),
        S32 => Scalar::Int(i32::from_le_bytes(b[..4].try_into().unwrap()) as i128),
        U32 => Scalar::Int(u32::from_le_bytes(b[..4].try_into().unwrap()) as i128),
        S64 => Scalar::Int(i64::from_le_bytes(b[..8].try_into().unwrap()) as i128),
        U64 => Scalar::Int(u64::from_le_bytes(b[..8].try_into().unwrap()) as i128),
        F16 => Scalar::Float(f16_value(u16::from_le_bytes([b[0], b[1]]))),
        BF16 => Scalar::Float(f32::from_bits((u16::from_le_bytes([b[0], b[1]]) as u32) << 16) as f64),
        F32 => Scalar::Float(f32::from_le_bytes(b[..4].try_into().unwrap()) as f64),
        F64 => Scalar::Float(f64::from_le_bytes(b[..8].try_into().unwrap())),
        C64 | C128 => {
            let half = b.len() / 2;
            let (Scalar::Float(re), Scalar::Float(im)) = (decode(t.real_part(), &b[..half]), decode(t.real_part(), &b[half..])) else {
                unreachable!("complex parts are floats")
            };
            Scalar::Complex(re, im)
        }
    }
}

/// IEEE half precision value of `bits`.
pub fn f16_value(h: u16) -> f64 {
    let sign = if h >> 15 == 1 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let frac = (h & 0x3ff) as f64;
    match exp {
        0 => sign * frac * 2f64.powi(-24),
        31 if frac == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        e => sign * (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    }
}

/// Rounds `v` to IEEE half precision (nearest, ties to even) and returns its bits.
pub fn f16_bits(v: f64) -> u16 {
    let x = v as f32;
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    if x.is_nan() {
        return sign | 0x7e00;
    }
    let abs = x.abs();
    if abs >= 65520.0 {
        return sign | 0x7c00;
    }
    if abs < 6.103_515_6e-5 {
        // Subnormal: multiples of 2^-24.
        let q = (abs as f64 * 16_777_216.0).round_ties_even() as u16;
        return sign | q;
    }
    let exp = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mant = bits & 0x7f_ffff;
    let mut half = ((exp as u32) << 10) | (mant >> 13);
    let rest = mant & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && half & 1 == 1) {
        half += 1;
    }
    sign | half as u16
}

/// Rounds `v` to bfloat16 (nearest, ties to even) and returns its bits.
pub fn bf16_bits(v: f64) -> u16 {
    let x = v as f32;
    if x.is_nan() {
        return ((x.to_bits() >> 16) as u16) | 0x40;
    }
    let bits = x.to_bits();
    let rounding = 0x7fff + ((bits >> 16) & 1);
    ((bits + rounding) >> 16) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use ElementType::*;

    fn lit(body: &str, ty: &str) -> Literal {
        let crate::types::Type::Tensor(t) = crate::types::Type::parse(ty).unwrap() else { panic!() };
        Literal::parse_dense(body, &t).unwrap()
    }

    #[test]
    fn nested_lists_splats_and_booleans() {
        let l = lit("[[1, 2], [3, -4]]", "tensor<2x2xi32>");
        assert_eq!(l.scalars().collect::<Vec<_>>(), [1, 2, 3, -4].map(Scalar::Int));
        assert_eq!(lit("7", "tensor<3xi8>").scalars().collect::<Vec<_>>(), [Scalar::Int(7); 3]);
        assert_eq!(lit("[true, false]", "tensor<2xi1>").get(0), Scalar::Int(1));
        assert_eq!(l.to_dense_body(), "[[1, 2], [3, -4]]");
    }

    fn bytes_i8(l: &[i8]) -> Vec<u8> {
        l.iter().map(|&x| x as u8).collect()
    }

    #[test]
    fn physical_order_follows_minor_to_major() {
        // Seed 004: [[a b c] [d e f]] with minor_to_major [0, 1] is `a d b e c f` in memory.
        let l = Literal { ty: TensorType::new([2, 3], S8).with_layout([0, 1]), bytes: bytes_i8(&[1, 2, 3, 4, 5, 6]) };
        assert_eq!(l.to_physical(), bytes_i8(&[1, 4, 2, 5, 3, 6]));
        assert_eq!(Literal::from_physical(l.ty.clone(), &l.to_physical()), l);
        // [1, 0] is the default: row-major.
        let l = Literal { ty: TensorType::new([2, 3], S8).with_layout([1, 0]), bytes: bytes_i8(&[1, 2, 3, 4, 5, 6]) };
        assert_eq!(l.to_physical(), l.bytes);
        // 2x2x3 with minor_to_major [1, 2, 0]: dimension 1 varies fastest, then 2, then 0.
        let ty = TensorType::new([2, 2, 3], S32).with_layout([1, 2, 0]);
        let l = Literal::from_scalars(ty, &(0..12).map(|i| Scalar::Int(i)).collect::<Vec<_>>());
        let physical: Vec<i32> = l.to_physical().chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
        assert_eq!(physical, [0, 3, 1, 4, 2, 5, 6, 9, 7, 10, 8, 11]);
        assert_eq!(Literal::from_physical(l.ty.clone(), &l.to_physical()), l);
    }

    #[test]
    fn floats_hex_and_complex() {
        assert_eq!(lit("0x7F800000", "tensor<f32>").get(0), Scalar::Float(f64::INFINITY));
        assert_eq!(lit("\"0x0000803F00000040\"", "tensor<2xf32>").get(1), Scalar::Float(2.0));
        assert_eq!(lit("[(1.0, -2.5)]", "tensor<1xcomplex<f64>>").get(0), Scalar::Complex(1.0, -2.5));
        assert_eq!(lit("1.5", "tensor<bf16>").get(0), Scalar::Float(1.5));
        assert_eq!(lit("0.1", "tensor<f16>").get(0), Scalar::Float(f16_value(0x2e66)));
    }

    #[test]
    fn sub_byte_integers_wrap_like_their_width() {
        let mut l = Literal::zeros(TensorType::new([2], S4));
        l.set(0, Scalar::Int(7));
        l.set(1, Scalar::Int(8));
        assert_eq!(l.scalars().collect::<Vec<_>>(), [Scalar::Int(7), Scalar::Int(-8)]);
        let mut u = Literal::zeros(TensorType::new([1], U2));
        u.set(0, Scalar::Int(5));
        assert_eq!(u.get(0), Scalar::Int(1));
    }

    #[test]
    fn printed_bodies_read_back_exactly() {
        for (body, ty) in [("[0.1, -0.0, 0x7FC00000]", "tensor<3xf32>"), ("[1.0e-300]", "tensor<1xf64>"), ("[(0.5, 0x7F800000)]", "tensor<1xcomplex<f32>>")] {
            let a = lit(body, ty);
            let b = lit(&a.to_dense_body(), ty);
            assert_eq!(a.bytes, b.bytes, "{body}");
        }
    }

    #[test]
    fn wrong_element_counts_are_errors() {
        let t = TensorType::new([3], F32);
        assert!(Literal::parse_dense("[1.0, 2.0]", &t).unwrap_err().contains("needs 3"));
    }
}

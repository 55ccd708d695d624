//! Quantized types: `!quant.uniform` values become their storage integers, and every op on
//! them becomes integer and float xhlo ops, as StableHLO specifies them ("Quantization
//! computations" in its spec) and as its reference interpreter runs them (through
//! `stablehlo-legalize-quant-to-math`).
//!
//! - A value of type `tensor<...x!quant.uniform<i8:f32, 0.5:-3>>` is a `tensor<...xi8>` of
//!   storage integers ([`crate::import::types::convert_type`]); the importer keeps each source
//!   value's [`Uniform`] parameters beside its binding, so ops read them from their operands.
//! - `dequantize(x) = convert(convert(x, i32) - zero_point, F) * scale` and
//!   `quantize(x) = convert(round_nearest_even(clamp(storage_min, x / scale + zero_point,
//!   storage_max)), storage)`, per-axis parameters broadcast along the quantization dimension.
//!   `F` is f32 (f64 for an f64 expressed type; f16 and bf16 are computed in f32 and rounded,
//!   as the interpreter's lowering does); 32-bit storage subtracts in i64.
//! - `uniform_quantize` of a float is `quantize`, of a quantized value `quantize(dequantize(x))`;
//!   `uniform_dequantize` is `dequantize`; `bitcast_convert` reinterprets the storage.
//! - Ops that only carry values (`func.return`, `while`, `tuple`, `check.*`, constants, whose
//!   literals are storage integers) pass the storage through, and so do the ops that read them
//!   only through a region (`reduce`, `sort`, `map`, `scatter`, ...): the region's block
//!   arguments are quantized scalars, so each op of the body is rewritten like any other, and
//!   the body runs on quantized values as the spec says. Ops that only move elements
//!   (`reshape`, `transpose`, `slice`, `concatenate`, `select`, ...) move the storage when every
//!   quantized operand and result has the same parameters.
//! - Every other op is `quantize(op(dequantize(operands...)))` ("dequantize_op_quantize"), the
//!   op itself in the expressed type; a float operand (a hybrid op) stays float and a float
//!   result is not quantized. `xhlo-eqsat` fuses the chains: the float values of a quantized
//!   element-wise op live in registers only, and a dot's quantize epilogue runs on its tiles.

use super::ops;
use super::types::{element_of, int, tensor, with_element};
use super::{Cx, Src, Val};
use mlir_text::ast::{Attribute, Type};
use mlir_text::print::type_to_string;

/// Error text of unsupported quantization features (the corpus test classifies by it).
pub const UNSUPPORTED: &str = "unsupported: quantization";

/// The parameters of a `!quant.uniform` element type.
#[derive(Clone, Debug, PartialEq)]
pub struct Uniform {
    /// The storage type as an xhlo integer type (`i8`, `ui8`, `i4`, ...).
    pub storage: Type,
    pub width: u32,
    pub signed: bool,
    /// The storage range: `<min:max>` when written, else the storage type's range.
    pub min: i64,
    pub max: i64,
    /// `f16`, `bf16`, `f32` or `f64`.
    pub expressed: Type,
    /// The quantization dimension of a per-axis type.
    pub axis: Option<usize>,
    /// One scale and zero point (per-tensor), or one per slice of `axis`.
    pub scales: Vec<f64>,
    pub zero_points: Vec<i64>,
}

impl Uniform {
    /// Reads `quant.uniform<...>` (a dialect type's text after `!`) and checks StableHLO's
    /// constraints on quantized element types.
    pub fn parse(text: &str) -> Result<Uniform, String> {
        let Some(rest) = text.strip_prefix("quant.uniform") else {
            return Err(format!("{UNSUPPORTED} (type !{text}: only !quant.uniform types are supported)"));
        };
        let body = rest.trim().strip_prefix('<').and_then(|b| b.strip_suffix('>')).ok_or_else(|| {
            format!("invalid type !{text}: expected !quant.uniform<storage:expressed, scale:zero_point>")
        })?;
        let u = Reader { text: body, at: 0 }.uniform().map_err(|e| match e {
            Bad::Unsupported(why) => format!("{UNSUPPORTED} ({why} in !{text})"),
            Bad::Expected(what, at) => format!("invalid type !{text}: expected {what} at '{}'", excerpt(&body[at..])),
            Bad::Invalid(why) => format!("invalid type !{text}: {why}"),
        })?;
        Ok(u)
    }

    /// f32, or f64 for an f64 expressed type: the type the (de)quantization computes in.
    fn compute(&self) -> Type {
        match &self.expressed {
            Type::Float(n) if n == "f64" => Type::Float("f64".into()),
            _ => Type::Float("f32".into()),
        }
    }
}

/// The quantization parameters of a tensor type, when its element type is quantized; checks
/// the per-axis constraints (the dimension exists and has one scale per slice).
pub fn of_type(t: &Type) -> Result<Option<Uniform>, String> {
    let Type::Tensor { dims, element, .. } = t else { return Ok(None) };
    let Type::Dialect(text) = &**element else { return Ok(None) };
    if !text.starts_with("quant.") {
        return Ok(None);
    }
    let u = Uniform::parse(text)?;
    if let Some(axis) = u.axis {
        let Some(size) = dims.get(axis) else {
            return Err(format!("quantization dimension {axis} of !{text} is out of range for rank {}", dims.len()));
        };
        if *size != Some(u.scales.len() as i64) {
            let size = size.map_or("?".to_string(), |s| s.to_string());
            return Err(format!("!{text} has {} scales for dimension {axis} of size {size}", u.scales.len()));
        }
    }
    Ok(Some(u))
}

// ---- The type's syntax -------------------------------------------------------------------

enum Bad {
    Unsupported(String),
    Expected(&'static str, usize),
    Invalid(String),
}

fn excerpt(s: &str) -> String {
    let s: String = s.chars().take(16).collect();
    if s.is_empty() { "the end".into() } else { s }
}

/// A cursor over the body of `!quant.uniform<...>`:
/// `storage[<min:max>]:expressed[:axis], scale[:zero_point]` or `{scale[:zero_point], ...}`.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn skip(&mut self) {
        self.at = self.text.len() - self.text[self.at..].trim_start().len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip();
        self.text[self.at..].chars().next()
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char, what: &'static str) -> Result<(), Bad> {
        if self.eat(c) { Ok(()) } else { Err(Bad::Expected(what, self.at)) }
    }

    /// The longest run of characters satisfying `f`.
    fn run(&mut self, f: impl Fn(char) -> bool) -> &str {
        self.skip();
        let start = self.at;
        let len = self.text[start..].find(|c: char| !f(c)).unwrap_or(self.text.len() - start);
        self.at += len;
        &self.text[start..start + len]
    }

    fn word(&mut self) -> String {
        self.run(|c| c.is_ascii_alphanumeric() || c == '_').to_string()
    }

    fn integer(&mut self, what: &'static str) -> Result<i64, Bad> {
        let start = self.at;
        let sign = if self.eat('-') { -1 } else { 1 };
        let digits = self.run(|c| c.is_ascii_digit()).to_string();
        let v: i64 = digits.parse().map_err(|_| Bad::Expected(what, start))?;
        Ok(sign * v)
    }

    fn float(&mut self, what: &'static str) -> Result<f64, Bad> {
        self.skip();
        let start = self.at;
        let mut end = start;
        let bytes = self.text.as_bytes();
        let digits = |mut i: usize| {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            i
        };
        if end < bytes.len() && (bytes[end] == b'-' || bytes[end] == b'+') {
            end += 1;
        }
        let int_end = digits(end);
        if int_end == end {
            return Err(Bad::Expected(what, start));
        }
        end = int_end;
        if end < bytes.len() && bytes[end] == b'.' {
            end = digits(end + 1);
        }
        if end < bytes.len() && (bytes[end] == b'e' || bytes[end] == b'E') {
            let mut e = end + 1;
            if e < bytes.len() && (bytes[e] == b'-' || bytes[e] == b'+') {
                e += 1;
            }
            let e_end = digits(e);
            if e_end == e {
                return Err(Bad::Expected(what, start));
            }
            end = e_end;
        }
        let v: f64 = self.text[start..end].parse().map_err(|_| Bad::Expected(what, start))?;
        self.at = end;
        Ok(v)
    }

    fn uniform(mut self) -> Result<Uniform, Bad> {
        let storage_at = self.at;
        let storage = self.word();
        let (signed, digits) = if let Some(d) = storage.strip_prefix("ui") {
            (false, d)
        } else if let Some(d) = storage.strip_prefix("si") {
            (true, d)
        } else if let Some(d) = storage.strip_prefix('u') {
            (false, d)
        } else if let Some(d) = storage.strip_prefix('i') {
            (true, d)
        } else if storage.starts_with('f') || storage.starts_with("bf") {
            return Err(Bad::Unsupported(format!("float storage type {storage}")));
        } else {
            return Err(Bad::Expected("a storage type (i8, u8, i4, i16, i32, ...)", storage_at));
        };
        let width: u32 = digits.parse().map_err(|_| Bad::Expected("a storage type (i8, u8, i4, i16, i32, ...)", storage_at))?;
        if !matches!(width, 2 | 4 | 8 | 16 | 32) {
            return Err(Bad::Unsupported(format!("storage type {storage}: xhlo stores quantized values in 2, 4, 8, 16 or 32 bits")));
        }
        let (lowest, highest) =
            if signed { (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1) } else { (0, (1i64 << width) - 1) };
        let (min, max) = if self.eat('<') {
            let min = self.integer("the storage minimum (an integer)")?;
            self.expect(':', "':' between the storage minimum and maximum")?;
            let max = self.integer("the storage maximum (an integer)")?;
            self.expect('>', "'>' after the storage range")?;
            (min, max)
        } else {
            (lowest, highest)
        };
        if !(lowest <= min && min < max && max <= highest) {
            return Err(Bad::Invalid(format!(
                "the storage range [{min}, {max}] must be a non-empty range within [{lowest}, {highest}] of {storage}"
            )));
        }
        self.expect(':', "':' and the expressed type after the storage type")?;
        let expressed_at = self.at;
        let expressed = self.word();
        if !matches!(expressed.as_str(), "f16" | "bf16" | "f32" | "f64") {
            if expressed.starts_with('f') {
                return Err(Bad::Unsupported(format!("expressed type {expressed}")));
            }
            return Err(Bad::Expected("an expressed type (f16, bf16, f32 or f64)", expressed_at));
        }
        let axis = if self.eat(':') {
            if self.peek() == Some('{') {
                return Err(Bad::Unsupported("sub-channel quantization".into()));
            }
            let axis = self.integer("the quantization dimension (an integer)")?;
            Some(usize::try_from(axis).map_err(|_| Bad::Invalid(format!("negative quantization dimension {axis}")))?)
        } else {
            None
        };
        self.expect(',', "',' and the scale after the expressed type")?;
        let mut params = Vec::new();
        let mut param = |r: &mut Self| -> Result<(), Bad> {
            let scale = r.float("a scale (a float literal)")?;
            let zero_point = if r.eat(':') { r.integer("a zero point (an integer)")? } else { 0 };
            params.push((scale, zero_point));
            Ok(())
        };
        if self.eat('{') {
            loop {
                param(&mut self)?;
                if !self.eat(',') {
                    break;
                }
            }
            self.expect('}', "',' or '}' in the list of scales")?;
        } else {
            param(&mut self)?;
        }
        if self.peek().is_some() {
            return Err(Bad::Expected("the end of the type", self.at));
        }
        if axis.is_none() && params.len() != 1 {
            return Err(Bad::Invalid(format!("a per-tensor type takes one scale, got {}", params.len())));
        }
        for &(scale, zero_point) in &params {
            if !(scale.is_finite() && scale > 0.0) {
                return Err(Bad::Invalid(format!("scale {scale} must be finite and positive")));
            }
            if !(min <= zero_point && zero_point <= max) {
                return Err(Bad::Invalid(format!("zero point {zero_point} is outside the storage range [{min}, {max}]")));
            }
        }
        Ok(Uniform {
            storage: int(width, !signed),
            width,
            signed,
            min,
            max,
            expressed: Type::Float(expressed),
            axis,
            scales: params.iter().map(|p| p.0).collect(),
            zero_points: params.iter().map(|p| p.1).collect(),
        })
    }
}

// ---- Import of ops on quantized values ---------------------------------------------------

/// Ops that carry values without reading them, or read them only through their regions (whose
/// block arguments are quantized scalars, so each op of the body is itself rewritten here):
/// quantized values pass as their storage.
const CARRIES: &[&str] = &[
    "stablehlo.constant",
    "stablehlo.reduce",
    "stablehlo.reduce_window",
    "stablehlo.sort",
    "stablehlo.map",
    "stablehlo.scatter",
    "stablehlo.select_and_scatter",
    "stablehlo.all_reduce",
    "stablehlo.reduce_scatter",
    "stablehlo.return",
    "stablehlo.while",
    "stablehlo.if",
    "stablehlo.case",
    "stablehlo.tuple",
    "stablehlo.get_tuple_element",
    "stablehlo.optimization_barrier",
];

/// Ops that only move elements: on the storage when all quantized values share parameters.
const MOVES: &[&str] = &[
    "stablehlo.reshape",
    "stablehlo.transpose",
    "stablehlo.broadcast_in_dim",
    "stablehlo.broadcast",
    "stablehlo.slice",
    "stablehlo.dynamic_slice",
    "stablehlo.dynamic_update_slice",
    "stablehlo.concatenate",
    "stablehlo.reverse",
    "stablehlo.pad",
    "stablehlo.gather",
    "stablehlo.select",
];

/// Converts an op with a quantized operand or result.
pub fn convert(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let name = src.name();
    match name {
        "stablehlo.uniform_quantize" => return uniform_quantize(cx, src),
        "stablehlo.uniform_dequantize" => return uniform_dequantize(cx, src),
        "stablehlo.bitcast_convert" => return bitcast_convert(cx, src),
        _ => {}
    }
    let carries = CARRIES.contains(&name) || name.starts_with("func.") || name.starts_with("check.");
    if carries || (MOVES.contains(&name) && one_parameter_set(src)) {
        return ops::convert(cx, src);
    }
    if !src.op.regions.is_empty() {
        return Err(format!("{UNSUPPORTED} ('{name}' with regions over quantized values)"));
    }
    dequantize_op_quantize(cx, src)
}

/// Whether every quantized operand and result has the same parameters.
fn one_parameter_set(src: &Src) -> bool {
    let mut all = src.operand_quant.iter().chain(&src.result_quant).flatten();
    let first = all.next();
    first.is_some_and(|f| all.all(|u| u == f))
}

/// `quantize(op(dequantize(operands...)))`: quantized operands are dequantized, the op runs
/// on the expressed type, quantized results are quantized.
fn dequantize_op_quantize(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let mut operands = Vec::new();
    for (i, v) in src.operands.iter().enumerate() {
        operands.push(match src.operand_q(i) {
            Some(u) => dequantize(cx, v, u),
            None => v.clone(),
        });
    }
    let results: Vec<Type> = src
        .results
        .iter()
        .enumerate()
        .map(|(i, t)| match src.result_q(i) {
            Some(u) => with_element(t, u.expressed.clone()),
            None => t.clone(),
        })
        .collect();
    let mut op = src.op.clone();
    if op.name == "stablehlo.compare" {
        // A comparison of dequantized values compares floats.
        op.properties.retain(|(k, _)| k != "compare_type");
        op.attrs.retain(|(k, _)| k != "compare_type");
    }
    let float_src = Src { op: &op, operands, results, operand_quant: vec![], result_quant: vec![] };
    let values = ops::convert(cx, &float_src)?;
    Ok(values
        .iter()
        .enumerate()
        .map(|(i, v)| match src.result_q(i) {
            Some(u) => quantize(cx, v, u),
            None => v.clone(),
        })
        .collect())
}

/// `uniform_quantize`: a float operand is quantized; a quantized one is requantized
/// (`quantize(dequantize(x))`), or passed on when its parameters are the result's.
pub fn uniform_quantize(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(1)?;
    let result = src.result()?;
    let Some(to) = src.result_q(0) else {
        return Err(format!("result must be a tensor of a quantized type, got {}", type_to_string(result)));
    };
    let x = &src.operands[0];
    let value = match src.operand_q(0) {
        Some(from) if from == to => x.clone(),
        Some(from) => {
            let f = dequantize(cx, x, from);
            quantize(cx, &f, to)
        }
        None if matches!(element_of(&x.ty), Some(Type::Float(_))) => quantize(cx, x, to),
        None => return Err(format!("operand must be a float or quantized tensor, got {}", type_to_string(&x.ty))),
    };
    Ok(vec![value])
}

/// `uniform_dequantize`: the expressed values of a quantized operand.
pub fn uniform_dequantize(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(1)?;
    let result = src.result()?;
    let Some(from) = src.operand_q(0) else {
        return Err(format!("operand must be a tensor of a quantized type, got {}", type_to_string(&src.operands[0].ty)));
    };
    if element_of(result) != Some(&from.expressed) {
        return Err(format!(
            "result element type must be the expressed type {} of the operand, got {}",
            type_to_string(&from.expressed),
            type_to_string(result)
        ));
    }
    Ok(vec![dequantize(cx, &src.operands[0], from)])
}

/// `bitcast_convert` of quantized values reinterprets their storage.
fn bitcast_convert(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(1)?;
    if src.operands[0].ty == *src.result()? {
        return Ok(vec![src.operands[0].clone()]);
    }
    ops::convert(cx, src)
}

// ---- The arithmetic ------------------------------------------------------------------------

/// The expressed values of storage `x`: `convert(convert(x, wide) - zero_point, F) * scale`.
pub fn dequantize(cx: &mut Cx, x: &Val, u: &Uniform) -> Val {
    let wide = int(if u.width < 32 { 32 } else { 64 }, false);
    let compute = u.compute();
    let mut v = convert_element(cx, x, wide.clone());
    if u.zero_points.iter().any(|&z| z != 0) {
        let zp = parameter(cx, u, u.zero_points.iter().map(|z| z.to_string()).collect(), &with_element(&x.ty, wide));
        v = binary(cx, "xhlo.subtract", &v, &zp);
    }
    v = convert_element(cx, &v, compute.clone());
    let scales = parameter(cx, u, u.scales.iter().map(|&s| literal(s, &compute)).collect(), &v.ty);
    v = binary(cx, "xhlo.multiply", &v, &scales);
    if u.expressed != compute {
        v = convert_element(cx, &v, u.expressed.clone());
    }
    v
}

/// The storage of float values `x`:
/// `convert(round_nearest_even(clamp(min, x / scale + zero_point, max)), storage)`.
pub fn quantize(cx: &mut Cx, x: &Val, u: &Uniform) -> Val {
    let compute = u.compute();
    let mut v = if element_of(&x.ty) == Some(&compute) { x.clone() } else { convert_element(cx, x, compute.clone()) };
    let scales = parameter(cx, u, u.scales.iter().map(|&s| literal(s, &compute)).collect(), &v.ty);
    v = binary(cx, "xhlo.divide", &v, &scales);
    if u.zero_points.iter().any(|&z| z != 0) {
        let zp = parameter(cx, u, u.zero_points.iter().map(|&z| literal(z as f64, &compute)).collect(), &v.ty);
        v = binary(cx, "xhlo.add", &v, &zp);
    }
    let scalar = tensor(&[], compute.clone());
    let lo = constant(cx, literal(u.min as f64, &compute), &scalar);
    let hi = constant(cx, literal(u.max as f64, &compute), &scalar);
    v = cx.emit1("xhlo.clamp", &[lo, v.clone(), hi], vec![], v.ty.clone());
    v = cx.emit1("xhlo.round_nearest_even", std::slice::from_ref(&v), vec![], v.ty.clone());
    convert_element(cx, &v, u.storage.clone())
}

/// A parameter (scales or zero points, as literals) over `like`'s shape and element type:
/// a splat for a per-tensor type, the per-slice values broadcast along the quantization
/// dimension for a per-axis one.
fn parameter(cx: &mut Cx, u: &Uniform, values: Vec<String>, like: &Type) -> Val {
    match u.axis {
        None => constant(cx, values[0].clone(), like),
        Some(axis) => {
            let element = element_of(like).cloned().unwrap_or(Type::None);
            let per_slice = tensor(&[values.len() as i64], element);
            let body = format!("[{}]", values.join(", "));
            let slices = constant(cx, body, &per_slice);
            let dims = vec![("broadcast_dimensions".to_string(), super::attrs::i64_array(&[axis as i64]))];
            cx.emit1("xhlo.broadcast_in_dim", &[slices], dims, like.clone())
        }
    }
}

fn constant(cx: &mut Cx, body: String, ty: &Type) -> Val {
    let attrs = vec![("value".to_string(), Attribute::Dense { body, ty: ty.clone() })];
    cx.emit1("xhlo.constant", &[], attrs, ty.clone())
}

fn literal(v: f64, float: &Type) -> String {
    let name = match float {
        Type::Float(n) => n.as_str(),
        _ => "f32",
    };
    super::chlo::float_literal(v, name)
}

fn convert_element(cx: &mut Cx, x: &Val, element: Type) -> Val {
    cx.emit1("xhlo.convert", std::slice::from_ref(x), vec![], with_element(&x.ty, element))
}

fn binary(cx: &mut Cx, op: &str, a: &Val, b: &Val) -> Val {
    cx.emit1(op, &[a.clone(), b.clone()], vec![], a.ty.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Uniform {
        Uniform::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn per_tensor_types_take_the_storage_range_by_default() {
        let u = parse("quant.uniform<i8:f32, 1.000000e-01:-30>");
        assert_eq!((u.width, u.signed, u.min, u.max), (8, true, -128, 127));
        assert_eq!((u.scales.as_slice(), u.zero_points.as_slice(), u.axis), ([0.1].as_slice(), [-30].as_slice(), None));
        assert_eq!(u.storage, int(8, false));
        let u = parse("quant.uniform<u8:f16, 2.5>");
        assert_eq!((u.signed, u.min, u.max, u.zero_points[0]), (false, 0, 255, 0));
        assert_eq!(u.storage, int(8, true));
        let u = parse("quant.uniform<i4:bf16, 3:1>");
        assert_eq!((u.min, u.max, u.scales[0]), (-8, 7, 3.0));
    }

    #[test]
    fn storage_ranges_and_axes_are_read() {
        let u = parse("quant.uniform<i8<-127:127>:f32:1, {0.1:-30, 5.0E-1:-20,2e0}>");
        assert_eq!((u.min, u.max, u.axis), (-127, 127, Some(1)));
        assert_eq!(u.scales, [0.1, 0.5, 2.0]);
        assert_eq!(u.zero_points, [-30, -20, 0]);
        let u = parse("quant.uniform<ui16<0:1000>:f64, 1.0>");
        assert_eq!((u.signed, u.min, u.max, u.expressed.clone()), (false, 0, 1000, Type::Float("f64".into())));
    }

    #[test]
    fn malformed_types_say_what_was_expected() {
        let e = Uniform::parse("quant.uniform<i8:f32, abc>").unwrap_err();
        assert_eq!(e, "invalid type !quant.uniform<i8:f32, abc>: expected a scale (a float literal) at 'abc'");
        let e = Uniform::parse("quant.uniform<i8 f32, 1.0>").unwrap_err();
        assert!(e.ends_with("expected ':' and the expressed type after the storage type at 'f32, 1.0'"), "{e}");
        let e = Uniform::parse("quant.uniform<i8:f32, {1.0, 2.0>").unwrap_err();
        assert!(e.ends_with("expected ',' or '}' in the list of scales at 'the end'"), "{e}");
        let e = Uniform::parse("quant.uniform<i8:f32, 1.0:3 x>").unwrap_err();
        assert!(e.ends_with("expected the end of the type at 'x'"), "{e}");
    }

    #[test]
    fn constraints_of_the_spec_are_checked() {
        let e = Uniform::parse("quant.uniform<i8<-10:200>:f32, 1.0>").unwrap_err();
        assert!(e.contains("the storage range [-10, 200] must be a non-empty range within [-128, 127] of i8"), "{e}");
        let e = Uniform::parse("quant.uniform<i8:f32, 0.0>").unwrap_err();
        assert!(e.contains("scale 0 must be finite and positive"), "{e}");
        let e = Uniform::parse("quant.uniform<u8:f32, 1.0:-1>").unwrap_err();
        assert!(e.contains("zero point -1 is outside the storage range [0, 255]"), "{e}");
        let e = Uniform::parse("quant.uniform<i8:f32, {1.0, 2.0}>").unwrap_err();
        assert!(e.contains("a per-tensor type takes one scale, got 2"), "{e}");
        let e = of_type(&tensor(&[2, 3], Type::Dialect("quant.uniform<i8:f32:1, {1.0, 2.0}>".into()))).unwrap_err();
        assert!(e.contains("has 2 scales for dimension 1 of size 3"), "{e}");
        let e = of_type(&tensor(&[2], Type::Dialect("quant.uniform<i8:f32:1, {1.0}>".into()))).unwrap_err();
        assert!(e.contains("quantization dimension 1 of !quant.uniform<i8:f32:1, {1.0}> is out of range for rank 1"), "{e}");
    }

    #[test]
    fn features_beyond_uniform_integer_quantization_are_unsupported() {
        for (t, why) in [
            ("quant.any<i8:f32>", "only !quant.uniform types are supported"),
            ("quant.uniform<f8E4M3FN:f32, 1.0>", "float storage type f8E4M3FN"),
            ("quant.uniform<i64:f32, 1.0>", "storage type i64"),
            ("quant.uniform<i8:f32:{0:1, 1:2}, {{1.0, 2.0}}>", "sub-channel quantization"),
        ] {
            let e = Uniform::parse(t).unwrap_err();
            assert!(e.starts_with("unsupported: quantization (") && e.contains(why), "{t}: {e}");
        }
    }
}

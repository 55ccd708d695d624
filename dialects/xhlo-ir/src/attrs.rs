//! Attribute values in the shapes xhlo uses, independent of MLIR.
//!
//! xhlo keeps to builtin MLIR attributes so that any MLIR tool reads them: dimension lists are
//! `array<i64: ...>`, enums are strings (`comparison_direction = "GT"`), constants are
//! `dense<...>` elements attributes, and structured attributes (dimension numbers) are flattened
//! into several named attributes.

use crate::types::{ElementType, TensorType, Type};
use mlir_text::ast;
use std::collections::BTreeMap;
use std::fmt;

/// One attribute value.
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    /// `unit`: a present flag.
    Unit,
    Bool(bool),
    /// An integer with its type spelling (`3 : i64`, `2 : i32`).
    Int(i64, String),
    /// A float with its type spelling (`1.0 : f32`).
    Float(f64, String),
    Str(String),
    /// `array<i64: 1, 2>`.
    I64Array(Vec<i64>),
    /// `array<i1: true, false>`.
    BoolArray(Vec<bool>),
    /// `[a, b, ...]`.
    Array(Vec<Attr>),
    /// `{a = 1, b = "x"}`.
    Dict(BTreeMap<String, Attr>),
    /// A type used as an attribute value.
    Type(Type),
    /// `@name`.
    Symbol(String),
    /// `dense<body> : tensor<...>`: the body is kept as written.
    Dense { body: String, ty: TensorType },
    /// Anything else (`#foo.bar<...>`, `dense_resource<...>`), kept verbatim.
    Opaque(String),
}

impl Attr {
    pub fn i64(v: i64) -> Attr {
        Attr::Int(v, "i64".into())
    }
    pub fn str(s: impl Into<String>) -> Attr {
        Attr::Str(s.into())
    }
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Attr::Int(v, _) => Some(*v),
            _ => None,
        }
    }
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Attr::Float(v, _) => Some(*v),
            Attr::Int(v, _) => Some(*v as f64),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Attr::Str(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_i64_array(&self) -> Option<&[i64]> {
        match self {
            Attr::I64Array(v) => Some(v),
            _ => None,
        }
    }
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Attr::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn as_type(&self) -> Option<&Type> {
        match self {
            Attr::Type(t) => Some(t),
            _ => None,
        }
    }

    /// Parses MLIR attribute syntax (the subset above; anything else becomes `Opaque`).
    pub fn parse(text: &str) -> Result<Attr, String> {
        crate::syntax::parse_attr(text)
    }
}

fn write_list<T>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    mut each: impl FnMut(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        each(f, item)?;
    }
    Ok(())
}

/// A string literal with MLIR's escapes (the generic printer's, from `mlir-text`).
pub use mlir_text::print::write_string_literal;

/// Prints a float so that MLIR reads it back exactly.
pub fn format_float(v: f64) -> String {
    if v.is_nan() || v.is_infinite() {
        // MLIR spells non-finite floats as hex bit patterns.
        format!("0x{:016X}", v.to_bits())
    } else {
        let s = format!("{v:e}");
        // `{:e}` is the shortest exact round-trip form: 1.5e0, 1e-7.
        let (mantissa, exp) = s.split_once('e').unwrap();
        let mantissa =
            if mantissa.contains('.') { mantissa.to_string() } else { format!("{mantissa}.0") };
        format!("{mantissa}e{exp}")
    }
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Attr::Unit => f.write_str("unit"),
            Attr::Bool(b) => write!(f, "{b}"),
            Attr::Int(v, ty) => write!(f, "{v} : {ty}"),
            Attr::Float(v, ty) => write!(f, "{} : {ty}", format_float(*v)),
            Attr::Str(s) => write_string_literal(f, s),
            Attr::I64Array(v) if v.is_empty() => f.write_str("array<i64>"),
            Attr::I64Array(v) => {
                f.write_str("array<i64: ")?;
                write_list(f, v, |f, x| write!(f, "{x}"))?;
                f.write_str(">")
            }
            Attr::BoolArray(v) if v.is_empty() => f.write_str("array<i1>"),
            Attr::BoolArray(v) => {
                f.write_str("array<i1: ")?;
                write_list(f, v, |f, x| write!(f, "{x}"))?;
                f.write_str(">")
            }
            Attr::Array(v) => {
                f.write_str("[")?;
                write_list(f, v, |f, x| write!(f, "{x}"))?;
                f.write_str("]")
            }
            Attr::Dict(m) => {
                f.write_str("{")?;
                let entries: Vec<_> = m.iter().collect();
                write_list(f, &entries, |f, (k, v)| write_named(f, k, v))?;
                f.write_str("}")
            }
            Attr::Type(t) => write!(f, "{t}"),
            Attr::Symbol(s) => write!(f, "@{s}"),
            Attr::Dense { body, ty } => write!(f, "dense<{body}> : {ty}"),
            Attr::Opaque(s) => f.write_str(s),
        }
    }
}

impl Attr {
    /// The attribute in [`mlir_text`]'s syntax tree (which prints it as [`fmt::Display`] does).
    pub fn to_ast(&self) -> ast::Attribute {
        // Types of integer and float attributes are kept as spelled.
        let spelled = |ty: &str| mlir_text::parser::scalar_type(ty).unwrap_or_else(|| ast::Type::Other(ty.to_string()));
        let array = |ty: ElementType, values: Vec<String>| ast::Attribute::DenseArray(ty.to_ast(), values);
        match self {
            Attr::Unit => ast::Attribute::Unit,
            Attr::Bool(b) => ast::Attribute::Bool(*b),
            Attr::Int(v, ty) => ast::Attribute::Int(v.to_string(), spelled(ty)),
            Attr::Float(v, ty) => ast::Attribute::Float(format_float(*v), spelled(ty)),
            Attr::Str(s) => ast::Attribute::Str(s.clone()),
            Attr::I64Array(v) => array(ElementType::S64, v.iter().map(|x| x.to_string()).collect()),
            Attr::BoolArray(v) => array(ElementType::Pred, v.iter().map(|x| x.to_string()).collect()),
            Attr::Array(v) => ast::Attribute::Array(v.iter().map(Attr::to_ast).collect()),
            Attr::Dict(m) => ast::Attribute::Dict(m.iter().map(|(k, v)| (k.clone(), v.to_ast())).collect()),
            Attr::Type(t) => ast::Attribute::Type(t.to_ast()),
            Attr::Symbol(s) => ast::Attribute::Symbol(vec![s.clone()]),
            Attr::Dense { body, ty } => ast::Attribute::Dense { body: body.clone(), ty: ty.to_ast() },
            Attr::Opaque(s) => ast::Attribute::Other(s.clone()),
        }
    }
}

/// Writes `name = value`, or just `name` for a unit attribute, quoting names that need it.
pub fn write_named(f: &mut fmt::Formatter<'_>, name: &str, value: &Attr) -> fmt::Result {
    mlir_text::print::write_name(f, name)?;
    if *value != Attr::Unit {
        write!(f, " = {value}")?;
    }
    Ok(())
}

/// The named attributes of one op, in a stable order.
pub type Attrs = BTreeMap<String, Attr>;

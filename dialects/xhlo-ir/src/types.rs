//! Element types, shapes and layouts (seeds 002 and 004), mapped to MLIR types the StableHLO way.
//!
//! | XLA       | MLIR            |
//! |-----------|-----------------|
//! | PRED      | `i1`            |
//! | S2, S4, S8..S64 | `i2`, `i4`, `i8`..`i64` |
//! | U2, U4, U8..U64 | `ui2`, `ui4`, `ui8`..`ui64` |
//! | F16, BF16, F32, F64 | `f16`, `bf16`, `f32`, `f64` |
//! | C64, C128 | `complex<f32>`, `complex<f64>` |
//! | tuple     | `tuple<...>`    |
//! | token     | `!xhlo.token`   |
//!
//! A layout (`minor_to_major`, seed 004) is part of an XLA shape; here it rides in the tensor
//! type's encoding, `tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>`. No encoding means the
//! default major-to-minor layout `{rank-1, ..., 0}`.

use mlir_text::ast;
use std::fmt;

/// The primitive element types of XLA.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ElementType {
    Pred,
    /// Sub-byte integers: not in the seeds, but in current XLA and StableHLO (and its tests).
    S2,
    S4,
    S8,
    S16,
    S32,
    S64,
    U2,
    U4,
    U8,
    U16,
    U32,
    U64,
    F16,
    BF16,
    F32,
    F64,
    C64,
    C128,
}

use ElementType::*;

impl ElementType {
    /// Every element type, in a stable order (useful for exhaustive tests).
    pub const ALL: [ElementType; 19] =
        [Pred, S2, S4, S8, S16, S32, S64, U2, U4, U8, U16, U32, U64, F16, BF16, F32, F64, C64, C128];

    /// The MLIR spelling (`i1`, `ui8`, `complex<f32>`, ...).
    pub fn mlir_name(self) -> &'static str {
        match self {
            Pred => "i1",
            S2 => "i2",
            S4 => "i4",
            S8 => "i8",
            S16 => "i16",
            S32 => "i32",
            S64 => "i64",
            U2 => "ui2",
            U4 => "ui4",
            U8 => "ui8",
            U16 => "ui16",
            U32 => "ui32",
            U64 => "ui64",
            F16 => "f16",
            BF16 => "bf16",
            F32 => "f32",
            F64 => "f64",
            C64 => "complex<f32>",
            C128 => "complex<f64>",
        }
    }

    /// The XLA spelling (`PRED`, `S32`, `C64`, ...), used in diagnostics.
    pub fn xla_name(self) -> &'static str {
        match self {
            Pred => "PRED",
            S2 => "S2",
            S4 => "S4",
            S8 => "S8",
            S16 => "S16",
            S32 => "S32",
            S64 => "S64",
            U2 => "U2",
            U4 => "U4",
            U8 => "U8",
            U16 => "U16",
            U32 => "U32",
            U64 => "U64",
            F16 => "F16",
            BF16 => "BF16",
            F32 => "F32",
            F64 => "F64",
            C64 => "C64",
            C128 => "C128",
        }
    }

    /// Parses an MLIR element type spelling. `None` for types outside XLA's set.
    pub fn from_mlir(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|t| t.mlir_name() == s)
    }

    /// Size of one element in bits (complex counts both parts).
    pub fn bit_width(self) -> u32 {
        match self {
            Pred => 1,
            S2 | U2 => 2,
            S4 | U4 => 4,
            S8 | U8 => 8,
            S16 | U16 | F16 | BF16 => 16,
            S32 | U32 | F32 => 32,
            S64 | U64 | F64 | C64 => 64,
            C128 => 128,
        }
    }

    /// Storage size in bytes (PRED takes a byte).
    pub fn byte_size(self) -> u64 {
        (self.bit_width() as u64).div_ceil(8)
    }

    pub fn is_pred(self) -> bool {
        self == Pred
    }
    pub fn is_signed_int(self) -> bool {
        matches!(self, S2 | S4 | S8 | S16 | S32 | S64)
    }
    pub fn is_unsigned_int(self) -> bool {
        matches!(self, U2 | U4 | U8 | U16 | U32 | U64)
    }
    /// Signed or unsigned integer, PRED excluded.
    pub fn is_int(self) -> bool {
        self.is_signed_int() || self.is_unsigned_int()
    }
    /// Integer or PRED: the types bitwise ops accept.
    pub fn is_int_or_pred(self) -> bool {
        self.is_int() || self.is_pred()
    }
    pub fn is_float(self) -> bool {
        matches!(self, F16 | BF16 | F32 | F64)
    }
    pub fn is_complex(self) -> bool {
        matches!(self, C64 | C128)
    }
    /// Float or complex.
    pub fn is_float_or_complex(self) -> bool {
        self.is_float() || self.is_complex()
    }

    /// The real type of a complex number's parts (`C64 -> F32`); identity otherwise.
    pub fn real_part(self) -> ElementType {
        match self {
            C64 => F32,
            C128 => F64,
            t => t,
        }
    }

    /// The complex type with parts of this float type, if one exists.
    pub fn complex_of(self) -> Option<ElementType> {
        match self {
            F32 => Some(C64),
            F64 => Some(C128),
            _ => None,
        }
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mlir_name())
    }
}

/// A ranked, statically shaped tensor with an optional explicit layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TensorType {
    pub dims: Vec<i64>,
    pub element: ElementType,
    /// `minor_to_major` (seed 004). `None` is the default layout `{rank-1, ..., 0}`.
    pub layout: Option<Vec<i64>>,
}

impl TensorType {
    pub fn new(dims: impl Into<Vec<i64>>, element: ElementType) -> Self {
        TensorType { dims: dims.into(), element, layout: None }
    }

    pub fn scalar(element: ElementType) -> Self {
        Self::new(vec![], element)
    }

    pub fn with_layout(mut self, minor_to_major: impl Into<Vec<i64>>) -> Self {
        self.layout = Some(minor_to_major.into());
        self
    }

    pub fn with_element(&self, element: ElementType) -> Self {
        TensorType { dims: self.dims.clone(), element, layout: None }
    }

    pub fn with_dims(&self, dims: impl Into<Vec<i64>>) -> Self {
        TensorType { dims: dims.into(), element: self.element, layout: None }
    }

    pub fn rank(&self) -> usize {
        self.dims.len()
    }

    pub fn num_elements(&self) -> i64 {
        self.dims.iter().product()
    }

    /// The element count, or `None` when it does not fit in an `i64` (a shape such as
    /// `4294967296x4294967296x16` would wrap to 0).
    pub fn checked_elements(&self) -> Option<i64> {
        self.dims.iter().try_fold(1i64, |n, &d| n.checked_mul(d.max(0)))
    }

    /// The bytes the tensor takes in host storage, or `None` when that does not fit in an
    /// `i64`.
    pub fn checked_bytes(&self) -> Option<i64> {
        self.checked_elements()?.checked_mul(crate::literal::storage_size(self.element) as i64)
    }

    /// Same dimensions and element type; layouts may differ (XLA's "compatible").
    pub fn compatible(&self, other: &TensorType) -> bool {
        self.dims == other.dims && self.element == other.element
    }

    /// The layout in effect: the explicit one, or the default major-to-minor one.
    pub fn minor_to_major(&self) -> Vec<i64> {
        self.layout.clone().unwrap_or_else(|| (0..self.rank() as i64).rev().collect())
    }

    /// Checks the layout is a permutation of `0..rank` (seed 004).
    pub fn validate_layout(&self) -> Result<(), String> {
        let Some(layout) = &self.layout else { return Ok(()) };
        if layout.len() != self.rank() {
            return Err(format!(
                "layout minor_to_major {:?} has {} entries but the shape has rank {}",
                layout,
                layout.len(),
                self.rank()
            ));
        }
        let mut seen = vec![false; self.rank()];
        for &d in layout {
            if d < 0 || d as usize >= self.rank() || seen[d as usize] {
                return Err(format!(
                    "layout minor_to_major {:?} is not a permutation of 0..{}",
                    layout,
                    self.rank()
                ));
            }
            seen[d as usize] = true;
        }
        Ok(())
    }

    /// Whether the layout differs from the default major-to-minor one (an explicit default
    /// layout, or any layout of rank 0 or 1, stores elements in row-major order).
    pub fn has_permuted_layout(&self) -> bool {
        self.layout.as_ref().is_some_and(|l| l.iter().rev().copied().ne(0..self.rank() as i64))
    }

    /// Strides (in elements) of each logical dimension in memory, for this tensor's layout.
    pub fn strides(&self) -> Vec<i64> {
        let mut strides = vec![0; self.rank()];
        let mut stride = 1;
        for &d in &self.minor_to_major() {
            strides[d as usize] = stride;
            stride *= self.dims[d as usize];
        }
        strides
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        for d in &self.dims {
            write!(f, "{d}x")?;
        }
        f.write_str(self.element.mlir_name())?;
        if let Some(layout) = &self.layout {
            write!(f, ", #xhlo.layout<array<i64")?;
            for (i, d) in layout.iter().enumerate() {
                write!(f, "{}{d}", if i == 0 { ": " } else { ", " })?;
            }
            f.write_str(">>")?;
        }
        f.write_str(">")
    }
}

/// An XLA shape: an array, a tuple of shapes, or a token.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Tensor(TensorType),
    Tuple(Vec<Type>),
    Token,
}

impl Type {
    pub fn tensor(dims: impl Into<Vec<i64>>, element: ElementType) -> Type {
        Type::Tensor(TensorType::new(dims, element))
    }

    pub fn scalar(element: ElementType) -> Type {
        Type::Tensor(TensorType::scalar(element))
    }

    pub fn as_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            _ => None,
        }
    }

    pub fn is_token(&self) -> bool {
        matches!(self, Type::Token)
    }

    /// The tensors of this type: itself, or a tuple's, depth first; tokens have none.
    pub fn tensors(&self) -> Vec<&TensorType> {
        match self {
            Type::Tensor(t) => vec![t],
            Type::Tuple(elems) => elems.iter().flat_map(Type::tensors).collect(),
            Type::Token => vec![],
        }
    }

    /// Structural equality that ignores layouts.
    pub fn compatible(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::Tensor(a), Type::Tensor(b)) => a.compatible(b),
            (Type::Tuple(a), Type::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.compatible(y))
            }
            (Type::Token, Type::Token) => true,
            _ => false,
        }
    }

    /// Parses an MLIR type spelling such as `tensor<2x3xf32>` or `tuple<tensor<i1>, !xhlo.token>`.
    pub fn parse(text: &str) -> Result<Type, String> {
        crate::syntax::parse_type(text)
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Tensor(t) => t.fmt(f),
            Type::Token => f.write_str("!xhlo.token"),
            Type::Tuple(elems) => {
                f.write_str("tuple<")?;
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    e.fmt(f)?;
                }
                f.write_str(">")
            }
        }
    }
}

impl From<TensorType> for Type {
    fn from(t: TensorType) -> Type {
        Type::Tensor(t)
    }
}

// ----- as mlir-text's syntax tree ------------------------------------------------------------

impl ElementType {
    /// The element type in [`mlir_text`]'s syntax tree.
    pub fn to_ast(self) -> ast::Type {
        if self.is_complex() {
            return ast::Type::Complex(Box::new(self.real_part().to_ast()));
        }
        mlir_text::parser::scalar_type(self.mlir_name()).expect("element types are builtin scalar types")
    }
}

impl TensorType {
    /// The tensor type in [`mlir_text`]'s syntax tree; a layout is the `#xhlo.layout` encoding.
    pub fn to_ast(&self) -> ast::Type {
        let encoding = self.layout.as_ref().map(|layout| {
            let mut body = String::new();
            let minor_to_major = layout.iter().map(|d| d.to_string()).collect();
            mlir_text::print::write_attr(&mut body, &ast::Attribute::DenseArray(ElementType::S64.to_ast(), minor_to_major));
            Box::new(ast::Attribute::Dialect { name: "xhlo.layout".into(), body })
        });
        ast::Type::Tensor { dims: self.dims.iter().map(|&d| Some(d)).collect(), element: Box::new(self.element.to_ast()), encoding }
    }
}

impl Type {
    /// The type in [`mlir_text`]'s syntax tree.
    pub fn to_ast(&self) -> ast::Type {
        match self {
            Type::Tensor(t) => t.to_ast(),
            Type::Token => ast::Type::Dialect("xhlo.token".into()),
            Type::Tuple(elems) => ast::Type::Tuple(elems.iter().map(Type::to_ast).collect()),
        }
    }
}

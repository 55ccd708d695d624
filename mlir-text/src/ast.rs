//! The syntax tree of MLIR text: operations with their regions, types and attributes, as
//! written. Ops of any dialect are held in it, whichever form they were read from (generic or
//! a custom form); the generic printer ([`crate::print`]) writes it back.

use crate::error::Pos;
use std::fmt;

/// An MLIR type.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    /// `tensor<2x?xf32, encoding>`: `None` is a dynamic dimension.
    Tensor { dims: Vec<Option<i64>>, element: Box<Type>, encoding: Option<Box<Attribute>> },
    /// `tensor<*xf32>`.
    UnrankedTensor(Box<Type>),
    /// `i32`, `si8`, `ui4`: width and signedness prefix (`""`, `"s"`, `"u"`).
    Integer { width: u32, signedness: &'static str },
    /// `f32`, `bf16`, `f8E4M3FN`, ...
    Float(String),
    Index,
    None,
    Complex(Box<Type>),
    Tuple(Vec<Type>),
    Function { inputs: Vec<Type>, results: Vec<Type> },
    /// `!dialect.name<...>`: the text after `!`, parameters included.
    Dialect(String),
    /// Any other builtin type spelled as text (`vector<4xf32>`, `memref<...>`).
    Other(String),
}

impl Type {
    pub fn is_tensor(&self) -> bool {
        matches!(self, Type::Tensor { .. })
    }
}

/// An MLIR attribute.
#[derive(Clone, Debug, PartialEq)]
pub enum Attribute {
    Unit,
    Bool(bool),
    /// An integer literal as written, with its type (`i64` when none is written).
    Int(String, Type),
    /// A float literal as written (decimal or `0x` hex), with its type.
    Float(String, Type),
    Str(String),
    Type(Type),
    /// `@a` or `@a::@b`.
    Symbol(Vec<String>),
    Array(Vec<Attribute>),
    /// `array<i64: 1, 2>`: element type and the literals.
    DenseArray(Type, Vec<String>),
    Dict(Vec<(String, Attribute)>),
    /// `dense<body> : type`: the body text as written (nested lists, splats, hex strings).
    Dense { body: String, ty: Type },
    /// `dense_resource<name> : type`.
    DenseResource { name: String, ty: Type },
    /// `#dialect.name<body>` or `#dialect<body>`: name and body text (without the angle
    /// brackets), for the dialect's own attribute parser.
    Dialect { name: String, body: String },
    /// Anything else kept verbatim (`sparse<...>`, affine maps, locations).
    Other(String),
}

impl Attribute {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Attribute::Str(s) => Some(s),
            _ => None,
        }
    }
}

/// A use of a value: `%x` or result `n` of a multi-result op, `%x#n`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ValueRef(pub String);

impl fmt::Display for ValueRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "%{}", self.0)
    }
}

/// One operation in generic form.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    pub name: String,
    /// Result groups as written: `%0:2 = ...` is `("0", 2)`.
    pub results: Vec<(String, usize)>,
    pub operands: Vec<ValueRef>,
    /// `<{...}>` properties (generic form); kept apart so printing can restore them.
    pub properties: Vec<(String, Attribute)>,
    pub attrs: Vec<(String, Attribute)>,
    pub regions: Vec<Region>,
    pub successors: Vec<String>,
    pub operand_types: Vec<Type>,
    pub result_types: Vec<Type>,
    pub pos: Pos,
}

impl Op {
    pub fn new(name: impl Into<String>, pos: Pos) -> Op {
        Op {
            name: name.into(),
            results: vec![],
            operands: vec![],
            properties: vec![],
            attrs: vec![],
            regions: vec![],
            successors: vec![],
            operand_types: vec![],
            result_types: vec![],
            pos,
        }
    }

    /// The uses that name each result: `%x`, or `%x#0`, `%x#1` for a group of several.
    pub fn result_refs(&self) -> Vec<ValueRef> {
        let mut out = Vec::new();
        for (name, count) in &self.results {
            if *count == 1 {
                out.push(ValueRef(name.clone()));
            } else {
                out.extend((0..*count).map(|i| ValueRef(format!("{name}#{i}"))));
            }
        }
        out
    }

    /// A property or attribute by name (properties first).
    pub fn attr(&self, name: &str) -> Option<&Attribute> {
        self.properties.iter().chain(&self.attrs).find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// The symbol an op defines (`sym_name`: a function, a `gpu.binary`), if any.
    pub fn sym_name(&self) -> Option<&str> {
        self.attr("sym_name").and_then(Attribute::as_str)
    }

    /// Properties and attributes together.
    pub fn all_attrs(&self) -> impl Iterator<Item = &(String, Attribute)> {
        self.properties.iter().chain(&self.attrs)
    }
}

/// A region: a list of blocks.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Region {
    pub blocks: Vec<Block>,
}

/// A block: optional label, arguments, operations.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub label: Option<String>,
    pub args: Vec<(ValueRef, Type)>,
    pub ops: Vec<Op>,
}

/// A parsed file: its top-level operations (usually one `builtin.module`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct File {
    pub ops: Vec<Op>,
}

//! How one op is described in the catalogue ([`OpDef`]) and what its shape rule sees
//! ([`OpView`]).
//!
//! An [`OpDef`] is plain data: operands, results, attributes and regions with their kinds, plus
//! the shape-inference function. The IRDL module, the structural verifier and every later
//! consumer (importer, e-graph language, lowering) read the same definition.

use crate::attrs::{Attr, Attrs};
use crate::types::{ElementType, TensorType, Type};
use std::ops::Range;

/// How many values an operand or result slot takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// What kind of value a slot holds (the part IRDL can check).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    Tensor,
    Token,
    Tuple,
    /// Tensor, token or tuple.
    Any,
}

/// One operand or result slot.
#[derive(Clone, Copy, Debug)]
pub struct ValueDef {
    pub name: &'static str,
    pub arity: Arity,
    pub kind: ValueKind,
}

/// A single tensor slot.
pub const fn tensor(name: &'static str) -> ValueDef {
    ValueDef { name, arity: Arity::Single, kind: ValueKind::Tensor }
}
/// A variadic tensor slot.
pub const fn tensors(name: &'static str) -> ValueDef {
    ValueDef { name, arity: Arity::Variadic, kind: ValueKind::Tensor }
}
/// A single token slot.
pub const fn token(name: &'static str) -> ValueDef {
    ValueDef { name, arity: Arity::Single, kind: ValueKind::Token }
}
/// A single slot of any kind.
pub const fn value(name: &'static str) -> ValueDef {
    ValueDef { name, arity: Arity::Single, kind: ValueKind::Any }
}
/// A variadic slot of any kind.
pub const fn values(name: &'static str) -> ValueDef {
    ValueDef { name, arity: Arity::Variadic, kind: ValueKind::Any }
}
/// An optional slot of any kind.
pub const fn optional(name: &'static str, kind: ValueKind) -> ValueDef {
    ValueDef { name, arity: Arity::Optional, kind }
}

/// The MLIR attribute kind an attribute must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttrKind {
    /// Integer attribute (`3 : i64`).
    Int,
    /// Float attribute (`1.0e-5 : f32`).
    Float,
    Bool,
    Str,
    /// `array<i64: ...>`.
    I64Array,
    /// `array<i1: ...>`.
    BoolArray,
    /// `dense<...> : tensor<...>`.
    Dense,
    /// A type.
    Type,
    /// `@symbol`.
    Symbol,
    /// `[...]`.
    Array,
    /// `{...}`.
    Dict,
    /// Anything.
    Any,
}

impl AttrKind {
    /// Whether `attr` has this kind.
    pub fn admits(self, attr: &Attr) -> bool {
        matches!(
            (self, attr),
            (AttrKind::Any, _)
                | (AttrKind::Int, Attr::Int(..))
                | (AttrKind::Float, Attr::Float(..))
                | (AttrKind::Bool, Attr::Bool(_))
                | (AttrKind::Str, Attr::Str(_))
                | (AttrKind::I64Array, Attr::I64Array(_))
                | (AttrKind::BoolArray, Attr::BoolArray(_))
                | (AttrKind::Dense, Attr::Dense { .. })
                | (AttrKind::Dense, Attr::Opaque(_))
                | (AttrKind::Type, Attr::Type(_))
                | (AttrKind::Symbol, Attr::Symbol(_))
                | (AttrKind::Array, Attr::Array(_))
                | (AttrKind::Dict, Attr::Dict(_))
        )
    }

    pub fn describe(self) -> &'static str {
        match self {
            AttrKind::Int => "an integer attribute",
            AttrKind::Float => "a float attribute",
            AttrKind::Bool => "a bool attribute",
            AttrKind::Str => "a string attribute",
            AttrKind::I64Array => "an array<i64: ...> attribute",
            AttrKind::BoolArray => "an array<i1: ...> attribute",
            AttrKind::Dense => "a dense elements attribute",
            AttrKind::Type => "a type attribute",
            AttrKind::Symbol => "a symbol reference",
            AttrKind::Array => "an array attribute",
            AttrKind::Dict => "a dictionary attribute",
            AttrKind::Any => "an attribute",
        }
    }
}

/// One attribute of an op.
#[derive(Clone, Copy, Debug)]
pub struct AttrDef {
    pub name: &'static str,
    pub kind: AttrKind,
    pub required: bool,
}

/// A required attribute.
pub const fn attr(name: &'static str, kind: AttrKind) -> AttrDef {
    AttrDef { name, kind, required: true }
}
/// An optional attribute.
pub const fn opt_attr(name: &'static str, kind: AttrKind) -> AttrDef {
    AttrDef { name, kind, required: false }
}

/// Coarse grouping of ops, used for documentation, listing and later passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Category {
    ElementwiseUnary,
    ElementwiseBinary,
    ElementwiseOther,
    Constant,
    DataMovement,
    Reduction,
    LinearAlgebra,
    Indexing,
    Sorting,
    ControlFlow,
    Random,
    Normalization,
    Collective,
    Communication,
    Misc,
}

/// Whether an op may be removed when its results are unused, or reordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effects {
    Pure,
    /// Reads or writes state outside its operands (I/O, RNG state, other replicas).
    SideEffecting,
}

/// How StableHLO/CHLO text reaches an op: the importer's rename table and the exporter's
/// op names are generated from this field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Import {
    /// `stablehlo.<name>` becomes this op: same operands, results and regions, attributes
    /// converted by name.
    Stablehlo,
    /// These StableHLO/CHLO ops become this op the same way; the first is the one the
    /// exporter writes.
    Renamed(&'static [&'static str]),
    /// This StableHLO/CHLO op becomes this op through a conversion of the importer's own (its
    /// structure changes); the exporter writes that name back.
    Converted(&'static str),
    /// No StableHLO or CHLO op becomes this op (made by the builder, a decomposition or a pass).
    None,
}

/// The pretty (custom assembly) form of the StableHLO/CHLO ops this op is imported from, as
/// JAX prints them; the parser's and the exporter's op lists are generated from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// One operand: `stablehlo.abs %x : tensor<..>` (`custom<SameOperandsAndResultType>`), or
    /// in CHLO `chlo.erf %x : tensor<..> -> tensor<..>`.
    Unary,
    /// Two operands: `stablehlo.add %a, %b : tensor<..>`, or in CHLO
    /// `chlo.next_after %a, %b : tensor<..>, tensor<..> -> tensor<..>`.
    Binary,
    /// `stablehlo.reshape %x : (tensor<..>) -> tensor<..>` (operands, then `functional-type`).
    Functional,
    /// An assembly of its own, parsed and printed by a function of the StableHLO crate.
    Own,
    /// Only MLIR's generic form.
    Generic,
}

/// What an op is to fusion and to the lowering of a fused kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FusionRole {
    /// Evaluated element by element from its scalar semantics: lowered as one
    /// `linalg.generic` over the result, fused into any kernel (loop fusion).
    Elementwise,
    /// Data movement a fused kernel composes into its operands' index maps (a reshape only
    /// when it inserts or removes unit dimensions).
    IndexMap,
    /// The root of an input fusion: producers are fused under it.
    Reduction,
    /// The root of an output fusion: its epilogue reads it element by element.
    Contraction,
    /// Never fused.
    None,
}

/// How much arithmetic one element of an op costs, in the cost model's flops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// No arithmetic: constants, data movement, views, conversions.
    Free,
    /// One simple vector instruction (the default).
    Simple,
    /// A division or root.
    Divide,
    /// A transcendental function.
    Transcendental,
}

impl Cost {
    /// Flops per element: the weights [`Cost`] stands for.
    pub const fn flops(self) -> f64 {
        match self {
            Cost::Free => 0.0,
            Cost::Simple => 1.0,
            Cost::Divide => 4.0,
            Cost::Transcendental => 20.0,
        }
    }
}

/// Whether an op has a lowering to linalg; when it has none, the reason users are shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lowering {
    Supported,
    Unsupported(&'static str),
}

/// Computes (or checks) an op's result types from what [`OpView`] shows.
pub type ShapeFn = fn(&OpView) -> Result<Vec<Type>, String>;

/// The op that ends every block of an xhlo region. IRDL ops cannot be terminators, so xhlo
/// borrows an upstream one that accepts any operand types and has no parent restriction
/// (`tosa.yield` only takes TOSA number tensors: no tokens, no complex).
pub const REGION_TERMINATOR: &str = "gpu.yield";

/// The usual result list: one tensor.
pub const ONE_TENSOR_RESULT: &[ValueDef] = &[tensor("result")];

/// One op of the catalogue.
#[derive(Clone, Copy)]
pub struct OpDef {
    /// Name without the dialect prefix (`dot_general`).
    pub name: &'static str,
    pub summary: &'static str,
    pub category: Category,
    pub operands: &'static [ValueDef],
    pub results: &'static [ValueDef],
    pub attrs: &'static [AttrDef],
    /// Region names; each region is one block ending in [`REGION_TERMINATOR`] unless noted.
    pub regions: &'static [&'static str],
    pub effects: Effects,
    /// The shape rule: returns the result types, using declared result types only for what
    /// the operands and attributes cannot determine (e.g. a reshape's target shape).
    pub infer: ShapeFn,
    /// The StableHLO/CHLO ops it is imported from (and exported to).
    pub import: Import,
    /// The pretty form of those ops.
    pub syntax: Syntax,
    /// Its part in fusion.
    pub fusion: FusionRole,
    /// Its arithmetic per element, for the cost model.
    pub cost: Cost,
    /// Whether it lowers to linalg.
    pub lowering: Lowering,
}

impl std::fmt::Debug for OpDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OpDef(xhlo.{})", self.name)
    }
}

impl OpDef {
    /// A pure op with one tensor result and no attributes or regions; fill the rest with
    /// struct-update syntax.
    pub const fn new(
        name: &'static str,
        category: Category,
        summary: &'static str,
        operands: &'static [ValueDef],
        infer: ShapeFn,
    ) -> OpDef {
        OpDef {
            name,
            summary,
            category,
            operands,
            results: ONE_TENSOR_RESULT,
            attrs: &[],
            regions: &[],
            effects: Effects::Pure,
            infer,
            import: Import::Stablehlo,
            syntax: Syntax::Generic,
            fusion: FusionRole::None,
            cost: Cost::Simple,
            lowering: Lowering::Supported,
        }
    }

    /// The same op imported from other StableHLO/CHLO ops.
    pub const fn with_import(mut self, import: Import) -> OpDef {
        self.import = import;
        self
    }

    pub const fn with_syntax(mut self, syntax: Syntax) -> OpDef {
        self.syntax = syntax;
        self
    }

    pub const fn with_fusion(mut self, fusion: FusionRole) -> OpDef {
        self.fusion = fusion;
        self
    }

    pub const fn with_cost(mut self, cost: Cost) -> OpDef {
        self.cost = cost;
        self
    }

    /// The same op without a lowering; `reason` is what users are told.
    pub const fn unlowered(mut self, reason: &'static str) -> OpDef {
        self.lowering = Lowering::Unsupported(reason);
        self
    }

    /// Whether the op is evaluated element by element from scalar semantics.
    pub fn is_elementwise(&self) -> bool {
        self.fusion == FusionRole::Elementwise
    }

    /// The number of operands of an element-wise op (`None` for other ops).
    pub fn elementwise_arity(&self) -> Option<usize> {
        self.is_elementwise().then_some(self.operands.len())
    }

    pub fn has_regions(&self) -> bool {
        !self.regions.is_empty()
    }

    pub fn is_pure(&self) -> bool {
        self.effects == Effects::Pure
    }

    /// The StableHLO/CHLO op names that import as this op (`stablehlo.<name>` by default).
    pub fn import_names(&self) -> Vec<String> {
        match self.import {
            Import::Stablehlo => vec![format!("stablehlo.{}", self.name)],
            Import::Renamed(names) => names.iter().map(|n| n.to_string()).collect(),
            Import::Converted(name) => vec![name.to_string()],
            Import::None => vec![],
        }
    }

    pub fn attr_def(&self, name: &str) -> Option<&AttrDef> {
        self.attrs.iter().find(|a| a.name == name)
    }
}

/// The signature of one region: for each block, its argument types and the types its
/// terminator yields. Most regions have one block; `case` keeps one block per branch.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RegionSig {
    pub blocks: Vec<BlockSig>,
}

/// One block's argument types and yielded types.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BlockSig {
    pub args: Vec<Type>,
    pub yields: Vec<Type>,
}

impl RegionSig {
    /// A single-block region.
    pub fn new(args: Vec<Type>, yields: Vec<Type>) -> RegionSig {
        RegionSig { blocks: vec![BlockSig { args, yields }] }
    }

    /// The entry block's argument types.
    pub fn args(&self) -> &[Type] {
        self.blocks.first().map(|b| b.args.as_slice()).unwrap_or(&[])
    }

    /// The types the entry block yields.
    pub fn yields(&self) -> &[Type] {
        self.blocks.first().map(|b| b.yields.as_slice()).unwrap_or(&[])
    }
}

/// Everything a shape rule may look at: operand types grouped by slot, attributes, region
/// signatures and (when checking existing IR) the declared result types.
pub struct OpView<'a> {
    pub def: &'a OpDef,
    pub operands: &'a [Type],
    pub attrs: &'a Attrs,
    pub regions: &'a [RegionSig],
    /// Declared result types; `None` when the caller wants inference only.
    pub results: Option<&'a [Type]>,
    segments: Vec<Range<usize>>,
}

impl<'a> OpView<'a> {
    /// Groups the operands by the definition's slots, using `operandSegmentSizes` when more
    /// than one slot is variable-sized.
    pub fn new(
        def: &'a OpDef,
        operands: &'a [Type],
        attrs: &'a Attrs,
        regions: &'a [RegionSig],
        results: Option<&'a [Type]>,
    ) -> Result<OpView<'a>, String> {
        let segments = segment(def.operands, operands.len(), attrs.get("operandSegmentSizes"), "operand")?;
        Ok(OpView { def, operands, attrs, regions, results, segments })
    }

    fn slot(&self, name: &str) -> usize {
        self.def
            .operands
            .iter()
            .position(|o| o.name == name)
            .unwrap_or_else(|| panic!("xhlo.{} has no operand slot '{name}'", self.def.name))
    }

    /// All operands of one slot.
    pub fn group(&self, name: &str) -> &'a [Type] {
        &self.operands[self.segments[self.slot(name)].clone()]
    }

    /// The single (or first optional) operand of a slot, of any kind.
    pub fn operand(&self, name: &str) -> Option<&'a Type> {
        self.group(name).first()
    }

    /// The single tensor operand of a slot.
    pub fn tensor(&self, name: &str) -> Result<&'a TensorType, String> {
        match self.operand(name) {
            Some(Type::Tensor(t)) => Ok(t),
            Some(other) => Err(format!("operand '{name}' must be a tensor, got {other}")),
            None => Err(format!("missing operand '{name}'")),
        }
    }

    /// All operands of a slot, each required to be a tensor.
    pub fn tensors(&self, name: &str) -> Result<Vec<&'a TensorType>, String> {
        self.group(name)
            .iter()
            .enumerate()
            .map(|(i, t)| match t {
                Type::Tensor(t) => Ok(t),
                other => Err(format!("operand '{name}' #{i} must be a tensor, got {other}")),
            })
            .collect()
    }

    pub fn attr(&self, name: &str) -> Option<&'a Attr> {
        self.attrs.get(name)
    }

    pub fn has_attr(&self, name: &str) -> bool {
        self.attrs.contains_key(name)
    }

    /// A required `array<i64: ...>` attribute.
    pub fn i64_array(&self, name: &str) -> Result<&'a [i64], String> {
        self.opt_i64_array(name)?.ok_or_else(|| format!("missing attribute '{name}'"))
    }

    /// An optional `array<i64: ...>` attribute.
    pub fn opt_i64_array(&self, name: &str) -> Result<Option<&'a [i64]>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(Attr::I64Array(v)) => Ok(Some(v)),
            Some(other) => Err(format!("attribute '{name}' must be array<i64: ...>, got {other}")),
        }
    }

    /// An optional `array<i1: ...>` attribute.
    pub fn opt_bool_array(&self, name: &str) -> Result<Option<&'a [bool]>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(Attr::BoolArray(v)) => Ok(Some(v)),
            Some(other) => Err(format!("attribute '{name}' must be array<i1: ...>, got {other}")),
        }
    }

    /// A required integer attribute.
    pub fn int(&self, name: &str) -> Result<i64, String> {
        self.opt_int(name)?.ok_or_else(|| format!("missing attribute '{name}'"))
    }

    pub fn opt_int(&self, name: &str) -> Result<Option<i64>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(Attr::Int(v, _)) => Ok(Some(*v)),
            Some(other) => Err(format!("attribute '{name}' must be an integer, got {other}")),
        }
    }

    pub fn opt_float(&self, name: &str) -> Result<Option<f64>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(a) => a
                .as_f64()
                .map(Some)
                .ok_or_else(|| format!("attribute '{name}' must be a float, got {a}")),
        }
    }

    /// An optional bool attribute, `false` when absent.
    pub fn flag(&self, name: &str) -> Result<bool, String> {
        match self.attr(name) {
            None => Ok(false),
            Some(Attr::Bool(b)) => Ok(*b),
            Some(Attr::Unit) => Ok(true),
            Some(other) => Err(format!("attribute '{name}' must be a bool, got {other}")),
        }
    }

    /// A required string attribute.
    pub fn str(&self, name: &str) -> Result<&'a str, String> {
        self.opt_str(name)?.ok_or_else(|| format!("missing attribute '{name}'"))
    }

    pub fn opt_str(&self, name: &str) -> Result<Option<&'a str>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(Attr::Str(s)) => Ok(Some(s)),
            Some(other) => Err(format!("attribute '{name}' must be a string, got {other}")),
        }
    }

    /// A string attribute that must be one of `choices`.
    pub fn enum_str(&self, name: &str, choices: &[&str]) -> Result<Option<&'a str>, String> {
        match self.opt_str(name)? {
            Some(s) if !choices.contains(&s) => {
                Err(format!("attribute '{name}' is \"{s}\" but must be one of {}", choices.join(", ")))
            }
            other => Ok(other),
        }
    }

    pub fn region(&self, index: usize) -> Result<&'a RegionSig, String> {
        self.regions
            .get(index)
            .ok_or_else(|| format!("expected region #{index} ({})", self.def.regions.get(index).unwrap_or(&"?")))
    }

    /// The declared result type at `index`, for ops whose result is not determined by
    /// operands and attributes alone.
    pub fn declared_result(&self, index: usize) -> Result<&'a Type, String> {
        match self.results {
            None => Err("result type must be given explicitly".into()),
            Some(r) => r.get(index).ok_or_else(|| format!("missing result #{index}")),
        }
    }

    /// The declared result at `index`, required to be a tensor.
    pub fn declared_tensor(&self, index: usize) -> Result<&'a TensorType, String> {
        match self.declared_result(index)? {
            Type::Tensor(t) => Ok(t),
            other => Err(format!("result #{index} must be a tensor, got {other}")),
        }
    }

    /// All declared results.
    pub fn declared_results(&self) -> Result<&'a [Type], String> {
        self.results.ok_or_else(|| "result types must be given explicitly".into())
    }
}

/// Splits `count` values over `slots`, using a segment-sizes attribute when needed.
pub fn segment(
    slots: &[ValueDef],
    count: usize,
    sizes: Option<&Attr>,
    what: &str,
) -> Result<Vec<Range<usize>>, String> {
    let variable = slots.iter().filter(|s| s.arity != Arity::Single).count();
    let lens: Vec<usize> = if variable > 1 {
        let Some(Attr::I64Array(sizes)) = sizes else {
            return Err(format!(
                "{what}SegmentSizes attribute (array<i32: ...>) is required: {} {what} groups are variable-sized",
                variable
            ));
        };
        if sizes.len() != slots.len() || sizes.iter().any(|&s| s < 0) {
            return Err(format!(
                "{what}SegmentSizes must list {} non-negative sizes, got {sizes:?}",
                slots.len()
            ));
        }
        sizes.iter().map(|&s| s as usize).collect()
    } else {
        let fixed = slots.len() - variable;
        if count < fixed {
            return Err(format!("expected at least {fixed} {what}s, got {count}"));
        }
        slots.iter().map(|s| if s.arity == Arity::Single { 1 } else { count - fixed }).collect()
    };
    let total: usize = lens.iter().sum();
    if total != count {
        return Err(format!("expected {total} {what}s, got {count}"));
    }
    for (slot, &len) in slots.iter().zip(&lens) {
        match slot.arity {
            Arity::Single if len != 1 => return Err(format!("{what} '{}' takes exactly one value", slot.name)),
            Arity::Optional if len > 1 => return Err(format!("{what} '{}' takes at most one value", slot.name)),
            _ => {}
        }
    }
    let mut start = 0;
    Ok(lens
        .into_iter()
        .map(|len| {
            let r = start..start + len;
            start += len;
            r
        })
        .collect())
}

/// Normalizes a possibly negative dimension number against `rank` (seed 004 allows
/// negative indices counting from the back in the builder API).
pub fn normalize_dim(dim: i64, rank: usize) -> Result<usize, String> {
    let r = rank as i64;
    let d = if dim < 0 { dim + r } else { dim };
    if d < 0 || d >= r {
        Err(format!("dimension {dim} is out of range for rank {rank}"))
    } else {
        Ok(d as usize)
    }
}

/// Checks that `dims` are distinct, in range for `rank`; `what` names them in the error.
pub fn check_dims(dims: &[i64], rank: usize, what: &str) -> Result<(), String> {
    let mut seen = vec![false; rank];
    for &d in dims {
        if d < 0 || d as usize >= rank {
            return Err(format!("{what} {d} is out of range for rank {rank}"));
        }
        if seen[d as usize] {
            return Err(format!("{what} {d} appears more than once"));
        }
        seen[d as usize] = true;
    }
    Ok(())
}

/// Checks that `perm` is a permutation of `0..rank`.
pub fn check_permutation(perm: &[i64], rank: usize, what: &str) -> Result<(), String> {
    if perm.len() != rank {
        return Err(format!("{what} {perm:?} has {} entries but rank is {rank}", perm.len()));
    }
    check_dims(perm, rank, what)
}

/// A one-line description of an element type for messages: `f32 (F32)`.
pub fn describe_element(t: ElementType) -> String {
    format!("{} ({})", t.mlir_name(), t.xla_name())
}

//! # A builder for explicit xhlo, in the spirit of XLA's `XlaBuilder`
//!
//! [`Builder`] assembles one function op by op, the way `XlaBuilder` assembles an
//! `XlaComputation` (seeds 001 and 002): parameters, constants, element-wise ops, shape ops,
//! `dot`, `reduce` with a computation built by a sub-builder, and [`Builder::build`] at the
//! end. The result is a small pure-Rust IR ([`ir`]) that prints ([`printer`]) as MLIR text in
//! the generic op syntax, ready for `mlir-opt --irdl-file`.
//!
//! What it emits is **explicit** xhlo: where XLA broadcasts implicitly (seed 003: scalar and
//! array, degenerate dimensions, `broadcast_dimensions`, and their composition), the builder
//! inserts `xhlo.broadcast_in_dim` so that every element-wise op sees operands of one shape.
//! The pure shape arithmetic lives in [`broadcast`].
//!
//! Every op is checked when it is added: the catalogue's shape rule
//! ([`crate::catalogue::lookup`], [`crate::verify`]) computes or checks its result types, and a
//! violation comes back as a [`BuildError`] naming the op and the rule, e.g.
//! `xhlo.add: cannot broadcast lhs [7, 2, 5] with rhs [7, 2, 6]: dimension 2 has size 5 in lhs
//! and 6 in rhs; ...`. A failed call leaves the builder as it was (ops it had already added
//! for broadcasting are taken back). Nothing panics on bad input.
//!
//! Every catalogue op is reachable through the generic [`Builder::op`] (name, operands,
//! attributes, regions, optional result types); the named helpers are thin wrappers over it.
//! Dimension numbers given to the named helpers may be negative, counting from the back
//! (seed 004); the IR always holds non-negative ones. [`Builder::op`] passes attributes through
//! untouched.
//!
//! ```rust
//! use xhlo_ir::builder::{BuildError, Builder};
//! use xhlo_ir::types::{ElementType::F32, Type};
//!
//! let mut b = Builder::new("main");
//! let x = b.parameter(0, Type::tensor([2, 3], F32))?;
//! let v = b.parameter(1, Type::tensor([3], F32))?;
//! // Seed 003: the vector's dimension 0 matches the matrix's dimension 1.
//! let sum = b.add(x, v, &[1])?;
//! let module = b.build(&[sum])?.into_module();
//! assert_eq!(
//!     module.to_string(),
//!     r#"module {
//!   func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2x3xf32> {
//!     %0 = "xhlo.broadcast_in_dim"(%arg1) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
//!     %1 = "xhlo.add"(%arg0, %0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
//!     return %1 : tensor<2x3xf32>
//!   }
//! }
//! "#
//! );
//!
//! // A reduction with a computation from a sub-builder (XlaBuilder::CreateSubBuilder).
//! let mut add = Builder::new("add");
//! let (a, c) = (add.parameter(0, Type::scalar(F32))?, add.parameter(1, Type::scalar(F32))?);
//! let a_plus_c = add.add(a, c, &[])?;
//! let add = add.build(&[a_plus_c])?;
//!
//! let mut b = Builder::new("row_sums");
//! let m = b.parameter(0, Type::tensor([2, 3], F32))?;
//! let zero = b.constant_r0(0.0f32)?;
//! let sums = b.reduce(m, zero, &add, &[-1])?;
//! assert_eq!(b.shape(sums)?, Type::tensor([2], F32));
//!
//! // Errors name the rule broken.
//! let w = b.parameter(1, Type::tensor([4], F32))?;
//! let err: BuildError = b.add(m, w, &[1]).unwrap_err();
//! assert!(err.to_string().contains("maps rhs dimension 0 (size 4) to lhs dimension 1 (size 3)"));
//! # Ok::<(), BuildError>(())
//! ```

pub mod broadcast;
mod helpers;
pub mod ir;
pub mod printer;

pub use broadcast::{broadcast_shapes, BroadcastPlan};
pub use helpers::{ComparisonDirection, DotDimensionNumbers, NativeType};
pub use ir::{Body, Function, Module, Op, Region, ValueRef};
pub use printer::REGION_TERMINATOR;

use crate::attrs::Attrs;
use crate::catalogue::{self, DIALECT};
use crate::op::RegionSig;
use crate::types::{TensorType, Type};
use crate::verify::{self, OpInstance};
use std::sync::atomic::{AtomicU64, Ordering};

/// A value being built: a parameter or an op result of one [`Builder`] (XLA's `XlaOp`).
/// Using it with another builder is an error, not a silent mix-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    builder: u64,
    value: ValueRef,
}

impl Value {
    /// Where the value lives in the built [`Body`].
    pub fn value_ref(self) -> ValueRef {
        self.value
    }
}

/// Why a builder call failed: the op (or step) and the rule broken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{context}: {message}")]
pub struct BuildError {
    /// What was being built: `xhlo.add`, `parameter 2`, `build @main`, ...
    pub context: String,
    pub message: String,
}

impl BuildError {
    pub fn new(context: impl Into<String>, message: impl Into<String>) -> BuildError {
        BuildError { context: context.into(), message: message.into() }
    }
}

pub type BuildResult<T> = Result<T, BuildError>;

/// Anything that names a [`Type`]: a `Type`, a `TensorType`, or MLIR text such as
/// `"tensor<2x3xf32>"`.
pub trait IntoType {
    fn into_type(self) -> Result<Type, String>;
}

impl IntoType for Type {
    fn into_type(self) -> Result<Type, String> {
        Ok(self)
    }
}
impl IntoType for &Type {
    fn into_type(self) -> Result<Type, String> {
        Ok(self.clone())
    }
}
impl IntoType for TensorType {
    fn into_type(self) -> Result<Type, String> {
        Ok(Type::Tensor(self))
    }
}
impl IntoType for &TensorType {
    fn into_type(self) -> Result<Type, String> {
        Ok(Type::Tensor(self.clone()))
    }
}
impl IntoType for &str {
    fn into_type(self) -> Result<Type, String> {
        Type::parse(self).map_err(|e| format!("bad type `{self}`: {e}"))
    }
}

static NEXT_BUILDER: AtomicU64 = AtomicU64::new(0);

/// Builds one function (or a computation for a region), checking each op as it is added.
#[derive(Debug)]
pub struct Builder {
    id: u64,
    name: String,
    /// Parameter types by number; `None` where a number has not been declared (yet).
    params: Vec<Option<Type>>,
    ops: Vec<Op>,
}

impl Builder {
    /// A builder for a function named `name` (`func.func @name`).
    pub fn new(name: impl Into<String>) -> Builder {
        Builder {
            id: NEXT_BUILDER.fetch_add(1, Ordering::Relaxed),
            name: name.into(),
            params: Vec::new(),
            ops: Vec::new(),
        }
    }

    /// A fresh builder for a computation used by this one (a `reduce` body, a `map`
    /// function...), as `XlaBuilder::CreateSubBuilder`. Its values are its own: the
    /// computation it builds is passed to the op that uses it, never its values.
    pub fn sub_builder(&self, name: impl Into<String>) -> Builder {
        Builder::new(format!("{}.{}", self.name, name.into()))
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The ops added so far.
    pub fn ops(&self) -> &[Op] {
        &self.ops
    }

    /// Declares parameter number `index` with type `ty` (XLA `Parameter`). Parameters may be
    /// declared in any order, but each number once, and [`Builder::build`] requires `0..n`
    /// without gaps.
    pub fn parameter(&mut self, index: usize, ty: impl IntoType) -> BuildResult<Value> {
        let context = || format!("parameter {index}");
        let ty = ty.into_type().map_err(|e| BuildError::new(context(), e))?;
        if let Type::Tensor(t) = &ty {
            t.validate_layout().map_err(|e| BuildError::new(context(), e))?;
        }
        if let Some(Some(existing)) = self.params.get(index) {
            return Err(BuildError::new(context(), format!("already declared with type {existing}")));
        }
        if self.params.len() <= index {
            self.params.resize(index + 1, None);
        }
        self.params[index] = Some(ty);
        Ok(Value { builder: self.id, value: ValueRef::Param(index) })
    }

    /// The type of `value` (XLA `GetShape`).
    pub fn shape(&self, value: Value) -> BuildResult<Type> {
        self.type_of("shape", value, "value").cloned()
    }

    /// The type of `value`, required to be a tensor.
    pub fn tensor_type(&self, value: Value) -> BuildResult<TensorType> {
        self.tensor_of("shape", value, "value")
    }

    fn type_of(&self, context: &str, value: Value, what: &str) -> BuildResult<&Type> {
        if value.builder != self.id {
            return Err(BuildError::new(
                context,
                format!(
                    "{what} was created by another builder, not by '{}' (a sub-computation's values stay \
                     inside it; pass the built computation instead)",
                    self.name
                ),
            ));
        }
        let ty = match value.value {
            ValueRef::Param(n) => self.params.get(n).and_then(Option::as_ref),
            ValueRef::Result { op, index } => self.ops.get(op).and_then(|o| o.result_types.get(index)),
        };
        ty.ok_or_else(|| BuildError::new(context, format!("{what} ({:?}) is not defined in '{}'", value.value, self.name)))
    }

    fn tensor_of(&self, context: &str, value: Value, what: &str) -> BuildResult<TensorType> {
        match self.type_of(context, value, what)? {
            Type::Tensor(t) => Ok(t.clone()),
            other => Err(BuildError::new(context, format!("{what} must be a tensor, got {other}"))),
        }
    }

    /// Adds any catalogue op: `name` with or without the `xhlo.` prefix, its operands,
    /// attributes and regions (built with [`Region::from_computation`]), and the result types
    /// when the op cannot infer them (a reshape's target, a convert's element type...); with
    /// `None` the shape rule infers them. The op is verified against the catalogue before it is
    /// added. Returns the op's results.
    pub fn op(
        &mut self,
        name: &str,
        operands: &[Value],
        attrs: Attrs,
        regions: Vec<Region>,
        result_types: Option<Vec<Type>>,
    ) -> BuildResult<Vec<Value>> {
        let bare = name.strip_prefix("xhlo.").unwrap_or(name);
        let context = format!("{DIALECT}.{bare}");
        let def = catalogue::lookup(bare)
            .ok_or_else(|| BuildError::new(&context, "no such op in the xhlo catalogue"))?;
        let fail = |e: String| BuildError::new(&context, e);
        let mut operand_types = Vec::with_capacity(operands.len());
        for (i, &v) in operands.iter().enumerate() {
            operand_types.push(self.type_of(&context, v, &format!("operand #{i}"))?.clone());
        }
        for (r, region) in regions.iter().enumerate() {
            if region.blocks.is_empty() {
                return Err(fail(format!("region #{r} has no block")));
            }
            for (b, block) in region.blocks.iter().enumerate() {
                block.check_references().map_err(|e| fail(format!("region #{r} block #{b}: {e}")))?;
            }
        }
        let sigs: Vec<RegionSig> = regions.iter().map(Region::signature).collect();
        let results = match result_types {
            Some(types) => types,
            None => {
                verify::check_attributes(def, &attrs).map_err(fail)?;
                let instance = OpInstance { operands: &operand_types, attrs: &attrs, regions: &sigs, results: &[] };
                verify::infer(def, &instance).map_err(|e| {
                    fail(if e.contains("must be given explicitly") {
                        format!("{e} (pass result_types: the operands and attributes do not determine them)")
                    } else {
                        e
                    })
                })?
            }
        };
        let instance = OpInstance { operands: &operand_types, attrs: &attrs, regions: &sigs, results: &results };
        verify::verify(def, &instance).map_err(fail)?;
        let index = self.ops.len();
        let values = (0..results.len())
            .map(|i| Value { builder: self.id, value: ValueRef::Result { op: index, index: i } })
            .collect();
        self.ops.push(Op {
            name: context,
            operands: operands.iter().map(|v| v.value).collect(),
            attrs,
            regions,
            result_types: results,
        });
        Ok(values)
    }

    /// [`Builder::op`] for an op with exactly one result.
    pub fn op1(
        &mut self,
        name: &str,
        operands: &[Value],
        attrs: Attrs,
        regions: Vec<Region>,
        result_types: Option<Vec<Type>>,
    ) -> BuildResult<Value> {
        let results = self.op(name, operands, attrs, regions, result_types)?;
        match results.as_slice() {
            [one] => Ok(*one),
            many => {
                // Undo: the caller asked for a single-result op.
                self.ops.pop();
                let bare = name.strip_prefix("xhlo.").unwrap_or(name);
                Err(BuildError::new(
                    format!("{DIALECT}.{bare}"),
                    format!("the op has {} results; use Builder::op to get them all", many.len()),
                ))
            }
        }
    }

    /// Runs `f`; if it fails, removes every op it added, so a failed call leaves no
    /// half-built broadcasts behind.
    fn atomic<T>(&mut self, f: impl FnOnce(&mut Builder) -> BuildResult<T>) -> BuildResult<T> {
        let mark = self.ops.len();
        let result = f(self);
        if result.is_err() {
            self.ops.truncate(mark);
        }
        result
    }

    /// Finishes the function: `results` are the returned values (XLA's root; several for a
    /// multi-result function or a variadic computation). Parameters must be numbered `0..n`
    /// without gaps.
    pub fn build(self, results: &[Value]) -> BuildResult<Function> {
        let context = format!("build @{}", self.name);
        let mut params = Vec::with_capacity(self.params.len());
        for (i, p) in self.params.iter().enumerate() {
            match p {
                Some(t) => params.push(t.clone()),
                None => {
                    return Err(BuildError::new(
                        context,
                        format!(
                            "parameter {i} was never declared, but parameter {} was (parameters are numbered 0..n \
                             without gaps)",
                            self.params.len() - 1
                        ),
                    ))
                }
            }
        }
        for (i, &v) in results.iter().enumerate() {
            self.type_of(&context, v, &format!("result #{i}"))?;
        }
        Ok(Function {
            name: self.name,
            body: Body { params, ops: self.ops, results: results.iter().map(|v| v.value).collect() },
        })
    }
}


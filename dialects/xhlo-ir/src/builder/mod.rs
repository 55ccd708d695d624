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
//! Regions are built from computations ([`Function`]s from sub-builders), as XLA passes
//! `XlaComputation`s: a region cannot name values of the enclosing function. That covers
//! `reduce`, `map`, `sort`, `while`, `reduce_window`...; the branches of `if` and `case`, which
//! in xhlo take no parameters, can only be self-contained this way.
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
use crate::op::{OpView, RegionSig};
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
impl IntoType for String {
    fn into_type(self) -> Result<Type, String> {
        self.as_str().into_type()
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
                // No declared results: a rule that needs them says so.
                let view = OpView::new(def, &operand_types, &attrs, &sigs, None).map_err(fail)?;
                (def.infer)(&view).map_err(|e| {
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


#[cfg(test)]
mod tests {
    use super::*;
    use crate::attrs::Attr;
    use crate::types::ElementType::{F32, S32};

    fn scalar_adder(name: &str) -> Function {
        let mut b = Builder::new(name);
        let x = b.parameter(0, Type::scalar(F32)).unwrap();
        let y = b.parameter(1, Type::scalar(F32)).unwrap();
        let s = b.add(x, y, &[]).unwrap();
        b.build(&[s]).unwrap()
    }

    #[test]
    fn parameters_may_be_declared_out_of_order_and_from_text() {
        let mut b = Builder::new("f");
        let p1 = b.parameter(1, "tensor<3xi32>").unwrap();
        let p0 = b.parameter(0, TensorType::new([2], F32)).unwrap();
        assert_eq!(b.shape(p1).unwrap(), Type::tensor([3], S32));
        assert_eq!(b.tensor_type(p0).unwrap(), TensorType::new([2], F32));
        let f = b.build(&[p0]).unwrap();
        assert_eq!(f.param_types(), &[Type::tensor([2], F32), Type::tensor([3], S32)]);
        assert_eq!(f.result_types(), vec![Type::tensor([2], F32)]);
    }

    #[test]
    fn parameter_rejects_redeclaration_bad_types_and_bad_layouts() {
        let mut b = Builder::new("f");
        b.parameter(0, Type::scalar(F32)).unwrap();
        let e = b.parameter(0, Type::scalar(S32)).unwrap_err();
        assert_eq!(e.to_string(), "parameter 0: already declared with type tensor<f32>");
        let e = b.parameter(1, "tensor<2xq7>").unwrap_err();
        assert!(e.to_string().starts_with("parameter 1: bad type `tensor<2xq7>`"), "{e}");
        let e = b.parameter(1, TensorType::new([2, 3], F32).with_layout([0, 0])).unwrap_err();
        assert!(e.message.contains("not a permutation"), "{e}");
    }

    #[test]
    fn build_rejects_gaps_in_parameter_numbers() {
        let mut b = Builder::new("gappy");
        let p = b.parameter(2, Type::scalar(F32)).unwrap();
        let e = b.build(&[p]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "build @gappy: parameter 0 was never declared, but parameter 2 was (parameters are numbered 0..n without gaps)"
        );
    }

    #[test]
    fn values_cannot_cross_builders() {
        let mut a = Builder::new("a");
        let mut b = Builder::new("b");
        let x = a.parameter(0, Type::scalar(F32)).unwrap();
        let y = b.parameter(0, Type::scalar(F32)).unwrap();
        let e = b.add(x, y, &[]).unwrap_err();
        assert_eq!(e.context, "xhlo.add");
        assert!(e.message.starts_with("lhs was created by another builder, not by 'b'"), "{e}");
        let e = b.build(&[x]).unwrap_err();
        assert!(e.to_string().starts_with("build @b: result #0 was created by another builder"), "{e}");
    }

    #[test]
    fn op_rejects_names_outside_the_catalogue() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::scalar(F32)).unwrap();
        let e = b.op("xhlo.frobnicate", &[x], Attrs::new(), vec![], None).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.frobnicate: no such op in the xhlo catalogue");
        let e = b.unary("func.return", x).unwrap_err();
        assert_eq!(e.context, "xhlo.func.return");
    }

    #[test]
    fn op_reports_the_shape_rule_violated() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::tensor([2], F32)).unwrap();
        let y = b.parameter(1, Type::tensor([2], S32)).unwrap();
        let e = b.add(x, y, &[]).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.add: lhs has element type f32 (F32) but rhs has i32 (S32)");
        let e = b.op("sqrt", &[y], Attrs::new(), vec![], None).unwrap_err();
        assert!(e.message.contains("must be a float or complex"), "{e}");
        assert!(b.ops().is_empty());
    }

    #[test]
    fn op_checks_declared_result_types_against_the_rule() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::tensor([2], F32)).unwrap();
        let ok = b.op("negate", &[x], Attrs::new(), vec![], Some(vec![Type::tensor([2], F32)])).unwrap();
        assert_eq!(ok.len(), 1);
        let e = b.op("negate", &[x], Attrs::new(), vec![], Some(vec![Type::tensor([3], F32)])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "xhlo.negate: result #0 is declared as tensor<3xf32> but the op produces tensor<2xf32>"
        );
    }

    #[test]
    fn op_without_result_types_says_when_the_rule_needs_them() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::tensor([2], F32)).unwrap();
        let e = b.op("convert", &[x], Attrs::new(), vec![], None).unwrap_err();
        assert!(e.message.contains("must be given explicitly"), "{e}");
        assert!(e.message.contains("pass result_types"), "{e}");
    }

    #[test]
    fn op_checks_required_attributes_before_inference() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::tensor([2], F32)).unwrap();
        let e = b.op("compare", &[x, x], Attrs::new(), vec![], None).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.compare: missing required attribute 'comparison_direction'");
        let mut attrs = Attrs::new();
        attrs.insert("comparison_direction".into(), Attr::i64(1));
        let e = b.op("compare", &[x, x], attrs, vec![], None).unwrap_err();
        assert!(e.message.contains("must be a string attribute"), "{e}");
    }

    #[test]
    fn op_rejects_the_wrong_number_of_regions_and_empty_regions() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::tensor([2], F32)).unwrap();
        let mut attrs = Attrs::new();
        attrs.insert("dimensions".into(), Attr::I64Array(vec![0]));
        let e = b.op("map", &[x], attrs.clone(), vec![], None).unwrap_err();
        assert!(e.message.contains("region"), "{e}");
        let e = b.op("map", &[x], attrs, vec![Region::default()], None).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.map: region #0 has no block");
    }

    #[test]
    fn op1_refuses_multi_result_ops_and_leaves_nothing_behind() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::tensor([2], F32)).unwrap();
        let e = b.op1("optimization_barrier", &[x, x], Attrs::new(), vec![], None).unwrap_err();
        assert_eq!(e.to_string(), "xhlo.optimization_barrier: the op has 2 results; use Builder::op to get them all");
        assert!(b.ops().is_empty());
        let both = b.op("optimization_barrier", &[x, x], Attrs::new(), vec![], None).unwrap();
        assert_eq!(both.len(), 2);
        assert_eq!(both[1].value_ref(), ValueRef::Result { op: 0, index: 1 });
    }

    #[test]
    fn a_failed_call_takes_back_the_broadcasts_it_added() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::tensor([2, 3], F32)).unwrap();
        let v = b.parameter(1, Type::tensor([3], S32)).unwrap();
        // The broadcast of v succeeds, then add rejects f32 + i32.
        let e = b.add(x, v, &[1]).unwrap_err();
        assert!(e.message.contains("element type"), "{e}");
        assert!(b.ops().is_empty(), "{:?}", b.ops());
    }

    #[test]
    fn sub_builder_computation_becomes_a_region() {
        let b = Builder::new("main");
        let mut sub = b.sub_builder("add");
        assert_eq!(sub.name(), "main.add");
        let x = sub.parameter(0, Type::scalar(F32)).unwrap();
        let s = sub.add(x, x, &[]).unwrap();
        let f = sub.build(&[s]).unwrap();
        let region = Region::from_computation(&f);
        assert_eq!(region.signature().args(), &[Type::scalar(F32)]);
        assert_eq!(region.signature().yields(), &[Type::scalar(F32)]);
    }

    #[test]
    fn map_with_a_sub_computation_prints_the_region() {
        let add = scalar_adder("add");
        let mut b = Builder::new("main");
        let x = b.parameter(0, Type::tensor([4], F32)).unwrap();
        let y = b.parameter(1, Type::tensor([4], F32)).unwrap();
        let m = b.map(&[x, y], &add, &[-1]).unwrap();
        let text = b.build(&[m]).unwrap().to_string();
        let expected = r#"func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.map"(%arg0, %arg1) ({
  ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
    %1 = "xhlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%1) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
"#;
        assert_eq!(text, expected);
    }

    #[test]
    fn region_with_dangling_references_is_rejected() {
        let mut add = scalar_adder("add");
        add.body.results = vec![ValueRef::Result { op: 7, index: 0 }];
        let mut b = Builder::new("main");
        let x = b.parameter(0, Type::tensor([4], F32)).unwrap();
        let e = b.map(&[x], &add, &[0]).unwrap_err();
        assert!(e.message.starts_with("region #0 block #0: yielded value #0"), "{e}");
    }

    #[test]
    fn build_returns_several_results_or_none() {
        let mut b = Builder::new("two");
        let x = b.parameter(0, Type::scalar(F32)).unwrap();
        let n = b.neg(x).unwrap();
        let f = b.build(&[n, x]).unwrap();
        assert_eq!(f.body.results, vec![ValueRef::Result { op: 0, index: 0 }, ValueRef::Param(0)]);
        assert!(f.to_string().contains("return %0, %arg0 : tensor<f32>, tensor<f32>"));
        let empty = Builder::new("nothing").build(&[]).unwrap();
        assert_eq!(empty.to_string(), "func.func @nothing() {\n  return\n}\n");
    }

    #[test]
    fn built_bodies_are_in_ssa_order() {
        let mut b = Builder::new("f");
        let x = b.parameter(0, Type::tensor([2, 3], F32)).unwrap();
        let v = b.parameter(1, Type::tensor([3], F32)).unwrap();
        let s = b.add(x, v, &[1]).unwrap();
        let t = b.mul(s, v, &[1]).unwrap();
        let f = b.build(&[t]).unwrap();
        assert_eq!(f.body.check_references(), Ok(()));
        assert_eq!(f.body.ops.len(), 4);
    }
}

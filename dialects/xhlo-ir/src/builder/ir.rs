//! The small IR the builder fills: a [`Module`] of [`Function`]s; a function is a [`Body`]
//! (parameters, ops, returned values); an [`Op`] has a name, operands, attributes, result types
//! and [`Region`]s whose blocks are bodies of their own.
//!
//! Values are numbered locally: an operand is a [`ValueRef`] into the body that holds the op
//! (a parameter of that body or a result of an earlier op in it). A region's blocks are
//! self-contained, like an `XlaComputation` handed to `Reduce`: they cannot name values of the
//! enclosing body. This keeps the IR closed under copying a computation into several ops.

use crate::attrs::Attrs;
use crate::op::{BlockSig, RegionSig};
use crate::types::Type;

/// A value of one [`Body`]: one of its parameters or a result of one of its ops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueRef {
    /// The body's parameter number `n`.
    Param(usize),
    /// Result `index` of the body's op number `op`.
    Result { op: usize, index: usize },
}

/// One operation.
#[derive(Clone, Debug, PartialEq)]
pub struct Op {
    /// The full name with its dialect prefix (`xhlo.add`).
    pub name: String,
    pub operands: Vec<ValueRef>,
    pub attrs: Attrs,
    pub regions: Vec<Region>,
    pub result_types: Vec<Type>,
}

/// A straight-line block: parameters, ops in order, and the values it yields (a function's
/// `return` operands, or a region block's terminator operands).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Body {
    pub params: Vec<Type>,
    pub ops: Vec<Op>,
    pub results: Vec<ValueRef>,
}

impl Body {
    /// The type of `value`, or `None` when it names no parameter or op result of this body.
    pub fn type_of(&self, value: ValueRef) -> Option<&Type> {
        match value {
            ValueRef::Param(n) => self.params.get(n),
            ValueRef::Result { op, index } => self.ops.get(op)?.result_types.get(index),
        }
    }

    /// The types of the values the body yields.
    pub fn result_types(&self) -> Vec<Type> {
        self.results.iter().filter_map(|&v| self.type_of(v).cloned()).collect()
    }

    /// Checks that every operand and yielded value names a parameter or the result of an
    /// EARLIER op (so the body is in SSA order), recursively through regions.
    pub fn check_references(&self) -> Result<(), String> {
        let defined = |v: ValueRef, before: usize| match v {
            ValueRef::Param(n) => n < self.params.len(),
            ValueRef::Result { op, index } => {
                op < before && self.ops.get(op).is_some_and(|o| index < o.result_types.len())
            }
        };
        for (i, op) in self.ops.iter().enumerate() {
            for (k, &v) in op.operands.iter().enumerate() {
                if !defined(v, i) {
                    return Err(format!("op #{i} ({}) operand #{k} refers to {v:?}, which is not defined before it", op.name));
                }
            }
            for (r, region) in op.regions.iter().enumerate() {
                for (b, block) in region.blocks.iter().enumerate() {
                    block
                        .check_references()
                        .map_err(|e| format!("op #{i} ({}) region #{r} block #{b}: {e}", op.name))?;
                }
            }
        }
        for (k, &v) in self.results.iter().enumerate() {
            if !defined(v, self.ops.len()) {
                return Err(format!("yielded value #{k} refers to {v:?}, which is not defined"));
            }
        }
        Ok(())
    }
}

/// A region: one or more blocks, each ending in the region terminator (`gpu.yield`).
/// Most regions have one block; `case` keeps one block per branch.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Region {
    pub blocks: Vec<Body>,
}

impl Region {
    /// A single-block region holding a copy of `computation`'s body (XlaBuilder passes an
    /// `XlaComputation` the same way).
    pub fn from_computation(computation: &Function) -> Region {
        Region { blocks: vec![computation.body.clone()] }
    }

    /// A region with one block per computation (for `case`).
    pub fn from_computations(computations: &[&Function]) -> Region {
        Region { blocks: computations.iter().map(|c| c.body.clone()).collect() }
    }

    /// What a shape rule sees of this region.
    pub fn signature(&self) -> RegionSig {
        RegionSig {
            blocks: self
                .blocks
                .iter()
                .map(|b| BlockSig { args: b.params.clone(), yields: b.result_types() })
                .collect(),
        }
    }
}

/// A named function (`func.func @name`); also what a sub-builder produces for a region, the
/// counterpart of XLA's `XlaComputation`.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub body: Body,
}

impl Function {
    pub fn param_types(&self) -> &[Type] {
        &self.body.params
    }

    pub fn result_types(&self) -> Vec<Type> {
        self.body.result_types()
    }

    /// A module holding just this function.
    pub fn into_module(self) -> Module {
        Module { functions: vec![self] }
    }
}

/// A list of functions, printed as one `module { ... }`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    pub functions: Vec<Function>,
}

impl Module {
    pub fn new() -> Module {
        Module::default()
    }

    /// Adds a function; its name must not be taken already.
    pub fn add(&mut self, function: Function) -> Result<(), String> {
        if self.function(&function.name).is_some() {
            return Err(format!("module already has a function named @{}", function.name));
        }
        self.functions.push(function);
        Ok(())
    }

    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }
}

impl From<Function> for Module {
    fn from(f: Function) -> Module {
        f.into_module()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::ElementType::F32;

    fn scalar_add_body() -> Body {
        let s = Type::scalar(F32);
        Body {
            params: vec![s.clone(), s.clone()],
            ops: vec![Op {
                name: "xhlo.add".into(),
                operands: vec![ValueRef::Param(0), ValueRef::Param(1)],
                attrs: Attrs::new(),
                regions: vec![],
                result_types: vec![s],
            }],
            results: vec![ValueRef::Result { op: 0, index: 0 }],
        }
    }

    #[test]
    fn type_of_resolves_params_and_results_and_rejects_unknown_values() {
        let body = scalar_add_body();
        assert_eq!(body.type_of(ValueRef::Param(1)), Some(&Type::scalar(F32)));
        assert_eq!(body.type_of(ValueRef::Result { op: 0, index: 0 }), Some(&Type::scalar(F32)));
        assert_eq!(body.type_of(ValueRef::Param(2)), None);
        assert_eq!(body.type_of(ValueRef::Result { op: 0, index: 1 }), None);
        assert_eq!(body.type_of(ValueRef::Result { op: 3, index: 0 }), None);
        assert_eq!(body.result_types(), vec![Type::scalar(F32)]);
    }

    #[test]
    fn region_signature_lists_block_args_and_yields() {
        let f = Function { name: "add".into(), body: scalar_add_body() };
        let sig = Region::from_computation(&f).signature();
        assert_eq!(sig.args(), &[Type::scalar(F32), Type::scalar(F32)]);
        assert_eq!(sig.yields(), &[Type::scalar(F32)]);
        let two = Region::from_computations(&[&f, &f]).signature();
        assert_eq!(two.blocks.len(), 2);
    }

    #[test]
    fn check_references_rejects_use_before_definition() {
        let mut body = scalar_add_body();
        assert_eq!(body.check_references(), Ok(()));
        body.ops[0].operands[0] = ValueRef::Result { op: 0, index: 0 };
        let err = body.check_references().unwrap_err();
        assert!(err.contains("op #0 (xhlo.add) operand #0"), "{err}");
        let mut body = scalar_add_body();
        body.results = vec![ValueRef::Param(5)];
        assert!(body.check_references().unwrap_err().contains("yielded value #0"));
    }

    #[test]
    fn module_rejects_duplicate_function_names() {
        let f = Function { name: "main".into(), body: scalar_add_body() };
        let mut m = Module::from(f.clone());
        let err = m.add(f).unwrap_err();
        assert_eq!(err, "module already has a function named @main");
        assert!(m.function("main").is_some());
        assert!(m.function("other").is_none());
    }
}

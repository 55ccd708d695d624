//! The op families. Each module lists its ops ([`OpDef`]) beside the shape rules they use, so
//! an op's definition and inference are found together under its family.
//!
//! Shared helpers for shape rules live here: element-type classes and common checks.

use crate::op::{describe_element, OpDef, OpView};
use crate::types::{ElementType, TensorType, Type};

pub mod collective;
pub mod communication;
pub mod control_flow;
pub mod data_movement;
pub mod elementwise;
pub mod fusion;
pub mod indexing;
pub mod linalg;
pub mod misc;
pub mod normalization;
pub mod random;
pub mod reduction;
pub mod sorting;

/// One op family: a module of this directory, and the file name every other layer uses for
/// the same ops (`lowering/src/ops/<name>.rs`, `tests/verify/<name>.mlir`, `tests/run/<name>.mlir`
/// or `tests/run/<name>/`).
#[derive(Clone, Copy, Debug)]
pub struct Family {
    pub name: &'static str,
    pub ops: &'static [OpDef],
}

/// Every family, in the order the catalogue lists them. A `static`, so each op has one
/// address (`&'static OpDef` identity holds in optimized builds too).
pub static FAMILIES: &[Family] = &[
    Family { name: "elementwise", ops: elementwise::OPS },
    Family { name: "data_movement", ops: data_movement::OPS },
    Family { name: "reduction", ops: reduction::OPS },
    Family { name: "sorting", ops: sorting::OPS },
    Family { name: "linalg", ops: linalg::OPS },
    Family { name: "indexing", ops: indexing::OPS },
    Family { name: "normalization", ops: normalization::OPS },
    Family { name: "control_flow", ops: control_flow::OPS },
    Family { name: "random", ops: random::OPS },
    Family { name: "collective", ops: collective::OPS },
    Family { name: "communication", ops: communication::OPS },
    Family { name: "misc", ops: misc::OPS },
    Family { name: "fusion", ops: fusion::OPS },
];

/// A set of element types an operand accepts, with the words a diagnostic uses for it.
#[derive(Clone, Copy)]
pub struct TypeClass {
    pub test: fn(ElementType) -> bool,
    pub what: &'static str,
}

impl TypeClass {
    /// Checks `t` belongs to the class; `operand` names the operand in the error.
    pub fn check(self, t: ElementType, operand: &str) -> Result<(), String> {
        if (self.test)(t) {
            Ok(())
        } else {
            Err(format!("{operand} has element type {} but must be {}", describe_element(t), self.what))
        }
    }
}

pub const ANY: TypeClass = TypeClass { test: |_| true, what: "any type" };
pub const INT: TypeClass = TypeClass { test: ElementType::is_int, what: "an integer" };
pub const INT_OR_PRED: TypeClass =
    TypeClass { test: ElementType::is_int_or_pred, what: "an integer or PRED" };
pub const FLOAT: TypeClass = TypeClass { test: ElementType::is_float, what: "a float" };
pub const COMPLEX: TypeClass = TypeClass { test: ElementType::is_complex, what: "a complex" };
pub const FLOAT_OR_COMPLEX: TypeClass =
    TypeClass { test: ElementType::is_float_or_complex, what: "a float or complex" };
pub const NUMERIC: TypeClass =
    TypeClass { test: |t| !t.is_pred(), what: "an integer, float or complex" };
pub const INT_OR_FLOAT: TypeClass =
    TypeClass { test: |t| t.is_int() || t.is_float(), what: "an integer or float" };
pub const SIGNED_OR_FLOAT_OR_COMPLEX: TypeClass = TypeClass {
    test: |t| t.is_signed_int() || t.is_float_or_complex(),
    what: "a signed integer, float or complex",
};
pub const F32_OR_F64: TypeClass =
    TypeClass { test: |t| matches!(t, ElementType::F32 | ElementType::F64), what: "F32 or F64" };

/// Checks two tensors have the same dimensions and element type (layouts may differ).
pub fn same_shape(a: &TensorType, a_name: &str, b: &TensorType, b_name: &str) -> Result<(), String> {
    if a.dims != b.dims {
        return Err(format!(
            "{a_name} has shape {:?} but {b_name} has shape {:?} (explicit xhlo requires equal shapes; \
             broadcast first)",
            a.dims, b.dims
        ));
    }
    if a.element != b.element {
        return Err(format!(
            "{a_name} has element type {} but {b_name} has {}",
            describe_element(a.element),
            describe_element(b.element)
        ));
    }
    Ok(())
}

/// A single tensor result.
pub fn one(t: TensorType) -> Result<Vec<Type>, String> {
    Ok(vec![Type::Tensor(TensorType { layout: None, ..t })])
}

/// The single tensor operand named `name`, or the first operand if the op has one slot.
pub fn operand<'a>(v: &OpView<'a>, name: &str) -> Result<&'a TensorType, String> {
    v.tensor(name)
}

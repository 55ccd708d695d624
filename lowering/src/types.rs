//! How xhlo element types are represented after lowering.
//!
//! MLIR's `arith` works on signless integers, so every integer tensor becomes signless
//! (`ui32` → `i32`) and signedness moves into the choice of op (`divui`, `extui`, `cmpi ult`).
//! Sub-byte integers are stored one per byte (`i4` → `i8` in memory, as in host literals)
//! and computed at their own width inside loop bodies.

use mlir_text::ast;
use mlir_text::parser::scalar_type;
use mlir_text::print::type_to_string;
use xhlo_ir::{ElementType, TensorType, Type};

/// The element type tensors and buffers hold.
pub fn storage(t: ElementType) -> &'static str {
    use ElementType::*;
    match t {
        Pred => "i1",
        S2 | S4 | S8 | U2 | U4 | U8 => "i8",
        S16 | U16 => "i16",
        S32 | U32 => "i32",
        S64 | U64 => "i64",
        F16 => "f16",
        BF16 => "bf16",
        F32 => "f32",
        F64 => "f64",
        C64 => "complex<f32>",
        C128 => "complex<f64>",
    }
}

/// The type arithmetic is done in (differs from storage only for sub-byte integers).
pub fn compute(t: ElementType) -> &'static str {
    use ElementType::*;
    match t {
        S2 | U2 => "i2",
        S4 | U4 => "i4",
        t => storage(t),
    }
}

/// Whether values of `t` are narrower in registers than in memory.
pub fn is_narrowed(t: ElementType) -> bool {
    storage(t) != compute(t)
}

/// The syntax tree of a scalar type spelled by the tables above (`i8`, `f32`, `complex<f32>`).
fn scalar_ast(name: &str) -> ast::Type {
    match name.strip_prefix("complex<").and_then(|s| s.strip_suffix('>')) {
        Some(part) => ast::Type::Complex(Box::new(scalar_ast(part))),
        None => scalar_type(name).unwrap_or_else(|| panic!("not a builtin scalar type: {name}")),
    }
}

/// [`storage`] as a type of the syntax tree.
pub fn storage_type(t: ElementType) -> ast::Type {
    scalar_ast(storage(t))
}

/// [`compute`] as a type of the syntax tree.
pub fn compute_type(t: ElementType) -> ast::Type {
    scalar_ast(compute(t))
}

/// The lowered tensor type: `tensor<2x3xi32>` for `tensor<2x3xui32>`. Lowered tensors are
/// logical values without a layout; where a layout is stored, see [`physical_memref`].
pub fn tensor_type(t: &TensorType) -> ast::Type {
    ast::Type::Tensor { dims: t.dims.iter().map(|&d| Some(d)).collect(), element: Box::new(storage_type(t.element)), encoding: None }
}

/// [`tensor_type`] as text.
pub fn tensor(t: &TensorType) -> String {
    type_to_string(&tensor_type(t))
}

/// [`memref`] as a type of the syntax tree.
pub fn memref_type(t: &TensorType) -> ast::Type {
    ast::Type::Other(memref(t))
}

/// The memref type with the same shape (for the entry wrapper).
pub fn memref(t: &TensorType) -> String {
    tensor(t).replacen("tensor<", "memref<", 1)
}

/// The memref type of a buffer holding a `t` in its layout: strided (`memref<2x3xf32,
/// strided<[1, 2]>>` for minor-to-major `[0, 1]`) when the layout is not the default, so loops
/// index it by logical position and the elements sit in memory in the layout's order.
pub fn physical_memref(t: &TensorType) -> String {
    if !t.has_permuted_layout() {
        return memref(t);
    }
    let strides: Vec<String> = t.strides().iter().map(|s| s.to_string()).collect();
    let plain = memref(t);
    format!("{}, strided<[{}]>>", plain.strip_suffix('>').expect("a memref type ends in '>'"), strides.join(", "))
}

/// Lowered form of any xhlo value type; tokens and tuples are not lowered.
pub fn value(t: &Type) -> Result<String, String> {
    match t {
        Type::Tensor(t) => Ok(tensor(t)),
        Type::Token => Err("unsupported in lowering: token values".into()),
        Type::Tuple(_) => Err("unsupported in lowering: tuple values (flatten them first)".into()),
    }
}

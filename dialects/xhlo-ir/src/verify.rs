//! Checks one op instance against its catalogue entry: structure (operand, result, attribute
//! and region counts and kinds), layouts, then the op's shape rule.

use crate::attrs::Attrs;
use crate::op::{segment, Arity, OpDef, OpView, RegionSig, ValueKind};
use crate::types::Type;

/// An op as found in IR: what the verifier and the shape rules look at.
pub struct OpInstance<'a> {
    pub operands: &'a [Type],
    pub attrs: &'a Attrs,
    pub regions: &'a [RegionSig],
    pub results: &'a [Type],
}

fn kind_admits(kind: ValueKind, ty: &Type) -> bool {
    match kind {
        ValueKind::Any => true,
        ValueKind::Tensor => matches!(ty, Type::Tensor(_)),
        ValueKind::Token => matches!(ty, Type::Token),
        ValueKind::Tuple => matches!(ty, Type::Tuple(_)),
    }
}

/// Checks that each tensor's element count and byte size fit in 64 bits: sizes are computed
/// from them everywhere after verification.
fn validate_size(ty: &Type) -> Result<(), String> {
    match ty.tensors().into_iter().find(|t| t.checked_bytes().is_none()) {
        Some(t) => Err(format!("{t} has more elements or bytes than a 64-bit size can count")),
        None => Ok(()),
    }
}

fn validate_layouts(ty: &Type) -> Result<(), String> {
    ty.tensors().into_iter().try_for_each(|t| t.validate_layout().map_err(|e| format!("{t}: {e}")))
}

/// Checks attributes against the definition: required ones present, kinds right.
pub fn check_attributes(def: &OpDef, attrs: &Attrs) -> Result<(), String> {
    for a in def.attrs {
        match attrs.get(a.name) {
            None if a.required => return Err(format!("missing required attribute '{}'", a.name)),
            Some(value) if !a.kind.admits(value) => {
                return Err(format!("attribute '{}' must be {}, got {value}", a.name, a.kind.describe()))
            }
            _ => {}
        }
    }
    // Names with a dialect prefix (`mhlo.sharding`, `sdy.sharding`) are discardable metadata,
    // as in MLIR; the segment sizes belong to variadic slots.
    for name in attrs.keys() {
        let known = def.attrs.iter().any(|a| a.name == name) || name.contains('.') || name.ends_with("SegmentSizes");
        if !known {
            let names: Vec<&str> = def.attrs.iter().map(|a| a.name).collect();
            let expected = if names.is_empty() { "none".to_string() } else { names.join(", ") };
            return Err(format!("unknown attribute '{name}' (the op's attributes: {expected})"));
        }
    }
    Ok(())
}

fn check_slots(
    slots: &[crate::op::ValueDef],
    types: &[Type],
    attrs: &Attrs,
    what: &str,
) -> Result<(), String> {
    let ranges = segment(slots, types.len(), attrs.get(&format!("{what}SegmentSizes")), what)?;
    for (slot, range) in slots.iter().zip(ranges) {
        for (i, ty) in types[range].iter().enumerate() {
            if !kind_admits(slot.kind, ty) {
                let kind = format!("{:?}", slot.kind).to_lowercase();
                let which = if slot.arity == Arity::Single { String::new() } else { format!(" #{i}") };
                return Err(format!("{what} '{}'{which} must be a {kind}, got {ty}", slot.name));
            }
        }
    }
    Ok(())
}

/// Runs the shape rule and returns the result types it gives.
pub fn infer(def: &OpDef, op: &OpInstance) -> Result<Vec<Type>, String> {
    let view = OpView::new(def, op.operands, op.attrs, op.regions, Some(op.results))?;
    (def.infer)(&view)
}

/// Verifies `op` against `def`; the error names the rule broken.
pub fn verify(def: &OpDef, op: &OpInstance) -> Result<(), String> {
    for ty in op.operands.iter().chain(op.results) {
        validate_size(ty)?;
    }
    check_attributes(def, op.attrs)?;
    check_slots(def.operands, op.operands, op.attrs, "operand")?;
    check_slots(def.results, op.results, op.attrs, "result")?;
    if op.regions.len() != def.regions.len() {
        return Err(format!("expected {} region(s), got {}", def.regions.len(), op.regions.len()));
    }
    for ty in op.operands.iter().chain(op.results) {
        validate_layouts(ty)?;
    }
    let inferred = infer(def, op)?;
    if inferred.len() != op.results.len() {
        return Err(format!(
            "the op produces {} result(s) but {} are declared",
            inferred.len(),
            op.results.len()
        ));
    }
    for (i, (declared, expected)) in op.results.iter().zip(&inferred).enumerate() {
        if !declared.compatible(expected) {
            return Err(format!("result #{i} is declared as {declared} but the op produces {expected}"));
        }
    }
    Ok(())
}

//! Reads MLIR operations back into the catalogue's model: types, attributes and region
//! signatures, so the pure-Rust shape rules can check them.

use melior::ir::{
    attribute::AttributeLike,
    block::BlockLike, operation::OperationLike, Attribute, BlockRef, OperationRef, RegionLike, Type as MlirType,
    ValueLike,
};
use xhlo_ir::{op::BlockSig, Attr, Attrs, RegionSig, Type};

/// An xhlo op as data.
pub struct ReadOp {
    pub name: String,
    pub operands: Vec<Type>,
    pub results: Vec<Type>,
    pub attrs: Attrs,
    pub regions: Vec<RegionSig>,
}

/// Converts an MLIR type; the error says what is unsupported.
pub fn read_type(t: MlirType) -> Result<Type, String> {
    if let Some(read) = read_tensor_type(t) {
        return Ok(read);
    }
    let text = t.to_string();
    Type::parse(&text).map_err(|e| format!("type {text}: {e}"))
}

/// A statically shaped tensor of a builtin element type without encoding, read through
/// MLIR's type API: the MLIR verifier reads every xhlo op's types (`verify_hook`), and
/// printing a type sets up printer state each time (tens of microseconds, most of verifying
/// an op). `None` for anything else, which is printed and parsed.
fn read_tensor_type(t: MlirType) -> Option<Type> {
    use melior::ir::TypeLike;
    use mlir_sys::*;
    let raw = t.to_raw();
    unsafe {
        if !mlirTypeIsARankedTensor(raw) || !mlirRankedTensorTypeGetEncoding(raw).ptr.is_null() {
            return None;
        }
        let rank = mlirShapedTypeGetRank(raw);
        let mut dims = Vec::with_capacity(rank as usize);
        for d in 0..rank as isize {
            if mlirShapedTypeIsDynamicDim(raw, d) {
                return None;
            }
            dims.push(mlirShapedTypeGetDimSize(raw, d));
        }
        let element = element_type(mlirShapedTypeGetElementType(raw))?;
        Some(Type::Tensor(xhlo_ir::TensorType::new(dims, element)))
    }
}

/// The element type `t` names, for the builtin types the catalogue knows.
unsafe fn element_type(t: mlir_sys::MlirType) -> Option<xhlo_ir::ElementType> {
    use mlir_sys::*;
    use xhlo_ir::ElementType::*;
    unsafe {
        if mlirTypeIsAInteger(t) {
            let prefix = if mlirIntegerTypeIsUnsigned(t) {
                "ui"
            } else if mlirIntegerTypeIsSignless(t) {
                "i"
            } else {
                return None;
            };
            return xhlo_ir::ElementType::from_mlir(&format!("{prefix}{}", mlirIntegerTypeGetWidth(t)));
        }
        if mlirTypeIsAComplex(t) {
            return match element_type(mlirComplexTypeGetElementType(t))? {
                F32 => Some(C64),
                F64 => Some(C128),
                _ => None,
            };
        }
        [(mlirTypeIsAF16(t), F16), (mlirTypeIsABF16(t), BF16), (mlirTypeIsAF32(t), F32), (mlirTypeIsAF64(t), F64)]
            .into_iter()
            .find_map(|(is, e)| is.then_some(e))
    }
}

/// Above this many elements a dense attribute's body is not printed (the shape rules need
/// only its type).
const MAX_PRINTED_ELEMENTS: i64 = 4096;

/// Converts an MLIR attribute.
pub fn read_attr(a: Attribute) -> Result<Attr, String> {
    let raw = a.to_raw();
    unsafe {
        if mlir_sys::mlirAttributeIsADenseElements(raw) {
            let ty = mlir_sys::mlirAttributeGetType(raw);
            let count = mlir_sys::mlirElementsAttrGetNumElements(raw);
            if count > MAX_PRINTED_ELEMENTS {
                let ty = read_type(MlirType::from_raw(ty))?;
                let Type::Tensor(ty) = ty else { return Err(format!("dense attribute of type {ty}")) };
                return Ok(Attr::Dense { body: String::new(), ty });
            }
        }
    }
    // `array<i64: ...>` (dimensions, permutations, window sizes), the most common, read
    // without printing (see `read_tensor_type`).
    unsafe {
        if mlir_sys::mlirAttributeIsADenseI64Array(raw) {
            let n = mlir_sys::mlirDenseArrayGetNumElements(raw);
            return Ok(Attr::I64Array((0..n).map(|i| mlir_sys::mlirDenseI64ArrayGetElement(raw, i)).collect()));
        }
    }
    let text = a.to_string();
    Attr::parse(&text).map_err(|e| format!("attribute {text}: {e}"))
}

fn read_block(block: BlockRef) -> Result<BlockSig, String> {
    let args = (0..block.argument_count())
        .map(|i| read_type(block.argument(i).map_err(|e| e.to_string())?.r#type()))
        .collect::<Result<_, _>>()?;
    let yields = match block.terminator() {
        Some(term) => term.operands().map(|v| read_type(v.r#type())).collect::<Result<_, _>>()?,
        None => vec![],
    };
    Ok(BlockSig { args, yields })
}

/// Reads one op. Errors name the unsupported type or attribute.
pub fn read_op(op: OperationRef) -> Result<ReadOp, String> {
    let name = op.name().as_string_ref().as_str().unwrap_or("?").to_string();
    let operands = op.operands().map(|v| read_type(v.r#type())).collect::<Result<_, _>>()?;
    let results = op.results().map(|v| read_type(v.r#type())).collect::<Result<_, _>>()?;
    let mut attrs = Attrs::new();
    for (id, value) in op.attributes() {
        let key = id.as_string_ref().as_str().unwrap_or("?").to_string();
        let value = read_attr(value).map_err(|e| format!("attribute '{key}': {e}"))?;
        attrs.insert(key, value);
    }
    let mut regions = Vec::new();
    for region in op.regions() {
        let mut blocks = Vec::new();
        let mut block = region.first_block();
        while let Some(b) = block {
            blocks.push(read_block(b)?);
            block = b.next_in_region();
        }
        regions.push(RegionSig { blocks });
    }
    Ok(ReadOp { name, operands, results, attrs, regions })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::XhloContext;

    /// Types read through MLIR's type API are the types their text parses to, for every
    /// element type; anything else (layouts, dynamic or unranked shapes, signed integers,
    /// tuples, tokens) is left to the text, with its errors.
    #[test]
    fn tensor_types_read_through_the_api_match_their_text() {
        let ctx = XhloContext::new();
        let mut texts: Vec<String> = xhlo_ir::ElementType::ALL.iter().map(|e| format!("tensor<2x3x{}>", e.mlir_name())).collect();
        texts.extend(["tensor<f32>", "tensor<0x7xi1>", "tensor<1x1x1x4096xbf16>"].map(String::from));
        for text in &texts {
            let t = MlirType::parse(ctx.context(), text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(read_tensor_type(t), Some(Type::parse(text).unwrap()), "{text}");
            assert_eq!(read_type(t), Type::parse(text), "{text}");
        }
        for text in ["tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>", "tensor<?x3xf32>", "tensor<*xf32>", "tensor<4xsi32>", "tensor<4xf8E4M3FN>", "tuple<tensor<f32>, tensor<i32>>", "!xhlo.token", "memref<4xf32>"] {
            let t = MlirType::parse(ctx.context(), text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(read_tensor_type(t), None, "{text}");
            assert_eq!(read_type(t), Type::parse(&t.to_string()).map_err(|e| format!("type {t}: {e}")), "{text}");
        }
    }

    /// `array<i64: ...>` attributes read through the API are what their text parses to.
    #[test]
    fn i64_arrays_read_through_the_api_match_their_text() {
        let ctx = XhloContext::new();
        for text in ["array<i64>", "array<i64: 3>", "array<i64: -1, 0, 9223372036854775807>"] {
            let a = Attribute::parse(ctx.context(), text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(read_attr(a), Attr::parse(text), "{text}");
        }
    }
}

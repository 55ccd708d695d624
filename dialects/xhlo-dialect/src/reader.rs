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
    let text = t.to_string();
    Type::parse(&text).map_err(|e| format!("type {text}: {e}"))
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

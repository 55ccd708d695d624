//! Which operations may be removed or merged: the catalogue's effect declarations, looked
//! through regions.

use melior::ir::{
    block::BlockLike,
    operation::{OperationLike, WalkOrder, WalkResult},
    OperationRef,
};
use xhlo_ir::{catalogue, op::Effects};

/// True for an xhlo op that is pure and whose regions hold only pure xhlo ops (and their
/// terminators). Anything else, including non-xhlo ops, is treated as having effects.
pub fn is_pure_xhlo(op: OperationRef) -> bool {
    let mut pure = true;
    op.walk(WalkOrder::PreOrder, |inner| {
        let name = inner.name().as_string_ref().as_str().unwrap_or("").to_string();
        let inner_pure = match catalogue::lookup(&name) {
            Some(def) if name.starts_with("xhlo.") => def.effects == Effects::Pure,
            // Region terminators carry no effects.
            _ => name == xhlo_ir::op::REGION_TERMINATOR,
        };
        if inner_pure {
            WalkResult::Advance
        } else {
            pure = false;
            WalkResult::Interrupt
        }
    });
    pure
}

/// True when no result of `op` has a use.
pub fn results_unused(op: OperationRef) -> bool {
    op.results().all(|r| unsafe { mlir_sys::mlirValueGetFirstUse(melior::ir::ValueLike::to_raw(&r)).ptr.is_null() })
}

/// The operations of a block, in order (collected first so the block may be edited).
pub fn block_ops<'c, 'a>(block: melior::ir::BlockRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut ops = Vec::new();
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        ops.push(op);
    }
    ops
}

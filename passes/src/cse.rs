//! `xhlo-cse`: merges identical pure xhlo ops (same name, operands, attributes and result
//! types; ops with regions are compared by their printed regions). A value defined in an
//! enclosing block is visible in nested regions, so the table is scoped like dominance.

use crate::effects::{block_ops, is_pure_xhlo};
use crate::pass::{PassInfo, PassOptions, XhloPass};
use melior::ir::{block::BlockLike, operation::{OperationLike, OperationPrintingFlags}, BlockRef, OperationRef, RegionLike, ValueLike};
use std::collections::HashMap;

#[derive(Clone, Default)]
pub struct Cse {
    /// Ops merged by the last run.
    pub merged: usize,
}

impl XhloPass for Cse {
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-cse",
        summary: "Merge identical xhlo ops without effects",
        options: &[],
    };

    const ANY_OP: bool = true;

    fn from_options(_: &PassOptions) -> Result<Self, String> {
        Ok(Cse::default())
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        self.merged = cse_regions(op, &HashMap::new());
        Ok(())
    }
}

/// The identity of an op for CSE. Operands are compared by value identity.
fn key(op: OperationRef) -> String {
    let mut k = op.name().as_string_ref().as_str().unwrap_or("?").to_string();
    for v in op.operands() {
        k.push_str(&format!("|{:p}", v.to_raw().ptr));
    }
    for (name, value) in op.attributes() {
        k.push_str(&format!("|{}={}", name.as_string_ref().as_str().unwrap_or("?"), value));
    }
    for r in op.results() {
        k.push_str(&format!("|->{}", r.r#type()));
    }
    if op.region_count() > 0 {
        // Regions are compared through their printed form in the op's local scope, where
        // names restart at the op, so equal regions print equally; values captured from
        // outside would not be identified, so only ops with closed regions get here.
        let flags = OperationPrintingFlags::new().use_local_scope();
        let text = op.to_string_with_flags(flags).unwrap_or_else(|_| format!("{:p}", op.to_raw().ptr));
        // The op's own result names come first; only the regions matter here.
        let regions = text.find('(').map(|i| &text[i..]).unwrap_or(&text);
        k.push_str("|regions:");
        k.push_str(regions);
    }
    k
}

fn cse_regions(op: OperationRef, outer: &HashMap<String, OperationRef>) -> usize {
    let mut merged = 0;
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            merged += cse_block(b, outer.clone());
            block = b.next_in_region();
        }
    }
    merged
}

fn cse_block<'c, 'a>(block: BlockRef<'c, 'a>, mut seen: HashMap<String, OperationRef<'c, 'a>>) -> usize {
    let mut merged = 0;
    for op in block_ops(block) {
        if op.region_count() > 0 {
            merged += cse_regions(op, &seen);
        }
        let is_xhlo = op.name().as_string_ref().as_str().is_ok_and(|n| n.starts_with("xhlo."));
        if !is_xhlo || !is_pure_xhlo(op) || (op.region_count() > 0 && captures_values(op)) {
            continue;
        }
        let k = key(op);
        match seen.get(&k) {
            Some(earlier) => {
                for (old, new) in op.results().zip(earlier.results()) {
                    unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(old.to_raw(), new.to_raw()) };
                }
                unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) };
                merged += 1;
            }
            None => {
                seen.insert(k, op);
            }
        }
    }
    merged
}

/// True when an op's regions use values defined outside it (their printed form would not
/// identify them).
fn captures_values(op: OperationRef) -> bool {
    use melior::ir::operation::{WalkOrder, WalkResult};
    let top = op.to_raw();
    let mut captures = false;
    op.walk(WalkOrder::PreOrder, |inner| {
        if inner.to_raw().ptr == top.ptr {
            // The op's own operands are compared by identity in the key.
            return WalkResult::Advance;
        }
        for v in inner.operands() {
            let raw = v.to_raw();
            let owner = unsafe {
                if mlir_sys::mlirValueIsAOpResult(raw) {
                    mlir_sys::mlirOperationGetParentOperation(mlir_sys::mlirOpResultGetOwner(raw))
                } else {
                    mlir_sys::mlirBlockGetParentOperation(mlir_sys::mlirBlockArgumentGetOwner(raw))
                }
            };
            // Defined inside `op` iff `op` is an ancestor of (or is) the defining scope.
            let mut scope = owner;
            let mut inside = false;
            while !scope.ptr.is_null() {
                if scope.ptr == top.ptr {
                    inside = true;
                    break;
                }
                scope = unsafe { mlir_sys::mlirOperationGetParentOperation(scope) };
            }
            if !inside {
                captures = true;
                return WalkResult::Interrupt;
            }
        }
        WalkResult::Advance
    });
    captures
}

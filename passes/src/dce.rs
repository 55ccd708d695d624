//! `xhlo-dce`: removes pure xhlo ops whose results are unused. Upstream DCE cannot, because
//! IRDL ops declare no memory effects and so count as side-effecting.

use crate::effects::{block_ops, is_pure_xhlo, results_unused};
use crate::pass::{PassInfo, PassOptions, XhloPass};
use melior::ir::{block::BlockLike, operation::OperationLike, BlockRef, OperationRef, RegionLike};

#[derive(Clone, Default)]
pub struct Dce {
    /// Ops removed by the last run (for tests and statistics).
    pub removed: usize,
}

impl XhloPass for Dce {
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-dce",
        summary: "Remove xhlo ops without effects whose results are unused",
        options: &[],
    };

    const ANY_OP: bool = true;

    fn from_options(_: &PassOptions) -> Result<Self, String> {
        Ok(Dce::default())
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        self.removed = remove_dead(op);
        Ok(())
    }
}

/// Removes dead ops in every block under `op`, users before producers, so whole dead chains
/// go in one sweep. Returns how many were removed.
pub fn remove_dead(op: OperationRef) -> usize {
    let mut removed = 0;
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(b) = block {
            removed += sweep_block(b);
            block = b.next_in_region();
        }
    }
    removed
}

fn sweep_block(block: BlockRef) -> usize {
    let mut removed = 0;
    for op in block_ops(block).into_iter().rev() {
        if op.region_count() > 0 {
            removed += remove_dead(op);
        }
        let is_xhlo = op.name().as_string_ref().as_str().is_ok_and(|n| n.starts_with("xhlo."));
        if is_xhlo && results_unused(op) && is_pure_xhlo(op) {
            unsafe { mlir_sys::mlirOperationDestroy(op.to_raw()) };
            removed += 1;
        }
    }
    removed
}

//! xhlo op → lowering, looked up by name. Each family module lists its ops in a table next
//! to the functions that lower them (as the catalogue lists definitions next to shape rules).

use crate::convert::Ctx;
use xhlo_stablehlo::ast::Op;

pub mod control_flow;
pub mod data_movement;
pub mod dot_tiled;
pub mod elementwise;
pub mod fusion;
pub mod indexing;
pub mod linalg;
pub mod numeric;
pub mod reduction;

/// Lowers one op; returns the lowered names of its results.
pub type LowerFn = fn(&mut Ctx, &Op) -> Result<Vec<String>, String>;

/// The families' tables.
const FAMILIES: &[&[(&str, LowerFn)]] = &[
    elementwise::LOWERINGS,
    data_movement::LOWERINGS,
    reduction::LOWERINGS,
    linalg::LOWERINGS,
    control_flow::LOWERINGS,
    numeric::LOWERINGS,
    indexing::LOWERINGS,
    fusion::LOWERINGS,
];

/// Whether `name` (without `xhlo.`) is an element-wise catalogue op, lowered by its scalar
/// semantics ([`crate::scalar`]) alone.
pub fn is_elementwise(name: &str) -> bool {
    xhlo_ir::catalogue::lookup(name).is_some_and(|d| d.is_elementwise())
}

/// The lowering of an xhlo op (name without prefix), if one exists: its family's table, or
/// the element-wise lowering for the catalogue's element-wise ops.
pub fn lowering_for(name: &str) -> Option<LowerFn> {
    let tabled = FAMILIES.iter().flat_map(|f| f.iter()).find(|(n, _)| *n == name).map(|(_, f)| *f);
    tabled.or_else(|| is_elementwise(name).then_some(elementwise::elementwise as LowerFn))
}

/// Every op with a lowering.
pub fn lowered_ops() -> impl Iterator<Item = &'static str> {
    let tabled = FAMILIES.iter().flat_map(|f| f.iter()).map(|(n, _)| *n);
    tabled.chain(xhlo_ir::catalogue::all().filter(|d| d.is_elementwise()).map(|d| d.name))
}

/// Why an xhlo op is not lowered, as users are told (`unsupported in lowering: xhlo.<op>: ...`).
pub fn unsupported_message(name: &str) -> String {
    match xhlo_ir::catalogue::lookup(name).map(|d| d.lowering) {
        Some(xhlo_ir::op::Lowering::Unsupported(reason)) => format!("unsupported in lowering: xhlo.{name}: {reason}"),
        _ => format!("unsupported in lowering: xhlo.{name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xhlo_ir::op::Lowering;

    /// Every catalogue op has a lowering, or the catalogue says why not (and then it has none).
    #[test]
    fn every_catalogue_op_is_lowered_or_unsupported_with_a_reason() {
        for def in xhlo_ir::catalogue::all() {
            match def.lowering {
                Lowering::Supported => assert!(lowering_for(def.name).is_some(), "xhlo.{} has no lowering and no reason", def.name),
                Lowering::Unsupported(reason) => {
                    assert!(lowering_for(def.name).is_none(), "xhlo.{} is lowered but marked unsupported", def.name);
                    assert!(!reason.is_empty());
                    assert!(unsupported_message(def.name).ends_with(reason));
                }
            }
        }
        let mut names: Vec<_> = lowered_ops().collect();
        let before = names.len();
        names.sort();
        names.dedup();
        assert_eq!(before, names.len(), "an op is lowered twice");
        assert!(names.iter().all(|n| xhlo_ir::catalogue::lookup(n).is_some()), "a lowering names no catalogue op");
    }
}

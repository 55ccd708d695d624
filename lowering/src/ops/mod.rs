//! xhlo op → lowering, looked up by name. Each family module lists its ops in a table next
//! to the functions that lower them (as the catalogue lists definitions next to shape rules).

use crate::convert::Ctx;
use mlir_text::ast::Op;

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

/// The lowering of an xhlo op (name without prefix), if one exists.
pub fn lowering_for(name: &str) -> Option<LowerFn> {
    FAMILIES.iter().flat_map(|f| f.iter()).find(|(n, _)| *n == name).map(|(_, f)| *f)
}

/// Every op with a lowering.
pub fn lowered_ops() -> impl Iterator<Item = &'static str> {
    FAMILIES.iter().flat_map(|f| f.iter()).map(|(n, _)| *n)
}

//! Custom (pretty) assembly forms of StableHLO, CHLO and check ops, as JAX and the StableHLO
//! test suite print them, plugged into [`mlir_text`]'s parser. Each parser starts after the op
//! name (results and position are already in `op`) and fills the generic fields (operands,
//! properties, regions, types), so the rest of the importer sees one form whatever the input
//! was.
//!
//! The forms are split by shape: [`simple`] holds ops whose assembly is operands, a few
//! keywords and a type list; [`structured`] holds ops with regions or structured attributes.

use mlir_text::parser::CustomParser;

mod simple;
mod structured;

/// The parser of `op_name`'s custom form, if it is a StableHLO, CHLO or check op with one. This
/// is the [`mlir_text::CustomForms`] that [`crate::parse_file`] gives the generic parser; an
/// op with no known custom form is a located error there.
pub fn parser_for(op_name: &str) -> Option<CustomParser> {
    simple::parser_for(op_name).or_else(|| structured::parser_for(op_name))
}

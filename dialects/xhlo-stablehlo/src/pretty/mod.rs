//! Custom (pretty) assembly forms of StableHLO, CHLO and check ops, as JAX and the StableHLO
//! test suite print them. Each parser starts after the op name (results and position are
//! already in `op`) and fills the generic fields (operands, properties, regions, types), so
//! the rest of the importer sees one form whatever the input was.
//!
//! The forms are split by shape: [`simple`] holds ops whose assembly is operands, a few
//! keywords and a type list; [`structured`] holds ops with regions or structured attributes.

use crate::ast::Op;
use crate::error::{ParseError, Result};
use crate::parser::Parser;

mod simple;
mod structured;

/// A custom-form parser: continues after the op name.
pub type CustomParser = fn(&mut Parser, Op) -> Result<Op>;

/// Parses the custom form of `op.name`; an op with no known custom form is a located error.
pub fn parse(p: &mut Parser, op: Op) -> Result<Op> {
    match simple::parser_for(&op.name).or_else(|| structured::parser_for(&op.name)) {
        Some(parse) => parse(p, op),
        None => Err(ParseError::new(
            op.pos,
            format!(
                "unsupported op '{}' in custom (pretty) form; its generic form \"{}\"(...) : (...) -> ... is accepted",
                op.name, op.name
            ),
        )),
    }
}

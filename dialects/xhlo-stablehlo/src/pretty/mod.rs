//! Custom (pretty) assembly forms of StableHLO, CHLO and check ops, as JAX and the StableHLO
//! test suite print them. Each parser starts after the op name (results and position are
//! already in `op`) and fills the generic fields, so the rest of the importer sees one form.

use crate::ast::*;
use crate::error::Result;
use crate::parser::Parser;

/// Parses the custom form of `op.name`; an op with no known custom form is an error that
/// says so.
pub fn parse(_p: &mut Parser, op: Op) -> Result<Op> {
    match op.name.as_str() {
        _ => Err(crate::error::ParseError::new(
            op.pos,
            format!("unsupported op '{}' in custom (pretty) form; the generic form \"{}\"(...) is accepted", op.name, op.name),
        )),
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use xhlo_ir::catalogue;
    use xhlo_ir::op::Syntax;

    /// Every import source of a catalogue op has a pretty parser exactly when the catalogue
    /// gives it a pretty syntax.
    #[test]
    fn catalogue_syntax_matches_the_parsers() {
        for def in catalogue::all() {
            for source in def.import_names() {
                let parses = simple::parser_for(&source).or_else(|| structured::parser_for(&source)).is_some();
                assert_eq!(parses, def.syntax != Syntax::Generic, "{source} (xhlo.{}) has syntax {:?}", def.name, def.syntax);
            }
        }
    }

    /// The parsers' own name lists hold only ops that are no catalogue op's import source.
    #[test]
    fn local_lists_do_not_repeat_the_catalogue() {
        for (dialect, names) in simple::LOCAL_LISTS {
            for name in *names {
                let source = format!("{dialect}.{name}");
                assert!(catalogue::imported_from(&source).is_none(), "{source} is in the catalogue: list it there only");
            }
        }
    }
}

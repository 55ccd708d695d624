//! # xhlo-stablehlo: StableHLO text in and out
//!
//! StableHLO as JAX prints it (pretty form) or in MLIR's generic form is read with the
//! [`mlir_text`] parser, into its syntax tree; this crate adds only what is StableHLO's own:
//!
//! - [`pretty`]: the custom assembly of each StableHLO/CHLO/check op, plugged into the generic
//!   parser by [`parse_file`];
//! - [`import`]: StableHLO (and CHLO, `check.*`) → xhlo, on the syntax tree, with located
//!   errors;
//! - [`export`]: xhlo → StableHLO text (pretty where StableHLO prints pretty), accepted by
//!   jaxlib's parser.
//!
//! Pure Rust: no MLIR needed. The generic form itself (tree, lexer, parser, printer) is
//! `mlir-text`'s, shared with the lowering and the passes.

pub mod export;
pub mod import;
pub mod pretty;

use mlir_text::{ast::File, ParseError};

/// Parses MLIR text whose ops may use the StableHLO, CHLO and check custom forms (as well as
/// the generic form and the `builtin`/`func` forms [`mlir_text::parse_file`] reads).
pub fn parse_file(text: &str) -> Result<File, ParseError> {
    mlir_text::parse_file_with(text, &pretty::parser_for)
}

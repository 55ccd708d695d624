//! # mlir-text: MLIR's generic textual form in pure Rust
//!
//! `mlir-text` reads and writes MLIR text without linking MLIR. Every operation of every
//! dialect has one generic spelling,
//!
//! ```text
//! %0:2 = "dialect.op"(%a, %b) <{props}> ({ regions }) {attrs} : (types) -> (types) loc(...)
//! ```
//!
//! and this crate holds that form, with the builtin types and attributes, as a syntax tree
//! that tools can walk and rewrite. The xhlo compiler uses it in three places: the StableHLO
//! importer and exporter read and write it, the lowering reads xhlo and writes linalg through
//! it, and the e-graph passes convert function bodies to and from it.
//!
//! ## Modules
//!
//! - [`ast`]: the syntax tree — [`ast::Op`] with its results, operands, properties,
//!   attributes, regions and types, [`ast::Type`], [`ast::Attribute`], blocks and regions.
//!   Values are named as written; nothing is resolved.
//! - [`lexer`]: MLIR's token stream (MLIR's own `Lexer`, in Rust).
//! - [`parser`]: a recursive-descent [`parser::Parser`] whose methods mirror MLIR's
//!   `OpAsmParser`: the generic operation form, builtin types and attributes, aliases,
//!   locations, and the pretty forms of `builtin.module` and the `func` dialect (`func.func`,
//!   `func.return`, `func.call`, plus `gpu.yield`).
//! - [`print`](mod@print): the generic printer; every op gets a `loc("file":line:col)` naming its source
//!   position, so that diagnostics on printed text point back at the text that was read
//!   ([`print::Style`] leaves locations out and writes `module`/`func.func`/`return` in their
//!   pretty forms; the pieces of an op are public so that a writer can stream its regions).
//! - [`error`]: [`Pos`] and the located [`ParseError`] (`line:col: message`).
//! - [`memref`]: the `memref` type's spelling read into shape, element type and strided layout.
//!
//! ## Dialect custom forms
//!
//! Any other op written in its pretty (custom assembly) form needs its dialect's parser.
//! Dialects plug theirs in through [`parser::CustomForms`] (a lookup from op name to a
//! [`parser::CustomParser`] that continues after the op name, using the `Parser`'s
//! `OpAsmParser`-like methods): [`parser::parse_file_with`] or
//! [`parser::Parser::with_custom_forms`]. Plain [`parser::parse_file`] knows no dialect and
//! rejects such an op with a located error that names its generic form. The StableHLO, CHLO and
//! check forms live in the `xhlo-stablehlo` crate, which is how this crate stays free of any
//! dialect: it depends on no xhlo crate.
//!
//! ## Why a crate of its own
//!
//! The syntax tree is shared by the importer, the lowering and the passes; none of them should
//! depend on StableHLO to get it. It is also the one place that spells the generic form: the
//! other writers of MLIR text build the tree and print it, or call [`print`](mod@print)'s
//! functions instead of keeping copies (the lowering's typed emitter and `xhlo-ir`'s printer of
//! its builder IR print whole ops; the StableHLO exporter and the e-graph conversion use it for
//! types, attributes and dictionaries).

pub mod ast;
pub mod error;
pub mod lexer;
pub mod memref;
pub mod parser;
pub mod print;

pub use error::{ParseError, Pos};
pub use parser::{parse_file, parse_file_with, CustomForms, CustomParser, Parser};

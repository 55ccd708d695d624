//! # xhlo-stablehlo: StableHLO text in and out
//!
//! A real MLIR text parser ([`lexer`], [`parser`]) reads StableHLO as JAX prints it (pretty
//! form) or in MLIR's generic form into a syntax tree ([`ast`]); the custom assembly of each
//! StableHLO/CHLO/check op is in [`pretty`]. The tree is printed back in generic form with
//! source locations ([`print`]). [`import`] turns StableHLO into xhlo and [`export`] turns xhlo
//! back into StableHLO text. Pure Rust: no MLIR needed.

pub mod ast;
pub mod error;
pub mod export;
pub mod import;
pub mod lexer;
pub mod parser;
pub mod pretty;
pub mod print;

pub use error::{ParseError, Pos};

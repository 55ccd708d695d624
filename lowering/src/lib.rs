//! # xhlo-lowering: xhlo → linalg on tensors
//!
//! `convert-xhlo-to-linalg` as a text-to-text translation in pure Rust: the module (as MLIR
//! prints it) is read into the generic syntax tree of [`mlir_text`], each xhlo op is lowered by
//! the entry of [`ops::lowering_for`] for its name, and the result is MLIR text in upstream
//! dialects (linalg, tensor, arith, math, complex, func) that MLIR parses and lowers further.
//! [`pipeline`] names the upstream passes from there to the LLVM dialect.

pub mod build;
pub mod convert;
pub mod emitter;
pub mod entry;
pub mod ops;
pub mod pipeline;
pub mod region;
pub mod scalar;
#[cfg(test)]
mod testing;
pub mod types;

pub use convert::{lower_file, lower_file_with, lower_text, lower_text_with, LowerOptions};

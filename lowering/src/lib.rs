//! # xhlo-lowering: xhlo → linalg on tensors
//!
//! `convert-xhlo-to-linalg` as a text-to-text translation in pure Rust: the module (as MLIR
//! prints it) is read into the generic syntax tree of [`mlir_text`], each xhlo op is lowered by
//! the entry of [`ops::lowering_for`] for its name, and the result is MLIR text in upstream
//! dialects (linalg, tensor, arith, math, complex, func) that MLIR parses and lowers further.
//! [`pipeline`] names the upstream passes from there to the LLVM dialect.
//!
//! ## Writing ops
//!
//! Lowerings write ops through the typed emitter of [`build`]: an op is an
//! [`mlir_text::ast::Op`] built from typed [`build::Value`]s, and the [`emitter::Emitter`]
//! names its results, gives it the location of the xhlo op being lowered and prints it with
//! mlir-text's printer (generic form). New lowerings use it from the start. The files on it:
//! `ops/control_flow.rs`, `ops/misc.rs`, `ops/normalization.rs`, `ops/sorting.rs`,
//! `ops/indexing.rs`, `ops/data_movement.rs` and `ops/random.rs` (with the typed helpers of
//! [`ops::common::typed`]). Still on `format!`-built string lines ([`emitter::Emitter::line`]
//! and the string helpers of [`emitter`] and [`ops::common`]), to move as each is next touched:
//! `ops/elementwise.rs`, `ops/reduction.rs`, `ops/linalg.rs`, `ops/linalg/dot_tiled.rs`,
//! `ops/fusion.rs`, [`scalar`] and [`region`] (loop-body scalar code), and the driver's
//! `func.func`/`func.return`/`func.call` ([`convert`]) and entry wrapper ([`entry`]). Both kinds
//! share one function body, and a built op's regions may hold either.

pub mod build;
pub mod chunks;
pub mod convert;
pub mod emitter;
pub mod entry;
pub mod host;
pub mod libdevice;
pub mod ops;
pub mod pipeline;
pub mod region;
pub mod scalar;
#[cfg(test)]
mod testing;
pub mod types;

pub use convert::{lower_file, lower_file_with, lower_text, lower_text_with, LowerOptions};

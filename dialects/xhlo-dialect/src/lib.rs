//! # xhlo-dialect: the xhlo dialect inside MLIR
//!
//! The op catalogue ([`xhlo_ir`]) becomes a real MLIR dialect here: its IRDL module is loaded
//! into a melior [`Context`](melior::Context) at run time ([`context`]), sources are parsed
//! with their file names so every diagnostic is located ([`source`], [`diagnostics`]), and
//! each xhlo op is read back into the catalogue's model ([`reader`]) and checked by its shape
//! rule ([`verifier`]). IRDL itself only checks counts and kinds; shapes are ours.

pub mod context;
pub mod diagnostics;
pub mod jit;
pub mod reader;
pub mod source;
pub mod verifier;

pub use context::XhloContext;
pub use diagnostics::{Diagnostic, Severity};

//! # xhlo-ir: the xhlo op catalogue in pure Rust
//!
//! XLA's operation set (the seeds in `shared/seeds/`) described as data: element types and
//! shapes ([`types`]), attribute values ([`attrs`]), one [`op::OpDef`] per op with its shape
//! rule ([`catalogue`], [`ops`]), the structural verifier ([`verify`]), and the IRDL module the
//! MLIR side loads ([`irdl`]). Nothing here links MLIR, so it builds and tests in seconds.

pub mod attrs;
pub mod builder;
pub mod catalogue;
pub mod irdl;
pub mod literal;
pub mod op;
pub mod ops;
pub mod syntax;
pub mod testing;
pub mod types;
pub mod verify;

pub use attrs::{Attr, Attrs};
pub use op::{OpDef, OpView, RegionSig};
pub use types::{ElementType, TensorType, Type};

//! # xhlo-passes: transformations on xhlo, usable from any melior pass manager
//!
//! Each pass is declared once ([`pass::PassInfo`]: argument, summary, options) and registered
//! in [`registry`]. [`pipeline`] reads mlir-opt's textual pipeline syntax and mixes our passes
//! with upstream MLIR passes in one `PassManager`; [`jit`] is the runtime's pipeline
//! (`xhlo-jit`), every setting of a compilation one of its options. Because IRDL ops carry
//! no traits, upstream `cse`/`canonicalize` cannot touch xhlo ops: [`dce`] and [`cse`] do
//! that work here. The passes that rewrite function bodies in Rust ([`eqsat`], [`fuse`])
//! print the module, work on [`mlir_text`]'s generic syntax tree and print it back for MLIR
//! to parse.

pub mod affine_text;
pub mod ast_walk;
pub mod cost;
pub mod cse;
pub mod dce;
pub mod dump;
pub mod effects;
pub mod eqsat;
pub mod fuse;
pub mod gpu_dots;
pub mod gpu_loops;
pub mod gpu_split_reductions;
pub mod inline;
pub mod jit;
pub mod lowering;
pub mod pass;
pub mod pipeline;
pub mod plan_graph;
pub mod registry;
pub mod row_fusion;
pub mod sibling_reductions;
pub mod verify;

pub use pass::{PassInfo, XhloPass};
pub use pipeline::{build_pass_manager, build_pass_manager_verified, build_pass_manager_with, Verification};

//! # xhlo: a compiler for XLA's HLO operation set, built on MLIR
//!
//! One dependency for library users. The layers, bottom up:
//! - [`mlir_text`]: MLIR's generic textual form (syntax tree, parser, located printer).
//! - [`ir`]: the op catalogue in pure Rust (types, attributes, shape rules, IRDL text).
//! - [`dialect`]: the xhlo dialect inside MLIR (loading, located verification).
//! - [`passes`]: transformations, usable from any melior `PassManager`.
//! - [`opt`]: the `xla-opt` driver as a library call.
//!
//! ```no_run
//! use xhlo::{dialect::{source, XhloContext}, opt};
//! let ctx = XhloContext::new();
//! let text = r#"func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {
//!   %0 = "xhlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
//!   return %0 : tensor<2xf32>
//! }"#;
//! let module = source::parse_and_verify(&ctx, text, "f.mlir").expect("valid");
//! let out = opt::run(&opt::Options { pipeline: Some("xhlo-cse".into()), ..Default::default() }, text, "f.mlir");
//! assert!(out.success);
//! ```

pub use mlir_text;
pub use xhlo_dialect as dialect;
pub use xhlo_ir as ir;
pub use xhlo_lowering as lowering;
pub use xhlo_passes as passes;
pub use xhlo_stablehlo as stablehlo;
// `.npy` files and the workloads live in pure Rust (xhlo-io) for runtimes without MLIR.
pub use xhlo_io::{npy, summary, workloads};

pub mod check;
pub mod collective;
pub mod feed;
pub mod gemm;
pub mod gpu_bundle;
pub mod gpu_suite;
pub mod import;
pub mod interpreter_print;
pub mod limits;
pub mod mpi;
pub mod opt;
pub mod parallel;
pub mod report;
pub mod runtime;
pub mod source_file;
pub mod verify_diagnostics;

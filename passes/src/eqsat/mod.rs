//! Equality saturation over xhlo with [egg](https://docs.rs/egg).
//!
//! - [`language`]: the e-graph language (xhlo ops, attributes as leaf children, opaque leaves).
//! - [`analysis`]: types from the catalogue's shape rules, small constant values, folding.
//! - [`convert`]: function body ↔ e-graph.
//! - [`extract`]: DAG-aware greedy extraction by the cost model of [`crate::cost`].
//! - [`kernel`]: fused kernels (`fusion` e-nodes): their definition, body and flops.
//! - [`rules`]: the rule catalogue by topic.
//! - [`explain`]: egg's explanations of the rewrites (`explain=true`, `--eqsat-explain`).
//! - [`pass`]: the `xhlo-eqsat` pass (limits, phases, statistics).

pub mod analysis;
pub mod convert;
pub mod explain;
pub mod extract;
pub mod kernel;
pub mod language;
pub mod pass;
pub mod rules;

pub use pass::{optimize_file, optimize_file_quietly, optimize_text, Eqsat, EqsatOptions, Stats};

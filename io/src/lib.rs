//! Arrays in and out of xhlo programs, in pure Rust: `.npy` files, the workloads' generated
//! inputs and their checksums, and the one-line summary of a result. Kept apart from the
//! MLIR-linked facade so that runtimes without MLIR (`xhlo-gpu-run`) read and write the same
//! files and print the same lines as `xla-run`; the facade re-exports the modules as
//! `xhlo::npy`, `xhlo::workloads` and `xhlo::summary`.

pub mod npy;
pub mod summary;
pub mod workloads;

//! # xhlo-gpu-run: run an xhlo GPU bundle with the CUDA driver alone
//!
//! `xla-opt --emit=gpu-bundle` compiles a program to a bundle (PTX and a launch plan, see
//! [`xhlo_gpu_bundle`]); this crate runs it where there is an NVIDIA driver but no MLIR and
//! no CUDA toolkit. The driver library is opened at run time, so the crate builds anywhere
//! and reports a missing driver as an error, not a failure to start.
//!
//! ```no_run
//! use xhlo_gpu_run::{LoadedBundle, Runtime};
//! let bundle = xhlo_gpu_bundle::Bundle::from_bytes(&std::fs::read("mlp.gpub")?)?;
//! let runtime = Runtime::new(0)?;
//! println!("{}", runtime.info);
//! let mut loaded = LoadedBundle::new(&runtime, bundle)?;
//! let inputs: Vec<_> = loaded.signature.inputs.iter().enumerate().map(|(k, t)| xhlo_io::npy::random_input(t, k as u64)).collect();
//! for result in loaded.run_literals(&inputs)? {
//!     println!("{}", xhlo_io::summary::of(&result));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`driver`]: the driver library, the device, its context and stream ([`Runtime`]).
//! - [`loaded`]: a bundle's modules, buffers and steps on the device ([`LoadedBundle`]).
//! - [`params`]: kernel parameters in MLIR's GPU calling convention.
//! - [`signature`]: the bundle's tensor types, and literals moved into their layouts.
//! - [`bench`]: timing statistics and the JSON report.

pub mod bench;
pub mod driver;
pub mod error;
pub mod loaded;
pub mod params;
pub mod signature;

pub use bench::{BenchOptions, BenchReport, Stats};
pub use driver::{DeviceInfo, Runtime};
pub use error::GpuError;
pub use loaded::LoadedBundle;
pub use signature::Signature;

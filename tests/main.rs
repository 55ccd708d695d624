//! The integration suite, one binary (MLIR links statically: each test binary costs a
//! ~200 MB link). Each module is one concern; data-driven suites read their cases from files
//! so a case is added by adding a file.

mod builder_in_mlir;
mod chlo_accuracy;
mod cli;
mod collectives;
mod concat_pad;
mod conv_gemm;
mod dot_tiled;
mod eqsat_soundness;
mod export_and_gpu;
mod feed;
mod fusion_plan_dot;
mod fuzz_pipeline;
mod gathers;
mod gpu_bundle;
mod import_corpus;
mod irdl_plugin;
mod layouts;
mod math_accuracy;
mod melior_passes;
mod mlir_opt_plugin;
mod pass_snapshots;
mod random;
mod readme_examples;
mod reductions;
mod run_files;
mod row_fusion;
mod runtime;
mod stablehlo_suite;
mod support;
mod transposes;
mod verify_files;
mod workloads;

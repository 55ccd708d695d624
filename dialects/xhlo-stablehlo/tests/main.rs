//! Corpus tests over ../shared: the StableHLO test suite and the JAX workloads.

mod corpus;
mod dense_norm;
mod export;
mod forms;
mod fuzz;
mod import;

//! Corpus tests over ../shared: the StableHLO test suite and the JAX workloads.

mod corpus;
mod forms;
mod import;

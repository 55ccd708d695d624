//! Unit tests of the importer: small StableHLO text in, expected xhlo text out.

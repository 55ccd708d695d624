//! Helpers for shape-rule tests: ops written with MLIR type and attribute spellings.
//!
//! ```
//! use xhlo_ir::testing::infer;
//! let r = infer("add", &["tensor<2xf32>", "tensor<2xf32>"], "{}", &[], &[]);
//! assert_eq!(r.unwrap(), vec!["tensor<2xf32>".to_string()]);
//! ```

use crate::attrs::{Attr, Attrs};
use crate::catalogue;
use crate::op::RegionSig;
use crate::types::Type;
use crate::verify::{self, OpInstance};

/// Parses a list of types.
pub fn types(texts: &[&str]) -> Vec<Type> {
    texts.iter().map(|t| Type::parse(t).unwrap_or_else(|e| panic!("bad type `{t}`: {e}"))).collect()
}

/// Parses a dictionary attribute `{a = ..., b = ...}` into named attributes.
pub fn attrs(text: &str) -> Attrs {
    match Attr::parse(text).unwrap_or_else(|e| panic!("bad attributes `{text}`: {e}")) {
        Attr::Dict(map) => map,
        other => panic!("expected a dictionary, got {other}"),
    }
}

/// A single-block region from argument and yielded type spellings.
pub fn region(args: &[&str], yields: &[&str]) -> RegionSig {
    RegionSig::new(types(args), types(yields))
}

/// Runs the full verifier on an op with the given declared results; `Err` carries the
/// diagnostic text.
pub fn verify(op: &str, operands: &[&str], attrs_text: &str, regions: &[RegionSig], results: &[&str]) -> Result<(), String> {
    let def = catalogue::lookup(op).unwrap_or_else(|| panic!("no op xhlo.{op}"));
    let (operands, attrs, results) = (types(operands), attrs(attrs_text), types(results));
    verify::verify(def, &OpInstance { operands: &operands, attrs: &attrs, regions, results: &results })
}

/// Runs only the shape rule and prints the result types. `results` are the declared result
/// types that ops like reshape need; pass `&[]` where the rule needs none.
pub fn infer(op: &str, operands: &[&str], attrs_text: &str, regions: &[RegionSig], results: &[&str]) -> Result<Vec<String>, String> {
    let def = catalogue::lookup(op).unwrap_or_else(|| panic!("no op xhlo.{op}"));
    let (operands, attrs, results) = (types(operands), attrs(attrs_text), types(results));
    let instance = OpInstance { operands: &operands, attrs: &attrs, regions, results: &results };
    Ok(verify::infer(def, &instance)?.iter().map(|t| t.to_string()).collect())
}

//! Test helpers: lower a one-op function written inline.

use crate::convert::{lower_text_with, LowerOptions};

/// The options of every lowering test: AVX2's 32-byte vectors whatever the host, so the
/// lowered text (and the snapshots) do not depend on the machine the tests run on.
pub fn options() -> LowerOptions {
    LowerOptions { vector_bytes: 32, ..Default::default() }
}

fn lower_text(text: &str, file: &str) -> Result<String, mlir_text::error::ParseError> {
    lower_text_with(text, file, &options())
}

/// Lowers `func.func @main(args) -> result` whose body is `body` followed by returning `%r`.
pub fn lower(args: &str, body: &str, result: &str) -> Result<String, String> {
    let text = format!("func.func @main({args}) -> {result} {{\n{body}\n  return %r : {result}\n}}\n");
    lower_text(&text, "t.mlir").map_err(|e| e.to_string())
}

/// [`lower`], which must succeed, without locations (they make snapshots noisy).
pub fn lower_ok(args: &str, body: &str, result: &str) -> String {
    let out = lower(args, body, result).unwrap_or_else(|e| panic!("lowering failed: {e}"));
    out.lines().map(|l| l.split(" loc(").next().unwrap()).collect::<Vec<_>>().join("\n")
}

/// Lowers a module in generic form whose body (functions) is `body`.
pub fn lower_module(body: &str) -> String {
    let text = format!("\"builtin.module\"() ({{\n{body}\n}}) : () -> ()\n");
    lower_text(&text, "t").map_err(|e| e.to_string()).unwrap()
}

/// The error of lowering the module of [`lower_module`].
pub fn lower_module_err(body: &str) -> String {
    let text = format!("\"builtin.module\"() ({{\n{body}\n}}) : () -> ()\n");
    lower_text(&text, "t").unwrap_err().to_string()
}

/// Strips `loc(...)` suffixes to keep snapshots short.
pub fn strip(s: &str) -> String {
    s.lines().map(|l| l.split(" loc(").next().unwrap().trim_end()).collect::<Vec<_>>().join("\n")
}

/// Lowers the source text `text`, which must succeed.
pub fn lower_source(text: &str) -> String {
    lower_text(text, "t.mlir").unwrap_or_else(|e| panic!("{e:?}"))
}

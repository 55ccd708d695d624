//! Test helpers: lower a one-op function written inline.

use crate::convert::lower_text;

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

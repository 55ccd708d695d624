//! How the tools print an error: a located diagnostic (`file:line:col: error: ...`) as it
//! is, so each error carries exactly one prefix; anything else after the tool's name.

/// The text to print for `message`, an error of tool `tool` (`xla-run`, `xla-opt`).
pub fn error_text(tool: &str, message: &str) -> String {
    let first = message.lines().next().unwrap_or("");
    if is_located(first) {
        message.to_string()
    } else {
        format!("{tool}: error: {message}")
    }
}

/// `file:line:col: error: ...` (or `warning`/`note`), with numeric line and column.
fn is_located(line: &str) -> bool {
    let Some(i) = line.find(": error: ").or_else(|| line.find(": warning: ")) else { return false };
    let mut parts = line[..i].rsplitn(3, ':');
    let col = parts.next().unwrap_or("");
    let row = parts.next().unwrap_or("");
    let file = parts.next().unwrap_or("");
    !file.is_empty() && !row.is_empty() && !col.is_empty() && row.bytes().all(|b| b.is_ascii_digit()) && col.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::error_text;

    #[test]
    fn located_diagnostics_keep_their_one_prefix() {
        assert_eq!(error_text("xla-run", "a.mlir:2:8: error: bad"), "a.mlir:2:8: error: bad");
        assert_eq!(error_text("xla-run", "no function @main"), "xla-run: error: no function @main");
        assert_eq!(error_text("xla-opt", "x: error: y"), "xla-opt: error: x: error: y");
    }
}

//! Input detection: StableHLO (pretty or generic) is imported into xhlo; xhlo text passes
//! through unchanged.

/// Whether `text` holds StableHLO or CHLO ops (as opposed to xhlo).
pub fn is_stablehlo(text: &str) -> bool {
    text.contains("stablehlo.") || text.contains("chlo.")
}

/// xhlo generic text for `text`: imported when it is StableHLO, unchanged otherwise.
/// Import errors are located (`file:line:col: error: ...`).
pub fn to_xhlo_text(text: &str, file: &str) -> Result<String, String> {
    if !is_stablehlo(text) {
        return Ok(text.to_string());
    }
    Err(format!("{file}: error: unsupported: StableHLO input (the importer is not built yet)"))
}

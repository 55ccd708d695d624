//! Input detection: StableHLO (pretty or generic, as JAX prints it) is imported into xhlo
//! generic text carrying the source's locations; xhlo text passes through unchanged.

/// Whether `text` holds StableHLO or CHLO ops (as opposed to xhlo).
pub fn is_stablehlo(text: &str) -> bool {
    text.contains("stablehlo.") || text.contains("chlo.")
}

/// xhlo generic text for `text`: imported when it is StableHLO, unchanged otherwise.
/// Import errors are located: `file:line:col: error: ...`, one line each.
pub fn to_xhlo_text(text: &str, file: &str) -> Result<String, String> {
    if !is_stablehlo(text) {
        return Ok(text.to_string());
    }
    match crate::stablehlo::import::import_text(text) {
        Ok(imported) => Ok(mlir_text::print::print_file(&imported, file)),
        Err(errors) => Err(errors.iter().map(|e| e.in_file(file)).collect::<Vec<_>>().join("\n")),
    }
}

//! Parsing source text into a verified module, with file names in every location, and
//! mlir-opt's `// -----` input splitting.

use crate::context::XhloContext;
use crate::diagnostics::Diagnostic;
use crate::verifier;
use melior::ir::{block::BlockLike, Location, Module, Operation};
use melior::StringRef;

/// One chunk of a split input file: its text, padded with blank lines so that line numbers
/// match the original file.
pub struct Chunk {
    pub text: String,
    /// 1-based line of the chunk's first line in the original file.
    pub first_line: usize,
}

/// Splits on lines holding the marker `// -----`, like `mlir-opt --split-input-file` (which
/// also splits on `// // -----`).
pub fn split_input(text: &str) -> Vec<Chunk> {
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut first_line = 1;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if line.trim_end().ends_with("// -----") && line.trim_start().starts_with("//") {
            chunks.push(Chunk { text: std::mem::take(&mut current), first_line });
            first_line = i + 2;
            current = "\n".repeat(i + 1);
        } else {
            current.push_str(line);
        }
    }
    chunks.push(Chunk { text: current, first_line });
    chunks
}

/// Parses `text` as a module named `filename` and runs MLIR's verifier (which includes the
/// IRDL constraints) and then the xhlo shape verifier. Either all diagnostics, or the module.
pub fn parse_and_verify<'c>(
    ctx: &'c XhloContext,
    text: &str,
    filename: &str,
) -> Result<Module<'c>, Vec<Diagnostic>> {
    let module = parse(ctx, text, filename)?;
    let errors = verifier::verify_module(&module);
    if errors.is_empty() {
        Ok(module)
    } else {
        Err(errors)
    }
}

/// Parses without the xhlo shape verifier (MLIR's own verifier, with the IRDL constraints,
/// still runs). Like mlir-opt, a file of several top-level ops is wrapped in a module, and a
/// single non-module op is moved into one.
pub fn parse<'c>(ctx: &'c XhloContext, text: &str, filename: &str) -> Result<Module<'c>, Vec<Diagnostic>> {
    ctx.take_diagnostics();
    let mut op = create_parse(ctx, text, filename);
    let mut diagnostics = ctx.take_diagnostics();
    if op.ptr.is_null() && diagnostics.iter().any(|d| d.message.contains("single top-level operation")) {
        // Wrap on the first line so that line numbers stay those of the file.
        op = create_parse(ctx, &format!("module {{{text}\n}}"), filename);
        diagnostics = ctx.take_diagnostics();
    }
    if op.ptr.is_null() {
        return Err(if diagnostics.is_empty() {
            vec![Diagnostic::error(None, format!("{filename}: could not parse the input"))]
        } else {
            diagnostics
        });
    }
    let module = unsafe { mlir_sys::mlirModuleFromOperation(op) };
    if !module.ptr.is_null() {
        return Ok(unsafe { Module::from_raw(module) });
    }
    let wrapper = Module::new(Location::unknown(ctx.context()));
    wrapper.body().append_operation(unsafe { Operation::from_raw(op) });
    Ok(wrapper)
}

fn create_parse(ctx: &XhloContext, text: &str, filename: &str) -> mlir_sys::MlirOperation {
    unsafe {
        mlir_sys::mlirOperationCreateParse(
            ctx.context().to_raw(),
            StringRef::new(text).to_raw(),
            StringRef::new(filename).to_raw(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_keeps_line_numbers() {
        let chunks = split_input("a\n// -----\nb\nc\n  // -----  \nd");
        assert_eq!(chunks.len(), 3);
        assert_eq!(chunks[1].first_line, 3);
        assert_eq!(chunks[1].text, "\n\nb\nc\n");
        assert_eq!(chunks[2].text.lines().nth(5), Some("d"));
    }
}

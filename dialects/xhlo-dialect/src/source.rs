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

/// The deepest nesting of brackets (`(`, `[`, `{`, `<`) the text may hold. MLIR's parser
/// recurses once per level and has no limit of its own: an attribute 100,000 brackets deep
/// overflowed the stack. Real programs stay far below (regions, types and dense literals
/// nest a few dozen levels).
pub const MAX_NESTING: usize = 256;

/// A located error at the first bracket nested deeper than [`MAX_NESTING`], if any. Strings
/// and `//` comments are skipped; the `>` of `->` closes nothing.
fn too_deep(text: &str, filename: &str) -> Option<Diagnostic> {
    let bytes = text.as_bytes();
    let (mut depth, mut line, mut line_start, mut i) = (0usize, 1usize, 0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                line += 1;
                line_start = i + 1;
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                while i + 1 < bytes.len() && bytes[i + 1] != b'\n' {
                    i += 1;
                }
            }
            b'(' | b'[' | b'{' | b'<' => {
                depth += 1;
                if depth > MAX_NESTING {
                    let column = text[line_start..i].chars().count() + 1;
                    let pos = crate::diagnostics::SourcePos { file: filename.to_string(), line, column };
                    return Some(Diagnostic::error(Some(pos), format!("nesting too deep (more than {MAX_NESTING} levels of brackets)")));
                }
            }
            b'>' if i > 0 && bytes[i - 1] == b'-' => {}
            b')' | b']' | b'}' | b'>' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    None
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
    if let Some(d) = too_deep(text, filename) {
        return Err(vec![d]);
    }
    ctx.take_diagnostics();
    let mut op = create_parse(ctx, text, filename);
    let mut diagnostics = ctx.take_diagnostics();
    if op.ptr.is_null() && diagnostics.iter().any(|d| d.message.contains("single top-level operation")) {
        op = create_parse(ctx, &wrap_in_module(text), filename);
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

/// `text` with its top-level ops inside `module { ... }`. Attribute and type alias
/// definitions (`#map = ...`, `!t = ...`) must stay outside: the module opens at the end of
/// the last of them (or at the start of the file), so every position in the file keeps its
/// line and column.
fn wrap_in_module(text: &str) -> String {
    let is_alias = |l: &&str| l.starts_with('#') || l.starts_with('!');
    let lines: Vec<&str> = text.split('\n').collect();
    let first_op = lines.iter().position(|l| {
        let t = l.trim_start();
        !(t.is_empty() || t.starts_with("//") || is_alias(&t))
    });
    match lines[..first_op.unwrap_or(0)].iter().rposition(is_alias) {
        Some(last_alias) => {
            let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            out[last_alias].push_str(" module {");
            format!("{}\n}}", out.join("\n"))
        }
        None => format!("module {{{text}\n}}"),
    }
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

    #[test]
    fn several_top_level_ops_are_wrapped_after_the_alias_definitions() {
        use melior::ir::operation::OperationLike;
        let text = "// two functions\n#id = affine_map<(d0) -> (d0)>\nfunc.func @f() {\n  return\n}\nfunc.func @g() {\n  return\n}";
        let wrapped = wrap_in_module(text);
        assert!(wrapped.starts_with("// two functions\n#id = affine_map<(d0) -> (d0)> module {\nfunc.func @f()"), "{wrapped}");
        assert_eq!(wrapped.lines().count(), text.lines().count() + 1);
        let ctx = XhloContext::new();
        let module = parse(&ctx, text, "two.mlir").expect("two functions and an alias parse");
        assert_eq!(module.body().first_operation().map(|o| o.name().as_string_ref().as_str().unwrap().to_string()), Some("func.func".into()));
        assert!(wrap_in_module("func.func @f() {\n}\n").starts_with("module {func.func"));
    }
}

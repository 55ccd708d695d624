//! Verifying and transforming programs given as text, in a context of this library's own MLIR.

use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use xhlo::dialect::{source, verifier, Diagnostic, XhloContext};

/// How a result is printed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Printing {
    /// As `xla-opt` prints it (custom forms of upstream ops, no locations).
    AsXlaOpt,
    /// Generic form with every location, for another MLIR to parse back without losing
    /// where each op came from.
    ForAnotherMlir,
}

/// Parses (xhlo or StableHLO) and verifies: `Err` holds the located diagnostics, one a line.
pub fn verify(text: &str, filename: &str) -> Result<(), String> {
    let ctx = XhloContext::new();
    let text = import(text, filename).map_err(|d| human(&d))?;
    source::parse_and_verify(&ctx, &text, filename).map(|_| ()).map_err(|d| human(&d))
}

/// StableHLO input becomes xhlo first, as in `xla-opt`.
fn import(text: &str, filename: &str) -> Result<String, Vec<Diagnostic>> {
    if xhlo::import::is_stablehlo(text) {
        xhlo::import::to_xhlo_text(text, filename)
            .map_err(|e| e.lines().map(|l| Diagnostic::error(None, l.trim_start_matches("error: ").to_string())).collect())
    } else {
        Ok(text.to_string())
    }
}

/// Parses and verifies `text`, runs `pipeline` (mlir-opt syntax; our passes, named pipelines
/// and upstream passes) and verifies and prints the result.
pub fn run(text: &str, filename: &str, pipeline: &str, printing: Printing) -> Result<String, Vec<Diagnostic>> {
    let ctx = XhloContext::new();
    let text = import(text, filename)?;
    let mut module = source::parse_and_verify(&ctx, &text, filename)?;
    let pm = xhlo::passes::build_pass_manager(ctx.context(), pipeline)
        .map_err(|e| vec![Diagnostic::error(None, format!("invalid pass pipeline '{pipeline}': {e}"))])?;
    if pm.run(&mut module).is_err() {
        let mut diagnostics = ctx.take_diagnostics();
        if diagnostics.is_empty() {
            diagnostics.push(Diagnostic::error(None, format!("the pass pipeline '{pipeline}' failed")));
        }
        return Err(diagnostics);
    }
    let errors = verifier::verify_module(&module);
    if !errors.is_empty() {
        return Err(errors);
    }
    let flags = match printing {
        Printing::AsXlaOpt => OperationPrintingFlags::new(),
        Printing::ForAnotherMlir => OperationPrintingFlags::new().print_generic_operation_form().enable_debug_info(true, false),
    };
    let op = module.as_operation();
    op.to_string_with_flags(flags).map_err(|e| vec![Diagnostic::error(None, format!("printing the result failed: {e}"))])
}

/// Diagnostics as `xla-opt` prints them, one a line.
pub fn human(diagnostics: &[Diagnostic]) -> String {
    diagnostics.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
}

/// Diagnostics as records `severity \t file \t line \t column \t message`, notes after their
/// error (file empty and position 0 when unknown).
pub fn records(diagnostics: &[Diagnostic]) -> String {
    fn push(out: &mut Vec<String>, d: &Diagnostic) {
        let (file, line, column) = match &d.pos {
            Some(p) => (p.file.as_str(), p.line, p.column),
            None => ("", 0, 0),
        };
        let clean = |s: &str| s.replace(['\n', '\t'], " ");
        out.push(format!("{}\t{}\t{line}\t{column}\t{}", d.severity, clean(file), clean(&d.message)));
        for note in &d.notes {
            push(out, note);
        }
    }
    let mut out = Vec::new();
    for d in diagnostics {
        push(&mut out, d);
    }
    out.join("\n")
}

//! Located diagnostics in the `file:line:col: error: message` form of mlir-opt.

use melior::{
    diagnostic::{Diagnostic as MlirDiagnostic, DiagnosticSeverity},
    ir::Location,
    Context,
};
use std::{cell::RefCell, fmt, rc::Rc};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        })
    }
}

/// A position in a source file (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SourcePos {
    pub file: String,
    pub line: usize,
    pub column: usize,
}

/// One diagnostic with its notes.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// `None` when MLIR had no file location for it.
    pub pos: Option<SourcePos>,
    pub message: String,
    pub notes: Vec<Diagnostic>,
}

impl Diagnostic {
    pub fn error(pos: Option<SourcePos>, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Error, pos, message: message.into(), notes: vec![] }
    }

    /// Converts an MLIR diagnostic, notes included.
    pub fn from_mlir(d: &MlirDiagnostic) -> Diagnostic {
        let severity = match d.severity() {
            DiagnosticSeverity::Error => Severity::Error,
            DiagnosticSeverity::Warning => Severity::Warning,
            DiagnosticSeverity::Note => Severity::Note,
            DiagnosticSeverity::Remark => Severity::Remark,
        };
        let notes = (0..d.note_count()).filter_map(|i| d.note(i).ok()).map(|n| Diagnostic::from_mlir(&n)).collect();
        Diagnostic { severity, pos: source_pos(d.location()), message: d.to_string(), notes }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.pos {
            Some(p) => write!(f, "{}:{}:{}: {}: {}", p.file, p.line, p.column, self.severity, self.message)?,
            None => write!(f, "{}: {}", self.severity, self.message)?,
        }
        for note in &self.notes {
            write!(f, "\n{note}")?;
        }
        Ok(())
    }
}

/// The first file position inside `loc` (looking through name, call-site and fused locations).
pub fn source_pos(loc: Location) -> Option<SourcePos> {
    if loc.is_file_line_col_range() {
        return Some(SourcePos {
            file: loc.file_line_col_range_filename().as_string_ref().as_str().unwrap_or("?").to_string(),
            line: loc.file_line_col_range_start_line(),
            column: loc.file_line_col_range_start_column(),
        });
    }
    if loc.is_call_site() {
        return source_pos(loc.call_site_caller());
    }
    if loc.is_fused() {
        return (0..loc.fused_num_locations()).find_map(|i| source_pos(loc.fused_location(i)));
    }
    if loc.is_name() {
        // A NameLoc wraps a child location; the C API exposes it only through printing.
        let text = loc.to_string();
        return parse_printed_location(&text);
    }
    None
}

/// Reads `loc("file":3:5)` (possibly nested) from a printed location.
fn parse_printed_location(text: &str) -> Option<SourcePos> {
    let start = text.find("\"")?;
    let rest = &text[start + 1..];
    let end = rest.find('"')?;
    let (file, after) = (&rest[..end], &rest[end + 1..]);
    let mut parts = after.trim_start_matches(':').split(|c: char| !c.is_ascii_digit());
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    Some(SourcePos { file: file.to_string(), line, column })
}

/// Collects a context's diagnostics so they are returned, not printed.
#[derive(Clone)]
pub struct DiagnosticSink {
    collected: Rc<RefCell<Vec<Diagnostic>>>,
}

impl DiagnosticSink {
    pub fn attach(context: &Context) -> DiagnosticSink {
        let collected = Rc::new(RefCell::new(Vec::new()));
        let target = collected.clone();
        context.attach_diagnostic_handler(move |d| {
            target.borrow_mut().push(Diagnostic::from_mlir(&d));
            true
        });
        DiagnosticSink { collected }
    }

    pub fn take(&self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.collected.borrow_mut())
    }
}

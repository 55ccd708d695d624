//! mlir-opt's `--verify-diagnostics`: the input says which diagnostics it expects with
//! `// expected-error {{text}}` comments (also `-warning`, `-note`, `-remark`, and a line
//! offset `@+N` / `@-N`), and the run succeeds only if exactly those errors appear.

use crate::dialect::{Diagnostic, Severity};
use regex_lite::Regex;
use std::sync::LazyLock;

/// One expected diagnostic.
#[derive(Clone, Debug, PartialEq)]
pub struct Expectation {
    pub severity: Severity,
    pub line: usize,
    pub text: String,
    /// Line of the annotation itself (for reporting).
    pub annotation_line: usize,
}

static ANNOTATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"//\s*expected-(error|warning|note|remark)\s*(@[+-]\d+)?\s*\{\{(.*?)\}\}").unwrap()
});

/// Reads the expectations in `text`; line numbers are those of `text` plus `first_line - 1`.
pub fn expectations(text: &str) -> Vec<Expectation> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let here = i + 1;
        for cap in ANNOTATION.captures_iter(line) {
            let severity = match &cap[1] {
                "error" => Severity::Error,
                "warning" => Severity::Warning,
                "note" => Severity::Note,
                _ => Severity::Remark,
            };
            let offset: i64 = cap.get(2).map(|m| m.as_str()[1..].parse().unwrap_or(0)).unwrap_or(0);
            let line = (here as i64 + offset).max(1) as usize;
            out.push(Expectation { severity, line, text: cap[3].to_string(), annotation_line: here });
        }
    }
    out
}

/// Matches produced diagnostics (notes flattened) against expectations. Returns the
/// problems: expectations not met and errors or warnings nobody expected.
pub fn check(file: &str, expected: &[Expectation], produced: &[Diagnostic]) -> Vec<String> {
    let mut flat = Vec::new();
    for d in produced {
        flat.push(d);
        flat.extend(d.notes.iter());
    }
    let mut used = vec![false; flat.len()];
    let mut problems = Vec::new();
    for e in expected {
        let found = flat.iter().enumerate().position(|(i, d)| {
            !used[i]
                && d.severity == e.severity
                && d.pos.as_ref().is_some_and(|p| p.line == e.line)
                && d.message.contains(&e.text)
        });
        match found {
            Some(i) => used[i] = true,
            None => problems.push(format!(
                "{file}:{}: error: expected {} \"{}\" on line {} was not produced",
                e.annotation_line, e.severity, e.text, e.line
            )),
        }
    }
    for (i, d) in flat.iter().enumerate() {
        if !used[i] && matches!(d.severity, Severity::Error | Severity::Warning) {
            problems.push(format!("unexpected {d}"));
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_annotations_with_offsets() {
        let e = expectations("a\n// expected-error @+1 {{bad shape}}\nb // expected-note {{here}}");
        assert_eq!(e[0].line, 3);
        assert_eq!(e[0].text, "bad shape");
        assert_eq!(e[1].severity, Severity::Note);
        assert_eq!(e[1].line, 3);
    }
}

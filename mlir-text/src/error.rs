//! Located errors: every parse and import failure names the line and column and what was
//! expected.

use std::fmt;

/// A 1-based line and column in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// An error at a position. `Display` gives `line:col: message`; [`ParseError::in_file`]
/// prefixes the file name as compilers do.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct ParseError {
    pub pos: Pos,
    pub message: String,
}

impl ParseError {
    pub fn new(pos: Pos, message: impl Into<String>) -> ParseError {
        ParseError { pos, message: message.into() }
    }

    /// `file:line:col: error: message`.
    pub fn in_file(&self, file: &str) -> String {
        format!("{file}:{}:{}: error: {}", self.pos.line, self.pos.col, self.message)
    }
}

pub type Result<T> = std::result::Result<T, ParseError>;

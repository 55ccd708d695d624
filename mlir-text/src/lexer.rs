//! The MLIR token stream (MLIR's own `Lexer` in Rust): identifiers, `%values`, `@symbols`,
//! `^blocks`, `#attributes`, `!types`, numbers, strings, punctuation. Like MLIR, a shape such
//! as `2x3xf32` lexes as the integer `2` and the identifier `x3xf32`; the type parser splits it.

use crate::error::{ParseError, Pos};

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// A bare identifier: `func.func`, `tensor`, `x3xf32`, `true`.
    Ident(String),
    /// `%name`, `%0`, `%0#1` (the text after `%`).
    Value(String),
    /// `@name` or `@"quoted"`.
    Symbol(String),
    /// `^bb0`.
    Caret(String),
    /// `#stablehlo.dot` or `#alias` (the text after `#`).
    Hash(String),
    /// `!stablehlo.token` (the text after `!`).
    Bang(String),
    /// An integer literal (decimal or `0x` hex), as written.
    Int(String),
    /// A float literal, as written.
    Float(String),
    /// A string literal, unescaped.
    Str(String),
    /// `(`, `)`, `[`, `]`, `{`, `}`, `<`, `>`, `,`, `:`, `=`, `->`, `?`, `*`, `+`, `-`, `|`.
    Punct(&'static str),
    Eof,
}

impl std::fmt::Display for Tok {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Tok::Ident(s) => write!(f, "'{s}'"),
            Tok::Value(s) => write!(f, "'%{s}'"),
            Tok::Symbol(s) => write!(f, "'@{s}'"),
            Tok::Caret(s) => write!(f, "'^{s}'"),
            Tok::Hash(s) => write!(f, "'#{s}'"),
            Tok::Bang(s) => write!(f, "'!{s}'"),
            Tok::Int(s) | Tok::Float(s) => write!(f, "'{s}'"),
            Tok::Str(s) => write!(f, "string \"{s}\""),
            Tok::Punct(p) => write!(f, "'{p}'"),
            Tok::Eof => f.write_str("end of input"),
        }
    }
}

/// A token with where it starts and the byte range it covers.
#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
    pub start: usize,
    pub end: usize,
}

const PUNCTS: &[&str] = &["->", "(", ")", "[", "]", "{", "}", "<", ">", ",", ":", "=", "?", "*", "+", "-", "|"];

fn is_id_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

pub(crate) fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.')
}

/// Splits `text` into tokens; the error names the line and column of the bad character.
pub fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let mut tokens = Vec::new();
    let bytes = text.as_bytes();
    let (mut i, mut line, mut line_start) = (0usize, 1u32, 0usize);
    let pos_at = |i: usize, line: u32, line_start: usize| Pos { line, col: (text[line_start..i].chars().count() + 1) as u32 };
    while i < bytes.len() {
        let c = text[i..].chars().next().unwrap();
        if c == '\n' {
            i += 1;
            line += 1;
            line_start = i;
            continue;
        }
        if c.is_whitespace() {
            i += c.len_utf8();
            continue;
        }
        if text[i..].starts_with("//") {
            i += text[i..].find('\n').unwrap_or(text.len() - i);
            continue;
        }
        let pos = pos_at(i, line, line_start);
        let start = i;
        let tok = match c {
            '%' | '@' | '^' | '#' | '!' => {
                i += 1;
                let name = if c == '@' && text[i..].starts_with('"') {
                    let (s, len) = string_literal(&text[i..]).ok_or_else(|| ParseError::new(pos, "unterminated string"))?;
                    i += len;
                    s
                } else {
                    let len = text[i..].find(|ch: char| !(is_id_char(ch) || ch == '#')).unwrap_or(text.len() - i);
                    // `%0#1` keeps its `#n`; other prefixes stop at `#`.
                    let mut name = &text[i..i + len];
                    if c != '%' {
                        if let Some(k) = name.find('#') {
                            name = &name[..k];
                        }
                    }
                    i += name.len();
                    name.to_string()
                };
                if name.is_empty() {
                    return Err(ParseError::new(pos, format!("expected a name after '{c}'")));
                }
                match c {
                    '%' => Tok::Value(name),
                    '@' => Tok::Symbol(name),
                    '^' => Tok::Caret(name),
                    '#' => Tok::Hash(name),
                    _ => Tok::Bang(name),
                }
            }
            '"' => {
                let (s, len) = string_literal(&text[i..]).ok_or_else(|| ParseError::new(pos, "unterminated string"))?;
                i += len;
                Tok::Str(s)
            }
            c if c.is_ascii_digit() => {
                let rest = &text[i..];
                if rest.starts_with("0x") && rest[2..].starts_with(|ch: char| ch.is_ascii_hexdigit()) {
                    let len = 2 + rest[2..].find(|ch: char| !ch.is_ascii_hexdigit()).unwrap_or(rest.len() - 2);
                    i += len;
                    Tok::Int(rest[..len].to_string())
                } else {
                    let mut len = rest.find(|ch: char| !ch.is_ascii_digit()).unwrap_or(rest.len());
                    let mut float = false;
                    // A fraction needs a digit or exponent after the dot, as in MLIR.
                    if rest[len..].starts_with('.') {
                        float = true;
                        len += 1;
                        len += rest[len..].find(|ch: char| !ch.is_ascii_digit()).unwrap_or(rest.len() - len);
                        if rest[len..].starts_with(['e', 'E']) {
                            let mut k = len + 1;
                            if rest[k..].starts_with(['+', '-']) {
                                k += 1;
                            }
                            let digits = rest[k..].find(|ch: char| !ch.is_ascii_digit()).unwrap_or(rest.len() - k);
                            if digits > 0 {
                                len = k + digits;
                            }
                        }
                    }
                    i += len;
                    if float {
                        Tok::Float(rest[..len].to_string())
                    } else {
                        Tok::Int(rest[..len].to_string())
                    }
                }
            }
            c if is_id_start(c) => {
                let len = text[i..].find(|ch: char| !is_id_char(ch)).unwrap_or(text.len() - i);
                let word = &text[i..i + len];
                i += len;
                Tok::Ident(word.to_string())
            }
            _ => {
                let Some(p) = PUNCTS.iter().find(|p| text[i..].starts_with(**p)) else {
                    return Err(ParseError::new(pos, format!("unexpected character '{c}'")));
                };
                i += p.len();
                Tok::Punct(p)
            }
        };
        tokens.push(Token { tok, pos, start, end: i });
    }
    let pos = pos_at(text.len(), line, line_start);
    tokens.push(Token { tok: Tok::Eof, pos, start: text.len(), end: text.len() });
    Ok(tokens)
}

/// Reads a `"..."` literal at the start of `s`: its unescaped value and length in bytes.
fn string_literal(s: &str) -> Option<(String, usize)> {
    let mut out = String::new();
    let mut chars = s.char_indices().skip(1);
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, i + 1)),
            '\n' => return None,
            '\\' => match chars.next()? {
                (_, 'n') => out.push('\n'),
                (_, 't') => out.push('\t'),
                (_, '"') => out.push('"'),
                (_, '\\') => out.push('\\'),
                (_, h1) => {
                    let (_, h2) = chars.next()?;
                    out.push(u8::from_str_radix(&format!("{h1}{h2}"), 16).ok()? as char);
                }
            },
            c => out.push(c),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Tok> {
        lex(s).unwrap().into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn lexes_ops_values_and_shapes_like_mlir() {
        assert_eq!(
            toks("%0:2 = stablehlo.add %a, %b#1 : tensor<2x3xf32> -> ^bb0 #stablehlo.dot<> !stablehlo.token @f"),
            vec![
                Tok::Value("0".into()),
                Tok::Punct(":"),
                Tok::Int("2".into()),
                Tok::Punct("="),
                Tok::Ident("stablehlo.add".into()),
                Tok::Value("a".into()),
                Tok::Punct(","),
                Tok::Value("b#1".into()),
                Tok::Punct(":"),
                Tok::Ident("tensor".into()),
                Tok::Punct("<"),
                Tok::Int("2".into()),
                Tok::Ident("x3xf32".into()),
                Tok::Punct(">"),
                Tok::Punct("->"),
                Tok::Caret("bb0".into()),
                Tok::Hash("stablehlo.dot".into()),
                Tok::Punct("<"),
                Tok::Punct(">"),
                Tok::Bang("stablehlo.token".into()),
                Tok::Symbol("f".into()),
                Tok::Eof,
            ]
        );
    }

    #[test]
    fn numbers_strings_and_comments() {
        assert_eq!(
            toks("1.5e-3 0x7FC00000 -2 \"a\\\"b\" // comment\n 3."),
            vec![
                Tok::Float("1.5e-3".into()),
                Tok::Int("0x7FC00000".into()),
                Tok::Punct("-"),
                Tok::Int("2".into()),
                Tok::Str("a\"b".into()),
                Tok::Float("3.".into()),
                Tok::Eof
            ]
        );
    }

    #[test]
    fn positions_are_one_based_lines_and_columns() {
        let t = lex("a\n  b").unwrap();
        assert_eq!((t[1].pos.line, t[1].pos.col), (2, 3));
    }

    #[test]
    fn bad_characters_are_located_errors() {
        let e = lex("a\n  `").unwrap_err();
        assert_eq!((e.pos.line, e.pos.col), (2, 3));
    }
}

//! A recursive-descent parser for MLIR text over [`crate::lexer`] tokens: the generic
//! operation form of any dialect, builtin types and attributes, regions and blocks, the
//! pretty forms of `builtin.module` and the `func` dialect, and a hook ([`CustomForms`]) for
//! the custom assembly of other dialects' ops. The methods mirror MLIR's `OpAsmParser` so that
//! each custom form reads like its assembly format.

use crate::ast::*;
use crate::error::{ParseError, Pos, Result};
use crate::lexer::{is_id_char, lex, Tok, Token};

/// A custom-form parser: continues after the op name (results and position are already in
/// the `Op`) and fills the generic fields (operands, properties, regions, types).
pub type CustomParser = fn(&mut Parser, Op) -> Result<Op>;

/// The custom (pretty) forms a dialect set adds to the parser: the parser for an op name, or
/// `None` when the op has none (the op is then a located "unsupported op" error). Any
/// `Fn(&str) -> Option<CustomParser>` is one.
pub trait CustomForms {
    fn parser_for(&self, op_name: &str) -> Option<CustomParser>;
}

impl<F: Fn(&str) -> Option<CustomParser>> CustomForms for F {
    fn parser_for(&self, op_name: &str) -> Option<CustomParser> {
        self(op_name)
    }
}

/// The first offset at or after `at` that is not whitespace.
fn skip_spaces(text: &str, at: usize) -> usize {
    text.len() - text[at..].trim_start().len()
}

/// No custom forms beyond `builtin` and `func`.
fn no_custom_forms(_: &str) -> Option<CustomParser> {
    None
}

/// Parses a whole file that uses the generic form (and the `builtin.module`/`func.*` pretty
/// forms) only.
pub fn parse_file(text: &str) -> Result<File> {
    parse_file_with(text, &no_custom_forms)
}

/// Parses a whole file, reading other ops' pretty forms with `forms`.
pub fn parse_file_with(text: &str, forms: &dyn CustomForms) -> Result<File> {
    let mut p = Parser::with_custom_forms(text, forms)?;
    let mut ops = Vec::new();
    while !p.at_eof() {
        // Top-level alias definitions: `#name = attr`, `!name = type`.
        match (p.peek().clone(), p.peek_at(1)) {
            (Tok::Hash(name), Tok::Punct("=")) => {
                p.bump();
                p.bump();
                let value = p.parse_attribute()?;
                p.attr_aliases.insert(name, value);
            }
            (Tok::Bang(name), Tok::Punct("=")) => {
                p.bump();
                p.bump();
                let value = p.parse_type()?;
                p.type_aliases.insert(name, value);
            }
            _ => ops.push(p.parse_op()?),
        }
    }
    Ok(File { ops })
}

pub struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    idx: usize,
    /// Nesting depth, bounded so hostile input cannot overflow the stack.
    depth: usize,
    /// `#name = attr` aliases seen so far.
    pub attr_aliases: std::collections::HashMap<String, Attribute>,
    /// `!name = type` aliases seen so far.
    pub type_aliases: std::collections::HashMap<String, Type>,
    /// `#name = loc("file":line:col)` aliases (MLIR prints them after their uses).
    loc_aliases: std::collections::HashMap<String, Pos>,
    /// The dialects' custom forms.
    forms: &'a dyn CustomForms,
}

const MAX_DEPTH: usize = 256;

impl<'a> Parser<'a> {
    /// A parser of `text` that knows no custom forms beyond `builtin` and `func`.
    pub fn new(text: &'a str) -> Result<Parser<'a>> {
        Parser::with_custom_forms(text, &no_custom_forms)
    }

    /// A parser of `text` that reads other ops' pretty forms with `forms`.
    pub fn with_custom_forms(text: &'a str, forms: &'a dyn CustomForms) -> Result<Parser<'a>> {
        let tokens = lex(text)?;
        // Location aliases are printed at the end of a file, after their uses: collect them
        // first.
        let mut loc_aliases = std::collections::HashMap::new();
        for w in tokens.windows(10) {
            if let [Token { tok: Tok::Hash(name), .. }, Token { tok: Tok::Punct("="), .. }, Token { tok: Tok::Ident(l), .. }, Token { tok: Tok::Punct("("), .. }, Token { tok: Tok::Str(_), .. }, Token { tok: Tok::Punct(":"), .. }, Token { tok: Tok::Int(line), .. }, Token { tok: Tok::Punct(":"), .. }, Token { tok: Tok::Int(col), .. }, ..] = w {
                if l == "loc" {
                    if let (Ok(line), Ok(col)) = (line.parse(), col.parse()) {
                        loc_aliases.insert(name.clone(), Pos { line, col });
                    }
                }
            }
        }
        Ok(Parser {
            text,
            tokens,
            idx: 0,
            depth: 0,
            attr_aliases: Default::default(),
            type_aliases: Default::default(),
            loc_aliases,
            forms,
        })
    }

    // ---- Token access -------------------------------------------------------------------

    pub fn peek(&self) -> &Tok {
        &self.tokens[self.idx].tok
    }

    pub fn peek_at(&self, n: usize) -> &Tok {
        &self.tokens[(self.idx + n).min(self.tokens.len() - 1)].tok
    }

    pub fn pos(&self) -> Pos {
        self.tokens[self.idx].pos
    }

    pub fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }

    pub fn bump(&mut self) -> Tok {
        let t = self.tokens[self.idx].tok.clone();
        if self.idx + 1 < self.tokens.len() {
            self.idx += 1;
        }
        t
    }

    /// An error at the current token: "expected X, found Y".
    pub fn expected(&self, what: &str) -> ParseError {
        ParseError::new(self.pos(), format!("expected {what}, found {}", self.peek()))
    }

    pub fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(self.pos(), message)
    }

    pub fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }

    pub fn eat(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn expect(&mut self, p: &str) -> Result<()> {
        if self.eat(p) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{p}'")))
        }
    }

    pub fn is_keyword(&self, k: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == k)
    }

    pub fn eat_keyword(&mut self, k: &str) -> bool {
        if self.is_keyword(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn expect_keyword(&mut self, k: &str) -> Result<()> {
        if self.eat_keyword(k) {
            Ok(())
        } else {
            Err(self.expected(&format!("'{k}'")))
        }
    }

    /// A bare identifier.
    pub fn parse_ident(&mut self) -> Result<String> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.bump();
                Ok(s)
            }
            _ => Err(self.expected("an identifier")),
        }
    }

    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            Err(self.error("nesting too deep"))
        } else {
            Ok(())
        }
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// The source text between the current token and the `>` that closes an already
    /// consumed `<` (balancing all brackets), consuming through that `>`.
    pub fn raw_until_close_angle(&mut self) -> Result<String> {
        let start_tok = self.idx;
        let mut depth = 0i32;
        loop {
            match self.peek() {
                Tok::Eof => return Err(ParseError::new(self.tokens[start_tok].pos, "unbalanced '<'")),
                Tok::Punct("<" | "(" | "[" | "{") => depth += 1,
                Tok::Punct(">" | ")" | "]" | "}") if depth > 0 => depth -= 1,
                Tok::Punct(">") => break,
                Tok::Punct(")" | "]" | "}") => return Err(self.expected("'>'")),
                _ => {}
            }
            self.bump();
        }
        let start = self.tokens[start_tok].start;
        let end = self.tokens[self.idx].start;
        self.bump();
        Ok(self.text[start..end].trim().to_string())
    }

    /// Like [`Parser::raw_until_close_angle`], but the body is respelled from its tokens with
    /// one spacing (no space inside brackets or before `,`; one after `,` and around `=`;
    /// elsewhere one space where the source had any), so that `<handle=1,\n type = 0>` and
    /// `<handle = 1, type = 0>` give the same dialect attribute body.
    pub fn canonical_until_close_angle(&mut self) -> Result<String> {
        let first = self.idx;
        self.raw_until_close_angle()?;
        let last = self.idx - 1; // the closing `>`
        let mut out = String::new();
        for i in first..last {
            let t = &self.tokens[i];
            if i > first {
                let prev = &self.tokens[i - 1];
                let space = match (&prev.tok, &t.tok) {
                    (_, Tok::Punct("," | ")" | "]" | "}" | ">")) => false,
                    (Tok::Punct("(" | "[" | "{" | "<"), _) => false,
                    (Tok::Punct("=" | ","), _) | (_, Tok::Punct("=")) => true,
                    _ => prev.end < t.start,
                };
                if space {
                    out.push(' ');
                }
            }
            out.push_str(&self.text[t.start..t.end]);
        }
        Ok(out)
    }

    /// Skips a balanced `( ... )` group starting at the current `(`.
    fn skip_parens(&mut self) -> Result<()> {
        self.expect("(")?;
        let mut depth = 1;
        while depth > 0 {
            match self.bump() {
                Tok::Eof => return Err(self.error("unbalanced '('")),
                Tok::Punct("(") => depth += 1,
                Tok::Punct(")") => depth -= 1,
                _ => {}
            }
        }
        Ok(())
    }

    /// An optional trailing `loc(...)`, which is dropped (positions come from the text).
    pub fn skip_location(&mut self) -> Result<()> {
        self.parse_location().map(|_| ())
    }

    /// An optional trailing `loc(...)`: the file position it names, if it is (or starts
    /// with) a `"file":line:col` location.
    pub fn parse_location(&mut self) -> Result<Option<Pos>> {
        if !(self.is_keyword("loc") && matches!(self.peek_at(1), Tok::Punct("("))) {
            return Ok(None);
        }
        self.bump();
        let found = match (self.peek_at(1), self.peek_at(2), self.peek_at(3), self.peek_at(4), self.peek_at(5)) {
            (Tok::Hash(alias), Tok::Punct(")"), ..) => self.loc_aliases.get(alias).copied(),
            (Tok::Str(_), Tok::Punct(":"), Tok::Int(line), Tok::Punct(":"), Tok::Int(col)) => {
                match (line.parse(), col.parse()) {
                    (Ok(line), Ok(col)) => Some(Pos { line, col }),
                    _ => None,
                }
            }
            _ => None,
        };
        self.skip_parens()?;
        Ok(found)
    }

    /// `n`, `-n` or `0x..` as i64.
    pub fn parse_integer(&mut self) -> Result<i64> {
        let neg = self.eat("-");
        match self.peek().clone() {
            Tok::Int(s) => {
                self.bump();
                let v = parse_int_literal(&s).ok_or_else(|| self.error(format!("integer {s} is out of range")))?;
                Ok(if neg { -v } else { v })
            }
            _ => Err(self.expected("an integer")),
        }
    }

    /// `[1, 2, 3]` (also `[]`).
    pub fn parse_i64_list(&mut self) -> Result<Vec<i64>> {
        self.expect("[")?;
        let mut out = Vec::new();
        if !self.eat("]") {
            loop {
                out.push(self.parse_integer()?);
                if self.eat("]") {
                    break;
                }
                self.expect(",")?;
            }
        }
        Ok(out)
    }

    /// Parses `item (',' item)*` until (not including) `close`; allows an empty list.
    pub fn parse_comma_list<T>(&mut self, close: &str, mut item: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        let mut out = Vec::new();
        if self.is_punct(close) {
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    // ---- Values -------------------------------------------------------------------------

    pub fn parse_operand(&mut self) -> Result<ValueRef> {
        match self.peek().clone() {
            Tok::Value(v) => {
                self.bump();
                Ok(ValueRef(v))
            }
            _ => Err(self.expected("an SSA value such as %0")),
        }
    }

    pub fn is_operand(&self) -> bool {
        matches!(self.peek(), Tok::Value(_))
    }

    /// Zero or more comma-separated operands (stops at the first non-value).
    pub fn parse_operand_list(&mut self) -> Result<Vec<ValueRef>> {
        let mut out = Vec::new();
        if !self.is_operand() {
            return Ok(out);
        }
        loop {
            out.push(self.parse_operand()?);
            if !(matches!(self.peek(), Tok::Punct(",")) && matches!(self.peek_at(1), Tok::Value(_))) {
                return Ok(out);
            }
            self.bump();
        }
    }

    // ---- Types --------------------------------------------------------------------------

    pub fn parse_type(&mut self) -> Result<Type> {
        self.enter()?;
        let t = self.parse_type_inner();
        self.leave();
        t
    }

    fn parse_type_inner(&mut self) -> Result<Type> {
        match self.peek().clone() {
            Tok::Punct("(") => self.parse_function_type(),
            Tok::Bang(name) => {
                self.bump();
                if !self.is_punct("<") {
                    if let Some(t) = self.type_aliases.get(&name) {
                        return Ok(t.clone());
                    }
                }
                let mut text = name;
                if self.is_punct("<") {
                    self.bump();
                    text = format!("{text}<{}>", self.raw_until_close_angle()?);
                }
                Ok(Type::Dialect(text))
            }
            Tok::Ident(word) => {
                self.bump();
                match word.as_str() {
                    "tensor" => self.parse_tensor_body(),
                    "complex" => {
                        self.expect("<")?;
                        let t = self.parse_type()?;
                        self.expect(">")?;
                        Ok(Type::Complex(Box::new(t)))
                    }
                    "tuple" => {
                        self.expect("<")?;
                        let elems = self.parse_comma_list(">", |p| p.parse_type())?;
                        self.expect(">")?;
                        Ok(Type::Tuple(elems))
                    }
                    "index" => Ok(Type::Index),
                    "none" => Ok(Type::None),
                    w => {
                        if let Some(t) = scalar_type(w) {
                            Ok(t)
                        } else if self.is_punct("<") {
                            // vector<...>, memref<...>: kept as text.
                            self.bump();
                            Ok(Type::Other(format!("{w}<{}>", self.raw_until_close_angle()?)))
                        } else {
                            Err(ParseError::new(self.tokens[self.idx - 1].pos, format!("unknown type '{w}'")))
                        }
                    }
                }
            }
            _ => Err(self.expected("a type")),
        }
    }

    /// `(a, b) -> c` or `(a) -> (b, c)`.
    pub fn parse_function_type(&mut self) -> Result<Type> {
        self.expect("(")?;
        let inputs = self.parse_comma_list(")", |p| p.parse_type())?;
        self.expect(")")?;
        self.expect("->")?;
        let results = self.parse_result_types()?;
        Ok(Type::Function { inputs, results })
    }

    /// A single type or a parenthesised list, as after `->`.
    pub fn parse_result_types(&mut self) -> Result<Vec<Type>> {
        if self.is_punct("(") && !self.looks_like_function_type_at_paren() {
            self.bump();
            let types = self.parse_comma_list(")", |p| p.parse_type())?;
            self.expect(")")?;
            Ok(types)
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    /// At `(`: is this a function type `(...) -> ...` rather than a parenthesised type list?
    fn looks_like_function_type_at_paren(&self) -> bool {
        let mut depth = 0;
        let mut i = self.idx;
        while i < self.tokens.len() {
            match &self.tokens[i].tok {
                Tok::Punct("(") => depth += 1,
                Tok::Punct(")") => {
                    depth -= 1;
                    if depth == 0 {
                        return matches!(self.tokens.get(i + 1).map(|t| &t.tok), Some(Tok::Punct("->")));
                    }
                }
                Tok::Eof => return false,
                _ => {}
            }
            i += 1;
        }
        false
    }

    /// After `tensor`: `<2x3xf32>`, `<f32>`, `<?x4xi8>`, `<*xf32>`, `<4xf32, #enc>`.
    fn parse_tensor_body(&mut self) -> Result<Type> {
        self.expect("<")?;
        if self.eat("*") {
            let at = self.tokens[self.idx].start;
            if !self.text[at..].starts_with('x') {
                return Err(self.expected("'x'"));
            }
            let elem = self.parse_type_at(at + 1)?;
            self.expect(">")?;
            return Ok(Type::UnrankedTensor(Box::new(elem)));
        }
        let (dims, element_at) = self.scan_dimensions()?;
        let element = if dims.is_empty() { self.parse_type()? } else { self.parse_type_at(element_at)? };
        let encoding = if self.eat(",") { Some(Box::new(self.parse_attribute()?)) } else { None };
        self.expect(">")?;
        Ok(Type::Tensor { dims, element: Box::new(element), encoding })
    }

    /// Reads a dimension list (`2x?x3x`) from the source text at the current token. The
    /// lexer cannot split it (`2x3xf32` lexes as `2`, `x3xf32`; `0xf32` as a hex integer), so
    /// the text is read directly. Returns the dimensions and the byte offset where the
    /// element type starts; no token is moved, so this is linear in the shape's length.
    fn scan_dimensions(&mut self) -> Result<(Vec<Option<i64>>, usize)> {
        let text = self.text;
        let mut at = self.tokens[self.idx].start;
        let mut dims = Vec::new();
        loop {
            let rest = &text[at..];
            let digits = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            let dim = if digits > 0 {
                let n = &rest[..digits];
                let value = n
                    .parse::<i64>()
                    .map_err(|_| ParseError::new(self.pos_of_offset(at), format!("bad dimension {n}")))?;
                Some(value)
            } else if rest.starts_with('?') {
                None
            } else {
                return Ok((dims, at));
            };
            let x = skip_spaces(text, at + digits.max(1));
            if !text[x..].starts_with('x') {
                let found = text[x..].chars().next().map_or("end of input".to_string(), |c| format!("'{c}'"));
                return Err(ParseError::new(self.pos_of_offset(x), format!("expected 'x' after a dimension, found {found}")));
            }
            dims.push(dim);
            at = skip_spaces(text, x + 1);
        }
    }

    /// Parses a type that starts at byte `offset` of the source, which may lie inside the
    /// current token or a later one (`x3xf32` → `f32`). The token holding the type's first
    /// word is rewritten to that word and parsing continues from it.
    fn parse_type_at(&mut self, offset: usize) -> Result<Type> {
        let mut j = self.idx;
        while self.tokens[j].end <= offset && !matches!(self.tokens[j].tok, Tok::Eof) {
            j += 1;
        }
        if self.tokens[j].start < offset {
            // The element type starts inside a token: its first word ends where some token
            // ends (`0xc` `omplex` for `0xcomplex`); that token becomes the word.
            let word_len = self.text[offset..].find(|c: char| !is_id_char(c)).unwrap_or(self.text.len() - offset);
            let word_end = offset + word_len;
            let mut k = j;
            while self.tokens[k].end < word_end && !matches!(self.tokens[k].tok, Tok::Eof) {
                k += 1;
            }
            if word_len == 0 || self.tokens[k].end != word_end {
                self.idx = j;
                return Err(ParseError::new(self.pos_of_offset(offset), "expected an element type"));
            }
            let pos = self.pos_of_offset(offset);
            self.tokens[k] = Token { tok: Tok::Ident(self.text[offset..word_end].to_string()), pos, start: offset, end: word_end };
            j = k;
        }
        self.idx = j;
        self.parse_type()
    }

    /// The line and column of a byte offset inside the current token or a later one on the
    /// same line (shapes never span lines).
    fn pos_of_offset(&self, offset: usize) -> Pos {
        let mut j = self.idx;
        while j + 1 < self.tokens.len() && self.tokens[j + 1].start <= offset {
            j += 1;
        }
        let t = &self.tokens[j];
        let mut pos = t.pos;
        if offset >= t.start {
            pos.col += self.text[t.start..offset].chars().count() as u32;
        }
        pos
    }

    /// `: type (, type)*` after an op, as in `: tensor<f32>, tensor<i1>`.
    pub fn parse_type_list(&mut self) -> Result<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.eat(",") {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    // ---- Attributes ---------------------------------------------------------------------

    pub fn parse_attribute(&mut self) -> Result<Attribute> {
        self.enter()?;
        let a = self.parse_attribute_inner();
        self.leave();
        a
    }

    fn parse_attribute_inner(&mut self) -> Result<Attribute> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.bump();
                // `"text" : type` is a typed string; the type is dropped.
                if self.is_punct(":") && !matches!(self.peek_at(1), Tok::Punct(_)) {
                    let save = self.idx;
                    self.bump();
                    if self.parse_type().is_err() {
                        self.idx = save;
                    }
                }
                Ok(Attribute::Str(s))
            }
            Tok::Punct("[") => {
                self.bump();
                let items = self.parse_comma_list("]", |p| p.parse_attribute())?;
                self.expect("]")?;
                Ok(Attribute::Array(items))
            }
            Tok::Punct("{") => Ok(Attribute::Dict(self.parse_attr_dict()?)),
            Tok::Symbol(s) => {
                self.bump();
                let mut path = vec![s];
                while self.is_punct(":") && matches!(self.peek_at(1), Tok::Punct(":")) {
                    self.bump();
                    self.bump();
                    match self.bump() {
                        Tok::Symbol(s) => path.push(s),
                        _ => return Err(self.expected("a nested symbol")),
                    }
                }
                Ok(Attribute::Symbol(path))
            }
            Tok::Hash(name) => {
                self.bump();
                if !self.is_punct("<") {
                    if let Some(a) = self.attr_aliases.get(&name) {
                        return Ok(a.clone());
                    }
                }
                let body = if self.eat("<") { self.canonical_until_close_angle()? } else { String::new() };
                Ok(Attribute::Dialect { name, body })
            }
            Tok::Punct("-") | Tok::Int(_) | Tok::Float(_) => self.parse_number_attr(),
            Tok::Ident(word) => match word.as_str() {
                "true" | "false" => {
                    self.bump();
                    Ok(Attribute::Bool(word == "true"))
                }
                "unit" => {
                    self.bump();
                    Ok(Attribute::Unit)
                }
                "dense" => {
                    self.bump();
                    self.expect("<")?;
                    let at = self.pos();
                    let body = self.raw_until_close_angle()?;
                    self.expect(":")?;
                    let ty = self.parse_type()?;
                    if let (Type::Tensor { dims, .. }, Some(depth)) = (&ty, list_depth_beyond(&body, 1)) {
                        // A literal's lists nest once per dimension; deeper is malformed, and
                        // every later reader of the body would recurse that deep.
                        if depth > dims.len() + 1 || depth > MAX_DEPTH {
                            return Err(ParseError::new(at, format!("dense literal nests its lists {depth} deep, but the type has rank {}", dims.len())));
                        }
                    }
                    let body = bool_hex_as_list(&body, &ty).unwrap_or(body);
                    Ok(Attribute::Dense { body, ty })
                }
                "dense_resource" => {
                    self.bump();
                    self.expect("<")?;
                    let name = self.raw_until_close_angle()?;
                    self.expect(":")?;
                    let ty = self.parse_type()?;
                    Ok(Attribute::DenseResource { name, ty })
                }
                "array" => {
                    self.bump();
                    self.expect("<")?;
                    let elem = self.parse_type()?;
                    let mut values = Vec::new();
                    if self.eat(":") {
                        values = self.parse_comma_list(">", |p| {
                            let neg = p.eat("-");
                            let text = match p.bump() {
                                Tok::Int(s) | Tok::Float(s) => s,
                                Tok::Ident(s) if s == "true" || s == "false" => s,
                                other => return Err(ParseError::new(p.pos(), format!("expected an array element, found {other}"))),
                            };
                            Ok(if neg { format!("-{text}") } else { text })
                        })?;
                    }
                    self.expect(">")?;
                    Ok(Attribute::DenseArray(elem, values))
                }
                "loc" => {
                    let start = self.tokens[self.idx].start;
                    self.bump();
                    self.skip_parens()?;
                    Ok(Attribute::Other(self.text[start..self.tokens[self.idx - 1].end].to_string()))
                }
                "sparse" | "affine_map" | "affine_set" | "strided" | "distinct" => {
                    let start = self.tokens[self.idx].start;
                    self.bump();
                    self.expect("<")?;
                    self.raw_until_close_angle()?;
                    let mut text = self.text[start..self.tokens[self.idx - 1].end].to_string();
                    if self.eat(":") {
                        let t = self.parse_type()?;
                        text = format!("{text} : {}", crate::print::type_to_string(&t));
                    }
                    Ok(Attribute::Other(text))
                }
                _ => Ok(Attribute::Type(self.parse_type()?)),
            },
            Tok::Punct("(") | Tok::Bang(_) => Ok(Attribute::Type(self.parse_type()?)),
            _ => Err(self.expected("an attribute")),
        }
    }

    fn parse_number_attr(&mut self) -> Result<Attribute> {
        let neg = self.eat("-");
        let (text, is_float) = match self.bump() {
            Tok::Int(s) => (s, false),
            Tok::Float(s) => (s, true),
            other => return Err(ParseError::new(self.pos(), format!("expected a number, found {other}"))),
        };
        let text = if neg { format!("-{text}") } else { text };
        let ty = if self.is_punct(":") && !matches!(self.peek_at(1), Tok::Punct(":")) {
            self.bump();
            Some(self.parse_type()?)
        } else {
            None
        };
        let float_typed = matches!(ty, Some(Type::Float(_)));
        Ok(if is_float || float_typed {
            Attribute::Float(text, ty.unwrap_or(Type::Float("f64".into())))
        } else if matches!(ty, Some(Type::Integer { width: 1, .. })) {
            Attribute::Bool(text != "0")
        } else {
            Attribute::Int(text, ty.unwrap_or(Type::Integer { width: 64, signedness: "" }))
        })
    }

    /// `{name = attr, flag, "quoted name" = attr}`.
    pub fn parse_attr_dict(&mut self) -> Result<Vec<(String, Attribute)>> {
        self.expect("{")?;
        let entries = self.parse_comma_list("}", |p| {
            let key = match p.bump() {
                Tok::Ident(s) | Tok::Str(s) => s,
                other => return Err(ParseError::new(p.pos(), format!("expected an attribute name, found {other}"))),
            };
            let value = if p.eat("=") { p.parse_attribute()? } else { Attribute::Unit };
            Ok((key, value))
        })?;
        self.expect("}")?;
        Ok(entries)
    }

    /// An attribute dictionary if one starts here.
    pub fn parse_optional_attr_dict(&mut self) -> Result<Vec<(String, Attribute)>> {
        if self.is_punct("{") {
            self.parse_attr_dict()
        } else {
            Ok(vec![])
        }
    }

    /// `attributes {...}` if present (as after a module or function header).
    pub fn parse_optional_attr_dict_with_keyword(&mut self) -> Result<Vec<(String, Attribute)>> {
        if self.eat_keyword("attributes") {
            self.parse_attr_dict()
        } else {
            Ok(vec![])
        }
    }

    // ---- Operations ---------------------------------------------------------------------

    /// One operation, generic or custom.
    pub fn parse_op(&mut self) -> Result<Op> {
        self.enter()?;
        let op = self.parse_op_inner();
        self.leave();
        op
    }

    fn parse_op_inner(&mut self) -> Result<Op> {
        let start = self.pos();
        let mut results = Vec::new();
        if self.is_operand() {
            loop {
                let ValueRef(name) = self.parse_operand()?;
                let count = if self.eat(":") { self.parse_integer()? as usize } else { 1 };
                results.push((name, count));
                if !self.eat(",") {
                    break;
                }
            }
            self.expect("=")?;
        }
        let pos = self.pos();
        let mut op = match self.peek().clone() {
            Tok::Str(name) => {
                self.bump();
                let mut op = Op::new(name, pos);
                op.results = results;
                self.parse_generic_body(&mut op)?;
                op
            }
            Tok::Ident(name) => {
                self.bump();
                let mut op = Op::new(canonical_op_name(&name), pos);
                op.results = results;
                self.parse_custom_op(op)?
            }
            _ => return Err(self.expected("an operation")),
        };
        // A written location (as MLIR prints with debug info) names the op's source.
        if let Some(pos) = self.parse_location()? {
            op.pos = pos;
        }
        if op.pos == Pos::default() {
            op.pos = start;
        }
        Ok(op)
    }

    /// After `"name"`: `(operands) [succ] <{props}> ({regions}) {attrs} : (types) -> types`.
    fn parse_generic_body(&mut self, op: &mut Op) -> Result<()> {
        self.expect("(")?;
        op.operands = self.parse_comma_list(")", |p| p.parse_operand())?;
        self.expect(")")?;
        if self.eat("[") {
            op.successors = self.parse_comma_list("]", |p| match p.bump() {
                Tok::Caret(s) => Ok(s),
                other => Err(ParseError::new(p.pos(), format!("expected a block label, found {other}"))),
            })?;
            self.expect("]")?;
        }
        if self.is_punct("<") && matches!(self.peek_at(1), Tok::Punct("{")) {
            self.bump();
            op.properties = self.parse_attr_dict()?;
            self.expect(">")?;
        }
        if self.is_punct("(") && matches!(self.peek_at(1), Tok::Punct("{")) {
            self.bump();
            op.regions = self.parse_comma_list(")", |p| p.parse_region())?;
            self.expect(")")?;
        }
        op.attrs = self.parse_optional_attr_dict()?;
        self.expect(":")?;
        match self.parse_function_type()? {
            Type::Function { inputs, results } => {
                op.operand_types = inputs;
                op.result_types = results;
            }
            _ => unreachable!("parse_function_type returns a function type"),
        }
        Ok(())
    }

    /// Custom assembly: `builtin.module` and `func.*` here, other dialects through the
    /// [`CustomForms`] given to the parser.
    fn parse_custom_op(&mut self, op: Op) -> Result<Op> {
        match op.name.as_str() {
            "builtin.module" => self.parse_module(op),
            "func.func" => self.parse_func(op),
            "func.return" | "gpu.yield" => {
                let mut op = op;
                op.operands = self.parse_operand_list()?;
                if !op.operands.is_empty() {
                    self.expect(":")?;
                    op.operand_types = self.parse_type_list()?;
                }
                Ok(op)
            }
            "func.call" => {
                let mut op = op;
                let callee = match self.bump() {
                    Tok::Symbol(s) => s,
                    other => return Err(ParseError::new(self.pos(), format!("expected a callee symbol, found {other}"))),
                };
                op.properties.push(("callee".into(), Attribute::Symbol(vec![callee])));
                self.expect("(")?;
                op.operands = self.parse_comma_list(")", |p| p.parse_operand())?;
                self.expect(")")?;
                op.attrs = self.parse_optional_attr_dict()?;
                self.expect(":")?;
                self.set_function_signature(&mut op)?;
                Ok(op)
            }
            _ => match self.forms.parser_for(&op.name) {
                Some(parse) => parse(self, op),
                None => Err(ParseError::new(
                    op.pos,
                    format!(
                        "unsupported op '{}' in custom (pretty) form; its generic form \"{}\"(...) : (...) -> ... is accepted",
                        op.name, op.name
                    ),
                )),
            },
        }
    }

    /// `: (a, b) -> c` after the colon, filling operand and result types.
    pub fn set_function_signature(&mut self, op: &mut Op) -> Result<()> {
        match self.parse_function_type()? {
            Type::Function { inputs, results } => {
                op.operand_types = inputs;
                op.result_types = results;
                Ok(())
            }
            _ => unreachable!(),
        }
    }

    /// `module @name attributes {...} { ops }`.
    fn parse_module(&mut self, mut op: Op) -> Result<Op> {
        if let Tok::Symbol(name) = self.peek().clone() {
            self.bump();
            op.properties.push(("sym_name".into(), Attribute::Str(name)));
        }
        op.attrs = self.parse_optional_attr_dict_with_keyword()?;
        op.regions.push(self.parse_region()?);
        Ok(op)
    }

    /// `func.func [private] @name(%a: t {attrs}, ...) -> (t {attrs}, ...) [attributes {...}] {body}`;
    /// declarations list bare types.
    fn parse_func(&mut self, mut op: Op) -> Result<Op> {
        if let Tok::Ident(vis) = self.peek().clone() {
            if matches!(vis.as_str(), "private" | "public" | "nested") {
                self.bump();
                op.properties.push(("sym_visibility".into(), Attribute::Str(vis)));
            }
        }
        let name = match self.bump() {
            Tok::Symbol(s) => s,
            other => return Err(ParseError::new(self.pos(), format!("expected a function name such as @main, found {other}"))),
        };
        op.properties.insert(0, ("sym_name".into(), Attribute::Str(name)));
        self.expect("(")?;
        let mut args = Vec::new();
        let mut arg_attrs = Vec::new();
        let params = self.parse_comma_list(")", |p| {
            let name = if p.is_operand() {
                let v = p.parse_operand()?;
                p.expect(":")?;
                Some(v)
            } else {
                None
            };
            let ty = p.parse_type()?;
            let attrs = p.parse_optional_attr_dict()?;
            p.skip_location()?;
            Ok((name, ty, attrs))
        })?;
        self.expect(")")?;
        for (name, ty, attrs) in params {
            if let Some(name) = name {
                args.push((name, ty.clone()));
            }
            arg_attrs.push((ty, attrs));
        }
        let mut results = Vec::new();
        if self.eat("->") {
            if self.is_punct("(") && !self.looks_like_function_type_at_paren() {
                self.bump();
                results = self.parse_comma_list(")", |p| {
                    let ty = p.parse_type()?;
                    let attrs = p.parse_optional_attr_dict()?;
                    Ok((ty, attrs))
                })?;
                self.expect(")")?;
            } else {
                // A bare result type has no attributes (MLIR's function_result_list): a `{`
                // here opens the body.
                results.push((self.parse_type()?, vec![]));
            }
        }
        let function_type = Type::Function {
            inputs: arg_attrs.iter().map(|(t, _)| t.clone()).collect(),
            results: results.iter().map(|(t, _)| t.clone()).collect(),
        };
        op.properties.push(("function_type".into(), Attribute::Type(function_type)));
        if arg_attrs.iter().any(|(_, a)| !a.is_empty()) {
            let list = arg_attrs.into_iter().map(|(_, a)| Attribute::Dict(a)).collect();
            op.properties.push(("arg_attrs".into(), Attribute::Array(list)));
        }
        if results.iter().any(|(_, a)| !a.is_empty()) {
            let list = results.into_iter().map(|(_, a)| Attribute::Dict(a)).collect();
            op.properties.push(("res_attrs".into(), Attribute::Array(list)));
        }
        op.attrs = self.parse_optional_attr_dict_with_keyword()?;
        if self.is_punct("{") {
            let mut region = self.parse_region()?;
            if let Some(entry) = region.blocks.first_mut() {
                if entry.args.is_empty() {
                    entry.args = args;
                }
            }
            op.regions.push(region);
        }
        Ok(op)
    }

    /// `{ ops }` or `{ ^bb0(%a: t): ops ^bb1: ops }`.
    pub fn parse_region(&mut self) -> Result<Region> {
        self.enter()?;
        let r = self.parse_region_inner();
        self.leave();
        r
    }

    fn parse_region_inner(&mut self) -> Result<Region> {
        self.expect("{")?;
        let mut region = Region::default();
        if self.eat("}") {
            return Ok(region);
        }
        if !matches!(self.peek(), Tok::Caret(_)) {
            region.blocks.push(Block::default());
        }
        loop {
            match self.peek().clone() {
                Tok::Punct("}") => {
                    self.bump();
                    return Ok(region);
                }
                Tok::Caret(label) => {
                    self.bump();
                    let mut block = Block { label: Some(label), ..Default::default() };
                    if self.eat("(") {
                        block.args = self.parse_comma_list(")", |p| {
                            let v = p.parse_operand()?;
                            p.expect(":")?;
                            let t = p.parse_type()?;
                            p.skip_location()?;
                            Ok((v, t))
                        })?;
                        self.expect(")")?;
                    }
                    self.expect(":")?;
                    region.blocks.push(block);
                }
                Tok::Eof => return Err(self.expected("'}' to close a region")),
                _ => {
                    let op = self.parse_op()?;
                    region.blocks.last_mut().expect("a block is open").ops.push(op);
                }
            }
        }
    }

    /// A region whose entry block arguments are written before it, as in
    /// `reducer(%a: tensor<f32>, %b: tensor<f32>) { ... }`: the arguments are given.
    pub fn parse_region_with_args(&mut self, args: Vec<(ValueRef, Type)>) -> Result<Region> {
        let mut region = self.parse_region()?;
        match region.blocks.first_mut() {
            Some(b) if b.label.is_none() => b.args = args,
            _ => region.blocks.insert(0, Block { label: None, args, ops: vec![] }),
        }
        Ok(region)
    }

    /// `(%a: type, %b: type)` argument list.
    pub fn parse_typed_args(&mut self) -> Result<Vec<(ValueRef, Type)>> {
        self.expect("(")?;
        let args = self.parse_comma_list(")", |p| {
            let v = p.parse_operand()?;
            p.expect(":")?;
            Ok((v, p.parse_type()?))
        })?;
        self.expect(")")?;
        Ok(args)
    }
}

/// Ops written without their dialect prefix inside a function body.
fn canonical_op_name(name: &str) -> String {
    match name {
        "module" => "builtin.module".into(),
        "return" => "func.return".into(),
        "call" => "func.call".into(),
        "func" => "func.func".into(),
        n => n.to_string(),
    }
}

/// Builtin scalar types by spelling.
pub fn scalar_type(word: &str) -> Option<Type> {
    let int = |prefix: &str, signedness: &'static str| {
        word.strip_prefix(prefix).and_then(|w| w.parse::<u32>().ok()).filter(|w| (1..=1 << 16).contains(w)).map(|width| Type::Integer { width, signedness })
    };
    if let Some(t) = int("si", "s").or_else(|| int("ui", "u")).or_else(|| int("i", "")) {
        return Some(t);
    }
    let is_float = matches!(word, "f16" | "bf16" | "f32" | "f64" | "f80" | "f128" | "tf32")
        || (word.starts_with("f8E") || word.starts_with("f6E") || word.starts_with("f4E"));
    is_float.then(|| Type::Float(word.to_string()))
}

/// Decimal or `0x` hexadecimal.
pub fn parse_int_literal(s: &str) -> Option<i64> {
    if let Some(hex) = s.strip_prefix("0x") {
        u64::from_str_radix(hex, 16).ok().map(|v| v as i64)
    } else {
        s.parse::<i64>().ok().or_else(|| s.parse::<u64>().ok().map(|v| v as i64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::print::print_file;

    const GENERIC: &str = r#"module {
  func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = "d.op"(%a) <{k = array<i64: 1, 0>}> {note = "x\"y"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
"#;

    #[test]
    fn generic_form_prints_back_with_locations() {
        let file = parse_file(GENERIC).unwrap();
        let printed = print_file(&file, "f.mlir");
        assert!(printed.contains(r#"%0 = "d.op"(%a) <{k = array<i64: 1, 0>}> {note = "x\"y"} : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("f.mlir":3:10)"#), "{printed}");
        // The printed text reads back and prints the same, positions included.
        assert_eq!(print_file(&parse_file(&printed).unwrap(), "f.mlir"), printed);
    }

    #[test]
    fn unknown_pretty_op_is_a_located_error() {
        let e = parse_file("func.func @f() {\n  %0 = d.op : tensor<f32>\n}").unwrap_err();
        assert_eq!(e.to_string(), r#"2:8: unsupported op 'd.op' in custom (pretty) form; its generic form "d.op"(...) : (...) -> ... is accepted"#);
    }

    #[test]
    fn custom_forms_are_plugged_in() {
        // `d.op %x : type`.
        fn d_op(p: &mut Parser, mut op: Op) -> Result<Op> {
            op.operands = p.parse_operand_list()?;
            p.expect(":")?;
            let t = p.parse_type()?;
            op.operand_types = vec![t.clone()];
            op.result_types = vec![t];
            Ok(op)
        }
        let forms = |name: &str| (name == "d.op").then_some(d_op as CustomParser);
        let text = "func.func @f(%a: tensor<f32>) {\n  %0 = d.op %a : tensor<f32>\n}";
        let file = parse_file_with(text, &forms).unwrap();
        let op = &file.ops[0].regions[0].blocks[0].ops[0];
        assert_eq!((op.name.as_str(), op.operands.len(), op.pos), ("d.op", 1, Pos { line: 2, col: 8 }));
        assert!(parse_file(text).is_err());
    }
}

/// A `dense<"0x...">` body of an i1 tensor written with one byte per element (as JAX prints
/// it), as nested lists of `true`/`false`: MLIR 22 reads i1 hex data as packed bits and
/// rejects the byte-per-element form as the wrong size. `None` for anything else (other
/// element types, packed or splat hex, dynamic shapes, a byte other than 0 or 1).
/// How deep the `[...]` lists of a dense body nest (outside strings), when deeper than
/// `at_least`.
fn list_depth_beyond(body: &str, at_least: usize) -> Option<usize> {
    let (mut depth, mut deepest, mut quoted) = (0usize, 0usize, false);
    for c in body.chars() {
        match c {
            '"' => quoted = !quoted,
            '[' if !quoted => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            ']' if !quoted => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    (deepest > at_least).then_some(deepest)
}

fn bool_hex_as_list(body: &str, ty: &Type) -> Option<String> {
    let Type::Tensor { dims, element, .. } = ty else { return None };
    if !matches!(**element, Type::Integer { width: 1, .. }) {
        return None;
    }
    let hex = body.trim().strip_prefix("\"0x")?.strip_suffix('"')?;
    let dims: Vec<usize> = dims.iter().map(|d| d.and_then(|d| usize::try_from(d).ok())).collect::<Option<_>>()?;
    let n: usize = dims.iter().product();
    if n < 2 || hex.len() != 2 * n {
        return None;
    }
    let bits: Vec<bool> = (0..n)
        .map(|i| match &hex[2 * i..2 * i + 2] {
            "00" => Some(false),
            "01" => Some(true),
            _ => None,
        })
        .collect::<Option<_>>()?;
    fn nest(bits: &[bool], dims: &[usize]) -> String {
        match dims.split_first() {
            None => bits[0].to_string(),
            Some((&d, rest)) => {
                let step = rest.iter().product::<usize>();
                let parts: Vec<String> = (0..d).map(|k| nest(&bits[k * step..(k + 1) * step], rest)).collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
    Some(nest(&bits, &dims))
}

#[cfg(test)]
mod bool_hex_tests {
    use super::*;

    #[test]
    fn byte_per_element_i1_hex_becomes_nested_lists() {
        let t = |dims: Vec<i64>, width| Type::Tensor { dims: dims.into_iter().map(Some).collect(), element: Box::new(Type::Integer { width, signedness: "" }), encoding: None };
        assert_eq!(bool_hex_as_list("\"0x01000100\"", &t(vec![4], 1)).as_deref(), Some("[true, false, true, false]"));
        assert_eq!(bool_hex_as_list("\"0x010000010101\"", &t(vec![2, 3], 1)).as_deref(), Some("[[true, false, false], [true, true, true]]"));
        // Packed (MLIR's own), splat, other widths and other bytes stay as written.
        assert_eq!(bool_hex_as_list("\"0x05\"", &t(vec![4], 1)), None);
        assert_eq!(bool_hex_as_list("\"0x01\"", &t(vec![1], 1)), None);
        assert_eq!(bool_hex_as_list("\"0x01000100\"", &t(vec![4], 8)), None);
        assert_eq!(bool_hex_as_list("\"0x02000100\"", &t(vec![4], 1)), None);
    }
}

#[cfg(test)]
mod dense_depth_tests {
    use super::*;

    /// A dense body nested far deeper than its type's rank is refused where it starts (its
    /// readers recurse once per level: 20,000 levels overflowed the stack).
    #[test]
    fn dense_lists_deeper_than_the_rank_are_refused_where_they_start() {
        let deep = format!("\"x.c\"() {{v = dense<{}1.0{}> : tensor<f32>}} : () -> ()\n", "[".repeat(20000), "]".repeat(20000));
        let e = parse_file(&deep).unwrap_err().to_string();
        assert!(e.contains("1:20") && e.contains("dense literal nests its lists 20000 deep, but the type has rank 0"), "{e}");
        let fine = "\"x.c\"() {v = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>, w = dense<\"0x5B5B\"> : tensor<2xi8>} : () -> ()\n";
        parse_file(fine).unwrap();
    }
}

#[cfg(test)]
mod shape_tests {
    use super::*;

    fn tensor(text: &str) -> Result<Type> {
        let src = format!("\"x.c\"() : () -> {text}\n");
        let file = parse_file(&src)?;
        Ok(file.ops[0].result_types[0].clone())
    }

    fn dims_and_element(t: &Type) -> (Vec<Option<i64>>, String) {
        match t {
            Type::Tensor { dims, element, .. } => (dims.clone(), format!("{element:?}")),
            other => panic!("not a ranked tensor: {other:?}"),
        }
    }

    /// Shapes are read from the source text: every way MLIR writes a dimension list,
    /// including those the lexer splits oddly (`0xf32` and `0xcomplex` start as hex integers).
    #[test]
    fn dimension_lists_in_every_spelling() {
        let cases: &[(&str, &[Option<i64>], &str)] = &[
            ("tensor<2x3xf32>", &[Some(2), Some(3)], "\"f32\""),
            ("tensor<f32>", &[], "\"f32\""),
            ("tensor<?x4xbf16>", &[None, Some(4)], "\"bf16\""),
            ("tensor<0xf32>", &[Some(0)], "\"f32\""),
            ("tensor<0x2xi32>", &[Some(0), Some(2)], "width: 32"),
            ("tensor<0xcomplex<f32>>", &[Some(0)], "Complex"),
            ("tensor<2 x 3 x f32>", &[Some(2), Some(3)], "\"f32\""),
            ("tensor<1x?x?xi1>", &[Some(1), None, None], "width: 1,"),
        ];
        for (text, dims, element) in cases {
            let t = tensor(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let (d, e) = dims_and_element(&t);
            assert_eq!(&d[..], *dims, "{text}");
            assert!(e.contains(element), "{text}: {e}");
        }
        assert!(matches!(tensor("tensor<*xf32>").unwrap(), Type::UnrankedTensor(_)));
    }

    #[test]
    fn malformed_shapes_are_located() {
        let e = tensor("tensor<2x3>").unwrap_err().to_string();
        assert!(e.contains("1:27") && e.contains("expected 'x' after a dimension, found '>'"), "{e}");
        let e = tensor("tensor<99999999999999999999xf32>").unwrap_err().to_string();
        assert!(e.contains("1:24") && e.contains("bad dimension"), "{e}");
    }

    /// A file of many shapes parses in time linear in its size (splitting shapes once
    /// inserted tokens into the token vector: quadratic).
    #[test]
    fn many_shapes_parse_without_moving_tokens() {
        let mut src = String::from("func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {\n");
        for i in 0..20000 {
            let prev = if i == 0 { "%a".to_string() } else { format!("%{}", i - 1) };
            src.push_str(&format!("  %{i} = \"x.add\"({prev}, {prev}) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>\n"));
        }
        src.push_str("  return %19999 : tensor<4x4xf32>\n}\n");
        let t = std::time::Instant::now();
        parse_file(&src).unwrap();
        // Not a timing assertion on speed, only a guard against the quadratic case (which
        // took minutes on this input); generous for slow debug builds.
        assert!(t.elapsed().as_secs() < 60);
    }
}

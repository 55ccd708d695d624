//! A recursive-descent reader for the MLIR type and attribute syntax that xhlo uses.
//!
//! MLIR prints types and attributes as text; reading that text back into [`Type`] and [`Attr`]
//! keeps the catalogue's checks independent of the C API.

use crate::attrs::Attr;
use crate::types::{ElementType, TensorType, Type};
use std::collections::BTreeMap;

/// Parses one type, requiring the whole input to be consumed.
pub fn parse_type(text: &str) -> Result<Type, String> {
    let mut c = Cursor::new(text);
    let t = c.ty()?;
    c.end()?;
    Ok(t)
}

/// Parses one attribute, requiring the whole input to be consumed.
pub fn parse_attr(text: &str) -> Result<Attr, String> {
    let mut c = Cursor::new(text);
    let a = c.attr()?;
    c.end()?;
    Ok(a)
}

struct Cursor<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn new(src: &'a str) -> Self {
        Cursor { src, pos: 0 }
    }

    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn skip_ws(&mut self) {
        let trimmed = self.rest().trim_start();
        self.pos = self.src.len() - trimmed.len();
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.rest().chars().next()
    }

    fn eat(&mut self, token: &str) -> bool {
        self.skip_ws();
        if self.rest().starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, token: &str) -> Result<(), String> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{token}'")))
        }
    }

    fn end(&mut self) -> Result<(), String> {
        self.skip_ws();
        if self.rest().is_empty() {
            Ok(())
        } else {
            Err(self.error("unexpected trailing text"))
        }
    }

    fn error(&self, what: &str) -> String {
        let near: String = self.rest().chars().take(24).collect();
        format!("{what} at offset {} (near `{near}`)", self.pos)
    }

    /// An identifier-like word: letters, digits, `_`, `.`, `$`.
    fn word(&mut self) -> &'a str {
        self.skip_ws();
        let rest = self.rest();
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')))
            .unwrap_or(rest.len());
        self.pos += len;
        &rest[..len]
    }

    /// Text up to the `>` that closes an already-consumed `<`, balancing nested brackets and
    /// skipping string literals.
    fn balanced_until_close(&mut self) -> Result<&'a str, String> {
        let start = self.pos;
        let mut depth = 0usize;
        let mut in_string = false;
        let mut escaped = false;
        for (i, ch) in self.rest().char_indices() {
            if in_string {
                match (escaped, ch) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
                continue;
            }
            match ch {
                '"' => in_string = true,
                '<' | '[' | '(' | '{' => depth += 1,
                '>' | ']' | ')' | '}' if depth > 0 => depth -= 1,
                '>' => {
                    self.pos = start + i + 1;
                    return Ok(&self.src[start..start + i]);
                }
                _ => {}
            }
        }
        Err(self.error("unbalanced '<'"))
    }

    fn integer(&mut self) -> Result<i64, String> {
        self.skip_ws();
        let rest = self.rest();
        let neg = rest.starts_with('-');
        let digits = &rest[neg as usize..];
        let len = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
        if len == 0 {
            return Err(self.error("expected an integer"));
        }
        let text = &rest[..neg as usize + len];
        self.pos += text.len();
        text.parse::<i64>().map_err(|e| self.error(&format!("bad integer: {e}")))
    }

    fn ty(&mut self) -> Result<Type, String> {
        if self.eat("tensor<") {
            return self.tensor_body().map(Type::Tensor);
        }
        if self.eat("tuple<") {
            let mut elems = Vec::new();
            if !self.eat(">") {
                loop {
                    elems.push(self.ty()?);
                    if self.eat(">") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            return Ok(Type::Tuple(elems));
        }
        if self.eat("!xhlo.token") || self.eat("!stablehlo.token") {
            return Ok(Type::Token);
        }
        let element = self.element_type()?;
        Err(format!("expected a tensor, tuple or token type, found the bare element type '{element}'"))
    }

    fn element_type(&mut self) -> Result<ElementType, String> {
        if self.eat("complex<") {
            let inner = self.word();
            self.expect(">")?;
            return match inner {
                "f32" => Ok(ElementType::C64),
                "f64" => Ok(ElementType::C128),
                other => Err(format!("unsupported complex element type 'complex<{other}>'")),
            };
        }
        let w = self.word();
        ElementType::from_mlir(w).ok_or_else(|| {
            if w.is_empty() {
                self.error("expected an element type")
            } else {
                format!("unsupported element type '{w}'")
            }
        })
    }

    /// After `tensor<`: `2x3xf32`, `f32`, `2x3xf32, #xhlo.layout<array<i64: 0, 1>>`.
    fn tensor_body(&mut self) -> Result<TensorType, String> {
        let mut dims = Vec::new();
        loop {
            self.skip_ws();
            let rest = self.rest();
            if rest.starts_with('?') {
                return Err("unsupported: dynamically shaped tensor (`?` dimension)".into());
            }
            if rest.starts_with('*') {
                return Err("unsupported: unranked tensor".into());
            }
            let len = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            if len > 0 && rest[len..].starts_with('x') {
                dims.push(rest[..len].parse::<i64>().map_err(|e| e.to_string())?);
                self.pos += len + 1;
            } else {
                break;
            }
        }
        let element = self.element_type()?;
        let mut t = TensorType::new(dims, element);
        if self.eat(",") {
            if self.eat("#xhlo.layout<") {
                let layout = match self.attr()? {
                    Attr::I64Array(v) => v,
                    other => {
                        return Err(format!("#xhlo.layout expects array<i64: ...>, got {other}"))
                    }
                };
                self.expect(">")?;
                t.layout = Some(layout);
            } else {
                let enc: String = self.rest().chars().take(40).collect();
                return Err(format!("unsupported tensor encoding `{}`", enc.trim_end_matches('>')));
            }
        }
        self.expect(">")?;
        Ok(t)
    }

    fn string_literal(&mut self) -> Result<String, String> {
        self.expect("\"")?;
        let mut out = String::new();
        let mut chars = self.rest().char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += i + 1;
                    return Ok(out);
                }
                '\\' => match chars.next() {
                    Some((_, 'n')) => out.push('\n'),
                    Some((_, 't')) => out.push('\t'),
                    Some((_, '"')) => out.push('"'),
                    Some((_, '\\')) => out.push('\\'),
                    Some((_, h1)) => {
                        let h2 = chars.next().map(|(_, c)| c).unwrap_or('0');
                        let byte = u8::from_str_radix(&format!("{h1}{h2}"), 16)
                            .map_err(|_| self.error("bad string escape"))?;
                        out.push(byte as char);
                    }
                    None => break,
                },
                c => out.push(c),
            }
        }
        Err(self.error("unterminated string"))
    }

    fn attr(&mut self) -> Result<Attr, String> {
        let Some(c) = self.peek() else { return Err(self.error("expected an attribute")) };
        match c {
            '"' => self.string_literal().map(Attr::Str),
            '[' => {
                self.expect("[")?;
                let mut items = Vec::new();
                if !self.eat("]") {
                    loop {
                        items.push(self.attr()?);
                        if self.eat("]") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                Ok(Attr::Array(items))
            }
            '{' => {
                self.expect("{")?;
                let mut map = BTreeMap::new();
                if !self.eat("}") {
                    loop {
                        let key = if self.peek() == Some('"') {
                            self.string_literal()?
                        } else {
                            self.word().to_string()
                        };
                        let value = if self.eat("=") { self.attr()? } else { Attr::Unit };
                        map.insert(key, value);
                        if self.eat("}") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                Ok(Attr::Dict(map))
            }
            '@' => {
                self.expect("@")?;
                if self.peek() == Some('"') {
                    self.string_literal().map(Attr::Symbol)
                } else {
                    Ok(Attr::Symbol(self.word().to_string()))
                }
            }
            '#' => {
                let start = self.pos;
                self.word_hash()?;
                Ok(Attr::Opaque(self.src[start..self.pos].trim().to_string()))
            }
            '-' | '0'..='9' => self.number(),
            _ => self.keyword_attr(),
        }
    }

    /// `#dialect.name<...>` or `#alias`, consumed whole.
    fn word_hash(&mut self) -> Result<(), String> {
        self.expect("#")?;
        self.word();
        if self.rest().starts_with('<') {
            self.pos += 1;
            self.balanced_until_close()?;
        }
        Ok(())
    }

    fn number(&mut self) -> Result<Attr, String> {
        self.skip_ws();
        let rest = self.rest();
        if rest.starts_with("0x") {
            let len = 2 + rest[2..].find(|c: char| !c.is_ascii_hexdigit()).unwrap_or(rest.len() - 2);
            let bits = u64::from_str_radix(&rest[2..len], 16).map_err(|e| e.to_string())?;
            self.pos += len;
            let ty = if self.eat(":") { self.word().to_string() } else { "i64".to_string() };
            return Ok(if ty.starts_with('f') || ty == "bf16" {
                Attr::Float(hex_float(bits, &ty), ty)
            } else {
                Attr::Int(bits as i64, ty)
            });
        }
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E')))
            .unwrap_or(rest.len());
        let text = &rest[..len];
        self.pos += len;
        let is_float = text.contains(['.', 'e', 'E']);
        let ty = if self.eat(":") {
            self.word().to_string()
        } else if is_float {
            "f64".to_string()
        } else {
            "i64".to_string()
        };
        if is_float || ty.starts_with('f') || ty == "bf16" {
            let v = text.parse::<f64>().map_err(|e| format!("bad float '{text}': {e}"))?;
            Ok(Attr::Float(v, ty))
        } else {
            let v = text.parse::<i64>().map_err(|e| format!("bad integer '{text}': {e}"))?;
            Ok(Attr::Int(v, ty))
        }
    }

    fn keyword_attr(&mut self) -> Result<Attr, String> {
        let save = self.pos;
        if self.eat("array<") {
            let elem = self.word().to_string();
            let mut ints = Vec::new();
            let mut bools = Vec::new();
            if self.eat(":") {
                loop {
                    if elem == "i1" {
                        match self.word() {
                            "true" => bools.push(true),
                            "false" => bools.push(false),
                            _ => return Err(self.error("expected true or false")),
                        }
                    } else {
                        ints.push(self.integer()?);
                    }
                    if !self.eat(",") {
                        break;
                    }
                }
            }
            self.expect(">")?;
            return match elem.as_str() {
                "i1" => Ok(Attr::BoolArray(bools)),
                "i64" | "i32" | "i16" | "i8" => Ok(Attr::I64Array(ints)),
                other => Err(format!("unsupported dense array element type '{other}'")),
            };
        }
        if self.eat("dense<") {
            let body = self.balanced_until_close()?.trim().to_string();
            self.expect(":")?;
            return match self.ty()? {
                Type::Tensor(ty) => Ok(Attr::Dense { body, ty }),
                other => Err(format!("dense attribute with non-tensor type {other}")),
            };
        }
        let w = self.word();
        match w {
            "true" => return Ok(Attr::Bool(true)),
            "false" => return Ok(Attr::Bool(false)),
            "unit" => return Ok(Attr::Unit),
            _ => {}
        }
        self.pos = save;
        if let Ok(t) = self.ty() {
            return Ok(Attr::Type(t));
        }
        self.pos = save;
        // Unknown attribute kinds (dense_resource<...>, affine maps, ...) are kept verbatim.
        let w = self.word();
        if w.is_empty() {
            return Err(self.error("expected an attribute"));
        }
        if self.rest().starts_with('<') {
            self.pos += 1;
            self.balanced_until_close()?;
        }
        // Elements attributes (`dense_resource<blob> : tensor<2xf32>`) carry their type.
        let before_type = self.pos;
        if self.eat(":") && self.ty().is_err() {
            self.pos = before_type;
        }
        Ok(Attr::Opaque(self.src[save..self.pos].trim().to_string()))
    }
}

/// Decodes a hex float literal's bit pattern for the given MLIR float type.
fn hex_float(bits: u64, ty: &str) -> f64 {
    match ty {
        "f32" => f32::from_bits(bits as u32) as f64,
        "f16" => crate::literal::f16_value(bits as u16),
        "bf16" => f32::from_bits((bits as u32) << 16) as f64,
        _ => f64::from_bits(bits),
    }
}


#[cfg(test)]
mod tests {
    use super::*;
    use ElementType::*;

    #[test]
    fn types_round_trip() {
        for text in [
            "tensor<2x3xf32>",
            "tensor<i1>",
            "tensor<0x4xui8>",
            "tensor<4xcomplex<f64>>",
            "tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>",
            "tuple<tensor<i32>, !xhlo.token, tuple<>>",
            "!xhlo.token",
        ] {
            assert_eq!(parse_type(text).unwrap().to_string(), text);
        }
        assert_eq!(parse_type("tensor<4xbf16>").unwrap(), Type::tensor([4], BF16));
    }

    #[test]
    fn unsupported_types_say_so() {
        assert!(parse_type("tensor<?x3xf32>").unwrap_err().contains("unsupported"));
        assert!(parse_type("tensor<3xf8E4M3FN>").unwrap_err().contains("unsupported element type"));
        assert!(parse_type("f32").unwrap_err().contains("bare element type"));
    }

    #[test]
    fn attributes_parse() {
        assert_eq!(parse_attr("array<i64: 1, -2>").unwrap(), Attr::I64Array(vec![1, -2]));
        assert_eq!(parse_attr("array<i64>").unwrap(), Attr::I64Array(vec![]));
        assert_eq!(parse_attr("array<i1: true, false>").unwrap(), Attr::BoolArray(vec![true, false]));
        assert_eq!(parse_attr("3 : i32").unwrap(), Attr::Int(3, "i32".into()));
        assert_eq!(parse_attr("-1.5 : f32").unwrap(), Attr::Float(-1.5, "f32".into()));
        assert_eq!(parse_attr("0x7F800000 : f32").unwrap(), Attr::Float(f64::INFINITY, "f32".into()));
        assert_eq!(parse_attr("\"GT\"").unwrap(), Attr::str("GT"));
        assert_eq!(parse_attr("@body").unwrap(), Attr::Symbol("body".into()));
        assert_eq!(parse_attr("unit").unwrap(), Attr::Unit);
        assert_eq!(parse_attr("tensor<2xi32>").unwrap(), Attr::Type(Type::tensor([2], S32)));
        let dense = parse_attr("dense<[[1, 2]]> : tensor<1x2xi32>").unwrap();
        assert_eq!(dense, Attr::Dense { body: "[[1, 2]]".into(), ty: TensorType::new([1, 2], S32) });
        let dict = parse_attr("{a = [1 : i64, \"x\"], \"b c\" = true, d}").unwrap();
        assert_eq!(dict.to_string(), "{a = [1 : i64, \"x\"], \"b c\" = true, d}");
        assert_eq!(parse_attr("#foo.bar<1, <2>>").unwrap(), Attr::Opaque("#foo.bar<1, <2>>".into()));
        assert_eq!(
            parse_attr("dense_resource<blob1> : tensor<2xf32>").unwrap(),
            Attr::Opaque("dense_resource<blob1> : tensor<2xf32>".into())
        );
    }

    #[test]
    fn printed_attributes_read_back() {
        for a in [
            Attr::Float(0.1, "f32".into()),
            Attr::Float(f64::NEG_INFINITY, "f64".into()),
            Attr::Str("a\"b\\c".into()),
            Attr::I64Array(vec![]),
        ] {
            assert_eq!(parse_attr(&a.to_string()).unwrap(), a);
        }
    }
}

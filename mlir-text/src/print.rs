//! Prints the syntax tree in MLIR's generic form, with `loc("file":line:col)` on every op so
//! that diagnostics on the printed text point back at the source that was imported.

use crate::ast::*;
use std::fmt::{self, Write};

pub fn type_to_string(t: &Type) -> String {
    let mut s = String::new();
    write_type(&mut s, t);
    s
}

pub fn write_type(out: &mut String, t: &Type) {
    match t {
        Type::Tensor { dims, element, encoding } => {
            out.push_str("tensor<");
            for d in dims {
                match d {
                    Some(n) => write!(out, "{n}x").unwrap(),
                    None => out.push_str("?x"),
                }
            }
            write_type(out, element);
            if let Some(enc) = encoding {
                out.push_str(", ");
                write_attr(out, enc);
            }
            out.push('>');
        }
        Type::UnrankedTensor(e) => {
            out.push_str("tensor<*x");
            write_type(out, e);
            out.push('>');
        }
        Type::Integer { width, signedness } => write!(out, "{signedness}i{width}").unwrap(),
        Type::Float(name) => out.push_str(name),
        Type::Index => out.push_str("index"),
        Type::None => out.push_str("none"),
        Type::Complex(e) => {
            out.push_str("complex<");
            write_type(out, e);
            out.push('>');
        }
        Type::Tuple(elems) => {
            out.push_str("tuple<");
            write_list(out, elems, write_type);
            out.push('>');
        }
        Type::Function { inputs, results } => {
            out.push('(');
            write_list(out, inputs, write_type);
            out.push_str(") -> ");
            if results.len() == 1 && !matches!(results[0], Type::Function { .. }) {
                write_type(out, &results[0]);
            } else {
                out.push('(');
                write_list(out, results, write_type);
                out.push(')');
            }
        }
        Type::Dialect(text) => write!(out, "!{text}").unwrap(),
        Type::Other(text) => out.push_str(text),
    }
}

fn write_list<T>(out: &mut String, items: &[T], each: fn(&mut String, &T)) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        each(out, item);
    }
}

fn write_string(out: &mut String, s: &str) {
    write_string_literal(out, s).unwrap();
}

/// A string literal: `"..."` with `"`, `\`, newline and tab escaped as `\"`, `\\`, `\n`,
/// `\t` and other control characters as `\XX` (MLIR's escapes).
pub fn write_string_literal(out: &mut impl fmt::Write, s: &str) -> fmt::Result {
    out.write_char('"')?;
    for c in s.chars() {
        match c {
            '"' => out.write_str("\\\"")?,
            '\\' => out.write_str("\\\\")?,
            '\n' => out.write_str("\\n")?,
            '\t' => out.write_str("\\t")?,
            c if (c as u32) < 0x20 => write!(out, "\\{:02X}", c as u32)?,
            c => out.write_char(c)?,
        }
    }
    out.write_char('"')
}

/// Whether `name` is an MLIR bare identifier (`[a-zA-Z_][a-zA-Z0-9_.$]*`), so that it can be
/// written without quotes as an attribute name.
pub fn is_bare_identifier(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$'))
}

/// An attribute (dictionary key) name: bare when it is a bare identifier, quoted otherwise.
pub fn write_name(out: &mut impl fmt::Write, name: &str) -> fmt::Result {
    if is_bare_identifier(name) {
        out.write_str(name)
    } else {
        write_string_literal(out, name)
    }
}

fn write_key(out: &mut String, key: &str) {
    write_name(out, key).unwrap();
}

pub fn write_attr(out: &mut String, a: &Attribute) {
    match a {
        Attribute::Unit => out.push_str("unit"),
        Attribute::Bool(b) => write!(out, "{b}").unwrap(),
        Attribute::Int(v, t) => {
            write!(out, "{v} : ").unwrap();
            write_type(out, t);
        }
        Attribute::Float(v, t) => {
            write!(out, "{v} : ").unwrap();
            write_type(out, t);
        }
        Attribute::Str(s) => write_string(out, s),
        Attribute::Type(t) => write_type(out, t),
        Attribute::Symbol(path) => {
            for (i, s) in path.iter().enumerate() {
                if i > 0 {
                    out.push_str("::");
                }
                out.push('@');
                // Symbol names may also start with a digit or `.`/`$` here (unlike [`write_name`]).
                let bare = s.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$'));
                if bare {
                    out.push_str(s);
                } else {
                    write_string(out, s);
                }
            }
        }
        Attribute::Array(items) => {
            out.push('[');
            write_list(out, items, write_attr);
            out.push(']');
        }
        Attribute::DenseArray(t, values) => {
            out.push_str("array<");
            write_type(out, t);
            if !values.is_empty() {
                write!(out, ": {}", values.join(", ")).unwrap();
            }
            out.push('>');
        }
        Attribute::Dict(entries) => write_dict(out, entries),
        Attribute::Dense { body, ty } => {
            write!(out, "dense<{body}> : ").unwrap();
            write_type(out, ty);
        }
        Attribute::DenseResource { name, ty } => {
            write!(out, "dense_resource<{name}> : ").unwrap();
            write_type(out, ty);
        }
        Attribute::Dialect { name, body } => {
            write!(out, "#{name}").unwrap();
            if !body.is_empty() {
                write!(out, "<{body}>").unwrap();
            }
        }
        Attribute::Other(text) => out.push_str(text),
    }
}

pub fn write_dict(out: &mut String, entries: &[(String, Attribute)]) {
    out.push('{');
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_key(out, k);
        if *v != Attribute::Unit {
            out.push_str(" = ");
            write_attr(out, v);
        }
    }
    out.push('}');
}

/// Prints a file in generic form; `file` names the source in every `loc(...)`.
pub fn print_file(f: &File, file: &str) -> String {
    let mut out = String::new();
    for op in &f.ops {
        write_op(&mut out, op, 0, file);
    }
    out
}

pub fn write_op(out: &mut String, op: &Op, indent: usize, file: &str) {
    let pad = "  ".repeat(indent);
    out.push_str(&pad);
    if !op.results.is_empty() {
        for (i, (name, count)) in op.results.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write!(out, "%{name}").unwrap();
            if *count != 1 {
                write!(out, ":{count}").unwrap();
            }
        }
        out.push_str(" = ");
    }
    write_string(out, &op.name);
    out.push('(');
    for (i, v) in op.operands.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write!(out, "{v}").unwrap();
    }
    out.push(')');
    if !op.successors.is_empty() {
        let labels: Vec<_> = op.successors.iter().map(|s| format!("^{s}")).collect();
        write!(out, "[{}]", labels.join(", ")).unwrap();
    }
    if !op.properties.is_empty() {
        out.push_str(" <");
        write_dict(out, &op.properties);
        out.push('>');
    }
    if !op.regions.is_empty() {
        out.push_str(" (");
        for (i, r) in op.regions.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            write_region(out, r, indent, file);
        }
        out.push(')');
    }
    if !op.attrs.is_empty() {
        out.push(' ');
        write_dict(out, &op.attrs);
    }
    out.push_str(" : ");
    write_type(out, &Type::Function { inputs: op.operand_types.clone(), results: op.result_types.clone() });
    write!(out, " loc(").unwrap();
    write_string(out, file);
    writeln!(out, ":{}:{})", op.pos.line, op.pos.col).unwrap();
}

fn write_region(out: &mut String, r: &Region, indent: usize, file: &str) {
    out.push_str("{\n");
    for (i, b) in r.blocks.iter().enumerate() {
        let needs_header = i > 0 || !b.args.is_empty() || b.label.is_some();
        if needs_header {
            let label = b.label.clone().unwrap_or_else(|| format!("bb{i}"));
            write!(out, "{}^{label}", "  ".repeat(indent)).unwrap();
            if !b.args.is_empty() {
                out.push('(');
                for (k, (v, t)) in b.args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    write!(out, "{v}: ").unwrap();
                    write_type(out, t);
                }
                out.push(')');
            }
            out.push_str(":\n");
        }
        for op in &b.ops {
            write_op(out, op, indent + 1, file);
        }
    }
    write!(out, "{}}}", "  ".repeat(indent)).unwrap();
}

//! Prints the syntax tree in MLIR's generic form, with `loc("file":line:col)` on every op so
//! that diagnostics on the printed text point back at the source that was imported.
//!
//! The one printer of MLIR text in the project: [`Style`] leaves the locations out or writes
//! `module`/`func.func`/`return` in their pretty forms (the xhlo builder's output), and the
//! pieces of [`write_op_with`] are public so that a writer can stream an op's regions as it
//! produces them (the lowering).

use crate::ast::*;
use crate::error::Pos;
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
            write_results(out, results);
        }
        Type::Dialect(text) => write!(out, "!{text}").unwrap(),
        Type::Other(text) => out.push_str(text),
    }
}

/// The results of a function type: one type bare (unless it is a function type itself),
/// otherwise a parenthesized list.
fn write_results(out: &mut String, results: &[Type]) {
    if results.len() == 1 && !matches!(results[0], Type::Function { .. }) {
        write_type(out, &results[0]);
    } else {
        out.push('(');
        write_list(out, results, write_type);
        out.push(')');
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

/// What the printer adds to the syntax tree.
#[derive(Clone, Copy, Debug)]
pub struct Style<'a> {
    /// `loc("file":line:col)` after every op, naming this file and the op's position; `None`
    /// prints no locations.
    pub locations: Option<&'a str>,
    /// `builtin.module`, `func.func` and `func.return` in the pretty forms that MLIR prints and
    /// [`crate::parser`] reads (`module {`, `func.func @f(%a: T) -> R {`, `return %a : T`);
    /// every other op stays generic.
    pub func_forms: bool,
}

impl<'a> Style<'a> {
    /// Generic form throughout, with locations in `file`.
    pub fn generic(file: &'a str) -> Style<'a> {
        Style { locations: Some(file), func_forms: false }
    }
}

/// Prints a file in generic form; `file` names the source in every `loc(...)`.
pub fn print_file(f: &File, file: &str) -> String {
    print_file_with(f, Style::generic(file))
}

/// Prints a file in the given style.
pub fn print_file_with(f: &File, style: Style) -> String {
    let mut out = String::new();
    for op in &f.ops {
        write_op_with(&mut out, op, 0, style);
    }
    out
}

pub fn write_op(out: &mut String, op: &Op, indent: usize, file: &str) {
    write_op_with(out, op, indent, Style::generic(file));
}

/// One op and its regions, on lines of their own at `indent` (two spaces a level).
pub fn write_op_with(out: &mut String, op: &Op, indent: usize, style: Style) {
    if style.func_forms && write_func_form(out, op, indent, style) {
        return;
    }
    if op.regions.is_empty() {
        write_op_start(out, op, indent);
    } else {
        write_op_open(out, op, indent);
        for (i, r) in op.regions.iter().enumerate() {
            if i > 0 {
                write_next_region(out, indent);
            }
            write_blocks(out, &r.blocks, indent, style);
        }
        write_op_close_regions(out, indent);
    }
    write_op_end(out, op, style);
}

// An op with regions is written in pieces, which writers that produce region bodies as they go
// (the lowering) call directly: `write_op_open`, then each region's blocks (a block header
// where needed, its ops one level deeper), `write_next_region` between regions, and
// `write_op_close`.

/// `op` up to its regions: indentation, results, name, operands, successors, properties.
fn write_op_start(out: &mut String, op: &Op, indent: usize) {
    out.push_str(&"  ".repeat(indent));
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
}

/// `op` up to the opening brace of its first region, and the newline.
pub fn write_op_open(out: &mut String, op: &Op, indent: usize) {
    write_op_start(out, op, indent);
    out.push_str(" ({\n");
}

/// Closes a region of the op at `indent` and opens the next one.
pub fn write_next_region(out: &mut String, indent: usize) {
    writeln!(out, "{}}}, {{", "  ".repeat(indent)).unwrap();
}

fn write_op_close_regions(out: &mut String, indent: usize) {
    write!(out, "{}}})", "  ".repeat(indent)).unwrap();
}

/// Closes the last region of the op at `indent` and writes the rest of the op.
pub fn write_op_close(out: &mut String, op: &Op, indent: usize, style: Style) {
    write_op_close_regions(out, indent);
    write_op_end(out, op, style);
}

/// `op` after its regions: attributes, type, location and the newline.
fn write_op_end(out: &mut String, op: &Op, style: Style) {
    if !op.attrs.is_empty() {
        out.push(' ');
        write_dict(out, &op.attrs);
    }
    out.push_str(" : ");
    write_type(out, &Type::Function { inputs: op.operand_types.clone(), results: op.result_types.clone() });
    write_location(out, op, style);
    out.push('\n');
}

fn write_location(out: &mut String, op: &Op, style: Style) {
    if let Some(file) = style.locations {
        out.push(' ');
        write_loc(out, file, op.pos);
    }
}

/// `loc("file":line:col)`.
pub fn write_loc(out: &mut String, file: &str, pos: Pos) {
    out.push_str("loc(");
    write_string(out, file);
    write!(out, ":{}:{})", pos.line, pos.col).unwrap();
}

/// The header line of block number `index` of a region of the op at `indent`, when the block
/// needs one: `^label(%a: T, ...):`. The entry block needs none when it has no label and no
/// arguments.
pub fn write_block_header(out: &mut String, block: &Block, index: usize, indent: usize) {
    if index == 0 && block.args.is_empty() && block.label.is_none() {
        return;
    }
    let label = block.label.clone().unwrap_or_else(|| format!("bb{index}"));
    write!(out, "{}^{label}", "  ".repeat(indent)).unwrap();
    if !block.args.is_empty() {
        out.push('(');
        write_typed_args(out, &block.args);
        out.push(')');
    }
    out.push_str(":\n");
}

fn write_typed_args(out: &mut String, args: &[(ValueRef, Type)]) {
    for (k, (v, t)) in args.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        write!(out, "{v}: ").unwrap();
        write_type(out, t);
    }
}

fn write_blocks(out: &mut String, blocks: &[Block], indent: usize, style: Style) {
    for (i, b) in blocks.iter().enumerate() {
        write_block_header(out, b, i, indent);
        for op in &b.ops {
            write_op_with(out, op, indent + 1, style);
        }
    }
}

/// The pretty forms of [`Style::func_forms`]; false (nothing written) for any other op, and for
/// a `func.func` the pretty form cannot express (argument or result attributes).
fn write_func_form(out: &mut String, op: &Op, indent: usize, style: Style) -> bool {
    let pad = "  ".repeat(indent);
    match op.name.as_str() {
        "builtin.module" if op.attrs.is_empty() && op.properties.is_empty() && op.regions.len() == 1 => {
            writeln!(out, "{pad}module {{").unwrap();
            write_blocks(out, &op.regions[0].blocks, indent, style);
        }
        "func.return" if op.regions.is_empty() && op.attrs.is_empty() => {
            write!(out, "{pad}return").unwrap();
            if !op.operands.is_empty() {
                let names: Vec<String> = op.operands.iter().map(|v| v.to_string()).collect();
                write!(out, " {} : ", names.join(", ")).unwrap();
                write_list(out, &op.operand_types, write_type);
            }
            write_location(out, op, style);
            out.push('\n');
            return true;
        }
        "func.func" => {
            let (Some(Attribute::Str(name)), Some(Attribute::Type(Type::Function { inputs, results }))) = (op.attr("sym_name"), op.attr("function_type")) else {
                return false;
            };
            const SIGNATURE: [&str; 3] = ["sym_name", "function_type", "sym_visibility"];
            let rest: Vec<(String, Attribute)> = op.all_attrs().filter(|(k, _)| !SIGNATURE.contains(&k.as_str())).cloned().collect();
            if rest.iter().any(|(k, _)| k == "arg_attrs" || k == "res_attrs") {
                return false;
            }
            write!(out, "{pad}func.func ").unwrap();
            if let Some(Attribute::Str(visibility)) = op.attr("sym_visibility") {
                write!(out, "{visibility} ").unwrap();
            }
            write_attr(out, &Attribute::Symbol(vec![name.clone()]));
            out.push('(');
            let entry = op.regions.first().and_then(|r| r.blocks.first());
            match entry {
                Some(b) => write_typed_args(out, &b.args),
                None => write_list(out, inputs, write_type),
            }
            out.push(')');
            if !results.is_empty() {
                out.push_str(" -> ");
                write_results(out, results);
            }
            if !rest.is_empty() {
                out.push_str(" attributes ");
                write_dict(out, &rest);
            }
            if entry.is_none() {
                write_location(out, op, style);
                out.push('\n');
                return true;
            }
            out.push_str(" {\n");
            let blocks = &op.regions[0].blocks;
            // The entry block's arguments are the signature's.
            let entry = Block { label: None, args: vec![], ops: vec![] };
            for (i, b) in blocks.iter().enumerate() {
                write_block_header(out, if i == 0 { &entry } else { b }, i, indent);
                for op in &b.ops {
                    write_op_with(out, op, indent + 1, style);
                }
            }
        }
        _ => return false,
    }
    write!(out, "{pad}}}").unwrap();
    write_location(out, op, style);
    out.push('\n');
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse_file;

    const FUNCS: &str = "\
module {
  func.func @f(%arg0: tensor<2xf32>, %arg1: i1) -> tensor<2xf32> attributes {llvm.emit_c_interface} {
    %0 = \"scf.if\"(%arg1) ({
      \"scf.yield\"(%arg0) : (tensor<2xf32>) -> ()
    }, {
    ^bb0:
      \"scf.yield\"(%arg0) : (tensor<2xf32>) -> ()
    }) {tag = \"a\\\"b\"} : (i1) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @g(i32) -> (i32, i32)
  func.func @h() {
    return
  }
}
";

    /// The pretty forms that the parser reads are the ones the printer writes.
    #[test]
    fn func_forms_print_what_the_parser_reads() {
        let f = parse_file(FUNCS).unwrap();
        let style = Style { locations: None, func_forms: true };
        assert_eq!(print_file_with(&f, style), FUNCS);
    }

    /// Writing an op's regions piece by piece gives what [`write_op`] writes.
    #[test]
    fn streamed_regions_print_as_the_whole_op() {
        let f = parse_file(FUNCS).unwrap();
        let func = &f.ops[0].regions[0].blocks[0].ops[0];
        let op = &func.regions[0].blocks[0].ops[0];
        let mut whole = String::new();
        write_op(&mut whole, op, 1, "x.mlir");
        let mut streamed = String::new();
        write_op_open(&mut streamed, op, 1);
        for (i, r) in op.regions.iter().enumerate() {
            if i > 0 {
                write_next_region(&mut streamed, 1);
            }
            for (k, b) in r.blocks.iter().enumerate() {
                write_block_header(&mut streamed, b, k, 1);
                for o in &b.ops {
                    write_op(&mut streamed, o, 2, "x.mlir");
                }
            }
        }
        write_op_close(&mut streamed, op, 1, Style::generic("x.mlir"));
        assert_eq!(whole, streamed);
        assert!(whole.ends_with("}) {tag = \"a\\\"b\"} : (i1) -> tensor<2xf32> loc(\"x.mlir\":3:10)\n"), "{whole}");
    }
}

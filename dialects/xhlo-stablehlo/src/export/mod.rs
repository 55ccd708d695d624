//! xhlo back to StableHLO text, as JAX prints it: the inverse of [`crate::import`].
//!
//! Input is the tree [`mlir_text::parser`] makes from xhlo generic text (as MLIR prints it:
//! `"xhlo.add"(...)`, `gpu.yield` terminators, `check.*`, `func`/`builtin` ops,
//! `!xhlo.token`). The export runs in two stages:
//!
//! 1. [`convert`]: each xhlo op becomes the StableHLO op it was imported from, in generic
//!    shape (the tree the parser would make from jaxlib's generic print of the program). Op
//!    names come from the importer's rename table read backwards; attributes are re-nested by
//!    [`attrs`] with the importer's own field tables; `case`, `rng_uniform`/`rng_normal` and
//!    `gpu.yield` are rebuilt.
//! 2. [`print`]: each StableHLO op is printed in its pretty form where StableHLO has one (the
//!    forms [`crate::pretty`] reads), in generic form otherwise; the module docs of [`print`]
//!    list which.
//!
//! Errors are located at the xhlo op they concern (`'xhlo.foo' op ...`) and collected over the
//! whole file. Exporting, parsing the text and importing it again gives the xhlo program back
//! (the `export` corpus test checks this over the shared corpus).

pub mod attrs;
pub mod convert;
pub mod print;

use mlir_text::ast::{File, Op, Region};
use mlir_text::error::ParseError;
use std::collections::HashSet;

/// How to print.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Print `check.*` ops in generic form (`"check.expect_eq"(%a, %b) : (...) -> ()`): MLIR
    /// builds without StableHLO's test dialect (jaxlib's, with unregistered dialects allowed)
    /// can read only that form.
    pub generic_check_ops: bool,
}

/// Exports a parsed xhlo file as StableHLO text in pretty form.
pub fn export_file(xhlo: &File) -> Result<String, Vec<ParseError>> {
    export_file_with(xhlo, &Options::default())
}

/// [`export_file`] with options.
pub fn export_file_with(xhlo: &File, options: &Options) -> Result<String, Vec<ParseError>> {
    let mut names = Names::of_file(xhlo);
    let stablehlo = to_stablehlo(xhlo, &mut names)?;
    let mut printer = print::Printer::new(options, &mut names);
    printer.ops(&stablehlo.ops, 0, "");
    Ok(printer.out)
}

/// Parses xhlo generic text and exports it.
pub fn export_text(text: &str) -> Result<String, Vec<ParseError>> {
    let file = crate::parse_file(text).map_err(|e| vec![e])?;
    export_file(&file)
}

/// Stage one alone: the StableHLO tree in generic shape (`names` supplies the names of values
/// the export adds).
pub fn to_stablehlo(xhlo: &File, names: &mut Names) -> Result<File, Vec<ParseError>> {
    let mut converter = convert::Converter { names, errors: Vec::new(), outlined: Vec::new() };
    let mut ops = converter.ops(&xhlo.ops);
    // Functions outlined from fusions go next to the others (inside the module if there is one).
    let outlined = std::mem::take(&mut converter.outlined);
    match ops.iter_mut().find(|op| op.name == "builtin.module").and_then(|m| m.regions.first_mut()).and_then(|r| r.blocks.first_mut()) {
        Some(body) => body.ops.extend(outlined),
        None => ops.extend(outlined),
    }
    if converter.errors.is_empty() {
        Ok(File { ops })
    } else {
        let mut errors = converter.errors;
        errors.sort_by_key(|e| e.pos);
        Err(errors)
    }
}

/// Value names: those of the input, and fresh ones that none of them can clash with (for the
/// values and `while` arguments the export adds).
pub struct Names {
    used: HashSet<String>,
    next: usize,
}

impl Names {
    /// The names a file defines or uses.
    pub fn of_file(f: &File) -> Names {
        fn walk(ops: &[Op], used: &mut HashSet<String>) {
            for op in ops {
                for (name, _) in &op.results {
                    used.insert(name.clone());
                }
                for v in &op.operands {
                    used.insert(v.0.split('#').next().unwrap_or(&v.0).to_string());
                }
                for Region { blocks } in &op.regions {
                    for b in blocks {
                        used.extend(b.args.iter().map(|(v, _)| v.0.clone()));
                        walk(&b.ops, used);
                    }
                }
            }
        }
        let mut used = HashSet::new();
        walk(&f.ops, &mut used);
        Names { used, next: 0 }
    }

    /// A name starting with `prefix` that is not in use, now reserved.
    pub fn fresh(&mut self, prefix: &str) -> String {
        loop {
            let name = if self.next == 0 { prefix.to_string() } else { format!("{prefix}_{}", self.next - 1) };
            self.next += 1;
            if self.used.insert(name.clone()) {
                return name;
            }
        }
    }
}

#[cfg(test)]
mod tests;

//! The oracle for custom (pretty) op forms: each StableHLO test file exists in the form its
//! authors wrote (`shared/stablehlo-tests/mlir/`, mostly pretty) and as jaxlib re-printed it
//! in generic form (`generic/`); the same for the JAX workloads (`*.mlir`, `*.generic.mlir`).
//! Parsing both must give the same tree up to value names, property/attribute placement,
//! and number spelling inside `dense<...>`.

use crate::corpus::{chunks, files, shared, strip_positions};
use std::collections::HashMap;
use mlir_text::ast::*;
use xhlo_stablehlo::parse_file;

/// Renames values in definition order and puts the tree in one canonical shape.
struct Normalizer {
    names: HashMap<String, String>,
    /// Result groups (`%x:2`): the fresh name of the op's results and the group's offset.
    groups: HashMap<String, (String, usize)>,
    next: usize,
}

impl Normalizer {
    fn define(&mut self, name: &str) -> String {
        let fresh = format!("v{}", self.next);
        self.next += 1;
        self.names.insert(name.to_string(), fresh.clone());
        fresh
    }

    /// An op's results as one group, whether written `%a, %b = ...` or `%x:2 = ...`.
    fn define_results(&mut self, results: &[(String, usize)]) -> Vec<(String, usize)> {
        let total: usize = results.iter().map(|(_, n)| n).sum();
        if results.is_empty() {
            return vec![];
        }
        let fresh = format!("v{}", self.next);
        self.next += 1;
        let mut offset = 0;
        for (name, count) in results {
            if total == 1 {
                self.names.insert(name.clone(), fresh.clone());
            } else if *count == 1 {
                self.names.insert(name.clone(), format!("{fresh}#{offset}"));
            } else {
                self.groups.insert(name.clone(), (fresh.clone(), offset));
            }
            offset += count;
        }
        vec![(fresh, total)]
    }

    fn use_(&self, v: &ValueRef) -> ValueRef {
        let (base, index) = match v.0.split_once('#') {
            Some((b, i)) => (b, Some(i)),
            None => (v.0.as_str(), None),
        };
        if let (Some((fresh, offset)), Some(i)) = (self.groups.get(base), index.and_then(|i| i.parse::<usize>().ok())) {
            return ValueRef(format!("{fresh}#{}", offset + i));
        }
        let renamed = self.names.get(base).cloned().unwrap_or_else(|| format!("undefined:{base}"));
        ValueRef(match index {
            Some(i) => format!("{renamed}#{i}"),
            None => renamed,
        })
    }

    fn ops(&mut self, ops: &mut Vec<Op>) {
        for op in ops.iter_mut() {
            op.operands = op.operands.iter().map(|v| self.use_(v)).collect();
            for r in &mut op.regions {
                for b in &mut r.blocks {
                    b.label = None;
                    for (v, _) in &mut b.args {
                        *v = ValueRef(self.define(&v.0));
                    }
                    self.ops(&mut b.ops);
                }
            }
            op.results = self.define_results(&op.results);
            let mut attrs: Vec<(String, Attribute)> = op.properties.drain(..).chain(op.attrs.drain(..)).collect();
            attrs.retain(|(k, v)| !is_default(k, v));
            for (_, v) in &mut attrs {
                canonical_attr(v);
            }
            attrs.sort_by(|a, b| a.0.cmp(&b.0));
            op.attrs = attrs;
        }
    }
}

/// Attributes whose absence means the same thing.
fn is_default(key: &str, value: &Attribute) -> bool {
    match (key, value) {
        // jaxlib prints these defaults; sources usually leave them out.
        ("infeed_config" | "outfeed_config", Attribute::Str(s)) => s.is_empty(),
        ("arg_attrs" | "res_attrs", Attribute::Array(items)) => {
            items.iter().all(|a| matches!(a, Attribute::Dict(d) if d.is_empty()))
        }
        _ => false,
    }
}

fn canonical_attr(a: &mut Attribute) {
    match a {
        Attribute::Dense { body, ty } => *body = crate::dense_norm::canonical_dense(&canonical_dense(body), ty),
        Attribute::Array(items) => items.iter_mut().for_each(canonical_attr),
        Attribute::Dict(entries) => entries.iter_mut().for_each(|(_, v)| canonical_attr(v)),
        Attribute::Float(text, _) => *text = canonical_number(text),
        // Empty dimension lists in structured attributes are defaults printers leave out.
        Attribute::Dialect { body, .. } => {
            *body = body.split(", ").filter(|field| !field.ends_with("= []")).collect::<Vec<_>>().join(", ");
        }
        _ => {}
    }
}

fn canonical_number(t: &str) -> String {
    if t.starts_with("0x") || t.starts_with("-0x") {
        return t.to_uppercase().replace("0X", "0x");
    }
    if let Ok(i) = t.parse::<i128>() {
        return i.to_string();
    }
    match t.parse::<f64>() {
        Ok(f) => format!("{f:?}"),
        Err(_) => t.to_string(),
    }
}

/// Spacing and number spelling removed from a dense body.
fn canonical_dense(body: &str) -> String {
    let mut out = String::new();
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        if !token.is_empty() {
            out.push_str(&canonical_number(token));
            token.clear();
        }
    };
    for c in body.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+') {
            token.push(c);
        } else {
            flush(&mut token, &mut out);
            if !c.is_whitespace() {
                out.push(c);
            }
        }
    }
    flush(&mut token, &mut out);
    out
}

/// The ops of a chunk with a single module unwrapped.
fn top_ops(mut f: File) -> Vec<Op> {
    if f.ops.len() == 1 && f.ops[0].name == "builtin.module" {
        let module = f.ops.remove(0);
        return module.regions.into_iter().flat_map(|r| r.blocks).flat_map(|b| b.ops).collect();
    }
    f.ops
}

pub fn normalize(f: File) -> Vec<Op> {
    let mut ops = top_ops(f);
    strip_positions(&mut ops);
    Normalizer { names: HashMap::new(), groups: HashMap::new(), next: 0 }.ops(&mut ops);
    ops
}

/// Pairs (name, pretty chunk, generic chunk) from the shared corpus.
pub fn pairs() -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let tests = shared().join("stablehlo-tests");
    for pretty_path in files(&tests.join("mlir"), ".mlir") {
        let rel = pretty_path.strip_prefix(tests.join("mlir")).unwrap().to_path_buf();
        let generic_path = tests.join("generic").join(&rel);
        let (Ok(pretty), Ok(generic)) = (std::fs::read_to_string(&pretty_path), std::fs::read_to_string(&generic_path)) else {
            continue;
        };
        let pretty_chunks: Vec<_> = chunks(&pretty).into_iter().filter(|c| c.contains("func.func")).collect();
        let generic_chunks: Vec<_> = chunks(&generic).into_iter().filter(|c| c.contains("func.func") || c.contains("CONVERSION FAILED")).collect();
        for (i, (p, g)) in pretty_chunks.iter().zip(&generic_chunks).enumerate() {
            if !g.contains("CONVERSION FAILED") {
                out.push((format!("{} #{i}", rel.display()), p.to_string(), g.to_string()));
            }
        }
    }
    for generic_path in files(&shared().join("workloads/stablehlo"), ".generic.mlir") {
        let pretty_path = generic_path.to_string_lossy().replace(".generic.mlir", ".mlir");
        let name = std::path::Path::new(&pretty_path).file_name().unwrap().to_string_lossy().to_string();
        out.push((name, std::fs::read_to_string(&pretty_path).unwrap(), std::fs::read_to_string(&generic_path).unwrap()));
    }
    out
}

/// Compares one pair; `Err` explains the first difference.
pub fn compare(pretty: &str, generic: &str) -> Result<(), String> {
    let p = parse_file(pretty).map_err(|e| format!("pretty form: {e}"))?;
    let g = parse_file(generic).map_err(|e| format!("generic form: {e}"))?;
    let (p, g) = (normalize(p), normalize(g));
    if p == g {
        return Ok(());
    }
    Err(first_difference(&p, &g))
}

pub fn first_difference(p: &[Op], g: &[Op]) -> String {
    for (a, b) in p.iter().zip(g) {
        if a == b {
            continue;
        }
        if a.name == b.name && a.regions.len() == b.regions.len() {
            for (ra, rb) in a.regions.iter().zip(&b.regions) {
                for (ba, bb) in ra.blocks.iter().zip(&rb.blocks) {
                    if ba.ops != bb.ops {
                        return first_difference(&ba.ops, &bb.ops);
                    }
                }
            }
        }
        return format!("op differs:\n  pretty:  {a:?}\n  generic: {b:?}");
    }
    format!("different op counts: {} vs {}", p.len(), g.len())
}

#[test]
fn pretty_and_generic_forms_parse_to_the_same_tree() {
    let pairs = pairs();
    assert!(pairs.len() > 400, "corpus not found");
    let mut failures = Vec::new();
    for (name, pretty, generic) in &pairs {
        if let Err(e) = compare(pretty, generic) {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} pairs differ:\n{}", failures.len(), pairs.len(), failures.join("\n"));
}

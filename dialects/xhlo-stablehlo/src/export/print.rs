//! Stage two of the export: StableHLO text as JAX prints it.
//!
//! Each op of the StableHLO tree ([`super::convert`]) is printed in the custom (pretty) form
//! StableHLO's own printer uses for it, the exact inverse of the parsers in
//! [`crate::pretty`] (which read these forms back into the same tree), or in MLIR's generic
//! form, which StableHLO's parser accepts for every op:
//!
//! - pretty: `builtin.module`, `func.func`/`return`/`call`; the element-wise ops
//!   (`stablehlo.add %a, %b : tensor<...>`, `complex`, `is_finite`, `bitcast_convert`),
//!   `constant`, `compare`, `convert`, `iota`,
//!   `broadcast_in_dim`/`broadcast`/`transpose`/`reverse` (`dims = [...]`), `reshape`,
//!   `slice` (`[0:2, 1:4:2]`), `concatenate`, `pad`, `select`, `clamp`, `dynamic_slice`,
//!   `dynamic_update_slice`, `tuple`/`get_tuple_element`, `reduce_precision`,
//!   `get_dimension_size`/`set_dimension_size`, `replica_id`/`partition_id`, `after_all`,
//!   `optimization_barrier`, `return`, `reduce` (compact `applies` form when the body is one
//!   commutative binary op on the block arguments, `reducer(...)` form otherwise), `while`
//!   (`cond { } do { }`), `dot_general` (`batching_dims = [..] x [..], contracting_dims =
//!   ...`), `dot`, `convolution` (`dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
//!   window = {...}`), `custom_call @target(...)`, `composite "name" ...`, `rng`,
//!   `rng_bit_generator`, `fft`, `cholesky`, `chlo.erf`, and the `check` dialect;
//! - generic, as StableHLO's printer does too: `if`, `case`, `map`, `sort`, `gather`,
//!   `scatter`, `reduce_window`, `select_and_scatter`, `triangular_solve`, `batch_norm_*`,
//!   the collectives (`all_reduce`, `all_gather`, `reduce_scatter`, `all_to_all`,
//!   `collective_broadcast`, `collective_permute`, `cross-replica-sum`), `send`, `recv`,
//!   `infeed`, `outfeed`, and `chlo.top_k`;
//! - generic as a fallback for any op whose attributes or types do not fit its pretty form
//!   (a `reduce` with a multi-op body still gets the `reducer` form; an op missing a required
//!   attribute does not), and for `check` ops when [`Options::generic_check_ops`] is set.
//!
//! Attributes a pretty form does not spell out go to its attribute dictionary, where
//! StableHLO's parser sorts inherent from discardable ones; in generic form inherent ones go
//! to `<{...}>`. No locations are printed.

use super::{Names, Options};
use mlir_text::ast::{Attribute, Block, Op, Region, Type, ValueRef};
use crate::import::attrs::{dense_ints, parse_fields, Field};
use mlir_text::print::{type_to_string, write_attr, write_dict};
use std::collections::HashMap;
use std::fmt::Write;
use xhlo_ir::catalogue;
use xhlo_ir::op::Syntax;

pub struct Printer<'a> {
    pub out: String,
    pub opts: &'a Options,
    pub names: &'a mut Names,
    /// Block argument renames in effect (the `while` header names its regions' arguments).
    renames: Vec<HashMap<String, String>>,
}

const PAD: &str = "  ";

/// The ops a compact `reduce` may name: StableHLO's commutative binary element-wise ops.
const COMMUTATIVE: &[&str] =
    &["stablehlo.add", "stablehlo.multiply", "stablehlo.maximum", "stablehlo.minimum", "stablehlo.and", "stablehlo.or", "stablehlo.xor"];

/// The catalogue's pretty syntax of a StableHLO/CHLO op name (the exported name of an xhlo
/// op is its import source, so the parser and the printer read the same fact).
fn syntax(name: &str) -> Syntax {
    catalogue::imported_from(name).map(|d| d.syntax).unwrap_or(Syntax::Generic)
}

fn attr_text(a: &Attribute) -> String {
    let mut s = String::new();
    write_attr(&mut s, a);
    s
}

fn join<T: AsRef<str>>(items: &[T]) -> String {
    items.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join(", ")
}

fn fn_type(inputs: &[Type], results: &[Type]) -> String {
    type_to_string(&Type::Function { inputs: inputs.to_vec(), results: results.to_vec() })
}

fn op_fn_type(op: &Op) -> String {
    fn_type(&op.operand_types, &op.result_types)
}

fn types(ts: &[Type]) -> String {
    join(&ts.iter().map(type_to_string).collect::<Vec<_>>())
}

/// `custom<SameOperandsAndResultType>`: one type when every operand and the single result
/// have it, a function type otherwise.
fn same_type(op: &Op) -> Option<String> {
    let [result] = op.result_types.as_slice() else { return None };
    if op.operand_types.iter().all(|t| t == result) {
        Some(type_to_string(result))
    } else {
        Some(op_fn_type(op))
    }
}

/// The literals of an `array<i64: ...>` attribute.
fn i64_array<'o>(op: &'o Op, name: &str) -> Option<&'o [String]> {
    match op.attr(name)? {
        Attribute::DenseArray(Type::Integer { width: 64, .. }, values) => Some(values),
        _ => None,
    }
}

fn list(op: &Op, name: &str) -> Option<String> {
    Some(format!("[{}]", join(i64_array(op, name)?)))
}

/// An integer attribute's literal.
fn int(op: &Op, name: &str) -> Option<String> {
    match op.attr(name)? {
        Attribute::Int(v, _) => Some(v.clone()),
        _ => None,
    }
}

/// The value of a `#stablehlo<kind VALUE>` enum attribute.
fn enum_word<'o>(a: &'o Attribute, kind: &str) -> Option<&'o str> {
    match a {
        Attribute::Dialect { name, body } if name == "stablehlo" => {
            let (k, v) = body.split_once(' ')?;
            (k == kind).then_some(v.trim())
        }
        _ => None,
    }
}

fn op_enum<'o>(op: &'o Op, name: &str, kind: &str) -> Option<&'o str> {
    enum_word(op.attr(name)?, kind)
}

/// `[DEFAULT, HIGH]` from `[#stablehlo<precision DEFAULT>, ...]`.
fn precision(a: &Attribute) -> Option<String> {
    let Attribute::Array(items) = a else { return None };
    let words: Option<Vec<&str>> = items.iter().map(|i| enum_word(i, "precision")).collect();
    Some(format!("[{}]", join(&words?)))
}

/// The attribute dictionary of a pretty form: every attribute not in `skip`, as ` {...}`
/// (empty when there is none).
fn rest(op: &Op, skip: &[&str]) -> String {
    let entries: Vec<(String, Attribute)> = op.all_attrs().filter(|(k, _)| !skip.contains(&k.as_str())).cloned().collect();
    if entries.is_empty() {
        return String::new();
    }
    let mut s = String::from(" ");
    write_dict(&mut s, &entries);
    s
}

fn is_bare(op: &Op, regions: usize) -> bool {
    op.regions.len() == regions && op.successors.is_empty()
}

impl<'a> Printer<'a> {
    pub fn new(opts: &'a Options, names: &'a mut Names) -> Printer<'a> {
        Printer { out: String::new(), opts, names, renames: Vec::new() }
    }

    fn value(&self, v: &ValueRef) -> String {
        for map in self.renames.iter().rev() {
            if let Some(n) = map.get(&v.0) {
                return format!("%{n}");
            }
        }
        v.to_string()
    }

    fn values(&self, vs: &[ValueRef]) -> String {
        join(&vs.iter().map(|v| self.value(v)).collect::<Vec<_>>())
    }

    pub fn ops(&mut self, ops: &[Op], indent: usize, parent: &str) {
        for op in ops {
            self.op(op, indent, parent);
        }
    }

    fn op(&mut self, op: &Op, indent: usize, parent: &str) {
        self.out.push_str(&PAD.repeat(indent));
        if !op.results.is_empty() {
            let groups: Vec<String> = op
                .results
                .iter()
                .map(|(name, count)| if *count == 1 { format!("%{name}") } else { format!("%{name}:{count}") })
                .collect();
            write!(self.out, "{} = ", join(&groups)).unwrap();
        }
        if !self.pretty(op, indent, parent) {
            self.generic(op, indent);
        }
        self.out.push('\n');
    }

    /// `"name"(operands) <{props}> ({regions}) {attrs} : (types) -> types`.
    fn generic(&mut self, op: &Op, indent: usize) {
        write!(self.out, "\"{}\"({})", op.name, self.values(&op.operands)).unwrap();
        if !op.successors.is_empty() {
            let labels: Vec<String> = op.successors.iter().map(|s| format!("^{s}")).collect();
            write!(self.out, "[{}]", join(&labels)).unwrap();
        }
        if !op.properties.is_empty() {
            self.out.push_str(" <");
            write_dict(&mut self.out, &op.properties);
            self.out.push('>');
        }
        if !op.regions.is_empty() {
            self.out.push_str(" (");
            for (i, r) in op.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(r, indent, true, &op.name);
            }
            self.out.push(')');
        }
        if !op.attrs.is_empty() {
            self.out.push(' ');
            write_dict(&mut self.out, &op.attrs);
        }
        write!(self.out, " : {}", op_fn_type(op)).unwrap();
    }

    /// `{ ops }`; the entry block's header only when `entry_header` and it has arguments or a
/// label (an entry block is never a branch target, so forms that leave out its header lose
/// nothing).
    fn region(&mut self, r: &Region, indent: usize, entry_header: bool, parent: &str) {
        self.out.push_str("{\n");
        for (i, b) in r.blocks.iter().enumerate() {
            if i > 0 || (entry_header && (!b.args.is_empty() || b.label.is_some())) {
                self.block_header(b, i, indent);
            }
            self.ops(&b.ops, indent + 1, parent);
        }
        write!(self.out, "{}}}", PAD.repeat(indent)).unwrap();
    }

    fn block_header(&mut self, b: &Block, index: usize, indent: usize) {
        let label = b.label.clone().unwrap_or_else(|| format!("bb{index}"));
        write!(self.out, "{}^{label}", PAD.repeat(indent)).unwrap();
        if !b.args.is_empty() {
            let args: Vec<String> = b.args.iter().map(|(v, t)| format!("{}: {}", self.value(v), type_to_string(t))).collect();
            write!(self.out, "({})", join(&args)).unwrap();
        }
        self.out.push_str(":\n");
    }

    /// Prints `op` in its pretty form when it has one that fits; false (nothing written)
    /// otherwise.
    fn pretty(&mut self, op: &Op, indent: usize, parent: &str) -> bool {
        let name = op.name.as_str();
        let text = match name {
            "builtin.module" => return self.module(op, indent),
            "func.func" => return self.func(op, indent),
            "stablehlo.reduce" => return self.reduce(op, indent),
            "stablehlo.while" => return self.while_op(op, indent),
            "func.return" => self.func_return(op, parent),
            "func.call" => self.func_call(op),
            _ if name.starts_with("check.") => {
                if self.opts.generic_check_ops {
                    None
                } else {
                    self.check(op)
                }
            }
            _ if name.starts_with("chlo.") && syntax(name) == Syntax::Unary => self.chlo_unary(op),
            _ => match name.strip_prefix("stablehlo.") {
                Some(short) if is_bare(op, 0) => self.stablehlo(op, short),
                _ => None,
            },
        };
        match text {
            Some(t) => {
                self.out.push_str(&t);
                true
            }
            None => false,
        }
    }

    fn stablehlo(&self, op: &Op, short: &str) -> Option<String> {
        let n = op.operands.len();
        let ops = self.values(&op.operands);
        let name = &op.name;
        Some(match short {
            _ if syntax(name) == Syntax::Unary && n == 1 => format!("{name} {ops}{} : {}", rest(op, &[]), same_type(op)?),
            _ if syntax(name) == Syntax::Binary && n == 2 => format!("{name} {ops}{} : {}", rest(op, &[]), same_type(op)?),
            _ if syntax(name) == Syntax::Functional => format!("{name} {ops}{} : {}", rest(op, &[]), op_fn_type(op)),
            "complex" if n == 2 => {
                let [result] = op.result_types.as_slice() else { return None };
                let real_parts = match result {
                    Type::Tensor { dims, element, encoding } => match &**element {
                        Type::Complex(part) => Some(Type::Tensor { dims: dims.clone(), element: part.clone(), encoding: encoding.clone() }),
                        _ => None,
                    },
                    _ => None,
                };
                let ty = if op.operand_types.iter().all(|t| Some(t) == real_parts.as_ref()) { type_to_string(result) } else { op_fn_type(op) };
                format!("{name} {ops}{} : {ty}", rest(op, &[]))
            }
            "constant" if n == 0 => {
                let value = op.attr("value")?;
                let ty = match value {
                    Attribute::Dense { ty, .. } | Attribute::DenseResource { ty, .. } => ty,
                    _ => return None,
                };
                if op.result_types.as_slice() != std::slice::from_ref(ty) {
                    return None;
                }
                format!("{name}{} {}", rest(op, &["value"]), attr_text(value))
            }
            "compare" if n == 2 => {
                let dir = op_enum(op, "comparison_direction", "comparison_direction")?;
                let kind = match op.attr("compare_type") {
                    Some(a) => format!(", {}", enum_word(a, "comparison_type")?),
                    None => String::new(),
                };
                format!("{name} {dir}, {ops}{kind}{} : {}", rest(op, &["comparison_direction", "compare_type"]), op_fn_type(op))
            }
            "broadcast_in_dim" | "transpose" | "broadcast" if n == 1 => {
                let (keyword, attr) = match short {
                    "broadcast_in_dim" => ("dims", "broadcast_dimensions"),
                    "transpose" => ("dims", "permutation"),
                    _ => ("sizes", "broadcast_sizes"),
                };
                format!("{name} {ops}, {keyword} = {}{} : {}", list(op, attr)?, rest(op, &[attr]), op_fn_type(op))
            }
            "reverse" if n == 1 => format!("{name} {ops}, dims = {}{} : {}", list(op, "dimensions")?, rest(op, &["dimensions"]), same_type(op)?),
            "iota" if n == 0 => {
                let [t] = op.result_types.as_slice() else { return None };
                format!("{name} dim = {}{} : {}", int(op, "iota_dimension")?, rest(op, &["iota_dimension"]), type_to_string(t))
            }
            "slice" if n == 1 => {
                let (start, limit) = (i64_array(op, "start_indices")?, i64_array(op, "limit_indices")?);
                let strides = match op.attr("strides") {
                    Some(_) => i64_array(op, "strides")?.to_vec(),
                    None => vec!["1".to_string(); start.len()],
                };
                if limit.len() != start.len() || strides.len() != start.len() {
                    return None;
                }
                let ranges: Vec<String> = (0..start.len())
                    .map(|i| if strides[i] == "1" { format!("{}:{}", start[i], limit[i]) } else { format!("{}:{}:{}", start[i], limit[i], strides[i]) })
                    .collect();
                format!("{name} {ops} [{}]{} : {}", join(&ranges), rest(op, &["start_indices", "limit_indices", "strides"]), op_fn_type(op))
            }
            "concatenate" if n >= 1 => format!("{name} {ops}, dim = {}{} : {}", int(op, "dimension")?, rest(op, &["dimension"]), op_fn_type(op)),
            "pad" if n == 2 => format!(
                "{name} {ops}, low = {}, high = {}, interior = {}{} : {}",
                list(op, "edge_padding_low")?,
                list(op, "edge_padding_high")?,
                list(op, "interior_padding")?,
                rest(op, &["edge_padding_low", "edge_padding_high", "interior_padding"]),
                op_fn_type(op)
            ),
            "select" if n == 3 => {
                let t = &op.operand_types;
                let ty = match op.result_types.as_slice() {
                    [r] if t.len() == 3 && t[1] == *r && t[2] == *r => format!("{}, {}", type_to_string(&t[0]), type_to_string(r)),
                    _ => op_fn_type(op),
                };
                format!("{name} {ops}{} : {ty}", rest(op, &[]))
            }
            "clamp" if n == 3 => format!("{name} {ops}{} : {}", rest(op, &[]), same_type(op)?),
            "dynamic_slice" if n >= 1 => {
                let indices: String = op.operands[1..].iter().map(|v| format!("{}, ", self.value(v))).collect();
                format!(
                    "{name} {}, {indices}sizes = {}{} : {}",
                    self.value(&op.operands[0]),
                    list(op, "slice_sizes")?,
                    rest(op, &["slice_sizes"]),
                    op_fn_type(op)
                )
            }
            "get_tuple_element" if n == 1 => format!("{name} {ops}[{}]{} : {}", int(op, "index")?, rest(op, &["index"]), op_fn_type(op)),
            "tuple" => {
                if op.result_types != [Type::Tuple(op.operand_types.clone())] {
                    return None;
                }
                let sep = if n == 0 { "" } else { " " };
                format!("{name}{sep}{ops}{} : {}", rest(op, &[]), type_to_string(&op.result_types[0]))
            }
            "reduce_precision" if n == 1 => format!(
                "{name} {ops}, format = e{}m{}{} : {}",
                int(op, "exponent_bits")?,
                int(op, "mantissa_bits")?,
                rest(op, &["exponent_bits", "mantissa_bits"]),
                same_type(op)?
            ),
            "get_dimension_size" if n == 1 => format!("{name} {ops}, dim = {}{} : {}", int(op, "dimension")?, rest(op, &["dimension"]), op_fn_type(op)),
            "set_dimension_size" if n == 2 => format!("{name} {ops}, dim = {}{} : {}", int(op, "dimension")?, rest(op, &["dimension"]), op_fn_type(op)),
            "replica_id" | "partition_id" if n == 0 => {
                let [t] = op.result_types.as_slice() else { return None };
                format!("{name}{} : {}", rest(op, &[]), type_to_string(t))
            }
            "after_all" => {
                let sep = if n == 0 { "" } else { " " };
                format!("{name}{sep}{ops}{} : {}", rest(op, &[]), same_type(op)?)
            }
            "optimization_barrier" => {
                if op.result_types != op.operand_types {
                    return None;
                }
                if n == 0 {
                    format!("{name}{} ()", rest(op, &[]))
                } else {
                    format!("{name}{} {ops} : {}", rest(op, &[]), types(&op.operand_types))
                }
            }
            "return" => {
                if n == 0 {
                    format!("{name}{}", rest(op, &[]))
                } else {
                    format!("{name} {ops}{} : {}", rest(op, &[]), types(&op.operand_types))
                }
            }
            "dot_general" if n == 2 => {
                let Some(Attribute::Dialect { name: s, body }) = op.attr("dot_dimension_numbers") else { return None };
                if s != "stablehlo.dot" {
                    return None;
                }
                let fields = parse_fields(body).ok()?;
                let get = |k: &str| -> Option<String> {
                    match fields.iter().find(|(n, _)| n == k) {
                        Some((_, Field::List(l))) => Some(format!("[{}]", join(&l.iter().map(i64::to_string).collect::<Vec<_>>()))),
                        Some(_) => None,
                        None => Some("[]".into()),
                    }
                };
                let (lb, rb, lc, rc) =
                    (get("lhs_batching_dimensions")?, get("rhs_batching_dimensions")?, get("lhs_contracting_dimensions")?, get("rhs_contracting_dimensions")?);
                let mut text = format!("{name} {ops}, ");
                if lb != "[]" || rb != "[]" {
                    write!(text, "batching_dims = {lb} x {rb}, ").unwrap();
                }
                write!(text, "contracting_dims = {lc} x {rc}").unwrap();
                if let Some(p) = op.attr("precision_config") {
                    write!(text, ", precision = {}", precision(p)?).unwrap();
                }
                if let Some(a) = op.attr("algorithm") {
                    let Attribute::Dialect { name: s, body } = a else { return None };
                    if s != "stablehlo.dot_algorithm" {
                        return None;
                    }
                    write!(text, ", algorithm = <{body}>").unwrap();
                }
                write!(text, "{} : {}", rest(op, &["dot_dimension_numbers", "precision_config", "algorithm"]), op_fn_type(op)).unwrap();
                text
            }
            "dot" if n == 2 => {
                let p = match op.attr("precision_config") {
                    Some(p) => format!(", precision = {}", precision(p)?),
                    None => String::new(),
                };
                format!("{name} {ops}{p}{} : {}", rest(op, &["precision_config"]), op_fn_type(op))
            }
            "convolution" if n == 2 => self.convolution(op)?,
            "custom_call" => {
                let target = op.attr("call_target_name")?.as_str()?;
                let symbol = attr_text(&Attribute::Symbol(vec![target.to_string()]));
                format!("{name} {symbol}({ops}){} : {}", rest(op, &["call_target_name"]), op_fn_type(op))
            }
            "composite" => {
                let composite = op.attr("name")?.as_str()?;
                let sep = if n == 0 { "" } else { " " };
                format!("{name} {}{sep}{ops}{} : {}", attr_text(&Attribute::Str(composite.into())), rest(op, &["name"]), op_fn_type(op))
            }
            "rng" if n == 3 => format!(
                "{name} {ops}, distribution = {}{} : {}",
                op_enum(op, "rng_distribution", "rng_distribution")?,
                rest(op, &["rng_distribution"]),
                op_fn_type(op)
            ),
            "rng_bit_generator" if n == 1 => format!(
                "{name} {ops}, algorithm = {}{} : {}",
                op_enum(op, "rng_algorithm", "rng_algorithm")?,
                rest(op, &["rng_algorithm"]),
                op_fn_type(op)
            ),
            "fft" if n == 1 => format!(
                "{name} {ops}, type = {}, length = {}{} : {}",
                op_enum(op, "fft_type", "fft_type")?,
                list(op, "fft_length")?,
                rest(op, &["fft_type", "fft_length"]),
                op_fn_type(op)
            ),
            "cholesky" if n == 1 => {
                let lower = match op.attr("lower") {
                    Some(Attribute::Bool(b)) => format!(", lower = {b}"),
                    Some(_) => return None,
                    None => String::new(),
                };
                format!("{name} {ops}{lower}{} : {}", rest(op, &["lower"]), same_type(op)?)
            }
            _ => return None,
        })
    }

    /// `(%a, %b) dim_numbers = ..., window = {stride = .., pad = .., lhs_dilate = ..,
    /// rhs_dilate = .., reverse = ..} {attrs} : fn-type`.
    fn convolution(&self, op: &Op) -> Option<String> {
        let Some(Attribute::Dialect { name, body }) = op.attr("dimension_numbers") else { return None };
        if name != "stablehlo.conv" {
            return None;
        }
        let mut window = Vec::new();
        for (attr, key) in [("window_strides", "stride"), ("padding", "pad"), ("lhs_dilation", "lhs_dilate"), ("rhs_dilation", "rhs_dilate"), ("window_reversal", "reverse")] {
            let Some(value) = op.attr(attr) else { continue };
            let text = match (attr, value) {
                ("padding", a @ Attribute::Dense { .. }) => {
                    let (shape, values) = dense_ints(a).ok()?;
                    if shape.len() != 2 || shape[1] != 2 {
                        return None;
                    }
                    let pairs: Vec<String> = values.chunks(2).map(|p| format!("[{}, {}]", p[0], p[1])).collect();
                    format!("[{}]", join(&pairs))
                }
                ("window_reversal", Attribute::DenseArray(Type::Integer { width: 1, .. }, items)) => {
                    let bools: Vec<&str> = items.iter().map(|v| if v == "true" || v == "1" { "true" } else { "false" }).collect();
                    format!("[{}]", join(&bools))
                }
                (_, Attribute::DenseArray(Type::Integer { width: 64, .. }, items)) => format!("[{}]", join(items)),
                _ => return None,
            };
            window.push(format!("{key} = {text}"));
        }
        Some(format!(
            "{}({}) dim_numbers = {body}, window = {{{}}}{} : {}",
            op.name,
            self.values(&op.operands),
            join(&window),
            rest(op, &["dimension_numbers", "window_strides", "padding", "lhs_dilation", "rhs_dilation", "window_reversal"]),
            op_fn_type(op)
        ))
    }

    /// `stablehlo.reduce(%x init: %i), ... applies stablehlo.add across dimensions = [..] :
    /// fn-type`, or `... across dimensions = [..] : fn-type reducer(%a: t, %b: t) (...) {...}`.
    fn reduce(&mut self, op: &Op, indent: usize) -> bool {
        let n = op.operands.len();
        let (Some(dims), true, true) = (list(op, "dimensions"), n > 0 && n.is_multiple_of(2), is_bare(op, 1)) else { return false };
        let [Region { blocks }] = op.regions.as_slice() else { return false };
        let [block] = blocks.as_slice() else { return false };
        if block.args.len() != n || op.operand_types.len() != n {
            return false;
        }
        let half = n / 2;
        let pairs: Vec<String> =
            (0..half).map(|i| format!("({} init: {})", self.value(&op.operands[i]), self.value(&op.operands[half + i]))).collect();
        write!(self.out, "{}{}", op.name, join(&pairs)).unwrap();
        let tail = format!(" across dimensions = {dims}{} : {}", rest(op, &["dimensions"]), op_fn_type(op));
        if let Some(inner) = compact_reducer(op, block) {
            write!(self.out, " applies {inner}{tail}").unwrap();
            return true;
        }
        let args: Vec<String> = (0..half)
            .map(|i| {
                let (a, b) = (&block.args[i], &block.args[half + i]);
                format!("({}: {}, {}: {})", self.value(&a.0), type_to_string(&a.1), self.value(&b.0), type_to_string(&b.1))
            })
            .collect();
        write!(self.out, "{tail}\n{}{PAD}reducer{} ", PAD.repeat(indent), args.join(" ")).unwrap();
        self.region(&op.regions[0], indent, false, &op.name);
        true
    }

    /// `stablehlo.while(%iterArg = %x, ...) : types [attributes {...}] cond {...} do {...}`:
    /// both regions' arguments take the header's names.
    fn while_op(&mut self, op: &Op, indent: usize) -> bool {
        let n = op.operands.len();
        if !is_bare(op, 2) || op.result_types != op.operand_types || op.operand_types.len() != n {
            return false;
        }
        let fits = op.regions.iter().all(|r| match r.blocks.as_slice() {
            [b] => b.args.iter().map(|(_, t)| t).eq(op.operand_types.iter()),
            _ => false,
        });
        if !fits {
            return false;
        }
        let header: Vec<String> = (0..n).map(|_| self.names.fresh("iterArg")).collect();
        let inits: Vec<String> = header.iter().zip(&op.operands).map(|(h, v)| format!("%{h} = {}", self.value(v))).collect();
        write!(self.out, "{}({})", op.name, join(&inits)).unwrap();
        if n > 0 {
            write!(self.out, " : {}", types(&op.operand_types)).unwrap();
        }
        let attrs = rest(op, &[]);
        if !attrs.is_empty() {
            write!(self.out, " attributes{attrs}").unwrap();
        }
        for (i, keyword) in ["cond", "do"].into_iter().enumerate() {
            let region = &op.regions[i];
            let map = region.blocks[0].args.iter().zip(&header).map(|((v, _), h)| (v.0.clone(), h.clone())).collect();
            if i == 0 {
                write!(self.out, "\n{}{keyword} ", PAD.repeat(indent)).unwrap();
            } else {
                write!(self.out, " {keyword} ").unwrap();
            }
            self.renames.push(map);
            self.region(region, indent, false, &op.name);
            self.renames.pop();
        }
        true
    }

    /// `module @name attributes {...} { ... }`.
    fn module(&mut self, op: &Op, indent: usize) -> bool {
        let [Region { blocks }] = op.regions.as_slice() else { return false };
        let ([block], true, true) = (blocks.as_slice(), op.operands.is_empty() && op.results.is_empty(), op.successors.is_empty()) else {
            return false;
        };
        if !block.args.is_empty() {
            return false;
        }
        self.out.push_str("module");
        match op.attr("sym_name") {
            Some(Attribute::Str(name)) => write!(self.out, " {}", attr_text(&Attribute::Symbol(vec![name.clone()]))).unwrap(),
            Some(_) => return false,
            None => {}
        }
        let attrs = rest(op, &["sym_name"]);
        if !attrs.is_empty() {
            write!(self.out, " attributes{attrs}").unwrap();
        }
        self.out.push(' ');
        self.region(&op.regions[0], indent, false, &op.name);
        true
    }

    /// `func.func [visibility] @name(%a: t {attrs}, ...) -> (t {attrs}, ...) [attributes
    /// {...}] { body }`; a declaration lists bare types.
    fn func(&mut self, op: &Op, indent: usize) -> bool {
        let (Some(Attribute::Str(name)), Some(Attribute::Type(Type::Function { inputs, results }))) = (op.attr("sym_name"), op.attr("function_type"))
        else {
            return false;
        };
        if !op.operands.is_empty() || !op.results.is_empty() || !op.successors.is_empty() || op.regions.len() > 1 {
            return false;
        }
        let per = |key: &str, count: usize| -> Option<Vec<Vec<(String, Attribute)>>> {
            match op.attr(key) {
                None => Some(vec![vec![]; count]),
                Some(Attribute::Array(items)) if items.len() == count => {
                    items.iter().map(|i| if let Attribute::Dict(d) = i { Some(d.clone()) } else { None }).collect()
                }
                Some(_) => None,
            }
        };
        let (Some(arg_attrs), Some(res_attrs)) = (per("arg_attrs", inputs.len()), per("res_attrs", results.len())) else { return false };
        let body = op.regions.first().filter(|r| !r.blocks.is_empty());
        if let Some(r) = body {
            let entry = &r.blocks[0];
            if !entry.args.iter().map(|(_, t)| t).eq(inputs.iter()) {
                return false;
            }
        }
        let visibility = match op.attr("sym_visibility") {
            Some(Attribute::Str(v)) => format!("{v} "),
            Some(_) => return false,
            None => String::new(),
        };
        let with_attrs = |t: &Type, attrs: &[(String, Attribute)]| {
            let mut s = type_to_string(t);
            if !attrs.is_empty() {
                s.push(' ');
                write_dict(&mut s, attrs);
            }
            s
        };
        let args: Vec<String> = inputs
            .iter()
            .zip(&arg_attrs)
            .enumerate()
            .map(|(i, (t, a))| match body {
                Some(r) => format!("{}: {}", self.value(&r.blocks[0].args[i].0), with_attrs(t, a)),
                None => with_attrs(t, a),
            })
            .collect();
        let symbol = attr_text(&Attribute::Symbol(vec![name.clone()]));
        write!(self.out, "func.func {visibility}{symbol}({})", join(&args)).unwrap();
        let outs: Vec<String> = results.iter().zip(&res_attrs).map(|(t, a)| with_attrs(t, a)).collect();
        match (results.as_slice(), res_attrs.iter().all(Vec::is_empty)) {
            ([], _) => {}
            ([t], true) if !matches!(t, Type::Function { .. }) => write!(self.out, " -> {}", outs[0]).unwrap(),
            _ => write!(self.out, " -> ({})", join(&outs)).unwrap(),
        }
        let attrs = rest(op, &["sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"]);
        if !attrs.is_empty() {
            write!(self.out, " attributes{attrs}").unwrap();
        }
        if let Some(r) = body {
            self.out.push(' ');
            self.region(r, indent, false, &op.name);
        }
        true
    }

    /// `return %a : t` directly in a function (the `func` dialect is the default there),
    /// `func.return` elsewhere.
    fn func_return(&self, op: &Op, parent: &str) -> Option<String> {
        if !is_bare(op, 0) || op.all_attrs().next().is_some() {
            return None;
        }
        let name = if parent == "func.func" { "return" } else { "func.return" };
        Some(if op.operands.is_empty() {
            name.to_string()
        } else {
            format!("{name} {} : {}", self.values(&op.operands), types(&op.operand_types))
        })
    }

    /// `func.call @f(%a) {attrs} : fn-type`.
    fn func_call(&self, op: &Op) -> Option<String> {
        let Some(Attribute::Symbol(path)) = op.attr("callee") else { return None };
        if path.len() != 1 || !is_bare(op, 0) {
            return None;
        }
        Some(format!(
            "func.call {}({}){} : {}",
            attr_text(&Attribute::Symbol(path.clone())),
            self.values(&op.operands),
            rest(op, &["callee"]),
            op_fn_type(op)
        ))
    }

    /// A unary CHLO op: `chlo.erf %x : t -> u`.
    fn chlo_unary(&self, op: &Op) -> Option<String> {
        let ([t], [r], true) = (op.operand_types.as_slice(), op.result_types.as_slice(), is_bare(op, 0)) else { return None };
        Some(format!("{} {}{} : {} -> {}", op.name, self.values(&op.operands), rest(op, &[]), type_to_string(t), type_to_string(r)))
    }

    /// The `check` dialect's assembly formats (`CheckOps.td`).
    fn check(&self, op: &Op) -> Option<String> {
        if !is_bare(op, 0) || !op.results.is_empty() {
            return None;
        }
        let ops = self.values(&op.operands);
        let name = &op.name;
        let float = |k: &str| match op.attr(k) {
            Some(Attribute::Float(v, _)) | Some(Attribute::Int(v, _)) => Some(Some(v.clone())),
            Some(_) => None,
            None => Some(None),
        };
        let tolerance = || -> Option<String> { Some(float("tolerance")?.map(|t| format!(", tolerance = {t}")).unwrap_or_default()) };
        let value = || -> Option<String> {
            let v = op.attr("value")?;
            match v {
                Attribute::Dense { ty, .. } | Attribute::DenseResource { ty, .. } if op.operand_types.as_slice() == std::slice::from_ref(ty) => Some(attr_text(v)),
                _ => None,
            }
        };
        let pair_type = || -> Option<String> {
            match op.operand_types.as_slice() {
                [a, b] if a == b => Some(type_to_string(a)),
                _ => None,
            }
        };
        Some(match name.as_str() {
            "check.expect_eq" if op.operands.len() == 2 => format!("{name} {ops}{} : {}", rest(op, &[]), pair_type()?),
            "check.expect_almost_eq" if op.operands.len() == 2 => {
                format!("{name} {ops}{}{} : {}", tolerance()?, rest(op, &["tolerance"]), pair_type()?)
            }
            "check.expect_eq_const" if op.operands.len() == 1 => format!("{name} {ops}, {}{}", value()?, rest(op, &["value"])),
            "check.expect_almost_eq_const" if op.operands.len() == 1 => {
                format!("{name} {ops}, {}{}{}", value()?, tolerance()?, rest(op, &["value", "tolerance"]))
            }
            "check.expect_close" if op.operands.len() == 2 => {
                let max = int(op, "max_ulp_difference")?;
                let min = match op.attr("min_ulp_difference") {
                    Some(_) => format!(", min_ulp_difference = {}", int(op, "min_ulp_difference")?),
                    None => String::new(),
                };
                let [a, b] = op.operand_types.as_slice() else { return None };
                format!(
                    "{name} {ops}, max_ulp_difference = {max}{min} :{} {}, {}",
                    rest(op, &["max_ulp_difference", "min_ulp_difference"]),
                    type_to_string(a),
                    type_to_string(b)
                )
            }
            _ => return None,
        })
    }
}

/// The op a `reduce` body can be named by in the compact form: a single commutative binary
/// StableHLO op on the block arguments, in order, on rank-0 tensors of the first input's
/// element type, whose result the body returns (StableHLO's `isEligibleForCompactPrint`).
fn compact_reducer<'o>(op: &Op, block: &'o Block) -> Option<&'o str> {
    let ([lhs, rhs], [inner, ret]) = (block.args.as_slice(), block.ops.as_slice()) else { return None };
    let element = match op.operand_types.first()? {
        Type::Tensor { element, .. } => element.clone(),
        _ => return None,
    };
    let scalar = Type::Tensor { dims: vec![], element, encoding: None };
    let result = match inner.results.as_slice() {
        [(name, 1)] => ValueRef(name.clone()),
        _ => return None,
    };
    let fits = COMMUTATIVE.contains(&inner.name.as_str())
        && inner.operands == [lhs.0.clone(), rhs.0.clone()]
        && lhs.1 == scalar
        && rhs.1 == scalar
        && inner.operand_types == [scalar.clone(), scalar.clone()]
        && inner.result_types == [scalar.clone()]
        && inner.all_attrs().next().is_none()
        && is_bare(inner, 0)
        && ret.name == "stablehlo.return"
        && ret.operands == [result]
        && ret.all_attrs().next().is_none();
    fits.then_some(inner.name.as_str())
}

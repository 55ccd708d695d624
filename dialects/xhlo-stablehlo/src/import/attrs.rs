//! StableHLO attributes to xhlo attributes.
//!
//! xhlo keeps to builtin MLIR attributes: enums `#stablehlo<comparison_direction GT>` become
//! strings (`"GT"`), structured attributes (`#stablehlo.dot<...>`, `#stablehlo.conv<...>`,
//! `#stablehlo.gather<...>`, `#stablehlo.scatter<...>`, `#stablehlo.channel_handle<...>`,
//! `#stablehlo.dot_algorithm<...>`) are flattened into one builtin attribute per field, padding
//! `dense<[[lo, hi], ...]>` becomes a flat `array<i64: lo0, hi0, ...>`, replica groups and
//! source/target pairs become `[array<i64: ...>, ...]`. [`STRUCTURED`] lists the attributes
//! whose name selects a flattening; every other attribute goes through [`convert_value`].
//!
//! The tables the flattening follows ([`DOT`], [`GATHER`], [`SCATTER`], [`CONV_GROUPS`],
//! [`ENUMS`], [`UNIT_FLAGS`]) are public: the exporter ([`crate::export`]) nests with the same
//! tables, so the two directions cannot drift apart.

use mlir_text::ast::{Attribute, Type};
use crate::import::types::convert_type;
use mlir_text::parser::parse_int_literal;

/// An attribute after conversion: possibly several named attributes.
pub type Named = Vec<(String, Attribute)>;

/// Converts an attribute by name; the structured ones expand into several attributes.
pub fn convert_named(name: &str, value: &Attribute) -> Result<Named, String> {
    if let Some((_, kind)) = ENUMS.iter().find(|(n, _)| *n == name) {
        check_enum_kind(value, kind).map_err(|e| format!("attribute '{name}': {e}"))?;
    }
    for (n, f) in STRUCTURED {
        if *n == name {
            return f(value).map_err(|e| format!("attribute '{name}': {e}"));
        }
    }
    Ok(vec![(name.to_string(), convert_value(value).map_err(|e| format!("attribute '{name}': {e}"))?)])
}

/// Attribute names with a structured conversion.
const STRUCTURED: &[(&str, fn(&Attribute) -> Result<Named, String>)] = &[
    ("dot_dimension_numbers", dot_dimension_numbers),
    ("dimension_numbers", dimension_numbers),
    ("scatter_dimension_numbers", scatter_dimension_numbers),
    ("channel_handle", channel_handle),
    ("padding", padding),
    ("replica_groups", |a| Ok(vec![("replica_groups".into(), groups(a, true)?)])),
    ("source_target_pairs", |a| Ok(vec![("source_target_pairs".into(), groups(a, false)?)])),
    ("algorithm", dot_algorithm),
    ("operand_layouts", |a| Ok(vec![("operand_layouts".into(), layouts(a)?)])),
    ("result_layouts", |a| Ok(vec![("result_layouts".into(), layouts(a)?)])),
    ("api_version", api_version),
    ("output_operand_aliases", output_operand_aliases),
];

/// Converts one attribute value: enums to strings, types converted, recursively through
/// arrays and dictionaries. Unknown StableHLO attributes are errors (MLIR without the
/// StableHLO dialect could not read them).
pub fn convert_value(a: &Attribute) -> Result<Attribute, String> {
    Ok(match a {
        Attribute::Dialect { name, body } if name == "stablehlo" || name == "chlo" || name == "mhlo" => {
            Attribute::Str(enum_value(name, body)?)
        }
        Attribute::Dialect { name, body } if name.starts_with("stablehlo.") || name.starts_with("chlo.") => {
            return Err(format!("unsupported: attribute #{name}<{body}>"))
        }
        Attribute::Array(items) => Attribute::Array(items.iter().map(convert_value).collect::<Result<_, _>>()?),
        Attribute::Dict(entries) => Attribute::Dict(
            entries.iter().map(|(k, v)| Ok((k.clone(), convert_value(v)?))).collect::<Result<_, String>>()?,
        ),
        Attribute::Type(t) => Attribute::Type(convert_type(t)?),
        Attribute::Dense { body, ty } => Attribute::Dense { body: body.clone(), ty: convert_type(ty)? },
        Attribute::DenseResource { name, ty } => Attribute::DenseResource { name: name.clone(), ty: convert_type(ty)? },
        other => other.clone(),
    })
}

/// An enum attribute (or each item of an array of them) must be of the kind [`ENUMS`] gives
/// its name: the kind is dropped on import and restored from the name on export.
fn check_enum_kind(value: &Attribute, kind: &str) -> Result<(), String> {
    match value {
        Attribute::Dialect { name, body } if name == "stablehlo" || name == "chlo" || name == "mhlo" => {
            match body.split_whitespace().next() {
                Some(k) if k == kind => Ok(()),
                _ => Err(format!("expected a #{name}<{kind} ...> enum, got #{name}<{body}>")),
            }
        }
        Attribute::Array(items) => items.iter().try_for_each(|item| check_enum_kind(item, kind)),
        _ => Ok(()),
    }
}

/// `#stablehlo<comparison_direction GT>` has body `comparison_direction GT`: the value is the
/// last word.
fn enum_value(dialect: &str, body: &str) -> Result<String, String> {
    let mut words = body.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(_), Some(value), None) => Ok(value.to_string()),
        _ => Err(format!("cannot read the enum attribute #{dialect}<{body}>")),
    }
}

/// A field value of a structured attribute body (`key = [1, 2]`, `key = 3`, `key = tf32`).
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    List(Vec<i64>),
    Int(i64),
    Word(String),
}

/// Reads `key = value, key = value` (values: `[ints]`, an int, or a word).
pub fn parse_fields(body: &str) -> Result<Vec<(String, Field)>, String> {
    let mut out = Vec::new();
    let mut rest = body.trim();
    while !rest.is_empty() {
        let eq = rest.find('=').ok_or_else(|| format!("expected 'key = value' in '{rest}'"))?;
        let key = rest[..eq].trim().to_string();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("bad field name '{key}'"));
        }
        rest = rest[eq + 1..].trim_start();
        let (value, tail) = if let Some(inner) = rest.strip_prefix('[') {
            let close = inner.find(']').ok_or_else(|| format!("unclosed '[' in field '{key}'"))?;
            (Field::List(int_list(&inner[..close])?), &inner[close + 1..])
        } else {
            let end = rest.find(',').unwrap_or(rest.len());
            let word = rest[..end].trim();
            let value = match parse_int(word) {
                Some(v) => Field::Int(v),
                None => Field::Word(word.to_string()),
            };
            (value, &rest[end..])
        };
        out.push((key, value));
        rest = tail.trim_start();
        if let Some(t) = rest.strip_prefix(',') {
            rest = t.trim_start();
        } else if !rest.is_empty() {
            return Err(format!("expected ',' before '{rest}'"));
        }
    }
    Ok(out)
}

fn parse_int(s: &str) -> Option<i64> {
    let s = s.trim();
    match s.strip_prefix('-') {
        Some(r) => parse_int_literal(r).map(|v| -v),
        None => parse_int_literal(s),
    }
}

fn int_list(s: &str) -> Result<Vec<i64>, String> {
    s.split(',').map(str::trim).filter(|w| !w.is_empty()).map(|w| parse_int(w).ok_or_else(|| format!("'{w}' is not an integer"))).collect()
}

/// The body of `#name<body>` when `a` is that dialect attribute.
fn body_of<'a>(a: &'a Attribute, name: &str) -> Result<&'a str, String> {
    match a {
        Attribute::Dialect { name: n, body } if n == name => Ok(body),
        other => Err(format!("expected #{name}<...>, got {}", show(other))),
    }
}

pub fn show(a: &Attribute) -> String {
    let mut s = String::new();
    mlir_text::print::write_attr(&mut s, a);
    s
}

pub fn i64_array(values: &[i64]) -> Attribute {
    Attribute::DenseArray(Type::Integer { width: 64, signedness: "" }, values.iter().map(|v| v.to_string()).collect())
}

pub fn i64_attr(v: i64) -> Attribute {
    Attribute::Int(v.to_string(), Type::Integer { width: 64, signedness: "" })
}

/// How xhlo keeps one field of a structured attribute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A dimension list the xhlo op requires: `array<i64>`, `[]` when the source omits it.
    List,
    /// A dimension list kept only when the source writes it.
    OptionalList,
    /// An integer the xhlo op requires: `i64`, 0 when the source omits it.
    Int,
}

/// A structured StableHLO attribute `#<dialect>.<name><field = ..., ...>` that xhlo keeps as one
/// builtin attribute per field (named after the field). The fields are listed in the order
/// StableHLO prints them; the importer flattens with this table and the exporter
/// ([`crate::export`]) nests with it.
pub struct Struct {
    /// The StableHLO attribute that holds the struct (`dot_dimension_numbers`).
    pub attr: &'static str,
    /// The struct attribute's name (`stablehlo.dot`).
    pub name: &'static str,
    pub fields: &'static [(&'static str, FieldKind)],
}

/// `#stablehlo.dot<...>` of `dot_general`.
pub const DOT: Struct = Struct {
    attr: "dot_dimension_numbers",
    name: "stablehlo.dot",
    fields: &[
        ("lhs_batching_dimensions", FieldKind::OptionalList),
        ("rhs_batching_dimensions", FieldKind::OptionalList),
        ("lhs_contracting_dimensions", FieldKind::List),
        ("rhs_contracting_dimensions", FieldKind::List),
    ],
};

/// `#stablehlo.gather<...>` of `gather` (and `dynamic_gather`).
pub const GATHER: Struct = Struct {
    attr: "dimension_numbers",
    name: "stablehlo.gather",
    fields: &[
        ("offset_dims", FieldKind::List),
        ("collapsed_slice_dims", FieldKind::List),
        ("operand_batching_dims", FieldKind::OptionalList),
        ("start_indices_batching_dims", FieldKind::OptionalList),
        ("start_index_map", FieldKind::List),
        ("index_vector_dim", FieldKind::Int),
    ],
};

/// `#stablehlo.scatter<...>` of `scatter`.
pub const SCATTER: Struct = Struct {
    attr: "scatter_dimension_numbers",
    name: "stablehlo.scatter",
    fields: &[
        ("update_window_dims", FieldKind::List),
        ("inserted_window_dims", FieldKind::List),
        ("input_batching_dims", FieldKind::OptionalList),
        ("scatter_indices_batching_dims", FieldKind::OptionalList),
        ("scatter_dims_to_operand_dims", FieldKind::List),
        ("index_vector_dim", FieldKind::Int),
    ],
};

/// Flattens the fields of a structured attribute: lists become `array<i64>`, ints `i64`;
/// required fields the source omits get their defaults (`[]`, 0). Output order: required
/// lists, optional lists, ints (each in table order).
fn flatten(body: &str, s: &Struct) -> Result<Named, String> {
    let fields = parse_fields(body)?;
    for (k, _) in &fields {
        if !s.fields.iter().any(|(n, _)| n == k) {
            return Err(format!("unknown field '{k}'"));
        }
    }
    let of = |kind: FieldKind| s.fields.iter().filter(move |(_, k)| *k == kind).map(|(n, _)| *n);
    let get = |k: &str| fields.iter().find(|(n, _)| n == k).map(|(_, v)| v);
    let mut out = Vec::new();
    for (k, required) in of(FieldKind::List).map(|k| (k, true)).chain(of(FieldKind::OptionalList).map(|k| (k, false))) {
        match get(k) {
            Some(Field::List(l)) => out.push((k.to_string(), i64_array(l))),
            None if required => out.push((k.to_string(), i64_array(&[]))),
            None => {}
            Some(other) => return Err(format!("field '{k}' must be a list, got {other:?}")),
        }
    }
    for k in of(FieldKind::Int) {
        match get(k) {
            Some(Field::Int(v)) => out.push((k.to_string(), i64_attr(*v))),
            None => out.push((k.to_string(), i64_attr(0))),
            Some(other) => return Err(format!("field '{k}' must be an integer, got {other:?}")),
        }
    }
    Ok(out)
}

fn dot_dimension_numbers(a: &Attribute) -> Result<Named, String> {
    flatten(body_of(a, DOT.name)?, &DOT)
}

/// `dimension_numbers` is a conv (convolution) or gather (gather, dynamic_gather) attribute.
fn dimension_numbers(a: &Attribute) -> Result<Named, String> {
    match a {
        Attribute::Dialect { name, body } if name == "stablehlo.conv" => conv_dimension_numbers(body),
        Attribute::Dialect { name, body } if name == GATHER.name => flatten(body, &GATHER),
        other => Err(format!("expected #stablehlo.conv<...> or #stablehlo.gather<...>, got {}", show(other))),
    }
}

fn scatter_dimension_numbers(a: &Attribute) -> Result<Named, String> {
    flatten(body_of(a, SCATTER.name)?, &SCATTER)
}

/// One operand group of `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`: the two
/// letters it must name once, and the xhlo attributes holding their positions and the
/// positions of the spatial dimensions 0, 1, ...
pub struct ConvGroup {
    pub what: &'static str,
    pub letters: [&'static str; 2],
    pub names: [&'static str; 3],
}

/// The input, kernel and output groups of the convolution dimension numbers, in order.
pub const CONV_GROUPS: [ConvGroup; 3] = [
    ConvGroup { what: "input", letters: ["b", "f"], names: ["input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions"] },
    ConvGroup {
        what: "kernel",
        letters: ["i", "o"],
        names: ["kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions"],
    },
    ConvGroup { what: "output", letters: ["b", "f"], names: ["output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions"] },
];

/// The enum attributes: xhlo keeps the value as a string (`"GT"`); the enum's kind in
/// `#stablehlo<kind VALUE>` follows from the attribute name (element-wise for arrays such as
/// `precision_config`).
pub const ENUMS: &[(&str, &str)] = &[
    ("comparison_direction", "comparison_direction"),
    ("compare_type", "comparison_type"),
    ("precision_config", "precision"),
    ("fft_type", "fft_type"),
    ("transpose_a", "transpose"),
    ("rng_algorithm", "rng_algorithm"),
    ("rng_distribution", "rng_distribution"),
];

/// StableHLO unit attributes that xhlo declares as bool flags (present means `true`).
pub const UNIT_FLAGS: &[&str] = &["use_global_device_ids"];

/// The fields of `#stablehlo.dot_algorithm<...>`, in StableHLO's order (the importer keeps
/// whatever fields it finds; the exporter collects these).
pub const DOT_ALGORITHM_FIELDS: &[&str] = &[
    "lhs_precision_type",
    "rhs_precision_type",
    "accumulation_type",
    "lhs_component_count",
    "rhs_component_count",
    "num_primitive_operations",
    "allow_imprecise_accumulation",
];

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`: the position of each letter or spatial index.
pub fn conv_dimension_numbers(body: &str) -> Result<Named, String> {
    let compact: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    let (lhs_rhs, out) = compact.split_once("->").ok_or("expected '->' in the convolution dimension numbers")?;
    let (lhs, rhs) = lhs_rhs.split_once("]x[").ok_or("expected ']x[' in the convolution dimension numbers")?;
    let groups = [format!("{lhs}]"), format!("[{rhs}"), out.to_string()];
    let mut parsed = Vec::new();
    for g in &groups {
        let inner = g.strip_prefix('[').and_then(|g| g.strip_suffix(']')).ok_or_else(|| format!("expected '[...]', got '{g}'"))?;
        parsed.push(inner.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect::<Vec<_>>());
    }
    let layout = |dims: &[String], a: &str, b: &str, prefix: &str, names: [&str; 3]| -> Result<Named, String> {
        let find = |label: &str| -> Result<i64, String> {
            let hits: Vec<usize> = dims.iter().enumerate().filter(|(_, d)| *d == label).map(|(i, _)| i).collect();
            match hits.as_slice() {
                [i] => Ok(*i as i64),
                _ => Err(format!("{prefix} dimension numbers [{}] must name '{label}' exactly once", dims.join(", "))),
            }
        };
        let (first, second) = (find(a)?, find(b)?);
        let spatial_count = dims.len().saturating_sub(2);
        let mut spatial = Vec::new();
        for k in 0..spatial_count {
            spatial.push(find(&k.to_string())?);
        }
        if dims.iter().any(|d| d != a && d != b && d.parse::<usize>().map_or(true, |k| k >= spatial_count)) {
            return Err(format!("{prefix} dimension numbers [{}] have an unknown label", dims.join(", ")));
        }
        Ok(vec![
            (names[0].to_string(), i64_attr(first)),
            (names[1].to_string(), i64_attr(second)),
            (names[2].to_string(), i64_array(&spatial)),
        ])
    };
    let mut out = Vec::new();
    for (dims, g) in parsed.iter().zip(&CONV_GROUPS) {
        out.extend(layout(dims, g.letters[0], g.letters[1], g.what, g.names)?);
    }
    Ok(out)
}

/// `#stablehlo.channel_handle<handle = h, type = t>` → `channel_id = h` (the type, device to
/// device or host transfer, is implied by the op and `is_host_transfer`).
fn channel_handle(a: &Attribute) -> Result<Named, String> {
    let fields = parse_fields(body_of(a, "stablehlo.channel_handle")?)?;
    match fields.iter().find(|(k, _)| k == "handle") {
        Some((_, Field::Int(h))) => Ok(vec![("channel_id".into(), i64_attr(*h))]),
        _ => Err("channel_handle has no integer 'handle' field".into()),
    }
}

/// The integer values of an integer `dense<...>` attribute, row-major, splats expanded.
pub fn dense_ints(a: &Attribute) -> Result<(Vec<i64>, Vec<i64>), String> {
    let Attribute::Dense { body, ty: Type::Tensor { dims, element, .. } } = a else {
        return Err(format!("expected an integer dense<...> attribute, got {}", show(a)));
    };
    if !matches!(**element, Type::Integer { .. } | Type::Index) {
        return Err(format!("expected integer elements, got {}", show(a)));
    }
    let shape: Vec<i64> = dims.iter().map(|d| d.ok_or("dynamic shape")).collect::<Result<_, _>>()?;
    let count: i64 = shape.iter().product();
    let body = body.trim();
    if body.starts_with("0x") || body.starts_with("\"0x") {
        return Err(format!("hex dense bodies are not read here: {}", show(a)));
    }
    let words: Vec<&str> = body.split(|c: char| c == '[' || c == ']' || c == ',').map(str::trim).filter(|w| !w.is_empty()).collect();
    let values: Vec<i64> = words.iter().map(|w| parse_int(w).ok_or_else(|| format!("'{w}' is not an integer"))).collect::<Result<_, _>>()?;
    let values = if values.len() == 1 && !body.starts_with('[') { vec![values[0]; count as usize] } else { values };
    if values.len() as i64 != count {
        return Err(format!("{} values for a shape of {count} elements", values.len()));
    }
    Ok((shape, values))
}

/// `padding = dense<[[lo, hi], ...]> : tensor<Nx2xi64>` → `array<i64: lo0, hi0, ...>`.
fn padding(a: &Attribute) -> Result<Named, String> {
    Ok(vec![("padding".into(), padding_pairs(a)?)])
}

pub fn padding_pairs(a: &Attribute) -> Result<Attribute, String> {
    match a {
        Attribute::DenseArray(..) => Ok(a.clone()),
        _ => {
            let (shape, values) = dense_ints(a)?;
            if shape.len() != 2 || shape[1] != 2 {
                return Err(format!("padding must be an Nx2 tensor of (low, high) pairs, got shape {shape:?}"));
            }
            Ok(i64_array(&values))
        }
    }
}

/// `dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>` → `[array<i64: 0, 1>, array<i64: 2, 3>]`.
/// Replica groups may be padded with -1 (groups of different sizes); the padding is dropped.
fn groups(a: &Attribute, drop_padding: bool) -> Result<Attribute, String> {
    if let Attribute::Array(_) = a {
        return convert_value(a);
    }
    let (shape, values) = dense_ints(a)?;
    if shape.len() != 2 {
        return Err(format!("expected a rank-2 tensor, got shape {shape:?}"));
    }
    let width = shape[1].max(1) as usize;
    let rows = if shape[1] == 0 { vec![] } else { values.chunks(width).collect::<Vec<_>>() };
    Ok(Attribute::Array(
        rows.into_iter()
            .map(|row| {
                let row: Vec<i64> = if drop_padding { row.iter().copied().filter(|&v| v != -1).collect() } else { row.to_vec() };
                i64_array(&row)
            })
            .collect(),
    ))
}

/// `#stablehlo.dot_algorithm<lhs_precision_type = tf32, ...>` → one attribute per field
/// (types as type attributes, counts as integers, flags as bools). xhlo's dot_general does not
/// declare them; they travel with the op for the lowering.
fn dot_algorithm(a: &Attribute) -> Result<Named, String> {
    let body = body_of(a, "stablehlo.dot_algorithm")?;
    let mut out = Vec::new();
    for (k, v) in parse_fields(body)? {
        let value = match v {
            Field::Int(i) => i64_attr(i),
            Field::Word(w) if w == "true" || w == "false" => Attribute::Bool(w == "true"),
            Field::Word(w) => {
                let t = mlir_text::parser::Parser::new(&w).and_then(|mut p| p.parse_type()).map_err(|e| e.message)?;
                Attribute::Type(t)
            }
            Field::List(l) => i64_array(&l),
        };
        out.push((k, value));
    }
    Ok(out)
}

/// custom_call layouts: `[dense<[1, 0]> : tensor<2xindex>, ...]` → `[array<i64: 1, 0>, ...]`.
fn layouts(a: &Attribute) -> Result<Attribute, String> {
    let Attribute::Array(items) = a else { return Err(format!("expected an array of layouts, got {}", show(a))) };
    Ok(Attribute::Array(
        items
            .iter()
            .map(|item| match item {
                Attribute::DenseArray(..) => Ok(item.clone()),
                _ => Ok(i64_array(&dense_ints(item)?.1)),
            })
            .collect::<Result<_, String>>()?,
    ))
}

/// `#stablehlo<custom_call_api_version API_VERSION_TYPED_FFI>` or `4 : i32` → an integer.
fn api_version(a: &Attribute) -> Result<Named, String> {
    let v = match a {
        Attribute::Int(s, _) => parse_int(s).ok_or_else(|| format!("bad api_version {s}"))?,
        Attribute::Dialect { name, body } if name == "stablehlo" => match enum_value(name, body)?.as_str() {
            "API_VERSION_UNSPECIFIED" => 0,
            "API_VERSION_ORIGINAL" => 1,
            "API_VERSION_STATUS_RETURNING" => 2,
            "API_VERSION_STATUS_RETURNING_UNIFIED" => 3,
            "API_VERSION_TYPED_FFI" => 4,
            other => return Err(format!("unknown custom_call api_version {other}")),
        },
        other => return Err(format!("expected an api_version, got {}", show(other))),
    };
    Ok(vec![("api_version".into(), Attribute::Int(v.to_string(), Type::Integer { width: 32, signedness: "" }))])
}

/// `[#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0,
/// operand_tuple_indices = []>]` → an array of dictionaries with the same fields.
fn output_operand_aliases(a: &Attribute) -> Result<Named, String> {
    let Attribute::Array(items) = a else { return Err(format!("expected an array, got {}", show(a))) };
    let mut out = Vec::new();
    for item in items {
        let fields = parse_fields(body_of(item, "stablehlo.output_operand_alias")?)?;
        let entries = fields
            .into_iter()
            .map(|(k, v)| match v {
                Field::List(l) => Ok((k, i64_array(&l))),
                Field::Int(i) => Ok((k, i64_attr(i))),
                Field::Word(w) => Err(format!("unexpected value '{w}' for field '{k}'")),
            })
            .collect::<Result<_, String>>()?;
        out.push(Attribute::Dict(entries));
    }
    Ok(vec![("output_operand_aliases".into(), Attribute::Array(out))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlir_text::parser::Parser;

    fn attr(s: &str) -> Attribute {
        Parser::new(s).unwrap().parse_attribute().unwrap()
    }

    fn conv(name: &str, s: &str) -> String {
        let named = convert_named(name, &attr(s)).unwrap();
        let mut out = String::new();
        mlir_text::print::write_dict(&mut out, &named);
        out
    }

    #[test]
    fn enums_become_strings() {
        assert_eq!(conv("comparison_direction", "#stablehlo<comparison_direction GT>"), r#"{comparison_direction = "GT"}"#);
        assert_eq!(conv("compare_type", "#stablehlo<comparison_type TOTALORDER>"), r#"{compare_type = "TOTALORDER"}"#);
        assert_eq!(
            conv("precision_config", "[#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]"),
            r#"{precision_config = ["DEFAULT", "HIGHEST"]}"#
        );
    }

    #[test]
    fn enums_of_the_wrong_kind_for_their_name_are_errors() {
        // The kind is dropped on import and restored from the name on export (ENUMS).
        let e = convert_named("comparison_direction", &attr("#stablehlo<comparison_type FLOAT>")).unwrap_err();
        assert!(e.contains("attribute 'comparison_direction': expected a #stablehlo<comparison_direction ...> enum"), "{e}");
        let e = convert_named("precision_config", &attr("[#stablehlo<precision DEFAULT>, #stablehlo<fft_type FFT>]")).unwrap_err();
        assert!(e.contains("expected a #stablehlo<precision ...> enum, got #stablehlo<fft_type FFT>"), "{e}");
    }

    #[test]
    fn dot_dimension_numbers_flatten_with_empty_defaults() {
        assert_eq!(
            conv("dot_dimension_numbers", "#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>"),
            "{lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>, lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>}"
        );
        assert_eq!(
            conv("dot_dimension_numbers", "#stablehlo.dot<>"),
            "{lhs_contracting_dimensions = array<i64>, rhs_contracting_dimensions = array<i64>}"
        );
    }

    #[test]
    fn conv_dimension_numbers_give_positions() {
        assert_eq!(
            conv("dimension_numbers", "#stablehlo.conv<[b, 0, f, 1]x[0, i, 1, o]->[b, 0, 1, f]>"),
            "{input_batch_dimension = 0 : i64, input_feature_dimension = 2 : i64, input_spatial_dimensions = array<i64: 1, 3>, \
kernel_input_feature_dimension = 1 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 2>, \
output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>}"
        );
    }

    #[test]
    fn conv_dimension_numbers_reject_repeated_labels() {
        let e = convert_named("dimension_numbers", &attr("#stablehlo.conv<[b, b, f]x[0, i, o]->[b, 0, f]>")).unwrap_err();
        assert!(e.contains("must name 'b' exactly once"), "{e}");
    }

    #[test]
    fn gather_and_scatter_dimension_numbers_flatten() {
        assert_eq!(
            conv("dimension_numbers", "#stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>"),
            "{offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 1>, start_index_map = array<i64: 2, 1>, \
operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 1>, index_vector_dim = 3 : i64}"
        );
        assert_eq!(
            conv("scatter_dimension_numbers", "#stablehlo.scatter<update_window_dims = [2, 3], inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>"),
            "{update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64}"
        );
    }

    #[test]
    fn padding_pairs_flatten_and_splats_expand() {
        assert_eq!(conv("padding", "dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>"), "{padding = array<i64: 2, 1, 0, 0>}");
        assert_eq!(conv("padding", "dense<1> : tensor<2x2xi64>"), "{padding = array<i64: 1, 1, 1, 1>}");
    }

    #[test]
    fn replica_groups_and_pairs_become_arrays() {
        assert_eq!(conv("replica_groups", "dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>"), "{replica_groups = [array<i64: 0, 1>, array<i64: 2, 3>]}");
        assert_eq!(conv("replica_groups", "dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>"), "{replica_groups = [array<i64: 0, 1>, array<i64: 2>]}");
        assert_eq!(conv("replica_groups", "dense<> : tensor<0x0xi64>"), "{replica_groups = []}");
        assert_eq!(conv("source_target_pairs", "dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>"), "{source_target_pairs = [array<i64: 0, 1>, array<i64: 1, 0>]}");
    }

    #[test]
    fn channel_handle_becomes_channel_id() {
        assert_eq!(conv("channel_handle", "#stablehlo.channel_handle<handle = 5, type = 1>"), "{channel_id = 5 : i64}");
    }

    #[test]
    fn dot_algorithm_flattens_into_typed_fields() {
        assert_eq!(
            conv("algorithm", "#stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>"),
            "{lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1 : i64, rhs_component_count = 1 : i64, num_primitive_operations = 1 : i64, allow_imprecise_accumulation = false}"
        );
    }

    #[test]
    fn custom_call_attributes() {
        assert_eq!(conv("api_version", "#stablehlo<custom_call_api_version API_VERSION_TYPED_FFI>"), "{api_version = 4 : i32}");
        assert_eq!(conv("api_version", "2 : i32"), "{api_version = 2 : i32}");
        assert_eq!(
            conv("operand_layouts", "[dense<[1, 0]> : tensor<2xindex>, dense<> : tensor<0xindex>]"),
            "{operand_layouts = [array<i64: 1, 0>, array<i64>]}"
        );
        assert_eq!(
            conv("output_operand_aliases", "[#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, operand_tuple_indices = []>]"),
            "{output_operand_aliases = [{output_tuple_indices = array<i64: 0>, operand_index = 1 : i64, operand_tuple_indices = array<i64>}]}"
        );
    }

    #[test]
    fn unknown_stablehlo_attributes_are_errors() {
        let e = convert_named("foo", &attr("#stablehlo.type_extensions<bounds = [4]>")).unwrap_err();
        assert!(e.contains("attribute 'foo': unsupported: attribute #stablehlo.type_extensions"), "{e}");
    }
}

//! xhlo attributes back to StableHLO attributes: the inverse of [`crate::import::attrs`],
//! driven by the same tables.
//!
//! Flattened fields are nested again ([`DOT`], [`GATHER`], [`SCATTER`] structs, the
//! convolution's [`CONV_GROUPS`], `#stablehlo.dot_algorithm<...>`), enum strings get their kind
//! back from the attribute name ([`ENUMS`]), bool flags that StableHLO spells as unit attributes
//! ([`UNIT_FLAGS`]) become unit or disappear, `padding` pairs become an `Nx2` dense tensor,
//! replica groups and source/target pairs dense `NxM` tensors (short groups padded with -1),
//! `channel_id` a `#stablehlo.channel_handle<...>`, custom-call layouts `dense<...> :
//! tensor<Nxindex>`, and `!xhlo.token` becomes `!stablehlo.token` wherever a type occurs.

use mlir_text::ast::{Attribute, Type};
use crate::import::attrs::{
    show, FieldKind, Named, Struct, CONV_GROUPS, DOT, DOT_ALGORITHM_FIELDS, ENUMS,
    GATHER, SCATTER, UNIT_FLAGS,
};
use mlir_text::print::type_to_string;

/// An xhlo type as StableHLO spells it: `!xhlo.token` is `!stablehlo.token`. Layout encodings
/// have no StableHLO equivalent (StableHLO types carry no layout) and are an error.
pub fn export_type(t: &Type) -> Result<Type, String> {
    Ok(match t {
        Type::Tensor { dims, element, encoding } => {
            if let Some(enc) = encoding {
                let mut s = String::new();
                mlir_text::print::write_attr(&mut s, enc);
                return Err(format!("unsupported: layout encoding {s} in {} (StableHLO tensor types carry no layout)", type_to_string(t)));
            }
            Type::Tensor { dims: dims.clone(), element: Box::new(export_type(element)?), encoding: None }
        }
        Type::Tuple(items) => Type::Tuple(items.iter().map(export_type).collect::<Result<_, _>>()?),
        Type::Function { inputs, results } => Type::Function {
            inputs: inputs.iter().map(export_type).collect::<Result<_, _>>()?,
            results: results.iter().map(export_type).collect::<Result<_, _>>()?,
        },
        Type::Dialect(name) if name == "xhlo.token" => Type::Dialect("stablehlo.token".into()),
        Type::Dialect(name) if name.starts_with("xhlo.") => return Err(format!("unsupported: type !{name} has no StableHLO equivalent")),
        other => other.clone(),
    })
}

/// An attribute value with its types exported (recursively through arrays and dictionaries).
pub fn export_value(a: &Attribute) -> Result<Attribute, String> {
    Ok(match a {
        Attribute::Type(t) => Attribute::Type(export_type(t)?),
        Attribute::Dense { body, ty } => Attribute::Dense { body: body.clone(), ty: export_type(ty)? },
        Attribute::DenseResource { name, ty } => Attribute::DenseResource { name: name.clone(), ty: export_type(ty)? },
        Attribute::Array(items) => Attribute::Array(items.iter().map(export_value).collect::<Result<_, _>>()?),
        Attribute::Dict(entries) => Attribute::Dict(
            entries.iter().map(|(k, v)| Ok((k.clone(), export_value(v)?))).collect::<Result<_, String>>()?,
        ),
        Attribute::Dialect { name, body } if name.starts_with("xhlo") => {
            return Err(format!("unsupported: attribute #{name}<{body}> has no StableHLO equivalent"))
        }
        other => other.clone(),
    })
}

/// The attributes of StableHLO op `op` from those of its xhlo op, split into inherent ones
/// (`<{...}>` in generic form: those the xhlo op declares, `declared`, after nesting) and
/// discardable ones (everything else, such as `mhlo.sharding`).
pub fn export_attrs(op: &str, attrs: &[(String, Attribute)], declared: &dyn Fn(&str) -> bool) -> Result<(Named, Named), String> {
    let mut rest: Vec<(String, Attribute)> = attrs.to_vec();
    let mut props = Named::new();
    let mut discardable = Named::new();
    let structs: &[&Struct] = match op {
        "stablehlo.dot_general" => &[&DOT],
        "stablehlo.gather" => &[&GATHER],
        "stablehlo.scatter" => &[&SCATTER],
        _ => &[],
    };
    for s in structs {
        if let Some(nested) = nest_struct(&mut rest, s)? {
            props.push((s.attr.to_string(), nested));
        }
    }
    if op == "stablehlo.dot_general" {
        if let Some(algorithm) = nest_dot_algorithm(&mut rest)? {
            props.push(("algorithm".into(), algorithm));
        }
    }
    if op == "stablehlo.convolution" {
        props.push(("dimension_numbers".into(), nest_conv(&mut rest)?));
    }
    let is_host_transfer = rest.iter().any(|(k, v)| k == "is_host_transfer" && *v == Attribute::Bool(true));
    for (k, v) in rest {
        let inherent = declared(&k);
        let converted = export_named(op, &k, &v, is_host_transfer).map_err(|e| format!("attribute '{k}': {e}"))?;
        for (name, value) in converted {
            if inherent {
                props.push((name, value));
            } else {
                discardable.push((name, value));
            }
        }
    }
    Ok((props, discardable))
}

/// One attribute by name (the structured fields are taken out before).
fn export_named(op: &str, name: &str, v: &Attribute, is_host_transfer: bool) -> Result<Named, String> {
    let one = |value: Attribute| Ok(vec![(name.to_string(), value)]);
    if let Some((_, kind)) = ENUMS.iter().find(|(n, _)| *n == name) {
        return one(enum_value(v, kind)?);
    }
    if UNIT_FLAGS.contains(&name) {
        return match v {
            Attribute::Bool(true) | Attribute::Unit => one(Attribute::Unit),
            Attribute::Bool(false) => Ok(vec![]),
            other => Err(format!("expected a bool flag, got {}", show(other))),
        };
    }
    match name {
        "padding" if matches!(v, Attribute::DenseArray(..)) => one(padding_tensor(v)?),
        "replica_groups" if matches!(v, Attribute::Array(_)) => one(groups_tensor(v, true)?),
        "source_target_pairs" if matches!(v, Attribute::Array(_)) => one(groups_tensor(v, false)?),
        "channel_id" => {
            let handle = int_value(v)?;
            let kind = channel_type(op, is_host_transfer);
            Ok(vec![(
                "channel_handle".into(),
                Attribute::Dialect { name: "stablehlo.channel_handle".into(), body: format!("handle = {handle}, type = {kind}") },
            )])
        }
        "operand_layouts" | "result_layouts" => one(layouts(v)?),
        "output_operand_aliases" => one(output_operand_aliases(v)?),
        _ => one(export_value(v)?),
    }
}

/// `#stablehlo.channel_handle` types: 1 device to device, 2 device to host (a host `send`),
/// 3 host to device (a host `recv`).
fn channel_type(op: &str, is_host_transfer: bool) -> i64 {
    match (op, is_host_transfer) {
        ("stablehlo.send", true) => 2,
        ("stablehlo.recv", true) => 3,
        _ => 1,
    }
}

/// `"GT"` as `#stablehlo<comparison_direction GT>`; arrays item by item.
fn enum_value(v: &Attribute, kind: &str) -> Result<Attribute, String> {
    match v {
        Attribute::Str(s) if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
            Ok(Attribute::Dialect { name: "stablehlo".into(), body: format!("{kind} {s}") })
        }
        Attribute::Array(items) => Ok(Attribute::Array(items.iter().map(|i| enum_value(i, kind)).collect::<Result<_, _>>()?)),
        Attribute::Dialect { .. } => Ok(v.clone()),
        other => Err(format!("expected a {kind} value such as a string, got {}", show(other))),
    }
}

fn int_value(v: &Attribute) -> Result<i64, String> {
    match v {
        Attribute::Int(s, _) => s.parse().map_err(|_| format!("'{s}' is not an integer")),
        other => Err(format!("expected an integer, got {}", show(other))),
    }
}

/// The values of an `array<i64: ...>`.
pub fn i64_values(v: &Attribute) -> Result<Vec<i64>, String> {
    match v {
        Attribute::DenseArray(Type::Integer { width: 64, .. }, values) => {
            values.iter().map(|s| s.parse::<i64>().map_err(|_| format!("'{s}' is not an integer"))).collect()
        }
        other => Err(format!("expected array<i64: ...>, got {}", show(other))),
    }
}

fn join(values: &[i64]) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

/// Takes the fields of `s` out of `rest`; `None` when none is there.
fn nest_struct(rest: &mut Vec<(String, Attribute)>, s: &Struct) -> Result<Option<Attribute>, String> {
    let mut fields = Vec::new();
    let mut found = false;
    for (field, kind) in s.fields {
        let Some(i) = rest.iter().position(|(k, _)| k == field) else {
            continue;
        };
        found = true;
        let (_, v) = rest.remove(i);
        let text = match kind {
            FieldKind::List | FieldKind::OptionalList => format!("[{}]", join(&i64_values(&v).map_err(|e| format!("field '{field}': {e}"))?)),
            FieldKind::Int => int_value(&v).map_err(|e| format!("field '{field}': {e}"))?.to_string(),
        };
        fields.push(format!("{field} = {text}"));
    }
    Ok(found.then(|| Attribute::Dialect { name: s.name.into(), body: fields.join(", ") }))
}

/// The `#stablehlo.dot_algorithm<...>` fields that travel with a `dot_general`.
fn nest_dot_algorithm(rest: &mut Vec<(String, Attribute)>) -> Result<Option<Attribute>, String> {
    let mut fields = Vec::new();
    for field in DOT_ALGORITHM_FIELDS {
        let Some(i) = rest.iter().position(|(k, _)| k == field) else {
            continue;
        };
        let (_, v) = rest.remove(i);
        let text = match &v {
            Attribute::Type(t) => type_to_string(&export_type(t)?),
            Attribute::Int(s, _) => s.clone(),
            Attribute::Bool(b) => b.to_string(),
            other => return Err(format!("dot algorithm field '{field}' must be a type, integer or bool, got {}", show(other))),
        };
        fields.push(format!("{field} = {text}"));
    }
    Ok((!fields.is_empty()).then(|| Attribute::Dialect { name: "stablehlo.dot_algorithm".into(), body: fields.join(", ") }))
}

/// The nine convolution dimension fields as `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0,
/// 1, f]>`: each group lists, per dimension position, its letter or spatial index.
fn nest_conv(rest: &mut Vec<(String, Attribute)>) -> Result<Attribute, String> {
    let mut take = |name: &str| -> Result<Attribute, String> {
        let i = rest.iter().position(|(k, _)| k == name).ok_or_else(|| format!("missing convolution field '{name}'"))?;
        Ok(rest.remove(i).1)
    };
    let mut groups = Vec::new();
    for g in &CONV_GROUPS {
        let first = int_value(&take(g.names[0])?)?;
        let second = int_value(&take(g.names[1])?)?;
        let spatial = i64_values(&take(g.names[2])?)?;
        let rank = spatial.len() + 2;
        let mut labels = vec![String::new(); rank];
        let mut place = |pos: i64, label: String| -> Result<(), String> {
            match usize::try_from(pos).ok().and_then(|p| labels.get_mut(p)) {
                Some(slot) if slot.is_empty() => {
                    *slot = label;
                    Ok(())
                }
                _ => Err(format!("{} dimension numbers: position {pos} is out of range or used twice (rank {rank})", g.what)),
            }
        };
        place(first, g.letters[0].to_string())?;
        place(second, g.letters[1].to_string())?;
        for (k, &pos) in spatial.iter().enumerate() {
            place(pos, k.to_string())?;
        }
        groups.push(format!("[{}]", labels.join(", ")));
    }
    Ok(Attribute::Dialect { name: "stablehlo.conv".into(), body: format!("{}x{}->{}", groups[0], groups[1], groups[2]) })
}

fn i64_type() -> Type {
    Type::Integer { width: 64, signedness: "" }
}

fn tensor(dims: &[i64], element: Type) -> Type {
    Type::Tensor { dims: dims.iter().map(|&d| Some(d)).collect(), element: Box::new(element), encoding: None }
}

/// A row-major `dense<[[..], ..]>` body.
fn matrix_body(rows: &[Vec<i64>]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("[{}]", join(r))).collect();
    format!("[{}]", rows.join(", "))
}

/// `array<i64: lo0, hi0, ...>` as `dense<[[lo0, hi0], ...]> : tensor<Nx2xi64>`.
pub fn padding_tensor(v: &Attribute) -> Result<Attribute, String> {
    let values = i64_values(v)?;
    if values.len() % 2 != 0 {
        return Err(format!("padding must hold (low, high) pairs, got {} values", values.len()));
    }
    let rows: Vec<Vec<i64>> = values.chunks(2).map(|c| c.to_vec()).collect();
    let body = if rows.is_empty() { String::new() } else { matrix_body(&rows) };
    Ok(Attribute::Dense { body, ty: tensor(&[rows.len() as i64, 2], i64_type()) })
}

/// `[array<i64: 0, 1>, array<i64: 2>]` as `dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>`
/// (replica groups of different sizes are padded with -1, as StableHLO does).
pub fn groups_tensor(v: &Attribute, pad: bool) -> Result<Attribute, String> {
    let Attribute::Array(items) = v else { return Err(format!("expected an array of groups, got {}", show(v))) };
    let rows: Vec<Vec<i64>> = items.iter().map(i64_values).collect::<Result<_, _>>()?;
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    if !pad && rows.iter().any(|r| r.len() != width) {
        return Err("source/target pairs must all have two entries".into());
    }
    let rows: Vec<Vec<i64>> = rows.into_iter().map(|mut r| {
        r.resize(width, -1);
        r
    }).collect();
    let body = if rows.is_empty() || width == 0 { String::new() } else { matrix_body(&rows) };
    Ok(Attribute::Dense { body, ty: tensor(&[rows.len() as i64, width as i64], i64_type()) })
}

/// custom_call layouts: `[array<i64: 1, 0>]` as `[dense<[1, 0]> : tensor<2xindex>]`.
fn layouts(v: &Attribute) -> Result<Attribute, String> {
    let Attribute::Array(items) = v else { return Err(format!("expected an array of layouts, got {}", show(v))) };
    let out = items
        .iter()
        .map(|item| {
            let values = i64_values(item)?;
            let body = if values.is_empty() { String::new() } else { format!("[{}]", join(&values)) };
            Ok(Attribute::Dense { body, ty: tensor(&[values.len() as i64], Type::Index) })
        })
        .collect::<Result<_, String>>()?;
    Ok(Attribute::Array(out))
}

/// `[{output_tuple_indices = array<i64>, operand_index = 0 : i64, operand_tuple_indices =
/// array<i64>}]` as `[#stablehlo.output_operand_alias<...>]`.
fn output_operand_aliases(v: &Attribute) -> Result<Attribute, String> {
    let Attribute::Array(items) = v else { return Err(format!("expected an array, got {}", show(v))) };
    let mut out = Vec::new();
    for item in items {
        let Attribute::Dict(entries) = item else { return Err(format!("expected a dictionary per alias, got {}", show(item))) };
        let get = |k: &str| entries.iter().find(|(n, _)| n == k).map(|(_, v)| v);
        let list = |k: &str| get(k).map(i64_values).transpose().map(|l| l.unwrap_or_default());
        let body = format!(
            "output_tuple_indices = [{}], operand_index = {}, operand_tuple_indices = [{}]",
            join(&list("output_tuple_indices")?),
            get("operand_index").map(int_value).transpose()?.unwrap_or(0),
            join(&list("operand_tuple_indices")?)
        );
        out.push(Attribute::Dialect { name: "stablehlo.output_operand_alias".into(), body });
    }
    Ok(Attribute::Array(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::attrs::{convert_named, i64_attr};
    use mlir_text::parser::Parser;

    fn attr(s: &str) -> Attribute {
        Parser::new(s).unwrap().parse_attribute().unwrap()
    }

    fn dict(s: &str) -> Named {
        Parser::new(s).unwrap().parse_attr_dict().unwrap()
    }

    /// Imports `name = stablehlo`, exports the result for `op`, and returns the printed dict.
    fn back(op: &str, name: &str, stablehlo: &str) -> String {
        let flat = convert_named(name, &attr(stablehlo)).unwrap();
        let (props, attrs) = export_attrs(op, &flat, &|_| true).unwrap();
        assert!(attrs.is_empty());
        let mut out = String::new();
        mlir_text::print::write_dict(&mut out, &props);
        out
    }

    #[test]
    fn dot_dimension_numbers_nest_in_stablehlo_order() {
        assert_eq!(
            back("stablehlo.dot_general", "dot_dimension_numbers", "#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>"),
            "{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}"
        );
    }

    #[test]
    fn conv_dimension_numbers_nest_back_to_letters() {
        let src = "#stablehlo.conv<[b, 0, f, 1]x[0, i, 1, o]->[b, 0, 1, f]>";
        assert_eq!(back("stablehlo.convolution", "dimension_numbers", src), format!("{{dimension_numbers = {src}}}"));
    }

    #[test]
    fn conv_dimension_numbers_reject_clashing_positions() {
        let mut flat = convert_named("dimension_numbers", &attr("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>")).unwrap();
        flat[0].1 = i64_attr(3); // input_batch_dimension onto the feature dimension
        let e = export_attrs("stablehlo.convolution", &flat, &|_| true).unwrap_err();
        assert!(e.contains("input dimension numbers: position 3 is out of range or used twice"), "{e}");
    }

    #[test]
    fn gather_and_scatter_fields_nest() {
        let g = back("stablehlo.gather", "dimension_numbers", "#stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>");
        assert_eq!(g, "{dimension_numbers = #stablehlo.gather<offset_dims = [3, 4], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [2, 1], index_vector_dim = 3>}");
        let s = back("stablehlo.scatter", "scatter_dimension_numbers", "#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>");
        assert_eq!(s, "{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}");
    }

    #[test]
    fn enums_get_their_kind_from_the_name() {
        assert_eq!(back("stablehlo.compare", "comparison_direction", "#stablehlo<comparison_direction GT>"), "{comparison_direction = #stablehlo<comparison_direction GT>}");
        assert_eq!(back("stablehlo.compare", "compare_type", "#stablehlo<comparison_type TOTALORDER>"), "{compare_type = #stablehlo<comparison_type TOTALORDER>}");
        assert_eq!(
            back("stablehlo.dot", "precision_config", "[#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]"),
            "{precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}"
        );
        assert_eq!(back("stablehlo.fft", "fft_type", "#stablehlo<fft_type IRFFT>"), "{fft_type = #stablehlo<fft_type IRFFT>}");
        assert_eq!(back("stablehlo.triangular_solve", "transpose_a", "#stablehlo<transpose ADJOINT>"), "{transpose_a = #stablehlo<transpose ADJOINT>}");
        assert_eq!(back("stablehlo.rng_bit_generator", "rng_algorithm", "#stablehlo<rng_algorithm PHILOX>"), "{rng_algorithm = #stablehlo<rng_algorithm PHILOX>}");
    }

    #[test]
    fn padding_groups_and_pairs_become_dense_tensors() {
        assert_eq!(back("stablehlo.reduce_window", "padding", "dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>"), "{padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>}");
        assert_eq!(back("stablehlo.all_reduce", "replica_groups", "dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>"), "{replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>}");
        assert_eq!(back("stablehlo.all_reduce", "replica_groups", "dense<> : tensor<0x0xi64>"), "{replica_groups = dense<> : tensor<0x0xi64>}");
        assert_eq!(back("stablehlo.collective_permute", "source_target_pairs", "dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>"), "{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}");
    }

    #[test]
    fn channel_id_becomes_a_handle_typed_by_the_op() {
        let flat = dict("{channel_id = 5 : i64, is_host_transfer = true}");
        let (props, _) = export_attrs("stablehlo.send", &flat, &|_| true).unwrap();
        assert_eq!(props[0].1, attr("#stablehlo.channel_handle<handle = 5, type = 2>"));
        let (props, _) = export_attrs("stablehlo.recv", &flat, &|_| true).unwrap();
        assert_eq!(props[0].1, attr("#stablehlo.channel_handle<handle = 5, type = 3>"));
        let (props, _) = export_attrs("stablehlo.all_reduce", &dict("{channel_id = 1 : i64}"), &|_| true).unwrap();
        assert_eq!(props[0].1, attr("#stablehlo.channel_handle<handle = 1, type = 1>"));
    }

    #[test]
    fn unit_flags_come_back_as_unit_or_vanish() {
        let (props, _) = export_attrs("stablehlo.all_gather", &dict("{use_global_device_ids = true}"), &|_| true).unwrap();
        assert_eq!(props, vec![("use_global_device_ids".to_string(), Attribute::Unit)]);
        let (props, _) = export_attrs("stablehlo.all_gather", &dict("{use_global_device_ids = false}"), &|_| true).unwrap();
        assert!(props.is_empty());
    }

    #[test]
    fn dot_algorithm_and_custom_call_attributes_nest() {
        assert_eq!(
            back("stablehlo.dot_general", "algorithm", "#stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>"),
            "{algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>}"
        );
        assert_eq!(
            back("stablehlo.custom_call", "operand_layouts", "[dense<[1, 0]> : tensor<2xindex>, dense<> : tensor<0xindex>]"),
            "{operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<> : tensor<0xindex>]}"
        );
        assert_eq!(
            back("stablehlo.custom_call", "output_operand_aliases", "[#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, operand_tuple_indices = []>]"),
            "{output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, operand_tuple_indices = []>]}"
        );
    }

    #[test]
    fn undeclared_attributes_stay_discardable() {
        let (props, attrs) = export_attrs("stablehlo.add", &dict("{mhlo.sharding = \"{replicated}\"}"), &|_| false).unwrap();
        assert!(props.is_empty());
        assert_eq!(attrs.len(), 1);
    }

    #[test]
    fn tokens_and_layouts() {
        let t = Parser::new("tuple<tensor<2xf32>, !xhlo.token>").unwrap().parse_type().unwrap();
        assert_eq!(type_to_string(&export_type(&t).unwrap()), "tuple<tensor<2xf32>, !stablehlo.token>");
        let t = Parser::new("tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>").unwrap().parse_type().unwrap();
        assert!(export_type(&t).unwrap_err().contains("unsupported: layout encoding"));
    }
}

//! The op table: each StableHLO/CHLO/check op name and what it becomes.
//!
//! Most ops are renamed to the catalogue op that names them as its import source
//! ([`xhlo_ir::op::Import`], [`Rule::Catalogue`]): same operands, results and regions,
//! attributes converted by [`attrs::convert_named`] (enums to strings, structured attributes
//! flattened), unit flags the xhlo op declares as bool become `true`. This table holds the
//! rest: renames to ops of other dialects ([`Rule::Rename`]), [`Rule::Static`] drops the shape operands of
//! a dynamic op whose result type is static, reading the attributes the static op needs from
//! constant operands. [`Rule::Custom`] is for ops whose structure changes; [`Rule::Unsupported`]
//! gives the reason.

use super::attrs::{self, i64_array, padding_pairs, show, Named};
use super::{chlo, quant, Cx, Src, Val};
use mlir_text::ast::{Attribute, Region};
use std::collections::HashMap;
use std::sync::LazyLock;
use xhlo_ir::catalogue;
use xhlo_ir::op::OpDef;

pub type Convert = fn(&mut Cx, &Src) -> Result<Vec<Val>, String>;

#[derive(Clone, Copy)]
pub enum Rule {
    /// The catalogue op that names this op as its import source.
    Catalogue(&'static OpDef),
    /// An op of another dialect with the same structure (`stablehlo.return` → `gpu.yield`).
    Rename(&'static str),
    /// A dynamic op with a static result: the xhlo op, the number of leading operands kept,
    /// and for each following (shape) operand the attribute its constant value becomes (`""`
    /// drops the operand without reading it, as the result type already says it).
    Static(&'static str, usize, &'static [&'static str]),
    /// Pass through unchanged (func, builtin); check ops lose their properties.
    Keep,
    Custom(Convert),
    Unsupported(&'static str),
}

use Rule::*;

/// Reason texts of unsupported features (the corpus test classifies by them).
pub const HARNESS: &str = "unsupported: interpreter harness feature";

const TABLE: &[(&str, Rule)] = &[
    // Element-wise.
    ("stablehlo.compare", Custom(compare)),
    ("stablehlo.bitcast_convert", Custom(bitcast_convert)),
    // Quantization (ops on quantized values go to `quant::convert` before this table).
    ("stablehlo.uniform_quantize", Custom(quant::uniform_quantize)),
    ("stablehlo.uniform_dequantize", Custom(quant::uniform_dequantize)),
    // Data movement.
    // Reductions, sorting, linear algebra, indexing, normalization.
    // Control flow.
    ("stablehlo.case", Custom(case)),
    ("stablehlo.return", Rename("gpu.yield")),
    ("stablehlo.custom_call", Custom(custom_call)),
    // Random numbers.
    ("stablehlo.rng", Custom(rng)),
    // Collectives and communication.
    ("stablehlo.all_gather", Custom(|cx, s| split_variadic(cx, s, "xhlo.all_gather"))),
    ("stablehlo.all_to_all", Custom(|cx, s| split_variadic(cx, s, "xhlo.all_to_all"))),
    ("stablehlo.collective_broadcast", Custom(collective_broadcast)),
    // Dynamic-shape ops with static results.
    ("stablehlo.dynamic_iota", Static("xhlo.iota", 0, &[""])),
    ("stablehlo.dynamic_reshape", Static("xhlo.reshape", 1, &[""])),
    ("stablehlo.dynamic_broadcast_in_dim", Static("xhlo.broadcast_in_dim", 1, &[""])),
    ("stablehlo.dynamic_pad", Static("xhlo.pad", 2, &["edge_padding_low", "edge_padding_high", "interior_padding"])),
    ("stablehlo.dynamic_gather", Static("xhlo.gather", 2, &["slice_sizes"])),
    ("stablehlo.dynamic_conv", Static("xhlo.convolution", 2, &["padding"])),
    ("stablehlo.real_dynamic_slice", Static("xhlo.slice", 1, &["start_indices", "limit_indices", "strides"])),
    // Unsupported StableHLO ops.
    ("stablehlo.async_start", Unsupported("unsupported op (async ops have no xhlo equivalent)")),
    ("stablehlo.async_done", Unsupported("unsupported op (async ops have no xhlo equivalent)")),
    // CHLO ops that are xhlo ops.
    // func and builtin pass through.
    ("builtin.module", Keep),
    ("func.func", Keep),
    ("func.return", Keep),
    ("func.call", Keep),
    // The check dialect of StableHLO's tests.
    ("check.expect_eq", Keep),
    ("check.expect_eq_const", Keep),
    ("check.expect_almost_eq", Keep),
    ("check.expect_almost_eq_const", Keep),
    ("check.expect_close", Keep),
    ("check.expect_serialized_eq", Unsupported(HARNESS)),
    ("interpreter.run_parallel", Unsupported(HARNESS)),
    ("interpreter.probe", Unsupported(HARNESS)),
    ("interpreter.print", Unsupported(HARNESS)),
];

/// Every rule by source name: the catalogue's renames, then this table's and CHLO's rules.
static BY_NAME: LazyLock<HashMap<String, Rule>> = LazyLock::new(|| {
    let mut map: HashMap<String, Rule> = HashMap::new();
    for def in catalogue::all() {
        if matches!(def.import, xhlo_ir::op::Import::Stablehlo | xhlo_ir::op::Import::Renamed(_)) {
            for source in def.import_names() {
                map.insert(source, Rule::Catalogue(def));
            }
        }
    }
    for (name, rule) in TABLE.iter().chain(chlo::TABLE) {
        let previous = map.insert(name.to_string(), *rule);
        assert!(previous.is_none(), "{name} has a catalogue import and a rule of the importer's own");
    }
    map
});

/// The renames to ops outside the catalogue (source name, target name), in table order.
pub fn renames() -> impl Iterator<Item = (&'static str, &'static str)> {
    TABLE.iter().chain(chlo::TABLE).filter_map(|(from, rule)| match rule {
        Rename(to) => Some((*from, *to)),
        _ => None,
    })
}

/// The rule for a source op name.
pub fn rule(name: &str) -> Option<&'static Rule> {
    BY_NAME.get(name)
}

/// Converts one source op, emitting into `cx`; returns the values of its results.
pub fn convert(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let name = src.name();
    match rule(name) {
        Some(Catalogue(def)) => rename(cx, src, &format!("xhlo.{}", def.name)),
        Some(Rename(to)) => rename(cx, src, to),
        Some(Static(to, keep, shape_attrs)) => static_form(cx, src, to, *keep, shape_attrs),
        Some(Keep) => {
            let no_properties = name.starts_with("check.");
            let out = &mut *cx.out;
            cx.imp.pass_through(out, src, name, no_properties)
        }
        Some(Custom(f)) => f(cx, src),
        Some(Unsupported(reason)) => Err(reason.to_string()),
        None if name.starts_with("interpreter.") => Err(HARNESS.into()),
        None => Err(format!("unsupported op (no xhlo equivalent for '{name}')")),
    }
}

/// The source attributes (properties and discardable ones) converted for xhlo op `to`:
/// structured ones flattened, unit flags declared bool by the op become `true`, segment sizes
/// dropped (xhlo splits its variadic operands itself).
pub fn convert_attrs(src: &Src, to: &str) -> Result<Named, String> {
    let def = xhlo_ir::catalogue::lookup(to);
    let mut out = Named::new();
    for (k, v) in src.op.all_attrs() {
        // Shardy's annotations (`sdy.sharding_rule`, `sdy.sharding`, which JAX prints) say how
        // to split the program over devices; there is one device here.
        if k == "operandSegmentSizes" || k == "resultSegmentSizes" || k.starts_with("sdy.") {
            continue;
        }
        for (name, value) in attrs::convert_named(k, v)? {
            let declared_bool = def.and_then(|d| d.attrs.iter().find(|a| a.name == name)).is_some_and(|a| {
                a.kind == xhlo_ir::op::AttrKind::Bool
            });
            let value = if value == Attribute::Unit && declared_bool { Attribute::Bool(true) } else { value };
            out.push((name, value));
        }
    }
    Ok(out)
}

fn rename(cx: &mut Cx, src: &Src, to: &str) -> Result<Vec<Val>, String> {
    let attrs = convert_attrs(src, to)?;
    let regions: Vec<Region> = src.op.regions.iter().map(|r| cx.region(r)).collect();
    Ok(cx.emit(to, &src.operands, attrs, src.results.clone(), regions))
}

/// `compare`: `compare_type NOTYPE` means "no type given" and is dropped.
fn compare(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let mut attrs = convert_attrs(src, "xhlo.compare")?;
    attrs.retain(|(k, v)| !(k == "compare_type" && v.as_str() == Some("NOTYPE")));
    Ok(cx.emit("xhlo.compare", &src.operands, attrs, src.results.clone(), vec![]))
}

/// The i64 values of a constant operand.
pub fn constant_ints(cx: &Cx, v: &Val, what: &str) -> Result<Vec<i64>, String> {
    let Some(value) = cx.constant(v) else {
        return Err(format!("unsupported: dynamic shape operand ({what} is not a stablehlo.constant)"));
    };
    attrs::dense_ints(value).map(|(_, values)| values).map_err(|e| format!("{what}: {e}"))
}

fn static_form(cx: &mut Cx, src: &Src, to: &str, keep: usize, shape_attrs: &[&str]) -> Result<Vec<Val>, String> {
    src.expect_operands(keep + shape_attrs.len())?;
    let mut attrs = convert_attrs(src, to)?;
    attrs.retain(|(k, _)| k != "known_expanding_dimensions" && k != "known_nonexpanding_dimensions");
    for (i, &attr) in shape_attrs.iter().enumerate() {
        if attr.is_empty() {
            continue;
        }
        let operand = &src.operands[keep + i];
        let value = match attr {
            "padding" => {
                let Some(value) = cx.constant(operand) else {
                    return Err("unsupported: dynamic shape operand (padding is not a stablehlo.constant)".into());
                };
                padding_pairs(value).map_err(|e| format!("padding: {e}"))?
            }
            _ => i64_array(&constant_ints(cx, operand, attr)?),
        };
        attrs.push((attr.to_string(), value));
    }
    let regions: Vec<Region> = src.op.regions.iter().map(|r| cx.region(r)).collect();
    Ok(cx.emit(to, &src.operands[..keep], attrs, src.results.clone(), regions))
}

/// `case`: N regions become one region `branches` with one block per branch.
fn case(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let attrs = convert_attrs(src, "xhlo.case")?;
    let mut branches = Region::default();
    for r in &src.op.regions {
        let imported = cx.region(r);
        if imported.blocks.len() != 1 {
            return Err(format!("each case branch must be one block, got {}", imported.blocks.len()));
        }
        branches.blocks.extend(imported.blocks);
    }
    Ok(cx.emit("xhlo.case", &src.operands, attrs, src.results.clone(), vec![branches]))
}

/// `rng(a, b, shape) {rng_distribution = UNIFORM|NORMAL}` → `rng_uniform(a, b)` or
/// `rng_normal(a, b)` with the static result type.
fn rng(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(3)?;
    let to = match src.op.attr("rng_distribution") {
        Some(Attribute::Dialect { body, .. }) if body.ends_with(" UNIFORM") => "xhlo.rng_uniform",
        Some(Attribute::Dialect { body, .. }) if body.ends_with(" NORMAL") => "xhlo.rng_normal",
        Some(other) => return Err(format!("unknown rng_distribution {}", show(other))),
        None => return Err("missing rng_distribution".into()),
    };
    let mut attrs = convert_attrs(src, to)?;
    attrs.retain(|(k, _)| k != "rng_distribution");
    Ok(cx.emit(to, &src.operands[..2], attrs, src.results.clone(), vec![]))
}

/// `custom_call`: targets `check.expect_*` (how some pipelines spell test assertions) become
/// the check op, with the call's extra attributes and a dictionary backend_config as its
/// attributes; jaxlib's LAPACK targets become the xhlo ops they compute ([`super::lapack`]);
/// other targets stay custom calls.
fn custom_call(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    let target = src.op.attr("call_target_name").and_then(Attribute::as_str).unwrap_or("");
    if let Some(lowered) = super::lapack::import(cx, src, target) {
        return lowered;
    }
    if let Some(check) = target.strip_prefix("check.") {
        let name = format!("check.{check}");
        match rule(&name) {
            Some(Keep) => {}
            Some(Unsupported(reason)) => return Err(reason.to_string()),
            _ => return Err(format!("unknown check op '{name}' as a custom_call target")),
        }
        const CALL_ATTRS: &[&str] =
            &["call_target_name", "has_side_effect", "api_version", "called_computations", "operand_layouts", "result_layouts", "output_operand_aliases"];
        let mut attrs = Named::new();
        for (k, v) in src.op.all_attrs() {
            if CALL_ATTRS.contains(&k.as_str()) {
                continue;
            }
            if k == "backend_config" {
                match v {
                    Attribute::Dict(entries) => {
                        for (k, v) in entries {
                            attrs.push((k.clone(), attrs::convert_value(v)?));
                        }
                    }
                    Attribute::Str(s) if s.is_empty() => {}
                    other => return Err(format!("backend_config of a {name} call must be a dictionary, got {}", show(other))),
                }
                continue;
            }
            attrs.push((k.clone(), attrs::convert_value(v)?));
        }
        return Ok(cx.emit(&name, &src.operands, attrs, src.results.clone(), vec![]));
    }
    rename(cx, src, "xhlo.custom_call")
}

/// `bitcast_convert`: StableHLO gives `i1` one bit, so `tensor<...xNxi1>` and a N-bit
/// element are bitcasts of each other (element k is bit k, least significant first). XLA's
/// PRED is a byte and xhlo follows XLA, so these are rebuilt from integer ops: packing
/// shifts each bit to its place and ors along the last dimension, unpacking shifts right and
/// tests the low bit. Every other bitcast is xhlo's.
fn bitcast_convert(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    use super::types::{dims_of, element_of, i1, int, tensor, with_element};
    src.expect_operands(1)?;
    let x = src.operands[0].clone();
    let result = src.result()?.clone();
    let bits = |t: &mlir_text::ast::Type| -> Option<u32> {
        match element_of(t)? {
            mlir_text::ast::Type::Integer { width, .. } => Some(*width),
            mlir_text::ast::Type::Float(n) => n.trim_start_matches("bf").trim_start_matches('f').parse().ok(),
            mlir_text::ast::Type::Complex(_) => None,
            _ => None,
        }
    };
    let (from, to) = (bits(&x.ty), bits(&result));
    let is_pred = |w: Option<u32>, t: &mlir_text::ast::Type| w == Some(1) && element_of(t) == Some(&i1());
    let emit_iota = |cx: &mut Cx, ty: &mlir_text::ast::Type, dim: usize| {
        cx.emit1("xhlo.iota", &[], vec![("iota_dimension".into(), attrs::i64_attr(dim as i64))], ty.clone())
    };
    match (from, to) {
        (Some(1), Some(w)) if w > 1 && is_pred(from, &x.ty) => {
            let dims = dims_of(&x.ty).ok_or("operand must be a static tensor")?;
            let last = dims.len().checked_sub(1).ok_or("an i1 operand bitcast to a wider type needs a last dimension")?;
            if dims[last] != w as i64 {
                return Err(format!("the last dimension of the i1 operand is {} but the result element has {w} bits", dims[last]));
            }
            let uint = int(w, true);
            let wide = with_element(&x.ty, uint.clone());
            let values = cx.emit1("xhlo.convert", std::slice::from_ref(&x), vec![], wide.clone());
            let positions = emit_iota(cx, &wide, last);
            let placed = cx.emit1("xhlo.shift_left", &[values, positions], vec![], wide.clone());
            let scalar = tensor(&[], uint.clone());
            let zero_attr = vec![("value".to_string(), Attribute::Dense { body: "0".into(), ty: scalar.clone() })];
            let zero = cx.emit1("xhlo.constant", &[], zero_attr, scalar.clone());
            let body = cx.block(&[scalar.clone(), scalar.clone()], |cx, args| {
                vec![cx.emit1("xhlo.or", args, vec![], scalar.clone())]
            });
            let packed_ty = tensor(&dims[..last], uint.clone());
            let dims_attr = vec![("dimensions".to_string(), i64_array(&[last as i64]))];
            let packed = cx.emit("xhlo.reduce", &[placed, zero], dims_attr, vec![packed_ty.clone()], vec![body]).remove(0);
            if packed_ty == result {
                return Ok(vec![packed]);
            }
            Ok(vec![cx.emit1("xhlo.bitcast_convert", &[packed], vec![], result)])
        }
        (Some(w), Some(1)) if w > 1 && is_pred(to, &result) => {
            let dims = dims_of(&result).ok_or("result must be a static tensor")?;
            let last = dims.len().checked_sub(1).ok_or("an i1 result of a wider operand needs a last dimension")?;
            if dims[last] != w as i64 {
                return Err(format!("the last dimension of the i1 result is {} but the operand element has {w} bits", dims[last]));
            }
            let uint = int(w, true);
            let as_uint = if element_of(&x.ty) == Some(&uint) {
                x.clone()
            } else {
                cx.emit1("xhlo.bitcast_convert", std::slice::from_ref(&x), vec![], with_element(&x.ty, uint.clone()))
            };
            let wide = with_element(&result, uint.clone());
            let keep: Vec<i64> = (0..last as i64).collect();
            let spread = cx.emit1("xhlo.broadcast_in_dim", &[as_uint], vec![("broadcast_dimensions".into(), i64_array(&keep))], wide.clone());
            let positions = emit_iota(cx, &wide, last);
            let shifted = cx.emit1("xhlo.shift_right_logical", &[spread, positions], vec![], wide.clone());
            let one_attr = vec![("value".to_string(), Attribute::Dense { body: "1".into(), ty: wide.clone() })];
            let one = cx.emit1("xhlo.constant", &[], one_attr, wide.clone());
            let bit = cx.emit1("xhlo.and", &[shifted, one.clone()], vec![], wide.clone());
            let attrs = vec![
                ("comparison_direction".to_string(), Attribute::Str("EQ".into())),
                ("compare_type".to_string(), Attribute::Str("UNSIGNED".into())),
            ];
            Ok(vec![cx.emit1("xhlo.compare", &[bit, one], attrs, result)])
        }
        _ => rename(cx, src, "xhlo.bitcast_convert"),
    }
}

/// `collective_broadcast`, one op per operand. With `has_dynamic_root` the last operand
/// holds one root per data operand (its source's index in the group, known at run time):
/// data operand `i` becomes an op whose `root` operand is element `i` of it.
fn collective_broadcast(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    if src.op.attr("has_dynamic_root").is_none() {
        return split_variadic(cx, src, "xhlo.collective_broadcast");
    }
    let (roots, data) = src.operands.split_last().ok_or("collective_broadcast with has_dynamic_root needs a root operand")?;
    if data.len() != src.results.len() {
        return Err(format!("{} data operands but {} results", data.len(), src.results.len()));
    }
    match super::types::dims_of(&roots.ty) {
        Some(d) if d.len() == 1 && d[0] == data.len() as i64 => {}
        _ => return Err(format!("the root operand must be a tensor<{}xi32> (one root per data operand), got {}", data.len(), mlir_text::print::type_to_string(&roots.ty))),
    }
    let mut attrs = convert_attrs(src, "xhlo.collective_broadcast")?;
    attrs.retain(|(k, _)| k != "has_dynamic_root");
    let one = chlo::with_dims(&roots.ty, &[1]);
    let mut out = Vec::new();
    for (i, (x, ty)) in data.iter().zip(&src.results).enumerate() {
        let root = if data.len() == 1 {
            roots.clone()
        } else {
            let slice = vec![
                ("start_indices".to_string(), i64_array(&[i as i64])),
                ("limit_indices".to_string(), i64_array(&[i as i64 + 1])),
                ("strides".to_string(), i64_array(&[1])),
            ];
            cx.emit1("xhlo.slice", std::slice::from_ref(roots), slice, one.clone())
        };
        out.push(cx.emit1("xhlo.collective_broadcast", &[x.clone(), root], attrs.clone(), ty.clone()));
    }
    Ok(out)
}

/// `all_gather`, `all_to_all` and `collective_broadcast` with several operands (StableHLO's variadic form) are
/// independent collectives over the same groups, one per operand; xhlo's ops take one
/// operand, so the import emits one op per operand with the same attributes.
fn split_variadic(cx: &mut Cx, src: &Src, to: &str) -> Result<Vec<Val>, String> {
    if src.operands.len() == 1 {
        return rename(cx, src, to);
    }
    if src.operands.len() != src.results.len() {
        return Err(format!("{} operands but {} results", src.operands.len(), src.results.len()));
    }
    let attrs = convert_attrs(src, to)?;
    let mut out = Vec::new();
    for (x, ty) in src.operands.iter().zip(&src.results) {
        out.push(cx.emit1(to, std::slice::from_ref(x), attrs.clone(), ty.clone()));
    }
    Ok(out)
}

//! Custom forms of the StableHLO and CHLO ops that have regions or structured attributes, as
//! StableHLO's printers write them (`StablehloOps.td` assembly formats and the custom
//! printers in `StablehloOps.cpp`, `AssemblyFormat.cpp`, `ChloOps.cpp`):
//!
//! - `stablehlo.reduce`: `(%x init: %i), ... applies stablehlo.add across dimensions = [1]`
//!   (compact) or `... across dimensions = [1] : fn-type reducer(%a: t, %b: t) (...) {...}`.
//! - `stablehlo.while(%iterArg = %x, ...) : types [attributes {...}] cond {...} do {...}`.
//! - `stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1],
//!   precision = [DEFAULT, DEFAULT], algorithm = <...>`; `stablehlo.dot %a, %b, precision = [...]`.
//! - `stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
//!   window = {stride = [..], pad = [[..]], lhs_dilate = [..], rhs_dilate = [..], reverse = [..]}`.
//! - `stablehlo.custom_call @target(%a)`, `stablehlo.composite "name" %a`,
//!   `stablehlo.rng ..., distribution = UNIFORM`, `stablehlo.rng_bit_generator ..., algorithm =
//!   DEFAULT`, `stablehlo.fft ..., type = FFT, length = [..]`, `stablehlo.cholesky %a, lower =
//!   true`, `stablehlo.after_all`, `stablehlo.uniform_quantize`/`uniform_dequantize`,
//!   `stablehlo.einsum`/`unary_einsum`, `chlo.scan`, `chlo.top_k`.
//!
//! Ops that StableHLO prints only in the generic form (`if`, `case`, `map`, `sort`, `gather`,
//! `scatter`, `reduce_window`, `select_and_scatter`, the collectives, `send`/`recv`/`infeed`/
//! `outfeed`, `triangular_solve`, `batch_norm_*`, `dynamic_conv`, `dynamic_gather`,
//! `chlo.ragged_dot`) need nothing here: `"stablehlo.if"(...)` goes through the generic parser.
//!
//! Every parser fills the fields exactly as the generic form has them: inherent attributes
//! go to `op.properties` with the generic attribute kinds (`array<i64: ...>`,
//! `#stablehlo<precision DEFAULT>`, `#stablehlo.conv<...>`, `dense<...> : tensor<Nx2xi64>`),
//! and regions the compact forms leave implicit are built as MLIR's parser builds them.

use super::CustomParser;
use mlir_text::ast::*;
use mlir_text::error::{ParseError, Result};
use mlir_text::lexer::Tok;
use mlir_text::parser::Parser;

/// The custom-form parser for an op name, if this module has one.
pub fn parser_for(name: &str) -> Option<CustomParser> {
    Some(match name {
        "stablehlo.reduce" => reduce,
        "stablehlo.while" => while_op,
        "stablehlo.dot_general" => dot_general,
        "stablehlo.dot" => dot,
        "stablehlo.convolution" => convolution,
        "stablehlo.custom_call" => custom_call,
        "stablehlo.composite" => composite,
        "stablehlo.rng" => rng,
        "stablehlo.rng_bit_generator" => rng_bit_generator,
        "stablehlo.fft" => fft,
        "stablehlo.cholesky" => cholesky,
        "stablehlo.after_all" => after_all,
        "stablehlo.uniform_quantize" | "stablehlo.uniform_dequantize" => same_operands_and_result_type,
        "stablehlo.einsum" => einsum,
        "stablehlo.unary_einsum" => einsum,
        "chlo.scan" => scan,
        "chlo.top_k" => top_k,
        _ => return None,
    })
}

// ---- Attribute builders -----------------------------------------------------------------

fn i64_type() -> Type {
    Type::Integer { width: 64, signedness: "" }
}

/// `array<i64: ...>`.
fn dense_i64(values: &[i64]) -> Attribute {
    Attribute::DenseArray(i64_type(), values.iter().map(|v| v.to_string()).collect())
}

/// `array<i32: ...>`.
fn dense_i32(values: &[i64]) -> Attribute {
    Attribute::DenseArray(Type::Integer { width: 32, signedness: "" }, values.iter().map(|v| v.to_string()).collect())
}

/// `n : i64`.
fn i64_attr(v: i64) -> Attribute {
    Attribute::Int(v.to_string(), i64_type())
}

/// `#stablehlo<kind VALUE>`.
fn enum_attr(kind: &str, value: &str) -> Attribute {
    Attribute::Dialect { name: "stablehlo".into(), body: format!("{kind} {value}") }
}

fn join(values: &[i64]) -> String {
    values.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")
}

// ---- Shared pieces ----------------------------------------------------------------------

/// The attributes each op declares (its properties in generic form); any other attribute in
/// an attribute dictionary stays a discardable attribute.
fn inherent(op: &str) -> &'static [&'static str] {
    match op {
        "stablehlo.reduce" => &["dimensions"],
        "stablehlo.dot_general" => &["dot_dimension_numbers", "precision_config", "algorithm"],
        "stablehlo.dot" => &["precision_config"],
        "stablehlo.convolution" => &[
            "window_strides",
            "padding",
            "lhs_dilation",
            "rhs_dilation",
            "window_reversal",
            "dimension_numbers",
            "feature_group_count",
            "batch_group_count",
            "precision_config",
        ],
        "stablehlo.custom_call" => &[
            "call_target_name",
            "has_side_effect",
            "backend_config",
            "api_version",
            "called_computations",
            "operand_layouts",
            "result_layouts",
            "output_operand_aliases",
            "result_tilings",
        ],
        "stablehlo.composite" => &["name", "composite_attributes", "decomposition", "version"],
        "stablehlo.rng" => &["rng_distribution"],
        "stablehlo.rng_bit_generator" => &["rng_algorithm"],
        "stablehlo.fft" => &["fft_type", "fft_length"],
        "stablehlo.cholesky" => &["lower"],
        "stablehlo.einsum" | "stablehlo.unary_einsum" => &["einsum_config"],
        "chlo.scan" => &["dimension", "scan_dim_size", "is_reverse", "is_associative", "operandSegmentSizes", "resultSegmentSizes"],
        "chlo.top_k" => &["k", "is_stable"],
        _ => &[],
    }
}

/// Files attribute-dictionary entries: inherent ones as properties, the rest as attributes.
fn add_attrs(op: &mut Op, entries: Vec<(String, Attribute)>) {
    let names = inherent(&op.name);
    for (k, v) in entries {
        if names.contains(&k.as_str()) {
            op.properties.push((k, v));
        } else {
            op.attrs.push((k, v));
        }
    }
}

/// An optional `{...}` attribute dictionary.
fn opt_attr_dict(p: &mut Parser, op: &mut Op) -> Result<()> {
    let entries = p.parse_optional_attr_dict()?;
    add_attrs(op, entries);
    Ok(())
}

/// `: (inputs) -> results`.
fn colon_function_type(p: &mut Parser, op: &mut Op) -> Result<()> {
    p.expect(":")?;
    p.set_function_signature(op)
}

/// `custom<SameOperandsAndResultType>`: `: type` (every operand and the result have it) or
/// `: (inputs) -> result`.
fn same_type_or_function(p: &mut Parser, op: &mut Op) -> Result<()> {
    p.expect(":")?;
    let pos = p.pos();
    match p.parse_type()? {
        Type::Function { inputs, results } => {
            if inputs.len() != op.operands.len() {
                return Err(ParseError::new(
                    pos,
                    format!("{} operands present, but the function type has {} inputs", op.operands.len(), inputs.len()),
                ));
            }
            if results.len() != 1 {
                return Err(ParseError::new(pos, "expected a single result type"));
            }
            op.operand_types = inputs;
            op.result_types = results;
        }
        t => {
            op.operand_types = vec![t.clone(); op.operands.len()];
            op.result_types = vec![t];
        }
    }
    Ok(())
}

/// `keyword =`.
fn keyword_eq(p: &mut Parser, keyword: &str) -> Result<()> {
    p.expect_keyword(keyword)?;
    p.expect("=")
}

/// A bare enum keyword out of `allowed`, as `DEFAULT` in `precision = [DEFAULT]`.
fn enum_keyword(p: &mut Parser, what: &str, allowed: &[&str]) -> Result<String> {
    match p.peek().clone() {
        Tok::Ident(s) if allowed.contains(&s.as_str()) => {
            p.bump();
            Ok(s)
        }
        _ => Err(p.expected(&format!("{what} ({})", allowed.join(", ")))),
    }
}

const PRECISIONS: &[&str] = &["DEFAULT", "HIGH", "HIGHEST"];

/// `precision = [DEFAULT, HIGH]` as `precision_config = [#stablehlo<precision DEFAULT>, ...]`.
fn precision_list(p: &mut Parser) -> Result<Attribute> {
    keyword_eq(p, "precision")?;
    p.expect("[")?;
    let items = p.parse_comma_list("]", |p| {
        let v = enum_keyword(p, "a precision", PRECISIONS)?;
        Ok(enum_attr("precision", &v))
    })?;
    p.expect("]")?;
    Ok(Attribute::Array(items))
}

/// An operand name that no source text can use, for values the compact forms leave implicit.
fn synthetic(op: &Op, what: &str) -> ValueRef {
    let short = op.name.rsplit('.').next().unwrap_or("op");
    ValueRef(format!("_{short}_{}_{}_{what}", op.pos.line, op.pos.col))
}

/// `%name: type loc(...)?`.
fn typed_arg(p: &mut Parser) -> Result<(ValueRef, Type)> {
    let v = p.parse_operand()?;
    p.expect(":")?;
    let t = p.parse_type()?;
    p.skip_location()?;
    Ok((v, t))
}

fn element_type(t: &Type) -> Type {
    match t {
        Type::Tensor { element, .. } | Type::UnrankedTensor(element) => (**element).clone(),
        other => other.clone(),
    }
}

// ---- reduce -----------------------------------------------------------------------------

/// `stablehlo.reduce(%x init: %i), (%y init: %j) applies stablehlo.add across dimensions =
/// [1] {attrs} : fn-type` or `... across dimensions = [1] {attrs} : fn-type reducer(%a: t, %c:
/// t) (%b: u, %d: u) { body }`.
fn reduce(p: &mut Parser, mut op: Op) -> Result<Op> {
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    loop {
        p.expect("(")?;
        inputs.push(p.parse_operand()?);
        p.expect_keyword("init")?;
        p.expect(":")?;
        inits.push(p.parse_operand()?);
        p.expect(")")?;
        if !p.eat(",") {
            break;
        }
    }
    op.operands = inputs.into_iter().chain(inits).collect();

    // The compact form names the single binary op of the body.
    let inner = if p.eat_keyword("applies") {
        let pos = p.pos();
        let name = match p.bump() {
            Tok::Ident(s) | Tok::Str(s) => s,
            other => return Err(ParseError::new(pos, format!("expected the reduction op name, such as stablehlo.add, found {other}"))),
        };
        if !name.contains('.') {
            return Err(ParseError::new(pos, format!("expected a dialect-qualified op name such as stablehlo.add, found '{name}'")));
        }
        Some((name, pos))
    } else {
        None
    };

    p.expect_keyword("across")?;
    keyword_eq(p, "dimensions")?;
    let dims = p.parse_i64_list()?;
    op.properties.push(("dimensions".into(), dense_i64(&dims)));
    opt_attr_dict(p, &mut op)?;
    let sig_pos = p.pos();
    colon_function_type(p, &mut op)?;
    if op.operand_types.len() != op.operands.len() {
        return Err(ParseError::new(
            sig_pos,
            format!("the function type has {} inputs for {} operands", op.operand_types.len(), op.operands.len()),
        ));
    }

    let region = match inner {
        Some((name, pos)) => {
            // As MLIR's parser builds it: ^bb0(%lhs: tensor<elem>, %rhs: tensor<elem>):
            //   %r = "<inner>"(%lhs, %rhs); "<dialect>.return"(%r)
            let Some(first) = op.operand_types.first() else {
                return Err(ParseError::new(sig_pos, "input types missing in the reduce function type"));
            };
            let scalar = Type::Tensor { dims: vec![], element: Box::new(element_type(first)), encoding: None };
            let (lhs, rhs, res) = (synthetic(&op, "lhs"), synthetic(&op, "rhs"), synthetic(&op, "res"));
            let mut body = Op::new(name.clone(), pos);
            body.results = vec![(res.0.clone(), 1)];
            body.operands = vec![lhs.clone(), rhs.clone()];
            body.operand_types = vec![scalar.clone(), scalar.clone()];
            body.result_types = vec![scalar.clone()];
            let dialect = name.split('.').next().unwrap_or("stablehlo");
            let mut ret = Op::new(format!("{dialect}.return"), pos);
            ret.operands = vec![res];
            ret.operand_types = vec![scalar.clone()];
            Region { blocks: vec![Block { label: None, args: vec![(lhs, scalar.clone()), (rhs, scalar)], ops: vec![body, ret] }] }
        }
        None => {
            p.expect_keyword("reducer")?;
            let mut elems = Vec::new();
            let mut accs = Vec::new();
            while p.eat("(") {
                elems.push(typed_arg(p)?);
                p.expect(",")?;
                accs.push(typed_arg(p)?);
                p.expect(")")?;
            }
            if elems.is_empty() {
                return Err(p.expected("'(' and the reducer's block arguments"));
            }
            p.parse_region_with_args(elems.into_iter().chain(accs).collect())?
        }
    };
    op.regions.push(region);
    Ok(op)
}

// ---- while ------------------------------------------------------------------------------

/// `stablehlo.while(%iterArg = %x, ...) : t, ... attributes {...} cond { ... } do { ... }`.
fn while_op(p: &mut Parser, mut op: Op) -> Result<Op> {
    p.expect("(")?;
    let mut iter_args = Vec::new();
    let pairs = p.parse_comma_list(")", |p| {
        let arg = p.parse_operand()?;
        p.expect("=")?;
        let init = p.parse_operand()?;
        Ok((arg, init))
    })?;
    p.expect(")")?;
    for (arg, init) in pairs {
        iter_args.push(arg);
        op.operands.push(init);
    }
    if !op.operands.is_empty() {
        p.expect(":")?;
        let pos = p.pos();
        let types = p.parse_type_list()?;
        if types.len() != op.operands.len() {
            return Err(ParseError::new(pos, format!("expected {} type(s), one per operand, found {}", op.operands.len(), types.len())));
        }
        op.operand_types = types.clone();
        op.result_types = types;
    }
    let entries = p.parse_optional_attr_dict_with_keyword()?;
    add_attrs(&mut op, entries);
    let args: Vec<(ValueRef, Type)> = iter_args.into_iter().zip(op.operand_types.iter().cloned()).collect();
    p.expect_keyword("cond")?;
    op.regions.push(p.parse_region_with_args(args.clone())?);
    p.expect_keyword("do")?;
    op.regions.push(p.parse_region_with_args(args)?);
    Ok(op)
}

// ---- dot, dot_general -------------------------------------------------------------------

/// `[1, 2] x [3, 4]`.
fn lhs_rhs_dims(p: &mut Parser) -> Result<(Vec<i64>, Vec<i64>)> {
    let lhs = p.parse_i64_list()?;
    p.expect_keyword("x")?;
    let rhs = p.parse_i64_list()?;
    Ok((lhs, rhs))
}

/// `%a, %b, [batching_dims = [..] x [..],] contracting_dims = [..] x [..][, precision = [..]]
/// [, algorithm = <...>] {attrs} : fn-type`.
fn dot_general(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands.push(p.parse_operand()?);
    p.expect(",")?;
    op.operands.push(p.parse_operand()?);
    p.expect(",")?;
    let (mut lb, mut rb) = (vec![], vec![]);
    if p.eat_keyword("batching_dims") {
        p.expect("=")?;
        (lb, rb) = lhs_rhs_dims(p)?;
        p.expect(",")?;
    }
    keyword_eq(p, "contracting_dims")?;
    let (lc, rc) = lhs_rhs_dims(p)?;
    let mut fields = Vec::new();
    for (name, dims) in [
        ("lhs_batching_dimensions", &lb),
        ("rhs_batching_dimensions", &rb),
        ("lhs_contracting_dimensions", &lc),
        ("rhs_contracting_dimensions", &rc),
    ] {
        if !dims.is_empty() {
            fields.push(format!("{name} = [{}]", join(dims)));
        }
    }
    op.properties.push(("dot_dimension_numbers".into(), Attribute::Dialect { name: "stablehlo.dot".into(), body: fields.join(", ") }));
    if p.eat(",") {
        if !p.is_keyword("algorithm") {
            op.properties.push(("precision_config".into(), precision_list(p)?));
            if p.eat(",") {
                algorithm(p, &mut op)?;
            }
        } else {
            algorithm(p, &mut op)?;
        }
    }
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

/// `algorithm = <lhs_precision_type = tf32, ...>` as `#stablehlo.dot_algorithm<...>`.
fn algorithm(p: &mut Parser, op: &mut Op) -> Result<()> {
    keyword_eq(p, "algorithm")?;
    p.expect("<")?;
    let body = p.canonical_until_close_angle()?;
    op.properties.push(("algorithm".into(), Attribute::Dialect { name: "stablehlo.dot_algorithm".into(), body }));
    Ok(())
}

/// `%a, %b[, precision = [..]] {attrs} : fn-type`.
fn dot(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands.push(p.parse_operand()?);
    p.expect(",")?;
    op.operands.push(p.parse_operand()?);
    if p.eat(",") {
        op.properties.push(("precision_config".into(), precision_list(p)?));
    }
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

// ---- convolution ------------------------------------------------------------------------

/// One `[b, 0, 1, f]` group: each entry a spatial index or one of the `letters`, each letter
/// exactly once and the spatial indices a permutation of 0..n. Returns the canonical text.
fn conv_dims_group(p: &mut Parser, letters: [&str; 2]) -> Result<String> {
    let open = p.pos();
    p.expect("[")?;
    let mut items = Vec::new();
    let mut seen_letters = [false, false];
    let mut spatial = Vec::new();
    loop {
        let pos = p.pos();
        match p.peek().clone() {
            Tok::Int(_) => {
                let d = p.parse_integer()?;
                if spatial.contains(&d) {
                    return Err(ParseError::new(pos, format!("duplicate entries for spatial dimension {d}")));
                }
                spatial.push(d);
                items.push(d.to_string());
            }
            Tok::Ident(s) if letters.contains(&s.as_str()) => {
                let k = letters.iter().position(|l| *l == s).unwrap_or(0);
                if seen_letters[k] {
                    return Err(ParseError::new(pos, format!("dimension '{s}' given twice")));
                }
                seen_letters[k] = true;
                p.bump();
                items.push(s);
            }
            _ => return Err(p.expected(&format!("a spatial dimension number or one of '{}', '{}'", letters[0], letters[1]))),
        }
        if !p.eat(",") {
            break;
        }
    }
    p.expect("]")?;
    if let Some(k) = seen_letters.iter().position(|s| !s) {
        return Err(ParseError::new(open, format!("expected dimension '{}' in this group", letters[k])));
    }
    let mut sorted = spatial.clone();
    sorted.sort();
    if sorted.iter().enumerate().any(|(i, d)| *d != i as i64) {
        return Err(ParseError::new(open, "spatial dimensions must be 0, 1, ... without gaps"));
    }
    Ok(format!("[{}]", items.join(", ")))
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` as `#stablehlo.conv<...>`.
fn conv_dimension_numbers(p: &mut Parser) -> Result<Attribute> {
    let input = conv_dims_group(p, ["b", "f"])?;
    p.expect_keyword("x")?;
    let kernel = conv_dims_group(p, ["i", "o"])?;
    p.expect("->")?;
    let output = conv_dims_group(p, ["b", "f"])?;
    Ok(Attribute::Dialect { name: "stablehlo.conv".into(), body: format!("{input}x{kernel}->{output}") })
}

/// `true`, `false`, `0` or `1`.
fn bool_item(p: &mut Parser) -> Result<bool> {
    match p.peek().clone() {
        Tok::Ident(s) if s == "true" || s == "false" => {
            p.bump();
            Ok(s == "true")
        }
        Tok::Int(_) | Tok::Punct("-") => Ok(p.parse_integer()? != 0),
        _ => Err(p.expected("true or false")),
    }
}

/// The `{stride = [..], pad = [[..], ..], lhs_dilate = [..], rhs_dilate = [..], reverse =
/// [..]}` window (braces included); each entry is optional.
fn window_attributes(p: &mut Parser, op: &mut Op) -> Result<()> {
    p.expect("{")?;
    let mut seen: Vec<String> = Vec::new();
    while !p.is_punct("}") {
        let pos = p.pos();
        let key = p.parse_ident()?;
        if seen.contains(&key) {
            return Err(ParseError::new(pos, format!("window attribute '{key}' given twice")));
        }
        p.expect("=")?;
        let (name, value) = match key.as_str() {
            "stride" => ("window_strides", dense_i64(&p.parse_i64_list()?)),
            "lhs_dilate" => ("lhs_dilation", dense_i64(&p.parse_i64_list()?)),
            "rhs_dilate" => ("rhs_dilation", dense_i64(&p.parse_i64_list()?)),
            "reverse" => {
                p.expect("[")?;
                let items = p.parse_comma_list("]", bool_item)?;
                p.expect("]")?;
                let text = items.iter().map(|b| b.to_string()).collect();
                ("window_reversal", Attribute::DenseArray(Type::Integer { width: 1, signedness: "" }, text))
            }
            "pad" => {
                p.expect("[")?;
                let pairs = p.parse_comma_list("]", |p| {
                    let pos = p.pos();
                    let pair = p.parse_i64_list()?;
                    if pair.len() != 2 {
                        return Err(ParseError::new(pos, format!("expected a [low, high] pair, found {} elements", pair.len())));
                    }
                    Ok((pair[0], pair[1]))
                })?;
                p.expect("]")?;
                ("padding", padding_attr(&pairs))
            }
            _ => {
                return Err(ParseError::new(
                    pos,
                    format!("unexpected window attribute '{key}'; expected stride, pad, lhs_dilate, rhs_dilate or reverse"),
                ))
            }
        };
        seen.push(key);
        op.properties.push((name.into(), value));
        if !p.eat(",") {
            break;
        }
    }
    p.expect("}")
}

/// `dense<...> : tensor<Nx2xi64>` as MLIR prints it (a splat when all values are equal).
fn padding_attr(pairs: &[(i64, i64)]) -> Attribute {
    let values: Vec<i64> = pairs.iter().flat_map(|(a, b)| [*a, *b]).collect();
    let body = if values.is_empty() {
        String::new()
    } else if values.iter().all(|v| *v == values[0]) {
        values[0].to_string()
    } else {
        let rows: Vec<String> = pairs.iter().map(|(a, b)| format!("[{a}, {b}]")).collect();
        format!("[{}]", rows.join(", "))
    };
    let ty = Type::Tensor { dims: vec![Some(pairs.len() as i64), Some(2)], element: Box::new(i64_type()), encoding: None };
    Attribute::Dense { body, ty }
}

/// `(%a, %b) dim_numbers = ..., window = {...} {attrs} : fn-type`.
fn convolution(p: &mut Parser, mut op: Op) -> Result<Op> {
    p.expect("(")?;
    op.operands = p.parse_comma_list(")", |p| p.parse_operand())?;
    p.expect(")")?;
    keyword_eq(p, "dim_numbers")?;
    let dims = conv_dimension_numbers(p)?;
    op.properties.push(("dimension_numbers".into(), dims));
    p.expect(",")?;
    keyword_eq(p, "window")?;
    window_attributes(p, &mut op)?;
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

// ---- custom_call, composite -------------------------------------------------------------

/// `@target(%a, ...) {attrs} : fn-type`.
fn custom_call(p: &mut Parser, mut op: Op) -> Result<Op> {
    let target = match p.peek().clone() {
        Tok::Symbol(s) | Tok::Str(s) => {
            p.bump();
            s
        }
        _ => return Err(p.expected("the call target, such as @my_target")),
    };
    op.properties.push(("call_target_name".into(), Attribute::Str(target)));
    p.expect("(")?;
    op.operands = p.parse_comma_list(")", |p| p.parse_operand())?;
    p.expect(")")?;
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

/// `"name" %a, ... [({regions})] {attrs} : fn-type`.
fn composite(p: &mut Parser, mut op: Op) -> Result<Op> {
    let name = match p.peek().clone() {
        Tok::Str(s) => {
            p.bump();
            s
        }
        _ => return Err(p.expected("the composite name as a string, such as \"my.op\"")),
    };
    op.properties.push(("name".into(), Attribute::Str(name)));
    op.operands = p.parse_operand_list()?;
    if p.is_punct("(") && matches!(p.peek_at(1), Tok::Punct("{")) {
        p.bump();
        op.regions = p.parse_comma_list(")", |p| p.parse_region())?;
        p.expect(")")?;
    }
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

// ---- rng, rng_bit_generator, fft, cholesky, einsum ------------------------------------------

/// `%a, %b, %shape, distribution = UNIFORM {attrs} : fn-type`.
fn rng(p: &mut Parser, mut op: Op) -> Result<Op> {
    for i in 0..3 {
        if i > 0 {
            p.expect(",")?;
        }
        op.operands.push(p.parse_operand()?);
    }
    p.expect(",")?;
    keyword_eq(p, "distribution")?;
    let d = enum_keyword(p, "a distribution", &["UNIFORM", "NORMAL"])?;
    op.properties.push(("rng_distribution".into(), enum_attr("rng_distribution", &d)));
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

/// `%state, algorithm = DEFAULT {attrs} : fn-type`.
fn rng_bit_generator(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands.push(p.parse_operand()?);
    p.expect(",")?;
    keyword_eq(p, "algorithm")?;
    let a = enum_keyword(p, "an rng algorithm", &["DEFAULT", "THREE_FRY", "PHILOX"])?;
    op.properties.push(("rng_algorithm".into(), enum_attr("rng_algorithm", &a)));
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

/// `%x, type = FFT, length = [..] {attrs} : fn-type`.
fn fft(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands.push(p.parse_operand()?);
    p.expect(",")?;
    keyword_eq(p, "type")?;
    let t = enum_keyword(p, "an FFT type", &["FFT", "IFFT", "RFFT", "IRFFT"])?;
    op.properties.push(("fft_type".into(), enum_attr("fft_type", &t)));
    p.expect(",")?;
    keyword_eq(p, "length")?;
    let len = p.parse_i64_list()?;
    op.properties.push(("fft_length".into(), dense_i64(&len)));
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

/// `%a[, lower = true] {attrs} : type`.
fn cholesky(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands.push(p.parse_operand()?);
    if p.eat(",") {
        keyword_eq(p, "lower")?;
        let lower = match p.peek().clone() {
            Tok::Ident(s) if s == "true" || s == "false" => {
                p.bump();
                s == "true"
            }
            _ => return Err(p.expected("true or false")),
        };
        op.properties.push(("lower".into(), Attribute::Bool(lower)));
    }
    opt_attr_dict(p, &mut op)?;
    same_type_or_function(p, &mut op)?;
    Ok(op)
}

/// `%a, %b, config = "ab,bc->ac" {attrs} : fn-type` (`unary_einsum` has one operand).
fn einsum(p: &mut Parser, mut op: Op) -> Result<Op> {
    let count = if op.name == "stablehlo.einsum" { 2 } else { 1 };
    for _ in 0..count {
        op.operands.push(p.parse_operand()?);
        p.expect(",")?;
    }
    keyword_eq(p, "config")?;
    let config = match p.peek().clone() {
        Tok::Str(s) => {
            p.bump();
            s
        }
        _ => return Err(p.expected("the einsum configuration string")),
    };
    op.properties.push(("einsum_config".into(), Attribute::Str(config)));
    opt_attr_dict(p, &mut op)?;
    colon_function_type(p, &mut op)?;
    Ok(op)
}

// ---- after_all, uniform_quantize ----------------------------------------------------------

/// `%a, %b {attrs} : !stablehlo.token` (also no operands).
fn after_all(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands = p.parse_operand_list()?;
    opt_attr_dict(p, &mut op)?;
    same_type_or_function(p, &mut op)?;
    Ok(op)
}

/// `%a {attrs} : type` or `%a {attrs} : (t) -> u`.
fn same_operands_and_result_type(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands.push(p.parse_operand()?);
    opt_attr_dict(p, &mut op)?;
    same_type_or_function(p, &mut op)?;
    Ok(op)
}

// ---- chlo ---------------------------------------------------------------------------------

/// `(%in, ...) inits (%c, ...) dimension=0 [attributes {...}] { ^bb0(...): ... } : fn-type`.
fn scan(p: &mut Parser, mut op: Op) -> Result<Op> {
    p.expect("(")?;
    let inputs = p.parse_comma_list(")", |p| p.parse_operand())?;
    p.expect(")")?;
    p.expect_keyword("inits")?;
    p.expect("(")?;
    let inits = p.parse_comma_list(")", |p| p.parse_operand())?;
    p.expect(")")?;
    keyword_eq(p, "dimension")?;
    let dim = p.parse_integer()?;
    let entries = p.parse_optional_attr_dict_with_keyword()?;
    add_attrs(&mut op, entries);
    op.regions.push(p.parse_region()?);
    let sig_pos = p.pos();
    colon_function_type(p, &mut op)?;
    let (n_in, n_carry) = (inputs.len(), inits.len());
    if op.operand_types.len() != n_in + n_carry {
        return Err(ParseError::new(sig_pos, "operand types must match the number of inputs and inits"));
    }
    if op.result_types.len() < n_carry {
        return Err(ParseError::new(sig_pos, "not enough result types to cover the required carries"));
    }
    let n_out = op.result_types.len() - n_carry;
    op.operands = inputs.into_iter().chain(inits).collect();
    op.properties.push(("dimension".into(), i64_attr(dim)));
    op.properties.push(("operandSegmentSizes".into(), dense_i32(&[n_in as i64, n_carry as i64])));
    op.properties.push(("resultSegmentSizes".into(), dense_i32(&[n_out as i64, n_carry as i64])));
    Ok(op)
}

/// `(%x, k = 2[, is_stable = true]) {attrs} : tensor<..> -> (tensor<..>, tensor<..>)`.
fn top_k(p: &mut Parser, mut op: Op) -> Result<Op> {
    p.expect("(")?;
    op.operands.push(p.parse_operand()?);
    p.expect(",")?;
    keyword_eq(p, "k")?;
    let k = p.parse_integer()?;
    op.properties.push(("k".into(), i64_attr(k)));
    if p.eat(",") {
        keyword_eq(p, "is_stable")?;
        let stable = bool_item(p)?;
        op.properties.push(("is_stable".into(), Attribute::Bool(stable)));
    }
    p.expect(")")?;
    opt_attr_dict(p, &mut op)?;
    p.expect(":")?;
    op.operand_types = vec![p.parse_type()?];
    p.expect("->")?;
    p.expect("(")?;
    op.result_types = p.parse_comma_list(")", |p| p.parse_type())?;
    p.expect(")")?;
    Ok(op)
}

#[cfg(test)]
mod tests {
    use mlir_text::ast::*;
    use crate::parse_file;
    use std::collections::HashMap;

    /// Each chunk in the custom forms as StableHLO prints them (ops outside this module
    /// written generically), and below the same chunks as jaxlib re-printed them generically.
    const PRETTY: &str = r#"func.func @reduce_compact(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [1] {xla.sharding = "foo"} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}
// -----
func.func @reduce_variadic(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0:2 = stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
    %3 = "stablehlo.add"(%arg4, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %4 = "stablehlo.add"(%arg5, %arg7) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%3, %4) : (tensor<f32>, tensor<i32>) -> ()
  }
  "func.return"(%0#0, %0#1) : (tensor<4xf32>, tensor<4xi32>) -> ()
}
// -----
func.func @while(%arg0: tensor<i64>, %arg1: tensor<4xf32>) -> tensor<i64> {
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i64>, tensor<4xf32> attributes {mhlo.frontend_attributes = {a = "b"}}
  cond {
    %1 = "stablehlo.compare"(%iterArg, %iterArg) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "stablehlo.return"(%1) : (tensor<i1>) -> ()
  } do {
    "stablehlo.return"(%iterArg, %iterArg_0) : (tensor<i64>, tensor<4xf32>) -> ()
  }
  stablehlo.while()
  cond {
    %c = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
    "stablehlo.return"(%c) : (tensor<i1>) -> ()
  } do {
    "stablehlo.return"() : () -> ()
  }
  "func.return"(%0#0) : (tensor<i64>) -> ()
}
// -----
func.func @dots(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<4x5xf32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGHEST, HIGH] {mhlo.x = 1 : i32} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = stablehlo.dot %arg2, %arg3 : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %3 = stablehlo.dot %arg2, %arg3, precision = [DEFAULT, HIGHEST] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %4 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %5 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %6 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  "func.return"() : () -> ()
}
// -----
func.func @conv(%arg0: tensor<1x8x8x4xf32>, %arg1: tensor<3x3x4x8xf32>) {
  %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [[1, 2], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 1], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x7x4x8xf32>
  %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  %2 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0], [0, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
  %3 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 1, 0, f]x[1, 0, i, o]->[f, b, 1, 0], window = {stride = [2, 2], pad = [[-1, 0], [2, 3]], rhs_dilate = [1, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<8x1x5x3xf32>
  "func.return"() : () -> ()
}
// -----
func.func @misc(%arg0: tensor<4xf32>, %arg1: !stablehlo.token, %arg2: tensor<2xui64>, %arg3: tensor<4x4xf32>, %arg4: tensor<4xcomplex<f32>>, %arg5: tensor<f32>, %arg6: tensor<1xi64>) {
  %0 = stablehlo.custom_call @foo(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %1:2 = stablehlo.custom_call @bar.baz(%arg0, %arg0) {api_version = 4 : i32, backend_config = {x = 1 : i64}, called_computations = [@misc], has_side_effect = true, mhlo.sharding = "{replicated}", operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>]} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %2 = stablehlo.custom_call @"with space"(%arg0) {api_version = 2 : i32, backend_config = "opaque\00"} : (tensor<4xf32>) -> tensor<4xf32>
  stablehlo.custom_call @noresult() {has_side_effect = true} : () -> ()
  %3 = stablehlo.composite "my.op" %arg0, %arg0 {composite_attributes = {k = 2 : i64}, decomposition = @two, version = 3 : i32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %4 = stablehlo.composite "my.op2" %arg0 {decomposition = @one} : (tensor<4xf32>) -> tensor<4xf32>
  %5 = stablehlo.rng %arg5, %arg5, %arg6, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  %output_state, %output = stablehlo.rng_bit_generator %arg2, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %6 = stablehlo.fft %arg4, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %7 = stablehlo.cholesky %arg3, lower = true : tensor<4x4xf32>
  %8 = stablehlo.cholesky %arg3 : tensor<4x4xf32>
  %9 = stablehlo.after_all %arg1, %arg1 : !stablehlo.token
  %10 = stablehlo.after_all  : !stablehlo.token
  %11 = stablehlo.einsum %arg3, %arg3, config = "ab,bc->ac" : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %12 = stablehlo.unary_einsum %arg3, config = "ab->a" : (tensor<4x4xf32>) -> tensor<4xf32>
  %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  %14 = stablehlo.fft %arg0, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  %15 = stablehlo.rng %arg5, %arg5, %arg6, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  %17 = stablehlo.after_all %arg1 : !stablehlo.token
  %18 = stablehlo.custom_call @foo(%arg0) {backend_config = ""} : (tensor<4xf32>) -> tensor<4xf32>
  %19:2 = stablehlo.rng_bit_generator %arg2, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %20 = stablehlo.composite "my.op3" %arg0 {composite_attributes = {}, decomposition = @one} : (tensor<4xf32>) -> tensor<4xf32>
  "func.return"() : () -> ()
}
func.func private @one(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  "func.return"(%arg0) : (tensor<4xf32>) -> ()
}
func.func private @two(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
  "func.return"(%arg0) : (tensor<4xf32>) -> ()
}
// -----
func.func @scan(%arg0: tensor<4xi32>, %arg1: tensor<i32>) -> () {
  %0:2 = chlo.scan(%arg0) inits (%arg1) dimension=0  attributes {is_reverse = true} {
  ^bb0(%input: tensor<i32>, %carry: tensor<i32>):
    %1 = "stablehlo.add"(%input, %carry) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "stablehlo.return"(%1, %1) : (tensor<i32>, tensor<i32>) -> ()
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  %2:2 = chlo.scan(%arg0) inits(%arg1) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    "stablehlo.return"(%a, %b) : (tensor<i32>, tensor<i32>) -> ()
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  "func.return"() : () -> ()
}
"#;

    /// `PRETTY` parsed and re-printed in generic form by jaxlib 0.10.2 (StableHLO 1.17).
    const GENERIC: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>, sym_name = "reduce_compact"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>):
    %0 = "stablehlo.reduce"(%arg0, %arg1) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %3 = "stablehlo.maximum"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%3) : (tensor<f32>) -> ()
    }) {xla.sharding = "foo"} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %1 = "stablehlo.reduce"(%0, %arg1) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%2) : (tensor<f32>) -> ()
    }) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>), sym_name = "reduce_variadic"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xi32>, %arg2: tensor<f32>, %arg3: tensor<i32>):
    %0:2 = "stablehlo.reduce"(%arg0, %arg1, %arg2, %arg3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<i32>, %arg6: tensor<f32>, %arg7: tensor<i32>):
      %1 = "stablehlo.add"(%arg4, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      %2 = "stablehlo.add"(%arg5, %arg7) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%1, %2) : (tensor<f32>, tensor<i32>) -> ()
    }) : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
    "func.return"(%0#0, %0#1) : (tensor<4xf32>, tensor<4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i64>, tensor<4xf32>) -> tensor<i64>, sym_name = "while"}> ({
  ^bb0(%arg0: tensor<i64>, %arg1: tensor<4xf32>):
    %0:2 = "stablehlo.while"(%arg0, %arg1) ({
    ^bb0(%arg4: tensor<i64>, %arg5: tensor<4xf32>):
      %2 = "stablehlo.compare"(%arg4, %arg4) <{comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%2) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg2: tensor<i64>, %arg3: tensor<4xf32>):
      "stablehlo.return"(%arg2, %arg3) : (tensor<i64>, tensor<4xf32>) -> ()
    }) {mhlo.frontend_attributes = {a = "b"}} : (tensor<i64>, tensor<4xf32>) -> (tensor<i64>, tensor<4xf32>)
    "stablehlo.while"() ({
      %1 = "stablehlo.constant"() <{value = dense<false> : tensor<i1>}> : () -> tensor<i1>
      "stablehlo.return"(%1) : (tensor<i1>) -> ()
    }, {
      "stablehlo.return"() : () -> ()
    }) : () -> ()
    "func.return"(%0#0) : (tensor<i64>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>, tensor<2x4x5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> (), sym_name = "dots"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<3x4xf32>, %arg3: tensor<4x5xf32>):
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>, dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    %1 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGH>]}> {mhlo.x = 1 : i32} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    %2 = "stablehlo.dot"(%arg2, %arg3) : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    %3 = "stablehlo.dot"(%arg2, %arg3) <{precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    %4 = "stablehlo.dot_general"(%arg2, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    %5 = "stablehlo.dot_general"(%arg2, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = []}> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    %6 = "stablehlo.dot_general"(%arg0, %arg1) <{algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>, dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> (), sym_name = "conv"}> ({
  ^bb0(%arg0: tensor<1x8x8x4xf32>, %arg1: tensor<3x3x4x8xf32>):
    %0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[1, 2], [1, 1]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 2, 1>, window_reversal = array<i1: true, false>, window_strides = array<i64: 1, 2>}> : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x7x4x8xf32>
    %1 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
    %2 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
    %3 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 1, 0, f]x[1, 0, i, o]->[f, b, 1, 0]>, feature_group_count = 1 : i64, padding = dense<[[-1, 0], [2, 3]]> : tensor<2x2xi64>, rhs_dilation = array<i64: 1, 2>, window_strides = array<i64: 2, 2>}> : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<8x1x5x3xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, !stablehlo.token, tensor<2xui64>, tensor<4x4xf32>, tensor<4xcomplex<f32>>, tensor<f32>, tensor<1xi64>) -> (), sym_name = "misc"}> ({
  ^bb0(%arg3: tensor<4xf32>, %arg4: !stablehlo.token, %arg5: tensor<2xui64>, %arg6: tensor<4x4xf32>, %arg7: tensor<4xcomplex<f32>>, %arg8: tensor<f32>, %arg9: tensor<1xi64>):
    %0 = "stablehlo.custom_call"(%arg3) <{call_target_name = "foo"}> : (tensor<4xf32>) -> tensor<4xf32>
    %1:2 = "stablehlo.custom_call"(%arg3, %arg3) <{api_version = 4 : i32, backend_config = {x = 1 : i64}, call_target_name = "bar.baz", called_computations = [@misc], has_side_effect = true, operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>]}> {mhlo.sharding = "{replicated}"} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
    %2 = "stablehlo.custom_call"(%arg3) <{api_version = 2 : i32, backend_config = "opaque\00", call_target_name = "with space"}> : (tensor<4xf32>) -> tensor<4xf32>
    "stablehlo.custom_call"() <{call_target_name = "noresult", has_side_effect = true}> : () -> ()
    %3 = "stablehlo.composite"(%arg3, %arg3) <{composite_attributes = {k = 2 : i64}, decomposition = @two, name = "my.op", version = 3 : i32}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = "stablehlo.composite"(%arg3) <{decomposition = @one, name = "my.op2"}> : (tensor<4xf32>) -> tensor<4xf32>
    %5 = "stablehlo.rng"(%arg8, %arg8, %arg9) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
    %6:2 = "stablehlo.rng_bit_generator"(%arg5) <{rng_algorithm = #stablehlo<rng_algorithm PHILOX>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %7 = "stablehlo.fft"(%arg7) <{fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type FFT>}> : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    %8 = "stablehlo.cholesky"(%arg6) <{lower = true}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %9 = "stablehlo.cholesky"(%arg6) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %10 = "stablehlo.after_all"(%arg4, %arg4) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
    %11 = "stablehlo.after_all"() : () -> !stablehlo.token
    %12 = "stablehlo.einsum"(%arg6, %arg6) <{einsum_config = "ab,bc->ac"}> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %13 = "stablehlo.unary_einsum"(%arg6) <{einsum_config = "ab->a"}> : (tensor<4x4xf32>) -> tensor<4xf32>
    %14:2 = "chlo.top_k"(%arg3) <{k = 2 : i64}> : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
    %15 = "stablehlo.fft"(%arg3) <{fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type RFFT>}> : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
    %16 = "stablehlo.rng"(%arg8, %arg8, %arg9) <{rng_distribution = #stablehlo<rng_distribution NORMAL>}> : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
    %17 = "stablehlo.after_all"(%arg4) : (!stablehlo.token) -> !stablehlo.token
    %18 = "stablehlo.custom_call"(%arg3) <{backend_config = "", call_target_name = "foo"}> : (tensor<4xf32>) -> tensor<4xf32>
    %19:2 = "stablehlo.rng_bit_generator"(%arg5) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %20 = "stablehlo.composite"(%arg3) <{composite_attributes = {}, decomposition = @one, name = "my.op3"}> : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "one", sym_visibility = "private"}> ({
  ^bb0(%arg2: tensor<4xf32>):
    "func.return"(%arg2) : (tensor<4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "two", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    "func.return"(%arg0) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi32>, tensor<i32>) -> (), sym_name = "scan"}> ({
  ^bb0(%arg0: tensor<4xi32>, %arg1: tensor<i32>):
    %0:2 = "chlo.scan"(%arg0, %arg1) <{dimension = 0 : i64, is_reverse = true, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
      %2 = "stablehlo.add"(%arg4, %arg5) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%2, %2) : (tensor<i32>, tensor<i32>) -> ()
    }) : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
    %1:2 = "chlo.scan"(%arg0, %arg1) <{dimension = 0 : i64, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      "stablehlo.return"(%arg2, %arg3) : (tensor<i32>, tensor<i32>) -> ()
    }) : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
"#;

    /// Value names in definition order, labels and positions dropped, properties and
    /// attributes merged and sorted: what must agree between the two forms.
    struct Norm {
        names: HashMap<String, String>,
        next: usize,
    }

    impl Norm {
        fn define(&mut self, v: &str) -> String {
            let fresh = format!("v{}", self.next);
            self.next += 1;
            self.names.insert(v.to_string(), fresh.clone());
            fresh
        }

        fn use_(&self, v: &ValueRef) -> ValueRef {
            if let Some(r) = self.names.get(&v.0) {
                return ValueRef(r.clone());
            }
            let (base, idx) = v.0.split_once('#').map(|(b, i)| (b, Some(i))).unwrap_or((v.0.as_str(), None));
            let r = self.names.get(base).cloned().unwrap_or_else(|| format!("undefined:{base}"));
            ValueRef(match idx {
                Some(i) => format!("{r}#{i}"),
                None => r,
            })
        }

        fn ops(&mut self, ops: &mut [Op]) {
            for op in ops {
                op.pos = Default::default();
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
                // `%a, %b = ...` and `%0:2 = ...` define the same two values.
                let mut results = Vec::new();
                for (n, c) in &op.results {
                    if *c == 1 {
                        results.push((self.define(n), 1));
                    } else {
                        results.extend((0..*c).map(|i| (self.define(&format!("{n}#{i}")), 1)));
                    }
                }
                op.results = results;
                let mut all: Vec<_> = op.properties.drain(..).chain(op.attrs.drain(..)).collect();
                all.sort_by(|a, b| a.0.cmp(&b.0));
                op.attrs = all;
            }
        }
    }

    fn normalized(text: &str) -> Vec<Op> {
        let mut ops = parse_file(text).unwrap_or_else(|e| panic!("{e}\n{text}")).ops;
        if ops.len() == 1 && ops[0].name == "builtin.module" {
            let m = ops.remove(0);
            ops = m.regions.into_iter().flat_map(|r| r.blocks).flat_map(|b| b.ops).collect();
        }
        Norm { names: HashMap::new(), next: 0 }.ops(&mut ops);
        ops
    }

    fn first_difference(p: &[Op], g: &[Op]) -> String {
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
            return format!("pretty:  {a:?}\ngeneric: {b:?}");
        }
        format!("{} ops vs {}", p.len(), g.len())
    }

    #[test]
    fn custom_forms_parse_like_their_generic_forms() {
        let pretty: Vec<&str> = PRETTY.split("// -----").collect();
        let generic: Vec<&str> = GENERIC.split("// -----").collect();
        assert_eq!(pretty.len(), generic.len());
        for (p, g) in pretty.iter().zip(&generic) {
            let (np, ng) = (normalized(p), normalized(g));
            assert!(np == ng, "{}\nin chunk:\n{p}", first_difference(&np, &ng));
            // The generic printer writes what was parsed (synthetic names included) back as
            // text that parses to the same tree.
            let printed = mlir_text::print::print_file(&parse_file(p).unwrap(), "x.mlir");
            let nr = normalized(&printed);
            assert!(nr == ng, "{}\nin printed chunk:\n{printed}", first_difference(&nr, &ng));
        }
    }

    fn op_of(text: &str) -> Op {
        let f = parse_file(text).unwrap_or_else(|e| panic!("{e}"));
        f.ops.into_iter().next().unwrap()
    }

    #[test]
    fn quantize_forms_take_a_single_or_a_functional_type() {
        let op = op_of("%1 = stablehlo.uniform_quantize %0 : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 1.0:-30>>");
        assert_eq!(op.operands, vec![ValueRef("0".into())]);
        assert_eq!(op.operand_types.len(), 1);
        assert!(matches!(&op.result_types[..], [Type::Tensor { element, .. }] if matches!(**element, Type::Dialect(_))));
        let op = op_of("%1 = stablehlo.uniform_dequantize %0 : tensor<4xf32>");
        assert_eq!((op.operand_types.len(), op.result_types.len()), (1, 1));
        assert_eq!(op.operand_types[0], op.result_types[0]);
    }

    #[test]
    fn compact_reduce_builds_the_body_mlir_builds() {
        let op = op_of("%r = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<bf16>");
        let scalar = Type::Tensor { dims: vec![], element: Box::new(Type::Float("bf16".into())), encoding: None };
        let block = &op.regions[0].blocks[0];
        assert_eq!(block.args.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>(), vec![scalar.clone(), scalar.clone()]);
        assert_eq!(block.ops[0].name, "stablehlo.add");
        assert_eq!(block.ops[0].operands, block.args.iter().map(|(v, _)| v.clone()).collect::<Vec<_>>());
        assert_eq!(block.ops[1].name, "stablehlo.return");
        assert_eq!(block.ops[1].operands, block.ops[0].result_refs());
        assert_eq!(
            op.attr("dimensions"),
            Some(&Attribute::DenseArray(Type::Integer { width: 64, signedness: "" }, vec!["0".into(), "1".into()]))
        );
    }

    #[test]
    fn conv_padding_prints_as_mlir_dense() {
        let op = op_of("%0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[2, 2]], reverse = [0]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x6x1xf32>");
        assert!(matches!(op.attr("padding"), Some(Attribute::Dense { body, .. }) if body == "2"));
        assert_eq!(
            op.attr("window_reversal"),
            Some(&Attribute::DenseArray(Type::Integer { width: 1, signedness: "" }, vec!["false".into()]))
        );
        assert!(matches!(op.attr("dimension_numbers"), Some(Attribute::Dialect { body, .. }) if body == "[b, 0, f]x[0, i, o]->[b, 0, f]"));
        assert!(op.properties.iter().any(|(k, _)| k == "feature_group_count"));
    }

    #[test]
    fn dialect_attribute_bodies_have_one_spelling() {
        let a = op_of("%0 = \"stablehlo.send\"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle=1,\n   type = 2>} : (tensor<f32>, !stablehlo.token) -> !stablehlo.token");
        let b = op_of("%0 = \"stablehlo.send\"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>} : (tensor<f32>, !stablehlo.token) -> !stablehlo.token");
        assert_eq!(a.attrs, b.attrs);
        let c = op_of("%0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <\n  lhs_precision_type = tf32,\n  rhs_precision_type = tf32 > : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>");
        assert!(
            matches!(c.attr("algorithm"), Some(Attribute::Dialect { body, .. }) if body == "lhs_precision_type = tf32, rhs_precision_type = tf32")
        );
    }

    /// Every truncation of the test text is an error (never a panic).
    #[test]
    fn truncated_input_is_an_error_not_a_panic() {
        for chunk in PRETTY.split("// -----") {
            for (i, _) in chunk.char_indices().filter(|(i, _)| i % 3 == 0) {
                let _ = parse_file(&chunk[..i]);
            }
        }
    }

    /// Malformed input is a located error naming what was expected.
    #[test]
    fn malformed_forms_are_located_errors() {
        let cases = [
            ("%0 = stablehlo.reduce(%x %i) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>", (1, 26), "'init'"),
            ("%0 = stablehlo.reduce(%x init: %i) applies add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>", (1, 44), "stablehlo.add"),
            ("%0 = stablehlo.reduce(%x init: %i) across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32> {\n}", (1, 106), "'reducer'"),
            ("%0 = stablehlo.dot %a, %b, precision = [FAST] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>", (1, 41), "precision"),
            ("%0 = stablehlo.dot_general %a, %b, contracting_dims = [0] y [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>", (1, 59), "'x'"),
            ("%0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0], window = {} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>", (1, 71), "'f'"),
            ("%0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {size = [1]} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>", (1, 92), "stride"),
            ("%0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 2, 3]]} : (tensor<1x4x1xf32>, tensor<3x1x1xf32>) -> tensor<1x2x1xf32>", (1, 99), "pair"),
            ("%0:2 = stablehlo.while(%a = %x) : tensor<i32>, tensor<i32> cond {\n} do {\n}", (1, 35), "one per operand"),
            ("%0 = stablehlo.while(%a = %x) : tensor<i32>\n{\n}", (2, 1), "'cond'"),
            ("%0 = stablehlo.fft %x, type = FOURIER, length = [4] : (tensor<4xf32>) -> tensor<4xf32>", (1, 31), "FFT"),
            ("%0 = stablehlo.custom_call foo(%x) : (tensor<4xf32>) -> tensor<4xf32>", (1, 28), "call target"),
            ("%0 = stablehlo.rng %a, %b, %c, distribution = GAUSS : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>", (1, 47), "UNIFORM"),
            ("%0:2 = chlo.scan(%a) inits(%b) dimension=0 {\n} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<f32>)", (2, 3), "inputs and inits"),
            ("%0 = stablehlo.composite my.op %a : (tensor<4xf32>) -> tensor<4xf32>", (1, 26), "composite name"),
            ("%0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>) -> tensor<f32>", (1, 82), "inputs"),
        ];
        for (text, (line, col), needle) in cases {
            let e = parse_file(text).expect_err(text);
            assert_eq!((e.pos.line, e.pos.col), (line, col), "{text}: {e}");
            assert!(e.message.contains(needle), "{text}: {e}");
        }
    }
}

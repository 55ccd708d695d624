//! Custom forms whose assembly is operands, a few keywords and a type signature: the
//! element-wise StableHLO ops, constants, shape and data-movement ops written with
//! `dims = [...]`-style attributes, tuples, the check dialect, and the CHLO ops with plain
//! assembly formats.
//!
//! Each parser follows the op's `assemblyFormat` (or custom parser) in StableHLO's
//! `StablehloOps.td` / `ChloOps.td` / `CheckOps.td` and produces exactly what the generic
//! form holds: inherent attributes go in `op.properties` with their generic names and kinds
//! (`dims = [1, 0]` becomes `permutation = array<i64: 1, 0>`, `dim = 0` becomes
//! `iota_dimension = 0 : i64`, `GT` becomes `#stablehlo<comparison_direction GT>`), and the
//! type directives (`custom<SameOperandsAndResultType>`, `functional-type`,
//! `custom<SelectOpType>`, `custom<TupleOpType>`, ...) are expanded into one type per operand
//! and result.

use super::CustomParser;
use xhlo_ir::catalogue;
use xhlo_ir::op::Syntax;
use mlir_text::ast::{Attribute, Op, Type};
use mlir_text::error::{ParseError, Pos, Result};
use mlir_text::lexer::Tok;
use mlir_text::parser::Parser;

/// The custom-form parser for an op name, if this module has one.
pub fn parser_for(name: &str) -> Option<CustomParser> {
    let (dialect, op) = name.split_once('.')?;
    match dialect {
        "stablehlo" => stablehlo(op),
        "chlo" => chlo(op),
        "check" => check(op),
        "interpreter" => interpreter(op),
        _ => None,
    }
}

/// The parser for an op of the catalogue's [`Syntax`] lists: `unary` and `binary` are the
/// dialect's spellings of one- and two-operand forms (StableHLO writes one type, CHLO
/// `type -> type`); `Own` and `Generic` ops have none here.
fn by_syntax(source: &str, unary: CustomParser, binary: CustomParser) -> Option<CustomParser> {
    match catalogue::imported_from(source)?.syntax {
        Syntax::Unary => Some(unary),
        Syntax::Binary => Some(binary),
        Syntax::Functional => Some(operands_functional),
        Syntax::Own | Syntax::Generic => None,
    }
}

/// StableHLO's dynamic-shape ops whose static form is an xhlo op (imported by a rule of
/// their own, so not in the catalogue), written `operands : functional-type(...)`.
const DYNAMIC_FUNCTIONAL: &[&str] = &["dynamic_reshape", "dynamic_pad", "real_dynamic_slice"];

/// CHLO ops the importer decomposes (not catalogue ops), by assembly: `$operand : t -> u`,
/// and `$a, $b : t, u -> v`.
const DECOMPOSED_CHLO_UNARY: &[&str] = &[
    "_asin_acos_kernel", "acos", "acosh", "asin", "asinh", "atan", "atanh", "bessel_i1e", "conj", "cosh", "sinh",
    "digamma", "erf_inv", "is_inf", "is_neg_inf", "is_pos_inf", "lgamma", "square",
];
const DECOMPOSED_CHLO_BINARY: &[&str] = &["next_after", "polygamma", "zeta", "mulhi"];

/// The name lists above by dialect (a test keeps catalogue ops out of them).
#[cfg(test)]
pub const LOCAL_LISTS: &[(&str, &[&str])] =
    &[("stablehlo", DYNAMIC_FUNCTIONAL), ("chlo", DECOMPOSED_CHLO_UNARY), ("chlo", DECOMPOSED_CHLO_BINARY)];

fn stablehlo(op: &str) -> Option<CustomParser> {
    Some(match op {
        // `$operand attr-dict : custom<SameOperandsAndResultType>`, `$lhs, $rhs ...` and
        // `operands attr-dict : functional-type(operands, results)`: the catalogue's syntax.
        _ if DYNAMIC_FUNCTIONAL.contains(&op) => operands_functional,
        "complex" => complex,
        "constant" => constant,
        "compare" => compare,
        "broadcast_in_dim" => broadcast_in_dim,
        "broadcast" => broadcast,
        "transpose" => transpose,
        "reverse" => reverse,
        "iota" => iota,
        "dynamic_iota" => dynamic_iota,
        "slice" => slice,
        "concatenate" => concatenate,
        "pad" => pad,
        "select" => select,
        "clamp" => clamp,
        "dynamic_slice" => dynamic_slice,
        "get_tuple_element" => get_tuple_element,
        "tuple" => tuple,
        "reduce_precision" => reduce_precision,
        "get_dimension_size" => get_dimension_size,
        "set_dimension_size" => set_dimension_size,
        "dynamic_broadcast_in_dim" => dynamic_broadcast_in_dim,
        "replica_id" | "partition_id" | "create_token" => no_operands,
        "after_all" => after_all,
        "optimization_barrier" => optimization_barrier,
        "return" => return_op,
        _ => return by_syntax(&format!("stablehlo.{op}"), unary, binary),
    })
}

fn chlo(op: &str) -> Option<CustomParser> {
    Some(match op {
        // `$operand attr-dict : type($operand) -> type($result)`.
        _ if DECOMPOSED_CHLO_UNARY.contains(&op) => chlo_unary,
        // `$a, $b attr-dict : type($a), type($b) -> type($result)`.
        _ if DECOMPOSED_CHLO_BINARY.contains(&op) => chlo_binary,
        // `operands attr-dict : (types) -> type`, `broadcast_dimensions` in the attr-dict.
        "broadcast_add" | "broadcast_atan2" | "broadcast_divide" | "broadcast_maximum"
        | "broadcast_minimum" | "broadcast_multiply" | "broadcast_next_after"
        | "broadcast_polygamma" | "broadcast_power" | "broadcast_remainder"
        | "broadcast_shift_left" | "broadcast_shift_right_arithmetic"
        | "broadcast_shift_right_logical" | "broadcast_subtract" | "broadcast_zeta"
        | "broadcast_and" | "broadcast_or" | "broadcast_xor" | "broadcast_complex"
        | "broadcast_compare" | "broadcast_select" => operands_functional,
        "constant" => chlo_constant,
        "top_k" => top_k,
        _ => return by_syntax(&format!("chlo.{op}"), chlo_unary, chlo_binary),
    })
}

fn check(op: &str) -> Option<CustomParser> {
    Some(match op {
        "expect_eq" => expect_eq,
        "expect_almost_eq" => expect_almost_eq,
        "expect_eq_const" => expect_eq_const,
        "expect_almost_eq_const" => expect_almost_eq_const,
        "expect_close" => expect_close,
        "expect_serialized_eq" => expect_serialized_eq,
        _ => return None,
    })
}

/// The reference interpreter's harness ops with plain formats (`run_parallel` has none).
fn interpreter(op: &str) -> Option<CustomParser> {
    Some(match op {
        "probe" => probe,
        "print" => print,
        _ => return None,
    })
}

// ---- Attribute values as the generic form holds them ------------------------------------

fn int_type(width: u32, signedness: &'static str) -> Type {
    Type::Integer { width, signedness }
}

fn i64_attr(v: i64) -> Attribute {
    Attribute::Int(v.to_string(), int_type(64, ""))
}

fn i32_attr(v: i64) -> Attribute {
    Attribute::Int(v.to_string(), int_type(32, ""))
}

fn i64_array(values: &[i64]) -> Attribute {
    Attribute::DenseArray(int_type(64, ""), values.iter().map(|v| v.to_string()).collect())
}

// ---- Pieces of assembly formats ----------------------------------------------------------

/// The attr-dict of the format, if written: kept as attributes (the generic form would
/// hold inherent ones as properties; the two are one namespace).
fn attr_dict(p: &mut Parser, op: &mut Op) -> Result<()> {
    let attrs = p.parse_optional_attr_dict()?;
    op.attrs.extend(attrs);
    Ok(())
}

/// Exactly `n` comma-separated operands.
fn operands(p: &mut Parser, op: &mut Op, n: usize) -> Result<()> {
    for i in 0..n {
        if i > 0 {
            p.expect(",")?;
        }
        op.operands.push(p.parse_operand()?);
    }
    Ok(())
}

/// `keyword =`.
fn keyword_eq(p: &mut Parser, keyword: &str) -> Result<()> {
    p.expect_keyword(keyword)?;
    p.expect("=")
}

/// An integer attribute value of a known type as the format writes it (`0`), or the full
/// form (`0 : i64`).
fn integer_value(p: &mut Parser) -> Result<i64> {
    let v = p.parse_integer()?;
    if p.is_punct(":") && matches!(p.peek_at(1), Tok::Ident(t) if mlir_text::parser::scalar_type(t).is_some()) {
        p.bump();
        p.parse_type()?;
    }
    Ok(v)
}

/// A `DenseI64ArrayAttr` as the format writes it: `[1, 2]`, or the full `array<i64: 1, 2>`.
fn dense_i64_array(p: &mut Parser) -> Result<Attribute> {
    if p.is_keyword("array") {
        let pos = p.pos();
        return match p.parse_attribute()? {
            a @ Attribute::DenseArray(Type::Integer { width: 64, .. }, _) => Ok(a),
            _ => Err(ParseError::new(pos, "expected an i64 array such as [1, 2] or array<i64: 1, 2>")),
        };
    }
    Ok(i64_array(&p.parse_i64_list()?))
}

/// An enum attribute of a StableHLO dialect: bare (`GT`) as formats write it, or the full
/// `#stablehlo<comparison_direction GT>`.
fn enum_attr(p: &mut Parser, dialect: &str, kind: &str, allowed: &[&str]) -> Result<Attribute> {
    let pos = p.pos();
    if let Tok::Hash(_) = p.peek() {
        return match p.parse_attribute()? {
            Attribute::Dialect { name, body } if name == dialect && body.split_whitespace().next() == Some(kind) => {
                Ok(Attribute::Dialect { name, body })
            }
            _ => Err(ParseError::new(pos, format!("expected a #{dialect}<{kind} ...> attribute"))),
        };
    }
    let word = match p.peek().clone() {
        Tok::Ident(w) if allowed.contains(&w.as_str()) => {
            p.bump();
            w
        }
        _ => return Err(p.expected(&format!("a {kind} ({})", allowed.join(", ")))),
    };
    Ok(Attribute::Dialect { name: dialect.to_string(), body: format!("{kind} {word}") })
}

/// Assigns a function type's inputs to `n` operands and its single result.
fn assign_from_function_type(op: &mut Op, pos: Pos, n: usize, inputs: Vec<Type>, results: Vec<Type>) -> Result<()> {
    if inputs.len() != n {
        return Err(ParseError::new(pos, format!("{n} operands present, but the type lists {}", inputs.len())));
    }
    if results.len() != 1 {
        return Err(ParseError::new(pos, "expected a single result type"));
    }
    op.operand_types = inputs;
    op.result_types = results;
    Ok(())
}

/// `custom<SameOperandsAndResultType>` over all operands: one type for all, or a function
/// type when they differ.
fn same_operands_and_result_type(p: &mut Parser, op: &mut Op) -> Result<()> {
    let pos = p.pos();
    match p.parse_type()? {
        Type::Function { inputs, results } => assign_from_function_type(op, pos, op.operands.len(), inputs, results),
        t => {
            op.operand_types = vec![t.clone(); op.operands.len()];
            op.result_types = vec![t];
            Ok(())
        }
    }
}

/// `functional-type(operands, results)`.
fn functional_type(p: &mut Parser, op: &mut Op) -> Result<()> {
    let pos = p.pos();
    p.set_function_signature(op)?;
    if op.operand_types.len() != op.operands.len() {
        return Err(ParseError::new(
            pos,
            format!("{} operands present, but the type lists {}", op.operands.len(), op.operand_types.len()),
        ));
    }
    Ok(())
}

/// `: functional-type(...)` after the attr-dict.
fn attr_dict_then_functional(p: &mut Parser, op: &mut Op) -> Result<()> {
    attr_dict(p, op)?;
    p.expect(":")?;
    functional_type(p, op)
}

/// `: custom<SameOperandsAndResultType>(...)` after the attr-dict.
fn attr_dict_then_same_type(p: &mut Parser, op: &mut Op) -> Result<()> {
    attr_dict(p, op)?;
    p.expect(":")?;
    same_operands_and_result_type(p, op)
}

/// Operands up to the first non-value, each followed by a comma
/// (`custom<VariadicOperandWithAttribute>`: `%a, %b, dim = 0`).
fn operands_with_trailing_commas(p: &mut Parser, op: &mut Op) -> Result<()> {
    while p.is_operand() {
        op.operands.push(p.parse_operand()?);
        p.expect(",")?;
    }
    Ok(())
}

/// A ranked or unranked tensor type's element type replaced (for `custom<ComplexOpType>`).
fn with_element(t: &Type, element: Type) -> Option<Type> {
    match t {
        Type::Tensor { dims, encoding, .. } => {
            Some(Type::Tensor { dims: dims.clone(), element: Box::new(element), encoding: encoding.clone() })
        }
        Type::UnrankedTensor(_) => Some(Type::UnrankedTensor(Box::new(element))),
        _ => None,
    }
}

fn element_type(t: &Type) -> Option<&Type> {
    match t {
        Type::Tensor { element, .. } | Type::UnrankedTensor(element) => Some(element),
        _ => None,
    }
}

// ---- StableHLO ---------------------------------------------------------------------------

fn unary(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    attr_dict_then_same_type(p, &mut op)?;
    Ok(op)
}

fn binary(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    attr_dict_then_same_type(p, &mut op)?;
    Ok(op)
}

/// `%lhs, %rhs : tensor<2xcomplex<f32>>` (operands are the real part type) or a function type.
fn complex(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    let pos = p.pos();
    match p.parse_type()? {
        Type::Function { inputs, results } => assign_from_function_type(&mut op, pos, 2, inputs, results)?,
        t => {
            let real = match element_type(&t) {
                Some(Type::Complex(part)) => with_element(&t, (**part).clone()),
                _ => None,
            }
            .ok_or_else(|| ParseError::new(pos, "expected a tensor type with complex element type"))?;
            op.operand_types = vec![real.clone(), real];
            op.result_types = vec![t];
        }
    }
    Ok(op)
}

/// `operands attr-dict : functional-type(operands, results)`.
fn operands_functional(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands = p.parse_operand_list()?;
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `stablehlo.constant {attrs} dense<...> : type`, or the generic-like
/// `stablehlo.constant() <{value = ...}> {attrs} : () -> type`.
fn constant(p: &mut Parser, mut op: Op) -> Result<Op> {
    if p.eat("(") {
        p.expect(")")?;
        if p.eat("<") {
            op.properties = p.parse_attr_dict()?;
            p.expect(">")?;
        }
        attr_dict(p, &mut op)?;
        p.expect(":")?;
        p.expect("(")?;
        p.expect(")")?;
        p.expect("->")?;
        op.result_types = vec![p.parse_type()?];
        return Ok(op);
    }
    attr_dict(p, &mut op)?;
    let (value, ty) = elements_attr(p)?;
    op.properties.push(("value".into(), value));
    op.result_types = vec![ty];
    Ok(op)
}

/// An elements attribute with its type (`dense<...> : tensor<...>`, `dense_resource<...>`,
/// `sparse<...>`): the attribute and its type.
fn elements_attr(p: &mut Parser) -> Result<(Attribute, Type)> {
    let pos = p.pos();
    let value = p.parse_attribute()?;
    let ty = match &value {
        Attribute::Dense { ty, .. } | Attribute::DenseResource { ty, .. } => ty.clone(),
        Attribute::Other(text) if text.starts_with("sparse<") => match text.rsplit_once(" : ") {
            Some((_, t)) => Parser::new(t).and_then(|mut q| q.parse_type()).map_err(|e| ParseError::new(pos, e.message))?,
            None => return Err(ParseError::new(pos, "expected a typed elements attribute such as dense<1.0> : tensor<f32>")),
        },
        _ => return Err(ParseError::new(pos, "expected an elements attribute such as dense<1.0> : tensor<f32>")),
    };
    Ok((value, ty))
}

const COMPARISON_DIRECTIONS: &[&str] = &["EQ", "NE", "GE", "GT", "LE", "LT"];
const COMPARISON_TYPES: &[&str] = &["NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"];

/// `GT, %a, %b[, FLOAT] attr-dict : functional-type`.
fn compare(p: &mut Parser, mut op: Op) -> Result<Op> {
    let direction = enum_attr(p, "stablehlo", "comparison_direction", COMPARISON_DIRECTIONS)?;
    p.expect(",")?;
    operands(p, &mut op, 2)?;
    let mut props = vec![];
    if p.eat(",") {
        props.push(("compare_type".to_string(), enum_attr(p, "stablehlo", "comparison_type", COMPARISON_TYPES)?));
    }
    props.push(("comparison_direction".to_string(), direction));
    op.properties = props;
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `%x, <keyword> = [..] attr-dict : ...` for the ops with one i64 array.
fn operand_keyword_array(p: &mut Parser, op: &mut Op, keyword: &str, attr: &str) -> Result<()> {
    operands(p, op, 1)?;
    p.expect(",")?;
    keyword_eq(p, keyword)?;
    op.properties.push((attr.to_string(), dense_i64_array(p)?));
    Ok(())
}

fn broadcast_in_dim(p: &mut Parser, mut op: Op) -> Result<Op> {
    operand_keyword_array(p, &mut op, "dims", "broadcast_dimensions")?;
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

fn broadcast(p: &mut Parser, mut op: Op) -> Result<Op> {
    operand_keyword_array(p, &mut op, "sizes", "broadcast_sizes")?;
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

fn transpose(p: &mut Parser, mut op: Op) -> Result<Op> {
    operand_keyword_array(p, &mut op, "dims", "permutation")?;
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

fn reverse(p: &mut Parser, mut op: Op) -> Result<Op> {
    operand_keyword_array(p, &mut op, "dims", "dimensions")?;
    attr_dict_then_same_type(p, &mut op)?;
    Ok(op)
}

/// `dim = 0 attr-dict : type`.
fn iota(p: &mut Parser, mut op: Op) -> Result<Op> {
    keyword_eq(p, "dim")?;
    op.properties.push(("iota_dimension".into(), i64_attr(integer_value(p)?)));
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    op.result_types = vec![p.parse_type()?];
    Ok(op)
}

/// `%shape, dim = 0 attr-dict : functional-type`.
fn dynamic_iota(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    keyword_eq(p, "dim")?;
    op.properties.push(("iota_dimension".into(), i64_attr(integer_value(p)?)));
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `%x [0:2, 1:4:2] attr-dict : functional-type` (`custom<SliceRanges>`). Also accepted:
/// the three arrays in the attr-dict instead of the ranges.
fn slice(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    if p.eat("[") {
        let ranges = p.parse_comma_list("]", |p| {
            let start = p.parse_integer()?;
            p.expect(":")?;
            let limit = p.parse_integer()?;
            let stride = if p.eat(":") { p.parse_integer()? } else { 1 };
            Ok((start, limit, stride))
        })?;
        p.expect("]")?;
        let column = |f: fn(&(i64, i64, i64)) -> i64| i64_array(&ranges.iter().map(f).collect::<Vec<_>>());
        op.properties = vec![
            ("start_indices".into(), column(|r| r.0)),
            ("limit_indices".into(), column(|r| r.1)),
            ("strides".into(), column(|r| r.2)),
        ];
    } else if !p.is_punct("{") {
        return Err(p.expected("slice ranges such as [0:2, 1:4:2]"));
    }
    let pos = p.pos();
    attr_dict(p, &mut op)?;
    for name in ["start_indices", "limit_indices", "strides"] {
        if op.attr(name).is_none() {
            return Err(ParseError::new(pos, format!("slice needs ranges such as [0:2] or a '{name}' attribute")));
        }
    }
    p.expect(":")?;
    functional_type(p, &mut op)?;
    Ok(op)
}

/// `%a, %b, dim = 0 attr-dict : functional-type`.
fn concatenate(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands_with_trailing_commas(p, &mut op)?;
    keyword_eq(p, "dim")?;
    op.properties.push(("dimension".into(), i64_attr(integer_value(p)?)));
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `%x, %v, low = [..], high = [..], interior = [..] attr-dict : functional-type`.
fn pad(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    for (keyword, attr) in [("low", "edge_padding_low"), ("high", "edge_padding_high"), ("interior", "interior_padding")] {
        p.expect(",")?;
        keyword_eq(p, keyword)?;
        op.properties.push((attr.into(), dense_i64_array(p)?));
    }
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `%pred, %t, %f attr-dict : pred_type, type` or a function type (`custom<SelectOpType>`).
fn select(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 3)?;
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    let pos = p.pos();
    let mut types = p.parse_type_list()?;
    match types.len() {
        1 => match types.pop() {
            Some(Type::Function { inputs, results }) => assign_from_function_type(&mut op, pos, 3, inputs, results)?,
            _ => return Err(ParseError::new(pos, "expected a function type or two types (predicate, value)")),
        },
        2 => {
            let value = types.pop().unwrap_or(Type::None);
            let pred = types.pop().unwrap_or(Type::None);
            op.operand_types = vec![pred, value.clone(), value.clone()];
            op.result_types = vec![value];
        }
        _ => return Err(ParseError::new(pos, "expected a function type or two types (predicate, value)")),
    }
    Ok(op)
}

fn clamp(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 3)?;
    attr_dict_then_same_type(p, &mut op)?;
    Ok(op)
}

/// `%x, %i, %j, sizes = [..] attr-dict : functional-type`.
fn dynamic_slice(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    operands_with_trailing_commas(p, &mut op)?;
    keyword_eq(p, "sizes")?;
    op.properties.push(("slice_sizes".into(), dense_i64_array(p)?));
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `%t[0] attr-dict : functional-type`.
fn get_tuple_element(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect("[")?;
    op.properties.push(("index".into(), i32_attr(integer_value(p)?)));
    p.expect("]")?;
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `%a, %b attr-dict : tuple<...>`: operand types are the tuple's element types.
fn tuple(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands = p.parse_operand_list()?;
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    let pos = p.pos();
    match p.parse_type()? {
        Type::Tuple(elements) => {
            if elements.len() != op.operands.len() {
                return Err(ParseError::new(
                    pos,
                    format!("{} operands present, but the tuple type has {} elements", op.operands.len(), elements.len()),
                ));
            }
            op.operand_types = elements.clone();
            op.result_types = vec![Type::Tuple(elements)];
        }
        _ => return Err(ParseError::new(pos, "expected a tuple type")),
    }
    Ok(op)
}

/// `%x, format = e5m10 attr-dict : custom<SameOperandsAndResultType>`.
fn reduce_precision(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    keyword_eq(p, "format")?;
    let pos = p.pos();
    let word = p.parse_ident().map_err(|_| p.expected("an exponent/mantissa format such as e5m10"))?;
    let parsed = word.strip_prefix('e').and_then(|rest| rest.split_once('m')).and_then(|(e, m)| {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        (digits(e) && digits(m)).then(|| Some((e.parse::<i32>().ok()?, m.parse::<i32>().ok()?))).flatten()
    });
    let Some((exponent, mantissa)) = parsed else {
        return Err(ParseError::new(pos, format!("expected exponent mantissa in format e#m#, found '{word}'")));
    };
    op.properties.push(("exponent_bits".into(), i32_attr(exponent.into())));
    op.properties.push(("mantissa_bits".into(), i32_attr(mantissa.into())));
    attr_dict_then_same_type(p, &mut op)?;
    Ok(op)
}

/// `%x, dim = 1 attr-dict : functional-type`.
fn get_dimension_size(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    keyword_eq(p, "dim")?;
    op.properties.push(("dimension".into(), i64_attr(integer_value(p)?)));
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `%x, %size, dim = 1 attr-dict : functional-type`.
fn set_dimension_size(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    p.expect(",")?;
    keyword_eq(p, "dim")?;
    op.properties.push(("dimension".into(), i64_attr(integer_value(p)?)));
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `%x, %shape, dims = [..] attr-dict : functional-type` (the known expanding dimensions
/// are in the attr-dict).
fn dynamic_broadcast_in_dim(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    p.expect(",")?;
    keyword_eq(p, "dims")?;
    op.properties.push(("broadcast_dimensions".into(), dense_i64_array(p)?));
    attr_dict_then_functional(p, &mut op)?;
    Ok(op)
}

/// `attr-dict : type` with no operands (`replica_id`, `partition_id`, `create_token`).
fn no_operands(p: &mut Parser, mut op: Op) -> Result<Op> {
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    op.result_types = vec![p.parse_type()?];
    Ok(op)
}

/// `%a, %b attr-dict : !stablehlo.token` (`custom<VariadicSameOperandsAndResultType>`).
fn after_all(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands = p.parse_operand_list()?;
    attr_dict_then_same_type(p, &mut op)?;
    Ok(op)
}

/// `attr-dict (%a, %b : t1, t2 | ())`: results have the operands' types.
fn optimization_barrier(p: &mut Parser, mut op: Op) -> Result<Op> {
    attr_dict(p, &mut op)?;
    if p.is_operand() {
        op.operands = p.parse_operand_list()?;
        p.expect(":")?;
        let pos = p.pos();
        let types = p.parse_type_list()?;
        if types.len() != op.operands.len() {
            return Err(ParseError::new(pos, format!("{} operands present, but {} types", op.operands.len(), types.len())));
        }
        op.operand_types = types.clone();
        op.result_types = types;
    } else {
        p.expect("(")?;
        p.expect(")")?;
    }
    Ok(op)
}

/// `%a, %b attr-dict : t1, t2` or nothing.
fn return_op(p: &mut Parser, mut op: Op) -> Result<Op> {
    op.operands = p.parse_operand_list()?;
    attr_dict(p, &mut op)?;
    if !op.operands.is_empty() {
        p.expect(":")?;
        let pos = p.pos();
        op.operand_types = p.parse_type_list()?;
        if op.operand_types.len() != op.operands.len() {
            return Err(ParseError::new(
                pos,
                format!("{} operands present, but {} types", op.operands.len(), op.operand_types.len()),
            ));
        }
    }
    Ok(op)
}

// ---- CHLO --------------------------------------------------------------------------------

/// `%x attr-dict : t -> t`.
fn chlo_unary(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    op.operand_types = vec![p.parse_type()?];
    p.expect("->")?;
    op.result_types = vec![p.parse_type()?];
    Ok(op)
}

/// `%a, %b attr-dict : t, t -> t`.
fn chlo_binary(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    let a = p.parse_type()?;
    p.expect(",")?;
    let b = p.parse_type()?;
    p.expect("->")?;
    op.operand_types = vec![a, b];
    op.result_types = vec![p.parse_type()?];
    Ok(op)
}

/// `attr-dict dense<...> : type`.
fn chlo_constant(p: &mut Parser, mut op: Op) -> Result<Op> {
    attr_dict(p, &mut op)?;
    let (value, ty) = elements_attr(p)?;
    op.properties.push(("value".into(), value));
    op.result_types = vec![ty];
    Ok(op)
}

/// `(%x, k = 3[, is_stable = true]) attr-dict : t -> (t, t)`.
fn top_k(p: &mut Parser, mut op: Op) -> Result<Op> {
    p.expect("(")?;
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    keyword_eq(p, "k")?;
    op.properties.push(("k".into(), i64_attr(integer_value(p)?)));
    if p.eat(",") {
        keyword_eq(p, "is_stable")?;
        let stable = match p.peek() {
            Tok::Ident(w) if w == "true" || w == "false" => w == "true",
            _ => return Err(p.expected("true or false")),
        };
        p.bump();
        op.properties.push(("is_stable".into(), Attribute::Bool(stable)));
    }
    p.expect(")")?;
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    op.operand_types = vec![p.parse_type()?];
    p.expect("->")?;
    p.expect("(")?;
    let values = p.parse_type()?;
    p.expect(",")?;
    let indices = p.parse_type()?;
    p.expect(")")?;
    op.result_types = vec![values, indices];
    Ok(op)
}

// ---- check -------------------------------------------------------------------------------

/// A float attribute of type f64 as a format writes it (`0.1`, `1`, or `0.1 : f64`).
fn f64_value(p: &mut Parser) -> Result<Attribute> {
    let pos = p.pos();
    let neg = p.eat("-");
    let text = match p.bump() {
        Tok::Int(s) | Tok::Float(s) => s,
        other => return Err(ParseError::new(pos, format!("expected a number, found {other}"))),
    };
    if p.is_punct(":") && matches!(p.peek_at(1), Tok::Ident(t) if t == "f64") {
        p.bump();
        p.bump();
    }
    Ok(Attribute::Float(if neg { format!("-{text}") } else { text }, Type::Float("f64".into())))
}

/// An unsigned integer attribute as a format writes it (`3`, or `3 : ui64`).
fn unsigned_value(p: &mut Parser, width: u32) -> Result<Attribute> {
    let pos = p.pos();
    let v = integer_value(p)?;
    if v < 0 {
        return Err(ParseError::new(pos, "expected a non-negative integer"));
    }
    Ok(Attribute::Int(v.to_string(), int_type(width, "u")))
}

/// `%a, %b attr-dict : t`.
fn expect_eq(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    let t = p.parse_type()?;
    op.operand_types = vec![t.clone(), t];
    Ok(op)
}

/// `%a, %b[, tolerance = 0.1] attr-dict : t`.
fn expect_almost_eq(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    if p.eat(",") {
        keyword_eq(p, "tolerance")?;
        op.attrs.push(("tolerance".into(), f64_value(p)?));
    }
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    let t = p.parse_type()?;
    op.operand_types = vec![t.clone(), t];
    Ok(op)
}

/// `%x, dense<...> : t attr-dict`: the operand has the value's type.
fn expect_eq_const(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    let (value, ty) = elements_attr(p)?;
    op.attrs.push(("value".into(), value));
    attr_dict(p, &mut op)?;
    op.operand_types = vec![ty];
    Ok(op)
}

/// `%x, dense<...> : t[, tolerance = 0.1] attr-dict`.
fn expect_almost_eq_const(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    let (value, ty) = elements_attr(p)?;
    op.attrs.push(("value".into(), value));
    if p.eat(",") {
        keyword_eq(p, "tolerance")?;
        op.attrs.push(("tolerance".into(), f64_value(p)?));
    }
    attr_dict(p, &mut op)?;
    op.operand_types = vec![ty];
    Ok(op)
}

/// `%a, %b, max_ulp_difference = N[, min_ulp_difference = M] : attr-dict t, t`.
fn expect_close(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 2)?;
    p.expect(",")?;
    keyword_eq(p, "max_ulp_difference")?;
    op.attrs.push(("max_ulp_difference".into(), unsigned_value(p, 64)?));
    if p.eat(",") {
        keyword_eq(p, "min_ulp_difference")?;
        op.attrs.push(("min_ulp_difference".into(), unsigned_value(p, 64)?));
    }
    p.expect(":")?;
    attr_dict(p, &mut op)?;
    let a = p.parse_type()?;
    p.expect(",")?;
    let b = p.parse_type()?;
    op.operand_types = vec![a, b];
    Ok(op)
}

/// `%x, probe_id = "p"[, iter = n] attr-dict : t`.
fn expect_serialized_eq(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    keyword_eq(p, "probe_id")?;
    op.attrs.push(("probe_id".into(), Attribute::Str(string_value(p, "a probe id string")?)));
    if p.eat(",") {
        keyword_eq(p, "iter")?;
        op.attrs.push(("iteration".into(), unsigned_value(p, 32)?));
    }
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    op.operand_types = vec![p.parse_type()?];
    Ok(op)
}

// ---- interpreter -------------------------------------------------------------------------

/// `%x, probe_id = "p" attr-dict : t` (result and operand of type `t`).
fn probe(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    p.expect(",")?;
    keyword_eq(p, "probe_id")?;
    op.attrs.push(("probe_id".into(), Attribute::Str(string_value(p, "a probe id string")?)));
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    let t = p.parse_type()?;
    op.operand_types = vec![t.clone()];
    op.result_types = vec![t];
    Ok(op)
}

/// `%x attr-dict : t`.
fn print(p: &mut Parser, mut op: Op) -> Result<Op> {
    operands(p, &mut op, 1)?;
    attr_dict(p, &mut op)?;
    p.expect(":")?;
    op.operand_types = vec![p.parse_type()?];
    Ok(op)
}

fn string_value(p: &mut Parser, what: &str) -> Result<String> {
    match p.peek().clone() {
        Tok::Str(s) => {
            p.bump();
            Ok(s)
        }
        _ => Err(p.expected(what)),
    }
}

#[cfg(test)]
mod tests {
    //! Forms the shared corpus lacks, each checked against the generic form MLIR prints for
    //! it (same value names, so only positions and the property/attribute split differ).

    use mlir_text::ast::Op;
    use crate::parse_file;

    fn canonical(ops: &mut [Op]) {
        for op in ops {
            op.pos = Default::default();
            let mut attrs: Vec<_> = op.properties.drain(..).chain(op.attrs.drain(..)).collect();
            attrs.sort_by(|a, b| a.0.cmp(&b.0));
            op.attrs = attrs;
            for r in &mut op.regions {
                for b in &mut r.blocks {
                    canonical(&mut b.ops);
                }
            }
        }
    }

    /// Parses one op in pretty and in generic form (inside a function taking `args`).
    fn same(args: &str, pretty: &str, generic: &str) {
        let wrap = |body: &str| format!("func.func @f({args}) {{\n{body}\n}}");
        let mut p = parse_file(&wrap(pretty)).unwrap_or_else(|e| panic!("{pretty}\n{e}"));
        let mut g = parse_file(&wrap(generic)).unwrap_or_else(|e| panic!("{generic}\n{e}"));
        canonical(&mut p.ops);
        canonical(&mut g.ops);
        assert_eq!(p, g, "\npretty:  {pretty}\ngeneric: {generic}");
    }

    fn error(args: &str, pretty: &str) -> String {
        let text = format!("func.func @f({args}) {{\n{pretty}\n}}");
        parse_file(&text).map(|_| ()).expect_err(pretty).to_string()
    }

    const F: &str = "%a: tensor<2xf32>, %b: tensor<2xf32>";

    #[test]
    fn element_wise_same_type_and_functional_forms() {
        same(F, "%0 = stablehlo.add %a, %b : tensor<2xf32>", r#"%0 = "stablehlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#);
        same(
            "%a: tensor<2xi32>, %b: tensor<2xi32>",
            "%0 = stablehlo.shift_right_logical %a, %b : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>",
            r#"%0 = "stablehlo.shift_right_logical"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>"#,
        );
        same(F, "%0 = stablehlo.convert %a : (tensor<2xf32>) -> tensor<2xi32>", r#"%0 = "stablehlo.convert"(%a) : (tensor<2xf32>) -> tensor<2xi32>"#);
        same(
            F,
            "%0 = stablehlo.exponential %a {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2xf32>",
            r#"%0 = "stablehlo.exponential"(%a) <{result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>}> : (tensor<2xf32>) -> tensor<2xf32>"#,
        );
        same(F, "%0 = stablehlo.is_finite %a : (tensor<2xf32>) -> tensor<2xi1>", r#"%0 = "stablehlo.is_finite"(%a) : (tensor<2xf32>) -> tensor<2xi1>"#);
        same(F, "%0 = stablehlo.complex %a, %b : tensor<2xcomplex<f32>>", r#"%0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>"#);
        same(
            F,
            "%0 = stablehlo.complex %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>",
            r#"%0 = "stablehlo.complex"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>"#,
        );
    }

    #[test]
    fn constants_and_compare() {
        same("", "%0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>", r#"%0 = "stablehlo.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>"#);
        same(
            "",
            r#"%0 = stablehlo.constant {mhlo.sharding = "{replicated}"} dense<(1.0, 0x7FC00000)> : tensor<complex<f32>>"#,
            r#"%0 = "stablehlo.constant"() <{value = dense<(1.0, 0x7FC00000)> : tensor<complex<f32>>}> {mhlo.sharding = "{replicated}"} : () -> tensor<complex<f32>>"#,
        );
        same(
            "",
            "%0 = stablehlo.constant() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>",
            r#"%0 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>"#,
        );
        same(
            F,
            "%0 = stablehlo.compare  GT, %a, %b,  TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
            r#"%0 = "stablehlo.compare"(%a, %b) <{compare_type = #stablehlo<comparison_type TOTALORDER>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>"#,
        );
        same(
            F,
            "%0 = stablehlo.compare #stablehlo<comparison_direction NE>, %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>",
            r#"%0 = "stablehlo.compare"(%a, %b) <{comparison_direction = #stablehlo<comparison_direction NE>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>"#,
        );
    }

    const X: &str = "%x: tensor<3x4xf32>, %i: tensor<i32>, %s: tensor<2xi64>, %v: tensor<f32>";

    #[test]
    fn shape_ops() {
        same(X, "%0 = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>", r#"%0 = "stablehlo.broadcast_in_dim"(%x) <{broadcast_dimensions = array<i64: 1, 2>}> : (tensor<3x4xf32>) -> tensor<2x3x4xf32>"#);
        same(X, "%0 = stablehlo.broadcast %x, sizes = [2] : (tensor<3x4xf32>) -> tensor<2x3x4xf32>", r#"%0 = "stablehlo.broadcast"(%x) <{broadcast_sizes = array<i64: 2>}> : (tensor<3x4xf32>) -> tensor<2x3x4xf32>"#);
        same(X, "%0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>", r#"%0 = "stablehlo.transpose"(%x) <{permutation = array<i64: 1, 0>}> : (tensor<3x4xf32>) -> tensor<4x3xf32>"#);
        same(X, "%0 = stablehlo.reverse %x, dims = [1] : tensor<3x4xf32>", r#"%0 = "stablehlo.reverse"(%x) <{dimensions = array<i64: 1>}> : (tensor<3x4xf32>) -> tensor<3x4xf32>"#);
        same(X, "%0 = stablehlo.reshape %x : (tensor<3x4xf32>) -> tensor<12xf32>", r#"%0 = "stablehlo.reshape"(%x) : (tensor<3x4xf32>) -> tensor<12xf32>"#);
        same(X, "%0 = stablehlo.iota dim = 1 : tensor<3x4xi32>", r#"%0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<3x4xi32>"#);
        same(X, "%0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<2xi64>) -> tensor<?x?xf32>", r#"%0 = "stablehlo.dynamic_iota"(%s) <{iota_dimension = 0 : i64}> : (tensor<2xi64>) -> tensor<?x?xf32>"#);
        same(
            X,
            "%0 = stablehlo.slice %x [0:2, 1:4:2] : (tensor<3x4xf32>) -> tensor<2x2xf32>",
            r#"%0 = "stablehlo.slice"(%x) <{limit_indices = array<i64: 2, 4>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>}> : (tensor<3x4xf32>) -> tensor<2x2xf32>"#,
        );
        same(
            X,
            "%0 = stablehlo.slice %x {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 2, 4>, strides = array<i64: 1, 2>} : (tensor<3x4xf32>) -> tensor<2x2xf32>",
            r#"%0 = "stablehlo.slice"(%x) <{limit_indices = array<i64: 2, 4>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>}> : (tensor<3x4xf32>) -> tensor<2x2xf32>"#,
        );
        same(X, "%0 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>", r#"%0 = "stablehlo.concatenate"(%x, %x) <{dimension = 0 : i64}> : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>"#);
        same(
            X,
            "%0 = stablehlo.pad %x, %v, low = [0, -1], high = [1, 0], interior = [0, 2] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x9xf32>",
            r#"%0 = "stablehlo.pad"(%x, %v) <{edge_padding_high = array<i64: 1, 0>, edge_padding_low = array<i64: 0, -1>, interior_padding = array<i64: 0, 2>}> : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x9xf32>"#,
        );
        same(
            X,
            "%0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>",
            r#"%0 = "stablehlo.dynamic_slice"(%x, %i, %i) <{slice_sizes = array<i64: 2, 2>}> : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>"#,
        );
        same(
            X,
            "%0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<3x4xf32>) -> tensor<i32>",
            r#"%0 = "stablehlo.get_dimension_size"(%x) <{dimension = 1 : i64}> : (tensor<3x4xf32>) -> tensor<i32>"#,
        );
        same(
            X,
            "%0 = stablehlo.set_dimension_size %x, %i, dim = 1 : (tensor<3x4xf32>, tensor<i32>) -> tensor<3x?xf32>",
            r#"%0 = "stablehlo.set_dimension_size"(%x, %i) <{dimension = 1 : i64}> : (tensor<3x4xf32>, tensor<i32>) -> tensor<3x?xf32>"#,
        );
        same(
            X,
            "%0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>",
            r#"%0 = "stablehlo.dynamic_broadcast_in_dim"(%x, %s) <{broadcast_dimensions = array<i64: 0, 1>, known_expanding_dimensions = array<i64: 0>}> : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<?x?xf32>"#,
        );
        same(
            X,
            "%0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>",
            r#"%0 = "stablehlo.real_dynamic_slice"(%x, %s, %s, %s) : (tensor<3x4xf32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<?x?xf32>"#,
        );
        same(
            X,
            "%0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<3x4xf32>",
            r#"%0 = "stablehlo.reduce_precision"(%x) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<3x4xf32>) -> tensor<3x4xf32>"#,
        );
    }

    #[test]
    fn select_clamp_tuples_and_terminators() {
        let args = "%p: tensor<i1>, %x: tensor<2xf32>, %y: tensor<2xf32>, %m: tensor<f32>";
        same(args, "%0 = stablehlo.select %p, %x, %y : tensor<i1>, tensor<2xf32>", r#"%0 = "stablehlo.select"(%p, %x, %y) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#);
        same(args, "%0 = stablehlo.clamp %m, %x, %m : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>", r#"%0 = "stablehlo.clamp"(%m, %x, %m) : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>"#);
        same(args, "%0 = stablehlo.clamp %x, %x, %y : tensor<2xf32>", r#"%0 = "stablehlo.clamp"(%x, %x, %y) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#);
        same(args, "%0 = stablehlo.tuple %x, %m : tuple<tensor<2xf32>, tensor<f32>>", r#"%0 = "stablehlo.tuple"(%x, %m) : (tensor<2xf32>, tensor<f32>) -> tuple<tensor<2xf32>, tensor<f32>>"#);
        same(
            "%t: tuple<tensor<2xf32>, tensor<f32>>",
            "%0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tensor<f32>>) -> tensor<f32>",
            r#"%0 = "stablehlo.get_tuple_element"(%t) <{index = 1 : i32}> : (tuple<tensor<2xf32>, tensor<f32>>) -> tensor<f32>"#,
        );
        same(args, "%0:2 = stablehlo.optimization_barrier %x, %m : tensor<2xf32>, tensor<f32>", r#"%0:2 = "stablehlo.optimization_barrier"(%x, %m) : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>, tensor<f32>)"#);
        same(args, "stablehlo.optimization_barrier ()", r#""stablehlo.optimization_barrier"() : () -> ()"#);
        same(args, "%0 = stablehlo.replica_id : tensor<ui32>", r#"%0 = "stablehlo.replica_id"() : () -> tensor<ui32>"#);
        same(args, "%0 = stablehlo.after_all : !stablehlo.token", r#"%0 = "stablehlo.after_all"() : () -> !stablehlo.token"#);
        same(args, "%0 = stablehlo.create_token : !stablehlo.token", r#"%0 = "stablehlo.create_token"() : () -> !stablehlo.token"#);
        same(args, "stablehlo.return %x, %m : tensor<2xf32>, tensor<f32>", r#""stablehlo.return"(%x, %m) : (tensor<2xf32>, tensor<f32>) -> ()"#);
        same(args, "stablehlo.return", r#""stablehlo.return"() : () -> ()"#);
    }

    #[test]
    fn chlo_ops() {
        let args = "%x: tensor<2x3xf32>, %y: tensor<3xf32>";
        same(args, "%0 = chlo.erf_inv %x : tensor<2x3xf32> -> tensor<2x3xf32>", r#"%0 = "chlo.erf_inv"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>"#);
        same(args, "%0 = chlo.is_inf %x : tensor<2x3xf32> -> tensor<2x3xi1>", r#"%0 = "chlo.is_inf"(%x) : (tensor<2x3xf32>) -> tensor<2x3xi1>"#);
        same(
            args,
            "%0 = chlo.broadcast_add %x, %y {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>",
            r#"%0 = "chlo.broadcast_add"(%x, %y) <{broadcast_dimensions = array<i64: 1>}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>"#,
        );
        same(
            args,
            "%0 = chlo.broadcast_compare %x, %y {comparison_direction = #chlo<comparison_direction LT>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>",
            r#"%0 = "chlo.broadcast_compare"(%x, %y) <{comparison_direction = #chlo<comparison_direction LT>}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>"#,
        );
        same(args, "%0 = chlo.zeta %x, %x : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>", r#"%0 = "chlo.zeta"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"#);
        same(
            args,
            "%0:2 = chlo.top_k(%x, k = 2) : tensor<2x3xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)",
            r#"%0:2 = "chlo.top_k"(%x) <{k = 2 : i64}> : (tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)"#,
        );
        same(
            args,
            "%0:2 = chlo.top_k(%x, k = 2, is_stable = false) : tensor<2x3xf32> -> (tensor<2x2xf32>, tensor<2x2xi32>)",
            r#"%0:2 = "chlo.top_k"(%x) <{is_stable = false, k = 2 : i64}> : (tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)"#,
        );
        same(args, "%0 = chlo.constant dense<1.0> : tensor<f32>", r#"%0 = "chlo.constant"() <{value = dense<1.0> : tensor<f32>}> : () -> tensor<f32>"#);
    }

    #[test]
    fn check_ops() {
        let args = "%x: tensor<2xf32>, %y: tensor<2xf32>";
        same(
            args,
            "check.expect_close %x, %y, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>",
            r#""check.expect_close"(%x, %y) {max_ulp_difference = 3 : ui64, min_ulp_difference = 1 : ui64} : (tensor<2xf32>, tensor<2xf32>) -> ()"#,
        );
        same(
            args,
            "check.expect_almost_eq_const %x, dense<[1.0, 2.0]> : tensor<2xf32>, tolerance = 1.0e-2",
            r#""check.expect_almost_eq_const"(%x) {tolerance = 1.0e-2 : f64, value = dense<[1.0, 2.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()"#,
        );
        same(args, "check.expect_almost_eq %x, %y, tolerance = 1 : tensor<2xf32>", r#""check.expect_almost_eq"(%x, %y) {tolerance = 1 : f64} : (tensor<2xf32>, tensor<2xf32>) -> ()"#);
        same(args, "check.expect_eq_const %x, dense<1.0> : tensor<2xf32>", r#""check.expect_eq_const"(%x) {value = dense<1.0> : tensor<2xf32>} : (tensor<2xf32>) -> ()"#);
    }

    #[test]
    fn malformed_forms_are_located_errors() {
        assert_eq!(error(F, "%0 = stablehlo.add %a : tensor<2xf32>"), "2:23: expected ',', found ':'");
        assert!(error(F, "%0 = stablehlo.reduce_precision %a, format = e5 : tensor<2xf32>").starts_with("2:46: expected exponent mantissa"));
        assert!(error(F, "%0 = stablehlo.compare BIGGER, %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>").starts_with("2:24: expected a comparison_direction"));
        assert!(error(F, "%0 = stablehlo.add %a, %b : (tensor<2xf32>) -> tensor<2xf32>").starts_with("2:29: 2 operands present"));
        assert!(error(F, "%0 = stablehlo.slice %a : (tensor<2xf32>) -> tensor<1xf32>").starts_with("2:25: expected slice ranges"));
        assert!(error(F, "%0 = stablehlo.tuple %a : tensor<2xf32>").starts_with("2:27: expected a tuple type"));
        assert!(error(F, "%0 = stablehlo.constant 1.0 : tensor<f32>").starts_with("2:25: expected an elements attribute"));
        assert!(error(F, "%0 = stablehlo.select %a, %a, %b : tensor<2xf32>").starts_with("2:36: expected a function type or two types"));
        assert!(error(F, "%0 = stablehlo.broadcast_in_dim %a, dims = [0 : (tensor<2xf32>) -> tensor<2xf32>").contains("expected ','"));
        assert!(error(F, "%0 = stablehlo.complex %a, %b : tensor<2xf32>").starts_with("2:33: expected a tensor type with complex"));
        assert!(error(F, "%0:2 = chlo.top_k(%a, k = 1 : tensor<2xf32> -> (tensor<1xf32>, tensor<1xi32>)").contains("expected ')'"));
    }
}

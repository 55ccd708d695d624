//! Element-wise ops (seed 002 "Element-wise unary functions", "Element-wise binary arithmetic
//! operations", Compare, Select, Clamp, Map, ConvertElementType, BitcastConvertType,
//! ReducePrecision).
//!
//! Operands of explicit xhlo have equal shapes; implicit broadcasting (seed 003) is the
//! builder's job, which emits `broadcast_in_dim` first. A `select` predicate and `clamp`
//! bounds may be scalars, as in the seeds.

use super::*;
use crate::op::{attr, opt_attr, tensor, tensors, AttrKind, Category, Cost, FusionRole, Import, OpDef, OpView, RegionSig, Syntax};

/// How an element-wise op's result element type follows from its operand's.
#[derive(Clone, Copy)]
enum ResultElement {
    Same,
    Pred,
    /// The real part type (`abs` of complex, `real`, `imag`).
    RealPart,
}

fn result_element(rule: ResultElement, t: ElementType) -> ElementType {
    match rule {
        ResultElement::Same => t,
        ResultElement::Pred => ElementType::Pred,
        ResultElement::RealPart => t.real_part(),
    }
}

fn unary(v: &OpView, class: TypeClass, rule: ResultElement) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    class.check(x.element, "operand")?;
    one(x.with_element(result_element(rule, x.element)))
}

fn binary(v: &OpView, class: TypeClass) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (v.tensor("lhs")?, v.tensor("rhs")?);
    class.check(lhs.element, "lhs")?;
    same_shape(lhs, "lhs", rhs, "rhs")?;
    one(lhs.with_element(lhs.element))
}

/// A unary element-wise op: operand type class, result element rule, arithmetic cost.
macro_rules! unary_op {
    ($name:literal, $class:expr, $rule:expr, $cost:ident, $summary:literal) => {
        OpDef::new($name, Category::ElementwiseUnary, $summary, &[tensor("operand")], {
            fn rule(v: &OpView) -> Result<Vec<Type>, String> {
                unary(v, $class, $rule)
            }
            rule
        })
        .with_syntax(Syntax::Unary)
        .with_fusion(FusionRole::Elementwise)
        .with_cost(Cost::$cost)
    };
}

/// A binary element-wise op: operand type class, arithmetic cost.
macro_rules! binary_op {
    ($name:literal, $class:expr, $cost:ident, $summary:literal) => {
        OpDef::new($name, Category::ElementwiseBinary, $summary, &[tensor("lhs"), tensor("rhs")], {
            fn rule(v: &OpView) -> Result<Vec<Type>, String> {
                binary(v, $class)
            }
            rule
        })
        .with_syntax(Syntax::Binary)
        .with_fusion(FusionRole::Elementwise)
        .with_cost(Cost::$cost)
    };
}

use ResultElement::*;

pub const OPS: &[OpDef] = &[
    // Unary arithmetic.
    unary_op!("abs", SIGNED_OR_FLOAT_OR_COMPLEX, RealPart, Simple, "Abs: |x|; complex gives its modulus"),
    unary_op!("negate", NUMERIC, Same, Simple, "Neg: -x"),
    unary_op!("sign", SIGNED_OR_FLOAT_OR_COMPLEX, Same, Simple, "Sign: -1, 0 or 1 (x/|x| for complex; NaN stays NaN)"),
    unary_op!("ceil", FLOAT, Same, Simple, "Ceil: smallest integer value >= x"),
    unary_op!("floor", FLOAT, Same, Simple, "Floor: largest integer value <= x"),
    unary_op!("round_nearest_afz", FLOAT, Same, Simple, "Round: to nearest, ties away from zero"),
    unary_op!("round_nearest_even", FLOAT, Same, Simple, "RoundNearestEven: to nearest, ties to even"),
    unary_op!("exponential", FLOAT_OR_COMPLEX, Same, Transcendental, "Exp: e^x"),
    unary_op!("exponential_minus_one", FLOAT_OR_COMPLEX, Same, Transcendental, "Expm1: e^x - 1"),
    unary_op!("log", FLOAT_OR_COMPLEX, Same, Transcendental, "Log: natural logarithm"),
    unary_op!("log_plus_one", FLOAT_OR_COMPLEX, Same, Transcendental, "Log1p: ln(1 + x)"),
    unary_op!("logistic", FLOAT_OR_COMPLEX, Same, Transcendental, "Logistic: 1 / (1 + e^-x)"),
    unary_op!("sqrt", FLOAT_OR_COMPLEX, Same, Divide, "Sqrt: square root"),
    unary_op!("rsqrt", FLOAT_OR_COMPLEX, Same, Divide, "Rsqrt: 1 / sqrt(x)"),
    unary_op!("cbrt", FLOAT_OR_COMPLEX, Same, Divide, "Cbrt: cube root"),
    unary_op!("cosine", FLOAT_OR_COMPLEX, Same, Transcendental, "Cos: cosine"),
    unary_op!("sine", FLOAT_OR_COMPLEX, Same, Transcendental, "Sin: sine"),
    unary_op!("tan", FLOAT_OR_COMPLEX, Same, Transcendental, "Tan: tangent")
        .with_import(Import::Renamed(&["stablehlo.tan", "chlo.tan"])),
    unary_op!("tanh", FLOAT_OR_COMPLEX, Same, Transcendental, "Tanh: hyperbolic tangent"),
    unary_op!("erf", FLOAT, Same, Transcendental, "Erf: the Gauss error function")
        .with_import(Import::Renamed(&["chlo.erf"])),
    unary_op!("erfc", FLOAT, Same, Transcendental, "Erfc: the complementary error function 1 - erf(x), accurate where erf(x) is near 1")
        .with_import(Import::Renamed(&["chlo.erfc"])),
    unary_op!("is_finite", FLOAT, Pred, Simple, "IsFinite: neither infinite nor NaN").with_syntax(Syntax::Functional),
    unary_op!("not", INT_OR_PRED, Same, Simple, "Not: logical not of PRED, bitwise not of integers"),
    unary_op!("popcnt", INT, Same, Simple, "PopulationCount: number of set bits"),
    unary_op!("count_leading_zeros", INT, Same, Simple, "Clz: number of leading zero bits"),
    unary_op!("real", FLOAT_OR_COMPLEX, RealPart, Free, "Real: real part (identity for floats)"),
    unary_op!("imag", FLOAT_OR_COMPLEX, RealPart, Free, "Imag: imaginary part (zero for floats)"),
    // Binary arithmetic.
    binary_op!("add", ANY, Simple, "Add: lhs + rhs (logical or for PRED)"),
    binary_op!("subtract", NUMERIC, Simple, "Sub: lhs - rhs"),
    binary_op!("multiply", ANY, Simple, "Mul: lhs * rhs (logical and for PRED)"),
    binary_op!("divide", NUMERIC, Divide, "Div: lhs / rhs (integer division truncates toward zero)"),
    binary_op!("remainder", INT_OR_FLOAT, Divide, "Rem: remainder with the sign of the dividend (C fmod)"),
    binary_op!("power", NUMERIC, Divide, "Pow: lhs ^ rhs"),
    binary_op!("maximum", ANY, Simple, "Max: larger of lhs and rhs (NaN propagates)"),
    binary_op!("minimum", ANY, Simple, "Min: smaller of lhs and rhs (NaN propagates)"),
    binary_op!("atan2", FLOAT_OR_COMPLEX, Transcendental, "Atan2: atan(lhs / rhs) in the right quadrant"),
    binary_op!("and", INT_OR_PRED, Simple, "And: logical/bitwise and"),
    binary_op!("or", INT_OR_PRED, Simple, "Or: logical/bitwise or"),
    binary_op!("xor", INT_OR_PRED, Simple, "Xor: logical/bitwise exclusive or"),
    binary_op!("shift_left", INT, Simple, "ShiftLeft: lhs << rhs (0 when rhs >= bit width)"),
    binary_op!("shift_right_arithmetic", INT, Simple, "ShiftRightArithmetic: sign-filling shift"),
    binary_op!("shift_right_logical", INT, Simple, "ShiftRightLogical: zero-filling shift"),
    OpDef::new("complex", Category::ElementwiseBinary, "Complex: builds complex numbers from real and imaginary parts",
        &[tensor("lhs"), tensor("rhs")], infer_complex).with_syntax(Syntax::Own).with_fusion(FusionRole::Elementwise),
    OpDef {
        attrs: &[attr("comparison_direction", AttrKind::Str), opt_attr("compare_type", AttrKind::Str)],
        ..OpDef::new("compare", Category::ElementwiseBinary,
            "Eq/Ne/Ge/Gt/Le/Lt: element-wise comparison giving PRED; compare_type TOTALORDER gives the IEEE total order",
            &[tensor("lhs"), tensor("rhs")], infer_compare)
    }.with_syntax(Syntax::Own).with_import(Import::Converted("stablehlo.compare")).with_fusion(FusionRole::Elementwise),
    OpDef::new("select", Category::ElementwiseOther,
        "Select: on_true where pred else on_false; pred may be a scalar",
        &[tensor("pred"), tensor("on_true"), tensor("on_false")], infer_select).with_syntax(Syntax::Own).with_fusion(FusionRole::Elementwise),
    OpDef::new("clamp", Category::ElementwiseOther,
        "Clamp: min(max(operand, min), max); min and max may be scalars",
        &[tensor("min"), tensor("operand"), tensor("max")], infer_clamp).with_syntax(Syntax::Own).with_fusion(FusionRole::Elementwise),
    OpDef {
        attrs: &[attr("dimensions", AttrKind::I64Array)],
        regions: &["computation"],
        ..OpDef::new("map", Category::ElementwiseOther,
            "Map: applies a scalar computation element-wise over operands of one shape",
            &[tensors("inputs")], infer_map)
    },
    OpDef::new("convert", Category::ElementwiseUnary,
        "ConvertElementType: element-wise value conversion to the result's element type",
        &[tensor("operand")], infer_convert).with_syntax(Syntax::Unary).with_fusion(FusionRole::Elementwise).with_cost(Cost::Free),
    OpDef::new("bitcast_convert", Category::ElementwiseUnary,
        "BitcastConvertType: reinterprets bits; a width change adds or removes a minor dimension",
        &[tensor("operand")], infer_bitcast_convert).with_syntax(Syntax::Functional).with_import(Import::Converted("stablehlo.bitcast_convert")),
    OpDef {
        attrs: &[attr("exponent_bits", AttrKind::Int), attr("mantissa_bits", AttrKind::Int)],
        ..OpDef::new("reduce_precision", Category::ElementwiseUnary,
            "ReducePrecision: rounds floats to a format with fewer exponent/mantissa bits",
            &[tensor("operand")], infer_reduce_precision)
    }.with_syntax(Syntax::Own),
];

fn infer_complex(v: &OpView) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (v.tensor("lhs")?, v.tensor("rhs")?);
    F32_OR_F64.check(lhs.element, "lhs")?;
    same_shape(lhs, "lhs", rhs, "rhs")?;
    one(lhs.with_element(lhs.element.complex_of().expect("F32 or F64")))
}

const DIRECTIONS: &[&str] = &["EQ", "NE", "GE", "GT", "LE", "LT"];
const COMPARE_TYPES: &[&str] = &["FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"];

fn infer_compare(v: &OpView) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (v.tensor("lhs")?, v.tensor("rhs")?);
    same_shape(lhs, "lhs", rhs, "rhs")?;
    v.enum_str("comparison_direction", DIRECTIONS)?;
    match v.enum_str("compare_type", COMPARE_TYPES)? {
        Some("FLOAT" | "TOTALORDER") if !lhs.element.is_float_or_complex() => {
            return Err(format!(
                "compare_type {} needs float operands, got {}",
                v.str("compare_type")?,
                describe_element(lhs.element)
            ))
        }
        Some("SIGNED") if !(lhs.element.is_signed_int() || lhs.element.is_pred()) => {
            return Err(format!("compare_type SIGNED needs signed integer operands, got {}", describe_element(lhs.element)))
        }
        Some("UNSIGNED") if !(lhs.element.is_unsigned_int() || lhs.element.is_pred()) => {
            return Err(format!("compare_type UNSIGNED needs unsigned integer or PRED operands, got {}", describe_element(lhs.element)))
        }
        _ => {}
    }
    if lhs.element.is_complex() && !matches!(v.str("comparison_direction")?, "EQ" | "NE") {
        return Err("complex operands can only be compared with EQ or NE".into());
    }
    one(lhs.with_element(ElementType::Pred))
}

/// A scalar, or a tensor of exactly the operand's shape (for select's pred, clamp's bounds).
fn scalar_or_same_dims(t: &TensorType, name: &str, dims: &[i64]) -> Result<(), String> {
    if t.rank() == 0 || t.dims == dims {
        Ok(())
    } else {
        Err(format!("{name} has shape {:?} but must be a scalar or have shape {dims:?}", t.dims))
    }
}

fn infer_select(v: &OpView) -> Result<Vec<Type>, String> {
    let (pred, on_true, on_false) = (v.tensor("pred")?, v.tensor("on_true")?, v.tensor("on_false")?);
    if pred.element != ElementType::Pred {
        return Err(format!("pred must have element type i1 (PRED), got {}", describe_element(pred.element)));
    }
    same_shape(on_true, "on_true", on_false, "on_false")?;
    scalar_or_same_dims(pred, "pred", &on_true.dims)?;
    one(on_true.clone())
}

fn infer_clamp(v: &OpView) -> Result<Vec<Type>, String> {
    let (min, x, max) = (v.tensor("min")?, v.tensor("operand")?, v.tensor("max")?);
    for (bound, name) in [(min, "min"), (max, "max")] {
        if bound.element != x.element {
            return Err(format!(
                "{name} has element type {} but operand has {}",
                describe_element(bound.element),
                describe_element(x.element)
            ));
        }
        scalar_or_same_dims(bound, name, &x.dims)?;
    }
    one(x.clone())
}

fn infer_map(v: &OpView) -> Result<Vec<Type>, String> {
    let inputs = v.tensors("inputs")?;
    let Some(first) = inputs.first() else { return Err("map needs at least one input".into()) };
    for (i, t) in inputs.iter().enumerate() {
        if t.dims != first.dims {
            return Err(format!("input #{i} has shape {:?} but input #0 has shape {:?}", t.dims, first.dims));
        }
    }
    let dims = v.i64_array("dimensions")?;
    let all: Vec<i64> = (0..first.rank() as i64).collect();
    if dims != all.as_slice() {
        return Err(format!("dimensions must be {all:?} (map applies over every dimension), got {dims:?}"));
    }
    let body: &RegionSig = v.region(0)?;
    if body.args().len() != inputs.len() {
        return Err(format!("computation takes {} parameters but there are {} inputs", body.args().len(), inputs.len()));
    }
    for (i, (arg, t)) in body.args().iter().zip(&inputs).enumerate() {
        let expected = Type::scalar(t.element);
        if !arg.compatible(&expected) {
            return Err(format!("computation parameter #{i} has type {arg} but input #{i} needs {expected}"));
        }
    }
    match body.yields() {
        [Type::Tensor(r)] if r.rank() == 0 => one(first.with_element(r.element)),
        other => Err(format!("computation must return one scalar tensor, returns {} value(s)", other.len())),
    }
}

fn infer_convert(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let target = v.declared_tensor(0)?;
    one(x.with_element(target.element))
}

fn infer_bitcast_convert(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let target = v.declared_tensor(0)?.element;
    let (from, to) = (x.element.bit_width() as i64, target.bit_width() as i64);
    if x.element.is_pred() || target.is_pred() {
        if from != to {
            return Err("bitcast_convert to or from PRED needs equal bit widths".into());
        }
    }
    let mut dims = x.dims.clone();
    if from > to {
        // Wider to narrower: a new minor dimension of size from/to.
        if from % to != 0 {
            return Err(format!("cannot bitcast {from}-bit elements to {to}-bit elements"));
        }
        dims.push(from / to);
    } else if from < to {
        // Narrower to wider: the minor dimension must hold exactly to/from elements and goes away.
        if to % from != 0 || dims.last() != Some(&(to / from)) {
            return Err(format!(
                "bitcast from {from}-bit to {to}-bit elements needs a minor dimension of size {}, shape is {:?}",
                to / from.max(1),
                x.dims
            ));
        }
        dims.pop();
    }
    one(TensorType::new(dims, target))
}

fn infer_reduce_precision(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    FLOAT.check(x.element, "operand")?;
    let exponent = v.int("exponent_bits")?;
    let mantissa = v.int("mantissa_bits")?;
    if exponent < 1 {
        return Err(format!("exponent_bits must be at least 1, got {exponent}"));
    }
    if mantissa < 0 {
        return Err(format!("mantissa_bits must be non-negative, got {mantissa}"));
    }
    one(x.clone())
}

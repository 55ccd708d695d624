//! Scalar code for the bodies of `reduce`, `map`, `sort` and similar regions: their xhlo ops
//! work on rank-0 tensors, which inside a loop body are plain scalars.

use crate::convert::xtensor;
use crate::emitter::Emitter;
use crate::scalar::{self, Value};
use std::collections::HashMap;
use xhlo_ir::literal::{Literal, Scalar};
use mlir_text::ast::{Attribute, Block, Op};

/// Lowers `block` given scalar values for its arguments; returns the values it yields.
pub fn lower_block(e: &mut Emitter, block: &Block, args: Vec<Value>) -> Result<Vec<Value>, String> {
    if block.args.len() != args.len() {
        return Err(format!("region takes {} arguments, {} given", block.args.len(), args.len()));
    }
    let mut env: HashMap<String, Value> = block.args.iter().map(|(v, _)| v.0.clone()).zip(args).collect();
    for op in &block.ops {
        if op.name == xhlo_ir::op::REGION_TERMINATOR {
            return op.operands.iter().map(|v| env.get(&v.0).cloned().ok_or_else(|| format!("undefined {v}"))).collect();
        }
        let result = lower_scalar_op(e, op, &env)?;
        let refs = op.result_refs();
        if refs.len() != 1 {
            return Err(format!("unsupported in lowering: {} with {} results inside a region", op.name, refs.len()));
        }
        env.insert(refs[0].0.clone(), result);
    }
    Err("region block does not end in a terminator".into())
}

fn operand(env: &HashMap<String, Value>, op: &Op, i: usize) -> Result<Value, String> {
    let v = op.operands.get(i).ok_or_else(|| format!("{}: missing operand #{i}", op.name))?;
    env.get(&v.0).cloned().ok_or_else(|| format!("{}: operand {v} is not a scalar of this region", op.name))
}

fn str_attr<'a>(op: &'a Op, name: &str) -> Option<&'a str> {
    op.attr(name).and_then(Attribute::as_str)
}

/// One op of a region body on scalars.
pub fn lower_scalar_op(e: &mut Emitter, op: &Op, env: &HashMap<String, Value>) -> Result<Value, String> {
    let name = op.name.strip_prefix("xhlo.").ok_or_else(|| format!("unsupported in lowering: {} inside a region", op.name))?;
    let result = xtensor(op.result_types.first().ok_or("op without result")?)?;
    if result.rank() != 0 {
        return Err(format!("unsupported in lowering: non-scalar xhlo.{name} inside a region"));
    }
    let t = result.element;
    match name {
        "constant" => {
            let Some(Attribute::Dense { body, .. }) = op.attr("value") else { return Err("constant without dense value".into()) };
            let lit = Literal::parse_dense(body, &result)?;
            Ok(scalar_constant(e, lit.get(0), t))
        }
        _ => {
            let args = (0..op.operands.len()).map(|i| operand(env, op, i)).collect::<Result<Vec<_>, _>>()?;
            apply(e, op, args, t)
        }
    }
}

/// A scalar constant of element type `t` in compute form.
pub fn scalar_constant(e: &mut Emitter, value: Scalar, t: xhlo_ir::ElementType) -> Value {
    let text = match value {
        // `1 : i1`, not `true : i1`: MLIR's bool keywords take no type (`arith.constant
        // false : i1` does not parse), and the constant is written with its type.
        Scalar::Int(i) if t.is_pred() => (if i != 0 { "1" } else { "0" }).to_string(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => float_text(f, t),
        Scalar::Complex(re, im) => {
            let part = crate::types::compute(t.real_part());
            let c = e.op("c", &format!(
                "complex.constant [{} : {part}, {} : {part}] : {}",
                float_text(re, t.real_part()),
                float_text(im, t.real_part()),
                crate::types::compute(t)
            ));
            return Value { name: c, ty: t };
        }
    };
    scalar::literal(e, t, &text)
}

/// The scalar semantics of an element-wise op `op` on `args`, giving an element of `t`.
pub fn apply(e: &mut Emitter, op: &Op, args: Vec<Value>, t: xhlo_ir::ElementType) -> Result<Value, String> {
    let name = op.name.strip_prefix("xhlo.").unwrap_or(&op.name);
    match (name, args.as_slice()) {
        ("compare", [a, b]) => {
            let dir = str_attr(op, "comparison_direction").ok_or("compare without comparison_direction")?;
            scalar::compare(e, dir, str_attr(op, "compare_type"), a, b)
        }
        ("select", [p, a, b]) => Ok(scalar::select(e, p, a, b)),
        ("clamp", [lo, x, hi]) => scalar::clamp(e, lo, x, hi),
        ("convert", [x]) => scalar::convert(e, x, t),
        ("complex", [re, im]) => {
            let name = e.op("s", &format!("complex.create {}, {} : {}", re.name, im.name, crate::types::compute(t)));
            Ok(Value { name, ty: t })
        }
        (_, [x]) => scalar::unary(e, name, x, t),
        (_, [a, b]) => scalar::binary(e, name, a, b),
        _ => Err(format!("unsupported in lowering: xhlo.{name} as a scalar op")),
    }
}

/// A float constant's text: exact decimal when finite, the bit pattern otherwise.
pub fn float_text(v: f64, t: xhlo_ir::ElementType) -> String {
    if v.is_finite() {
        xhlo_ir::attrs::format_float(v)
    } else {
        let bits = xhlo_ir::literal::encode(t, Scalar::Float(v));
        let mut word = 0u64;
        for (i, b) in bits.iter().enumerate() {
            word |= (*b as u64) << (8 * i);
        }
        format!("0x{:0width$X}", word, width = bits.len() * 2)
    }
}

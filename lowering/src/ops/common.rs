//! Helpers shared by the lowerings of several families: attribute readers, region and
//! operand access, clamped start indices, and `scf.for`/`scf.if` nests carrying tensors.
//! Not a family: no op is lowered here.

use crate::convert::{xtensor, Ctx, Lowered};
use crate::emitter::Emitter;
use crate::types;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::{Attribute, Block, Op};

// ----- attributes ----------------------------------------------------------------------------

/// An `array<i64: ...>` attribute.
pub fn i64s(op: &Op, name: &str) -> Result<Vec<i64>, String> {
    match op.attr(name) {
        Some(Attribute::DenseArray(_, values)) => {
            values.iter().map(|v| v.parse::<i64>().map_err(|e| format!("{name}: {e}"))).collect()
        }
        None => Err(format!("missing attribute '{name}'")),
        Some(other) => Err(format!("attribute '{name}' is not array<i64: ...>: {other:?}")),
    }
}

/// An integer attribute.
pub fn int(op: &Op, name: &str) -> Result<i64, String> {
    match op.attr(name) {
        Some(Attribute::Int(v, _)) => v.parse::<i64>().map_err(|e| format!("{name}: {e}")),
        _ => Err(format!("missing integer attribute '{name}'")),
    }
}

/// An optional `array<i64: ...>` attribute.
pub fn opt_i64s(op: &Op, name: &str) -> Result<Option<Vec<i64>>, String> {
    if op.attr(name).is_none() {
        Ok(None)
    } else {
        i64s(op, name).map(Some)
    }
}

pub fn result(op: &Op, i: usize) -> Result<TensorType, String> {
    xtensor(op.result_types.get(i).ok_or("missing result type")?)
}

// ----- operands and regions ------------------------------------------------------------------

pub fn operands(ctx: &Ctx, op: &Op) -> Result<Vec<Lowered>, String> {
    op.operands.iter().map(|v| ctx.get(v).cloned()).collect()
}

pub fn region_block<'a>(op: &'a Op, i: usize, name: &str) -> Result<&'a Block, String> {
    op.regions.get(i).and_then(|r| r.blocks.first()).ok_or_else(|| format!("{} without region '{name}'", op.name))
}

pub fn block<'a>(op: &'a Op, i: usize, what: &str) -> Result<&'a Block, String> {
    op.regions.get(i).and_then(|r| r.blocks.first()).ok_or_else(|| format!("{} without a {what} region", op.name))
}

// ----- emission ------------------------------------------------------------------------------

pub use crate::emitter::list;

pub fn index_const(e: &mut Emitter, v: i64) -> String {
    e.op("c", &format!("arith.constant {v} : index"))
}

/// The literal text of zero in `t`.
pub fn zero_text(t: ElementType) -> &'static str {
    if t.is_float_or_complex() {
        "0.0"
    } else if t.is_pred() {
        "false"
    } else {
        "0"
    }
}

/// A tensor of `ty` filled with zeros.
pub fn zeros(e: &mut Emitter, ty: &TensorType) -> String {
    let z = e.scalar_const(ty.element, zero_text(ty.element));
    e.fill(ty, &z)
}

/// `tensor.extract` of `t` (a tensor of type `ty`) at `indices`.
pub fn extract(e: &mut Emitter, t: &str, ty: &TensorType, indices: &[String]) -> String {
    e.op("x", &format!("tensor.extract {t}[{}] : {}", indices.join(", "), types::tensor(ty)))
}

/// An integer index scalar (storage form of `t`) clamped to `[lo, hi]` (`lo <= 0 <= hi`) as
/// an `index`: sign- or zero-extended to i64 by `t`'s signedness, then clamped, so values
/// beyond i64 or index range cannot wrap.
pub fn clamped_index(e: &mut Emitter, value: &str, t: ElementType, lo: i64, hi: i64) -> Result<String, String> {
    if !t.is_int() {
        return Err(format!("unsupported in lowering: start index of type {}", t.xla_name()));
    }
    let st = types::storage(t);
    let wide = if st == "i64" {
        value.to_string()
    } else {
        let ext = if t.is_signed_int() { "extsi" } else { "extui" };
        e.op("ix", &format!("arith.{ext} {value} : {st} to i64"))
    };
    let hi_c = e.op("c", &format!("arith.constant {hi} : i64"));
    let clamped = if t.is_signed_int() {
        let lo_c = e.op("c", &format!("arith.constant {lo} : i64"));
        let above = e.op("ix", &format!("arith.maxsi {wide}, {lo_c} : i64"));
        e.op("ix", &format!("arith.minsi {above}, {hi_c} : i64"))
    } else {
        // Unsigned values are never below `lo`; compare them as unsigned against `hi >= 0`.
        e.op("ix", &format!("arith.minui {wide}, {hi_c} : i64"))
    };
    Ok(e.op("ix", &format!("arith.index_cast {clamped} : i64 to index")))
}

// ----- scf nests carrying tensors ------------------------------------------------------------

/// The results of an op with `n` results named `r`.
fn result_names(r: &str, n: usize) -> Vec<String> {
    if n == 1 {
        vec![r.to_string()]
    } else {
        (0..n).map(|i| format!("{r}#{i}")).collect()
    }
}

fn lhs(r: &str, n: usize) -> String {
    match n {
        0 => String::new(),
        1 => format!("{r} = "),
        n => format!("{r}:{n} = "),
    }
}

/// A value carried through loops: its SSA name and MLIR type.
#[derive(Clone)]
pub struct Carried {
    pub name: String,
    pub ty: String,
}

pub type LoopBody<'a> = dyn FnMut(&mut Emitter, &[String], &[String]) -> Result<Vec<String>, String> + 'a;

/// A nest of `scf.for` loops over `0..bounds[i]` (outermost first) carrying `carried`; `body`
/// gets the induction variables and the carried values, and returns the values to carry on.
/// Returns the nest's results.
pub fn loop_nest(e: &mut Emitter, bounds: &[i64], carried: &[Carried], ivs: &mut Vec<String>, body: &mut LoopBody) -> Result<Vec<String>, String> {
    let Some((&n, inner)) = bounds.split_first() else {
        let names: Vec<String> = carried.iter().map(|c| c.name.clone()).collect();
        return body(e, ivs, &names);
    };
    let (c0, c1, cn) = (index_const(e, 0), index_const(e, 1), index_const(e, n));
    let iv = e.fresh("iv");
    let r = e.fresh("for");
    let args: Vec<Carried> = carried.iter().map(|c| Carried { name: e.fresh("it"), ty: c.ty.clone() }).collect();
    let inits: Vec<String> = args.iter().zip(carried).map(|(a, c)| format!("{} = {}", a.name, c.name)).collect();
    let tys = carried.iter().map(|c| c.ty.clone()).collect::<Vec<_>>().join(", ");
    e.line(&format!("{}scf.for {iv} = {c0} to {cn} step {c1} iter_args({}) -> ({tys}) {{", lhs(&r, carried.len()), inits.join(", ")));
    ivs.push(iv);
    e.nested(|e| -> Result<(), String> {
        let yielded = loop_nest(e, inner, &args, ivs, body)?;
        e.line(&format!("scf.yield {} : {tys}", yielded.join(", ")));
        Ok(())
    })?;
    ivs.pop();
    e.line("}");
    Ok(result_names(&r, carried.len()))
}

pub type Branch<'a> = Box<dyn FnOnce(&mut Emitter) -> Result<Vec<String>, String> + 'a>;

/// `scf.if cond` yielding values of `tys`: `then` and `otherwise` write their branch and
/// return the values it yields.
pub fn if_else(e: &mut Emitter, cond: &str, tys: &[String], then: Branch, otherwise: Branch) -> Result<Vec<String>, String> {
    let r = e.fresh("if");
    let n = tys.len();
    let tys = tys.join(", ");
    e.line(&format!("{}scf.if {cond} -> ({tys}) {{", lhs(&r, n)));
    for (i, branch) in [then, otherwise].into_iter().enumerate() {
        if i == 1 {
            e.line("} else {");
        }
        e.nested(|e| -> Result<(), String> {
            let values = branch(e)?;
            e.line(&format!("scf.yield {} : {tys}", values.join(", ")));
            Ok(())
        })?;
    }
    e.line("}");
    Ok(result_names(&r, n))
}

/// `0 <= index[d] < dims[d]` for every `d`, as one i1.
pub fn in_bounds(e: &mut Emitter, index: &[String], dims: &[i64]) -> String {
    let mut all = e.op("c", "arith.constant true");
    let zero = index_const(e, 0);
    for (i, &n) in index.iter().zip(dims) {
        let bound = index_const(e, n);
        let ge = e.op("b", &format!("arith.cmpi sge, {i}, {zero} : index"));
        let lt = e.op("b", &format!("arith.cmpi slt, {i}, {bound} : index"));
        let both = e.op("b", &format!("arith.andi {ge}, {lt} : i1"));
        all = e.op("b", &format!("arith.andi {all}, {both} : i1"));
    }
    all
}

/// The helpers above on the typed emitter ([`crate::build`]), for the lowerings moved to it;
/// the string forms stay while files that are not moved yet use them.
pub mod typed {
    use crate::build::{i1_type, i64_type, int, Build, Value};
    use crate::emitter::Emitter;
    use crate::types;
    use mlir_text::ast::{Attribute, Type};
    use xhlo_ir::ElementType;

    /// [`super::clamped_index`]: an integer index scalar (storage form of `t`) clamped to
    /// `[lo, hi]` (`lo <= 0 <= hi`) as an `index`.
    pub fn clamped_index(e: &mut Emitter, value: &Value, t: ElementType, lo: i64, hi: i64) -> Result<Value, String> {
        if !t.is_int() {
            return Err(format!("unsupported in lowering: start index of type {}", t.xla_name()));
        }
        let wide = if types::storage(t) == "i64" {
            value.clone()
        } else {
            let ext = if t.is_signed_int() { "arith.extsi" } else { "arith.extui" };
            e.cast("ix", ext, value, i64_type())
        };
        let hi_c = e.constant("c", int(hi, i64_type()), i64_type());
        let clamped = if t.is_signed_int() {
            let lo_c = e.constant("c", int(lo, i64_type()), i64_type());
            let above = e.same_type("ix", "arith.maxsi", &[&wide, &lo_c]);
            e.same_type("ix", "arith.minsi", &[&above, &hi_c])
        } else {
            // Unsigned values are never below `lo`; compare them as unsigned against `hi >= 0`.
            e.same_type("ix", "arith.minui", &[&wide, &hi_c])
        };
        Ok(e.cast("ix", "arith.index_cast", &clamped, Type::Index))
    }

    /// [`super::in_bounds`]: `0 <= index[d] < dims[d]` for every `d`, as one i1.
    pub fn in_bounds(e: &mut Emitter, index: &[Value], dims: &[i64]) -> Value {
        let mut all = e.constant("c", Attribute::Bool(true), i1_type());
        let zero = e.index(0);
        for (i, &n) in index.iter().zip(dims) {
            let bound = e.index(n);
            let ge = e.cmpi("b", "sge", i, &zero);
            let lt = e.cmpi("b", "slt", i, &bound);
            let both = e.same_type("b", "arith.andi", &[&ge, &lt]);
            all = e.same_type("b", "arith.andi", &[&all, &both]);
        }
        all
    }

    pub type LoopBody<'a> = dyn FnMut(&mut Emitter, &[Value], &[Value]) -> Result<Vec<Value>, String> + 'a;

    /// [`super::loop_nest`]: `scf.for` loops over `0..bounds[i]` (outermost first) carrying
    /// `carried`; `body` gets the induction variables and the carried values and returns the
    /// values to carry on. Returns the nest's results.
    pub fn loop_nest(e: &mut Emitter, bounds: &[i64], carried: &[Value], ivs: &mut Vec<Value>, body: &mut LoopBody) -> Result<Vec<Value>, String> {
        let Some((&n, inner)) = bounds.split_first() else {
            return body(e, ivs, carried);
        };
        let (c0, c1, cn) = (e.index(0), e.index(1), e.index(n));
        let l = e.scf_for("iv", [&c0, &cn, &c1], carried);
        ivs.push(l.iv.clone());
        let yielded = loop_nest(e, inner, &l.args, ivs, body)?;
        ivs.pop();
        e.end_for(l.open, &yielded);
        Ok(l.results)
    }

    pub type Branch<'a> = Box<dyn FnOnce(&mut Emitter) -> Result<Vec<Value>, String> + 'a>;

    /// [`super::if_else`]: `scf.if cond` yielding values of `tys`; `then` and `otherwise`
    /// write their branch and return the values it yields.
    pub fn if_else(e: &mut Emitter, cond: &Value, tys: &[Type], then: Branch, otherwise: Branch) -> Result<Vec<Value>, String> {
        let (open, results) = e.open("if", Build::new("scf.if").operand(cond).results(tys.iter().cloned()));
        let values = then(e)?;
        e.terminator("scf.yield", &values);
        e.next_region(&open);
        let values = otherwise(e)?;
        e.end_for(open, &values);
        Ok(results)
    }
}

//! Indexing ops: `dynamic_slice`, `dynamic_update_slice`, `gather`, `scatter`,
//! `reduce_window` and `select_and_scatter`.
//!
//! Semantics follow the seeds (002 "DynamicSlice", "DynamicUpdateSlice", "Gather", "Scatter",
//! "ReduceWindow", "SelectAndScatter") with StableHLO's batching dimensions:
//! - dynamic start indices are clamped to `[0, dim - size]` (seed 002; seed 001's "modulo"
//!   is superseded);
//! - gather clamps each start index to `[0, operand_dim - slice_size]` as XLA does;
//! - scatter skips each update element whose operand index is out of bounds (seed 002: "if
//!   O is a valid index for output"; StableHLO agrees), element by element, not per window;
//! - reduce_window pads (edges and base dilation holes) with the init values;
//! - select_and_scatter skips padding positions; a window with no operand element selects
//!   nothing and its source value is dropped.
//!
//! Start indices are read as integers of their xhlo type (sign- or zero-extended to i64) and
//! clamped before conversion to `index`, so no wide or unsigned value can wrap around.
//!
//! `gather` and `reduce_window` are `linalg.generic`s over the result; `scatter` and
//! `select_and_scatter` are `scf.for` nests over the update (source) index space carrying the
//! result tensors, with `tensor.extract`/`tensor.insert` at computed positions.

use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::{Emitter, Operand};
use crate::ops::data_movement::{i64s, int};
use crate::region;
use crate::scalar::{self, Value};
use crate::types;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::{Block, Op};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("dynamic_slice", dynamic_slice),
    ("dynamic_update_slice", dynamic_update_slice),
    ("gather", gather),
    ("scatter", scatter),
    ("reduce_window", reduce_window),
    ("select_and_scatter", select_and_scatter),
];

fn result(op: &Op, i: usize) -> Result<TensorType, String> {
    xtensor(op.result_types.get(i).ok_or("missing result type")?)
}

/// An optional `array<i64: ...>` attribute.
fn opt_i64s(op: &Op, name: &str) -> Result<Option<Vec<i64>>, String> {
    if op.attr(name).is_none() {
        Ok(None)
    } else {
        i64s(op, name).map(Some)
    }
}

fn block<'a>(op: &'a Op, i: usize, what: &str) -> Result<&'a Block, String> {
    op.regions.get(i).and_then(|r| r.blocks.first()).ok_or_else(|| format!("{} without a {what} region", op.name))
}

fn list<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")
}

/// Whether `d` is listed in `dims`.
fn has(dims: &[i64], d: usize) -> bool {
    dims.contains(&(d as i64))
}

fn index_const(e: &mut Emitter, v: i64) -> String {
    e.op("c", &format!("arith.constant {v} : index"))
}

/// An integer index scalar (storage form of `t`) clamped to `[lo, hi]` (`lo <= 0 <= hi`) as
/// an `index`: sign- or zero-extended to i64 by `t`'s signedness, then clamped, so values
/// beyond i64 or index range cannot wrap.
fn clamped_index(e: &mut Emitter, value: &str, t: ElementType, lo: i64, hi: i64) -> Result<String, String> {
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

/// `tensor.extract` of `t` (a tensor of type `ty`) at `indices`.
fn extract(e: &mut Emitter, t: &str, ty: &TensorType, indices: &[String]) -> String {
    e.op("x", &format!("tensor.extract {t}[{}] : {}", indices.join(", "), types::tensor(ty)))
}

/// The clamped start indices of `dynamic_slice`/`dynamic_update_slice`: operands
/// `first..first+rank`, each a rank-0 integer, clamped to `[0, dims[d] - sizes[d]]`.
fn dynamic_starts(ctx: &mut Ctx, op: &Op, first: usize, dims: &[i64], sizes: &[i64]) -> Result<Vec<String>, String> {
    if op.operands.len() != first + dims.len() {
        return Err(format!("{} takes {} start indices for rank {}, got {}", op.name, dims.len(), dims.len(), op.operands.len().saturating_sub(first)));
    }
    let mut starts = Vec::new();
    for d in 0..dims.len() {
        let (s, st) = ctx.tensor_operand(op, first + d)?;
        let v = ctx.e.extract_scalar(&s, &st);
        starts.push(clamped_index(&mut ctx.e, &v, st.element, 0, (dims[d] - sizes[d]).max(0))?);
    }
    Ok(starts)
}

fn dynamic_slice(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let starts = dynamic_starts(ctx, op, 1, &xt.dims, &out.dims)?;
    let ones = vec![1; xt.rank()];
    Ok(vec![ctx.e.op(
        "ds",
        &format!(
            "tensor.extract_slice {x}[{}] [{}] [{}] : {} to {}",
            starts.join(", "),
            list(&out.dims),
            list(&ones),
            types::tensor(&xt),
            types::tensor(&out)
        ),
    )])
}

fn dynamic_update_slice(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (u, ut) = ctx.tensor_operand(op, 1)?;
    let starts = dynamic_starts(ctx, op, 2, &xt.dims, &ut.dims)?;
    let ones = vec![1; xt.rank()];
    Ok(vec![ctx.e.op(
        "dus",
        &format!(
            "tensor.insert_slice {u} into {x}[{}] [{}] [{}] : {} into {}",
            starts.join(", "),
            list(&ut.dims),
            list(&ones),
            types::tensor(&ut),
            types::tensor(&xt)
        ),
    )])
}

/// The index array's dimension `t` (not `index_vector_dim`) as a batch position.
fn batch_position(t: usize, index_vector_dim: usize) -> usize {
    if t < index_vector_dim {
        t
    } else {
        t - 1
    }
}

/// Reads component `j` of the index vector at batch position `batch` (one index per batch
/// dimension) of the index array `ind`.
fn index_component(e: &mut Emitter, ind: &str, it: &TensorType, index_vector_dim: usize, batch: &[String], j: usize) -> String {
    let mut coords = Vec::new();
    for t in 0..it.rank() {
        if t == index_vector_dim {
            coords.push(index_const(e, j as i64));
        } else {
            coords.push(batch[batch_position(t, index_vector_dim)].clone());
        }
    }
    extract(e, ind, it, &coords)
}

fn gather(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (ind, it) = ctx.tensor_operand(op, 1)?;
    let out = result(op, 0)?;
    let offset_dims = i64s(op, "offset_dims")?;
    let collapsed = i64s(op, "collapsed_slice_dims")?;
    let operand_batching = opt_i64s(op, "operand_batching_dims")?.unwrap_or_default();
    let indices_batching = opt_i64s(op, "start_indices_batching_dims")?.unwrap_or_default();
    let start_index_map = i64s(op, "start_index_map")?;
    let ivd = int(op, "index_vector_dim")? as usize;
    let slice_sizes = i64s(op, "slice_sizes")?;
    let rank = xt.rank();
    if slice_sizes.len() != rank || operand_batching.len() != indices_batching.len() || ivd > it.rank() {
        return Err("gather: inconsistent dimension numbers (not verified?)".into());
    }
    // Output batch dimensions, in order; batch position k is index array dimension
    // index_array_dim(k).
    let batch_dims: Vec<usize> = (0..out.rank()).filter(|d| !has(&offset_dims, *d)).collect();
    // Operand dimensions the offset dimensions index, in order.
    let windowed: Vec<usize> = (0..rank).filter(|d| !has(&collapsed, *d) && !has(&operand_batching, *d)).collect();
    if windowed.len() != offset_dims.len() {
        return Err("gather: offset_dims do not match the operand's window dimensions".into());
    }
    let init = ctx.e.empty(&out);
    let iterators = vec!["parallel"; out.rank()];
    let r = ctx.e.generic(&[], Operand::identity(init, &out), &iterators, |e, _| {
        let out_index: Vec<String> = (0..out.rank()).map(|d| e.op("i", &format!("linalg.index {d} : index"))).collect();
        let batch: Vec<String> = batch_dims.iter().map(|&d| out_index[d].clone()).collect();
        let mut full: Vec<Option<String>> = vec![None; rank];
        for (j, &d) in start_index_map.iter().enumerate() {
            let d = d as usize;
            let v = index_component(e, &ind, &it, ivd, &batch, j);
            full[d] = Some(clamped_index(e, &v, it.element, 0, (xt.dims[d] - slice_sizes[d]).max(0))?);
        }
        for (i, &d) in operand_batching.iter().enumerate() {
            let k = batch_position(indices_batching[i] as usize, ivd);
            full[d as usize] = Some(batch[k].clone());
        }
        for (k, &d) in windowed.iter().enumerate() {
            let o = out_index[offset_dims[k] as usize].clone();
            full[d] = Some(match full[d].take() {
                Some(s) => e.op("ix", &format!("arith.addi {s}, {o} : index")),
                None => o,
            });
        }
        let coords: Vec<String> = full.into_iter().map(|c| c.unwrap_or_else(|| index_const(e, 0))).collect();
        Ok(extract(e, &x, &xt, &coords))
    })?;
    Ok(vec![r])
}

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
struct Carried {
    name: String,
    ty: String,
}

type LoopBody<'a> = dyn FnMut(&mut Emitter, &[String], &[String]) -> Result<Vec<String>, String> + 'a;

/// A nest of `scf.for` loops over `0..bounds[i]` (outermost first) carrying `carried`; `body`
/// gets the induction variables and the carried values, and returns the values to carry on.
/// Returns the nest's results.
fn loop_nest(e: &mut Emitter, bounds: &[i64], carried: &[Carried], ivs: &mut Vec<String>, body: &mut LoopBody) -> Result<Vec<String>, String> {
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

type Branch<'a> = Box<dyn FnOnce(&mut Emitter) -> Result<Vec<String>, String> + 'a>;

/// `scf.if cond` yielding values of `tys`: `then` and `otherwise` write their branch and
/// return the values it yields.
fn if_else(e: &mut Emitter, cond: &str, tys: &[String], then: Branch, otherwise: Branch) -> Result<Vec<String>, String> {
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
fn in_bounds(e: &mut Emitter, index: &[String], dims: &[i64]) -> String {
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

fn scatter(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    if op.operands.len() % 2 != 1 {
        return Err(format!("scatter takes 2N + 1 operands, got {}", op.operands.len()));
    }
    let n = op.operands.len() / 2;
    let mut inputs = Vec::new();
    let mut updates = Vec::new();
    for i in 0..n {
        inputs.push(ctx.tensor_operand(op, i)?);
        updates.push(ctx.tensor_operand(op, n + 1 + i)?);
    }
    let (ind, it) = ctx.tensor_operand(op, n)?;
    let update_window_dims = i64s(op, "update_window_dims")?;
    let inserted = i64s(op, "inserted_window_dims")?;
    let input_batching = opt_i64s(op, "input_batching_dims")?.unwrap_or_default();
    let indices_batching = opt_i64s(op, "scatter_indices_batching_dims")?.unwrap_or_default();
    let to_operand = i64s(op, "scatter_dims_to_operand_dims")?;
    let ivd = int(op, "index_vector_dim")? as usize;
    let body = block(op, 0, "update_computation")?;
    let xt = inputs[0].1.clone();
    let ut = updates[0].1.clone();
    let rank = xt.rank();
    if input_batching.len() != indices_batching.len() || ivd > it.rank() {
        return Err("scatter: inconsistent dimension numbers (not verified?)".into());
    }
    let scatter_dims: Vec<usize> = (0..ut.rank()).filter(|d| !has(&update_window_dims, *d)).collect();
    let windowed: Vec<usize> = (0..rank).filter(|d| !has(&inserted, *d) && !has(&input_batching, *d)).collect();
    if windowed.len() != update_window_dims.len() {
        return Err("scatter: update_window_dims do not match the operand's window dimensions".into());
    }
    let carried: Vec<Carried> = inputs.iter().map(|(x, t)| Carried { name: x.clone(), ty: types::tensor(t) }).collect();
    let tys: Vec<String> = carried.iter().map(|c| c.ty.clone()).collect();
    let elems: Vec<ElementType> = inputs.iter().map(|(_, t)| t.element).collect();
    let mut nest_body = |e: &mut Emitter, u: &[String], outs: &[String]| -> Result<Vec<String>, String> {
        let batch: Vec<String> = scatter_dims.iter().map(|&d| u[d].clone()).collect();
        let mut full: Vec<Option<String>> = vec![None; rank];
        for (j, &d) in to_operand.iter().enumerate() {
            let d = d as usize;
            let v = index_component(e, &ind, &it, ivd, &batch, j);
            // Clamped to [-dim, dim] first, so adding the window offset (in [0, dim))
            // cannot overflow and an out-of-bounds position stays out of bounds.
            full[d] = Some(clamped_index(e, &v, it.element, -xt.dims[d], xt.dims[d])?);
        }
        for (i, &d) in input_batching.iter().enumerate() {
            let k = batch_position(indices_batching[i] as usize, ivd);
            full[d as usize] = Some(batch[k].clone());
        }
        for (k, &d) in windowed.iter().enumerate() {
            let w = u[update_window_dims[k] as usize].clone();
            full[d] = Some(match full[d].take() {
                Some(s) => e.op("ix", &format!("arith.addi {s}, {w} : index")),
                None => w,
            });
        }
        let index: Vec<String> = full.into_iter().map(|c| c.unwrap_or_else(|| index_const(e, 0))).collect();
        let ok = in_bounds(e, &index, &xt.dims);
        if_else(
            e,
            &ok,
            &tys,
            Box::new(|e| {
                let mut args = Vec::new();
                for (o, (_, t)) in outs.iter().zip(&inputs) {
                    let v = extract(e, o, t, &index);
                    args.push(scalar::load(e, &v, t.element));
                }
                for (upd, t) in &updates {
                    let v = extract(e, upd, t, u);
                    args.push(scalar::load(e, &v, t.element));
                }
                let results = region::lower_block(e, body, args)?;
                if results.len() != n {
                    return Err(format!("scatter: update_computation yields {} values for {n} inputs", results.len()));
                }
                let mut new = Vec::new();
                for ((r, o), (t, elem)) in results.iter().zip(outs).zip(inputs.iter().map(|(_, t)| t).zip(&elems)) {
                    let stored = scalar::store(e, &Value { name: r.name.clone(), ty: *elem });
                    new.push(e.op("ins", &format!("tensor.insert {stored} into {o}[{}] : {}", index.join(", "), types::tensor(t))));
                }
                Ok(new)
            }),
            Box::new(|_| Ok(outs.to_vec())),
        )
    };
    loop_nest(&mut ctx.e, &ut.dims, &carried, &mut Vec::new(), &mut nest_body)
}

/// Window configuration of `reduce_window`/`select_and_scatter`, defaults filled in.
struct Window {
    sizes: Vec<i64>,
    strides: Vec<i64>,
    base_dilations: Vec<i64>,
    window_dilations: Vec<i64>,
    /// (low, high) per dimension.
    padding: Vec<(i64, i64)>,
}

fn window(op: &Op, rank: usize) -> Result<Window, String> {
    let sizes = i64s(op, "window_dimensions")?;
    let get = |name: &str| -> Result<Vec<i64>, String> {
        let v = opt_i64s(op, name)?.unwrap_or_else(|| vec![1; rank]);
        if v.len() != rank {
            return Err(format!("{name} has {} entries for rank {rank}", v.len()));
        }
        Ok(v)
    };
    let strides = get("window_strides")?;
    let base_dilations = get("base_dilations")?;
    let window_dilations = get("window_dilations")?;
    let flat = opt_i64s(op, "padding")?.unwrap_or_else(|| vec![0; 2 * rank]);
    if sizes.len() != rank || flat.len() != 2 * rank {
        return Err(format!("window attributes do not match rank {rank}"));
    }
    let padding = flat.chunks(2).map(|p| (p[0], p[1])).collect();
    Ok(Window { sizes, strides, base_dilations, window_dilations, padding })
}

/// `x` padded with the scalar `value` (storage form): `lo`/`hi` edges (negative ones remove
/// elements) and `interior` elements between neighbours. Returns the padded value and type.
fn pad_with(ctx: &mut Ctx, x: &str, xt: &TensorType, value: &str, lo: &[i64], hi: &[i64], interior: &[i64]) -> (String, TensorType) {
    let rank = xt.rank();
    if lo.iter().chain(hi).chain(interior).all(|&p| p == 0) {
        return (x.to_string(), xt.clone());
    }
    let out_dims: Vec<i64> = (0..rank)
        .map(|d| {
            let n = xt.dims[d];
            let dilated = if n == 0 { 0 } else { (n - 1) * (interior[d] + 1) + 1 };
            (lo[d] + dilated + hi[d]).max(0)
        })
        .collect();
    let out = TensorType::new(out_dims.clone(), xt.element);
    let filled = ctx.e.fill(&out, value);
    // Source element k lands at lo + k * step; keep those inside [0, out_dim).
    let (mut src_start, mut count, mut dst_start, mut strides) = (vec![0; rank], vec![0; rank], vec![0; rank], vec![1; rank]);
    for d in 0..rank {
        let step = interior[d] + 1;
        let first = if lo[d] >= 0 { 0 } else { (-lo[d] + step - 1) / step };
        let last = if out_dims[d] - 1 - lo[d] < 0 { -1 } else { ((out_dims[d] - 1 - lo[d]) / step).min(xt.dims[d] - 1) };
        src_start[d] = first;
        count[d] = (last - first + 1).max(0);
        dst_start[d] = lo[d] + first * step;
        strides[d] = step;
    }
    if count.iter().any(|&c| c == 0) {
        return (filled, out);
    }
    let part_ty = TensorType::new(count.clone(), xt.element);
    let part = if count == xt.dims {
        x.to_string()
    } else {
        ctx.e.op(
            "pw",
            &format!(
                "tensor.extract_slice {x}[{}] [{}] [{}] : {} to {}",
                list(&src_start),
                list(&count),
                list(&vec![1; rank]),
                types::tensor(xt),
                types::tensor(&part_ty)
            ),
        )
    };
    let padded = ctx.e.op(
        "pw",
        &format!(
            "tensor.insert_slice {part} into {filled}[{}] [{}] [{}] : {} into {}",
            list(&dst_start),
            list(&count),
            list(&strides),
            types::tensor(&part_ty),
            types::tensor(&out)
        ),
    );
    (padded, out)
}

/// Reduce-window: each input padded with its init value (edges and base-dilation holes),
/// then one `linalg.generic` over (result dims, window dims) reading the padded input at
/// `o * stride + w * window_dilation`; a window-shaped `tensor.empty` gives the window
/// loops their bounds.
fn reduce_window(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    if op.operands.len() % 2 != 0 || op.operands.is_empty() {
        return Err(format!("reduce_window takes N inputs and N init values, got {} operands", op.operands.len()));
    }
    let n = op.operands.len() / 2;
    let rank = ctx.tensor_operand(op, 0)?.1.rank();
    let w = window(op, rank)?;
    let body = block(op, 0, "body")?;
    let lo: Vec<i64> = w.padding.iter().map(|p| p.0).collect();
    let hi: Vec<i64> = w.padding.iter().map(|p| p.1).collect();
    let interior: Vec<i64> = w.base_dilations.iter().map(|b| b - 1).collect();
    let map: Vec<String> = (0..rank).map(|d| format!("d{d} * {} + d{} * {}", w.strides[d], rank + d, w.window_dilations[d])).collect();
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    let out_map: Vec<String> = (0..rank).map(|d| format!("d{d}")).collect();
    for i in 0..n {
        let (x, xt) = ctx.tensor_operand(op, i)?;
        let (init, init_t) = ctx.tensor_operand(op, n + i)?;
        let out = result(op, i)?;
        let s = ctx.e.extract_scalar(&init, &init_t);
        let (padded, pt) = pad_with(ctx, &x, &xt, &s, &lo, &hi, &interior);
        inputs.push(Operand { value: padded, ty: pt, map: map.join(", ") });
        let filled = ctx.e.fill(&out, &s);
        inits.push(Operand { value: filled, ty: out, map: out_map.join(", ") });
    }
    let window_ty = TensorType::new(w.sizes.clone(), ElementType::Pred);
    let window_value = ctx.e.empty(&window_ty);
    let window_map: Vec<String> = (0..rank).map(|d| format!("d{}", rank + d)).collect();
    inputs.push(Operand { value: window_value, ty: window_ty, map: window_map.join(", ") });
    let iterators: Vec<&str> = (0..2 * rank).map(|i| if i < rank { "parallel" } else { "reduction" }).collect();
    let elem_in: Vec<_> = inputs[..n].iter().map(|o| o.ty.element).collect();
    let elem_acc: Vec<_> = inits.iter().map(|o| o.ty.element).collect();
    ctx.e.generic_multi(&inputs, inits, &iterators, |e, args| {
        let xs: Vec<_> = args[..n].iter().zip(&elem_in).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let accs: Vec<_> = args[n + 1..].iter().zip(&elem_acc).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let yielded = region::lower_block(e, body, accs.into_iter().chain(xs).collect())?;
        if yielded.len() != n {
            return Err(format!("reduce_window: body yields {} values for {n} inputs", yielded.len()));
        }
        Ok(yielded.iter().map(|v| scalar::store(e, v)).collect())
    })
}

/// Select-and-scatter: the result starts as init_value; for each source position (window
/// position), the window is walked in lexicographic order over the operand, skipping
/// padding; the first element is selected, then each later one replaces the selection when
/// `select(selected, candidate)` is false. The source value is combined into the selected
/// position with `scatter(current, source)`.
fn select_and_scatter(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (src, st) = ctx.tensor_operand(op, 1)?;
    let (init, init_t) = ctx.tensor_operand(op, 2)?;
    let out = result(op, 0)?;
    let rank = xt.rank();
    let w = window(op, rank)?;
    if w.base_dilations.iter().chain(&w.window_dilations).any(|&d| d != 1) {
        return Err("unsupported in lowering: select_and_scatter with dilations".into());
    }
    let select = block(op, 0, "select")?;
    let scatter_body = block(op, 1, "scatter")?;
    let init_scalar = ctx.e.extract_scalar(&init, &init_t);
    let filled = ctx.e.fill(&out, &init_scalar);
    let t = xt.element;
    let elem_ty = types::storage(t).to_string();
    let out_ty = types::tensor(&out);
    let mut source_body = |e: &mut Emitter, s: &[String], outs: &[String]| -> Result<Vec<String>, String> {
        // Selection state: value, index (one per dimension), whether anything is selected.
        let zero = index_const(e, 0);
        let no = e.op("c", "arith.constant false");
        let mut state = vec![Carried { name: init_scalar.clone(), ty: elem_ty.clone() }];
        state.extend((0..rank).map(|_| Carried { name: zero.clone(), ty: "index".into() }));
        state.push(Carried { name: no, ty: "i1".into() });
        let mut window_body = |e: &mut Emitter, wi: &[String], cur: &[String]| -> Result<Vec<String>, String> {
            let (sel_val, sel_idx, found) = (&cur[0], &cur[1..=rank], &cur[rank + 1]);
            let mut pos = Vec::new();
            for d in 0..rank {
                let stride = index_const(e, w.strides[d]);
                let base = e.op("ix", &format!("arith.muli {}, {stride} : index", s[d]));
                let at = e.op("ix", &format!("arith.addi {base}, {} : index", wi[d]));
                let lo = index_const(e, w.padding[d].0);
                pos.push(e.op("ix", &format!("arith.subi {at}, {lo} : index")));
            }
            let ok = in_bounds(e, &pos, &xt.dims);
            let v = if_else(e, &ok, &[elem_ty.clone()], Box::new(|e| Ok(vec![extract(e, &x, &xt, &pos)])), Box::new(|_| Ok(vec![sel_val.clone()])))?.remove(0);
            let a = scalar::load(e, sel_val, t);
            let b = scalar::load(e, &v, t);
            let keep = region::lower_block(e, select, vec![a, b])?;
            let [keep] = keep.as_slice() else { return Err("select region must yield one value".into()) };
            let yes = e.op("c", "arith.constant true");
            let not_keep = e.op("b", &format!("arith.xori {}, {yes} : i1", keep.name));
            let none_yet = e.op("b", &format!("arith.xori {found}, {yes} : i1"));
            let replace = e.op("b", &format!("arith.ori {none_yet}, {not_keep} : i1"));
            let take = e.op("b", &format!("arith.andi {ok}, {replace} : i1"));
            let mut next = vec![e.op("sel", &format!("arith.select {take}, {v}, {sel_val} : {elem_ty}"))];
            for d in 0..rank {
                next.push(e.op("sel", &format!("arith.select {take}, {}, {} : index", pos[d], sel_idx[d])));
            }
            next.push(e.op("b", &format!("arith.ori {found}, {ok} : i1")));
            Ok(next)
        };
        let chosen = loop_nest(e, &w.sizes, &state, &mut Vec::new(), &mut window_body)?;
        let (sel_idx, found) = (chosen[1..=rank].to_vec(), chosen[rank + 1].clone());
        let o = outs[0].clone();
        if_else(
            e,
            &found,
            &[out_ty.clone()],
            Box::new(|e| {
                let cur = extract(e, &o, &out, &sel_idx);
                let sv = extract(e, &src, &st, s);
                let a = scalar::load(e, &cur, out.element);
                let b = scalar::load(e, &sv, st.element);
                let r = region::lower_block(e, scatter_body, vec![a, b])?;
                let [r] = r.as_slice() else { return Err("scatter region must yield one value".into()) };
                let stored = scalar::store(e, r);
                Ok(vec![e.op("ins", &format!("tensor.insert {stored} into {o}[{}] : {out_ty}", sel_idx.join(", ")))])
            }),
            Box::new(|_| Ok(vec![o.clone()])),
        )
    };
    let carried = [Carried { name: filled, ty: types::tensor(&out) }];
    loop_nest(&mut ctx.e, &st.dims, &carried, &mut Vec::new(), &mut source_body)
}

#[cfg(test)]
mod tests {
    use crate::lower_text;

    fn lower(body: &str) -> String {
        lower_text(body, "t.mlir").unwrap_or_else(|e| panic!("{e:?}"))
    }

    #[test]
    fn dynamic_slice_clamps_signed_starts_to_the_last_full_window() {
        let out = lower(
            r#"func.func @f(%x: tensor<5x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x4xf32> {
  %0 = "xhlo.dynamic_slice"(%x, %i, %j) {slice_sizes = array<i64: 2, 4>} : (tensor<5x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}"#,
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn dynamic_update_slice_clamps_unsigned_starts_without_a_lower_bound() {
        let out = lower(
            r#"func.func @f(%x: tensor<5xi8>, %u: tensor<2xi8>, %i: tensor<ui64>) -> tensor<5xi8> {
  %0 = "xhlo.dynamic_update_slice"(%x, %u, %i) : (tensor<5xi8>, tensor<2xi8>, tensor<ui64>) -> tensor<5xi8>
  return %0 : tensor<5xi8>
}"#,
        );
        assert!(out.contains("arith.minui"), "{out}");
        assert!(!out.contains("arith.maxsi"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn gather_reads_index_vectors_along_index_vector_dim_and_clamps_them() {
        // Rows of a 3x4 operand picked by a vector of row indices (tf.gather on axis 0).
        let out = lower(
            r#"func.func @f(%x: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<2x4xf32> {
  %0 = "xhlo.gather"(%x, %i) {offset_dims = array<i64: 1>, collapsed_slice_dims = array<i64: 0>, start_index_map = array<i64: 0>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}"#,
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn scatter_skips_out_of_bounds_elements_and_applies_the_region() {
        let out = lower(
            r#"func.func @f(%x: tensor<4xi32>, %i: tensor<2x1xi32>, %u: tensor<2xi32>) -> tensor<4xi32> {
  %0 = "xhlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = "xhlo.add"(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%s) : (tensor<i32>) -> ()
  }) {update_window_dims = array<i64>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 0>, index_vector_dim = 1 : i64} : (tensor<4xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}"#,
        );
        assert!(out.contains("scf.if"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn reduce_window_pads_with_the_init_value_and_strides_through_the_padded_input() {
        let out = lower(
            r#"func.func @f(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %0 = "xhlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>, padding = array<i64: 1, 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}"#,
        );
        assert!(out.contains("d0 * 2 + d1 * 1"), "{out}");
        insta::assert_snapshot!(out);
    }

    #[test]
    fn select_and_scatter_walks_each_window_and_scatters_into_the_selection() {
        let out = lower(
            r#"func.func @f(%x: tensor<4xf32>, %s: tensor<2xf32>, %z: tensor<f32>) -> tensor<4xf32> {
  %0 = "xhlo.select_and_scatter"(%x, %s, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "xhlo.compare"(%a, %b) {comparison_direction = "GE"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s2 = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s2) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}"#,
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn gather_rejects_float_start_indices() {
        let err = lower_text(
            r#"func.func @f(%x: tensor<3xf32>, %i: tensor<1xf32>) -> tensor<1xf32> {
  %0 = "xhlo.gather"(%x, %i) {offset_dims = array<i64: 0>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0>, index_vector_dim = 0 : i64, slice_sizes = array<i64: 1>} : (tensor<3xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}"#,
            "t.mlir",
        )
        .unwrap_err();
        assert!(format!("{err:?}").contains("unsupported in lowering: start index of type F32"), "{err:?}");
    }

    #[test]
    fn pad_with_negative_edges_slices_before_inserting() {
        let mut ctx = crate::convert::Ctx::new(0, "t.mlir");
        let xt = xhlo_ir::TensorType::new(vec![5], xhlo_ir::ElementType::F32);
        let (v, t) = super::pad_with(&mut ctx, "%x", &xt, "%p", &[-2], &[1], &[1]);
        // 5 elements dilated to 9, minus 2 low, plus 1 high: 8; elements 1..4 land at 0, 2, 4, 6.
        assert_eq!(t.dims, vec![8]);
        assert!(ctx.e.out.contains("tensor.extract_slice %x[1] [4] [1]"), "{}", ctx.e.out);
        assert!(ctx.e.out.contains(&format!("{v} = tensor.insert_slice")), "{}", ctx.e.out);
        assert!(ctx.e.out.contains("[0] [4] [2]"), "{}", ctx.e.out);
    }
}

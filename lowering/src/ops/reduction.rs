//! `reduce` → `linalg.generic` with reduction iterators over the reduced dimensions; the
//! inits are the init values broadcast to the result shape, the body is the region's scalar
//! code with arguments reordered from linalg's (elements, accumulators) to xhlo's
//! (accumulators, elements).
//!
//! The order of combination (XLA allows any: the reducer must be associative and
//! commutative, and StableHLO lets an implementation apply the init value any number of
//! times) is chosen for precision and speed, and is this, in stages:
//!
//! 0. Chunks: a reduction of more than [`SPLIT_THRESHOLD`] elements over the innermost
//!    dimensions (a full reduction, or rows longer than the threshold) whose elements the
//!    vector lanes divide runs as chunks of at most 1024 steps of lanes, the chunks
//!    parallel and the lanes kept until the last stage ([`in_chunks`]). Others:
//! 1. Precision: more than [`SPLIT_THRESHOLD`] reduced elements are split in two stages, so
//!    no sequential chain is long: with several reduced dimensions, stage 1 reduces all but
//!    the outermost and stage 2 that one; a single long dimension `n` is first split into
//!    `(n / b, b)` with `b` the largest of 1024..64 that divides it. (A float32 sum of 16M
//!    elements in one chain loses about three digits; in chains of at most 4096 it keeps the
//!    precision of XLA's tree reductions.)
//! 2. Vector lanes: when the innermost (contiguous) dimension is reduced and its `n` elements
//!    are a multiple of `L` lanes, `L` = 4, 2 or 1 host vectors ([`lanes`]), it is split into
//!    `(n / L, L)` and the `L` lanes are a *parallel* loop, innermost: lane `j` accumulates
//!    elements `j, j + L, j + 2L, ...` in its own accumulator, loads are contiguous and LLVM
//!    vectorizes the lane loop (several independent vector accumulators). The `L` partial
//!    results are then reduced the same way (`L` → one vector of lanes), the last vector
//!    sequentially in lane order.
//! 3. Loop order: kept dimensions after the last reduced one (a column reduction's
//!    contiguous dimension, the lanes) are the innermost loops, so they vectorize too; other
//!    kept dimensions are outermost and become the threads' parallel loops.
//! 4. Column tiles: when every kept dimension comes after the reduced ones (a column sum),
//!    there is no outer loop for the threads. The contiguous dimension `c` is then split into
//!    `(c / T, T)` ([`column_tile`]) and the `c / T` tiles become the outermost parallel loop:
//!    each thread walks all rows of its own tiles, so every output element still accumulates
//!    its rows in order (the same result on any number of threads).
//!
//! A reduced innermost dimension that no lane count divides runs its first `n / L * L`
//! elements in lanes and adds each element after them to a lane of its own ([`peeled`]); a
//! column reduction whose columns no tile divides reduces the columns after its last whole
//! tile on their own.

use super::common::{block, extract, i64s, if_else, in_bounds, index_const, list, loop_nest, opt_i64s, result, Carried};
use super::LowerFn;
use crate::convert::{xtensor, Ctx};
use crate::emitter::{Emitter, Operand};
use crate::region;
use crate::scalar;
use crate::types;
use xhlo_ir::literal::{Literal, Scalar};
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::{Block, Op};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("reduce", reduce),
    ("reduce_window", reduce_window),
    ("select_and_scatter", select_and_scatter),
];

/// Above this many reduced elements a reduction is split into two stages.
pub(crate) const SPLIT_THRESHOLD: i64 = 4096;

/// The lanes a reduction over a contiguous dimension of `n` elements runs in parallel: the
/// largest of 4 and 2 vectors of `vector_bytes` that divides `n` at least 4 times, else one
/// vector if it divides `n` at least twice (so a short dimension goes to one vector in one
/// step); none for elements wider than half a vector (e.g. complex128 on 16-byte vectors).
pub(crate) fn lanes(n: i64, elements: &[ElementType], vector_bytes: i64) -> Option<i64> {
    lane_choices(elements, vector_bytes)?.into_iter().find(|&(l, times)| n % l == 0 && n / l >= times).map(|(l, _)| l)
}

/// The lanes of a contiguous dimension of `n` elements that no lane count divides: chosen as
/// [`lanes`] chooses them for the first `n / l * l` elements; each of the `n % l` elements
/// left (the tail) is then added to a lane of its own.
pub(crate) fn peeled_lanes(n: i64, elements: &[ElementType], vector_bytes: i64) -> Option<i64> {
    lane_choices(elements, vector_bytes)?.into_iter().find(|&(l, times)| n / l >= times).map(|(l, _)| l)
}

/// The lane counts to try, widest first, each with the steps it must at least leave.
fn lane_choices(elements: &[ElementType], vector_bytes: i64) -> Option<[(i64, i64); 3]> {
    let widest = elements.iter().map(|t| (t.bit_width().max(8) / 8) as i64).max()?;
    let v = vector_bytes / widest.max(1);
    (v >= 2).then_some([(4 * v, 4), (2 * v, 4), (v, 2)])
}

fn reduce(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let n = op.operands.len() / 2;
    let dims = i64s(op, "dimensions")?;
    let body = op.regions.first().and_then(|r| r.blocks.first()).ok_or("reduce without a body")?;
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    for i in 0..n {
        inputs.push(ctx.tensor_operand(op, i)?);
        let (init, it) = ctx.tensor_operand(op, n + i)?;
        inits.push(ctx.e.extract_scalar(&init, &it));
    }
    let out_elements: Vec<_> = (0..n).map(|i| xtensor(&op.result_types[i]).map(|t| t.element)).collect::<Result<_, _>>()?;
    reduce_values(ctx, inputs, &inits, &dims, &out_elements, body)
}

/// The types of `inputs` with dimensions `dims` removed, in `elements`.
fn without(shape: &[i64], dims: &[i64], elements: &[ElementType]) -> Vec<TensorType> {
    let kept: Vec<i64> = shape.iter().enumerate().filter(|(d, _)| !dims.contains(&(*d as i64))).map(|(_, s)| *s).collect();
    elements.iter().map(|&e| TensorType::new(kept.clone(), e)).collect()
}

/// Reduces `inputs` over `dims` with `body`, starting from the scalar `inits`, in the staged
/// order of the module documentation.
pub fn reduce_values(
    ctx: &mut Ctx,
    inputs: Vec<(String, TensorType)>,
    inits: &[String],
    dims: &[i64],
    out_elements: &[xhlo_ir::ElementType],
    body: &Block,
) -> Result<Vec<String>, String> {
    let shape = inputs[0].1.dims.clone();
    let mut sorted: Vec<i64> = dims.to_vec();
    sorted.sort();
    sorted.dedup();
    let reduced: i64 = sorted.iter().map(|&d| shape[d as usize]).product();
    if reduced > SPLIT_THRESHOLD && ctx.options.chunk_reductions {
        if let Some(results) = in_chunks(ctx, &inputs, inits, &sorted, out_elements, body)? {
            return Ok(results);
        }
    }
    if reduced > SPLIT_THRESHOLD && sorted.len() >= 2 {
        // Stage 1: all reduced dimensions but the outermost; stage 2: that one.
        let (outer, inner) = (sorted[0], &sorted[1..]);
        let partial = reduce_values(ctx, inputs, inits, inner, out_elements, body)?;
        let partial_ty = without(&shape, inner, out_elements);
        let outer_pos = (0..outer).filter(|d| !inner.contains(d)).count() as i64;
        let staged = partial.into_iter().zip(partial_ty).collect();
        return reduce_values(ctx, staged, inits, &[outer_pos], out_elements, body);
    }
    if reduced > SPLIT_THRESHOLD && sorted.len() == 1 {
        let d = sorted[0] as usize;
        if let Some(block) = [1024i64, 512, 256, 128, 64].into_iter().find(|b| shape[d] % b == 0 && shape[d] / b > 1) {
            // Split the dimension into (n / block, block) and reduce both.
            let (split, _) = split_dim(ctx, &inputs, &shape, d, block);
            return reduce_values(ctx, split, inits, &[d as i64, d as i64 + 1], out_elements, body);
        }
    }
    let last = shape.len().wrapping_sub(1) as i64;
    let in_elements: Vec<ElementType> = inputs.iter().map(|(_, t)| t.element).chain(out_elements.iter().copied()).collect();
    if sorted.last() == Some(&last) {
        if let Some(l) = lanes(shape[last as usize], &in_elements, ctx.options.vector_bytes) {
            // The innermost dimension as (n / l, l): reduce the first part, keep the lanes.
            let (split, split_dims) = split_dim(ctx, &inputs, &shape, last as usize, l);
            let partial = reduce_once(ctx, split, Start::Init(inits), &sorted, out_elements, body, None)?;
            let partial_ty = without(&split_dims, &sorted, out_elements);
            let lane_dim = partial_ty[0].rank() as i64 - 1;
            let staged = partial.into_iter().zip(partial_ty).collect();
            return reduce_values(ctx, staged, inits, &[lane_dim], out_elements, body);
        }
        if let Some(l) = peeled_lanes(shape[last as usize], &in_elements, ctx.options.vector_bytes) {
            let staged = peeled(ctx, &inputs, inits, &sorted, out_elements, body, l)?;
            let lane_dim = staged[0].1.rank() as i64 - 1;
            return reduce_values(ctx, staged, inits, &[lane_dim], out_elements, body);
        }
    }
    if let Some(tile) = column_tile(&shape, &sorted) {
        let d = last as usize;
        let (c, m) = (shape[d], shape[d] / tile * tile);
        if m < c {
            // The first `m` columns in tiles, the `c - m` after them as one loop nest.
            let out_ty = without(&shape, &sorted, out_elements);
            let head = columns(ctx, &inputs, 0, m);
            let head = reduce_values(ctx, head, inits, &sorted, out_elements, body)?;
            let tail = columns(ctx, &inputs, m, c - m);
            let tail = reduce_values(ctx, tail, inits, &sorted, out_elements, body)?;
            let mut results = Vec::new();
            for ((h, t), ty) in head.iter().zip(&tail).zip(&out_ty) {
                let whole = ctx.e.empty(ty);
                let whole = ctx.e.insert_slice(h, &last_cut(ty, m), &whole, ty, &last_at(ty.rank(), 0));
                results.push(ctx.e.insert_slice(t, &last_cut(ty, c - m), &whole, ty, &last_at(ty.rank(), m)));
            }
            return Ok(results);
        }
        // The contiguous kept dimension as (c / tile, tile), the tiles outermost.
        let (split, split_dims) = split_dim(ctx, &inputs, &shape, d, tile);
        let tiled = reduce_once(ctx, split, Start::Init(inits), &sorted, out_elements, body, Some(d))?;
        let tiled_ty = without(&split_dims, &sorted, out_elements);
        let out_ty = without(&shape, &sorted, out_elements);
        let tile_dim = tiled_ty[0].rank() - 2;
        return Ok(tiled.iter().zip(tiled_ty.iter().zip(&out_ty)).map(|(v, (from, to))| collapse(ctx, v, from, to, tile_dim)).collect());
    }
    reduce_once(ctx, inputs, Start::Init(inits), &sorted, out_elements, body, None)
}

/// Steps of lanes a chunk of a chunked reduction reduces at most: its first stage's chain
/// (a 16M-element sum: 256 chunks of 1024 steps, then chains of 1024 in the second stage).
const MAX_CHUNK_STEPS: i64 = 1024;

/// Chunks a chunked reduction is split into at least, over all kept elements (a few per
/// thread balances the threads; a constant, so the order of combination, and the result,
/// are the same on any number of threads).
const MIN_CHUNKS: i64 = 64;

/// A reduction of more than [`SPLIT_THRESHOLD`] elements over the innermost dimensions (the
/// kept ones `K` all before the reduced ones) whose `n` reduced elements `l` lanes divide
/// ([`lanes`]), in three stages that keep the lanes to the end: the reduced elements, one
/// contiguous run per kept index, are viewed as `(c, r, l)`: `c` chunks of `r` steps of `l`
/// lanes, `r` at most [`MAX_CHUNK_STEPS`] and `K * c` at least [`MIN_CHUNKS`]. Stage 1
/// reduces the steps (`K` and the chunks the parallel loops), stage 2 the chunks and the
/// lanes beyond one vector, stage 3 that vector. A full reduction (no kept dimension) so
/// runs on every thread, in one parallel kernel and two small ones, where reducing each row
/// of the innermost dimension to a scalar first took six. `None` where this does not apply.
fn in_chunks(
    ctx: &mut Ctx,
    inputs: &[(String, TensorType)],
    inits: &[String],
    sorted: &[i64],
    out_elements: &[ElementType],
    body: &Block,
) -> Result<Option<Vec<String>>, String> {
    let shape = inputs[0].1.dims.clone();
    let k = shape.len() - sorted.len();
    if sorted.iter().enumerate().any(|(i, &d)| d != (k + i) as i64) {
        return Ok(None);
    }
    let n: i64 = shape[k..].iter().product();
    let kept: i64 = shape[..k].iter().product();
    let in_elements: Vec<ElementType> = inputs.iter().map(|(_, t)| t.element).chain(out_elements.iter().copied()).collect();
    let (Some(l), Some([.., (vector, _)])) = (lanes(n, &in_elements, ctx.options.vector_bytes), lane_choices(&in_elements, ctx.options.vector_bytes)) else {
        return Ok(None);
    };
    if kept == 0 {
        return Ok(None);
    }
    let steps = n / l;
    // At least MIN_CHUNKS chunks over the kept elements, or, with fewer steps than twice
    // that, one chunk per two steps.
    let min_chunks = (MIN_CHUNKS + kept - 1) / kept;
    let Some(r) = (2..=steps.min(MAX_CHUNK_STEPS)).rev().find(|r| steps % r == 0 && steps / r >= min_chunks.min(steps / 2)) else {
        return Ok(None);
    };
    let c = steps / r;
    // [K, reduced...] -> [K, n] -> [K, c, r, l].
    let chunked_dims: Vec<i64> = shape[..k].iter().copied().chain([c, r, l]).collect();
    let mut suffix_groups: Vec<Vec<usize>> = (0..k).map(|d| vec![d]).collect();
    suffix_groups.push((k..shape.len()).collect());
    let mut chunk_groups: Vec<Vec<usize>> = (0..k).map(|d| vec![d]).collect();
    chunk_groups.push(vec![k, k + 1, k + 2]);
    let mut chunked = Vec::new();
    for (x, xt) in inputs {
        let flat_ty = TensorType::new(shape[..k].iter().copied().chain([n]).collect::<Vec<i64>>(), xt.element);
        let flat = if shape.len() - k == 1 { x.clone() } else { ctx.e.reshape("flat", x, xt, &flat_ty, &suffix_groups) };
        let to = TensorType::new(chunked_dims.clone(), xt.element);
        chunked.push((ctx.e.reshape("chunked", &flat, &flat_ty, &to, &chunk_groups), to));
    }
    let (kept_dims, first) = (&shape[..k], k as i64);
    // Stage 1: the steps of each chunk.
    let partial = reduce_once(ctx, chunked, Start::Init(inits), &[first + 1], out_elements, body, None)?;
    // Stage 2: [K, c, l] as [K, c, l / v, v], the chunks and the vectors reduced.
    let partial_dims: Vec<i64> = kept_dims.iter().copied().chain([c, l]).collect();
    let vectors_dims: Vec<i64> = kept_dims.iter().copied().chain([c, l / vector, vector]).collect();
    let mut staged = Vec::new();
    for (p, &e) in partial.iter().zip(out_elements) {
        let (from, to) = (TensorType::new(partial_dims.clone(), e), TensorType::new(vectors_dims.clone(), e));
        staged.push((expand(ctx, p, &from, &to, k + 1), to));
    }
    let one_vector = reduce_values(ctx, staged, inits, &[first, first + 1], out_elements, body)?;
    // Stage 3: the lanes of that vector.
    let lanes_dims: Vec<i64> = kept_dims.iter().copied().chain([vector]).collect();
    let staged = one_vector.into_iter().zip(out_elements).map(|(v, &e)| (v, TensorType::new(lanes_dims.clone(), e))).collect();
    reduce_values(ctx, staged, inits, &[first], out_elements, body).map(Some)
}

/// The reduction over `dims` (the innermost dimension, of `n` elements, among them) of
/// `inputs` into `l` lanes that do not divide `n`: the first `m = n / l * l` elements in steps
/// of `l` lanes, as where they divide it, then the tail's `n - m` elements, element `m + j`
/// into lane `j`. Returns the partials, the lanes their last dimension.
fn peeled(
    ctx: &mut Ctx,
    inputs: &[(String, TensorType)],
    inits: &[String],
    dims: &[i64],
    out_elements: &[ElementType],
    body: &Block,
    l: i64,
) -> Result<Vec<(String, TensorType)>, String> {
    let shape = &inputs[0].1.dims;
    let last = shape.len() - 1;
    let n = shape[last];
    let m = n / l * l;
    let main = columns(ctx, inputs, 0, m);
    let (split, split_dims) = split_dim(ctx, &main, &main[0].1.dims, last, l);
    let partial = reduce_once(ctx, split, Start::Init(inits), dims, out_elements, body, None)?;
    let partials: Vec<(String, TensorType)> = partial.into_iter().zip(without(&split_dims, dims, out_elements)).collect();
    // The tail: its innermost dimension stays, as the first `n - m` lanes of the partials.
    let tail = columns(ctx, inputs, m, n - m);
    let tail_dims: Vec<i64> = dims.iter().copied().filter(|&d| d != last as i64).collect();
    into_first_lanes(ctx, &partials, n - m, |ctx, firsts| {
        let firsts = firsts.into_iter().map(|(value, _)| value).collect();
        reduce_once(ctx, tail, Start::Into(firsts), &tail_dims, out_elements, body, None)
    })
}

/// `partials` (their lanes the last dimension) with their first `count` lanes replaced by
/// what `add` returns for them: it gets those lanes (values and types) and adds a
/// reduction's tail into them.
pub(crate) fn into_first_lanes(
    ctx: &mut Ctx,
    partials: &[(String, TensorType)],
    count: i64,
    add: impl FnOnce(&mut Ctx, Vec<(String, TensorType)>) -> Result<Vec<String>, String>,
) -> Result<Vec<(String, TensorType)>, String> {
    let firsts: Vec<(String, TensorType)> = partials
        .iter()
        .map(|(p, pt)| {
            let to = last_cut(pt, count);
            (ctx.e.extract_slice("part", p, pt, &last_at(pt.rank(), 0), &to), to)
        })
        .collect();
    let first_tys: Vec<TensorType> = firsts.iter().map(|(_, t)| t.clone()).collect();
    let added = add(ctx, firsts)?;
    Ok(added
        .iter()
        .zip(&first_tys)
        .zip(partials)
        .map(|((a, at), (p, pt))| (ctx.e.insert_slice(a, at, p, pt, &last_at(pt.rank(), 0)), pt.clone()))
        .collect())
}

/// Elements `start..start + len` of the innermost dimension of each of `inputs`.
fn columns(ctx: &mut Ctx, inputs: &[(String, TensorType)], start: i64, len: i64) -> Vec<(String, TensorType)> {
    inputs
        .iter()
        .map(|(x, xt)| {
            let to = last_cut(xt, len);
            (ctx.e.extract_slice("part", x, xt, &last_at(xt.rank(), start), &to), to)
        })
        .collect()
}

/// `t` with its innermost dimension `len` long.
fn last_cut(t: &TensorType, len: i64) -> TensorType {
    let mut dims = t.dims.clone();
    if let Some(last) = dims.last_mut() {
        *last = len;
    }
    TensorType::new(dims, t.element)
}

/// The offsets of a slice of a rank-`rank` tensor starting at `start` in its innermost
/// dimension.
fn last_at(rank: usize, start: i64) -> Vec<i64> {
    let mut offsets = vec![0; rank];
    if let Some(last) = offsets.last_mut() {
        *last = start;
    }
    offsets
}

/// `inputs` (all of `shape`) with dimension `d` split into `(shape[d] / inner, inner)`, and
/// the split shape.
fn split_dim(ctx: &mut Ctx, inputs: &[(String, TensorType)], shape: &[i64], d: usize, inner: i64) -> (Vec<(String, TensorType)>, Vec<i64>) {
    let mut split_dims = shape.to_vec();
    split_dims.splice(d..=d, [shape[d] / inner, inner]);
    let split = inputs
        .iter()
        .map(|(name, ty)| {
            let to = TensorType::new(split_dims.clone(), ty.element);
            (expand(ctx, name, ty, &to, d), to)
        })
        .collect();
    (split, split_dims)
}

/// Columns per tile of a column reduction (every reduced dimension before the kept ones),
/// when its contiguous dimension `c` holds at least [`MIN_COLUMN_TILES`] tiles of 16 to 512
/// elements and the reduction is large enough to be worth threads: the largest tile that
/// divides `c`, else the largest that fits (the columns after the last whole tile are then
/// reduced on their own).
fn column_tile(shape: &[i64], sorted_dims: &[i64]) -> Option<i64> {
    let kept_first = (0..shape.len() as i64).find(|d| !sorted_dims.contains(d))?;
    if sorted_dims.iter().any(|&d| d > kept_first) || shape.iter().product::<i64>() < COLUMN_TILE_MIN_ELEMENTS {
        return None;
    }
    let c = *shape.last()?;
    let fits = |t: &i64| c / t >= MIN_COLUMN_TILES;
    let tiles = [512i64, 256, 128, 64, 32, 16];
    tiles.into_iter().find(|t| c % t == 0 && fits(t)).or_else(|| tiles.into_iter().find(fits))
}

/// Tiles a column reduction is split into at least (a few per thread balances the threads).
const MIN_COLUMN_TILES: i64 = 4;
/// Column reductions of fewer input elements stay one loop nest.
const COLUMN_TILE_MIN_ELEMENTS: i64 = 1 << 16;

/// `tensor.collapse_shape` merging dimensions `d` and `d + 1` of `from` (the inverse of
/// [`expand`]).
fn collapse(ctx: &mut Ctx, name: &str, from: &TensorType, to: &TensorType, d: usize) -> String {
    ctx.e.reshape("joined", name, from, to, &split_groups(to.rank(), d))
}

/// The reassociation of dimension `d` of a rank-`rank` tensor split into two:
/// `[0], ..., [d, d + 1], ..., [rank]` (for `expand_shape` and `collapse_shape` alike).
fn split_groups(rank: usize, d: usize) -> Vec<Vec<usize>> {
    (0..rank)
        .map(|i| match i.cmp(&d) {
            std::cmp::Ordering::Less => vec![i],
            std::cmp::Ordering::Equal => vec![i, i + 1],
            std::cmp::Ordering::Greater => vec![i + 1],
        })
        .collect()
}

/// `tensor.expand_shape` splitting dimension `d` of `from` into two.
fn expand(ctx: &mut Ctx, name: &str, from: &TensorType, to: &TensorType, d: usize) -> String {
    ctx.e.reshape("split", name, from, to, &split_groups(from.rank(), d))
}

/// Where a reduction's accumulators start.
enum Start<'a> {
    /// Tensors filled with the scalar init values.
    Init(&'a [String]),
    /// These tensors (of the result's type): the reduction adds to what they hold.
    Into(Vec<String>),
}

/// One `linalg.generic` reduction. Loops: the kept dimensions before the last reduced one
/// (parallel, outermost), the reduced ones, then the kept dimensions after the last reduced
/// one (parallel, innermost: contiguous, so they vectorize); the kept dimension `hoisted`,
/// if any, is moved to the outermost loop.
fn reduce_once(
    ctx: &mut Ctx,
    inputs: Vec<(String, TensorType)>,
    start: Start,
    dims: &[i64],
    out_elements: &[xhlo_ir::ElementType],
    body: &Block,
    hoisted: Option<usize>,
) -> Result<Vec<String>, String> {
    let n = inputs.len();
    let rank = inputs[0].1.rank();
    let last_reduced = dims.iter().copied().max().unwrap_or(-1);
    let kept: Vec<usize> = (0..rank).filter(|d| !dims.contains(&(*d as i64))).collect();
    let outer: Vec<usize> = hoisted.into_iter().chain(kept.iter().copied().filter(|&d| (d as i64) < last_reduced && Some(d) != hoisted)).collect();
    let inner: Vec<usize> = kept.iter().copied().filter(|&d| (d as i64) > last_reduced && Some(d) != hoisted).collect();
    let reduced: Vec<usize> = (0..rank).filter(|d| dims.contains(&(*d as i64))).collect();
    let order: Vec<usize> = outer.iter().chain(&reduced).chain(&inner).copied().collect();
    let mut input_map = vec![String::new(); rank];
    for (loop_index, &d) in order.iter().enumerate() {
        input_map[d] = format!("d{loop_index}");
    }
    // Kept dimensions are in tensor order in the result: the outer ones, then the inner ones.
    let out_map: Vec<String> = kept.iter().map(|&d| input_map[d].clone()).collect();
    let out_dims: Vec<i64> = kept.iter().map(|&d| inputs[0].1.dims[d]).collect();
    let mut operands = Vec::new();
    let mut outs = Vec::new();
    for (i, (x, xt)) in inputs.into_iter().enumerate() {
        operands.push(Operand { value: x, ty: xt, map: input_map.join(", ") });
        let out = TensorType::new(out_dims.clone(), out_elements[i]);
        let value = match &start {
            Start::Init(inits) => ctx.e.fill(&out, &inits[i]),
            Start::Into(values) => values[i].clone(),
        };
        outs.push(Operand { value, ty: out, map: out_map.join(", ") });
    }
    let iterators: Vec<&str> = order.iter().map(|&d| if dims.contains(&(d as i64)) { "reduction" } else { "parallel" }).collect();
    let elem_in: Vec<_> = operands.iter().map(|o| o.ty.element).collect();
    let elem_acc: Vec<_> = outs.iter().map(|o| o.ty.element).collect();
    ctx.e.generic_multi(&operands, outs, &iterators, |e, args| {
        let xs: Vec<_> = args[..n].iter().zip(&elem_in).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let accs: Vec<_> = args[n..].iter().zip(&elem_acc).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let yielded = region::lower_block(e, body, accs.into_iter().chain(xs).collect())?;
        Ok(yielded.iter().map(|v| scalar::store(e, v)).collect())
    })
}

// ----- reduce_window, select_and_scatter -----------------------------------------------------

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
    // A fresh buffer (`alloc_tensor`, which loop-invariant code motion leaves in place: a
    // `tensor.empty` filled outside a loop could not be written in place in each iteration,
    // and bufferization would copy the filled tensor and the part through `memrefCopy`).
    let filled = fresh_fill(ctx, &out, value);
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
        ctx.e.extract_slice("pw", x, xt, &src_start, &part_ty)
    };
    // The part is copied by a kernel into the slice of the filled tensor it lands in, which
    // bufferizes in place: a bare `insert_slice` of `part` would be a `memref.copy` into a
    // strided view, which runs element by element in the runtime's `memrefCopy` (most of
    // the time of a padded 3x3 pooling gradient).
    let (dst, count, strides) = (list(&dst_start), list(&count), list(&strides));
    let slice = format!("[{dst}] [{count}] [{strides}] : {} into {}", types::tensor(&part_ty), types::tensor(&out));
    let view = ctx.e.op("pw", &format!("tensor.extract_slice {filled}[{dst}] [{count}] [{strides}] : {} to {}", types::tensor(&out), types::tensor(&part_ty)));
    let copied = copy_into(ctx, &part, &part_ty, &view);
    let padded = ctx.e.op("pw", &format!("tensor.insert_slice {copied} into {filled}{slice}"));
    (padded, out)
}

/// A fresh tensor of `ty` filled with `value`, as `Emitter::fill` but from
/// `bufferization.alloc_tensor`, which loop-invariant code motion leaves in its loop: a
/// filled `tensor.empty` hoisted out of a `while` is copied whole (memmove) in each iteration
/// before a kernel may write it, where this fills it again (memset).
fn fresh_fill(ctx: &mut Ctx, ty: &TensorType, value: &str) -> String {
    let t = types::tensor(ty);
    let fresh = ctx.e.op("pw", &format!("bufferization.alloc_tensor() : {t}"));
    ctx.e.op("pw", &format!("linalg.fill ins({value} : {}) outs({fresh} : {t}) -> {t}", types::storage(ty.element)))
}

/// `x` (of type `ty`) written into `into` (a tensor of the same type) by `linalg.copy`, a
/// loop nest that on buffers reads and writes strided views in place (a `tensor.insert_slice`
/// or an `extract_slice` that needs a copy of its own would be a `memref.copy` through the
/// runtime's element-by-element `memrefCopy`). Not a `linalg.generic`: canonicalization (run
/// by the inliner) erases a generic that only yields its input, leaving the insert_slice.
fn copy_into(ctx: &mut Ctx, x: &str, ty: &TensorType, into: &str) -> String {
    let t = types::tensor(ty);
    ctx.e.op("copy", &format!("linalg.copy ins({x} : {t}) outs({into} : {t}) -> {t}"))
}

/// Reduce-window: each input padded with its init value (edges and base-dilation holes),
/// then one `linalg.generic` reading the padded input at `o * stride + w * window_dilation`;
/// a window-shaped `tensor.empty` gives the window loops their bounds. The loops are the
/// result dims but the last, the window dims, then the result's last dim: the innermost loop
/// runs along contiguous memory (NHWC pooling's channels), so the vector stage computes a
/// vector of results per window step. Each result still reduces its window in the window's
/// lexicographic order.
fn reduce_window(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    if op.operands.len() % 2 != 0 || op.operands.is_empty() {
        return Err(format!("reduce_window takes N inputs and N init values, got {} operands", op.operands.len()));
    }
    let n = op.operands.len() / 2;
    let rank = ctx.tensor_operand(op, 0)?.1.rank();
    let w = window(op, rank)?;
    let body = block(op, 0, "body")?;
    let mut xs = Vec::new();
    let mut inits = Vec::new();
    let mut outs = Vec::new();
    for i in 0..n {
        xs.push(ctx.tensor_operand(op, i)?);
        let (init, init_t) = ctx.tensor_operand(op, n + i)?;
        inits.push(ctx.e.extract_scalar(&init, &init_t));
        outs.push(result(op, i)?);
    }
    if let (1, Some((d, suffix))) = (n, scan_dim(&w, &xs[0].1, &outs[0])) {
        let identity = ctx.constant_operand(op, 1).is_some_and(|init| scan_identity(body, &init));
        let (x, xt) = &xs[0];
        if identity && xt.dims[d] > SCAN_BLOCK {
            return Ok(vec![scan(ctx, x, xt, d, suffix, &inits[0], body)?]);
        }
    }
    window_generic(ctx, &xs, &inits, &outs, &w, body)
}

/// The reduce-window loops (see [`reduce_window`]) for inputs `xs` with init scalars `inits`.
fn window_generic(ctx: &mut Ctx, xs: &[(String, TensorType)], inits: &[String], outs: &[TensorType], w: &Window, body: &Block) -> Result<Vec<String>, String> {
    let n = xs.len();
    let rank = xs[0].1.rank();
    let lo: Vec<i64> = w.padding.iter().map(|p| p.0).collect();
    let hi: Vec<i64> = w.padding.iter().map(|p| p.1).collect();
    let interior: Vec<i64> = w.base_dilations.iter().map(|b| b - 1).collect();
    // The loop of result dim `d` and of window dim `d`.
    let out_loop = |d: usize| if d + 1 == rank { 2 * rank - 1 } else { d };
    let window_loop = |d: usize| rank - 1 + d;
    let map: Vec<String> = (0..rank).map(|d| format!("d{} * {} + d{} * {}", out_loop(d), w.strides[d], window_loop(d), w.window_dilations[d])).collect();
    let mut inputs = Vec::new();
    let mut init_operands = Vec::new();
    let out_map: Vec<String> = (0..rank).map(|d| format!("d{}", out_loop(d))).collect();
    for ((x, xt), (s, out)) in xs.iter().zip(inits.iter().zip(outs)) {
        let (padded, pt) = pad_with(ctx, x, xt, s, &lo, &hi, &interior);
        inputs.push(Operand { value: padded, ty: pt, map: map.join(", ") });
        let filled = ctx.e.fill(out, s);
        init_operands.push(Operand { value: filled, ty: out.clone(), map: out_map.join(", ") });
    }
    // Unread; bytes, as the vector stage reads no i1 tensors.
    let window_ty = TensorType::new(w.sizes.clone(), ElementType::S8);
    let window_value = ctx.e.empty(&window_ty);
    let window_map: Vec<String> = (0..rank).map(|d| format!("d{}", window_loop(d))).collect();
    inputs.push(Operand { value: window_value, ty: window_ty, map: window_map.join(", ") });
    let iterators: Vec<&str> = (0..2 * rank).map(|i| if i < rank - 1 || i == 2 * rank - 1 { "parallel" } else { "reduction" }).collect();
    let elem_in: Vec<_> = inputs[..n].iter().map(|o| o.ty.element).collect();
    let elem_acc: Vec<_> = init_operands.iter().map(|o| o.ty.element).collect();
    ctx.e.generic_multi(&inputs, init_operands, &iterators, |e, args| {
        let xs: Vec<_> = args[..n].iter().zip(&elem_in).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let accs: Vec<_> = args[n + 1..].iter().zip(&elem_acc).map(|(a, t)| scalar::load(e, a, *t)).collect();
        let yielded = region::lower_block(e, body, accs.into_iter().chain(xs).collect())?;
        if yielded.len() != n {
            return Err(format!("reduce_window: body yields {} values for {n} inputs", yielded.len()));
        }
        Ok(yielded.iter().map(|v| scalar::store(e, v)).collect())
    })
}

// ----- prefix scans (cumsum, cumprod, cummax, cummin) ------------------------------------------

/// Elements per block of a two-level scan: XLA's (`ReduceWindowRewriter`'s base length on
/// CPU), so that the products and sums are grouped as XLA groups them.
const SCAN_BLOCK: i64 = 16;

/// The dimension a reduce-window scans, and whether from the end, when it is an inclusive
/// scan as JAX writes `cumsum` & co: the window spans the whole of one dimension `d` with
/// `size - 1` elements of low padding (a prefix scan) or of high padding (a suffix scan,
/// `reverse=True`), every other dimension is a window of one, strides and dilations are one.
fn scan_dim(w: &Window, xt: &TensorType, out: &TensorType) -> Option<(usize, bool)> {
    if xt.dims != out.dims || w.strides.iter().chain(&w.base_dilations).chain(&w.window_dilations).any(|&v| v != 1) {
        return None;
    }
    let mut scanned = (0..xt.rank()).filter(|&d| w.sizes[d] != 1 || w.padding[d] != (0, 0));
    let d = scanned.next()?;
    let n = xt.dims[d];
    if scanned.next().is_some() || w.sizes[d] != n {
        return None;
    }
    match w.padding[d] {
        p if p == (n - 1, 0) => Some((d, false)),
        p if p == (0, n - 1) => Some((d, true)),
        _ => None,
    }
}

/// The window of an inclusive prefix scan of `n` elements along `d` (of `rank`): `n` wide
/// there with `n - 1` elements of low padding (of high padding for a suffix scan), one
/// element wide elsewhere.
fn prefix_window(rank: usize, d: usize, n: i64, suffix: bool) -> Window {
    let mut sizes = vec![1; rank];
    sizes[d] = n;
    let mut padding = vec![(0, 0); rank];
    padding[d] = if suffix { (0, n - 1) } else { (n - 1, 0) };
    Window { sizes, strides: vec![1; rank], base_dilations: vec![1; rank], window_dilations: vec![1; rank], padding }
}

/// Whether the body is one associative and commutative op on its two arguments and `init`
/// is that op's identity: then padding with `init` changes nothing and the window's
/// elements may be combined in any grouping, as a scan does.
fn scan_identity(body: &Block, init: &xhlo_ir::literal::Literal) -> bool {
    use xhlo_ir::literal::Scalar::{Complex, Float, Int};
    let [op, ret] = body.ops.as_slice() else { return false };
    let args: Vec<_> = body.args.iter().map(|(v, _)| v.clone()).collect();
    let uses_both = op.operands.len() == 2 && args.len() == 2 && op.operands.contains(&args[0]) && op.operands.contains(&args[1]);
    if !uses_both || ret.operands.len() != 1 || op.result_refs().first() != ret.operands.first() || init.len() != 1 {
        return false;
    }
    let t = init.ty.element;
    let (bits, signed) = (t.bit_width(), t.is_signed_int());
    let int_min = if signed { -(1i128 << (bits - 1)) } else { 0 };
    let int_max = if signed { (1i128 << (bits - 1)) - 1 } else { (1i128 << bits) - 1 };
    match (op.name.as_str(), init.get(0)) {
        ("xhlo.add", Float(v)) => v == 0.0,
        ("xhlo.add", Int(v)) => v == 0 && !t.is_pred(),
        ("xhlo.add", Complex(re, im)) => re == 0.0 && im == 0.0,
        ("xhlo.multiply", Float(v)) => v == 1.0,
        ("xhlo.multiply", Int(v)) => v == 1 && !t.is_pred(),
        ("xhlo.multiply", Complex(re, im)) => re == 1.0 && im == 0.0,
        ("xhlo.maximum", Float(v)) => v == f64::NEG_INFINITY,
        ("xhlo.maximum", Int(v)) => v == int_min,
        ("xhlo.minimum", Float(v)) => v == f64::INFINITY,
        ("xhlo.minimum", Int(v)) => v == int_max,
        _ => false,
    }
}

/// An inclusive prefix (or suffix) scan of `x` along `d` with `body`, whose identity is the
/// scalar `identity`, in two levels, as XLA's `ReduceWindowRewriter` does it: the dimension is
/// padded at the end to blocks of [`SCAN_BLOCK`], each block is scanned on its own (a
/// reduce-window of one block: work `n·SCAN_BLOCK`), the blocks' totals (last elements;
/// first for a suffix) are scanned the same way (recursively), and each block's elements
/// are combined with the total of the blocks before (after) it. A direct window of `n` did
/// `n²/2` operations and chains of `n` (cumsum of 20,000 elements: 0.44 s, and 7x XLA's
/// error); here no chain is longer than `SCAN_BLOCK` plus the blocks' own scan, and every
/// element is grouped as XLA groups it, so that the results are XLA's to the bit (windows
/// are walked forward from the identity, as XLA's, also for a suffix).
fn scan(ctx: &mut Ctx, x: &str, xt: &TensorType, d: usize, suffix: bool, identity: &str, body: &Block) -> Result<String, String> {
    let rank = xt.rank();
    let n = xt.dims[d];
    let el = xt.element;
    let b = SCAN_BLOCK;
    if n <= b {
        let w = prefix_window(rank, d, n, suffix);
        return Ok(window_generic(ctx, &[(x.to_string(), xt.clone())], &[identity.to_string()], &[xt.clone()], &w, body)?.remove(0));
    }
    let blocks = (n + b - 1) / b;
    let back = blocks * b - n;
    // Blocks of `b` along `d`, the last one padded at the end with the identity.
    let mut hi = vec![0; rank];
    hi[d] = back;
    let (padded, padded_t) = pad_with(ctx, x, xt, identity, &vec![0; rank], &hi, &vec![0; rank]);
    let mut split_dims = padded_t.dims.clone();
    split_dims.splice(d..=d, [blocks, b]);
    let split_t = TensorType::new(split_dims.clone(), el);
    let split = expand(ctx, &padded, &padded_t, &split_t, d);
    // Each block scanned on its own.
    let w = prefix_window(rank + 1, d + 1, b, suffix);
    let within = window_generic(ctx, &[(split, split_t.clone())], &[identity.to_string()], &[split_t.clone()], &w, body)?.remove(0);
    // The blocks' totals (their last elements; first for a suffix), scanned; then shifted by
    // one block.
    let mut totals_dims = split_dims.clone();
    totals_dims.remove(d + 1);
    let totals_t = TensorType::new(totals_dims, el);
    let (mut offsets, mut slice_sizes) = (vec![0; rank + 1], split_dims.clone());
    offsets[d + 1] = if suffix { 0 } else { b - 1 };
    slice_sizes[d + 1] = 1;
    // A rank-reducing slice (its sizes keep the unit dimension its type drops).
    let totals = ctx.e.op(
        "totals",
        &format!(
            "tensor.extract_slice {within}[{}] [{}] [{}] : {} to {}",
            list(&offsets),
            list(&slice_sizes),
            list(&vec![1; rank + 1]),
            types::tensor(&split_t),
            types::tensor(&totals_t)
        ),
    );
    let inclusive = scan(ctx, &totals, &totals_t, d, suffix, identity, body)?;
    let (mut shift_lo, mut shift_hi) = (vec![0; rank], vec![0; rank]);
    (shift_lo[d], shift_hi[d]) = if suffix { (-1, 1) } else { (1, -1) };
    let (before, before_t) = pad_with(ctx, &inclusive, &totals_t, identity, &shift_lo, &shift_hi, &vec![0; rank]);
    // Each element combined with the total of the blocks before (after) its own.
    let all: Vec<String> = (0..=rank).map(|i| format!("d{i}")).collect();
    let mut dropped = all.clone();
    dropped.remove(d + 1);
    let init = ctx.e.empty(&split_t);
    let iterators = vec!["parallel"; rank + 1];
    let inputs = [Operand { value: before, ty: before_t, map: dropped.join(", ") }, Operand::identity(within, &split_t)];
    let combined = ctx.e.generic(&inputs, Operand::identity(init, &split_t), &iterators, |e, a| {
        let args = vec![scalar::load(e, &a[0], el), scalar::load(e, &a[1], el)];
        let yielded = region::lower_block(e, body, args)?;
        Ok(scalar::store(e, &yielded[0]))
    })?;
    // Back to `d` whole, without the front padding.
    let joined = collapse(ctx, &combined, &split_t, &padded_t, d);
    if back == 0 {
        return Ok(joined);
    }
    Ok(ctx.e.extract_slice("scan", &joined, &padded_t, &vec![0; rank], xt))
}

/// Select-and-scatter: the result starts as init_value; for each source position (window
/// position), the window is walked in lexicographic order over the operand, skipping
/// padding; the first element is selected, then each later one replaces the selection when
/// `select(selected, candidate)` is false. The source value is combined into the selected
/// position with `scatter(current, source)`.
///
/// Where [`select_and_scatter_parallel`] applies (nearly always), that is two kernels of
/// parallel loops with exactly these semantics; else a sequential loop nest over the source
/// carrying the result (rank 0, empty tensors, negative padding, huge windows).
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
    if let Some(plan) = SasPlan::new(&w, &xt, &st, &out) {
        return Ok(vec![select_and_scatter_parallel(ctx, &plan, (&x, &xt), (&src, &st), (&init, &init_t, &init_scalar), &out, &w, select, scatter_body)?]);
    }
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

/// Largest constant table (window positions, window offsets) the parallel select-and-scatter
/// writes into the program; beyond it the sequential loop nest is used.
const SAS_TABLE_LIMIT: i64 = 1 << 16;

/// The shape of the parallel select-and-scatter ([`select_and_scatter_parallel`]) along each
/// dimension `d` of the operand (`n` elements, window `size`, `stride`, low padding `lo`):
/// the padded position `P = p + lo` of operand element `p` is `q * stride + r` (`q < Q`,
/// `r < stride`), and the windows containing it are `s = q - (K - 1) + k` for `k < K`,
/// `K = ceil(size / stride)`, those with `0 <= s < m` (the source's extent) and offset
/// `P - s * stride < size`.
struct SasPlan {
    /// `Q` per dimension.
    q: Vec<i64>,
    /// `K` per dimension.
    k: Vec<i64>,
}

impl SasPlan {
    /// The plan, or `None` where the sequential loop nest is kept: rank 0, empty tensors,
    /// negative padding, windows that do not fit the padded operand, tables over
    /// [`SAS_TABLE_LIMIT`] entries.
    fn new(w: &Window, xt: &TensorType, st: &TensorType, out: &TensorType) -> Option<SasPlan> {
        let rank = xt.rank();
        if rank == 0 || out.dims != xt.dims || st.rank() != rank || xt.dims.iter().chain(&st.dims).any(|&n| n <= 0) {
            return None;
        }
        let (mut q, mut k) = (vec![0; rank], vec![0; rank]);
        for d in 0..rank {
            let (size, stride, (lo, hi)) = (w.sizes[d], w.strides[d], w.padding[d]);
            if size < 1 || stride < 1 || lo < 0 || hi < 0 || (st.dims[d] - 1) * stride + size > lo + xt.dims[d] + hi {
                return None;
            }
            q[d] = (lo + xt.dims[d] + stride - 1) / stride;
            k[d] = (size + stride - 1) / stride;
        }
        let window: i64 = w.sizes.iter().product();
        let offsets: i64 = w.strides.iter().chain(&k).product();
        (window <= SAS_TABLE_LIMIT && offsets <= SAS_TABLE_LIMIT).then_some(SasPlan { q, k })
    }
}

/// `arith.constant dense<...>` of i32 `values` (row-major) in the shape `dims`.
fn i32_table(ctx: &mut Ctx, dims: &[i64], values: &[i64]) -> String {
    let ty = TensorType::new(dims.to_vec(), ElementType::S32);
    let scalars: Vec<Scalar> = values.iter().map(|&v| Scalar::Int(v as i128)).collect();
    let body = Literal::from_scalars(ty.clone(), &scalars).to_dense_body();
    ctx.e.op("tab", &format!("arith.constant dense<{body}> : {}", types::tensor(&ty)))
}

/// Select-and-scatter as two kernels of parallel loops, with the sequential loop's results
/// bit for bit:
///
/// 1. Select: a reduce-window over the operand (loops: the source's dims but the last, the
///    window's, the source's last, as in [`window_generic`], so NHWC's channels are the
///    innermost, vectorized loop) carrying the selected value and its flat position in the
///    window (i32, -1 while none): the window's positions in lexicographic order, the first
///    in-bounds one taken, a later one replacing it when `select(selected, candidate)` is
///    false (so with `GE` the first of equal values stays). Padding positions are skipped
///    through a padded mask of ones; the positions come from a constant table (the vector
///    stage leaves bodies reading `linalg.index` scalar).
/// 2. Scatter, as a gather: every operand element (in the padded coordinates `q * stride +
///    r`, [`SasPlan`]) folds, starting from init, `scatter(acc, source[s])` over the windows
///    `s` containing it whose selection is its position, in lexicographic order of `s` (the
///    `k` loops, reductions, innermost but the last dimension's): the order in which the
///    sequential loop visits them. The window offset of `(r, k)` comes from a constant table
///    (-2 where it falls outside the window); source and selection are padded (selection
///    -1) so windows outside the source never match. Where windows do not overlap (`size <=
///    stride` in every dimension) every `K` is 1 and the kernel is element-wise.
///
/// Both kernels' outer loops are parallel (the threads' loops) and each output element is
/// written by one iteration, so there is no race and no dependence on the thread count.
#[allow(clippy::too_many_arguments)]
fn select_and_scatter_parallel(
    ctx: &mut Ctx,
    plan: &SasPlan,
    (x, xt): (&str, &TensorType),
    (src, st): (&str, &TensorType),
    (init, init_t, init_scalar): (&str, &TensorType, &str),
    out: &TensorType,
    w: &Window,
    select: &Block,
    scatter_body: &Block,
) -> Result<String, String> {
    let rank = xt.rank();
    let t = xt.element;
    let elem_ty = types::storage(t).to_string();
    let lo: Vec<i64> = w.padding.iter().map(|p| p.0).collect();
    let hi: Vec<i64> = w.padding.iter().map(|p| p.1).collect();
    let flat = vec![0; rank];
    // 1. Select.
    let zero = ctx.e.scalar_const(t, super::common::zero_text(t));
    let (xp, xpt) = pad_with(ctx, x, xt, &zero, &lo, &hi, &flat);
    let out_loop = |d: usize| if d + 1 == rank { 2 * rank - 1 } else { d };
    let window_loop = |d: usize| rank - 1 + d;
    let read: Vec<String> = (0..rank).map(|d| format!("d{} * {} + d{}", out_loop(d), w.strides[d], window_loop(d))).collect();
    let mut inputs = vec![Operand { value: xp, ty: xpt, map: read.join(", ") }];
    let padded = w.padding.iter().any(|&p| p != (0, 0));
    if padded {
        let ones_t = TensorType::new(xt.dims.clone(), ElementType::S8);
        let one = ctx.e.scalar_const(ElementType::S8, "1");
        let ones = ctx.e.fill(&ones_t, &one);
        let none = ctx.e.scalar_const(ElementType::S8, "0");
        let (mask, mask_t) = pad_with(ctx, &ones, &ones_t, &none, &lo, &hi, &flat);
        inputs.push(Operand { value: mask, ty: mask_t, map: read.join(", ") });
    }
    let window_count: i64 = w.sizes.iter().product();
    let positions = i32_table(ctx, &w.sizes, &(0..window_count).collect::<Vec<_>>());
    let window_map: Vec<String> = (0..rank).map(|d| format!("d{}", window_loop(d))).collect();
    inputs.push(Operand { value: positions, ty: TensorType::new(w.sizes.clone(), ElementType::S32), map: window_map.join(", ") });
    let src_map: Vec<String> = (0..rank).map(|d| format!("d{}", out_loop(d))).collect();
    let value_t = TensorType::new(st.dims.clone(), t);
    let index_t = TensorType::new(st.dims.clone(), ElementType::S32);
    let minus_one = ctx.e.scalar_const(ElementType::S32, "-1");
    let inits = vec![
        Operand { value: fresh_fill(ctx, &value_t, &zero), ty: value_t, map: src_map.join(", ") },
        Operand { value: fresh_fill(ctx, &index_t, &minus_one), ty: index_t.clone(), map: src_map.join(", ") },
    ];
    let iterators: Vec<&str> = (0..2 * rank).map(|i| if i < rank - 1 || i == 2 * rank - 1 { "parallel" } else { "reduction" }).collect();
    let selected = ctx.e.generic_multi(&inputs, inits, &iterators, |e, args| {
        let (v, position, (sel_val, sel_idx)) = (&args[0], &args[args.len() - 3], (&args[args.len() - 2], &args[args.len() - 1]));
        let a = scalar::load(e, sel_val, t);
        let b = scalar::load(e, v, t);
        let keep = region::lower_block(e, select, vec![a, b])?;
        let [keep] = keep.as_slice() else { return Err("select region must yield one value".into()) };
        let yes = e.op("c", "arith.constant true");
        let not_keep = e.op("b", &format!("arith.xori {}, {yes} : i1", keep.name));
        let zero32 = e.op("c", "arith.constant 0 : i32");
        let none_yet = e.op("b", &format!("arith.cmpi slt, {sel_idx}, {zero32} : i32"));
        let mut take = e.op("b", &format!("arith.ori {none_yet}, {not_keep} : i1"));
        if padded {
            let zero8 = e.op("c", "arith.constant 0 : i8");
            let inside = e.op("b", &format!("arith.cmpi ne, {}, {zero8} : i8", args[1]));
            take = e.op("b", &format!("arith.andi {inside}, {take} : i1"));
        }
        Ok(vec![
            e.op("sel", &format!("arith.select {take}, {v}, {sel_val} : {elem_ty}")),
            e.op("sel", &format!("arith.select {take}, {position}, {sel_idx} : i32")),
        ])
    })?;
    let choice = selected[1].clone();
    // 2. Scatter, gathered per operand element.
    let (s, q, k) = (&w.strides, &plan.q, &plan.k);
    let mut next = 0;
    let mut fresh = || {
        next += 1;
        next - 1
    };
    let (mut q_loop, mut r_loop, mut k_loop) = (vec![0; rank], vec![None; rank], vec![None; rank]);
    for d in 0..rank - 1 {
        q_loop[d] = fresh();
        r_loop[d] = (s[d] > 1).then(&mut fresh);
    }
    for d in 0..rank {
        k_loop[d] = (k[d] > 1).then(&mut fresh);
    }
    q_loop[rank - 1] = fresh();
    r_loop[rank - 1] = (s[rank - 1] > 1).then(&mut fresh);
    let loops = next;
    // Source and selection padded so that index q + k (window q - (K - 1) + k) is in bounds.
    let front: Vec<i64> = k.iter().map(|k| k - 1).collect();
    let back: Vec<i64> = (0..rank).map(|d| q[d] - st.dims[d]).collect();
    let src_zero = ctx.e.scalar_const(st.element, super::common::zero_text(st.element));
    let (src_p, src_pt) = pad_with(ctx, src, st, &src_zero, &front, &back, &flat);
    let (choice_p, choice_pt) = pad_with(ctx, &choice, &index_t, &minus_one, &front, &back, &flat);
    let at: Vec<String> = (0..rank).map(|d| match k_loop[d] {
        Some(kl) => format!("d{} + d{kl}", q_loop[d]),
        None => format!("d{}", q_loop[d]),
    }).collect();
    // Offsets of (r, k) in the window, row-major; -2 outside it.
    let mut table_dims = s.clone();
    table_dims.extend(k.iter().copied());
    let entries: i64 = table_dims.iter().product();
    let offsets: Vec<i64> = (0..entries)
        .map(|mut i| {
            let mut idx = vec![0; 2 * rank];
            for j in (0..2 * rank).rev() {
                idx[j] = i % table_dims[j];
                i /= table_dims[j];
            }
            let mut flat_offset = 0;
            for d in 0..rank {
                let off = idx[d] + (k[d] - 1 - idx[rank + d]) * s[d];
                if off >= w.sizes[d] {
                    return -2;
                }
                flat_offset = flat_offset * w.sizes[d] + off;
            }
            flat_offset
        })
        .collect();
    let table = i32_table(ctx, &table_dims, &offsets);
    let table_map: Vec<String> = (0..rank)
        .map(|d| r_loop[d].map_or("0".to_string(), |l| format!("d{l}")))
        .chain((0..rank).map(|d| k_loop[d].map_or("0".to_string(), |l| format!("d{l}"))))
        .collect();
    let mut wide_dims = Vec::new();
    let mut out_map = Vec::new();
    let mut groups = Vec::new();
    for d in 0..rank {
        let mut group = vec![wide_dims.len()];
        wide_dims.push(q[d]);
        out_map.push(format!("d{}", q_loop[d]));
        if let Some(r) = r_loop[d] {
            group.push(wide_dims.len());
            wide_dims.push(s[d]);
            out_map.push(format!("d{r}"));
        }
        groups.push(group);
    }
    let wide_t = TensorType::new(wide_dims, out.element);
    let mut inputs = vec![
        Operand { value: src_p, ty: src_pt, map: at.join(", ") },
        Operand { value: choice_p, ty: choice_pt, map: at.join(", ") },
        Operand { value: table, ty: TensorType::new(table_dims, ElementType::S32), map: table_map.join(", ") },
    ];
    // Without overlap each element takes at most one window: the init value is read (a
    // splat) instead of filled into the result first, which saves a pass over it.
    let overlap = k_loop.iter().any(Option::is_some);
    let joined_t = TensorType::new((0..rank).map(|d| q[d] * s[d]).collect::<Vec<i64>>(), out.element);
    let acc = if overlap && joined_t.dims != out.dims {
        // Copied into the result at the end anyway.
        fresh_fill(ctx, &wide_t, init_scalar)
    } else if overlap {
        // Possibly written in the caller's buffer (`eliminate-empty-tensors`).
        ctx.e.fill(&wide_t, init_scalar)
    } else {
        inputs.push(Operand { value: init.to_string(), ty: init_t.clone(), map: String::new() });
        ctx.e.empty(&wide_t)
    };
    let iterators: Vec<&str> = (0..loops).map(|l| if k_loop.contains(&Some(l)) { "reduction" } else { "parallel" }).collect();
    let scattered = ctx.e.generic(&inputs, Operand { value: acc, ty: wide_t.clone(), map: out_map.join(", ") }, &iterators, |e, args| {
        // The accumulator, or (without overlap) the init value; the output block argument after it is unread.
        let current = &args[3];
        let hit = e.op("b", &format!("arith.cmpi eq, {}, {} : i32", args[1], args[2]));
        let a = scalar::load(e, current, out.element);
        let b = scalar::load(e, &args[0], st.element);
        let r = region::lower_block(e, scatter_body, vec![a, b])?;
        let [r] = r.as_slice() else { return Err("scatter region must yield one value".into()) };
        let stored = scalar::store(e, r);
        Ok(e.op("sel", &format!("arith.select {hit}, {stored}, {current} : {}", types::storage(out.element))))
    })?;
    // Back to the operand's shape: the (q, r) pairs joined, the low padding and the tail cut.
    let joined = if wide_t.rank() == rank {
        scattered
    } else {
        ctx.e.reshape("joined", &scattered, &wide_t, &joined_t, &groups)
    };
    if joined_t.dims == out.dims {
        return Ok(joined);
    }
    let part = ctx.e.extract_slice("sas", &joined, &joined_t, &lo, out);
    let result = ctx.e.empty(out);
    Ok(copy_into(ctx, &part, out, &result))
}

#[cfg(test)]
mod tests {
    use crate::testing::lower_source;

    fn reduce_sum(shape: &str, out: &str, dims: &str, ty: &str) -> String {
        crate::testing::strip(&lower_source(&format!(
            r#"func.func @f(%x: tensor<{shape}x{ty}>, %z: tensor<{ty}>) -> tensor<{out}> {{
  %0 = "xhlo.reduce"(%x, %z) ({{
  ^bb0(%a: tensor<{ty}>, %b: tensor<{ty}>):
    %s = "xhlo.add"(%a, %b) : (tensor<{ty}>, tensor<{ty}>) -> tensor<{ty}>
    "gpu.yield"(%s) : (tensor<{ty}>) -> ()
  }}) {{dimensions = array<i64: {dims}>}} : (tensor<{shape}x{ty}>, tensor<{ty}>) -> tensor<{out}>
  return %0 : tensor<{out}>
}}"#
        )))
    }

    /// The full sum of 4096 x 4096 (the tests' 32-byte vectors, 8 f32) in chunks: the 16M
    /// elements as 512 chunks of 1024 steps of 32 lanes (chunks parallel, lanes innermost),
    /// the chunks and the lanes to one vector, then that vector.
    #[test]
    fn a_full_sum_runs_in_chunks_of_vector_lanes() {
        let out = reduce_sum("4096x4096", "f32", "0, 1", "f32");
        assert!(out.contains("tensor<4096x4096xf32> into tensor<16777216xf32>"), "{out}");
        assert!(out.contains("output_shape [512, 1024, 32]"), "{out}");
        assert!(out.contains("iterator_types = [\"parallel\", \"reduction\", \"parallel\"]"), "{out}");
        assert!(out.contains("outs(%") && out.contains(": tensor<512x32xf32>)"), "{out}");
        assert!(out.contains("output_shape [512, 4, 8]"), "{out}");
        assert!(out.contains("iterator_types = [\"reduction\", \"reduction\", \"parallel\"]"), "{out}");
        assert_eq!(out.matches("linalg.generic").count(), 3, "{out}");
        insta::assert_snapshot!(out);
    }

    /// A column sum keeps the kept (contiguous) dimension innermost; a prime row, which no
    /// lane count divides, runs its first 96 elements in 6 steps of 16 lanes and adds the
    /// 97th to lane 0; f64 lanes are 8 to a vector (64 as 4 x 16); complex128 (16 bytes) on
    /// 16-byte vectors has no lanes.
    #[test]
    fn lanes_follow_the_layout_and_the_element_width() {
        use xhlo_ir::ElementType::*;
        let out = reduce_sum("100x32", "32xf32", "0", "f32");
        assert!(out.contains("affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = [\"reduction\", \"parallel\"]"), "{out}");
        let out = reduce_sum("3x97", "3xf32", "1", "f32");
        assert!(out.contains("tensor.extract_slice %p0[0, 0] [3, 96] [1, 1] : tensor<3x97xf32> to tensor<3x96xf32>"), "{out}");
        assert!(out.contains("output_shape [3, 6, 16]"), "{out}");
        assert!(out.contains("tensor.extract_slice %p0[0, 96] [3, 1] [1, 1] : tensor<3x97xf32> to tensor<3x1xf32>"), "{out}");
        assert!(out.contains("[0, 0] [3, 1] [1, 1] : tensor<3x1xf32> into tensor<3x16xf32>"), "{out}");
        assert_eq!(super::peeled_lanes(97, &[F32], 32), Some(16));
        assert_eq!(super::peeled_lanes(1000, &[F32], 64), Some(64));
        assert_eq!(super::peeled_lanes(17, &[F32], 32), Some(8));
        assert_eq!(super::peeled_lanes(15, &[F32], 32), None);
        assert_eq!(super::peeled_lanes(7, &[F32], 32), None);
        let out = reduce_sum("3x64", "3xf64", "1", "f64");
        assert!(out.contains("output_shape [3, 4, 16]"), "{out}");
        assert_eq!(super::lanes(64, &[C128], 16), None);
        assert_eq!(super::lanes(64, &[F32], 32), Some(8 * 2));
        assert_eq!(super::lanes(4096, &[F32], 32), Some(32));
        assert_eq!(super::lanes(4096, &[F32, S32], 64), Some(64));
        assert_eq!(super::lanes(16, &[F32], 64), None);
        assert_eq!(super::lanes(0, &[F32], 64), None);
    }

    /// A column sum large enough for threads walks its rows once per tile of columns, the
    /// tiles outermost (the threads' loop), each column's rows still in order.
    #[test]
    fn a_column_sum_runs_its_rows_per_tile_of_columns() {
        let out = reduce_sum("4096x1024", "1024xf32", "0", "f32");
        assert!(out.contains("output_shape [4096, 4, 256]"), "{out}");
        assert!(out.contains("affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>], iterator_types = [\"parallel\", \"reduction\", \"parallel\"]"), "{out}");
        assert!(out.contains("tensor.collapse_shape") && out.contains("tensor<4x256xf32> into tensor<1024xf32>"), "{out}");
        // 1000 columns: 7 tiles of 128 (896 columns), then 104 columns as 6 tiles of 16 and
        // the last 8 as one loop nest, the parts written into the result side by side.
        let out = reduce_sum("4096x1000", "1000xf32", "0", "f32");
        assert!(out.contains("output_shape [4096, 7, 128]"), "{out}");
        assert!(out.contains("output_shape [4096, 6, 16]"), "{out}");
        assert!(out.contains("[896] [104] [1] : tensor<104xf32> into tensor<1000xf32>"), "{out}");
        assert!(out.contains("[96] [8] [1] : tensor<8xf32> into tensor<104xf32>"), "{out}");
        // Small ones, and rows reduced after a kept dimension, keep one loop nest.
        assert!(!reduce_sum("100x64", "64xf32", "0", "f32").contains("expand_shape"));
        assert!(!reduce_sum("4096x1024x7", "4096x7xf32", "1", "f32").contains("output_shape [4096, 4, 256]"));
    }

    #[test]
    fn reduce_window_pads_with_the_init_value_and_strides_through_the_padded_input() {
        let out = lower_source(
            r#"func.func @f(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  %0 = "xhlo.reduce_window"(%x, %z) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>, padding = array<i64: 1, 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}"#,
        );
        // The window loop first, the result loop innermost.
        assert!(out.contains("d1 * 2 + d0 * 1"), "{out}");
        insta::assert_snapshot!(out);
    }

    /// A cumsum-shaped reduce_window (window over all of one dimension, identity init)
    /// becomes the two-level scan: 16-element block windows, no window of the whole length.
    #[test]
    fn prefix_window_with_identity_init_is_a_blocked_scan() {
        let program = |init: &str, padding: &str| {
            format!(
                r#"func.func @f(%x: tensor<3x1000xf32>) -> tensor<3x1000xf32> {{
  %z = "xhlo.constant"() {{value = dense<{init}> : tensor<f32>}} : () -> tensor<f32>
  %0 = "xhlo.reduce_window"(%x, %z) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }}) {{window_dimensions = array<i64: 1, 1000>, padding = array<i64: {padding}>}} : (tensor<3x1000xf32>, tensor<f32>) -> tensor<3x1000xf32>
  return %0 : tensor<3x1000xf32>
}}"#
            )
        };
        let scan = lower_source(&program("0.0", "0, 0, 999, 0"));
        assert!(scan.contains("tensor<3x63x16xf32>") && scan.contains("tensor.collapse_shape") && !scan.contains("tensor<1x1000xi8>"), "{scan}");
        // A suffix scan (high padding): the same blocks, windows padded at the end.
        let suffix = lower_source(&program("0.0", "0, 0, 0, 999"));
        assert!(suffix.contains("tensor<3x63x16xf32>") && suffix.contains("tensor.collapse_shape") && !suffix.contains("tensor<1x1000xi8>"), "{suffix}");
        // Init 1 is not add's identity: the padding counts, so the window stays whole.
        let direct = lower_source(&program("1.0", "0, 0, 999, 0"));
        assert!(direct.contains("tensor<1x1000xi8>") && !direct.contains("tensor.collapse_shape"), "{direct}");
    }

    fn select_and_scatter(x: &str, s: &str, window: &str, strides: &str, padding: &str) -> String {
        lower_source(&format!(
            r#"func.func @f(%x: tensor<{x}xf32>, %s: tensor<{s}xf32>, %z: tensor<f32>) -> tensor<{x}xf32> {{
  %0 = "xhlo.select_and_scatter"(%x, %s, %z) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = "xhlo.compare"(%a, %b) {{comparison_direction = "GE"}} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "gpu.yield"(%c) : (tensor<i1>) -> ()
  }}, {{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s2 = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s2) : (tensor<f32>) -> ()
  }}) {{window_dimensions = array<i64: {window}>, window_strides = array<i64: {strides}>, padding = array<i64: {padding}>}} : (tensor<{x}xf32>, tensor<{s}xf32>, tensor<f32>) -> tensor<{x}xf32>
  return %0 : tensor<{x}xf32>
}}"#
        ))
    }

    /// Max pooling's gradient: the selection as a reduce-window (channels innermost), the
    /// scatter as an element-wise gather over (q, r) pairs of each strided dimension;
    /// overlapping windows add a reduction loop per overlapping dimension (3x3 stride 2:
    /// two windows per dimension) and padding a mask; a window of more than 65,536
    /// positions keeps the sequential loop nest.
    #[test]
    fn select_and_scatter_selects_per_window_then_gathers_per_element() {
        let out = select_and_scatter("2x8x8x64", "2x4x4x64", "1, 2, 2, 1", "1, 2, 2, 1", "0, 0, 0, 0, 0, 0, 0, 0");
        assert!(out.contains("iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"reduction\", \"reduction\", \"reduction\", \"reduction\", \"parallel\"]"), "{out}");
        assert!(out.contains("tensor<2x4x2x4x2x64xf32>") && out.contains("tensor.collapse_shape") && !out.contains("scf.for"), "{out}");
        assert!(out.contains("iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\", \"parallel\", \"parallel\"]"), "{out}");
        let out = select_and_scatter("1x9x9x17", "1x5x5x17", "1, 3, 3, 1", "1, 2, 2, 1", "0, 0, 1, 1, 1, 1, 0, 0");
        assert!(out.contains("tensor<1x11x11x17xi8>") && out.contains("tensor<1x5x2x5x2x17xf32>") && !out.contains("scf.for"), "{out}");
        assert!(out.contains("iterator_types = [\"parallel\", \"parallel\", \"parallel\", \"parallel\", \"parallel\", \"reduction\", \"reduction\", \"parallel\"]"), "{out}");
        assert!(out.contains("[0, 1, 1, 0] [1, 9, 9, 17] [1, 1, 1, 1]"), "{out}");
        let out = select_and_scatter("257x258", "1x3", "257, 256", "1, 1", "0, 0, 0, 0");
        assert!(out.contains("scf.for") && !out.contains("linalg.generic"), "{out}");
    }

    #[test]
    fn select_and_scatter_in_one_dimension_selects_positions_then_gathers() {
        let out = lower_source(
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

//! Indexing ops: `gather` and `scatter` (the dynamic slices are in [`super::data_movement`],
//! `reduce_window` and `select_and_scatter` in [`super::reduction`]; they share the helpers of
//! [`super::common`]).
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
//! `gather` and `reduce_window` are `linalg.generic`s over the result; `scatter` is an
//! `scf.for` nest over the update index space carrying the result tensors, with
//! `tensor.extract`/`tensor.insert` at computed positions. `select_and_scatter` is two
//! `linalg.generic`s (a selection per window, then a gather per operand element, in the
//! sequential order; see `select_and_scatter_parallel` there), with such a loop nest over the
//! source as its fallback.

use super::common::typed::{clamped_index, if_else, in_bounds, loop_nest};
use super::common::{block, i64s, int, opt_i64s, result};
use super::LowerFn;
use crate::build::{i64_type, int as int_attr, load, store, Build, Input, Value};
use crate::convert::Ctx;
use crate::emitter::Emitter;
use crate::region;
use crate::scalar;
use mlir_text::ast::{Op, Type};
use xhlo_ir::{ElementType, TensorType};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("gather", gather),
    ("scatter", scatter),
];

/// Whether `d` is listed in `dims`.
fn has(dims: &[i64], d: usize) -> bool {
    dims.contains(&(d as i64))
}

/// The index array's dimension `t` (not `index_vector_dim`) as a batch position.
fn batch_position(t: usize, index_vector_dim: usize) -> usize {
    if t < index_vector_dim {
        t
    } else {
        t - 1
    }
}

/// The coordinates in an index array (of rank `rank`) of component `j` of the index vector at
/// batch position `batch` (one coordinate per batch dimension; `constant` makes `j`).
fn index_coords<T: Clone>(rank: usize, index_vector_dim: usize, batch: &[T], j: usize, mut constant: impl FnMut(i64) -> T) -> Vec<T> {
    (0..rank).map(|t| if t == index_vector_dim { constant(j as i64) } else { batch[batch_position(t, index_vector_dim)].clone() }).collect()
}

/// Reads component `j` of the index vector at batch position `batch` (one index per batch
/// dimension) of the index array `ind` (of rank `rank`).
fn index_component(e: &mut Emitter, ind: &Value, rank: usize, index_vector_dim: usize, batch: &[Value], j: usize) -> Value {
    let coords = index_coords(rank, index_vector_dim, batch, j, |c| e.index(c));
    e.tensor_extract(ind, &coords)
}

/// Position `d` plus the offset `o` (when there is a position yet).
fn offset(e: &mut Emitter, position: Option<Value>, o: Value) -> Value {
    match position {
        Some(s) => e.same_type("ix", "arith.addi", &[&s, &o]),
        None => o,
    }
}

/// A gather's dimension numbers, checked against its operand (rank `rank`), index array
/// (rank `index_rank`) and result (rank `out_rank`): what the plain lowering below and a
/// loop fusion holding the gather ([`super::fusion`]) both read.
pub(crate) struct GatherDims {
    pub offset_dims: Vec<i64>,
    pub operand_batching: Vec<i64>,
    pub indices_batching: Vec<i64>,
    pub start_index_map: Vec<i64>,
    pub index_vector_dim: usize,
    pub slice_sizes: Vec<i64>,
    /// Output batch dimensions, in order; batch position k is index array dimension
    /// `index_array_dim(k)`.
    pub batch_dims: Vec<usize>,
    /// Operand dimensions the offset dimensions index, in order.
    pub windowed: Vec<usize>,
}

impl GatherDims {
    pub fn read(op: &Op, rank: usize, index_rank: usize, out_rank: usize) -> Result<GatherDims, String> {
        let offset_dims = i64s(op, "offset_dims")?;
        let collapsed = i64s(op, "collapsed_slice_dims")?;
        let operand_batching = opt_i64s(op, "operand_batching_dims")?.unwrap_or_default();
        let indices_batching = opt_i64s(op, "start_indices_batching_dims")?.unwrap_or_default();
        let start_index_map = i64s(op, "start_index_map")?;
        let index_vector_dim = int(op, "index_vector_dim")? as usize;
        let slice_sizes = i64s(op, "slice_sizes")?;
        if slice_sizes.len() != rank || operand_batching.len() != indices_batching.len() || index_vector_dim > index_rank {
            return Err("gather: inconsistent dimension numbers (not verified?)".into());
        }
        let batch_dims: Vec<usize> = (0..out_rank).filter(|d| !has(&offset_dims, *d)).collect();
        let windowed: Vec<usize> = (0..rank).filter(|d| !has(&collapsed, *d) && !has(&operand_batching, *d)).collect();
        if windowed.len() != offset_dims.len() {
            return Err("gather: offset_dims do not match the operand's window dimensions".into());
        }
        Ok(GatherDims { offset_dims, operand_batching, indices_batching, start_index_map, index_vector_dim, slice_sizes, batch_dims, windowed })
    }

    /// The coordinates in the index array of component `j` of the index vector at the
    /// output's batch coordinates `batch` (`constant` makes `j`).
    pub fn index_coords<T: Clone>(&self, index_rank: usize, batch: &[T], j: usize, constant: impl FnMut(i64) -> T) -> Vec<T> {
        index_coords(index_rank, self.index_vector_dim, batch, j, constant)
    }

    /// The largest start index of component `j` (operand dimension `start_index_map[j]` of
    /// sizes `operand_dims`): starts are clamped to `[0, dim - slice size]`, as XLA does.
    pub fn max_start(&self, operand_dims: &[i64], j: usize) -> i64 {
        let d = self.start_index_map[j] as usize;
        (operand_dims[d] - self.slice_sizes[d]).max(0)
    }

    /// The operand coordinates of the output element at `out_index`, from the clamped start
    /// index of each `start_index_map` entry (`starts[j]`).
    pub fn operand_coords(&self, e: &mut Emitter, out_index: &[Value], starts: Vec<Value>) -> Vec<Value> {
        let batch: Vec<Value> = self.batch_dims.iter().map(|&d| out_index[d].clone()).collect();
        // `read` checked there is one slice size per operand dimension.
        let mut full: Vec<Option<Value>> = vec![None; self.slice_sizes.len()];
        for (&d, start) in self.start_index_map.iter().zip(starts) {
            full[d as usize] = Some(start);
        }
        for (i, &d) in self.operand_batching.iter().enumerate() {
            let k = batch_position(self.indices_batching[i] as usize, self.index_vector_dim);
            full[d as usize] = Some(batch[k].clone());
        }
        for (k, &d) in self.windowed.iter().enumerate() {
            let o = out_index[self.offset_dims[k] as usize].clone();
            full[d] = Some(offset(e, full[d].take(), o));
        }
        full.into_iter().map(|c| c.unwrap_or_else(|| e.index(0))).collect()
    }
}

fn gather(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (ind, it) = ctx.tensor_operand(op, 1)?;
    let (x, ind) = (Value::tensor(&x, &xt), Value::tensor(&ind, &it));
    let out = result(op, 0)?;
    let rank = xt.rank();
    let g = GatherDims::read(op, rank, it.rank(), out.rank())?;
    let init = ctx.e.tensor_empty(&out);
    let iterators = vec!["parallel"; out.rank()];
    let r = ctx.e.linalg_generic(&[], &[Input::identity(init, out.rank())], &iterators, |e, _| {
        let out_index: Vec<Value> =
            (0..out.rank()).map(|d| e.emit1("i", Build::new("linalg.index").prop("dim", int_attr(d as i64, i64_type())).result(Type::Index))).collect();
        let batch: Vec<Value> = g.batch_dims.iter().map(|&d| out_index[d].clone()).collect();
        let mut starts = Vec::new();
        for j in 0..g.start_index_map.len() {
            let v = index_component(e, &ind, it.rank(), g.index_vector_dim, &batch, j);
            starts.push(clamped_index(e, &v, it.element, 0, g.max_start(&xt.dims, j))?);
        }
        let coords = g.operand_coords(e, &out_index, starts);
        Ok(vec![e.tensor_extract(&x, &coords)])
    })?;
    Ok(vec![r[0].to_string()])
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
    let ind = Value::tensor(&ind, &it);
    let update_window_dims = i64s(op, "update_window_dims")?;
    let inserted = i64s(op, "inserted_window_dims")?;
    let input_batching = opt_i64s(op, "input_batching_dims")?.unwrap_or_default();
    let indices_batching = opt_i64s(op, "scatter_indices_batching_dims")?.unwrap_or_default();
    let to_operand = i64s(op, "scatter_dims_to_operand_dims")?;
    let ivd = int(op, "index_vector_dim")? as usize;
    let body = block(op, 0, "update_computation")?;
    let xt: TensorType = inputs[0].1.clone();
    let ut: TensorType = updates[0].1.clone();
    let rank = xt.rank();
    if input_batching.len() != indices_batching.len() || ivd > it.rank() {
        return Err("scatter: inconsistent dimension numbers (not verified?)".into());
    }
    let scatter_dims: Vec<usize> = (0..ut.rank()).filter(|d| !has(&update_window_dims, *d)).collect();
    let windowed: Vec<usize> = (0..rank).filter(|d| !has(&inserted, *d) && !has(&input_batching, *d)).collect();
    if windowed.len() != update_window_dims.len() {
        return Err("scatter: update_window_dims do not match the operand's window dimensions".into());
    }
    let carried: Vec<Value> = inputs.iter().map(|(x, t)| Value::tensor(x, t)).collect();
    let tys: Vec<Type> = carried.iter().map(|c| c.ty.clone()).collect();
    let elems: Vec<ElementType> = inputs.iter().map(|(_, t)| t.element).collect();
    let updates: Vec<(Value, ElementType)> = updates.iter().map(|(u, t)| (Value::tensor(u, t), t.element)).collect();
    let mut nest_body = |e: &mut Emitter, u: &[Value], outs: &[Value]| -> Result<Vec<Value>, String> {
        let batch: Vec<Value> = scatter_dims.iter().map(|&d| u[d].clone()).collect();
        let mut full: Vec<Option<Value>> = vec![None; rank];
        for (j, &d) in to_operand.iter().enumerate() {
            let d = d as usize;
            let v = index_component(e, &ind, it.rank(), ivd, &batch, j);
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
            full[d] = Some(offset(e, full[d].take(), w));
        }
        let index: Vec<Value> = full.into_iter().map(|c| c.unwrap_or_else(|| e.index(0))).collect();
        let ok = in_bounds(e, &index, &xt.dims);
        if_else(
            e,
            &ok,
            &tys,
            Box::new(|e| {
                let mut args = Vec::new();
                for (o, elem) in outs.iter().zip(&elems) {
                    let v = e.tensor_extract(o, &index);
                    args.push(load(e, &v, *elem));
                }
                for (upd, elem) in &updates {
                    let v = e.tensor_extract(upd, u);
                    args.push(load(e, &v, *elem));
                }
                let results = region::lower_block(e, body, args)?;
                if results.len() != n {
                    return Err(format!("scatter: update_computation yields {} values for {n} inputs", results.len()));
                }
                let mut new = Vec::new();
                for ((r, o), elem) in results.iter().zip(outs).zip(&elems) {
                    let stored = store(e, &scalar::Value { name: r.name.clone(), ty: *elem });
                    new.push(e.emit1("ins", Build::new("tensor.insert").operand(&stored).operand(o).operands(&index).result(o.ty.clone())));
                }
                Ok(new)
            }),
            Box::new(|_| Ok(outs.to_vec())),
        )
    };
    let results = loop_nest(&mut ctx.e, &ut.dims, &carried, &mut Vec::new(), &mut nest_body)?;
    Ok(results.iter().map(Value::to_string).collect())
}

#[cfg(test)]
mod tests {
    use crate::lower_text;
    use crate::testing::lower_source;

    #[test]
    fn gather_reads_index_vectors_along_index_vector_dim_and_clamps_them() {
        // Rows of a 3x4 operand picked by a vector of row indices (tf.gather on axis 0).
        let out = lower_source(
            r#"func.func @f(%x: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<2x4xf32> {
  %0 = "xhlo.gather"(%x, %i) {offset_dims = array<i64: 1>, collapsed_slice_dims = array<i64: 0>, start_index_map = array<i64: 0>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}"#,
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn scatter_skips_out_of_bounds_elements_and_applies_the_region() {
        let out = lower_source(
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
}

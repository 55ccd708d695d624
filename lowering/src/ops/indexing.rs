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
//! `gather` and `reduce_window` are `linalg.generic`s over the result; `scatter` and
//! `select_and_scatter` are `scf.for` nests over the update (source) index space carrying the
//! result tensors, with `tensor.extract`/`tensor.insert` at computed positions.

use super::common::{block, clamped_index, extract, i64s, if_else, in_bounds, index_const, int, loop_nest, opt_i64s, result, Carried};
use super::LowerFn;
use crate::convert::Ctx;
use crate::emitter::{Emitter, Operand};
use crate::region;
use crate::scalar::{self, Value};
use crate::types;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::Op;

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

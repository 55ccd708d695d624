//! Gather and Scatter (seed 002 "Gather", "Scatter"), with StableHLO's batching dimensions.
//!
//! The structured `#stablehlo.gather<...>` / `#stablehlo.scatter<...>` dimension numbers are
//! flattened into one attribute per field. `scatter` takes its N inputs, the scatter indices and
//! N updates in ONE variadic slot `operands` (2N + 1 values: `inputs[0..N]`, `scatter_indices`
//! at N, `updates[N+1..2N+1]`), because IRDL cannot split two variadic groups without
//! `operandSegmentSizes`.
//!
//! Both ops treat `index_vector_dim == rank(indices)` as an implicit trailing dimension of size
//! 1 (seed 002).

use super::*;
use crate::op::{attr, check_dims, opt_attr, tensor, tensors, AttrKind, Category, OpDef, OpView};

pub const OPS: &[OpDef] = &[
    OpDef {
        attrs: &[
            attr("offset_dims", AttrKind::I64Array),
            attr("collapsed_slice_dims", AttrKind::I64Array),
            opt_attr("operand_batching_dims", AttrKind::I64Array),
            opt_attr("start_indices_batching_dims", AttrKind::I64Array),
            attr("start_index_map", AttrKind::I64Array),
            attr("index_vector_dim", AttrKind::Int),
            attr("slice_sizes", AttrKind::I64Array),
            opt_attr("indices_are_sorted", AttrKind::Bool),
        ],
        ..OpDef::new("gather", Category::Indexing,
            "Gather: stitches together slices of slice_sizes taken at start indices; output dimensions are \
             the index batch dimensions plus offset_dims",
            &[tensor("operand"), tensor("start_indices")], infer_gather)
    },
    OpDef {
        attrs: &[
            attr("update_window_dims", AttrKind::I64Array),
            attr("inserted_window_dims", AttrKind::I64Array),
            opt_attr("input_batching_dims", AttrKind::I64Array),
            opt_attr("scatter_indices_batching_dims", AttrKind::I64Array),
            attr("scatter_dims_to_operand_dims", AttrKind::I64Array),
            attr("index_vector_dim", AttrKind::Int),
            opt_attr("indices_are_sorted", AttrKind::Bool),
            opt_attr("unique_indices", AttrKind::Bool),
        ],
        regions: &["update_computation"],
        results: &[tensors("results")],
        ..OpDef::new("scatter", Category::Indexing,
            "Scatter: combines N update arrays into N inputs at scatter indices with update_computation; \
             operands = N inputs, scatter_indices, N updates (2N+1 values); results have the inputs' types",
            &[tensors("operands")], infer_scatter)
    },
];

/// Checks `dims` are distinct, in `0..rank` and ascending.
fn check_sorted_dims(dims: &[i64], rank: usize, attr_name: &str) -> Result<(), String> {
    check_dims(dims, rank, &format!("{attr_name} entry"))?;
    if dims.windows(2).any(|w| w[0] > w[1]) {
        return Err(format!("{attr_name} {dims:?} must be sorted in ascending order"));
    }
    Ok(())
}

/// Checks two dimension lists of one array share no entry.
fn check_disjoint(a: &[i64], a_name: &str, b: &[i64], b_name: &str) -> Result<(), String> {
    match a.iter().find(|d| b.contains(d)) {
        Some(d) => Err(format!("dimension {d} is in both {a_name} {a:?} and {b_name} {b:?}")),
        None => Ok(()),
    }
}

/// What the index array contributes: the size of an index vector and the batch shape (the
/// index array's dimensions without `index_vector_dim`).
struct IndexShape {
    vector_size: i64,
    batch_dims: Vec<i64>,
}

/// Reads `index_vector_dim` against the index array (`name`, shape `indices`); `index_vector_dim
/// == rank` means an implicit trailing dimension of size 1.
fn index_shape(v: &OpView, indices: &TensorType, name: &str) -> Result<(i64, IndexShape), String> {
    INT.check(indices.element, name)?;
    let ivd = v.int("index_vector_dim")?;
    let rank = indices.rank();
    if ivd < 0 || ivd as usize > rank {
        return Err(format!(
            "index_vector_dim {ivd} is out of range for {name} of rank {rank} (it may be at most the rank, \
             which means an implicit trailing dimension of size 1)"
        ));
    }
    let ivd_u = ivd as usize;
    let vector_size = if ivd_u == rank { 1 } else { indices.dims[ivd_u] };
    let batch_dims =
        indices.dims.iter().enumerate().filter(|&(i, _)| i != ivd_u).map(|(_, &d)| d).collect();
    Ok((ivd, IndexShape { vector_size, batch_dims }))
}

/// Checks the batching dimension pairs of the operand and the index array: equal counts,
/// operand ones sorted and in range, index ones in range and not `index_vector_dim`, sizes equal.
fn check_batching(
    operand: &TensorType,
    operand_dims: &[i64],
    operand_attr: &str,
    indices: &TensorType,
    index_dims: &[i64],
    index_attr: &str,
    ivd: i64,
) -> Result<(), String> {
    check_sorted_dims(operand_dims, operand.rank(), operand_attr)?;
    check_dims(index_dims, indices.rank(), &format!("{index_attr} entry"))?;
    if operand_dims.len() != index_dims.len() {
        return Err(format!(
            "{operand_attr} {operand_dims:?} and {index_attr} {index_dims:?} must have the same length"
        ));
    }
    if index_dims.contains(&ivd) {
        return Err(format!("{index_attr} {index_dims:?} must not contain index_vector_dim {ivd}"));
    }
    for (&o, &i) in operand_dims.iter().zip(index_dims) {
        let (a, b) = (operand.dims[o as usize], indices.dims[i as usize]);
        if a != b {
            return Err(format!(
                "batching dimension {o} of the operand has size {a} but batching dimension {i} of the indices has size {b}"
            ));
        }
    }
    Ok(())
}

/// Checks the map from index-vector entries to operand dimensions.
fn check_index_map(map: &[i64], map_attr: &str, vector_size: i64, rank: usize, batching: &[i64], batching_attr: &str) -> Result<(), String> {
    if map.len() as i64 != vector_size {
        return Err(format!(
            "{map_attr} has {} entries but the index vectors have {vector_size} (the size of index_vector_dim)",
            map.len()
        ));
    }
    check_dims(map, rank, &format!("{map_attr} entry"))?;
    check_disjoint(map, map_attr, batching, batching_attr)
}

/// The operand's dimension sizes, without the listed (collapsed/inserted and batching) ones.
fn remaining_bounds(bounds: &[i64], removed: &[i64], batching: &[i64]) -> Vec<i64> {
    bounds
        .iter()
        .enumerate()
        .filter(|&(i, _)| !removed.contains(&(i as i64)) && !batching.contains(&(i as i64)))
        .map(|(_, &b)| b)
        .collect()
}

fn infer_gather(v: &OpView) -> Result<Vec<Type>, String> {
    let (operand, indices) = (v.tensor("operand")?, v.tensor("start_indices")?);
    v.flag("indices_are_sorted")?;
    let rank = operand.rank();
    let (ivd, index) = index_shape(v, indices, "start_indices")?;

    let offset_dims = v.i64_array("offset_dims")?;
    let collapsed = v.i64_array("collapsed_slice_dims")?;
    let operand_batching = v.opt_i64_array("operand_batching_dims")?.unwrap_or(&[]);
    let index_batching = v.opt_i64_array("start_indices_batching_dims")?.unwrap_or(&[]);
    let start_index_map = v.i64_array("start_index_map")?;
    let slice_sizes = v.i64_array("slice_sizes")?;

    check_sorted_dims(collapsed, rank, "collapsed_slice_dims")?;
    check_batching(operand, operand_batching, "operand_batching_dims", indices, index_batching,
        "start_indices_batching_dims", ivd)?;
    check_disjoint(collapsed, "collapsed_slice_dims", operand_batching, "operand_batching_dims")?;
    check_index_map(start_index_map, "start_index_map", index.vector_size, rank, operand_batching,
        "operand_batching_dims")?;

    if slice_sizes.len() != rank {
        return Err(format!("slice_sizes has {} entries but the operand has rank {rank}", slice_sizes.len()));
    }
    for (i, (&s, &bound)) in slice_sizes.iter().zip(&operand.dims).enumerate() {
        if s < 0 || s > bound {
            return Err(format!("slice_sizes[{i}] is {s} but must be in [0, {bound}] (operand dimension {i})"));
        }
    }
    for (&d, what) in collapsed.iter().map(|d| (d, "collapsed")).chain(operand_batching.iter().map(|d| (d, "batching"))) {
        let s = slice_sizes[d as usize];
        if s > 1 {
            return Err(format!("{what} dimension {d} has slice size {s} but must have slice size 0 or 1"));
        }
    }
    let kept = collapsed.len() + operand_batching.len();
    if offset_dims.len() + kept != rank {
        return Err(format!(
            "the operand has rank {rank} but offset_dims ({}) + collapsed_slice_dims ({}) + operand_batching_dims ({}) account for {}",
            offset_dims.len(),
            collapsed.len(),
            operand_batching.len(),
            offset_dims.len() + kept
        ));
    }

    let out_rank = index.batch_dims.len() + offset_dims.len();
    check_sorted_dims(offset_dims, out_rank, "offset_dims")?;
    let offsets = remaining_bounds(slice_sizes, collapsed, operand_batching);
    let (mut next_offset, mut next_batch) = (offsets.iter(), index.batch_dims.iter());
    let dims: Vec<i64> = (0..out_rank as i64)
        .map(|i| {
            let source = if offset_dims.contains(&i) { next_offset.next() } else { next_batch.next() };
            *source.expect("counts checked above")
        })
        .collect();
    one(TensorType::new(dims, operand.element))
}

fn infer_scatter(v: &OpView) -> Result<Vec<Type>, String> {
    let all = v.tensors("operands")?;
    if all.len() < 3 || all.len() % 2 == 0 {
        return Err(format!(
            "scatter takes N inputs, the scatter indices and N updates (2N + 1 operands, N >= 1), got {} operands",
            all.len()
        ));
    }
    let n = (all.len() - 1) / 2;
    let (inputs, indices, updates) = (&all[..n], all[n], &all[n + 1..]);
    v.flag("indices_are_sorted")?;
    v.flag("unique_indices")?;

    let operand = inputs[0];
    for (i, t) in inputs.iter().enumerate().skip(1) {
        if t.dims != operand.dims {
            return Err(format!("input #{i} has shape {:?} but input #0 has shape {:?}", t.dims, operand.dims));
        }
    }
    let update = updates[0];
    for (i, t) in updates.iter().enumerate() {
        if t.dims != update.dims {
            return Err(format!("update #{i} has shape {:?} but update #0 has shape {:?}", t.dims, update.dims));
        }
        if t.element != inputs[i].element {
            return Err(format!(
                "update #{i} has element type {} but input #{i} has {}",
                describe_element(t.element),
                describe_element(inputs[i].element)
            ));
        }
    }

    let rank = operand.rank();
    let (ivd, index) = index_shape(v, indices, "scatter_indices")?;
    let window_dims = v.i64_array("update_window_dims")?;
    let inserted = v.i64_array("inserted_window_dims")?;
    let input_batching = v.opt_i64_array("input_batching_dims")?.unwrap_or(&[]);
    let index_batching = v.opt_i64_array("scatter_indices_batching_dims")?.unwrap_or(&[]);
    let to_operand = v.i64_array("scatter_dims_to_operand_dims")?;

    let expected_rank = window_dims.len() + index.batch_dims.len();
    if update.rank() != expected_rank {
        return Err(format!(
            "updates have rank {} but must have rank {expected_rank}: {} update_window_dims plus {} scatter batch \
             dimensions (the scatter_indices dimensions other than index_vector_dim)",
            update.rank(),
            window_dims.len(),
            index.batch_dims.len()
        ));
    }
    check_sorted_dims(window_dims, update.rank(), "update_window_dims")?;
    check_sorted_dims(inserted, rank, "inserted_window_dims")?;
    check_batching(operand, input_batching, "input_batching_dims", indices, index_batching,
        "scatter_indices_batching_dims", ivd)?;
    check_disjoint(inserted, "inserted_window_dims", input_batching, "input_batching_dims")?;
    check_index_map(to_operand, "scatter_dims_to_operand_dims", index.vector_size, rank, input_batching,
        "input_batching_dims")?;
    if window_dims.len() + inserted.len() + input_batching.len() != rank {
        return Err(format!(
            "the inputs have rank {rank} but update_window_dims ({}) + inserted_window_dims ({}) + input_batching_dims ({}) account for {}",
            window_dims.len(),
            inserted.len(),
            input_batching.len(),
            window_dims.len() + inserted.len() + input_batching.len()
        ));
    }
    let window_bounds = remaining_bounds(&operand.dims, inserted, input_batching);
    let (mut next_window, mut next_batch) = (window_bounds.iter().enumerate(), index.batch_dims.iter().enumerate());
    for (i, &size) in update.dims.iter().enumerate() {
        if window_dims.contains(&(i as i64)) {
            let (k, &bound) = next_window.next().expect("counts checked above");
            if size > bound {
                return Err(format!(
                    "update window dimension {i} has size {size} but the input bounds window dimension {k} to {bound}"
                ));
            }
        } else {
            let (k, &bound) = next_batch.next().expect("counts checked above");
            if size != bound {
                return Err(format!(
                    "update scatter dimension {i} has size {size} but scatter batch dimension {k} of the indices has size {bound}"
                ));
            }
        }
    }

    let body = v.region(0)?;
    let args = body.args();
    if args.len() != 2 * n {
        return Err(format!(
            "update_computation takes {} parameters but must take {} (the current value and the update for each of {n} inputs)",
            args.len(),
            2 * n
        ));
    }
    for (i, arg) in args.iter().enumerate() {
        let expected = Type::scalar(inputs[i % n].element);
        if !arg.compatible(&expected) {
            return Err(format!("update_computation parameter #{i} has type {arg} but must be {expected}"));
        }
    }
    let yields = body.yields();
    if yields.len() != n {
        return Err(format!("update_computation returns {} value(s) but must return {n}", yields.len()));
    }
    for (i, y) in yields.iter().enumerate() {
        let expected = Type::scalar(inputs[i].element);
        if !y.compatible(&expected) {
            return Err(format!("update_computation result #{i} has type {y} but must be {expected}"));
        }
    }
    Ok(inputs.iter().map(|t| Type::Tensor(TensorType::new(t.dims.clone(), t.element))).collect())
}

#[cfg(test)]
mod tests {
    use crate::op::RegionSig;
    use crate::testing::{infer, region, verify};

    fn gather(operand: &str, indices: &str, attrs: &str) -> Result<String, String> {
        infer("gather", &[operand, indices], attrs, &[], &[]).map(|r| r.join(", "))
    }

    fn gather_fails(operand: &str, indices: &str, attrs: &str, needle: &str) {
        match gather(operand, indices, attrs) {
            Ok(r) => panic!("gather should fail with '{needle}', gave {r}"),
            Err(e) => assert!(e.contains(needle), "error '{e}' does not mention '{needle}'"),
        }
    }

    fn gather_attrs(offset: &str, collapsed: &str, map: &str, ivd: i64, slices: &str) -> String {
        format!(
            "{{offset_dims = array<i64{offset}>, collapsed_slice_dims = array<i64{collapsed}>, \
             start_index_map = array<i64{map}>, index_vector_dim = {ivd} : i64, slice_sizes = array<i64{slices}>}}"
        )
    }

    // Seed 002 Gather, informal description: 5 slices of shape [8,6] from a [16,11] array, with the
    // locations as an S64[5,2] array; output index [G,O0,O1].
    #[test]
    fn gather_seed_five_slices_of_eight_by_six() {
        let attrs = gather_attrs(": 1, 2", "", ": 0, 1", 1, ": 8, 6");
        assert_eq!(gather("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs).unwrap(), "tensor<5x8x6xf32>");
        verify("gather", &["tensor<16x11xf32>", "tensor<5x2xi64>"], &attrs, &[], &["tensor<5x8x6xf32>"]).unwrap();
    }

    // Seed 002 Gather: the same slices with a [4,5,2] gather-indices array, output [G0,G1,O0,O1].
    #[test]
    fn gather_seed_multidimensional_gather_indices() {
        let attrs = gather_attrs(": 2, 3", "", ": 0, 1", 2, ": 8, 6");
        assert_eq!(gather("tensor<16x11xf32>", "tensor<4x5x2xi64>", &attrs).unwrap(), "tensor<4x5x8x6xf32>");
    }

    // Seed 002 Gather, tf.gather_nd: one-element start indices X, collapsed dimension 0,
    // slice_sizes [1,11]; output index [G0,G1,O0] selects whole rows.
    #[test]
    fn gather_seed_gather_nd_selects_rows() {
        let attrs = gather_attrs(": 2", ": 0", ": 0", 2, ": 1, 11");
        assert_eq!(gather("tensor<16x11xf32>", "tensor<4x5x1xi64>", &attrs).unwrap(), "tensor<4x5x11xf32>");
    }

    // Seed 002 Gather: "if start_indices has shape [6,7] and index_vector_dim is 2, start_indices is
    // implicitly treated as shape [6,7,1]".
    #[test]
    fn gather_seed_index_vector_dim_equal_to_rank_adds_a_trailing_one() {
        let attrs = gather_attrs(": 2", ": 0", ": 0", 2, ": 1, 11");
        assert_eq!(gather("tensor<16x11xf32>", "tensor<6x7xi32>", &attrs).unwrap(), "tensor<6x7x11xf32>");
        assert_eq!(
            gather("tensor<16x11xf32>", "tensor<6x7x1xi32>", &attrs).unwrap(),
            gather("tensor<16x11xf32>", "tensor<6x7xi32>", &attrs).unwrap()
        );
    }

    // Seed 002 Gather: offset_dims.size 4, operand.rank 6, collapsed_slice_dims {0, 2} gives
    // remapped_offset_dims {0->1, 1->3, 2->4, 3->5}: the offset sizes come from slice dims 1, 3, 4, 5.
    #[test]
    fn gather_seed_remapped_offset_dims_example() {
        let attrs = gather_attrs(": 1, 2, 3, 4", ": 0, 2", ": 0, 2", 1, ": 1, 3, 1, 5, 6, 7");
        assert_eq!(
            gather("tensor<2x3x4x5x6x7xf32>", "tensor<9x2xi64>", &attrs).unwrap(),
            "tensor<9x3x5x6x7xf32>"
        );
    }

    // Seed 002 Gather: batch dimension bounds skip index_vector_dim (dims[k] if k < index_vector_dim,
    // else dims[k+1]); here the index vector is in the middle.
    #[test]
    fn gather_batch_bounds_skip_a_middle_index_vector_dim() {
        let attrs = gather_attrs(": 0, 3", "", ": 0, 1", 1, ": 8, 6");
        // start_indices [4, 2, 5]: batch dims [4, 5] fill result dims 1 and 2.
        assert_eq!(gather("tensor<16x11xf32>", "tensor<4x2x5xi64>", &attrs).unwrap(), "tensor<8x4x5x6xf32>");
    }

    // StableHLO interpreter test gather_op_test.
    #[test]
    fn gather_stablehlo_example() {
        let attrs = gather_attrs(": 2, 3", ": 0", ": 1, 0", 2, ": 1, 2, 2");
        verify("gather", &["tensor<3x4x2xi64>", "tensor<2x3x2xi64>"], &attrs, &[], &["tensor<2x3x2x2xi64>"]).unwrap();
    }

    // StableHLO interpreter test gather_op_with_batching_dim_test.
    #[test]
    fn gather_with_batching_dims() {
        let attrs = "{offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 1>, \
                     operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 1>, \
                     start_index_map = array<i64: 2, 1>, index_vector_dim = 3 : i64, \
                     slice_sizes = array<i64: 1, 1, 2, 2>, indices_are_sorted = false}";
        verify("gather", &["tensor<2x3x4x2xi64>", "tensor<2x2x3x2xi64>"], attrs, &[], &["tensor<2x2x3x2x2xi64>"]).unwrap();
    }

    #[test]
    fn gather_rejects_mismatched_batching_dims() {
        let base = "offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 1>, \
                    start_index_map = array<i64: 2, 1>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 1, 1, 2, 2>";
        let ops = ("tensor<2x3x4x2xi64>", "tensor<2x2x3x2xi64>");
        let size = format!("{{{base}, operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 2>}}");
        gather_fails(ops.0, ops.1, &size, "batching dimension 0 of the operand has size 2 but batching dimension 2 of the indices has size 3");
        let count = format!("{{{base}, operand_batching_dims = array<i64: 0>}}");
        gather_fails(ops.0, ops.1, &count, "must have the same length");
        let ivd = format!("{{{base}, operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 3>}}");
        gather_fails(ops.0, ops.1, &ivd, "must not contain index_vector_dim 3");
        let overlap = "{offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 0>, \
                    start_index_map = array<i64: 2, 1>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 1, 1, 2, 2>, \
                    operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 1>}";
        gather_fails(ops.0, ops.1, overlap, "dimension 0 is in both collapsed_slice_dims");
        let mapped = "{offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 1>, \
                    start_index_map = array<i64: 0, 1>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 1, 1, 2, 2>, \
                    operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 1>}";
        gather_fails(ops.0, ops.1, mapped, "dimension 0 is in both start_index_map");
    }

    #[test]
    fn gather_rejects_index_vector_dim_out_of_range() {
        let attrs = gather_attrs(": 1, 2", "", ": 0, 1", 3, ": 8, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "index_vector_dim 3 is out of range for start_indices of rank 2");
    }

    #[test]
    fn gather_rejects_start_index_map_not_matching_the_index_vector() {
        let attrs = gather_attrs(": 1, 2", "", ": 0", 1, ": 8, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "start_index_map has 1 entries but the index vectors have 2");
        let attrs = gather_attrs(": 1, 2", "", ": 0, 0", 1, ": 8, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "start_index_map entry 0 appears more than once");
        let attrs = gather_attrs(": 1, 2", "", ": 0, 2", 1, ": 8, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "start_index_map entry 2 is out of range for rank 2");
    }

    #[test]
    fn gather_rejects_bad_slice_sizes() {
        let attrs = gather_attrs(": 1, 2", "", ": 0, 1", 1, ": 8");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "slice_sizes has 1 entries but the operand has rank 2");
        let attrs = gather_attrs(": 1, 2", "", ": 0, 1", 1, ": 8, 12");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "slice_sizes[1] is 12 but must be in [0, 11]");
        let attrs = gather_attrs(": 1", ": 0", ": 0, 1", 1, ": 2, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "collapsed dimension 0 has slice size 2");
    }

    #[test]
    fn gather_rejects_dimension_counts_not_adding_up_to_the_operand_rank() {
        let attrs = gather_attrs(": 1", "", ": 0, 1", 1, ": 8, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs,
            "the operand has rank 2 but offset_dims (1) + collapsed_slice_dims (0) + operand_batching_dims (0) account for 1");
    }

    #[test]
    fn gather_rejects_unsorted_or_out_of_range_offset_and_collapsed_dims() {
        let attrs = gather_attrs(": 2, 1", "", ": 0, 1", 1, ": 8, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "offset_dims [2, 1] must be sorted");
        let attrs = gather_attrs(": 1, 3", "", ": 0, 1", 1, ": 8, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "offset_dims entry 3 is out of range for rank 3");
        let attrs = gather_attrs(": 1", ": 2", ": 0, 1", 1, ": 1, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xi64>", &attrs, "collapsed_slice_dims entry 2 is out of range for rank 2");
    }

    #[test]
    fn gather_rejects_unsorted_collapsed_dims_and_large_batching_slices() {
        let attrs = gather_attrs(": 2", ": 1, 0", ": 0, 1", 2, ": 1, 1, 4");
        gather_fails("tensor<3x4x5xf32>", "tensor<6x2xi64>", &attrs, "collapsed_slice_dims [1, 0] must be sorted");
        let attrs = "{offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 1>, \
                     operand_batching_dims = array<i64: 0>, start_indices_batching_dims = array<i64: 1>, \
                     start_index_map = array<i64: 2, 1>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 2, 1, 2, 2>}";
        gather_fails("tensor<2x3x4x2xi64>", "tensor<2x2x3x2xi64>", attrs, "batching dimension 0 has slice size 2");
        let attrs = "{offset_dims = array<i64: 3, 4>, collapsed_slice_dims = array<i64: 0>, \
                     operand_batching_dims = array<i64: 1, 0>, start_indices_batching_dims = array<i64: 1, 0>, \
                     start_index_map = array<i64: 2>, index_vector_dim = 3 : i64, slice_sizes = array<i64: 1, 1, 2, 2>}";
        gather_fails("tensor<2x2x4x2xi64>", "tensor<2x2x3x1xi64>", attrs, "operand_batching_dims [1, 0] must be sorted");
    }

    #[test]
    fn gather_rejects_non_integer_indices_and_wrong_results() {
        let attrs = gather_attrs(": 1, 2", "", ": 0, 1", 1, ": 8, 6");
        gather_fails("tensor<16x11xf32>", "tensor<5x2xf32>", &attrs, "start_indices has element type f32 (F32) but must be an integer");
        let e = verify("gather", &["tensor<16x11xf32>", "tensor<5x2xi64>"], &attrs, &[], &["tensor<5x6x8xf32>"]).unwrap_err();
        assert!(e.contains("declared as"), "{e}");
    }

    // ---- scatter ----

    fn add_i64() -> Vec<RegionSig> {
        vec![region(&["tensor<i64>", "tensor<i64>"], &["tensor<i64>"])]
    }

    const SCATTER: &str = "{update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, \
                           scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64, \
                           indices_are_sorted = false, unique_indices = false}";

    fn scatter_fails(operands: &[&str], attrs: &str, regions: &[RegionSig], results: &[&str], needle: &str) {
        match verify("scatter", operands, attrs, regions, results) {
            Ok(()) => panic!("scatter should fail with '{needle}'"),
            Err(e) => assert!(e.contains(needle), "error '{e}' does not mention '{needle}'"),
        }
    }

    // StableHLO interpreter test scatter_op_test.
    #[test]
    fn scatter_stablehlo_example() {
        let ops = ["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>"];
        verify("scatter", &ops, SCATTER, &add_i64(), &["tensor<3x4x2xi64>"]).unwrap();
        assert_eq!(infer("scatter", &ops, SCATTER, &add_i64(), &[]).unwrap(), vec!["tensor<3x4x2xi64>"]);
    }

    // StableHLO interpreter test scatter_op_with_batching_dim_test.
    #[test]
    fn scatter_with_batching_dims() {
        let attrs = "{update_window_dims = array<i64: 3, 4>, inserted_window_dims = array<i64: 1>, \
                     input_batching_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64: 1>, \
                     scatter_dims_to_operand_dims = array<i64: 2, 1>, index_vector_dim = 3 : i64}";
        let ops = ["tensor<2x3x4x2xi64>", "tensor<2x2x3x2xi64>", "tensor<2x2x3x2x2xi64>"];
        verify("scatter", &ops, attrs, &add_i64(), &["tensor<2x3x4x2xi64>"]).unwrap();
    }

    // Seed 002 Scatter is the inverse of Gather ("see the informal description under Gather"): it
    // writes the 5 slices of [8,6] of the seed's gather example back into the [16,11] array.
    #[test]
    fn scatter_seed_inverse_of_the_five_slice_gather() {
        let attrs = "{update_window_dims = array<i64: 1, 2>, inserted_window_dims = array<i64>, \
                     scatter_dims_to_operand_dims = array<i64: 0, 1>, index_vector_dim = 1 : i64}";
        let add = [region(&["tensor<f32>", "tensor<f32>"], &["tensor<f32>"])];
        verify("scatter", &["tensor<16x11xf32>", "tensor<5x2xi64>", "tensor<5x8x6xf32>"], attrs, &add, &["tensor<16x11xf32>"]).unwrap();
    }

    // Seed 002 Scatter: "if update_window_dims.size is 4, operand.rank is 6 and inserted_window_dims
    // is {0, 2}, window_dims_to_operand_dims is {0->1, 1->3, 2->4, 3->5}": window bounds come from
    // operand dimensions 1, 3, 4, 5.
    #[test]
    fn scatter_seed_window_dims_to_operand_dims_example() {
        let attrs = "{update_window_dims = array<i64: 1, 2, 3, 4>, inserted_window_dims = array<i64: 0, 2>, \
                     scatter_dims_to_operand_dims = array<i64: 0, 2>, index_vector_dim = 1 : i64}";
        let add = [region(&["tensor<f32>", "tensor<f32>"], &["tensor<f32>"])];
        let input = "tensor<2x3x4x5x6x7xf32>";
        verify("scatter", &[input, "tensor<9x2xi64>", "tensor<9x3x5x6x7xf32>"], attrs, &add, &[input]).unwrap();
        // Window dimension 1 is bounded by operand dimension 3 (size 5), not dimension 2 (size 4).
        scatter_fails(&[input, "tensor<9x2xi64>", "tensor<9x3x6x6x7xf32>"], attrs, &add, &[input],
            "update window dimension 2 has size 6 but the input bounds window dimension 1 to 5");
    }

    // Seed 002: index_vector_dim equal to the rank of scatter_indices adds an implicit trailing 1.
    #[test]
    fn scatter_index_vector_dim_equal_to_rank_adds_a_trailing_one() {
        let attrs = "{update_window_dims = array<i64: 2>, inserted_window_dims = array<i64: 0>, \
                     scatter_dims_to_operand_dims = array<i64: 0>, index_vector_dim = 2 : i64}";
        let add = [region(&["tensor<f32>", "tensor<f32>"], &["tensor<f32>"])];
        verify("scatter", &["tensor<16x11xf32>", "tensor<6x7xi32>", "tensor<6x7x11xf32>"], attrs, &add, &["tensor<16x11xf32>"]).unwrap();
    }

    #[test]
    fn scatter_of_two_inputs_returns_both() {
        let ops = ["tensor<3x4x2xi64>", "tensor<3x4x2xf32>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>", "tensor<2x3x2x2xf32>"];
        let body = [region(&["tensor<i64>", "tensor<f32>", "tensor<i64>", "tensor<f32>"], &["tensor<i64>", "tensor<f32>"])];
        verify("scatter", &ops, SCATTER, &body, &["tensor<3x4x2xi64>", "tensor<3x4x2xf32>"]).unwrap();
        let bad = [region(&["tensor<i64>", "tensor<f32>", "tensor<i64>", "tensor<f32>"], &["tensor<i64>", "tensor<i64>"])];
        scatter_fails(&ops, SCATTER, &bad, &["tensor<3x4x2xi64>", "tensor<3x4x2xf32>"],
            "update_computation result #1 has type tensor<i64> but must be tensor<f32>");
    }

    #[test]
    fn scatter_rejects_an_even_operand_count() {
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<2x3x2xi64>"], SCATTER, &add_i64(), &["tensor<3x4x2xi64>"],
            "2N + 1 operands");
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>"], SCATTER,
            &add_i64(), &["tensor<3x4x2xi64>"], "got 4 operands");
    }

    #[test]
    fn scatter_rejects_inputs_or_updates_of_different_shapes_or_types() {
        let body = [region(&["tensor<i64>", "tensor<i64>", "tensor<i64>", "tensor<i64>"], &["tensor<i64>", "tensor<i64>"])];
        let results = ["tensor<3x4x2xi64>", "tensor<3x4x2xi64>"];
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<3x4x3xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>", "tensor<2x3x2x2xi64>"],
            SCATTER, &body, &results, "input #1 has shape [3, 4, 3]");
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>", "tensor<2x3x2x1xi64>"],
            SCATTER, &body, &results, "update #1 has shape [2, 3, 2, 1]");
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi32>"], SCATTER, &add_i64(), &["tensor<3x4x2xi64>"],
            "update #0 has element type i32 (S32) but input #0 has i64 (S64)");
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<2x3x2xf32>", "tensor<2x3x2x2xi64>"], SCATTER, &add_i64(), &["tensor<3x4x2xi64>"],
            "scatter_indices has element type f32 (F32) but must be an integer");
    }

    #[test]
    fn scatter_rejects_update_rank_and_scatter_dimension_mismatches() {
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2xi64>"], SCATTER, &add_i64(), &["tensor<3x4x2xi64>"],
            "updates have rank 3 but must have rank 4");
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x4x2x2xi64>"], SCATTER, &add_i64(), &["tensor<3x4x2xi64>"],
            "update scatter dimension 1 has size 4 but scatter batch dimension 1 of the indices has size 3");
        // Window bounds: operand [3,4,2] without inserted dimension 0 is [4,2].
        scatter_fails(&["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x5x2xi64>"], SCATTER, &add_i64(), &["tensor<3x4x2xi64>"],
            "update window dimension 2 has size 5 but the input bounds window dimension 0 to 4");
    }

    #[test]
    fn scatter_rejects_bad_dimension_numbers() {
        let ops = ["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>"];
        let res = ["tensor<3x4x2xi64>"];
        let unsorted = "{update_window_dims = array<i64: 3, 2>, inserted_window_dims = array<i64: 0>, \
                        scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64}";
        scatter_fails(&ops, unsorted, &add_i64(), &res, "must be sorted");
        let count = "{update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0, 1>, \
                     scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64}";
        scatter_fails(&ops, count, &add_i64(), &res, "the inputs have rank 3 but update_window_dims (2) + inserted_window_dims (2)");
        let map = "{update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, \
                   scatter_dims_to_operand_dims = array<i64: 1>, index_vector_dim = 2 : i64}";
        scatter_fails(&ops, map, &add_i64(), &res, "scatter_dims_to_operand_dims has 1 entries but the index vectors have 2");
        let ivd = "{update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, \
                   scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 4 : i64}";
        scatter_fails(&ops, ivd, &add_i64(), &res, "index_vector_dim 4 is out of range for scatter_indices of rank 3");
        let batching = "{update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 0>, \
                        input_batching_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64}";
        scatter_fails(&ops, batching, &add_i64(), &res, "must have the same length");
    }

    #[test]
    fn scatter_rejects_bad_inserted_and_batching_dims() {
        let ops = ["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>"];
        let res = ["tensor<3x4x2xi64>"];
        let range = "{update_window_dims = array<i64: 2, 3>, inserted_window_dims = array<i64: 3>, \
                     scatter_dims_to_operand_dims = array<i64: 1, 0>, index_vector_dim = 2 : i64}";
        scatter_fails(&ops, range, &add_i64(), &res, "inserted_window_dims entry 3 is out of range for rank 3");
        let batched = ["tensor<2x3x4x2xi64>", "tensor<2x2x3x2xi64>", "tensor<2x2x3x2x2xi64>"];
        let overlap = "{update_window_dims = array<i64: 3, 4>, inserted_window_dims = array<i64: 0>, \
                       input_batching_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64: 1>, \
                       scatter_dims_to_operand_dims = array<i64: 2, 1>, index_vector_dim = 3 : i64}";
        scatter_fails(&batched, overlap, &add_i64(), &["tensor<2x3x4x2xi64>"],
            "dimension 0 is in both inserted_window_dims [0] and input_batching_dims [0]");
        let size = "{update_window_dims = array<i64: 3, 4>, inserted_window_dims = array<i64: 1>, \
                    input_batching_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64: 2>, \
                    scatter_dims_to_operand_dims = array<i64: 2, 1>, index_vector_dim = 3 : i64}";
        scatter_fails(&batched, size, &add_i64(), &["tensor<2x3x4x2xi64>"],
            "batching dimension 0 of the operand has size 2 but batching dimension 2 of the indices has size 3");
        let mapped = "{update_window_dims = array<i64: 3, 4>, inserted_window_dims = array<i64: 1>, \
                      input_batching_dims = array<i64: 0>, scatter_indices_batching_dims = array<i64: 1>, \
                      scatter_dims_to_operand_dims = array<i64: 0, 1>, index_vector_dim = 3 : i64}";
        scatter_fails(&batched, mapped, &add_i64(), &["tensor<2x3x4x2xi64>"],
            "dimension 0 is in both scatter_dims_to_operand_dims");
    }

    #[test]
    fn scatter_rejects_a_bad_update_computation() {
        let ops = ["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>"];
        let res = ["tensor<3x4x2xi64>"];
        scatter_fails(&ops, SCATTER, &[region(&["tensor<i64>"], &["tensor<i64>"])], &res,
            "update_computation takes 1 parameters but must take 2");
        scatter_fails(&ops, SCATTER, &[region(&["tensor<i64>", "tensor<i32>"], &["tensor<i64>"])], &res,
            "update_computation parameter #1 has type tensor<i32> but must be tensor<i64>");
        scatter_fails(&ops, SCATTER, &[region(&["tensor<i64>", "tensor<i64>"], &["tensor<2xi64>"])], &res,
            "update_computation result #0 has type tensor<2xi64>");
        scatter_fails(&ops, SCATTER, &[region(&["tensor<i64>", "tensor<i64>"], &[])], &res,
            "returns 0 value(s) but must return 1");
        scatter_fails(&ops, SCATTER, &[], &res, "expected 1 region(s), got 0");
    }

    #[test]
    fn scatter_rejects_a_wrong_declared_result() {
        let ops = ["tensor<3x4x2xi64>", "tensor<2x3x2xi64>", "tensor<2x3x2x2xi64>"];
        scatter_fails(&ops, SCATTER, &add_i64(), &["tensor<3x4x2xi32>"], "declared as");
        scatter_fails(&ops, SCATTER, &add_i64(), &["tensor<3x4x2xi64>", "tensor<3x4x2xi64>"], "produces 1 result(s) but 2 are declared");
    }
}

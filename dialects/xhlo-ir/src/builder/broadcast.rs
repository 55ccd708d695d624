//! The broadcasting rules of seed 003, as pure shape arithmetic.
//!
//! Given the dimensions of the two operands of an element-wise binary op and the optional
//! `broadcast_dimensions`, [`broadcast_shapes`] returns the result dimensions and, for each
//! side, how to bring it to that shape with one `broadcast_in_dim` (or that it already has it).
//! The rules, in the order the seed gives them:
//!
//! 1. **Scalar and array**: a rank-0 operand is broadcast over any array with no
//!    `broadcast_dimensions`.
//! 2. **Lower rank into higher rank ("InDim")**: when the ranks differ, `broadcast_dimensions`
//!    names, for each dimension of the lower-rank operand in order, the dimension of the
//!    higher-rank operand it matches. It must have exactly one entry per lower-rank dimension,
//!    each in range, strictly increasing. Without it, arrays of different ranks cannot be
//!    combined. The lower-rank shape is expanded to the higher rank with size 1 in every
//!    unmapped dimension.
//! 3. **Degenerate dimensions**: two shapes of the same rank are compatible when every
//!    dimension is equal or one of the two is 1; the result takes the larger (`(2,1)` and
//!    `(1,3)` give the "outer operation" `(2,3)`).
//! 4. **Composition**: rule 2 then rule 3 (seed 003's `[1 2 3 4] + [[5 6]]` and the `1x2` into
//!    `4x3x1` example).
//!
//! When both operands have the same rank `broadcast_dimensions` must be empty or the identity
//! (XLA's rule). Negative entries count from the back of the higher-rank shape (seed 004); they
//! are normalized before the order check.
//!
//! One `broadcast_in_dim` per side suffices: its `broadcast_dimensions` place the operand's
//! dimensions in the result, and a mapped dimension of size 1 is expanded to the result's size
//! (seed 002, BroadcastInDim), so no `reshape` dropping degenerate dimensions is needed.

/// How to bring both operands of a binary op to the common result shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BroadcastPlan {
    /// The result dimensions.
    pub result: Vec<i64>,
    /// `None` when the lhs already has the result shape; otherwise the `broadcast_dimensions`
    /// of the `broadcast_in_dim` that takes it there.
    pub lhs: Option<Vec<i64>>,
    /// The same for the rhs.
    pub rhs: Option<Vec<i64>>,
}

/// Which operand a message talks about.
const NAMES: [&str; 2] = ["lhs", "rhs"];

/// Applies seed 003's rules to operand dimensions `lhs` and `rhs`; the error names the rule
/// broken with the dimensions and sizes involved.
pub fn broadcast_shapes(lhs: &[i64], rhs: &[i64], broadcast_dimensions: &[i64]) -> Result<BroadcastPlan, String> {
    let shapes = [lhs, rhs];
    // `hi` is the higher-rank side (lhs when ranks are equal), `lo` the other.
    let (hi, lo) = if rhs.len() > lhs.len() { (1, 0) } else { (0, 1) };
    let (hi_dims, lo_dims) = (shapes[hi], shapes[lo]);
    let (hi_rank, lo_rank) = (hi_dims.len(), lo_dims.len());

    // Where each lower-rank dimension goes in the higher-rank shape.
    let mapping: Vec<usize> = if hi_rank == lo_rank {
        let identity = broadcast_dimensions.len() == hi_rank
            && broadcast_dimensions.iter().enumerate().all(|(i, &d)| d == i as i64);
        if !broadcast_dimensions.is_empty() && !identity {
            return Err(format!(
                "both operands have rank {hi_rank} ({lhs:?} and {rhs:?}), so broadcast_dimensions must be \
                 empty or the identity {:?}, got {broadcast_dimensions:?}",
                (0..hi_rank as i64).collect::<Vec<_>>()
            ));
        }
        (0..hi_rank).collect()
    } else if lo_rank == 0 {
        if !broadcast_dimensions.is_empty() {
            return Err(format!(
                "the {} is a scalar, which broadcasts over the {} {hi_dims:?} without broadcast_dimensions, \
                 got {broadcast_dimensions:?}",
                NAMES[lo], NAMES[hi]
            ));
        }
        vec![]
    } else {
        in_dim_mapping(NAMES[lo], lo_dims, NAMES[hi], hi_dims, broadcast_dimensions)?
    };

    // The lower-rank shape expanded to the higher rank: size 1 where nothing is mapped.
    let mut expanded = vec![1; hi_rank];
    for (i, &d) in mapping.iter().enumerate() {
        expanded[d] = lo_dims[i];
    }

    // Degenerate-dimension broadcasting between the two same-rank shapes.
    let mut result = Vec::with_capacity(hi_rank);
    for (j, (&a, &b)) in hi_dims.iter().zip(&expanded).enumerate() {
        result.push(match (a, b) {
            _ if a == b => a,
            (1, _) => b,
            (_, 1) => a,
            _ => {
                return Err(if hi_rank == lo_rank {
                    format!(
                        "cannot broadcast lhs {lhs:?} with rhs {rhs:?}: dimension {j} has size {} in lhs and {} in rhs; \
                         sizes must be equal or one of them 1",
                        shapes[0][j], shapes[1][j]
                    )
                } else {
                    let i = mapping.iter().position(|&m| m == j).expect("a size other than 1 comes from a mapped dimension");
                    format!(
                        "cannot broadcast {} {lo_dims:?} into {} {hi_dims:?}: broadcast_dimensions maps {} dimension {i} \
                         (size {b}) to {} dimension {j} (size {a}); sizes must be equal or one of them 1",
                        NAMES[lo], NAMES[hi], NAMES[lo], NAMES[hi]
                    )
                })
            }
        });
    }

    let mut plan = [None, None];
    if hi_dims != result.as_slice() {
        plan[hi] = Some((0..hi_rank as i64).collect());
    }
    if lo_rank != hi_rank || lo_dims != result.as_slice() {
        plan[lo] = Some(mapping.iter().map(|&d| d as i64).collect());
    }
    let [lhs_plan, rhs_plan] = plan;
    Ok(BroadcastPlan { result, lhs: lhs_plan, rhs: rhs_plan })
}

/// Checks `broadcast_dimensions` for InDim broadcasting of `lo` (rank >= 1) into the
/// strictly higher-rank `hi` and returns it normalized.
fn in_dim_mapping(lo_name: &str, lo: &[i64], hi_name: &str, hi: &[i64], dims: &[i64]) -> Result<Vec<usize>, String> {
    let (lo_rank, hi_rank) = (lo.len(), hi.len());
    if dims.is_empty() {
        return Err(format!(
            "{lo_name} {lo:?} has rank {lo_rank} and {hi_name} {hi:?} has rank {hi_rank}: operands of different \
             ranks need broadcast_dimensions naming, for each of the {lo_rank} {lo_name} dimension(s), the {hi_name} \
             dimension it matches"
        ));
    }
    if dims.len() != lo_rank {
        return Err(format!(
            "broadcast_dimensions {dims:?} has {} entries but the lower-rank operand {lo_name} {lo:?} has rank {lo_rank}",
            dims.len()
        ));
    }
    let mut mapping = Vec::with_capacity(lo_rank);
    for (i, &d) in dims.iter().enumerate() {
        let n = if d < 0 { d + hi_rank as i64 } else { d };
        if n < 0 || n >= hi_rank as i64 {
            return Err(format!(
                "broadcast_dimensions entry {i} is {d}, out of range for the rank-{hi_rank} {hi_name} {hi:?}"
            ));
        }
        if let Some(&prev) = mapping.last() {
            if n as usize <= prev {
                return Err(format!(
                    "broadcast_dimensions {dims:?} must be strictly increasing: entry {i} ({d}) does not come after \
                     entry {} ({})",
                    i - 1,
                    dims[i - 1]
                ));
            }
        }
        mapping.push(n as usize);
    }
    Ok(mapping)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(lhs: &[i64], rhs: &[i64], dims: &[i64]) -> BroadcastPlan {
        broadcast_shapes(lhs, rhs, dims).unwrap_or_else(|e| panic!("{lhs:?} + {rhs:?} with {dims:?}: {e}"))
    }

    fn err(lhs: &[i64], rhs: &[i64], dims: &[i64]) -> String {
        broadcast_shapes(lhs, rhs, dims).expect_err("expected an error")
    }

    fn p(result: &[i64], lhs: Option<&[i64]>, rhs: Option<&[i64]>) -> BroadcastPlan {
        BroadcastPlan { result: result.to_vec(), lhs: lhs.map(<[i64]>::to_vec), rhs: rhs.map(<[i64]>::to_vec) }
    }

    #[test]
    fn equal_shapes_need_no_broadcast() {
        assert_eq!(plan(&[2, 3], &[2, 3], &[]), p(&[2, 3], None, None));
        assert_eq!(plan(&[], &[], &[]), p(&[], None, None));
        // The identity is accepted for equal ranks.
        assert_eq!(plan(&[2, 3], &[2, 3], &[0, 1]), p(&[2, 3], None, None));
    }

    // Seed 003, "Trasmettere una matrice inferiore rango...": |1 2 3; 4 5 6| + 7.
    #[test]
    fn seed003_scalar_plus_matrix_broadcasts_the_scalar() {
        assert_eq!(plan(&[2, 3], &[], &[]), p(&[2, 3], None, Some(&[])));
        assert_eq!(plan(&[], &[2, 3], &[]), p(&[2, 3], Some(&[]), None));
    }

    #[test]
    fn scalar_rejects_broadcast_dimensions() {
        let e = err(&[2, 3], &[], &[0]);
        assert!(e.contains("the rhs is a scalar") && e.contains("got [0]"), "{e}");
    }

    // Seed 003: a (2,3) matrix plus a (3) vector with broadcast_dimensions (1).
    #[test]
    fn seed003_matrix_2x3_plus_vector_3_with_dims_1() {
        assert_eq!(plan(&[2, 3], &[3], &[1]), p(&[2, 3], None, Some(&[1])));
    }

    // Seed 003: "Senza specificare radiodiffusione, questa operazione non è valida".
    #[test]
    fn seed003_matrix_plus_vector_without_broadcast_dimensions_is_rejected() {
        let e = err(&[2, 3], &[3], &[]);
        assert!(e.contains("rhs [3] has rank 1 and lhs [2, 3] has rank 2"), "{e}");
        assert!(e.contains("need broadcast_dimensions"), "{e}");
    }

    // Seed 003: a 3-vector added to a 3x3 matrix, (1) each element becomes a column... with
    // dims (1) the vector is repeated for each row; with (0) for each column.
    #[test]
    fn seed003_matrix_3x3_plus_vector_3_with_dims_1_or_0() {
        assert_eq!(plan(&[3, 3], &[3], &[1]), p(&[3, 3], None, Some(&[1])));
        assert_eq!(plan(&[3, 3], &[3], &[0]), p(&[3, 3], None, Some(&[0])));
    }

    // Seed 003: a 2x3x4 cuboid and a 3x4 matrix with broadcast tuple (1,2).
    #[test]
    fn seed003_cuboid_2x3x4_plus_matrix_3x4_with_dims_1_2() {
        assert_eq!(plan(&[2, 3, 4], &[3, 4], &[1, 2]), p(&[2, 3, 4], None, Some(&[1, 2])));
        // The lower-rank operand may be on the left.
        assert_eq!(plan(&[3, 4], &[2, 3, 4], &[1, 2]), p(&[2, 3, 4], Some(&[1, 2]), None));
    }

    // Seed 003 formal definition: a vector T matched to each dimension of MxNxPxQ (here
    // 2x3x4x5), T equal to the matched dimension.
    #[test]
    fn seed003_formal_vector_t_matches_any_dimension_of_mxnxpxq() {
        let big = [2, 3, 4, 5];
        for (d, &t) in big.iter().enumerate() {
            assert_eq!(plan(&big, &[t], &[d as i64]), p(&big, None, Some(&[d as i64])));
        }
        // "T deve essere uguale alla dimensione corrispondente".
        let e = err(&big, &[7], &[2]);
        assert!(e.contains("maps rhs dimension 0 (size 7) to lhs dimension 2 (size 4)"), "{e}");
    }

    // Seed 003 formal definition: a TxV matrix matched as (2,3), (1,2), (0,3).
    #[test]
    fn seed003_formal_matrix_txv_matches_dimension_pairs_of_mxnxpxq() {
        let big = [2, 3, 4, 5];
        assert_eq!(plan(&big, &[4, 5], &[2, 3]), p(&big, None, Some(&[2, 3])));
        assert_eq!(plan(&big, &[3, 4], &[1, 2]), p(&big, None, Some(&[1, 2])));
        assert_eq!(plan(&big, &[2, 5], &[0, 3]), p(&big, None, Some(&[0, 3])));
    }

    // Seed 003: "è illegale abbinare V a N e T a P" (the order must be strictly increasing) and
    // "è anche illegale abbinare V sia a P che a N".
    #[test]
    fn seed003_formal_broadcast_dimensions_must_be_strictly_increasing() {
        let big = [2, 3, 4, 5];
        let e = err(&big, &[4, 3], &[2, 1]);
        assert!(e.contains("must be strictly increasing: entry 1 (1) does not come after entry 0 (2)"), "{e}");
        let e = err(&big, &[4, 4], &[2, 2]);
        assert!(e.contains("strictly increasing"), "{e}");
        let e = err(&big, &[3], &[1, 2]);
        assert!(e.contains("has 2 entries but the lower-rank operand rhs [3] has rank 1"), "{e}");
    }

    #[test]
    fn broadcast_dimensions_out_of_range_are_rejected_and_negative_ones_count_from_the_back() {
        let e = err(&[2, 3], &[3], &[2]);
        assert!(e.contains("entry 0 is 2, out of range for the rank-2 lhs [2, 3]"), "{e}");
        let e = err(&[2, 3], &[3], &[-3]);
        assert!(e.contains("entry 0 is -3"), "{e}");
        // Seed 004: dimension -1 is the last one.
        assert_eq!(plan(&[2, 3], &[3], &[-1]), p(&[2, 3], None, Some(&[1])));
    }

    #[test]
    fn equal_ranks_reject_non_identity_broadcast_dimensions() {
        let e = err(&[3, 3], &[3, 3], &[1, 0]);
        assert!(e.contains("must be empty or the identity [0, 1], got [1, 0]"), "{e}");
        assert!(err(&[3, 3], &[3, 3], &[0]).contains("identity"));
    }

    // Seed 003 degenerate-dimension examples 1 to 3.
    #[test]
    fn seed003_degenerate_example1_2x1_and_2x3_give_2x3() {
        assert_eq!(plan(&[2, 1], &[2, 3], &[]), p(&[2, 3], Some(&[0, 1]), None));
    }

    #[test]
    fn seed003_degenerate_example2_1x2x5_and_7x2x5_give_7x2x5() {
        assert_eq!(plan(&[1, 2, 5], &[7, 2, 5], &[]), p(&[7, 2, 5], Some(&[0, 1, 2]), None));
    }

    #[test]
    fn seed003_degenerate_example3_7x2x5_and_7x1x5_give_7x2x5() {
        assert_eq!(plan(&[7, 2, 5], &[7, 1, 5], &[]), p(&[7, 2, 5], None, Some(&[0, 1, 2])));
    }

    // Seed 003 degenerate example 4: (7,2,5) and (7,2,6) are incompatible.
    #[test]
    fn seed003_degenerate_example4_7x2x5_and_7x2x6_are_incompatible() {
        let e = err(&[7, 2, 5], &[7, 2, 6], &[]);
        assert_eq!(
            e,
            "cannot broadcast lhs [7, 2, 5] with rhs [7, 2, 6]: dimension 2 has size 5 in lhs and 6 in rhs; \
             sizes must be equal or one of them 1"
        );
    }

    // Seed 003: "(2,1) e (1,3) broadcast a (2,3)", the outer operation.
    #[test]
    fn seed003_outer_operation_2x1_and_1x3_give_2x3() {
        assert_eq!(plan(&[2, 1], &[1, 3], &[]), p(&[2, 3], Some(&[0, 1]), Some(&[0, 1])));
    }

    // Seed 003 composition: |1 2 3 4| + [5 6] (a 1x2 matrix) with broadcast_dimensions (0)
    // gives a 4x2 matrix.
    #[test]
    fn seed003_composition_vector_4_plus_matrix_1x2_with_dims_0_gives_4x2() {
        assert_eq!(plan(&[4], &[1, 2], &[0]), p(&[4, 2], Some(&[0]), Some(&[0, 1])));
    }

    // Seed 003 composition: a 1x2 matrix into a 4x3x1 array with (1,2): intermediate 4x1x2
    // (via the degenerate M), result 4x3x2.
    #[test]
    fn seed003_composition_matrix_1x2_into_array_4x3x1_with_dims_1_2_gives_4x3x2() {
        assert_eq!(plan(&[4, 3, 1], &[1, 2], &[1, 2]), p(&[4, 3, 2], Some(&[0, 1, 2]), Some(&[1, 2])));
    }

    #[test]
    fn composition_reports_mismatch_with_the_mapped_dimension() {
        let e = err(&[4, 3, 1], &[2, 2], &[1, 2]);
        assert_eq!(
            e,
            "cannot broadcast rhs [2, 2] into lhs [4, 3, 1]: broadcast_dimensions maps rhs dimension 0 (size 2) \
             to lhs dimension 1 (size 3); sizes must be equal or one of them 1"
        );
    }

    #[test]
    fn zero_sized_dimensions_broadcast_against_one_and_not_against_others() {
        assert_eq!(plan(&[0, 3], &[1, 3], &[]), p(&[0, 3], None, Some(&[0, 1])));
        assert!(err(&[0, 3], &[2, 3], &[]).contains("dimension 0 has size 0 in lhs and 2 in rhs"));
    }
}

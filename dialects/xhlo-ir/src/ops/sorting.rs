//! Sorting (seed 002 "Sort", "TopK").
//!
//! `sort` orders N same-shaped inputs together along one dimension. Its `comparator` takes 2N
//! scalars in pairs, `(lhs_0, rhs_0, lhs_1, rhs_1, ...)`: parameter 2k is input k's element at
//! the first position and 2k+1 its element at the second (seed 002, as in StableHLO), and
//! yields one `tensor<i1>`: whether the first position sorts before the second.

use crate::op::{Import, Syntax};
use super::reduction::check_scalar_block;
use super::*;
use crate::op::{attr, normalize_dim, opt_attr, tensor, tensors, AttrKind, Category, OpDef, OpView};

pub const OPS: &[OpDef] = &[
    OpDef {
        results: &[tensors("results")],
        attrs: &[attr("dimension", AttrKind::Int), opt_attr("is_stable", AttrKind::Bool)],
        regions: &["comparator"],
        ..OpDef::new("sort", Category::Sorting,
            "Sort: sorts N same-shaped inputs together along `dimension`; `comparator` takes (lhs_0, rhs_0, \
             ..., lhs_{N-1}, rhs_{N-1}) and yields tensor<i1>; is_stable keeps equal elements in order",
            &[tensors("inputs")], infer_sort)
    },
    OpDef {
        results: &[tensor("values"), tensor("indices")],
        attrs: &[attr("k", AttrKind::Int), opt_attr("largest", AttrKind::Bool)],
        ..OpDef::new("top_k", Category::Sorting,
            "TopK: the k largest (or smallest with largest = false) elements along the last dimension, \
             with their i32 indices; lower indices first among equal elements",
            &[tensor("operand")], infer_top_k)
    }.with_syntax(Syntax::Own).with_import(Import::Renamed(&["chlo.top_k"])),
];

fn infer_sort(v: &OpView) -> Result<Vec<Type>, String> {
    let inputs = v.tensors("inputs")?;
    let Some(first) = inputs.first() else { return Err("sort needs at least one input".into()) };
    for (i, t) in inputs.iter().enumerate().skip(1) {
        if t.dims != first.dims {
            return Err(format!("input #{i} has shape {:?} but input #0 has shape {:?}", t.dims, first.dims));
        }
    }
    let dimension = v.int("dimension")?;
    if dimension < 0 {
        return Err(format!("sort dimension must be non-negative in IR, got {dimension}"));
    }
    normalize_dim(dimension, first.rank()).map_err(|e| format!("sort {e}"))?;
    v.flag("is_stable")?;
    let params: Vec<ElementType> = inputs.iter().flat_map(|t| [t.element, t.element]).collect();
    let role = |i: usize| format!("{} element of input {}", if i.is_multiple_of(2) { "lhs" } else { "rhs" }, i / 2);
    check_scalar_block(v.region(0)?, "comparator", &params, &role, &[ElementType::Pred])?;
    Ok(inputs.iter().map(|t| Type::Tensor(TensorType::new(t.dims.clone(), t.element))).collect())
}

fn infer_top_k(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let Some(&last) = x.dims.last() else {
        return Err("top_k operand must have at least one dimension, got a scalar".into());
    };
    let k = v.int("k")?;
    if k < 0 || k > last {
        return Err(format!("k is {k} but must be between 0 and the size of the last dimension, {last}"));
    }
    v.flag("largest")?;
    let mut dims = x.dims.clone();
    *dims.last_mut().expect("rank checked above") = k;
    Ok(vec![
        Type::Tensor(TensorType::new(dims.clone(), x.element)),
        Type::Tensor(TensorType::new(dims, ElementType::S32)),
    ])
}

#[cfg(test)]
mod tests {
    use crate::op::RegionSig;
    use crate::testing::{infer, region, verify};

    fn less_than(elements: &[&str]) -> RegionSig {
        let params: Vec<String> = elements.iter().flat_map(|e| [format!("tensor<{e}>"), format!("tensor<{e}>")]).collect();
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        region(&params, &["tensor<i1>"])
    }

    // ----- sort ---------------------------------------------------------------------------

    /// Seed 002 Sort: operand0 = [3, 1], operand1 = [42, 50], operand2 = [-3.0, 1.1] sorted
    /// together by operand0 give ([1, 3], [50, 42], [1.1, -3.0]): same types, comparator with
    /// 2 * 3 parameters.
    #[test]
    fn sort_seed_three_operands_sorted_together() {
        verify("sort", &["tensor<2xi32>", "tensor<2xi32>", "tensor<2xf32>"], "{dimension = 0 : i64}",
            &[less_than(&["i32", "i32", "f32"])], &["tensor<2xi32>", "tensor<2xi32>", "tensor<2xf32>"]).unwrap();
    }

    /// Seed 002 Sort: a matrix sorted along dimension 0 (each column) or 1 (each row) keeps
    /// its shape.
    #[test]
    fn sort_seed_matrix_along_either_dimension() {
        for d in [0, 1] {
            let r = infer("sort", &["tensor<3x4xf32>"], &format!("{{dimension = {d} : i64}}"), &[less_than(&["f32"])], &[]);
            assert_eq!(r.unwrap(), ["tensor<3x4xf32>"]);
        }
    }

    /// StableHLO interpreter test sort.mlir: two 2x3xi64 inputs, dimension 0, stable.
    #[test]
    fn sort_stablehlo_stable_example() {
        verify("sort", &["tensor<2x3xi64>", "tensor<2x3xi64>"], "{dimension = 0 : i64, is_stable = true}",
            &[less_than(&["i64", "i64"])], &["tensor<2x3xi64>", "tensor<2x3xi64>"]).unwrap();
    }

    #[test]
    fn sort_rejects_no_inputs() {
        let e = infer("sort", &[], "{dimension = 0 : i64}", &[region(&[], &["tensor<i1>"])], &[]).unwrap_err();
        assert!(e.contains("at least one input"), "{e}");
    }

    #[test]
    fn sort_rejects_inputs_of_different_shapes() {
        let e = infer("sort", &["tensor<3xf32>", "tensor<4xi32>"], "{dimension = 0 : i64}", &[less_than(&["f32", "i32"])], &[])
            .unwrap_err();
        assert!(e.contains("input #1 has shape [4] but input #0 has shape [3]"), "{e}");
    }

    #[test]
    fn sort_rejects_dimension_out_of_range() {
        let e = infer("sort", &["tensor<3x4xf32>"], "{dimension = 2 : i64}", &[less_than(&["f32"])], &[]).unwrap_err();
        assert!(e.contains("dimension 2 is out of range for rank 2"), "{e}");
    }

    #[test]
    fn sort_rejects_negative_dimension() {
        let e = infer("sort", &["tensor<3x4xf32>"], "{dimension = -1 : i64}", &[less_than(&["f32"])], &[]).unwrap_err();
        assert!(e.contains("non-negative"), "{e}");
    }

    #[test]
    fn sort_rejects_scalar_input() {
        let e = infer("sort", &["tensor<f32>"], "{dimension = 0 : i64}", &[less_than(&["f32"])], &[]).unwrap_err();
        assert!(e.contains("out of range for rank 0"), "{e}");
    }

    #[test]
    fn sort_rejects_missing_dimension() {
        let e = verify("sort", &["tensor<3xf32>"], "{}", &[less_than(&["f32"])], &["tensor<3xf32>"]).unwrap_err();
        assert!(e.contains("dimension"), "{e}");
    }

    #[test]
    fn sort_rejects_non_bool_is_stable() {
        let e = infer("sort", &["tensor<3xf32>"], "{dimension = 0 : i64, is_stable = 1 : i64}", &[less_than(&["f32"])], &[])
            .unwrap_err();
        assert!(e.contains("is_stable"), "{e}");
    }

    #[test]
    fn sort_rejects_comparator_with_wrong_parameter_count() {
        let e = infer("sort", &["tensor<3xf32>", "tensor<3xi32>"], "{dimension = 0 : i64}", &[less_than(&["f32"])], &[])
            .unwrap_err();
        assert!(e.contains("takes 2 parameter(s) but must take 4"), "{e}");
    }

    /// Parameters grouped (lhs_0, lhs_1, rhs_0, rhs_1) instead of paired per input are caught.
    #[test]
    fn sort_rejects_comparator_parameters_not_paired_per_input() {
        let grouped = region(&["tensor<f32>", "tensor<i32>", "tensor<f32>", "tensor<i32>"], &["tensor<i1>"]);
        let e = infer("sort", &["tensor<3xf32>", "tensor<3xi32>"], "{dimension = 0 : i64}", &[grouped], &[]).unwrap_err();
        assert!(e.contains("parameter #1 (rhs element of input 0) has type tensor<i32> but must be tensor<f32>"), "{e}");
    }

    #[test]
    fn sort_rejects_comparator_not_yielding_pred() {
        let e = infer("sort", &["tensor<3xf32>"], "{dimension = 0 : i64}",
            &[region(&["tensor<f32>", "tensor<f32>"], &["tensor<f32>"])], &[]).unwrap_err();
        assert!(e.contains("region 'comparator' yields tensor<f32> as value #0 but must yield tensor<i1>"), "{e}");
    }

    #[test]
    fn sort_rejects_wrongly_declared_results() {
        let e = verify("sort", &["tensor<3xf32>"], "{dimension = 0 : i64}", &[less_than(&["f32"])], &["tensor<3xf64>"])
            .unwrap_err();
        assert!(e.contains("produces tensor<3xf32>"), "{e}");
    }

    // ----- top_k --------------------------------------------------------------------------

    /// Seed 002 TopK: an operand of shape [A, B, ..., P, Q] with Q >= k gives values and
    /// indices of shape [A, B, ..., P, k].
    #[test]
    fn top_k_seed_keeps_leading_dimensions() {
        verify("top_k", &["tensor<2x3x5xf32>"], "{k = 2 : i64}", &[], &["tensor<2x3x2xf32>", "tensor<2x3x2xi32>"]).unwrap();
    }

    /// Seed 002 TopK: a 1D operand gives k values and their indices.
    #[test]
    fn top_k_seed_1d_operand() {
        let r = infer("top_k", &["tensor<6xi64>"], "{k = 3 : i64, largest = false}", &[], &[]).unwrap();
        assert_eq!(r, ["tensor<3xi64>", "tensor<3xi32>"]);
    }

    #[test]
    fn top_k_accepts_k_equal_to_last_dimension_and_zero() {
        assert_eq!(infer("top_k", &["tensor<4xf32>"], "{k = 4 : i64}", &[], &[]).unwrap(), ["tensor<4xf32>", "tensor<4xi32>"]);
        assert_eq!(infer("top_k", &["tensor<4xf32>"], "{k = 0 : i64}", &[], &[]).unwrap(), ["tensor<0xf32>", "tensor<0xi32>"]);
    }

    #[test]
    fn top_k_rejects_scalar_operand() {
        let e = infer("top_k", &["tensor<f32>"], "{k = 1 : i64}", &[], &[]).unwrap_err();
        assert!(e.contains("at least one dimension"), "{e}");
    }

    #[test]
    fn top_k_rejects_k_larger_than_last_dimension() {
        let e = infer("top_k", &["tensor<2x5xf32>"], "{k = 6 : i64}", &[], &[]).unwrap_err();
        assert!(e.contains("k is 6 but must be between 0 and the size of the last dimension, 5"), "{e}");
    }

    #[test]
    fn top_k_rejects_negative_k() {
        let e = infer("top_k", &["tensor<5xf32>"], "{k = -1 : i64}", &[], &[]).unwrap_err();
        assert!(e.contains("k is -1"), "{e}");
    }

    #[test]
    fn top_k_rejects_missing_k() {
        let e = verify("top_k", &["tensor<5xf32>"], "{}", &[], &["tensor<5xf32>", "tensor<5xi32>"]).unwrap_err();
        assert!(e.contains("'k'"), "{e}");
    }

    #[test]
    fn top_k_rejects_non_bool_largest() {
        let e = infer("top_k", &["tensor<5xf32>"], "{k = 1 : i64, largest = \"yes\"}", &[], &[]).unwrap_err();
        assert!(e.contains("largest"), "{e}");
    }

    #[test]
    fn top_k_rejects_indices_declared_other_than_i32() {
        let e = verify("top_k", &["tensor<5xf32>"], "{k = 2 : i64}", &[], &["tensor<2xf32>", "tensor<2xi64>"]).unwrap_err();
        assert!(e.contains("result #1 is declared as tensor<2xi64> but the op produces tensor<2xi32>"), "{e}");
    }
}

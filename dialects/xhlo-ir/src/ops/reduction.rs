//! Reductions (seed 002 "Reduce", "ReduceWindow", "SelectAndScatter"; seed 001 for the
//! single-input forms).
//!
//! `reduce` and `reduce_window` take N inputs and N init values. IRDL cannot express two
//! variable-length operand groups of equal size without `operandSegmentSizes`, so both ops
//! declare ONE variadic slot `operands` holding the N inputs followed by the N init values; the
//! shape rule splits it in half. Their `body` region takes 2N scalars, the N accumulators first
//! and then the N input elements (`acc_0, ..., acc_{N-1}, x_0, ..., x_{N-1}`, seed 002 "variadic
//! reduce"), and yields the N new accumulators.
//!
//! Window ops spell their configuration as StableHLO does, with dimension lists as
//! `array<i64: ...>` and padding as a flat `array<i64: lo0, hi0, lo1, hi1, ...>`.
//!
//! The scalar-computation checks here ([`single_block`], [`check_scalar_block`]) are shared with
//! `sort`'s comparator (ops/sorting.rs).

use crate::op::{FusionRole, Syntax};
use super::*;
use crate::op::{
    attr, check_dims, opt_attr, tensor, tensors, AttrKind, BlockSig, Category, OpDef, OpView, RegionSig,
};

pub const OPS: &[OpDef] = &[
    OpDef {
        results: &[tensors("results")],
        attrs: &[attr("dimensions", AttrKind::I64Array)],
        regions: &["body"],
        ..OpDef::new("reduce", Category::Reduction,
            "Reduce: folds `dimensions` of N same-shaped inputs with a scalar computation; `operands` holds \
             the N inputs followed by the N rank-0 init values, `body` takes (acc_0..acc_{N-1}, x_0..x_{N-1}) \
             and yields N scalars",
            &[tensors("operands")], infer_reduce)
    }.with_syntax(Syntax::Own).with_fusion(FusionRole::Reduction),
    OpDef {
        results: &[tensors("results")],
        attrs: &[
            attr("window_dimensions", AttrKind::I64Array),
            opt_attr("window_strides", AttrKind::I64Array),
            opt_attr("base_dilations", AttrKind::I64Array),
            opt_attr("window_dilations", AttrKind::I64Array),
            opt_attr("padding", AttrKind::I64Array),
        ],
        regions: &["body"],
        ..OpDef::new("reduce_window", Category::Reduction,
            "ReduceWindow: reduces every window position of N same-shaped inputs; `operands` holds the N \
             inputs followed by the N rank-0 init values, `body` is as for reduce; strides and dilations \
             default to 1, `padding` (flat lo/hi pairs) to 0",
            &[tensors("operands")], infer_reduce_window)
    },
    OpDef {
        attrs: &[
            attr("window_dimensions", AttrKind::I64Array),
            opt_attr("window_strides", AttrKind::I64Array),
            opt_attr("padding", AttrKind::I64Array),
        ],
        regions: &["select", "scatter"],
        ..OpDef::new("select_and_scatter", Category::Reduction,
            "SelectAndScatter: selects one element of each window of operand with `select` and combines \
             the matching source element into it with `scatter`, starting from init_value",
            &[tensor("operand"), tensor("source"), tensor("init_value")], infer_select_and_scatter)
    },
];

/// The region's only block; the xhlo convention is one block per region (except `case`).
pub(super) fn single_block<'a>(region: &'a RegionSig, name: &str) -> Result<&'a BlockSig, String> {
    match region.blocks.as_slice() {
        [block] => Ok(block),
        blocks => Err(format!("region '{name}' must have exactly one block, has {}", blocks.len())),
    }
}

/// Checks a scalar computation: its parameters are rank-0 tensors of `params`, and it yields
/// rank-0 tensors of `yields`. `param_role(i)` says what parameter `i` stands for, for messages.
pub(super) fn check_scalar_block(
    region: &RegionSig,
    name: &str,
    params: &[ElementType],
    param_role: &dyn Fn(usize) -> String,
    yields: &[ElementType],
) -> Result<(), String> {
    let block = single_block(region, name)?;
    if block.args.len() != params.len() {
        return Err(format!(
            "region '{name}' takes {} parameter(s) but must take {} ({})",
            block.args.len(),
            params.len(),
            (0..params.len()).map(param_role).collect::<Vec<_>>().join(", ")
        ));
    }
    for (i, (arg, &e)) in block.args.iter().zip(params).enumerate() {
        let expected = Type::scalar(e);
        if !arg.compatible(&expected) {
            return Err(format!(
                "region '{name}' parameter #{i} ({}) has type {arg} but must be {expected}",
                param_role(i)
            ));
        }
    }
    if block.yields.len() != yields.len() {
        return Err(format!(
            "region '{name}' yields {} value(s) but must yield {}",
            block.yields.len(),
            yields.len()
        ));
    }
    for (i, (y, &e)) in block.yields.iter().zip(yields).enumerate() {
        let expected = Type::scalar(e);
        if !y.compatible(&expected) {
            return Err(format!("region '{name}' yields {y} as value #{i} but must yield {expected}"));
        }
    }
    Ok(())
}

/// `reduce` / `reduce_window` operands split into inputs and init values, checked: N >= 1,
/// inputs of one shape, each init a scalar of its input's element type.
fn split_inputs_and_inits<'a>(v: &OpView<'a>) -> Result<(Vec<&'a TensorType>, Vec<&'a TensorType>), String> {
    let all = v.tensors("operands")?;
    let op = v.def.name;
    if all.is_empty() {
        return Err(format!("{op} needs at least one input and one init value, got no operands"));
    }
    if all.len() % 2 != 0 {
        return Err(format!(
            "{op} takes N inputs followed by N init values, got {} operands (an odd count)",
            all.len()
        ));
    }
    let n = all.len() / 2;
    let (inputs, inits) = (all[..n].to_vec(), all[n..].to_vec());
    for (i, t) in inputs.iter().enumerate().skip(1) {
        if t.dims != inputs[0].dims {
            return Err(format!("input #{i} has shape {:?} but input #0 has shape {:?}", t.dims, inputs[0].dims));
        }
    }
    for (i, (init, input)) in inits.iter().zip(&inputs).enumerate() {
        if init.rank() != 0 {
            return Err(format!("init value #{i} must be a scalar (rank 0), has shape {:?}", init.dims));
        }
        if init.element != input.element {
            return Err(format!(
                "init value #{i} has element type {} but input #{i} has {}",
                describe_element(init.element),
                describe_element(input.element)
            ));
        }
    }
    Ok((inputs, inits))
}

/// Checks the `body` of reduce / reduce_window against the element types of the N inputs and
/// returns the element types it yields.
fn check_reducer(v: &OpView, elements: &[ElementType]) -> Result<Vec<ElementType>, String> {
    let n = elements.len();
    let params: Vec<ElementType> = elements.iter().chain(elements).copied().collect();
    let role = |i: usize| if i < n { format!("accumulator {i}") } else { format!("element of input {}", i - n) };
    check_scalar_block(v.region(0)?, "body", &params, &role, elements)?;
    Ok(elements.to_vec())
}

fn infer_reduce(v: &OpView) -> Result<Vec<Type>, String> {
    let (inputs, _inits) = split_inputs_and_inits(v)?;
    let dims = v.i64_array("dimensions")?;
    let rank = inputs[0].rank();
    check_dims(dims, rank, "reduction dimension")?;
    let elements: Vec<ElementType> = inputs.iter().map(|t| t.element).collect();
    let yielded = check_reducer(v, &elements)?;
    let kept: Vec<i64> = (0..rank).filter(|d| !dims.contains(&(*d as i64))).map(|d| inputs[0].dims[d]).collect();
    Ok(yielded.into_iter().map(|e| Type::Tensor(TensorType::new(kept.clone(), e))).collect())
}

/// A window configuration, one entry per dimension, after defaults.
struct Window {
    sizes: Vec<i64>,
    strides: Vec<i64>,
    base_dilations: Vec<i64>,
    window_dilations: Vec<i64>,
    padding: Vec<(i64, i64)>,
}

/// Reads a per-dimension window attribute: `rank` entries, each at least 1; all 1s when absent
/// and optional.
fn window_list(v: &OpView, name: &str, rank: usize, required: bool) -> Result<Vec<i64>, String> {
    let values = match v.opt_i64_array(name)? {
        Some(values) => values.to_vec(),
        None if required => return Err(format!("missing attribute '{name}'")),
        None => return Ok(vec![1; rank]),
    };
    if values.len() != rank {
        return Err(format!("{name} has {} entries but the input has rank {rank}", values.len()));
    }
    if let Some((d, &x)) = values.iter().enumerate().find(|(_, &x)| x < 1) {
        return Err(format!("{name} must be positive, but entry {d} is {x}"));
    }
    Ok(values)
}

/// Reads the window attributes of reduce_window (with dilations) or select_and_scatter.
fn read_window(v: &OpView, rank: usize, with_dilations: bool) -> Result<Window, String> {
    let sizes = window_list(v, "window_dimensions", rank, true)?;
    let strides = window_list(v, "window_strides", rank, false)?;
    let (base_dilations, window_dilations) = if with_dilations {
        (window_list(v, "base_dilations", rank, false)?, window_list(v, "window_dilations", rank, false)?)
    } else {
        (vec![1; rank], vec![1; rank])
    };
    let padding = match v.opt_i64_array("padding")? {
        None => vec![(0, 0); rank],
        Some(flat) if flat.len() != 2 * rank => {
            return Err(format!(
                "padding has {} entries but must list a (low, high) pair per dimension: {} entries for rank {rank}",
                flat.len(),
                2 * rank
            ))
        }
        Some(flat) => flat.chunks(2).map(|p| (p[0], p[1])).collect(),
    };
    Ok(Window { sizes, strides, base_dilations, window_dilations, padding })
}

fn overflow(d: usize) -> String {
    format!("window arithmetic for dimension {d} overflows 64 bits")
}

/// The number of window positions per dimension over `dims` (seed 002 ReduceWindow):
/// `(padded_dilated_base - dilated_window) / stride + 1`, where the dilated base is
/// `(size - 1) * base_dilation + 1` plus padding and the dilated window is
/// `(window - 1) * window_dilation + 1`.
fn window_output_dims(dims: &[i64], w: &Window) -> Result<Vec<i64>, String> {
    let mut out = Vec::with_capacity(dims.len());
    for (d, &size) in dims.iter().enumerate() {
        let dilated_base = if size == 0 {
            0
        } else {
            (size - 1).checked_mul(w.base_dilations[d]).and_then(|x| x.checked_add(1)).ok_or_else(|| overflow(d))?
        };
        let (lo, hi) = w.padding[d];
        let padded = dilated_base.checked_add(lo).and_then(|x| x.checked_add(hi)).ok_or_else(|| overflow(d))?;
        let window = (w.sizes[d] - 1)
            .checked_mul(w.window_dilations[d])
            .and_then(|x| x.checked_add(1))
            .ok_or_else(|| overflow(d))?;
        if padded < window {
            return Err(format!(
                "the window spans {window} elements in dimension {d} (size {}, dilation {}) but the padded input \
                 has only {padded} (size {size}, base dilation {}, padding ({lo}, {hi}))",
                w.sizes[d], w.window_dilations[d], w.base_dilations[d]
            ));
        }
        out.push((padded - window) / w.strides[d] + 1);
    }
    Ok(out)
}

fn infer_reduce_window(v: &OpView) -> Result<Vec<Type>, String> {
    let (inputs, _inits) = split_inputs_and_inits(v)?;
    let window = read_window(v, inputs[0].rank(), true)?;
    let out = window_output_dims(&inputs[0].dims, &window)?;
    let elements: Vec<ElementType> = inputs.iter().map(|t| t.element).collect();
    let yielded = check_reducer(v, &elements)?;
    Ok(yielded.into_iter().map(|e| Type::Tensor(TensorType::new(out.clone(), e))).collect())
}

fn infer_select_and_scatter(v: &OpView) -> Result<Vec<Type>, String> {
    let (operand, source, init) = (v.tensor("operand")?, v.tensor("source")?, v.tensor("init_value")?);
    let e = operand.element;
    if init.rank() != 0 {
        return Err(format!("init_value must be a scalar (rank 0), has shape {:?}", init.dims));
    }
    for (t, name) in [(init, "init_value"), (source, "source")] {
        if t.element != e {
            return Err(format!(
                "{name} has element type {} but operand has {}",
                describe_element(t.element),
                describe_element(e)
            ));
        }
    }
    // Seed 002's SelectAndScatter (and StableHLO's) has window dimensions, strides and
    // padding only; dilations given anyway would be silently ignored by the window arithmetic.
    for name in ["base_dilations", "window_dilations"] {
        if v.opt_i64_array(name)?.is_some_and(|d| d.iter().any(|&x| x != 1)) {
            return Err(format!("select_and_scatter takes no {name} (its window has dimensions, strides and padding only)"));
        }
    }
    let window = read_window(v, operand.rank(), false)?;
    let windows = window_output_dims(&operand.dims, &window)?;
    if source.dims != windows {
        return Err(format!(
            "source has shape {:?} but must have the shape of the window positions over operand, {windows:?}",
            source.dims
        ));
    }
    let pair = |i: usize| if i == 0 { "first candidate".to_string() } else { "second candidate".to_string() };
    check_scalar_block(v.region(0)?, "select", &[e, e], &pair, &[ElementType::Pred])?;
    let role = |i: usize| if i == 0 { "current output value".to_string() } else { "source value".to_string() };
    check_scalar_block(v.region(1)?, "scatter", &[e, e], &role, &[e])?;
    one(operand.clone())
}

#[cfg(test)]
mod tests {
    use crate::op::{BlockSig, RegionSig};
    use crate::testing::{infer, region, verify};

    fn add_f32() -> RegionSig {
        region(&["tensor<f32>", "tensor<f32>"], &["tensor<f32>"])
    }

    // ----- reduce -------------------------------------------------------------------------

    /// Seed 001/002 Reduce: a 2x3 matrix reduced over dimension 1 gives a 1D array of 2, over
    /// dimension 0 a 1D array of 3.
    #[test]
    fn reduce_seed_2d_matrix_over_each_dimension() {
        let ops = ["tensor<2x3xf32>", "tensor<f32>"];
        assert_eq!(infer("reduce", &ops, "{dimensions = array<i64: 1>}", &[add_f32()], &[]).unwrap(), ["tensor<2xf32>"]);
        assert_eq!(infer("reduce", &ops, "{dimensions = array<i64: 0>}", &[add_f32()], &[]).unwrap(), ["tensor<3xf32>"]);
    }

    /// Seed 001/002 Reduce: the 4x2x3 array reduced over 0 gives 2x3, over 2 gives 4x2, over 0
    /// and 1 gives the 1D array [20, 28, 36] (3 elements), over all dimensions the scalar 84.
    #[test]
    fn reduce_seed_3d_array_examples() {
        let ops = ["tensor<4x2x3xf32>", "tensor<f32>"];
        let case = |dims: &str| infer("reduce", &ops, &format!("{{dimensions = array<i64: {dims}>}}"), &[add_f32()], &[]);
        assert_eq!(case("0").unwrap(), ["tensor<2x3xf32>"]);
        assert_eq!(case("2").unwrap(), ["tensor<4x2xf32>"]);
        assert_eq!(case("0, 1").unwrap(), ["tensor<3xf32>"]);
        assert_eq!(case("0, 1, 2").unwrap(), ["tensor<f32>"]);
        // The dimensions are an unordered set.
        assert_eq!(case("2, 0, 1").unwrap(), ["tensor<f32>"]);
    }

    /// Seed 001 Reduce: [10, 11, 12, 13] reduced over its one dimension is a scalar.
    #[test]
    fn reduce_seed_1d_array_to_scalar() {
        verify("reduce", &["tensor<4xi32>", "tensor<i32>"], "{dimensions = array<i64: 0>}",
            &[region(&["tensor<i32>", "tensor<i32>"], &["tensor<i32>"])], &["tensor<i32>"]).unwrap();
    }

    /// Seed 002 "variadic reduce": max and argmax of V = Float[N], K = Int[N] with
    /// f: (Float, Int, Float, Int) -> (Float, Int), accumulators first.
    #[test]
    fn reduce_seed_variadic_max_argmax() {
        let body = region(&["tensor<f32>", "tensor<i32>", "tensor<f32>", "tensor<i32>"], &["tensor<f32>", "tensor<i32>"]);
        verify("reduce", &["tensor<7xf32>", "tensor<7xi32>", "tensor<f32>", "tensor<i32>"],
            "{dimensions = array<i64: 0>}", &[body], &["tensor<f32>", "tensor<i32>"]).unwrap();
    }

    /// StableHLO interpreter test reduce.mlir: 1x6xi64 summed over dimension 1 is 1xi64.
    #[test]
    fn reduce_stablehlo_interpreter_example() {
        verify("reduce", &["tensor<1x6xi64>", "tensor<i64>"], "{dimensions = array<i64: 1>}",
            &[region(&["tensor<i64>", "tensor<i64>"], &["tensor<i64>"])], &["tensor<1xi64>"]).unwrap();
    }

    #[test]
    fn reduce_with_no_dimensions_keeps_the_shape() {
        assert_eq!(infer("reduce", &["tensor<2x3xf32>", "tensor<f32>"], "{dimensions = array<i64>}", &[add_f32()], &[]).unwrap(),
            ["tensor<2x3xf32>"]);
    }

    #[test]
    fn reduce_drops_operand_layouts() {
        let r = infer("reduce", &["tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>", "tensor<f32>"],
            "{dimensions = array<i64: 0>}", &[add_f32()], &[]).unwrap();
        assert_eq!(r, ["tensor<3xf32>"]);
    }

    #[test]
    fn reduce_rejects_odd_operand_count() {
        let e = infer("reduce", &["tensor<2xf32>", "tensor<2xf32>", "tensor<f32>"], "{dimensions = array<i64: 0>}",
            &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("odd count") && e.contains("3 operands"), "{e}");
    }

    #[test]
    fn reduce_rejects_no_operands() {
        let e = infer("reduce", &[], "{dimensions = array<i64>}", &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("at least one input"), "{e}");
    }

    #[test]
    fn reduce_rejects_inputs_of_different_shapes() {
        let body = region(&["tensor<f32>", "tensor<i32>", "tensor<f32>", "tensor<i32>"], &["tensor<f32>", "tensor<i32>"]);
        let e = infer("reduce", &["tensor<7xf32>", "tensor<6xi32>", "tensor<f32>", "tensor<i32>"],
            "{dimensions = array<i64: 0>}", &[body], &[]).unwrap_err();
        assert!(e.contains("input #1 has shape [6] but input #0 has shape [7]"), "{e}");
    }

    #[test]
    fn reduce_rejects_non_scalar_init() {
        let e = infer("reduce", &["tensor<2x3xf32>", "tensor<3xf32>"], "{dimensions = array<i64: 0>}", &[add_f32()], &[])
            .unwrap_err();
        assert!(e.contains("init value #0 must be a scalar"), "{e}");
    }

    #[test]
    fn reduce_rejects_init_of_other_element_type() {
        let e = infer("reduce", &["tensor<2x3xf32>", "tensor<f64>"], "{dimensions = array<i64: 0>}", &[add_f32()], &[])
            .unwrap_err();
        assert!(e.contains("init value #0 has element type f64 (F64) but input #0 has f32 (F32)"), "{e}");
    }

    #[test]
    fn reduce_rejects_out_of_range_dimension() {
        let e = infer("reduce", &["tensor<2x3xf32>", "tensor<f32>"], "{dimensions = array<i64: 2>}", &[add_f32()], &[])
            .unwrap_err();
        assert!(e.contains("reduction dimension 2 is out of range for rank 2"), "{e}");
    }

    #[test]
    fn reduce_rejects_repeated_dimension() {
        let e = infer("reduce", &["tensor<2x3xf32>", "tensor<f32>"], "{dimensions = array<i64: 1, 1>}", &[add_f32()], &[])
            .unwrap_err();
        assert!(e.contains("reduction dimension 1 appears more than once"), "{e}");
    }

    #[test]
    fn reduce_rejects_missing_dimensions_attribute() {
        let e = verify("reduce", &["tensor<2xf32>", "tensor<f32>"], "{}", &[add_f32()], &["tensor<f32>"]).unwrap_err();
        assert!(e.contains("dimensions"), "{e}");
    }

    #[test]
    fn reduce_rejects_body_with_wrong_parameter_count() {
        let body = region(&["tensor<f32>"], &["tensor<f32>"]);
        let e = infer("reduce", &["tensor<2xf32>", "tensor<f32>"], "{dimensions = array<i64: 0>}", &[body], &[]).unwrap_err();
        assert!(e.contains("takes 1 parameter(s) but must take 2"), "{e}");
    }

    /// Parameters in the pairwise order (acc_0, x_0, acc_1, x_1) instead of StableHLO's
    /// accumulators-first order are caught.
    #[test]
    fn reduce_rejects_body_parameters_in_pairwise_order() {
        let body = region(&["tensor<f32>", "tensor<f32>", "tensor<i32>", "tensor<i32>"], &["tensor<f32>", "tensor<i32>"]);
        let e = infer("reduce", &["tensor<7xf32>", "tensor<7xi32>", "tensor<f32>", "tensor<i32>"],
            "{dimensions = array<i64: 0>}", &[body], &[]).unwrap_err();
        assert!(e.contains("parameter #1 (accumulator 1) has type tensor<f32> but must be tensor<i32>"), "{e}");
    }

    #[test]
    fn reduce_rejects_body_yielding_wrong_count() {
        let body = region(&["tensor<f32>", "tensor<f32>"], &["tensor<f32>", "tensor<f32>"]);
        let e = infer("reduce", &["tensor<2xf32>", "tensor<f32>"], "{dimensions = array<i64: 0>}", &[body], &[]).unwrap_err();
        assert!(e.contains("yields 2 value(s) but must yield 1"), "{e}");
    }

    #[test]
    fn reduce_rejects_body_yielding_non_scalar() {
        let body = region(&["tensor<f32>", "tensor<f32>"], &["tensor<1xf32>"]);
        let e = infer("reduce", &["tensor<2xf32>", "tensor<f32>"], "{dimensions = array<i64: 0>}", &[body], &[]).unwrap_err();
        assert!(e.contains("yields tensor<1xf32> as value #0 but must yield tensor<f32>"), "{e}");
    }

    #[test]
    fn reduce_rejects_multi_block_body() {
        let body = RegionSig { blocks: vec![BlockSig::default(), BlockSig::default()] };
        let e = infer("reduce", &["tensor<2xf32>", "tensor<f32>"], "{dimensions = array<i64: 0>}", &[body], &[]).unwrap_err();
        assert!(e.contains("exactly one block, has 2"), "{e}");
    }

    #[test]
    fn reduce_rejects_wrongly_declared_result() {
        let e = verify("reduce", &["tensor<2x3xf32>", "tensor<f32>"], "{dimensions = array<i64: 0>}", &[add_f32()],
            &["tensor<2xf32>"]).unwrap_err();
        assert!(e.contains("declared as tensor<2xf32> but the op produces tensor<3xf32>"), "{e}");
    }

    // ----- reduce_window ------------------------------------------------------------------

    /// Seed 001/002 ReduceWindow: a 4x6 input, window 2x3, strides 2x3, kValid padding: 2x2.
    #[test]
    fn reduce_window_seed_4x6_max_pool() {
        verify("reduce_window", &["tensor<4x6xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>}", &[add_f32()],
            &["tensor<2x2xf32>"]).unwrap();
    }

    /// Seed 002 ReduceWindow, "Padding::kSame with stride 1 keeps the input shape": the 4x6
    /// input with a 2x3 window padded (0, 1) and (1, 1) stays 4x6.
    #[test]
    fn reduce_window_seed_same_padding_with_unit_stride_keeps_shape() {
        let r = infer("reduce_window", &["tensor<4x6xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2, 3>, padding = array<i64: 0, 1, 1, 1>}", &[add_f32()], &[]).unwrap();
        assert_eq!(r, ["tensor<4x6xf32>"]);
    }

    /// Seed 002 ReduceWindow: min over [10000, 1000, 100, 10, 1], window 3, stride 2. kValid
    /// gives two windows ([100, 1]); kSame pads one element on each side and gives three
    /// ([1000, 10, 1]).
    #[test]
    fn reduce_window_seed_1d_valid_and_same_padding() {
        let ops = ["tensor<5xf32>", "tensor<f32>"];
        let valid = infer("reduce_window", &ops, "{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>}",
            &[add_f32()], &[]).unwrap();
        assert_eq!(valid, ["tensor<2xf32>"]);
        let same = infer("reduce_window", &ops,
            "{window_dimensions = array<i64: 3>, window_strides = array<i64: 2>, padding = array<i64: 1, 1>}",
            &[add_f32()], &[]).unwrap();
        assert_eq!(same, ["tensor<3xf32>"]);
    }

    /// StableHLO interpreter test reduce_window.mlir: 3x2 input, base dilation (2, 1), padding
    /// ((2, 1), (0, 0)), window dilation (3, 1), window (2, 1), strides (4, 1): 2x2.
    #[test]
    fn reduce_window_stablehlo_dilation_and_padding_example() {
        let body = region(&["tensor<i64>", "tensor<i64>"], &["tensor<i64>"]);
        verify("reduce_window", &["tensor<3x2xi64>", "tensor<i64>"],
            "{base_dilations = array<i64: 2, 1>, padding = array<i64: 2, 1, 0, 0>, window_dilations = array<i64: 3, 1>, \
              window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 4, 1>}",
            &[body], &["tensor<2x2xi64>"]).unwrap();
    }

    /// StableHLO interpreter test reduce_window.mlir (issue 1662): as above with a window of
    /// 3 rows dilated by 3 (7 elements) over the 8 padded rows: 1x2.
    #[test]
    fn reduce_window_stablehlo_issue_1662_example() {
        let body = region(&["tensor<i64>", "tensor<i64>"], &["tensor<i64>"]);
        verify("reduce_window", &["tensor<3x2xi64>", "tensor<i64>"],
            "{base_dilations = array<i64: 2, 1>, padding = array<i64: 2, 1, 0, 0>, window_dilations = array<i64: 3, 1>, \
              window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 4, 1>}",
            &[body], &["tensor<1x2xi64>"]).unwrap();
    }

    #[test]
    fn reduce_window_variadic_inputs_give_one_result_each() {
        let body = region(&["tensor<f32>", "tensor<i32>", "tensor<f32>", "tensor<i32>"], &["tensor<f32>", "tensor<i32>"]);
        let r = infer("reduce_window", &["tensor<4x6xf32>", "tensor<4x6xi32>", "tensor<f32>", "tensor<i32>"],
            "{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 2>}", &[body], &[]).unwrap();
        assert_eq!(r, ["tensor<3x3xf32>", "tensor<3x3xi32>"]);
    }

    #[test]
    fn reduce_window_negative_padding_removes_elements() {
        let r = infer("reduce_window", &["tensor<6xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, padding = array<i64: -1, -1>}", &[add_f32()], &[]).unwrap();
        assert_eq!(r, ["tensor<3xf32>"]);
    }

    #[test]
    fn reduce_window_rejects_odd_operand_count() {
        let e = infer("reduce_window", &["tensor<4xf32>"], "{window_dimensions = array<i64: 2>}", &[add_f32()], &[])
            .unwrap_err();
        assert!(e.contains("odd count"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_non_scalar_init() {
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<1xf32>"], "{window_dimensions = array<i64: 2>}",
            &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("init value #0 must be a scalar"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_inputs_of_different_shapes() {
        let body = region(&["tensor<f32>", "tensor<f32>", "tensor<f32>", "tensor<f32>"], &["tensor<f32>", "tensor<f32>"]);
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<5xf32>", "tensor<f32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>}", &[body], &[]).unwrap_err();
        assert!(e.contains("input #1 has shape [5] but input #0 has shape [4]"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_window_of_wrong_rank() {
        let e = infer("reduce_window", &["tensor<4x6xf32>", "tensor<f32>"], "{window_dimensions = array<i64: 2>}",
            &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("window_dimensions has 1 entries but the input has rank 2"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_zero_window_size() {
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"], "{window_dimensions = array<i64: 0>}",
            &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("window_dimensions must be positive, but entry 0 is 0"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_zero_stride() {
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, window_strides = array<i64: 0>}", &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("window_strides must be positive, but entry 0 is 0"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_strides_of_wrong_rank() {
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, window_strides = array<i64: 1, 1>}", &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("window_strides has 2 entries but the input has rank 1"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_non_positive_dilations() {
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, base_dilations = array<i64: 0>}", &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("base_dilations must be positive"), "{e}");
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, window_dilations = array<i64: -1>}", &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("window_dilations must be positive"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_padding_of_wrong_length() {
        let e = infer("reduce_window", &["tensor<4x6xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2, 2>, padding = array<i64: 1, 1>}", &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("padding has 2 entries") && e.contains("4 entries for rank 2"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_window_larger_than_padded_input() {
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"], "{window_dimensions = array<i64: 5>}",
            &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("spans 5 elements in dimension 0") && e.contains("has only 4"), "{e}");
        // A dilated window: 3 elements dilated by 2 span 5.
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 3>, window_dilations = array<i64: 2>}", &[add_f32()], &[]).unwrap_err();
        assert!(e.contains("spans 5 elements"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_overflowing_dilation() {
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, base_dilations = array<i64: 9223372036854775807>}", &[add_f32()], &[])
            .unwrap_err();
        assert!(e.contains("overflows"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_bad_body() {
        let body = region(&["tensor<f32>", "tensor<f64>"], &["tensor<f32>"]);
        let e = infer("reduce_window", &["tensor<4xf32>", "tensor<f32>"], "{window_dimensions = array<i64: 2>}", &[body], &[])
            .unwrap_err();
        assert!(e.contains("parameter #1 (element of input 0) has type tensor<f64> but must be tensor<f32>"), "{e}");
    }

    #[test]
    fn reduce_window_rejects_missing_window_dimensions() {
        let e = verify("reduce_window", &["tensor<4xf32>", "tensor<f32>"], "{}", &[add_f32()], &["tensor<4xf32>"]).unwrap_err();
        assert!(e.contains("window_dimensions"), "{e}");
    }

    // ----- select_and_scatter -------------------------------------------------------------

    fn select_ge(e: &str) -> RegionSig {
        let s = format!("tensor<{e}>");
        region(&[&s, &s], &["tensor<i1>"])
    }

    fn scatter_add(e: &str) -> RegionSig {
        let s = format!("tensor<{e}>");
        region(&[&s, &s], &[&s])
    }

    /// StableHLO interpreter test select_and_scatter.mlir: operand 4x2, window (3, 1), strides
    /// (2, 1), padding ((0, 1), (0, 0)) has 2x2 window positions; source is 2x2, result 4x2.
    #[test]
    fn select_and_scatter_stablehlo_example() {
        verify("select_and_scatter", &["tensor<4x2xi64>", "tensor<2x2xi64>", "tensor<i64>"],
            "{window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>, padding = array<i64: 0, 1, 0, 0>}",
            &[select_ge("i64"), scatter_add("i64")], &["tensor<4x2xi64>"]).unwrap();
    }

    /// Seed 002 SelectAndScatter: source has the shape of ReduceWindow over operand; the
    /// result has operand's shape (max-pool gradient over a 4x6 input with 2x3 windows).
    #[test]
    fn select_and_scatter_seed_max_pool_gradient() {
        verify("select_and_scatter", &["tensor<4x6xf32>", "tensor<2x2xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>}",
            &[select_ge("f32"), scatter_add("f32")], &["tensor<4x6xf32>"]).unwrap();
    }

    /// Dilations are not part of SelectAndScatter: refused, not ignored.
    #[test]
    fn select_and_scatter_rejects_dilations() {
        let e = verify("select_and_scatter", &["tensor<5xf32>", "tensor<3xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, window_dilations = array<i64: 2>}",
            &[select_ge("f32"), scatter_add("f32")], &["tensor<5xf32>"]).unwrap_err();
        assert!(e.contains("unknown attribute 'window_dilations'"), "{e}");
    }

    #[test]
    fn select_and_scatter_rejects_source_of_wrong_shape() {
        let e = infer("select_and_scatter", &["tensor<4x6xf32>", "tensor<2x3xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 3>}",
            &[select_ge("f32"), scatter_add("f32")], &[]).unwrap_err();
        assert!(e.contains("source has shape [2, 3] but must have the shape of the window positions over operand, [2, 2]"), "{e}");
    }

    #[test]
    fn select_and_scatter_rejects_non_scalar_init() {
        let e = infer("select_and_scatter", &["tensor<4xf32>", "tensor<2xf32>", "tensor<1xf32>"],
            "{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}",
            &[select_ge("f32"), scatter_add("f32")], &[]).unwrap_err();
        assert!(e.contains("init_value must be a scalar"), "{e}");
    }

    #[test]
    fn select_and_scatter_rejects_mismatched_element_types() {
        let e = infer("select_and_scatter", &["tensor<4xf32>", "tensor<2xf64>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}",
            &[select_ge("f32"), scatter_add("f32")], &[]).unwrap_err();
        assert!(e.contains("source has element type f64 (F64) but operand has f32 (F32)"), "{e}");
        let e = infer("select_and_scatter", &["tensor<4xf32>", "tensor<2xf32>", "tensor<i32>"],
            "{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}",
            &[select_ge("f32"), scatter_add("f32")], &[]).unwrap_err();
        assert!(e.contains("init_value has element type i32 (S32)"), "{e}");
    }

    #[test]
    fn select_and_scatter_rejects_select_not_yielding_pred() {
        let e = infer("select_and_scatter", &["tensor<4xf32>", "tensor<2xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}",
            &[scatter_add("f32"), scatter_add("f32")], &[]).unwrap_err();
        assert!(e.contains("region 'select' yields tensor<f32> as value #0 but must yield tensor<i1>"), "{e}");
    }

    #[test]
    fn select_and_scatter_rejects_scatter_of_wrong_type() {
        let e = infer("select_and_scatter", &["tensor<4xf32>", "tensor<2xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}",
            &[select_ge("f32"), scatter_add("i32")], &[]).unwrap_err();
        assert!(e.contains("region 'scatter' parameter #0 (current output value) has type tensor<i32>"), "{e}");
    }

    #[test]
    fn select_and_scatter_rejects_window_larger_than_operand() {
        let e = infer("select_and_scatter", &["tensor<4xf32>", "tensor<1xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 6>}", &[select_ge("f32"), scatter_add("f32")], &[]).unwrap_err();
        assert!(e.contains("spans 6 elements"), "{e}");
    }

    #[test]
    fn select_and_scatter_rejects_wrongly_declared_result() {
        let e = verify("select_and_scatter", &["tensor<4xf32>", "tensor<2xf32>", "tensor<f32>"],
            "{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}",
            &[select_ge("f32"), scatter_add("f32")], &["tensor<2xf32>"]).unwrap_err();
        assert!(e.contains("produces tensor<4xf32>"), "{e}");
    }
}

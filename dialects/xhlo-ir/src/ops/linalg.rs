//! Linear algebra (seed 002 "Dot", "DotGeneral", "Conv"/"ConvWithGeneralPadding", "Fft",
//! "Cholesky", "TriangularSolve"; seed 001 for Dot and Conv in English).
//!
//! Attribute spellings follow StableHLO with its structured attributes flattened:
//! `#stablehlo.dot<...>` becomes `lhs_batching_dimensions`, `rhs_batching_dimensions`,
//! `lhs_contracting_dimensions`, `rhs_contracting_dimensions`; `#stablehlo.conv<...>` becomes
//! `input_batch_dimension`, `input_feature_dimension`, `input_spatial_dimensions`,
//! `kernel_input_feature_dimension`, `kernel_output_feature_dimension`,
//! `kernel_spatial_dimensions`, `output_batch_dimension`, `output_feature_dimension`,
//! `output_spatial_dimensions`. `precision_config` is an array of strings (`["DEFAULT",
//! "HIGHEST"]`), `fft_type` and `transpose_a` are strings.
//!
//! `dot`, `dot_general` and `convolution` may declare a result element type different from the
//! operands' (XLA's `preferred_element_type`, e.g. `i8 x i8 -> i32`); without declared results
//! the result has the operands' element type.

use crate::op::{FusionRole, Syntax};
use super::*;
use crate::op::{attr, check_dims, check_permutation, opt_attr, tensor, AttrKind, Category, OpDef, OpView};
use crate::attrs::Attr;

pub const OPS: &[OpDef] = &[
    OpDef {
        attrs: &[opt_attr("precision_config", AttrKind::Array)],
        ..OpDef::new("dot", Category::LinearAlgebra,
            "Dot: vector.vector -> scalar, matrix.vector, vector.matrix, matrix.matrix; contracts the last \
             dimension of lhs with the first of rhs (ranks 1 or 2)",
            &[tensor("lhs"), tensor("rhs")], infer_dot)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[
            opt_attr("lhs_batching_dimensions", AttrKind::I64Array),
            opt_attr("rhs_batching_dimensions", AttrKind::I64Array),
            attr("lhs_contracting_dimensions", AttrKind::I64Array),
            attr("rhs_contracting_dimensions", AttrKind::I64Array),
            opt_attr("precision_config", AttrKind::Array),
            // StableHLO's dot algorithm, one attribute per field (kept for export; the CPU
            // computes at least at the operands' and result's precision; tf32 is no builtin type).
            opt_attr("lhs_precision_type", AttrKind::Any),
            opt_attr("rhs_precision_type", AttrKind::Any),
            opt_attr("accumulation_type", AttrKind::Any),
            opt_attr("lhs_component_count", AttrKind::Int),
            opt_attr("rhs_component_count", AttrKind::Int),
            opt_attr("num_primitive_operations", AttrKind::Int),
            opt_attr("allow_imprecise_accumulation", AttrKind::Bool),
        ],
        ..OpDef::new("dot_general", Category::LinearAlgebra,
            "DotGeneral: sum of products over the contracting dimensions; result dimensions are the batch \
             dimensions, then lhs free dimensions, then rhs free dimensions",
            &[tensor("lhs"), tensor("rhs")], infer_dot_general)
    }.with_syntax(Syntax::Own).with_fusion(FusionRole::Contraction),
    OpDef {
        attrs: &[
            opt_attr("window_strides", AttrKind::I64Array),
            opt_attr("padding", AttrKind::I64Array),
            opt_attr("lhs_dilation", AttrKind::I64Array),
            opt_attr("rhs_dilation", AttrKind::I64Array),
            opt_attr("window_reversal", AttrKind::BoolArray),
            attr("input_batch_dimension", AttrKind::Int),
            attr("input_feature_dimension", AttrKind::Int),
            attr("input_spatial_dimensions", AttrKind::I64Array),
            attr("kernel_input_feature_dimension", AttrKind::Int),
            attr("kernel_output_feature_dimension", AttrKind::Int),
            attr("kernel_spatial_dimensions", AttrKind::I64Array),
            attr("output_batch_dimension", AttrKind::Int),
            attr("output_feature_dimension", AttrKind::Int),
            attr("output_spatial_dimensions", AttrKind::I64Array),
            attr("feature_group_count", AttrKind::Int),
            attr("batch_group_count", AttrKind::Int),
            opt_attr("precision_config", AttrKind::Array),
        ],
        ..OpDef::new("convolution", Category::LinearAlgebra,
            "ConvWithGeneralPadding (and Conv): n-d convolution with strides, (low, high) padding as a flat \
             list, lhs/rhs dilation, feature and batch groups, and explicit dimension numbers",
            &[tensor("lhs"), tensor("rhs")], infer_convolution)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[attr("fft_type", AttrKind::Str), attr("fft_length", AttrKind::I64Array)],
        ..OpDef::new("fft", Category::LinearAlgebra,
            "Fft: FFT/IFFT complex->complex, RFFT real->complex (last dimension n/2+1), IRFFT complex->real \
             (last dimension n), over the 1 to 3 innermost dimensions",
            &[tensor("operand")], infer_fft)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[opt_attr("lower", AttrKind::Bool)],
        ..OpDef::new("cholesky", Category::LinearAlgebra,
            "Cholesky: factor of a batch of symmetric (Hermitian) positive definite matrices [..., M, M]",
            &[tensor("a")], infer_cholesky)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[
            attr("left_side", AttrKind::Bool),
            attr("lower", AttrKind::Bool),
            attr("unit_diagonal", AttrKind::Bool),
            attr("transpose_a", AttrKind::Str),
        ],
        ..OpDef::new("triangular_solve", Category::LinearAlgebra,
            "TriangularSolve: solves op(a) * x = b (left_side) or x * op(a) = b for triangular a, batched over \
             leading dimensions; transpose_a is NO_TRANSPOSE, TRANSPOSE or ADJOINT",
            &[tensor("a"), tensor("b")], infer_triangular_solve)
    },
];

const PRECISIONS: &[&str] = &["DEFAULT", "HIGH", "HIGHEST"];

/// `precision_config`: absent, empty, or one precision per operand (two entries).
fn check_precision_config(v: &OpView) -> Result<(), String> {
    let Some(a) = v.attr("precision_config") else { return Ok(()) };
    let Attr::Array(items) = a else {
        return Err(format!("attribute 'precision_config' must be an array of strings, got {a}"));
    };
    if !(items.is_empty() || items.len() == 2) {
        return Err(format!(
            "precision_config has {} entries but must have 0 or 2 (one per operand)",
            items.len()
        ));
    }
    for item in items {
        match item.as_str() {
            Some(s) if PRECISIONS.contains(&s) => {}
            _ => {
                return Err(format!(
                    "precision_config entry {item} must be one of \"{}\"",
                    PRECISIONS.join("\", \"")
                ))
            }
        }
    }
    Ok(())
}

/// Both operands must have the same element type.
fn same_element(lhs: &TensorType, rhs: &TensorType) -> Result<ElementType, String> {
    if lhs.element != rhs.element {
        return Err(format!(
            "lhs has element type {} but rhs has {}",
            describe_element(lhs.element),
            describe_element(rhs.element)
        ));
    }
    Ok(lhs.element)
}

/// The result element type: the declared result's (a preferred element type) when results are
/// declared, else the operands'. A preferred type may widen or change precision, but may not drop
/// the imaginary part of complex operands, turn floats into integers, or narrow integers.
fn result_element(v: &OpView, operand: ElementType) -> Result<ElementType, String> {
    let Some(Type::Tensor(declared)) = v.results.and_then(|r| r.first()) else { return Ok(operand) };
    let want = declared.element;
    if want == operand {
        return Ok(want);
    }
    let reject = |why: &str| {
        Err(format!(
            "result element type {} cannot be produced from {} operands: {why}",
            describe_element(want),
            describe_element(operand)
        ))
    };
    if operand.is_complex() && !want.is_complex() {
        return reject("complex operands need a complex result");
    }
    if operand.is_float() && !want.is_float_or_complex() {
        return reject("float operands need a float or complex result");
    }
    if !operand.is_float() && want.bit_width() < operand.bit_width() {
        return reject("the preferred element type may not be narrower than the operands'");
    }
    Ok(want)
}

fn infer_dot(v: &OpView) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (v.tensor("lhs")?, v.tensor("rhs")?);
    check_precision_config(v)?;
    for (t, name) in [(lhs, "lhs"), (rhs, "rhs")] {
        if !(1..=2).contains(&t.rank()) {
            return Err(format!(
                "dot takes vectors and matrices, but {name} has rank {} (shape {:?}); use dot_general",
                t.rank(),
                t.dims
            ));
        }
    }
    let element = same_element(lhs, rhs)?;
    let (l, r) = (lhs.rank() - 1, 0);
    if lhs.dims[l] != rhs.dims[r] {
        return Err(format!(
            "contracting dimension {l} of lhs has size {} but dimension {r} of rhs has size {}",
            lhs.dims[l], rhs.dims[r]
        ));
    }
    let dims: Vec<i64> = lhs.dims[..l].iter().chain(&rhs.dims[1..]).copied().collect();
    one(TensorType::new(dims, result_element(v, element)?))
}

fn infer_dot_general(v: &OpView) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (v.tensor("lhs")?, v.tensor("rhs")?);
    check_precision_config(v)?;
    let lhs_batch = v.opt_i64_array("lhs_batching_dimensions")?.unwrap_or(&[]);
    let rhs_batch = v.opt_i64_array("rhs_batching_dimensions")?.unwrap_or(&[]);
    let lhs_contract = v.i64_array("lhs_contracting_dimensions")?;
    let rhs_contract = v.i64_array("rhs_contracting_dimensions")?;
    if lhs_batch.len() != rhs_batch.len() {
        return Err(format!(
            "lhs has {} batching dimensions {lhs_batch:?} but rhs has {} {rhs_batch:?}",
            lhs_batch.len(),
            rhs_batch.len()
        ));
    }
    if lhs_contract.len() != rhs_contract.len() {
        return Err(format!(
            "lhs has {} contracting dimensions {lhs_contract:?} but rhs has {} {rhs_contract:?}",
            lhs_contract.len(),
            rhs_contract.len()
        ));
    }
    for (t, name, batch, contract) in [(lhs, "lhs", lhs_batch, lhs_contract), (rhs, "rhs", rhs_batch, rhs_contract)] {
        check_dims(batch, t.rank(), &format!("batching dimension of {name}"))?;
        check_dims(contract, t.rank(), &format!("contracting dimension of {name}"))?;
        if let Some(d) = batch.iter().find(|d| contract.contains(d)) {
            return Err(format!("dimension {d} of {name} is both a batching and a contracting dimension"));
        }
    }
    let element = same_element(lhs, rhs)?;
    for (kind, ls, rs) in [("batching", lhs_batch, rhs_batch), ("contracting", lhs_contract, rhs_contract)] {
        for (&l, &r) in ls.iter().zip(rs) {
            let (a, b) = (lhs.dims[l as usize], rhs.dims[r as usize]);
            if a != b {
                return Err(format!(
                    "{kind} dimension {l} of lhs has size {a} but dimension {r} of rhs has size {b}"
                ));
            }
        }
    }
    let free = |t: &TensorType, batch: &[i64], contract: &[i64]| -> Vec<i64> {
        (0..t.rank() as i64)
            .filter(|d| !batch.contains(d) && !contract.contains(d))
            .map(|d| t.dims[d as usize])
            .collect()
    };
    let mut dims: Vec<i64> = lhs_batch.iter().map(|&d| lhs.dims[d as usize]).collect();
    dims.extend(free(lhs, lhs_batch, lhs_contract));
    dims.extend(free(rhs, rhs_batch, rhs_contract));
    one(TensorType::new(dims, result_element(v, element)?))
}

/// An optional per-spatial-dimension list with a default, checked for length and lower bound.
fn window_list(v: &OpView, name: &str, n: usize, default: i64, min: i64) -> Result<Vec<i64>, String> {
    match v.opt_i64_array(name)? {
        None => Ok(vec![default; n]),
        Some(list) => {
            if list.len() != n {
                return Err(format!("{name} has {} entries but there are {n} spatial dimensions", list.len()));
            }
            if let Some((i, x)) = list.iter().enumerate().find(|(_, &x)| x < min) {
                return Err(format!("{name}[{i}] is {x} but must be at least {min}"));
            }
            Ok(list.to_vec())
        }
    }
}

/// Size of `size` elements with `dilation - 1` holes between neighbours.
fn dilated(size: i64, dilation: i64) -> i64 {
    if size == 0 {
        0
    } else {
        (size - 1) * dilation + 1
    }
}

/// Checks one operand's (or the result's) dimension numbers: two named dimensions plus the
/// spatial ones must be a permutation of `0..rank`.
fn check_layout(
    what: &str,
    rank: usize,
    (first_name, first): (&str, i64),
    (second_name, second): (&str, i64),
    spatial: &[i64],
) -> Result<(), String> {
    if spatial.len() + 2 != rank {
        return Err(format!(
            "{what} has rank {rank} but its dimension numbers name {} spatial dimensions (rank must be spatial + 2)",
            spatial.len()
        ));
    }
    let mut all = vec![first, second];
    all.extend_from_slice(spatial);
    check_permutation(&all, rank, &format!("{what} dimension")).map_err(|e| {
        format!("{e} ({what} dimension numbers: {first_name} {first}, {second_name} {second}, spatial {spatial:?})")
    })
}

fn infer_convolution(v: &OpView) -> Result<Vec<Type>, String> {
    let (lhs, rhs) = (v.tensor("lhs")?, v.tensor("rhs")?);
    check_precision_config(v)?;
    if lhs.rank() != rhs.rank() {
        return Err(format!("lhs has rank {} but rhs has rank {}", lhs.rank(), rhs.rank()));
    }
    let rank = lhs.rank();
    let (in_batch, in_feature) = (v.int("input_batch_dimension")?, v.int("input_feature_dimension")?);
    let in_spatial = v.i64_array("input_spatial_dimensions")?;
    let (k_in, k_out) = (v.int("kernel_input_feature_dimension")?, v.int("kernel_output_feature_dimension")?);
    let k_spatial = v.i64_array("kernel_spatial_dimensions")?;
    let (out_batch, out_feature) = (v.int("output_batch_dimension")?, v.int("output_feature_dimension")?);
    let out_spatial = v.i64_array("output_spatial_dimensions")?;
    check_layout("lhs", rank, ("batch", in_batch), ("feature", in_feature), in_spatial)?;
    check_layout("rhs", rank, ("input feature", k_in), ("output feature", k_out), k_spatial)?;
    check_layout("result", rank, ("batch", out_batch), ("feature", out_feature), out_spatial)?;
    let n = rank - 2;

    let strides = window_list(v, "window_strides", n, 1, 1)?;
    let lhs_dilation = window_list(v, "lhs_dilation", n, 1, 1)?;
    let rhs_dilation = window_list(v, "rhs_dilation", n, 1, 1)?;
    let padding = match v.opt_i64_array("padding")? {
        None => vec![0; 2 * n],
        Some(p) if p.len() == 2 * n => p.to_vec(),
        Some(p) => {
            return Err(format!(
                "padding has {} entries but must list a (low, high) pair for each of the {n} spatial dimensions ({} entries)",
                p.len(),
                2 * n
            ))
        }
    };
    if let Some(rev) = v.opt_bool_array("window_reversal")? {
        if rev.len() != n {
            return Err(format!("window_reversal has {} entries but there are {n} spatial dimensions", rev.len()));
        }
    }

    let feature_groups = v.int("feature_group_count")?;
    let batch_groups = v.int("batch_group_count")?;
    if feature_groups < 1 {
        return Err(format!("feature_group_count must be positive, got {feature_groups}"));
    }
    if batch_groups < 1 {
        return Err(format!("batch_group_count must be positive, got {batch_groups}"));
    }
    if feature_groups > 1 && batch_groups > 1 {
        return Err(format!(
            "feature_group_count ({feature_groups}) and batch_group_count ({batch_groups}) cannot both be greater than 1"
        ));
    }

    let dim = |t: &TensorType, d: i64| t.dims[d as usize];
    let (batch, features) = (dim(lhs, in_batch), dim(lhs, in_feature));
    let (kernel_in, kernel_out) = (dim(rhs, k_in), dim(rhs, k_out));
    if features % feature_groups != 0 {
        return Err(format!(
            "input feature dimension {in_feature} has size {features}, which feature_group_count {feature_groups} does not divide"
        ));
    }
    if features != kernel_in * feature_groups {
        return Err(format!(
            "input feature dimension {in_feature} of lhs has size {features} but kernel input feature dimension \
             {k_in} of rhs has size {kernel_in} and feature_group_count is {feature_groups} \
             (need {kernel_in} * {feature_groups} = {features})"
        ));
    }
    if kernel_out % feature_groups != 0 {
        return Err(format!(
            "kernel output feature dimension {k_out} has size {kernel_out}, which feature_group_count {feature_groups} does not divide"
        ));
    }
    if kernel_out % batch_groups != 0 {
        return Err(format!(
            "kernel output feature dimension {k_out} has size {kernel_out}, which batch_group_count {batch_groups} does not divide"
        ));
    }
    if batch % batch_groups != 0 {
        return Err(format!(
            "input batch dimension {in_batch} has size {batch}, which batch_group_count {batch_groups} does not divide"
        ));
    }
    let element = same_element(lhs, rhs)?;

    let mut dims = vec![0; rank];
    dims[out_batch as usize] = batch / batch_groups;
    dims[out_feature as usize] = kernel_out;
    for i in 0..n {
        let input = dim(lhs, in_spatial[i]);
        let window = dim(rhs, k_spatial[i]);
        let (lo, hi) = (padding[2 * i], padding[2 * i + 1]);
        let padded = dilated(input, lhs_dilation[i]) + lo + hi;
        if padded < 0 {
            return Err(format!(
                "spatial dimension {i}: padding ({lo}, {hi}) removes more than the {} elements of the (dilated) input",
                dilated(input, lhs_dilation[i])
            ));
        }
        let span = dilated(window, rhs_dilation[i]);
        // No valid placement when the (dilated) window is larger than the padded input.
        dims[out_spatial[i] as usize] = if span > padded { 0 } else { (padded - span) / strides[i] + 1 };
    }
    one(TensorType::new(dims, result_element(v, element)?))
}

const FFT_TYPES: &[&str] = &["FFT", "IFFT", "RFFT", "IRFFT"];

fn infer_fft(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let kind = v.enum_str("fft_type", FFT_TYPES)?.ok_or("missing attribute 'fft_type'")?;
    let length = v.i64_array("fft_length")?;
    if !(1..=3).contains(&length.len()) {
        return Err(format!("fft_length must have 1 to 3 entries, got {length:?}"));
    }
    if let Some(l) = length.iter().find(|&&l| l < 0) {
        return Err(format!("fft_length entries must be non-negative, got {l}"));
    }
    let k = length.len();
    if x.rank() < k {
        return Err(format!(
            "fft over {k} dimensions needs an operand of rank at least {k}, got shape {:?}",
            x.dims
        ));
    }
    let inner = &x.dims[x.rank() - k..];
    let last = length[k - 1];
    let half = if last == 0 { 0 } else { last / 2 + 1 };
    let mut dims = x.dims.clone();
    let element = match kind {
        "FFT" | "IFFT" => {
            COMPLEX.check(x.element, "operand")?;
            if inner != length {
                return Err(format!(
                    "{kind} transforms the innermost dimensions {inner:?}, which must equal fft_length {length:?}"
                ));
            }
            x.element
        }
        "RFFT" => {
            F32_OR_F64.check(x.element, "operand")?;
            if inner != length {
                return Err(format!(
                    "RFFT transforms the innermost dimensions {inner:?}, which must equal fft_length {length:?}"
                ));
            }
            *dims.last_mut().expect("rank >= 1") = half;
            x.element.complex_of().expect("F32 or F64")
        }
        _ => {
            // IRFFT
            COMPLEX.check(x.element, "operand")?;
            if inner[..k - 1] != length[..k - 1] {
                return Err(format!(
                    "IRFFT transforms the innermost dimensions {inner:?}, whose leading entries must equal fft_length {:?}",
                    &length[..k - 1]
                ));
            }
            if inner[k - 1] != half {
                return Err(format!(
                    "IRFFT with fft_length {length:?} needs an innermost dimension of size {half} (fft_length[-1] / 2 + 1), got {}",
                    inner[k - 1]
                ));
            }
            *dims.last_mut().expect("rank >= 1") = last;
            x.element.real_part()
        }
    };
    one(TensorType::new(dims, element))
}

/// Checks `t` is a batch of square matrices `[..., M, M]`; returns M.
fn square_minor(t: &TensorType, name: &str) -> Result<i64, String> {
    let r = t.rank();
    if r < 2 {
        return Err(format!("{name} must have rank at least 2 (a batch of matrices), got shape {:?}", t.dims));
    }
    if t.dims[r - 1] != t.dims[r - 2] {
        return Err(format!(
            "{name} must be a batch of square matrices, but its minor dimensions are {} x {}",
            t.dims[r - 2],
            t.dims[r - 1]
        ));
    }
    Ok(t.dims[r - 1])
}

fn infer_cholesky(v: &OpView) -> Result<Vec<Type>, String> {
    let a = v.tensor("a")?;
    FLOAT_OR_COMPLEX.check(a.element, "a")?;
    square_minor(a, "a")?;
    v.flag("lower")?;
    one(a.clone())
}

const TRANSPOSES: &[&str] = &["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"];

fn infer_triangular_solve(v: &OpView) -> Result<Vec<Type>, String> {
    let (a, b) = (v.tensor("a")?, v.tensor("b")?);
    FLOAT_OR_COMPLEX.check(a.element, "a")?;
    if a.element != b.element {
        return Err(format!(
            "a has element type {} but b has {}",
            describe_element(a.element),
            describe_element(b.element)
        ));
    }
    let m = square_minor(a, "a")?;
    if b.rank() != a.rank() {
        return Err(format!("a has rank {} but b has rank {}", a.rank(), b.rank()));
    }
    let r = a.rank();
    if a.dims[..r - 2] != b.dims[..r - 2] {
        return Err(format!(
            "a and b must have the same batch dimensions, got {:?} and {:?}",
            &a.dims[..r - 2],
            &b.dims[..r - 2]
        ));
    }
    let left_side = v.flag("left_side")?;
    v.flag("lower")?;
    v.flag("unit_diagonal")?;
    v.enum_str("transpose_a", TRANSPOSES)?;
    let (which, d) = if left_side { ("left_side: op(a) * x = b", r - 2) } else { ("x * op(a) = b", r - 1) };
    if b.dims[d] != m {
        return Err(format!(
            "for {which}, dimension {d} of b must equal a's size {m}, but b has shape {:?}",
            b.dims
        ));
    }
    one(b.clone())
}

#[cfg(test)]
mod tests {
    use crate::testing::{infer, verify};

    fn shape(op: &str, operands: &[&str], attrs: &str) -> String {
        let r = infer(op, operands, attrs, &[], &[]).unwrap_or_else(|e| panic!("{op}: {e}"));
        assert_eq!(r.len(), 1, "{op} gave {r:?}");
        r[0].clone()
    }

    fn fails(op: &str, operands: &[&str], attrs: &str, results: &[&str], needle: &str) {
        match verify(op, operands, attrs, &[], results) {
            Ok(()) => panic!("{op} {operands:?} {attrs} should fail with '{needle}'"),
            Err(e) => assert!(e.contains(needle), "{op}: error '{e}' does not mention '{needle}'"),
        }
    }

    // ---- dot ----

    // Seed 001/002 "Dot" table.
    #[test]
    fn dot_vector_vector_gives_scalar_seed_table() {
        assert_eq!(shape("dot", &["tensor<3xf32>", "tensor<3xf32>"], "{}"), "tensor<f32>");
    }

    #[test]
    fn dot_matrix_vector_gives_vector_seed_table() {
        assert_eq!(shape("dot", &["tensor<2x3xf32>", "tensor<3xf32>"], "{}"), "tensor<2xf32>");
    }

    #[test]
    fn dot_matrix_matrix_gives_matrix_seed_table() {
        assert_eq!(shape("dot", &["tensor<2x3xf32>", "tensor<3x4xf32>"], "{}"), "tensor<2x4xf32>");
        verify("dot", &["tensor<2x3xf32>", "tensor<3x4xf32>"], "{}", &[], &["tensor<2x4xf32>"]).unwrap();
    }

    #[test]
    fn dot_vector_matrix_gives_vector() {
        assert_eq!(shape("dot", &["tensor<3xf32>", "tensor<3x4xf32>"], "{}"), "tensor<4xf32>");
    }

    #[test]
    fn dot_rejects_mismatched_contracting_sizes() {
        fails("dot", &["tensor<2x3xf32>", "tensor<4x5xf32>"], "{}", &["tensor<2x5xf32>"],
            "contracting dimension 1 of lhs has size 3 but dimension 0 of rhs has size 4");
    }

    #[test]
    fn dot_rejects_rank_above_two() {
        fails("dot", &["tensor<2x2x3xf32>", "tensor<3xf32>"], "{}", &["tensor<2x2xf32>"], "lhs has rank 3");
        fails("dot", &["tensor<f32>", "tensor<3xf32>"], "{}", &["tensor<3xf32>"], "lhs has rank 0");
    }

    #[test]
    fn dot_rejects_mixed_element_types() {
        fails("dot", &["tensor<3xf32>", "tensor<3xf64>"], "{}", &["tensor<f32>"], "rhs has f64");
    }

    #[test]
    fn dot_takes_a_wider_declared_result_element_type() {
        verify("dot", &["tensor<2x3xi8>", "tensor<3xi8>"], "{}", &[], &["tensor<2xi32>"]).unwrap();
        verify("dot", &["tensor<2x3xbf16>", "tensor<3xbf16>"], "{}", &[], &["tensor<2xf32>"]).unwrap();
    }

    #[test]
    fn dot_rejects_narrowing_or_class_changing_result_element_types() {
        fails("dot", &["tensor<3xi32>", "tensor<3xi32>"], "{}", &["tensor<i8>"], "narrower");
        fails("dot", &["tensor<3xf32>", "tensor<3xf32>"], "{}", &["tensor<i32>"], "float operands");
        fails("dot", &["tensor<3xcomplex<f32>>", "tensor<3xcomplex<f32>>"], "{}", &["tensor<f32>"], "complex operands");
    }

    #[test]
    fn dot_rejects_wrong_declared_shape() {
        fails("dot", &["tensor<2x3xf32>", "tensor<3x4xf32>"], "{}", &["tensor<4x2xf32>"], "declared as");
    }

    #[test]
    fn dot_checks_precision_config() {
        verify("dot", &["tensor<3xf32>", "tensor<3xf32>"], "{precision_config = [\"DEFAULT\", \"HIGHEST\"]}", &[], &["tensor<f32>"]).unwrap();
        fails("dot", &["tensor<3xf32>", "tensor<3xf32>"], "{precision_config = [\"FAST\", \"DEFAULT\"]}", &["tensor<f32>"], "must be one of");
        fails("dot", &["tensor<3xf32>", "tensor<3xf32>"], "{precision_config = [\"DEFAULT\"]}", &["tensor<f32>"], "0 or 2");
        fails("dot", &["tensor<3xf32>", "tensor<3xf32>"], "{precision_config = \"DEFAULT\"}", &["tensor<f32>"], "must be an array");
    }

    // ---- dot_general ----

    const MATMUL: &str = "{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>}";

    #[test]
    fn dot_general_matmul_from_the_brief() {
        verify("dot_general", &["tensor<2x3xf32>", "tensor<3x4xf32>"], MATMUL, &[], &["tensor<2x4xf32>"]).unwrap();
    }

    // Seed 002 DotGeneral, first example: lhs 2x3, rhs 2x3, contracting 1 x 1 -> 2x2.
    #[test]
    fn dot_general_seed_contracting_example() {
        let attrs = "{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 1>}";
        assert_eq!(shape("dot_general", &["tensor<2x3xf32>", "tensor<2x3xf32>"], attrs), "tensor<2x2xf32>");
    }

    // Seed 002 DotGeneral, second example: batch 2 of 2x2 matrices.
    #[test]
    fn dot_general_seed_batch_example() {
        let attrs = "{lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, \
                     lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>}";
        assert_eq!(shape("dot_general", &["tensor<2x2x2xf32>", "tensor<2x2x2xf32>"], attrs), "tensor<2x2x2xf32>");
    }

    // Seed 002 DotGeneral table: [b0, m, k] dot [b0, k, n] -> [b0, m, n].
    #[test]
    fn dot_general_seed_batch_matmul_table_row_one() {
        let attrs = "{lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, \
                     lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>}";
        assert_eq!(shape("dot_general", &["tensor<5x2x3xf32>", "tensor<5x3x4xf32>"], attrs), "tensor<5x2x4xf32>");
    }

    // Seed 002 DotGeneral table: [b0, b1, m, k] dot [b0, b1, k, n] -> [b0, b1, m, n].
    #[test]
    fn dot_general_seed_batch_matmul_table_row_two() {
        let attrs = "{lhs_batching_dimensions = array<i64: 0, 1>, rhs_batching_dimensions = array<i64: 0, 1>, \
                     lhs_contracting_dimensions = array<i64: 3>, rhs_contracting_dimensions = array<i64: 2>}";
        assert_eq!(
            shape("dot_general", &["tensor<5x6x2x3xf32>", "tensor<5x6x3x4xf32>"], attrs),
            "tensor<5x6x2x4xf32>"
        );
    }

    #[test]
    fn dot_general_orders_batch_then_lhs_free_then_rhs_free() {
        // lhs [k=3, b=5, m=2], rhs [n=4, b=5, k=3]: result [5, 2, 4].
        let attrs = "{lhs_batching_dimensions = array<i64: 1>, rhs_batching_dimensions = array<i64: 1>, \
                     lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 2>}";
        assert_eq!(shape("dot_general", &["tensor<3x5x2xf32>", "tensor<4x5x3xf32>"], attrs), "tensor<5x2x4xf32>");
    }

    // StableHLO interpreter test dot_general_op_test_empty_dims: an outer product.
    #[test]
    fn dot_general_without_contracting_dimensions_is_an_outer_product() {
        let attrs = "{lhs_contracting_dimensions = array<i64>, rhs_contracting_dimensions = array<i64>}";
        assert_eq!(shape("dot_general", &["tensor<2x2xi64>", "tensor<2x2xi64>"], attrs), "tensor<2x2x2x2xi64>");
    }

    // StableHLO interpreter test dot_general_op_test_different_operand_and_result_element_types.
    #[test]
    fn dot_general_takes_a_preferred_result_element_type() {
        let attrs = "{lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, \
                     lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>}";
        verify("dot_general", &["tensor<2x2x2xf32>", "tensor<2x2x2xf32>"], attrs, &[], &["tensor<2x2x2xf64>"]).unwrap();
    }

    #[test]
    fn dot_general_rejects_mismatched_contracting_sizes() {
        fails("dot_general", &["tensor<2x3xf32>", "tensor<4x5xf32>"], MATMUL, &["tensor<2x5xf32>"],
            "contracting dimension 1 of lhs has size 3 but dimension 0 of rhs has size 4");
    }

    #[test]
    fn dot_general_rejects_mismatched_batch_sizes() {
        let attrs = "{lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, \
                     lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>}";
        fails("dot_general", &["tensor<5x2x3xf32>", "tensor<6x3x4xf32>"], attrs, &["tensor<5x2x4xf32>"],
            "batching dimension 0 of lhs has size 5 but dimension 0 of rhs has size 6");
    }

    #[test]
    fn dot_general_rejects_unequal_dimension_list_lengths() {
        let attrs = "{lhs_batching_dimensions = array<i64: 0>, \
                     lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>}";
        fails("dot_general", &["tensor<5x2x3xf32>", "tensor<5x3x4xf32>"], attrs, &["tensor<5x2x4xf32>"],
            "lhs has 1 batching dimensions");
        let attrs = "{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0, 1>}";
        fails("dot_general", &["tensor<2x3xf32>", "tensor<3x4xf32>"], attrs, &["tensor<2xf32>"],
            "lhs has 1 contracting dimensions");
    }

    #[test]
    fn dot_general_rejects_out_of_range_and_repeated_dimensions() {
        let attrs = "{lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 0>}";
        fails("dot_general", &["tensor<2x3xf32>", "tensor<3x4xf32>"], attrs, &["tensor<2x4xf32>"],
            "contracting dimension of lhs 2 is out of range for rank 2");
        let attrs = "{lhs_contracting_dimensions = array<i64: 1, 1>, rhs_contracting_dimensions = array<i64: 0, 1>}";
        fails("dot_general", &["tensor<2x3xf32>", "tensor<3x3xf32>"], attrs, &["tensor<2xf32>"], "appears more than once");
    }

    #[test]
    fn dot_general_rejects_a_dimension_both_batching_and_contracting() {
        let attrs = "{lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, \
                     lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 1>}";
        fails("dot_general", &["tensor<3x3xf32>", "tensor<3x3xf32>"], attrs, &["tensor<3xf32>"],
            "dimension 0 of lhs is both a batching and a contracting dimension");
    }

    #[test]
    fn dot_general_rejects_mixed_element_types_and_missing_attributes() {
        fails("dot_general", &["tensor<2x3xf32>", "tensor<3x4xi32>"], MATMUL, &["tensor<2x4xf32>"], "rhs has i32");
        fails("dot_general", &["tensor<2x3xf32>", "tensor<3x4xf32>"], "{lhs_contracting_dimensions = array<i64: 1>}",
            &["tensor<2x4xf32>"], "missing required attribute 'rhs_contracting_dimensions'");
    }

    #[test]
    fn dot_general_checks_precision_config_and_result_element() {
        let attrs = "{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>, \
                     precision_config = [\"HIGH\", \"HIGH\", \"HIGH\"]}";
        fails("dot_general", &["tensor<2x3xf32>", "tensor<3x4xf32>"], attrs, &["tensor<2x4xf32>"], "has 3 entries but must have 0 or 2");
        fails("dot_general", &["tensor<2x3xi32>", "tensor<3x4xi32>"], MATMUL, &["tensor<2x4xi16>"], "may not be narrower");
    }

    // ---- convolution ----

    /// Dimension numbers in the seed's order: lhs [batch, z, spatial...], rhs [output-z,
    /// input-z, spatial...], output [batch, z, spatial...] (seed 001 ConvWithGeneralPadding).
    fn seed_conv(extra: &str) -> String {
        format!(
            "{{input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, \
             input_spatial_dimensions = array<i64: 2, 3>, kernel_output_feature_dimension = 0 : i64, \
             kernel_input_feature_dimension = 1 : i64, kernel_spatial_dimensions = array<i64: 2, 3>, \
             output_batch_dimension = 0 : i64, output_feature_dimension = 1 : i64, \
             output_spatial_dimensions = array<i64: 2, 3>, {extra}}}"
        )
    }

    /// NHWC x HWIO -> NHWC (`[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` in StableHLO).
    fn nhwc(extra: &str) -> String {
        format!(
            "{{input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, \
             input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, \
             kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, \
             output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, \
             output_spatial_dimensions = array<i64: 1, 2>, {extra}}}"
        )
    }

    const GROUPS_1: &str = "feature_group_count = 1 : i64, batch_group_count = 1 : i64";

    #[test]
    fn convolution_valid_padding_in_seed_layout() {
        // 2 inputs of 3 features on 5x5, 4 filters of 3x3: 3x3 valid placements.
        assert_eq!(
            shape("convolution", &["tensor<2x3x5x5xf32>", "tensor<4x3x3x3xf32>"], &seed_conv(GROUPS_1)),
            "tensor<2x4x3x3xf32>"
        );
    }

    // Seed 001/002: "if padding[1] is (2,3) then there will be a padding by 2 zeroes on the left and
    // by 3 zeroes on the right in the second spatial dimension".
    #[test]
    fn convolution_seed_padding_two_three_example() {
        let attrs = seed_conv(&format!("padding = array<i64: 0, 0, 2, 3>, {GROUPS_1}"));
        // y: 5 - 3 + 1 = 3; x: 5 + 2 + 3 = 10 elements, 10 - 3 + 1 = 8 placements.
        assert_eq!(shape("convolution", &["tensor<1x2x5x5xf32>", "tensor<3x2x3x3xf32>"], &attrs), "tensor<1x3x3x8xf32>");
    }

    // Seed 001/002: "if the stride in the first spatial dimension is 3, then the window can only be
    // placed at coordinates where the first spatial index is divisible by 3".
    #[test]
    fn convolution_seed_stride_three_example() {
        let attrs = seed_conv(&format!("window_strides = array<i64: 3, 1>, {GROUPS_1}"));
        // y: a 1-wide window at 0, 3, 6 of 7 -> 3 placements.
        assert_eq!(shape("convolution", &["tensor<1x1x7x4xf32>", "tensor<1x1x1x1xf32>"], &attrs), "tensor<1x1x3x4xf32>");
    }

    // Seed 001/002: negative padding removes elements before convolving.
    #[test]
    fn convolution_seed_negative_padding_removes_elements() {
        let attrs = seed_conv(&format!("padding = array<i64: -1, -1, 0, 0>, {GROUPS_1}"));
        assert_eq!(shape("convolution", &["tensor<1x1x6x6xf32>", "tensor<1x1x2x2xf32>"], &attrs), "tensor<1x1x3x5xf32>");
        let attrs = seed_conv(&format!("padding = array<i64: -4, -3, 0, 0>, {GROUPS_1}"));
        fails("convolution", &["tensor<1x1x6x6xf32>", "tensor<1x1x2x2xf32>"], &attrs, &["tensor<1x1x0x5xf32>"],
            "removes more than the 6 elements");
    }

    // Seed 002: depthwise convolution sets feature_group_count to the input features and reshapes
    // the filter [h, w, in_channels, multiplier] to [h, w, 1, in_channels * multiplier].
    #[test]
    fn convolution_seed_depthwise_example() {
        let attrs = nhwc("feature_group_count = 3 : i64, batch_group_count = 1 : i64");
        assert_eq!(shape("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x1x6xf32>"], &attrs), "tensor<1x3x3x6xf32>");
    }

    // Seed 002: with batch_group_count > 1 the output batch is input batch / batch_group_count.
    #[test]
    fn convolution_seed_batch_group_count_divides_the_batch() {
        let attrs = nhwc("feature_group_count = 1 : i64, batch_group_count = 2 : i64");
        assert_eq!(shape("convolution", &["tensor<4x5x5x3xf32>", "tensor<3x3x3x6xf32>"], &attrs), "tensor<2x3x3x6xf32>");
    }

    // StableHLO interpreter test convolution_op_test_si64: stride 4, lhs dilation 2.
    #[test]
    fn convolution_with_lhs_dilation_and_stride() {
        let attrs = nhwc(&format!("window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, {GROUPS_1}"));
        verify("convolution", &["tensor<1x4x4x1xi64>", "tensor<3x3x1x1xi64>"], &attrs, &[], &["tensor<1x2x2x1xi64>"]).unwrap();
    }

    // StableHLO interpreter test convolution_op_test_padding.
    #[test]
    fn convolution_with_padding_lhs_dilation_and_stride() {
        let attrs = nhwc(&format!(
            "window_strides = array<i64: 4, 4>, padding = array<i64: 1, 1, 1, 1>, lhs_dilation = array<i64: 2, 2>, {GROUPS_1}"
        ));
        assert_eq!(shape("convolution", &["tensor<1x4x4x1xi64>", "tensor<3x3x1x1xi64>"], &attrs), "tensor<1x2x2x1xi64>");
    }

    // StableHLO interpreter test convolution_op_test_si8: i8 operands, i32 result.
    #[test]
    fn convolution_takes_a_preferred_result_element_type() {
        let attrs = nhwc(&format!("window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, {GROUPS_1}"));
        verify("convolution", &["tensor<1x4x4x1xi8>", "tensor<3x3x1x1xi8>"], &attrs, &[], &["tensor<1x2x2x1xi32>"]).unwrap();
    }

    #[test]
    fn convolution_with_rhs_dilation() {
        // Window 3 dilated by 2 spans 5: 7 - 5 + 1 = 3.
        let attrs = nhwc(&format!("rhs_dilation = array<i64: 2, 1>, {GROUPS_1}"));
        assert_eq!(shape("convolution", &["tensor<1x7x7x1xf32>", "tensor<3x3x1x1xf32>"], &attrs), "tensor<1x3x5x1xf32>");
    }

    #[test]
    fn convolution_window_larger_than_input_gives_empty_dimension() {
        let attrs = nhwc(GROUPS_1);
        assert_eq!(shape("convolution", &["tensor<1x2x5x1xf32>", "tensor<3x3x1x1xf32>"], &attrs), "tensor<1x0x3x1xf32>");
    }

    #[test]
    fn convolution_with_permuted_output_dimensions() {
        let attrs = "{input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, \
             input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, \
             kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, \
             output_batch_dimension = 3 : i64, output_feature_dimension = 0 : i64, \
             output_spatial_dimensions = array<i64: 2, 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}";
        // Spatial sizes 4 (y) and 3 (x) land in result dimensions 2 and 1.
        assert_eq!(shape("convolution", &["tensor<2x6x5x3xf32>", "tensor<3x3x3x8xf32>"], attrs), "tensor<8x3x4x2xf32>");
    }

    #[test]
    fn convolution_rejects_feature_mismatch() {
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x2x6xf32>"], &nhwc(GROUPS_1), &["tensor<1x3x3x6xf32>"],
            "input feature dimension 3 of lhs has size 3 but kernel input feature dimension 2 of rhs has size 2");
    }

    #[test]
    fn convolution_rejects_feature_group_count_not_dividing_input_features() {
        let attrs = nhwc("feature_group_count = 2 : i64, batch_group_count = 1 : i64");
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x1x6xf32>"], &attrs, &["tensor<1x3x3x6xf32>"],
            "feature_group_count 2 does not divide");
    }

    #[test]
    fn convolution_rejects_feature_group_count_not_dividing_output_features() {
        let attrs = nhwc("feature_group_count = 3 : i64, batch_group_count = 1 : i64");
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x1x4xf32>"], &attrs, &["tensor<1x3x3x4xf32>"],
            "kernel output feature dimension 3 has size 4, which feature_group_count 3 does not divide");
    }

    #[test]
    fn convolution_rejects_batch_group_count_not_dividing_output_features() {
        let attrs = nhwc("feature_group_count = 1 : i64, batch_group_count = 2 : i64");
        fails("convolution", &["tensor<4x5x5x3xf32>", "tensor<3x3x3x5xf32>"], &attrs, &["tensor<2x3x3x5xf32>"],
            "kernel output feature dimension 3 has size 5, which batch_group_count 2 does not divide");
    }

    #[test]
    fn convolution_rejects_batch_group_count_not_dividing_batch() {
        let attrs = nhwc("feature_group_count = 1 : i64, batch_group_count = 2 : i64");
        fails("convolution", &["tensor<3x5x5x3xf32>", "tensor<3x3x3x6xf32>"], &attrs, &["tensor<1x3x3x6xf32>"],
            "input batch dimension 0 has size 3, which batch_group_count 2 does not divide");
    }

    #[test]
    fn convolution_rejects_non_positive_or_combined_group_counts() {
        let attrs = nhwc("feature_group_count = 0 : i64, batch_group_count = 1 : i64");
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf32>"], &attrs, &["tensor<1x3x3x6xf32>"],
            "feature_group_count must be positive");
        let attrs = nhwc("feature_group_count = 1 : i64, batch_group_count = 0 : i64");
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf32>"], &attrs, &["tensor<1x3x3x6xf32>"],
            "batch_group_count must be positive");
        let attrs = nhwc("feature_group_count = 2 : i64, batch_group_count = 2 : i64");
        fails("convolution", &["tensor<2x5x5x4xf32>", "tensor<3x3x2x4xf32>"], &attrs, &["tensor<1x3x3x4xf32>"],
            "cannot both be greater than 1");
    }

    #[test]
    fn convolution_rejects_bad_dimension_numbers() {
        let attrs = "{input_batch_dimension = 0 : i64, input_feature_dimension = 1 : i64, \
             input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, \
             kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, \
             output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, \
             output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}";
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf32>"], attrs, &["tensor<1x3x3x6xf32>"],
            "lhs dimension 1 appears more than once");
        let attrs = "{input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, \
             input_spatial_dimensions = array<i64: 1>, kernel_input_feature_dimension = 2 : i64, \
             kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, \
             output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, \
             output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}";
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf32>"], attrs, &["tensor<1x3x3x6xf32>"],
            "lhs has rank 4 but its dimension numbers name 1 spatial dimensions");
        let attrs = "{input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, \
             input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, \
             kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 4>, \
             output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, \
             output_spatial_dimensions = array<i64: 1, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}";
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf32>"], attrs, &["tensor<1x3x3x6xf32>"],
            "rhs dimension 4 is out of range for rank 4");
    }

    #[test]
    fn convolution_rejects_rank_mismatch_and_mixed_elements() {
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x6xf32>"], &nhwc(GROUPS_1), &["tensor<1x3x3x6xf32>"],
            "lhs has rank 4 but rhs has rank 3");
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf16>"], &nhwc(GROUPS_1), &["tensor<1x3x3x6xf32>"],
            "rhs has f16");
    }

    #[test]
    fn convolution_rejects_bad_window_attributes() {
        let ops = ["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf32>"];
        let res = ["tensor<1x3x3x6xf32>"];
        fails("convolution", &ops, &nhwc(&format!("window_strides = array<i64: 1>, {GROUPS_1}")), &res,
            "window_strides has 1 entries but there are 2 spatial dimensions");
        fails("convolution", &ops, &nhwc(&format!("window_strides = array<i64: 1, 0>, {GROUPS_1}")), &res,
            "window_strides[1] is 0 but must be at least 1");
        fails("convolution", &ops, &nhwc(&format!("lhs_dilation = array<i64: 0, 1>, {GROUPS_1}")), &res,
            "lhs_dilation[0] is 0");
        fails("convolution", &ops, &nhwc(&format!("rhs_dilation = array<i64: 1, 1, 1>, {GROUPS_1}")), &res,
            "rhs_dilation has 3 entries");
        fails("convolution", &ops, &nhwc(&format!("padding = array<i64: 1, 1>, {GROUPS_1}")), &res,
            "padding has 2 entries but must list a (low, high) pair for each of the 2 spatial dimensions");
        fails("convolution", &ops, &nhwc(&format!("window_reversal = array<i1: true>, {GROUPS_1}")), &res,
            "window_reversal has 1 entries");
        verify("convolution", &ops, &nhwc(&format!("window_reversal = array<i1: true, false>, {GROUPS_1}")), &[], &res).unwrap();
    }

    #[test]
    fn convolution_checks_precision_config() {
        let ops = ["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf32>"];
        let good = nhwc(&format!("precision_config = [\"DEFAULT\", \"HIGHEST\"], {GROUPS_1}"));
        verify("convolution", &ops, &good, &[], &["tensor<1x3x3x6xf32>"]).unwrap();
        let bad = nhwc(&format!("precision_config = [\"LOW\", \"DEFAULT\"], {GROUPS_1}"));
        fails("convolution", &ops, &bad, &["tensor<1x3x3x6xf32>"], "must be one of");
    }

    #[test]
    fn convolution_rejects_wrong_declared_result() {
        fails("convolution", &["tensor<1x5x5x3xf32>", "tensor<3x3x3x6xf32>"], &nhwc(GROUPS_1), &["tensor<1x5x5x6xf32>"],
            "declared as");
    }

    // ---- fft ----

    // StableHLO interpreter tests (fft.mlir).
    #[test]
    fn fft_complex_to_complex_keeps_the_shape() {
        let r = shape("fft", &["tensor<2x2xcomplex<f64>>"], "{fft_type = \"FFT\", fft_length = array<i64: 2, 2>}");
        assert_eq!(r, "tensor<2x2xcomplex<f64>>");
        let r = shape("fft", &["tensor<5x2x2x2xcomplex<f32>>"], "{fft_type = \"IFFT\", fft_length = array<i64: 2, 2, 2>}");
        assert_eq!(r, "tensor<5x2x2x2xcomplex<f32>>");
    }

    #[test]
    fn fft_rfft_halves_the_innermost_dimension() {
        assert_eq!(shape("fft", &["tensor<4xf64>"], "{fft_type = \"RFFT\", fft_length = array<i64: 4>}"), "tensor<3xcomplex<f64>>");
        assert_eq!(shape("fft", &["tensor<2x2x4xf32>"], "{fft_type = \"RFFT\", fft_length = array<i64: 2, 2, 4>}"), "tensor<2x2x3xcomplex<f32>>");
        // Seed 002: RFFT(fft_length=[16]) and RFFT(fft_length=[17]) have the same output shape.
        assert_eq!(shape("fft", &["tensor<16xf32>"], "{fft_type = \"RFFT\", fft_length = array<i64: 16>}"), "tensor<9xcomplex<f32>>");
        assert_eq!(shape("fft", &["tensor<17xf32>"], "{fft_type = \"RFFT\", fft_length = array<i64: 17>}"), "tensor<9xcomplex<f32>>");
    }

    #[test]
    fn fft_irfft_restores_the_innermost_dimension() {
        assert_eq!(shape("fft", &["tensor<4x3xcomplex<f64>>"], "{fft_type = \"IRFFT\", fft_length = array<i64: 4, 4>}"), "tensor<4x4xf64>");
        assert_eq!(shape("fft", &["tensor<9xcomplex<f32>>"], "{fft_type = \"IRFFT\", fft_length = array<i64: 17>}"), "tensor<17xf32>");
        verify("fft", &["tensor<9xcomplex<f32>>"], "{fft_type = \"IRFFT\", fft_length = array<i64: 16>}", &[], &["tensor<16xf32>"]).unwrap();
    }

    #[test]
    fn fft_rejects_wrong_element_types() {
        fails("fft", &["tensor<4xf32>"], "{fft_type = \"FFT\", fft_length = array<i64: 4>}", &["tensor<4xf32>"], "must be a complex");
        fails("fft", &["tensor<4xcomplex<f32>>"], "{fft_type = \"RFFT\", fft_length = array<i64: 4>}", &["tensor<3xcomplex<f32>>"], "must be F32 or F64");
        fails("fft", &["tensor<4xf16>"], "{fft_type = \"RFFT\", fft_length = array<i64: 4>}", &["tensor<3xcomplex<f32>>"], "must be F32 or F64");
        fails("fft", &["tensor<3xf32>"], "{fft_type = \"IRFFT\", fft_length = array<i64: 4>}", &["tensor<4xf32>"], "must be a complex");
    }

    #[test]
    fn fft_rejects_lengths_not_matching_the_operand() {
        fails("fft", &["tensor<4x4xcomplex<f32>>"], "{fft_type = \"FFT\", fft_length = array<i64: 4, 8>}", &["tensor<4x4xcomplex<f32>>"],
            "must equal fft_length [4, 8]");
        fails("fft", &["tensor<8xf32>"], "{fft_type = \"RFFT\", fft_length = array<i64: 4>}", &["tensor<3xcomplex<f32>>"],
            "must equal fft_length [4]");
        fails("fft", &["tensor<4xcomplex<f32>>"], "{fft_type = \"IRFFT\", fft_length = array<i64: 4>}", &["tensor<4xf32>"],
            "needs an innermost dimension of size 3");
        fails("fft", &["tensor<2x3xcomplex<f32>>"], "{fft_type = \"IRFFT\", fft_length = array<i64: 4, 4>}", &["tensor<2x4xf32>"],
            "leading entries must equal fft_length [4]");
    }

    #[test]
    fn fft_rejects_bad_length_counts_types_and_ranks() {
        fails("fft", &["tensor<2x2x2x2xcomplex<f32>>"], "{fft_type = \"FFT\", fft_length = array<i64: 2, 2, 2, 2>}",
            &["tensor<2x2x2x2xcomplex<f32>>"], "1 to 3 entries");
        fails("fft", &["tensor<2xcomplex<f32>>"], "{fft_type = \"FFT\", fft_length = array<i64>}", &["tensor<2xcomplex<f32>>"], "1 to 3 entries");
        fails("fft", &["tensor<2xcomplex<f32>>"], "{fft_type = \"FFT\", fft_length = array<i64: 2, 2>}", &["tensor<2xcomplex<f32>>"],
            "rank at least 2");
        fails("fft", &["tensor<2xcomplex<f32>>"], "{fft_type = \"DCT\", fft_length = array<i64: 2>}", &["tensor<2xcomplex<f32>>"],
            "must be one of FFT, IFFT, RFFT, IRFFT");
        fails("fft", &["tensor<2xcomplex<f32>>"], "{fft_type = \"FFT\", fft_length = array<i64: -2>}", &["tensor<2xcomplex<f32>>"],
            "non-negative");
    }

    // ---- cholesky ----

    #[test]
    fn cholesky_keeps_a_batch_of_square_matrices() {
        verify("cholesky", &["tensor<4x3x3xf32>"], "{lower = true}", &[], &["tensor<4x3x3xf32>"]).unwrap();
        assert_eq!(shape("cholesky", &["tensor<2x2xcomplex<f64>>"], "{}"), "tensor<2x2xcomplex<f64>>");
    }

    #[test]
    fn cholesky_rejects_non_square_low_rank_and_integer_operands() {
        fails("cholesky", &["tensor<3x4xf32>"], "{}", &["tensor<3x4xf32>"], "minor dimensions are 3 x 4");
        fails("cholesky", &["tensor<3xf32>"], "{}", &["tensor<3xf32>"], "rank at least 2");
        fails("cholesky", &["tensor<3x3xi32>"], "{}", &["tensor<3x3xi32>"], "must be a float or complex");
        fails("cholesky", &["tensor<3x3xf32>"], "{lower = 1 : i64}", &["tensor<3x3xf32>"], "must be a bool attribute");
    }

    // ---- triangular_solve ----

    const SOLVE: &str = "{left_side = true, lower = true, unit_diagonal = false, transpose_a = \"NO_TRANSPOSE\"}";
    const SOLVE_RIGHT: &str = "{left_side = false, lower = false, unit_diagonal = true, transpose_a = \"TRANSPOSE\"}";

    // StableHLO interpreter tests (triangular_solve.mlir).
    #[test]
    fn triangular_solve_left_and_right_sides() {
        verify("triangular_solve", &["tensor<3x3xf32>", "tensor<3x1xf32>"], SOLVE, &[], &["tensor<3x1xf32>"]).unwrap();
        verify("triangular_solve", &["tensor<3x3xf32>", "tensor<1x3xf32>"], SOLVE_RIGHT, &[], &["tensor<1x3xf32>"]).unwrap();
        let adjoint = "{left_side = true, lower = true, unit_diagonal = false, transpose_a = \"ADJOINT\"}";
        verify("triangular_solve", &["tensor<3x3xcomplex<f32>>", "tensor<3x1xcomplex<f32>>"], adjoint, &[], &["tensor<3x1xcomplex<f32>>"]).unwrap();
    }

    #[test]
    fn triangular_solve_batches_over_leading_dimensions() {
        assert_eq!(shape("triangular_solve", &["tensor<5x3x3xf64>", "tensor<5x3x7xf64>"], SOLVE), "tensor<5x3x7xf64>");
    }

    #[test]
    fn triangular_solve_rejects_the_wrong_solved_dimension() {
        fails("triangular_solve", &["tensor<3x3xf32>", "tensor<1x3xf32>"], SOLVE, &["tensor<1x3xf32>"],
            "dimension 0 of b must equal a's size 3");
        fails("triangular_solve", &["tensor<3x3xf32>", "tensor<3x1xf32>"], SOLVE_RIGHT, &["tensor<3x1xf32>"],
            "dimension 1 of b must equal a's size 3");
    }

    #[test]
    fn triangular_solve_rejects_different_batches_and_ranks() {
        fails("triangular_solve", &["tensor<5x3x3xf32>", "tensor<4x3x1xf32>"], SOLVE, &["tensor<4x3x1xf32>"],
            "same batch dimensions, got [5] and [4]");
        fails("triangular_solve", &["tensor<3x3xf32>", "tensor<2x3x1xf32>"], SOLVE, &["tensor<2x3x1xf32>"],
            "a has rank 2 but b has rank 3");
    }

    #[test]
    fn triangular_solve_rejects_non_square_a_and_bad_elements() {
        fails("triangular_solve", &["tensor<3x4xf32>", "tensor<3x1xf32>"], SOLVE, &["tensor<3x1xf32>"], "minor dimensions are 3 x 4");
        fails("triangular_solve", &["tensor<3x3xi32>", "tensor<3x1xi32>"], SOLVE, &["tensor<3x1xi32>"], "must be a float or complex");
        fails("triangular_solve", &["tensor<3x3xf32>", "tensor<3x1xf64>"], SOLVE, &["tensor<3x1xf64>"], "b has f64");
    }

    #[test]
    fn triangular_solve_rejects_unknown_transpose_and_missing_flags() {
        let bad = "{left_side = true, lower = true, unit_diagonal = false, transpose_a = \"CONJUGATE\"}";
        fails("triangular_solve", &["tensor<3x3xf32>", "tensor<3x1xf32>"], bad, &["tensor<3x1xf32>"],
            "must be one of NO_TRANSPOSE, TRANSPOSE, ADJOINT");
        let missing = "{left_side = true, unit_diagonal = false, transpose_a = \"TRANSPOSE\"}";
        fails("triangular_solve", &["tensor<3x3xf32>", "tensor<3x1xf32>"], missing, &["tensor<3x1xf32>"],
            "missing required attribute 'lower'");
    }
}

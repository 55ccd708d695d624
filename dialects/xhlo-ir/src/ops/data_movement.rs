//! Constants and data movement: ops that create, rearrange, select or combine array elements
//! without computing on them (seed 002 ConstantLiteral, Iota, Broadcast, BroadcastInDim,
//! Reshape, Collapse, Transpose, Rev, Slice, DynamicSlice, DynamicUpdateSlice, ConcatInDim,
//! Pad, GetDimensionSize, SetDimensionSize, Tuple, GetTupleElement; seed 001 for the same ops
//! in English; seed 003 for the `broadcast_dimensions` rules).
//!
//! Where the seeds and StableHLO differ, the seeds win:
//! - `broadcast_in_dim` needs strictly increasing `broadcast_dimensions` (seed 003: "l'ordine
//!   ... deve essere strettamente crescente"; XLA's shape inference says the same). StableHLO
//!   also admits a transposing order; whoever imports one emits a `transpose` after a sorted
//!   `broadcast_in_dim`.
//! - `slice` may be empty (`limit == start`): seed 002 says limit >= start (001 said >).
//! - Reshape with a `dimensions` reorder (seed 001) is a `transpose` followed by `reshape`;
//!   the builder emits both. `collapse` keeps XLA's Collapse as its own op.
//!
//! Start indices of `dynamic_slice`/`dynamic_update_slice` are N rank-0 integer tensors, as in
//! seed 002 ("N 個 XlaOp 的序列") and StableHLO, not seed 001's single rank-1 array.

use crate::op::{Cost, FusionRole, Import, Syntax};
use super::*;
use crate::attrs::Attr;
use crate::op::{
    attr, check_dims, check_permutation, opt_attr, tensor, tensors, value, values, Arity, AttrKind, Category, OpDef,
    OpView, ValueDef, ValueKind,
};

/// The result slot of `tuple`: one tuple.
const TUPLE_RESULT: &[ValueDef] = &[ValueDef { name: "result", arity: Arity::Single, kind: ValueKind::Tuple }];
/// The result slot of `get_tuple_element`: whatever the element is.
const ANY_RESULT: &[ValueDef] = &[value("result")];
/// The operand slot of `get_tuple_element`.
const TUPLE_OPERAND: &[ValueDef] = &[ValueDef { name: "operand", arity: Arity::Single, kind: ValueKind::Tuple }];

pub const OPS: &[OpDef] = &[
    OpDef {
        attrs: &[attr("value", AttrKind::Dense)],
        ..OpDef::new("constant", Category::Constant,
            "ConstantLiteral: a literal array; the result type is the type of `value` (dense<...> : tensor<...>), \
             or the declared result for dense_resource<...>",
            &[], infer_constant)
    }.with_syntax(Syntax::Own).with_fusion(FusionRole::IndexMap).with_cost(Cost::Free),
    OpDef {
        attrs: &[attr("iota_dimension", AttrKind::Int)],
        ..OpDef::new("iota", Category::DataMovement,
            "Iota: an array of the declared shape counting 0, 1, 2, ... along iota_dimension",
            &[], infer_iota)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[attr("broadcast_sizes", AttrKind::I64Array)],
        ..OpDef::new("broadcast", Category::DataMovement,
            "Broadcast: prepends new dimensions; result dims = broadcast_sizes ++ operand dims",
            &[tensor("operand")], infer_broadcast)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[attr("broadcast_dimensions", AttrKind::I64Array)],
        ..OpDef::new("broadcast_in_dim", Category::DataMovement,
            "BroadcastInDim: operand dimension i becomes result dimension broadcast_dimensions[i] (strictly \
             increasing), where it must have size 1 or the result's size; the result shape is declared",
            &[tensor("operand")], infer_broadcast_in_dim)
    }.with_syntax(Syntax::Own).with_fusion(FusionRole::IndexMap).with_cost(Cost::Free),
    OpDef::new("reshape", Category::DataMovement,
        "Reshape: the same elements in row-major order, in the declared shape",
        &[tensor("operand")], infer_reshape).with_syntax(Syntax::Functional).with_fusion(FusionRole::IndexMap).with_cost(Cost::Free),
    OpDef {
        attrs: &[attr("dimensions", AttrKind::I64Array)],
        ..OpDef::new("collapse", Category::DataMovement,
            "Collapse: merges an in-order, consecutive run of dimensions into one dimension at their place",
            &[tensor("operand")], infer_collapse)
    }.with_import(Import::None),
    OpDef {
        attrs: &[attr("permutation", AttrKind::I64Array)],
        ..OpDef::new("transpose", Category::DataMovement,
            "Transpose: result dimension i is operand dimension permutation[i]",
            &[tensor("operand")], infer_transpose)
    }.with_syntax(Syntax::Own).with_fusion(FusionRole::IndexMap).with_cost(Cost::Free),
    OpDef {
        attrs: &[attr("dimensions", AttrKind::I64Array)],
        ..OpDef::new("reverse", Category::DataMovement,
            "Rev: reverses the element order along the given dimensions",
            &[tensor("operand")], infer_reverse)
    }.with_syntax(Syntax::Own).with_fusion(FusionRole::IndexMap).with_cost(Cost::Free),
    OpDef {
        attrs: &[
            attr("start_indices", AttrKind::I64Array),
            attr("limit_indices", AttrKind::I64Array),
            opt_attr("strides", AttrKind::I64Array),
        ],
        ..OpDef::new("slice", Category::DataMovement,
            "Slice: the box [start, limit) taking every strides-th element (strides default to 1); \
             result dim = ceil((limit - start) / stride)",
            &[tensor("operand")], infer_slice)
    }.with_syntax(Syntax::Own).with_fusion(FusionRole::IndexMap).with_cost(Cost::Free),
    OpDef {
        attrs: &[attr("slice_sizes", AttrKind::I64Array)],
        ..OpDef::new("dynamic_slice", Category::DataMovement,
            "DynamicSlice: a slice_sizes box at run-time start indices (one rank-0 integer per dimension, \
             clamped so the box stays in bounds)",
            &[tensor("operand"), tensors("start_indices")], infer_dynamic_slice)
    }.with_syntax(Syntax::Own),
    OpDef::new("dynamic_update_slice", Category::DataMovement,
        "DynamicUpdateSlice: operand with update written at run-time start indices (one rank-0 integer per \
         dimension, clamped so the update stays in bounds)",
        &[tensor("operand"), tensor("update"), tensors("start_indices")], infer_dynamic_update_slice).with_syntax(Syntax::Functional),
    OpDef {
        attrs: &[attr("dimension", AttrKind::Int)],
        ..OpDef::new("concatenate", Category::DataMovement,
            "ConcatInDim: joins one or more arrays along `dimension`; all other dimensions must agree",
            &[tensors("inputs")], infer_concatenate)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[
            attr("edge_padding_low", AttrKind::I64Array),
            attr("edge_padding_high", AttrKind::I64Array),
            attr("interior_padding", AttrKind::I64Array),
        ],
        ..OpDef::new("pad", Category::DataMovement,
            "Pad: interior padding between elements, then edge padding (negative edge padding removes \
             elements); result dim = low + high + d + max(d - 1, 0) * interior",
            &[tensor("operand"), tensor("padding_value")], infer_pad)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[attr("dimension", AttrKind::Int)],
        ..OpDef::new("get_dimension_size", Category::DataMovement,
            "GetDimensionSize: the (run-time) size of one dimension as tensor<i32>",
            &[tensor("operand")], infer_get_dimension_size)
    }.with_syntax(Syntax::Own),
    OpDef {
        attrs: &[attr("dimension", AttrKind::Int)],
        ..OpDef::new("set_dimension_size", Category::DataMovement,
            "SetDimensionSize: the operand with a run-time size (tensor<i32>) for one dimension; the static \
             shape stays the upper bound",
            &[tensor("operand"), tensor("size")], infer_set_dimension_size)
    }.with_syntax(Syntax::Own).unlowered("dynamic dimension sizes: shapes are static"),
    OpDef {
        results: TUPLE_RESULT,
        ..OpDef::new("tuple", Category::DataMovement,
            "Tuple: groups any number of values (arrays, tokens, tuples) into one tuple",
            &[values("values")], infer_tuple)
    }.with_syntax(Syntax::Own),
    OpDef {
        results: ANY_RESULT,
        attrs: &[attr("index", AttrKind::Int)],
        ..OpDef::new("get_tuple_element", Category::DataMovement,
            "GetTupleElement: element `index` of a tuple",
            TUPLE_OPERAND, infer_get_tuple_element)
    }.with_syntax(Syntax::Own),
];

// ----------------------------------------------------------------------------------------------
// Helpers.

/// `t` with no layout, recursively through tuples.
fn without_layout(t: &Type) -> Type {
    match t {
        Type::Tensor(t) => Type::Tensor(TensorType { layout: None, ..t.clone() }),
        Type::Tuple(elems) => Type::Tuple(elems.iter().map(without_layout).collect()),
        Type::Token => Type::Token,
    }
}

/// The number of elements, or an error naming the tensor when it does not fit in i64.
fn element_count(t: &TensorType, name: &str) -> Result<i64, String> {
    t.dims
        .iter()
        .try_fold(1i64, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| format!("the element count of {name} ({t}) overflows a 64-bit integer"))
}

fn same_element(a: &TensorType, a_name: &str, b: &TensorType, b_name: &str) -> Result<(), String> {
    if a.element == b.element {
        Ok(())
    } else {
        Err(format!(
            "{a_name} has element type {} but {b_name} has {}",
            describe_element(a.element),
            describe_element(b.element)
        ))
    }
}

/// Checks a per-dimension attribute has one entry per operand dimension.
fn one_per_dim(list: &[i64], name: &str, rank: usize) -> Result<(), String> {
    if list.len() == rank {
        Ok(())
    } else {
        Err(format!("{name} has {} entries but the operand has rank {rank}", list.len()))
    }
}

/// A required integer attribute naming a dimension of a rank-`rank` operand.
fn dimension_attr(v: &OpView, name: &str, rank: usize) -> Result<usize, String> {
    let d = v.int(name)?;
    if d < 0 || d >= rank as i64 {
        return Err(format!("{name} {d} is out of range for an operand of rank {rank}"));
    }
    Ok(d as usize)
}

/// Checks the `start_indices` group: one rank-0 integer tensor per operand dimension, all of
/// one type.
fn check_start_indices(v: &OpView, rank: usize) -> Result<(), String> {
    let indices = v.tensors("start_indices")?;
    if indices.len() != rank {
        return Err(format!(
            "{} start indices are given but the operand has rank {rank} (one per dimension)",
            indices.len()
        ));
    }
    for (i, t) in indices.iter().enumerate() {
        let name = format!("start index #{i}");
        if t.rank() != 0 {
            return Err(format!("{name} must be a rank-0 tensor, got {t}"));
        }
        INT.check(t.element, &name)?;
        same_element(t, &name, indices[0], "start index #0")?;
    }
    Ok(())
}

// ----------------------------------------------------------------------------------------------
// Shape rules.

fn infer_constant(v: &OpView) -> Result<Vec<Type>, String> {
    match v.attr("value") {
        Some(Attr::Dense { ty, .. }) => one(ty.clone()),
        // dense_resource<...> (and other elements attributes the parser keeps verbatim) may
        // carry their type after a colon; otherwise the declared result is the only source.
        Some(Attr::Opaque(text)) => {
            if !(text.starts_with("dense_resource<") || text.starts_with("sparse<")) {
                return Err(format!(
                    "attribute 'value' must be an elements attribute (dense<...>, dense_resource<...> or \
                     sparse<...>), got {text}"
                ));
            }
            if let Some((_, ty)) = text.rsplit_once(':') {
                if let Ok(Type::Tensor(t)) = Type::parse(ty.trim()) {
                    return one(t);
                }
            }
            one(v.declared_tensor(0)?.clone())
        }
        Some(other) => Err(format!("attribute 'value' must be a dense elements attribute, got {other}")),
        None => Err("missing attribute 'value'".into()),
    }
}

fn infer_iota(v: &OpView) -> Result<Vec<Type>, String> {
    let t = v.declared_tensor(0)?;
    NUMERIC.check(t.element, "the iota result")?;
    let d = v.int("iota_dimension")?;
    if t.rank() == 0 {
        return Err(format!("iota needs a result of rank at least 1 to count along, got {t}"));
    }
    if d < 0 || d >= t.rank() as i64 {
        return Err(format!("iota_dimension {d} is out of range for the result {t} of rank {}", t.rank()));
    }
    one(t.clone())
}

fn infer_broadcast(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let sizes = v.i64_array("broadcast_sizes")?;
    if let Some(i) = sizes.iter().position(|&s| s < 0) {
        return Err(format!("broadcast_sizes[{i}] is {}; sizes must be non-negative", sizes[i]));
    }
    let dims: Vec<i64> = sizes.iter().chain(&x.dims).copied().collect();
    one(x.with_dims(dims))
}

fn infer_broadcast_in_dim(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let r = v.declared_tensor(0)?;
    let dims = v.i64_array("broadcast_dimensions")?;
    same_element(x, "operand", r, "the result")?;
    if r.rank() < x.rank() {
        return Err(format!("the result has rank {} but the operand has the larger rank {}", r.rank(), x.rank()));
    }
    one_per_dim(dims, "broadcast_dimensions", x.rank())?;
    for (i, &d) in dims.iter().enumerate() {
        if d < 0 || d >= r.rank() as i64 {
            return Err(format!(
                "broadcast_dimensions[{i}] = {d} is out of range for the result of rank {}",
                r.rank()
            ));
        }
        if i > 0 && dims[i - 1] >= d {
            return Err(format!(
                "broadcast_dimensions must be strictly increasing, but {d} comes after {}",
                dims[i - 1]
            ));
        }
        let (from, to) = (x.dims[i], r.dims[d as usize]);
        if from != 1 && from != to {
            return Err(format!(
                "operand dimension {i} has size {from} but maps to result dimension {d} of size {to} \
                 (it must be 1 or equal)"
            ));
        }
    }
    one(r.clone())
}

fn infer_reshape(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let r = v.declared_tensor(0)?;
    same_element(x, "operand", r, "the result")?;
    let (from, to) = (element_count(x, "the operand")?, element_count(r, "the result")?);
    if from != to {
        return Err(format!("reshape cannot turn {from} elements ({x}) into {to} elements ({r})"));
    }
    one(r.clone())
}

fn infer_collapse(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let dims = v.i64_array("dimensions")?;
    let Some(&first) = dims.first() else {
        return Err("collapse needs at least one dimension in 'dimensions'".into());
    };
    check_dims(dims, x.rank(), "collapse dimension")?;
    for (i, &d) in dims.iter().enumerate() {
        if d != first + i as i64 {
            return Err(format!(
                "collapse dimensions {dims:?} must be consecutive and in increasing order (like {{0, 1}} or \
                 {{1, 2}}), but {d} is at position {i}"
            ));
        }
    }
    let (lo, hi) = (first as usize, first as usize + dims.len());
    let merged = x.dims[lo..hi]
        .iter()
        .try_fold(1i64, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| format!("the collapsed dimension of {x} overflows a 64-bit integer"))?;
    let out: Vec<i64> = x.dims[..lo].iter().copied().chain([merged]).chain(x.dims[hi..].iter().copied()).collect();
    one(x.with_dims(out))
}

fn infer_transpose(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let perm = v.i64_array("permutation")?;
    check_permutation(perm, x.rank(), "permutation")?;
    one(x.with_dims(perm.iter().map(|&p| x.dims[p as usize]).collect::<Vec<_>>()))
}

fn infer_reverse(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    check_dims(v.i64_array("dimensions")?, x.rank(), "reverse dimension")?;
    one(x.clone())
}

fn infer_slice(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let rank = x.rank();
    let start = v.i64_array("start_indices")?;
    let limit = v.i64_array("limit_indices")?;
    one_per_dim(start, "start_indices", rank)?;
    one_per_dim(limit, "limit_indices", rank)?;
    let ones = vec![1; rank];
    let strides = match v.opt_i64_array("strides")? {
        Some(s) => {
            one_per_dim(s, "strides", rank)?;
            s
        }
        None => &ones[..],
    };
    let mut dims = Vec::with_capacity(rank);
    for i in 0..rank {
        let (s, l, st, d) = (start[i], limit[i], strides[i], x.dims[i]);
        if s < 0 {
            return Err(format!("start index {s} of dimension {i} is negative"));
        }
        if l < s {
            return Err(format!("limit index {l} of dimension {i} is below its start index {s}"));
        }
        if l > d {
            return Err(format!("limit index {l} of dimension {i} exceeds the dimension's size {d}"));
        }
        if st < 1 {
            return Err(format!("stride {st} of dimension {i} must be at least 1"));
        }
        let len = l - s;
        dims.push(if len == 0 { 0 } else { (len - 1) / st + 1 });
    }
    one(x.with_dims(dims))
}

fn infer_dynamic_slice(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    check_start_indices(v, x.rank())?;
    let sizes = v.i64_array("slice_sizes")?;
    one_per_dim(sizes, "slice_sizes", x.rank())?;
    for (i, (&s, &d)) in sizes.iter().zip(&x.dims).enumerate() {
        if s < 0 || s > d {
            return Err(format!("slice size {s} of dimension {i} must be between 0 and the dimension's size {d}"));
        }
    }
    one(x.with_dims(sizes))
}

fn infer_dynamic_update_slice(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let u = v.tensor("update")?;
    same_element(u, "update", x, "operand")?;
    if u.rank() != x.rank() {
        return Err(format!("update has rank {} but the operand has rank {}", u.rank(), x.rank()));
    }
    for (i, (&a, &b)) in u.dims.iter().zip(&x.dims).enumerate() {
        if a > b {
            return Err(format!("update dimension {i} has size {a}, larger than the operand's {b}"));
        }
    }
    check_start_indices(v, x.rank())?;
    one(x.clone())
}

fn infer_concatenate(v: &OpView) -> Result<Vec<Type>, String> {
    let inputs = v.tensors("inputs")?;
    let Some(first) = inputs.first() else { return Err("concatenate needs at least one input".into()) };
    if first.rank() == 0 {
        return Err("rank-0 inputs cannot be concatenated (there is no dimension to join along)".into());
    }
    let dim = dimension_attr(v, "dimension", first.rank())?;
    let mut dims = first.dims.clone();
    for (i, t) in inputs.iter().enumerate().skip(1) {
        same_element(t, &format!("input #{i}"), first, "input #0")?;
        if t.rank() != first.rank() {
            return Err(format!("input #{i} has rank {} but input #0 has rank {}", t.rank(), first.rank()));
        }
        for (k, (&a, &b)) in t.dims.iter().zip(&first.dims).enumerate() {
            if k != dim && a != b {
                return Err(format!(
                    "input #{i} has size {a} in dimension {k} but input #0 has {b}; only dimension {dim} may differ"
                ));
            }
        }
        dims[dim] = dims[dim]
            .checked_add(t.dims[dim])
            .ok_or_else(|| format!("the concatenated dimension {dim} overflows a 64-bit integer"))?;
    }
    one(first.with_dims(dims))
}

fn infer_pad(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let p = v.tensor("padding_value")?;
    if p.rank() != 0 {
        return Err(format!("padding_value must be a rank-0 tensor, got {p}"));
    }
    same_element(p, "padding_value", x, "operand")?;
    let rank = x.rank();
    let low = v.i64_array("edge_padding_low")?;
    let high = v.i64_array("edge_padding_high")?;
    let interior = v.i64_array("interior_padding")?;
    one_per_dim(low, "edge_padding_low", rank)?;
    one_per_dim(high, "edge_padding_high", rank)?;
    one_per_dim(interior, "interior_padding", rank)?;
    let mut dims = Vec::with_capacity(rank);
    for i in 0..rank {
        let (lo, hi, inner, d) = (low[i], high[i], interior[i], x.dims[i]);
        if inner < 0 {
            return Err(format!("interior padding {inner} of dimension {i} is negative"));
        }
        let size = lo as i128 + hi as i128 + d as i128 + (d as i128 - 1).max(0) * inner as i128;
        if size < 0 {
            return Err(format!(
                "dimension {i} of size {d} padded with low {lo}, high {hi}, interior {inner} would have \
                 negative size {size}"
            ));
        }
        dims.push(i64::try_from(size).map_err(|_| format!("padded dimension {i} overflows a 64-bit integer"))?);
    }
    one(x.with_dims(dims))
}

fn infer_get_dimension_size(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    dimension_attr(v, "dimension", x.rank())?;
    one(TensorType::scalar(ElementType::S32))
}

fn infer_set_dimension_size(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    let size = v.tensor("size")?;
    if size.rank() != 0 || size.element != ElementType::S32 {
        return Err(format!("size must be tensor<i32> (a rank-0 S32), got {size}"));
    }
    dimension_attr(v, "dimension", x.rank())?;
    one(x.clone())
}

fn infer_tuple(v: &OpView) -> Result<Vec<Type>, String> {
    Ok(vec![Type::Tuple(v.group("values").iter().map(without_layout).collect())])
}

fn infer_get_tuple_element(v: &OpView) -> Result<Vec<Type>, String> {
    let elems = match v.operand("operand") {
        Some(Type::Tuple(elems)) => elems,
        Some(other) => return Err(format!("operand must be a tuple, got {other}")),
        None => return Err("missing operand 'operand'".into()),
    };
    let index = v.int("index")?;
    match usize::try_from(index).ok().and_then(|i| elems.get(i)) {
        Some(t) => Ok(vec![without_layout(t)]),
        None => Err(format!("index {index} is out of range for a tuple of {} element(s)", elems.len())),
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{infer, verify};

    /// The diagnostic of a result that must be an error.
    fn err<T: std::fmt::Debug>(r: Result<T, String>) -> String {
        r.expect_err("expected an error")
    }

    /// Infers the single result of an op that needs no declared result.
    fn infer1(op: &str, operands: &[&str], attrs: &str) -> Result<String, String> {
        infer(op, operands, attrs, &[], &[]).map(|mut r| {
            assert_eq!(r.len(), 1, "{op} gave {r:?}");
            r.remove(0)
        })
    }

    // ---- constant --------------------------------------------------------------------------

    #[test]
    fn constant_result_is_the_dense_value_type() {
        assert_eq!(infer1("constant", &[], "{value = dense<[[1, 2, 3]]> : tensor<1x3xi32>}").unwrap(), "tensor<1x3xi32>");
        assert_eq!(infer1("constant", &[], "{value = dense<2.0> : tensor<f32>}").unwrap(), "tensor<f32>");
        verify("constant", &[], "{value = dense<[1, 2]> : tensor<2xui8>}", &[], &["tensor<2xui8>"]).unwrap();
    }

    #[test]
    fn constant_rejects_declared_type_other_than_the_value_type() {
        let e = err(verify("constant", &[], "{value = dense<[1, 2]> : tensor<2xi32>}", &[], &["tensor<2xi64>"]));
        assert!(e.contains("declared as tensor<2xi64>") && e.contains("tensor<2xi32>"), "{e}");
    }

    #[test]
    fn constant_dense_resource_takes_the_declared_result() {
        verify("constant", &[], "{value = dense_resource<blob1>}", &[], &["tensor<4x4xf32>"]).unwrap();
        let e = err(infer("constant", &[], "{value = dense_resource<blob1>}", &[], &[]));
        assert!(e.contains("missing result #0"), "{e}");
    }

    #[test]
    fn constant_dense_resource_with_its_type_gives_that_type() {
        use crate::attrs::{Attr, Attrs};
        use crate::types::{ElementType, Type};
        use crate::verify::{self, OpInstance};
        let def = crate::catalogue::lookup("constant").unwrap();
        let attrs: Attrs = [("value".to_string(), Attr::Opaque("dense_resource<blob1> : tensor<2x2xf32>".into()))].into();
        let results = [Type::tensor([2, 2], ElementType::F32)];
        let op = OpInstance { operands: &[], attrs: &attrs, regions: &[], results: &results };
        verify::verify(def, &op).unwrap();
        let wrong = [Type::tensor([4], ElementType::F32)];
        let op = OpInstance { operands: &[], attrs: &attrs, regions: &[], results: &wrong };
        let e = err(verify::verify(def, &op));
        assert!(e.contains("declared as tensor<4xf32> but the op produces tensor<2x2xf32>"), "{e}");
    }

    #[test]
    fn constant_rejects_values_that_are_not_elements_attributes() {
        let e = err(verify("constant", &[], "{value = #foo.bar<1>}", &[], &["tensor<f32>"]));
        assert!(e.contains("must be an elements attribute"), "{e}");
        let e = err(verify("constant", &[], "{value = 3 : i32}", &[], &["tensor<i32>"]));
        assert!(e.contains("attribute 'value' must be a dense elements attribute"), "{e}");
        let e = err(verify("constant", &[], "{}", &[], &["tensor<i32>"]));
        assert!(e.contains("missing required attribute 'value'"), "{e}");
    }

    #[test]
    fn constant_takes_no_operands() {
        let e = err(verify("constant", &["tensor<f32>"], "{value = dense<1.0> : tensor<f32>}", &[], &["tensor<f32>"]));
        assert!(e.contains("expected 0 operands, got 1"), "{e}");
    }

    // ---- iota ------------------------------------------------------------------------------

    #[test]
    fn iota_seed_002_examples_s32_4x8_along_each_dimension() {
        // Seed 002: Iota(s32[4, 8], 0) and Iota(s32[4, 8], 1) both give s32[4, 8].
        verify("iota", &[], "{iota_dimension = 0 : i64}", &[], &["tensor<4x8xi32>"]).unwrap();
        verify("iota", &[], "{iota_dimension = 1 : i64}", &[], &["tensor<4x8xi32>"]).unwrap();
    }

    #[test]
    fn iota_accepts_float_and_complex_results() {
        verify("iota", &[], "{iota_dimension = 0 : i64}", &[], &["tensor<5xf32>"]).unwrap();
        verify("iota", &[], "{iota_dimension = 1 : i64}", &[], &["tensor<2x3xcomplex<f64>>"]).unwrap();
    }

    #[test]
    fn iota_rejects_pred_results() {
        let e = err(verify("iota", &[], "{iota_dimension = 0 : i64}", &[], &["tensor<4xi1>"]));
        assert!(e.contains("must be an integer, float or complex"), "{e}");
    }

    #[test]
    fn iota_rejects_dimension_out_of_range() {
        let e = err(verify("iota", &[], "{iota_dimension = 2 : i64}", &[], &["tensor<4x8xi32>"]));
        assert!(e.contains("iota_dimension 2 is out of range") && e.contains("rank 2"), "{e}");
        let e = err(verify("iota", &[], "{iota_dimension = -1 : i64}", &[], &["tensor<4x8xi32>"]));
        assert!(e.contains("iota_dimension -1 is out of range"), "{e}");
    }

    #[test]
    fn iota_rejects_rank_0_results() {
        let e = err(verify("iota", &[], "{iota_dimension = 0 : i64}", &[], &["tensor<i32>"]));
        assert!(e.contains("rank at least 1"), "{e}");
    }

    #[test]
    fn iota_needs_a_declared_result() {
        let e = err(infer("iota", &[], "{iota_dimension = 0 : i64}", &[], &[]));
        assert!(e.contains("missing result #0"), "{e}");
    }

    // ---- broadcast -------------------------------------------------------------------------

    #[test]
    fn broadcast_seed_001_002_scalar_to_2x3() {
        // Seeds 001/002: a scalar f32 broadcast with broadcast_sizes {2, 3} is f32[2, 3].
        assert_eq!(infer1("broadcast", &["tensor<f32>"], "{broadcast_sizes = array<i64: 2, 3>}").unwrap(), "tensor<2x3xf32>");
    }

    #[test]
    fn broadcast_prepends_the_new_dimensions() {
        // {a0..aN} ++ {b0..bM}.
        assert_eq!(infer1("broadcast", &["tensor<4x5xi8>"], "{broadcast_sizes = array<i64: 2, 3>}").unwrap(), "tensor<2x3x4x5xi8>");
        assert_eq!(infer1("broadcast", &["tensor<4xi8>"], "{broadcast_sizes = array<i64>}").unwrap(), "tensor<4xi8>");
    }

    #[test]
    fn broadcast_rejects_negative_sizes() {
        let e = err(infer1("broadcast", &["tensor<f32>"], "{broadcast_sizes = array<i64: 2, -3>}"));
        assert!(e.contains("broadcast_sizes[1] is -3"), "{e}");
    }

    #[test]
    fn broadcast_rejects_a_declared_result_with_appended_dimensions() {
        let e = err(verify("broadcast", &["tensor<4xf32>"], "{broadcast_sizes = array<i64: 2>}", &[], &["tensor<4x2xf32>"]));
        assert!(e.contains("tensor<2x4xf32>"), "{e}");
    }

    // ---- broadcast_in_dim ------------------------------------------------------------------

    fn bid(operand: &str, dims: &str, result: &str) -> Result<(), String> {
        verify("broadcast_in_dim", &[operand], &format!("{{broadcast_dimensions = array<i64{dims}>}}"), &[], &[result])
    }

    #[test]
    fn broadcast_in_dim_seed_003_vector_onto_matrix() {
        // Seed 003: a (3) vector onto a (2,3) matrix with broadcast dimension (1).
        bid("tensor<3xf32>", ": 1", "tensor<2x3xf32>").unwrap();
        // Onto a 3x3 matrix either way: dimension 1 (rows repeat) or 0 (columns repeat).
        bid("tensor<3xf32>", ": 1", "tensor<3x3xf32>").unwrap();
        bid("tensor<3xf32>", ": 0", "tensor<3x3xf32>").unwrap();
        // Without the right dimension the sizes do not match.
        let e = err(bid("tensor<3xf32>", ": 0", "tensor<2x3xf32>"));
        assert!(e.contains("operand dimension 0 has size 3 but maps to result dimension 0 of size 2"), "{e}");
    }

    #[test]
    fn broadcast_in_dim_seed_003_matrix_onto_cuboid() {
        // Seed 003: a 3x4 matrix onto a 2x3x4 cuboid with (1, 2).
        bid("tensor<3x4xf32>", ": 1, 2", "tensor<2x3x4xf32>").unwrap();
    }

    #[test]
    fn broadcast_in_dim_seed_003_vector_onto_each_dimension_of_mxnxpxq() {
        // Seed 003: T may match any one of M, N, P, Q (here M=2, N=3, P=4, Q=5).
        for (d, t) in [(0, 2), (1, 3), (2, 4), (3, 5)] {
            bid(&format!("tensor<{t}xi32>"), &format!(": {d}"), "tensor<2x3x4x5xi32>").unwrap();
        }
    }

    #[test]
    fn broadcast_in_dim_seed_003_matrix_pairs_onto_mxnxpxq() {
        // Seed 003: a TxV matrix with dimension pairs (2,3), (1,2), (0,3).
        bid("tensor<4x5xi32>", ": 2, 3", "tensor<2x3x4x5xi32>").unwrap();
        bid("tensor<3x4xi32>", ": 1, 2", "tensor<2x3x4x5xi32>").unwrap();
        bid("tensor<2x5xi32>", ": 0, 3", "tensor<2x3x4x5xi32>").unwrap();
    }

    #[test]
    fn broadcast_in_dim_seed_003_rejects_decreasing_dimensions() {
        // Seed 003: matching V to N and T to P, i.e. dimensions (2, 1), is illegal: the order
        // must be strictly increasing.
        let e = err(bid("tensor<4x3xi32>", ": 2, 1", "tensor<2x3x4x5xi32>"));
        assert!(e.contains("strictly increasing, but 1 comes after 2"), "{e}");
    }

    #[test]
    fn broadcast_in_dim_seed_003_rejects_two_operand_dimensions_on_one_result_dimension() {
        // Seed 003: matching V to both P and N is illegal.
        let e = err(bid("tensor<4x4xi32>", ": 2, 2", "tensor<2x3x4x5xi32>"));
        assert!(e.contains("strictly increasing, but 2 comes after 2"), "{e}");
    }

    #[test]
    fn broadcast_in_dim_seed_003_degenerate_dimensions() {
        // Seed 003: (2,1) -> (2,3); (1,2,5) -> (7,2,5); (7,1,5) -> (7,2,5).
        bid("tensor<2x1xf32>", ": 0, 1", "tensor<2x3xf32>").unwrap();
        bid("tensor<1x2x5xf32>", ": 0, 1, 2", "tensor<7x2x5xf32>").unwrap();
        bid("tensor<7x1x5xf32>", ": 0, 1, 2", "tensor<7x2x5xf32>").unwrap();
        // The outer-product case: (2,1) and (1,3) both broadcast to (2,3).
        bid("tensor<1x3xf32>", ": 0, 1", "tensor<2x3xf32>").unwrap();
        // (7,2,5) and (7,2,6) are incompatible.
        let e = err(bid("tensor<7x2x5xf32>", ": 0, 1, 2", "tensor<7x2x6xf32>"));
        assert!(e.contains("operand dimension 2 has size 5 but maps to result dimension 2 of size 6"), "{e}");
    }

    #[test]
    fn broadcast_in_dim_seed_003_composition_vector_then_degenerate() {
        // Seed 003: |1 2 3 4| + [5 6] with dimensions (0): the vector becomes 4x2 and the 1x2
        // matrix is broadcast along its degenerate dimension to 4x2.
        bid("tensor<4xf32>", ": 0", "tensor<4x2xf32>").unwrap();
        bid("tensor<1x2xf32>", ": 0, 1", "tensor<4x2xf32>").unwrap();
    }

    #[test]
    fn broadcast_in_dim_scalar_to_any_shape() {
        bid("tensor<f32>", "", "tensor<2x3xf32>").unwrap();
    }

    #[test]
    fn broadcast_in_dim_rejects_wrong_number_of_dimensions() {
        let e = err(bid("tensor<3x4xf32>", ": 1", "tensor<2x3x4xf32>"));
        assert!(e.contains("broadcast_dimensions has 1 entries but the operand has rank 2"), "{e}");
    }

    #[test]
    fn broadcast_in_dim_rejects_dimension_out_of_range() {
        let e = err(bid("tensor<3xf32>", ": 2", "tensor<2x3xf32>"));
        assert!(e.contains("broadcast_dimensions[0] = 2 is out of range for the result of rank 2"), "{e}");
        let e = err(bid("tensor<3xf32>", ": -1", "tensor<2x3xf32>"));
        assert!(e.contains("broadcast_dimensions[0] = -1 is out of range"), "{e}");
    }

    #[test]
    fn broadcast_in_dim_rejects_result_of_lower_rank() {
        let e = err(bid("tensor<2x3xf32>", ": 0, 1", "tensor<6xf32>"));
        assert!(e.contains("the result has rank 1 but the operand has the larger rank 2"), "{e}");
    }

    #[test]
    fn broadcast_in_dim_rejects_element_type_change() {
        let e = err(bid("tensor<3xf32>", ": 1", "tensor<2x3xf64>"));
        assert!(e.contains("operand has element type f32 (F32) but the result has f64 (F64)"), "{e}");
    }

    // ---- reshape ---------------------------------------------------------------------------

    #[test]
    fn reshape_seed_002_examples_4x2x3_to_24_and_8x3() {
        // Seed 002: v = f32[4x2x3]; Reshape(v, {24}) and Reshape(v, {8,3}).
        verify("reshape", &["tensor<4x2x3xf32>"], "{}", &[], &["tensor<24xf32>"]).unwrap();
        verify("reshape", &["tensor<4x2x3xf32>"], "{}", &[], &["tensor<8x3xf32>"]).unwrap();
    }

    #[test]
    fn reshape_seed_001_examples_after_the_dimension_reorder() {
        // Seed 001: Reshape(v, {1,2,0}, {8,3}) and Reshape(v, {1,2,0}, {2,6,2}): the builder
        // transposes f32[4x2x3] by {1,2,0} to f32[2x3x4] first, then reshapes.
        assert_eq!(
            infer1("transpose", &["tensor<4x2x3xf32>"], "{permutation = array<i64: 1, 2, 0>}").unwrap(),
            "tensor<2x3x4xf32>"
        );
        verify("reshape", &["tensor<2x3x4xf32>"], "{}", &[], &["tensor<8x3xf32>"]).unwrap();
        verify("reshape", &["tensor<2x3x4xf32>"], "{}", &[], &["tensor<2x6x2xf32>"]).unwrap();
    }

    #[test]
    fn reshape_seed_001_002_single_element_to_scalar_and_back() {
        // Seeds 001/002: Reshape(f32[1x1] {{5}}, {}) == 5 and Reshape(5, {1,1}) == f32[1x1].
        verify("reshape", &["tensor<1x1xf32>"], "{}", &[], &["tensor<f32>"]).unwrap();
        verify("reshape", &["tensor<f32>"], "{}", &[], &["tensor<1x1xf32>"]).unwrap();
    }

    #[test]
    fn reshape_rejects_a_different_element_count() {
        let e = err(verify("reshape", &["tensor<4x2x3xf32>"], "{}", &[], &["tensor<5x5xf32>"]));
        assert!(e.contains("cannot turn 24 elements") && e.contains("into 25 elements"), "{e}");
    }

    #[test]
    fn reshape_rejects_an_element_type_change() {
        let e = err(verify("reshape", &["tensor<6xf32>"], "{}", &[], &["tensor<2x3xi32>"]));
        assert!(e.contains("operand has element type f32 (F32) but the result has i32 (S32)"), "{e}");
    }

    #[test]
    fn reshape_needs_a_declared_result() {
        let e = err(infer("reshape", &["tensor<6xf32>"], "{}", &[], &[]));
        assert!(e.contains("missing result #0"), "{e}");
    }

    // ---- collapse --------------------------------------------------------------------------

    #[test]
    fn collapse_seed_001_002_examples_follow_the_product_rule() {
        // Seeds 001/002, v = f32[4x2x3]. Collapse(v, {0,1,2}) is f32[24].
        assert_eq!(infer1("collapse", &["tensor<4x2x3xf32>"], "{dimensions = array<i64: 0, 1, 2>}").unwrap(), "tensor<24xf32>");
        // The seeds label Collapse(v, {0,1}) as f32[4x6] and Collapse(v, {1,2}) as f32[8x3], which
        // contradicts their own rule ("a single new dimension, in the same position ... with size
        // equal to the product of original dimension sizes"): {0,1} merges 4 and 2 into 8, and
        // {1,2} merges 2 and 3 into 6. The rule wins; the listed element values are those of
        // the shapes below in row-major order either way.
        assert_eq!(infer1("collapse", &["tensor<4x2x3xf32>"], "{dimensions = array<i64: 0, 1>}").unwrap(), "tensor<8x3xf32>");
        assert_eq!(infer1("collapse", &["tensor<4x2x3xf32>"], "{dimensions = array<i64: 1, 2>}").unwrap(), "tensor<4x6xf32>");
    }

    #[test]
    fn collapse_of_one_dimension_is_the_identity() {
        assert_eq!(infer1("collapse", &["tensor<4x2x3xf32>"], "{dimensions = array<i64: 1>}").unwrap(), "tensor<4x2x3xf32>");
    }

    #[test]
    fn collapse_seed_001_002_rejects_out_of_order_and_gapped_dimensions() {
        // Seeds 001/002: {1, 0} and {0, 2} are not valid dimension sets.
        let e = err(infer1("collapse", &["tensor<4x2x3xf32>"], "{dimensions = array<i64: 1, 0>}"));
        assert!(e.contains("consecutive and in increasing order"), "{e}");
        let e = err(infer1("collapse", &["tensor<4x2x3xf32>"], "{dimensions = array<i64: 0, 2>}"));
        assert!(e.contains("but 2 is at position 1"), "{e}");
    }

    #[test]
    fn collapse_rejects_out_of_range_and_empty_dimensions() {
        let e = err(infer1("collapse", &["tensor<4x2x3xf32>"], "{dimensions = array<i64: 2, 3>}"));
        assert!(e.contains("collapse dimension 3 is out of range for rank 3"), "{e}");
        let e = err(infer1("collapse", &["tensor<4x2x3xf32>"], "{dimensions = array<i64>}"));
        assert!(e.contains("at least one dimension"), "{e}");
    }

    // ---- transpose -------------------------------------------------------------------------

    #[test]
    fn transpose_result_dimension_i_is_operand_dimension_permutation_i() {
        // Seed 001/002: input_dimensions[permutation[i]] = output_dimensions[i].
        assert_eq!(infer1("transpose", &["tensor<2x3x5xi32>"], "{permutation = array<i64: 2, 0, 1>}").unwrap(), "tensor<5x2x3xi32>");
        assert_eq!(infer1("transpose", &["tensor<2x3xf32>"], "{permutation = array<i64: 1, 0>}").unwrap(), "tensor<3x2xf32>");
        verify("transpose", &["tensor<2x3xf32>"], "{permutation = array<i64: 1, 0>}", &[], &["tensor<3x2xf32>"]).unwrap();
    }

    #[test]
    fn transpose_rejects_non_permutations() {
        let e = err(infer1("transpose", &["tensor<2x3xf32>"], "{permutation = array<i64: 0>}"));
        assert!(e.contains("has 1 entries but rank is 2"), "{e}");
        let e = err(infer1("transpose", &["tensor<2x3xf32>"], "{permutation = array<i64: 1, 1>}"));
        assert!(e.contains("permutation 1 appears more than once"), "{e}");
        let e = err(infer1("transpose", &["tensor<2x3xf32>"], "{permutation = array<i64: 0, 2>}"));
        assert!(e.contains("permutation 2 is out of range for rank 2"), "{e}");
    }

    // ---- reverse ---------------------------------------------------------------------------

    #[test]
    fn reverse_keeps_the_operand_shape() {
        // Seeds 001/002: Rev generates an output array of the same shape.
        assert_eq!(infer1("reverse", &["tensor<3x2xi64>"], "{dimensions = array<i64: 1, 0>}").unwrap(), "tensor<3x2xi64>");
        assert_eq!(infer1("reverse", &["tensor<3x2xi64>"], "{dimensions = array<i64>}").unwrap(), "tensor<3x2xi64>");
    }

    #[test]
    fn reverse_rejects_repeated_or_out_of_range_dimensions() {
        let e = err(infer1("reverse", &["tensor<3x2xi64>"], "{dimensions = array<i64: 0, 0>}"));
        assert!(e.contains("reverse dimension 0 appears more than once"), "{e}");
        let e = err(infer1("reverse", &["tensor<3x2xi64>"], "{dimensions = array<i64: 2>}"));
        assert!(e.contains("reverse dimension 2 is out of range for rank 2"), "{e}");
    }

    // ---- slice -----------------------------------------------------------------------------

    #[test]
    fn slice_seed_001_002_one_dimensional_example() {
        // Seeds 001/002: Slice({0.0, 1.0, 2.0, 3.0, 4.0}, {2}, {4}) produces {2.0, 3.0}.
        let r = infer1("slice", &["tensor<5xf32>"], "{start_indices = array<i64: 2>, limit_indices = array<i64: 4>}");
        assert_eq!(r.unwrap(), "tensor<2xf32>");
    }

    #[test]
    fn slice_seed_001_002_two_dimensional_example() {
        // Seeds 001/002: Slice(b: 4x3, {2, 1}, {4, 3}) produces a 2x2 array.
        let r = infer1("slice", &["tensor<4x3xf32>"], "{start_indices = array<i64: 2, 1>, limit_indices = array<i64: 4, 3>}");
        assert_eq!(r.unwrap(), "tensor<2x2xf32>");
    }

    #[test]
    fn slice_result_dimension_rounds_up_with_strides() {
        // StableHLO's slice.mlir: 3x6 from [0, 2] to [3, 6] with strides [2, 3] is 2x2.
        let attrs = "{start_indices = array<i64: 0, 2>, limit_indices = array<i64: 3, 6>, strides = array<i64: 2, 3>}";
        assert_eq!(infer1("slice", &["tensor<3x6xi64>"], attrs).unwrap(), "tensor<2x2xi64>");
        verify("slice", &["tensor<3x6xi64>"], attrs, &[], &["tensor<2x2xi64>"]).unwrap();
        let attrs = "{start_indices = array<i64: 1>, limit_indices = array<i64: 8>, strides = array<i64: 3>}";
        assert_eq!(infer1("slice", &["tensor<10xi64>"], attrs).unwrap(), "tensor<3xi64>");
    }

    #[test]
    fn slice_seed_002_allows_limit_equal_to_start() {
        // Seed 002: each limit must be >= its start (an empty slice).
        let r = infer1("slice", &["tensor<5xf32>"], "{start_indices = array<i64: 3>, limit_indices = array<i64: 3>}");
        assert_eq!(r.unwrap(), "tensor<0xf32>");
    }

    #[test]
    fn slice_rejects_bad_bounds() {
        let one = |s: i64, l: i64| {
            err(infer1("slice", &["tensor<5xf32>"], &format!("{{start_indices = array<i64: {s}>, limit_indices = array<i64: {l}>}}")))
        };
        let e = one(-1, 2);
        assert!(e.contains("start index -1 of dimension 0 is negative"), "{e}");
        let e = one(3, 2);
        assert!(e.contains("limit index 2 of dimension 0 is below its start index 3"), "{e}");
        let e = one(0, 6);
        assert!(e.contains("limit index 6 of dimension 0 exceeds the dimension's size 5"), "{e}");
    }

    #[test]
    fn slice_rejects_non_positive_strides() {
        let e = err(infer1(
            "slice",
            &["tensor<5xf32>"],
            "{start_indices = array<i64: 0>, limit_indices = array<i64: 5>, strides = array<i64: 0>}",
        ));
        assert!(e.contains("stride 0 of dimension 0 must be at least 1"), "{e}");
    }

    #[test]
    fn slice_rejects_attribute_lengths_other_than_the_rank() {
        let e = err(infer1("slice", &["tensor<5x3xf32>"], "{start_indices = array<i64: 0>, limit_indices = array<i64: 5, 3>}"));
        assert!(e.contains("start_indices has 1 entries but the operand has rank 2"), "{e}");
        let e = err(infer1("slice", &["tensor<5x3xf32>"], "{start_indices = array<i64: 0, 0>, limit_indices = array<i64: 5>}"));
        assert!(e.contains("limit_indices has 1 entries"), "{e}");
        let e = err(infer1(
            "slice",
            &["tensor<5x3xf32>"],
            "{start_indices = array<i64: 0, 0>, limit_indices = array<i64: 5, 3>, strides = array<i64: 1>}",
        ));
        assert!(e.contains("strides has 1 entries"), "{e}");
    }

    // ---- dynamic_slice ---------------------------------------------------------------------

    #[test]
    fn dynamic_slice_seed_001_002_one_dimensional_example() {
        // Seeds 001/002: DynamicSlice(a: f32[5], s = {2}, {2}) produces {2.0, 3.0}.
        let r = infer1("dynamic_slice", &["tensor<5xf32>", "tensor<i32>"], "{slice_sizes = array<i64: 2>}");
        assert_eq!(r.unwrap(), "tensor<2xf32>");
    }

    #[test]
    fn dynamic_slice_seed_001_002_two_dimensional_example() {
        // Seeds 001/002: DynamicSlice(b: 4x3, s = {2, 1}, {2, 2}) produces a 2x2 array.
        let ops = ["tensor<4x3xf32>", "tensor<i64>", "tensor<i64>"];
        verify("dynamic_slice", &ops, "{slice_sizes = array<i64: 2, 2>}", &[], &["tensor<2x2xf32>"]).unwrap();
    }

    #[test]
    fn dynamic_slice_rejects_wrong_number_of_start_indices() {
        let e = err(infer1("dynamic_slice", &["tensor<4x3xf32>", "tensor<i32>"], "{slice_sizes = array<i64: 2, 2>}"));
        assert!(e.contains("1 start indices are given but the operand has rank 2"), "{e}");
    }

    #[test]
    fn dynamic_slice_rejects_start_indices_that_are_not_integer_scalars() {
        // Seed 001's single rank-1 index array is the old form; seed 002 takes N scalars.
        let e = err(infer1("dynamic_slice", &["tensor<5xf32>", "tensor<1xi32>"], "{slice_sizes = array<i64: 2>}"));
        assert!(e.contains("start index #0 must be a rank-0 tensor"), "{e}");
        let e = err(infer1("dynamic_slice", &["tensor<5xf32>", "tensor<f32>"], "{slice_sizes = array<i64: 2>}"));
        assert!(e.contains("start index #0 has element type f32 (F32) but must be an integer"), "{e}");
        let e = err(infer1("dynamic_slice", &["tensor<5xf32>", "tensor<i1>"], "{slice_sizes = array<i64: 2>}"));
        assert!(e.contains("must be an integer"), "{e}");
    }

    #[test]
    fn dynamic_slice_rejects_mixed_start_index_types() {
        let ops = ["tensor<4x3xf32>", "tensor<i32>", "tensor<i64>"];
        let e = err(infer1("dynamic_slice", &ops, "{slice_sizes = array<i64: 2, 2>}"));
        assert!(e.contains("start index #1 has element type i64 (S64) but start index #0 has i32 (S32)"), "{e}");
    }

    #[test]
    fn dynamic_slice_rejects_sizes_outside_the_operand() {
        let ops = ["tensor<4x3xf32>", "tensor<i32>", "tensor<i32>"];
        let e = err(infer1("dynamic_slice", &ops, "{slice_sizes = array<i64: 2, 4>}"));
        assert!(e.contains("slice size 4 of dimension 1 must be between 0 and the dimension's size 3"), "{e}");
        let e = err(infer1("dynamic_slice", &ops, "{slice_sizes = array<i64: -1, 1>}"));
        assert!(e.contains("slice size -1 of dimension 0"), "{e}");
        let e = err(infer1("dynamic_slice", &ops, "{slice_sizes = array<i64: 2>}"));
        assert!(e.contains("slice_sizes has 1 entries but the operand has rank 2"), "{e}");
    }

    // ---- dynamic_update_slice --------------------------------------------------------------

    #[test]
    fn dynamic_update_slice_seed_001_002_one_dimensional_example() {
        // Seeds 001/002: a: f32[5], u: f32[2], s = {2} gives an f32[5].
        let r = infer1("dynamic_update_slice", &["tensor<5xf32>", "tensor<2xf32>", "tensor<i32>"], "{}");
        assert_eq!(r.unwrap(), "tensor<5xf32>");
    }

    #[test]
    fn dynamic_update_slice_seed_001_002_two_dimensional_example() {
        // Seeds 001/002: b: 4x3, u: 3x2, s = {1, 1} gives a 4x3 array.
        let ops = ["tensor<4x3xf32>", "tensor<3x2xf32>", "tensor<i32>", "tensor<i32>"];
        verify("dynamic_update_slice", &ops, "{}", &[], &["tensor<4x3xf32>"]).unwrap();
    }

    #[test]
    fn dynamic_update_slice_rejects_a_larger_update() {
        let ops = ["tensor<4x3xf32>", "tensor<3x4xf32>", "tensor<i32>", "tensor<i32>"];
        let e = err(infer1("dynamic_update_slice", &ops, "{}"));
        assert!(e.contains("update dimension 1 has size 4, larger than the operand's 3"), "{e}");
    }

    #[test]
    fn dynamic_update_slice_rejects_rank_or_element_type_mismatch() {
        let e = err(infer1("dynamic_update_slice", &["tensor<4x3xf32>", "tensor<3xf32>", "tensor<i32>", "tensor<i32>"], "{}"));
        assert!(e.contains("update has rank 1 but the operand has rank 2"), "{e}");
        let e = err(infer1("dynamic_update_slice", &["tensor<5xf32>", "tensor<2xf64>", "tensor<i32>"], "{}"));
        assert!(e.contains("update has element type f64 (F64) but operand has f32 (F32)"), "{e}");
    }

    #[test]
    fn dynamic_update_slice_checks_its_start_indices() {
        let e = err(infer1("dynamic_update_slice", &["tensor<4x3xf32>", "tensor<1x1xf32>", "tensor<i32>"], "{}"));
        assert!(e.contains("1 start indices are given but the operand has rank 2"), "{e}");
        let e = err(infer1("dynamic_update_slice", &["tensor<5xf32>", "tensor<2xf32>", "tensor<2xi32>"], "{}"));
        assert!(e.contains("start index #0 must be a rank-0 tensor"), "{e}");
    }

    // ---- concatenate -----------------------------------------------------------------------

    #[test]
    fn concatenate_seed_001_002_one_dimensional_example() {
        // Seeds 001/002: Concat({{2, 3}, {4, 5}, {6, 7}}, 0) >>> {2, 3, 4, 5, 6, 7}.
        let r = infer1("concatenate", &["tensor<2xi32>", "tensor<2xi32>", "tensor<2xi32>"], "{dimension = 0 : i64}");
        assert_eq!(r.unwrap(), "tensor<6xi32>");
    }

    #[test]
    fn concatenate_seed_001_002_two_dimensional_example() {
        // Seeds 001/002: a (3x2) and b (1x2) concatenated along 0 give 4x2.
        let r = infer1("concatenate", &["tensor<3x2xi64>", "tensor<1x2xi64>"], "{dimension = 0 : i64}");
        assert_eq!(r.unwrap(), "tensor<4x2xi64>");
        verify("concatenate", &["tensor<3x2xi64>", "tensor<1x2xi64>"], "{dimension = 0 : i64}", &[], &["tensor<4x2xi64>"]).unwrap();
    }

    #[test]
    fn concatenate_along_an_inner_dimension() {
        let r = infer1("concatenate", &["tensor<2x3xf32>", "tensor<2x1xf32>"], "{dimension = 1 : i64}");
        assert_eq!(r.unwrap(), "tensor<2x4xf32>");
        assert_eq!(infer1("concatenate", &["tensor<2x3xf32>"], "{dimension = 1 : i64}").unwrap(), "tensor<2x3xf32>");
    }

    #[test]
    fn concatenate_seed_001_002_rejects_ragged_inputs() {
        // "With the exception of dimension all dimensions must be the same."
        let e = err(infer1("concatenate", &["tensor<3x2xi64>", "tensor<1x3xi64>"], "{dimension = 0 : i64}"));
        assert!(e.contains("input #1 has size 3 in dimension 1 but input #0 has 2; only dimension 0 may differ"), "{e}");
    }

    #[test]
    fn concatenate_seed_001_002_rejects_rank_0_inputs() {
        let e = err(infer1("concatenate", &["tensor<i32>", "tensor<i32>"], "{dimension = 0 : i64}"));
        assert!(e.contains("rank-0 inputs cannot be concatenated"), "{e}");
    }

    #[test]
    fn concatenate_rejects_rank_type_and_dimension_errors() {
        let e = err(infer1("concatenate", &["tensor<3x2xi64>", "tensor<2xi64>"], "{dimension = 0 : i64}"));
        assert!(e.contains("input #1 has rank 1 but input #0 has rank 2"), "{e}");
        let e = err(infer1("concatenate", &["tensor<3xi64>", "tensor<2xi32>"], "{dimension = 0 : i64}"));
        assert!(e.contains("input #1 has element type i32 (S32) but input #0 has i64 (S64)"), "{e}");
        let e = err(infer1("concatenate", &["tensor<3xi64>", "tensor<2xi64>"], "{dimension = 1 : i64}"));
        assert!(e.contains("dimension 1 is out of range for an operand of rank 1"), "{e}");
        let e = err(infer("concatenate", &[], "{dimension = 0 : i64}", &[], &[]));
        assert!(e.contains("at least one input"), "{e}");
    }

    // ---- pad -------------------------------------------------------------------------------

    fn pad(operand: &str, low: &str, high: &str, interior: &str) -> Result<String, String> {
        infer1(
            "pad",
            &[operand, "tensor<f32>"],
            &format!(
                "{{edge_padding_low = array<i64: {low}>, edge_padding_high = array<i64: {high}>, \
                 interior_padding = array<i64: {interior}>}}"
            ),
        )
    }

    #[test]
    fn pad_seed_001_edge_padding_example() {
        // Seed 001 figure: a 2x3 array with padding_config[0] = {0, 1, 0} and
        // padding_config[1] = {1, 2, 0} (low, high, interior) becomes 3x6.
        assert_eq!(pad("tensor<2x3xf32>", "0, 1", "1, 2", "0, 0").unwrap(), "tensor<3x6xf32>");
    }

    #[test]
    fn pad_seed_001_interior_padding_example() {
        // Seed 001 figure: {0, 0, 1} in both dimensions turns 2x3 into 3x5.
        assert_eq!(pad("tensor<2x3xf32>", "0, 0", "0, 0", "1, 1").unwrap(), "tensor<3x5xf32>");
    }

    #[test]
    fn pad_seed_001_edge_and_interior_padding_example() {
        // Seed 001 figure: {0, 1, 1} and {1, 2, 1} turn 2x3 into 4x8.
        assert_eq!(pad("tensor<2x3xf32>", "0, 1", "1, 2", "1, 1").unwrap(), "tensor<4x8xf32>");
    }

    #[test]
    fn pad_seed_001_002_all_zero_padding_is_a_no_op() {
        assert_eq!(pad("tensor<2x3xf32>", "0, 0", "0, 0", "0, 0").unwrap(), "tensor<2x3xf32>");
    }

    #[test]
    fn pad_seed_001_002_negative_edge_padding_removes_elements() {
        // Seeds 001/002: negative edge padding removes |padding| elements from that end.
        assert_eq!(pad("tensor<2x5xf32>", "0, -1", "0, -2", "0, 0").unwrap(), "tensor<2x2xf32>");
        // Interior padding happens first, so negative edges cut into the padded operand:
        // 3 elements with interior 1 are 5 wide, minus 1 at each end is 3.
        assert_eq!(pad("tensor<3xf32>", "-1", "-1", "1").unwrap(), "tensor<3xf32>");
        // Removing everything leaves an empty dimension.
        assert_eq!(pad("tensor<4xf32>", "-2", "-2", "0").unwrap(), "tensor<0xf32>");
    }

    #[test]
    fn pad_stablehlo_example_with_negative_edges_and_interior() {
        // StableHLO's pad.mlir: 5x4 with low [1, -1], high [1, -1], interior [0, 1] is 7x5.
        let attrs = "{edge_padding_low = array<i64: 1, -1>, edge_padding_high = array<i64: 1, -1>, \
                     interior_padding = array<i64: 0, 1>}";
        verify("pad", &["tensor<5x4xi64>", "tensor<i64>"], attrs, &[], &["tensor<7x5xi64>"]).unwrap();
    }

    #[test]
    fn pad_rejects_a_negative_result_size() {
        let e = err(pad("tensor<2xf32>", "-2", "-1", "0"));
        assert!(e.contains("would have negative size -1"), "{e}");
    }

    #[test]
    fn pad_rejects_negative_interior_padding() {
        let e = err(pad("tensor<2x3xf32>", "0, 0", "0, 0", "0, -1"));
        assert!(e.contains("interior padding -1 of dimension 1 is negative"), "{e}");
    }

    #[test]
    fn pad_rejects_padding_lists_of_the_wrong_length() {
        let e = err(pad("tensor<2x3xf32>", "0", "0, 0", "0, 0"));
        assert!(e.contains("edge_padding_low has 1 entries but the operand has rank 2"), "{e}");
        let e = err(pad("tensor<2x3xf32>", "0, 0", "0, 0", "0"));
        assert!(e.contains("interior_padding has 1 entries"), "{e}");
    }

    #[test]
    fn pad_rejects_a_non_scalar_or_mistyped_padding_value() {
        let attrs = "{edge_padding_low = array<i64: 0>, edge_padding_high = array<i64: 0>, interior_padding = array<i64: 0>}";
        let e = err(infer1("pad", &["tensor<2xf32>", "tensor<1xf32>"], attrs));
        assert!(e.contains("padding_value must be a rank-0 tensor"), "{e}");
        let e = err(infer1("pad", &["tensor<2xf32>", "tensor<i32>"], attrs));
        assert!(e.contains("padding_value has element type i32 (S32) but operand has f32 (F32)"), "{e}");
    }

    // ---- get_dimension_size / set_dimension_size ------------------------------------------

    #[test]
    fn get_dimension_size_gives_an_i32_scalar() {
        assert_eq!(infer1("get_dimension_size", &["tensor<2x3xi64>"], "{dimension = 1 : i64}").unwrap(), "tensor<i32>");
        verify("get_dimension_size", &["tensor<2x3xi64>"], "{dimension = 0 : i64}", &[], &["tensor<i32>"]).unwrap();
    }

    #[test]
    fn get_dimension_size_rejects_dimension_out_of_range() {
        let e = err(infer1("get_dimension_size", &["tensor<2x3xi64>"], "{dimension = 2 : i64}"));
        assert!(e.contains("dimension 2 is out of range for an operand of rank 2"), "{e}");
        let e = err(infer1("get_dimension_size", &["tensor<i64>"], "{dimension = 0 : i64}"));
        assert!(e.contains("out of range for an operand of rank 0"), "{e}");
    }

    #[test]
    fn set_dimension_size_seed_002_keeps_the_static_bound() {
        // Seed 002: set_dimension_size(v: f32[10], five: s32, 0) is still f32[10].
        let r = infer1("set_dimension_size", &["tensor<10xf32>", "tensor<i32>"], "{dimension = 0 : i64}");
        assert_eq!(r.unwrap(), "tensor<10xf32>");
    }

    #[test]
    fn set_dimension_size_rejects_a_size_that_is_not_tensor_i32() {
        let e = err(infer1("set_dimension_size", &["tensor<10xf32>", "tensor<i64>"], "{dimension = 0 : i64}"));
        assert!(e.contains("size must be tensor<i32>"), "{e}");
        let e = err(infer1("set_dimension_size", &["tensor<10xf32>", "tensor<1xi32>"], "{dimension = 0 : i64}"));
        assert!(e.contains("size must be tensor<i32>"), "{e}");
    }

    #[test]
    fn set_dimension_size_rejects_dimension_out_of_range() {
        let e = err(infer1("set_dimension_size", &["tensor<10xf32>", "tensor<i32>"], "{dimension = 1 : i64}"));
        assert!(e.contains("dimension 1 is out of range for an operand of rank 1"), "{e}");
    }

    // ---- tuple / get_tuple_element ---------------------------------------------------------

    #[test]
    fn tuple_seed_001_002_example() {
        // Seeds 001/002: t: (f32[10], s32) = tuple(v, s).
        assert_eq!(infer1("tuple", &["tensor<10xf32>", "tensor<i32>"], "{}").unwrap(), "tuple<tensor<10xf32>, tensor<i32>>");
        verify("tuple", &["tensor<10xf32>", "tensor<i32>"], "{}", &[], &["tuple<tensor<10xf32>, tensor<i32>>"]).unwrap();
    }

    #[test]
    fn tuple_holds_tokens_nested_tuples_or_nothing() {
        let r = infer1("tuple", &["!xhlo.token", "tuple<tensor<i1>>"], "{}");
        assert_eq!(r.unwrap(), "tuple<!xhlo.token, tuple<tensor<i1>>>");
        assert_eq!(infer1("tuple", &[], "{}").unwrap(), "tuple<>");
    }

    #[test]
    fn tuple_rejects_a_declared_result_that_does_not_match() {
        let e = err(verify("tuple", &["tensor<10xf32>"], "{}", &[], &["tuple<tensor<10xf64>>"]));
        assert!(e.contains("declared as tuple<tensor<10xf64>>"), "{e}");
        let e = err(verify("tuple", &["tensor<10xf32>"], "{}", &[], &["tensor<10xf32>"]));
        assert!(e.contains("result 'result' must be a tuple"), "{e}");
    }

    #[test]
    fn get_tuple_element_seed_001_002_example() {
        // Seeds 001/002: gettupleelement(t: (f32[10], s32), 1) has the inferred shape s32.
        let t = "tuple<tensor<10xf32>, tensor<i32>>";
        assert_eq!(infer1("get_tuple_element", &[t], "{index = 1 : i32}").unwrap(), "tensor<i32>");
        assert_eq!(infer1("get_tuple_element", &[t], "{index = 0 : i32}").unwrap(), "tensor<10xf32>");
        verify("get_tuple_element", &[t], "{index = 1 : i32}", &[], &["tensor<i32>"]).unwrap();
    }

    #[test]
    fn get_tuple_element_returns_tokens_and_nested_tuples() {
        let t = "tuple<!xhlo.token, tuple<tensor<i1>>>";
        verify("get_tuple_element", &[t], "{index = 0 : i32}", &[], &["!xhlo.token"]).unwrap();
        verify("get_tuple_element", &[t], "{index = 1 : i32}", &[], &["tuple<tensor<i1>>"]).unwrap();
    }

    #[test]
    fn get_tuple_element_rejects_index_out_of_range() {
        let t = "tuple<tensor<10xf32>, tensor<i32>>";
        let e = err(infer1("get_tuple_element", &[t], "{index = 2 : i32}"));
        assert!(e.contains("index 2 is out of range for a tuple of 2 element(s)"), "{e}");
        let e = err(infer1("get_tuple_element", &[t], "{index = -1 : i32}"));
        assert!(e.contains("index -1 is out of range"), "{e}");
    }

    #[test]
    fn get_tuple_element_rejects_a_non_tuple_operand() {
        let e = err(verify("get_tuple_element", &["tensor<2xf32>"], "{index = 0 : i32}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("operand 'operand' must be a tuple"), "{e}");
        let e = err(infer1("get_tuple_element", &["tensor<2xf32>"], "{index = 0 : i32}"));
        assert!(e.contains("operand must be a tuple, got tensor<2xf32>"), "{e}");
    }

    // ---- catalogue-level properties -------------------------------------------------------

    #[test]
    fn data_movement_ops_are_pure_and_categorised() {
        use crate::op::{Category, Effects};
        for def in super::OPS {
            assert_eq!(def.effects, Effects::Pure, "xhlo.{}", def.name);
            let expected = if def.name == "constant" { Category::Constant } else { Category::DataMovement };
            assert_eq!(def.category, expected, "xhlo.{}", def.name);
        }
    }

    #[test]
    fn results_are_returned_without_layout() {
        let t = "tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>";
        assert_eq!(infer1("reverse", &[t], "{dimensions = array<i64: 0>}").unwrap(), "tensor<2x3xf32>");
        assert_eq!(infer1("tuple", &[t], "{}").unwrap(), "tuple<tensor<2x3xf32>>");
    }
}

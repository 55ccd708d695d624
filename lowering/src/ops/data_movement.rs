//! Data movement → `tensor` and `linalg` ops: constants, broadcasts, reshapes, transposes,
//! slices, concatenation, padding, reversal and iota; dynamic slices (start indices clamped
//! to `[0, dim - size]`, seed 002); tuples and `get_dimension_size`.
//!
//! Tuples are never lowered to memory: `tuple` records its elements at compile time and
//! `get_tuple_element` resolves to the element. A tuple that crosses a function boundary, a
//! loop or a branch is reported as unsupported.

use super::common::typed::clamped_index;
use super::common::{i64s, int, operands, result};
use super::LowerFn;
use crate::build::{i64_array, i64_type, segments, Build, Input, Value};
use crate::convert::Ctx;
use crate::emitter::Emitter;
use crate::types;
use mlir_text::ast::{Attribute, Op, Type};
use xhlo_ir::literal::Literal;
use xhlo_ir::{ElementType, TensorType};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("constant", constant),
    ("broadcast_in_dim", broadcast_in_dim),
    ("broadcast", broadcast),
    ("collapse", reshape),
    ("reshape", reshape),
    ("transpose", transpose),
    ("iota", iota),
    ("slice", slice),
    ("concatenate", concatenate),
    ("reverse", reverse),
    ("pad", pad),
    ("dynamic_slice", dynamic_slice),
    ("dynamic_update_slice", dynamic_update_slice),
    ("tuple", tuple),
    ("get_tuple_element", get_tuple_element),
    ("get_dimension_size", get_dimension_size),
];

/// The literal re-encoded in storage form (unsigned and sub-byte integers as signless bytes).
pub fn storage_literal(lit: &Literal) -> Literal {
    let element = storage_element(lit.ty.element);
    let mut out = Literal::zeros(TensorType::new(lit.ty.dims.clone(), element));
    for (i, v) in lit.scalars().enumerate() {
        out.set(i, v);
    }
    out
}

/// The element type whose literal spelling matches the storage type.
fn storage_element(t: ElementType) -> ElementType {
    use ElementType::*;
    match t {
        S2 | S4 | U2 | U4 | U8 => S8,
        U16 => S16,
        U32 => S32,
        U64 => S64,
        t => t,
    }
}

/// Operand `i` of `op` as a typed tensor value, with its xhlo type.
fn tensor_operand(ctx: &Ctx, op: &Op, i: usize) -> Result<(Value, TensorType), String> {
    let (x, xt) = ctx.tensor_operand(op, i)?;
    Ok((Value::tensor(&x, &xt), xt))
}

/// The names `op`'s results are bound to: one value.
fn one(v: Value) -> Result<Vec<String>, String> {
    Ok(vec![v.to_string()])
}

/// `arith.constant dense<body> : ty`.
fn dense_constant(e: &mut Emitter, body: String, ty: &TensorType) -> Value {
    let ty = types::tensor_type(ty);
    e.constant("cst", Attribute::Dense { body, ty: ty.clone() }, ty)
}

fn constant(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let ty = result(op, 0)?;
    let lit = match op.attr("value") {
        Some(Attribute::Dense { body, .. }) => Literal::parse_dense(body, &ty)?,
        _ => return Err("unsupported in lowering: constant without a dense<...> value".into()),
    };
    let stored = storage_literal(&lit);
    let all_same = stored.len() > 1 && stored.scalars().all(|s| s == stored.get(0));
    let body = if all_same {
        let mut one = Literal::zeros(TensorType::new(vec![], stored.ty.element));
        one.set(0, stored.get(0));
        one.to_dense_body()
    } else {
        stored.to_dense_body()
    };
    one(dense_constant(&mut ctx.e, body, &ty))
}

/// A `linalg.generic` writing `out` with the element of `x` read through `map`.
fn copy_through(e: &mut Emitter, x: Value, map: Vec<String>, out: &TensorType) -> Result<Value, String> {
    let init = e.tensor_empty(out);
    let iters = vec!["parallel"; out.rank()];
    let mut r = e.linalg_generic(&[Input { value: x, map: map.join(", ") }], &[Input::identity(init, out.rank())], &iters, |_, args| Ok(vec![args[0].clone()]))?;
    Ok(r.remove(0))
}

fn broadcast_in_dim(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = tensor_operand(ctx, op, 0)?;
    let out = result(op, 0)?;
    let bdims = i64s(op, "broadcast_dimensions")?;
    let map: Vec<String> = bdims
        .iter()
        .enumerate()
        .map(|(i, &d)| if xt.dims[i] == 1 && out.dims[d as usize] != 1 { "0".to_string() } else { format!("d{d}") })
        .collect();
    one(copy_through(&mut ctx.e, x, map, &out)?)
}

/// XLA's Broadcast: new dimensions `broadcast_sizes` in front of the operand's.
fn broadcast(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = tensor_operand(ctx, op, 0)?;
    let out = result(op, 0)?;
    let added = out.rank() - xt.rank();
    let map: Vec<String> = (0..xt.rank()).map(|i| format!("d{}", added + i)).collect();
    one(copy_through(&mut ctx.e, x, map, &out)?)
}

/// The reassociation of every dimension into one, `[[0, 1, ..., rank-1]]`; none for rank 0.
fn reassociation_all(rank: usize) -> Attribute {
    let all = (0..rank as i64).map(|i| Attribute::Int(i.to_string(), i64_type())).collect();
    Attribute::Array(if rank == 0 { vec![] } else { vec![Attribute::Array(all)] })
}

fn reshape(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = tensor_operand(ctx, op, 0)?;
    let out = result(op, 0)?;
    one(reshape_value(&mut ctx.e, x, &xt, &out))
}

/// Reshape through a 1-D tensor: `collapse_shape` then `expand_shape`.
pub fn reshape_value(e: &mut Emitter, x: Value, xt: &TensorType, out: &TensorType) -> Value {
    if xt.dims == out.dims {
        return x;
    }
    let flat = TensorType::new(vec![xt.num_elements()], xt.element);
    let collapse = |e: &mut Emitter, v: &Value, rank: usize, to: &TensorType| {
        e.emit1("rs", Build::new("tensor.collapse_shape").operand(v).prop("reassociation", reassociation_all(rank)).result(types::tensor_type(to)))
    };
    let expand = |e: &mut Emitter, v: &Value, rank: usize, to: &TensorType| {
        let b = Build::new("tensor.expand_shape").operand(v).prop("reassociation", reassociation_all(rank)).prop("static_output_shape", i64_array(&to.dims));
        e.emit1("rs", b.result(types::tensor_type(to)))
    };
    // Rank 0 is expanded to and collapsed from `[1]` with no reassociation.
    let flat_value = match xt.rank() {
        1 => x,
        0 => expand(e, &x, 0, &flat),
        r => collapse(e, &x, r, &flat),
    };
    match out.rank() {
        1 => flat_value,
        0 => collapse(e, &flat_value, 0, out),
        r => expand(e, &flat_value, r, out),
    }
}

fn transpose(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, _) = tensor_operand(ctx, op, 0)?;
    let out = result(op, 0)?;
    let perm = i64s(op, "permutation")?;
    let init = ctx.e.tensor_empty(&out);
    let body = ctx.e.yield_first(&[x.element(), init.element()]);
    let b = Build::new("linalg.transpose").operand(&x).operand(&init).prop("permutation", i64_array(&perm)).region(body);
    one(ctx.e.emit1("tr", b.result(init.ty.clone())))
}

fn iota(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let out = result(op, 0)?;
    let dim = int(op, "iota_dimension")?;
    let init = ctx.e.tensor_empty(&out);
    let iters = vec!["parallel"; out.rank()];
    let t = out.element;
    let r = ctx.e.linalg_generic(&[], &[Input::identity(init, out.rank())], &iters, |e, _| {
        let i = e.emit1("i", Build::new("linalg.index").prop("dim", crate::build::int(dim, i64_type())).result(Type::Index));
        let as_int = e.cast("i", "arith.index_cast", &i, i64_type());
        let v = crate::scalar::Value { name: as_int.to_string(), ty: ElementType::S64 };
        let c = crate::scalar::convert(e, &v, t)?;
        Ok(vec![crate::build::store(e, &c)])
    })?;
    one(r[0].clone())
}

/// The offsets of a slice: static, or one `index` value per dimension.
enum Offsets<'a> {
    Static(&'a [i64]),
    Dynamic(&'a [Value]),
}

/// The operands and properties that place a slice: dynamic offsets (after `leading`
/// operands, the source and destination) and the static offsets, sizes and strides.
fn placed(b: Build, leading: usize, offsets: Offsets, sizes: &[i64], strides: &[i64]) -> Build {
    /// MLIR's `ShapedType::kDynamic`: the static offset of a dynamic one.
    const DYNAMIC: i64 = i64::MIN;
    let (dynamic, statics) = match offsets {
        Offsets::Static(o) => (&[][..], o.to_vec()),
        Offsets::Dynamic(v) => (v, vec![DYNAMIC; v.len()]),
    };
    let mut sizes_of_segments = vec![1; leading];
    sizes_of_segments.extend([dynamic.len(), 0, 0]);
    b.operands(dynamic)
        .prop("operandSegmentSizes", segments(&sizes_of_segments))
        .prop("static_offsets", i64_array(&statics))
        .prop("static_sizes", i64_array(sizes))
        .prop("static_strides", i64_array(strides))
}

/// `tensor.extract_slice` of `x` into a tensor of `out`'s type.
fn extract_slice(e: &mut Emitter, hint: &str, x: &Value, offsets: Offsets, strides: &[i64], out: &TensorType) -> Value {
    let b = placed(Build::new("tensor.extract_slice").operand(x), 1, offsets, &out.dims, strides);
    e.emit1(hint, b.result(types::tensor_type(out)))
}

/// `tensor.insert_slice` of `part` (of xhlo type `pt`) into `dest`.
fn insert_slice(e: &mut Emitter, hint: &str, part: &Value, pt: &TensorType, dest: &Value, offsets: Offsets, strides: &[i64]) -> Value {
    let b = placed(Build::new("tensor.insert_slice").operand(part).operand(dest), 2, offsets, &pt.dims, strides);
    e.emit1(hint, b.result(dest.ty.clone()))
}

fn slice(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = tensor_operand(ctx, op, 0)?;
    let out = result(op, 0)?;
    let start = i64s(op, "start_indices")?;
    let strides = i64s(op, "strides").unwrap_or_else(|_| vec![1; xt.rank()]);
    if out.num_elements() == 0 {
        // MLIR rejects a static offset at the end of a dimension, even for an empty slice.
        return one(ctx.e.tensor_empty(&out));
    }
    one(extract_slice(&mut ctx.e, "sl", &x, Offsets::Static(&start), &strides, &out))
}

fn concatenate(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let out = result(op, 0)?;
    let dim = int(op, "dimension")?;
    let mut parts = Vec::new();
    for i in 0..op.operands.len() {
        let (x, xt) = tensor_operand(ctx, op, i)?;
        // Empty operands contribute nothing (and MLIR rejects the static offsets at the end
        // of a dimension that their insertion would use).
        if xt.num_elements() > 0 {
            parts.push(x);
        }
    }
    match parts.len() {
        0 => one(ctx.e.tensor_empty(&out)),
        1 => one(parts.remove(0)),
        _ => {
            let b = Build::new("tensor.concat").operands(&parts).prop("dim", crate::build::int(dim, i64_type()));
            one(ctx.e.emit1("cat", b.result(types::tensor_type(&out))))
        }
    }
}

fn reverse(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = tensor_operand(ctx, op, 0)?;
    let rev = i64s(op, "dimensions")?;
    let map: Vec<String> = (0..xt.rank())
        .map(|d| if rev.contains(&(d as i64)) { format!("{} - d{d}", xt.dims[d] - 1) } else { format!("d{d}") })
        .collect();
    one(copy_through(&mut ctx.e, x, map, &xt)?)
}

/// Pad: negative edges first slice the operand; then the result is filled with the padding
/// value and the operand is inserted with stride `interior + 1` at the low edge.
fn pad(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = tensor_operand(ctx, op, 0)?;
    let (pv, _) = tensor_operand(ctx, op, 1)?;
    let out = result(op, 0)?;
    let (low, interior) = (i64s(op, "edge_padding_low")?, i64s(op, "interior_padding")?);
    let e = &mut ctx.e;
    let scalar = e.tensor_extract(&pv, &[]);
    // The operand dilated by interior padding, placed in a full-size tensor whose edges may
    // extend below zero: compute the part that lands inside the result.
    let rank = xt.rank();
    let mut src_start = vec![0i64; rank];
    let mut src_count = vec![0i64; rank];
    let mut dst_start = vec![0i64; rank];
    let mut strides = vec![1i64; rank];
    for d in 0..rank {
        let step = interior[d] + 1;
        strides[d] = step;
        // Position of source element k in the result: low + k * step.
        let first = if low[d] >= 0 { 0 } else { ((-low[d]) + step - 1) / step };
        let last_pos = out.dims[d] - 1;
        let mut count = 0;
        if xt.dims[d] > first {
            let max_k = if last_pos - low[d] < 0 { -1 } else { (last_pos - low[d]) / step };
            let max_k = max_k.min(xt.dims[d] - 1);
            count = (max_k - first + 1).max(0);
        }
        src_start[d] = first;
        src_count[d] = count;
        dst_start[d] = low[d] + first * step;
    }
    let filled = e.linalg_fill(&out, &scalar);
    if src_count.contains(&0) {
        return one(filled);
    }
    let part_ty = TensorType::new(src_count.clone(), xt.element);
    let part = extract_slice(e, "pd", &x, Offsets::Static(&src_start), &vec![1; rank], &part_ty);
    one(insert_slice(e, "pd", &part, &part_ty, &filled, Offsets::Static(&dst_start), &strides))
}

// ----- tuples --------------------------------------------------------------------------------

fn tuple(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let elements = operands(ctx, op)?;
    Ok(vec![ctx.bind_tuple(elements)])
}

fn get_tuple_element(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let v = op.operands.first().ok_or("get_tuple_element without operand")?;
    let l = ctx.get(v)?.clone();
    let index = int(op, "index")?;
    let elements = ctx.tuple_elements(&l).ok_or_else(|| {
        format!(
            "unsupported in lowering: get_tuple_element of {v}, a tuple not built by xhlo.tuple in this function \
             (tuples crossing functions, loops or branches are not lowered)"
        )
    })?;
    let e = usize::try_from(index).ok().and_then(|i| elements.get(i)).ok_or_else(|| format!("tuple index {index} out of range"))?;
    Ok(vec![e.name.clone()])
}

/// A constant: shapes are static.
fn get_dimension_size(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (_, xt) = ctx.tensor_operand(op, 0)?;
    let d = int(op, "dimension")?;
    let size = usize::try_from(d).ok().and_then(|d| xt.dims.get(d)).ok_or_else(|| format!("dimension {d} out of range"))?;
    let size = i32::try_from(*size).map_err(|_| format!("unsupported in lowering: dimension size {size} does not fit in i32"))?;
    one(dense_constant(&mut ctx.e, size.to_string(), &TensorType::scalar(ElementType::S32)))
}

// ----- dynamic slices ------------------------------------------------------------------------

/// The clamped start indices of `dynamic_slice`/`dynamic_update_slice`: operands
/// `first..first+rank`, each a rank-0 integer, clamped to `[0, dims[d] - sizes[d]]`.
fn dynamic_starts(ctx: &mut Ctx, op: &Op, first: usize, dims: &[i64], sizes: &[i64]) -> Result<Vec<Value>, String> {
    if op.operands.len() != first + dims.len() {
        return Err(format!("{} takes {} start indices for rank {}, got {}", op.name, dims.len(), dims.len(), op.operands.len().saturating_sub(first)));
    }
    let mut starts = Vec::new();
    for d in 0..dims.len() {
        let (s, st) = tensor_operand(ctx, op, first + d)?;
        let v = ctx.e.tensor_extract(&s, &[]);
        starts.push(clamped_index(&mut ctx.e, &v, st.element, 0, (dims[d] - sizes[d]).max(0))?);
    }
    Ok(starts)
}

fn dynamic_slice(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = tensor_operand(ctx, op, 0)?;
    let out = result(op, 0)?;
    let starts = dynamic_starts(ctx, op, 1, &xt.dims, &out.dims)?;
    one(extract_slice(&mut ctx.e, "ds", &x, Offsets::Dynamic(&starts), &vec![1; xt.rank()], &out))
}

fn dynamic_update_slice(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = tensor_operand(ctx, op, 0)?;
    let (u, ut) = tensor_operand(ctx, op, 1)?;
    let starts = dynamic_starts(ctx, op, 2, &xt.dims, &ut.dims)?;
    one(insert_slice(&mut ctx.e, "dus", &u, &ut, &x, Offsets::Dynamic(&starts), &vec![1; xt.rank()]))
}

#[cfg(test)]
mod tests {
    use crate::testing::{lower_module, lower_source, strip};

    #[test]
    fn dynamic_slice_clamps_signed_starts_to_the_last_full_window() {
        let out = lower_source(
            r#"func.func @f(%x: tensor<5x4xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x4xf32> {
  %0 = "xhlo.dynamic_slice"(%x, %i, %j) {slice_sizes = array<i64: 2, 4>} : (tensor<5x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}"#,
        );
        insta::assert_snapshot!(out);
    }

    #[test]
    fn dynamic_update_slice_clamps_unsigned_starts_without_a_lower_bound() {
        let out = lower_source(
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
    fn tuples_forward_their_elements_and_barrier_is_identity() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<i64>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i64>), sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>, %b: tensor<2xf32>):
    %t0 = "xhlo.tuple"(%a) : (tensor<i64>) -> tuple<tensor<i64>>
    %t1 = "xhlo.tuple"(%b, %t0) : (tensor<2xf32>, tuple<tensor<i64>>) -> tuple<tensor<2xf32>, tuple<tensor<i64>>>
    %t2 = "xhlo.optimization_barrier"(%t1) : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tuple<tensor<2xf32>, tuple<tensor<i64>>>
    %e0 = "xhlo.get_tuple_element"(%t2) {index = 0 : i32} : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tensor<2xf32>
    %e1 = "xhlo.get_tuple_element"(%t2) {index = 1 : i32} : (tuple<tensor<2xf32>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
    %e2 = "xhlo.get_tuple_element"(%e1) {index = 0 : i32} : (tuple<tensor<i64>>) -> tensor<i64>
    "func.return"(%e0, %e2) : (tensor<2xf32>, tensor<i64>) -> ()
  }) : () -> ()"#,
        );
        assert!(strip(&out).contains("func.return %p1, %p0 : tensor<2xf32>, tensor<i64>"), "{out}");
    }

    #[test]
    fn tuple_returned_from_a_function_is_returned_as_its_leaves() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<i64>) -> tuple<tensor<i64>, tuple<tensor<i64>>>, sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>):
    %t = "xhlo.tuple"(%a) : (tensor<i64>) -> tuple<tensor<i64>>
    %u = "xhlo.tuple"(%a, %t) : (tensor<i64>, tuple<tensor<i64>>) -> tuple<tensor<i64>, tuple<tensor<i64>>>
    "func.return"(%u) : (tuple<tensor<i64>, tuple<tensor<i64>>>) -> ()
  }) : () -> ()"#,
        );
        assert!(out.contains("-> (tensor<i64>, tensor<i64>)") && out.contains("func.return %p0, %p0 : tensor<i64>, tensor<i64>"), "{out}");
    }

    #[test]
    fn get_dimension_size_is_a_constant() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<2x3xf32>) -> tensor<i32>, sym_name = "f"}> ({
  ^bb0(%a: tensor<2x3xf32>):
    %r = "xhlo.get_dimension_size"(%a) {dimension = 1 : i64} : (tensor<2x3xf32>) -> tensor<i32>
    "func.return"(%r) : (tensor<i32>) -> ()
  }) : () -> ()"#,
        );
        assert!(out.contains(r#""arith.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>"#), "{out}");
    }
}

//! Data movement → `tensor` and `linalg` ops: constants, broadcasts, reshapes, transposes,
//! slices, concatenation, padding, reversal and iota; dynamic slices (start indices clamped
//! to `[0, dim - size]`, seed 002); tuples and `get_dimension_size`.
//!
//! Tuples are never lowered to memory: `tuple` records its elements at compile time and
//! `get_tuple_element` resolves to the element. A tuple that crosses a function boundary, a
//! loop or a branch is reported as unsupported.

use super::common::{clamped_index, i64s, int, list, operands, result};
use super::LowerFn;
use crate::convert::Ctx;
use crate::emitter::Operand;
use crate::types;
use xhlo_ir::literal::Literal;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::{Attribute, Op};

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
    let t = types::tensor(&ty);
    Ok(vec![ctx.e.op("cst", &format!("arith.constant dense<{body}> : {t}"))])
}

fn broadcast_in_dim(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let bdims = i64s(op, "broadcast_dimensions")?;
    let map: Vec<String> = bdims
        .iter()
        .enumerate()
        .map(|(i, &d)| if xt.dims[i] == 1 && out.dims[d as usize] != 1 { "0".to_string() } else { format!("d{d}") })
        .collect();
    let init = ctx.e.empty(&out);
    let iters = vec!["parallel"; out.rank()];
    let r = ctx.e.generic(&[Operand { value: x, ty: xt, map: map.join(", ") }], Operand::identity(init, &out), &iters, |_, args| Ok(args[0].clone()))?;
    Ok(vec![r])
}

/// XLA's Broadcast: new dimensions `broadcast_sizes` in front of the operand's.
fn broadcast(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let added = out.rank() - xt.rank();
    let map: Vec<String> = (0..xt.rank()).map(|i| format!("d{}", added + i)).collect();
    let init = ctx.e.empty(&out);
    let iters = vec!["parallel"; out.rank()];
    let r = ctx.e.generic(&[Operand { value: x, ty: xt, map: map.join(", ") }], Operand::identity(init, &out), &iters, |_, args| Ok(args[0].clone()))?;
    Ok(vec![r])
}

fn reassociation_all(rank: usize) -> String {
    format!("[[{}]]", (0..rank).map(|i| i.to_string()).collect::<Vec<_>>().join(", "))
}

fn reshape(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    Ok(vec![reshape_value(ctx, &x, &xt, &out)])
}

/// Reshape through a 1-D tensor: `collapse_shape` then `expand_shape`.
pub fn reshape_value(ctx: &mut Ctx, x: &str, xt: &TensorType, out: &TensorType) -> String {
    if xt.dims == out.dims {
        return x.to_string();
    }
    let n = xt.num_elements();
    let flat = TensorType::new(vec![n], xt.element);
    let (ft, ot, xtt) = (types::tensor(&flat), types::tensor(out), types::tensor(xt));
    let flat_value = match xt.rank() {
        1 => x.to_string(),
        0 => ctx.e.op("rs", &format!("tensor.expand_shape {x} [] output_shape [1] : {xtt} into {ft}")),
        r => ctx.e.op("rs", &format!("tensor.collapse_shape {x} {} : {xtt} into {ft}", reassociation_all(r))),
    };
    match out.rank() {
        1 => flat_value,
        0 => ctx.e.op("rs", &format!("tensor.collapse_shape {flat_value} [] : {ft} into {ot}")),
        r => {
            let shape: Vec<String> = out.dims.iter().map(|d| d.to_string()).collect();
            ctx.e.op("rs", &format!("tensor.expand_shape {flat_value} {} output_shape [{}] : {ft} into {ot}", reassociation_all(r), shape.join(", ")))
        }
    }
}

fn transpose(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let perm = i64s(op, "permutation")?;
    let init = ctx.e.empty(&out);
    let p: Vec<String> = perm.iter().map(|d| d.to_string()).collect();
    Ok(vec![ctx.e.op(
        "tr",
        &format!("linalg.transpose ins({x} : {}) outs({init} : {}) permutation = [{}]", types::tensor(&xt), types::tensor(&out), p.join(", ")),
    )])
}

fn iota(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let out = result(op, 0)?;
    let dim = int(op, "iota_dimension")?;
    let init = ctx.e.empty(&out);
    let iters = vec!["parallel"; out.rank()];
    let t = out.element;
    let r = ctx.e.generic(&[], Operand::identity(init, &out), &iters, |e, _| {
        let i = e.op("i", &format!("linalg.index {dim} : index"));
        let as_int = e.op("i", &format!("arith.index_cast {i} : index to i64"));
        let v = crate::scalar::Value { name: as_int, ty: ElementType::S64 };
        let c = crate::scalar::convert(e, &v, t)?;
        Ok(crate::scalar::store(e, &c))
    })?;
    Ok(vec![r])
}

fn slice(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let start = i64s(op, "start_indices")?;
    let strides = i64s(op, "strides").unwrap_or_else(|_| vec![1; xt.rank()]);
    if out.num_elements() == 0 {
        // MLIR rejects a static offset at the end of a dimension, even for an empty slice.
        return Ok(vec![ctx.e.empty(&out)]);
    }
    let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    Ok(vec![ctx.e.op(
        "sl",
        &format!(
            "tensor.extract_slice {x}[{}] [{}] [{}] : {} to {}",
            list(&start),
            list(&out.dims),
            list(&strides),
            types::tensor(&xt),
            types::tensor(&out)
        ),
    )])
}

fn concatenate(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let out = result(op, 0)?;
    let dim = int(op, "dimension")?;
    let mut names = Vec::new();
    let mut tys = Vec::new();
    for i in 0..op.operands.len() {
        let (x, xt) = ctx.tensor_operand(op, i)?;
        // Empty operands contribute nothing (and MLIR rejects the static offsets at the end
        // of a dimension that their insertion would use).
        if xt.num_elements() == 0 {
            continue;
        }
        names.push(x);
        tys.push(types::tensor(&xt));
    }
    if names.is_empty() {
        return Ok(vec![ctx.e.empty(&out)]);
    }
    if names.len() == 1 {
        return Ok(names);
    }
    Ok(vec![ctx.e.op("cat", &format!("tensor.concat dim({dim}) {} : ({}) -> {}", names.join(", "), tys.join(", "), types::tensor(&out)))])
}

fn reverse(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let rev = i64s(op, "dimensions")?;
    let map: Vec<String> = (0..xt.rank())
        .map(|d| if rev.contains(&(d as i64)) { format!("{} - d{d}", xt.dims[d] - 1) } else { format!("d{d}") })
        .collect();
    let init = ctx.e.empty(&xt);
    let iters = vec!["parallel"; xt.rank()];
    let r = ctx.e.generic(&[Operand { value: x, ty: xt.clone(), map: map.join(", ") }], Operand::identity(init, &xt), &iters, |_, a| Ok(a[0].clone()))?;
    Ok(vec![r])
}

/// Pad: negative edges first slice the operand; then the result is filled with the padding
/// value and the operand is inserted with stride `interior + 1` at the low edge.
fn pad(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (pv, pvt) = ctx.tensor_operand(op, 1)?;
    let out = result(op, 0)?;
    let (low, interior) = (i64s(op, "edge_padding_low")?, i64s(op, "interior_padding")?);
    let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let scalar = ctx.e.extract_scalar(&pv, &pvt);
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
    let filled = ctx.e.fill(&out, &scalar);
    if src_count.iter().any(|&c| c == 0) {
        return Ok(vec![filled]);
    }
    let part_ty = TensorType::new(src_count.clone(), xt.element);
    let part = ctx.e.op(
        "pd",
        &format!(
            "tensor.extract_slice {x}[{}] [{}] [{}] : {} to {}",
            list(&src_start),
            list(&src_count),
            list(&vec![1; rank]),
            types::tensor(&xt),
            types::tensor(&part_ty)
        ),
    );
    Ok(vec![ctx.e.op(
        "pd",
        &format!(
            "tensor.insert_slice {part} into {filled}[{}] [{}] [{}] : {} into {}",
            list(&dst_start),
            list(&src_count),
            list(&strides),
            types::tensor(&part_ty),
            types::tensor(&out)
        ),
    )])
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
    Ok(vec![ctx.e.op("cst", &format!("arith.constant dense<{size}> : tensor<i32>"))])
}

// ----- dynamic slices ------------------------------------------------------------------------

/// The clamped start indices of `dynamic_slice`/`dynamic_update_slice`: operands
/// `first..first+rank`, each a rank-0 integer, clamped to `[0, dims[d] - sizes[d]]`.
fn dynamic_starts(ctx: &mut Ctx, op: &Op, first: usize, dims: &[i64], sizes: &[i64]) -> Result<Vec<String>, String> {
    if op.operands.len() != first + dims.len() {
        return Err(format!("{} takes {} start indices for rank {}, got {}", op.name, dims.len(), dims.len(), op.operands.len().saturating_sub(first)));
    }
    let mut starts = Vec::new();
    for d in 0..dims.len() {
        let (s, st) = ctx.tensor_operand(op, first + d)?;
        let v = ctx.e.extract_scalar(&s, &st);
        starts.push(clamped_index(&mut ctx.e, &v, st.element, 0, (dims[d] - sizes[d]).max(0))?);
    }
    Ok(starts)
}

fn dynamic_slice(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 0)?;
    let starts = dynamic_starts(ctx, op, 1, &xt.dims, &out.dims)?;
    let ones = vec![1; xt.rank()];
    Ok(vec![ctx.e.op(
        "ds",
        &format!(
            "tensor.extract_slice {x}[{}] [{}] [{}] : {} to {}",
            starts.join(", "),
            list(&out.dims),
            list(&ones),
            types::tensor(&xt),
            types::tensor(&out)
        ),
    )])
}

fn dynamic_update_slice(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    let (u, ut) = ctx.tensor_operand(op, 1)?;
    let starts = dynamic_starts(ctx, op, 2, &xt.dims, &ut.dims)?;
    let ones = vec![1; xt.rank()];
    Ok(vec![ctx.e.op(
        "dus",
        &format!(
            "tensor.insert_slice {u} into {x}[{}] [{}] [{}] : {} into {}",
            starts.join(", "),
            list(&ut.dims),
            list(&ones),
            types::tensor(&ut),
            types::tensor(&xt)
        ),
    )])
}

#[cfg(test)]
mod tests {
    use crate::testing::{lower_module, lower_module_err, lower_source, strip};

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
    fn tuple_returned_from_a_function_is_unsupported() {
        let e = lower_module_err(
            r#"  "func.func"() <{function_type = (tensor<i64>) -> tuple<tensor<i64>>, sym_name = "f"}> ({
  ^bb0(%a: tensor<i64>):
    %t = "xhlo.tuple"(%a) : (tensor<i64>) -> tuple<tensor<i64>>
    "func.return"(%t) : (tuple<tensor<i64>>) -> ()
  }) : () -> ()"#,
        );
        assert!(e.contains("unsupported in lowering: tuple values"), "{e}");
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
        assert!(out.contains("arith.constant dense<3> : tensor<i32>"), "{out}");
    }
}

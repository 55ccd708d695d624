//! Sorting: `sort` sorts a permutation of each row with a stable bottom-up merge sort (the
//! comparator as scalar code on the inputs' elements), then gathers every input through it;
//! `top_k` is the same sort with a total-order comparator that keeps the first `k` and also
//! writes the permutation as i32 indices.

use super::common::{int, region_block};
use super::LowerFn;
use crate::build::{i1_type, load, segments, Build, Value};
use crate::convert::Ctx;
use crate::emitter::Emitter;
use crate::region;
use crate::scalar;
use crate::types;
use mlir_text::ast::{Attribute, Op, Type};
use xhlo_ir::{ElementType, TensorType};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("sort", sort),
    ("top_k", top_k),
];

/// The "less than" of a sort: given the comparator's arguments (lhs_0, rhs_0, lhs_1, rhs_1,
/// ...), an i1 value that is true when lhs must come before rhs.
type Less<'a> = dyn FnMut(&mut Emitter, &[scalar::Value]) -> Result<scalar::Value, String> + 'a;

/// Sorts `inputs` (one shape) together along `dim` and returns the first `keep` elements of
/// each sorted row of each input (and, with `with_indices`, the source positions as i32).
///
/// Per row, a permutation `0..n` is sorted in a scratch buffer `memref<2xNxindex>` by a
/// bottom-up merge sort (stable: the right element is taken first only when it is strictly
/// less than the left one; any comparator keeps every access in bounds), then the outputs,
/// fresh buffers, are filled through it and returned as tensors.
fn emit_sort(ctx: &mut Ctx, inputs: &[(String, TensorType)], dim: usize, keep: i64, with_indices: bool, less: &mut Less) -> Result<Vec<String>, String> {
    let shape = inputs.first().ok_or("sort without inputs")?.1.dims.clone();
    let rank = shape.len();
    if dim >= rank {
        return Err(format!("sort dimension {dim} out of range for rank {rank}"));
    }
    let n = shape[dim];
    if keep > n {
        return Err(format!("cannot keep {keep} of {n} sorted elements"));
    }
    let e = &mut ctx.e;
    let i1 = i1_type();
    let alloc = |e: &mut Emitter, hint: &str, ty: Type| e.emit1(hint, Build::new("memref.alloc").prop("operandSegmentSizes", segments(&[0, 0])).result(ty));
    let inputs: Vec<(Value, ElementType)> = inputs.iter().map(|(x, t)| (Value::tensor(x, t), t.element)).collect();
    let mut out_shape = shape.clone();
    out_shape[dim] = keep;
    let mut out_types: Vec<TensorType> = inputs.iter().map(|(_, t)| TensorType::new(out_shape.clone(), *t)).collect();
    if with_indices {
        out_types.push(TensorType::new(out_shape.clone(), ElementType::S32));
    }
    let outs: Vec<Value> = out_types.iter().map(|ty| alloc(e, "sorted", types::memref_type(ty))).collect();
    // Memref types are text in the syntax tree.
    let scratch = alloc(e, "perm", Type::Other(format!("memref<2x{n}xindex>")));
    let (c0, c1, cn) = (e.index(0), e.index(1), e.index(n));
    let load_index = |e: &mut Emitter, hint: &str, half: &Value, k: &Value| e.emit1(hint, Build::new("memref.load").operands([&scratch, half, k]).result(Type::Index));
    // One loop per dimension other than `dim`: the rows.
    let mut pos: Vec<Option<Value>> = vec![None; rank];
    let mut rows = Vec::new();
    for d in (0..rank).filter(|&d| d != dim) {
        let bound = e.index(shape[d]);
        let row = e.scf_for("row", [&c0, &bound, &c1], &[]);
        pos[d] = Some(row.iv.clone());
        rows.push(row.open);
    }
    let at = |k: &Value| -> Vec<Value> { (0..rank).map(|d| if d == dim { k.clone() } else { pos[d].clone().expect("row index") }).collect() };
    // The identity permutation in half 0.
    let fill = e.scf_for("k", [&c0, &cn, &c1], &[]);
    e.emit0(Build::new("memref.store").operands([&fill.iv, &scratch, &c0, &fill.iv]));
    e.end_for(fill.open, &[]);
    // Merge runs of width w from half p into half 1 - p, doubling w until it covers the row.
    let (sorting, fin) = e.open("msort", Build::new("scf.while").operands([&c1, &c0]).results([Type::Index, Type::Index]));
    let wp0 = e.block(&sorting, 0, "wp", &[Type::Index, Type::Index]);
    let more = e.cmpi("more", "ult", &wp0[0], &cn);
    e.emit0(Build::new("scf.condition").operand(&more).operands(&wp0));
    e.next_region(&sorting);
    let wp = e.block(&sorting, 0, "wp", &[Type::Index, Type::Index]);
    let (w, p) = (&wp[0], &wp[1]);
    let q = e.same_type("q", "arith.subi", &[&c1, p]);
    let w2 = e.same_type("w2", "arith.addi", &[w, w]);
    let runs = e.scf_for("lo", [&c0, &cn, &w2], &[]);
    let lo = &runs.iv;
    let mid = e.same_type("mid", "arith.addi", &[lo, w]);
    let mid = e.same_type("mid", "arith.minui", &[&mid, &cn]);
    let hi = e.same_type("hi", "arith.addi", &[lo, &w2]);
    let hi = e.same_type("hi", "arith.minui", &[&hi, &cn]);
    let merge = e.scf_for("k", [lo, &hi, &c1], &[lo.clone(), mid.clone()]);
    let (k, i, j) = (&merge.iv, &merge.args[0], &merge.args[1]);
    let j_in = e.cmpi("jin", "ult", j, &hi);
    let i_in = e.cmpi("iin", "ult", i, &mid);
    // Take the right element when the left run is exhausted, or when both remain and
    // right < left.
    let (right_if, right) = e.open("right", Build::new("scf.if").operand(&j_in).result(i1.clone()));
    let (both_if, both) = e.open("right", Build::new("scf.if").operand(&i_in).result(i1.clone()));
    let li = load_index(e, "li", p, i);
    let rj = load_index(e, "rj", p, j);
    let mut args = Vec::new();
    for (x, t) in &inputs {
        let l = e.tensor_extract(x, &at(&rj));
        let r = e.tensor_extract(x, &at(&li));
        args.push(load(e, &l, *t));
        args.push(load(e, &r, *t));
    }
    let c = less(e, &args)?;
    if c.ty != ElementType::Pred {
        return Err("sort comparator must yield tensor<i1>".into());
    }
    e.terminator("scf.yield", &[Value::new(&c.name, i1.clone())]);
    e.next_region(&both_if);
    let t = e.constant("t", Attribute::Bool(true), i1.clone());
    e.end_for(both_if, &[t]);
    e.terminator("scf.yield", &both);
    e.next_region(&right_if);
    let f = e.constant("f", Attribute::Bool(false), i1.clone());
    e.end_for(right_if, &[f]);
    let right = &right[0];
    let src = e.same_type("src", "arith.select", &[right, j, i]);
    let v = load_index(e, "v", p, &src);
    e.emit0(Build::new("memref.store").operands([&v, &scratch, &q, k]));
    let i1_ = e.same_type("i", "arith.addi", &[i, &c1]);
    let j1 = e.same_type("j", "arith.addi", &[j, &c1]);
    let ni = e.same_type("i", "arith.select", &[right, i, &i1_]);
    let nj = e.same_type("j", "arith.select", &[right, &j1, j]);
    e.end_for(merge.open, &[ni, nj]);
    e.end_for(runs.open, &[]);
    e.end_for(sorting, &[w2, q]);
    // Gather the first `keep` of the sorted row.
    let ckeep = e.index(keep);
    let gather = e.scf_for("k", [&c0, &ckeep, &c1], &[]);
    let k = &gather.iv;
    let s = load_index(e, "s", &fin[1], k);
    for ((x, _), out) in inputs.iter().zip(&outs) {
        let v = e.tensor_extract(x, &at(&s));
        e.emit0(Build::new("memref.store").operand(&v).operand(out).operands(&at(k)));
    }
    if with_indices {
        let out = outs.last().expect("indices output");
        let s32 = e.cast("s", "arith.index_cast", &s, types::storage_type(ElementType::S32));
        e.emit0(Build::new("memref.store").operand(&s32).operand(out).operands(&at(k)));
    }
    e.end_for(gather.open, &[]);
    for row in rows.into_iter().rev() {
        e.end_for(row, &[]);
    }
    Ok(outs
        .iter()
        .zip(&out_types)
        .map(|(m, t)| {
            let b = Build::new("bufferization.to_tensor").operand(m).prop("restrict", Attribute::Unit).prop("writable", Attribute::Unit);
            e.emit1("sorted", b.result(types::tensor_type(t))).to_string()
        })
        .collect())
}

fn sort(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let inputs = (0..op.operands.len()).map(|i| ctx.tensor_operand(op, i)).collect::<Result<Vec<_>, _>>()?;
    let dim = int(op, "dimension")?;
    let dim = usize::try_from(dim).map_err(|_| format!("sort dimension {dim} is negative"))?;
    let n = inputs.first().ok_or("sort without inputs")?.1.dims.get(dim).copied().ok_or_else(|| format!("sort dimension {dim} out of range"))?;
    let block = region_block(op, 0, "comparator")?;
    // Stable whatever `is_stable` says: an unstable sort may keep equal elements in order.
    let mut less = |e: &mut Emitter, args: &[scalar::Value]| -> Result<scalar::Value, String> {
        match region::lower_block(e, block, args.to_vec())?.as_slice() {
            [c] => Ok(c.clone()),
            other => Err(format!("sort comparator yields {} values, expected 1", other.len())),
        }
    };
    emit_sort(ctx, &inputs, dim, n, false, &mut less)
}

/// `top_k` along the last dimension: a stable sort by total order (descending for
/// `largest`, the default; ascending otherwise) so that equal elements keep the lower index
/// first, as XLA's TopK decomposition into a sort does (NaN sorts above +inf, -NaN below
/// -inf, -0 below +0).
fn top_k(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (x, xt) = ctx.tensor_operand(op, 0)?;
    if xt.element.is_complex() {
        return Err("unsupported in lowering: top_k of complex values".into());
    }
    let k = int(op, "k")?;
    let largest = !matches!(op.attr("largest"), Some(Attribute::Bool(false)));
    let rank = xt.rank();
    if rank == 0 {
        return Err("top_k of a scalar".into());
    }
    if k < 0 || k > xt.dims[rank - 1] {
        return Err(format!("top_k k = {k} out of range for a last dimension of {}", xt.dims[rank - 1]));
    }
    let direction = if largest { "GT" } else { "LT" };
    let mut less = |e: &mut Emitter, args: &[scalar::Value]| scalar::compare(e, direction, Some("TOTALORDER"), &args[0], &args[1]);
    emit_sort(ctx, &[(x, xt.clone())], rank - 1, k, true, &mut less)
}

#[cfg(test)]
mod tests {
    use crate::testing::{lower_module, strip};

    #[test]
    fn sort_is_a_merge_sort_of_a_permutation_per_row() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>), sym_name = "f"}> ({
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>):
    %r:2 = "xhlo.sort"(%a, %b) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>, %u: tensor<i32>, %v: tensor<i32>):
      %c = "xhlo.compare"(%x, %y) {comparison_direction = "LT", compare_type = "TOTALORDER"} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "gpu.yield"(%c) : (tensor<i1>) -> ()
    }) {dimension = 1 : i64, is_stable = true} : (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
    "func.return"(%r#0, %r#1) : (tensor<2x3xf32>, tensor<2x3xi32>) -> ()
  }) : () -> ()"#,
        );
        insta::assert_snapshot!(strip(&out));
    }

    #[test]
    fn top_k_keeps_k_values_and_i32_indices() {
        let out = lower_module(
            r#"  "func.func"() <{function_type = (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>), sym_name = "f"}> ({
  ^bb0(%a: tensor<5xf32>):
    %r:2 = "xhlo.top_k"(%a) {k = 2 : i64} : (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>)
    "func.return"(%r#0, %r#1) : (tensor<2xf32>, tensor<2xi32>) -> ()
  }) : () -> ()"#,
        );
        let out = strip(&out);
        assert!(out.contains(r#""memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2xi32>"#), "{out}");
        assert!(out.contains("arith.cmpi sgt"), "total order compares integer keys: {out}");
    }
}

//! Sorting: `sort` sorts a permutation of each row with a stable bottom-up merge sort (the
//! comparator as scalar code on the inputs' elements), then gathers every input through it;
//! `top_k` is the same sort with a total-order comparator that keeps the first `k` and also
//! writes the permutation as i32 indices.

use super::common::{index_const, int, region_block};
use super::LowerFn;
use crate::convert::Ctx;
use crate::emitter::Emitter;
use crate::region;
use crate::scalar::{self, Value};
use crate::types;
use xhlo_ir::{ElementType, TensorType};
use mlir_text::ast::{Attribute, Op};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("sort", sort),
    ("top_k", top_k),
];

/// The "less than" of a sort: given the comparator's arguments (lhs_0, rhs_0, lhs_1, rhs_1,
/// ...), an i1 value that is true when lhs must come before rhs.
type Less<'a> = dyn FnMut(&mut Emitter, &[Value]) -> Result<Value, String> + 'a;

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
    let mut out_shape = shape.clone();
    out_shape[dim] = keep;
    let mut outs: Vec<(String, TensorType)> = Vec::new();
    for (_, t) in inputs {
        let ty = TensorType::new(out_shape.clone(), t.element);
        outs.push((e.op("sorted", &format!("memref.alloc() : {}", types::memref(&ty))), ty));
    }
    if with_indices {
        let ty = TensorType::new(out_shape.clone(), ElementType::S32);
        outs.push((e.op("sorted", &format!("memref.alloc() : {}", types::memref(&ty))), ty));
    }
    let scratch_ty = format!("memref<2x{n}xindex>");
    let scratch = e.op("perm", &format!("memref.alloc() : {scratch_ty}"));
    let (c0, c1, cn) = (index_const(e, 0), index_const(e, 1), index_const(e, n));
    // One loop per dimension other than `dim`: the rows.
    let mut pos: Vec<String> = vec![String::new(); rank];
    for d in (0..rank).filter(|&d| d != dim) {
        let bound = index_const(e, shape[d]);
        let iv = e.fresh("row");
        e.line(&format!("scf.for {iv} = {c0} to {bound} step {c1} {{"));
        e.enter();
        pos[d] = iv;
    }
    let at = |k: &str| -> String {
        let p: Vec<&str> = (0..rank).map(|d| if d == dim { k } else { pos[d].as_str() }).collect();
        format!("[{}]", p.join(", "))
    };
    // The identity permutation in half 0.
    let k = e.fresh("k");
    e.line(&format!("scf.for {k} = {c0} to {cn} step {c1} {{"));
    e.enter();
    e.line(&format!("memref.store {k}, {scratch}[{c0}, {k}] : {scratch_ty}"));
    e.leave();
    e.line("}");
    // Merge runs of width w from half p into half 1 - p, doubling w until it covers the row.
    let (w0, p0) = (e.fresh("w"), e.fresh("p"));
    let fin = e.fresh("msort");
    e.line(&format!("{fin}:2 = scf.while ({w0} = {c1}, {p0} = {c0}) : (index, index) -> (index, index) {{"));
    e.enter();
    let more = e.op("more", &format!("arith.cmpi ult, {w0}, {cn} : index"));
    e.line(&format!("scf.condition({more}) {w0}, {p0} : index, index"));
    e.leave();
    e.line("} do {");
    let (w, p) = (e.fresh("w"), e.fresh("p"));
    e.line(&format!("^bb0({w}: index, {p}: index):"));
    e.enter();
    let q = e.op("q", &format!("arith.subi {c1}, {p} : index"));
    let w2 = e.op("w2", &format!("arith.addi {w}, {w} : index"));
    let lo = e.fresh("lo");
    e.line(&format!("scf.for {lo} = {c0} to {cn} step {w2} {{"));
    e.enter();
    let mid = e.op("mid", &format!("arith.addi {lo}, {w} : index"));
    let mid = e.op("mid", &format!("arith.minui {mid}, {cn} : index"));
    let hi = e.op("hi", &format!("arith.addi {lo}, {w2} : index"));
    let hi = e.op("hi", &format!("arith.minui {hi}, {cn} : index"));
    let (k, i, j) = (e.fresh("k"), e.fresh("i"), e.fresh("j"));
    let merged = e.fresh("merge");
    e.line(&format!("{merged}:2 = scf.for {k} = {lo} to {hi} step {c1} iter_args({i} = {lo}, {j} = {mid}) -> (index, index) {{"));
    e.enter();
    let j_in = e.op("jin", &format!("arith.cmpi ult, {j}, {hi} : index"));
    let i_in = e.op("iin", &format!("arith.cmpi ult, {i}, {mid} : index"));
    // Take the right element when the left run is exhausted, or when both remain and
    // right < left.
    let right = e.fresh("right");
    e.line(&format!("{right} = scf.if {j_in} -> (i1) {{"));
    e.enter();
    let both = e.fresh("right");
    e.line(&format!("{both} = scf.if {i_in} -> (i1) {{"));
    e.enter();
    let li = e.op("li", &format!("memref.load {scratch}[{p}, {i}] : {scratch_ty}"));
    let rj = e.op("rj", &format!("memref.load {scratch}[{p}, {j}] : {scratch_ty}"));
    let mut args = Vec::new();
    for (name, t) in inputs {
        let tt = types::tensor(t);
        let l = e.op("x", &format!("tensor.extract {name}{} : {tt}", at(&rj)));
        let r = e.op("x", &format!("tensor.extract {name}{} : {tt}", at(&li)));
        args.push(scalar::load(e, &l, t.element));
        args.push(scalar::load(e, &r, t.element));
    }
    let c = less(e, &args)?;
    if c.ty != ElementType::Pred {
        return Err("sort comparator must yield tensor<i1>".into());
    }
    e.line(&format!("scf.yield {} : i1", c.name));
    e.leave();
    e.line("} else {");
    e.enter();
    let t = e.op("t", "arith.constant true");
    e.line(&format!("scf.yield {t} : i1"));
    e.leave();
    e.line("}");
    e.line(&format!("scf.yield {both} : i1"));
    e.leave();
    e.line("} else {");
    e.enter();
    let f = e.op("f", "arith.constant false");
    e.line(&format!("scf.yield {f} : i1"));
    e.leave();
    e.line("}");
    let src = e.op("src", &format!("arith.select {right}, {j}, {i} : index"));
    let v = e.op("v", &format!("memref.load {scratch}[{p}, {src}] : {scratch_ty}"));
    e.line(&format!("memref.store {v}, {scratch}[{q}, {k}] : {scratch_ty}"));
    let i1 = e.op("i", &format!("arith.addi {i}, {c1} : index"));
    let j1 = e.op("j", &format!("arith.addi {j}, {c1} : index"));
    let ni = e.op("i", &format!("arith.select {right}, {i}, {i1} : index"));
    let nj = e.op("j", &format!("arith.select {right}, {j1}, {j} : index"));
    e.line(&format!("scf.yield {ni}, {nj} : index, index"));
    e.leave();
    e.line("}");
    e.leave();
    e.line("}");
    e.line(&format!("scf.yield {w2}, {q} : index, index"));
    e.leave();
    e.line("}");
    // Gather the first `keep` of the sorted row.
    let ckeep = index_const(e, keep);
    let k = e.fresh("k");
    e.line(&format!("scf.for {k} = {c0} to {ckeep} step {c1} {{"));
    e.enter();
    let s = e.op("s", &format!("memref.load {scratch}[{fin}#1, {k}] : {scratch_ty}"));
    for ((name, t), (out, ot)) in inputs.iter().zip(&outs) {
        let v = e.op("v", &format!("tensor.extract {name}{} : {}", at(&s), types::tensor(t)));
        e.line(&format!("memref.store {v}, {out}{} : {}", at(&k), types::memref(ot)));
    }
    if with_indices {
        let (out, ot) = outs.last().expect("indices output");
        let s32 = e.op("s", &format!("arith.index_cast {s} : index to i32"));
        e.line(&format!("memref.store {s32}, {out}{} : {}", at(&k), types::memref(ot)));
    }
    e.leave();
    e.line("}");
    for _ in 0..rank - 1 {
        e.leave();
        e.line("}");
    }
    Ok(outs
        .iter()
        .map(|(m, t)| e.op("sorted", &format!("bufferization.to_tensor {m} restrict writable : {} to {}", types::memref(t), types::tensor(t))))
        .collect())
}

fn sort(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let inputs = (0..op.operands.len()).map(|i| ctx.tensor_operand(op, i)).collect::<Result<Vec<_>, _>>()?;
    let dim = int(op, "dimension")?;
    let dim = usize::try_from(dim).map_err(|_| format!("sort dimension {dim} is negative"))?;
    let n = inputs.first().ok_or("sort without inputs")?.1.dims.get(dim).copied().ok_or_else(|| format!("sort dimension {dim} out of range"))?;
    let block = region_block(op, 0, "comparator")?;
    // Stable whatever `is_stable` says: an unstable sort may keep equal elements in order.
    let mut less = |e: &mut Emitter, args: &[Value]| -> Result<Value, String> {
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
    let mut less = |e: &mut Emitter, args: &[Value]| scalar::compare(e, direction, Some("TOTALORDER"), &args[0], &args[1]);
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
        assert!(out.contains("memref.alloc() : memref<2xi32>"), "{out}");
        assert!(out.contains("arith.cmpi sgt"), "total order compares integer keys: {out}");
    }
}

//! Gathers, plain and fused into their consumers, against a direct reference: whole rows
//! (an embedding lookup, rows of 3 to 256 elements, from a 2-d and a 3-d operand with two
//! index components) and single columns (the gathered dimension innermost), with start
//! indices below and beyond the operand (clamped), on 1-3 threads. `xhlo-eqsat` fuses a
//! gather into the element-wise ops that read it (the gathered table stays a kernel operand)
//! and `xhlo-vectorize` reads each whole row with contiguous vector loads.

use crate::support::{compile_stablehlo, compile_with_stages, f32_literal, f32s, on_threads, values, Stages};
use xhlo::ir::literal::Literal;
use xhlo::ir::{ElementType, TensorType};
use xhlo::runtime::CompileOptions;

fn i32_literal(dims: &[i64], xs: &[i64]) -> Literal {
    Literal { ty: TensorType::new(dims.to_vec(), ElementType::S32), bytes: xs.iter().flat_map(|&x| (x as i32).to_le_bytes()).collect() }
}

fn shape(dims: &[i64], ty: &str) -> String {
    format!("tensor<{}{ty}>", dims.iter().map(|d| format!("{d}x")).collect::<String>())
}

/// Start indices in `[-3, size + 3)`: some below 0 and some past the end, which the gather
/// clamps to the first and the last slice.
fn starts(n: usize, size: i64, seed: u64) -> Vec<i64> {
    values(n, seed, -3.0, (size + 3) as f64).iter().map(|v| v.floor() as i64).collect()
}

/// A gather case: the operand's and the indices' shapes, the gather's attributes, the
/// result's shape, and the reference: result element (row-major position) → operand position.
struct Case {
    operand: Vec<i64>,
    indices: Vec<i64>,
    attrs: String,
    result: Vec<i64>,
    reference: Box<dyn Fn(&[i64], usize) -> usize>,
}

/// Rows of `d` gathered from a `[v, d]` table by `n` ids (an embedding lookup).
fn rows(v: i64, d: i64, n: i64) -> Case {
    Case {
        operand: vec![v, d],
        indices: vec![n, 1],
        attrs: format!("offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, {d}>"),
        result: vec![n, d],
        reference: Box::new(move |ids, k| {
            let (row, col) = (k as i64 / d, k as i64 % d);
            (ids[row as usize].clamp(0, v - 1) * d + col) as usize
        }),
    }
}

fn run(text: &str, inputs: &[Literal], threads: usize) -> Vec<Literal> {
    compile_stablehlo(text, &on_threads(threads)).run(inputs).unwrap()
}

#[test]
fn gathers_plain_and_fused_match_a_direct_reference() {
    let cases = vec![
        rows(1000, 256, 300),
        rows(50, 37, 64),
        rows(20, 3, 17),
        // Two index components into a [6, 5, 40] operand: slices [1, 1, 40].
        Case {
            operand: vec![6, 5, 40],
            indices: vec![33, 2],
            attrs: "offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 40>".into(),
            result: vec![33, 40],
            reference: Box::new(|ids, k| {
                let (n, col) = (k / 40, k % 40);
                let (a, b) = (ids[2 * n].clamp(0, 5) as usize, ids[2 * n + 1].clamp(0, 4) as usize);
                (a * 5 + b) * 40 + col
            }),
        },
        // Columns of a [24, 70] operand (`x[:, ids]`): the gathered dimension is innermost.
        Case {
            operand: vec![24, 70],
            indices: vec![45, 1],
            attrs: "offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 24, 1>".into(),
            result: vec![24, 45],
            reference: Box::new(|ids, k| {
                let (row, n) = (k / 45, k % 45);
                row * 70 + ids[n].clamp(0, 69) as usize
            }),
        },
    ];
    for (i, case) in cases.iter().enumerate() {
        let (t, ind, out) = (shape(&case.operand, "f32"), shape(&case.indices, "i32"), shape(&case.result, "f32"));
        let gather = format!("\"stablehlo.gather\"(%x, %i) <{{dimension_numbers = #stablehlo.gather<{}}}> : ({t}, {ind}) -> {out}", case.attrs);
        // The gather alone, and fused: scaled, plus y.
        let plain = format!("func.func @main(%x: {t}, %i: {ind}, %y: {out}) -> {out} {{\n  %g = {gather}\n  return %g : {out}\n}}");
        let fused = format!(
            "func.func @main(%x: {t}, %i: {ind}, %y: {out}) -> {out} {{\n  %g = {gather}\n  %c = stablehlo.constant dense<2.5> : {out}\n  %m = stablehlo.multiply %g, %c : {out}\n  %s = stablehlo.add %m, %y : {out}\n  return %s : {out}\n}}"
        );
        let size: i64 = case.operand.iter().product();
        let n: i64 = case.result.iter().product();
        let x: Vec<f64> = values(size as usize, 10 + i as u64, -100.0, 100.0).iter().map(|v| v.round()).collect();
        let y: Vec<f64> = values(n as usize, 20 + i as u64, -10.0, 10.0).iter().map(|v| v.round()).collect();
        let bound = *case.operand.iter().max().unwrap();
        let ids = starts(case.indices.iter().product::<i64>() as usize, bound, 30 + i as u64);
        let want: Vec<f64> = (0..n as usize).map(|k| x[(case.reference)(&ids, k)]).collect();
        let want_fused: Vec<f64> = want.iter().zip(&y).map(|(g, y)| g * 2.5 + y).collect();
        let inputs = [f32_literal(&case.operand, &x), i32_literal(&case.indices, &ids), f32_literal(&case.result, &y)];
        for threads in [1, 2, 3] {
            assert_eq!(f32s(&run(&plain, &inputs, threads)[0]), want, "gather {} ({threads} threads)", case.attrs);
            assert_eq!(f32s(&run(&fused, &inputs, threads)[0]), want_fused, "fused gather {} ({threads} threads)", case.attrs);
        }
    }
}

/// An embedding lookup as JAX writes it (ids clamped, rows gathered, scaled, the positions
/// added through a reshape that splits the tokens into [batch, position], the result merged
/// back) is one kernel, its vector stage reads each gathered row with contiguous loads
/// (pieces of two 32-byte vectors; no `vector.gather`), and it writes the caller's buffer
/// through the final reshape (`xhlo-reshape-destinations`: no copy of the result).
#[test]
fn an_embedding_lookup_is_one_kernel_reading_whole_rows() {
    let (v, d, b, p) = (500i64, 64i64, 4i64, 32i64);
    let n = b * p;
    let text = format!(
        "func.func @main(%t: tensor<{v}x{d}xf32>, %i: tensor<{n}x1xi32>, %pos: tensor<{p}x{d}xf32>) -> tensor<{n}x{d}xf32> {{
  %g = \"stablehlo.gather\"(%t, %i) <{{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, {d}>}}> : (tensor<{v}x{d}xf32>, tensor<{n}x1xi32>) -> tensor<{n}x{d}xf32>
  %c = stablehlo.constant dense<8.0> : tensor<{n}x{d}xf32>
  %m = stablehlo.multiply %g, %c : tensor<{n}x{d}xf32>
  %r = stablehlo.reshape %m : (tensor<{n}x{d}xf32>) -> tensor<{b}x{p}x{d}xf32>
  %q = stablehlo.broadcast_in_dim %pos, dims = [1, 2] : (tensor<{p}x{d}xf32>) -> tensor<{b}x{p}x{d}xf32>
  %s = stablehlo.add %r, %q : tensor<{b}x{p}x{d}xf32>
  %f = stablehlo.reshape %s : (tensor<{b}x{p}x{d}xf32>) -> tensor<{n}x{d}xf32>
  return %f : tensor<{n}x{d}xf32>
}}"
    );
    let (program, Stages { linalg, vector, llvm }) = compile_with_stages(&text, CompileOptions { vector_bytes: 32, threads: 2, ..Default::default() });
    assert!(!llvm.contains("llvm.intr.memcpy"), "{llvm}");
    assert_eq!(linalg.matches("linalg.generic").count(), 1, "{linalg}");
    assert!(linalg.contains("tensor.extract %arg0") && linalg.contains("arith.mulf") && linalg.contains("arith.addf"), "{linalg}");
    assert!(vector.contains(&format!("tensor<{v}x{d}xf32>, vector<16xf32>")) && !vector.contains("vector.gather"), "{vector}");
    let table: Vec<f64> = values((v * d) as usize, 1, -50.0, 50.0).iter().map(|x| x.round()).collect();
    let pos: Vec<f64> = values((p * d) as usize, 2, -5.0, 5.0).iter().map(|x| x.round()).collect();
    let ids = starts(n as usize, v, 3);
    let got = program.run(&[f32_literal(&[v, d], &table), i32_literal(&[n, 1], &ids), f32_literal(&[p, d], &pos)]).unwrap();
    let want: Vec<f64> = (0..(n * d) as usize)
        .map(|k| {
            let (token, col) = (k / d as usize, k % d as usize);
            table[ids[token].clamp(0, v - 1) as usize * d as usize + col] * 8.0 + pos[(token % p as usize) * d as usize + col]
        })
        .collect();
    assert_eq!(f32s(&got[0]), want);
}

//! Row fusions (`xhlo-row-fusion`, `lowering/src/ops/fusion/rows.rs`): softmaxes and layer
//! norms run one block of rows at a time and give the same numbers, bit for bit, as their
//! kernels run one after the other (each row is reduced in the same order either way), on
//! one thread and on three, for row counts the blocks divide and prime ones, rows indexed by
//! several leading dimensions (batch x sequence, a leading unit dimension),
//! weights as long as the rows, and an intermediate value returned besides the result; the
//! softmax also against float64.

use crate::support::{f32_literal, f32s, values};
use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::Literal;
use xhlo::opt;
use xhlo::runtime::{compile, CompileOptions};

fn shape(dims: &[i64]) -> String {
    dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x")
}

/// Softmax over the last dimension of `dims`; also returns the row sums when `sums`.
fn softmax(dims: &[i64], sums: bool) -> String {
    let t = format!("tensor<{}xf32>", shape(dims));
    let rows = format!("tensor<{}xf32>", shape(&dims[..dims.len() - 1]));
    let last = dims.len() - 1;
    let keep: Vec<String> = (0..last).map(|d| d.to_string()).collect();
    let keep = keep.join(", ");
    let (results, returned) = if sums { (format!("{t}, {rows}"), "%r, %s".to_string()) } else { (t.clone(), "%r".to_string()) };
    format!(
        "func.func @main(%x: {t}) -> ({results}) {{
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [{last}] : ({t}, tensor<f32>) -> {rows}
  %mb = stablehlo.broadcast_in_dim %m, dims = [{keep}] : ({rows}) -> {t}
  %d = stablehlo.subtract %x, %mb : {t}
  %e = stablehlo.exponential %d : {t}
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [{last}] : ({t}, tensor<f32>) -> {rows}
  %sb = stablehlo.broadcast_in_dim %s, dims = [{keep}] : ({rows}) -> {t}
  %r = stablehlo.divide %e, %sb : {t}
  return {returned} : {results}
}}"
    )
}

/// Layer norm of `rows` rows of `n` with weights `g` and `b` (as JAX writes it).
fn layer_norm(rows: i64, n: i64) -> String {
    let t = format!("tensor<{rows}x{n}xf32>");
    let v = format!("tensor<{rows}xf32>");
    let w = format!("tensor<{n}xf32>");
    format!(
        "func.func @main(%x: {t}, %g: {w}, %b: {w}) -> {t} {{
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %n = stablehlo.constant dense<{n}.0> : {v}
  %eps = stablehlo.constant dense<1.0e-5> : {v}
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : ({t}, tensor<f32>) -> {v}
  %mean = stablehlo.divide %s, %n : {v}
  %mb = stablehlo.broadcast_in_dim %mean, dims = [0] : ({v}) -> {t}
  %c = stablehlo.subtract %x, %mb : {t}
  %sq = stablehlo.multiply %c, %c : {t}
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : ({t}, tensor<f32>) -> {v}
  %var = stablehlo.divide %ss, %n : {v}
  %ve = stablehlo.add %var, %eps : {v}
  %inv = stablehlo.rsqrt %ve : {v}
  %ib = stablehlo.broadcast_in_dim %inv, dims = [0] : ({v}) -> {t}
  %y = stablehlo.multiply %c, %ib : {t}
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : ({w}) -> {t}
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : ({w}) -> {t}
  %yg = stablehlo.multiply %y, %gb : {t}
  %r = stablehlo.add %yg, %bb : {t}
  return %r : {t}
}}"
    )
}

/// The results of `text` with and without row fusion, on one thread and on three (every
/// parallel loop kept parallel, so uneven splits run).
fn runs(text: &str, inputs: &[Literal]) -> Vec<Vec<Literal>> {
    let ctx = XhloContext::new();
    let xhlo = xhlo::import::to_xhlo_text(text, "rows.mlir").unwrap_or_else(|e| panic!("{e}\n{text}"));
    let module = source::parse_and_verify(&ctx, &xhlo, "rows.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let mut out = Vec::new();
    for row_fusion in [true, false] {
        for (threads, min_parallel_work) in [(1, 65536), (3, 0)] {
            let options = CompileOptions { threads, min_parallel_work, row_fusion, ..Default::default() };
            let program = compile(&ctx, &module, &options, "rows.mlir").unwrap_or_else(|e| panic!("{e}\n{text}"));
            out.push(program.run(inputs).unwrap());
        }
    }
    out
}

/// Whether the default fusion decisions and `xhlo-row-fusion` make a row fusion of `text`.
fn row_fused(text: &str) -> bool {
    let options = opt::Options { pipeline: Some("builtin.module(xhlo-eqsat,xhlo-row-fusion)".into()), ..Default::default() };
    let out = opt::run(&options, text, "rows.mlir");
    assert!(out.success, "{}", out.errors.join("\n"));
    out.ir.contains("kind = \"row\"")
}

/// Checks that `text` is row-fused and that every run gives the same bits.
fn check_same(text: &str, inputs: &[Literal]) -> Vec<Literal> {
    assert!(row_fused(text), "no row fusion in\n{text}");
    let results = runs(text, inputs);
    for (i, r) in results.iter().enumerate().skip(1) {
        assert_eq!(r, &results[0], "run {i} (row fusion on/off x 1/3 threads) differs on\n{text}");
    }
    results.into_iter().next().unwrap()
}

#[test]
fn softmax_rows_in_blocks_match_separate_kernels_and_float64() {
    for dims in [vec![64, 256], vec![37, 100], vec![16, 8, 48], vec![2, 24, 40], vec![1, 4, 16, 32]] {
        let n = dims.iter().product::<i64>() as usize;
        let xs = values(n, 7, -4.0, 4.0);
        let result = check_same(&softmax(&dims, false), &[f32_literal(&dims, &xs)]);
        let got = f32s(&result[0]);
        let width = *dims.last().unwrap() as usize;
        for (row, (x, y)) in xs.chunks(width).zip(got.chunks(width)).enumerate() {
            let x: Vec<f64> = x.iter().map(|&v| v as f32 as f64).collect();
            let max = x.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let sum: f64 = x.iter().map(|v| (v - max).exp()).sum();
            for (j, (v, y)) in x.iter().zip(y).enumerate() {
                let want = (v - max).exp() / sum;
                assert!((y - want).abs() <= 1e-6 + 1e-5 * want, "{dims:?} [{row}, {j}]: {y} against {want}");
            }
        }
    }
}

#[test]
fn layer_norm_rows_in_blocks_match_separate_kernels() {
    // 64 rows of 64: the weights are as long as the rows are many, and read whole.
    for (rows, n) in [(64, 64), (96, 40), (17, 128)] {
        let x = values((rows * n) as usize, 11, -3.0, 3.0);
        let g = values(n as usize, 12, 0.5, 1.5);
        let b = values(n as usize, 13, -1.0, 1.0);
        let inputs = [f32_literal(&[rows, n], &x), f32_literal(&[n], &g), f32_literal(&[n], &b)];
        check_same(&layer_norm(rows, n), &inputs);
    }
}

#[test]
fn a_row_value_returned_besides_the_result_is_a_result_of_the_row_fusion() {
    let dims = [48, 64];
    let xs = values(48 * 64, 5, -2.0, 2.0);
    let result = check_same(&softmax(&dims, true), &[f32_literal(&dims, &xs)]);
    assert_eq!(result.len(), 2);
    assert_eq!(result[1].ty.dims, vec![48]);
}

//! Reductions in the staged, vectorized order of `lowering/src/ops/reduction.rs` (split
//! chains, parallel vector lanes, partials per thread), checked against float64 references:
//! accuracy over 16M elements, sizes the lanes do not divide, column reductions, variadic
//! argmax with ties, pooling windows (`reduce_window` along contiguous channels) and their
//! gradients (`select_and_scatter`), on 1, 2 and 3 threads, plain and fused.

use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::Literal;
use xhlo::ir::{ElementType, TensorType};
use crate::support::{compile_stablehlo, f32_literal, f32s, on_threads, values};
use xhlo::runtime::{compile, CompileOptions, Fusion};

/// Compiles the StableHLO `text` on `threads` threads (every parallel loop parallel however
/// small on 3, so uneven splits run) and runs it.
fn run(text: &str, inputs: &[Literal], threads: usize, fusion: Fusion) -> Vec<Literal> {
    compile_stablehlo(text, &CompileOptions { fusion, ..on_threads(threads) }).run(inputs).unwrap()
}

fn i32_literal(dims: &[i64], xs: &[i32]) -> Literal {
    Literal { ty: TensorType::new(dims.to_vec(), ElementType::S32), bytes: xs.iter().flat_map(|x| x.to_le_bytes()).collect() }
}

fn i32s(l: &Literal) -> Vec<i32> {
    l.bytes.chunks(4).map(|b| i32::from_le_bytes(b.try_into().unwrap())).collect()
}

fn shape(dims: &[i64]) -> String {
    dims.iter().map(|d| format!("{d}x")).collect::<String>()
}

/// `reduce(x, init) applies op across dims` as a one-op StableHLO program.
fn reduce_program(dims: &[i64], reduced: &[i64], op: &str, init: &str, ty: &str) -> String {
    let out: Vec<i64> = (0..dims.len() as i64).filter(|d| !reduced.contains(d)).map(|d| dims[d as usize]).collect();
    let list = reduced.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
    format!(
        r#"func.func @main(%x: tensor<{i}{ty}>) -> tensor<{o}{ty}> {{
  %z = stablehlo.constant dense<{init}> : tensor<{ty}>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.{op} across dimensions = [{list}] : (tensor<{i}{ty}>, tensor<{ty}>) -> tensor<{o}{ty}>
  return %r : tensor<{o}{ty}>
}}"#,
        i = shape(dims),
        o = shape(&out),
    )
}

/// The float64 reduction of `xs` (row-major `dims`) over `reduced` with `f` from `init`.
fn reference(xs: &[f64], dims: &[i64], reduced: &[i64], init: f64, f: impl Fn(f64, f64) -> f64) -> Vec<f64> {
    let out_dims: Vec<i64> = (0..dims.len()).filter(|d| !reduced.contains(&(*d as i64))).map(|d| dims[d]).collect();
    let mut out = vec![init; out_dims.iter().product::<i64>() as usize];
    for (i, &x) in xs.iter().enumerate() {
        let (mut rest, mut o, mut stride) = (i as i64, 0i64, 1i64);
        let mut index = vec![0; dims.len()];
        for d in (0..dims.len()).rev() {
            index[d] = rest % dims[d];
            rest /= dims[d];
        }
        for d in (0..dims.len()).rev() {
            if !reduced.contains(&(d as i64)) {
                o += index[d] * stride;
                stride *= dims[d];
            }
        }
        out[o as usize] = f(out[o as usize], x);
    }
    out
}

/// A float32 sum of 16M elements stays within XLA-like error of the float64 sum (a tree of
/// short chains: about 1e-7 relative; one sequential chain loses about three digits), and
/// max/min are exact, on 1, 2 and 3 threads.
#[test]
fn f32_sum_max_and_min_of_16m_elements_match_float64() {
    let dims = [4096, 4096];
    let xs = values(1 << 24, 7, -0.25, 1.0);
    let x = f32_literal(&dims, &xs);
    let exact: f64 = xs.iter().map(|&v| v as f32 as f64).sum();
    let magnitude: f64 = xs.iter().map(|&v| (v as f32 as f64).abs()).sum();
    let max = xs.iter().map(|&v| v as f32 as f64).fold(f64::NEG_INFINITY, f64::max);
    let min = xs.iter().map(|&v| v as f32 as f64).fold(f64::INFINITY, f64::min);
    for threads in [1, 2, 3] {
        let sum = f32s(&run(&reduce_program(&dims, &[0, 1], "add", "0.0", "f32"), std::slice::from_ref(&x), threads, Fusion::Off)[0])[0];
        let error = (sum - exact).abs() / magnitude;
        assert!(error < 1e-6, "threads={threads}: sum {sum} vs {exact}: relative error {error:e}");
        let got = f32s(&run(&reduce_program(&dims, &[0, 1], "maximum", "0xFF800000", "f32"), std::slice::from_ref(&x), threads, Fusion::Off)[0])[0];
        assert_eq!(got, max, "threads={threads}");
        let got = f32s(&run(&reduce_program(&dims, &[0, 1], "minimum", "0x7F800000", "f32"), std::slice::from_ref(&x), threads, Fusion::Off)[0])[0];
        assert_eq!(got, min, "threads={threads}");
    }
}

/// Sums of squares over all elements and over the inner dimensions, fused with their
/// producers (stage 1 in the input fusion, the partials then in chunks), match float64.
#[test]
fn fused_sums_of_squares_over_innermost_dimensions_match_float64() {
    for (dims, reduced) in [(&[1024i64, 1024][..], &[0i64, 1][..]), (&[4, 256, 1024], &[1, 2])] {
        let out: Vec<i64> = (0..dims.len() as i64).filter(|d| !reduced.contains(d)).map(|d| dims[d as usize]).collect();
        let list = reduced.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        let text = format!(
            r#"func.func @main(%x: tensor<{i}f32>) -> tensor<{o}f32> {{
  %c = stablehlo.constant dense<0.25> : tensor<{i}f32>
  %d = stablehlo.subtract %x, %c : tensor<{i}f32>
  %q = stablehlo.multiply %d, %d : tensor<{i}f32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%q init: %z) applies stablehlo.add across dimensions = [{list}] : (tensor<{i}f32>, tensor<f32>) -> tensor<{o}f32>
  return %r : tensor<{o}f32>
}}"#,
            i = shape(dims),
            o = shape(&out),
        );
        let xs = values(dims.iter().product::<i64>() as usize, 31, -1.0, 1.0);
        let squares: Vec<f64> = xs.iter().map(|&v| (v as f32 as f64 - 0.25).powi(2)).collect();
        let want = reference(&squares, dims, reduced, 0.0, |a, b| a + b);
        let x = f32_literal(dims, &xs);
        for (threads, fusion) in [(1, Fusion::EGraph), (2, Fusion::EGraph), (3, Fusion::EGraph), (2, Fusion::Greedy)] {
            let got = f32s(&run(&text, std::slice::from_ref(&x), threads, fusion)[0]);
            assert_eq!(got.len(), want.len());
            for (g, w) in got.iter().zip(&want) {
                assert!((g - w).abs() <= 1e-6 * w, "{dims:?} over {reduced:?}, threads={threads} {fusion:?}: {g} vs {w}");
            }
        }
    }
}

/// Row mean and variance (layernorm's pattern, fused by the e-graph into input fusions and
/// unfused) match float64, on rows the vector lanes divide and rows they do not (1001: the
/// lanes take the first `1001 / l * l` elements, the tail one lane each).
#[test]
fn mean_and_variance_of_rows_match_float64() {
    for (rows, n) in [(64i64, 4096i64), (24, 1001)] {
        mean_and_variance_of(rows, n);
    }
}

fn mean_and_variance_of(rows: i64, n: i64) {
    let text = format!(
        r#"func.func @main(%x: tensor<{rows}x{n}xf32>) -> (tensor<{rows}xf32>, tensor<{rows}xf32>) {{
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<{rows}x{n}xf32>, tensor<f32>) -> tensor<{rows}xf32>
  %c = stablehlo.constant dense<{n}.0> : tensor<{rows}xf32>
  %m = stablehlo.divide %s, %c : tensor<{rows}xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<{rows}xf32>) -> tensor<{rows}x{n}xf32>
  %d = stablehlo.subtract %x, %mb : tensor<{rows}x{n}xf32>
  %q = stablehlo.multiply %d, %d : tensor<{rows}x{n}xf32>
  %v0 = stablehlo.reduce(%q init: %z) applies stablehlo.add across dimensions = [1] : (tensor<{rows}x{n}xf32>, tensor<f32>) -> tensor<{rows}xf32>
  %v = stablehlo.divide %v0, %c : tensor<{rows}xf32>
  return %m, %v : tensor<{rows}xf32>, tensor<{rows}xf32>
}}"#
    );
    let xs = values((rows * n) as usize, 11, 2.0, 3.0);
    let x = f32_literal(&[rows, n], &xs);
    for (threads, fusion) in [(1, Fusion::EGraph), (2, Fusion::EGraph), (3, Fusion::Off), (2, Fusion::Greedy)] {
        let out = run(&text, std::slice::from_ref(&x), threads, fusion);
        let (mean, var) = (f32s(&out[0]), f32s(&out[1]));
        for r in 0..rows as usize {
            let row: Vec<f64> = xs[r * n as usize..(r + 1) * n as usize].iter().map(|&v| v as f32 as f64).collect();
            let m = row.iter().sum::<f64>() / n as f64;
            let v = row.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / n as f64;
            assert!((mean[r] - m).abs() <= 1e-6 * m.abs(), "{rows}x{n} threads={threads} {fusion:?} row {r}: mean {} vs {m}", mean[r]);
            assert!((var[r] - v).abs() <= 1e-4 * v, "{rows}x{n} threads={threads} {fusion:?} row {r}: variance {} vs {v}", var[r]);
        }
    }
}

/// Row, column and middle reductions of sizes the vector lanes do not divide (primes, 1,
/// one more or less than a vector), and of a 0-size dimension (the init value).
#[test]
fn odd_sizes_and_column_reductions_match_float64() {
    let cases: &[(&[i64], &[i64])] = &[
        (&[3, 1], &[1]),
        (&[3, 15], &[1]),
        (&[3, 17], &[1]),
        (&[3, 33], &[1]),
        (&[3, 64], &[1]),
        (&[3, 97], &[1]),
        (&[2, 4099], &[1]),
        (&[2, 10007], &[1]),
        (&[2, 8192], &[1]),
        (&[5000], &[0]),
        (&[3, 0], &[1]),
        (&[0, 4], &[0]),
        (&[97, 17], &[0]),
        (&[130, 64], &[0]),
        (&[5000, 33], &[0]),
        (&[1030, 64], &[0]),
        (&[4096, 96], &[0]),
        (&[1030, 100], &[0]),
        (&[2048, 1000], &[0]),
        (&[64, 40, 100], &[0, 1]),
        (&[300, 3, 256], &[0, 1]),
        (&[7, 96, 5], &[1]),
        (&[6, 32, 48], &[0, 2]),
        (&[9, 11, 128], &[0, 1, 2]),
        // Over the innermost dimensions, more than the split threshold: in chunks.
        (&[8, 8192], &[1]),
        (&[3, 5, 4096], &[1, 2]),
        (&[24576], &[0]),
        (&[16, 16, 64], &[0, 1, 2]),
        // ... whose steps of lanes (4099, a prime) no chunk divides: split as before.
        (&[2, 64 * 4099], &[1]),
        // Column reductions: several reduced and kept dimensions; a prime row count.
        (&[1024, 2, 3, 16], &[0, 1]),
        (&[4099, 32], &[0]),
    ];
    for (i, &(dims, reduced)) in cases.iter().enumerate() {
        let n: i64 = dims.iter().product();
        let xs = values(n as usize, 100 + i as u64, -1.0, 1.0);
        let x = f32_literal(dims, &xs);
        let xs32: Vec<f64> = xs.iter().map(|&v| v as f32 as f64).collect();
        let sums = reference(&xs32, dims, reduced, 0.0, |a, b| a + b);
        let magnitudes = reference(&xs32, dims, reduced, 0.0, |a, b| a + b.abs());
        let maxes = reference(&xs32, dims, reduced, f64::NEG_INFINITY, f64::max);
        for threads in [1, 3] {
            let got = f32s(&run(&reduce_program(dims, reduced, "add", "0.0", "f32"), std::slice::from_ref(&x), threads, Fusion::Off)[0]);
            assert_eq!(got.len(), sums.len(), "{dims:?} over {reduced:?}");
            for (k, (g, want)) in got.iter().zip(&sums).enumerate() {
                assert!((g - want).abs() <= 1e-6 * magnitudes[k].max(1e-30), "{dims:?} over {reduced:?}, threads={threads}, element {k}: {g} vs {want}");
            }
            let got = f32s(&run(&reduce_program(dims, reduced, "maximum", "0xFF800000", "f32"), std::slice::from_ref(&x), threads, Fusion::Off)[0]);
            assert_eq!(got, maxes, "max of {dims:?} over {reduced:?}, threads={threads}");
        }
    }
}

/// The accumulators' initial values (`linalg.fill`s, written as vector stores by
/// `xhlo-vectorize-fills`) cover every element, at each vector width, for sizes around the
/// width: max-reductions of all-negative values from -inf (an element the fill missed would
/// start from whatever the buffer held).
#[test]
fn reduction_accumulators_are_filled_at_every_vector_width() {
    let cases: &[(&[i64], &[i64])] = &[(&[5, 3], &[0]), (&[5, 9], &[0]), (&[6, 17], &[0]), (&[4, 33], &[0]), (&[3, 100], &[0]), (&[40, 7], &[1]), (&[24, 65], &[1]), (&[3, 5, 19], &[1])];
    for vector_bytes in [16, 32, 64] {
        for (i, &(dims, reduced)) in cases.iter().enumerate() {
            let n: i64 = dims.iter().product();
            let xs: Vec<f64> = values(n as usize, 300 + i as u64, -2.0, -1.0).iter().map(|&v| v as f32 as f64).collect();
            let want = reference(&xs, dims, reduced, f64::NEG_INFINITY, f64::max);
            let ctx = XhloContext::new();
            let text = reduce_program(dims, reduced, "maximum", "0xFF800000", "f32");
            let xhlo = xhlo::import::to_xhlo_text(&text, "test.mlir").unwrap();
            let module = source::parse_and_verify(&ctx, &xhlo, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
            let options = CompileOptions { vector_bytes, threads: 1, ..Default::default() };
            let program = compile(&ctx, &module, &options, "test.mlir").unwrap_or_else(|e| panic!("{e}"));
            let got = f32s(&program.run(&[f32_literal(dims, &xs)]).unwrap()[0]);
            assert_eq!(got, want, "max of {dims:?} over {reduced:?}, {vector_bytes}-byte vectors");
        }
    }
}

/// Rows no longer than one vector are reduced in one step (`xhlo-vectorize` makes each a
/// `vector.reduction` starting from the accumulator, LLVM's ordered reduction): the sum is the
/// sequential f32 chain from the init value, bit for bit, at every vector width; a NaN in a
/// row makes its maximum NaN.
#[test]
fn rows_of_one_vector_reduce_in_sequential_order() {
    for vector_bytes in [16, 32, 64] {
        let lanes = vector_bytes / 4;
        for n in [2, 3, lanes] {
            let dims = [7, n];
            let mut xs: Vec<f64> = values((7 * n) as usize, 900 + n as u64, -1.0, 1.0).iter().map(|&v| (v * 1e3) as f32 as f64).collect();
            let ctx = XhloContext::new();
            let options = CompileOptions { vector_bytes, threads: 1, ..Default::default() };
            let compiled = |text: &str| {
                let xhlo = xhlo::import::to_xhlo_text(text, "test.mlir").unwrap();
                let module = source::parse_and_verify(&ctx, &xhlo, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
                compile(&ctx, &module, &options, "test.mlir").unwrap_or_else(|e| panic!("{e}"))
            };
            let sum = compiled(&reduce_program(&dims, &[1], "add", "0.333", "f32"));
            let got = f32s(&sum.run(&[f32_literal(&dims, &xs)]).unwrap()[0]);
            let want: Vec<f64> = xs.chunks(n as usize).map(|row| row.iter().fold(0.333f32, |acc, &x| acc + x as f32) as f64).collect();
            assert!(got.iter().zip(&want).all(|(a, b)| (*a as f32).to_bits() == (*b as f32).to_bits()), "sum of rows of {n}, {vector_bytes}-byte vectors: {got:?} != {want:?}");
            xs[n as usize + 1] = f64::NAN;
            let max = compiled(&reduce_program(&dims, &[1], "maximum", "0xFF800000", "f32"));
            let got = f32s(&max.run(&[f32_literal(&dims, &xs)]).unwrap()[0]);
            let want = reference(&xs, &dims, &[1], f64::NEG_INFINITY, |a: f64, b: f64| if a.is_nan() || b.is_nan() { f64::NAN } else { a.max(b) });
            assert!(got[1].is_nan() && got.iter().zip(&want).enumerate().all(|(i, (a, b))| i == 1 || a == b), "max of rows of {n}, {vector_bytes}-byte vectors: {got:?} != {want:?}");
        }
    }
}

/// Integer and float64 sums are exact / as good as float64 in any order; f16 within its
/// precision (accumulated in f16: the lanes keep the chains short).
#[test]
fn integer_f64_and_f16_sums_match() {
    let dims = [3i64, 4100];
    let ints: Vec<i32> = values(3 * 4100, 5, -1000.0, 1000.0).iter().map(|&v| v as i32).collect();
    let out = run(&reduce_program(&dims, &[1], "add", "0", "i32"), &[i32_literal(&dims, &ints)], 2, Fusion::Off);
    let want: Vec<i32> = ints.chunks(4100).map(|r| r.iter().sum()).collect();
    assert_eq!(i32s(&out[0]), want);

    let xs = values(3 * 4100, 6, -1.0, 1.0);
    let lit = Literal { ty: TensorType::new(dims.to_vec(), ElementType::F64), bytes: xs.iter().flat_map(|x| x.to_le_bytes()).collect() };
    let out = run(&reduce_program(&dims, &[1], "add", "0.0", "f64"), &[lit], 1, Fusion::Off);
    let got: Vec<f64> = out[0].bytes.chunks(8).map(|b| f64::from_le_bytes(b.try_into().unwrap())).collect();
    for (g, row) in got.iter().zip(xs.chunks(4100)) {
        let want: f64 = row.iter().sum();
        assert!((g - want).abs() < 1e-12, "{g} vs {want}");
    }

    let dims = [2i64, 512];
    let xs: Vec<f64> = values(1024, 8, 0.0, 1.0).iter().map(|&v| xhlo::ir::literal::f16_value(xhlo::ir::literal::f16_bits(v))).collect();
    let lit = Literal { ty: TensorType::new(dims.to_vec(), ElementType::F16), bytes: xs.iter().flat_map(|&x| xhlo::ir::literal::f16_bits(x).to_le_bytes()).collect() };
    let out = run(&reduce_program(&dims, &[1], "add", "0.0", "f16"), &[lit], 1, Fusion::Off);
    let got: Vec<f64> = out[0].bytes.chunks(2).map(|b| xhlo::ir::literal::f16_value(u16::from_le_bytes(b.try_into().unwrap()))).collect();
    for (g, row) in got.iter().zip(xs.chunks(512)) {
        let want: f64 = row.iter().sum();
        // 512 values of ~0.5 in f16 (11-bit significand): chains of 8 keep it to a few ulp of 256.
        assert!((g - want).abs() < 0.5, "{g} vs {want}");
    }
}

/// A variadic argmax (JAX's reducer: the larger value, the smaller index on ties) finds
/// the first maximum whatever order the lanes combine in.
#[test]
fn variadic_argmax_with_ties_returns_the_first_index() {
    for (rows, n) in [(4i64, 1000i64), (3, 4096), (2, 17), (2, 12288)] {
        // Few distinct values: many ties, the maximum repeated at several places.
        let xs: Vec<f64> = values((rows * n) as usize, 21 + n as u64, 0.0, 8.0).iter().map(|v| v.floor()).collect();
        let text = format!(
            r#"func.func @main(%x: tensor<{rows}x{n}xf32>) -> (tensor<{rows}xf32>, tensor<{rows}xi32>) {{
  %i = stablehlo.iota dim = 1 : tensor<{rows}x{n}xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%x init: %ninf), (%i init: %z) across dimensions = [1] : (tensor<{rows}x{n}xf32>, tensor<{rows}x{n}xi32>, tensor<f32>, tensor<i32>) -> (tensor<{rows}xf32>, tensor<{rows}xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {{
      %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %eq = stablehlo.compare EQ, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %lt = stablehlo.compare LT, %ai, %bi : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %tie = stablehlo.and %eq, %lt : tensor<i1>
      %pick = stablehlo.or %gt, %tie : tensor<i1>
      %v = stablehlo.select %pick, %a, %b : tensor<i1>, tensor<f32>
      %k = stablehlo.select %pick, %ai, %bi : tensor<i1>, tensor<i32>
      stablehlo.return %v, %k : tensor<f32>, tensor<i32>
    }}
  return %r#0, %r#1 : tensor<{rows}xf32>, tensor<{rows}xi32>
}}"#
        );
        for threads in [1, 2, 3] {
            let out = run(&text, &[f32_literal(&[rows, n], &xs)], threads, Fusion::EGraph);
            let (values, index) = (f32s(&out[0]), i32s(&out[1]));
            for (r, row) in xs.chunks(n as usize).enumerate() {
                let max = row.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
                let first = row.iter().position(|&v| v == max).unwrap() as i32;
                assert_eq!((values[r], index[r]), (max, first), "{rows}x{n}, threads={threads}, row {r}");
            }
        }
    }
}

/// The multi-index of row-major position `i` in `shape`.
fn unravel(mut i: i64, shape: &[i64]) -> Vec<i64> {
    let mut index = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        index[d] = i % shape[d];
        i /= shape[d];
    }
    index
}

/// The float64 `reduce_window` of `xs` (row-major `dims`, padded with `init`) by a direct
/// loop over every result and window position.
#[allow(clippy::too_many_arguments)]
fn window_reference(xs: &[f64], dims: &[i64], window: &[i64], strides: &[i64], dilations: &[i64], padding: &[(i64, i64)], init: f64, f: impl Fn(f64, f64) -> f64) -> (Vec<i64>, Vec<f64>) {
    let rank = dims.len();
    let out_dims: Vec<i64> = (0..rank).map(|d| (dims[d] + padding[d].0 + padding[d].1 - ((window[d] - 1) * dilations[d] + 1)) / strides[d] + 1).collect();
    let out = (0..out_dims.iter().product::<i64>())
        .map(|o| {
            let o = unravel(o, &out_dims);
            (0..window.iter().product::<i64>()).fold(init, |acc, w| {
                let w = unravel(w, window);
                let at: Vec<i64> = (0..rank).map(|d| o[d] * strides[d] + w[d] * dilations[d] - padding[d].0).collect();
                if at.iter().zip(dims).any(|(&i, &n)| i < 0 || i >= n) {
                    return f(acc, init);
                }
                f(acc, xs[at.iter().zip(dims).fold(0, |flat, (&i, &n)| flat * n + i) as usize])
            })
        })
        .collect();
    (out_dims, out)
}

#[test]
fn pooling_windows_along_contiguous_channels_match_a_direct_loop() {
    // NHWC pooling as CNNs use it (the channels innermost, vectorized), with channel counts a
    // vector does not divide and wider than the vector stage's lanes, strides, padding and
    // window dilation; max exactly, sums (average pooling's numerator) against float64.
    let cases: [(&[i64], &[i64], &[i64], &[i64], &[(i64, i64)]); 3] = [
        (&[2, 9, 11, 19], &[1, 3, 2, 1], &[1, 2, 2, 1], &[1, 1, 2, 1], &[(0, 0), (1, 1), (0, 1), (0, 0)]),
        (&[1, 8, 8, 80], &[1, 2, 2, 1], &[1, 2, 2, 1], &[1, 1, 1, 1], &[(0, 0), (0, 0), (0, 0), (0, 0)]),
        (&[3, 7, 5], &[2, 3, 1], &[1, 1, 1], &[1, 1, 1], &[(0, 0), (1, 1), (0, 0)]),
    ];
    for (case, (dims, window, strides, dilations, padding)) in cases.iter().enumerate() {
        let xs: Vec<f64> = values(dims.iter().product::<i64>() as usize, 77 + case as u64, -1.0, 1.0).into_iter().map(|x| x as f32 as f64).collect();
        let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
        let pads = padding.iter().map(|(l, h)| format!("[{l}, {h}]")).collect::<Vec<_>>().join(", ");
        for (op, init_text, init, f) in [("maximum", "0xFF800000", f64::NEG_INFINITY, f64::max as fn(f64, f64) -> f64), ("add", "0.0", 0.0, |a: f64, b: f64| a + b)] {
            let (out_dims, expected) = window_reference(&xs, dims, window, strides, dilations, padding, init, f);
            let text = format!(
                r#"func.func @main(%x: tensor<{i}f32>) -> tensor<{o}f32> {{
  %z = stablehlo.constant dense<{init_text}> : tensor<f32>
  %r = "stablehlo.reduce_window"(%x, %z) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.{op} %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }}) {{window_dimensions = array<i64: {w}>, window_strides = array<i64: {s}>, window_dilations = array<i64: {d}>, padding = dense<[{pads}]> : tensor<{rank}x2xi64>}} : (tensor<{i}f32>, tensor<f32>) -> tensor<{o}f32>
  return %r : tensor<{o}f32>
}}"#,
                i = shape(dims),
                o = shape(&out_dims),
                w = list(window),
                s = list(strides),
                d = list(dilations),
                rank = dims.len(),
            );
            for threads in [1, 2, 3] {
                let got = f32s(&run(&text, &[f32_literal(dims, &xs)], threads, Fusion::EGraph)[0]);
                assert_eq!(got.len(), expected.len());
                for (k, (g, e)) in got.iter().zip(&expected).enumerate() {
                    let ok = if op == "maximum" { g == e } else { (g - e).abs() <= 1e-5 };
                    assert!(ok, "case {case} {op}, threads={threads}, element {k}: {g} vs {e}");
                }
            }
        }
    }
}

/// The float64 `select_and_scatter` of `xs` (row-major `dims`) with source `src`, by the
/// sequential definition: for each source position in order, its window walked in order over
/// the operand (padding skipped), the first element selected and replaced by a later one
/// where `select(selected, candidate)` is false, the source value added at the selection.
#[allow(clippy::too_many_arguments)]
fn select_and_scatter_reference(xs: &[f64], dims: &[i64], src: &[f64], window: &[i64], strides: &[i64], padding: &[(i64, i64)], select: impl Fn(f64, f64) -> bool) -> (Vec<i64>, Vec<f64>) {
    let rank = dims.len();
    let src_dims: Vec<i64> = (0..rank).map(|d| (dims[d] + padding[d].0 + padding[d].1 - window[d]) / strides[d] + 1).collect();
    assert_eq!(src.len() as i64, src_dims.iter().product::<i64>());
    let mut out = vec![0.0; xs.len()];
    for (flat_s, &value) in src.iter().enumerate() {
        let s = unravel(flat_s as i64, &src_dims);
        let mut selected: Option<usize> = None;
        for w in 0..window.iter().product::<i64>() {
            let w = unravel(w, window);
            let at: Vec<i64> = (0..rank).map(|d| s[d] * strides[d] + w[d] - padding[d].0).collect();
            if at.iter().zip(dims).any(|(&i, &n)| i < 0 || i >= n) {
                continue;
            }
            let flat = at.iter().zip(dims).fold(0, |f, (&i, &n)| f * n + i) as usize;
            if selected.is_none_or(|sel| !select(xs[sel], xs[flat])) {
                selected = Some(flat);
            }
        }
        if let Some(sel) = selected {
            out[sel] += value;
        }
    }
    (src_dims, out)
}

/// `select_and_scatter` (max pooling's gradient) as JAX writes it, `dir` the select region's
/// comparison, `ty` the element type.
fn select_and_scatter_program(dims: &[i64], src_dims: &[i64], window: &[i64], strides: &[i64], padding: &[(i64, i64)], dir: &str, ty: &str) -> String {
    let list = |v: &[i64]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ");
    let pads = padding.iter().map(|(l, h)| format!("[{l}, {h}]")).collect::<Vec<_>>().join(", ");
    let zero = if ty.starts_with('f') { "0.0" } else { "0" };
    format!(
        r#"func.func @main(%x: tensor<{i}{ty}>, %s: tensor<{o}{ty}>) -> tensor<{i}{ty}> {{
  %z = stablehlo.constant dense<{zero}> : tensor<{ty}>
  %r = "stablehlo.select_and_scatter"(%x, %s, %z) ({{
  ^bb0(%a: tensor<{ty}>, %b: tensor<{ty}>):
    %c = stablehlo.compare {dir}, %a, %b : (tensor<{ty}>, tensor<{ty}>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }}, {{
  ^bb0(%a: tensor<{ty}>, %b: tensor<{ty}>):
    %m = stablehlo.add %a, %b : tensor<{ty}>
    stablehlo.return %m : tensor<{ty}>
  }}) {{window_dimensions = array<i64: {w}>, window_strides = array<i64: {st}>, padding = dense<[{pads}]> : tensor<{rank}x2xi64>}} : (tensor<{i}{ty}>, tensor<{o}{ty}>, tensor<{ty}>) -> tensor<{i}{ty}>
  return %r : tensor<{i}{ty}>
}}"#,
        i = shape(dims),
        o = shape(src_dims),
        w = list(window),
        st = list(strides),
        rank = dims.len(),
    )
}

/// Max pooling's gradient (`select_and_scatter`, the two parallel kernels of
/// `lowering/src/ops/reduction.rs`) against a float64 sequential loop: NHWC 2x2 stride 2
/// with 64 channels, 3x3 stride 2 overlapping windows with padding, 1 and 17 channels, an
/// NCHW layout (windows over the last dimension), windows with gaps (stride > size), ties
/// (values drawn from {0, 1, 2}: GE keeps the first of equal values, GT the last), batch 1
/// and 3; on 1 and 3 threads, which must agree bit for bit (each element adds its windows
/// in the sequential loop's order); and one window too large for the parallel kernels'
/// tables (the sequential loop nest).
#[test]
fn max_pool_gradients_match_a_sequential_float64_loop() {
    type Case<'a> = (&'a [i64], &'a [i64], &'a [i64], &'a [(i64, i64)]);
    let cases: [Case; 8] = [
        (&[3, 8, 8, 64], &[1, 2, 2, 1], &[1, 2, 2, 1], &[(0, 0); 4]),
        (&[1, 9, 9, 17], &[1, 3, 3, 1], &[1, 2, 2, 1], &[(0, 0), (1, 1), (1, 1), (0, 0)]),
        (&[3, 7, 6, 1], &[1, 3, 3, 1], &[1, 2, 2, 1], &[(0, 0), (1, 1), (0, 1), (0, 0)]),
        (&[1, 8, 8, 64], &[1, 3, 3, 1], &[1, 2, 2, 1], &[(0, 0), (1, 1), (1, 1), (0, 0)]),
        (&[2, 3, 10, 9], &[1, 1, 3, 3], &[1, 1, 2, 2], &[(0, 0), (0, 0), (1, 1), (1, 1)]),
        (&[3, 11, 10, 5], &[1, 2, 2, 1], &[1, 3, 4, 1], &[(0, 0), (0, 1), (1, 0), (0, 0)]),
        (&[20, 33], &[4, 3], &[1, 2], &[(2, 1), (0, 0)]),
        // A window of more than 65,536 positions: the sequential loop nest.
        (&[257, 258], &[257, 256], &[1, 1], &[(0, 0); 2]),
    ];
    for (case, (dims, window, strides, padding)) in cases.iter().enumerate() {
        let n = dims.iter().product::<i64>() as usize;
        let src_dims: Vec<i64> = (0..dims.len()).map(|d| (dims[d] + padding[d].0 + padding[d].1 - window[d]) / strides[d] + 1).collect();
        let src: Vec<f64> = values(src_dims.iter().product::<i64>() as usize, 501 + case as u64, -1.0, 1.0).into_iter().map(|x| x as f32 as f64).collect();
        let distinct: Vec<f64> = values(n, 301 + case as u64, -1.0, 1.0).into_iter().map(|x| x as f32 as f64).collect();
        let ties: Vec<f64> = values(n, 401 + case as u64, 0.0, 3.0).into_iter().map(f64::floor).collect();
        for (xs, dir) in [(&distinct, "GE"), (&ties, "GE"), (&ties, "GT")] {
            let select = |a: f64, b: f64| if dir == "GE" { a >= b } else { a > b };
            let (_, expected) = select_and_scatter_reference(xs, dims, &src, window, strides, padding, select);
            let magnitude = select_and_scatter_reference(xs, dims, &src.iter().map(|v| v.abs()).collect::<Vec<_>>(), window, strides, padding, select).1;
            let text = select_and_scatter_program(dims, &src_dims, window, strides, padding, dir, "f32");
            let inputs = [f32_literal(dims, xs), f32_literal(&src_dims, &src)];
            let one = f32s(&run(&text, &inputs, 1, Fusion::EGraph)[0]);
            assert_eq!(one.len(), expected.len());
            for (k, (g, e)) in one.iter().zip(&expected).enumerate() {
                assert!((g - e).abs() <= 1e-6 * magnitude[k], "case {case} {dir}, element {k}: {g} vs {e}");
            }
            let three = f32s(&run(&text, &inputs, 3, Fusion::EGraph)[0]);
            assert!(one.iter().zip(&three).all(|(a, b)| a.to_bits() == b.to_bits()), "case {case} {dir}: 1 and 3 threads differ");
        }
        // The same with i32 elements, exactly.
        let xs: Vec<i32> = ties.iter().map(|&v| v as i32).collect();
        let src_i: Vec<i32> = src.iter().map(|&v| (v * 100.0) as i32).collect();
        let (_, expected) = select_and_scatter_reference(&xs.iter().map(|&v| v as f64).collect::<Vec<_>>(), dims, &src_i.iter().map(|&v| v as f64).collect::<Vec<_>>(), window, strides, padding, |a, b| a >= b);
        let text = select_and_scatter_program(dims, &src_dims, window, strides, padding, "GE", "i32");
        for threads in [1, 3] {
            let got = i32s(&run(&text, &[i32_literal(dims, &xs), i32_literal(&src_dims, &src_i)], threads, Fusion::EGraph)[0]);
            assert_eq!(got, expected.iter().map(|&v| v as i32).collect::<Vec<_>>(), "case {case} i32, threads={threads}");
        }
    }
}

/// A sum and a max over the same dimensions of one tensor (`xhlo-sibling-reductions` makes
/// them one variadic reduce, which reads the tensor once) give the bits the two reduces give
/// as separate kernels, on 1 and 3 threads: rows, columns, two stages, odd sizes.
#[test]
fn sibling_sum_and_max_in_one_reduce_match_separate_reduces() {
    let cases: &[(&[i64], &[i64])] = &[(&[4096, 96], &[0]), (&[97, 33], &[0]), (&[64, 1000], &[1]), (&[6, 32, 48], &[0, 2]), (&[2, 10007], &[1])];
    for (i, &(dims, reduced)) in cases.iter().enumerate() {
        let out: Vec<i64> = (0..dims.len() as i64).filter(|d| !reduced.contains(d)).map(|d| dims[d as usize]).collect();
        let list = reduced.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
        let (t, o) = (format!("tensor<{}f32>", shape(dims)), format!("tensor<{}f32>", shape(&out)));
        let text = format!(
            "func.func @main(%x: {t}) -> ({o}, {o}) {{
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [{list}] : ({t}, tensor<f32>) -> {o}
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [{list}] : ({t}, tensor<f32>) -> {o}
  return %s, %m : {o}, {o}
}}"
        );
        let options = xhlo::opt::Options { pipeline: Some("builtin.module(xhlo-eqsat,xhlo-sibling-reductions)".into()), ..Default::default() };
        let merged = xhlo::opt::run(&options, &text, "siblings.mlir");
        assert!(merged.success && merged.ir.matches("\"xhlo.reduce\"").count() == 1, "{dims:?}: not merged\n{}", merged.ir);
        let x = f32_literal(dims, &values(dims.iter().product::<i64>() as usize, 300 + i as u64, -1.0, 1.0));
        for threads in [1, 3] {
            let together = run(&text, std::slice::from_ref(&x), threads, Fusion::EGraph);
            let apart = run(&text, std::slice::from_ref(&x), threads, Fusion::Off);
            assert_eq!(together, apart, "{dims:?} over {reduced:?}, threads={threads}");
        }
    }
}

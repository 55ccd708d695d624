//! Transposes, plain and fused, against a direct reference: those that move the innermost
//! dimension are cut into square blocks by `xhlo-vectorize` (both the reads and the writes
//! stream through whole cache lines), those that keep it are vectorized along it; shapes the
//! blocks do not divide, unit dimensions, 2-4 dimensions, f32/f64/i8/i32, on 1-3 threads.

use crate::support::{f32_literal, f32s, values};
use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::Literal;
use xhlo::ir::{ElementType, TensorType};
use xhlo::runtime::{compile, CompileOptions};

/// `x` (row-major `dims`) transposed by `perm` (result dimension i is `dims[perm[i]]`).
fn transposed(x: &[f64], dims: &[i64], perm: &[usize]) -> Vec<f64> {
    let out: Vec<i64> = perm.iter().map(|&p| dims[p]).collect();
    let mut strides = vec![1i64; dims.len()];
    for d in (0..dims.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * dims[d + 1];
    }
    let n: i64 = out.iter().product();
    (0..n)
        .map(|mut i| {
            let mut offset = 0;
            for d in (0..out.len()).rev() {
                offset += (i % out[d]) * strides[perm[d]];
                i /= out[d];
            }
            x[offset as usize]
        })
        .collect()
}

fn tensor(dims: &[i64], ty: &str) -> String {
    format!("tensor<{}{ty}>", dims.iter().map(|d| format!("{d}x")).collect::<String>())
}

fn literal(dims: &[i64], xs: &[f64], e: ElementType) -> Literal {
    let bytes = match e {
        ElementType::F32 => return f32_literal(dims, xs),
        ElementType::F64 => xs.iter().flat_map(|x| x.to_le_bytes()).collect(),
        ElementType::S32 => xs.iter().flat_map(|&x| (x as i32).to_le_bytes()).collect(),
        ElementType::S8 => xs.iter().map(|&x| x as i8 as u8).collect(),
        _ => unreachable!(),
    };
    Literal { ty: TensorType::new(dims.to_vec(), e), bytes }
}

fn numbers(l: &Literal) -> Vec<f64> {
    match l.ty.element {
        ElementType::F32 => f32s(l),
        ElementType::F64 => l.bytes.chunks(8).map(|b| f64::from_le_bytes(b.try_into().unwrap())).collect(),
        ElementType::S32 => l.bytes.chunks(4).map(|b| i32::from_le_bytes(b.try_into().unwrap()) as f64).collect(),
        ElementType::S8 => l.bytes.iter().map(|&b| b as i8 as f64).collect(),
        _ => unreachable!(),
    }
}

#[test]
fn transposes_plain_and_fused_match_a_direct_reference() {
    let cases: &[(&[i64], &[usize], &str, ElementType)] = &[
        (&[300, 200], &[1, 0], "f32", ElementType::F32),
        (&[37, 53], &[1, 0], "f32", ElementType::F32),
        (&[5, 33, 70], &[0, 2, 1], "f32", ElementType::F32),
        (&[6, 7, 8, 9], &[3, 1, 0, 2], "f32", ElementType::F32),
        (&[4, 9, 64], &[1, 0, 2], "f32", ElementType::F32),
        (&[1, 40, 1, 50], &[3, 2, 1, 0], "f32", ElementType::F32),
        (&[100, 3], &[1, 0], "f64", ElementType::F64),
        (&[65, 129], &[1, 0], "i8", ElementType::S8),
        (&[31, 64, 17], &[2, 0, 1], "i32", ElementType::S32),
    ];
    for (i, &(dims, perm, ty, e)) in cases.iter().enumerate() {
        let out: Vec<i64> = perm.iter().map(|&p| dims[p]).collect();
        let (t, u) = (tensor(dims, ty), tensor(&out, ty));
        let list = perm.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ");
        let text = format!(
            "func.func @main(%x: {t}, %y: {u}) -> ({u}, {u}) {{\n  %r = stablehlo.transpose %x, dims = [{list}] : ({t}) -> {u}\n  %s = stablehlo.add %r, %y : {u}\n  return %r, %s : {u}, {u}\n}}"
        );
        let n: i64 = dims.iter().product();
        let x: Vec<f64> = values(n as usize, 40 + i as u64, -100.0, 100.0).iter().map(|v| v.round()).collect();
        let y: Vec<f64> = values(n as usize, 80 + i as u64, -20.0, 20.0).iter().map(|v| v.round()).collect();
        let want = transposed(&x, dims, perm);
        let want_sum: Vec<f64> = want.iter().zip(&y).map(|(a, b)| a + b).collect();
        for threads in [1, 2, 3] {
            let ctx = XhloContext::new();
            let xhlo = xhlo::import::to_xhlo_text(&text, "test.mlir").unwrap_or_else(|e| panic!("{e}\n{text}"));
            let module = source::parse_and_verify(&ctx, &xhlo, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
            let min_parallel_work = if threads == 3 { 0 } else { CompileOptions::default().min_parallel_work };
            let options = CompileOptions { threads, min_parallel_work, ..Default::default() };
            let program = compile(&ctx, &module, &options, "test.mlir").unwrap_or_else(|err| panic!("{err}"));
            let got = program.run(&[literal(dims, &x, e), literal(&out, &y, e)]).unwrap();
            assert_eq!(numbers(&got[0]), want, "transpose {dims:?} by {perm:?} ({ty}, {threads} threads)");
            assert_eq!(numbers(&got[1]), want_sum, "transpose {dims:?} by {perm:?} plus y ({ty}, {threads} threads)");
        }
    }
}

/// A transpose that moves the innermost dimension is cut into square blocks of twice the
/// vector's lanes (16 x 16 for f32 at 32-byte vectors).
#[test]
fn a_transpose_of_the_innermost_dimension_is_cut_into_blocks() {
    let text = "func.func @main(%x: tensor<256x128xf32>) -> tensor<128x256xf32> {\n  %r = stablehlo.transpose %x, dims = [1, 0] : (tensor<256x128xf32>) -> tensor<128x256xf32>\n  return %r : tensor<128x256xf32>\n}";
    let (_, stages) = crate::support::compile_with_stages(text, CompileOptions { vector_bytes: 32, threads: 1, ..Default::default() });
    let vector = stages.vector;
    assert!(vector.contains("to (128, 256) step (16, 16)") && vector.contains("tensor<16x16xf32>"), "{vector}");
}

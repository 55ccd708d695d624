//! Compile time against program size: generated StableHLO chains of element-wise ops
//! (100 to 10,000 ops), each compiled with the default options and run once to check its
//! result. A compiler whose passes are near-linear shows a flat time per op.

use std::time::Instant;
use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::{Literal, Scalar};
use xhlo::ir::types::{ElementType, TensorType};
use xhlo::runtime::{compile, CompileOptions};

/// The chain lengths measured.
pub const SIZES: [usize; 5] = [100, 300, 1000, 3000, 10_000];
const WIDTH: usize = 256;

/// `x ← x·0.5 + a` repeated: two ops per step, as JAX prints them; `n` ops in all.
pub fn chain(n: usize) -> String {
    let t = format!("tensor<{WIDTH}xf32>");
    let mut s = format!("func.func @main(%a: {t}) -> {t} {{\n  %half = stablehlo.constant dense<5.000000e-01> : {t}\n");
    let mut prev = "%a".to_string();
    for i in 0..n {
        let line = if i % 2 == 0 { format!("  %v{i} = stablehlo.multiply {prev}, %half : {t}\n") } else { format!("  %v{i} = stablehlo.add {prev}, %a : {t}\n") };
        s.push_str(&line);
        prev = format!("%v{i}");
    }
    s.push_str(&format!("  return {prev} : {t}\n}}\n"));
    s
}

/// The chain's result for input `a`, in f64 (every step is exact or rounds once in f32, so
/// f32 agrees to a few ulps).
fn reference(n: usize, a: f64) -> f64 {
    let mut x = a;
    for i in 0..n {
        x = if i % 2 == 0 { x * 0.5 } else { x + a };
    }
    x
}

/// One row: op count, compile time in ms, and whether the result matched.
pub struct Row {
    pub ops: usize,
    pub compile_ms: f64,
    pub ok: bool,
}

pub fn measure(ctx: &XhloContext, options: &CompileOptions) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for &n in &SIZES {
        let text = chain(n);
        let file = format!("chain_{n}.mlir");
        let start = Instant::now();
        let xhlo_text = xhlo::import::to_xhlo_text(&text, &file)?;
        let module = source::parse_and_verify(ctx, &xhlo_text, &file).map_err(|d| format!("{d:?}"))?;
        let program = compile(ctx, &module, options, &file).map_err(|e| e.to_string())?;
        let compile_ms = start.elapsed().as_secs_f64() * 1e3;
        let a: Vec<f64> = (0..WIDTH).map(|i| i as f64 / WIDTH as f64 - 0.5).collect();
        let ty = TensorType::new(vec![WIDTH as i64], ElementType::F32);
        let input = Literal::from_scalars(ty, &a.iter().map(|&x| Scalar::Float(x)).collect::<Vec<_>>());
        let out = program.run(&[input]).map_err(|e| e.to_string())?;
        let got: Vec<f64> = out[0].scalars().map(|s| if let Scalar::Float(f) = s { f } else { f64::NAN }).collect();
        let ok = got.len() == WIDTH && a.iter().zip(&got).all(|(&a, &g)| (g - reference(n, a)).abs() <= 1e-5 * (1.0 + g.abs()));
        eprintln!("chain of {n} ops: compiled in {compile_ms:.0} ms{}", if ok { "" } else { ", WRONG RESULT" });
        rows.push(Row { ops: n, compile_ms, ok });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_reference_follows_the_generated_chain() {
        // 4 ops from a = 1: ((1·0.5 + 1)·0.5 + 1) = 1.75.
        assert_eq!(super::reference(4, 1.0), 1.75);
        let text = super::chain(4);
        assert_eq!(text.matches("stablehlo.multiply").count(), 2);
        assert_eq!(text.matches("stablehlo.add").count(), 2);
    }
}

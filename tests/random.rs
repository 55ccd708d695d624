//! `rng_uniform` and `rng_normal` (StableHLO `rng` as JAX prints it): their distributions,
//! tested statistically over 2^16 to 2^17 draws with bounds of five standard errors (a correct
//! generator fails one such bound about once in 10^6 checks, and the numbers are fixed by the
//! seed, so a pass stays a pass), and the stream's semantics: the seed fixes the numbers, every
//! call and every run draws new ones. `checks_reject_wrong_distributions` shows the checks
//! fail on samples that are slightly off. The exact bits of `rng_bit_generator` are run tests
//! (`tests/run/random/rng_bit_generator.mlir`, pinned from XLA CPU).

use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::{Literal, Scalar};
use xhlo::runtime::{compile, CompileOptions, Program};

/// Five standard errors.
const Z: f64 = 5.0;

fn shape(dims: &[i64]) -> String {
    dims.iter().map(|d| format!("{d}x")).collect()
}

/// A program returning `calls` draws of `stablehlo.rng` of `distribution` with parameters
/// `p` and `q` (literals of `ty`) and shape `dims`, as JAX prints `lax.rng_uniform`.
fn program(distribution: &str, ty: &str, dims: &[i64], p: &str, q: &str, calls: usize) -> String {
    let out = format!("tensor<{}{ty}>", shape(dims));
    let list = dims.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ");
    let mut body = format!(
        "  %p = stablehlo.constant dense<{p}> : tensor<{ty}>\n  %q = stablehlo.constant dense<{q}> : tensor<{ty}>\n  %s = stablehlo.constant dense<[{list}]> : tensor<{}xi64>\n",
        dims.len()
    );
    for k in 0..calls {
        body += &format!("  %r{k} = stablehlo.rng %p, %q, %s, distribution = {distribution} : (tensor<{ty}>, tensor<{ty}>, tensor<{}xi64>) -> {out}\n", dims.len());
    }
    let results: Vec<String> = (0..calls).map(|k| format!("%r{k}")).collect();
    let types = vec![out.clone(); calls].join(", ");
    format!("func.func @main() -> ({types}) {{\n{body}  return {} : {types}\n}}\n", results.join(", "))
}

fn compile_with(text: &str, rng_seed: u64) -> Program {
    let ctx = XhloContext::new();
    let xhlo = xhlo::import::to_xhlo_text(text, "rng.mlir").unwrap_or_else(|e| panic!("{e}\n{text}"));
    let module = source::parse_and_verify(&ctx, &xhlo, "rng.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    compile(&ctx, &module, &CompileOptions { rng_seed, ..Default::default() }, "rng.mlir").unwrap_or_else(|e| panic!("{e}"))
}

/// The results of one run of `text` compiled with seed 0.
fn draw(text: &str) -> Vec<Literal> {
    compile_with(text, 0).run(&[]).unwrap()
}

/// Every element as an f64 (integers exactly up to 2^53).
fn values(l: &Literal) -> Vec<f64> {
    l.scalars()
        .map(|s| match s {
            Scalar::Int(i) => i as f64,
            Scalar::Float(f) => f,
            Scalar::Complex(..) => panic!("complex random numbers"),
        })
        .collect()
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

fn variance(xs: &[f64]) -> f64 {
    let m = mean(xs);
    xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (xs.len() - 1) as f64
}

/// `got` within [`Z`] standard errors `se` of `want`.
fn close(what: &str, got: f64, want: f64, se: f64) -> Result<(), String> {
    if (got - want).abs() <= Z * se {
        Ok(())
    } else {
        Err(format!("{what} is {got}, expected {want} ± {} ({:.1} standard errors off)", Z * se, (got - want).abs() / se))
    }
}

/// The fraction of `xs` for which `inside` holds is `p`, within [`Z`] binomial standard errors.
fn fraction(what: &str, xs: &[f64], p: f64, inside: impl Fn(f64) -> bool) -> Result<(), String> {
    let n = xs.len() as f64;
    let got = xs.iter().filter(|&&x| inside(x)).count() as f64 / n;
    close(what, got, p, (p * (1.0 - p) / n).sqrt())
}

/// `xs` uniform on [a, b): every value inside, and the mean, the variance and the share of
/// each of 16 equal bins those of the continuous uniform distribution.
fn check_uniform(xs: &[f64], a: f64, b: f64) -> Result<(), String> {
    if let Some(x) = xs.iter().find(|&&x| !(a <= x && x < b)) {
        return Err(format!("{x} is outside [{a}, {b})"));
    }
    let n = xs.len() as f64;
    let w = b - a;
    // Var(x) = w²/12; the sample variance's variance is (mu4 - sigma^4) / n with mu4 = w^4/80.
    close("mean", mean(xs), a + w / 2.0, (w * w / 12.0 / n).sqrt())?;
    close("variance", variance(xs), w * w / 12.0, ((w.powi(4) / 80.0 - (w * w / 12.0).powi(2)) / n).sqrt())?;
    for k in 0..16 {
        let (lo, hi) = (a + w * k as f64 / 16.0, a + w * (k + 1) as f64 / 16.0);
        fraction(&format!("share of [{lo}, {hi})"), xs, 1.0 / 16.0, |x| lo <= x && x < hi)?;
    }
    Ok(())
}

/// `xs` drawn from N(mu, sigma²): the mean, the variance, and the shares within one and two
/// standard deviations and beyond three (68.27%, 95.45%, 0.27%).
fn check_normal(xs: &[f64], mu: f64, sigma: f64) -> Result<(), String> {
    let n = xs.len() as f64;
    let var = sigma * sigma;
    close("mean", mean(xs), mu, (var / n).sqrt())?;
    close("variance", variance(xs), var, (2.0 * var * var / n).sqrt())?;
    let within = |k: f64| move |x: f64| (x - mu).abs() < k * sigma;
    fraction("share within 1 sigma", xs, 0.682_689_492_137_086, within(1.0))?;
    fraction("share within 2 sigma", xs, 0.954_499_736_103_642, within(2.0))?;
    fraction("share beyond 3 sigma", xs, 0.002_699_796_063_260_2, |x| (x - mu).abs() >= 3.0 * sigma)
}

/// `xs` uniform on the integers of [a, b): every one of them, each as often as the others.
fn check_uniform_ints(xs: &[f64], a: i64, b: i64) -> Result<(), String> {
    let k = (b - a) as f64;
    for v in a..b {
        fraction(&format!("share of {v}"), xs, 1.0 / k, |x| x == v as f64)?;
    }
    match xs.iter().find(|&&x| x < a as f64 || x >= b as f64) {
        Some(x) => Err(format!("{x} is outside [{a}, {b})")),
        None => Ok(()),
    }
}

#[test]
fn uniform_floats_fill_a_to_b() {
    for (ty, a, b, dims) in [("f32", -2.0, 3.0, vec![256, 512]), ("f64", 1e-3, 2e-3, vec![65536]), ("f32", 0.0, 1.0, vec![3, 5, 4099])] {
        let out = draw(&program("UNIFORM", ty, &dims, &format!("{a:?}"), &format!("{b:?}"), 1));
        check_uniform(&values(&out[0]), a, b).unwrap_or_else(|e| panic!("{ty} [{a}, {b}): {e}"));
    }
}

/// f16 and bf16 are drawn in f32 and rounded: rounding up to `b` would leave [a, b).
#[test]
fn uniform_half_floats_never_reach_b() {
    for ty in ["f16", "bf16"] {
        let out = draw(&program("UNIFORM", ty, &[65536], "1.0", "2.0", 1));
        let xs = values(&out[0]);
        assert!(xs.iter().all(|&x| (1.0..2.0).contains(&x)), "{ty}: {:?}", xs.iter().find(|&&x| !(1.0..2.0).contains(&x)));
        close("mean", mean(&xs), 1.5, (1.0 / 12.0 / xs.len() as f64).sqrt()).unwrap_or_else(|e| panic!("{ty}: {e}"));
    }
}

#[test]
fn uniform_integers_cover_a_to_b_evenly() {
    for (ty, a, b) in [("i32", -5, 7), ("ui8", 250, 256), ("i4", -3, 5), ("ui64", 0, 3), ("i16", -32768, -32760)] {
        let b_text = if ty == "ui8" { "255".to_string() } else { b.to_string() };
        // ui8 cannot hold 256: [250, 255) instead.
        let b = if ty == "ui8" { 255 } else { b };
        let out = draw(&program("UNIFORM", ty, &[120, 1000], &a.to_string(), &b_text, 1));
        check_uniform_ints(&values(&out[0]), a, b).unwrap_or_else(|e| panic!("{ty} [{a}, {b}): {e}"));
    }
}

/// A range of 2^63 in i64 (whose difference needs the full unsigned width).
#[test]
fn uniform_i64_spans_a_huge_range() {
    let (a, b) = (-(1i64 << 62), 1i64 << 62);
    let out = draw(&program("UNIFORM", "i64", &[65536], &a.to_string(), &b.to_string(), 1));
    let xs: Vec<f64> = values(&out[0]).iter().map(|x| x / 2f64.powi(62)).collect();
    check_uniform(&xs, -1.0, 1.0).unwrap();
}

#[test]
fn uniform_with_equal_bounds_gives_the_bound() {
    let out = draw(&program("UNIFORM", "i32", &[100], "9", "9", 1));
    assert!(values(&out[0]).iter().all(|&x| x == 9.0));
    let out = draw(&program("UNIFORM", "i1", &[100], "false", "true", 1));
    assert!(values(&out[0]).iter().all(|&x| x == 0.0), "PRED on [false, true) is false");
}

#[test]
fn normal_floats_have_mean_mu_and_deviation_sigma() {
    for (ty, mu, sigma, dims) in [("f32", 1.5, 2.0, vec![256, 512]), ("f64", -3.0, 0.5, vec![131072]), ("f32", 0.0, 1.0, vec![7, 9363])] {
        let out = draw(&program("NORMAL", ty, &dims, &format!("{mu:?}"), &format!("{sigma:?}"), 1));
        check_normal(&values(&out[0]), mu, sigma).unwrap_or_else(|e| panic!("{ty} N({mu}, {sigma}²): {e}"));
    }
    for ty in ["f16", "bf16"] {
        let out = draw(&program("NORMAL", ty, &[65536], "2.0", "0.25", 1));
        let xs = values(&out[0]);
        // Rounding to 8 (bf16) or 11 (f16) bits adds at most 2^-8 relative error per value.
        close("mean", mean(&xs), 2.0, 0.25 / (xs.len() as f64).sqrt() + 2.0 * 2f64.powi(-9)).unwrap_or_else(|e| panic!("{ty}: {e}"));
        // 1.75 and 2.25 are representable: values rounded onto them were inside half the time.
        let inside: f64 = xs.iter().map(|x| ((x - 2.0).abs() < 0.25) as u8 as f64 + ((x - 2.0).abs() == 0.25) as u8 as f64 / 2.0).sum();
        let p = 0.682_689_492_137_086;
        close("share within 1 sigma", inside / xs.len() as f64, p, (p * (1.0 - p) / xs.len() as f64).sqrt()).unwrap_or_else(|e| panic!("{ty}: {e}"));
    }
}

/// The checks above are not vacuous: draws shifted by 2% of the range, spread 3% wider or
/// missing one integer are each rejected.
#[test]
fn checks_reject_wrong_distributions() {
    let out = draw(&program("UNIFORM", "f32", &[256, 512], "0.0", "1.0", 1));
    let xs = values(&out[0]);
    check_uniform(&xs, 0.0, 1.0).unwrap();
    let shifted: Vec<f64> = xs.iter().map(|x| (x + 0.02).min(0.999)).collect();
    assert!(check_uniform(&shifted, 0.0, 1.0).is_err());
    let squeezed: Vec<f64> = xs.iter().map(|x| 0.015 + x * 0.97).collect();
    assert!(check_uniform(&squeezed, 0.0, 1.0).is_err());
    let out = draw(&program("NORMAL", "f32", &[256, 512], "0.0", "1.0", 1));
    let zs = values(&out[0]);
    check_normal(&zs, 0.0, 1.0).unwrap();
    let wide: Vec<f64> = zs.iter().map(|z| z * 1.03).collect();
    assert!(check_normal(&wide, 0.0, 1.0).is_err());
    let out = draw(&program("UNIFORM", "i32", &[120, 1000], "0", "6", 1));
    let ks = values(&out[0]);
    check_uniform_ints(&ks, 0, 6).unwrap();
    let no_five: Vec<f64> = ks.iter().map(|&k| if k == 5.0 { 4.0 } else { k }).collect();
    assert!(check_uniform_ints(&no_five, 0, 6).is_err());
}

/// Two calls in one program draw different numbers (and each is uniform).
#[test]
fn each_call_draws_new_numbers() {
    let out = draw(&program("UNIFORM", "f32", &[1000], "0.0", "1.0", 2));
    assert_ne!(out[0], out[1]);
    let (x, y) = (values(&out[0]), values(&out[1]));
    let equal = x.iter().zip(&y).filter(|(a, b)| a == b).count();
    assert!(equal < 5, "{equal} of 1000 draws equal");
}

/// The seed fixes the numbers of a compiled program; another seed gives others; each run of
/// one compiled program draws new numbers (the program's counter advances, as XLA's rng
/// state does).
#[test]
fn the_seed_fixes_the_numbers_and_each_run_draws_new_ones() {
    let text = program("NORMAL", "f32", &[64], "0.0", "1.0", 1);
    let first = compile_with(&text, 7).run(&[]).unwrap();
    let program7 = compile_with(&text, 7);
    assert_eq!(program7.run(&[]).unwrap(), first, "same seed, same numbers");
    assert_ne!(program7.run(&[]).unwrap(), first, "a second run draws new numbers");
    assert_ne!(compile_with(&text, 8).run(&[]).unwrap(), first, "another seed, other numbers");
}

/// An `rng` in a loop body draws new numbers in every iteration: row `i` of the result is
/// iteration `i`'s draw.
#[test]
fn a_call_in_a_loop_draws_new_numbers_each_iteration() {
    let text = r#"func.func @main() -> tensor<3x8xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %init = stablehlo.constant dense<0.0> : tensor<3x8xf32>
  %r:2 = stablehlo.while(%i = %zero, %acc = %init) : tensor<i32>, tensor<3x8xf32>
  cond {
    %n = stablehlo.constant dense<3> : tensor<i32>
    %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %a = stablehlo.constant dense<0.0> : tensor<f32>
    %b = stablehlo.constant dense<1.0> : tensor<f32>
    %s = stablehlo.constant dense<[1, 8]> : tensor<2xi64>
    %x = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<1x8xf32>
    %z = stablehlo.constant dense<0> : tensor<i32>
    %acc2 = stablehlo.dynamic_update_slice %acc, %x, %i, %z : (tensor<3x8xf32>, tensor<1x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x8xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i2 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i2, %acc2 : tensor<i32>, tensor<3x8xf32>
  }
  return %r#1 : tensor<3x8xf32>
}
"#;
    let xs = values(&draw(text)[0]);
    let rows: Vec<&[f64]> = xs.chunks(8).collect();
    assert!(rows.iter().all(|r| r.iter().all(|&x| (0.0..1.0).contains(&x)) && r.iter().any(|&x| x != 0.0)), "{rows:?}");
    assert!(rows[0] != rows[1] && rows[1] != rows[2] && rows[0] != rows[2], "{rows:?}");
}

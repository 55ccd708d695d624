//! The accuracy of the element-wise math ops as compiled (xhlo → linalg → LLVM → JIT), and
//! the choice of the ops `xhlo-math-approximations` turns into polynomials: each op is swept
//! over tiny, subnormal, ordinary, large and special values (±0, ±inf, NaN) and compared with
//! float64 (the C library's double functions, correctly rounded to the type), in units in
//! the last place of the result type. An op is approximated where its polynomial meets the
//! bound below and keeps every special value; the others stay on the C library.

use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::{encode, Literal, Scalar};
use xhlo::ir::{ElementType, TensorType};
use xhlo::lowering::pipeline::{APPROXIMATED_MATH_OPS, GPU_APPROXIMATED_MATH_OPS};
use xhlo::runtime::{compile, CompileOptions};
use ElementType::{BF16, F16, F32, F64};

extern "C" {
    // The C library's double erf/erfc (Rust's are not stable).
    fn erf(x: f64) -> f64;
    fn erfc(x: f64) -> f64;
}

/// One element-wise op: its xhlo name, the math op it lowers to, its element types, its
/// float64 reference and its bound in f32 ulp (f16 and bf16: 1 ulp, one rounding of an
/// f32 result that is far more accurate than their precision).
struct Op {
    xhlo: &'static str,
    math: &'static str,
    types: &'static [ElementType],
    reference: fn(f64) -> f64,
    f32_ulp: u64,
    /// Whether `xhlo-math-approximations` has a polynomial for `math` (sqrt, rsqrt and tan
    /// have none: hardware square roots, and the C library's tan).
    polynomial: bool,
}

const FLOATS: &[ElementType] = &[F16, BF16, F32, F64];

/// The ops whose lowering has a polynomial candidate in MLIR. Bounds: XLA's CPU budgets
/// (exp/tanh 3-6 ulp in f32); logistic inherits exp's error through 1/(1 + e^-x).
const OPS: &[Op] = &[
    Op { xhlo: "exponential", math: "exp", types: FLOATS, reference: f64::exp, f32_ulp: 4, polynomial: true },
    // f64: the C library's expm1 (`xhlo-libm-expm1`; convert-math-to-llvm would compute exp(x) - 1).
    Op { xhlo: "exponential_minus_one", math: "expm1", types: FLOATS, reference: f64::exp_m1, f32_ulp: 4, polynomial: true },
    Op { xhlo: "log", math: "log", types: FLOATS, reference: f64::ln, f32_ulp: 3, polynomial: true },
    Op { xhlo: "log_plus_one", math: "log1p", types: FLOATS, reference: f64::ln_1p, f32_ulp: 3, polynomial: true },
    Op { xhlo: "tanh", math: "tanh", types: FLOATS, reference: f64::tanh, f32_ulp: 4, polynomial: true },
    Op { xhlo: "logistic", math: "exp", types: FLOATS, reference: |x| 1.0 / (1.0 + (-x).exp()), f32_ulp: 6, polynomial: true },
    Op { xhlo: "erf", math: "erf", types: FLOATS, reference: |x| unsafe { erf(x) }, f32_ulp: 4, polynomial: true },
    Op { xhlo: "erfc", math: "erfc", types: FLOATS, reference: |x| unsafe { erfc(x) }, f32_ulp: 4, polynomial: true },
    Op { xhlo: "sine", math: "sin", types: FLOATS, reference: f64::sin, f32_ulp: 3, polynomial: true },
    Op { xhlo: "cosine", math: "cos", types: FLOATS, reference: f64::cos, f32_ulp: 3, polynomial: true },
    Op { xhlo: "tan", math: "tan", types: FLOATS, reference: f64::tan, f32_ulp: 3, polynomial: false },
    Op { xhlo: "sqrt", math: "sqrt", types: FLOATS, reference: f64::sqrt, f32_ulp: 1, polynomial: false },
    Op { xhlo: "rsqrt", math: "rsqrt", types: FLOATS, reference: |x| 1.0 / x.sqrt(), f32_ulp: 2, polynomial: false },
    Op { xhlo: "cbrt", math: "cbrt", types: FLOATS, reference: f64::cbrt, f32_ulp: 2, polynomial: true },
    // Exact in every type.
    Op { xhlo: "abs", math: "absf", types: FLOATS, reference: f64::abs, f32_ulp: 0, polynomial: false },
    Op { xhlo: "negate", math: "negf", types: FLOATS, reference: |x| -x, f32_ulp: 0, polynomial: false },
    Op { xhlo: "floor", math: "floor", types: FLOATS, reference: f64::floor, f32_ulp: 0, polynomial: false },
    Op { xhlo: "ceil", math: "ceil", types: FLOATS, reference: f64::ceil, f32_ulp: 0, polynomial: false },
    Op { xhlo: "round_nearest_afz", math: "round", types: FLOATS, reference: f64::round, f32_ulp: 0, polynomial: false },
    Op { xhlo: "round_nearest_even", math: "roundeven", types: FLOATS, reference: f64::round_ties_even, f32_ulp: 0, polynomial: false },
    Op { xhlo: "sign", math: "copysign", types: FLOATS, reference: |x| if x == 0.0 || x.is_nan() { x } else { 1f64.copysign(x) }, f32_ulp: 0, polynomial: false },
];

/// `xhlo-math-approximations` alone approximates the same ops as the JIT's pipeline.
#[test]
fn the_passes_default_ops_are_the_pipelines() {
    let mut text = String::from("func.func @f(%x: f32) -> f32 {\n  %v0 = arith.addf %x, %x : f32\n");
    let names = ["acos", "asin", "atan", "cbrt", "cos", "erf", "erfc", "exp", "expm1", "log", "log1p", "log2", "sin", "tanh"];
    for (i, name) in names.iter().enumerate() {
        text += &format!("  %v{} = math.{name} %v{i} : f32\n", i + 1);
    }
    text += &format!("  return %v{} : f32\n}}\n", names.len());
    let run = |pipeline: String| {
        let out = xhlo::opt::run(&xhlo::opt::Options { pipeline: Some(pipeline), ..Default::default() }, &text, "ops.mlir");
        assert!(out.success, "{}", out.errors.join("\n"));
        out.ir
    };
    let bare = run("builtin.module(xhlo-math-approximations)".into());
    assert_eq!(bare, run(format!("builtin.module(xhlo-math-approximations{{ops={APPROXIMATED_MATH_OPS}}})")));
    for name in names {
        assert_eq!(bare.contains(&format!("math.{name} ")), !approximated(name), "math.{name}");
    }
}

/// The sweep: special values, tiny and subnormal magnitudes, a dense ordinary range, log-spaced
/// magnitudes, and large values up to the f32 maximum (each with both signs; values a type
/// cannot hold round or saturate when the input is built).
fn sweep() -> Vec<f64> {
    let mut xs = vec![0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
    let mut magnitudes = vec![1e-45, 1e-42, 1e-40, 1e-38, 1.1754942e-38, 1.2e-38, 1e-30, 1e-20, 1e-10, 1e-8, 6e-8, 1e-7, 3e-5, 1e-4];
    magnitudes.extend([9.0, 10.0, 15.0, 20.0, 50.0, 87.0, 88.0, 88.7, 88.8, 89.0, 100.0, 104.0, 1e3, 1e4, 65504.0, 1e5, 1e6, 1e10, 1e20, 1e30, 3e38]);
    magnitudes.extend((0..400).map(|i| 10f64.powf(-4.0 + 8.0 * i as f64 / 400.0)));
    for m in magnitudes {
        xs.extend([m, -m]);
    }
    xs.extend((-1500..=1500).map(|i| i as f64 * 0.00671));
    xs.extend((-1000..=1000).map(|i| i as f64 * 0.0123 - 1.0)); // around log1p's pole
    xs
}

pub(crate) fn literal(t: ElementType, values: &[f64]) -> Literal {
    let scalars: Vec<_> = values.iter().map(|v| Scalar::Float(*v)).collect();
    Literal::from_scalars(TensorType::new(vec![values.len() as i64], t), &scalars)
}

pub(crate) fn float(s: Scalar) -> f64 {
    match s {
        Scalar::Float(f) => f,
        other => panic!("{other:?}"),
    }
}

/// `v` rounded to `t` (what a correctly rounded result is).
pub(crate) fn round_to(t: ElementType, v: f64) -> f64 {
    float(literal(t, &[v]).get(0))
}

/// The smallest positive normal number of `t`.
pub(crate) fn min_normal(t: ElementType) -> f64 {
    match t {
        F16 => 6.103515625e-5,
        BF16 | F32 => f32::MIN_POSITIVE as f64,
        _ => f64::MIN_POSITIVE,
    }
}

/// Units in the last place of `t` between two values of `t` (their bit patterns as signed
/// magnitudes on one line).
pub(crate) fn ulps(t: ElementType, a: f64, b: f64) -> u64 {
    let key = |v: f64| {
        let bytes = encode(t, Scalar::Float(v));
        let bits = bytes.iter().rev().fold(0u64, |w, b| (w << 8) | *b as u64);
        let width = 8 * bytes.len() as u32;
        let sign = 1u64 << (width - 1);
        if bits & sign != 0 {
            -((bits & !sign) as i128)
        } else {
            bits as i128
        }
    };
    (key(a) - key(b)).unsigned_abs() as u64
}

/// What one op computes for one type: the largest error in ulp (and where), how many results
/// below the normal range were flushed to zero, and the wrong special values.
struct Measure {
    max_ulp: u64,
    worst: f64,
    flushed: usize,
    wrong: Vec<String>,
}

fn measure(op: &Op, t: ElementType, approximations: &str) -> Measure {
    measure_on(op, t, approximations, &sweep(), false)
}

/// [`measure`] on `xs`, given to the program as its input or, with `constant`, written into
/// it as a constant (which LLVM evaluates at compile time where it can).
fn measure_on(op: &Op, t: ElementType, approximations: &str, xs: &[f64], constant: bool) -> Measure {
    let input = literal(t, xs);
    let n = xs.len();
    let ty = t.mlir_name();
    let apply = format!("%0 = \"xhlo.{}\"(%x) : (tensor<{n}x{ty}>) -> tensor<{n}x{ty}>\n  return %0 : tensor<{n}x{ty}>\n}}", op.xhlo);
    let text = if constant {
        let value = input.to_dense_body();
        format!("func.func @main() -> tensor<{n}x{ty}> {{\n  %x = \"xhlo.constant\"() {{value = dense<{value}> : tensor<{n}x{ty}>}} : () -> tensor<{n}x{ty}>\n  {apply}")
    } else {
        format!("func.func @main(%x: tensor<{n}x{ty}>) -> tensor<{n}x{ty}> {{\n  {apply}")
    };
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, &text, "math.mlir").unwrap_or_else(|d| panic!("{d:?}\n{text}"));
    let options = CompileOptions { math_approximations: approximations.to_string(), threads: 1, ..Default::default() };
    let program = compile(&ctx, &module, &options, "math.mlir").unwrap_or_else(|e| panic!("{e}"));
    let inputs = if constant { Vec::new() } else { vec![input.clone()] };
    let out = program.run(&inputs).unwrap();
    let mut m = Measure::new();
    for i in 0..n {
        let x = float(input.get(i));
        m.record(t, x, float(out[0].get(i)), round_to(t, (op.reference)(x)), || format!("{}({x:e})", op.xhlo));
    }
    m
}

impl Measure {
    fn new() -> Measure {
        Measure { max_ulp: 0, worst: 0.0, flushed: 0, wrong: Vec::new() }
    }

    /// Counts one result `got` against the correctly rounded `want` (at input `x`; `call`
    /// names the call for a wrong special value).
    fn record(&mut self, t: ElementType, x: f64, got: f64, want: f64, call: impl Fn() -> String) {
        let wrong = if want.is_nan() || got.is_nan() {
            want.is_nan() != got.is_nan()
        } else if want.is_infinite() || want == 0.0 {
            got != want || got.is_sign_negative() != want.is_sign_negative()
        } else if want.abs() < min_normal(t) {
            // Subnormal results may flush to zero (of the right sign).
            self.flushed += (got == 0.0) as usize;
            got != 0.0 && ulps(t, got, want) > 1
        } else {
            let d = ulps(t, got, want);
            if d > self.max_ulp {
                self.max_ulp = d;
                self.worst = x;
            }
            false
        };
        if wrong {
            self.wrong.push(format!("{} = {got:e}, want {want:e}", call()));
        }
    }
}

fn bound(op: &Op, t: ElementType) -> u64 {
    match t {
        F32 => op.f32_ulp,
        // 1 / (1 + e^-x) rounds three times in the type itself.
        F16 | BF16 if op.xhlo == "logistic" => 2,
        _ => op.f32_ulp.min(1),
    }
}

fn approximated(math: &str) -> bool {
    APPROXIMATED_MATH_OPS.split(',').any(|m| m == math)
}

/// Every op as shipped (its default lowering) keeps its special values and meets its bound,
/// in every float type; the errors are printed (`--nocapture`) for the README.
#[test]
fn shipped_math_ops_meet_their_bounds() {
    let mut failures = Vec::new();
    for op in OPS {
        for &t in op.types {
            let m = measure(op, t, APPROXIMATED_MATH_OPS);
            let route = if op.f32_ulp == 0 { "exact" } else if t != F64 && approximated(op.math) { "polynomial" } else { "libm" };
            eprintln!("{:<22} {:<5} {route:<10} max {} ulp at {:e}, {} flushed", op.xhlo, t.mlir_name(), m.max_ulp, m.worst, m.flushed);
            if m.max_ulp > bound(op, t) {
                failures.push(format!("{} {}: {} ulp at {:e} (bound {})", op.xhlo, t.mlir_name(), m.max_ulp, m.worst, bound(op, t)));
            }
            failures.extend(m.wrong.iter().take(3).map(|w| format!("{} {}: {w}", op.xhlo, t.mlir_name())));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The special values come out the same when the input is a constant the compiler sees: a
/// polynomial whose result on NaN is undefined in LLVM's terms (upstream exp converts a NaN
/// exponent with `fptosi`, which is poison) was folded to 1.0 for exp(NaN), while the same
/// code computed NaN at run time.
#[test]
fn special_values_are_kept_when_the_input_is_a_constant() {
    let xs = [0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN, 1e-45, 1.0];
    let mut failures = Vec::new();
    for op in OPS {
        for &t in op.types {
            let m = measure_on(op, t, APPROXIMATED_MATH_OPS, &xs, true);
            failures.extend(m.wrong.iter().map(|w| format!("{} {}: {w}", op.xhlo, t.mlir_name())));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The ops left on the C library are those whose polynomial misses its bound or a special
/// value in f32: approximating any of them fails here (so a better upstream approximation
/// shows up as a failure, and the op should join `APPROXIMATED_MATH_OPS`).
#[test]
fn the_ops_left_on_libm_miss_their_bounds_as_polynomials() {
    let mut fine = Vec::new();
    for op in OPS.iter().filter(|op| op.polynomial && !approximated(op.math)) {
        let m = measure(op, F32, &format!("{APPROXIMATED_MATH_OPS},{}", op.math));
        eprintln!(
            "{:<22} f32 polynomial: max {} ulp at {:e}, {} flushed, {} wrong special values{}",
            op.xhlo,
            m.max_ulp,
            m.worst,
            m.flushed,
            m.wrong.len(),
            m.wrong.first().map(|w| format!(", e.g. {w}")).unwrap_or_default()
        );
        if m.max_ulp <= op.f32_ulp && m.wrong.is_empty() {
            fine.push(op.xhlo);
        }
    }
    assert!(fine.is_empty(), "these ops' polynomials meet their bounds: approximate them ({fine:?})");
}

/// A binary element-wise op: its xhlo name, its float64 reference (the C library's double
/// function, or IEEE arithmetic) and its bound in f32 ulp (f16 and bf16: 1; f64: 1).
struct BinaryOp {
    xhlo: &'static str,
    reference: fn(f64, f64) -> f64,
    f32_ulp: u64,
}

const BINARY_OPS: &[BinaryOp] = &[
    BinaryOp { xhlo: "power", reference: f64::powf, f32_ulp: 2 },
    BinaryOp { xhlo: "atan2", reference: f64::atan2, f32_ulp: 2 },
    // fmod is exact in every type.
    BinaryOp { xhlo: "remainder", reference: |a, b| a % b, f32_ulp: 0 },
];

/// Pairs for the binary ops: every pair of a set of special, tiny, ordinary and large values
/// (both signs), and a dense grid of ordinary bases and exponents.
fn pair_sweep() -> Vec<(f64, f64)> {
    let mut values = vec![0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN];
    for m in [1e-40, 1e-20, 1e-7, 0.1, 0.3, 0.5, 0.999, 1.0, 1.001, 1.5, 2.0, 2.5, 3.0, 7.25, 10.0, 88.7, 100.0, 1e4, 1e10, 1e30, 3e38] {
        values.extend([m, -m]);
    }
    let mut pairs: Vec<(f64, f64)> = values.iter().flat_map(|&a| values.iter().map(move |&b| (a, b))).collect();
    for i in 0..120 {
        let a = 10f64.powf(-3.0 + 6.0 * i as f64 / 120.0);
        for j in -20..=20 {
            let b = j as f64 * 0.37;
            pairs.extend([(a, b), (-a, b), (b, a)]);
        }
    }
    pairs
}

/// `op` over [`pair_sweep`] in type `t`, compiled with the math ops `approximations`
/// approximated.
fn measure_binary(op: &BinaryOp, t: ElementType, approximations: &str) -> Measure {
    let pairs = pair_sweep();
    let n = pairs.len();
    let ty = t.mlir_name();
    let text = format!(
        "func.func @main(%a: tensor<{n}x{ty}>, %b: tensor<{n}x{ty}>) -> tensor<{n}x{ty}> {{\n  %0 = \"xhlo.{}\"(%a, %b) : (tensor<{n}x{ty}>, tensor<{n}x{ty}>) -> tensor<{n}x{ty}>\n  return %0 : tensor<{n}x{ty}>\n}}",
        op.xhlo
    );
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, &text, "binary.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let options = CompileOptions { math_approximations: approximations.to_string(), threads: 1, ..Default::default() };
    let program = compile(&ctx, &module, &options, "binary.mlir").unwrap_or_else(|e| panic!("{e}"));
    let a = literal(t, &pairs.iter().map(|p| p.0).collect::<Vec<_>>());
    let b = literal(t, &pairs.iter().map(|p| p.1).collect::<Vec<_>>());
    let out = program.run(&[a.clone(), b.clone()]).unwrap();
    let mut m = Measure::new();
    for i in 0..n {
        let (x, y) = (float(a.get(i)), float(b.get(i)));
        m.record(t, x, float(out[0].get(i)), round_to(t, (op.reference)(x, y)), || format!("{}({x:e}, {y:e})", op.xhlo));
    }
    m
}

/// Every binary op as shipped keeps its special values (the C library's) and meets its
/// bound in every float type.
#[test]
fn shipped_binary_math_ops_meet_their_bounds() {
    let mut failures = Vec::new();
    for op in BINARY_OPS {
        for &t in FLOATS {
            let ty = t.mlir_name();
            let m = measure_binary(op, t, APPROXIMATED_MATH_OPS);
            let bound = if t == F32 { op.f32_ulp } else { op.f32_ulp.min(1) };
            eprintln!("{:<22} {:<5} max {} ulp at a = {:e}, {} flushed", op.xhlo, ty, m.max_ulp, m.worst, m.flushed);
            if m.max_ulp > bound {
                failures.push(format!("{} {ty}: {} ulp at a = {:e} (bound {bound})", op.xhlo, m.max_ulp, m.worst));
            }
            failures.extend(m.wrong.iter().take(3).map(|w| format!("{} {ty}: {w}", op.xhlo)));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The largest argument for which the GPU path's sin, cos and tan are accurate: their f64
/// argument reduction is exact while k = x * 2/pi stays below 2^29 (beyond, the reduction
/// loses every digit; the README says so).
const GPU_TRIG_RANGE: f64 = 8.4e8;

/// An op's bound on the GPU path, in f32 ulp: the CPU's, but power's exp(y * log(x)) in
/// f32, whose error grows with |y * log(x)| (about 2 ulp per unit of it; measured below).
fn gpu_f32_bound(xhlo: &str, cpu: u64) -> u64 {
    match xhlo {
        "power" => 128,
        _ => cpu,
    }
}

/// The GPU pipelines' math: every op `GPU_APPROXIMATED_MATH_OPS` names is a polynomial (the
/// same code the GPU runs, here on the CPU), and each op meets its bound and keeps its
/// special values in f32, f16 and bf16, also where the input is a constant; the errors are
/// printed (`--nocapture`) for the README.
#[test]
fn gpu_math_ops_meet_their_bounds() {
    let mut failures = Vec::new();
    let specials = [0.0, -0.0, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN, 1e-45, 1.0];
    for op in OPS {
        let trig = matches!(op.math, "sin" | "cos" | "tan");
        let xs: Vec<f64> = sweep().into_iter().filter(|x| !trig || !(x.abs() >= GPU_TRIG_RANGE)).collect();
        for &t in op.types.iter().filter(|&&t| t != F64) {
            let m = measure_on(op, t, GPU_APPROXIMATED_MATH_OPS, &xs, false);
            let bound = if t == F32 { gpu_f32_bound(op.xhlo, op.f32_ulp) } else { bound(op, t) };
            eprintln!("GPU {:<22} {:<5} max {} ulp at {:e}, {} flushed", op.xhlo, t.mlir_name(), m.max_ulp, m.worst, m.flushed);
            if m.max_ulp > bound {
                failures.push(format!("{} {}: {} ulp at {:e} (bound {bound})", op.xhlo, t.mlir_name(), m.max_ulp, m.worst));
            }
            failures.extend(m.wrong.iter().take(3).map(|w| format!("{} {}: {w}", op.xhlo, t.mlir_name())));
            if trig && t == F32 {
                let large: Vec<f64> = sweep().into_iter().filter(|x| x.is_finite() && x.abs() >= GPU_TRIG_RANGE).collect();
                let m = measure_on(op, t, GPU_APPROXIMATED_MATH_OPS, &large, false);
                eprintln!("GPU {:<22} f32   beyond {GPU_TRIG_RANGE:e}: max {} ulp, {} wrong", op.xhlo, m.max_ulp, m.wrong.len());
            }
            let constant = measure_on(op, t, GPU_APPROXIMATED_MATH_OPS, &specials, true);
            failures.extend(constant.wrong.iter().map(|w| format!("{} {} (constant): {w}", op.xhlo, t.mlir_name())));
        }
    }
    for op in BINARY_OPS {
        for t in [F32, F16, BF16] {
            let m = measure_binary(op, t, GPU_APPROXIMATED_MATH_OPS);
            let bound = if t == F32 { gpu_f32_bound(op.xhlo, op.f32_ulp) } else { op.f32_ulp.min(1) };
            eprintln!("GPU {:<22} {:<5} max {} ulp at a = {:e}, {} flushed", op.xhlo, t.mlir_name(), m.max_ulp, m.worst, m.flushed);
            if m.max_ulp > bound {
                failures.push(format!("{} {}: {} ulp at a = {:e} (bound {bound})", op.xhlo, t.mlir_name(), m.max_ulp, m.worst));
            }
            failures.extend(m.wrong.iter().take(3).map(|w| format!("{} {}: {w}", op.xhlo, t.mlir_name())));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

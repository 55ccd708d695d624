//! Programs run through the whole path (xhlo → linalg → LLVM → JIT) and give the numbers
//! an independent computation gives.

use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::{Literal, Scalar};
use xhlo::ir::{ElementType, TensorType};
use xhlo::runtime::{compile, CompileOptions};

fn run(text: &str, inputs: &[Literal]) -> Vec<Literal> {
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, text, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let program = compile(&ctx, &module, &CompileOptions::default(), "test.mlir").unwrap_or_else(|e| panic!("{e}"));
    program.run(inputs).unwrap()
}

fn f32s(dims: &[i64], values: &[f32]) -> Literal {
    let scalars: Vec<_> = values.iter().map(|v| Scalar::Float(*v as f64)).collect();
    Literal::from_scalars(TensorType::new(dims.to_vec(), ElementType::F32), &scalars)
}

#[test]
fn elementwise_add_and_multiply_run() {
    let text = r#"func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "xhlo.multiply"(%0, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}"#;
    let a = f32s(&[2, 3], &[1., 2., 3., 4., 5., 6.]);
    let b = f32s(&[2, 3], &[10., 20., 30., 40., 50., 60.]);
    let out = run(text, &[a, b]);
    let got: Vec<_> = out[0].scalars().collect();
    let want: Vec<_> = [11., 44., 99., 176., 275., 396.].iter().map(|v| Scalar::Float(*v)).collect();
    assert_eq!(got, want);
}

#[test]
fn matmul_with_bias_and_row_reduction_run() {
    let text = r#"func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>, %b: tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>) {
  %0 = "xhlo.dot_general"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %1 = "xhlo.broadcast_in_dim"(%b) {broadcast_dimensions = array<i64: 1>} : (tensor<2xf32>) -> tensor<2x2xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %3 = "xhlo.reduce"(%2, %z) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x2xf32>, tensor<f32>) -> tensor<2xf32>
  return %2, %3 : tensor<2x2xf32>, tensor<2xf32>
}"#;
    let x = f32s(&[2, 3], &[1., 2., 3., 4., 5., 6.]);
    let w = f32s(&[3, 2], &[1., 0., 0., 1., 1., 1.]);
    let b = f32s(&[2], &[0.5, -0.5]);
    let out = run(text, &[x, w, b]);
    // x·w = [[4, 5], [10, 11]] + b.
    assert_eq!(out[0].scalars().collect::<Vec<_>>(), [4.5, 4.5, 10.5, 10.5].map(Scalar::Float));
    assert_eq!(out[1].scalars().collect::<Vec<_>>(), [9.0, 21.0].map(Scalar::Float));
}

/// Units in the last place between two f32 values (sign-magnitude mapped to a line).
fn ulps(a: f32, b: f32) -> u64 {
    let key = |v: f32| {
        let i = v.to_bits() as i32 as i64;
        if i < 0 { i64::from(i32::MIN) - i } else { i }
    };
    (key(a) - key(b)).unsigned_abs()
}

/// The f32 `exp`, `tanh` and `logistic` lowerings use polynomials (`xhlo-math-approximations`:
/// no libm call, so loops vectorize): they stay within a few ulp of the correctly rounded result, and keep NaN,
/// infinities, signed zeros and saturation right.
#[test]
fn f32_exp_tanh_and_logistic_are_accurate() {
    let mut xs: Vec<f32> = (-2000..=2000).map(|i| i as f32 * 0.0451).collect();
    xs.extend([0.0, -0.0, 1e-10, -1e-10, 0.124, 0.125, 0.126, 8.99, 9.0, 20.0, -20.0, 88.7, 88.73, 89.0, -87.3, -87.4, -104.0, 1e30, -1e30]);
    xs.extend([f32::INFINITY, f32::NEG_INFINITY, f32::NAN]);
    let n = xs.len() as i64;
    let input = f32s(&[n], &xs);
    let text = format!(
        r#"func.func @main(%x: tensor<{n}xf32>) -> (tensor<{n}xf32>, tensor<{n}xf32>, tensor<{n}xf32>) {{
  %0 = "xhlo.exponential"(%x) : (tensor<{n}xf32>) -> tensor<{n}xf32>
  %1 = "xhlo.tanh"(%x) : (tensor<{n}xf32>) -> tensor<{n}xf32>
  %2 = "xhlo.logistic"(%x) : (tensor<{n}xf32>) -> tensor<{n}xf32>
  return %0, %1, %2 : tensor<{n}xf32>, tensor<{n}xf32>, tensor<{n}xf32>
}}"#
    );
    let out = run(&text, &[input]);
    let get = |lit: &Literal, i: usize| match lit.get(i) {
        Scalar::Float(f) => f as f32,
        other => panic!("{other:?}"),
    };
    for (i, &x) in xs.iter().enumerate() {
        let want = [x.exp(), x.tanh(), 1.0 / (1.0 + (-x).exp())];
        for (k, name) in ["exp", "tanh", "logistic"].iter().enumerate() {
            let got = get(&out[k], i);
            if want[k].is_nan() {
                assert!(got.is_nan(), "{name}({x}) = {got}, want NaN");
                continue;
            }
            // Results below the normal range flush to zero.
            if want[k].abs() < f32::MIN_POSITIVE {
                assert!(got.abs() < f32::MIN_POSITIVE, "{name}({x}) = {got}, want {}", want[k]);
                continue;
            }
            let limit = if *name == "logistic" { 6 } else { 4 };
            assert!(ulps(got, want[k]) <= limit, "{name}({x}) = {got:e}, want {:e} ({} ulp)", want[k], ulps(got, want[k]));
        }
    }
}

#[test]
fn compile_options_are_the_default_pipelines_options() {
    use xhlo::runtime::{Fusion, JitOptions};
    let default = CompileOptions::default();
    assert_eq!(default.pipeline_options(), JitOptions::default());
    assert_eq!((default.eqsat, default.fusion, default.tile_dots, default.opt_level), (true, Fusion::EGraph, true, 3));
    let other = CompileOptions { entry: "f".into(), fusion: Fusion::Greedy, dump_dir: Some("/tmp/x".into()), ..Default::default() };
    let back = CompileOptions::from_pipeline(&JitOptions::parse(&other.pipeline_options().to_text()).unwrap());
    assert_eq!(back.pipeline(), other.pipeline());
    assert_eq!(
        default.pipeline(),
        format!("builtin.module(xhlo-jit{{entry=main eqsat=true fusion=egraph iter-limit=30 node-limit=20000 time-limit-ms=2000 fast-math=false stats=false explain=false tile-dots=true dot-tiles=6,2,256,40,4 threads=0 min-parallel-work=65536 vector-bytes=0 math-approximations={}}})", xhlo::lowering::pipeline::APPROXIMATED_MATH_OPS)
    );
}

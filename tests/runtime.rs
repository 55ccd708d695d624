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

/// `run_physical_into` writes the results into the caller's buffers, again and again, and
/// refuses buffers of the wrong size.
#[test]
fn run_physical_into_writes_the_callers_buffers() {
    let text = r#"func.func @main(%a: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>) {
  %0 = "xhlo.add"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %z = "xhlo.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "xhlo.reduce"(%a, %z) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
  return %0, %1 : tensor<3xf32>, tensor<f32>
}"#;
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, text, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let program = compile(&ctx, &module, &CompileOptions::default(), "test.mlir").unwrap_or_else(|e| panic!("{e}"));
    let (mut doubled, mut sum) = (vec![0u8; 12], vec![0u8; 4]);
    for x in [[1f32, 2., 3.], [-4., 0.5, 8.]] {
        let input: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
        program.run_physical_into(&[&input], &mut [&mut doubled, &mut sum]).unwrap();
        let floats = |b: &[u8]| b.chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect::<Vec<_>>();
        assert_eq!(floats(&doubled), x.iter().map(|v| v + v).collect::<Vec<_>>());
        assert_eq!(floats(&sum), vec![x.iter().sum::<f32>()]);
    }
    let input = vec![0u8; 12];
    let e = program.run_physical_into(&[&input], &mut [&mut doubled, &mut vec![0u8; 8]]).unwrap_err().to_string();
    assert!(e.contains("result #1 takes 4 bytes"), "{e}");
    let e = program.run_physical_into(&[&input], &mut [&mut doubled]).unwrap_err().to_string();
    assert!(e.contains("2 results, 1 buffers given"), "{e}");
    let e = program.run_physical_into(&[], &mut [&mut doubled, &mut sum]).unwrap_err().to_string();
    assert!(e.contains("takes 1 inputs, 0 given"), "{e}");
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
    assert_eq!((default.eqsat, default.fusion, default.tile_dots, default.gemm_library, default.opt_level), (true, Fusion::EGraph, true, true, 3));
    let other = CompileOptions { entry: "f".into(), fusion: Fusion::Greedy, dump_dir: Some("/tmp/x".into()), ..Default::default() };
    let back = CompileOptions::from_pipeline(&JitOptions::parse(&other.pipeline_options().to_text()).unwrap());
    assert_eq!(back.pipeline(), other.pipeline());
    assert_eq!(
        default.pipeline(),
        format!("builtin.module(xhlo-jit{{entry=main eqsat=true fusion=egraph iter-limit=30 node-limit=20000 time-limit-ms=2000 fast-math=false stats=false explain=false tile-dots=true dot-tiles=6,2,256,40,4 gemm-library=true row-fusion=true threads=0 min-parallel-work=65536 vector-bytes=0 math-approximations={} rng-seed=0 gpu-loops=false}})", xhlo::lowering::pipeline::APPROXIMATED_MATH_OPS)
    );
}

/// The JIT compiles each program's partitions on compile threads of its own: programs
/// compiled and dropped at once on several threads (each with a tiled dot, reductions and
/// OpenMP bodies in separate partitions) give the reference numbers, and programs outlive
/// one another in any order.
#[test]
fn programs_compiled_concurrently_give_the_same_numbers() {
    let n = 64;
    let text = format!(
        r#"func.func @main(%a: tensor<{n}x{n}xf32>, %b: tensor<{n}x{n}xf32>) -> (tensor<{n}x{n}xf32>, tensor<{n}xf32>) {{
  %0 = "xhlo.dot_general"(%a, %b) {{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>}} : (tensor<{n}x{n}xf32>, tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  %1 = "xhlo.tanh"(%0) : (tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  %z = "xhlo.constant"() {{value = dense<0.0> : tensor<f32>}} : () -> tensor<f32>
  %2 = "xhlo.reduce"(%1, %z) ({{
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "xhlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }}) {{dimensions = array<i64: 1>}} : (tensor<{n}x{n}xf32>, tensor<f32>) -> tensor<{n}xf32>
  return %1, %2 : tensor<{n}x{n}xf32>, tensor<{n}xf32>
}}"#
    );
    let a: Vec<f32> = (0..n * n).map(|i| ((i * 7 % 13) as f32 - 6.0) / 16.0).collect();
    let b: Vec<f32> = (0..n * n).map(|i| ((i * 5 % 11) as f32 - 5.0) / 16.0).collect();
    let mut want = vec![0f64; (n * n) as usize];
    for i in 0..n as usize {
        for j in 0..n as usize {
            let dot: f64 = (0..n as usize).map(|k| a[i * n as usize + k] as f64 * b[k * n as usize + j] as f64).sum();
            want[i * n as usize + j] = dot.tanh();
        }
    }
    let inputs = [f32s(&[n, n], &a), f32s(&[n, n], &b)];
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                let mut kept = Vec::new();
                for round in 0..4 {
                    let ctx = XhloContext::new();
                    let module = source::parse_and_verify(&ctx, &text, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
                    let program = compile(&ctx, &module, &CompileOptions::default(), "test.mlir").unwrap_or_else(|e| panic!("{e}"));
                    let out = program.run(&inputs).unwrap();
                    for (k, (g, w)) in out[0].scalars().zip(&want).enumerate() {
                        let Scalar::Float(g) = g else { panic!("{g:?}") };
                        assert!((g - w).abs() <= 1e-5, "element {k}: {g} vs {w}");
                    }
                    for (i, s) in out[1].scalars().enumerate() {
                        let Scalar::Float(s) = s else { panic!("{s:?}") };
                        let row: f64 = want[i * n as usize..(i + 1) * n as usize].iter().sum();
                        assert!((s - row).abs() <= 1e-4, "row {i}: {s} vs {row}");
                    }
                    if round % 2 == 0 {
                        kept.push(program); // dropped later, after younger programs
                    }
                }
            });
        }
    });
}

/// Unwinding on one thread while others compile, run and free programs: the unwinder looks
/// frames up while programs come and go. Compiled code registers no unwind tables, so an
/// unwinding thread never reads a freed program's (a crash in libgcc's `_Unwind_Find_FDE` was
/// seen once in this binary when they were registered).
#[test]
fn unwinding_while_other_threads_compile_and_free_programs() {
    let text = r#"func.func @main(%a: tensor<256xf32>) -> tensor<256xf32> {
  %0 = "xhlo.tanh"(%a) : (tensor<256xf32>) -> tensor<256xf32>
  %1 = "xhlo.add"(%0, %a) : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
  return %1 : tensor<256xf32>
}"#;
    let values: Vec<f32> = (0..256).map(|i| (i as f32 - 128.0) / 32.0).collect();
    let inputs = [f32s(&[256], &values)];
    let done = std::sync::atomic::AtomicBool::new(false);
    let unwound = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let compilers: Vec<_> = (0..2)
            .map(|_| {
                scope.spawn(|| {
                    let ctx = XhloContext::new();
                    for _ in 0..12 {
                        let module = source::parse_and_verify(&ctx, text, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
                        let program = compile(&ctx, &module, &CompileOptions::default(), "test.mlir").unwrap_or_else(|e| panic!("{e}"));
                        let out = program.run(&inputs).unwrap();
                        for (g, x) in out[0].scalars().zip(&values) {
                            let Scalar::Float(g) = g else { panic!("{g:?}") };
                            assert!((g - ((*x as f64).tanh() + *x as f64)).abs() < 1e-5);
                        }
                    }
                })
            })
            .collect();
        scope.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                // `resume_unwind` unwinds without the panic hook (nothing printed).
                let caught = std::panic::catch_unwind(|| std::panic::resume_unwind(Box::new(0u8)));
                assert!(caught.is_err());
                unwound.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
        });
        for c in compilers {
            c.join().unwrap();
        }
        done.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    assert!(unwound.into_inner() > 0);
}

/// A chain of 700 dependent adds: deeper than the extraction's DAG-cost bound, so its
/// choices are costed as trees (issue 11: 3,000 chained adds took 38 s to extract); the
/// numbers are still the chain's.
#[test]
fn a_long_chain_of_adds_compiles_and_runs() {
    let mut text = String::from("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n");
    let mut prev = "%x".to_string();
    for i in 0..700 {
        text += &format!("  %v{i} = \"xhlo.add\"({prev}, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n");
        prev = format!("%v{i}");
    }
    text += &format!("  return {prev} : tensor<4xf32>\n}}\n");
    let out = run(&text, &[f32s(&[4], &[1.0, 2.0, -3.0, 0.5])]);
    assert_eq!(out[0], f32s(&[4], &[701.0, 1402.0, -2103.0, 350.5]));
}

/// A body too large for the e-graph's fusion phase (its e-graph would start above
/// 1/`FUSION_ROOM` of the node limit) is fused by the greedy fuser instead, in kernels of at
/// most `MAX_GROUP_OPS` ops, and a splat constant read by every other op does not make it
/// quadratic (issue 11: 10,000 such ops took 71 s); the numbers are the chain's.
#[test]
fn a_chain_too_large_for_the_egraph_is_fused_greedily() {
    let chain = |n: usize| {
        let t = "tensor<4xf32>";
        let mut text = format!("func.func @main(%x: {t}) -> {t} {{\n  %half = \"xhlo.constant\"() {{value = dense<0.5> : {t}}} : () -> {t}\n");
        let mut prev = "%x".to_string();
        for i in 0..n {
            let op = if i % 2 == 0 { format!("\"xhlo.multiply\"({prev}, %half)") } else { format!("\"xhlo.add\"({prev}, %x)") };
            text += &format!("  %v{i} = {op} : ({t}, {t}) -> {t}\n");
            prev = format!("%v{i}");
        }
        text + &format!("  return {prev} : {t}\n}}\n")
    };
    let options = xhlo::passes::eqsat::EqsatOptions::default();
    // With room for 301 nodes, the 301 ops (300 and the constant, one fusion window) are not
    // too many, but their e-graph (with the argument's leaf, 302 nodes) is: it is built and
    // counted. 2,000 ops are too many for the default limit by their count alone.
    assert!(301 <= xhlo::passes::eqsat::pass::FUSION_WINDOW, "the chain is one fusion window");
    let room = xhlo::passes::eqsat::EqsatOptions { node_limit: 301 * xhlo::passes::eqsat::pass::FUSION_ROOM, ..options.clone() };
    let (_, stats) = xhlo::passes::eqsat::optimize_text(&chain(300), "chain.mlir", &room).unwrap();
    let report = stats.to_string();
    assert!(report.contains("greedy: ") && report.contains(" e-nodes before fusion"), "{report}");
    let n = 2000;
    let text = chain(n);
    let (fused, stats) = xhlo::passes::eqsat::optimize_text(&text, "chain.mlir", &options).unwrap();
    let report = stats.to_string();
    assert!(report.contains("greedy: ") && report.contains(" ops (at least as many e-nodes) before fusion"), "{report}");
    let kernels = fused.matches("\"xhlo.fusion\"").count();
    let most = xhlo::passes::fuse::MAX_GROUP_OPS;
    assert!(kernels >= n / most && kernels <= 2 * n.div_ceil(most), "{kernels} kernels: {report}");
    let x = [1.0f32, -2.0, 0.25, 3.0];
    let out = run(&text, &[f32s(&[4], &x)]);
    // x ← x/2 + a converges to 2a; in f32 every step is exact or rounds once.
    let want: Vec<f32> = x
        .iter()
        .map(|&a| {
            let mut v = a;
            for i in 0..n {
                v = if i % 2 == 0 { v * 0.5 } else { v + a };
            }
            v
        })
        .collect();
    assert_eq!(out[0], f32s(&[4], &want));
}

/// A body of more than `CHUNK_OPS` ops is lowered as chunks (private functions called in
/// order): values cross chunks as arguments and results (a multi-result op's too), constants
/// are copied into the chunks that read them, and the numbers do not change.
#[test]
fn a_body_split_into_chunks_gives_the_same_numbers() {
    let n = 2 * xhlo::lowering::chunks::CHUNK_OPS + 40;
    let mut text = String::from("func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi32>) {\n");
    text += "  %two = \"xhlo.constant\"() {value = dense<2.0> : tensor<4xf32>} : () -> tensor<4xf32>\n";
    text += "  %i = \"xhlo.iota\"() {iota_dimension = 0 : i64} : () -> tensor<4xi32>\n";
    text += "  %s:2 = \"xhlo.sort\"(%x, %i) ({\n  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):\n    %lt = \"xhlo.compare\"(%a, %b) {comparison_direction = \"LT\"} : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    \"gpu.yield\"(%lt) : (tensor<i1>) -> ()\n  }) {dimension = 0 : i64, is_stable = true} : (tensor<4xf32>, tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>)\n";
    let mut prev = "%s#0".to_string();
    for k in 0..n {
        // Alternate +x and *2/2 style steps that stay exact: add x, then multiply by two and
        // divide by two (using the constant defined in the first chunk).
        let op = match k % 3 {
            0 => format!("\"xhlo.add\"({prev}, %x)"),
            1 => format!("\"xhlo.multiply\"({prev}, %two)"),
            _ => format!("\"xhlo.divide\"({prev}, %two)"),
        };
        text += &format!("  %v{k} = {op} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n");
        prev = format!("%v{k}");
    }
    text += &format!("  return {prev}, %s#1 : tensor<4xf32>, tensor<4xi32>\n}}\n");
    let ctx = XhloContext::new();
    let module = source::parse_and_verify(&ctx, &text, "chunks.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let options = CompileOptions { eqsat: false, fusion: xhlo::runtime::Fusion::Off, ..Default::default() };
    let program = compile(&ctx, &module, &options, "chunks.mlir").unwrap_or_else(|e| panic!("{e}"));
    let x = [3.0f32, -1.0, 2.0, 0.5];
    let out = program.run(&[f32s(&[4], &x)]).unwrap();
    // Sorted x, then one x added per three steps.
    let sorted = [-1.0f32, 0.5, 2.0, 3.0];
    let adds = n.div_ceil(3) as f32;
    let want: Vec<f32> = sorted.iter().zip(&x).map(|(s, x)| s + adds * x).collect();
    assert_eq!(out[0], f32s(&[4], &want));
    let order = Literal::from_scalars(TensorType::new(vec![4], ElementType::S32), &[1, 3, 2, 0].map(Scalar::Int));
    assert_eq!(out[1], order);
}

/// 2^46 f32 elements: 2^48 bytes (256 TiB), more than any machine can map, so an allocation
/// of it fails at once, whatever the machine's memory and overcommit policy.
const HUGE: &str = "tensor<70368744177664xf32>";

/// A run that cannot allocate (issue 11) is an error naming the size and the tensor of that
/// size, not the end of the process: the same program fails again the same way, and the
/// process runs other programs. The static check is lifted (`memory_limit`) so the program
/// reaches the allocation.
#[test]
fn a_run_out_of_memory_is_an_error_and_the_process_runs_on() {
    let ctx = XhloContext::new();
    // The 2^48-byte intermediate is broadcast, then reversed (a copy through memory with
    // fusion off), then summed: compiled code asks for 2^48 bytes (plus its alignment) while it
    // holds two buffers of 100 MB, which the failed run frees.
    const HELD: &str = "tensor<25000000xf32>";
    let text = format!(
        r#"func.func @main(%a: tensor<f32>) -> (tensor<f32>, {HELD}) {{
  %m = "xhlo.broadcast_in_dim"(%a) {{broadcast_dimensions = array<i64>}} : (tensor<f32>) -> {HELD}
  %m2 = "xhlo.reverse"(%m) {{dimensions = array<i64: 0>}} : ({HELD}) -> {HELD}
  %big = "xhlo.broadcast_in_dim"(%a) {{broadcast_dimensions = array<i64>}} : (tensor<f32>) -> {HUGE}
  %rev = "xhlo.reverse"(%big) {{dimensions = array<i64: 0>}} : ({HUGE}) -> {HUGE}
  %z = "xhlo.constant"() {{value = dense<0.0> : tensor<f32>}} : () -> tensor<f32>
  %s = "xhlo.reduce"(%rev, %z) ({{
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %t = "xhlo.add"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%t) : (tensor<f32>) -> ()
  }}) {{dimensions = array<i64: 0>}} : ({HUGE}, tensor<f32>) -> tensor<f32>
  %m3 = "xhlo.add"(%m2, %m) : ({HELD}, {HELD}) -> {HELD}
  return %s, %m3 : tensor<f32>, {HELD}
}}"#
    );
    let module = source::parse_and_verify(&ctx, &text, "huge.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let options = CompileOptions { memory_limit: Some(u64::MAX), eqsat: false, fusion: xhlo::runtime::Fusion::Off, ..Default::default() };
    let program = compile(&ctx, &module, &options, "huge.mlir").unwrap_or_else(|e| panic!("{e}"));
    let one = f32s(&[], &[1.0]);
    for _ in 0..3 {
        let err = program.run(std::slice::from_ref(&one)).expect_err("2^48 bytes cannot be allocated");
        let message = err.to_string();
        assert!(matches!(err, xhlo::runtime::RunError::OutOfMemory(_)), "{message}");
        assert!(message.starts_with("out of memory: the compiled program could not allocate 281475.0 GB (28147497671"), "{message}");
        assert!(message.contains(&format!("({HUGE}) at huge.mlir:4:")), "the tensor of that size is named: {message}");
        // The two buffers of 100 MB it held (in their size classes; on this machine 201.3 MB).
        let freed = message.split_once("; the run's other buffers (").and_then(|(_, rest)| rest.strip_suffix(" MB) were freed"));
        assert!(freed.and_then(|mb| mb.parse::<f64>().ok()).is_some_and(|mb| mb >= 200.0), "{message}");
    }
    // A result that cannot be allocated is refused before compiled code runs.
    let text = format!("func.func @main(%a: tensor<f32>) -> {HUGE} {{\n  %big = \"xhlo.broadcast_in_dim\"(%a) {{broadcast_dimensions = array<i64>}} : (tensor<f32>) -> {HUGE}\n  return %big : {HUGE}\n}}");
    let module = source::parse_and_verify(&ctx, &text, "result.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    let program = compile(&ctx, &module, &options, "result.mlir").unwrap_or_else(|e| panic!("{e}"));
    let err = program.run(std::slice::from_ref(&one)).expect_err("2^48 bytes cannot be allocated").to_string();
    assert!(err.starts_with("out of memory: could not allocate 281475.0 GB (281474976710656 bytes) for result #0 of the entry"), "{err}");
    // The process is still usable.
    let out = run("func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {\n  %0 = \"xhlo.add\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n  return %0 : tensor<2xf32>\n}", &[f32s(&[2], &[1.0, 2.5])]);
    assert_eq!(out[0].scalars().collect::<Vec<_>>(), [2.0, 5.0].map(Scalar::Float));
}

/// The JIT splits a program over its compile threads; `convert-math-to-funcs`'s helpers
/// (integer power here) are linkonce_odr functions, which LLVM deletes from a partition that
/// does not call them. Such a helper alone in a partition once left the JIT waiting forever
/// for the symbol: it must compile (within a minute) and compute on 1 to 4 threads.
#[test]
fn a_math_helper_in_a_partition_of_its_own_links() {
    let text = r#"func.func @main(%a: tensor<6xi64>, %b: tensor<6xi64>, %c: tensor<4xi32>) -> (tensor<6xi64>, tensor<4xi32>) {
  %0 = "xhlo.power"(%a, %b) : (tensor<6xi64>, tensor<6xi64>) -> tensor<6xi64>
  %1 = "xhlo.power"(%c, %c) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1 : tensor<6xi64>, tensor<4xi32>
}"#;
    for threads in 1..=4 {
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let ctx = XhloContext::new();
            let module = source::parse_and_verify(&ctx, text, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"));
            let program = compile(&ctx, &module, &CompileOptions { threads, ..Default::default() }, "test.mlir").unwrap_or_else(|e| panic!("{e}"));
            let ints = |ty: ElementType, xs: &[i64]| Literal::from_scalars(TensorType::new(vec![xs.len() as i64], ty), &xs.iter().map(|&x| Scalar::Int(x as i128)).collect::<Vec<_>>());
            let out = program.run(&[ints(ElementType::S64, &[-1, -1, -3, 1, -3, 0]), ints(ElementType::S64, &[1, 0, -3, -3, 3, 2]), ints(ElementType::S32, &[0, 1, 2, 3])]).unwrap();
            send.send(out.iter().map(|l| l.scalars().collect::<Vec<_>>()).collect::<Vec<_>>()).unwrap();
        });
        let got = receive.recv_timeout(std::time::Duration::from_secs(60)).unwrap_or_else(|_| panic!("threads={threads}: no result within a minute (or the compile failed)"));
        let want = |xs: &[i64]| xs.iter().map(|&x| Scalar::Int(x as i128)).collect::<Vec<_>>();
        assert_eq!(got, vec![want(&[-1, 1, 0, 1, -27, 0]), want(&[1, 1, 4, 27])], "threads={threads}");
    }
}

/// A KV-cache update (two `dynamic_update_slice`s of a cache passed in, positions clamped)
/// copies the cache once, into the caller's result buffer, and writes the new rows there
/// (`xhlo-reshape-destinations`): no temporary, one memcpy. Also with the cache returned a
/// second time (the chain's start then has another use). Against a direct reference.
#[test]
fn a_cache_update_copies_the_cache_once_into_the_result() {
    let (b, s, d) = (4i64, 64i64, 16i64);
    let update = |n: &str, pos: &str, cache: &str| {
        format!("%{n} = stablehlo.dynamic_update_slice %{cache}, %u{n}, %z, %{pos}, %z : (tensor<{b}x{s}x{d}xf32>, tensor<{b}x1x{d}xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<{b}x{s}x{d}xf32>")
    };
    let head = format!("%c: tensor<{b}x{s}x{d}xf32>, %ua: tensor<{b}x1x{d}xf32>, %ub: tensor<{b}x1x{d}xf32>, %p: tensor<i32>, %q: tensor<i32>");
    let body = format!("  %z = stablehlo.constant dense<0> : tensor<i32>\n  {}\n  {}\n", update("a", "p", "c"), update("b", "q", "a"));
    let one = format!("func.func @main({head}) -> tensor<{b}x{s}x{d}xf32> {{\n{body}  return %b : tensor<{b}x{s}x{d}xf32>\n}}");
    let two = format!("func.func @main({head}) -> (tensor<{b}x{s}x{d}xf32>, tensor<{b}x{s}x{d}xf32>) {{\n{body}  return %b, %c : tensor<{b}x{s}x{d}xf32>, tensor<{b}x{s}x{d}xf32>\n}}");
    let cache: Vec<f32> = (0..b * s * d).map(|i| i as f32).collect();
    let ua: Vec<f32> = (0..b * d).map(|i| -1.0 - i as f32).collect();
    let ub: Vec<f32> = (0..b * d).map(|i| -1000.0 - i as f32).collect();
    let i32s = |v: i32| Literal::from_scalars(TensorType::new(vec![], ElementType::S32), &[Scalar::Int(v as i128)]);
    for (p, q) in [(3, 10), (70, -5), (7, 7)] {
        let mut want = cache.clone();
        for (u, pos) in [(&ua, p), (&ub, q)] {
            let row = (pos as i64).clamp(0, s - 1);
            for i in 0..b {
                for j in 0..d {
                    want[((i * s + row) * d + j) as usize] = u[(i * d + j) as usize];
                }
            }
        }
        let inputs = [f32s(&[b, s, d], &cache), f32s(&[b, 1, d], &ua), f32s(&[b, 1, d], &ub), i32s(p), i32s(q)];
        for (text, results) in [(&one, 1), (&two, 2)] {
            let (program, stages) = crate::support::compile_with_stages(text, CompileOptions::default());
            let llvm = stages.llvm;
            let out = program.run(&inputs).unwrap();
            let got: Vec<f32> = out[0].bytes.chunks(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
            assert_eq!(got, want, "positions {p}, {q}; {results} results");
            if results == 2 {
                assert_eq!(out[1].bytes, f32s(&[b, s, d], &cache).bytes, "the cache returned as it came in");
            }
            // One copy of the cache per result that holds it, nothing allocated.
            assert_eq!(llvm.matches("llvm.intr.memcpy").count(), results, "{llvm}");
            assert!(!llvm.contains("llvm.call @malloc"), "{llvm}");
        }
    }
}

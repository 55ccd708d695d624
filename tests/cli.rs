//! The `xla-opt` binary as a user meets it: exit codes, located diagnostics, flags.

use crate::support::repo_root;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn xla_opt(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xla-opt"))
        .args(args)
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const VALID: &str = "func.func @f(%a: tensor<3xi32>) -> tensor<3xi32> {\n  %0 = \"xhlo.abs\"(%a) : (tensor<3xi32>) -> tensor<3xi32>\n  return %0 : tensor<3xi32>\n}\n";

#[test]
fn valid_input_prints_ir_and_exits_zero() {
    let out = xla_opt(&["-"], VALID);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"xhlo.abs\""));
}

#[test]
fn shape_errors_name_file_line_column_op_and_rule() {
    let bad = VALID.replace("(tensor<3xi32>) -> tensor<3xi32>\n", "(tensor<3xi32>) -> tensor<4xi32>\n").replace("-> tensor<3xi32> {", "-> tensor<4xi32> {").replace("return %0 : tensor<3xi32>", "return %0 : tensor<4xi32>");
    let out = xla_opt(&["-"], &bad);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("<stdin>:2:8: error: 'xhlo.abs' op result #0 is declared as tensor<4xi32> but the op produces tensor<3xi32>"), "{err}");
}

#[test]
fn syntax_errors_are_located_and_never_crash() {
    for garbage in ["func.func @f(", "\"xhlo.add\"(", "}}}", "module { %0 = \"xhlo.add\"() : () -> () }", "\u{0}\u{1}"] {
        let out = xla_opt(&["-"], garbage);
        assert_eq!(out.status.code(), Some(1), "input {garbage:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("error:"), "input {garbage:?}: {}", stderr(&out));
    }
}

#[test]
fn irdl_level_errors_are_reported_before_shape_rules() {
    let out = xla_opt(&["-"], "func.func @f(%a: tensor<3xi32>) {\n  %0 = \"xhlo.abs\"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>\n  return\n}\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("<stdin>:2:8: error:"), "{}", stderr(&out));
}

#[test]
fn list_passes_shows_every_registered_pass() {
    let out = xla_opt(&["--list-passes"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    for p in xhlo::passes::registry::PASSES {
        assert!(text.contains(p.info.argument));
    }
}

#[test]
fn unknown_passes_and_missing_files_are_clear_errors() {
    let out = xla_opt(&["-", "--pass-pipeline=builtin.module(no-such-pass)"], VALID);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("unknown pass 'no-such-pass'"), "{}", stderr(&out));
    let out = xla_opt(&["does/not/exist.mlir"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("does/not/exist.mlir"), "{}", stderr(&out));
}

#[test]
fn split_input_file_keeps_line_numbers_and_output_file_is_written() {
    let input = format!("{VALID}// -----\nfunc.func @g(%a: tensor<2xf32>) {{\n  %0 = \"xhlo.not\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}}\n");
    let out = xla_opt(&["--split-input-file", "-"], &input);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("<stdin>:7:8: error: 'xhlo.not' op operand has element type f32 (F32) but must be an integer or PRED"), "{}", stderr(&out));
    let dir = std::env::temp_dir().join(format!("xla-opt-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("out.mlir");
    let out = xla_opt(&["-", "-o", target.to_str().unwrap(), "--pass-pipeline=builtin.module(xhlo-dce)"], VALID);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&target).unwrap().contains("xhlo.abs"));
}

#[test]
fn verify_diagnostics_checks_expectations() {
    let input = "func.func @g(%a: tensor<2xf32>) {\n  // expected-error @+1 {{must be an integer or PRED}}\n  %0 = \"xhlo.not\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n";
    assert_eq!(xla_opt(&["--verify-diagnostics", "-"], input).status.code(), Some(0));
    let wrong = input.replace("integer or PRED", "something else");
    let out = xla_opt(&["--verify-diagnostics", "-"], &wrong);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("was not produced"), "{}", stderr(&out));
}

#[test]
fn print_ir_after_all_prints_each_pass() {
    let out = xla_opt(&["-", "--print-ir-after-all", "--pass-pipeline=builtin.module(xhlo-cse,xhlo-dce)"], VALID);
    assert_eq!(out.status.code(), Some(0));
    let err = stderr(&out);
    assert!(err.contains("IR Dump After xhlo-cse") && err.contains("IR Dump After xhlo-dce"), "{err}");
}

fn xla_run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xla-run")).args(args).current_dir(repo_root()).output().unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("xla-run-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const DOUBLE: &str = "func.func @main(%a: tensor<3xf32>) -> tensor<3xf32> {\n  %0 = \"xhlo.add\"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n  return %0 : tensor<3xf32>\n}\n";

#[test]
fn xla_run_reads_npy_inputs_and_writes_npy_outputs() {
    use xhlo::ir::{literal::{Literal, Scalar}, ElementType, TensorType};
    let dir = temp_dir("io");
    std::fs::write(dir.join("p.mlir"), DOUBLE).unwrap();
    let input = Literal::from_scalars(TensorType::new([3], ElementType::F32), &[1.0, -2.5, 4.0].map(Scalar::Float));
    std::fs::write(dir.join("a.npy"), xhlo::npy::to_npy(&input).unwrap()).unwrap();
    let out_dir = dir.join("out");
    let out = xla_run(&[dir.join("p.mlir").to_str().unwrap(), "--input", dir.join("a.npy").to_str().unwrap(), "--output-dir", out_dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let result = xhlo::npy::from_npy(&std::fs::read(out_dir.join("result0.npy")).unwrap(), None).unwrap();
    assert_eq!(result.scalars().collect::<Vec<_>>(), [2.0, -5.0, 8.0].map(Scalar::Float));
}

/// A column-major parameter and results in two layouts.
const LAYOUTS: &str = "func.func @main(%a: tensor<2x3xi32, #xhlo.layout<array<i64: 0, 1>>>) -> (tensor<2x3xi32, #xhlo.layout<array<i64: 0, 1>>>, tensor<3x2xi32>) {
  %ten = \"xhlo.constant\"() {value = dense<10> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %0 = \"xhlo.multiply\"(%a, %ten) : (tensor<2x3xi32, #xhlo.layout<array<i64: 0, 1>>>, tensor<2x3xi32>) -> tensor<2x3xi32, #xhlo.layout<array<i64: 0, 1>>>
  %1 = \"xhlo.transpose\"(%a) {permutation = array<i64: 1, 0>} : (tensor<2x3xi32, #xhlo.layout<array<i64: 0, 1>>>) -> tensor<3x2xi32>
  return %0, %1 : tensor<2x3xi32, #xhlo.layout<array<i64: 0, 1>>>, tensor<3x2xi32>
}
";

#[test]
fn xla_run_npy_files_are_row_major_whatever_the_layout() {
    let dir = temp_dir("layouts");
    std::fs::write(dir.join("p.mlir"), LAYOUTS).unwrap();
    // A C-ordered int32 [[1 2 3] [4 5 6]], as numpy.save writes it.
    let header = "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 3), }";
    let mut npy = b"\x93NUMPY\x01\x00".to_vec();
    let padded = format!("{header}{}\n", " ".repeat(64 - (10 + header.len() + 1) % 64));
    npy.extend((padded.len() as u16).to_le_bytes());
    npy.extend(padded.as_bytes());
    npy.extend([1i32, 2, 3, 4, 5, 6].iter().flat_map(|v| v.to_le_bytes()));
    std::fs::write(dir.join("a.npy"), npy).unwrap();
    let out_dir = dir.join("out");
    let out = xla_run(&[dir.join("p.mlir").to_str().unwrap(), "--input", dir.join("a.npy").to_str().unwrap(), "--output-dir", out_dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // The data after each header, element by element: row-major (C order).
    let data = |name: &str| {
        let bytes = std::fs::read(out_dir.join(name)).unwrap();
        assert!(String::from_utf8_lossy(&bytes).contains("'fortran_order': False"));
        let start = 10 + u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        bytes[start..].chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect::<Vec<_>>()
    };
    assert_eq!(data("result0.npy"), [10, 20, 30, 40, 50, 60]);
    assert_eq!(data("result1.npy"), [1, 4, 2, 5, 3, 6]);
}

/// A quantized add whose parameters and result are `!quant.uniform` tensors.
const QUANTIZED_ADD: &str = "func.func @main(%a: tensor<4x!quant.uniform<i8:f32, 0.1:-30>>, %b: tensor<4x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-20>> {
  %r = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.1:-30>>, tensor<4x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-20>>
  return %r : tensor<4x!quant.uniform<i8:f32, 0.5:-20>>
}
";

#[test]
fn xla_run_passes_quantized_values_as_their_storage_integers() {
    use xhlo::ir::{literal::{Literal, Scalar}, ElementType, TensorType};
    let dir = temp_dir("quantized");
    std::fs::write(dir.join("p.mlir"), QUANTIZED_ADD).unwrap();
    let i8s = |v: [i128; 4]| Literal::from_scalars(TensorType::new([4], ElementType::S8), &v.map(Scalar::Int));
    std::fs::write(dir.join("a.npy"), xhlo::npy::to_npy(&i8s([10, -30, 0, 127])).unwrap()).unwrap();
    std::fs::write(dir.join("b.npy"), xhlo::npy::to_npy(&i8s([-20, 0, 5, -128])).unwrap()).unwrap();
    let out_dir = dir.join("out");
    let (a, b, o) = (dir.join("a.npy"), dir.join("b.npy"), out_dir.clone());
    let out = xla_run(&[dir.join("p.mlir").to_str().unwrap(), "--input", a.to_str().unwrap(), "--input", b.to_str().unwrap(), "--output-dir", o.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let result = xhlo::npy::from_npy(&std::fs::read(out_dir.join("result0.npy")).unwrap(), None).unwrap();
    // Element 0: ((10 + 30) * 0.1 + (-20 + 20) * 0.5) / 0.5 - 20 = -12; element 3:
    // ((127 + 30) * 0.1 + (-128 + 20) * 0.5) / 0.5 - 20 = -96.6, rounded to -97.
    assert_eq!(result.ty, TensorType::new([4], ElementType::S8));
    assert_eq!(result.scalars().collect::<Vec<_>>(), [-12, 0, 11, -97].map(Scalar::Int));
}

#[test]
fn xla_run_input_problems_are_clear_errors() {
    use xhlo::ir::{literal::Literal, ElementType, TensorType};
    let dir = temp_dir("errors");
    let program = dir.join("p.mlir");
    std::fs::write(&program, DOUBLE).unwrap();
    let p = program.to_str().unwrap();
    // Wrong shape, wrong dtype, missing inputs, missing entry, not a .npy file.
    let wrong_shape = dir.join("shape.npy");
    std::fs::write(&wrong_shape, xhlo::npy::to_npy(&Literal::zeros(TensorType::new([4], ElementType::F32))).unwrap()).unwrap();
    let wrong_type = dir.join("type.npy");
    std::fs::write(&wrong_type, xhlo::npy::to_npy(&Literal::zeros(TensorType::new([3], ElementType::S32))).unwrap()).unwrap();
    let garbage = dir.join("garbage.npy");
    std::fs::write(&garbage, b"not numpy").unwrap();
    for (args, expected) in [
        (vec![p, "--input", wrong_shape.to_str().unwrap()], "tensor<4xf32> but tensor<3xf32> is expected"),
        (vec![p, "--input", wrong_type.to_str().unwrap()], "tensor<3xi32> but tensor<3xf32> is expected"),
        (vec![p], "takes 1 inputs"),
        (vec![p, "--entry", "nope", "--random-inputs", "1"], "no function @nope"),
        (vec![p, "--input", garbage.to_str().unwrap()], "not a .npy file"),
    ] {
        let out = xla_run(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(expected), "{args:?}: {}", stderr(&out));
    }
}

/// A reproducer of the fuzz corpus (`tests/fuzz/corpus/`): its first line says how `xla-run`
/// is run on it and what must come out, `// xla-run %s ARGS => EXIT: FIRST LINE OF STDERR`
/// (`%s`: the file's path; the first line must start with the text given).
pub struct Reproducer {
    pub path: std::path::PathBuf,
    pub args: Vec<String>,
    pub exit: i32,
    pub first_line: String,
}

/// The corpus's reproducers, in file-name order.
pub fn corpus() -> Vec<Reproducer> {
    let files = crate::support::files("tests/fuzz/corpus", "mlir");
    assert!(files.len() >= 10, "the corpus is under tests/fuzz/corpus");
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap();
            let header = String::from_utf8_lossy(bytes.split(|&b| b == b'\n').next().unwrap()).into_owned();
            let shown = path.to_str().unwrap().to_string();
            let parse = || -> Option<Reproducer> {
                let (run, expected) = header.strip_prefix("// xla-run ")?.split_once(" => ")?;
                let (exit, first_line) = expected.split_once(": ")?;
                Some(Reproducer {
                    path: path.clone(),
                    args: run.split_whitespace().map(|a| a.replace("%s", &shown)).collect(),
                    exit: exit.parse().ok()?,
                    first_line: first_line.replace("%s", &shown),
                })
            };
            parse().unwrap_or_else(|| panic!("{}: the first line is not `// xla-run %s ARGS => EXIT: FIRST LINE`: {header}", path.display()))
        })
        .collect()
}

/// Hostile inputs (issue 11): sizes that overflow or exceed the memory limit, a run out of
/// memory, recursion, declared types that are not the values', unknown attributes, text that
/// is not UTF-8, conflicting options, an output directory that is a file: the reproducers of
/// the fuzz corpus. Each ends with the exit code and the first line of stderr its first line
/// gives (1, or 2 for a usage error), and that line carries exactly one `error:`.
#[test]
fn hostile_inputs_are_refused_with_one_located_error() {
    for r in corpus() {
        let args: Vec<&str> = r.args.iter().map(String::as_str).collect();
        let out = xla_run(&args);
        let err = stderr(&out);
        let line = err.lines().next().unwrap_or("");
        let name = r.path.display();
        assert_eq!(out.status.code(), Some(r.exit), "{name}: {err}");
        assert!(line.starts_with(&r.first_line), "{name}: got\n{line}\nexpected\n{}", r.first_line);
        assert_eq!(line.matches("error:").count(), 1, "{name}: {line}");
    }
}

/// Nestings 100,000 deep of every kind (issue 11; generated, not stored in the corpus):
/// attributes, tuple types, modules and `xhlo.case` regions each stop at the depth limit
/// with a located error, never a stack overflow.
#[test]
fn deep_nestings_are_refused_at_the_depth_limit() {
    let dir = temp_dir("deep");
    let n = 100_000;
    let cases = [
        ("attribute", format!("func.func @main(%a: tensor<f32>) -> tensor<f32> {{\n  %0 = \"xhlo.negate\"(%a) {{x.y = {}1{}}} : (tensor<f32>) -> tensor<f32>\n  return %0 : tensor<f32>\n}}\n", "[".repeat(n), "]".repeat(n)), "2:287: error: nesting too deep (more than 256 levels of brackets)"),
        ("tuple", format!("func.func @main(%a: {}tensor<f32>{}) -> tensor<f32> {{\n  %0 = stablehlo.constant dense<1.0> : tensor<f32>\n  return %0 : tensor<f32>\n}}\n", "tuple<".repeat(n), ">".repeat(n)), "1:1551: error: nesting too deep"),
        ("module", format!("{}func.func @main(%a: tensor<f32>) -> tensor<f32> {{\n  return %a : tensor<f32>\n}}\n{}", "module {\n".repeat(n), "}\n".repeat(n)), "257:8: error: nesting too deep (more than 256 levels of brackets)"),
        ("case", format!("func.func @main(%i: tensor<i32>, %a: tensor<f32>) -> tensor<f32> {{\n  %0 = {}\"xhlo.return\"(%a) : (tensor<f32>) -> () {}\n  return %0 : tensor<f32>\n}}\n", "\"xhlo.case\"(%i) ({ ".repeat(n), "}) : (tensor<i32>) -> tensor<f32> ".repeat(n)), "2:2438: error: nesting too deep (more than 256 levels of brackets)"),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(format!("{name}.mlir"));
        std::fs::write(&path, text).unwrap();
        let out = xla_run(&[path.to_str().unwrap(), "--random-inputs", "1"]);
        let err = stderr(&out);
        let line = err.lines().next().unwrap_or("");
        assert_eq!(out.status.code(), Some(1), "{name}: {err}");
        assert_eq!(line, format!("{}:{expected}", path.display()), "{name}");
    }
}

#[test]
fn xla_run_check_prints_a_line_per_test_and_a_summary() {
    let dir = temp_dir("check");
    let file = dir.join("t.mlir");
    std::fs::write(&file, "func.func @passes() {\n  %0 = \"xhlo.constant\"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>\n  \"check.expect_eq_const\"(%0) {value = dense<2> : tensor<i32>} : (tensor<i32>) -> ()\n  return\n}\n// -----\nfunc.func @fails() {\n  %0 = \"xhlo.constant\"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>\n  \"check.expect_eq_const\"(%0) {value = dense<3> : tensor<i32>} : (tensor<i32>) -> ()\n  return\n}\n").unwrap();
    let out = xla_run(&["--check", file.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout.contains("PASS passes") && stdout.contains("FAIL fails: check at line 9: element [] is 2 but expected 3"), "{stdout}");
    assert!(stdout.trim_end().ends_with("1 passed, 1 failed"), "{stdout}");
}

#[test]
fn eqsat_stats_reports_the_e_graph_and_the_fusions() {
    let out = xla_run(&["--workload", "softmax_1024", "--workloads-dir", "../shared/workloads", "--eqsat-stats"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("xhlo-eqsat @main:") && err.contains("e-classes") && err.contains("cost "), "{err}");
    assert!(err.contains("kernels 9 -> ") && err.contains("materialized") && err.contains("fusions: 2 loop, 0 input, 0 output"), "{err}");
}

#[test]
fn eqsat_explain_prints_the_rules_behind_a_rewrite() {
    let program = "func.func @main(%x: tensor<4x3xf32>) -> tensor<3x4xf32> {
  %t = \"xhlo.transpose\"(%x) {permutation = array<i64: 1, 0>} : (tensor<4x3xf32>) -> tensor<3x4xf32>
  %n = \"xhlo.negate\"(%t) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %m = \"xhlo.negate\"(%n) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %c = \"xhlo.constant\"() {value = dense<1.0> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %r = \"xhlo.multiply\"(%m, %c) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}
";
    let out = xla_opt(&["-", "--pass-pipeline=builtin.module(xhlo-eqsat)", "--eqsat-explain"], program);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("Rewrite=> multiply-by-one") && err.contains("Rewrite=> negate-negate"), "{err}");
}

/// A small program that `xhlo-eqsat` rewrites and fuses, with a dot large enough for the tiled
/// kernel.
const FUSED: &str = r#"func.func @main(%x: tensor<32x64xf32>, %w: tensor<64x32xf32>, %b: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = "xhlo.dot_general"(%x, %w) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<32x64xf32>, tensor<64x32xf32>) -> tensor<32x32xf32>
  %n = "xhlo.negate"(%b) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %m = "xhlo.negate"(%n) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  %s = "xhlo.add"(%d, %m) : (tensor<32x32xf32>, tensor<32x32xf32>) -> tensor<32x32xf32>
  %e = "xhlo.exponential"(%s) : (tensor<32x32xf32>) -> tensor<32x32xf32>
  return %e : tensor<32x32xf32>
}
"#;

#[test]
fn list_passes_shows_the_default_pipeline_and_its_options() {
    let out = xla_opt(&["--list-passes"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("--xhlo-jit "), "{text}");
    for o in xhlo::passes::jit::INFO.options {
        assert!(text.contains(&format!("{}={}", o.name, o.default)), "{} missing:\n{text}", o.name);
    }
    assert!(text.contains("dot-tiles=6,2,256,40,4") && text.contains("fusion=egraph"), "{text}");
}

/// `xhlo::runtime` compiles by running `xhlo-jit`: the LLVM dialect it hands to the JIT is what
/// `xla-opt --pass-pipeline='builtin.module(xhlo-jit)'` prints, for the default options and
/// others (written out by `xla-run --print-pipeline`).
#[test]
fn the_runtime_and_xla_opt_run_the_same_default_pipeline() {
    use xhlo::runtime::{CompileOptions, Fusion};
    let ctx = xhlo::dialect::XhloContext::new();
    let module = xhlo::dialect::source::parse_and_verify(&ctx, FUSED, "fused.mlir").unwrap();
    let ast = xhlo::runtime::module_ast(&module, "fused.mlir").unwrap();
    let greedy = CompileOptions { fusion: Fusion::Greedy, dot_tiles: "4,2,32,8,2".parse().unwrap(), rng_seed: 7, ..Default::default() };
    let plain = CompileOptions { eqsat: false, fusion: Fusion::Off, tile_dots: false, ..Default::default() };
    for (options, pipeline, flags) in [
        (CompileOptions::default(), "builtin.module(xhlo-jit)".to_string(), vec![]),
        (greedy.clone(), greedy.pipeline(), vec!["--fusion=greedy", "--dot-tiles=4,2,32,8,2", "--rng-seed=7"]),
        (plain.clone(), plain.pipeline(), vec!["--no-eqsat", "--no-fuse", "--no-tile-dots"]),
    ] {
        let (lowered, inputs, outputs) = xhlo::runtime::lower(&ctx, &ast, &options, "fused.mlir").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((inputs.len(), outputs.len()), (3, 1));
        let via_runtime = lowered.as_operation().to_string();
        assert!(via_runtime.contains("llvm.func @_mlir_ciface__xhlo_entry"), "{via_runtime}");
        let out = xla_opt(&["-", &format!("--pass-pipeline={pipeline}")], FUSED);
        assert_eq!(out.status.code(), Some(0), "{pipeline}: {}", stderr(&out));
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim_end(), via_runtime.trim_end(), "{pipeline}");
        // xla-run's flags are the pipeline's options.
        let mut args = vec!["--print-pipeline"];
        args.extend(flags);
        let printed = xla_run(&args);
        assert_eq!(String::from_utf8_lossy(&printed.stdout).trim(), options.pipeline(), "{}", stderr(&printed));
    }
    // The default pipeline rewrote and fused; the plain one did neither.
    let text = |o: &CompileOptions| xhlo::runtime::lower(&ctx, &ast, o, "fused.mlir").unwrap().0.as_operation().to_string();
    assert_ne!(text(&CompileOptions::default()), text(&plain));
}

#[test]
fn pipeline_options_are_validated() {
    for (pipeline, expected) in [
        ("builtin.module(xhlo-jit{dot-tiles=6,2,256})", "option dot-tiles=6,2,256 is not valid: expected five positive integers mr,nv,kc,mc,ku"),
        ("builtin.module(convert-xhlo-to-linalg{dot-tiles=6,0,256,40,4})", "option dot-tiles=6,0,256,40,4 is not valid"),
        ("builtin.module(xhlo-jit{fusion=sometimes})", "unknown fusion mode 'sometimes'"),
        ("builtin.module(xhlo-jit{entry=nope})", "no function @nope in the program"),
    ] {
        let out = xla_opt(&["-", &format!("--pass-pipeline={pipeline}")], FUSED);
        assert_eq!(out.status.code(), Some(1), "{pipeline}");
        assert!(stderr(&out).contains(expected), "{pipeline}: {}", stderr(&out));
    }
    let out = xla_run(&["--print-pipeline", "--dot-tiles=1,2,3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("expected five positive integers mr,nv,kc,mc,ku"), "{}", stderr(&out));
}

#[test]
fn environment_variables_are_read_by_the_tools_and_documented() {
    let help = String::from_utf8_lossy(&xla_run(&["--help"]).stdout).into_owned();
    let opt_help = String::from_utf8_lossy(&xla_opt(&["--help"], "").stdout).into_owned();
    for var in ["XHLO_FUSE", "XHLO_EQSAT_STATS", "XHLO_EQSAT_EXPLAIN", "XHLO_DOT_TILES", "XHLO_DUMP_DIR"] {
        assert!(help.contains(var), "xla-run --help lacks {var}:\n{help}");
        assert!(opt_help.contains(var), "xla-opt --help lacks {var}:\n{opt_help}");
    }
    // The environment sets the flags' defaults.
    let out = Command::new(env!("CARGO_BIN_EXE_xla-run"))
        .args(["--print-pipeline"])
        .env("XHLO_FUSE", "greedy")
        .env("XHLO_DOT_TILES", "4,2,32,8,2")
        .env("XHLO_EQSAT_STATS", "1")
        .output()
        .unwrap();
    let pipeline = String::from_utf8_lossy(&out.stdout);
    assert!(pipeline.contains("fusion=greedy") && pipeline.contains("dot-tiles=4,2,32,8,2") && pipeline.contains("stats=true"), "{pipeline}");
    // Library code reads no environment variable and sets none.
    let manifest = std::fs::read_to_string(repo_root().join("Cargo.toml")).unwrap();
    let members = manifest.split("members = [").nth(1).and_then(|m| m.split(']').next()).unwrap();
    let mut dirs = vec!["src".to_string()];
    dirs.extend(members.split(',').map(|m| m.trim().trim_matches('"').to_string()).filter(|m| !m.is_empty() && m != "bench").map(|m| format!("{m}/src")));
    assert!(dirs.len() > 4, "{dirs:?}");
    for dir in &dirs {
        for file in crate::support::files(dir, "rs") {
            let text = std::fs::read_to_string(&file).unwrap();
            for needle in ["env::var", "set_var", "var_os"] {
                assert!(!text.contains(needle), "{} uses {needle}", file.display());
            }
        }
    }
}

#[test]
fn dump_dir_writes_the_linalg_the_vector_stage_and_the_llvm_dialect() {
    let dir = temp_dir("dump");
    // 64 elements: wide enough for the vector stage on every host.
    std::fs::write(dir.join("p.mlir"), DOUBLE.replace("3xf32", "64xf32")).unwrap();
    let dump = dir.join("dump");
    let out = xla_run(&[dir.join("p.mlir").to_str().unwrap(), "--random-inputs", "1", "--dump-dir", dump.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let linalg = std::fs::read_to_string(dump.join("1-linalg.mlir")).unwrap();
    assert!(linalg.contains("linalg.generic") && linalg.contains("@_xhlo_entry"), "{linalg}");
    let vector = std::fs::read_to_string(dump.join("2-vector.mlir")).unwrap();
    assert!(vector.contains("scf.forall") && vector.contains("vector.transfer_read"), "{vector}");
    let llvm = std::fs::read_to_string(dump.join("3-llvm.mlir")).unwrap();
    assert!(llvm.contains("llvm.func @_mlir_ciface__xhlo_entry"), "{llvm}");
}

#[test]
fn timing_reports_each_pass_and_the_compile_phases() {
    let out = xla_run(&["--workload", "ew_chain", "--workloads-dir", "../shared/workloads", "--timing"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let err = stderr(&out);
    // MLIR's per-pass report, then ours: the pipeline and LLVM's code generation.
    assert!(err.contains("Execution time report") && err.contains("xhlo-eqsat") && err.contains("convert-xhlo-to-linalg"), "{err}");
    assert!(err.contains("xhlo compile phases") && err.contains("MLIR pass pipeline") && err.contains("LLVM code generation (JIT)"), "{err}");
    let out = xla_opt(&["--mlir-timing", "--pass-pipeline=builtin.module(xhlo-cse,xhlo-dce)", "-"], VALID);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("xhlo-cse") && stderr(&out).contains("Total"), "{}", stderr(&out));
}

/// Compiled code never allocates inside an OpenMP parallel region (issue 11: a failed
/// allocation there could not end the run with an error): `xhlo-serial-small-loops` keeps a
/// parallel loop that allocates, directly or through a call, on the calling thread, and a loop
/// of the same size that does not allocate parallel.
#[test]
fn parallel_loops_that_allocate_run_on_the_calling_thread() {
    let program = "func.func @f(%out: memref<1024x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    %t = memref.alloc() : memref<4xf32>
    %v = memref.load %t[%c0] : memref<4xf32>
    memref.store %v, %out[%i, %j] : memref<1024x1024xf32>
    memref.dealloc %t : memref<4xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    %v = arith.constant 1.0 : f32
    memref.store %v, %out[%i, %j] : memref<1024x1024xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    func.call @g(%out, %i) : (memref<1024x1024xf32>, index) -> ()
    scf.reduce
  }
  return
}
func.func private @g(%out: memref<1024x1024xf32>, %i: index) {
  %t = memref.alloc() : memref<4xf32>
  memref.dealloc %t : memref<4xf32>
  return
}
";
    let out = xla_opt(&["-", "--pass-pipeline=builtin.module(xhlo-serial-small-loops{min-work=0})"], program);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let loops: Vec<&str> = text.lines().filter_map(|l| l.trim_start().split_once(' ').map(|(head, _)| head)).filter(|h| ["scf.for", "scf.parallel"].contains(h)).collect();
    // The first loop nest (alloc) and the third (call) become `scf.for` nests; the second keeps
    // its leading dimension parallel.
    assert_eq!(loops, ["scf.for", "scf.for", "scf.parallel", "scf.for", "scf.for"], "{text}");
    assert_eq!(text.matches("memref.alloc()").count(), 2, "{text}");
}

/// The compiler's output does not depend on the process: hash maps are seeded per process,
/// and the e-graph extraction once summed a plan's cost in a map's order, so two plans of
/// equal cost compared unequal by a rounding and cnn_pool's fusion plan differed in one
/// process of 4 to 20 (a conv + bias + ReLU output fusion, or the bias and ReLU fused into the
/// pooling reduce instead). 40 processes (about 1.5 s) show such a regression in most runs.
#[test]
fn eqsat_gives_the_same_plan_in_every_process() {
    let program = std::fs::read_to_string(repo_root().join("bench/workloads/stablehlo/cnn_pool_b8_32x32.mlir")).unwrap();
    let pipeline = "--pass-pipeline=builtin.module(xhlo-eqsat{fuse=true time-limit-ms=600000})";
    let first = xla_opt(&["-", pipeline], &program);
    assert!(first.status.success(), "{}", stderr(&first));
    for _ in 0..39 {
        let again = xla_opt(&["-", pipeline], &program);
        assert!(again.stdout == first.stdout, "a second process printed another plan");
    }
}

#[test]
fn gpu_bundles_are_written_to_a_file_and_bad_input_is_located() {
    let o = xla_opt(&["--emit=gpu-bundle", "-"], "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n");
    assert!(!o.status.success() && stderr(&o).contains("name it with -o FILE"), "{}", stderr(&o));
    let path = std::env::temp_dir().join(format!("xhlo-cli-{}.xgpu", std::process::id()));
    let out = path.to_string_lossy().to_string();
    let o = xla_opt(&["--emit=gpu-bundle", "-o", &out, "--pass-pipeline=builtin.module(xhlo-dce)", "-"], "");
    assert!(!o.status.success() && stderr(&o).contains("--pass-pipeline cannot be given"), "{}", stderr(&o));
    let program = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.add %a, %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n";
    let o = xla_opt(&["--emit=gpu-bundle", "-o", &out, "-"], program);
    assert!(o.status.success(), "{}", stderr(&o));
    let bundle = xhlo_gpu_bundle::Bundle::from_bytes(&std::fs::read(&path).unwrap()).unwrap();
    assert_eq!((bundle.inputs.len(), bundle.outputs.len(), bundle.steps.len()), (1, 1, 1));
    std::fs::remove_file(&path).ok();
    let o = xla_opt(&["--emit=gpu-bundle", "-o", &out, "-"], "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.add %a, %a : tensor<5xf32>\n  return %0 : tensor<4xf32>\n}\n");
    assert!(!o.status.success() && stderr(&o).contains(":2:"), "{}", stderr(&o));
    assert!(!path.exists());
}

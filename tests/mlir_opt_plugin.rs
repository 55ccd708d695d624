//! The mlir-opt plugin and the C API (`make plugin`; `make test` builds them in the dev profile
//! and names their folder in XHLO_PLUGIN_DIR): upstream `mlir-opt` with the plugin verifies the
//! verify cases with exactly their expected diagnostics, gives `xla-opt`'s output on every pass
//! snapshot input and on a workload lowered to the LLVM dialect through a pipeline mixing our
//! passes with upstream ones, and a C program embeds the library.

use crate::pass_snapshots::pipeline_for;
use crate::support::{files, mlir_opt, relative, repo_root};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use xhlo::opt;

/// The folder of libxhlo_c.so and libxhlo_mlir_plugin.so, or `None` (the test says it is
/// skipped and why) when XHLO_PLUGIN_DIR is unset: plain `cargo test` does not build them.
fn plugin_dir() -> Option<PathBuf> {
    let Some(dir) = std::env::var_os("XHLO_PLUGIN_DIR").map(PathBuf::from) else {
        eprintln!("skipped: XHLO_PLUGIN_DIR is unset (`make test` builds the plugin and sets it; or `make plugin` and XHLO_PLUGIN_DIR=target/release)");
        return None;
    };
    for lib in ["libxhlo_c.so", "libxhlo_mlir_plugin.so"] {
        assert!(dir.join(lib).is_file(), "{} is missing: run `make plugin`", dir.join(lib).display());
    }
    Some(dir)
}

/// `mlir-opt` with the plugin loaded as dialect and pass plugin, on `input`.
fn mlir_opt_with_plugin(dir: &Path, args: &[&str], input: &Path) -> Output {
    let plugin = dir.join("libxhlo_mlir_plugin.so");
    Command::new(mlir_opt())
        .arg(format!("--load-dialect-plugin={}", plugin.display()))
        .arg(format!("--load-pass-plugin={}", plugin.display()))
        .args(args)
        .arg(input)
        .current_dir(repo_root())
        .output()
        .expect("mlir-opt from LLVM 22 runs (make deps installs it)")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Where two printed modules first differ (line number and both lines), for short failures.
fn first_difference(left: &str, right: &str) -> String {
    let (l, r): (Vec<&str>, Vec<&str>) = (left.lines().collect(), right.lines().collect());
    let at = (0..l.len().max(r.len())).find(|&i| l.get(i) != r.get(i)).unwrap_or(0);
    format!("line {}: mlir-opt: {:?}\n         xla-opt:  {:?}", at + 1, l.get(at).unwrap_or(&"<end>"), r.get(at).unwrap_or(&"<end>"))
}

/// Every verify case: valid chunks verify, invalid ones give exactly the expected located
/// diagnostics, checked by mlir-opt's own `--verify-diagnostics`.
#[test]
fn mlir_opt_with_the_plugin_gives_the_verify_cases_expected_diagnostics() {
    let Some(dir) = plugin_dir() else { return };
    let cases = files("tests/verify", "mlir");
    assert!(!cases.is_empty());
    let failures = failing_files(&dir, &cases, &["--split-input-file", "--verify-diagnostics", "-o", "/dev/null"]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The files of `cases` on which mlir-opt with the plugin and `args` fails, each with its
/// standard error.
fn failing_files(dir: &Path, cases: &[PathBuf], args: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for path in cases {
        let name = relative(path);
        let out = mlir_opt_with_plugin(dir, args, Path::new(&name));
        if !out.status.success() {
            failures.push(format!("{name}:\n{}", text(&out.stderr)));
        }
    }
    failures
}

/// Every run file written in xhlo (the StableHLO ones need a dialect mlir-opt lacks) parses
/// and verifies: valid programs with mixed variadic groups, tokens, layouts, `check` ops.
#[test]
fn mlir_opt_with_the_plugin_accepts_every_xhlo_run_file() {
    let Some(dir) = plugin_dir() else { return };
    let cases: Vec<PathBuf> = files("tests/run", "mlir").into_iter().filter(|p| !std::fs::read_to_string(p).unwrap().contains("stablehlo.")).collect();
    assert!(cases.len() >= 10, "only {} xhlo run files", cases.len());
    let failures = failing_files(&dir, &cases, &["--split-input-file", "-o", "/dev/null"]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `xla-opt`'s output (the library call it makes) for `text` through `pipeline`, ending in a
/// newline as mlir-opt's does.
fn xla_opt(text: &str, name: &str, pipeline: &str) -> String {
    let out = opt::run(&opt::Options { pipeline: Some(pipeline.to_string()), ..Default::default() }, text, name);
    assert!(out.success, "xla-opt: {pipeline} failed on {name}:\n{}", out.errors.join("\n"));
    out.ir + "\n"
}

/// Every pass snapshot input through its pass or pipeline: mlir-opt with the plugin prints
/// what xla-opt prints.
#[test]
fn mlir_opt_with_the_plugin_matches_xla_opt_on_every_pass_case() {
    let Some(dir) = plugin_dir() else { return };
    let cases = files("tests/passes", "mlir");
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for path in &cases {
        let name = relative(path);
        let source = std::fs::read_to_string(path).unwrap();
        let pipeline = pipeline_for(path, &source);
        let expected = xla_opt(&source, &name, &pipeline);
        let out = mlir_opt_with_plugin(&dir, &[&format!("--pass-pipeline={pipeline}")], Path::new(&name));
        if !out.status.success() {
            failures.push(format!("{name} ({pipeline}): mlir-opt failed:\n{}", text(&out.stderr)));
        } else if text(&out.stdout) != expected {
            failures.push(format!("{name} ({pipeline}): {}", first_difference(&text(&out.stdout), &expected)));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// A workload (imported from its StableHLO into xhlo) lowered to the LLVM dialect by mlir-opt
/// through `xhlo-eqsat{fuse=true ...}`, `convert-xhlo-to-linalg` and the rest of `xhlo-to-llvm`
/// spelled out, whose upstream passes mlir-opt runs itself: the same module as xla-opt's.
#[test]
fn mlir_opt_with_the_plugin_lowers_a_workload_to_llvm_as_xla_opt_does() {
    let Some(dir) = plugin_dir() else { return };
    let stablehlo = std::fs::read_to_string(repo_root().join("bench/workloads/stablehlo/cnn_pool_b8_32x32.mlir")).unwrap();
    let xhlo_text = xhlo::import::to_xhlo_text(&stablehlo, "cnn_pool_b8_32x32.mlir").expect("the workload imports");
    let input = std::env::temp_dir().join(format!("xhlo-plugin-{}-cnn_pool.mlir", std::process::id()));
    std::fs::write(&input, &xhlo_text).unwrap();
    let after_linalg = xhlo::passes::lowering::expand("xhlo-to-llvm").unwrap();
    let rest = after_linalg.split_once("convert-xhlo-to-linalg,").expect("xhlo-to-llvm lowers with convert-xhlo-to-linalg").1;
    // No time limit that a loaded machine could hit first: both runs stop at the same
    // iteration and node limits, so they extract the same program.
    let pipeline = format!("builtin.module(xhlo-eqsat{{fuse=true time-limit-ms=600000}},convert-xhlo-to-linalg,{rest})");
    let expected = xla_opt(&xhlo_text, "cnn_pool.mlir", &pipeline);
    let out = mlir_opt_with_plugin(&dir, &[&format!("--pass-pipeline={pipeline}")], &input);
    std::fs::remove_file(&input).ok();
    assert!(out.status.success(), "mlir-opt failed on {pipeline}:\n{}", text(&out.stderr));
    let printed = text(&out.stdout);
    assert!(printed.contains("llvm.func @main") && !printed.contains("xhlo."), "not lowered to the LLVM dialect:\n{printed}");
    assert!(printed == expected, "mlir-opt and xla-opt differ on {pipeline}: {}", first_difference(&printed, &expected));
}

/// Bad input through mlir-opt: a located shape error and exit 1, a mixed variadic group
/// accepted, an unknown pass option refused by mlir-opt with the option list.
#[test]
fn mlir_opt_with_the_plugin_reports_errors_at_their_locations() {
    let Some(dir) = plugin_dir() else { return };
    let out = mlir_opt_with_plugin(&dir, &[], Path::new("examples/invalid.mlir"));
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("examples/invalid.mlir:3:8: error: 'xhlo.dot_general' op"), "{stderr}");
    // xhlo.reduce over (tensor<4x3xf32>, tensor<f32>): one variadic group, two types.
    let out = mlir_opt_with_plugin(&dir, &["--pass-pipeline=builtin.module(xhlo-cse,xhlo-dce)"], Path::new("examples/mlp.mlir"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), xla_opt(&std::fs::read_to_string(repo_root().join("examples/mlp.mlir")).unwrap(), "examples/mlp.mlir", "builtin.module(xhlo-cse,xhlo-dce)"));
    let out = mlir_opt_with_plugin(&dir, &["--pass-pipeline=builtin.module(xhlo-eqsat{no-such-option=1})"], Path::new("examples/mlp.mlir"));
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no-such-option"), "{}", text(&out.stderr));
}

/// The whole-module recursion check: mlir-opt with the plugin refuses a cycle of calls with
/// exactly `xla-opt`'s located errors (the call closing each cycle, a `func.call` one included),
/// and accepts the program once the cycle is gone.
#[test]
fn mlir_opt_with_the_plugin_refuses_recursion_as_xla_opt_does() {
    let Some(dir) = plugin_dir() else { return };
    let recursive = "func.func @main(%a: tensor<i64>) -> tensor<i64> {
  %0 = \"xhlo.call\"(%a) {callee = @ping} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
func.func private @ping(%a: tensor<i64>) -> tensor<i64> {
  %0 = \"xhlo.call\"(%a) {callee = @pong} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}
func.func private @pong(%a: tensor<i64>) -> tensor<i64> {
  %0 = func.call @ping(%a) : (tensor<i64>) -> tensor<i64>
  %1 = \"xhlo.call\"(%0) {callee = @pong} : (tensor<i64>) -> tensor<i64>
  return %1 : tensor<i64>
}
";
    let path = std::env::temp_dir().join(format!("xhlo-recursion-{}.mlir", std::process::id()));
    std::fs::write(&path, recursive).unwrap();
    let name = path.display().to_string();
    let expected = opt::run(&opt::Options::default(), recursive, &name);
    assert!(!expected.success);
    let expected: Vec<&str> = expected.errors.iter().flat_map(|e| e.lines()).filter(|l| l.contains(": error: ")).collect();
    assert_eq!(expected, [
        format!("{name}:10:8: error: 'func.call' op calls @ping recursively (@ping -> @pong -> @ping): XLA programs have no recursion"),
        format!("{name}:11:8: error: 'xhlo.call' op calls @pong recursively (@pong -> @pong): XLA programs have no recursion"),
    ]);
    let out = mlir_opt_with_plugin(&dir, &["-o", "/dev/null"], &path);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    let mut got: Vec<&str> = stderr.lines().filter(|l| l.contains(": error: ")).collect();
    got.sort();
    assert_eq!(got, expected, "{stderr}");
    // The cycle broken (@pong calls @main's callee's callee no more): valid for both.
    let fixed = recursive.replace("func.call @ping(%a)", "func.call @leaf(%a)").replace("callee = @pong} : (tensor<i64>) -> tensor<i64>\n  return %1", "callee = @leaf} : (tensor<i64>) -> tensor<i64>\n  return %1")
        + "func.func private @leaf(%a: tensor<i64>) -> tensor<i64> {\n  return %a : tensor<i64>\n}\n";
    std::fs::write(&path, &fixed).unwrap();
    assert!(opt::run(&opt::Options::default(), &fixed, &name).success);
    let out = mlir_opt_with_plugin(&dir, &["-o", "/dev/null"], &path);
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::remove_file(&path).ok();
}

/// Passes nested below the top module: a module-wide pass on a nested module and xhlo-cse,
/// xhlo-dce and a C++ pass on each of its functions (a function goes to the library in a
/// module of its own, its callees declared) print what xla-opt prints for the same pipeline;
/// a module-wide pass scheduled on a function is refused at the function, exit 1.
#[test]
fn mlir_opt_with_the_plugin_runs_passes_nested_as_xla_opt_does() {
    let Some(dir) = plugin_dir() else { return };
    let input = "tests/fixtures/nested_module.mlir";
    let source = std::fs::read_to_string(repo_root().join(input)).unwrap();
    for pipeline in [
        "builtin.module(builtin.module(xhlo-eqsat))",
        "builtin.module(builtin.module(func.func(xhlo-cse,xhlo-dce)))",
        "builtin.module(builtin.module(func.func(xhlo-vectorize),xhlo-verify))",
    ] {
        let out = mlir_opt_with_plugin(&dir, &[&format!("--pass-pipeline={pipeline}")], Path::new(input));
        assert!(out.status.success(), "{pipeline}: {}", text(&out.stderr));
        let (got, want) = (text(&out.stdout), xla_opt(&source, input, pipeline));
        assert_eq!(got, want, "{pipeline}: {}", first_difference(&got, &want));
    }
    let cse = xla_opt(&source, input, "builtin.module(builtin.module(func.func(xhlo-cse,xhlo-dce)))");
    assert_eq!(cse.matches("xhlo.exponential").count(), 1, "{cse}");
    for pass in ["xhlo-eqsat", "xhlo-verify", "xhlo-to-llvm", "xhlo-jit"] {
        let out = mlir_opt_with_plugin(&dir, &[&format!("--pass-pipeline=builtin.module(func.func({pass}))")], Path::new("examples/mlp.mlir"));
        assert_eq!(out.status.code(), Some(1), "{pass}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with(&format!("examples/mlp.mlir:4:1: error: pass '{pass}' runs on a builtin.module (the module's functions as one program), not on 'func.func'")),
            "{stderr}"
        );
    }
}

/// tests/c/embed.c compiled with `cc` against include/xhlo.h and libxhlo_c.so: the located
/// shape error, the refused buffer and relu(x w + b) worked out here.
#[test]
fn a_c_program_verifies_compiles_and_runs_through_the_c_api() {
    let Some(dir) = plugin_dir() else { return };
    let exe = std::env::temp_dir().join(format!("xhlo-embed-{}", std::process::id()));
    let built = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .args(["-std=c99", "-Wall", "-Werror", "-Iinclude", "tests/c/embed.c", "-o"])
        .arg(&exe)
        .arg(format!("-L{}", dir.display()))
        .arg("-lxhlo_c")
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .current_dir(repo_root())
        .output()
        .expect("a C compiler (cc) runs");
    assert!(built.status.success(), "cc failed:\n{}", text(&built.stderr));
    let out = Command::new(&exe).output().unwrap();
    std::fs::remove_file(&exe).ok();
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "embed failed:\n{stdout}{}", text(&out.stderr));
    // x = [[1 2 3] [4 5 6]], w = [[-1 0] [1 -1] [0 1]], b = [0.5 -2].
    let x = [[1.0f32, 2.0, 3.0], [4.0, 5.0, 6.0]];
    let w = [[-1.0f32, 0.0], [1.0, -1.0], [0.0, 1.0]];
    let b = [0.5f32, -2.0];
    let mut expected = Vec::new();
    for i in 0..2 {
        for j in 0..2 {
            let dot: f32 = (0..3).map(|k| x[i][k] * w[k][j]).sum();
            expected.push(format!("y[{}] = {}", 2 * i + j, (dot + b[j]).max(0.0)));
        }
    }
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("verify: invalid.mlir:2:8: error: 'xhlo.dot_general' op"), "{stdout}");
    assert_eq!(lines[1], "null: text is NULL", "{stdout}");
    assert_eq!(lines[2], "dce: constant removed", "{stdout}");
    assert!(lines[3].starts_with("run: result #0 takes 16 bytes"), "{stdout}");
    assert_eq!(lines[4..], expected.iter().map(String::as_str).collect::<Vec<_>>()[..], "{stdout}");
}

/// The README's mlir-opt example (the block after `<!-- tested: plugin -->`, under "Three
/// ways in"), run as written but for the libraries' folder (`make plugin` is what built
/// them): it prints xla-opt's output.
#[test]
fn the_readme_plugin_example_prints_what_xla_opt_prints() {
    let Some(dir) = plugin_dir() else { return };
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let marked = readme.split("<!-- tested: plugin -->\n").nth(1).expect("the README marks the plugin example");
    let block = marked.strip_prefix("```sh\n").and_then(|b| b.split("\n```").next()).expect("a sh block follows the marker");
    let script = block.replace("target/release/", &format!("{}/", dir.display()));
    let pipeline = script.split("--pass-pipeline='").nth(1).and_then(|p| p.split('\'').next()).expect("the example names a pipeline").to_string();
    let out = Command::new("bash").args(["-c", &script]).current_dir(repo_root()).output().unwrap();
    assert!(out.status.success(), "{script}\n{}", text(&out.stderr));
    let mlp = std::fs::read_to_string(repo_root().join("examples/mlp.mlir")).unwrap();
    let expected = xla_opt(&mlp, "examples/mlp.mlir", &pipeline);
    assert!(text(&out.stdout) == expected, "{}", first_difference(&text(&out.stdout), &expected));
}

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

//! `xla-opt --emit=dot`: the fusion plan as Graphviz DOT. The DOT of a small program is a
//! snapshot (the output is deterministic), Graphviz's `dot` must read it, and input it cannot
//! draw is a located error.

use crate::support::repo_root;
use std::process::{Command, Stdio};
use std::io::Write;
use xhlo::opt;

/// The fusion plan of `examples/mlp.mlir` as `xla-opt --emit=dot` writes it.
fn mlp_dot() -> String {
    let text = std::fs::read_to_string(repo_root().join("examples/mlp.mlir")).unwrap();
    let options = opt::Options { pipeline: Some("builtin.module(xhlo-eqsat)".into()), emit: opt::Emit::Dot, ..Default::default() };
    let out = opt::run(&options, &text, "examples/mlp.mlir");
    assert!(out.success, "{}", out.errors.join("\n"));
    out.ir
}

#[test]
fn mlp_fusion_plan_matches_its_snapshot() {
    insta::with_settings!({ description => "examples/mlp.mlir through xla-opt --emit=dot", omit_expression => true }, {
        insta::assert_snapshot!("mlp_fusion_plan", mlp_dot());
    });
}

/// The SVG Graphviz's `dot` draws from `dot_text`, which it must read without a complaint;
/// `None` when Graphviz is not installed (a failure under CI, whose `make test` installs it).
fn graphviz_svg(dot_text: &str) -> Option<String> {
    if Command::new("dot").arg("-V").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "Graphviz's dot is missing under CI: `make deps` installs it");
        println!("skipped: Graphviz's `dot` is not installed (`make deps` installs it)");
        return None;
    }
    let mut child = Command::new("dot").arg("-Tsvg").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(dot_text.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success() && stderr.trim().is_empty(), "dot rejected the plan ({}): {stderr}\n{dot_text}", out.status);
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn graphviz_reads_the_dot() {
    let Some(svg) = graphviz_svg(&mlp_dot()) else { return };
    // A cluster per kernel of the plan, drawn.
    assert!(svg.contains("<svg") && (0..5).all(|k| svg.contains(&format!("kernel {k}"))), "{svg}");
}

/// Two functions: each is a cluster around its kernels' clusters, which Graphviz nests.
#[test]
fn functions_are_clusters_around_their_kernels() {
    let text = "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"xhlo.exponential\"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @helper(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @helper(%y: tensor<4xf32>) -> tensor<4xf32> {
  %0 = \"xhlo.negate\"(%y) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = \"xhlo.add\"(%0, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
";
    let options = opt::Options { pipeline: Some("builtin.module(xhlo-eqsat)".into()), emit: opt::Emit::Dot, ..Default::default() };
    let out = opt::run(&options, text, "two.mlir");
    assert!(out.success, "{}", out.errors.join("\n"));
    for cluster in ["subgraph cluster_f0 {", "label=\"@main\"", "subgraph cluster_f1 {", "label=\"@helper\"", "cluster_f1_k0 { label=\"kernel 0: loop fusion\""] {
        assert!(out.ir.contains(cluster), "no {cluster} in\n{}", out.ir);
    }
    assert!(out.ir.contains("fusion plan: 3 kernels, 48 B written"), "{}", out.ir);
    if let Some(svg) = graphviz_svg(&out.ir) {
        assert!(svg.contains("@main") && svg.contains("@helper"), "{svg}");
    }
}

#[test]
fn the_binary_writes_dot_with_the_eqsat_pipeline_implied() {
    let out = Command::new(env!("CARGO_BIN_EXE_xla-opt")).args(["examples/mlp.mlir", "--emit=dot"]).current_dir(repo_root()).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stdout), mlp_dot());
}

#[test]
fn invalid_input_is_a_located_error_not_a_picture() {
    let out = Command::new(env!("CARGO_BIN_EXE_xla-opt")).args(["examples/invalid.mlir", "--emit=dot"]).current_dir(repo_root()).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("examples/invalid.mlir:"), "{}", String::from_utf8_lossy(&out.stderr));
}

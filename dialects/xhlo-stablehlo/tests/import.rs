//! The importer over the whole generic corpus: every chunk imports, or fails only for a
//! documented unsupported feature (quantization, f8/f6/f4 types, interpreter harness ops).

use crate::corpus::{chunks, files, shared};
use std::collections::BTreeMap;
use std::path::PathBuf;
use xhlo_stablehlo::import::import_text;
use mlir_text::print::print_file;

/// Why a chunk is not imported, from its first error.
fn reason(message: &str) -> Option<&'static str> {
    if !message.contains("unsupported") {
        return None;
    }
    if message.contains("unsupported: quantization") {
        Some("quantization")
    } else if message.contains("unsupported: f8/f6/f4 types") {
        Some("f8/f6/f4 types")
    } else if message.contains("unsupported: interpreter harness feature") {
        Some("interpreter harness")
    } else {
        None
    }
}

/// Every generic chunk of the corpus: (name for reports, text).
pub fn corpus_chunks() -> Vec<(String, String)> {
    let mut inputs = files(&shared().join("stablehlo-tests/generic"), ".mlir");
    inputs.extend(files(&shared().join("workloads/stablehlo"), ".generic.mlir"));
    let mut out = Vec::new();
    for path in inputs {
        let text = std::fs::read_to_string(&path).unwrap();
        let stem = path.file_name().unwrap().to_string_lossy().replace(".mlir", "");
        for (i, chunk) in chunks(&text).into_iter().enumerate() {
            if chunk.contains("CONVERSION FAILED") || !chunk.contains("builtin.module") {
                continue;
            }
            out.push((format!("{stem}.{i}"), chunk.to_string()));
        }
    }
    out
}

/// Imports the corpus: (imported name → printed xhlo, unsupported reason → chunk names,
/// failures).
pub fn import_corpus() -> (BTreeMap<String, String>, BTreeMap<&'static str, Vec<String>>, Vec<String>) {
    let mut imported = BTreeMap::new();
    let mut unsupported: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    let mut failures = Vec::new();
    for (name, text) in corpus_chunks() {
        match import_text(&text) {
            Ok(file) => {
                imported.insert(name.clone(), print_file(&file, &format!("{name}.mlir")));
            }
            Err(errors) => {
                let reasons: Vec<_> = errors.iter().map(|e| reason(&e.message)).collect();
                match reasons.iter().all(Option::is_some) {
                    true => unsupported.entry(reasons[0].unwrap()).or_default().push(name),
                    false => failures.push(format!(
                        "{name}:\n{}",
                        errors.iter().map(|e| format!("  {e}")).collect::<Vec<_>>().join("\n")
                    )),
                }
            }
        }
    }
    (imported, unsupported, failures)
}

/// Small modules exercising every CHLO decomposition and i1 bitcast over the element types
/// they accept (the corpus has few CHLO ops): (name, StableHLO text).
pub fn decomposition_samples() -> Vec<(String, String)> {
    let module = |args: &str, op: &str, operands: &str, in_types: &str, out: &str| {
        format!(
            "func.func @f({args}) -> ({out}) {{\n  %0 = \"{op}\"({operands}) : ({in_types}) -> {out}\n  \"func.return\"(%0) : ({out}) -> ()\n}}\n"
        )
    };
    let mut out = Vec::new();
    for ty in ["f16", "bf16", "f32", "f64"] {
        let t = format!("tensor<3x{ty}>");
        let b = "tensor<3xi1>";
        for op in ["atan", "asin", "acos", "atanh", "asinh", "acosh", "sinh", "cosh", "square", "conj"] {
            out.push((format!("chlo.{op}.{ty}"), module(&format!("%a: {t}"), &format!("chlo.{op}"), "%a", &t, &t)));
        }
        for op in ["erf_inv", "lgamma", "digamma"] {
            out.push((format!("chlo.{op}.{ty}"), module(&format!("%a: {t}"), &format!("chlo.{op}"), "%a", &t, &t)));
        }
        for op in ["is_inf", "is_pos_inf", "is_neg_inf"] {
            out.push((format!("chlo.{op}.{ty}"), module(&format!("%a: {t}"), &format!("chlo.{op}"), "%a", &t, b)));
        }
        out.push((format!("chlo.next_after.{ty}"), module(&format!("%a: {t}, %b: {t}"), "chlo.next_after", "%a, %b", &format!("{t}, {t}"), &t)));
    }
    for ty in ["i2", "i4", "i8", "i16", "i32", "i64", "ui2", "ui4", "ui8", "ui16", "ui32", "ui64"] {
        let t = format!("tensor<3x{ty}>");
        out.push((format!("chlo.mulhi.{ty}"), module(&format!("%a: {t}, %b: {t}"), "chlo.mulhi", "%a, %b", &format!("{t}, {t}"), &t)));
    }
    for ty in ["complex<f32>", "complex<f64>"] {
        let t = format!("tensor<3x{ty}>");
        out.push((format!("chlo.conj.{ty}"), module(&format!("%a: {t}"), "chlo.conj", "%a", &t, &t)));
        out.push((format!("chlo.square.{ty}"), module(&format!("%a: {t}"), "chlo.square", "%a", &t, &t)));
    }
    for (name, from, to) in [
        ("pack_i8", "tensor<2x8xi1>", "tensor<2xi8>"),
        ("pack_f32", "tensor<32xi1>", "tensor<f32>"),
        ("pack_bf16", "tensor<4x16xi1>", "tensor<4xbf16>"),
        ("unpack_ui16", "tensor<3xui16>", "tensor<3x16xi1>"),
        ("unpack_f64", "tensor<f64>", "tensor<64xi1>"),
    ] {
        out.push((format!("bitcast.{name}"), module(&format!("%a: {from}"), "stablehlo.bitcast_convert", "%a", from, to)));
    }
    let binary = |op: &str, a: &str, b: &str, r: &str, attrs: &str| {
        format!(
            "func.func @f(%a: {a}, %b: {b}) -> ({r}) {{\n  %0 = \"chlo.{op}\"(%a, %b){attrs} : ({a}, {b}) -> {r}\n  \"func.return\"(%0) : ({r}) -> ()\n}}\n"
        )
    };
    out.push(("chlo.broadcast_add".into(), binary("broadcast_add", "tensor<3xf32>", "tensor<2x1xf32>", "tensor<2x3xf32>", "")));
    out.push((
        "chlo.broadcast_compare".into(),
        binary("broadcast_compare", "tensor<i32>", "tensor<2x3xi32>", "tensor<2x3xi1>", " {comparison_direction = #chlo<comparison_direction GE>}"),
    ));
    out.push((
        "chlo.broadcast_multiply.dims".into(),
        binary("broadcast_multiply", "tensor<2xf32>", "tensor<2x3xf32>", "tensor<2x3xf32>", " {broadcast_dimensions = array<i64: 0>}"),
    ));
    out.push(("chlo.broadcast_complex".into(), binary("broadcast_complex", "tensor<3xf32>", "tensor<2x3xf32>", "tensor<2x3xcomplex<f32>>", "")));
    out.push(("chlo.broadcast_next_after".into(), binary("broadcast_next_after", "tensor<f32>", "tensor<3xf32>", "tensor<3xf32>", "")));
    for (name, text) in structured_chlo_samples() {
        out.push((name.into(), text.into()));
    }
    out
}

/// chlo.scan and chlo.ragged_dot forms the corpus lacks: no inputs, several outputs of other
/// element types, reverse scans along an inner dimension; ragged dot in every mode, with
/// group sizes per leading index and operands whose dimensions come in other orders.
fn structured_chlo_samples() -> Vec<(&'static str, &'static str)> {
    vec![
        (
            "chlo.scan.no_inputs",
            r#"func.func @f(%init: tensor<i32>) -> (tensor<5xi32>, tensor<i32>) {
  %0:2 = chlo.scan() inits(%init) dimension=0 {
  ^bb0(%p: tensor<i32>):
    %q = stablehlo.add %p, %p : tensor<i32>
    stablehlo.return %p, %q : tensor<i32>, tensor<i32>
  } : (tensor<i32>) -> (tensor<5xi32>, tensor<i32>)
  return %0#0, %0#1 : tensor<5xi32>, tensor<i32>
}"#,
        ),
        (
            "chlo.scan.reverse_inner_dim_two_outputs",
            r#"func.func @f(%x: tensor<2x3x4xf32>, %c: tensor<2x4xf32>) -> (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<2x4xf32>) {
  %0:3 = chlo.scan(%x) inits(%c) dimension=1 attributes {is_reverse = true} {
  ^bb0(%xi: tensor<2x4xf32>, %ci: tensor<2x4xf32>):
    %gt = stablehlo.compare GT, %xi, %ci : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xi1>
    %m = stablehlo.maximum %xi, %ci : tensor<2x4xf32>
    stablehlo.return %gt, %m, %m : tensor<2x4xi1>, tensor<2x4xf32>, tensor<2x4xf32>
  } : (tensor<2x3x4xf32>, tensor<2x4xf32>) -> (tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<2x4xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3x4xi1>, tensor<2x3x4xf32>, tensor<2x4xf32>
}"#,
        ),
        (
            "chlo.ragged_dot.rows_per_batch_sizes",
            r#"func.func @f(%l: tensor<5x2x3xf32>, %r: tensor<2x3x3x2xf32>, %g: tensor<2x3xi32>) -> tensor<2x5x2xf32> {
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [1], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [2]>} : (tensor<5x2x3xf32>, tensor<2x3x3x2xf32>, tensor<2x3xi32>) -> tensor<2x5x2xf32>
  return %0 : tensor<2x5x2xf32>
}"#,
        ),
        (
            "chlo.ragged_dot.contracting_two_dims",
            r#"func.func @f(%l: tensor<2x2x3x4xf32>, %r: tensor<4x2x2x2xf32>, %g: tensor<2x2x2xi64>) -> tensor<2x2x3x2xf32> {
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [2], lhs_contracting_dimensions = [1, 3], rhs_contracting_dimensions = [1, 0], lhs_ragged_dimensions = [3], rhs_group_dimensions = []>} : (tensor<2x2x3x4xf32>, tensor<4x2x2x2xf32>, tensor<2x2x2xi64>) -> tensor<2x2x3x2xf32>
  return %0 : tensor<2x2x3x2xf32>
}"#,
        ),
        (
            "chlo.ragged_dot.batch",
            r#"func.func @f(%l: tensor<3x2x2xf32>, %r: tensor<3x2x2xf32>, %g: tensor<2xi64>) -> tensor<3x2x2xf32> {
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>} : (tensor<3x2x2xf32>, tensor<3x2x2xf32>, tensor<2xi64>) -> tensor<3x2x2xf32>
  return %0 : tensor<3x2x2xf32>
}"#,
        ),
    ]
}

#[test]
fn decomposition_samples_import() {
    let mut failures = Vec::new();
    for (name, text) in decomposition_samples() {
        if let Err(e) = import_text(&text) {
            failures.push(format!("{name}: {e:?}\n{text}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_imports_or_fails_only_for_documented_reasons() {
    let (imported, unsupported, failures) = import_corpus();
    assert!(failures.is_empty(), "{} chunks failed:\n{}", failures.len(), failures.join("\n"));
    let counts: BTreeMap<_, _> = unsupported.iter().map(|(k, v)| (*k, v.len())).collect();
    for (k, v) in &unsupported {
        eprintln!("{k}: {}", v.join(" "));
    }
    // Pinned: a change in these numbers is a change in what the importer supports.
    assert_eq!(imported.len(), 466, "imported chunks; unsupported: {counts:?}");
    assert_eq!(
        counts,
        BTreeMap::from([
            // constant.mlir narrow-float tests, dot_general on f8E3M4/f8E4M3, printing.mlir.
            ("f8/f6/f4 types", 15),
            // interpreter.run_parallel (collectives, send/recv, infeed/outfeed, ids),
            // interpreter.probe/print and check.expect_serialized_eq.
            ("interpreter harness", 43),
        ])
    );
}

/// Writes every imported chunk to `$XHLO_IMPORT_OUT` (default `target/import-corpus`) and,
/// when `$XLA_OPT` names the xla-opt binary, verifies each one with it.
#[test]
#[ignore = "needs the xla-opt binary: XLA_OPT=/path/to/xla-opt cargo test -p xhlo-stablehlo -- --ignored"]
fn imported_corpus_verifies_in_xla_opt() {
    let (mut imported, _, _) = import_corpus();
    for (name, text) in decomposition_samples() {
        let file = import_text(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        imported.insert(name.clone(), print_file(&file, &format!("{name}.mlir")));
    }
    let dir = std::env::var("XHLO_IMPORT_OUT")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/import-corpus"));
    std::fs::create_dir_all(&dir).unwrap();
    let xla_opt = std::env::var("XLA_OPT").ok();
    let mut rejected = Vec::new();
    for (name, text) in &imported {
        let path = dir.join(format!("{name}.mlir"));
        std::fs::write(&path, text).unwrap();
        if let Some(bin) = &xla_opt {
            let out = std::process::Command::new(bin).arg(&path).output().expect("run xla-opt");
            if !out.status.success() {
                rejected.push(format!("{name}: {}", String::from_utf8_lossy(&out.stderr).trim()));
            }
        }
    }
    eprintln!("{} imported chunks written to {}; {} rejected by xla-opt", imported.len(), dir.display(), rejected.len());
    assert!(rejected.is_empty(), "xla-opt rejected {} of {}:\n{}", rejected.len(), imported.len(), rejected.join("\n"));
}

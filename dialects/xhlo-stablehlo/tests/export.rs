//! The exporter over the shared corpus: every StableHLO test chunk (pretty form, as upstream
//! wrote it) and every JAX workload that imports is exported back to StableHLO and imported
//! again, giving the same xhlo program; and, when a jaxlib Python is named, jaxlib's MLIR
//! parser (with the StableHLO and CHLO dialects) accepts every exported file.

use crate::corpus::{chunks, files, shared};
use crate::forms::{first_difference, normalize};
use std::collections::HashSet;
use std::path::PathBuf;
use mlir_text::ast::{File, Op};
use xhlo_stablehlo::export::{export_file, export_file_with, to_stablehlo, Names, Options};
use xhlo_stablehlo::import::import_file;
use xhlo_stablehlo::parse_file;
use mlir_text::print::print_file;

/// Every pretty chunk that defines a function (the StableHLO tests), and the JAX workloads.
fn pretty_sources() -> Vec<(String, String)> {
    let tests = shared().join("stablehlo-tests/mlir");
    let mut out = Vec::new();
    for path in files(&tests, ".mlir") {
        let text = std::fs::read_to_string(&path).unwrap();
        let rel = path.strip_prefix(&tests).unwrap().display().to_string();
        for (i, chunk) in chunks(&text).into_iter().filter(|c| c.contains("func.func")).enumerate() {
            out.push((format!("{rel} #{i}"), chunk.to_string()));
        }
    }
    for path in files(&shared().join("workloads/stablehlo"), ".mlir") {
        if !path.to_string_lossy().ends_with(".generic.mlir") {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            out.push((name, std::fs::read_to_string(&path).unwrap()));
        }
    }
    out
}

/// Programs for the forms the corpus lacks (its collective, send/recv and infeed tests run
/// under `interpreter.run_parallel`, which does not import): multi-input and non-compact
/// reduces, `rng`, collectives, tokens, custom calls, dot precision and algorithm, fft,
/// cholesky, batch norms, CHLO ops, function declarations and calls.
/// Samples of ops newer than jaxlib 0.10.2's StableHLO (1.17): `collective_reduce` and
/// `collective_broadcast`'s `has_dynamic_root`, which its parser rejects (the suite's
/// chunks with them fail its generic conversion too, stablehlo-tests/INDEX.md). They
/// round-trip through our import and export but are not given to jaxlib.
const NEWER_THAN_JAXLIB: &[&str] = &["collectives_newer_than_jaxlib"];

pub fn samples() -> Vec<(String, String)> {
    let samples: &[(&str, &str)] = &[
        (
            "reduce_two_inputs",
            r#"func.func @main(%a: tensor<4xf32>, %b: tensor<4xi32>) -> (tensor<f32>, tensor<i32>) {
  %ia = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %ib = stablehlo.constant dense<0> : tensor<i32>
  %r:2 = stablehlo.reduce(%a init: %ia), (%b init: %ib) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
   reducer(%x: tensor<f32>, %y: tensor<f32>) (%i: tensor<i32>, %j: tensor<i32>) {
    %gt = stablehlo.compare GT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %m = stablehlo.select %gt, %x, %y : tensor<i1>, tensor<f32>
    %k = stablehlo.select %gt, %i, %j : tensor<i1>, tensor<i32>
    stablehlo.return %m, %k : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}"#,
        ),
        (
            "reduce_swapped_operands",
            r#"func.func @main(%a: tensor<2x3xf32>) -> tensor<2xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%a init: %z) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
   reducer(%x: tensor<f32>, %y: tensor<f32>) {
    %s = stablehlo.subtract %y, %x : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %r : tensor<2xf32>
}"#,
        ),
        (
            "rng",
            r#"func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<2x3xf32>, tensor<f32>) {
  %s = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  %e = stablehlo.constant dense<> : tensor<0xi64>
  %1 = stablehlo.rng %a, %b, %e, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<0xi64>) -> tensor<f32>
  return %0, %1 : tensor<2x3xf32>, tensor<f32>
}"#,
        ),
        (
            "collectives",
            r#"func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<ui32>, tensor<ui32>) {
  %0 = "stablehlo.all_reduce"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<8xf32>
  %2 = "stablehlo.reduce_scatter"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<2xf32>
  %3 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "stablehlo.collective_broadcast"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %5 = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "stablehlo.cross-replica-sum"(%x) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %7 = stablehlo.replica_id : tensor<ui32>
  %8 = stablehlo.partition_id : tensor<ui32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xf32>, tensor<8xf32>, tensor<2xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<ui32>, tensor<ui32>
}"#,
        ),
        (
            NEWER_THAN_JAXLIB[0],
            r#"func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "stablehlo.collective_reduce"(%x) <{replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.subtract %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %root = stablehlo.constant dense<1> : tensor<1xi32>
  %1 = "stablehlo.collective_broadcast"(%x, %root) <{has_dynamic_root, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, tensor<1xi32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}"#,
        ),
        (
            "tokens",
            r#"func.func @main(%x: tensor<2xf32>, %t: !stablehlo.token) -> (tensor<2xf32>, !stablehlo.token) {
  %0 = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %2:2 = "stablehlo.infeed"(%1#1) <{infeed_config = "feed"}> : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
  %3 = "stablehlo.outfeed"(%2#0, %2#1) <{outfeed_config = "out"}> : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  %4 = stablehlo.after_all %3, %t : !stablehlo.token
  %5 = stablehlo.after_all : !stablehlo.token
  %6 = stablehlo.after_all %4, %5 : !stablehlo.token
  %7 = stablehlo.tuple %x, %6 : tuple<tensor<2xf32>, !stablehlo.token>
  %8 = stablehlo.get_tuple_element %7[1] : (tuple<tensor<2xf32>, !stablehlo.token>) -> !stablehlo.token
  return %1#0, %8 : tensor<2xf32>, !stablehlo.token
}"#,
        ),
        (
            "custom_call",
            r#"func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = stablehlo.custom_call @foo(%x) {api_version = 2 : i32, backend_config = "cfg", has_side_effect = true, operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = stablehlo.custom_call @"odd target"(%0) {mhlo.frontend_attributes = {x = "y"}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}"#,
        ),
        (
            "linear_algebra",
            r#"func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %m: tensor<3x3xf32>, %c: tensor<4xcomplex<f32>>, %r: tensor<8xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<3x3xf32>, tensor<4xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<3x3xf32>) {
  %0 = stablehlo.dot %a, %b, precision = [HIGH, HIGHEST] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %2 = stablehlo.cholesky %m, lower = true : tensor<3x3xf32>
  %3 = stablehlo.fft %c, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %4 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  %5 = "stablehlo.triangular_solve"(%m, %m) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<3x3xf32>, tensor<4xcomplex<f32>>, tensor<5xcomplex<f32>>, tensor<3x3xf32>
}"#,
        ),
        (
            "normalization_and_random_bits",
            r#"func.func @main(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %state: tensor<2xui64>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<4xui32>, tensor<2x3xf32>, tensor<i32>) {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1:3 = "stablehlo.batch_norm_training"(%x, %s, %s) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %2:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  %3:2 = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %4 = stablehlo.reduce_precision %x, format = e5m10 : tensor<2x3xf32>
  %5 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<2x3xf32>) -> tensor<i32>
  return %0, %1#0, %1#1, %2#0, %3#1, %4, %5 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<4xui32>, tensor<2x3xf32>, tensor<i32>
}"#,
        ),
        (
            "chlo_and_mixed_types",
            r#"func.func @main(%v: tensor<5xf32>, %c: tensor<2xcomplex<f32>>, %p: tensor<i1>, %lo: tensor<f32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<5xf32>, tensor<2xf32>, tensor<5xf32>, tensor<5xf32>, tensor<2xf32>, tensor<5xi1>) {
  %0:2 = chlo.top_k(%v, k = 2) : tensor<5xf32> -> (tensor<2xf32>, tensor<2xi32>)
  %1 = chlo.erf %v : tensor<5xf32> -> tensor<5xf32>
  %2 = stablehlo.abs %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %3 = stablehlo.clamp %lo, %v, %lo : (tensor<f32>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
  %4 = stablehlo.select %p, %v, %v : tensor<i1>, tensor<5xf32>
  %5 = stablehlo.slice %v [1:5:2] : (tensor<5xf32>) -> tensor<2xf32>
  %6 = stablehlo.compare NE, %v, %v : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  return %0#0, %0#1, %1, %2, %3, %4, %5, %6 : tensor<2xf32>, tensor<2xi32>, tensor<5xf32>, tensor<2xf32>, tensor<5xf32>, tensor<5xf32>, tensor<2xf32>, tensor<5xi1>
}"#,
        ),
        (
            "module_functions",
            r#"module @m attributes {mhlo.num_partitions = 1 : i32} {
  func.func private @callee(%x: tensor<2xf32> {mhlo.sharding = "{replicated}"}) -> (tensor<2xf32>, tensor<2xf32>) {
    return %x, %x : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @declared(tensor<2xf32>) -> tensor<2xf32>
  func.func public @main(%x: tensor<2xf32>) -> (tensor<2xf32> {jax.result_info = "result"}) attributes {some.flag} {
    %0:2 = call @callee(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    %1:2 = stablehlo.optimization_barrier %0#0, %0#1 : tensor<2xf32>, tensor<2xf32>
    return %1#0 : tensor<2xf32>
  }
}"#,
        ),
    ];
    samples.iter().map(|(n, t)| (format!("sample.{n}"), t.to_string())).collect()
}

/// The chunks that parse and import: (name, xhlo generic text as MLIR would print it).
fn imported_sources() -> (Vec<(String, String)>, usize) {
    let sources = pretty_sources();
    let total = sources.len();
    let mut out = Vec::new();
    for (name, text) in sources {
        let Ok(file) = parse_file(&text) else { continue };
        let Ok(xhlo) = import_file(&file) else { continue };
        out.push((name.clone(), print_file(&xhlo, &format!("{name}.mlir"))));
    }
    (out, total)
}

/// xhlo text → export → parse → import, compared with the xhlo program. On the way, the
/// parsed export must be the StableHLO tree the printer was given (the printed forms are
/// exactly what the parser reads back).
fn round_trip(xhlo_text: &str) -> Result<(), String> {
    let xhlo = parse_file(xhlo_text).map_err(|e| format!("the printed xhlo does not parse: {e}"))?;
    let exported = export_file(&xhlo).map_err(|e| format!("export failed: {e:?}"))?;
    let parsed = parse_file(&exported).map_err(|e| format!("the exported text does not parse: {e}\n{exported}"))?;
    let stablehlo = to_stablehlo(&xhlo, &mut Names::of_file(&xhlo)).map_err(|e| format!("export failed: {e:?}"))?;
    let (given, printed) = (normalize(stablehlo), normalize(parsed.clone()));
    if given != printed {
        return Err(format!("printing changed the StableHLO tree: {}\n{exported}", first_difference(&printed, &given)));
    }
    let again = import_file(&parsed).map_err(|e| format!("the exported text does not import: {e:?}\n{exported}"))?;
    let (before, after) = (normalize(drop_dead_constants(xhlo)), normalize(drop_dead_constants(again)));
    if before == after {
        Ok(())
    } else {
        Err(format!("{}\n{exported}", first_difference(&after, &before)))
    }
}

/// Removes the constants nothing uses: the importer drops `rng`'s shape operand but keeps
/// the constant that defined it, and the export defines a new one, so the two programs are
/// equal up to unused constants.
fn drop_dead_constants(mut f: File) -> File {
    fn uses(ops: &[Op], used: &mut HashSet<String>) {
        for op in ops {
            used.extend(op.operands.iter().map(|v| v.0.split('#').next().unwrap_or_default().to_string()));
            for r in &op.regions {
                for b in &r.blocks {
                    uses(&b.ops, used);
                }
            }
        }
    }
    fn drop(ops: &mut Vec<Op>, used: &HashSet<String>) {
        ops.retain(|op| op.name != "xhlo.constant" || op.results.iter().any(|(n, _)| used.contains(n)));
        for op in ops {
            for r in &mut op.regions {
                for b in &mut r.blocks {
                    drop(&mut b.ops, used);
                }
            }
        }
    }
    let mut used = HashSet::new();
    uses(&f.ops, &mut used);
    drop(&mut f.ops, &used);
    f
}

#[test]
fn samples_import_and_round_trip() {
    let mut failures = Vec::new();
    for (name, text) in samples() {
        let result = parse_file(&text)
            .map_err(|e| format!("does not parse: {e}"))
            .and_then(|f| import_file(&f).map_err(|e| format!("does not import: {e:?}")))
            .and_then(|xhlo| round_trip(&print_file(&xhlo, "sample.mlir")));
        if let Err(e) = result {
            failures.push(format!("{name}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn exported_corpus_imports_back_to_the_same_xhlo() {
    let (imported, total) = imported_sources();
    let mut failures = Vec::new();
    for (name, text) in &imported {
        if let Err(e) = round_trip(text) {
            failures.push(format!("{name}: {e}"));
        }
    }
    eprintln!("{} of {total} pretty chunks import; {} round trips differ", imported.len(), failures.len());
    assert!(failures.is_empty(), "{} of {} round trips differ:\n{}", failures.len(), imported.len(), failures.join("\n\n"));
    // Pinned: the chunks the importer takes (the others use f8/f6/f4 types, interpreter
    // harness ops, see the import test). Quantized chunks export as their storage integers.
    assert_eq!((imported.len(), total), (471, 532));
}

/// The Python side of the jaxlib check: parses (and verifies) every `*.mlir` of a directory
/// with jaxlib's MLIR bindings, the StableHLO and CHLO dialects registered as JAX registers
/// them, `check.*` left to unregistered-dialect generic form. Prints `FAIL name: error` per
/// rejected file and `checked N failed M` at the end.
const JAXLIB_CHECK: &str = r#"
import pathlib, sys
def make_context():
    try:
        from jax._src.interpreters import mlir as jmlir
        return jmlir.make_ir_context()
    except Exception:
        from jaxlib.mlir import ir
        from jaxlib.mlir._mlir_libs import _jax_mlir_ext
        from jaxlib.mlir.dialects import chlo, stablehlo
        ctx = ir.Context()
        reg = ir.DialectRegistry()
        _jax_mlir_ext.register_dialects(reg)
        ctx.append_dialect_registry(reg)
        ctx.load_all_available_dialects()
        stablehlo.register_dialect(ctx)
        chlo.register_dialect(ctx)
        return ctx
from jaxlib.mlir import ir
ctx = make_context()
ctx.allow_unregistered_dialects = True
paths = sorted(pathlib.Path(sys.argv[1]).glob("*.mlir"))
failed = 0
for p in paths:
    try:
        with ctx:
            m = ir.Module.parse(p.read_text())
            if not m.operation.verify():
                raise ValueError("module failed to verify")
    except Exception as e:
        failed += 1
        print("FAIL", p.name + ":", str(e).replace("\n", " | "))
print("checked", len(paths), "failed", failed)
"#;

/// Exports the imported corpus (check ops in generic form) to `target/export-corpus` and has
/// jaxlib parse every file, when `$XHLO_JAXLIB_PYTHON` names a Python with jaxlib.
#[test]
fn jaxlib_parses_the_exported_corpus() {
    let Ok(python) = std::env::var("XHLO_JAXLIB_PYTHON") else {
        // Written to the stream itself: the test harness hides what `eprintln!` prints in a
        // passing test, and a skip must be seen (`make test` sets the variable).
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "SKIPPED jaxlib_parses_the_exported_corpus: XHLO_JAXLIB_PYTHON is unset (set it to a Python with jaxlib, as `make test` does)"
        );
        return;
    };
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/export-corpus");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut imported, _) = imported_sources();
    for (name, text) in samples().into_iter().filter(|(n, _)| !NEWER_THAN_JAXLIB.iter().any(|newer| *n == format!("sample.{newer}"))) {
        let xhlo = import_file(&parse_file(&text).unwrap()).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        imported.push((name, print_file(&xhlo, "sample.mlir")));
    }
    let options = Options { generic_check_ops: true };
    for (name, text) in &imported {
        let exported = export_file_with(&parse_file(text).unwrap(), &options).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let file: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '_' { c } else { '_' }).collect();
        std::fs::write(dir.join(format!("{file}.mlir")), exported).unwrap();
    }
    let out = std::process::Command::new(&python).arg("-c").arg(JAXLIB_CHECK).arg(&dir).output().expect("run the jaxlib Python");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{python} failed:\n{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    eprintln!("{}", stdout.lines().last().unwrap_or(""));
    let failures: Vec<&str> = stdout.lines().filter(|l| l.starts_with("FAIL")).collect();
    assert!(stdout.contains(&format!("checked {} failed 0", imported.len())), "jaxlib rejected {} of {} exported files (in {}):\n{}", failures.len(), imported.len(), dir.display(), failures.join("\n"));
}

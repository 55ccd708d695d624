//! Collectives and send/recv across processes, under `mpirun` (Open MPI): the interpreter
//! suite's `run_parallel` tests (counts pinned), every collective on 2 replicas x 2
//! partitions against values computed here by hand, failures that end every process, and a
//! program without collectives that never loads MPI.

use crate::support::repo_root;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};
use xhlo::ir::literal::{Literal, Scalar};

fn xla_run() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xla-run"));
    c.current_dir(repo_root());
    c
}

/// An MPI implementation's launcher and the options a run here needs.
struct Launcher {
    program: &'static str,
    options: &'static [&'static str],
}

/// Open MPI (the default `mpirun`) and MPICH (`mpirun.mpich`, where installed).
const OPEN_MPI: Launcher = Launcher { program: "mpirun", options: &["--oversubscribe", "--allow-run-as-root"] };
const MPICH: Launcher = Launcher { program: "mpirun.mpich", options: &[] };

fn mpirun_on(launcher: &Launcher, n: usize) -> Command {
    let mut c = Command::new(launcher.program);
    c.args(["-n", &n.to_string()]).args(launcher.options).arg(env!("CARGO_BIN_EXE_xla-run"));
    c.current_dir(repo_root());
    c
}

fn mpirun(n: usize) -> Command {
    mpirun_on(&OPEN_MPI, n)
}

fn text(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// `program` on `n` processes, rank k reading `dir/x{k}.npy` and writing `dir/out/rank{k}/`.
fn run_with_rank_inputs(n: usize, program: &Path, dir: &Path) -> Output {
    run_with_rank_inputs_on(&OPEN_MPI, n, program, dir)
}

fn run_with_rank_inputs_on(launcher: &Launcher, n: usize, program: &Path, dir: &Path) -> Output {
    mpirun_on(launcher, n)
        .arg(program)
        .arg("--input")
        .arg(dir.join("x{rank}.npy"))
        .arg("--output-dir")
        .arg(dir.join("out"))
        .args(["--threads", "1", "--timeout", "60"])
        .output()
        .unwrap()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xhlo-collectives-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The interpreter suite's files with `interpreter.run_parallel` tests, each process a
/// rank: (file, passing, failing, passing run_parallel tests). Every run_parallel test
/// passes; printing.mlir's other chunks print results (no run_parallel), one of them with
/// an f6 type, refused.
const SUITE: &[(&str, usize, usize, usize)] = &[
    ("all_gather.mlir", 5, 0, 5),
    ("all_reduce.mlir", 5, 0, 5),
    ("all_to_all.mlir", 5, 0, 5),
    ("collective_broadcast.mlir", 10, 0, 10),
    ("collective_permute.mlir", 2, 0, 2),
    ("collective_reduce.mlir", 1, 0, 1),
    ("reduce_scatter.mlir", 3, 0, 3),
    ("replica_id.mlir", 1, 0, 1),
    ("partition_id.mlir", 1, 0, 1),
    ("send_recv.mlir", 2, 0, 2),
    ("outfeed.mlir", 1, 0, 1),
    ("infeed.mlir", 1, 0, 1),
    ("printing.mlir", 3, 1, 1),
];

#[test]
fn interpreter_suite_run_parallel_tests_pass_on_mpi_ranks() {
    let dir = repo_root().join("../shared/stablehlo-tests/mlir");
    let mut total = 0;
    for (file, pass, fail, parallel) in SUITE {
        let out = xla_run().arg("--check").arg(dir.join(file)).output().unwrap();
        let report = text(&out);
        assert!(report.contains(&format!("{pass} passed, {fail} failed")), "{file}:\n{report}");
        for line in report.lines().filter(|l| l.starts_with("FAIL")) {
            assert!(line.contains("unsupported") && !line.contains("main#"), "{file}: a failure that is not a refusal: {line}");
        }
        if *file == "printing.mlir" {
            // Its FileCheck lines: each of the two processes prints its iota, whole.
            let block = "%0 = tensor<2xi32> {\n  [0, 1]\n}\n";
            assert_eq!(report.matches(block).count(), 2, "{report}");
        }
        total += parallel;
    }
    assert_eq!(total, 38, "run_parallel tests passing");
}

/// Rank `k`'s input: x[i][j] = 100 k + 10 i + j + 1.
fn x(k: usize) -> [[i64; 2]; 2] {
    let b = 100 * k as i64;
    [[b + 1, b + 2], [b + 11, b + 12]]
}

fn ints(l: &Literal) -> Vec<i64> {
    l.scalars()
        .map(|s| match s {
            Scalar::Int(i) => i as i64,
            other => panic!("{other:?}"),
        })
        .collect()
}

fn flat(m: [[i64; 2]; 2]) -> Vec<i64> {
    m.iter().flatten().copied().collect()
}

fn zip(a: [[i64; 2]; 2], b: [[i64; 2]; 2], f: impl Fn(i64, i64) -> i64) -> [[i64; 2]; 2] {
    let mut r = [[0; 2]; 2];
    for i in 0..2 {
        for j in 0..2 {
            r[i][j] = f(a[i][j], b[i][j]);
        }
    }
    r
}

fn from_i64s(ty: xhlo::ir::TensorType, v: &[i64]) -> Literal {
    Literal::from_scalars(ty, &v.iter().map(|&i| Scalar::Int(i as i128)).collect::<Vec<_>>())
}

fn write_inputs(dir: &Path, n: usize) {
    for k in 0..n {
        let lit = from_i64s(xhlo::ir::TensorType::new(vec![2, 2], xhlo::ir::ElementType::S64), &flat(x(k)));
        std::fs::write(dir.join(format!("x{k}.npy")), xhlo::npy::to_npy(&lit).unwrap()).unwrap();
    }
}

/// tests/collectives/grid.mlir on 4 processes (rank k = replica r * 2 + partition p), each
/// with its own input; every result against StableHLO's numbering worked out by hand.
#[test]
fn every_collective_on_two_replicas_by_two_partitions_matches_hand_computed_values() {
    grid_on(&OPEN_MPI, "grid");
}

fn grid_on(launcher: &Launcher, name: &str) {
    let dir = temp_dir(name);
    write_inputs(&dir, 4);
    let out = run_with_rank_inputs_on(launcher, 4, Path::new("tests/collectives/grid.mlir"), &dir);
    assert!(out.status.success(), "{}", text(&out));
    for k in 0..4 {
        let (r, p) = (k / 2, k % 2);
        let result = |j: usize| {
            let bytes = std::fs::read(dir.join(format!("out/rank{k}/result{j}.npy"))).unwrap();
            ints(&xhlo::npy::from_npy(&bytes, None).unwrap())
        };
        // all_reduce(add), cross_replica [[0, 1]]: the two replicas of partition p.
        assert_eq!(result(0), flat(zip(x(p), x(2 + p), |a, b| a + b)), "rank {k} all_reduce");
        // all_reduce(subtract), flattened ids [[3, 1, 0, 2]]: folded in group order.
        let sub = zip(zip(zip(x(3), x(1), |a, b| a - b), x(0), |a, b| a - b), x(2), |a, b| a - b);
        assert_eq!(result(1), flat(sub), "rank {k} all_reduce in group order");
        // all_gather dim 1, cross_replica_and_partition [[0, 1]]: processes (0,0), (1,0),
        // (0,1), (1,1) = ranks 0, 2, 1, 3, side by side.
        let order = [0, 2, 1, 3];
        let gathered: Vec<i64> = (0..2).flat_map(|i| order.iter().flat_map(move |&q| x(q)[i])).collect();
        assert_eq!(result(2), gathered, "rank {k} all_gather");
        // all_to_all split 0 concat 1, cross_partition [[0, 1]]: row p of both partitions of
        // replica r.
        let a2a: Vec<i64> = [2 * r, 2 * r + 1].iter().flat_map(|&q| x(q)[p]).collect();
        assert_eq!(result(3), a2a, "rank {k} all_to_all");
        // reduce_scatter(subtract) dim 1, cross_replica [[1, 0]]: replica 1 first; this
        // process keeps column `position`.
        let position = 1 - r;
        let diff = zip(x(2 + p), x(p), |a, b| a - b);
        assert_eq!(result(4), vec![diff[0][position], diff[1][position]], "rank {k} reduce_scatter");
        // collective_permute [[0, 1]] across replicas: replica 1 gets replica 0's; replica
        // 0 is no target and gets zeros.
        assert_eq!(result(5), if r == 1 { flat(x(p)) } else { vec![0; 4] }, "rank {k} collective_permute");
        // collective_broadcast cross_partition [[1, 0]]: partition 1 is the source.
        assert_eq!(result(6), flat(x(2 * r + 1)), "rank {k} collective_broadcast");
        assert_eq!(result(7), vec![r as i64], "rank {k} replica_id");
        assert_eq!(result(8), vec![p as i64], "rank {k} partition_id");
    }
}

/// tests/collectives/roots.mlir on 4 processes: collective_reduce (folded in compiled code
/// and by MPI) keeps the result on the group's first process and zeroes the others;
/// collective_broadcast with a dynamic root takes the operand of the member it names.
#[test]
fn collective_reduce_and_dynamic_roots_match_hand_computed_values() {
    let dir = temp_dir("roots");
    write_inputs(&dir, 4);
    let out = run_with_rank_inputs(4, Path::new("tests/collectives/roots.mlir"), &dir);
    assert!(out.status.success(), "{}", text(&out));
    for k in 0..4 {
        let (r, p) = (k / 2, k % 2);
        let result = |j: usize| {
            let bytes = std::fs::read(dir.join(format!("out/rank{k}/result{j}.npy"))).unwrap();
            ints(&xhlo::npy::from_npy(&bytes, None).unwrap())
        };
        // cross_replica [[1, 0]]: replica 1 (rank 2 + p) is the root, folding 1 then 0.
        let sub = if r == 1 { flat(zip(x(2 + p), x(p), |a, b| a - b)) } else { vec![0; 4] };
        assert_eq!(result(0), sub, "rank {k} collective_reduce(subtract)");
        let all = zip(zip(zip(x(0), x(1), |a, b| a + b), x(2), |a, b| a + b), x(3), |a, b| a + b);
        assert_eq!(result(1), if k == 3 { flat(all) } else { vec![0; 4] }, "rank {k} collective_reduce(add)");
        assert_eq!(result(2), flat(x(2 + p)), "rank {k} collective_broadcast root [1] across replicas");
        assert_eq!(result(3), flat(x(2 * r + 1)), "rank {k} collective_broadcast root 1 across partitions");
        assert_eq!(result(4), flat(x(2 * r)).iter().map(|v| -v).collect::<Vec<_>>(), "rank {k} collective_broadcast root 0 across partitions");
    }
    // A root outside the group: every process ends, the op and its location named.
    let program = std::fs::read_to_string(repo_root().join("tests/collectives/roots.mlir")).unwrap().replace("dense<[1]> : tensor<1xi32>", "dense<[2]> : tensor<1xi32>");
    std::fs::write(dir.join("p.mlir"), program).unwrap();
    let out = mpirun(4).arg(dir.join("p.mlir")).arg("--input").arg(dir.join("x{rank}.npy")).args(["--threads", "1", "--timeout", "60"]).output().unwrap();
    let report = text(&out);
    assert!(!out.status.success(), "{report}");
    assert!(report.contains("collective_broadcast at") && report.contains(":20:11: the root index 2") && report.contains("the root index 2 is outside the group"), "{report}");
}

/// `--replicas 2` starts mpirun itself; an f32 all_reduce of each rank's input.
#[test]
fn replicas_flag_launches_mpirun() {
    let dir = temp_dir("replicas");
    let program = r#"func.func @main(%x: tensor<3xf32>) -> tensor<3xf32> {
  %r = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<> : tensor<0x0xi64>} : (tensor<3xf32>) -> tensor<3xf32>
  return %r : tensor<3xf32>
}"#;
    std::fs::write(dir.join("p.mlir"), program).unwrap();
    for (k, v) in [[1.5f32, -2.0, 3.0], [0.5, 4.0, -1.0]].iter().enumerate() {
        let lit = Literal { ty: xhlo::ir::TensorType::new(vec![3], xhlo::ir::ElementType::F32), bytes: v.iter().flat_map(|f| f.to_le_bytes()).collect() };
        std::fs::write(dir.join(format!("x{k}.npy")), xhlo::npy::to_npy(&lit).unwrap()).unwrap();
    }
    let out = xla_run()
        .arg(dir.join("p.mlir"))
        .args(["--replicas", "2", "--threads", "1", "--print", "--input"])
        .arg(dir.join("x{rank}.npy"))
        .output()
        .unwrap();
    let report = text(&out);
    assert!(out.status.success(), "{report}");
    for k in 0..2 {
        assert!(report.contains(&format!("rank {k}:   [1.5e0, 4.0e0, 3.0e0]")), "{report}");
    }
}

/// A rank that fails makes every process exit non-zero, with the rank and the op named.
#[test]
fn a_failing_rank_ends_the_run_with_its_rank_and_op() {
    let dir = temp_dir("fail");
    // Group id 5 on 4 processes: found when the op runs, on every rank.
    let program = std::fs::read_to_string(repo_root().join("tests/collectives/grid.mlir")).unwrap().replace("[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>\n    %sub", "[[0, 5]]> : tensor<1x2xi64>} : (tensor<2x2xi64>) -> tensor<2x2xi64>\n    %sub");
    std::fs::write(dir.join("p.mlir"), program).unwrap();
    write_inputs(&dir, 4);
    let start = Instant::now();
    let out = mpirun(4).arg(dir.join("p.mlir")).arg("--input").arg(dir.join("x{rank}.npy")).args(["--threads", "1"]).output().unwrap();
    let report = text(&out);
    assert!(!out.status.success(), "{report}");
    assert!(report.contains("stablehlo.all_reduce") || report.contains("xhlo.all_reduce"), "{report}");
    assert!(report.contains("group id 5 is out of range") && report.contains("rank "), "{report}");
    // One rank's input missing: that rank fails before any collective, the others wait in
    // one; it ends them all.
    std::fs::remove_file(dir.join("x2.npy")).unwrap();
    let out = mpirun(4).arg("tests/collectives/grid.mlir").arg("--input").arg(dir.join("x{rank}.npy")).args(["--threads", "1"]).output().unwrap();
    let report = text(&out);
    assert!(!out.status.success(), "{report}");
    assert!(report.contains("rank 2: xla-run: error:") && report.contains("x2.npy"), "{report}");
    assert!(start.elapsed() < Duration::from_secs(60), "took {:?}", start.elapsed());
}

/// A collective's error names the input file, also after the e-graph pass has rewritten the
/// module (its text parsed back under MLIR's default name made it `-:2:8`).
#[test]
fn collective_errors_name_the_input_file_after_rewrites() {
    let dir = temp_dir("located");
    let program = r#"func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %t = stablehlo.subtract %a, %b : tensor<f32>
      stablehlo.return %t : tensor<f32>
  }) {replica_groups = dense<[[0, 5]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  %e = stablehlo.exponential %s : tensor<2xf32>
  %f = stablehlo.add %e, %x : tensor<2xf32>
  return %f : tensor<2xf32>
}"#;
    let path = dir.join("p.mlir");
    std::fs::write(&path, program).unwrap();
    for fusion in ["egraph", "greedy", "off"] {
        let out = mpirun(2).arg(&path).args(["--random-inputs", "1", "--threads", "1", "--fusion", fusion]).output().unwrap();
        let report = text(&out);
        assert!(!out.status.success(), "{report}");
        // The first rank to fail ends the run (MPI_Abort), so the other may not get to print.
        let line = format!("error: xhlo.all_reduce at {}:2:8: group id 5 is out of range", path.display());
        assert!(report.contains(&line), "--fusion {fusion}: no {line:?} in\n{report}");
        assert!(!report.contains(" at -:"), "--fusion {fusion}: {report}");
    }
}

/// A collective only one rank reaches: the timeout ends the run and names the op waited in.
#[test]
fn timeout_ends_a_run_waiting_in_a_collective() {
    let dir = temp_dir("timeout");
    let program = r#"func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %id = stablehlo.replica_id : tensor<ui32>
  %zero = stablehlo.constant dense<0> : tensor<ui32>
  %first = stablehlo.compare EQ, %id, %zero : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %r = "stablehlo.if"(%first) ({
    %s = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %t = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %t : tensor<f32>
    }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
    stablehlo.return %s : tensor<2xf32>
  }, {
    stablehlo.return %x : tensor<2xf32>
  }) : (tensor<i1>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}"#;
    std::fs::write(dir.join("p.mlir"), program).unwrap();
    let start = Instant::now();
    let out = mpirun(2).arg(dir.join("p.mlir")).args(["--random-inputs", "1", "--threads", "1", "--timeout", "3"]).output().unwrap();
    let report = text(&out);
    assert!(!out.status.success(), "{report}");
    assert!(report.contains("rank 0: xla-run: error: timed out after 3 s waiting in xhlo.all_reduce at"), "{report}");
    assert!(start.elapsed() < Duration::from_secs(45), "took {:?}", start.elapsed());
}

/// A program without collectives runs in this process without loading MPI, and xla-run does
/// not link it.
#[test]
fn programs_without_collectives_never_load_mpi() {
    let ctx = xhlo::dialect::XhloContext::new();
    let text = "func.func @main(%a: tensor<3xi32>) -> tensor<3xi32> {\n  %0 = \"xhlo.abs\"(%a) : (tensor<3xi32>) -> tensor<3xi32>\n  return %0 : tensor<3xi32>\n}\n";
    let module = xhlo::dialect::source::parse_and_verify(&ctx, text, "abs.mlir").unwrap();
    let program = xhlo::runtime::compile(&ctx, &module, &Default::default(), "abs.mlir").unwrap();
    assert!(!program.needs.processes);
    let input = from_i64s(xhlo::ir::TensorType::new(vec![3], xhlo::ir::ElementType::S32), &[-1, 2, -3]);
    assert_eq!(ints(&program.run(&[input]).unwrap()[0]), vec![1, 2, 3]);
    assert!(xhlo::mpi::loaded().is_none());
    let maps = std::fs::read_to_string("/proc/self/maps").unwrap_or_default();
    assert!(!maps.contains("libmpi"), "MPI is mapped into the test process");
    if let Ok(out) = Command::new("ldd").arg(env!("CARGO_BIN_EXE_xla-run")).output() {
        assert!(!String::from_utf8_lossy(&out.stdout).contains("libmpi"), "xla-run links MPI");
    }
}

/// jax's shard_map over 4 devices (psum, pmax, all_gather, ppermute, all_to_all,
/// psum_scatter), exported to StableHLO by tests/gen/collectives_jax.py, on 4 ranks: each
/// rank's results against what jax computed on that device.
#[test]
fn jax_shard_map_program_matches_jax_on_four_ranks() {
    let dir = temp_dir("jax");
    let fixture = repo_root().join("tests/fixtures");
    let data: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(fixture.join("collectives_jax.json")).unwrap()).unwrap();
    let values = |v: &serde_json::Value| -> Vec<f64> {
        fn walk(v: &serde_json::Value, out: &mut Vec<f64>) {
            match v {
                serde_json::Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
                other => out.push(other.as_f64().unwrap()),
            }
        }
        let mut out = Vec::new();
        walk(v, &mut out);
        out
    };
    for k in 0..4 {
        let x: Vec<f32> = values(&data["inputs"][k]).iter().map(|&v| v as f32).collect();
        let lit = Literal { ty: xhlo::ir::TensorType::new(vec![4, 4], xhlo::ir::ElementType::F32), bytes: x.iter().flat_map(|f| f.to_le_bytes()).collect() };
        std::fs::write(dir.join(format!("x{k}.npy")), xhlo::npy::to_npy(&lit).unwrap()).unwrap();
    }
    let out = run_with_rank_inputs(4, &fixture.join("collectives_jax.mlir"), &dir);
    assert!(out.status.success(), "{}", text(&out));
    let results = data["results"].as_array().unwrap();
    for k in 0..4 {
        for (j, per_device) in results.iter().enumerate() {
            let bytes = std::fs::read(dir.join(format!("out/rank{k}/result{j}.npy"))).unwrap();
            let got: Vec<f64> = xhlo::npy::from_npy(&bytes, None).unwrap().scalars().map(|s| match s {
                Scalar::Float(f) => f,
                other => panic!("{other:?}"),
            }).collect();
            let want = values(&per_device[k]);
            assert_eq!(got.len(), want.len(), "rank {k} result {j}");
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                // Sums of 4 f32 values in another order: within a few ulps.
                assert!((g - w).abs() <= 1e-5 * w.abs().max(1.0), "rank {k} result {j} element {i}: {g} vs jax {w}");
            }
        }
    }
}

/// Writes `inputs[k]` (i64 vectors) to `dir/x{k}.npy` and runs `program` on that many
/// processes, rank k writing `dir/out/rank{k}/`; returns result `j` of rank `k` as f64s
/// (complex numbers as their two parts).
fn run_vectors(launcher: &Launcher, program: &Path, dir: &Path, inputs: &[Vec<i64>]) -> impl Fn(usize, usize) -> Vec<f64> {
    for (k, v) in inputs.iter().enumerate() {
        let lit = from_i64s(xhlo::ir::TensorType::new(vec![v.len() as i64], xhlo::ir::ElementType::S64), v);
        std::fs::write(dir.join(format!("x{k}.npy")), xhlo::npy::to_npy(&lit).unwrap()).unwrap();
    }
    let out = run_with_rank_inputs_on(launcher, inputs.len(), program, dir);
    assert!(out.status.success(), "{}", text(&out));
    let dir = dir.to_path_buf();
    move |k, j| {
        let bytes = std::fs::read(dir.join(format!("out/rank{k}/result{j}.npy"))).unwrap();
        xhlo::npy::from_npy(&bytes, None)
            .unwrap()
            .scalars()
            .flat_map(|s| match s {
                Scalar::Int(i) => vec![i as f64],
                Scalar::Float(f) => vec![f],
                Scalar::Complex(re, im) => vec![re, im],
            })
            .collect()
    }
}

/// Bitwise comparison of f64s (NaN equal to NaN).
fn same(got: &[f64], want: &[f64]) -> bool {
    got.len() == want.len() && got.iter().zip(want).all(|(g, w)| g == w || (g.is_nan() && w.is_nan()))
}

/// tests/collectives/reductions.mlir on 4 processes: reductions MPI does (multiply, integer
/// maximum, xor, unsigned minimum, reduce_scatter's add along dimension 1, PRED or, complex
/// add) and float maximum, which must propagate NaN (Open MPI's MPI_MAX drops it); each
/// against the fold over the rank's group computed here. A wrong MPI op, datatype or group
/// changes some element.
#[test]
fn reductions_mpi_does_match_folds_over_each_group_on_four_ranks() {
    reductions_on_four(&OPEN_MPI, "reductions");
}

fn reductions_on_four(launcher: &Launcher, name: &str) {
    let dir = temp_dir(name);
    let x = |k: i64| vec![k - 1, 5 - 2 * k, 3 * k + 1, 2 - k * k];
    let xs: Vec<Vec<i64>> = (0..4).map(x).collect();
    let result = run_vectors(launcher, Path::new("tests/collectives/reductions.mlir"), &dir, &xs);
    let group = |groups: &[&[usize]], k: usize| -> Vec<usize> { groups.iter().find(|g| g.contains(&k)).unwrap().to_vec() };
    let fold = |members: &[usize], f: &dyn Fn(i64, i64) -> i64| -> Vec<f64> { (0..4).map(|i| members.iter().map(|&m| xs[m][i]).reduce(f).unwrap() as f64).collect() };
    for k in 0..4 {
        let product: Vec<f64> = (0..4).map(|i| group(&[&[0, 1], &[2, 3]], k).iter().map(|&m| xs[m][i] as f32).product::<f32>() as f64).collect();
        assert_eq!(result(k, 0), product, "rank {k} f32 multiply");
        assert_eq!(result(k, 1), fold(&group(&[&[0, 2, 3], &[1]], k), &|a, b| (a as i32).max(b as i32) as i64), "rank {k} i32 maximum");
        assert_eq!(result(k, 2), fold(&[0, 1, 2, 3], &|a, b| a ^ b), "rank {k} i64 xor");
        assert_eq!(result(k, 3), fold(&group(&[&[1, 0], &[3, 2]], k), &|a, b| (a as u8).min(b as u8) as i64).iter().map(|&v| v as u8 as f64).collect::<Vec<_>>(), "rank {k} ui8 minimum");
        // reduce_scatter dim 1 over [[3, 2, 1, 0]]: rank k is at position 3 - k and gets
        // that column of [x; 10 x], summed.
        let column: f32 = xs.iter().map(|v| v[3 - k] as f32).sum();
        assert_eq!(result(k, 4), vec![column as f64, (10.0 * column) as f64], "rank {k} reduce_scatter");
        let positive: Vec<f64> = (0..4).map(|i| group(&[&[0, 3], &[1, 2]], k).iter().any(|&m| xs[m][i] > 0) as i64 as f64).collect();
        assert_eq!(result(k, 5), positive, "rank {k} pred or");
        // sqrt of a negative is NaN, and the maximum propagates it.
        let max: Vec<f64> = (0..4)
            .map(|i| xs.iter().map(|v| (v[i] as f32).sqrt()).reduce(|a, b| if a.is_nan() || b.is_nan() { f32::NAN } else { a.max(b) }).unwrap() as f64)
            .collect();
        assert!(same(&result(k, 6), &max), "rank {k} f32 maximum: {:?} vs {max:?}", result(k, 6));
        let sum: Vec<f64> = (0..4).flat_map(|i| {
            let s: f32 = xs.iter().map(|v| v[i] as f32).sum();
            [s as f64, (2.0 * s) as f64]
        }).collect();
        assert_eq!(result(k, 7), sum, "rank {k} complex add");
        let order = if k % 2 == 0 { [2, 0] } else { [1, 3] };
        let gathered: Vec<f64> = order.iter().flat_map(|&m| xs[m].iter().map(|&v| v as f64)).collect();
        assert_eq!(result(k, 8), gathered, "rank {k} all_gather");
    }
}

/// On 2 processes: signed 8-bit sums that wrap, 16-bit products that wrap, f64 sums, u32
/// and, a reduce_scatter of i32 maxima, f16/bf16 sums, products and maxima that round
/// (MPI has no type for them: ops of ours) and a u64 maximum above 2^63, each against the
/// same op computed here.
#[test]
fn reductions_mpi_does_wrap_like_the_region_on_two_ranks() {
    reductions_on_two(&OPEN_MPI, "reductions2");
}

fn reductions_on_two(launcher: &Launcher, name: &str) {
    let dir = temp_dir(name);
    // `%r = <op>(%v)` over tensor<4 x t> (reduce_scatter: to tensor<2 x t> along dimension 0)
    // with the region `body` of t, on `groups`.
    let reduction = |r: &str, op: &str, v: &str, t: &str, body: &str, groups: &str| {
        let (attrs, out) = if op == "reduce_scatter" { ("scatter_dimension = 0 : i64, ", 2) } else { ("", 4) };
        format!(
            "  %{r} = \"stablehlo.{op}\"(%{v}) ({{\n    ^bb0(%p: tensor<{t}>, %q: tensor<{t}>):\n      %s = stablehlo.{body} %p, %q : tensor<{t}>\n      \
             stablehlo.return %s : tensor<{t}>\n  }}) {{{attrs}replica_groups = {groups}}} : (tensor<4x{t}>) -> tensor<{out}x{t}>\n"
        )
    };
    let one = "dense<[[0, 1]]> : tensor<1x2xi64>";
    let reversed = "dense<[[1, 0]]> : tensor<1x2xi64>";
    let program = [
        "func.func @main(%x: tensor<4xi64>) -> (tensor<4xi8>, tensor<4xi16>, tensor<4xf64>, tensor<4xui32>, tensor<2xi32>, tensor<4xf16>, tensor<4xf32>, tensor<4xf16>, tensor<4xui64>) {\n".to_string(),
        ["b:i8", "h:i16", "d:f64", "u:ui32", "i:i32", "e:f16", "g:bf16", "w:ui64"].iter().map(|vt| {
            let (v, t) = vt.split_once(':').unwrap();
            format!("  %{v} = stablehlo.convert %x : (tensor<4xi64>) -> tensor<4x{t}>\n")
        }).collect(),
        // x / 3 in the 16-bit formats: inexact, so that sums and products round.
        ["e:f16", "g:bf16"].iter().map(|vt| {
            let (v, t) = vt.split_once(':').unwrap();
            format!("  %{v}3c = stablehlo.constant dense<3.0> : tensor<4x{t}>\n  %{v}3 = stablehlo.divide %{v}, %{v}3c : tensor<4x{t}>\n")
        }).collect(),
        reduction("r0", "all_reduce", "b", "i8", "add", one),
        reduction("r1", "all_reduce", "h", "i16", "multiply", reversed),
        reduction("r2", "all_reduce", "d", "f64", "add", "dense<> : tensor<0x0xi64>"),
        reduction("r3", "all_reduce", "u", "ui32", "and", one),
        reduction("r4", "reduce_scatter", "i", "i32", "maximum", reversed),
        reduction("r5", "all_reduce", "e3", "f16", "add", one),
        reduction("r6", "all_reduce", "g3", "bf16", "multiply", reversed),
        reduction("r7", "all_reduce", "e3", "f16", "maximum", one),
        // Unsigned: -100 is 2^64 - 100, above 100 (MPICH 4.0.2's MPI_MAX compares as signed).
        reduction("r8", "all_reduce", "w", "ui64", "maximum", one),
        // bf16 has no .npy type: written as f32 (exact).
        "  %r6f = stablehlo.convert %r6 : (tensor<4xbf16>) -> tensor<4xf32>\n".to_string(),
        "  return %r0, %r1, %r2, %r3, %r4, %r5, %r6f, %r7, %r8 : tensor<4xi8>, tensor<4xi16>, tensor<4xf64>, tensor<4xui32>, tensor<2xi32>, tensor<4xf16>, tensor<4xf32>, tensor<4xf16>, tensor<4xui64>\n}\n".to_string(),
    ]
    .concat();
    std::fs::write(dir.join("p.mlir"), program).unwrap();
    let xs = vec![vec![100, -100, 7, 300], vec![100, -100, -9, 5]];
    let result = run_vectors(launcher, &dir.join("p.mlir"), &dir, &xs);
    let each = |f: &dyn Fn(i64, i64) -> f64| -> Vec<f64> { (0..4).map(|i| f(xs[0][i], xs[1][i])).collect() };
    for k in 0..2 {
        assert_eq!(result(k, 0), each(&|a, b| (a as i8).wrapping_add(b as i8) as f64), "rank {k} i8 add");
        assert_eq!(result(k, 1), each(&|a, b| (a as i16).wrapping_mul(b as i16) as f64), "rank {k} i16 multiply");
        assert_eq!(result(k, 2), each(&|a, b| a as f64 + b as f64), "rank {k} f64 add");
        assert_eq!(result(k, 3), each(&|a, b| ((a as u32) & (b as u32)) as f64), "rank {k} ui32 and");
        // Group [[1, 0]]: rank 1 is at position 0 and keeps the first half.
        let half = if k == 1 { 0..2 } else { 2..4 };
        assert_eq!(result(k, 4), half.map(|i| xs[0][i].max(xs[1][i]) as f64).collect::<Vec<_>>(), "rank {k} reduce_scatter maximum");
        // 16-bit floats as compiled code computes them: in f32, rounded to nearest even.
        use xhlo::ir::literal::{bf16_bits, f16_bits, f16_value};
        let f16 = |v: f32| f16_value(f16_bits(v as f64)) as f32;
        let bf16 = |v: f32| f32::from_bits((bf16_bits(v as f64) as u32) << 16);
        let third = |x: i64, round: &dyn Fn(f32) -> f32| round(round(x as f32) / 3.0);
        assert_eq!(result(k, 5), each(&|a, b| f16(third(a, &f16) + third(b, &f16)) as f64), "rank {k} f16 add");
        assert_eq!(result(k, 6), each(&|a, b| bf16(third(a, &bf16) * third(b, &bf16)) as f64), "rank {k} bf16 multiply");
        assert_eq!(result(k, 7), each(&|a, b| third(a, &f16).max(third(b, &f16)) as f64), "rank {k} f16 maximum");
        assert_eq!(result(k, 8), each(&|a, b| (a as u64).max(b as u64) as f64), "rank {k} ui64 maximum");
    }
}

/// Whether `program` is on PATH.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(program).is_file()))
}

/// MPICH as well as Open MPI (its int handles and constants, `xhlo::mpi::abi`): under
/// `mpirun.mpich`, every collective on 2 x 2 and the reductions MPI does (every datatype
/// and op of the table, and the ops of ours) give the values worked out by hand, as under
/// Open MPI; `xla-run --check` with `XHLO_MPI=mpich` starts MPICH's launcher (send/recv
/// with its status constant, permutes with its `MPI_PROC_NULL`); and a process whose
/// library is not its launcher's is refused rather than run alone. Skipped, saying so,
/// where MPICH is not installed (`apt-get install libmpich-dev mpich`, or `make deps`).
#[test]
fn collectives_run_on_mpich_too() {
    if !on_path(MPICH.program) {
        eprintln!("skipped: {} not found (install MPICH: apt-get install libmpich-dev mpich, or make deps)", MPICH.program);
        return;
    }
    grid_on(&MPICH, "mpich-grid");
    reductions_on_four(&MPICH, "mpich-reductions");
    reductions_on_two(&MPICH, "mpich-reductions2");
    let dir = repo_root().join("../shared/stablehlo-tests/mlir");
    for (file, pass) in [("send_recv.mlir", 2), ("collective_permute.mlir", 2), ("collective_broadcast.mlir", 10), ("collective_reduce.mlir", 1)] {
        let out = xla_run().env("XHLO_MPI", "mpich").arg("--check").arg(dir.join(file)).output().unwrap();
        let report = text(&out);
        assert!(report.contains(&format!("{pass} passed, 0 failed")), "{file} on MPICH:\n{report}");
    }
    let start = Instant::now();
    let out = mpirun_on(&MPICH, 2).env("XHLO_MPI", "openmpi").args(["tests/collectives/grid.mlir", "--random-inputs", "1", "--threads", "1"]).output().unwrap();
    let report = text(&out);
    assert!(!out.status.success(), "{report}");
    assert!(report.contains("this process was started by MPICH's launcher but the MPI library loaded is Open MPI"), "{report}");
    assert!(start.elapsed() < Duration::from_secs(60), "took {:?}", start.elapsed());
}

//! `xla-mpi-bench`: all_reduce (f32 sum) and all_gather (f32) of compiled programs against
//! `MPI_Allreduce` and `MPI_Allgather` called directly, on the processes of the `mpirun`
//! that started it; rank 0 prints markdown tables of time per call (median and minimum) and
//! bandwidth (bytes of one operand per second). The programs run with
//! [`Program::run_physical_into`] (results written into buffers kept from run to run, as
//! the direct MPI calls' are), in turns with the MPI call; the last columns time
//! [`Program::run`], which allocates each result afresh, in a loop of its own after
//! ([`medians`] says why). `make bench-mpi` runs it on 2 and 4 processes.
//!
//! [`Program::run_physical_into`]: xhlo::runtime::Program::run_physical_into
//! [`Program::run`]: xhlo::runtime::Program::run
//!
//! ```text
//! mpirun -n 4 --oversubscribe target/release/xla-mpi-bench
//! mpirun -n 2 --oversubscribe target/release/xla-mpi-bench all_reduce --sizes 262144,1048576 --runs 21
//! ```
//!
//! Arguments (all optional): which collectives (`all_reduce`, `all_gather`; default both),
//! `--sizes` (element counts, comma-separated; default [`SIZES`]) and `--runs` (timed runs
//! per size; default 31, 11 from 1M elements).

use std::time::Instant;
use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::Literal;
use xhlo::ir::{ElementType, TensorType};

/// Element counts timed.
const SIZES: &[usize] = &[1 << 10, 1 << 14, 1 << 18, 1 << 20, 1 << 22];

fn all_reduce(n: usize) -> String {
    format!(
        r#"func.func @main(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
  %r = "xhlo.all_reduce"(%x) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }}) : (tensor<{n}xf32>) -> tensor<{n}xf32>
  return %r : tensor<{n}xf32>
}}"#
    )
}

fn all_gather(n: usize, size: usize) -> String {
    let m = n * size;
    format!(
        r#"func.func @main(%x: tensor<{n}xf32>) -> tensor<{m}xf32> {{
  %r = "xhlo.all_gather"(%x) {{all_gather_dim = 0 : i64}} : (tensor<{n}xf32>) -> tensor<{m}xf32>
  return %r : tensor<{m}xf32>
}}"#
    )
}

/// The medians and minima of `runs` timings of each of `fs`, in seconds, taken in turns (a run of each,
/// then again, so that the machine's load drifts over all alike); each run starts together
/// on every process, as the collective synchronizes them. The compiled program's run and the
/// MPI call alternate on their own, and `Program::run` is timed after, in a loop of its
/// own: the call after a `run` was measured 1.4-2.1x slower whichever it was (at 1-16 MiB, 2
/// processes: `run` frees its large result, and the next call's buffers, MPI's temporaries
/// included, fault their pages in again), so with the three in turns the program's run,
/// which followed `run`, paid for it and MPI's call did not. On a loaded machine the
/// medians move with the other jobs (a process that waits for a core waits for the whole
/// call); the minima are the runs that were not preempted.
fn medians(runs: usize, fs: &mut [&mut dyn FnMut()]) -> Vec<(f64, f64)> {
    fs.iter_mut().for_each(|f| f());
    let mut times = vec![Vec::new(); fs.len()];
    for _ in 0..runs {
        for (f, t) in fs.iter_mut().zip(&mut times) {
            let start = Instant::now();
            f();
            t.push(start.elapsed().as_secs_f64());
        }
    }
    times
        .into_iter()
        .map(|mut t| {
            t.sort_by(f64::total_cmp);
            (t[runs / 2], t[0])
        })
        .collect()
}

/// A table row: `[into, theirs, run]` timings (median, minimum).
fn row(n: usize, t: &[(f64, f64)]) {
    let bytes = (n * 4) as f64;
    let ((into, into_min), (theirs, theirs_min), (run, _)) = (t[0], t[1], t[2]);
    println!(
        "| {n} | {} | {:.1} µs | {:.2} | {:.1} µs | {:.2} | **{:.2}x** | {:.1} µs | {:.1} µs | {:.2}x | {:.1} µs | {:.2}x |",
        n * 4,
        into * 1e6,
        bytes / into / 1e9,
        theirs * 1e6,
        bytes / theirs / 1e9,
        into / theirs,
        into_min * 1e6,
        theirs_min * 1e6,
        into_min / theirs_min,
        run * 1e6,
        run / theirs
    );
}

/// The command line: which collectives, element counts, runs per size (0: the default).
struct Args {
    which: Vec<String>,
    sizes: Vec<usize>,
    runs: usize,
}

fn args() -> Result<Args, String> {
    let mut a = Args { which: Vec::new(), sizes: SIZES.to_vec(), runs: 0 };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--sizes" => a.sizes = value("--sizes")?.split(',').map(|n| n.trim().parse::<usize>().map_err(|e| format!("--sizes: {e}"))).collect::<Result<_, _>>()?,
            "--runs" => a.runs = value("--runs")?.parse().map_err(|e| format!("--runs: {e}"))?,
            "all_reduce" | "all_gather" => a.which.push(arg),
            other => return Err(format!("unknown argument {other} (all_reduce, all_gather, --sizes N,N,..., --runs N)")),
        }
    }
    if a.which.is_empty() {
        a.which = vec!["all_reduce".into(), "all_gather".into()];
    }
    Ok(a)
}

fn main() -> Result<(), String> {
    let args = args()?;
    let mpi = xhlo::mpi::get()?;
    let ctx = XhloContext::new();
    let options = xhlo::runtime::CompileOptions { threads: 1, ..Default::default() };
    let compile = |text: &str| -> Result<xhlo::runtime::Program, String> {
        let module = source::parse_and_verify(&ctx, text, "collective.mlir").map_err(|d| format!("{d:?}"))?;
        xhlo::runtime::compile(&ctx, &module, &options, "collective.mlir").map_err(|e| e.to_string())
    };
    let load = || std::fs::read_to_string("/proc/loadavg").map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" ")).unwrap_or_default();
    let header = |what: &str, theirs: &str| {
        if mpi.rank == 0 {
            println!("### {what} on {} processes (load average before: {})\n", mpi.size, load());
            println!("| elements | bytes | xhlo {what} | GB/s | {theirs} | GB/s | ratio | xhlo min | {theirs} min | ratio of minima | with `run` | ratio |");
            println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        }
    };
    let runs = |n: usize| match args.runs {
        0 if n >= 1 << 20 => 11,
        0 => 31,
        r => r,
    };
    let input = |n: usize| -> (Vec<f32>, Literal) {
        let values: Vec<f32> = (0..n).map(|i| (i % 97) as f32 * 0.5 + mpi.rank as f32).collect();
        let literal = Literal { ty: TensorType::new(vec![n as i64], ElementType::F32), bytes: values.iter().flat_map(|v| v.to_le_bytes()).collect() };
        (values, literal)
    };
    let reduce = args.which.iter().any(|w| w == "all_reduce");
    let gather = args.which.iter().any(|w| w == "all_gather");
    if reduce {
        header("all_reduce", "MPI_Allreduce");
        for &n in &args.sizes {
            let program = compile(&all_reduce(n))?;
            let (values, literal) = input(n);
            let (mut out, mut result) = (vec![0f32; n], vec![0u8; n * 4]);
            let mut t = medians(
                runs(n),
                &mut [
                    &mut || program.run_physical_into(&[&literal.bytes], &mut [&mut result]).expect("all_reduce runs"),
                    &mut || mpi.allreduce_sum_f32(&values, &mut out).expect("MPI_Allreduce"),
                ],
            );
            t.extend(medians(runs(n), &mut [&mut || drop(program.run(std::slice::from_ref(&literal)).expect("all_reduce runs"))]));
            if mpi.rank == 0 {
                row(n, &t);
            }
        }
        if mpi.rank == 0 {
            println!();
        }
    }
    if gather {
        header("all_gather", "MPI_Allgather");
        for &n in &args.sizes {
            let program = compile(&all_gather(n, mpi.size))?;
            let (_, literal) = input(n);
            let (mut out, mut result) = (vec![0u8; n * 4 * mpi.size], vec![0u8; n * 4 * mpi.size]);
            let mut t = medians(
                runs(n),
                &mut [
                    &mut || program.run_physical_into(&[&literal.bytes], &mut [&mut result]).expect("all_gather runs"),
                    &mut || mpi.allgather_world_into(&literal.bytes, &mut out).expect("MPI_Allgather"),
                ],
            );
            t.extend(medians(runs(n), &mut [&mut || drop(program.run(std::slice::from_ref(&literal)).expect("all_gather runs"))]));
            if mpi.rank == 0 {
                row(n, &t);
            }
        }
        if mpi.rank == 0 {
            println!();
        }
    }
    xhlo::mpi::finalize();
    Ok(())
}

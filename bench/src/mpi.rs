//! `xla-mpi-bench`: all_reduce (f32 sum) of compiled programs against `MPI_Allreduce` called
//! directly, on the processes of the `mpirun` that started it; rank 0 prints a markdown
//! table of time per call and bandwidth (bytes of one operand per second).
//!
//! ```text
//! mpirun -n 4 --oversubscribe target/release/xla-mpi-bench > bench/results/mpi_allreduce.md
//! ```

use std::time::Instant;
use xhlo::dialect::{source, XhloContext};
use xhlo::ir::literal::Literal;
use xhlo::ir::{ElementType, TensorType};

/// Element counts timed.
const SIZES: &[usize] = &[1 << 10, 1 << 14, 1 << 18, 1 << 22];

fn program(n: usize) -> String {
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

/// The median of `runs` timings of `f`, in seconds (each run starts together on every
/// process, as the collective synchronizes them).
fn median(runs: usize, mut f: impl FnMut()) -> f64 {
    f();
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[runs / 2]
}

fn main() -> Result<(), String> {
    let mpi = xhlo::mpi::get()?;
    let ctx = XhloContext::new();
    let options = xhlo::runtime::CompileOptions { threads: 1, ..Default::default() };
    if mpi.rank == 0 {
        println!("all_reduce (f32 sum) on {} processes of this machine: compiled program (`xhlo.all_reduce`) against `MPI_Allreduce` called directly\n", mpi.size);
        println!("| elements | bytes | xhlo all_reduce | GB/s | MPI_Allreduce | GB/s | ratio |");
        println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    }
    for &n in SIZES {
        let text = program(n);
        let module = source::parse_and_verify(&ctx, &text, "allreduce.mlir").map_err(|d| format!("{d:?}"))?;
        let compiled = xhlo::runtime::compile(&ctx, &module, &options, "allreduce.mlir").map_err(|e| e.to_string())?;
        let values: Vec<f32> = (0..n).map(|i| (i % 97) as f32 * 0.5 + mpi.rank as f32).collect();
        let input = Literal { ty: TensorType::new(vec![n as i64], ElementType::F32), bytes: values.iter().flat_map(|v| v.to_le_bytes()).collect() };
        let runs = if n >= 1 << 20 { 7 } else { 31 };
        let ours = median(runs, || {
            compiled.run(std::slice::from_ref(&input)).expect("all_reduce runs");
        });
        let mut data = values.clone();
        let direct = median(runs, || {
            data.copy_from_slice(&values);
            mpi.allreduce_sum_f32(&mut data).expect("MPI_Allreduce");
        });
        if mpi.rank == 0 {
            let bytes = (n * 4) as f64;
            println!(
                "| {n} | {} | {:.1} µs | {:.2} | {:.1} µs | {:.2} | {:.2}x |",
                n * 4,
                ours * 1e6,
                bytes / ours / 1e9,
                direct * 1e6,
                bytes / direct / 1e9,
                ours / direct
            );
        }
    }
    xhlo::mpi::finalize();
    Ok(())
}

//! The JAX workloads of `shared/workloads/` (and the project's own, `bench/workloads/`, in
//! the same format): their inputs (regenerated bit for bit with the
//! splitmix64 generator), their expected checksums (`expected.json`), and the comparison.
//!
//! Tolerance (float32 programs compared with a float64 NumPy reference): `sum`, `wsum` and
//! `abs_sum` within `2e-5 * abs_sum_ref` (plus 1e-6), each of the `first` values within
//! `1e-4 * (1 + |ref|)`. Reordered float32 reductions differ from XLA's by far less.

use xhlo_ir::literal::{Literal, Scalar};
use xhlo_ir::{ElementType, TensorType};
use crate::npy::splitmix_uniform;
use serde_json::Value;
use std::path::Path;

/// One argument's shape and generator parameters.
#[derive(Clone, Debug)]
pub struct Arg {
    pub shape: Vec<i64>,
    pub seed: u64,
    pub scale: f32,
}

/// Checksums of a result (see `checksum` in workloads.py).
#[derive(Clone, Debug, Default)]
pub struct Checksum {
    pub sum: f64,
    pub abs_sum: f64,
    pub wsum: f64,
    pub first: Vec<f64>,
}

#[derive(Clone, Debug)]
pub struct Workload {
    pub name: String,
    pub desc: String,
    pub args: Vec<Arg>,
    /// Nominal floating-point operations (2 per multiply-add), 0 for memory-bound programs.
    pub flops: f64,
    /// The least bytes a run must read and write, 0 where `flops` measures the program.
    pub bytes_moved: f64,
    pub expected_f64: Checksum,
    pub expected_xla: Checksum,
}

fn checksum_of(v: &Value) -> Checksum {
    let f = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    Checksum {
        sum: f("sum"),
        abs_sum: f("abs_sum"),
        wsum: f("wsum"),
        first: v["first"].as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()).unwrap_or_default(),
    }
}

/// Reads `expected.json`.
pub fn load(dir: &Path) -> Result<Vec<Workload>, String> {
    let path = dir.join("expected.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let json: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let list = json["workloads"].as_array().ok_or_else(|| format!("{}: no workloads", path.display()))?;
    Ok(list
        .iter()
        .map(|w| Workload {
            name: w["name"].as_str().unwrap_or("?").to_string(),
            desc: w["desc"].as_str().unwrap_or("").to_string(),
            args: w["args"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .map(|x| Arg {
                            shape: x["shape"].as_array().map(|s| s.iter().filter_map(Value::as_i64).collect()).unwrap_or_default(),
                            seed: x["seed"].as_u64().unwrap_or(0),
                            scale: x["scale"].as_f64().unwrap_or(1.0) as f32,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            flops: w["flops"].as_f64().unwrap_or(0.0),
            bytes_moved: w["bytes_moved"].as_f64().unwrap_or(0.0),
            expected_f64: checksum_of(&w["expected_f64_numpy"]),
            expected_xla: checksum_of(&w["expected_xla"]),
        })
        .collect())
}

/// What a run achieved, in the unit that bounds the workload.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rate {
    /// GFLOP/s, for programs measured by their flops (compute-bound).
    Gflops(f64),
    /// GB/s of the bytes a run must move, for memory-bound programs.
    Gbs(f64),
}

impl Workload {
    /// The rate of a run that took `seconds`: GFLOP/s where `flops` is known, else GB/s
    /// where `bytes_moved` is; `None` for neither.
    pub fn rate(&self, seconds: f64) -> Option<Rate> {
        if self.flops > 0.0 {
            Some(Rate::Gflops(self.flops / seconds / 1e9))
        } else if self.bytes_moved > 0.0 {
            Some(Rate::Gbs(self.bytes_moved / seconds / 1e9))
        } else {
            None
        }
    }

    /// [`Workload::rate`] as text (`12.34 GFLOP/s`), for the tools' report lines.
    pub fn rate_text(&self, seconds: f64) -> String {
        match self.rate(seconds) {
            Some(Rate::Gflops(g)) => format!("{g:.2} GFLOP/s"),
            Some(Rate::Gbs(g)) => format!("{g:.2} GB/s"),
            None => "no flops or bytes recorded".into(),
        }
    }

    /// Prints a result's checksums beside the float64 reference's and the PASS/FAIL line
    /// (what `xla-run --workload` and `xhlo-gpu-run --workload` print); whether they match.
    pub fn report(&self, ty: &impl std::fmt::Display, got: &Checksum) -> bool {
        println!("  result {ty}: sum={:.6e} abs_sum={:.6e} wsum={:.6e}", got.sum, got.abs_sum, got.wsum);
        let want = &self.expected_f64;
        println!("  f64 reference:  sum={:.6e} abs_sum={:.6e} wsum={:.6e}", want.sum, want.abs_sum, want.wsum);
        match compare(got, want) {
            Ok(()) => {
                println!("PASS {}: checksums match the float64 reference", self.name);
                true
            }
            Err(e) => {
                println!("FAIL {}: {e}", self.name);
                false
            }
        }
    }

    /// The StableHLO file (pretty form, as JAX printed it).
    pub fn source(&self, dir: &Path) -> std::path::PathBuf {
        dir.join("stablehlo").join(format!("{}.mlir", self.name))
    }

    /// The inputs, bit-identical to the Python generator's.
    pub fn inputs(&self) -> Vec<Literal> {
        self.args
            .iter()
            .map(|a| {
                let ty = TensorType::new(a.shape.clone(), ElementType::F32);
                let values = splitmix_uniform(a.seed, ty.num_elements() as usize, a.scale);
                let mut lit = Literal::zeros(ty);
                for (i, v) in values.iter().enumerate() {
                    lit.bytes[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
                }
                lit
            })
            .collect()
    }
}

/// The checksums of a result.
pub fn checksum(lit: &Literal) -> Checksum {
    let mut c = Checksum::default();
    for (i, v) in lit.scalars().enumerate() {
        let x = match v {
            Scalar::Float(f) => f,
            Scalar::Int(i) => i as f64,
            Scalar::Complex(re, _) => re,
        };
        c.sum += x;
        c.abs_sum += x.abs();
        c.wsum += x * ((i % 13) as f64 - 6.0);
        if i < 4 {
            c.first.push(x);
        }
    }
    c
}

/// Compares with the float64 reference; `Err` names what is off and by how much.
pub fn compare(got: &Checksum, want: &Checksum) -> Result<(), String> {
    let tol = 2e-5 * want.abs_sum + 1e-6;
    for (what, a, b) in [("sum", got.sum, want.sum), ("abs_sum", got.abs_sum, want.abs_sum), ("wsum", got.wsum, want.wsum)] {
        if !((a - b).abs() <= tol) {
            return Err(format!("{what} is {a} but the reference is {b} (tolerance {tol:.3e})"));
        }
    }
    for (i, (a, b)) in got.first.iter().zip(&want.first).enumerate() {
        if !((a - b).abs() <= 1e-4 * (1.0 + b.abs())) {
            return Err(format!("element {i} is {a} but the reference is {b}"));
        }
    }
    if got.first.len() != want.first.len() {
        return Err(format!("{} leading values, {} expected", got.first.len(), want.first.len()));
    }
    Ok(())
}

//! What `--bench` measures and reports: the median and least of the repeated runs' times, for
//! the kernels alone and for a whole run, and the JSON written for later comparison.

use crate::driver::DeviceInfo;

/// How many untimed and timed runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BenchOptions {
    pub warmup: usize,
    pub repeats: usize,
}

/// The median and least of a set of times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    pub median: f64,
    pub min: f64,
}

impl Stats {
    /// The statistics of `samples` (NaN for none).
    pub fn of(samples: &[f64]) -> Stats {
        let mut s = samples.to_vec();
        s.sort_by(f64::total_cmp);
        let n = s.len();
        let median = match n {
            0 => f64::NAN,
            _ if n % 2 == 1 => s[n / 2],
            _ => (s[n / 2 - 1] + s[n / 2]) / 2.0,
        };
        Stats { median, min: s.first().copied().unwrap_or(f64::NAN) }
    }
}

/// A benchmark's times, in milliseconds.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    /// All steps of one run, between two CUDA events.
    pub kernel_ms: Stats,
    /// Inputs copied in, steps, outputs copied back, synchronized: the host's clock.
    pub end_to_end_ms: Stats,
    /// Kernel launches per run.
    pub launches: usize,
    pub repeats: usize,
    pub warmup: usize,
}

impl BenchReport {
    /// The short table printed after a run.
    pub fn table(&self) -> String {
        format!(
            "  {:<12} {:>12} {:>12}\n  {:<12} {:>12.4} {:>12.4}\n  {:<12} {:>12.4} {:>12.4}\n  ({} launch{} per run; {} timed runs after {} warm-up)",
            "time (ms)", "median", "min", "kernels", self.kernel_ms.median, self.kernel_ms.min, "end to end", self.end_to_end_ms.median, self.end_to_end_ms.min,
            self.launches, if self.launches == 1 { "" } else { "es" }, self.repeats, self.warmup,
        )
    }

    /// The report with the device and bundle it was measured on (`--json`).
    pub fn to_json(&self, device: &DeviceInfo, bundle: &str) -> serde_json::Value {
        let (major, minor) = device.compute_capability;
        serde_json::json!({
            "device": device.name,
            "device_ordinal": device.ordinal,
            "compute_capability": format!("{major}.{minor}"),
            "driver_version": device.driver_version_text(),
            "bundle": bundle,
            "kernel_ms": { "median": self.kernel_ms.median, "min": self.kernel_ms.min },
            "end_to_end_ms": { "median": self.end_to_end_ms.median, "min": self.end_to_end_ms.min },
            "launches_per_run": self.launches,
            "repeats": self.repeats,
            "warmup": self.warmup,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts_and_min() {
        assert_eq!(Stats::of(&[3.0, 1.0, 2.0]), Stats { median: 2.0, min: 1.0 });
        assert_eq!(Stats::of(&[4.0, 1.0, 3.0, 2.0]), Stats { median: 2.5, min: 1.0 });
        assert!(Stats::of(&[]).median.is_nan());
    }

    #[test]
    fn the_json_names_device_bundle_and_times() {
        let r = BenchReport { kernel_ms: Stats { median: 0.5, min: 0.25 }, end_to_end_ms: Stats { median: 2.0, min: 1.5 }, launches: 3, repeats: 10, warmup: 2 };
        let d = DeviceInfo { ordinal: 0, name: "NVIDIA H100".into(), compute_capability: (9, 0), driver_version: 13000 };
        let j = r.to_json(&d, "mlp.gpub");
        assert_eq!(j["device"], "NVIDIA H100");
        assert_eq!(j["compute_capability"], "9.0");
        assert_eq!(j["driver_version"], "13.0");
        assert_eq!(j["bundle"], "mlp.gpub");
        assert_eq!(j["kernel_ms"]["min"], 0.25);
        assert_eq!(j["end_to_end_ms"]["median"], 2.0);
        assert_eq!(j["launches_per_run"], 3);
    }

    #[test]
    fn the_table_shows_both_times_and_the_launches() {
        let r = BenchReport { kernel_ms: Stats { median: 0.5, min: 0.25 }, end_to_end_ms: Stats { median: 2.0, min: 1.5 }, launches: 1, repeats: 10, warmup: 2 };
        let t = r.table();
        assert!(t.contains("kernels            0.5000       0.2500"), "{t}");
        assert!(t.contains("end to end         2.0000       1.5000"), "{t}");
        assert!(t.contains("(1 launch per run; 10 timed runs after 2 warm-up)"), "{t}");
    }
}

//! xhlo-gpu-run's tests: the command line's errors on any machine (`cli`), and runs of
//! hand-written PTX bundles where there is a GPU (`gpu`; elsewhere they print why they are
//! skipped and pass).

mod cli;
mod gpu;

use std::path::PathBuf;
use std::process::Output;

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xhlo-gpu-run-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the built `xhlo-gpu-run` with `args`.
pub fn gpu_run(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_xhlo-gpu-run")).args(args).output().expect("xhlo-gpu-run starts")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Why GPU tests cannot run here, or `None` where they can.
pub fn no_gpu() -> Option<String> {
    if !xhlo_gpu_run::driver::driver_present() {
        return Some("no CUDA driver (libcuda.so not found)".into());
    }
    match xhlo_gpu_run::Runtime::new(0) {
        Ok(_) => None,
        Err(e @ (xhlo_gpu_run::GpuError::NoDevice(_) | xhlo_gpu_run::GpuError::DeviceIndex { .. })) => Some(e.to_string()),
        Err(e) => panic!("the CUDA driver is present but device 0 does not open: {e}"),
    }
}

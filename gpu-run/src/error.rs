//! What can stop a bundle from running, each case worded for the person at the terminal: the
//! runtime runs where nothing else of xhlo is installed, so a message must say what to do.

use cudarc::driver::result::DriverError;

#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    #[error("no CUDA driver library found (tried {}): run on a machine with an NVIDIA GPU and its driver installed (the CUDA toolkit is not needed), or add the driver's folder to LD_LIBRARY_PATH", tried.join(", "))]
    NoDriver { tried: Vec<String> },
    #[error("the CUDA driver sees no GPU ({0})")]
    NoDevice(String),
    #[error("no device {index}: the CUDA driver sees {count} GPU{}", if *count == 1 { "" } else { "s" })]
    DeviceIndex { index: usize, count: usize },
    #[error("the bundle's PTX targets {chip}, but device {device} ({name}) has compute capability {major}.{minor}: compile the bundle for this GPU")]
    Chip { chip: String, device: usize, name: String, major: i32, minor: i32 },
    #[error("the bundle's chip '{0}' is not an `sm_<major><minor>` architecture")]
    BadChip(String),
    #[error("out of device memory: buffer {buffer} ({kind}) asks for {bytes} bytes; {free} of {total} bytes are free")]
    OutOfMemory { buffer: usize, kind: &'static str, bytes: u64, free: u64, total: u64 },
    #[error("PTX module '{module}' did not load: {error}{}", if log.is_empty() { String::new() } else { format!("\nthe driver's JIT log:\n{log}") })]
    Ptx { module: String, error: String, log: String },
    #[error("step {step}: launching kernel {kernel} failed: {error}")]
    Launch { step: usize, kernel: String, error: String },
    #[error("step {step}: copying {bytes} bytes from buffer {src} to buffer {dst} failed: {error}")]
    Copy { step: usize, src: usize, dst: usize, bytes: u64, error: String },
    /// Wrong input count, type or size.
    #[error("{0}")]
    Input(String),
    /// The bundle is well formed but this runtime cannot run it (a type it cannot hold).
    #[error("the bundle cannot run here: {0}")]
    Bundle(String),
    /// Any other driver call that failed, with what it was doing.
    #[error("{what}: {error}")]
    Driver { what: String, error: String },
}

/// `CUDA_ERROR_OUT_OF_MEMORY (out of memory)`: the driver's name and description of an error.
pub fn describe(e: DriverError) -> String {
    let name = e.error_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|_| format!("{:?}", e.0));
    match e.error_string() {
        Ok(text) => format!("{name} ({})", text.to_string_lossy()),
        Err(_) => name,
    }
}

/// Turns a driver error into [`GpuError::Driver`] saying what was being done.
pub(crate) fn driver(what: impl Into<String>) -> impl FnOnce(DriverError) -> GpuError {
    let what = what.into();
    move |e| GpuError::Driver { what, error: describe(e) }
}

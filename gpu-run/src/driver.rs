//! The CUDA driver, opened at run time: finding `libcuda`, one device's primary context and a
//! stream to run on, and what the device is (its name, compute capability, the driver's
//! version). Nothing here is linked at build time, so the runtime builds and starts on
//! machines without a GPU, and says why it cannot run instead of failing to start.

use crate::error::{describe, driver, GpuError};
use cudarc::driver::result;
use cudarc::driver::sys;

/// What the device is, for the header of every run and the benchmark's JSON.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceInfo {
    pub ordinal: usize,
    pub name: String,
    /// `(major, minor)`: `(9, 0)` for an H100.
    pub compute_capability: (i32, i32),
    /// The driver's CUDA version as it reports it: `13000` for 13.0.
    pub driver_version: i32,
}

impl DeviceInfo {
    /// `13.0`
    pub fn driver_version_text(&self) -> String {
        format!("{}.{}", self.driver_version / 1000, self.driver_version % 1000 / 10)
    }
}

impl std::fmt::Display for DeviceInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (major, minor) = self.compute_capability;
        write!(f, "device {}: {} (compute capability {major}.{minor}), CUDA driver {}", self.ordinal, self.name, self.driver_version_text())
    }
}

/// The library names the driver is looked for under, in order.
pub fn driver_library_names() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for name in ["cuda", "nvcuda"].iter().flat_map(|l| cudarc::get_lib_name_candidates(l)) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// Whether a CUDA driver library can be opened. cudarc panics on the first driver call when
/// none can, so every entry point asks this first.
pub fn driver_present() -> bool {
    // SAFETY: only tries to open the library (its initializers are the driver's own).
    unsafe { sys::is_culib_present() }
}

/// One device, its primary context current on the calling thread, and the stream every
/// copy and launch goes to. Bundles loaded with it ([`crate::LoadedBundle`]) borrow it.
pub struct Runtime {
    pub info: DeviceInfo,
    device: sys::CUdevice,
    context: sys::CUcontext,
    pub(crate) stream: sys::CUstream,
}

impl Runtime {
    /// Opens the driver and device `ordinal`.
    pub fn new(ordinal: usize) -> Result<Runtime, GpuError> {
        if !driver_present() {
            return Err(GpuError::NoDriver { tried: driver_library_names() });
        }
        match result::init() {
            Ok(()) => {}
            Err(e) if e.0 == sys::CUresult::CUDA_ERROR_NO_DEVICE => return Err(GpuError::NoDevice(describe(e))),
            Err(e) => return Err(driver("cuInit")(e)),
        }
        let count = result::device::get_count().map_err(driver("cuDeviceGetCount"))? as usize;
        if count == 0 {
            return Err(GpuError::NoDevice("cuDeviceGetCount reports 0 devices".into()));
        }
        if ordinal >= count {
            return Err(GpuError::DeviceIndex { index: ordinal, count });
        }
        let device = result::device::get(ordinal as i32).map_err(driver(format!("cuDeviceGet({ordinal})")))?;
        let name = result::device::get_name(device).map_err(driver("cuDeviceGetName"))?;
        let attribute = |a| unsafe { result::device::get_attribute(device, a) }.map_err(driver("cuDeviceGetAttribute"));
        let major = attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?;
        let minor = attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?;
        let mut driver_version = 0;
        // SAFETY: writes one int.
        unsafe { sys::cuDriverGetVersion(&mut driver_version) }.result().map_err(driver("cuDriverGetVersion"))?;
        // SAFETY: `device` came from cuDeviceGet; the context is released in Drop.
        let context = unsafe { result::primary_ctx::retain(device) }.map_err(driver("cuDevicePrimaryCtxRetain"))?;
        let info = DeviceInfo { ordinal, name, compute_capability: (major, minor), driver_version };
        let mut runtime = Runtime { info, device, context, stream: std::ptr::null_mut() };
        // SAFETY: a context just retained.
        unsafe { result::ctx::set_current(runtime.context) }.map_err(driver("cuCtxSetCurrent"))?;
        // Kernels allocate from the device heap (the buffers of a loop that runs inside a
        // kernel); the driver's default heap is 8 MiB, and a malloc past it returns null.
        let (_, total) = result::mem_get_info().map_err(driver("cuMemGetInfo"))?;
        let heap = (total / 8).min(8 << 30);
        // SAFETY: sets a limit of the current context, before any kernel is loaded.
        unsafe { sys::cuCtxSetLimit(sys::CUlimit::CU_LIMIT_MALLOC_HEAP_SIZE, heap) }.result().map_err(driver("cuCtxSetLimit(malloc heap)"))?;
        runtime.stream = result::stream::create(result::stream::StreamKind::NonBlocking).map_err(driver("cuStreamCreate"))?;
        Ok(runtime)
    }

    /// Refuses PTX for a newer architecture than the device's (the driver's JIT compiles PTX
    /// for the device's own or a newer one only).
    pub fn check_chip(&self, chip: &str) -> Result<(), GpuError> {
        let (major, minor) = self.info.compute_capability;
        if chip_runs_on(chip, major, minor)? {
            Ok(())
        } else {
            Err(GpuError::Chip { chip: chip.to_string(), device: self.info.ordinal, name: self.info.name.clone(), major, minor })
        }
    }

    /// Waits for everything queued on the stream.
    pub fn synchronize(&self) -> Result<(), GpuError> {
        // SAFETY: the stream lives as long as self.
        unsafe { result::stream::synchronize(self.stream) }.map_err(driver("cuStreamSynchronize"))
    }

    /// Free and total device memory in bytes.
    pub fn memory(&self) -> (u64, u64) {
        result::mem_get_info().map(|(f, t)| (f as u64, t as u64)).unwrap_or((0, 0))
    }
}

impl Drop for Runtime {
    fn drop(&mut self) {
        // SAFETY: both were created in `new` and nothing uses them after this.
        unsafe {
            if !self.stream.is_null() {
                let _ = result::stream::destroy(self.stream);
            }
            let _ = result::primary_ctx::release(self.device);
        }
    }
}

/// Whether PTX for `chip` (`sm_90`, `sm_90a`) runs on a device of compute capability
/// `major.minor`: any later device for plain PTX, only the same one for the
/// architecture-specific `a` targets.
pub fn chip_runs_on(chip: &str, major: i32, minor: i32) -> Result<bool, GpuError> {
    let bad = || GpuError::BadChip(chip.to_string());
    let digits = chip.strip_prefix("sm_").ok_or_else(bad)?;
    let (digits, specific) = match digits.strip_suffix('a') {
        Some(d) => (d, true),
        None => (digits, false),
    };
    if digits.len() < 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let number: i32 = digits.parse().map_err(|_| bad())?;
    let want = (number / 10, number % 10);
    Ok(if specific { want == (major, minor) } else { want <= (major, minor) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ptx_runs_on_its_chip_and_later_ones() {
        assert!(chip_runs_on("sm_90", 9, 0).unwrap());
        assert!(chip_runs_on("sm_80", 9, 0).unwrap());
        assert!(chip_runs_on("sm_90", 10, 0).unwrap());
        assert!(!chip_runs_on("sm_90", 8, 9).unwrap());
        assert!(!chip_runs_on("sm_100", 9, 0).unwrap());
    }

    #[test]
    fn architecture_specific_ptx_runs_on_its_chip_only() {
        assert!(chip_runs_on("sm_90a", 9, 0).unwrap());
        assert!(!chip_runs_on("sm_90a", 10, 0).unwrap());
    }

    #[test]
    fn a_chip_that_is_no_sm_architecture_is_an_error() {
        for chip in ["gfx90a", "sm_", "sm_9", "sm_9x"] {
            assert!(matches!(chip_runs_on(chip, 9, 0), Err(GpuError::BadChip(_))), "{chip}");
        }
    }
}

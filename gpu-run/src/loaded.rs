//! A bundle on the device: its PTX modules loaded (compiled by the driver's JIT), one device
//! allocation per buffer with the constants uploaded, and each step resolved to a kernel
//! handle with its parameters packed, so that a run only copies inputs in, launches, and
//! copies outputs out.

use crate::bench::{BenchOptions, BenchReport, Stats};
use crate::driver::Runtime;
use crate::error::{describe, driver, GpuError};
use crate::params::{self, Params};
use crate::signature::Signature;
use cudarc::driver::result;
use cudarc::driver::sys;
use std::ffi::{c_void, CString};
use xhlo_gpu_bundle::{BufferKind, Bundle, Step};
use xhlo_ir::literal::{storage_bytes, Literal};

/// Room for the driver's JIT error log.
const JIT_LOG_BYTES: usize = 64 * 1024;

enum LoadedStep {
    Launch { kernel: String, function: sys::CUfunction, grid: [u32; 3], block: [u32; 3], shared_bytes: u32, params: Params },
    Copy { src: usize, dst: usize, from: u64, to: u64, bytes: u64 },
}

/// A bundle ready to run on a [`Runtime`]'s device; frees its memory and modules when dropped.
pub struct LoadedBundle<'r> {
    runtime: &'r Runtime,
    pub bundle: Bundle,
    pub signature: Signature,
    modules: Vec<sys::CUmodule>,
    /// Each buffer's device address; 0 for an empty buffer (nothing is allocated).
    addresses: Vec<u64>,
    steps: Vec<LoadedStep>,
}

impl<'r> LoadedBundle<'r> {
    /// Checks the bundle against the device, loads its modules, allocates its buffers and
    /// uploads its constants.
    pub fn new(runtime: &'r Runtime, bundle: Bundle) -> Result<LoadedBundle<'r>, GpuError> {
        runtime.check_chip(&bundle.chip)?;
        let signature = Signature::of(&bundle)?;
        // Built empty first, so that Drop frees what was made before a failure.
        let mut loaded = LoadedBundle { runtime, signature, modules: vec![], addresses: vec![], steps: vec![], bundle };
        for m in &loaded.bundle.modules {
            let module = load_ptx(&m.name, &m.ptx)?;
            loaded.modules.push(module);
        }
        for (i, b) in loaded.bundle.buffers.iter().enumerate() {
            if b.bytes == 0 {
                loaded.addresses.push(0);
                continue;
            }
            // SAFETY: an allocation, freed in Drop.
            let address = unsafe { result::malloc_sync(b.bytes as usize) }.map_err(|e| {
                if e.0 == sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY {
                    let (free, total) = runtime.memory();
                    GpuError::OutOfMemory { buffer: i, kind: kind_name(&b.kind), bytes: b.bytes, free, total }
                } else {
                    driver(format!("allocating buffer {i} ({}, {} bytes)", kind_name(&b.kind), b.bytes))(e)
                }
            })?;
            loaded.addresses.push(address);
            if let BufferKind::Constant(data) = &b.kind {
                // SAFETY: `data` fits the allocation (the bundle's reader checked its length).
                unsafe { result::memcpy_htod_sync(address, data) }.map_err(driver(format!("uploading constant buffer {i}")))?;
            }
        }
        for step in &loaded.bundle.steps {
            let loaded_step = match step {
                Step::Launch(l) => {
                    let name = CString::new(l.kernel.as_str()).map_err(|_| GpuError::Bundle(format!("kernel name {:?} holds a NUL byte", l.kernel)))?;
                    let module = &loaded.bundle.modules[l.module].name;
                    // SAFETY: a module loaded above.
                    let function = unsafe { result::module::get_function(loaded.modules[l.module], name) }
                        .map_err(driver(format!("PTX module '{module}' has no kernel {}", l.kernel)))?;
                    if l.shared_bytes > 48 * 1024 {
                        // More than 48 KiB of dynamic shared memory is opt-in, per kernel.
                        let attribute = sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES;
                        // SAFETY: a function of a loaded module.
                        unsafe { result::function::set_function_attribute(function, attribute, l.shared_bytes as i32) }
                            .map_err(driver(format!("kernel {} asks for {} bytes of shared memory", l.kernel, l.shared_bytes)))?;
                    }
                    let slots = params::pack(&l.args, |b| loaded.addresses[b]);
                    LoadedStep::Launch { kernel: l.kernel.clone(), function, grid: l.grid, block: l.block, shared_bytes: l.shared_bytes, params: Params::new(slots) }
                }
                &Step::Copy { src, src_offset, dst, dst_offset, bytes } => {
                    LoadedStep::Copy { src, dst, from: loaded.addresses[src] + src_offset, to: loaded.addresses[dst] + dst_offset, bytes }
                }
            };
            loaded.steps.push(loaded_step);
        }
        Ok(loaded)
    }

    /// Kernel launches per run.
    pub fn launches(&self) -> usize {
        self.steps.iter().filter(|s| matches!(s, LoadedStep::Launch { .. })).count()
    }

    /// Runs on row-major literals (checked against the bundle's types) and returns the
    /// results as row-major literals.
    pub fn run_literals(&mut self, inputs: &[Literal]) -> Result<Vec<Literal>, GpuError> {
        let physical = self.signature.to_physical(inputs)?;
        let refs: Vec<&[u8]> = physical.iter().map(Vec::as_slice).collect();
        let outputs = self.run(&refs)?;
        Ok(self.signature.from_physical(&outputs))
    }

    /// Runs once on inputs in their types' layouts and returns each result's bytes in its
    /// layout. The stream is synchronized after every launch, so a kernel that faults is
    /// named as the one that failed (the driver reports faults asynchronously).
    pub fn run(&mut self, inputs: &[&[u8]]) -> Result<Vec<Vec<u8>>, GpuError> {
        self.copy_in(inputs)?;
        self.launch_steps(true)?;
        let mut outputs = self.output_storage();
        self.copy_out(&mut outputs)?;
        self.runtime.synchronize()?;
        Ok(outputs)
    }

    /// Times the steps with CUDA events (all steps of a run between two events) and the
    /// whole run with the host's clock (inputs in, steps, outputs out, synchronized), after
    /// `warmup` untimed runs of each. Nothing is synchronized between launches here: run
    /// [`LoadedBundle::run`] first to check the program. Steps that write an input's buffer
    /// see the previous run's values in the kernel-only timing (inputs are not copied again).
    pub fn bench(&mut self, inputs: &[&[u8]], options: BenchOptions) -> Result<BenchReport, GpuError> {
        if options.repeats == 0 {
            return Err(GpuError::Input("--repeats must be at least 1".into()));
        }
        self.copy_in(inputs)?;
        let start = result::event::create(sys::CUevent_flags::CU_EVENT_DEFAULT).map_err(driver("cuEventCreate"))?;
        let end = result::event::create(sys::CUevent_flags::CU_EVENT_DEFAULT).map_err(driver("cuEventCreate"));
        let end = match end {
            Ok(e) => e,
            Err(e) => {
                // SAFETY: created above, used nowhere else.
                unsafe { let _ = result::event::destroy(start); }
                return Err(e);
            }
        };
        let timed = (|| {
            let mut kernel_ms = Vec::with_capacity(options.repeats);
            for r in 0..options.warmup + options.repeats {
                // SAFETY: events and stream live until the end of this function.
                unsafe { result::event::record(start, self.runtime.stream) }.map_err(driver("cuEventRecord"))?;
                self.launch_steps(false)?;
                unsafe { result::event::record(end, self.runtime.stream) }.map_err(driver("cuEventRecord"))?;
                unsafe { result::event::synchronize(end) }.map_err(driver("cuEventSynchronize (a kernel failed; its launch is not known in --bench runs)"))?;
                let ms = unsafe { result::event::elapsed(start, end) }.map_err(driver("cuEventElapsedTime"))?;
                if r >= options.warmup {
                    kernel_ms.push(ms as f64);
                }
            }
            let mut end_to_end_ms = Vec::with_capacity(options.repeats);
            let mut outputs = self.output_storage();
            for r in 0..options.warmup + options.repeats {
                let clock = std::time::Instant::now();
                self.copy_in(inputs)?;
                self.launch_steps(false)?;
                self.copy_out(&mut outputs)?;
                self.runtime.synchronize()?;
                if r >= options.warmup {
                    end_to_end_ms.push(clock.elapsed().as_secs_f64() * 1e3);
                }
            }
            Ok(BenchReport {
                kernel_ms: Stats::of(&kernel_ms),
                end_to_end_ms: Stats::of(&end_to_end_ms),
                launches: self.launches(),
                repeats: options.repeats,
                warmup: options.warmup,
            })
        })();
        // SAFETY: created above; the last run was synchronized (or failed).
        unsafe {
            let _ = result::event::destroy(start);
            let _ = result::event::destroy(end);
        }
        timed
    }

    fn output_storage(&self) -> Vec<Vec<u8>> {
        self.bundle.outputs.iter().map(|o| vec![0; (o.view.byte_range().end - o.view.byte_range().start) as usize]).collect()
    }

    /// Queues the inputs' copies after checking their count and sizes.
    fn copy_in(&self, inputs: &[&[u8]]) -> Result<(), GpuError> {
        if inputs.len() != self.signature.inputs.len() {
            return Err(GpuError::Input(format!("the bundle takes {} inputs, {} given", self.signature.inputs.len(), inputs.len())));
        }
        for (i, (bytes, ty)) in inputs.iter().zip(&self.signature.inputs).enumerate() {
            if bytes.len() != storage_bytes(ty) {
                return Err(GpuError::Input(format!("input #{i} has {} bytes but {ty} takes {}", bytes.len(), storage_bytes(ty))));
            }
            if bytes.is_empty() {
                continue;
            }
            let address = self.addresses[self.bundle.inputs[i].buffer];
            // SAFETY: the buffer holds at least the type's bytes (Signature::of checked it);
            // the host bytes outlive the copy (pageable memory: the copy is staged at once).
            unsafe { result::memcpy_htod_async(address, bytes, self.runtime.stream) }.map_err(driver(format!("copying input #{i} to the device")))?;
        }
        Ok(())
    }

    /// Queues each result's copy to `outputs` (the caller synchronizes).
    fn copy_out(&self, outputs: &mut [Vec<u8>]) -> Result<(), GpuError> {
        for (i, (out, storage)) in self.bundle.outputs.iter().zip(outputs.iter_mut()).enumerate() {
            if storage.is_empty() {
                continue;
            }
            let address = self.addresses[out.view.buffer] + out.view.byte_range().start;
            // SAFETY: the view lies inside its buffer (the bundle's reader checked it).
            unsafe { result::memcpy_dtoh_async(storage.as_mut_slice(), address, self.runtime.stream) }
                .map_err(driver(format!("copying result #{i} from the device")))?;
        }
        Ok(())
    }

    /// Queues every step; `checked` waits after each launch and blames a failure on it.
    fn launch_steps(&mut self, checked: bool) -> Result<(), GpuError> {
        let stream = self.runtime.stream;
        for (s, step) in self.steps.iter_mut().enumerate() {
            match step {
                LoadedStep::Launch { kernel, function, grid, block, shared_bytes, params } => {
                    let blame = |e| GpuError::Launch { step: s, kernel: kernel.clone(), error: describe(e) };
                    // SAFETY: the parameters match the kernel's signature as the bundle
                    // declares it, and point into buffers that live as long as self.
                    unsafe {
                        result::launch_kernel(*function, (grid[0], grid[1], grid[2]), (block[0], block[1], block[2]), *shared_bytes, stream, params.pointers())
                            .map_err(blame)?;
                        if checked {
                            result::stream::synchronize(stream).map_err(blame)?;
                        }
                    }
                }
                &mut LoadedStep::Copy { src, dst, from, to, bytes } => {
                    if bytes == 0 {
                        continue;
                    }
                    // SAFETY: both ranges lie inside their buffers (checked by the reader).
                    unsafe { result::memcpy_dtod_async(to, from, bytes as usize, stream) }
                        .map_err(|e| GpuError::Copy { step: s, src, dst, bytes, error: describe(e) })?;
                }
            }
        }
        Ok(())
    }
}

impl Drop for LoadedBundle<'_> {
    fn drop(&mut self) {
        // SAFETY: the allocations and modules were made in `new`; the stream is drained so
        // no queued work uses them.
        unsafe {
            let _ = result::stream::synchronize(self.runtime.stream);
            for &a in &self.addresses {
                if a != 0 {
                    let _ = result::free_sync(a);
                }
            }
            for &m in &self.modules {
                let _ = result::module::unload(m);
            }
        }
    }
}

fn kind_name(kind: &BufferKind) -> &'static str {
    match kind {
        BufferKind::Input(_) => "an input",
        BufferKind::Temporary => "a temporary",
        BufferKind::Constant(_) => "a constant",
    }
}

/// Loads one PTX module through the driver's JIT, returning its error log on failure.
fn load_ptx(name: &str, ptx: &str) -> Result<sys::CUmodule, GpuError> {
    let text = CString::new(ptx).map_err(|_| GpuError::Ptx { module: name.into(), error: "the PTX text holds a NUL byte".into(), log: String::new() })?;
    let mut log = vec![0u8; JIT_LOG_BYTES];
    let mut options = [sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER, sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES];
    let mut values = [log.as_mut_ptr() as *mut c_void, JIT_LOG_BYTES as *mut c_void];
    let mut module = std::ptr::null_mut();
    // SAFETY: a NUL-terminated image, and option values as cuModuleLoadDataEx documents them
    // (a buffer and its size, passed as a pointer-sized integer).
    let status = unsafe {
        sys::cuModuleLoadDataEx(&mut module, text.as_ptr() as *const c_void, options.len() as u32, options.as_mut_ptr(), values.as_mut_ptr())
    };
    match status.result() {
        Ok(()) => Ok(module),
        Err(e) => {
            let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
            Err(GpuError::Ptx { module: name.into(), error: describe(e), log: String::from_utf8_lossy(&log[..end]).trim_end().to_string() })
        }
    }
}

//! The GPU bundle: everything needed to run one compiled xhlo program on a CUDA GPU, in one
//! file, with no MLIR on the machine that runs it (the design of IREE's `.vmfb` and XLA's
//! ahead-of-time executables: compile here, run there with a small runtime).
//!
//! # File layout (version 1)
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | magic `XHLOGPU\0` |
//! | 4 | format version, little-endian `u32` ([`VERSION`]) |
//! | 4 | reserved, zero |
//! | 8 | header length `H`, little-endian `u64` |
//! | `H` | the header: UTF-8 JSON, [`Bundle`] with its blobs replaced by [`Blob`] ranges |
//! | rest | the payload: PTX texts and constant bytes, at the offsets the header names |
//!
//! # Execution model
//!
//! The runtime allocates one device buffer per [`Buffer`] (inputs are copied in, constants
//! uploaded, temporaries left uninitialized), then runs the [`Step`]s in order on one stream,
//! then copies each output's [`View`] back. Kernels take MLIR's default GPU calling
//! convention: a memref argument is passed as its unpacked descriptor, `allocated pointer,
//! aligned pointer, offset, sizes[rank], strides[rank]` (pointers and `i64`s, one kernel
//! parameter each; offset, sizes and strides in elements); an `index` is an `i64`.
//! Buffers alias exactly where views name the same buffer: an output may be an input's or a
//! constant's buffer (a program that returns its argument), and several views may share one.

use serde::{Deserialize, Serialize};

/// The bytes every bundle starts with.
pub const MAGIC: &[u8; 8] = b"XHLOGPU\0";
/// The format version this crate writes and reads.
pub const VERSION: u32 = 1;
const PREFIX: usize = 24;

/// A compiled program for one GPU architecture.
#[derive(Clone, Debug, PartialEq)]
pub struct Bundle {
    /// What wrote it (`xhlo 0.1.0`).
    pub producer: String,
    /// The architecture the PTX was generated for (`sm_90`).
    pub chip: String,
    /// The entry function's name in the source program.
    pub entry: String,
    /// The entry's arguments, in order.
    pub inputs: Vec<Input>,
    /// The entry's results, in order.
    pub outputs: Vec<Output>,
    pub buffers: Vec<Buffer>,
    /// PTX modules; launches name them by index.
    pub modules: Vec<PtxModule>,
    pub steps: Vec<Step>,
}

/// One argument: its xhlo type (`tensor<4x8xf32>`, a layout as `#xhlo.layout<...>`) and the
/// buffer its bytes are copied into, in the layout's physical order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Input {
    pub ty: String,
    pub buffer: usize,
}

/// One result: its xhlo type and the contiguous view its bytes are read from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Output {
    pub ty: String,
    pub view: View,
}

/// A device allocation.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    pub bytes: u64,
    pub kind: BufferKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum BufferKind {
    /// Holds argument `n` (copied in before the first step).
    Input(usize),
    /// Uninitialized scratch or result memory.
    Temporary,
    /// Uploaded once when the bundle is loaded; steps never write it.
    Constant(Vec<u8>),
}

/// A strided view of a buffer, in elements of `element_bytes` bytes (a memref's descriptor
/// without its pointers).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    pub buffer: usize,
    pub element_bytes: u32,
    pub offset: i64,
    pub sizes: Vec<i64>,
    pub strides: Vec<i64>,
}

impl View {
    /// Whether the elements are packed row-major from `offset` (a plain byte range).
    pub fn is_contiguous(&self) -> bool {
        let mut expected = 1;
        for (&size, &stride) in self.sizes.iter().zip(&self.strides).rev() {
            if size != 1 && stride != expected {
                return false;
            }
            expected *= size;
        }
        true
    }

    pub fn elements(&self) -> i64 {
        self.sizes.iter().product()
    }

    /// The byte range of a contiguous view.
    pub fn byte_range(&self) -> std::ops::Range<u64> {
        let start = self.offset as u64 * self.element_bytes as u64;
        start..start + self.elements() as u64 * self.element_bytes as u64
    }

    /// One past the furthest byte any element of the view touches: the bytes a buffer needs
    /// to hold it.
    pub fn end_byte(&self) -> i64 {
        if self.sizes.iter().any(|&s| s == 0) {
            return 0;
        }
        let last: i64 = self.sizes.iter().zip(&self.strides).map(|(&s, &st)| (s - 1) * st).sum();
        (self.offset + last + 1) * self.element_bytes as i64
    }
}

/// PTX text for [`Bundle::chip`] with its entry kernels' names.
#[derive(Clone, Debug, PartialEq)]
pub struct PtxModule {
    pub name: String,
    pub ptx: String,
    pub kernels: Vec<String>,
}

/// One step of the launch plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Launch(Launch),
    /// Copies `bytes` bytes between two buffers (device to device).
    Copy { src: usize, src_offset: u64, dst: usize, dst_offset: u64, bytes: u64 },
}

/// A kernel launch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Launch {
    /// Index into [`Bundle::modules`].
    pub module: usize,
    pub kernel: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic shared memory in bytes.
    pub shared_bytes: u32,
    pub args: Vec<Arg>,
}

/// A kernel argument.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    /// A memref: its unpacked descriptor (see the crate docs).
    Memref(View),
    I64(i64),
    I32(i32),
    I16(i16),
    /// Also `i1` (0 or 1; LLVM passes it in a byte).
    I8(i8),
    /// The value's bits.
    F32(u32),
    F64(u64),
    /// An `f16` or `bf16`'s bits.
    F16(u16),
}

/// What can be wrong with a bundle's bytes.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BundleError {
    #[error("not an xhlo GPU bundle (its first bytes are not `XHLOGPU`)")]
    NotABundle,
    #[error("bundle format version {found}, but this runtime reads version {VERSION}: rebuild the bundle with a matching xla-opt")]
    Version { found: u32 },
    #[error("truncated bundle: {0}")]
    Truncated(String),
    #[error("malformed bundle header: {0}")]
    Header(String),
    #[error("inconsistent bundle: {0}")]
    Inconsistent(String),
}

// ----- the header as stored -------------------------------------------------------------------

/// A byte range of the payload.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Blob {
    pub offset: u64,
    pub len: u64,
}

#[derive(Serialize, Deserialize)]
struct Header {
    format: String,
    version: u32,
    producer: String,
    chip: String,
    entry: String,
    inputs: Vec<Input>,
    outputs: Vec<Output>,
    buffers: Vec<StoredBuffer>,
    modules: Vec<StoredModule>,
    steps: Vec<Step>,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum StoredBuffer {
    Input { bytes: u64, index: usize },
    Temporary { bytes: u64 },
    Constant { bytes: u64, data: Blob },
}

#[derive(Serialize, Deserialize)]
struct StoredModule {
    name: String,
    kernels: Vec<String>,
    ptx: Blob,
}

const FORMAT: &str = "xhlo-gpu-bundle";

impl Bundle {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut payload = Vec::new();
        let mut blob = |bytes: &[u8]| {
            // 256-byte aligned blobs: a reader may map the file and upload in place.
            payload.resize(payload.len().next_multiple_of(256), 0);
            let b = Blob { offset: payload.len() as u64, len: bytes.len() as u64 };
            payload.extend_from_slice(bytes);
            b
        };
        let buffers = self
            .buffers
            .iter()
            .map(|b| match &b.kind {
                BufferKind::Input(index) => StoredBuffer::Input { bytes: b.bytes, index: *index },
                BufferKind::Temporary => StoredBuffer::Temporary { bytes: b.bytes },
                BufferKind::Constant(data) => StoredBuffer::Constant { bytes: b.bytes, data: blob(data) },
            })
            .collect();
        let modules = self.modules.iter().map(|m| StoredModule { name: m.name.clone(), kernels: m.kernels.clone(), ptx: blob(m.ptx.as_bytes()) }).collect();
        let header = Header {
            format: FORMAT.into(),
            version: VERSION,
            producer: self.producer.clone(),
            chip: self.chip.clone(),
            entry: self.entry.clone(),
            inputs: self.inputs.clone(),
            outputs: self.outputs.clone(),
            buffers,
            modules,
            steps: self.steps.clone(),
        };
        let json = serde_json::to_vec_pretty(&header).expect("the header is plain data");
        let mut out = Vec::with_capacity(PREFIX + json.len() + payload.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        out.extend_from_slice(&(json.len() as u64).to_le_bytes());
        out.extend_from_slice(&json);
        out.extend_from_slice(&payload);
        out
    }

    /// Reads and checks a bundle: every index, range and view is checked here, so a runtime
    /// can trust what it launches with.
    pub fn from_bytes(bytes: &[u8]) -> Result<Bundle, BundleError> {
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(BundleError::NotABundle);
        }
        if bytes.len() < PREFIX {
            return Err(BundleError::Truncated(format!("{} bytes, the fixed prefix alone is {PREFIX}", bytes.len())));
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap());
        if version != VERSION {
            return Err(BundleError::Version { found: version });
        }
        let header_len = u64::from_le_bytes(bytes[16..24].try_into().unwrap());
        let header_end = (PREFIX as u64).checked_add(header_len).filter(|&e| e <= bytes.len() as u64).ok_or_else(|| {
            BundleError::Truncated(format!("the header is {header_len} bytes but only {} follow the prefix", bytes.len() - PREFIX))
        })? as usize;
        let header: Header = serde_json::from_slice(&bytes[PREFIX..header_end]).map_err(|e| BundleError::Header(e.to_string()))?;
        if header.format != FORMAT || header.version != VERSION {
            return Err(BundleError::Header(format!("format '{}' version {}, expected '{FORMAT}' version {VERSION}", header.format, header.version)));
        }
        let payload = &bytes[header_end..];
        let slice = |b: Blob, what: &str| -> Result<Vec<u8>, BundleError> {
            let end = b.offset.checked_add(b.len).filter(|&e| e <= payload.len() as u64);
            match end {
                Some(end) => Ok(payload[b.offset as usize..end as usize].to_vec()),
                None => Err(BundleError::Truncated(format!("{what} ends at byte {} of a {}-byte payload", b.offset.saturating_add(b.len), payload.len()))),
            }
        };
        let mut buffers = Vec::with_capacity(header.buffers.len());
        for (i, b) in header.buffers.into_iter().enumerate() {
            buffers.push(match b {
                StoredBuffer::Input { bytes, index } => Buffer { bytes, kind: BufferKind::Input(index) },
                StoredBuffer::Temporary { bytes } => Buffer { bytes, kind: BufferKind::Temporary },
                StoredBuffer::Constant { bytes, data } => {
                    let data = slice(data, &format!("constant buffer {i}"))?;
                    if data.len() as u64 != bytes {
                        return Err(BundleError::Inconsistent(format!("constant buffer {i} holds {} bytes, declared {bytes}", data.len())));
                    }
                    Buffer { bytes, kind: BufferKind::Constant(data) }
                }
            });
        }
        let mut modules = Vec::with_capacity(header.modules.len());
        for m in header.modules {
            let ptx = String::from_utf8(slice(m.ptx, &format!("module {}'s PTX", m.name))?)
                .map_err(|_| BundleError::Inconsistent(format!("module {}'s PTX is not UTF-8 text", m.name)))?;
            modules.push(PtxModule { name: m.name, ptx, kernels: m.kernels });
        }
        let bundle = Bundle {
            producer: header.producer,
            chip: header.chip,
            entry: header.entry,
            inputs: header.inputs,
            outputs: header.outputs,
            buffers,
            modules,
            steps: header.steps,
        };
        bundle.check().map_err(BundleError::Inconsistent)?;
        Ok(bundle)
    }

    /// Checks that indices and views stay inside what the bundle declares.
    pub fn check(&self) -> Result<(), String> {
        let view_ok = |v: &View, what: &str| -> Result<(), String> {
            let b = self.buffers.get(v.buffer).ok_or_else(|| format!("{what} names buffer {}, of {}", v.buffer, self.buffers.len()))?;
            if v.sizes.len() != v.strides.len() || v.offset < 0 || v.sizes.iter().any(|&s| s < 0) || v.element_bytes == 0 {
                return Err(format!("{what} is not a valid view: {v:?}"));
            }
            if v.end_byte() > b.bytes as i64 || v.strides.iter().any(|&s| s < 0) {
                return Err(format!("{what} reaches past buffer {} ({} bytes): {v:?}", v.buffer, b.bytes));
            }
            Ok(())
        };
        for (i, input) in self.inputs.iter().enumerate() {
            match self.buffers.get(input.buffer).map(|b| &b.kind) {
                Some(BufferKind::Input(n)) if *n == i => {}
                _ => return Err(format!("input {i} names buffer {}, which is not input {i}'s", input.buffer)),
            }
        }
        for (i, b) in self.buffers.iter().enumerate() {
            if let BufferKind::Input(n) = b.kind {
                if self.inputs.get(n).map(|x| x.buffer) != Some(i) {
                    return Err(format!("buffer {i} is input {n}'s, but input {n} does not name it"));
                }
            }
        }
        for (i, out) in self.outputs.iter().enumerate() {
            view_ok(&out.view, &format!("output {i}"))?;
            if !out.view.is_contiguous() {
                return Err(format!("output {i}'s view is not contiguous"));
            }
        }
        for (s, step) in self.steps.iter().enumerate() {
            match step {
                Step::Launch(l) => {
                    let m = self.modules.get(l.module).ok_or_else(|| format!("step {s} launches from module {}, of {}", l.module, self.modules.len()))?;
                    if !m.kernels.contains(&l.kernel) {
                        return Err(format!("step {s} launches {}, which module {} does not hold", l.kernel, m.name));
                    }
                    if l.grid.iter().chain(&l.block).any(|&d| d == 0) {
                        return Err(format!("step {s} launches {} on an empty grid or block", l.kernel));
                    }
                    for (a, arg) in l.args.iter().enumerate() {
                        if let Arg::Memref(v) = arg {
                            view_ok(v, &format!("step {s}'s argument {a}"))?;
                        }
                    }
                }
                Step::Copy { src, src_offset, dst, dst_offset, bytes } => {
                    for (buffer, offset, what) in [(*src, *src_offset, "source"), (*dst, *dst_offset, "destination")] {
                        let b = self.buffers.get(buffer).ok_or_else(|| format!("step {s}'s copy {what} names buffer {buffer}, of {}", self.buffers.len()))?;
                        if offset.checked_add(*bytes).is_none_or(|end| end > b.bytes) {
                            return Err(format!("step {s}'s copy {what} reaches past buffer {buffer}"));
                        }
                    }
                    if matches!(self.buffers[*dst].kind, BufferKind::Constant(_)) {
                        return Err(format!("step {s} copies into constant buffer {dst}"));
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;

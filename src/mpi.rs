//! MPI (Open MPI or MPICH), loaded at run time: only a run that needs other processes (a
//! program with collectives or send/recv, or a process started by `mpirun`) loads it, so
//! programs without them run where no MPI is installed.
//!
//! The library is `dlopen`ed and the dozen functions used are looked up by name; they are
//! the same in every implementation. What differs (how handles are made, a few constants,
//! the launcher) is one row of [`abi::ABIS`] per implementation. Which one: the one the
//! binary says was asked for or started the process ([`abi::choose`]; `xla-run` reads
//! `XHLO_MPI` and the launchers' variables), else the first installed; the library then
//! names itself (`MPI_Get_library_version`) and its row is used.

use std::collections::HashMap;
use std::ffi::{c_int, c_void, CString};
use std::sync::{Mutex, OnceLock};
use crate::lowering::ops::collective::{Datatype, Reduction};

pub mod abi;
use abi::{Abi, Predefined};

/// `MPI_Comm`, `MPI_Datatype`, `MPI_Op`: a pointer in Open MPI, an `int` in MPICH (in the
/// word's low half, see [`abi`]).
pub type Handle = *mut c_void;

/// `MPI_User_function`: `inout[i] = op(in[i], inout[i])` for `*len` elements.
type UserFunction = unsafe extern "C" fn(*mut c_void, *mut c_void, *mut c_int, *mut Handle);

type CommSize = unsafe extern "C" fn(Handle, *mut c_int) -> c_int;
type Allgather = unsafe extern "C" fn(*const c_void, c_int, Handle, *mut c_void, c_int, Handle, Handle) -> c_int;

/// The loaded library: its functions and the handles programs use.
pub struct Mpi {
    init: unsafe extern "C" fn(*mut c_int, *mut *mut *mut i8) -> c_int,
    initialized: unsafe extern "C" fn(*mut c_int) -> c_int,
    finalized: unsafe extern "C" fn(*mut c_int) -> c_int,
    finalize: unsafe extern "C" fn() -> c_int,
    abort: unsafe extern "C" fn(Handle, c_int) -> c_int,
    comm_rank: CommSize,
    comm_size: CommSize,
    comm_split: unsafe extern "C" fn(Handle, c_int, c_int, *mut Handle) -> c_int,
    allgather: Allgather,
    alltoall: Allgather,
    bcast: unsafe extern "C" fn(*mut c_void, c_int, Handle, c_int, Handle) -> c_int,
    allreduce: unsafe extern "C" fn(*const c_void, *mut c_void, c_int, Handle, Handle, Handle) -> c_int,
    reduce_scatter_block: unsafe extern "C" fn(*const c_void, *mut c_void, c_int, Handle, Handle, Handle) -> c_int,
    /// `MPI_FLOAT`, `MPI_DOUBLE`, `MPI_INT8_T` ... `MPI_UINT64_T`, in [`Datatype`]'s order;
    /// f16 and bf16 as `MPI_UINT16_T`.
    datatypes: [Handle; 12],
    /// `MPI_SUM`, `MPI_PROD`, `MPI_MAX`, `MPI_MIN`, `MPI_BAND`, `MPI_BOR`, `MPI_BXOR`, in
    /// [`Reduction`]'s order.
    ops: [Handle; 7],
    op_create: unsafe extern "C" fn(UserFunction, c_int, *mut Handle) -> c_int,
    /// The reductions MPI lacks, as MPI ops made on first use: [`float_extremum`] on f32
    /// and f64 (maximum, then minimum), and add, multiply, maximum, minimum on f16 and bf16
    /// (see [`Mpi::op`]).
    float_ops: OnceLock<Result<[usize; OURS], String>>,
    /// Whether the library's `MPI_MAX`/`MPI_MIN` order each unsigned type as unsigned
    /// ([`Mpi::unsigned_extrema_right`]).
    unsigned_extrema: OnceLock<Result<[bool; 8], String>>,
    reduce_local: unsafe extern "C" fn(*const c_void, *mut c_void, c_int, Handle, Handle) -> c_int,
    sendrecv: unsafe extern "C" fn(*const c_void, c_int, Handle, c_int, c_int, *mut c_void, c_int, Handle, c_int, c_int, Handle, *mut c_void) -> c_int,
    send: unsafe extern "C" fn(*const c_void, c_int, Handle, c_int, c_int, Handle) -> c_int,
    recv: unsafe extern "C" fn(*mut c_void, c_int, Handle, c_int, c_int, Handle, *mut c_void) -> c_int,
    world: Handle,
    byte: Handle,
    /// The implementation loaded.
    pub abi: &'static Abi,
    /// What `MPI_Get_library_version` says, first line.
    pub version: String,
    /// This process's rank in `MPI_COMM_WORLD` and the world's size.
    pub rank: usize,
    pub size: usize,
    /// Communicators made by `MPI_Comm_split`, by the partition of the world they split.
    groups: Mutex<HashMap<Vec<Vec<usize>>, usize>>,
}

// SAFETY: the handles are addresses of the library's global objects or constants, valid for
// the process's life.
unsafe impl Send for Mpi {}
unsafe impl Sync for Mpi {}

macro_rules! function {
    ($lib:expr, $name:literal) => {
        // SAFETY: the symbol is the MPI function of that name, whose C signature the field's
        // type spells out (mpi.h).
        unsafe { std::mem::transmute::<*mut c_void, _>(symbol($lib, $name)?) }
    };
}

fn symbol(handle: *mut c_void, name: &str) -> Result<*mut c_void, String> {
    let c = CString::new(name).expect("no NUL in symbol names");
    // SAFETY: dlsym on a handle returned by dlopen, with a valid C string.
    let p = unsafe { libc::dlsym(handle, c.as_ptr()) };
    if p.is_null() {
        Err(format!("the MPI library has no symbol {name}"))
    } else {
        Ok(p)
    }
}

/// The handle of a predefined object: its symbol's address, or mpi.h's constant.
fn predefined(lib: *mut c_void, p: Predefined) -> Result<Handle, String> {
    match p {
        Predefined::Symbol(name) => symbol(lib, name),
        Predefined::Int(v) => Ok(v as usize as Handle),
    }
}

fn handles<const N: usize>(lib: *mut c_void, table: &[Predefined; N]) -> Result<[Handle; N], String> {
    let mut out = [std::ptr::null_mut(); N];
    for (h, p) in out.iter_mut().zip(table) {
        *h = predefined(lib, *p)?;
    }
    Ok(out)
}

/// `dlopen` of the first of `names` that loads.
fn open(names: &[&str]) -> Option<*mut c_void> {
    names.iter().find_map(|name| {
        let c = CString::new(*name).expect("no NUL in library names");
        // SAFETY: dlopen with a valid C string; the handle stays open for the process's life.
        let lib = unsafe { libc::dlopen(c.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
        (!lib.is_null()).then_some(lib)
    })
}

/// What the library says it is (`MPI_Get_library_version`, callable before `MPI_Init`).
fn library_version(lib: *mut c_void) -> Result<String, String> {
    let get: unsafe extern "C" fn(*mut i8, *mut c_int) -> c_int = function!(lib, "MPI_Get_library_version");
    // MPI_MAX_LIBRARY_VERSION_STRING is 256 in Open MPI, 8192 in MPICH.
    let mut text = vec![0u8; 8192];
    let mut len: c_int = 0;
    // SAFETY: the buffer holds the longest version text of either implementation.
    check(unsafe { get(text.as_mut_ptr().cast(), &mut len) }, "MPI_Get_library_version")?;
    text.truncate(text.iter().position(|&b| b == 0).unwrap_or(len.clamp(0, 8192) as usize));
    Ok(String::from_utf8_lossy(&text).into_owned())
}

/// The library of the first of `candidates` installed, and its row (the one its version
/// text names).
fn open_library(candidates: &[&'static Abi]) -> Result<(*mut c_void, &'static Abi, String), String> {
    for abi in candidates {
        let Some(lib) = open(abi.libraries) else { continue };
        let version = library_version(lib)?;
        let first = version.lines().next().unwrap_or_default().trim().to_string();
        let named = abi::identify(&version).ok_or_else(|| format!("unsupported MPI library {} ({first}): Open MPI and MPICH are", abi.libraries.join(", ")))?;
        return Ok((lib, named, first));
    }
    let tried: Vec<String> = candidates.iter().map(|a| format!("{} ({}; install {})", a.name, a.libraries.join(", "), a.packages)).collect();
    Err(format!("no MPI library could be loaded: tried {}", tried.join(", ")))
}


impl Mpi {
    fn load() -> Result<Mpi, String> {
        let (lib, abi, version) = open_library(&abi::candidates())?;
        // A process one implementation's launcher started cannot join its run with the
        // other's library (it would start alone, as rank 0 of 1).
        if let Some(launcher) = abi::choice().launched_by {
            if launcher.key != abi.key {
                return Err(format!("this process was started by {}'s launcher but the MPI library loaded is {} ({version})", launcher.name, abi.name));
            }
        }
        let mut mpi = Mpi {
            init: function!(lib, "MPI_Init"),
            initialized: function!(lib, "MPI_Initialized"),
            finalized: function!(lib, "MPI_Finalized"),
            finalize: function!(lib, "MPI_Finalize"),
            abort: function!(lib, "MPI_Abort"),
            comm_rank: function!(lib, "MPI_Comm_rank"),
            comm_size: function!(lib, "MPI_Comm_size"),
            comm_split: function!(lib, "MPI_Comm_split"),
            allgather: function!(lib, "MPI_Allgather"),
            alltoall: function!(lib, "MPI_Alltoall"),
            bcast: function!(lib, "MPI_Bcast"),
            allreduce: function!(lib, "MPI_Allreduce"),
            reduce_scatter_block: function!(lib, "MPI_Reduce_scatter_block"),
            datatypes: handles(lib, &abi.datatypes)?,
            ops: handles(lib, &abi.ops)?,
            op_create: function!(lib, "MPI_Op_create"),
            float_ops: OnceLock::new(),
            unsigned_extrema: OnceLock::new(),
            reduce_local: function!(lib, "MPI_Reduce_local"),
            sendrecv: function!(lib, "MPI_Sendrecv"),
            send: function!(lib, "MPI_Send"),
            recv: function!(lib, "MPI_Recv"),
            world: predefined(lib, abi.world)?,
            byte: predefined(lib, abi.byte)?,
            abi,
            version,
            rank: 0,
            size: 1,
            groups: Mutex::new(HashMap::new()),
        };
        let mut flag = 0;
        // SAFETY: the functions were looked up above; MPI_Init accepts null argc/argv.
        unsafe {
            (mpi.initialized)(&mut flag);
            if flag == 0 && (mpi.init)(std::ptr::null_mut(), std::ptr::null_mut()) != 0 {
                return Err("MPI_Init failed".into());
            }
            let (mut rank, mut size) = (0, 0);
            (mpi.comm_rank)(mpi.world, &mut rank);
            (mpi.comm_size)(mpi.world, &mut size);
            mpi.rank = rank as usize;
            mpi.size = size as usize;
        }
        Ok(mpi)
    }
}

static MPI: OnceLock<Result<Mpi, String>> = OnceLock::new();

/// MPI, loaded and initialized on the first call (`MPI_Init`); the error says why it is not
/// available.
pub fn get() -> Result<&'static Mpi, String> {
    MPI.get_or_init(Mpi::load).as_ref().map_err(Clone::clone)
}

/// Whether this process has loaded MPI (a run needed it); nothing is loaded to answer.
pub fn loaded() -> Option<&'static Mpi> {
    MPI.get().and_then(|m| m.as_ref().ok())
}

/// Ends MPI in this process if it was started (`MPI_Finalize`; `mpirun` reports a process
/// that exits without it as failed). Call once, before exiting.
pub fn finalize() {
    if let Some(m) = loaded() {
        let mut done = 0;
        // SAFETY: MPI was initialized by `get`.
        unsafe {
            (m.finalized)(&mut done);
            if done == 0 {
                (m.finalize)();
            }
        }
    }
}

/// Prints `message` and ends every process of the run (`MPI_Abort`): a rank that fails must
/// not leave the others waiting for it. Without MPI, exits this process.
pub fn abort(message: &str) -> ! {
    match loaded() {
        Some(m) => {
            // One write of the whole line (`eprintln!` writes its pieces one by one), so that
            // mpirun's own report of the abort cannot land inside it.
            use std::io::Write;
            let _ = std::io::stderr().write_all(format!("rank {}: {message}\n", m.rank).as_bytes());
            // SAFETY: MPI was initialized by `get`.
            unsafe { (m.abort)(m.world, 1) };
        }
        None => eprintln!("{message}"),
    }
    std::process::exit(1)
}

/// Checks an MPI return code (the default error handler, `MPI_ERRORS_ARE_FATAL`, aborts
/// first; this is for handlers that return).
fn check(code: c_int, what: &str) -> Result<(), String> {
    if code == 0 {
        Ok(())
    } else {
        Err(format!("{what} failed with MPI error {code}"))
    }
}

/// IEEE 754-2019 `maximum` (`max`) or `minimum` of `a` and `b`, what `arith.maximumf` and
/// `minimumf` (`stablehlo.maximum`/`minimum` on floats) compute: NaN when either is NaN, -0
/// below +0. Open MPI's `MPI_MAX`/`MPI_MIN` on floats (`a > b ? a : b`, `vmaxps`) drop a NaN
/// and do not order the zeros, so float extrema reduce with this instead. f32 goes through
/// f64 exactly.
pub fn float_extremum(a: f64, b: f64, max: bool) -> f64 {
    if a.is_nan() || b.is_nan() {
        a + b
    } else if a == b {
        // Equal, or zeros of both signs: maximum takes the positive one, minimum the negative.
        if a.is_sign_negative() == max { b } else { a }
    } else if (a > b) == max {
        a
    } else {
        b
    }
}

macro_rules! extremum_op {
    ($name:ident, $t:ty, $max:expr) => {
        /// An `MPI_User_function`: [`float_extremum`] element by element.
        unsafe extern "C" fn $name(input: *mut c_void, inout: *mut c_void, len: *mut c_int, _: *mut Handle) {
            let n = (*len).max(0) as usize;
            // SAFETY: MPI passes two buffers of `*len` elements of the op's datatype.
            let (a, b) = (std::slice::from_raw_parts(input as *const $t, n), std::slice::from_raw_parts_mut(inout as *mut $t, n));
            for (x, y) in a.iter().zip(b.iter_mut()) {
                *y = float_extremum(*x as f64, *y as f64, $max) as $t;
            }
        }
    };
}
/// How many MPI ops of ours [`Mpi::op`] may make.
const OURS: usize = 20;

macro_rules! unsigned_ops {
    ($($name:ident: $t:ty, $max:expr;)*) => {$(
        /// An `MPI_User_function`: unsigned maximum or minimum, for libraries whose own
        /// compare as signed ([`Mpi::unsigned_extrema_right`]).
        unsafe extern "C" fn $name(input: *mut c_void, inout: *mut c_void, len: *mut c_int, _: *mut Handle) {
            let n = (*len).max(0) as usize;
            // SAFETY: MPI passes two buffers of `*len` elements of the op's datatype.
            let (a, b) = (std::slice::from_raw_parts(input as *const $t, n), std::slice::from_raw_parts_mut(inout as *mut $t, n));
            for (x, y) in a.iter().zip(b.iter_mut()) {
                *y = if $max { (*x).max(*y) } else { (*x).min(*y) };
            }
        }
    )*};
}
unsigned_ops! {
    max_u8: u8, true; min_u8: u8, false; max_u16: u16, true; min_u16: u16, false;
    max_u32: u32, true; min_u32: u32, false; max_u64: u64, true; min_u64: u64, false;
}

extremum_op!(max_f32, f32, true);
extremum_op!(max_f64, f64, true);
extremum_op!(min_f32, f32, false);
extremum_op!(min_f64, f64, false);

/// `a op b` on 16-bit floats as compiled code computes it: both widened to f32, the f32
/// result rounded to the 16-bit format (nearest, ties to even).
fn half_op(a: u16, b: u16, reduction: Reduction, bf16: bool) -> u16 {
    use crate::ir::literal::{bf16_bits, f16_bits, f16_value};
    let value = |h: u16| if bf16 { f32::from_bits((h as u32) << 16) } else { f16_value(h) as f32 };
    let (x, y) = (value(a), value(b));
    let r = match reduction {
        Reduction::Sum => x + y,
        Reduction::Product => x * y,
        Reduction::Max => float_extremum(x as f64, y as f64, true) as f32,
        _ => float_extremum(x as f64, y as f64, false) as f32,
    };
    if bf16 { bf16_bits(r as f64) } else { f16_bits(r as f64) }
}

macro_rules! half_ops {
    ($($name:ident: $reduction:ident, $bf16:expr;)*) => {$(
        /// An `MPI_User_function` on 16-bit floats ([`half_op`]).
        unsafe extern "C" fn $name(input: *mut c_void, inout: *mut c_void, len: *mut c_int, _: *mut Handle) {
            let n = (*len).max(0) as usize;
            // SAFETY: MPI passes two buffers of `*len` 16-bit words.
            let (a, b) = (std::slice::from_raw_parts(input as *const u16, n), std::slice::from_raw_parts_mut(inout as *mut u16, n));
            for (x, y) in a.iter().zip(b.iter_mut()) {
                *y = half_op(*x, *y, Reduction::$reduction, $bf16);
            }
        }
    )*};
}
half_ops! {
    sum_f16: Sum, false; product_f16: Product, false; max_f16: Max, false; min_f16: Min, false;
    sum_bf16: Sum, true; product_bf16: Product, true; max_bf16: Max, true; min_bf16: Min, true;
}

fn count(bytes: usize) -> Result<c_int, String> {
    c_int::try_from(bytes).map_err(|_| format!("a message of {bytes} bytes is over MPI's 2 GiB count limit"))
}

impl Mpi {
    /// The communicator of the group holding this process, when the world is split into
    /// `groups` (world ranks, in order; every process must call this with the same
    /// partition, as every process of an SPMD program runs the same collective); `None` when
    /// no group holds this process. Made once per partition and kept.
    fn group(&self, groups: &[Vec<usize>]) -> Result<Option<Handle>, String> {
        let mut cache = self.groups.lock().unwrap_or_else(|e| e.into_inner());
        let mine = groups.iter().position(|g| g.contains(&self.rank));
        if let Some(&comm) = cache.get(groups) {
            return Ok(mine.map(|_| comm as Handle));
        }
        let (color, key) = match mine {
            Some(i) => (i as c_int, groups[i].iter().position(|&r| r == self.rank).unwrap_or(0) as c_int),
            None => (self.abi.undefined, 0),
        };
        let mut comm: Handle = std::ptr::null_mut();
        // SAFETY: MPI is initialized; `comm` receives the new communicator.
        check(unsafe { (self.comm_split)(self.world, color, key, &mut comm) }, "MPI_Comm_split")?;
        cache.insert(groups.to_vec(), comm as usize);
        Ok(mine.map(|_| comm))
    }

    /// Every member's `send` (all the same length), concatenated in group order.
    pub fn allgather(&self, groups: &[Vec<usize>], send: &[u8]) -> Result<Option<Vec<u8>>, String> {
        let size = groups.iter().find(|g| g.contains(&self.rank)).map_or(1, Vec::len);
        let mut out = vec![0u8; send.len() * size];
        Ok(self.allgather_into(groups, send, &mut out)?.then_some(out))
    }

    /// [`Mpi::allgather`] into `out` (the group size times `send`'s length); `false` when no
    /// group holds this process.
    pub fn allgather_into(&self, groups: &[Vec<usize>], send: &[u8], out: &mut [u8]) -> Result<bool, String> {
        let Some(comm) = self.group(groups)? else { return Ok(false) };
        let size = groups.iter().find(|g| g.contains(&self.rank)).map_or(1, Vec::len);
        self.allgather_on(comm, size, send, out)?;
        Ok(true)
    }

    fn allgather_on(&self, comm: Handle, size: usize, send: &[u8], out: &mut [u8]) -> Result<(), String> {
        assert_eq!(out.len(), send.len() * size, "allgather buffers");
        let n = count(send.len())?;
        // SAFETY: `out` holds `size` blocks of `n` bytes.
        check(unsafe { (self.allgather)(send.as_ptr().cast(), n, self.byte, out.as_mut_ptr().cast(), n, self.byte, comm) }, "MPI_Allgather")
    }

    /// `MPI_Allgather` of `send` into `out` (the world's size times as long) over the world:
    /// the baseline the benchmark (`xla-mpi-bench`) compares all_gather with.
    pub fn allgather_world_into(&self, send: &[u8], out: &mut [u8]) -> Result<(), String> {
        self.allgather_on(self.world, self.size, send, out)
    }

    /// Block `j` of `send` (G equal blocks) to member `j`; returns the blocks received, in
    /// group order.
    pub fn alltoall(&self, groups: &[Vec<usize>], send: &[u8]) -> Result<Option<Vec<u8>>, String> {
        let Some(comm) = self.group(groups)? else { return Ok(None) };
        let size = groups.iter().find(|g| g.contains(&self.rank)).map_or(1, Vec::len);
        let mut out = vec![0u8; send.len()];
        let n = count(send.len() / size)?;
        // SAFETY: both buffers hold `size` blocks of `n` bytes.
        check(unsafe { (self.alltoall)(send.as_ptr().cast(), n, self.byte, out.as_mut_ptr().cast(), n, self.byte, comm) }, "MPI_Alltoall")?;
        Ok(Some(out))
    }

    /// The `data` of the group's member at index `root`, in place on every member.
    pub fn broadcast(&self, groups: &[Vec<usize>], data: &mut [u8], root: usize) -> Result<bool, String> {
        let Some(comm) = self.group(groups)? else { return Ok(false) };
        // SAFETY: `data` holds the message on every member.
        check(unsafe { (self.bcast)(data.as_mut_ptr().cast(), count(data.len())?, self.byte, root as c_int, comm) }, "MPI_Bcast")?;
        Ok(true)
    }

    /// Sends `send` to world rank `to` and receives `recv` from `from` (either may be absent).
    pub fn sendrecv(&self, send: &[u8], to: Option<usize>, recv: &mut [u8], from: Option<usize>, tag: i32) -> Result<(), String> {
        let rank = |r: Option<usize>| r.map_or(self.abi.proc_null, |r| r as c_int);
        // SAFETY: the buffers hold the counts given; the status is MPI_STATUS_IGNORE.
        let code = unsafe {
            (self.sendrecv)(send.as_ptr().cast(), count(send.len())?, self.byte, rank(to), tag, recv.as_mut_ptr().cast(), count(recv.len())?, self.byte, rank(from), tag, self.world, self.abi.status_ignore as *mut c_void)
        };
        check(code, "MPI_Sendrecv")
    }

    /// A blocking send of `data` to world rank `to` with `tag`.
    pub fn send(&self, data: &[u8], to: usize, tag: i32) -> Result<(), String> {
        // SAFETY: `data` holds the count given.
        check(unsafe { (self.send)(data.as_ptr().cast(), count(data.len())?, self.byte, to as c_int, tag, self.world) }, "MPI_Send")
    }

    /// A blocking receive into `data` from world rank `from` with `tag`.
    pub fn recv(&self, data: &mut [u8], from: usize, tag: i32) -> Result<(), String> {
        // SAFETY: `data` holds the count given; the status is MPI_STATUS_IGNORE.
        check(unsafe { (self.recv)(data.as_mut_ptr().cast(), count(data.len())?, self.byte, from as c_int, tag, self.world, self.abi.status_ignore as *mut c_void) }, "MPI_Recv")
    }

    /// The MPI op of `reduction` on `datatype`: the predefined one, or one made by
    /// `MPI_Op_create` (commutative) where MPI's would differ from compiled code's: float
    /// maximum and minimum ([`float_extremum`]), every reduction of 16-bit floats
    /// ([`half_op`]; they travel as `MPI_UINT16_T`), and unsigned maximum and minimum where
    /// the library's compare as signed ([`Mpi::unsigned_extrema_right`]).
    fn op(&self, reduction: Reduction, datatype: Datatype) -> Result<Handle, String> {
        let extremum = matches!(reduction, Reduction::Max | Reduction::Min);
        let unsigned = matches!(datatype, Datatype::U8 | Datatype::U16 | Datatype::U32 | Datatype::U64);
        let at = match datatype {
            Datatype::F32 | Datatype::F64 if extremum => (reduction == Reduction::Min) as usize * 2 + (datatype == Datatype::F64) as usize,
            Datatype::F16 | Datatype::BF16 => 4 + (datatype == Datatype::BF16) as usize * 4 + reduction as usize - 1,
            _ if unsigned && extremum => {
                let i = (datatype as usize - Datatype::U8 as usize) * 2 + (reduction == Reduction::Min) as usize;
                if self.unsigned_extrema_right()?[i] {
                    return Ok(self.ops[reduction as usize - 1]);
                }
                12 + i
            }
            _ => return Ok(self.ops[reduction as usize - 1]),
        };
        let made = self.float_ops.get_or_init(|| {
            let functions: [UserFunction; OURS] = [
                max_f32, max_f64, min_f32, min_f64, sum_f16, product_f16, max_f16, min_f16, sum_bf16, product_bf16, max_bf16, min_bf16, max_u8, min_u8,
                max_u16, min_u16, max_u32, min_u32, max_u64, min_u64,
            ];
            let mut ops = [0usize; OURS];
            for (op, f) in ops.iter_mut().zip(functions) {
                let mut h: Handle = std::ptr::null_mut();
                // SAFETY: MPI is initialized; `h` receives the new op (kept for the process's life).
                check(unsafe { (self.op_create)(f, 1, &mut h) }, "MPI_Op_create")?;
                *op = h as usize;
            }
            Ok(ops)
        });
        let ops = made.as_ref().map_err(Clone::clone)?;
        ops.get(at).map(|&h| h as Handle).ok_or_else(|| format!("no MPI op for {reduction:?} on {datatype:?}"))
    }

    /// Whether the library's `MPI_MAX` and `MPI_MIN` order u8, u16, u32 and u64 as unsigned
    /// (by [`Mpi::op`]'s index: maximum, then minimum, per type), checked once with
    /// `MPI_Reduce_local` on all ones and 1. MPICH 4.0.2 (Debian 12's) compares them as
    /// signed (pmodels/mpich#6083); there ops of ours are used, and the probe keeps a fixed
    /// release on its own.
    fn unsigned_extrema_right(&self) -> Result<[bool; 8], String> {
        let probed = self.unsigned_extrema.get_or_init(|| {
            let mut right = [true; 8];
            for (i, r) in right.iter_mut().enumerate() {
                let datatype = [Datatype::U8, Datatype::U16, Datatype::U32, Datatype::U64][i / 2];
                let reduction = if i % 2 == 0 { Reduction::Max } else { Reduction::Min };
                let all = vec![0xffu8; datatype.size()];
                let mut one = vec![0u8; datatype.size()];
                one[0] = 1;
                let expected = if reduction == Reduction::Max { all.clone() } else { one.clone() };
                let (t, op) = (self.datatypes[datatype as usize - 1], self.ops[reduction as usize - 1]);
                // SAFETY: both buffers hold one element of the datatype.
                check(unsafe { (self.reduce_local)(all.as_ptr().cast(), one.as_mut_ptr().cast(), 1, t, op) }, "MPI_Reduce_local")?;
                *r = one == expected;
            }
            Ok(right)
        });
        probed.clone()
    }

    /// The elements of `datatype` in `bytes` bytes, as MPI's count.
    fn elements(bytes: usize, datatype: Datatype) -> Result<c_int, String> {
        let n = bytes / datatype.size();
        c_int::try_from(n).map_err(|_| format!("a reduction of {n} elements is over MPI's count limit ({})", c_int::MAX))
    }

    /// `MPI_Allreduce` over the group holding this process: `recv` (as long as `send`) gets
    /// the `reduction` of every member's `send`, elements of `datatype`. `false` when no
    /// group holds this process.
    pub fn allreduce(&self, groups: &[Vec<usize>], send: &[u8], recv: &mut [u8], reduction: Reduction, datatype: Datatype) -> Result<bool, String> {
        let Some(comm) = self.group(groups)? else { return Ok(false) };
        self.allreduce_on(comm, send, recv, reduction, datatype)?;
        Ok(true)
    }

    fn allreduce_on(&self, comm: Handle, send: &[u8], recv: &mut [u8], reduction: Reduction, datatype: Datatype) -> Result<(), String> {
        assert_eq!(send.len(), recv.len(), "allreduce buffers of one length");
        let n = Self::elements(send.len(), datatype)?;
        let (t, op) = (self.datatypes[datatype as usize - 1], self.op(reduction, datatype)?);
        // SAFETY: both buffers hold `n` elements of the datatype and do not overlap.
        check(unsafe { (self.allreduce)(send.as_ptr().cast(), recv.as_mut_ptr().cast(), n, t, op, comm) }, "MPI_Allreduce")
    }

    /// `MPI_Reduce_scatter_block` over the group holding this process: `send` is one block
    /// per member (in group order), and `recv` (one block) gets the `reduction` of every
    /// member's block of this process's index. `false` when no group holds this process.
    pub fn reduce_scatter(&self, groups: &[Vec<usize>], send: &[u8], recv: &mut [u8], reduction: Reduction, datatype: Datatype) -> Result<bool, String> {
        let Some(comm) = self.group(groups)? else { return Ok(false) };
        let size = groups.iter().find(|g| g.contains(&self.rank)).map_or(1, Vec::len);
        assert_eq!(send.len(), recv.len() * size, "reduce_scatter blocks");
        let n = Self::elements(recv.len(), datatype)?;
        let (t, op) = (self.datatypes[datatype as usize - 1], self.op(reduction, datatype)?);
        // SAFETY: `send` holds `size` blocks of `n` elements, `recv` one; they do not overlap.
        check(unsafe { (self.reduce_scatter_block)(send.as_ptr().cast(), recv.as_mut_ptr().cast(), n, t, op, comm) }, "MPI_Reduce_scatter_block")?;
        Ok(true)
    }

    /// `MPI_Allreduce` (f32, sum) of `send` into `recv` over the world: the baseline the
    /// benchmark (`xla-mpi-bench`) compares all_reduce with.
    pub fn allreduce_sum_f32(&self, send: &[f32], recv: &mut [f32]) -> Result<(), String> {
        // SAFETY: f32 slices seen as their bytes.
        let (s, r) = unsafe { (std::slice::from_raw_parts(send.as_ptr().cast(), send.len() * 4), std::slice::from_raw_parts_mut(recv.as_mut_ptr().cast(), recv.len() * 4)) };
        self.allreduce_on(self.world, s, r, Reduction::Sum, Datatype::F32)
    }

    /// Every process's `words` (the same count on every process), in rank order.
    pub fn allgather_world(&self, words: &[i64]) -> Result<Vec<i64>, String> {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let all: Vec<Vec<usize>> = vec![(0..self.size).collect()];
        let out = self.allgather(&all, &bytes)?.unwrap_or_default();
        Ok(out.chunks_exact(8).map(|c| i64::from_le_bytes(c.try_into().expect("8 bytes"))).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::float_extremum;

    /// As `arith.maximumf`/`minimumf`: NaN wins, -0 is below +0, in either order.
    #[test]
    fn float_extrema_propagate_nan_and_order_zeros() {
        for max in [true, false] {
            assert!(float_extremum(f64::NAN, 1.0, max).is_nan() && float_extremum(1.0, f64::NAN, max).is_nan());
            for (a, b) in [(0.0, -0.0), (-0.0, 0.0)] {
                let r = float_extremum(a, b, max);
                assert!(r == 0.0 && r.is_sign_negative() != max, "{a} {b} {max}: {r}");
            }
        }
        assert_eq!(float_extremum(-3.0, 2.0, true), 2.0);
        assert_eq!(float_extremum(2.0, -3.0, false), -3.0);
        assert_eq!(float_extremum(f64::NEG_INFINITY, -1e300, true), -1e300);
    }
}

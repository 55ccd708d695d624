//! What differs between the MPI implementations [`crate::mpi`] loads, as data: one [`Abi`]
//! row per implementation ([`ABIS`]). The functions have the same names and C signatures
//! in every implementation (mpi.h); what mpi.h leaves to each is how handles are made, a
//! few constants, and how its launcher is called.
//!
//! - **Open MPI** (`libmpi.so.40`, Open MPI 3-5): a handle is the address of an exported
//!   object (`MPI_COMM_WORLD` is `&ompi_mpi_comm_world`, `MPI_FLOAT` is `&ompi_mpi_float`).
//! - **MPICH** (`libmpich.so.12`, MPICH 3-4 and the implementations sharing its ABI): a
//!   handle is an `int` constant of mpi.h (`MPI_COMM_WORLD` is `0x44000000`).
//!
//! A handle travels as one pointer-sized word ([`super::Handle`]). MPICH's `int` handles
//! are its low 32 bits: the x86-64 and AArch64 calling conventions pass an `int` in a
//! register or an 8-byte stack slot of which the callee reads the low half, and an `int`
//! written through a `MPI_Comm *` into a zeroed word reads back as the same value (little
//! endian). Hence the `compile_error!` below for other targets.

use std::ffi::c_int;

#[cfg(not(all(target_pointer_width = "64", target_endian = "little")))]
compile_error!("xhlo::mpi passes MPICH's int handles in pointer-sized words: a 64-bit little-endian target is needed");

/// How a predefined handle is found.
#[derive(Clone, Copy, Debug)]
pub enum Predefined {
    /// The address of this exported symbol.
    Symbol(&'static str),
    /// This constant of mpi.h.
    Int(u32),
}

/// One implementation.
#[derive(Debug)]
pub struct Abi {
    /// As `XHLO_MPI` names it, and for messages.
    pub key: &'static str,
    pub name: &'static str,
    /// A text in what `MPI_Get_library_version` returns that tells this implementation.
    pub marker: &'static str,
    /// The library, tried in order.
    pub libraries: &'static [&'static str],
    pub world: Predefined,
    pub byte: Predefined,
    /// `MPI_FLOAT`, `MPI_DOUBLE`, `MPI_INT8_T` ... `MPI_UINT64_T`, in
    /// [`crate::lowering::ops::collective::Datatype`]'s order; f16 and bf16 as
    /// `MPI_UINT16_T`.
    pub datatypes: [Predefined; 12],
    /// `MPI_SUM`, `MPI_PROD`, `MPI_MAX`, `MPI_MIN`, `MPI_BAND`, `MPI_BOR`, `MPI_BXOR`, in
    /// [`crate::lowering::ops::collective::Reduction`]'s order.
    pub ops: [Predefined; 7],
    pub proc_null: c_int,
    pub undefined: c_int,
    /// `MPI_STATUS_IGNORE`.
    pub status_ignore: usize,
    /// A variable the implementation's launcher sets in every process it starts.
    pub launched: &'static str,
    /// Its launcher, by the names Debian installs it under (the plain `mpirun` is whichever
    /// implementation the alternatives system chose).
    pub launchers: &'static [&'static str],
    /// Options a run on this machine needs: more processes than cores, and root (in
    /// containers); MPICH's launcher allows both by default.
    pub oversubscribe: &'static [&'static str],
    pub as_root: &'static [&'static str],
    /// What to install (Debian).
    pub packages: &'static str,
}

use Predefined::{Int, Symbol};

pub const OPEN_MPI: Abi = Abi {
    key: "openmpi",
    name: "Open MPI",
    marker: "Open MPI",
    libraries: &["libmpi.so.40"],
    world: Symbol("ompi_mpi_comm_world"),
    byte: Symbol("ompi_mpi_byte"),
    datatypes: [
        Symbol("ompi_mpi_float"),
        Symbol("ompi_mpi_double"),
        Symbol("ompi_mpi_int8_t"),
        Symbol("ompi_mpi_int16_t"),
        Symbol("ompi_mpi_int32_t"),
        Symbol("ompi_mpi_int64_t"),
        Symbol("ompi_mpi_uint8_t"),
        Symbol("ompi_mpi_uint16_t"),
        Symbol("ompi_mpi_uint32_t"),
        Symbol("ompi_mpi_uint64_t"),
        Symbol("ompi_mpi_uint16_t"),
        Symbol("ompi_mpi_uint16_t"),
    ],
    ops: [
        Symbol("ompi_mpi_op_sum"),
        Symbol("ompi_mpi_op_prod"),
        Symbol("ompi_mpi_op_max"),
        Symbol("ompi_mpi_op_min"),
        Symbol("ompi_mpi_op_band"),
        Symbol("ompi_mpi_op_bor"),
        Symbol("ompi_mpi_op_bxor"),
    ],
    proc_null: -2,
    undefined: -32766,
    status_ignore: 0,
    launched: "OMPI_COMM_WORLD_SIZE",
    launchers: &["mpirun.openmpi", "orterun"],
    oversubscribe: &["--oversubscribe"],
    as_root: &["--allow-run-as-root"],
    packages: "libopenmpi-dev openmpi-bin",
};

/// mpich/mpi.h (MPICH 4.0.2; the values are MPICH's ABI, unchanged since MPICH 3.1).
pub const MPICH: Abi = Abi {
    key: "mpich",
    name: "MPICH",
    marker: "MPICH",
    libraries: &["libmpich.so.12"],
    world: Int(0x4400_0000),
    byte: Int(0x4c00_010d),
    datatypes: [
        Int(0x4c00_040a),
        Int(0x4c00_080b),
        Int(0x4c00_0137),
        Int(0x4c00_0238),
        Int(0x4c00_0439),
        Int(0x4c00_083a),
        Int(0x4c00_013b),
        Int(0x4c00_023c),
        Int(0x4c00_043d),
        Int(0x4c00_083e),
        Int(0x4c00_023c),
        Int(0x4c00_023c),
    ],
    ops: [Int(0x5800_0003), Int(0x5800_0004), Int(0x5800_0001), Int(0x5800_0002), Int(0x5800_0006), Int(0x5800_0008), Int(0x5800_000a)],
    proc_null: -1,
    undefined: -32766,
    status_ignore: 1,
    launched: "PMI_SIZE",
    launchers: &["mpirun.mpich", "mpiexec.hydra"],
    oversubscribe: &[],
    as_root: &[],
    packages: "libmpich-dev mpich",
};

/// Every implementation, the default first.
pub const ABIS: &[&Abi] = &[&OPEN_MPI, &MPICH];

/// The implementation a key names (`openmpi`, `mpich`: what `XHLO_MPI` holds).
pub fn by_key(key: &str) -> Result<&'static Abi, String> {
    ABIS.iter().copied().find(|a| a.key == key).ok_or_else(|| format!("XHLO_MPI={key}: expected one of {}", ABIS.iter().map(|a| a.key).collect::<Vec<_>>().join(", ")))
}

/// The implementation `MPI_Get_library_version`'s text names.
pub fn identify(version: &str) -> Option<&'static Abi> {
    ABIS.iter().copied().find(|a| version.contains(a.marker))
}

/// What a process knows of the MPI it runs under, which the binary reads from its
/// environment (library code reads none) and gives [`choose`] before MPI is loaded.
#[derive(Clone, Copy, Debug, Default)]
pub struct Choice {
    /// The implementation asked for (`XHLO_MPI`).
    pub requested: Option<&'static Abi>,
    /// The implementation whose launcher started this process (its [`Abi::launched`]
    /// variable is set).
    pub launched_by: Option<&'static Abi>,
}

static CHOICE: std::sync::OnceLock<Choice> = std::sync::OnceLock::new();

/// Sets the process's [`Choice`] (the first call wins; call it before MPI is loaded).
pub fn choose(choice: Choice) {
    let _ = CHOICE.set(choice);
}

/// The process's [`Choice`]: what [`choose`] was given, else nothing known.
pub fn choice() -> Choice {
    CHOICE.get().copied().unwrap_or_default()
}

/// The implementations to try loading, in order: the one asked for alone, else the
/// launcher's (a process it started must load its library), else all, the default first.
pub fn candidates() -> Vec<&'static Abi> {
    let c = choice();
    match c.requested.or(c.launched_by) {
        Some(abi) => vec![abi],
        None => ABIS.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn library_versions_name_their_implementation() {
        let open = "Open MPI v4.1.4, package: Debian OpenMPI, ident: 4.1.4, repo rev: v4.1.4, May 26, 2022";
        let mpich = "MPICH Version:      4.0.2\nMPICH Release date: Thu Apr  7 12:34:45 CDT 2022";
        assert_eq!(identify(open).map(|a| a.key), Some("openmpi"));
        assert_eq!(identify(mpich).map(|a| a.key), Some("mpich"));
        assert!(identify("Intel(R) MPI Library 2021").is_none());
    }

    /// Every row is complete: handles of one kind, distinct where MPI's are.
    #[test]
    fn rows_are_consistent() {
        for abi in ABIS {
            let ints = |p: &[Predefined]| p.iter().filter(|h| matches!(h, Int(_))).count();
            let all: Vec<Predefined> = [abi.world, abi.byte].into_iter().chain(abi.datatypes).chain(abi.ops).collect();
            assert!(ints(&all) == 0 || ints(&all) == all.len(), "{}: mixed handle kinds", abi.name);
            let show: Vec<String> = abi.ops.iter().map(|h| format!("{h:?}")).collect();
            assert_eq!(show.iter().collect::<std::collections::HashSet<_>>().len(), 7, "{}: ops", abi.name);
        }
    }
}

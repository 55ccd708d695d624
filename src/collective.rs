//! The host side of collectives and send/recv: what `xhlo_collective_<type>` does when
//! compiled code calls it (`lowering/src/ops/collective.rs` writes the calls and the config
//! words read here).
//!
//! Processes are numbered as StableHLO numbers them: the process of replica `r` and
//! partition `p` is MPI rank `r * partitions + p` (its flattened id). An op's groups are
//! turned into groups of ranks by its mode ([`process_groups`]); bytes move with MPI
//! ([`crate::mpi`]): all_gather and all_reduce gather the group's operands, all_to_all and
//! reduce_scatter exchange blocks (collective_reduce is all_reduce with the result zeroed
//! outside the group's first process), collective_broadcast broadcasts from the group's
//! first process (or the one at its dynamic root's index), collective_permute sends to its target and receives from its source (zeros when
//! none), send/recv pair the one process sending on a channel with the one receiving on it
//! (found when a program first runs, [`Process::exchange_channels`]).
//!
//! A host function cannot return an error to compiled code, and a process that stopped
//! would leave the others waiting: an error ends the whole run (`MPI_Abort`) after printing
//! the rank, the op and its location.

use crate::feed::{element_addresses, Unranked};
use crate::mpi::Mpi;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;
/// The kinds and modes, numbered by the lowering.
use crate::lowering::ops::collective::{Datatype, Kind, Mode, Reduction, ROOT_ONLY};

/// The MPI tag of collective_permute's messages; send/recv use their channel id, which must
/// be below it.
const PERMUTE_TAG: i32 = 32767;

/// Most send/recv uses one program may have (the start-of-run exchange has a fixed size).
const MAX_CHANNEL_USES: usize = 64;

/// This process in a run of several: MPI, and replicas × partitions.
pub struct Process {
    pub mpi: &'static Mpi,
    pub replicas: usize,
    pub partitions: usize,
    /// Channel → (the process receiving on it, the process sending on it).
    pub channels: Channels,
}

/// Which process receives and which sends on each send/recv channel.
pub type Channels = HashMap<i64, (Option<usize>, Option<usize>)>;

impl Process {
    /// This process in a run of `replicas` x `partitions` (default: 1 partition, a replica
    /// per process; the product must be the world's size), with send/recv's `channels`
    /// ([`Process::exchange_channels`]).
    pub fn new(mpi: &'static Mpi, replicas: Option<usize>, partitions: Option<usize>) -> Result<Process, String> {
        let partitions = partitions.unwrap_or(1).max(1);
        let replicas = replicas.unwrap_or(mpi.size / partitions);
        if replicas * partitions != mpi.size {
            return Err(format!(
                "the program runs on {replicas} replica(s) x {partitions} partition(s) but {} process(es) were started (mpirun -n {})",
                mpi.size,
                replicas * partitions
            ));
        }
        Ok(Process { mpi, replicas, partitions, channels: Channels::new() })
    }

    /// Exchanges which channels each process sends and receives on (`uses`: `channel * 2`
    /// for a send, `+ 1` for a recv; one `MPI_Allgather`): every process of the world must
    /// call it together (a program does when it first runs, see
    /// [`crate::runtime::Program::run`]).
    pub fn exchange_channels(mpi: &'static Mpi, uses: &[i64]) -> Result<Channels, String> {
        if uses.len() > MAX_CHANNEL_USES {
            return Err(format!("unsupported: more than {MAX_CHANNEL_USES} send/recv ops in one program"));
        }
        let mut words = uses.to_vec();
        words.resize(MAX_CHANNEL_USES, -1);
        let all = mpi.allgather_world(&words)?;
        let mut channels: HashMap<i64, (Vec<usize>, Vec<usize>)> = HashMap::new();
        for (rank, block) in all.chunks(MAX_CHANNEL_USES).enumerate() {
            for &w in block.iter().filter(|&&w| w >= 0) {
                let entry = channels.entry(w / 2).or_default();
                let list = if w % 2 == 0 { &mut entry.1 } else { &mut entry.0 };
                if !list.contains(&rank) {
                    list.push(rank);
                }
            }
        }
        let mut table = HashMap::new();
        for (channel, (receivers, senders)) in channels {
            let one = |l: &[usize], what: &str| -> Result<Option<usize>, String> {
                match l {
                    [] => Ok(None),
                    [r] => Ok(Some(*r)),
                    _ => Err(format!("unsupported: channel {channel} has {} {what} (ranks {l:?}); send/recv pair one process with one other", l.len())),
                }
            };
            table.insert(channel, (one(&receivers, "receivers")?, one(&senders, "senders")?));
        }
        Ok(table)
    }

    fn rank(&self) -> usize {
        self.mpi.rank
    }
}

thread_local! {
    static ACTIVE: RefCell<Option<Process>> = const { RefCell::new(None) };
    /// The contributions of the last all_reduce/reduce_scatter: blocks of `.1` bytes, of
    /// elements of `.2` bytes.
    static PENDING: RefCell<(Vec<u8>, usize, usize)> = const { RefCell::new((Vec::new(), 0, 1)) };
}

/// The op a process is waiting in, for the run's timeout message.
static CURRENT: Mutex<Option<String>> = Mutex::new(None);

/// The collective op this process is in now (its name and location), if any.
pub fn current_op() -> Option<String> {
    CURRENT.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Runs `f` with `process` active on this thread (compiled code calls the host from the
/// calling thread).
pub(crate) fn with_process<R>(process: Process, f: impl FnOnce() -> R) -> R {
    ACTIVE.with(|a| *a.borrow_mut() = Some(process));
    let r = f();
    ACTIVE.with(|a| a.borrow_mut().take());
    r
}

/// What a program needs from other processes, read from its ops and module attributes.
#[derive(Clone, Debug, Default)]
pub struct Needs {
    /// It has collectives, replica/partition ids or send/recv (so it runs under MPI).
    pub processes: bool,
    /// Its send/recv uses: `channel * 2` for a send, `+ 1` for a recv.
    pub channels: Vec<i64>,
    /// `mhlo.num_replicas` and `mhlo.num_partitions` of the module.
    pub replicas: Option<usize>,
    pub partitions: Option<usize>,
}

impl Needs {
    /// Reads the functions of `file` (xhlo) that `entry` calls, itself included.
    pub fn of(file: &mlir_text::ast::File, entry: &str) -> Needs {
        fn functions<'a>(ops: &'a [mlir_text::ast::Op], out: &mut HashMap<String, &'a mlir_text::ast::Op>) {
            for op in ops {
                if op.name == "func.func" {
                    if let Some(mlir_text::ast::Attribute::Str(n)) = op.attr("sym_name") {
                        out.insert(n.clone(), op);
                    }
                }
                for b in op.regions.iter().flat_map(|r| &r.blocks) {
                    functions(&b.ops, out);
                }
            }
        }
        fn callees(op: &mlir_text::ast::Op, out: &mut Vec<String>) {
            if let Some(mlir_text::ast::Attribute::Symbol(path)) = op.attr("callee") {
                out.extend(path.last().cloned());
            }
            for b in op.regions.iter().flat_map(|r| &r.blocks) {
                b.ops.iter().for_each(|o| callees(o, out));
            }
        }
        let mut table = HashMap::new();
        functions(&file.ops, &mut table);
        let mut needs = Self::ops_of(&file.ops.iter().filter(|o| o.name == "builtin.module").cloned().map(|mut m| {
            m.regions.clear();
            m
        }).collect::<Vec<_>>());
        let (mut todo, mut seen) = (vec![entry.to_string()], std::collections::HashSet::new());
        while let Some(name) = todo.pop() {
            if !seen.insert(name.clone()) {
                continue;
            }
            if let Some(f) = table.get(&name) {
                callees(f, &mut todo);
                let n = Self::ops_of(std::slice::from_ref(*f));
                needs.processes |= n.processes;
                needs.channels.extend(n.channels);
            }
        }
        needs.channels.sort();
        needs.channels.dedup();
        needs
    }

    /// What `ops` and the ops nested in them need.
    fn ops_of(file_ops: &[mlir_text::ast::Op]) -> Needs {
        fn walk(ops: &[mlir_text::ast::Op], needs: &mut Needs) {
            for op in ops {
                if let Some(name) = op.name.strip_prefix("xhlo.") {
                    let family = crate::ir::catalogue::family_of(name);
                    if family == Some("collective") || name == "send" || name == "recv" {
                        needs.processes = true;
                    }
                    if name == "send" || name == "recv" {
                        let channel = match op.attr("channel_id") {
                            Some(mlir_text::ast::Attribute::Int(v, _)) => v.parse::<i64>().unwrap_or(0),
                            _ => 0,
                        };
                        needs.channels.push(channel * 2 + (name == "recv") as i64);
                    }
                }
                let count = |key: &str| match op.attr(key) {
                    Some(mlir_text::ast::Attribute::Int(v, _)) => v.parse::<usize>().ok(),
                    _ => None,
                };
                if op.name == "builtin.module" {
                    needs.replicas = needs.replicas.or(count("mhlo.num_replicas"));
                    needs.partitions = needs.partitions.or(count("mhlo.num_partitions"));
                }
                for r in &op.regions {
                    for b in &r.blocks {
                        walk(&b.ops, needs);
                    }
                }
            }
        }
        let mut needs = Needs::default();
        walk(file_ops, &mut needs);
        needs
    }
}

/// The groups of ranks an op's `groups` stand for in `mode` (StableHLO's `cross_replica`,
/// `cross_partition`, `cross_replica_and_partition`, `flattened_ids`); no groups: all
/// replicas (all partitions in cross_partition).
pub fn process_groups(mode: Mode, groups: &[Vec<i64>], replicas: usize, partitions: usize) -> Result<Vec<Vec<usize>>, String> {
    let (r_n, p_n) = (replicas, partitions);
    let limit = match mode {
        Mode::CrossReplica | Mode::CrossReplicaAndPartition => r_n,
        Mode::CrossPartition => p_n,
        Mode::FlattenedIds => r_n * p_n,
    };
    let all: Vec<Vec<usize>> = vec![(0..limit).collect()];
    let mut given = Vec::new();
    for g in groups {
        let mut ids = Vec::new();
        for &id in g.iter().filter(|&&id| id >= 0) {
            if id as usize >= limit {
                return Err(format!("group id {id} is out of range: the run has {r_n} replica(s) x {p_n} partition(s)"));
            }
            ids.push(id as usize);
        }
        given.push(ids);
    }
    let groups = if given.is_empty() { &all } else { &given };
    Ok(match mode {
        Mode::CrossReplica => (0..p_n).flat_map(|p| groups.iter().map(move |g| g.iter().map(|r| r * p_n + p).collect())).collect(),
        Mode::CrossPartition => (0..r_n).flat_map(|r| groups.iter().map(move |g| g.iter().map(|p| r * p_n + p).collect())).collect(),
        Mode::CrossReplicaAndPartition => groups.iter().map(|g| (0..p_n).flat_map(|p| g.iter().map(move |r| r * p_n + p)).collect()).collect(),
        Mode::FlattenedIds => groups.clone(),
    })
}

/// collective_permute's source and target of `rank`: the pairs (replica or partition ids by
/// `mode`) in every partition (replica).
pub fn permute_peers(mode: Mode, pairs: &[Vec<i64>], replicas: usize, partitions: usize, rank: usize) -> (Option<usize>, Option<usize>) {
    let (r, p) = (rank / partitions, rank % partitions);
    let at = |id: i64| match mode {
        Mode::CrossPartition => r * partitions + id as usize,
        _ => id as usize * partitions + p,
    };
    let limit = if mode == Mode::CrossPartition { partitions } else { replicas } as i64;
    let (mut from, mut to) = (None, None);
    for pair in pairs.iter().filter(|p| p.len() == 2 && p.iter().all(|&id| (0..limit).contains(&id))) {
        if at(pair[0]) == rank {
            to = Some(at(pair[1]));
        }
        if at(pair[1]) == rank {
            from = Some(at(pair[0]));
        }
    }
    (from, to)
}

/// The row-major element indices of a tensor of `dims` ordered block by block, when `dim`
/// is cut into `blocks` equal blocks (each block's elements in row-major order): packing
/// the elements in this order puts each block in one contiguous run.
pub fn block_order(dims: &[i64], dim: usize, blocks: usize) -> Vec<usize> {
    let total: i64 = dims.iter().product();
    let inner: i64 = dims[dim + 1..].iter().product();
    let block = dims[dim] / blocks.max(1) as i64;
    let mut keyed: Vec<(i64, usize)> = (0..total).map(|i| (((i / inner) % dims[dim]) / block.max(1), i as usize)).collect();
    keyed.sort_by_key(|&(b, i)| (b, i));
    keyed.into_iter().map(|(_, i)| i).collect()
}

/// [`block_order`], or `None` when it is the identity (no dimension before `dim` is larger
/// than 1: the blocks are already contiguous).
fn blocks(dims: &[i64], dim: usize, count: usize) -> Option<Vec<usize>> {
    (dims[..dim].iter().product::<i64>() > 1).then(|| block_order(dims, dim, count))
}

/// The op's config words, read back.
struct Config {
    kind: Kind,
    element: usize,
    mode: Mode,
    dims: [i64; 3],
    groups: Vec<Vec<i64>>,
    description: String,
    /// all_reduce and reduce_scatter that MPI reduces: how (words `b` and `c`).
    reduction: Option<(Reduction, Datatype)>,
}

const KINDS: &[Kind] =
    &[Kind::AllGather, Kind::AllToAll, Kind::Reduce, Kind::ReduceScatter, Kind::Broadcast, Kind::Permute, Kind::Send, Kind::Recv, Kind::ReplicaId, Kind::PartitionId];
const MODES: &[Mode] = &[Mode::CrossReplica, Mode::CrossPartition, Mode::CrossReplicaAndPartition, Mode::FlattenedIds];

impl Config {
    /// # Safety
    /// `u` must point to the descriptor of the lowering's constant config array.
    unsafe fn read(u: *const Unranked) -> Config {
        let (_, addresses) = element_addresses(u, 8);
        let w: Vec<i64> = addresses.iter().map(|a| (*a as *const i64).read_unaligned()).collect();
        let (count, width) = (w[6] as usize, w[7] as usize);
        let groups = (0..count).map(|g| w[8 + g * width..8 + (g + 1) * width].to_vec()).collect();
        let at = 8 + count * width;
        let description: String = w[at + 1..at + 1 + w[at] as usize].iter().map(|&b| b as u8 as char).collect();
        let kind = KINDS.iter().copied().find(|k| *k as i64 == w[0]).expect("the lowering writes a known kind");
        let reduction = match kind {
            Kind::Reduce | Kind::ReduceScatter => Reduction::ALL.iter().copied().find(|r| *r as i64 == w[4]).map(|r| {
                (r, Datatype::ALL.iter().copied().find(|d| *d as i64 == w[5]).expect("the lowering writes a known datatype"))
            }),
            _ => None,
        };
        Config {
            kind,
            reduction,
            element: w[1] as usize,
            mode: MODES.iter().copied().find(|m| *m as i64 == w[2]).expect("the lowering writes a known mode"),
            dims: [w[3], w[4], w[5]],
            groups,
            description,
        }
    }
}

/// A buffer passed by compiled code: its sizes, and where its elements are: one run of
/// memory when it is row-major and dense (the usual case: then packing is one copy), else
/// each element's address in row-major order of the indices.
struct Buffer {
    dims: Vec<i64>,
    len: usize,
    dense: Option<*mut u8>,
    addresses: Vec<*mut u8>,
    element: usize,
}

impl Buffer {
    /// # Safety
    /// `u` must point to a live unranked memref of elements of `element` bytes.
    unsafe fn new(u: *const Unranked, element: usize) -> Buffer {
        let (rank, d) = (*(u as *const i64), *(u as *const *const i64).add(1));
        let rank = rank.max(0) as usize;
        let dims: Vec<i64> = (0..rank).map(|i| *d.add(3 + i)).collect();
        let strides: Vec<i64> = (0..rank).map(|i| *d.add(3 + rank + i)).collect();
        let len = dims.iter().product::<i64>().max(0) as usize;
        let mut expected = 1;
        let mut row_major = true;
        for i in (0..rank).rev() {
            row_major &= dims[i] == 1 || strides[i] == expected;
            expected *= dims[i];
        }
        if row_major {
            let base = (*d.add(1) as *mut u8).offset((*d.add(2) * element as i64) as isize);
            return Buffer { dims, len, dense: Some(base), addresses: Vec::new(), element };
        }
        let (_, addresses) = element_addresses(u, element);
        Buffer { dims, len, dense: None, addresses, element }
    }

    fn address(&self, i: usize) -> *mut u8 {
        match self.dense {
            // SAFETY: i < len, inside the dense run.
            Some(base) => unsafe { base.add(i * self.element) },
            None => self.addresses[i],
        }
    }

    /// The elements as they sit in memory, when they are one dense run (no copy).
    fn dense_bytes(&self) -> Option<&[u8]> {
        // SAFETY: the dense run holds `len` elements, live while compiled code's call lasts.
        self.dense.map(|base| unsafe { std::slice::from_raw_parts(base, self.len * self.element) })
    }

    /// The elements in `order` (row-major: `None`) as bytes: in place when they already lie
    /// so, else packed into `scratch`.
    fn bytes<'a>(&'a self, order: Option<&[usize]>, scratch: &'a mut Vec<u8>) -> &'a [u8] {
        match (self.dense_bytes(), order) {
            (Some(b), None) => b,
            _ => {
                *scratch = self.pack(order);
                scratch
            }
        }
    }

    /// Runs `f` on the bytes of the elements in `order` (row-major: `None`) and keeps what
    /// it writes: in place when the elements lie so, else through a buffer unpacked after.
    fn write<R>(&self, order: Option<&[usize]>, f: impl FnOnce(&mut [u8]) -> R) -> R {
        match (self.dense, order) {
            (Some(base), None) => {
                // SAFETY: the dense run holds `len` elements; compiled code does not touch
                // it during the call.
                f(unsafe { std::slice::from_raw_parts_mut(base, self.len * self.element) })
            }
            _ => {
                let mut bytes = vec![0u8; self.len * self.element];
                let r = f(&mut bytes);
                self.unpack(&bytes, order);
                r
            }
        }
    }

    /// The elements in `order` (row-major indices), packed.
    fn pack(&self, order: Option<&[usize]>) -> Vec<u8> {
        if let (Some(bytes), None) = (self.dense_bytes(), order) {
            return bytes.to_vec();
        }
        let mut out = Vec::with_capacity(self.len * self.element);
        let mut put = |i: usize| {
            // SAFETY: every address points to an element of `element` bytes.
            out.extend_from_slice(unsafe { std::slice::from_raw_parts(self.address(i), self.element) })
        };
        match order {
            Some(o) => o.iter().for_each(|&i| put(i)),
            None => (0..self.len).for_each(put),
        }
        out
    }

    /// Writes `bytes` (packed in `order`) to the elements.
    fn unpack(&self, bytes: &[u8], order: Option<&[usize]>) {
        if let (Some(base), None) = (self.dense, order) {
            let n = bytes.len().min(self.len * self.element);
            // SAFETY: the dense run holds `len` elements; `bytes` is a separate allocation.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), base, n) };
            return;
        }
        for (k, chunk) in bytes.chunks_exact(self.element).enumerate().take(self.len) {
            let i = order.map_or(k, |o| o[k]);
            // SAFETY: every address points to an element of `element` bytes.
            unsafe { std::ptr::copy_nonoverlapping(chunk.as_ptr(), self.address(i), self.element) };
        }
    }

    fn zero(&self) {
        for i in 0..self.len {
            // SAFETY: as above.
            unsafe { std::ptr::write_bytes(self.address(i), 0, self.element) };
        }
    }
}

/// The group of ranks holding `rank`, and its size.
fn group_size(groups: &[Vec<usize>], rank: usize) -> Option<usize> {
    groups.iter().find(|g| g.contains(&rank)).map(Vec::len)
}

/// Does what `config` says with `input` and `output`; returns the group size for the
/// reductions (whose contribution 0 is written to `output`, the others kept for `take`).
fn run(p: &Process, c: &Config, input: &Buffer, output: &Buffer) -> Result<i64, String> {
    let (mpi, rank) = (p.mpi, p.rank());
    let groups = || process_groups(c.mode, &c.groups, p.replicas, p.partitions);
    let not_in_group = || format!("process {rank} (replica {}, partition {}) is in no group", rank / p.partitions, rank % p.partitions);
    match c.kind {
        Kind::ReplicaId | Kind::PartitionId => {
            let id = if c.kind == Kind::ReplicaId { rank / p.partitions } else { rank % p.partitions } as u32;
            output.unpack(&id.to_le_bytes()[..c.element.min(4)], None);
            Ok(1)
        }
        Kind::AllGather => {
            let groups = groups()?;
            let g = group_size(&groups, rank).ok_or_else(not_in_group)?;
            if output.len != input.len * g {
                return Err(format!("the result has {} elements but the group of process {rank} gathers {g} x {}", output.len, input.len));
            }
            let mut scratch = Vec::new();
            let send = input.bytes(None, &mut scratch);
            let order = blocks(&output.dims, c.dims[0] as usize, g);
            output.write(order.as_deref(), |out| mpi.allgather_into(&groups, send, out))?.then_some(g as i64).ok_or_else(not_in_group)
        }
        Kind::AllToAll => {
            let groups = groups()?;
            let g = group_size(&groups, rank).ok_or_else(not_in_group)?;
            if g as i64 != c.dims[2] {
                return Err(format!("split_count is {} but the group of process {rank} has {g} processes", c.dims[2]));
            }
            let send = input.pack(blocks(&input.dims, c.dims[0] as usize, g).as_deref());
            let got = mpi.alltoall(&groups, &send)?.ok_or_else(not_in_group)?;
            output.unpack(&got, blocks(&output.dims, c.dims[1] as usize, g).as_deref());
            Ok(g as i64)
        }
        Kind::Reduce | Kind::ReduceScatter => {
            let groups = groups()?;
            let g = group_size(&groups, rank).ok_or_else(not_in_group)?;
            let order = if c.kind == Kind::Reduce { None } else { blocks(&input.dims, c.dims[0] as usize, g) };
            if input.len != output.len * if c.kind == Kind::Reduce { 1 } else { g } {
                return Err(format!("the operand has {} elements, not the result's {} times the group size {g}", input.len, output.len));
            }
            // collective_reduce: members other than the group's first get zeros (and fold
            // nothing: the call says the group has one contribution, the zeros).
            let root_only = c.kind == Kind::Reduce && c.dims[0] == ROOT_ONLY;
            let is_root = groups.iter().any(|g| g.first() == Some(&rank));
            if let Some((reduction, datatype)) = c.reduction {
                let mut scratch = Vec::new();
                let send = input.bytes(order.as_deref(), &mut scratch);
                let done = output.write(None, |recv| match c.kind {
                    Kind::Reduce => mpi.allreduce(&groups, send, recv, reduction, datatype),
                    _ => mpi.reduce_scatter(&groups, send, recv, reduction, datatype),
                })?;
                if root_only && !is_root {
                    output.zero();
                }
                return done.then_some(1).ok_or_else(not_in_group);
            }
            let got = if c.kind == Kind::Reduce {
                mpi.allgather(&groups, &input.pack(None))?
            } else {
                mpi.alltoall(&groups, &input.pack(order.as_deref()))?
            }
            .ok_or_else(not_in_group)?;
            if root_only && !is_root {
                output.zero();
                return Ok(1);
            }
            let block = got.len() / g;
            output.unpack(&got[..block], None);
            PENDING.with(|q| *q.borrow_mut() = (got, block, c.element));
            Ok(g as i64)
        }
        Kind::Broadcast => {
            let groups = groups()?;
            // The source's index in the group: 0, or the dynamic root written at run time.
            let root = c.dims[0];
            if let Some(g) = group_size(&groups, rank) {
                if !(0..g as i64).contains(&root) {
                    return Err(format!("the root index {root} is outside the group of process {rank} ({g} processes)"));
                }
            }
            let mut data = input.pack(None);
            if mpi.broadcast(&groups, &mut data, root as usize)? {
                output.unpack(&data, None);
            } else {
                output.zero();
            }
            Ok(1)
        }
        Kind::Permute => {
            let (from, to) = permute_peers(c.mode, &c.groups, p.replicas, p.partitions, rank);
            let mut got = vec![0u8; output.len * c.element];
            mpi.sendrecv(&input.pack(None), to, &mut got, from, PERMUTE_TAG)?;
            if from.is_some() {
                output.unpack(&got, None);
            } else {
                output.zero();
            }
            Ok(1)
        }
        Kind::Send | Kind::Recv => {
            let channel = c.dims[0];
            if !(0..PERMUTE_TAG as i64).contains(&channel) {
                return Err(format!("unsupported: channel {channel} (send/recv channels are below {PERMUTE_TAG}, MPI's smallest tag bound)"));
            }
            let (receiver, sender) = p.channels.get(&channel).copied().unwrap_or((None, None));
            if c.kind == Kind::Send {
                let to = receiver.ok_or_else(|| format!("no process receives on channel {channel}"))?;
                mpi.send(&input.pack(None), to, channel as i32)?;
            } else {
                let from = sender.ok_or_else(|| format!("no process sends on channel {channel}"))?;
                let mut got = vec![0u8; output.len * c.element];
                mpi.recv(&mut got, from, channel as i32)?;
                output.unpack(&got, None);
            }
            Ok(1)
        }
    }
}

/// `xhlo_collective_<type>(config, input, output) -> i64`.
unsafe extern "C" fn collective(config: *const Unranked, input: *const Unranked, output: *const Unranked) -> i64 {
    let c = Config::read(config);
    let (input, output) = (Buffer::new(input, c.element), Buffer::new(output, c.element));
    *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = Some(c.description.clone());
    let result = ACTIVE.with(|a| match a.borrow().as_ref() {
        Some(p) => run(p, &c, &input, &output),
        None => Err("the program uses collectives but runs without other processes (no MPI run was started)".into()),
    });
    *CURRENT.lock().unwrap_or_else(|e| e.into_inner()) = None;
    match result {
        Ok(g) => g,
        Err(e) => crate::mpi::abort(&format!("error: {}: {e}", c.description)),
    }
}

/// `xhlo_collective_take_<type>(k, output)`: contribution `k` of the last reduction.
unsafe extern "C" fn take(k: i64, output: *const Unranked) {
    PENDING.with(|q| {
        let q = q.borrow();
        let (data, block, element) = (&q.0, q.1, q.2);
        let out = Buffer::new(output, element);
        out.unpack(&data[k as usize * block..(k as usize + 1) * block], None);
    })
}

/// The host functions compiled code calls, by symbol: the same two functions under every
/// element type's name (the config gives the element size).
pub(crate) fn symbols() -> &'static [(&'static str, *mut c_void)] {
    struct Table(Vec<(&'static str, *mut c_void)>);
    // SAFETY: the pointers are functions of this binary.
    unsafe impl Send for Table {}
    unsafe impl Sync for Table {}
    static TABLE: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
    &TABLE
        .get_or_init(|| {
            let mut v = Vec::new();
            for t in crate::ir::ElementType::ALL {
                let suffix = t.xla_name().to_lowercase();
                let name = |f: &str| -> &'static str { Box::leak(format!("_mlir_ciface_xhlo_{f}_{suffix}").into_boxed_str()) };
                v.push((name("collective"), collective as *mut c_void));
                v.push((name("collective_take"), take as *mut c_void));
            }
            Table(v)
        })
        .0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// StableHLO's worked numbering: 2 replicas x 2 partitions, ranks r * 2 + p.
    #[test]
    fn groups_follow_stablehlo_modes() {
        let g = vec![vec![0, 1]];
        assert_eq!(process_groups(Mode::CrossReplica, &g, 2, 2).unwrap(), vec![vec![0, 2], vec![1, 3]]);
        assert_eq!(process_groups(Mode::CrossPartition, &g, 2, 2).unwrap(), vec![vec![0, 1], vec![2, 3]]);
        assert_eq!(process_groups(Mode::CrossReplicaAndPartition, &g, 2, 2).unwrap(), vec![vec![0, 2, 1, 3]]);
        assert_eq!(process_groups(Mode::FlattenedIds, &[vec![3, 0]], 2, 2).unwrap(), vec![vec![3, 0]]);
        assert_eq!(process_groups(Mode::CrossReplica, &[], 3, 1).unwrap(), vec![vec![0, 1, 2]]);
        assert!(process_groups(Mode::CrossReplica, &[vec![0, 5]], 2, 1).unwrap_err().contains("out of range"));
    }

    #[test]
    fn permute_peers_per_partition() {
        let pairs = vec![vec![0, 1], vec![1, 0]];
        // Replica 1 of partition 1 is rank 3; it sends to and receives from rank 1.
        assert_eq!(permute_peers(Mode::CrossReplica, &pairs, 2, 2, 3), (Some(1), Some(1)));
        assert_eq!(permute_peers(Mode::CrossPartition, &[vec![0, 1]], 2, 2, 2), (None, Some(3)));
        assert_eq!(permute_peers(Mode::CrossPartition, &[vec![0, 1]], 2, 2, 3), (Some(2), None));
    }

    /// [[0,1,2],[3,4,5]] cut along dim 1 into 3 blocks: columns, each row-major.
    #[test]
    fn block_order_groups_blocks() {
        assert_eq!(block_order(&[2, 3], 1, 3), vec![0, 3, 1, 4, 2, 5]);
        assert_eq!(block_order(&[2, 3], 0, 2), vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(block_order(&[4], 0, 2), vec![0, 1, 2, 3]);
    }
}

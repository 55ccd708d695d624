//! Collectives and send/recv → calls of the host runtime that moves bytes between processes
//! (`xhlo::collective`, over MPI).
//!
//! Every op becomes calls of one host function per element type,
//! `i64 xhlo_collective_<type>(config, input, output)` (unranked memrefs; `<type>` as for
//! infeed), whose `config` is a constant array of i64 describing the op ([`Config`]): its
//! kind, element size, the StableHLO mode its attributes select, its dimensions, its groups
//! or pairs as written, and its name and location for error messages. The host works out the
//! process groups from the mode and the run's replicas × partitions, so one compiled program
//! serves every process.
//!
//! Data moves on the host. A reduction whose region is one element-wise op of its two
//! arguments that MPI has for the element type ([`by_mpi`]: add, multiply, maximum, minimum,
//! and, or, xor) is done by MPI itself (`MPI_Allreduce`,
//! `MPI_Reduce_scatter_block`, in the order MPI's algorithm picks, which StableHLO leaves to
//! the implementation). Other reductions run here, in compiled code, with the op's region:
//! `all_reduce` and `reduce_scatter` ask the host for the group's contributions (the call
//! returns the group size `G` and writes contribution 0 to `output`), then fetch
//! contribution `k` with `xhlo_collective_take_<type>(k, buffer)` for `k = 1..G` and fold it
//! in: `acc = region(acc, contribution_k)`, in group order. The order is fixed and the same on
//! every member, so every member computes bitwise the same result, for any region.

use super::common::{block, operands};
use super::LowerFn;
use crate::convert::{xtensor, Ctx, TOKEN};
use crate::emitter::Operand;
use crate::region;
use crate::{scalar, types};
use mlir_text::ast::{Attribute, Op};
use xhlo_ir::TensorType;

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("all_reduce", all_reduce),
    ("collective_reduce", collective_reduce),
    ("cross_replica_sum", cross_replica_sum),
    ("all_gather", all_gather),
    ("all_to_all", all_to_all),
    ("reduce_scatter", reduce_scatter),
    ("collective_broadcast", collective_broadcast),
    ("collective_permute", collective_permute),
    ("replica_id", replica_id),
    ("partition_id", partition_id),
];

/// What the host does; the numbers are the first word of the config (`xhlo::collective`
/// reads the same table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i64)]
pub enum Kind {
    AllGather = 1,
    AllToAll = 2,
    Reduce = 3,
    ReduceScatter = 4,
    Broadcast = 5,
    Permute = 6,
    Send = 7,
    Recv = 8,
    ReplicaId = 9,
    PartitionId = 10,
}

/// How ids in the groups name processes (StableHLO's "collective ops" section).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i64)]
pub enum Mode {
    CrossReplica = 0,
    CrossPartition = 1,
    CrossReplicaAndPartition = 2,
    FlattenedIds = 3,
}

/// The MPI reduction (`MPI_Op`) of a reduction MPI does itself ([`by_mpi`]); the numbers are
/// config word `b` of all_reduce and reduce_scatter (0: the region is folded in compiled
/// code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i64)]
pub enum Reduction {
    Sum = 1,
    Product = 2,
    Max = 3,
    Min = 4,
    BitAnd = 5,
    BitOr = 6,
    BitXor = 7,
}

/// The MPI datatype the elements are reduced as (config word `c`); complex numbers are
/// pairs of their parts' type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i64)]
pub enum Datatype {
    F32 = 1,
    F64 = 2,
    I8 = 3,
    I16 = 4,
    I32 = 5,
    I64 = 6,
    U8 = 7,
    U16 = 8,
    U32 = 9,
    U64 = 10,
    /// 16-bit floats: MPI has no type for them; the host reduces them with ops of its own
    /// on 16-bit words.
    F16 = 11,
    BF16 = 12,
}

impl Reduction {
    pub const ALL: [Reduction; 7] = [Reduction::Sum, Reduction::Product, Reduction::Max, Reduction::Min, Reduction::BitAnd, Reduction::BitOr, Reduction::BitXor];
}

impl Datatype {
    pub const ALL: [Datatype; 12] = [
        Datatype::F32,
        Datatype::F64,
        Datatype::I8,
        Datatype::I16,
        Datatype::I32,
        Datatype::I64,
        Datatype::U8,
        Datatype::U16,
        Datatype::U32,
        Datatype::U64,
        Datatype::F16,
        Datatype::BF16,
    ];

    /// The bytes of one element.
    pub fn size(self) -> usize {
        match self {
            Datatype::I8 | Datatype::U8 => 1,
            Datatype::I16 | Datatype::U16 | Datatype::F16 | Datatype::BF16 => 2,
            Datatype::F32 | Datatype::I32 | Datatype::U32 => 4,
            Datatype::F64 | Datatype::I64 | Datatype::U64 => 8,
        }
    }
}

/// The MPI reduction and datatype that compute `body` (a reduction region) on elements of
/// type `element` with the same values, or `None` when MPI has none:
///
/// - the body must be one op of its two arguments (either order: every op here is
///   commutative) whose result it yields, on scalars of `element`;
/// - add and multiply: f32, f64 (IEEE sums and products, in MPI's order), the integers of
///   8-64 bits reduced as unsigned (two's complement wraps alike, and C's unsigned
///   arithmetic is defined to wrap), complex add as pairs of floats (part by part);
/// - maximum and minimum: the integers of 8-64 bits, as their own signedness; f32 and f64
///   with the host's own MPI op (`xhlo::mpi::float_extremum`, made by `MPI_Op_create`), as
///   Open MPI's `MPI_MAX` on floats is `a > b ? a : b` (and `vmaxps` in its AVX component),
///   which drops a NaN and does not order -0 below +0, where `stablehlo.maximum` propagates
///   NaN (`arith.maximumf`);
/// - and, or, xor: integers of 8-64 bits and PRED (bytes 0 or 1) as bitwise ops on unsigned;
/// - f16 and bf16 add, multiply, maximum, minimum: MPI has no type for them; the host
///   reduces them with ops of its own (`MPI_Op_create`) that compute in f32 and round to
///   nearest even, as compiled code does (f32 holds a sum or product of two 16-bit floats
///   closely enough that the result is the correctly rounded one);
/// - sub-byte integers, complex products and everything else: the region.
pub fn by_mpi(body: &mlir_text::ast::Block, element: xhlo_ir::ElementType) -> Option<(Reduction, Datatype)> {
    use xhlo_ir::ElementType as E;
    let scalar = |t: &mlir_text::ast::Type| xtensor(t).is_ok_and(|t| t.rank() == 0 && t.element == element);
    let [(a, at), (b, bt)] = body.args.as_slice() else { return None };
    let [op, ret] = body.ops.as_slice() else { return None };
    let refs = op.result_refs();
    let reads_both = matches!(op.operands.as_slice(), [x, y] if (x == a && y == b) || (x == b && y == a)) && a != b;
    let yields_it = ret.name == xhlo_ir::op::REGION_TERMINATOR && refs.len() == 1 && ret.operands == refs;
    let typed = scalar(at) && scalar(bt) && op.operand_types.iter().chain(&op.result_types).all(scalar) && op.result_types.len() == 1;
    if !(reads_both && yields_it && typed && op.regions.is_empty()) {
        return None;
    }
    let reduction = match op.name.strip_prefix("xhlo.")? {
        "add" => Reduction::Sum,
        "multiply" => Reduction::Product,
        "maximum" => Reduction::Max,
        "minimum" => Reduction::Min,
        "and" => Reduction::BitAnd,
        "or" => Reduction::BitOr,
        "xor" => Reduction::BitXor,
        _ => return None,
    };
    let (signed, unsigned) = match element {
        E::S8 | E::U8 => (Datatype::I8, Datatype::U8),
        E::S16 | E::U16 => (Datatype::I16, Datatype::U16),
        E::S32 | E::U32 => (Datatype::I32, Datatype::U32),
        E::S64 | E::U64 => (Datatype::I64, Datatype::U64),
        E::Pred if matches!(reduction, Reduction::BitAnd | Reduction::BitOr | Reduction::BitXor) => return Some((reduction, Datatype::U8)),
        E::F16 | E::BF16 | E::F32 | E::F64 if matches!(reduction, Reduction::Sum | Reduction::Product | Reduction::Max | Reduction::Min) => {
            let datatype = match element {
                E::F16 => Datatype::F16,
                E::BF16 => Datatype::BF16,
                E::F32 => Datatype::F32,
                _ => Datatype::F64,
            };
            return Some((reduction, datatype));
        }
        E::C64 | E::C128 if reduction == Reduction::Sum => return Some((reduction, if element == E::C64 { Datatype::F32 } else { Datatype::F64 })),
        _ => return None,
    };
    Some((reduction, if element.is_signed_int() && matches!(reduction, Reduction::Max | Reduction::Min) { signed } else { unsigned }))
}

/// The config words: `[kind, element bytes, mode, a, b, c, group count, group width,
/// ids (groups padded with -1)..., description length, description bytes...]`; `a, b, c` are
/// the op's dimensions (all_gather_dim; split, concat, split count; scatter_dimension) or
/// the channel of send/recv; for all_reduce and reduce_scatter, `b` and `c` are the
/// [`Reduction`] and [`Datatype`] when MPI reduces (else 0).
pub struct Config {
    pub kind: Kind,
    pub mode: Mode,
    pub dims: [i64; 3],
    pub groups: Vec<Vec<i64>>,
}

impl Config {
    fn words(&self, t: &TensorType, description: &str) -> Vec<i64> {
        let width = self.groups.iter().map(Vec::len).max().unwrap_or(0);
        let mut w = vec![self.kind as i64, xhlo_ir::literal::storage_size(t.element) as i64, self.mode as i64];
        w.extend(self.dims);
        w.extend([self.groups.len() as i64, width as i64]);
        for g in &self.groups {
            w.extend(g.iter().copied().chain(std::iter::repeat(-1)).take(width));
        }
        w.push(description.len() as i64);
        w.extend(description.bytes().map(i64::from));
        w
    }
}

/// `replica_groups` (or `source_target_pairs`) as lists of ids; absent or `[]`: none (the
/// host reads that as "all").
fn groups(op: &Op, name: &str) -> Result<Vec<Vec<i64>>, String> {
    match op.attr(name) {
        None => Ok(Vec::new()),
        Some(Attribute::Array(items)) => items
            .iter()
            .map(|g| match g {
                Attribute::DenseArray(_, ids) => ids.iter().map(|v| v.parse::<i64>().map_err(|e| format!("{name}: {e}"))).collect(),
                other => Err(format!("{name}: expected array<i64: ...> groups, got {other:?}")),
            })
            .collect(),
        Some(other) => Err(format!("{name}: expected an array of groups, got {other:?}")),
    }
}

fn channel(op: &Op) -> Result<i64, String> {
    match op.attr("channel_id") {
        None => Ok(0),
        Some(_) => super::common::int(op, "channel_id"),
    }
}

fn flag(op: &Op, name: &str) -> bool {
    matches!(op.attr(name), Some(Attribute::Bool(true)) | Some(Attribute::Unit))
}

/// The mode of all_gather, all_reduce and reduce_scatter: channel and global ids.
fn reduction_mode(op: &Op) -> Result<Mode, String> {
    Ok(match (channel(op)? > 0, flag(op, "use_global_device_ids")) {
        (false, _) => Mode::CrossReplica,
        (true, false) => Mode::CrossReplicaAndPartition,
        (true, true) => Mode::FlattenedIds,
    })
}

/// The mode of all_to_all, collective_broadcast and collective_permute: the channel alone.
fn channel_mode(op: &Op) -> Result<Mode, String> {
    Ok(if channel(op)? > 0 { Mode::CrossPartition } else { Mode::CrossReplica })
}

/// Declares the host functions for `t`'s element type; returns (collective, take, unranked).
fn host_functions(ctx: &mut Ctx, t: &TensorType) -> (String, String, String) {
    let suffix = t.element.xla_name().to_lowercase();
    let unranked = format!("memref<*x{}>", types::storage(t.element));
    let (call, take) = (format!("xhlo_collective_{suffix}"), format!("xhlo_collective_take_{suffix}"));
    ctx.declarations.insert(format!("func.func private @{call}(memref<*xi64>, {unranked}, {unranked}) -> i64 attributes {{llvm.emit_c_interface}}"));
    ctx.declarations.insert(format!("func.func private @{take}(i64, {unranked}) attributes {{llvm.emit_c_interface}}"));
    (call, take, unranked)
}

/// `buffer` (a memref of `t`) as an unranked memref.
fn unranked(ctx: &mut Ctx, buffer: &str, t: &TensorType, unranked: &str) -> String {
    ctx.e.op("u", &format!("memref.cast {buffer} : {} to {unranked}", types::memref(t)))
}

/// A fresh buffer of `t`.
fn alloc(ctx: &mut Ctx, t: &TensorType) -> String {
    ctx.e.op("buf", &format!("memref.alloc() : {}", types::memref(t)))
}

fn to_tensor(ctx: &mut Ctx, buffer: &str, t: &TensorType) -> String {
    ctx.e.op("t", &format!("bufferization.to_tensor {buffer} restrict writable : {} to {}", types::memref(t), types::tensor(t)))
}

/// Calls the host for `config` with `input` (a tensor of `in_t`, or none) and a fresh output
/// buffer of `out_t`; returns the output buffer and the call's i64 result.
fn call(ctx: &mut Ctx, op: &Op, config: &Config, input: Option<(&str, &TensorType)>, out_t: &TensorType) -> Result<(String, String), String> {
    call_with(ctx, op, config, input, out_t, None)
}

/// [`call`] with config word `a` (the first of the op's dimensions) taken at run time from
/// `word`, a tensor of one integer: collective_broadcast's dynamic root. The config stays
/// one array the host reads alike; only that word is written before the call.
fn call_with(ctx: &mut Ctx, op: &Op, config: &Config, input: Option<(&str, &TensorType)>, out_t: &TensorType, word: Option<(&str, &TensorType)>) -> Result<(String, String), String> {
    let (function, _, unr) = host_functions(ctx, out_t);
    let description = format!("{} at {}:{}:{}", op.name, ctx.file, op.pos.line, op.pos.col);
    let words = config.words(out_t, &description);
    let n = words.len();
    let list: Vec<String> = words.iter().map(i64::to_string).collect();
    let mut cfg = ctx.e.op("cfg", &format!("arith.constant dense<[{}]> : tensor<{n}xi64>", list.join(", ")));
    if let Some((value, t)) = word {
        let c0 = ctx.e.op("c", "arith.constant 0 : index");
        let at = vec![c0.as_str(); t.rank()].join(", ");
        let st = types::storage(t.element);
        let w = ctx.e.op("w", &format!("tensor.extract {value}[{at}] : {}", types::tensor(t)));
        let bits = xhlo_ir::literal::storage_size(t.element) * 8;
        let w = match (bits, t.element.is_signed_int()) {
            (64, _) => w,
            (_, true) => ctx.e.op("w", &format!("arith.extsi {w} : {st} to i64")),
            (_, false) => ctx.e.op("w", &format!("arith.extui {w} : {st} to i64")),
        };
        let c3 = ctx.e.op("c", "arith.constant 3 : index");
        cfg = ctx.e.op("cfg", &format!("tensor.insert {w} into {cfg}[{c3}] : tensor<{n}xi64>"));
    }
    let cfg_m = ctx.e.op("cfg", &format!("bufferization.to_buffer {cfg} read_only : tensor<{n}xi64> to memref<{n}xi64>"));
    let cfg_u = ctx.e.op("cfg", &format!("memref.cast {cfg_m} : memref<{n}xi64> to memref<*xi64>"));
    let out = alloc(ctx, out_t);
    let out_u = unranked(ctx, &out, out_t, &unr);
    let in_u = match input {
        Some((value, t)) => {
            let b = ctx.e.op("in", &format!("bufferization.to_buffer {value} read_only : {} to {}", types::tensor(t), types::memref(t)));
            unranked(ctx, &b, t, &unr)
        }
        None => out_u.clone(),
    };
    let r = ctx.e.op("g", &format!("func.call @{function}({cfg_u}, {in_u}, {out_u}) : (memref<*xi64>, {unr}, {unr}) -> i64"));
    Ok((out, r))
}

/// Runs `config` on operand `i` of `op` and gives the host's output as a tensor of `out_t`.
fn moved(ctx: &mut Ctx, op: &Op, config: Config, i: usize, out_t: &TensorType) -> Result<String, String> {
    let (value, in_t) = ctx.tensor_operand(op, i)?;
    let (out, _) = call(ctx, op, &config, Some((&value, &in_t)), out_t)?;
    Ok(to_tensor(ctx, &out, out_t))
}

/// The group's reduction of `operand` with `body`: by MPI when it has the region's op
/// ([`by_mpi`]), else folded here ([`folded`]).
fn reduced(ctx: &mut Ctx, op: &Op, mut config: Config, operand: (&str, &TensorType), out_t: &TensorType, body: &mlir_text::ast::Block) -> Result<String, String> {
    match by_mpi(body, operand.1.element) {
        Some((reduction, datatype)) => {
            config.dims[1] = reduction as i64;
            config.dims[2] = datatype as i64;
            let (out, _) = call(ctx, op, &config, Some(operand), out_t)?;
            Ok(to_tensor(ctx, &out, out_t))
        }
        None => folded(ctx, op, config, operand, out_t, body),
    }
}

/// The group's contributions of shape `out_t` folded with `body` in group order (see the
/// module comment): contribution 0 from the host call, the others fetched in a loop.
fn folded(ctx: &mut Ctx, op: &Op, config: Config, operand: (&str, &TensorType), out_t: &TensorType, body: &mlir_text::ast::Block) -> Result<String, String> {
    let (first, g) = call(ctx, op, &config, Some(operand), out_t)?;
    let (_, take, unr) = host_functions(ctx, out_t);
    let acc0 = to_tensor(ctx, &first, out_t);
    let e = &mut ctx.e;
    let c1 = e.op("c", "arith.constant 1 : index");
    let gi = e.op("g", &format!("arith.index_cast {g} : i64 to index"));
    let (k, acc, r) = (e.fresh("k"), e.fresh("acc"), e.fresh("folded"));
    let tt = types::tensor(out_t);
    e.line(&format!("{r} = scf.for {k} = {c1} to {gi} step {c1} iter_args({acc} = {acc0}) -> ({tt}) {{"));
    e.enter();
    let buffer = alloc(ctx, out_t);
    let bu = unranked(ctx, &buffer, out_t, &unr);
    let ki = ctx.e.op("k", &format!("arith.index_cast {k} : index to i64"));
    ctx.e.line(&format!("func.call @{take}({ki}, {bu}) : (i64, {unr}) -> ()"));
    let x = to_tensor(ctx, &buffer, out_t);
    let el = out_t.element;
    let init = ctx.e.empty(out_t);
    let iterators = vec!["parallel"; out_t.rank()];
    let next = ctx.e.generic(&[Operand::identity(acc.clone(), out_t), Operand::identity(x, out_t)], Operand::identity(init, out_t), &iterators, |e, a| {
        let args = vec![scalar::load(e, &a[0], el), scalar::load(e, &a[1], el)];
        let yielded = region::lower_block(e, body, args)?;
        Ok(scalar::store(e, &yielded[0]))
    })?;
    ctx.e.line(&format!("scf.yield {next} : {tt}"));
    ctx.e.leave();
    ctx.e.line("}");
    Ok(r)
}

/// Each operand reduced across its group with the region (the importer splits a variadic
/// StableHLO all_reduce into one op per operand; several operands here are reduced alike).
fn all_reduce(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    reduce_each(ctx, op, 0)
}

/// Each operand of all_reduce or collective_reduce reduced with the region; `a` is config
/// word `a` (0, or [`ROOT_ONLY`]).
fn reduce_each(ctx: &mut Ctx, op: &Op, a: i64) -> Result<Vec<String>, String> {
    let body = block(op, 0, "computation")?.clone();
    let mut out = Vec::new();
    for (i, v) in operands(ctx, op)?.iter().enumerate() {
        let t = xtensor(&op.operand_types[i])?;
        let config = Config { kind: Kind::Reduce, mode: reduction_mode(op)?, dims: [a, 0, 0], groups: groups(op, "replica_groups")? };
        out.push(reduced(ctx, op, config, (&v.name, &t), &t, &body)?);
    }
    Ok(out)
}

/// An all_reduce with addition (logical or for PRED, which is addition's saturation:
/// `xhlo.or`), across replicas.
fn cross_replica_sum(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (value, t) = ctx.tensor_operand(op, 0)?;
    let name = if t.element.is_pred() { "xhlo.or" } else { "xhlo.add" };
    let scalar_t = types::tensor_type(&TensorType::new(vec![], t.element));
    let mut body = mlir_text::ast::Block::default();
    body.args = vec![(mlir_text::ast::ValueRef("a".into()), scalar_t.clone()), (mlir_text::ast::ValueRef("b".into()), scalar_t.clone())];
    let mut sum = Op::new(name, op.pos.clone());
    sum.results = vec![("s".into(), 1)];
    sum.operands = vec![mlir_text::ast::ValueRef("a".into()), mlir_text::ast::ValueRef("b".into())];
    sum.operand_types = vec![scalar_t.clone(), scalar_t.clone()];
    sum.result_types = vec![scalar_t.clone()];
    let mut ret = Op::new(xhlo_ir::op::REGION_TERMINATOR, op.pos.clone());
    ret.operands = vec![mlir_text::ast::ValueRef("s".into())];
    ret.operand_types = vec![scalar_t];
    body.ops = vec![sum, ret];
    let config = Config { kind: Kind::Reduce, mode: Mode::CrossReplica, dims: [0; 3], groups: groups(op, "replica_groups")? };
    Ok(vec![reduced(ctx, op, config, (&value, &t), &t, &body)?])
}

fn all_gather(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let dim = super::common::int(op, "all_gather_dim")?;
    let config = Config { kind: Kind::AllGather, mode: reduction_mode(op)?, dims: [dim, 0, 0], groups: groups(op, "replica_groups")? };
    Ok(vec![moved(ctx, op, config, 0, &super::common::result(op, 0)?)?])
}

fn all_to_all(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let int = |n| super::common::int(op, n);
    let dims = [int("split_dimension")?, int("concat_dimension")?, int("split_count")?];
    let config = Config { kind: Kind::AllToAll, mode: channel_mode(op)?, dims, groups: groups(op, "replica_groups")? };
    Ok(vec![moved(ctx, op, config, 0, &super::common::result(op, 0)?)?])
}

/// Each member gets the group's blocks of its own index along scatter_dimension and folds
/// them with the region, as all_reduce does.
fn reduce_scatter(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let body = block(op, 0, "computation")?.clone();
    let dim = super::common::int(op, "scatter_dimension")?;
    let (value, t) = ctx.tensor_operand(op, 0)?;
    let config = Config { kind: Kind::ReduceScatter, mode: reduction_mode(op)?, dims: [dim, 0, 0], groups: groups(op, "replica_groups")? };
    Ok(vec![reduced(ctx, op, config, (&value, &t), &super::common::result(op, 0)?, &body)?])
}

/// The source is the group's member at index `a` of the config: 0, or the `root` operand's
/// value (StableHLO's has_dynamic_root), written into the config at run time.
fn collective_broadcast(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let config = Config { kind: Kind::Broadcast, mode: channel_mode(op)?, dims: [0; 3], groups: groups(op, "replica_groups")? };
    let out_t = super::common::result(op, 0)?;
    let (value, in_t) = ctx.tensor_operand(op, 0)?;
    let root = if op.operands.len() > 1 { Some(ctx.tensor_operand(op, 1)?) } else { None };
    let (out, _) = call_with(ctx, op, &config, Some((&value, &in_t)), &out_t, root.as_ref().map(|(v, t)| (v.as_str(), t)))?;
    Ok(vec![to_tensor(ctx, &out, &out_t)])
}

/// all_reduce whose result only the group's first member keeps (config word `a` = 1): the
/// host zeroes the others' (after MPI's reduction, or in place of the contributions to fold).
fn collective_reduce(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    reduce_each(ctx, op, ROOT_ONLY)
}

/// Config word `a` of a [`Kind::Reduce`]: the result goes to the group's first member only
/// (collective_reduce); 0: to every member (all_reduce).
pub const ROOT_ONLY: i64 = 1;

fn collective_permute(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let config = Config { kind: Kind::Permute, mode: channel_mode(op)?, dims: [0; 3], groups: groups(op, "source_target_pairs")? };
    Ok(vec![moved(ctx, op, config, 0, &super::common::result(op, 0)?)?])
}

/// The process's id as a `tensor<ui32>`, written by the host.
fn id(ctx: &mut Ctx, op: &Op, kind: Kind) -> Result<Vec<String>, String> {
    let t = super::common::result(op, 0)?;
    let config = Config { kind, mode: Mode::CrossReplica, dims: [0; 3], groups: Vec::new() };
    let (out, _) = call(ctx, op, &config, None, &t)?;
    Ok(vec![to_tensor(ctx, &out, &t)])
}

fn replica_id(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    id(ctx, op, Kind::ReplicaId)
}

fn partition_id(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    id(ctx, op, Kind::PartitionId)
}

/// `send`: each operand (all but the token) as one message on the op's channel, in order.
pub fn send(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let config = Config { kind: Kind::Send, mode: Mode::CrossReplica, dims: [channel(op)?, 0, 0], groups: Vec::new() };
    for i in 0..op.operands.len().saturating_sub(1) {
        let (value, t) = ctx.tensor_operand(op, i)?;
        call(ctx, op, &config, Some((&value, &t)), &t)?;
    }
    Ok(vec![TOKEN.to_string()])
}

/// `recv`: one message on the op's channel per value, then the token.
pub fn recv(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let config = Config { kind: Kind::Recv, mode: Mode::CrossReplica, dims: [channel(op)?, 0, 0], groups: Vec::new() };
    let (_, values) = op.result_types.split_last().ok_or("recv without results")?;
    let mut out = Vec::new();
    for ty in values {
        let t = xtensor(ty)?;
        let (buffer, _) = call(ctx, op, &config, None, &t)?;
        out.push(to_tensor(ctx, &buffer, &t));
    }
    out.push(TOKEN.to_string());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::testing::{lower_module, lower_module_err, strip};

    /// An op missing an attribute the host needs is an error, not a call with a guess.
    #[test]
    fn all_gather_without_its_dimension_is_an_error() {
        let e = lower_module_err(
            r#"  "func.func"() <{function_type = (tensor<2xi64>) -> tensor<4xi64>, sym_name = "f"}> ({
  ^bb0(%a: tensor<2xi64>):
    %r = "xhlo.all_gather"(%a) {replica_groups = [array<i64: 0, 1>]} : (tensor<2xi64>) -> tensor<4xi64>
    "func.return"(%r) : (tensor<4xi64>) -> ()
  }) : () -> ()"#,
        );
        assert!(e.contains("all_gather_dim"), "{e}");
    }

    /// all_reduce: one host call (contribution 0 and the group size), then a loop fetching
    /// the other contributions and folding them with the region (here a subtraction).
    #[test]
    fn all_reduce_folds_fetched_contributions_with_its_region() {
        let out = strip(&lower_module(
            r#"  "func.func"() <{function_type = (tensor<2xi64>) -> tensor<2xi64>, sym_name = "f"}> ({
  ^bb0(%a: tensor<2xi64>):
    %r = "xhlo.all_reduce"(%a) ({
    ^bb0(%p: tensor<i64>, %q: tensor<i64>):
      %s = "xhlo.subtract"(%p, %q) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "gpu.yield"(%s) : (tensor<i64>) -> ()
    }) {replica_groups = [array<i64: 1, 0>], channel_id = 2 : i64, use_global_device_ids = true} : (tensor<2xi64>) -> tensor<2xi64>
    "func.return"(%r) : (tensor<2xi64>) -> ()
  }) : () -> ()"#,
        ));
        // kind 3 (reduce), 8-byte elements, mode 3 (flattened ids), one group of 2: [1, 0].
        assert!(out.contains("dense<[3, 8, 3, 0, 0, 0, 1, 2, 1, 0,"), "{out}");
        assert!(out.contains("func.call @xhlo_collective_s64(") && out.contains("scf.for"), "{out}");
        assert!(out.contains("func.call @xhlo_collective_take_s64(") && out.contains("arith.subi"), "{out}");
    }

    fn all_reduce_of(element: &str, body_op: &str, operands: &str) -> String {
        strip(&lower_module(&format!(
            r#"  "func.func"() <{{function_type = (tensor<2x{element}>) -> tensor<2x{element}>, sym_name = "f"}}> ({{
  ^bb0(%a: tensor<2x{element}>):
    %r = "xhlo.all_reduce"(%a) ({{
    ^bb0(%p: tensor<{element}>, %q: tensor<{element}>):
      %s = "xhlo.{body_op}"({operands}) : (tensor<{element}>, tensor<{element}>) -> tensor<{element}>
      "gpu.yield"(%s) : (tensor<{element}>) -> ()
    }}) {{replica_groups = [array<i64: 0, 1>]}} : (tensor<2x{element}>) -> tensor<2x{element}>
    "func.return"(%r) : (tensor<2x{element}>) -> ()
  }}) : () -> ()"#
        )))
    }

    /// Regions MPI has an op for become one host call with the reduction and datatype in
    /// words b and c; the others are folded in compiled code with the region.
    #[test]
    fn reductions_mpi_has_go_to_mpi_and_the_rest_are_folded() {
        // (element, op, operands, words b and c or None for the fold)
        type Case = (&'static str, &'static str, &'static str, Option<(i64, i64)>);
        let cases: &[Case] = &[
            ("f32", "add", "%p, %q", Some((1, 1))),
            ("f64", "add", "%q, %p", Some((1, 2))),
            ("f32", "multiply", "%p, %q", Some((2, 1))),
            ("complex<f32>", "add", "%p, %q", Some((1, 1))),
            // Signed add wraps as unsigned; max keeps the signedness.
            ("i32", "add", "%p, %q", Some((1, 9))),
            ("i32", "maximum", "%p, %q", Some((3, 5))),
            ("ui16", "minimum", "%p, %q", Some((4, 8))),
            ("i64", "xor", "%p, %q", Some((7, 10))),
            ("i1", "and", "%p, %q", Some((5, 7))),
            ("f32", "maximum", "%p, %q", Some((3, 1))),
            ("f64", "minimum", "%q, %p", Some((4, 2))),
            ("f16", "add", "%p, %q", Some((1, 11))),
            ("bf16", "maximum", "%p, %q", Some((3, 12))),
            // Sub-byte, complex product, one argument twice: the region.
            ("i4", "add", "%p, %q", None),
            ("complex<f32>", "multiply", "%p, %q", None),
            ("f32", "add", "%p, %p", None),
            ("i32", "subtract", "%p, %q", None),
            ("i1", "add", "%p, %q", None),
        ];
        for &(element, op, operands, words) in cases {
            let out = all_reduce_of(element, op, operands);
            match words {
                Some((b, c)) => {
                    assert!(out.contains("dense<[3, ") && out.contains(&format!(", 0, 0, {b}, {c}, 1, 2, 0, 1,")), "{element} {op}: {out}");
                    assert!(!out.contains("scf.for") && !out.contains("func.call @xhlo_collective_take"), "{element} {op} is folded: {out}");
                }
                None => assert!(out.contains("scf.for") && out.contains(", 0, 0, 0, 0, 1, 2, 0, 1,"), "{element} {op} not folded: {out}"),
            }
        }
    }
}

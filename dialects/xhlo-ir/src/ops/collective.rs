//! Collective ops across replicas and partitions (seed 002 "AllGather", "AllReduce",
//! "AllToAll", "CollectivePermute", "CrossReplicaSum", "ReduceScatter", "ReplicaId"; seed 001
//! "CrossReplicaSum").
//!
//! Attribute conventions shared by the family:
//! - `replica_groups` is an array of `array<i64: ...>` groups,
//!   `[array<i64: 0, 2>, array<i64: 1, 3>]`. Absent or `[]` means all replicas form one group
//!   (seed 002), whose size the IR does not know. Groups are non-empty and disjoint, ids
//!   non-negative; they are equal-sized where the result shape depends on the group size
//!   (all_gather, all_to_all, reduce_scatter), and may differ elsewhere (StableHLO's padded
//!   `[[0, 1], [2, -1]]`).
//! - `channel_id` (integer, >= 0) is StableHLO's `channel_handle` flattened to its handle: only
//!   ops with the same channel communicate across modules.
//! - `use_global_device_ids` (bool) reads the group ids as global device ids; it needs a
//!   positive `channel_id` (StableHLO).
//!
//! Every op here except `replica_id` and `partition_id` talks to other replicas, so they are
//! side-effecting: they must not be removed, duplicated or reordered against each other.
//! `replica_id`/`partition_id` only read the replica's fixed identity and are pure.

use crate::op::{Import, Syntax};
use super::*;
use crate::attrs::Attr;
use crate::op::{attr, opt_attr, optional, tensor, tensors, AttrKind, Category, Effects, OpDef, OpView, RegionSig, ValueKind};

/// The attributes of the reductions over a replica group (all_reduce, collective_reduce).
const GROUP_REDUCTION_ATTRS: &[crate::op::AttrDef] = &[
    opt_attr("replica_groups", AttrKind::Array),
    opt_attr("channel_id", AttrKind::Int),
    opt_attr("use_global_device_ids", AttrKind::Bool),
];

pub const OPS: &[OpDef] = &[
    OpDef {
        attrs: GROUP_REDUCTION_ATTRS,
        regions: &["computation"],
        results: &[tensors("results")],
        effects: Effects::SideEffecting,
        ..OpDef::new("all_reduce", Category::Collective,
            "AllReduce: reduces each operand element-wise across the replicas of a group with a scalar \
             computation (E, E) -> E; several operands (XLA's tuple operand) share the computation and \
             element type; results have the operands' types",
            &[tensors("operands")], infer_all_reduce)
    },
    OpDef {
        attrs: GROUP_REDUCTION_ATTRS,
        regions: &["computation"],
        results: &[tensors("results")],
        effects: Effects::SideEffecting,
        ..OpDef::new("collective_reduce", Category::Collective,
            "CollectiveReduce (StableHLO collective_reduce): an AllReduce whose result only the group's first \
             replica (its root) keeps; the other replicas get zeros; groups and modes as all_reduce's",
            &[tensors("operands")], infer_all_reduce)
    },
    OpDef {
        attrs: &[opt_attr("replica_groups", AttrKind::Array)],
        effects: Effects::SideEffecting,
        ..OpDef::new("cross_replica_sum", Category::Collective,
            "CrossReplicaSum: an AllReduce with addition (logical or for PRED) across the replicas of a group; \
             the result has the operand's type",
            &[tensor("operand")], infer_cross_replica_sum)
    }.with_import(Import::Renamed(&["stablehlo.cross-replica-sum"])),
    OpDef {
        attrs: &[
            attr("all_gather_dim", AttrKind::Int),
            opt_attr("replica_groups", AttrKind::Array),
            opt_attr("channel_id", AttrKind::Int),
            opt_attr("use_global_device_ids", AttrKind::Bool),
        ],
        effects: Effects::SideEffecting,
        ..OpDef::new("all_gather", Category::Collective,
            "AllGather: concatenates the operands of a replica group along all_gather_dim, in group order; that \
             dimension grows by the group size (computed from replica_groups, else read from the declared result)",
            &[tensor("operand")], infer_all_gather)
    }.with_import(Import::Converted("stablehlo.all_gather")),
    OpDef {
        attrs: &[
            attr("split_dimension", AttrKind::Int),
            attr("concat_dimension", AttrKind::Int),
            attr("split_count", AttrKind::Int),
            opt_attr("replica_groups", AttrKind::Array),
            opt_attr("channel_id", AttrKind::Int),
        ],
        effects: Effects::SideEffecting,
        ..OpDef::new("all_to_all", Category::Collective,
            "AllToAll: splits the operand into split_count blocks along split_dimension, sends block i to the i-th \
             replica of the group and concatenates the received blocks along concat_dimension",
            &[tensor("operand")], infer_all_to_all)
    }.with_import(Import::Converted("stablehlo.all_to_all")),
    OpDef {
        attrs: &[
            attr("scatter_dimension", AttrKind::Int),
            opt_attr("replica_groups", AttrKind::Array),
            opt_attr("channel_id", AttrKind::Int),
            opt_attr("use_global_device_ids", AttrKind::Bool),
        ],
        regions: &["computation"],
        effects: Effects::SideEffecting,
        ..OpDef::new("reduce_scatter", Category::Collective,
            "ReduceScatter: an AllReduce with a scalar computation (E, E) -> E whose result is split into \
             group-size blocks along scatter_dimension, replica i keeping block i; that dimension shrinks by the \
             group size (computed from replica_groups, else read from the declared result)",
            &[tensor("operand")], infer_reduce_scatter)
    },
    OpDef {
        attrs: &[opt_attr("replica_groups", AttrKind::Array), opt_attr("channel_id", AttrKind::Int)],
        effects: Effects::SideEffecting,
        ..OpDef::new("collective_broadcast", Category::Collective,
            "CollectiveBroadcast (HLO collective-broadcast; StableHLO collective_broadcast): every replica of a \
             group receives the operand of the group's first replica, or, with the optional root (StableHLO's \
             has_dynamic_root: one integer, known at run time), of the replica at that index of the group; the \
             result has the operand's type",
            &[tensor("operand"), optional("root", ValueKind::Tensor)], infer_collective_broadcast)
    }.with_import(Import::Converted("stablehlo.collective_broadcast")),
    OpDef {
        attrs: &[attr("source_target_pairs", AttrKind::Array), opt_attr("channel_id", AttrKind::Int)],
        effects: Effects::SideEffecting,
        ..OpDef::new("collective_permute", Category::Collective,
            "CollectivePermute: each pair [source, target] in source_target_pairs sends the source replica's \
             operand to the target replica; no source or target repeats; replicas that are no target get zeros",
            &[tensor("operand")], infer_collective_permute)
    },
    OpDef::new("replica_id", Category::Collective,
        "ReplicaId: this replica's id in [0, replica count), a tensor<ui32> scalar", &[], infer_id).with_syntax(Syntax::Own),
    OpDef::new("partition_id", Category::Collective,
        "PartitionId: this partition's id in [0, partition count), a tensor<ui32> scalar", &[], infer_id).with_syntax(Syntax::Own),
];

/// The parsed `replica_groups`; `None` when absent or `[]` (all replicas in one group of
/// unknown size). Checks every group is an `array<i64: ...>` of non-negative ids, non-empty,
/// all groups are equally long and no id is in two groups (or twice in one).
fn replica_groups<'a>(v: &OpView<'a>) -> Result<Option<Vec<&'a [i64]>>, String> {
    groups_of(v, true)
}

/// [`replica_groups`] for ops whose result shapes do not depend on the group size
/// (all_reduce, cross_replica_sum, collective_broadcast): groups may differ in size, as in
/// StableHLO's `[[0, 1], [2, -1]]` (padding dropped by the importer).
fn ragged_replica_groups<'a>(v: &OpView<'a>) -> Result<Option<Vec<&'a [i64]>>, String> {
    groups_of(v, false)
}

fn groups_of<'a>(v: &OpView<'a>, equal: bool) -> Result<Option<Vec<&'a [i64]>>, String> {
    let items = match v.attr("replica_groups") {
        None => return Ok(None),
        Some(Attr::Array(items)) => items,
        Some(other) => {
            return Err(format!(
                "attribute 'replica_groups' must be an array of array<i64: ...> groups, got {other}"
            ))
        }
    };
    if items.is_empty() {
        return Ok(None);
    }
    let mut groups = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match item {
            Attr::I64Array(ids) => groups.push(ids.as_slice()),
            other => return Err(format!("replica group #{i} must be an array<i64: ...>, got {other}")),
        }
    }
    let size = groups[0].len();
    let mut seen = std::collections::BTreeMap::new();
    for (i, group) in groups.iter().enumerate() {
        if group.is_empty() {
            return Err(format!("replica group #{i} is empty"));
        }
        if equal && group.len() != size {
            return Err(format!(
                "replica group #{i} has {} replicas but group #0 has {size}; all groups must have the same size",
                group.len()
            ));
        }
        for &id in group.iter() {
            if id < 0 {
                return Err(format!("replica group #{i} contains the negative id {id}"));
            }
            if let Some(first) = seen.insert(id, i) {
                return Err(if first == i {
                    format!("replica {id} appears twice in replica group #{i}")
                } else {
                    format!("replica {id} appears in replica groups #{first} and #{i}; groups must be disjoint")
                });
            }
        }
    }
    Ok(Some(groups))
}

/// The size of each process group, when `replica_groups` names the groups and the op's
/// mode does not multiply them by the partition count, which the IR does not know (a positive
/// `channel_id` without `use_global_device_ids` is StableHLO's cross_replica_and_partition:
/// each group's replicas in every partition).
fn group_size(v: &OpView) -> Result<Option<i64>, String> {
    let groups = replica_groups(v)?;
    let across_partitions = v.def.attr_def("use_global_device_ids").is_some()
        && v.opt_int("channel_id")?.is_some_and(|c| c > 0)
        && !v.flag("use_global_device_ids")?;
    Ok(groups.filter(|_| !across_partitions).map(|groups| groups[0].len() as i64))
}

/// Checks `channel_id` and `use_global_device_ids` where the op has them.
fn check_channel(v: &OpView) -> Result<(), String> {
    let channel = if v.def.attr_def("channel_id").is_some() { v.opt_int("channel_id")? } else { None };
    if let Some(id) = channel {
        if id < 0 {
            return Err(format!("channel_id must be non-negative, got {id}"));
        }
    }
    if v.def.attr_def("use_global_device_ids").is_some() && v.flag("use_global_device_ids")? {
        match channel {
            Some(id) if id > 0 => {}
            _ => {
                return Err("use_global_device_ids = true needs a positive channel_id (the ids are global \
                            device ids only across partitions)"
                    .into())
            }
        }
    }
    Ok(())
}

/// A dimension attribute, checked against the operand's rank.
fn dimension(v: &OpView, name: &str, rank: usize) -> Result<usize, String> {
    let d = v.int(name)?;
    if d < 0 || d as usize >= rank {
        return Err(format!("{name} {d} is out of range for an operand of rank {rank}"));
    }
    Ok(d as usize)
}

/// Checks region 0 is a reducer of `element` scalars: `(tensor<E>, tensor<E>) -> tensor<E>`.
fn check_reducer(v: &OpView, element: ElementType) -> Result<(), String> {
    let body: &RegionSig = v.region(0)?;
    let scalar = Type::scalar(element);
    if body.args().len() != 2 {
        return Err(format!(
            "computation takes {} parameter(s) but must take 2 ({scalar} and {scalar})",
            body.args().len()
        ));
    }
    for (i, arg) in body.args().iter().enumerate() {
        if !arg.compatible(&scalar) {
            return Err(format!("computation parameter #{i} has type {arg} but must be {scalar}"));
        }
    }
    match body.yields() {
        [r] if r.compatible(&scalar) => Ok(()),
        [r] => Err(format!("computation returns {r} but must return {scalar}")),
        other => Err(format!("computation returns {} value(s) but must return one {scalar}", other.len())),
    }
}

fn infer_all_reduce(v: &OpView) -> Result<Vec<Type>, String> {
    let operands = v.tensors("operands")?;
    let Some(first) = operands.first() else { return Err("all_reduce needs at least one operand".into()) };
    ragged_replica_groups(v)?;
    check_channel(v)?;
    check_reducer(v, first.element)?;
    for (i, t) in operands.iter().enumerate().skip(1) {
        if t.element != first.element {
            return Err(format!(
                "operand #{i} has element type {} but the computation reduces {} scalars (operand #0); the \
                 operands share one computation",
                describe_element(t.element),
                describe_element(first.element)
            ));
        }
    }
    Ok(operands.iter().map(|t| Type::Tensor(TensorType { layout: None, ..(*t).clone() })).collect())
}

fn infer_cross_replica_sum(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    ragged_replica_groups(v)?;
    one(x.clone())
}

fn infer_collective_broadcast(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    if v.operand("root").is_some() {
        let root = v.tensor("root")?;
        if !root.element.is_int() || root.dims.iter().product::<i64>() != 1 {
            return Err(format!("root must be one integer (a tensor<i32> or tensor<1xi32>), got {}", Type::Tensor(root.clone())));
        }
    }
    ragged_replica_groups(v)?;
    check_channel(v)?;
    one(x.clone())
}

/// How a collective changes one dimension by the group size.
#[derive(Clone, Copy, PartialEq)]
enum Scale {
    /// all_gather: the dimension is multiplied by the group size.
    Grow,
    /// reduce_scatter: the dimension is divided by the group size.
    Shrink,
}

/// The result of all_gather / reduce_scatter: the operand with dimension `dim` scaled by the
/// group size. With `replica_groups` the size is known and the result is computed; without it
/// the declared result supplies the size, which must be a whole factor.
fn scaled_result(v: &OpView, x: &TensorType, dim: usize, attr: &str, scale: Scale) -> Result<Vec<Type>, String> {
    let size = x.dims[dim];
    let computed = match group_size(v)? {
        Some(g) => {
            if scale == Scale::Shrink && size % g != 0 {
                return Err(format!(
                    "{attr} {dim} of the operand has size {size}, which the group size {g} does not divide"
                ));
            }
            let mut dims = x.dims.clone();
            dims[dim] = if scale == Scale::Grow { size * g } else { size / g };
            Some((x.with_dims(dims), g))
        }
        None => None,
    };
    let declared = match v.results.and_then(|r| r.first()) {
        None => {
            return match computed {
                Some((t, _)) => one(t),
                None => Err("result type must be given explicitly: without replica_groups the group size is unknown".into()),
            }
        }
        Some(Type::Tensor(t)) => t,
        Some(other) => return Err(format!("result #0 must be a tensor, got {other}")),
    };
    if declared.element != x.element {
        return Err(format!(
            "result has element type {} but the operand has {}",
            describe_element(declared.element),
            describe_element(x.element)
        ));
    }
    if declared.rank() != x.rank() {
        return Err(format!("result has rank {} but the operand has rank {}", declared.rank(), x.rank()));
    }
    for (i, (&r, &o)) in declared.dims.iter().zip(&x.dims).enumerate() {
        if i != dim && r != o {
            return Err(format!(
                "result dimension {i} has size {r} but operand dimension {i} has size {o}; only {attr} {dim} changes"
            ));
        }
    }
    let got = declared.dims[dim];
    if let Some((t, g)) = computed {
        if got != t.dims[dim] {
            let how = if scale == Scale::Grow { "times" } else { "divided by" };
            return Err(format!(
                "result dimension {dim} has size {got} but must be {} (operand size {size} {how} group size {g})",
                t.dims[dim]
            ));
        }
        return one(t);
    }
    // Group size unknown: the declared size must be a whole-number scaling of the operand's.
    let (whole, part) = if scale == Scale::Grow { (got, size) } else { (size, got) };
    let ok = if part == 0 { whole == 0 } else { whole % part == 0 && whole / part >= 1 };
    if !ok {
        let rule = if scale == Scale::Grow {
            format!("a multiple of the operand's size {size} (operand size times the group size)")
        } else {
            format!("a divisor of the operand's size {size} (operand size divided by the group size)")
        };
        return Err(format!("result dimension {dim} has size {got} but must be {rule}"));
    }
    one(declared.clone())
}

fn infer_all_gather(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    check_channel(v)?;
    let dim = dimension(v, "all_gather_dim", x.rank())?;
    scaled_result(v, x, dim, "all_gather_dim", Scale::Grow)
}

fn infer_reduce_scatter(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    check_channel(v)?;
    let dim = dimension(v, "scatter_dimension", x.rank())?;
    check_reducer(v, x.element)?;
    scaled_result(v, x, dim, "scatter_dimension", Scale::Shrink)
}

fn infer_all_to_all(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    check_channel(v)?;
    let split = dimension(v, "split_dimension", x.rank())?;
    let concat = dimension(v, "concat_dimension", x.rank())?;
    let count = v.int("split_count")?;
    if count <= 0 {
        return Err(format!("split_count must be positive, got {count}"));
    }
    if x.dims[split] % count != 0 {
        return Err(format!(
            "split_dimension {split} has size {} which split_count {count} does not divide",
            x.dims[split]
        ));
    }
    if let Some(g) = group_size(v)? {
        if g != count {
            return Err(format!(
                "split_count is {count} but each replica group has {g} replicas; they must be equal"
            ));
        }
    }
    let mut dims = x.dims.clone();
    dims[split] /= count;
    dims[concat] *= count;
    one(x.with_dims(dims))
}

fn infer_collective_permute(v: &OpView) -> Result<Vec<Type>, String> {
    let x = v.tensor("operand")?;
    check_channel(v)?;
    let pairs = match v.attr("source_target_pairs") {
        Some(Attr::Array(items)) => items,
        Some(other) => {
            return Err(format!(
                "attribute 'source_target_pairs' must be an array of array<i64: source, target> pairs, got {other}"
            ))
        }
        None => return Err("missing attribute 'source_target_pairs'".into()),
    };
    let mut sources = std::collections::BTreeMap::new();
    let mut targets = std::collections::BTreeMap::new();
    for (i, pair) in pairs.iter().enumerate() {
        let (source, target) = match pair {
            Attr::I64Array(p) if p.len() == 2 => (p[0], p[1]),
            other => return Err(format!("source_target_pairs #{i} must be array<i64: source, target>, got {other}")),
        };
        if source < 0 || target < 0 {
            return Err(format!("source_target_pairs #{i} [{source}, {target}] has a negative replica id"));
        }
        if let Some(j) = sources.insert(source, i) {
            return Err(format!("replica {source} is the source of pairs #{j} and #{i}; sources must be distinct"));
        }
        if let Some(j) = targets.insert(target, i) {
            return Err(format!("replica {target} is the target of pairs #{j} and #{i}; targets must be distinct"));
        }
    }
    one(x.clone())
}

fn infer_id(_v: &OpView) -> Result<Vec<Type>, String> {
    Ok(vec![Type::scalar(ElementType::U32)])
}

#[cfg(test)]
mod tests {
    use crate::catalogue;
    use crate::op::{Effects, RegionSig};
    use crate::testing::{infer, region, verify};

    fn err(r: Result<(), String>) -> String {
        r.expect_err("expected the verifier to reject this op")
    }

    fn add(t: &str) -> RegionSig {
        region(&[t, t], &[t])
    }

    #[test]
    fn collective_broadcast_keeps_the_operand_type_and_checks_groups() {
        let groups = "{replica_groups = [array<i64: 0, 1>, array<i64: 2, 3>]}";
        assert_eq!(infer("collective_broadcast", &["tensor<1x2xi64>"], groups, &[], &[]).unwrap(), vec!["tensor<1x2xi64>"]);
        let bad = "{replica_groups = [array<i64: 0, 1>, array<i64: 1, 2>]}";
        assert!(verify("collective_broadcast", &["tensor<2xf32>"], bad, &[], &["tensor<2xf32>"]).is_err());
    }

    #[test]
    fn collectives_are_side_effecting_and_ids_are_pure() {
        for name in ["all_reduce", "cross_replica_sum", "all_gather", "all_to_all", "reduce_scatter", "collective_permute"] {
            assert_eq!(catalogue::lookup(name).unwrap().effects, Effects::SideEffecting, "{name}");
        }
        for name in ["replica_id", "partition_id"] {
            assert_eq!(catalogue::lookup(name).unwrap().effects, Effects::Pure, "{name}");
        }
    }

    // replica_groups (shared)

    #[test]
    fn replica_groups_from_seed_002_are_accepted() {
        // Seed 002 (AllReduce, AllGather, ReduceScatter): replica_groups = {0, 2}, {1, 3}.
        verify(
            "all_reduce",
            &["tensor<2xf32>"],
            "{replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]}",
            &[add("tensor<f32>")],
            &["tensor<2xf32>"],
        )
        .unwrap();
    }

    #[test]
    fn empty_replica_groups_mean_one_group() {
        verify("cross_replica_sum", &["tensor<2xf32>"], "{replica_groups = []}", &[], &["tensor<2xf32>"]).unwrap();
    }

    #[test]
    fn replica_groups_reject_overlapping_groups() {
        let e = err(verify(
            "cross_replica_sum",
            &["tensor<2xf32>"],
            "{replica_groups = [array<i64: 0, 1>, array<i64: 1, 2>]}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("replica 1 appears in replica groups #0 and #1; groups must be disjoint"), "{e}");
    }

    #[test]
    fn replica_groups_reject_a_repeated_id_within_a_group() {
        let e = err(verify(
            "cross_replica_sum",
            &["tensor<2xf32>"],
            "{replica_groups = [array<i64: 0, 0>]}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("replica 0 appears twice in replica group #0"), "{e}");
    }

    #[test]
    fn replica_groups_reject_unequal_sizes_where_the_shape_depends_on_them() {
        let e = err(verify(
            "all_gather",
            &["tensor<2xf32>"],
            "{all_gather_dim = 0 : i64, replica_groups = [array<i64: 0, 1>, array<i64: 2>]}",
            &[],
            &["tensor<4xf32>"],
        ));
        assert!(e.contains("replica group #1 has 1 replicas but group #0 has 2"), "{e}");
        // StableHLO's ragged groups ([[0, 1], [2, -1]]) where the shape does not depend on them.
        verify("cross_replica_sum", &["tensor<2xf32>"], "{replica_groups = [array<i64: 0, 1>, array<i64: 2>]}", &[], &["tensor<2xf32>"]).unwrap();
    }

    #[test]
    fn replica_groups_reject_empty_and_negative_and_non_array_groups() {
        let e = err(verify(
            "cross_replica_sum",
            &["tensor<2xf32>"],
            "{replica_groups = [array<i64>]}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("replica group #0 is empty"), "{e}");
        let e = err(verify(
            "cross_replica_sum",
            &["tensor<2xf32>"],
            "{replica_groups = [array<i64: 0, -1>]}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("negative id -1"), "{e}");
        let e = err(verify("cross_replica_sum", &["tensor<2xf32>"], "{replica_groups = [0, 1]}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("replica group #0 must be an array<i64: ...>"), "{e}");
    }

    #[test]
    fn replica_groups_must_be_an_array_attribute() {
        let e = err(verify(
            "cross_replica_sum",
            &["tensor<2xf32>"],
            "{replica_groups = array<i64: 0, 1>}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("attribute 'replica_groups' must be an array attribute"), "{e}");
    }

    // channel_id / use_global_device_ids (shared)

    #[test]
    fn use_global_device_ids_needs_a_positive_channel_id() {
        let attrs_ok = "{replica_groups = [array<i64: 0, 1>], channel_id = 1 : i64, use_global_device_ids = true}";
        verify("all_reduce", &["tensor<4xi64>"], attrs_ok, &[add("tensor<i64>")], &["tensor<4xi64>"]).unwrap();
        let e = err(verify(
            "all_reduce",
            &["tensor<4xi64>"],
            "{use_global_device_ids = true}",
            &[add("tensor<i64>")],
            &["tensor<4xi64>"],
        ));
        assert!(e.contains("use_global_device_ids = true needs a positive channel_id"), "{e}");
        let e = err(verify(
            "all_gather",
            &["tensor<2xf32>"],
            "{all_gather_dim = 0 : i64, replica_groups = [array<i64: 0, 1>], channel_id = 0 : i64, use_global_device_ids = true}",
            &[],
            &["tensor<4xf32>"],
        ));
        assert!(e.contains("needs a positive channel_id"), "{e}");
    }

    #[test]
    fn channel_id_must_be_non_negative() {
        let e = err(verify(
            "collective_permute",
            &["tensor<2xf32>"],
            "{source_target_pairs = [array<i64: 0, 1>], channel_id = -2 : i64}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("channel_id must be non-negative, got -2"), "{e}");
    }

    // all_reduce

    #[test]
    fn all_reduce_keeps_the_operand_shape_seed_002() {
        // Seed 002: two replicas with f32[2] operands [1.0, 2.5] and [3.0, 5.25] give f32[2].
        assert_eq!(
            infer(
                "all_reduce",
                &["tensor<2xf32>"],
                "{replica_groups = [array<i64: 0, 1>]}",
                &[add("tensor<f32>")],
                &[]
            )
            .unwrap(),
            vec!["tensor<2xf32>"]
        );
    }

    #[test]
    fn all_reduce_of_several_operands_gives_one_result_each_seed_002() {
        // Seed 002: a tuple operand is all-reduced element by element.
        verify(
            "all_reduce",
            &["tensor<2xf32>", "tensor<3x4xf32>"],
            "{}",
            &[add("tensor<f32>")],
            &["tensor<2xf32>", "tensor<3x4xf32>"],
        )
        .unwrap();
    }

    #[test]
    fn all_reduce_rejects_operands_of_different_element_types() {
        let e = err(verify(
            "all_reduce",
            &["tensor<2xf32>", "tensor<2xi32>"],
            "{}",
            &[add("tensor<f32>")],
            &["tensor<2xf32>", "tensor<2xi32>"],
        ));
        assert!(e.contains("operand #1 has element type i32 (S32) but the computation reduces f32 (F32) scalars"), "{e}");
    }

    #[test]
    fn all_reduce_rejects_a_computation_of_the_wrong_type() {
        let e = err(verify("all_reduce", &["tensor<2xf32>"], "{}", &[add("tensor<f64>")], &["tensor<2xf32>"]));
        assert!(e.contains("computation parameter #0 has type tensor<f64> but must be tensor<f32>"), "{e}");
        let e = err(verify(
            "all_reduce",
            &["tensor<2xf32>"],
            "{}",
            &[region(&["tensor<f32>"], &["tensor<f32>"])],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("computation takes 1 parameter(s) but must take 2"), "{e}");
        let e = err(verify(
            "all_reduce",
            &["tensor<2xf32>"],
            "{}",
            &[region(&["tensor<f32>", "tensor<f32>"], &["tensor<i1>"])],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("computation returns tensor<i1> but must return tensor<f32>"), "{e}");
        let e = err(verify(
            "all_reduce",
            &["tensor<2xf32>"],
            "{}",
            &[region(&["tensor<f32>", "tensor<f32>"], &["tensor<f32>", "tensor<f32>"])],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("computation returns 2 value(s) but must return one tensor<f32>"), "{e}");
    }

    #[test]
    fn all_reduce_needs_an_operand_and_its_computation() {
        let e = err(verify("all_reduce", &[], "{}", &[add("tensor<f32>")], &[]));
        assert!(e.contains("all_reduce needs at least one operand"), "{e}");
        let e = err(verify("all_reduce", &["tensor<2xf32>"], "{}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("expected 1 region(s), got 0"), "{e}");
    }

    #[test]
    fn all_reduce_rejects_a_result_of_another_shape() {
        let e = err(verify("all_reduce", &["tensor<2xf32>"], "{}", &[add("tensor<f32>")], &["tensor<3xf32>"]));
        assert!(e.contains("result #0 is declared as tensor<3xf32> but the op produces tensor<2xf32>"), "{e}");
    }

    // cross_replica_sum

    #[test]
    fn cross_replica_sum_keeps_the_operand_shape_seed_001() {
        // Seed 001: two replicas with (1.0, 2.5) and (3.0, 5.1) give a value of the same shape.
        assert_eq!(infer("cross_replica_sum", &["tensor<2xf32>"], "{}", &[], &[]).unwrap(), vec!["tensor<2xf32>"]);
        verify(
            "cross_replica_sum",
            &["tensor<2x3xi32>"],
            "{replica_groups = [array<i64: 0, 1>]}",
            &[],
            &["tensor<2x3xi32>"],
        )
        .unwrap();
    }

    #[test]
    fn cross_replica_sum_rejects_a_result_of_another_type() {
        let e = err(verify("cross_replica_sum", &["tensor<2xf32>"], "{}", &[], &["tensor<2xf64>"]));
        assert!(e.contains("declared as tensor<2xf64> but the op produces tensor<2xf32>"), "{e}");
    }

    // all_gather

    #[test]
    fn all_gather_grows_the_dimension_by_the_group_size_seed_002() {
        // Seed 002: two replicas with f32[2] operands gather along dimension 0 into f32[4].
        assert_eq!(
            infer("all_gather", &["tensor<2xf32>"], "{all_gather_dim = 0 : i64, replica_groups = [array<i64: 0, 1>]}", &[], &[])
                .unwrap(),
            vec!["tensor<4xf32>"]
        );
        verify(
            "all_gather",
            &["tensor<2x2xi64>"],
            "{all_gather_dim = 1 : i64, replica_groups = [array<i64: 0, 2>, array<i64: 1, 3>]}",
            &[],
            &["tensor<2x4xi64>"],
        )
        .unwrap();
    }

    #[test]
    fn all_gather_without_groups_reads_the_factor_from_the_result() {
        verify("all_gather", &["tensor<2x3xf32>"], "{all_gather_dim = 0 : i64}", &[], &["tensor<8x3xf32>"]).unwrap();
        let e = infer("all_gather", &["tensor<2x3xf32>"], "{all_gather_dim = 0 : i64}", &[], &[]).unwrap_err();
        assert!(e.contains("without replica_groups the group size is unknown"), "{e}");
    }

    #[test]
    fn all_gather_rejects_a_result_not_a_multiple_of_the_operand() {
        let e = err(verify("all_gather", &["tensor<2x3xf32>"], "{all_gather_dim = 0 : i64}", &[], &["tensor<5x3xf32>"]));
        assert!(e.contains("result dimension 0 has size 5 but must be a multiple of the operand's size 2"), "{e}");
    }

    #[test]
    fn all_gather_rejects_a_result_disagreeing_with_the_group_size() {
        let e = err(verify(
            "all_gather",
            &["tensor<2x3xf32>"],
            "{all_gather_dim = 1 : i64, replica_groups = [array<i64: 0, 1, 2>]}",
            &[],
            &["tensor<2x6xf32>"],
        ));
        assert!(e.contains("result dimension 1 has size 6 but must be 9 (operand size 3 times group size 3)"), "{e}");
    }

    #[test]
    fn all_gather_rejects_changes_outside_the_gather_dimension() {
        let e = err(verify("all_gather", &["tensor<2x3xf32>"], "{all_gather_dim = 0 : i64}", &[], &["tensor<4x4xf32>"]));
        assert!(e.contains("result dimension 1 has size 4 but operand dimension 1 has size 3"), "{e}");
        let e = err(verify("all_gather", &["tensor<2x3xf32>"], "{all_gather_dim = 0 : i64}", &[], &["tensor<4x3xf16>"]));
        assert!(e.contains("result has element type f16 (F16) but the operand has f32 (F32)"), "{e}");
        let e = err(verify("all_gather", &["tensor<2x3xf32>"], "{all_gather_dim = 0 : i64}", &[], &["tensor<4x3x1xf32>"]));
        assert!(e.contains("result has rank 3 but the operand has rank 2"), "{e}");
    }

    #[test]
    fn all_gather_rejects_an_out_of_range_dimension() {
        let e = err(verify("all_gather", &["tensor<2x3xf32>"], "{all_gather_dim = 2 : i64}", &[], &["tensor<2x3xf32>"]));
        assert!(e.contains("all_gather_dim 2 is out of range for an operand of rank 2"), "{e}");
        let e = err(verify("all_gather", &["tensor<2x3xf32>"], "{}", &[], &["tensor<2x3xf32>"]));
        assert!(e.contains("missing required attribute 'all_gather_dim'"), "{e}");
    }

    // all_to_all

    #[test]
    fn all_to_all_splits_and_concatenates_seed_002() {
        // Seed 002: f32[4,16], split_dimension 1, concat_dimension 0, split_count 4 gives f32[16,4].
        assert_eq!(
            infer(
                "all_to_all",
                &["tensor<4x16xf32>"],
                "{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64}",
                &[],
                &[]
            )
            .unwrap(),
            vec!["tensor<16x4xf32>"]
        );
    }

    #[test]
    fn all_to_all_accepts_the_seed_002_replica_groups() {
        // Seed 002: replica_groups = {{1,2,3}, {4,5,0}}: two groups of three.
        verify(
            "all_to_all",
            &["tensor<3x6xf32>"],
            "{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 3 : i64, \
              replica_groups = [array<i64: 1, 2, 3>, array<i64: 4, 5, 0>]}",
            &[],
            &["tensor<9x2xf32>"],
        )
        .unwrap();
    }

    #[test]
    fn all_to_all_with_equal_split_and_concat_dimensions_keeps_the_shape() {
        verify(
            "all_to_all",
            &["tensor<4x8xi32>"],
            "{split_dimension = 1 : i64, concat_dimension = 1 : i64, split_count = 2 : i64}",
            &[],
            &["tensor<4x8xi32>"],
        )
        .unwrap();
    }

    #[test]
    fn all_to_all_rejects_a_split_dimension_the_count_does_not_divide() {
        let e = err(verify(
            "all_to_all",
            &["tensor<4x6xf32>"],
            "{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64}",
            &[],
            &["tensor<16x1xf32>"],
        ));
        assert!(e.contains("split_dimension 1 has size 6 which split_count 4 does not divide"), "{e}");
    }

    #[test]
    fn all_to_all_rejects_a_split_count_differing_from_the_group_size() {
        let e = err(verify(
            "all_to_all",
            &["tensor<4x16xf32>"],
            "{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, \
              replica_groups = [array<i64: 0, 1>]}",
            &[],
            &["tensor<16x4xf32>"],
        ));
        assert!(e.contains("split_count is 4 but each replica group has 2 replicas"), "{e}");
    }

    #[test]
    fn all_to_all_rejects_bad_dimensions_and_counts() {
        let e = err(verify(
            "all_to_all",
            &["tensor<4x16xf32>"],
            "{split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 4 : i64}",
            &[],
            &["tensor<16x4xf32>"],
        ));
        assert!(e.contains("split_dimension 2 is out of range"), "{e}");
        let e = err(verify(
            "all_to_all",
            &["tensor<4x16xf32>"],
            "{split_dimension = 1 : i64, concat_dimension = -1 : i64, split_count = 4 : i64}",
            &[],
            &["tensor<16x4xf32>"],
        ));
        assert!(e.contains("concat_dimension -1 is out of range"), "{e}");
        let e = err(verify(
            "all_to_all",
            &["tensor<4x16xf32>"],
            "{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64}",
            &[],
            &["tensor<4x16xf32>"],
        ));
        assert!(e.contains("split_count must be positive, got 0"), "{e}");
    }

    #[test]
    fn all_to_all_rejects_a_wrong_declared_result() {
        let e = err(verify(
            "all_to_all",
            &["tensor<4x16xf32>"],
            "{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64}",
            &[],
            &["tensor<4x16xf32>"],
        ));
        assert!(e.contains("but the op produces tensor<16x4xf32>"), "{e}");
    }

    // reduce_scatter

    #[test]
    fn reduce_scatter_shrinks_the_dimension_by_the_group_size_seed_002() {
        // Seed 002: two replicas with f32[2] operands, scatter_dimension 0: each keeps f32[1].
        assert_eq!(
            infer(
                "reduce_scatter",
                &["tensor<2xf32>"],
                "{scatter_dimension = 0 : i64, replica_groups = [array<i64: 0, 1>]}",
                &[add("tensor<f32>")],
                &[]
            )
            .unwrap(),
            vec!["tensor<1xf32>"]
        );
    }

    #[test]
    fn reduce_scatter_without_groups_reads_the_factor_from_the_result() {
        verify(
            "reduce_scatter",
            &["tensor<3x8xi32>"],
            "{scatter_dimension = 1 : i64}",
            &[add("tensor<i32>")],
            &["tensor<3x2xi32>"],
        )
        .unwrap();
        let e = err(verify(
            "reduce_scatter",
            &["tensor<3x8xi32>"],
            "{scatter_dimension = 1 : i64}",
            &[add("tensor<i32>")],
            &["tensor<3x3xi32>"],
        ));
        assert!(e.contains("result dimension 1 has size 3 but must be a divisor of the operand's size 8"), "{e}");
    }

    #[test]
    fn reduce_scatter_rejects_a_dimension_the_group_size_does_not_divide() {
        let e = err(verify(
            "reduce_scatter",
            &["tensor<3xf32>"],
            "{scatter_dimension = 0 : i64, replica_groups = [array<i64: 0, 1>]}",
            &[add("tensor<f32>")],
            &["tensor<1xf32>"],
        ));
        assert!(e.contains("scatter_dimension 0 of the operand has size 3, which the group size 2 does not divide"), "{e}");
    }

    #[test]
    fn reduce_scatter_rejects_a_result_disagreeing_with_the_group_size() {
        let e = err(verify(
            "reduce_scatter",
            &["tensor<8xf32>"],
            "{scatter_dimension = 0 : i64, replica_groups = [array<i64: 0, 1>, array<i64: 2, 3>]}",
            &[add("tensor<f32>")],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("result dimension 0 has size 2 but must be 4 (operand size 8 divided by group size 2)"), "{e}");
    }

    #[test]
    fn reduce_scatter_checks_its_computation_and_dimension() {
        let e = err(verify(
            "reduce_scatter",
            &["tensor<8xf32>"],
            "{scatter_dimension = 0 : i64}",
            &[add("tensor<i32>")],
            &["tensor<4xf32>"],
        ));
        assert!(e.contains("computation parameter #0 has type tensor<i32> but must be tensor<f32>"), "{e}");
        let e = err(verify(
            "reduce_scatter",
            &["tensor<8xf32>"],
            "{scatter_dimension = 1 : i64}",
            &[add("tensor<f32>")],
            &["tensor<4xf32>"],
        ));
        assert!(e.contains("scatter_dimension 1 is out of range for an operand of rank 1"), "{e}");
    }

    // collective_permute

    #[test]
    fn collective_permute_keeps_the_operand_shape() {
        assert_eq!(
            infer(
                "collective_permute",
                &["tensor<2x2xi64>"],
                "{source_target_pairs = [array<i64: 0, 1>, array<i64: 1, 2>, array<i64: 3, 3>, array<i64: 4, 4>]}",
                &[],
                &[]
            )
            .unwrap(),
            vec!["tensor<2x2xi64>"]
        );
    }

    #[test]
    fn collective_permute_rejects_a_repeated_target_seed_002() {
        // Seed 002: no two pairs may have the same target replica id.
        let e = err(verify(
            "collective_permute",
            &["tensor<2xf32>"],
            "{source_target_pairs = [array<i64: 0, 1>, array<i64: 2, 1>]}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("replica 1 is the target of pairs #0 and #1; targets must be distinct"), "{e}");
    }

    #[test]
    fn collective_permute_rejects_a_repeated_source_seed_002() {
        // Seed 002: no two pairs may have the same source replica id.
        let e = err(verify(
            "collective_permute",
            &["tensor<2xf32>"],
            "{source_target_pairs = [array<i64: 0, 1>, array<i64: 0, 2>]}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("replica 0 is the source of pairs #0 and #1; sources must be distinct"), "{e}");
    }

    #[test]
    fn collective_permute_rejects_malformed_pairs() {
        let e = err(verify(
            "collective_permute",
            &["tensor<2xf32>"],
            "{source_target_pairs = [array<i64: 0, 1, 2>]}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("source_target_pairs #0 must be array<i64: source, target>"), "{e}");
        let e = err(verify(
            "collective_permute",
            &["tensor<2xf32>"],
            "{source_target_pairs = [array<i64: -1, 1>]}",
            &[],
            &["tensor<2xf32>"],
        ));
        assert!(e.contains("negative replica id"), "{e}");
        let e = err(verify("collective_permute", &["tensor<2xf32>"], "{}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("missing required attribute 'source_target_pairs'"), "{e}");
    }

    #[test]
    fn collective_permute_rejects_a_result_of_another_type() {
        let e = err(verify(
            "collective_permute",
            &["tensor<2xf32>"],
            "{source_target_pairs = [array<i64: 0, 1>]}",
            &[],
            &["tensor<3xf32>"],
        ));
        assert!(e.contains("declared as tensor<3xf32> but the op produces tensor<2xf32>"), "{e}");
    }

    // replica_id, partition_id

    #[test]
    fn replica_id_and_partition_id_give_a_u32_scalar_seed_002() {
        // Seed 002: ReplicaId returns the replica's unique id as a U32 scalar.
        for op in ["replica_id", "partition_id"] {
            assert_eq!(infer(op, &[], "{}", &[], &[]).unwrap(), vec!["tensor<ui32>"], "{op}");
            verify(op, &[], "{}", &[], &["tensor<ui32>"]).unwrap();
        }
    }

    #[test]
    fn replica_id_and_partition_id_reject_other_result_types_and_operands() {
        for op in ["replica_id", "partition_id"] {
            let e = err(verify(op, &[], "{}", &[], &["tensor<i32>"]));
            assert!(e.contains("declared as tensor<i32> but the op produces tensor<ui32>"), "{op}: {e}");
            let e = err(verify(op, &["tensor<ui32>"], "{}", &[], &["tensor<ui32>"]));
            assert!(e.contains("expected 0 operands, got 1"), "{op}: {e}");
        }
    }
}

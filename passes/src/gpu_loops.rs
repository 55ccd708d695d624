//! How bufferized loops reach the GPU grid. Two text-to-text passes of the GPU pipelines:
//!
//! - `xhlo-gpu-parallel-dims-outer` reorders every `linalg.generic`'s loops so its parallel
//!   dimensions come first and its reductions last. The CPU lowering puts reductions outside
//!   parallel dimensions where that vectorizes (a dot is `(i, k, j)`), and
//!   `convert-linalg-to-parallel-loops` makes only the leading parallel dimensions parallel:
//!   on the GPU, a dot would get one thread per row. Reductions keep their relative order, so
//!   every result is bit-identical.
//! - `xhlo-gpu-map-loops` gives each top-level parallel loop nest of a host function one
//!   thread per iteration: the iterations are numbered row-major (the innermost dimension
//!   fastest, so neighbouring threads touch neighbouring elements), split into blocks of
//!   `threads`, and each thread recovers its indices from its number. What is left on the
//!   host that computes (a 0-d op, a sequential loop, a `memref.copy`) runs in a kernel too:
//!   copies as parallel loops, the rest in one single-thread kernel per run of such ops, so a
//!   bundle's host program is only allocations, views, constants and launches. The loops
//!   come out as two nested `scf.parallel` (blocks, threads) for `gpu-map-parallel-loops`
//!   and `convert-parallel-loops-to-gpu`.

use crate::lowering::rewrite_module_text;
use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use mlir_text::ast::{Attribute, Block, File, Op, Region, Type, ValueRef};
use mlir_text::error::Pos;
use mlir_text::memref::MemRefType;
use melior::ir::OperationRef;
use std::collections::{HashMap, HashSet};

#[derive(Clone, Default)]
pub struct ParallelDimsOuter;

impl XhloPass for ParallelDimsOuter {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-gpu-parallel-dims-outer",
        summary: "Reorder each linalg.generic's loops: parallel dimensions first, reductions last (in their order), so every parallel dimension maps to GPU threads",
        options: &[],
    };

    fn from_options(_: &PassOptions) -> Result<Self, String> {
        Ok(ParallelDimsOuter)
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        rewrite_module_text(op, |text, file| {
            let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file))?;
            let mut changed = false;
            for op in &mut parsed.ops {
                walk_mut(op, &mut |op| changed |= parallel_dims_outer(op));
            }
            Ok(changed.then(|| mlir_text::print::print_file(&parsed, file)))
        })
    }
}

fn walk_mut(op: &mut Op, f: &mut impl FnMut(&mut Op)) {
    f(op);
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                walk_mut(o, f);
            }
        }
    }
}

/// Reorders one `linalg.generic`'s loops (parallel first); whether it changed anything.
fn parallel_dims_outer(op: &mut Op) -> bool {
    if op.name != "linalg.generic" {
        return false;
    }
    let Some(Attribute::Array(iterators)) = op.attr("iterator_types").cloned() else { return false };
    let reduction: Vec<bool> = iterators.iter().map(|a| matches!(a, Attribute::Dialect { body, .. } if body == "reduction")).collect();
    let order: Vec<usize> = (0..reduction.len()).filter(|&d| !reduction[d]).chain((0..reduction.len()).filter(|&d| reduction[d])).collect();
    if order.iter().enumerate().all(|(i, &d)| i == d) {
        return false;
    }
    let mut new_position = vec![0; order.len()];
    for (new, &old) in order.iter().enumerate() {
        new_position[old] = new;
    }
    for (key, value) in op.properties.iter_mut().chain(op.attrs.iter_mut()) {
        match (key.as_str(), value) {
            ("iterator_types", Attribute::Array(items)) => *items = order.iter().map(|&d| iterators[d].clone()).collect(),
            ("indexing_maps", Attribute::Array(maps)) => {
                for m in maps {
                    if let Attribute::Other(text) = m {
                        *text = renumber_dims(text, &new_position);
                    }
                }
            }
            _ => {}
        }
    }
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                renumber_indices(o, &new_position);
            }
        }
    }
    true
}

/// Renumbers the `linalg.index` ops of a generic's body, those nested in its `scf.if`s and
/// loops too (a fused epilogue reads the loop index inside one), but not those of a nested
/// generic, which name its own loops.
fn renumber_indices(op: &mut Op, new_position: &[usize]) {
    if op.name == "linalg.generic" {
        return;
    }
    if op.name == "linalg.index" {
        for (key, value) in op.properties.iter_mut().chain(op.attrs.iter_mut()) {
            if let ("dim", Attribute::Int(dim, _)) = (key.as_str(), value) {
                if let Some(&p) = dim.parse::<usize>().ok().and_then(|d| new_position.get(d)) {
                    *dim = p.to_string();
                }
            }
        }
    }
    for r in &mut op.regions {
        for b in &mut r.blocks {
            for o in &mut b.ops {
                renumber_indices(o, new_position);
            }
        }
    }
}

/// `affine_map<(d0, d1, d2) -> (d0, d2)>` with each result's `dK` renamed to
/// `d{new_position[K]}` (the dimension list itself stays `d0..dn`).
fn renumber_dims(map: &str, new_position: &[usize]) -> String {
    let Some(arrow) = map.find("->") else { return map.to_string() };
    let (head, tail) = map.split_at(arrow);
    format!("{head}{}", crate::affine_text::substitute(tail, |d| format!("d{}", new_position.get(d).copied().unwrap_or(d))))
}

#[derive(Clone)]
pub struct MapLoops {
    /// Threads per block.
    pub threads: i64,
}

impl XhloPass for MapLoops {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-gpu-map-loops",
        summary: "Give each top-level parallel loop nest of a host function one GPU thread per iteration (blocks of `threads`), and put what else computes on the host in kernels",
        options: &[PassOption { name: "threads", default: "256", help: "threads per block" }],
    };

    fn from_options(o: &PassOptions) -> Result<Self, String> {
        let threads: i64 = o.get_parsed(&Self::INFO, "threads")?;
        if !(1..=1024).contains(&threads) {
            return Err(format!("xhlo-gpu-map-loops: threads={threads} is not in 1..=1024"));
        }
        Ok(MapLoops { threads })
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        let threads = self.threads;
        rewrite_module_text(op, |text, file| {
            let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file))?;
            map_file(&mut parsed, threads).map_err(|e| format!("{file}:{e}"))?;
            Ok(Some(mlir_text::print::print_file(&parsed, file)))
        })
    }
}

/// Maps the host functions of a module (its public `func.func`s: private ones are callees,
/// which run inside kernels).
fn map_file(file: &mut File, threads: i64) -> Result<(), String> {
    let mut names = Names::default();
    for module in &mut file.ops {
        for region in &mut module.regions {
            for block in &mut region.blocks {
                for func in &mut block.ops {
                    let private = matches!(func.attr("sym_visibility"), Some(Attribute::Str(v)) if v == "private");
                    // A function still on tensors is not at the loop stage yet: nothing to map.
                    let on_tensors = matches!(func.attr("function_type"), Some(Attribute::Type(Type::Function { inputs, results })) if inputs.iter().chain(results).any(Type::is_tensor));
                    if func.name != "func.func" || private || on_tensors || func.regions.is_empty() {
                        continue;
                    }
                    if func.regions[0].blocks.len() > 1 {
                        return Err(format!("{}: unsupported on the GPU path: a host function with several blocks", func.pos));
                    }
                    if let Some(body) = func.regions[0].blocks.first_mut() {
                        body.ops = map_body(std::mem::take(&mut body.ops), threads, &mut names)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Fresh value names (printed MLIR names values with numbers and words, never `gmN`).
#[derive(Default)]
struct Names(usize);

impl Names {
    fn fresh(&mut self) -> String {
        self.0 += 1;
        format!("gm{}", self.0)
    }
}

/// Host ops that allocate or name memory, or are constants; with [`VIEW_OPS`], what stays on
/// the host.
const HOST_OPS: &[&str] = &["arith.constant", "memref.alloc", "memref.alloca", "memref.get_global"];

/// Host ops that only view memory (no data moves): a bundle's launch plan reads each as a
/// view of its source's buffer.
pub const VIEW_OPS: &[&str] = &["memref.expand_shape", "memref.collapse_shape", "memref.subview", "memref.reinterpret_cast", "memref.cast"];

/// A value a single-thread kernel computes and the function returns (a loop's result: a
/// buffer the kernel allocated) is copied, at the kernel's end, into a buffer the host
/// allocates, which the function returns instead. Returns that buffer's name.
fn export(value: &ValueRef, ty: &Type, pos: Pos, group: &mut Vec<Op>, out: &mut Vec<Op>, names: &mut Names) -> Result<String, String> {
    let static_type = memref(ty).filter(|m| m.static_dims().is_some() && m.static_layout().is_some_and(|(o, _)| o == 0));
    if static_type.is_none() {
        return Err(format!("{pos}: unsupported on the GPU path: a result computed on the device has type {}", mlir_text::print::type_to_string(ty)));
    }
    let fresh = names.fresh();
    out.push(alloc(&fresh, ty, pos));
    let mut copy = Op::new("memref.copy", pos);
    copy.operands = vec![value.clone(), ValueRef(fresh.clone())];
    copy.operand_types = vec![ty.clone(), ty.clone()];
    match copy_as_parallel(&copy, names) {
        Some((parallel, bounds)) => {
            // The loop runs inside the kernel (sequentially); its bounds are host constants.
            out.extend(bounds);
            group.push(parallel);
        }
        None => group.extend(scalar_copy(&copy, names)),
    }
    Ok(fresh)
}

/// A 0-d `memref.copy` as a load and a store.
fn scalar_copy(copy: &Op, names: &mut Names) -> Vec<Op> {
    let element = element_type(&copy.operand_types[0]).unwrap_or(Type::None);
    let value = names.fresh();
    let mut load = Op::new("memref.load", copy.pos);
    load.results = vec![(value.clone(), 1)];
    load.operands = vec![copy.operands[0].clone()];
    load.operand_types = vec![copy.operand_types[0].clone()];
    load.result_types = vec![element.clone()];
    let mut store = Op::new("memref.store", copy.pos);
    store.operands = vec![ValueRef(value), copy.operands[1].clone()];
    store.operand_types = vec![element, copy.operand_types[1].clone()];
    vec![load, store]
}

fn memref(t: &Type) -> Option<MemRefType> {
    match t {
        Type::Other(s) => MemRefType::parse(s),
        _ => None,
    }
}

/// A memref type's element type.
fn element_type(t: &Type) -> Option<Type> {
    let m = memref(t)?;
    Some(mlir_text::parser::scalar_type(&m.element).unwrap_or(Type::Other(m.element)))
}

fn base(v: &ValueRef) -> &str {
    v.0.split('#').next().unwrap_or(&v.0)
}

/// Every value `op` and the ops nested in it use.
fn uses(op: &Op, out: &mut Vec<String>) {
    out.extend(op.operands.iter().map(|v| base(v).to_string()));
    for r in &op.regions {
        for b in &r.blocks {
            for o in &b.ops {
                uses(o, out);
            }
        }
    }
}

fn result_names(op: &Op) -> impl Iterator<Item = String> + '_ {
    op.results.iter().map(|(n, _)| n.clone())
}

/// The host function being rewritten: what is emitted so far and the open run of ops
/// that will become a single-thread kernel.
struct HostBody<'n> {
    out: Vec<Op>,
    group: Vec<Op>,
    /// Values the open run defines.
    group_defs: HashSet<String>,
    /// Values earlier kernels defined (runs already emitted).
    device_defs: HashSet<String>,
    /// The function's results, and the host buffers that replace those a kernel computes.
    returned: HashSet<String>,
    renamed: HashMap<String, String>,
    names: &'n mut Names,
}

impl HostBody<'_> {
    /// Emits the open run as a single-thread kernel; results the function returns are copied
    /// into host-allocated buffers at its end.
    fn flush(&mut self) -> Result<(), String> {
        if self.group.is_empty() {
            return Ok(());
        }
        let exported: Vec<(ValueRef, Type, Pos)> = self
            .group
            .iter()
            .flat_map(|op| op.result_refs().into_iter().zip(op.result_types.clone()).map(move |(v, t)| (v, t, op.pos)))
            .filter(|(v, _, _)| self.returned.contains(&v.0))
            .collect();
        for (value, ty, pos) in exported {
            let host = export(&value, &ty, pos, &mut self.group, &mut self.out, self.names)?;
            self.renamed.insert(value.0, host);
        }
        let ops = std::mem::take(&mut self.group);
        self.device_defs.extend(self.group_defs.drain());
        let pos = ops[0].pos;
        self.out.extend(grid(1, 1, pos, self.names, |_, _| ops));
        Ok(())
    }
}

fn map_body(ops: Vec<Op>, threads: i64, names: &mut Names) -> Result<Vec<Op>, String> {
    let mut constants: HashMap<String, i64> = HashMap::new();
    let mut globals: HashSet<String> = HashSet::new();
    let returned = ops.iter().filter(|o| o.name == "func.return").flat_map(|o| o.operands.iter().map(|v| v.0.clone())).collect();
    let mut body = HostBody { out: Vec::new(), group: Vec::new(), group_defs: HashSet::new(), device_defs: HashSet::new(), returned, renamed: HashMap::new(), names };
    for mut op in ops {
        // Buffers live as long as the program: a bundle's runtime frees them at its end.
        if op.name == "memref.dealloc" {
            continue;
        }
        let mut used = Vec::new();
        uses(&op, &mut used);
        let in_group = used.iter().any(|u| body.group_defs.contains(u));
        let on_device = used.iter().any(|u| body.device_defs.contains(u));
        let view = VIEW_OPS.contains(&op.name.as_str());
        let host = view
            || HOST_OPS.contains(&op.name.as_str())
            || (op.name == "memref.load" && op.operands.first().is_some_and(|m| globals.contains(base(m))));
        if op.name == "func.return" {
            body.flush()?;
            for v in &mut op.operands {
                if let Some(host) = body.renamed.get(&v.0) {
                    *v = ValueRef(host.clone());
                }
            }
            body.out.push(op);
            continue;
        }
        if host && !in_group && !on_device {
            record_constants(std::slice::from_ref(&op), &mut constants);
            if op.name == "memref.get_global" {
                globals.extend(result_names(&op));
            }
            body.out.push(op);
            continue;
        }
        if host && !view {
            return Err(format!("{}: unsupported on the GPU path: the host op {} uses a value computed on the device", op.pos, op.name));
        }
        if !in_group && !on_device {
            if op.name == "gpu.launch" {
                // A kernel written for the GPU already (a tiled dot): it stays as it is.
                body.flush()?;
                body.out.push(op);
                continue;
            }
            if op.name == "scf.parallel" && op.results.is_empty() {
                body.flush()?;
                let mapped = map_parallel(op, &constants, threads, body.names)?;
                body.out.extend(mapped);
                continue;
            }
            if op.name == "memref.copy" {
                if let Some((parallel, bounds)) = copy_as_parallel(&op, body.names) {
                    body.flush()?;
                    record_constants(&bounds, &mut constants);
                    body.out.extend(bounds);
                    let mapped = map_parallel(parallel, &constants, threads, body.names)?;
                    body.out.extend(mapped);
                    continue;
                }
            }
        }
        // Everything else, and whatever uses what a kernel computed (a view of a device
        // buffer included), runs in the open single-thread kernel.
        body.group_defs.extend(result_names(&op));
        body.group.push(op);
    }
    body.flush()?;
    Ok(body.out)
}

/// The integer values of the `arith.constant`s among `ops`, by name.
fn record_constants(ops: &[Op], constants: &mut HashMap<String, i64>) {
    for op in ops.iter().filter(|o| o.name == "arith.constant") {
        if let (Some((name, _)), Some(Attribute::Int(v, _))) = (op.results.first(), op.attr("value")) {
            if let Ok(v) = v.parse::<i64>() {
                constants.insert(name.clone(), v);
            }
        }
    }
}

/// `%name = memref.alloc() : ty`.
pub(crate) fn alloc(name: &str, ty: &Type, pos: Pos) -> Op {
    let mut alloc = Op::new("memref.alloc", pos);
    alloc.results = vec![(name.to_string(), 1)];
    alloc.properties = vec![("operandSegmentSizes".into(), Attribute::DenseArray(Type::Integer { width: 32, signedness: "" }, vec!["0".into(), "0".into()]))];
    alloc.result_types = vec![ty.clone()];
    alloc
}

fn index_constant(name: &str, value: i64, pos: Pos) -> Op {
    let mut c = Op::new("arith.constant", pos);
    c.results = vec![(name.to_string(), 1)];
    c.properties = vec![("value".into(), Attribute::Int(value.to_string(), Type::Index))];
    c.result_types = vec![Type::Index];
    c
}

fn binary(name: &str, op: &str, a: &str, b: &str, pos: Pos) -> Op {
    let mut o = Op::new(op, pos);
    o.results = vec![(name.to_string(), 1)];
    o.operands = vec![ValueRef(a.into()), ValueRef(b.into())];
    o.operand_types = vec![Type::Index, Type::Index];
    o.result_types = vec![Type::Index];
    o
}

fn terminator(name: &str, pos: Pos) -> Op {
    Op::new(name, pos)
}

/// `scf.parallel (%iv) = (%lb) to (%ub) step (%step) { ops; scf.reduce }`.
fn parallel_1d(iv: &str, lb: &str, ub: &str, step: &str, mut ops: Vec<Op>, pos: Pos) -> Op {
    let mut p = Op::new("scf.parallel", pos);
    p.operands = [lb, ub, step].iter().map(|v| ValueRef(v.to_string())).collect();
    p.operand_types = vec![Type::Index; 3];
    p.properties = vec![("operandSegmentSizes".into(), Attribute::DenseArray(Type::Integer { width: 32, signedness: "" }, ["1", "1", "1", "0"].map(String::from).to_vec()))];
    ops.push(terminator("scf.reduce", pos));
    p.regions = vec![Region { blocks: vec![Block { label: None, args: vec![(ValueRef(iv.into()), Type::Index)], ops }] }];
    p
}

/// `blocks` x `threads` threads running `body(linear thread number)`: two nested parallel
/// loops, mapped to the grid and the block by `gpu-map-parallel-loops`.
fn grid(blocks: i64, threads: i64, pos: Pos, names: &mut Names, body: impl FnOnce(&str, &mut Names) -> Vec<Op>) -> Vec<Op> {
    let (c0, c1, cb, ct) = (names.fresh(), names.fresh(), names.fresh(), names.fresh());
    let (b, t, scaled, linear) = (names.fresh(), names.fresh(), names.fresh(), names.fresh());
    let mut inner = vec![binary(&scaled, "arith.muli", &b, &ct, pos), binary(&linear, "arith.addi", &scaled, &t, pos)];
    inner.extend(body(&linear, names));
    let threads_loop = parallel_1d(&t, &c0, &ct, &c1, inner, pos);
    vec![
        index_constant(&c0, 0, pos),
        index_constant(&c1, 1, pos),
        index_constant(&cb, blocks, pos),
        index_constant(&ct, threads, pos),
        parallel_1d(&b, &c0, &cb, &c1, vec![threads_loop], pos),
    ]
}

/// One thread per iteration of a top-level `scf.parallel` with constant bounds.
fn map_parallel(op: Op, constants: &HashMap<String, i64>, threads: i64, names: &mut Names) -> Result<Vec<Op>, String> {
    let rank = op.regions.first().and_then(|r| r.blocks.first()).map_or(0, |b| b.args.len());
    let constant = |v: &ValueRef| constants.get(base(v)).copied();
    let bounds: Option<Vec<i64>> = op.operands.iter().take(3 * rank).map(constant).collect();
    let Some(bounds) = bounds else {
        return Err(format!("{}: unsupported on the GPU path: a parallel loop whose bounds are known only at run time", op.pos));
    };
    let (lbs, ubs, steps) = (&bounds[..rank], &bounds[rank..2 * rank], &bounds[2 * rank..]);
    let counts: Vec<i64> = (0..rank).map(|d| if ubs[d] <= lbs[d] { 0 } else { (ubs[d] - lbs[d] + steps[d] - 1) / steps[d] }).collect();
    let total: i64 = counts.iter().product();
    if total == 0 {
        return Ok(vec![]);
    }
    let pos = op.pos;
    let mut block = op.regions.into_iter().next().and_then(|r| r.blocks.into_iter().next()).unwrap_or_default();
    block.ops.retain(|o| o.name != "scf.reduce");
    let per_block = threads.min(total);
    let blocks = (total + per_block - 1) / per_block;
    let exact = total % per_block == 0;
    let args = block.args;
    let body_ops = block.ops;
    Ok(grid(blocks, per_block, pos, names, move |linear, names| {
        let mut ops = Vec::new();
        let mut stride = 1;
        let mut strides = vec![0; rank];
        for d in (0..rank).rev() {
            strides[d] = stride;
            stride *= counts[d];
        }
        for d in 0..rank {
            // index_d = (linear / stride_d) % count_d; iv_d = lb_d + index_d * step_d
            let mut value = linear.to_string();
            if strides[d] != 1 {
                let (c, q) = (names.fresh(), names.fresh());
                ops.push(index_constant(&c, strides[d], pos));
                ops.push(binary(&q, "arith.divui", &value, &c, pos));
                value = q;
            }
            if d > 0 {
                let (c, r) = (names.fresh(), names.fresh());
                ops.push(index_constant(&c, counts[d], pos));
                ops.push(binary(&r, "arith.remui", &value, &c, pos));
                value = r;
            }
            if steps[d] != 1 {
                let (c, s) = (names.fresh(), names.fresh());
                ops.push(index_constant(&c, steps[d], pos));
                ops.push(binary(&s, "arith.muli", &value, &c, pos));
                value = s;
            }
            let c = names.fresh();
            ops.push(index_constant(&c, lbs[d], pos));
            ops.push(binary(&args[d].0 .0, "arith.addi", &value, &c, pos));
        }
        ops.extend(body_ops);
        if exact {
            return ops;
        }
        let (n, inside) = (names.fresh(), names.fresh());
        let mut cmp = Op::new("arith.cmpi", pos);
        cmp.results = vec![(inside.clone(), 1)];
        cmp.operands = vec![ValueRef(linear.to_string()), ValueRef(n.clone())];
        cmp.operand_types = vec![Type::Index, Type::Index];
        cmp.result_types = vec![Type::Integer { width: 1, signedness: "" }];
        cmp.properties = vec![("predicate".into(), Attribute::Int("6".into(), Type::Integer { width: 64, signedness: "" }))];
        let mut guard = Op::new("scf.if", pos);
        guard.operands = vec![ValueRef(inside)];
        guard.operand_types = vec![Type::Integer { width: 1, signedness: "" }];
        ops.push(terminator("scf.yield", pos));
        guard.regions = vec![Region { blocks: vec![Block { label: None, args: vec![], ops }] }, Region::default()];
        vec![index_constant(&n, total, pos), cmp, guard]
    }))
}

/// `memref.copy %src, %dst` of a static shape as a parallel loop of loads and stores, and
/// the constants its bounds name; `None` for a 0-d copy (it runs in a single-thread kernel).
fn copy_as_parallel(op: &Op, names: &mut Names) -> Option<(Op, Vec<Op>)> {
    let (src_ty, dst_ty) = (op.operand_types.first()?, op.operand_types.get(1)?);
    let dims = memref(src_ty)?.static_dims()?;
    let element = element_type(src_ty)?;
    if dims.is_empty() {
        return None;
    }
    let pos = op.pos;
    let (c0, c1) = (names.fresh(), names.fresh());
    let mut constants = vec![index_constant(&c0, 0, pos), index_constant(&c1, 1, pos)];
    let ubs: Vec<String> = dims
        .iter()
        .map(|&d| {
            let n = names.fresh();
            constants.push(index_constant(&n, d, pos));
            n
        })
        .collect();
    let ivs: Vec<String> = dims.iter().map(|_| names.fresh()).collect();
    let value = names.fresh();
    let mut load = Op::new("memref.load", pos);
    load.results = vec![(value.clone(), 1)];
    load.operands = std::iter::once(op.operands[0].clone()).chain(ivs.iter().map(|v| ValueRef(v.clone()))).collect();
    load.operand_types = std::iter::once(src_ty.clone()).chain(ivs.iter().map(|_| Type::Index)).collect();
    load.result_types = vec![element.clone()];
    let mut store = Op::new("memref.store", pos);
    store.operands = [ValueRef(value), op.operands[1].clone()].into_iter().chain(ivs.iter().map(|v| ValueRef(v.clone()))).collect();
    store.operand_types = [element, dst_ty.clone()].into_iter().chain(ivs.iter().map(|_| Type::Index)).collect();
    let mut p = Op::new("scf.parallel", pos);
    let rank = dims.len();
    p.operands = std::iter::repeat_n(c0, rank).chain(ubs).chain(std::iter::repeat_n(c1, rank)).map(ValueRef).collect();
    p.operand_types = vec![Type::Index; 3 * rank];
    let segment = rank.to_string();
    p.properties = vec![("operandSegmentSizes".into(), Attribute::DenseArray(Type::Integer { width: 32, signedness: "" }, vec![segment.clone(), segment.clone(), segment, "0".into()]))];
    p.regions = vec![Region { blocks: vec![Block { label: None, args: ivs.iter().map(|v| (ValueRef(v.clone()), Type::Index)).collect(), ops: vec![load, store, terminator("scf.reduce", pos)] }] }];
    Some((p, constants))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dims_in_map_results_are_renumbered_and_names_like_floordiv_are_not() {
        let map = "affine_map<(d0, d1, d2) -> (d0 floordiv 2, d2, d1)>";
        assert_eq!(renumber_dims(map, &[0, 2, 1]), "affine_map<(d0, d1, d2) -> (d0 floordiv 2, d1, d2)>");
    }

    #[test]
    fn loop_indices_are_renumbered_inside_nested_regions_of_the_body() {
        let text = r#""linalg.generic"(%a, %b) <{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = [#linalg.iterator_type<reduction>, #linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 1, 1>}> ({
^bb0(%x: f32, %y: f32):
  %i = "linalg.index"() <{dim = 1 : i64}> : () -> index
  %c = "arith.constant"() <{value = true}> : () -> i1
  "scf.if"(%c) ({
    %j = "linalg.index"() <{dim = 0 : i64}> : () -> index
    "scf.yield"() : () -> ()
  }, {
  }) : (i1) -> ()
  "linalg.yield"(%x) : (f32) -> ()
}) : (memref<4x8xf32>, memref<8xf32>) -> ()"#;
        let mut op = mlir_text::parser::parse_file(text).unwrap().ops.remove(0);
        assert!(parallel_dims_outer(&mut op));
        let body = &op.regions[0].blocks[0].ops;
        let dim = |o: &Op| o.attr("dim").cloned();
        assert_eq!(dim(&body[0]), Some(Attribute::Int("0".into(), Type::Integer { width: 64, signedness: "" })));
        assert_eq!(dim(&body[2].regions[0].blocks[0].ops[0]), Some(Attribute::Int("1".into(), Type::Integer { width: 64, signedness: "" })));
    }
}

//! `xhlo-fuse`: groups ops into `xhlo.fusion` ops (loop, input and output fusions) greedily,
//! by a cost model of bytes moved and flops. The lowering turns each fusion into one
//! `linalg.generic` (`xhlo_lowering::ops::fusion`).
//!
//! This is the baseline the e-graph's fusion phase (`xhlo-eqsat`, [`crate::eqsat::kernel`]) is
//! compared with (`xla-run --fusion=greedy`): it decides producer by producer, where the
//! e-graph's extractor weighs every fusion of the program together.
//!
//! # The cost model ([`fusion_benefit`])
//!
//! Time is bytes moved plus flops, converted with a machine balance of [`FLOPS_PER_BYTE`]
//! (a flop costs `1 / FLOPS_PER_BYTE` of a byte; [`crate::cost`] is the model shared with the
//! e-graph's extractor). Fusing a producer `p` into `k` of its `n`
//! consumers:
//!
//! - each fusing consumer stops reading `p`'s tensor (`p.bytes()`) and reads `p`'s operands
//!   instead (`p.operand_bytes`; a broadcast operand counts as its source's size, a splat
//!   constant as nothing);
//! - when `k == n`, `p` is no longer materialized: its own kernel's read of its operands and
//!   write of its result are saved too;
//! - flops: each fusing consumer computes `p` once per element of ITS iteration space
//!   (`evaluations`: a value of 4096 elements fused into a 4096×1024 loop behind a broadcast is
//!   computed 4M times); when `p` disappears its own `p.elements` computations are saved.
//!
//! `benefit = bytes_saved − flops_added / FLOPS_PER_BYTE`; fuse when it is positive. An
//! expensive producer (dot_general, convolution, reduce: [`Producer::expensive`]) is never
//! duplicated: it may only be fused when every consumer fuses it (k == n), which for this
//! pass means a dot with one consumer, its epilogue.
//!
//! Flops per element ([`flops_per_element`]): shape ops and constants 0, divide/remainder/
//! sqrt/rsqrt/power 4, transcendental functions 20, other element-wise ops 1.
//!
//! # Forming fusions
//!
//! Per function body, ops are visited from last to first (consumers before producers). An op
//! no longer needed outside the fusions formed so far is dropped; otherwise it may become the
//! root of a fusion: an element-wise or shape op roots a loop fusion, a `reduce` an input
//! fusion. From the root the pass walks up the operands and absorbs each producer the cost
//! model approves: element-wise ops, `broadcast_in_dim`, `transpose`, `slice`, `reverse`,
//! unit-dimension `reshape`, constants. A `dot_general` or `convolution` whose only consumer
//! is a loop fusion's element-wise epilogue of the same shape (bias add, activation, scaling)
//! is absorbed too, making an output fusion; its operands stay materialized. Producers used
//! outside the fusion stay where they are (duplicated). The fusion replaces its root and
//! takes the root's result names; producers with no use left are removed.
//!
//! Only top-level function bodies are fused (not the bodies of while/if/case).

use crate::ast_walk::{for_each_function_body, uses};
use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use std::collections::{BTreeSet, HashMap};
use xhlo_ir::catalogue;
use xhlo_ir::op::FusionRole;
use xhlo_ir::TensorType;
use mlir_text::ast::{self, Attribute, Block, Op, Region, ValueRef};

pub use crate::cost::{flops_per_element, FLOPS_PER_BYTE};

/// A producer as the cost model sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Producer {
    /// Elements of its result.
    pub elements: f64,
    /// Bytes per element of its result.
    pub element_bytes: f64,
    /// Bytes its own kernel reads (broadcast operands at their source's size, splat
    /// constants as 0).
    pub operand_bytes: f64,
    pub flops_per_element: f64,
    /// dot_general, convolution, reduce...: never duplicated.
    pub expensive: bool,
}

impl Producer {
    pub fn bytes(&self) -> f64 {
        self.elements * self.element_bytes
    }
}

/// What fusing a producer gains.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Benefit {
    pub bytes_saved: f64,
    pub flops_added: f64,
}

impl Benefit {
    /// Bytes-equivalent gain (positive: fusing is faster).
    pub fn score(&self) -> f64 {
        self.bytes_saved - self.flops_added / FLOPS_PER_BYTE
    }

    pub fn worth_it(&self) -> bool {
        self.score() > 0.0
    }
}

/// The benefit of fusing `p` into the consumers whose iteration spaces have `evaluations`
/// elements each (one entry per fusing consumer), out of `users` consumers in all. `None`
/// when the fusion would duplicate an expensive producer.
pub fn fusion_benefit(p: &Producer, evaluations: &[f64], users: usize) -> Option<Benefit> {
    let k = evaluations.len();
    let all = k >= users;
    if p.expensive && !all {
        return None;
    }
    let mut bytes_saved = k as f64 * (p.bytes() - p.operand_bytes);
    let mut flops_added: f64 = evaluations.iter().map(|e| e * p.flops_per_element).sum();
    if all {
        bytes_saved += p.bytes() + p.operand_bytes;
        flops_added -= p.elements * p.flops_per_element;
    }
    Some(Benefit { bytes_saved, flops_added })
}

/// What a run of the pass did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FuseStats {
    pub loop_fusions: usize,
    pub input_fusions: usize,
    pub output_fusions: usize,
    /// Ops moved into fusions (counting duplicates once per fusion).
    pub fused_ops: usize,
    /// Producers copied into a fusion while kept for other consumers.
    pub duplicated: usize,
}

/// The most ops one fused kernel holds, its root included. The lowering evaluates a kernel's
/// body as one expression and LLVM compiles it as one basic block; a chain of 30,000 adds in
/// one kernel overflowed the lowering's stack. Longer chains become several kernels.
pub const MAX_GROUP_OPS: usize = 256;

/// Whether `name` (without `xhlo.`) is a shape op the fusion lowering composes into index
/// maps (the catalogue's [`FusionRole::IndexMap`]).
fn is_index_map(name: &str) -> bool {
    catalogue::lookup(name).is_some_and(|d| d.fusion == FusionRole::IndexMap)
}

fn bare(op: &Op) -> &str {
    op.name.strip_prefix("xhlo.").unwrap_or("")
}

/// Whether `name` (without `xhlo.`) is a contraction an output fusion may hold (with an
/// element-wise epilogue applied to its finished elements): `dot_general`, `convolution`.
pub(crate) fn is_contraction(name: &str) -> bool {
    matches!(name, "dot_general" | "convolution")
}

/// Whether `name` (without `xhlo.`) is an element-wise op the fusion lowering evaluates per
/// element (the catalogue's [`FusionRole::Elementwise`]).
pub(crate) fn is_elementwise(name: &str) -> bool {
    catalogue::lookup(name).is_some_and(|d| d.is_elementwise())
}

fn tensor(t: &ast::Type) -> Option<TensorType> {
    xhlo_lowering::convert::xtensor(t).ok()
}

fn elements(t: &TensorType) -> f64 {
    t.dims.iter().map(|&d| d as f64).product()
}

fn element_bytes(t: &TensorType) -> f64 {
    (t.element.bit_width().max(8) / 8) as f64
}

/// Whether a reshape only splits dimensions (or inserts or removes unit ones): the ones the
/// fusion lowering composes into index maps ([`xhlo_lowering::ops::fusion::reshape_splits`]).
pub(crate) fn splitting_reshape(from: &TensorType, to: &TensorType) -> bool {
    xhlo_lowering::ops::fusion::reshape_splits(&from.dims, &to.dims).is_some()
}

/// One function body being fused.
struct Fuser<'a> {
    ops: &'a [Op],
    /// Value → (op index, result index); block arguments are absent.
    def: HashMap<String, (usize, usize)>,
    /// Value types (block arguments and results).
    types: HashMap<String, ast::Type>,
    /// Op index → the distinct ops (by index) that use one of its results (uses inside
    /// regions count for the op holding the region); `usize::MAX` for a use by nothing
    /// fusible we track (kept as is).
    users: Vec<BTreeSet<usize>>,
    groups: Vec<Group>,
    /// Op index → the groups it is the root or a member of.
    in_groups: Vec<Vec<usize>>,
    /// Ops kept in place (not roots of a fusion).
    kept: Vec<bool>,
    /// [`Fuser::loop_fusible`] and [`Fuser::fusible_reduce`] of each op, computed once: a
    /// value with thousands of users asked them of every user for every group.
    fusible: Vec<bool>,
    reduce_fusible: Vec<bool>,
    /// [`Fuser::space`] of each op, computed once (it parses types).
    spaces: Vec<f64>,
}

#[derive(Clone, Debug)]
struct Group {
    root: usize,
    members: BTreeSet<usize>,
    kind: &'static str,
}

impl Group {
    fn contains(&self, i: usize) -> bool {
        i == self.root || self.members.contains(&i)
    }
}

/// Values defined inside an op's regions (block arguments and results).
fn region_defs(op: &Op, out: &mut BTreeSet<String>) {
    for r in &op.regions {
        for b in &r.blocks {
            out.extend(b.args.iter().map(|(v, _)| v.0.clone()));
            for o in &b.ops {
                out.extend(o.result_refs().into_iter().map(|v| v.0));
                region_defs(o, out);
            }
        }
    }
}

impl<'a> Fuser<'a> {
    fn new(block: &'a Block) -> Fuser<'a> {
        let ops = &block.ops;
        let mut def = HashMap::new();
        let mut types = HashMap::new();
        for (v, t) in &block.args {
            types.insert(v.0.clone(), t.clone());
        }
        for (i, op) in ops.iter().enumerate() {
            for (k, (r, t)) in op.result_refs().into_iter().zip(&op.result_types).enumerate() {
                def.insert(r.0.clone(), (i, k));
                types.insert(r.0, t.clone());
            }
        }
        let mut users = vec![BTreeSet::new(); ops.len()];
        for (i, op) in ops.iter().enumerate() {
            let mut used = Vec::new();
            uses(op, &mut used);
            for v in used {
                if let Some(&(p, _)) = def.get(&v) {
                    users[p].insert(i);
                }
            }
        }
        let mut f = Fuser {
            ops,
            def,
            types,
            users,
            groups: Vec::new(),
            in_groups: vec![Vec::new(); ops.len()],
            kept: vec![false; ops.len()],
            fusible: Vec::new(),
            reduce_fusible: Vec::new(),
            spaces: Vec::new(),
        };
        f.spaces = (0..ops.len()).map(|i| f.compute_space(i)).collect();
        f.fusible = (0..ops.len()).map(|i| f.compute_loop_fusible(i)).collect();
        f.reduce_fusible = (0..ops.len()).map(|i| f.compute_fusible_reduce(i)).collect();
        f
    }

    fn result_type(&self, i: usize) -> Option<TensorType> {
        let op = &self.ops[i];
        match op.result_types.as_slice() {
            [t] => tensor(t),
            _ => None,
        }
    }

    /// Whether op `i` may be computed inside a loop body (element-wise or a composable shape op).
    fn loop_fusible(&self, i: usize) -> bool {
        self.fusible[i]
    }

    /// Whether op `i` is a reduce the input-fusion lowering handles.
    fn fusible_reduce(&self, i: usize) -> bool {
        self.reduce_fusible[i]
    }

    fn compute_loop_fusible(&self, i: usize) -> bool {
        let op = &self.ops[i];
        let name = bare(op);
        if !op.regions.is_empty() || op.result_types.len() != 1 || self.result_type(i).is_none() {
            return false;
        }
        if !(is_elementwise(name) || is_index_map(name)) {
            return false;
        }
        if !op.operands.iter().all(|v| self.types.get(&v.0).and_then(tensor).is_some()) {
            return false;
        }
        if name == "reshape" {
            let from = op.operand_types.first().and_then(tensor);
            let to = self.result_type(i);
            return matches!((from, to), (Some(f), Some(t)) if splitting_reshape(&f, &t));
        }
        if name == "constant" {
            return matches!(op.attr("value"), Some(Attribute::Dense { .. }));
        }
        true
    }

    /// Whether op `i` is a reduce the input-fusion lowering handles: tensor results, a body
    /// that uses only its own values.
    fn compute_fusible_reduce(&self, i: usize) -> bool {
        let op = &self.ops[i];
        if bare(op) != "reduce" || op.regions.len() != 1 || op.operands.len() % 2 != 0 {
            return false;
        }
        if !op.result_types.iter().all(|t| tensor(t).is_some()) {
            return false;
        }
        let mut inner = BTreeSet::new();
        region_defs(op, &mut inner);
        let mut used = Vec::new();
        for r in &op.regions {
            for b in &r.blocks {
                for o in &b.ops {
                    uses(o, &mut used);
                }
            }
        }
        used.iter().all(|v| inner.contains(v))
    }

    /// The elements of the iteration space op `i` runs over when it roots a fusion (a
    /// reduce's input, otherwise its result).
    fn space(&self, i: usize) -> f64 {
        self.spaces[i]
    }

    fn compute_space(&self, i: usize) -> f64 {
        let op = &self.ops[i];
        if bare(op) == "reduce" {
            return op.operand_types.first().and_then(tensor).map(|t| elements(&t)).unwrap_or(1.0);
        }
        op.result_types.first().and_then(tensor).map(|t| elements(&t)).unwrap_or(1.0)
    }

    /// Bytes a kernel reading value `v` really moves: a broadcast reads its source, a splat
    /// constant nothing.
    fn effective_bytes(&self, v: &str) -> f64 {
        let full = self.types.get(v).and_then(tensor).map(|t| elements(&t) * element_bytes(&t)).unwrap_or(0.0);
        let Some(&(p, _)) = self.def.get(v) else { return full };
        let op = &self.ops[p];
        match bare(op) {
            "broadcast_in_dim" | "reshape" => op.operands.first().map(|o| self.effective_bytes(&o.0)).unwrap_or(full).min(full),
            "constant" => match op.attr("value") {
                Some(Attribute::Dense { body, .. }) if !body.trim_start().starts_with('[') && !body.contains("0x") => 0.0,
                _ => full,
            },
            _ => full,
        }
    }

    fn producer(&self, p: usize) -> Option<Producer> {
        let op = &self.ops[p];
        let t = self.result_type(p)?;
        let name = bare(op);
        Some(Producer {
            elements: elements(&t),
            element_bytes: element_bytes(&t),
            operand_bytes: op.operands.iter().map(|o| self.effective_bytes(&o.0)).sum(),
            flops_per_element: match name {
                n if is_contraction(n) => 0.0,
                n => flops_per_element(n),
            },
            expensive: matches!(name, "dot_general" | "convolution" | "reduce"),
        })
    }

    /// Whether op `u` (a consumer of a producer) could take a loop-fusible producer in.
    fn can_absorb_into(&self, u: usize) -> bool {
        self.loop_fusible(u) || self.fusible_reduce(u)
    }

    /// Whether op `i`'s results are still used directly by something that stays: an op
    /// kept in place, an op we do not fuse, or a fusion that does not contain `i`.
    fn needed(&self, i: usize) -> bool {
        if self.users[i].is_empty() {
            return false;
        }
        self.users[i].iter().any(|&u| {
            let is_candidate = self.loop_fusible(u) || self.fusible_reduce(u) || is_contraction(bare(&self.ops[u]));
            if !is_candidate || self.kept[u] {
                return true;
            }
            self.in_groups[u].iter().any(|&g| !self.groups[g].members.contains(&i))
        })
    }

    /// Forms the group rooted at `r` (members may be empty).
    fn form(&self, r: usize, allow_dot: bool) -> Group {
        let root = &self.ops[r];
        let kind = if bare(root) == "reduce" { "input" } else { "loop" };
        let mut g = Group { root: r, members: BTreeSet::new(), kind };
        let space = self.space(r);
        let mut work: Vec<String> = if kind == "input" {
            // The inputs; the init values only when they are constants.
            let n = root.operands.len() / 2;
            let mut w: Vec<String> = root.operands[..n].iter().map(|v| v.0.clone()).collect();
            for v in &root.operands[n..] {
                if let Some(&(p, _)) = self.def.get(&v.0) {
                    if bare(&self.ops[p]) == "constant" && self.loop_fusible(p) {
                        g.members.insert(p);
                    }
                }
            }
            w.reverse();
            w
        } else {
            root.operands.iter().rev().map(|v| v.0.clone()).collect()
        };
        let mut dot = None;
        while let Some(v) = work.pop() {
            let Some(&(p, _)) = self.def.get(&v) else { continue };
            if g.contains(p) {
                continue;
            }
            let name = bare(&self.ops[p]);
            let absorb = if self.loop_fusible(p) {
                let Some(prod) = self.producer(p) else { continue };
                let users = &self.users[p];
                let all_can = users.iter().all(|&u| g.contains(u) || self.can_absorb_into(u));
                let evaluations: Vec<f64> = users
                    .iter()
                    .filter(|&&u| g.contains(u) || all_can)
                    .map(|&u| if g.contains(u) { space } else { self.space(u) })
                    .collect();
                fusion_benefit(&prod, &evaluations, users.len()).is_some_and(|b| b.worth_it())
            } else if is_contraction(name) && allow_dot && kind == "loop" && dot.is_none() {
                self.dot_epilogue_ok(&g, p)
            } else {
                false
            };
            if absorb && g.members.len() + 1 < MAX_GROUP_OPS {
                g.members.insert(p);
                if is_contraction(name) {
                    dot = Some(p);
                    g.kind = "output";
                } else {
                    work.extend(self.ops[p].operands.iter().rev().map(|v| v.0.clone()));
                }
            }
        }
        if let Some(d) = dot {
            // The dot's operands must stay outside the body.
            let inside = self.ops[d].operands.iter().any(|v| self.def.get(&v.0).is_some_and(|&(p, _)| g.members.contains(&p)));
            if inside {
                return self.form(r, false);
            }
        }
        g
    }

    /// Whether dot `p` can be the dot of an output fusion rooted at `g.root`: its users are in
    /// the group, every group op depending on it is element-wise of its shape and used only
    /// inside the group (else the dot would be needed, and computed, outside too), and the
    /// root has its element type.
    fn dot_epilogue_ok(&self, g: &Group, p: usize) -> bool {
        let (Some(dt), Some(rt)) = (self.result_type(p), self.result_type(g.root)) else { return false };
        if dt.dims != rt.dims || dt.element != rt.element {
            return false;
        }
        if !self.users[p].iter().all(|&u| g.contains(u)) {
            return false;
        }
        let Some(prod) = self.producer(p) else { return false };
        if !fusion_benefit(&prod, &[self.space(g.root)], self.users[p].len()).is_some_and(|b| b.worth_it()) {
            return false;
        }
        // Ops of the group that depend on the dot: element-wise, same dims.
        let mut depends = BTreeSet::from([p]);
        for i in p + 1..=g.root {
            if !g.contains(i) {
                continue;
            }
            let op = &self.ops[i];
            if op.operands.iter().any(|v| self.def.get(&v.0).is_some_and(|&(d, _)| depends.contains(&d))) {
                if !is_elementwise(bare(op)) || self.result_type(i).map(|t| t.dims) != Some(dt.dims.clone()) {
                    return false;
                }
                // A dependent used outside the fusion would keep the dot needed there too:
                // the dot would be computed twice.
                if i != g.root && !self.users[i].iter().all(|&u| g.contains(u)) {
                    return false;
                }
                depends.insert(i);
            }
        }
        true
    }

    fn run(&mut self) {
        for i in (0..self.ops.len()).rev() {
            let fusible = self.loop_fusible(i) || self.fusible_reduce(i) || is_contraction(bare(&self.ops[i]));
            if !fusible {
                self.kept[i] = true;
                continue;
            }
            if !self.needed(i) {
                continue;
            }
            if is_contraction(bare(&self.ops[i])) || bare(&self.ops[i]) == "constant" {
                self.kept[i] = true;
                continue;
            }
            let g = self.form(i, true);
            // Constants alone (a reduce's init) are not worth a fusion.
            if g.members.iter().all(|&m| bare(&self.ops[m]) == "constant") {
                self.kept[i] = true;
                continue;
            }
            let id = self.groups.len();
            for &m in g.members.iter().chain(std::iter::once(&g.root)) {
                self.in_groups[m].push(id);
            }
            self.groups.push(g);
        }
    }

    /// The new body: kept ops in place, each group's fusion at its root.
    fn rebuild(&self, stats: &mut FuseStats) -> Vec<Op> {
        let by_root: HashMap<usize, usize> = self.groups.iter().enumerate().map(|(id, g)| (g.root, id)).collect();
        let mut out = Vec::new();
        for (i, op) in self.ops.iter().enumerate() {
            if let Some(&id) = by_root.get(&i) {
                out.push(self.fusion_op(id, stats));
            } else if self.kept[i] {
                out.push(op.clone());
            }
        }
        out
    }

    fn fusion_op(&self, id: usize, stats: &mut FuseStats) -> Op {
        let g = &self.groups[id];
        let prefix = format!("fu{id}_");
        let root = &self.ops[g.root];
        let body_ops: Vec<usize> = g.members.iter().copied().chain(std::iter::once(g.root)).collect();
        // Internal value renaming.
        let mut rename: HashMap<String, String> = HashMap::new();
        for &i in &body_ops {
            for (name, count) in &self.ops[i].results {
                if *count == 1 {
                    rename.insert(name.clone(), format!("{prefix}{name}"));
                } else {
                    for k in 0..*count {
                        rename.insert(format!("{name}#{k}"), format!("{prefix}{name}#{k}"));
                    }
                }
            }
        }
        // External operands in order of first use.
        let mut externals: Vec<String> = Vec::new();
        let mut args: Vec<(ValueRef, ast::Type)> = Vec::new();
        let mut ops = Vec::new();
        for &i in &body_ops {
            let mut op = self.ops[i].clone();
            for v in op.operands.iter_mut() {
                if let Some(n) = rename.get(&v.0) {
                    *v = ValueRef(n.clone());
                    continue;
                }
                let k = match externals.iter().position(|e| *e == v.0) {
                    Some(k) => k,
                    None => {
                        externals.push(v.0.clone());
                        let ty = self.types.get(&v.0).cloned().unwrap_or(ast::Type::None);
                        args.push((ValueRef(format!("{prefix}a{}", externals.len() - 1)), ty));
                        externals.len() - 1
                    }
                };
                *v = args[k].0.clone();
            }
            op.results = op.results.iter().map(|(n, c)| (format!("{prefix}{n}"), *c)).collect();
            ops.push(op);
        }
        let yields: Vec<ValueRef> = root.result_refs().iter().map(|r| ValueRef(rename[&r.0].clone())).collect();
        let mut terminator = Op::new(xhlo_ir::op::REGION_TERMINATOR, root.pos);
        terminator.operands = yields;
        terminator.operand_types = root.result_types.clone();
        ops.push(terminator);
        let mut fusion = Op::new("xhlo.fusion", root.pos);
        fusion.results = root.results.clone();
        fusion.result_types = root.result_types.clone();
        fusion.operands = externals.iter().map(|e| ValueRef(e.clone())).collect();
        fusion.operand_types = args.iter().map(|(_, t)| t.clone()).collect();
        fusion.attrs = vec![("kind".to_string(), Attribute::Str(g.kind.to_string()))];
        fusion.regions = vec![Region { blocks: vec![Block { label: None, args, ops }] }];
        match g.kind {
            "loop" => stats.loop_fusions += 1,
            "input" => stats.input_fusions += 1,
            _ => stats.output_fusions += 1,
        }
        stats.fused_ops += g.members.len() + 1;
        stats.duplicated += g.members.iter().filter(|&&m| self.kept[m] || self.in_groups[m].len() > 1).count();
        fusion
    }
}

/// Fuses the ops of one block (a function body, or a region body whose terminator is kept
/// like any other op), adding what it formed to `stats`.
pub fn fuse_block(block: &mut Block, stats: &mut FuseStats) {
    let new_ops = {
        let mut f = Fuser::new(block);
        f.run();
        f.rebuild(stats)
    };
    block.ops = new_ops;
}

/// Fuses every function of a parsed module (xhlo generic form, as MLIR prints it).
pub fn fuse_file(file: &mut ast::File) -> FuseStats {
    let mut stats = FuseStats::default();
    for_each_function_body(&mut file.ops, &mut |b| fuse_block(b, &mut stats));
    stats
}

/// The pass.
#[derive(Clone, Default)]
pub struct Fuse {
    pub stats: FuseStats,
    /// Print [`FuseStats`] to stderr after each run (the `stats` option).
    pub print_stats: bool,
}

impl FuseStats {
    /// Fused kernels formed, of every kind.
    pub fn kernels(&self) -> usize {
        self.loop_fusions + self.input_fusions + self.output_fusions
    }
}

impl std::fmt::Display for FuseStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "xhlo-fuse: {} fused kernels formed ({} loop, {} input, {} output) from {} ops, {} producers duplicated",
            self.kernels(),
            self.loop_fusions,
            self.input_fusions,
            self.output_fusions,
            self.fused_ops,
            self.duplicated
        )
    }
}

impl XhloPass for Fuse {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-fuse",
        summary: "Group element-wise producers, reductions and dot epilogues into xhlo.fusion ops (cost model: bytes moved vs flops)",
        options: &[PassOption { name: "stats", default: "false", help: "print the fusions formed to stderr" }],
    };

    fn from_options(o: &PassOptions) -> Result<Self, String> {
        Ok(Fuse { print_stats: o.get_parsed(&Self::INFO, "stats")?, ..Fuse::default() })
    }

    fn run(&mut self, op: melior::ir::OperationRef) -> Result<(), String> {
        crate::lowering::rewrite_module_text(op, |text, file| {
            let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file))?;
            self.stats = fuse_file(&mut parsed);
            if self.print_stats {
                eprintln!("{}", self.stats);
            }
            Ok(Some(mlir_text::print::print_file(&parsed, file)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elementwise(elements: f64, operand_bytes: f64, flops: f64) -> Producer {
        Producer { elements, element_bytes: 4.0, operand_bytes, flops_per_element: flops, expensive: false }
    }

    #[test]
    fn a_single_use_producer_saves_its_write_and_read() {
        let p = elementwise(1024.0, 8192.0, 1.0);
        let b = fusion_benefit(&p, &[1024.0], 1).unwrap();
        assert_eq!(b.bytes_saved, 2.0 * 4096.0);
        assert_eq!(b.flops_added, 0.0);
        assert!(b.worth_it());
    }

    #[test]
    fn an_expensive_producer_is_never_duplicated() {
        let dot = Producer { elements: 1024.0, element_bytes: 4.0, operand_bytes: 8192.0, flops_per_element: 0.0, expensive: true };
        assert_eq!(fusion_benefit(&dot, &[1024.0], 2), None);
        assert!(fusion_benefit(&dot, &[1024.0], 1).unwrap().worth_it());
    }

    #[test]
    fn a_cheap_producer_used_twice_is_duplicated_but_a_transcendental_one_is_not() {
        // x - broadcast(m) over 1M elements, read by two fusions: reads x (4 MB) + m.
        let sub = elementwise(1048576.0, 4194304.0 + 4096.0, 1.0);
        assert!(fusion_benefit(&sub, &[1048576.0, 1048576.0], 2).unwrap().worth_it());
        let exp = elementwise(1048576.0, 4194304.0, flops_per_element("exponential"));
        assert!(!fusion_benefit(&exp, &[1048576.0, 1048576.0], 2).unwrap().worth_it());
    }

    #[test]
    fn a_small_value_fused_behind_a_broadcast_counts_every_evaluation() {
        // mean = sum / 1024 on 4096 rows, consumed by a 4096x1024 loop.
        let mean = elementwise(4096.0, 16384.0, flops_per_element("divide"));
        assert!(!fusion_benefit(&mean, &[4194304.0], 1).unwrap().worth_it());
        // The broadcast itself costs no flops: always fused.
        let bcast = elementwise(4194304.0, 16384.0, 0.0);
        assert!(fusion_benefit(&bcast, &[4194304.0], 1).unwrap().worth_it());
    }

    #[test]
    fn fusing_into_some_consumers_only_pays_when_the_producer_reads_less_than_it_writes() {
        let bcast = elementwise(4096.0, 16.0, 0.0);
        assert!(fusion_benefit(&bcast, &[4096.0], 2).unwrap().worth_it());
        let add = elementwise(4096.0, 32768.0, 1.0);
        assert!(!fusion_benefit(&add, &[4096.0], 2).unwrap().worth_it());
    }
}

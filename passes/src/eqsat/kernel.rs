//! Fused kernels in the e-graph.
//!
//! A `fusion` e-node `(fusion ^kernelN operands...)` is one more way to compute its e-class:
//! the kernel's body computes the class's value from the operands without materializing
//! anything in between. A fusion is defined by its root class and its *members*: the e-nodes
//! it computes, one per e-class (children are e-classes). Every child class that is not a
//! member is an operand. The body is built from that definition by a walk from the root, so
//! the same fusion reached by absorbing producers in different orders has the same body, the
//! same operands, and — hash-consed — the same e-node. A kernel is only the body (with its
//! types): fusions of the same computation on other operands share it, and a fusion's members
//! are found again from its body and operands ([`members`]).
//!
//! The rules in [`super::rules::fusion`] make kernels: a seed from one op, then growth by one
//! producer at a time. Which ops a kernel may hold is the lowering's contract
//! (`xhlo_lowering::ops::fusion`): element-wise ops and index-composable shape ops (loop),
//! those under one `reduce` (input), or one `dot_general` or `convolution` read at the element
//! being computed by an element-wise epilogue (output).

use super::analysis::XEGraph;
use super::language::{ArgId, KernelId, Xhlo};
use crate::cost::{flops_per_element, reduction_flops};
use crate::fuse::{is_elementwise, splitting_reshape};
use egg::{Id, Language, RecExpr};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use xhlo_ir::attrs::Attr;
use xhlo_ir::{TensorType, Type};

/// XLA's fusion kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FusionKind {
    /// Element-wise ops and shape ops, computed per output element.
    Loop,
    /// Producers computed per element of a `reduce`'s input.
    Input,
    /// A `dot_general` or `convolution` and an element-wise epilogue applied to its finished
    /// elements.
    Output,
}

impl FusionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FusionKind::Loop => "loop",
            FusionKind::Input => "input",
            FusionKind::Output => "output",
        }
    }
}

/// Kernels hold at most this many ops (a bound on the e-graph's growth, and on compile time).
pub const MAX_KERNEL_OPS: usize = 48;

/// A fused kernel.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub kind: FusionKind,
    /// The body over [`ArgId`] leaves; the root is the last node.
    pub body: RecExpr<Xhlo>,
    /// The type of each body node (`None` for attribute leaves).
    pub types: Vec<Option<Type>>,
    /// The flops of one run of the kernel (every evaluation counted).
    pub flops: f64,
    /// Number of ops in the body (constants included, arguments and attributes not): growth
    /// ranks a class's kernels by it every iteration.
    pub ops: usize,
    /// Operands (by position) the body only gathers from, with the bytes the gathers read
    /// ([`gather_read_bounds`]).
    pub read_bounds: Vec<(usize, f64)>,
}

impl Kernel {
    /// [`Kernel::read_bounds`] by operand class, for the kernel on `operands`.
    pub fn read_bounds_on(&self, operands: &[Id]) -> Vec<(Id, f64)> {
        self.read_bounds.iter().filter_map(|&(i, b)| operands.get(i).map(|&c| (c, b))).collect()
    }

    pub fn result_type(&self) -> Option<&Type> {
        self.types.last().and_then(|t| t.as_ref())
    }
}

/// Number of ops in a body (constants included, arguments and attributes not).
fn count_ops(body: &RecExpr<Xhlo>) -> usize {
    body.as_ref().iter().filter(|n| !n.is_attribute_leaf() && !matches!(n, Xhlo::Arg(_))).count()
}

fn tensor(egraph: &XEGraph, id: Id) -> Option<&TensorType> {
    egraph[id].data.tensor()
}

fn elements(t: &TensorType) -> f64 {
    t.dims.iter().map(|&d| d as f64).product()
}

/// The op name of a value node (`Op` nodes carry theirs as a symbol child).
pub fn op_name(egraph: &XEGraph, node: &Xhlo) -> Option<&'static str> {
    match node {
        Xhlo::Op(c) => match &egraph[c[0]].nodes[0] {
            Xhlo::Sym(s) => Some(s.as_str()),
            _ => None,
        },
        Xhlo::Lit(_) => Some("constant"),
        Xhlo::Fusion(_) => Some("fusion"),
        n => n.op_name(),
    }
}

/// The value children of a node (its operands, not its attribute leaves).
pub fn value_children(node: &Xhlo) -> Vec<Id> {
    match node {
        Xhlo::Lit(_) => vec![],
        Xhlo::Transpose([_, x]) | Xhlo::Reshape([_, x]) | Xhlo::Convert([_, x]) | Xhlo::BroadcastInDim([_, _, x]) | Xhlo::Slice([_, _, _, x]) => vec![*x],
        Xhlo::Compare([_, _, a, b]) => vec![*a, *b],
        Xhlo::Reduce([_, _, x, init]) => vec![*x, *init],
        Xhlo::Op(c) => c[3..].to_vec(),
        Xhlo::Fusion(c) => c[1..].to_vec(),
        n if n.is_attribute_leaf() || matches!(n, Xhlo::Leaf(_) | Xhlo::Arg(_)) => vec![],
        n => n.children().to_vec(),
    }
}

/// Whether `node` (of class `class`) may be computed per element inside a loop nest:
/// element-wise ops, broadcasts, transposes, slices, reverses, reshapes that split dimensions,
/// gathers (see [`gathered`]), concatenates of a few operands, pads without interior padding
/// and constants,
/// all on non-empty tensors (an empty one needs no loop, and a loop nest over it would index
/// outside its operands).
pub fn loop_fusible(egraph: &XEGraph, class: Id, node: &Xhlo) -> bool {
    let non_empty = |id: Id| tensor(egraph, id).is_some_and(|t| t.num_elements() > 0);
    if !non_empty(class) || !value_children(node).iter().all(|c| non_empty(*c)) {
        return false;
    }
    match node {
        Xhlo::Lit(_) | Xhlo::BroadcastInDim(_) | Xhlo::Transpose(_) | Xhlo::Slice(_) | Xhlo::Convert(_) | Xhlo::Compare(_) => true,
        Xhlo::Reshape([_, x]) => matches!((tensor(egraph, *x), tensor(egraph, class)), (Some(f), Some(t)) if splitting_reshape(f, t)),
        Xhlo::Op(_) => match op_name(egraph, node) {
            Some("reverse" | "gather") => true,
            Some("concatenate") => value_children(node).len() <= MAX_FUSED_CONCATENATE_OPERANDS,
            Some("pad") => without_interior_padding(egraph, node),
            Some(n) => is_elementwise(n),
            None => false,
        },
        Xhlo::Reduce(_) | Xhlo::Fusion(_) | Xhlo::Leaf(_) | Xhlo::Arg(_) => false,
        n if n.is_attribute_leaf() => false,
        n => n.op_name().is_some_and(is_elementwise),
    }
}

/// The most operands a fused `concatenate` may have. A loop fusion in pieces computes each
/// operand once, but where the lowering selects instead (past 8 pieces along outer loops, in
/// input fusions) every operand the loops reach is computed at every element: a long
/// concatenation would cost as many times its elements.
pub const MAX_FUSED_CONCATENATE_OPERANDS: usize = 4;

/// Whether a `pad` node has no interior padding (the fused lowering selects between the
/// operand at shifted positions and the padding value; interior padding would need a
/// division).
fn without_interior_padding(egraph: &XEGraph, node: &Xhlo) -> bool {
    use super::rules::op_nodes::{i64s, op_node, parsed};
    let interior = op_node(egraph, node).and_then(|o| parsed(egraph, o.attrs)).and_then(|a| i64s(a, "interior_padding"));
    interior.is_some_and(|v| v.iter().all(|&i| i == 0))
}

/// The class a `gather` node reads at computed indices (its operand): a kernel holding the
/// gather takes it as an operand, never as a member (the lowering reads it with
/// `tensor.extract` at the gathered positions; a member is only ever evaluated at index maps).
pub fn gathered(egraph: &XEGraph, node: &Xhlo) -> Option<Id> {
    match node {
        Xhlo::Op(c) if c.len() > 3 && op_name(egraph, node) == Some("gather") => Some(egraph.find(c[3])),
        _ => None,
    }
}

/// Whether `members` keep every gathered class out (see [`gathered`]).
fn gathers_read_operands(egraph: &XEGraph, members: &BTreeMap<Id, Xhlo>) -> bool {
    members.values().filter_map(|n| gathered(egraph, n)).all(|g| !members.contains_key(&g))
}

/// Bounds on the bytes a kernel reads of some of its operands: an operand that the members
/// only gather from is read at most where the gathers read it (their results' bytes), not
/// whole (an embedding table of 32,000 rows read for 4,096 of them).
pub fn gather_read_bounds<'n>(egraph: &XEGraph, members: impl Iterator<Item = (Id, &'n Xhlo)> + Clone) -> Vec<(Id, f64)> {
    // Growth asks this of every candidate: most kernels hold no gather.
    if !members.clone().any(|(_, n)| gathered(egraph, n).is_some()) {
        return Vec::new();
    }
    let mut bounds: BTreeMap<Id, Option<f64>> = BTreeMap::new();
    for (class, node) in members {
        let source = gathered(egraph, node);
        for (k, c) in value_children(node).into_iter().enumerate() {
            let c = egraph.find(c);
            if k == 0 && source == Some(c) {
                let bytes = tensor(egraph, class).map(|t| crate::cost::tensor_bytes(t)).unwrap_or(0.0);
                if let Some(read) = bounds.entry(c).or_insert(Some(0.0)) {
                    *read += bytes;
                }
            } else {
                bounds.insert(c, None);
            }
        }
    }
    bounds.into_iter().filter_map(|(c, b)| b.map(|b| (c, b))).collect()
}

/// Whether `node` is a `dot_general` or a `convolution` (the one op an output fusion may hold
/// besides its epilogue).
pub fn is_contraction(egraph: &XEGraph, node: &Xhlo) -> bool {
    matches!(node, Xhlo::Op(_)) && op_name(egraph, node).is_some_and(crate::fuse::is_contraction)
}

/// The flops of a `dot_general` or `convolution` node of class `class`: two per
/// multiply-accumulate (a convolution's output element takes one per kernel element of its
/// output feature).
pub fn contraction_flops(egraph: &XEGraph, class: Id, node: &Xhlo) -> Option<f64> {
    let Xhlo::Op(c) = node else { return None };
    let Xhlo::AttrSet(set) = &egraph[c[1]].nodes[0] else { return None };
    let attrs = &egraph.analysis.attr_sets.get(set.0 as usize)?.parsed;
    let k: f64 = if op_name(egraph, node) == Some("convolution") {
        let kernel = tensor(egraph, *c.get(4)?)?;
        let out_feature = match attrs.get("kernel_output_feature_dimension") {
            Some(Attr::Int(d, _)) => *d as usize,
            _ => return None,
        };
        elements(kernel) / (kernel.dims.get(out_feature).copied().unwrap_or(1).max(1) as f64)
    } else {
        let lhs = tensor(egraph, *c.get(3)?)?;
        let contracting = match attrs.get("lhs_contracting_dimensions") {
            Some(Attr::I64Array(d)) => d.clone(),
            _ => vec![],
        };
        contracting.iter().map(|&d| lhs.dims.get(d as usize).copied().unwrap_or(1) as f64).product()
    };
    Some(2.0 * elements(tensor(egraph, class)?) * k)
}

/// The node to absorb for a class: the first one that is not a fusion (in the fusion phase
/// each class holds the one node extraction chose, plus fusions).
pub fn producer(egraph: &XEGraph, class: Id) -> Option<&Xhlo> {
    egraph[class].nodes.iter().find(|n| !matches!(n, Xhlo::Fusion(_)))
}

/// Builds the body of a kernel from its definition.
struct BodyBuilder<'g> {
    egraph: &'g XEGraph,
    members: &'g BTreeMap<Id, Xhlo>,
    body: RecExpr<Xhlo>,
    types: Vec<Option<Type>>,
    memo: FxHashMap<Xhlo, Id>,
    built: FxHashMap<Id, Id>,
    operands: Vec<Id>,
}

impl BodyBuilder<'_> {
    fn add(&mut self, node: Xhlo, ty: Option<Type>) -> Id {
        if let Some(id) = self.memo.get(&node) {
            return *id;
        }
        let id = self.body.add(node.clone());
        self.types.push(ty);
        self.memo.insert(node, id);
        id
    }

    /// The body node computing class `class`: a member, or an argument.
    fn value(&mut self, class: Id) -> Id {
        let class = self.egraph.find(class);
        if let Some(id) = self.built.get(&class) {
            return *id;
        }
        let ty = self.egraph[class].data.ty.clone();
        let id = match self.members.get(&class) {
            Some(node) => {
                let values = value_children(node);
                let node = node.clone().map_children(|c| {
                    let c = self.egraph.find(c);
                    if values.iter().any(|v| self.egraph.find(*v) == c) {
                        self.value(c)
                    } else {
                        let leaf = self.egraph[c].nodes[0].clone();
                        self.add(leaf, None)
                    }
                });
                self.add(node, ty)
            }
            None => {
                let arg = ArgId(self.operands.len() as u32);
                self.operands.push(class);
                self.add(Xhlo::Arg(arg), ty)
            }
        };
        self.built.insert(class, id);
        id
    }
}

/// A fusion's definition, checked and costed: what growth compares. Its body is built once,
/// when a class takes the candidate ([`Definition::build`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    pub root: Id,
    pub members: BTreeMap<Id, Xhlo>,
    pub kind: FusionKind,
    /// As [`Kernel::flops`].
    pub flops: f64,
    /// The elements the kernel computes (a reduction: its input's), and the flops per element
    /// of its members other than a contraction or the reduce: what [`Definition::grow`]
    /// updates.
    space: f64,
    per_element: f64,
}

impl Definition {
    /// This definition with operand class `operand` computed inside by `node`: what
    /// [`define`] gives for the members plus that one, checking only the new member. A
    /// contraction joining, an output fusion, or ids merged since this definition was made
    /// take [`define`] in full.
    pub fn grow(&self, egraph: &XEGraph, operand: Id, node: &Xhlo) -> Option<Definition> {
        let operand = egraph.find(operand);
        let canonical = |id: &Id| egraph.find(*id) == *id;
        let merged = self.members.iter().any(|(c, n)| !canonical(c) || !n.children().iter().all(canonical));
        if merged || self.kind == FusionKind::Output || is_contraction(egraph, node) || self.members.contains_key(&operand) {
            let mut members = self.members.clone();
            members.insert(operand, node.clone());
            return define(egraph, self.root, members);
        }
        // As `define`'s checks of a member other than the root (a contraction went above).
        if self.members.len() >= MAX_KERNEL_OPS || !loop_fusible(egraph, operand, node) {
            return None;
        }
        if gathered(egraph, node).is_some_and(|g| self.members.contains_key(&g)) || self.members.values().any(|n| gathered(egraph, n) == Some(operand)) {
            return None;
        }
        if let (FusionKind::Input, Some(Xhlo::Reduce([_, _, _, init]))) = (self.kind, self.members.get(&self.root)) {
            if egraph.find(*init) == operand && !matches!(node, Xhlo::Lit(_)) {
                return None;
            }
        }
        let node = node.clone().map_children(|x| egraph.find(x));
        // Flops per element are small integers: the sum is exact in any order.
        let per_element = self.per_element + member_flops(egraph, &node);
        let mut members = self.members.clone();
        members.insert(operand, node);
        let (kind, space) = (self.kind, self.space);
        Some(Definition { root: self.root, members, kind, flops: elementwise_flops(kind, space, per_element), space, per_element })
    }

    /// The operand classes: the members' value children that are not members (each once,
    /// in id order; [`Definition::build`] gives them in the body's order).
    pub fn operands(&self, egraph: &XEGraph) -> Vec<Id> {
        let mut operands: Vec<Id> = self.members.values().flat_map(value_children).map(|c| egraph.find(c)).filter(|c| !self.members.contains_key(c)).collect();
        operands.sort();
        operands.dedup();
        operands
    }

    /// The kernel, with its operands.
    pub fn build(&self, egraph: &XEGraph) -> (Kernel, Vec<Id>) {
        // Each member adds its node and a few attribute leaves: sized once, not regrown.
        let capacity = 4 * self.members.len();
        let mut b = BodyBuilder {
            egraph,
            members: &self.members,
            body: RecExpr::default(),
            types: Vec::with_capacity(capacity),
            memo: FxHashMap::with_capacity_and_hasher(capacity, Default::default()),
            built: FxHashMap::with_capacity_and_hasher(2 * self.members.len(), Default::default()),
            operands: vec![],
        };
        b.value(self.root);
        let (body, types, operands) = (b.body, b.types, b.operands);
        let ops = count_ops(&body);
        let read_bounds = self
            .read_bounds(egraph)
            .into_iter()
            .filter_map(|(c, b)| operands.iter().position(|&o| egraph.find(o) == c).map(|i| (i, b)))
            .collect();
        (Kernel { kind: self.kind, body, types, flops: self.flops, ops, read_bounds }, operands)
    }

    /// The bytes read of operands the members only gather from ([`gather_read_bounds`]).
    pub fn read_bounds(&self, egraph: &XEGraph) -> Vec<(Id, f64)> {
        gather_read_bounds(egraph, self.members.iter().map(|(c, n)| (*c, n)))
    }
}

/// The definition of the fusion rooted at `root` computing `members`; `None` when the members
/// do not form a kernel the lowering takes (see the module documentation).
pub fn define(egraph: &XEGraph, root: Id, members: BTreeMap<Id, Xhlo>) -> Option<Definition> {
    let root = egraph.find(root);
    let members: BTreeMap<Id, Xhlo> = members.into_iter().map(|(c, n)| (egraph.find(c), n.map_children(|x| egraph.find(x)))).collect();
    if members.len() > MAX_KERNEL_OPS {
        return None;
    }
    let root_node = members.get(&root)?;
    let root_ty = tensor(egraph, root)?.clone();
    let dots: Vec<(&Id, &Xhlo)> = members.iter().filter(|(_, n)| is_contraction(egraph, n)).collect();
    let kind = match (root_node, dots.len()) {
        (Xhlo::Reduce(_), 0) => FusionKind::Input,
        (_, 0) => FusionKind::Loop,
        (_, 1) => FusionKind::Output,
        _ => return None,
    };
    // Every member other than the root is loop-fusible (or the dot), and a reduce roots.
    for (class, node) in &members {
        let ok = if *class == root {
            let non_empty = |id: Id| tensor(egraph, id).is_some_and(|t| t.num_elements() > 0);
            let reduce = matches!(node, Xhlo::Reduce(_)) && non_empty(*class) && value_children(node).iter().all(|c| non_empty(*c));
            reduce || (loop_fusible(egraph, *class, node) && !matches!(node, Xhlo::Lit(_)))
        } else {
            loop_fusible(egraph, *class, node) || is_contraction(egraph, node)
        };
        if !ok {
            return None;
        }
    }
    if !gathers_read_operands(egraph, &members) {
        return None;
    }
    let space;
    let mut flops = 0.0;
    match kind {
        FusionKind::Input => {
            let Xhlo::Reduce([_, _, x, init]) = root_node else { return None };
            // The init value is an operand or a constant; the input chain is loop-fusible.
            if members.get(&egraph.find(*init)).is_some_and(|n| !matches!(n, Xhlo::Lit(_))) {
                return None;
            }
            space = elements(tensor(egraph, *x)?);
        }
        FusionKind::Loop => space = elements(&root_ty),
        FusionKind::Output => {
            let (&dot, dot_node) = dots[0];
            let dt = tensor(egraph, dot)?;
            if dt.dims != root_ty.dims || dt.element != root_ty.element || dot == root {
                return None;
            }
            // The dot's operands are kernel operands.
            if value_children(dot_node).iter().any(|c| members.contains_key(&egraph.find(*c))) {
                return None;
            }
            // Members that depend on the dot are element-wise ops of its shape (the epilogue
            // reads the dot only at the element being computed).
            let mut depends = vec![dot];
            let mut changed = true;
            while changed {
                changed = false;
                for (class, node) in &members {
                    if depends.contains(class) {
                        continue;
                    }
                    if value_children(node).iter().any(|c| depends.contains(&egraph.find(*c))) {
                        let elementwise = op_name(egraph, node).is_some_and(is_elementwise);
                        if !elementwise || tensor(egraph, *class).map(|t| &t.dims) != Some(&dt.dims) {
                            return None;
                        }
                        depends.push(*class);
                        changed = true;
                    }
                }
            }
            space = elements(&root_ty);
            flops += contraction_flops(egraph, dot, dot_node)?;
        }
    }
    let per_element: f64 = members.values().filter(|n| !is_contraction(egraph, n) && !matches!(n, Xhlo::Reduce(_))).map(|n| member_flops(egraph, n)).sum();
    flops += elementwise_flops(kind, space, per_element);
    Some(Definition { root, members, kind, flops, space, per_element })
}

/// The flops per element of a member computed element by element.
fn member_flops(egraph: &XEGraph, node: &Xhlo) -> f64 {
    op_name(egraph, node).map(flops_per_element).unwrap_or(1.0)
}

/// The flops of a kernel's element-wise members over its `space`.
fn elementwise_flops(kind: FusionKind, space: f64, per_element: f64) -> f64 {
    match kind {
        FusionKind::Input => reduction_flops(space, per_element),
        _ => space * per_element,
    }
}

/// The definition of the fusion of `kernel` on `operands`: its root class and members, each
/// body node looked up in the e-graph (where every member came from).
pub fn members(egraph: &XEGraph, kernel: &Kernel, operands: &[Id]) -> Option<(Id, BTreeMap<Id, Xhlo>)> {
    let body = kernel.body.as_ref();
    let mut classes: Vec<Id> = Vec::with_capacity(body.len());
    let mut members = BTreeMap::new();
    for node in body {
        let class = match node {
            Xhlo::Arg(a) => egraph.find(*operands.get(a.0 as usize)?),
            n => {
                let n = n.clone().map_children(|c| classes[usize::from(c)]);
                let class = egraph.lookup(n.clone())?;
                if !n.is_attribute_leaf() {
                    members.insert(class, n);
                }
                class
            }
        };
        classes.push(class);
    }
    Some((*classes.last()?, members))
}

/// The kernel of one op: the seed of every fusion rooted at its class.
pub fn seed(egraph: &XEGraph, class: Id, node: &Xhlo) -> Option<(Kernel, Vec<Id>)> {
    Some(define(egraph, class, BTreeMap::from([(class, node.clone())]))?.build(egraph))
}

/// The fusion of `kernel` on `operands` with operand class `operand` computed inside by `node`.
pub fn grow(egraph: &XEGraph, kernel: &Kernel, operands: &[Id], operand: Id, node: &Xhlo) -> Option<Definition> {
    let (root, mut members) = members(egraph, kernel, operands)?;
    members.insert(egraph.find(operand), node.clone());
    define(egraph, root, members)
}

/// Adds a kernel to the side table (once per distinct kind, body and types: the same
/// computation reached by other fusions shares one id) and returns its id.
pub fn intern(egraph: &mut XEGraph, kernel: Kernel) -> KernelId {
    // Kernels are found by a hash of what makes them the same and compared in place: a key
    // of their own was a copy of every body interned, hits included.
    let hash = {
        let mut h = rustc_hash::FxHasher::default();
        (kernel.kind, kernel.body.as_ref(), &kernel.types).hash(&mut h);
        h.finish()
    };
    let analysis = &mut egraph.analysis;
    let same = |id: &KernelId| {
        let k = &analysis.kernels[id.0 as usize];
        k.kind == kernel.kind && k.body.as_ref() == kernel.body.as_ref() && k.types == kernel.types
    };
    if let Some(&id) = analysis.kernel_keys.get(&hash).and_then(|ids| ids.iter().find(|id| same(id))) {
        return id;
    }
    let id = KernelId(analysis.kernels.len() as u32);
    analysis.kernels.push(kernel);
    analysis.kernel_keys.entry(hash).or_default().push(id);
    id
}

/// The kernel of a `fusion` node.
pub fn kernel_of<'g>(egraph: &'g XEGraph, node: &Xhlo) -> Option<&'g Kernel> {
    let Xhlo::Fusion(c) = node else { return None };
    match &egraph[c[0]].nodes[0] {
        Xhlo::Kernel(k) => egraph.analysis.kernels.get(k.0 as usize),
        _ => None,
    }
}

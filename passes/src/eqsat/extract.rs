//! DAG-aware greedy extraction.
//!
//! egg's [`egg::Extractor`] costs a term as a tree, so a value used twice is paid twice and
//! sharing is never rewarded. Here the cost of choosing a node for a class is the sum of the
//! node costs of every class in its sub-DAG, each counted once (the set of classes is
//! carried along). Classes are relaxed to a fixpoint; each step keeps the cheaper choice,
//! so the result is never costlier than any single term the e-graph started with when that
//! term is found by the same relaxation (the pass still compares before/after and keeps the
//! original when the extraction is not cheaper).
//!
//! Greedy relaxation misses sharing decided by two classes at once: with softmax's
//! `e = exp(x - max)` read by the sum and by the division, fusing `e` into the sum is
//! locally cheapest, and then the division recomputes it too, although materializing `e` once
//! for both is cheaper overall. So the greedy result is refined: each chosen fusion is in
//! turn forbidden (its class must take an unfused node) and the extraction rerun; a result
//! whose emitted cost is lower is kept, until none is or [`REFINEMENT_TRIES`] reruns are
//! spent. A rerun starts from the kept result's relaxation, with only the classes whose
//! chosen sub-DAG holds the forbidden class starting over.
//!
//! Limits keep large programs linear: carrying every sub-DAG's classes costs the depth of the
//! DAG per node (a chain of 3,000 adds took 38 s to extract), so beyond
//! [`DAG_COST_CLASSES`] e-classes, or once a sub-DAG holds more than [`DAG_USES`] classes,
//! a choice costs its node plus its children's totals (a
//! tree cost: sharing is paid per use, as egg's extractor does), and node costs are at least
//! [`MIN_NODE_COST`] so a choice can never lead back to its own class.

use super::analysis::XEGraph;
use super::kernel::{contraction_flops, gather_read_bounds, is_contraction, kernel_of, op_name, value_children};
use super::language::Xhlo;
use crate::cost::{flops_per_element, kernel_time, reduction_flops, tensor_bytes};
use egg::{Id, Language};
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// The bytes of a class's value (0 for attribute leaves and non-tensors).
pub fn bytes(egraph: &XEGraph, id: Id) -> f64 {
    egraph[id].data.tensor().map(tensor_bytes).unwrap_or(0.0)
}

/// The bytes a kernel reads for an operand: a splat constant is a scalar (the lowering
/// materializes no tensor for it), anything else its whole value.
fn read_bytes(egraph: &XEGraph, id: Id) -> f64 {
    let splat_constant = egraph[id].data.splat.is_some() && egraph[id].nodes.iter().any(|n| matches!(n, Xhlo::Lit(_)));
    if splat_constant {
        0.0
    } else {
        bytes(egraph, id)
    }
}

/// The bytes a kernel reads for `operands`, each distinct value once, `bounds` capping the
/// bytes read of some of them (the rows a gather takes from a larger table,
/// [`super::kernel::gather_read_bounds`]).
pub fn reads(egraph: &XEGraph, operands: &[Id], bounds: &[(Id, f64)]) -> f64 {
    let mut distinct: Vec<Id> = operands.iter().map(|&c| egraph.find(c)).collect();
    distinct.sort();
    distinct.dedup();
    distinct
        .iter()
        .map(|&c| {
            let whole = read_bytes(egraph, c);
            bounds.iter().find(|(b, _)| egraph.find(*b) == c).map_or(whole, |&(_, b)| whole.min(b))
        })
        .sum()
}

fn elements(egraph: &XEGraph, id: Id) -> f64 {
    egraph[id].data.tensor().map(|t| t.num_elements().max(1) as f64).unwrap_or(1.0)
}

/// The cost of computing class `class` with `node` as its own kernel ([`crate::cost`]): the
/// bytes it reads (each operand once) and writes, and its flops. Leaves and constants cost
/// nothing (their readers pay for reading them); a reshape is a view.
pub fn node_cost(egraph: &XEGraph, class: Id, node: &Xhlo) -> f64 {
    let bounds = match node {
        Xhlo::Fusion(c) => kernel_of(egraph, node).map(|k| k.read_bounds_on(&c[1..])).unwrap_or_default(),
        Xhlo::Op(_) => gather_read_bounds(egraph, std::iter::once((class, node))),
        _ => vec![],
    };
    let read = reads(egraph, &value_children(node), &bounds);
    let write = bytes(egraph, class);
    let flops = match node {
        n if n.is_attribute_leaf() => return 0.0,
        Xhlo::Leaf(_) | Xhlo::Arg(_) | Xhlo::Lit(_) => return 0.0,
        Xhlo::Reshape(_) => return 1.0,
        // A hair above the same ops unfused, so a one-op kernel never replaces its op.
        Xhlo::Fusion(_) => return kernel_of(egraph, node).map(|k| kernel_time(read, write, k.flops) + 1e-3).unwrap_or(f64::INFINITY),
        Xhlo::Reduce([_, _, x, _]) => reduction_flops(elements(egraph, *x), 0.0),
        n if is_contraction(egraph, n) => contraction_flops(egraph, class, n).unwrap_or(0.0),
        n => elements(egraph, class) * op_name(egraph, n).map(flops_per_element).unwrap_or(1.0),
    };
    kernel_time(read, write, flops)
}

/// Beyond this many e-classes, or when a sub-DAG holds more than [`DAG_USES`] classes, the
/// extraction costs choices as trees (see the module doc).
pub const DAG_COST_CLASSES: usize = 4000;
pub const DAG_USES: usize = 512;
/// The most greedy reruns the un-fusing refinement may spend.
pub const REFINEMENT_TRIES: usize = 64;
/// The least cost of a node in tree-cost extraction: totals then grow strictly along every
/// path, so no choice depends on its own class.
const MIN_NODE_COST: f64 = 1e-9;

/// A choice for a class: its total DAG cost and the costs of the classes it uses.
#[derive(Clone)]
struct Choice<'g> {
    total: f64,
    node: &'g Xhlo,
    uses: Rc<Uses>,
    /// The greedy extraction's visit count when this choice was made.
    made_at: u64,
}

/// The classes of a choice's sub-DAG with the cost of each, sorted by class: merging the
/// children's is a linear pass (the extraction's inner loop).
#[derive(Clone, Default)]
struct Uses(Vec<(Id, f64)>);

impl Uses {
    fn new() -> Self {
        Uses(Vec::new())
    }

    /// The union with `other`, whose cost wins for a class both hold.
    fn merged(self, other: &Uses) -> Uses {
        if self.0.is_empty() {
            return other.clone();
        }
        let (a, b) = (self.0, &other.0);
        let mut out = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].0.cmp(&b[j].0) {
                std::cmp::Ordering::Less => {
                    out.push(a[i]);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    out.push(b[j]);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    out.push(b[j]);
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend_from_slice(&a[i..]);
        out.extend_from_slice(&b[j..]);
        Uses(out)
    }

    fn contains(&self, class: Id) -> bool {
        self.0.binary_search_by(|(k, _)| k.cmp(&class)).is_ok()
    }

    fn insert(&mut self, class: Id, cost: f64) {
        match self.0.binary_search_by(|(k, _)| k.cmp(&class)) {
            Ok(i) => self.0[i].1 = cost,
            Err(i) => self.0.insert(i, (class, cost)),
        }
    }

    /// The sum of the costs, in class order.
    fn total(&self) -> f64 {
        self.0.iter().map(|(_, c)| c).sum()
    }
}

/// The chosen node of every class reachable from the roots, and the DAG cost of the roots.
pub struct Extraction {
    pub choices: HashMap<Id, Xhlo>,
    pub cost: f64,
}

/// Extracts the cheapest (greedily, then refined by un-fusing) DAG for `roots`.
pub fn extract(egraph: &XEGraph, roots: &[Id]) -> Result<Extraction, String> {
    let table = Table::new(egraph);
    let mut dag = egraph.number_of_classes() <= DAG_COST_CLASSES;
    let first = match greedy(egraph, &table, roots, &BTreeSet::new(), dag, None) {
        Err(Greedy::TooDeep) => {
            dag = false;
            greedy(egraph, &table, roots, &BTreeSet::new(), dag, None)
        }
        other => other,
    };
    let (mut result, mut state) = first.map_err(String::from)?;
    let mut unfused = BTreeSet::new();
    let mut tries = 0;
    loop {
        let mut fused: Vec<Id> = result.choices.iter().filter(|(id, n)| matches!(n, Xhlo::Fusion(_)) && !unfused.contains(*id)).map(|(id, _)| *id).collect();
        fused.sort();
        let left = REFINEMENT_TRIES.saturating_sub(tries);
        tries += fused.len().min(left);
        let better = fused.into_iter().take(left).find_map(|class| {
            let mut tried = unfused.clone();
            tried.insert(class);
            let warm = dag.then_some((&state, class));
            greedy(egraph, &table, roots, &tried, dag, warm).ok().filter(|(x, _)| x.cost < result.cost - 1e-9).map(|x| (x, tried))
        });
        match better {
            Some(((x, s), tried)) => {
                (result, state) = (x, s);
                unfused = tried;
            }
            None => return Ok(result),
        }
    }
}

/// Every class's nodes with their [`node_cost`] and canonical children, computed once and
/// indexed by class id: the refinement reruns the greedy extraction once per fusion, a
/// fusion's cost analyses its whole kernel, and hashing ids in the inner loop was most of an
/// extraction.
struct Table<'g> {
    /// The canonical classes, in id order.
    classes: Vec<Id>,
    /// By class id (empty for ids that are not canonical).
    nodes: Vec<Vec<Entry<'g>>>,
}

struct Entry<'g> {
    node: &'g Xhlo,
    cost: f64,
    children: Box<[usize]>,
}

impl<'g> Table<'g> {
    fn new(egraph: &'g XEGraph) -> Self {
        let mut classes: Vec<Id> = egraph.classes().map(|c| c.id).collect();
        classes.sort();
        let size = classes.last().map_or(0, |&c| usize::from(c) + 1);
        let mut nodes: Vec<Vec<Entry>> = (0..size).map(|_| Vec::new()).collect();
        for &class in &classes {
            nodes[usize::from(class)] = egraph[class]
                .nodes
                .iter()
                .map(|n| Entry { node: n, cost: node_cost(egraph, class, n), children: n.children().iter().map(|&c| usize::from(egraph.find(c))).collect() })
                .collect();
        }
        Table { classes, nodes }
    }
}

/// Why a greedy extraction gave no result.
enum Greedy {
    /// A sub-DAG outgrew [`DAG_USES`] classes: extract with tree costs instead.
    TooDeep,
    Failed(String),
}

impl From<Greedy> for String {
    fn from(g: Greedy) -> String {
        match g {
            Greedy::TooDeep => "internal: a DAG extraction was too deep".into(),
            Greedy::Failed(m) => m,
        }
    }
}

/// Where a greedy relaxation stands: each class's choice so far, when each class was last
/// visited (0: not yet) and the visit count.
#[derive(Clone)]
struct State<'g> {
    best: Vec<Option<Choice<'g>>>,
    visited_at: Vec<u64>,
    clock: u64,
}

/// The greedy extraction (DAG costs with `dag`, else tree costs), with the classes of
/// `unfused` restricted to nodes that are not fusions; also the relaxation's final state.
///
/// `warm`: the state of the extraction that restricted every class of `unfused` but one,
/// and that one. (DAG costs only.) Only the classes whose chosen sub-DAG holds it can choose
/// differently at first: they start over, every other class keeps its choice, and the
/// relaxation goes on from there (the refinement reruns the extraction once per fusion, and
/// from the start each rerun revisited the whole e-graph).
fn greedy<'g>(egraph: &XEGraph, table: &Table<'g>, roots: &[Id], unfused: &BTreeSet<Id>, dag: bool, warm: Option<(&State<'g>, Id)>) -> Result<(Extraction, State<'g>), Greedy> {
    let size = table.nodes.len();
    // A node whose children's choices have not changed since its class was last visited
    // costs what it cost then, which its class's choice already beats or equals: skipping it
    // changes nothing, and most nodes of a round are such. `clock` counts class visits;
    // `visited_at[c]`: the count when `c` was last visited, 0 before the first (a choice's
    // `made_at`: when it was made).
    let State { mut best, mut visited_at, mut clock } = match warm {
        Some((state, changed)) => {
            let changed = egraph.find(changed);
            let mut state = state.clone();
            for c in 0..size {
                if state.best[c].as_ref().is_some_and(|choice| choice.uses.contains(changed)) {
                    state.best[c] = None;
                    state.visited_at[c] = 0;
                }
            }
            state
        }
        None => State { best: vec![None; size], visited_at: vec![0; size], clock: 0 },
    };
    let mut restricted = vec![false; size];
    for &class in unfused {
        if let Some(r) = restricted.get_mut(usize::from(egraph.find(class))) {
            *r = true;
        }
    }
    for _round in 0..1000 {
        let mut changed = false;
        for &class in &table.classes {
            let c = usize::from(class);
            clock += 1;
            let last_visit = std::mem::replace(&mut visited_at[c], clock);
            for entry in &table.nodes[c] {
                if restricted[c] && matches!(entry.node, Xhlo::Fusion(_)) {
                    continue;
                }
                if last_visit > 0 && entry.children.iter().all(|&ch| best[ch].as_ref().is_some_and(|choice| choice.made_at < last_visit)) {
                    continue;
                }
                let mut uses = Uses::new();
                let mut children_total = 0.0;
                let mut ready = true;
                for &child in entry.children.iter() {
                    match &best[child] {
                        Some(choice) if dag => uses = uses.merged(&choice.uses),
                        Some(choice) => children_total += choice.total,
                        None => {
                            ready = false;
                            break;
                        }
                    }
                }
                if !ready || uses.contains(class) {
                    continue;
                }
                if uses.0.len() > DAG_USES {
                    return Err(Greedy::TooDeep);
                }
                let total = if dag {
                    uses.insert(class, entry.cost);
                    uses.total()
                } else {
                    children_total + entry.cost.max(MIN_NODE_COST)
                };
                let better = match &best[c] {
                    None => true,
                    Some(old) => total < old.total - 1e-9,
                };
                if better {
                    best[c] = Some(Choice { total, node: entry.node, uses: Rc::new(uses), made_at: clock });
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut choices = HashMap::new();
    let mut stack: Vec<Id> = roots.iter().map(|r| egraph.find(*r)).collect();
    while let Some(id) = stack.pop() {
        if choices.contains_key(&id) {
            continue;
        }
        let c = best.get(usize::from(id)).and_then(Option::as_ref).ok_or_else(|| Greedy::Failed("internal: a class has no finite extraction".into()))?;
        let node = c.node.clone().map_children(|ch| egraph.find(ch));
        stack.extend(node.children().iter().copied());
        choices.insert(id, node);
    }
    // The cost of what is emitted: each chosen class once, summed in class order (a float
    // sum in the map's order, which differs between processes, made equal plans compare
    // unequal by a rounding and the refinement's choice depend on the process).
    let mut chosen: Vec<(&Id, &Xhlo)> = choices.iter().collect();
    chosen.sort_by_key(|(id, _)| **id);
    let cost = chosen.into_iter().map(|(id, n)| node_cost(egraph, *id, n)).sum();
    Ok((Extraction { choices, cost }, State { best, visited_at, clock }))
}

//! DAG-aware greedy extraction.
//!
//! egg's [`egg::Extractor`] costs a term as a tree, so a value used twice is paid twice and
//! sharing is never rewarded. Here the cost of choosing a node for a class is the sum of the
//! node costs of every class in its sub-DAG, each counted once (the set of classes is
//! carried along). Classes are relaxed to a fixpoint; each step keeps the cheaper choice,
//! so the result is never costlier than any single term the e-graph started with when that
//! term is found by the same relaxation (the pass still compares before/after and keeps the
//! original when the extraction is not cheaper).

use super::analysis::XEGraph;
use super::language::Xhlo;
use egg::{Id, Language};
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// The cost of one node, by the bytes it touches: the elements of its result, weighted by
/// how much work an element takes.
pub fn node_cost(egraph: &XEGraph, class: Id, node: &Xhlo) -> f64 {
    let elements = |id: Id| egraph[id].data.tensor().map(|t| t.num_elements().max(1) as f64).unwrap_or(1.0);
    let out = elements(class);
    match node {
        n if n.is_attribute_leaf() => 0.0,
        Xhlo::Leaf(_) => 0.0,
        Xhlo::Lit(_) => 1.0 + out * 0.01,
        Xhlo::Reshape(_) => 1.0 + out * 0.5,
        Xhlo::Transpose(_) => 1.0 + out * 2.0,
        Xhlo::BroadcastInDim(_) | Xhlo::Slice(_) | Xhlo::Convert(_) => 1.0 + out,
        Xhlo::Reduce([_, _, x, _]) => 1.0 + elements(*x),
        Xhlo::Op(children) => 1.0 + out + children[3..].iter().map(|c| elements(*c)).sum::<f64>(),
        Xhlo::Exponential(_) | Xhlo::Log(_) | Xhlo::Tanh(_) | Xhlo::Logistic(_) | Xhlo::Sine(_) | Xhlo::Cosine(_) | Xhlo::Tan(_) | Xhlo::Power(_) | Xhlo::Atan2(_) | Xhlo::Cbrt(_) | Xhlo::LogPlusOne(_) | Xhlo::ExponentialMinusOne(_) => 1.0 + out * 4.0,
        Xhlo::Divide(_) | Xhlo::Sqrt(_) | Xhlo::Rsqrt(_) | Xhlo::Remainder(_) => 1.0 + out * 2.0,
        _ => 1.0 + out,
    }
}

/// A choice for a class: its total DAG cost and the costs of the classes it uses.
#[derive(Clone)]
struct Choice {
    total: f64,
    node: Xhlo,
    uses: Rc<BTreeMap<Id, f64>>,
}

/// The chosen node of every class reachable from the roots, and the DAG cost of the roots.
pub struct Extraction {
    pub choices: HashMap<Id, Xhlo>,
    pub cost: f64,
}

/// Extracts the cheapest (greedily) DAG for `roots`.
pub fn extract(egraph: &XEGraph, roots: &[Id]) -> Result<Extraction, String> {
    let mut best: HashMap<Id, Choice> = HashMap::new();
    let mut classes: Vec<Id> = egraph.classes().map(|c| c.id).collect();
    classes.sort();
    for _round in 0..1000 {
        let mut changed = false;
        for &class in &classes {
            for node in &egraph[class].nodes {
                let mut uses: BTreeMap<Id, f64> = BTreeMap::new();
                let mut ready = true;
                for child in node.children() {
                    let child = egraph.find(*child);
                    match best.get(&child) {
                        Some(c) => {
                            uses.extend(c.uses.iter().map(|(k, v)| (*k, *v)));
                        }
                        None => {
                            ready = false;
                            break;
                        }
                    }
                }
                if !ready || uses.contains_key(&class) {
                    continue;
                }
                let own = node_cost(egraph, class, node);
                uses.insert(class, own);
                let total: f64 = uses.values().sum();
                let better = match best.get(&class) {
                    None => true,
                    Some(old) => total < old.total - 1e-9,
                };
                if better {
                    best.insert(class, Choice { total, node: node.clone(), uses: Rc::new(uses) });
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
        let c = best.get(&id).ok_or("internal: a class has no finite extraction")?;
        let node = c.node.clone().map_children(|ch| egraph.find(ch));
        stack.extend(node.children().iter().copied());
        choices.insert(id, node);
    }
    // The cost of what is emitted: each chosen class once.
    let cost = choices.iter().map(|(id, n)| node_cost(egraph, *id, n)).sum();
    Ok(Extraction { choices, cost })
}

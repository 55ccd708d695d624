//! `--eqsat-explain`: why a rewritten value equals the original one, in egg's words.
//!
//! With explanations enabled, egg records the rule (or, for unions made by a custom applier
//! or the constant-folding analysis, the source line) behind every merge. For each root
//! whose extracted term differs from the term the body started with, the chain of rewrites
//! from one to the other is printed to stderr, one step per line.

use super::analysis::XEGraph;
use super::language::Xhlo;
use egg::{Id, Language, RecExpr};
use std::collections::HashMap;

/// Terms larger than this are not explained (their explanations are pages long).
const MAX_TERM: usize = 64;
/// At most this many values are explained per body.
const MAX_EXPLAINED: usize = 8;

/// The node each class started with (before any rule ran): its first node that is not a
/// folded constant.
pub fn original_nodes(egraph: &XEGraph) -> HashMap<Id, Xhlo> {
    egraph
        .classes()
        .map(|c| {
            let node = c.nodes.iter().find(|n| !matches!(n, Xhlo::Lit(_))).unwrap_or(&c.nodes[0]);
            (c.id, node.clone())
        })
        .collect()
}

/// The term of `root` under a choice of node per class.
fn term(root: Id, pick: &dyn Fn(Id) -> Option<Xhlo>) -> Option<RecExpr<Xhlo>> {
    fn go(id: Id, pick: &dyn Fn(Id) -> Option<Xhlo>, expr: &mut RecExpr<Xhlo>, memo: &mut HashMap<Id, Id>, depth: usize) -> Option<Id> {
        if let Some(i) = memo.get(&id) {
            return Some(*i);
        }
        if depth > MAX_TERM || expr.as_ref().len() > MAX_TERM {
            return None;
        }
        let node = pick(id)?;
        let mut children = Vec::new();
        for c in node.children() {
            children.push(go(*c, pick, expr, memo, depth + 1)?);
        }
        let mut k = 0;
        let node = node.map_children(|_| {
            k += 1;
            children[k - 1]
        });
        let i = expr.add(node);
        memo.insert(id, i);
        Some(i)
    }
    let mut expr = RecExpr::default();
    go(root, pick, &mut expr, &mut HashMap::new(), 0)?;
    Some(expr)
}

/// The explanation of every root whose extracted term is not the original one, as lines.
pub fn explain(egraph: &mut XEGraph, name: &str, original: &HashMap<Id, Xhlo>, roots: &[Id], choices: &HashMap<Id, Xhlo>) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let mut explained = 0;
    let mut seen = std::collections::HashSet::new();
    for &root in roots {
        if explained >= MAX_EXPLAINED || !seen.insert(root) {
            continue;
        }
        let before = term(root, &|id| original.get(&id).cloned());
        let after = term(egraph.find(root), &|id| choices.get(&egraph.find(id)).cloned());
        let (Some(before), Some(after)) = (before, after) else { continue };
        if before == after {
            continue;
        }
        explained += 1;
        let steps = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| egraph.explain_equivalence(&before, &after).get_flat_strings()));
        let _ = writeln!(out, "xhlo-eqsat @{name}: why {before}\n  equals {after}:");
        match steps {
            Ok(steps) => steps.iter().for_each(|s| {
                let _ = writeln!(out, "    {s}");
            }),
            Err(_) => out.push_str("    (egg could not produce an explanation)\n"),
        }
    }
    out
}

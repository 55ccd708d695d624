//! Fusion rules: they add `fusion` e-nodes (see [`crate::eqsat::kernel`]) to the classes they
//! compute, and the extractor's cost model ([`crate::cost`]) decides which fusions to keep.
//!
//! - `fuse-seed`: a class computed by an element-wise or shape op, or by a `reduce`, gets the
//!   one-op kernel of that op (as cheap as the op: the seed of growth, never chosen alone).
//! - `fuse-grow`: a kernel absorbs the producer of one of its operands — an element-wise or
//!   shape op, a constant, or (for a loop kernel, making it an output fusion) a
//!   `dot_general` or `convolution` its epilogue reads element by element. To bound the e-graph, growth is a
//!   beam search: each iteration starts from the [`GROW_FROM`] largest kernels of a class,
//!   tries every absorbable operand of each, and keeps the [`GROW_PER_ITERATION`] candidates
//!   with the best local gain (the absorbed producer's own cost, shared among its users,
//!   plus the kernel's change in cost); kernels hold at most
//!   [`crate::eqsat::kernel::MAX_KERNEL_OPS`] ops.
//!
//! A producer is absorbed whatever its other uses: a kernel that absorbs a value still used
//! elsewhere recomputes it, and the DAG-aware extractor counts both the recomputation (flops)
//! and the materialized value (once), so a shared producer is duplicated only when the model
//! says it pays.

use super::XRewrite;
use crate::eqsat::analysis::{XEGraph, XhloAnalysis};
use crate::cost::kernel_time;
use crate::eqsat::extract::{bytes, node_cost, reads};
use crate::eqsat::kernel::{self, kernel_of, loop_fusible, producer, Definition, Kernel};
use crate::eqsat::language::{KernelId, Xhlo};
use egg::{Applier, Id, PatternAst, Rewrite, SearchMatches, Searcher, Subst, Symbol, Var};
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Growth starts from this many of a class's largest kernels.
pub const GROW_FROM: usize = 4;
/// New kernels per class and iteration at most.
pub const GROW_PER_ITERATION: usize = 4;

fn one_match(eclass: Id) -> Option<SearchMatches<'static, Xhlo>> {
    Some(SearchMatches { eclass, substs: vec![Subst::default()], ast: None })
}

fn fusions(egraph: &XEGraph, class: Id) -> impl Iterator<Item = &Xhlo> {
    egraph[class].nodes.iter().filter(|n| matches!(n, Xhlo::Fusion(_)))
}

/// Adds the fusion node of the interned kernel `id` over `operands` to `class`.
fn add_fusion(egraph: &mut XEGraph, class: Id, id: KernelId, operands: &[Id]) -> Option<Id> {
    let leaf = egraph.add(Xhlo::Kernel(id));
    let mut children = Vec::with_capacity(operands.len() + 1);
    children.push(leaf);
    children.extend_from_slice(operands);
    let node = egraph.add(Xhlo::Fusion(children.into_boxed_slice()));
    egraph.union(class, node).then_some(class)
}

/// Whether a class's op can root a kernel ([`kernel::build`] checks the details).
fn seedable(egraph: &XEGraph, class: Id, node: &Xhlo) -> bool {
    matches!(node, Xhlo::Reduce(_)) || (loop_fusible(egraph, class, node) && !matches!(node, Xhlo::Lit(_)))
}

struct Seed;

impl Searcher<Xhlo, XhloAnalysis> for Seed {
    fn search_eclass_with_limit(&self, egraph: &XEGraph, eclass: Id, _limit: usize) -> Option<SearchMatches<'_, Xhlo>> {
        if fusions(egraph, eclass).next().is_some() {
            return None;
        }
        let node = producer(egraph, eclass)?;
        seedable(egraph, eclass, node).then(|| one_match(eclass)).flatten()
    }

    fn vars(&self) -> Vec<Var> {
        vec![]
    }
}

impl Applier<Xhlo, XhloAnalysis> for Seed {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, _: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        let Some(node) = producer(egraph, eclass).cloned() else { return vec![] };
        match kernel::seed(egraph, eclass, &node) {
            Some((k, operands)) => {
                let id = kernel::intern(egraph, k);
                add_fusion(egraph, eclass, id, &operands).into_iter().collect()
            }
            None => vec![],
        }
    }
}

/// `fuse-grow`. Each iteration visits every class with kernels again and mostly re-derives
/// the candidates it derived before (the same kernel absorbing the same producer), so what it
/// derives is kept for the phase (one [`Grow`] per phase: [`rules`] makes a fresh one).
#[derive(Default)]
struct Grow {
    memo: Mutex<Memo>,
}

/// What `fuse-grow` has derived in this phase.
#[derive(Default)]
struct Memo {
    /// The candidate of a kernel's fusion node (its canonical children: kernel leaf and
    /// operands) absorbing an operand class's producer, or `None` where it cannot.
    built: FxHashMap<(Box<[Id]>, Id, Xhlo), Option<Arc<Candidate>>>,
    /// The candidates taken, by their fusion node's children: growing one again extends its
    /// definition ([`Definition::grow`]) instead of deriving it from the body.
    taken: FxHashMap<Box<[Id]>, Arc<Candidate>>,
    /// The users of a class other than fusions (fixed in this phase, which only adds
    /// fusions; its parents grow by the fusions reading it every iteration).
    users: FxHashMap<Id, usize>,
}

/// A grown kernel's definition and its operands, and once a class has taken it the kernel's
/// id and the fusion's operands in the body's order.
struct Candidate {
    definition: Definition,
    operands: Vec<Id>,
    taken: OnceLock<(KernelId, Vec<Id>)>,
}

/// `fuse-grow`'s searcher: every class that has a kernel.
struct HasKernel;

impl Searcher<Xhlo, XhloAnalysis> for HasKernel {
    fn search_eclass_with_limit(&self, egraph: &XEGraph, eclass: Id, _limit: usize) -> Option<SearchMatches<'_, Xhlo>> {
        fusions(egraph, eclass).next().is_some().then(|| one_match(eclass)).flatten()
    }

    fn vars(&self) -> Vec<Var> {
        vec![]
    }
}

impl Applier<Xhlo, XhloAnalysis> for Grow {
    fn apply_one(&self, egraph: &mut XEGraph, eclass: Id, _: &Subst, _: Option<&PatternAst<Xhlo>>, _: Symbol) -> Vec<Id> {
        // The beam: the largest kernels of the class, then every absorbable operand of each.
        let mut largest: Vec<(usize, &Kernel, &[Id])> = fusions(egraph, eclass)
            .filter_map(|n| {
                let k = kernel_of(egraph, n)?;
                let Xhlo::Fusion(c) = n else { return None };
                Some((k.ops, k, &c[..]))
            })
            .collect();
        largest.sort_by_key(|(ops, _, _)| std::cmp::Reverse(*ops));
        largest.truncate(GROW_FROM);
        let from: Vec<(&Kernel, Box<[Id]>)> = largest.into_iter().map(|(_, k, c)| (k, c.iter().map(|&x| egraph.find(x)).collect())).collect();
        let mut memo = self.memo.lock().unwrap_or_else(|e| e.into_inner());
        let memo = &mut *memo;
        let mut grown = Vec::new();
        for (k, children) in &from {
            let operands = &children[1..];
            let parent = memo.taken.get(children).cloned();
            let before = fusion_cost(egraph, eclass, k.flops, operands, &k.read_bounds_on(operands));
            for &operand in operands {
                let Some(node) = producer(egraph, operand) else { continue };
                let absorbable = loop_fusible(egraph, operand, node) || kernel::is_contraction(egraph, node);
                if !absorbable {
                    continue;
                }
                let candidate = memo
                    .built
                    .entry((children.clone(), operand, node.clone()))
                    .or_insert_with(|| {
                        let definition = match &parent {
                            Some(p) => p.definition.grow(egraph, operand, node)?,
                            None => kernel::grow(egraph, k, operands, operand, node)?,
                        };
                        let operands = definition.operands(egraph);
                        Some(Arc::new(Candidate { definition, operands, taken: OnceLock::new() }))
                    });
                if let Some(candidate) = candidate {
                    let users = *memo.users.entry(operand).or_insert_with(|| egraph[operand].parents().filter(|(n, _)| !matches!(n, Xhlo::Fusion(_))).count().max(1));
                    let after = fusion_cost(egraph, eclass, candidate.definition.flops, &candidate.operands, &candidate.definition.read_bounds(egraph));
                    let gain = node_cost(egraph, operand, node) / users as f64 + before - after;
                    grown.push((gain, candidate.clone()));
                }
            }
        }
        grown.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut changed = vec![];
        for (_, candidate) in grown {
            if changed.len() >= GROW_PER_ITERATION {
                break;
            }
            let (id, operands) = candidate.taken.get_or_init(|| {
                let (kernel, operands) = candidate.definition.build(egraph);
                (kernel::intern(egraph, kernel), operands)
            });
            changed.extend(add_fusion(egraph, eclass, *id, operands));
            if let Some(leaf) = egraph.lookup(Xhlo::Kernel(*id)) {
                let children: Box<[Id]> = std::iter::once(leaf).chain(operands.iter().map(|&o| egraph.find(o))).collect();
                memo.taken.entry(children).or_insert_with(|| candidate.clone());
            }
        }
        changed
    }
}

/// The cost of one run of a kernel of `flops` on `operands` (some read in part: `bounds`)
/// computing `class` ([`crate::cost`]).
fn fusion_cost(egraph: &XEGraph, class: Id, flops: f64, operands: &[Id], bounds: &[(Id, f64)]) -> f64 {
    kernel_time(reads(egraph, operands, bounds), bytes(egraph, class), flops)
}

pub fn rules() -> Vec<XRewrite> {
    vec![Rewrite::new("fuse-seed", Seed, Seed).expect("fuse-seed"), Rewrite::new("fuse-grow", HasKernel, Grow::default()).expect("fuse-grow")]
}

#[cfg(test)]
mod tests {
    use crate::eqsat::rules::testing::run_with;
    use crate::eqsat::EqsatOptions;

    fn run(signature: &str, body: &str) -> String {
        run_with(signature, body, &EqsatOptions::default())
    }

    const T: &str = "tensor<64x32xf32>";

    fn reduce(name: &str, input: &str, dims: &str, combiner: &str, init: &str) -> String {
        format!(
            "    %{name}_init = \"xhlo.constant\"() {{value = dense<{init}> : tensor<f32>}} : () -> tensor<f32>
    %{name} = \"xhlo.reduce\"(%{input}, %{name}_init) ({{
    ^bb0(%p: tensor<f32>, %q: tensor<f32>):
      %z = \"xhlo.{combiner}\"(%p, %q) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      \"gpu.yield\"(%z) : (tensor<f32>) -> ()
    }}) {{dimensions = array<i64: {dims}>}} : ({T}, tensor<f32>) -> tensor<64xf32>"
        )
    }

    #[test]
    fn an_element_wise_chain_is_one_loop_fusion() {
        insta::assert_snapshot!(run(&format!("({T}, {T}, {T}) -> {T}"), &format!("  ^bb0(%x: {T}, %y: {T}, %z: {T}):
    %m = \"xhlo.multiply\"(%x, %y) : ({T}, {T}) -> {T}
    %s = \"xhlo.add\"(%m, %z) : ({T}, {T}) -> {T}
    %t = \"xhlo.tanh\"(%s) : ({T}) -> {T}
    %r = \"xhlo.subtract\"(%t, %x) : ({T}, {T}) -> {T}
    \"func.return\"(%r) : ({T}) -> ()")));
    }

    #[test]
    fn producers_fuse_into_a_reduction_as_an_input_fusion() {
        insta::assert_snapshot!(run(&format!("({T}, {T}) -> tensor<64xf32>"), &format!("  ^bb0(%x: {T}, %y: {T}):
    %d = \"xhlo.subtract\"(%x, %y) : ({T}, {T}) -> {T}
    %q = \"xhlo.multiply\"(%d, %d) : ({T}, {T}) -> {T}
{}
    \"func.return\"(%r) : (tensor<64xf32>) -> ()", reduce("r", "q", "1", "add", "0.0"))));
    }

    #[test]
    fn a_dot_with_bias_and_relu_is_an_output_fusion() {
        insta::assert_snapshot!(run("(tensor<64x16xf32>, tensor<16x32xf32>, tensor<32xf32>) -> tensor<64x32xf32>", &format!("  ^bb0(%x: tensor<64x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>):
    %d = \"xhlo.dot_general\"(%x, %w) {{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>}} : (tensor<64x16xf32>, tensor<16x32xf32>) -> {T}
    %bb = \"xhlo.broadcast_in_dim\"(%b) {{broadcast_dimensions = array<i64: 1>}} : (tensor<32xf32>) -> {T}
    %s = \"xhlo.add\"(%d, %bb) : ({T}, {T}) -> {T}
    %c = \"xhlo.constant\"() {{value = dense<0.0> : tensor<f32>}} : () -> tensor<f32>
    %cb = \"xhlo.broadcast_in_dim\"(%c) {{broadcast_dimensions = array<i64>}} : (tensor<f32>) -> {T}
    %r = \"xhlo.maximum\"(%s, %cb) : ({T}, {T}) -> {T}
    \"func.return\"(%r) : ({T}) -> ()")));
    }

    #[test]
    fn a_convolution_with_bias_and_relu_is_an_output_fusion() {
        const C: &str = "tensor<1x8x8x32xf32>";
        let conv = "input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = array<i64: 1, 2>, padding = array<i64: 1, 1, 1, 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64";
        let out = run(&format!("(tensor<1x8x8x16xf32>, tensor<3x3x16x32xf32>, tensor<32xf32>) -> {C}"), &format!("  ^bb0(%x: tensor<1x8x8x16xf32>, %w: tensor<3x3x16x32xf32>, %b: tensor<32xf32>):
    %d = \"xhlo.convolution\"(%x, %w) {{{conv}}} : (tensor<1x8x8x16xf32>, tensor<3x3x16x32xf32>) -> {C}
    %bb = \"xhlo.broadcast_in_dim\"(%b) {{broadcast_dimensions = array<i64: 3>}} : (tensor<32xf32>) -> {C}
    %s = \"xhlo.add\"(%d, %bb) : ({C}, {C}) -> {C}
    %c = \"xhlo.constant\"() {{value = dense<0.0> : tensor<f32>}} : () -> tensor<f32>
    %cb = \"xhlo.broadcast_in_dim\"(%c) {{broadcast_dimensions = array<i64>}} : (tensor<f32>) -> {C}
    %r = \"xhlo.maximum\"(%s, %cb) : ({C}, {C}) -> {C}
    \"func.return\"(%r) : ({C}) -> ()"));
        // One output fusion holds the convolution and its whole epilogue.
        assert_eq!(out.matches("\"xhlo.fusion\"").count(), 1, "{out}");
        assert!(out.contains("kind = \"output\"") && out.contains("\"xhlo.convolution\"") && out.contains("\"xhlo.maximum\""), "{out}");
        assert_eq!(out.matches("\"xhlo.convolution\"").count(), 1, "the convolution is computed once, inside: {out}");
    }

    #[test]
    fn a_cheap_producer_used_twice_is_recomputed_in_both_consumers() {
        insta::assert_snapshot!(run(&format!("({T}, {T}) -> ({T}, {T})"), &format!("  ^bb0(%x: {T}, %y: {T}):
    %s = \"xhlo.add\"(%x, %y) : ({T}, {T}) -> {T}
    %a = \"xhlo.multiply\"(%s, %x) : ({T}, {T}) -> {T}
    %b = \"xhlo.subtract\"(%s, %y) : ({T}, {T}) -> {T}
    \"func.return\"(%a, %b) : ({T}, {T}) -> ()")));
    }

    #[test]
    fn a_transcendental_producer_shared_with_a_reduction_is_materialized_once() {
        insta::assert_snapshot!(run(&format!("({T}) -> {T}"), &format!("  ^bb0(%x: {T}):
    %e = \"xhlo.exponential\"(%x) : ({T}) -> {T}
{}
    %sb = \"xhlo.broadcast_in_dim\"(%sum) {{broadcast_dimensions = array<i64: 0>}} : (tensor<64xf32>) -> {T}
    %r = \"xhlo.divide\"(%e, %sb) : ({T}, {T}) -> {T}
    \"func.return\"(%r) : ({T}) -> ()", reduce("sum", "e", "1", "add", "0.0"))));
    }

    #[test]
    fn a_dot_used_twice_is_computed_once() {
        insta::assert_snapshot!(run("(tensor<64x16xf32>, tensor<16x32xf32>) -> (tensor<64x32xf32>, tensor<64x32xf32>)", &format!("  ^bb0(%x: tensor<64x16xf32>, %w: tensor<16x32xf32>):
    %d = \"xhlo.dot_general\"(%x, %w) {{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>}} : (tensor<64x16xf32>, tensor<16x32xf32>) -> {T}
    %a = \"xhlo.negate\"(%d) : ({T}) -> {T}
    %b = \"xhlo.abs\"(%d) : ({T}) -> {T}
    \"func.return\"(%a, %b) : ({T}, {T}) -> ()")));
    }

    /// `Definition::grow` (what `fuse-grow` does for a kernel it took) gives what `define`
    /// gives for the same members plus the absorbed producer, on every fusion of a fused
    /// program with a loop, an input and an output fusion, and for every operand of each.
    #[test]
    fn a_grown_definition_is_the_one_define_gives() {
        use crate::eqsat::kernel::{define, kernel_of, members, producer};
        use crate::eqsat::language::Xhlo;
        let text = format!(
            "\"builtin.module\"() ({{\n  \"func.func\"() <{{function_type = ({T}, {T}, tensor<32x32xf32>) -> {T}, sym_name = \"main\"}}> ({{
  ^bb0(%x: {T}, %y: {T}, %w: tensor<32x32xf32>):
    %m = \"xhlo.multiply\"(%x, %y) : ({T}, {T}) -> {T}
    %s = \"xhlo.add\"(%m, %x) : ({T}, {T}) -> {T}
    %e = \"xhlo.exponential\"(%s) : ({T}) -> {T}
{}
    %b = \"xhlo.broadcast_in_dim\"(%sum) {{broadcast_dimensions = array<i64: 0>}} : (tensor<64xf32>) -> {T}
    %q = \"xhlo.divide\"(%e, %b) : ({T}, {T}) -> {T}
    %d = \"xhlo.dot_general\"(%q, %w) {{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>}} : ({T}, tensor<32x32xf32>) -> {T}
    %t = \"xhlo.tanh\"(%d) : ({T}) -> {T}
    %o = \"xhlo.add\"(%t, %x) : ({T}, {T}) -> {T}
    \"func.return\"(%o) : ({T}) -> ()
  }}) : () -> ()\n}}) : () -> ()\n",
            reduce("sum", "m", "1", "add", "0.0")
        );
        let file = mlir_text::parser::parse_file(&text).expect("parses");
        let body = &file.ops[0].regions[0].blocks[0].ops[0].regions[0].blocks[0];
        let (egraph, _) = crate::eqsat::convert::to_egraph(body, mlir_text::error::Pos::default()).expect("converts");
        let runner = egg::Runner::default().with_egraph(egraph).with_scheduler(egg::SimpleScheduler).run(&super::rules());
        let egraph = runner.egraph;
        let (mut compared, mut grown) = (0, 0);
        for class in egraph.classes() {
            for node in class.nodes.iter() {
                let (Some(kernel), Xhlo::Fusion(children)) = (kernel_of(&egraph, node), node) else { continue };
                let (root, members) = members(&egraph, kernel, &children[1..]).expect("members");
                let parent = define(&egraph, root, members.clone()).expect("a fusion's own definition");
                for &operand in &children[1..] {
                    let Some(producer) = producer(&egraph, operand) else { continue };
                    let mut all = members.clone();
                    all.insert(egraph.find(operand), producer.clone());
                    let full = define(&egraph, root, all);
                    let step = parent.grow(&egraph, operand, producer);
                    assert_eq!(full, step, "absorbing class {operand} into the fusion {node:?}");
                    compared += 1;
                    grown += usize::from(full.is_some());
                }
            }
        }
        assert!(compared >= 20 && grown >= 10 && compared > grown, "{compared} compared, {grown} kernels among them");
    }
}

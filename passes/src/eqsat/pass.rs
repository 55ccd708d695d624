//! `xhlo-eqsat`: equality saturation over each function body.
//!
//! Phase 1 runs the simplification rules ([`super::rules::simplification`]) until the
//! e-graph saturates or a limit is hit; phase 2 adds the exploration rules within the same
//! limits. The DAG-aware extractor then picks the cheapest program. Phase 3 (fusion, on by
//! default) starts a fresh e-graph from that program, adds fused kernels with the fusion rules
//! ([`super::rules::fusion`]) and extracts again: which ops fuse, and which shared producers
//! are recomputed, is the extractor's choice under the cost model of [`crate::cost`]. Phases
//! 1–2 get half of the time limit, phase 3 the rest. The result replaces the body only when
//! it is cheaper than the original (never worse). Like `convert-xhlo-to-linalg`
//! the pass works on text: the module is printed in generic form, read into the AST,
//! rewritten function by function, printed, parsed and swapped in.

use super::analysis::{XEGraph, XhloAnalysis};
use super::convert::{all_names, from_extraction, to_egraph, to_egraph_with, xtype, Plan};
use std::collections::{BTreeMap, HashMap, HashSet};
use super::language::Xhlo;
use super::extract::extract;
use super::rules;
use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use egg::{Runner, StopReason};
use melior::ir::OperationRef;
use std::fmt;
use std::time::{Duration, Instant};
use xhlo_ir::Type;
use mlir_text::ast::{Block, File, Op};

/// The pass's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct EqsatOptions {
    pub iter_limit: usize,
    pub node_limit: usize,
    pub time_limit_ms: u64,
    /// Allow rules that are not bit-exact for floats (`x + 0 → x`).
    pub fast_math: bool,
    /// Phase 3: fused kernels (`xhlo.fusion`) chosen by the cost model.
    pub fuse: bool,
    /// Print [`Stats`] to stderr after each run.
    pub stats: bool,
    /// Print egg's explanation of why each rewritten value equals the original one.
    pub explain: bool,
}

impl Default for EqsatOptions {
    fn default() -> Self {
        EqsatOptions { iter_limit: 30, node_limit: 20_000, time_limit_ms: 2_000, fast_math: false, fuse: true, stats: false, explain: false }
    }
}

/// What one function's run did.
#[derive(Clone, Debug, Default)]
pub struct FunctionStats {
    pub name: String,
    /// Why the function was left alone before saturation, if it was.
    pub skipped: Option<String>,
    pub classes: usize,
    pub nodes: usize,
    pub iterations: [usize; 3],
    pub time: [Duration; 3],
    pub stop: [String; 3],
    pub cost_before: f64,
    pub cost_after: f64,
    pub changed: bool,
    /// Kernels (ops that write a tensor) and the bytes they write, before and after.
    pub kernels: [usize; 2],
    pub materialized_bytes: [f64; 2],
    /// Fusions in the result: loop, input, output.
    pub fusions: [usize; 3],
    /// How often each rule was applied (in any phase), by name.
    pub applied: BTreeMap<String, usize>,
    /// With `explain`: why each rewritten value equals the original one (egg's rewrite chains).
    pub explanation: String,
}

/// The ops of a body that run no kernel: constants are data, a reshape is a view of its
/// operand's memory, tuples only group values, and the return writes nothing.
pub const NOT_KERNELS: &[&str] = &["xhlo.constant", "xhlo.reshape", "xhlo.tuple", "xhlo.get_tuple_element", "xhlo.optimization_barrier", "func.return"];

/// Whether an op of a body is a kernel: it writes a tensor (see [`NOT_KERNELS`]).
pub fn is_kernel(op: &Op) -> bool {
    !NOT_KERNELS.contains(&op.name.as_str())
}

/// The kernels of a body (its ops that write a tensor: [`is_kernel`]) and the bytes they write.
pub fn materialized(block: &Block) -> (usize, f64) {
    let mut kernels = 0;
    let mut bytes = 0.0;
    for op in block.ops.iter().filter(|op| is_kernel(op)) {
        kernels += 1;
        for t in &op.result_types {
            if let Ok(Type::Tensor(t)) = xtype(t) {
                bytes += crate::cost::tensor_bytes(&t);
            }
        }
    }
    (kernels, bytes)
}

fn fusion_kinds(block: &Block) -> [usize; 3] {
    let mut n = [0; 3];
    for op in block.ops.iter().filter(|o| o.name == "xhlo.fusion") {
        match op.attr("kind").and_then(|a| a.as_str()) {
            Some("loop") => n[0] += 1,
            Some("input") => n[1] += 1,
            _ => n[2] += 1,
        }
    }
    n
}

/// Statistics of a run over a file.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub functions: Vec<FunctionStats>,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.functions {
            if let Some(why) = &s.skipped {
                writeln!(f, "xhlo-eqsat @{}: skipped ({why})", s.name)?;
                continue;
            }
            let phase = |i: usize| format!("{} iterations {:.1} ms ({})", s.iterations[i], s.time[i].as_secs_f64() * 1e3, s.stop[i]);
            writeln!(
                f,
                "xhlo-eqsat @{}: {} e-classes, {} e-nodes; simplify {}; explore {}; fuse {}; cost {:.0} -> {:.0}{}",
                s.name,
                s.classes,
                s.nodes,
                phase(0),
                phase(1),
                phase(2),
                s.cost_before,
                s.cost_after,
                if s.changed { "" } else { " (kept the original)" }
            )?;
            writeln!(
                f,
                "xhlo-eqsat @{}: kernels {} -> {}, materialized {:.3} MB -> {:.3} MB; fusions: {} loop, {} input, {} output",
                s.name,
                s.kernels[0],
                s.kernels[1],
                s.materialized_bytes[0] / 1e6,
                s.materialized_bytes[1] / 1e6,
                s.fusions[0],
                s.fusions[1],
                s.fusions[2]
            )?;
        }
        Ok(())
    }
}

fn stop_text(r: &Option<StopReason>) -> String {
    match r {
        Some(StopReason::Saturated) => "saturated".into(),
        Some(StopReason::IterationLimit(n)) => format!("iteration limit {n}"),
        Some(StopReason::NodeLimit(n)) => format!("node limit {n}"),
        Some(StopReason::TimeLimit(t)) => format!("time limit {:.0} ms", t * 1e3),
        Some(StopReason::Other(s)) => s.clone(),
        None => "not run".into(),
    }
}

/// Runs eqsat on one function: first on the bodies of its control flow (innermost first),
/// then on its body; each is replaced when the result is cheaper.
fn optimize_function(func: &mut Op, options: &EqsatOptions) -> Vec<FunctionStats> {
    let name = func.sym_name().unwrap_or("?").to_string();
    let pos = func.pos;
    let mut out = Vec::new();
    let Some(body) = func.regions.first_mut().filter(|r| r.blocks.len() == 1).map(|r| &mut r.blocks[0]) else {
        out.push(FunctionStats { name, skipped: Some("not a single-block body".into()), ..Default::default() });
        return out;
    };
    let mut names = HashSet::new();
    all_names(body, &mut names);
    let mut regions = 0;
    optimize_regions(&mut body.ops, &name, &names, &mut regions, options, &mut out);
    out.push(optimize_block(body, name, "e".into(), &names, pos, options));
    out
}

/// Optimizes the blocks of the `while`/`if`/`case` ops among `ops`, innermost first.
fn optimize_regions(ops: &mut [Op], func: &str, names: &HashSet<String>, counter: &mut usize, options: &EqsatOptions, out: &mut Vec<FunctionStats>) {
    for op in ops {
        if !matches!(op.name.as_str(), "xhlo.while" | "xhlo.if" | "xhlo.case") {
            continue;
        }
        let pos = op.pos;
        for region in &mut op.regions {
            for block in &mut region.blocks {
                optimize_regions(&mut block.ops, func, names, counter, options, out);
                *counter += 1;
                let label = format!("{func} ({} region {})", op.name, counter);
                out.push(optimize_block(block, label, format!("r{counter}e"), names, pos, options));
            }
        }
    }
}

/// Runs eqsat on one block (a function body or a region body); replaces it when the result
/// is cheaper.
fn optimize_block(body: &mut Block, name: String, prefix: String, names: &HashSet<String>, pos: mlir_text::error::Pos, options: &EqsatOptions) -> FunctionStats {
    let mut stats = FunctionStats { name, ..Default::default() };
    let explain = options.explain;
    let (egraph, mut plan) = match to_egraph_with(body, pos, explain) {
        Ok(x) => x,
        Err(e) => {
            stats.skipped = Some(e);
            return stats;
        }
    };
    plan.names.extend(names.iter().cloned());
    plan.prefix = prefix.clone();
    let roots = plan.roots();
    stats.cost_before = plan.original_cost;
    (stats.kernels[0], stats.materialized_bytes[0]) = materialized(body);
    (stats.kernels[1], stats.materialized_bytes[1]) = (stats.kernels[0], stats.materialized_bytes[0]);
    let start = Instant::now();
    let limit = Duration::from_millis(options.time_limit_ms);
    let deadline = start + if options.fuse { limit / 2 } else { limit };
    let original = super::explain::original_nodes(&egraph);
    let mut egraph = egraph;
    for phase in 0..2 {
        let rules = if phase == 0 { rules::simplification(options.fast_math) } else { rules::exploration(options.fast_math) };
        let runner = run_phase(egraph, &rules, options, deadline, &mut stats, phase);
        egraph = runner.egraph;
    }
    stats.classes = egraph.number_of_classes();
    stats.nodes = egraph.total_number_of_nodes();
    let extraction = extract(&egraph, &roots);
    if let (true, Ok(x)) = (explain, &extraction) {
        stats.explanation = super::explain::explain(&mut egraph, &stats.name, &original, &roots, &x.choices);
    }
    let result = extraction.and_then(|x| Ok((from_extraction(&egraph, &plan, &x.choices, &body.args)?, x.cost)));
    let (mut block, mut cost) = match result {
        Ok(x) => x,
        Err(e) => {
            stats.skipped = Some(e);
            return stats;
        }
    };
    let mut greedy = false;
    if options.fuse {
        match fuse(&block, pos, &plan, options, start + limit, &mut stats) {
            Ok(Fused::EGraph(Some((fused, fused_cost)))) if fused_cost < cost - 1e-9 => (block, cost) = (fused, fused_cost),
            Ok(Fused::EGraph(_)) => {}
            Ok(Fused::TooLarge(size)) => {
                // Fuse what phases 1–2 chose, or the body as written when they found
                // nothing cheaper.
                if cost >= stats.cost_before - 1e-9 {
                    (block, cost) = (body.clone(), stats.cost_before);
                }
                let mut fuse_stats = crate::fuse::FuseStats::default();
                crate::fuse::fuse_block(&mut block, &mut fuse_stats);
                stats.stop[2] = format!("greedy: {size} before fusion, over 1/{FUSION_ROOM} of the node limit; {fuse_stats}");
                greedy = fuse_stats.kernels() > 0;
            }
            Err(e) => {
                stats.skipped = Some(e);
                return stats;
            }
        }
    }
    stats.cost_after = cost;
    if cost >= stats.cost_before - 1e-9 && !greedy {
        stats.cost_after = stats.cost_before;
        return stats;
    }
    (stats.kernels[1], stats.materialized_bytes[1]) = materialized(&block);
    stats.fusions = fusion_kinds(&block);
    block.label = body.label.clone();
    *body = block;
    stats.changed = true;
    stats
}

fn run_phase(egraph: XEGraph, rules: &[rules::XRewrite], options: &EqsatOptions, deadline: Instant, stats: &mut FunctionStats, phase: usize) -> Runner<Xhlo, XhloAnalysis> {
    let left = deadline.saturating_duration_since(Instant::now());
    let start = Instant::now();
    let runner = Runner::default().with_egraph(egraph).with_iter_limit(options.iter_limit).with_node_limit(options.node_limit).with_time_limit(left);
    // Fusion rules match every class once per iteration by design: no back-off.
    let runner = if phase == 2 { runner.with_scheduler(egg::SimpleScheduler) } else { runner };
    let runner = runner.run(rules);
    // Phase 3 runs once per window: its time and iterations add up.
    stats.time[phase] += start.elapsed();
    stats.iterations[phase] += runner.iterations.len();
    stats.stop[phase] = stop_text(&runner.stop_reason);
    for iteration in &runner.iterations {
        for (rule, n) in &iteration.applied {
            *stats.applied.entry(rule.to_string()).or_default() += n;
        }
    }
    runner
}

/// Fusion kernels grow by one op per iteration and each adds e-nodes, so a body whose
/// e-graph already holds more than 1/`FUSION_ROOM` of the node limit cannot grow useful
/// kernels before the limit stops it (a chain of 10,000 adds starts with 30,000 nodes and
/// would get no fusion at all). Such bodies are fused by the greedy fuser
/// ([`crate::fuse`]), which is linear in the body's size.
pub const FUSION_ROOM: usize = 16;

/// Phase 3 fuses a longer body in windows of at most this many consecutive ops, each in an
/// e-graph of its own (with the whole node limit). In one e-graph, a deep body's growth used
/// up the node limit before its kernels grew: 128 dependent row blocks (768 ops) and a stack
/// of 8 transformer blocks (728 ops) kept no fusion, and the fusion phase grew faster than
/// the body. Each window ends at the narrowest cut of its second half (fewest values live
/// across it); a kernel never spans two windows.
pub const FUSION_WINDOW: usize = 384;

/// What phase 3 did.
enum Fused {
    /// Fused in the e-graph: the fused body and its cost, if it is cheaper.
    EGraph(Option<(Block, f64)>),
    /// Too large for the e-graph's limits: fuse greedily. How large (`30000 e-nodes`, or
    /// `10000 ops` when the op count alone says so).
    TooLarge(String),
}

/// Phase 3: the extracted program in fresh e-graphs (one per window of [`FUSION_WINDOW`] ops),
/// fused kernels added, extracted again.
fn fuse(block: &Block, pos: mlir_text::error::Pos, outer: &Plan, options: &EqsatOptions, deadline: Instant, stats: &mut FunctionStats) -> Result<Fused, String> {
    // Each op of the body (bar its terminator) adds at least one e-node of its own: a kept
    // op a fresh leaf per result, a modelled op its node, and no two of an extracted body are
    // alike. A body with more ops than the room allows is too large without building it.
    let ops = block.ops.len().saturating_sub(1);
    if ops.saturating_mul(FUSION_ROOM) > options.node_limit {
        return Ok(Fused::TooLarge(format!("{ops} ops (at least as many e-nodes)")));
    }
    if ops <= FUSION_WINDOW {
        return Ok(match fuse_in_egraph(block, pos, outer, outer.prefix.clone(), options, deadline, stats)? {
            InEGraph::Fused { fused, .. } => Fused::EGraph(fused),
            InEGraph::TooLarge(too_large) => Fused::TooLarge(too_large),
        });
    }
    // The last op (the terminator: `ops`) reading each value, in a nested region or not: a
    // window returns the values it defines that a later op reads.
    let mut last_use: HashMap<String, usize> = HashMap::new();
    for (i, op) in block.ops.iter().enumerate() {
        for v in &op.operands {
            last_use.insert(v.0.clone(), i);
        }
        for name in super::convert::captured_names(&op.regions) {
            last_use.insert(name, i);
        }
    }
    // Values live across a cut before op p (defined before p, read at p or later): each
    // window ends at the narrowest cut of its second half (between two transformer layers
    // only the residual stream crosses), so that few producers and consumers are split.
    let mut live = vec![0i64; ops + 2];
    for (d, op) in block.ops[..ops].iter().enumerate() {
        for r in op.result_refs() {
            if let Some(&u) = last_use.get(&r.0) {
                live[d + 1] += 1;
                live[u + 1] -= 1;
            }
        }
    }
    for p in 1..live.len() {
        live[p] += live[p - 1];
    }
    let mut renames: HashMap<String, String> = HashMap::new();
    let mut out = Vec::with_capacity(block.ops.len());
    let (mut cost, mut original_cost) = (0.0, 0.0);
    let (mut start, mut w) = (0, 0);
    while start < ops {
        let end = if ops - start <= FUSION_WINDOW {
            ops
        } else {
            (start + FUSION_WINDOW / 2..=start + FUSION_WINDOW).rev().min_by_key(|&p| live[p]).unwrap_or(start + FUSION_WINDOW)
        };
        let mut ret = Op::new("func.return", pos);
        for op in &block.ops[start..end] {
            for (r, t) in op.result_refs().into_iter().zip(&op.result_types) {
                if last_use.get(&r.0).is_some_and(|&i| i >= end) {
                    ret.operands.push(r);
                    ret.operand_types.push(t.clone());
                }
            }
        }
        // Earlier windows' values under the names their fused bodies gave them.
        let mut window = Block { label: None, args: vec![], ops: block.ops[start..end].to_vec() };
        window.ops.iter_mut().for_each(|op| crate::ast_walk::rename_uses(op, &renames));
        window.ops.push(ret.clone());
        let (fused, original) = match fuse_in_egraph(&window, pos, outer, format!("{}w{w}_", outer.prefix), options, deadline, stats)? {
            InEGraph::Fused { fused, original } => (fused, original),
            InEGraph::TooLarge(too_large) => return Ok(Fused::TooLarge(too_large)),
        };
        w += 1;
        original_cost += original;
        match fused {
            Some((mut fused, c)) => {
                let fused_ret = fused.ops.pop().ok_or("internal: a fused window without its terminator")?;
                for (old, new) in ret.operands.iter().zip(&fused_ret.operands) {
                    if old.0 != new.0 {
                        renames.insert(old.0.clone(), new.0.clone());
                    }
                }
                out.extend(fused.ops);
                cost += c;
            }
            None => {
                window.ops.pop();
                out.extend(window.ops);
                cost += original;
            }
        }
        start = end;
    }
    let mut terminator = block.ops[ops].clone();
    crate::ast_walk::rename_uses(&mut terminator, &renames);
    out.push(terminator);
    if cost >= original_cost - 1e-9 {
        return Ok(Fused::EGraph(None));
    }
    Ok(Fused::EGraph(Some((Block { label: block.label.clone(), args: block.args.clone(), ops: out }, cost))))
}

/// What one e-graph made of a body (a function's, or a window of one).
enum InEGraph {
    /// The body's cost as written, and its fused extraction with that extraction's cost when
    /// it is cheaper.
    Fused { fused: Option<(Block, f64)>, original: f64 },
    /// The e-graph is too large for the node limit (how large).
    TooLarge(String),
}

/// One body fused in an e-graph of its own.
fn fuse_in_egraph(block: &Block, pos: mlir_text::error::Pos, outer: &Plan, prefix: String, options: &EqsatOptions, deadline: Instant, stats: &mut FunctionStats) -> Result<InEGraph, String> {
    let (egraph, mut plan) = to_egraph(block, pos)?;
    let nodes = egraph.total_number_of_nodes();
    if nodes.saturating_mul(FUSION_ROOM) > options.node_limit {
        return Ok(InEGraph::TooLarge(format!("{nodes} e-nodes")));
    }
    plan.names.extend(outer.names.iter().cloned());
    plan.prefix = prefix;
    let runner = run_phase(egraph, &rules::fusion::rules(), options, deadline, stats, 2);
    let egraph = runner.egraph;
    stats.classes += egraph.number_of_classes();
    stats.nodes += egraph.total_number_of_nodes();
    let x = extract(&egraph, &plan.roots())?;
    let fused = if x.cost < plan.original_cost - 1e-9 { Some((from_extraction(&egraph, &plan, &x.choices, &block.args)?, x.cost)) } else { None };
    Ok(InEGraph::Fused { fused, original: plan.original_cost })
}

fn visit(ops: &mut [Op], options: &EqsatOptions, stats: &mut Stats) {
    for op in ops {
        match op.name.as_str() {
            "func.func" => stats.functions.extend(optimize_function(op, options)),
            "builtin.module" => {
                for r in &mut op.regions {
                    for b in &mut r.blocks {
                        visit(&mut b.ops, options, stats);
                    }
                }
            }
            _ => {}
        }
    }
}

/// Runs eqsat on every function of a parsed file (in place). The statistics are returned, and
/// printed to stderr when `options.stats` is set.
pub fn optimize_file(file: &mut File, options: &EqsatOptions) -> Stats {
    let stats = optimize_file_quietly(file, options);
    if options.explain {
        stats.functions.iter().for_each(|f| eprint!("{}", f.explanation));
    }
    if options.stats {
        eprint!("{stats}");
    }
    stats
}

/// [`optimize_file`] printing nothing: the statistics and explanations are only returned.
pub fn optimize_file_quietly(file: &mut File, options: &EqsatOptions) -> Stats {
    let mut stats = Stats::default();
    visit(&mut file.ops, options, &mut stats);
    stats
}

/// Runs eqsat on xhlo text (generic form) and prints the result.
pub fn optimize_text(text: &str, file: &str, options: &EqsatOptions) -> Result<(String, Stats), String> {
    let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file).to_string())?;
    let stats = optimize_file(&mut parsed, options);
    Ok((mlir_text::print::print_file(&parsed, file), stats))
}

/// Why a rewritten program was rejected by the verifier: the rules applied to each body
/// that changed (one of them is unsound, or its result is built wrongly).
pub fn rejected(stats: &Stats) -> String {
    let mut bodies = Vec::new();
    for f in stats.functions.iter().filter(|f| f.changed) {
        let rules: Vec<String> = f.applied.iter().map(|(rule, n)| format!("{rule} ({n}x)")).collect();
        let rules = if rules.is_empty() { "no rule, only extraction and constant folding".to_string() } else { rules.join(", ") };
        bodies.push(format!("@{}: {rules}", f.name));
    }
    format!(
        "xhlo-eqsat produced a program that does not verify (a bug in the pass; the diagnostics before this one say why). Rules applied: {}. Run with explain=true (--eqsat-explain) for the chain of rewrites of each value",
        if bodies.is_empty() { "none".to_string() } else { bodies.join("; ") }
    )
}

/// The MLIR pass.
#[derive(Clone, Default)]
pub struct Eqsat {
    pub options: EqsatOptions,
    /// Test-only: alters the rewritten program before it is verified, to check that a program
    /// the verifier rejects fails the pass with the rules named ([`rejected`]).
    #[doc(hidden)]
    pub tamper: Option<fn(&mut File)>,
}

impl XhloPass for Eqsat {
    /// Its output is parsed text (`rewrite_module_text`).
    const KEEPS_IR_VALID: bool = true;
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-eqsat",
        summary: "Simplify xhlo by equality saturation (egg) and DAG-aware extraction",
        options: &[
            PassOption { name: "iter-limit", default: "30", help: "e-graph iterations per phase" },
            PassOption { name: "node-limit", default: "20000", help: "stop growing the e-graph at this many e-nodes" },
            PassOption { name: "time-limit-ms", default: "2000", help: "time for both phases together, per function" },
            PassOption { name: "fast-math", default: "false", help: "also apply rules that are not bit-exact for floats" },
            PassOption { name: "fuse", default: "true", help: "phase 3: fused kernels (xhlo.fusion) chosen by the cost model" },
            PassOption { name: "stats", default: "false", help: "print statistics to stderr" },
            PassOption { name: "explain", default: "false", help: "print egg's explanation of each rewritten value to stderr" },
        ],
    };

    fn from_options(o: &PassOptions) -> Result<Self, String> {
        let i = &Self::INFO;
        Ok(Eqsat {
            options: EqsatOptions {
                iter_limit: o.get_parsed(i, "iter-limit")?,
                node_limit: o.get_parsed(i, "node-limit")?,
                time_limit_ms: o.get_parsed(i, "time-limit-ms")?,
                fast_math: o.get_parsed(i, "fast-math")?,
                fuse: o.get_parsed(i, "fuse")?,
                stats: o.get_parsed(i, "stats")?,
                explain: o.get_parsed(i, "explain")?,
            },
            tamper: None,
        })
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        let stats = std::cell::RefCell::new(Stats::default());
        crate::lowering::rewrite_module_text_or(
            op,
            |text, file| {
                let mut parsed = mlir_text::parser::parse_file(text).map_err(|e| e.in_file(file).to_string())?;
                let run = optimize_file(&mut parsed, &self.options);
                if let Some(tamper) = self.tamper {
                    tamper(&mut parsed);
                }
                let changed = run.functions.iter().any(|f| f.changed);
                *stats.borrow_mut() = run;
                Ok(changed.then(|| mlir_text::print::print_file(&parsed, file)))
            },
            || rejected(&stats.borrow()),
        )?;
        // MLIR verified each op when it parsed the result; calls are checked against the
        // module's functions here.
        if stats.borrow().functions.iter().any(|f| f.changed) {
            let errors = xhlo_dialect::verifier::verify_operation(op);
            if !errors.is_empty() {
                let errors: Vec<String> = errors.iter().map(|d| d.to_string()).collect();
                return Err(format!("{}:\n{}", rejected(&stats.borrow()), errors.join("\n")));
            }
        }
        Ok(())
    }
}

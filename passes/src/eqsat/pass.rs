//! `xhlo-eqsat`: equality saturation over each function body.
//!
//! Phase 1 runs the simplification rules ([`super::rules::simplification`]) until the
//! e-graph saturates or a limit is hit; phase 2 adds the exploration rules within the same
//! limits. The DAG-aware extractor then picks the cheapest program; it replaces the body
//! only when it is cheaper than the original (never worse). Like `convert-xhlo-to-linalg`
//! the pass works on text: the module is printed in generic form, read into the AST,
//! rewritten function by function, printed, parsed and swapped in.

use super::convert::{from_extraction, to_egraph};
use super::extract::extract;
use super::rules;
use crate::pass::{PassInfo, PassOption, PassOptions, XhloPass};
use egg::{Runner, StopReason};
use melior::ir::OperationRef;
use std::fmt;
use std::time::{Duration, Instant};
use xhlo_stablehlo::ast::{File, Op};

/// The pass's settings.
#[derive(Clone, Debug)]
pub struct EqsatOptions {
    pub iter_limit: usize,
    pub node_limit: usize,
    pub time_limit_ms: u64,
    /// Allow rules that are not bit-exact for floats (`x + 0 → x`).
    pub fast_math: bool,
    pub stats: bool,
}

impl Default for EqsatOptions {
    fn default() -> Self {
        EqsatOptions { iter_limit: 30, node_limit: 20_000, time_limit_ms: 2_000, fast_math: false, stats: false }
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
    pub iterations: [usize; 2],
    pub time: [Duration; 2],
    pub stop: [String; 2],
    pub cost_before: f64,
    pub cost_after: f64,
    pub changed: bool,
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
            writeln!(
                f,
                "xhlo-eqsat @{}: {} e-classes, {} e-nodes; simplify {} iterations {:.1} ms ({}); explore {} iterations {:.1} ms ({}); cost {:.0} -> {:.0}{}",
                s.name,
                s.classes,
                s.nodes,
                s.iterations[0],
                s.time[0].as_secs_f64() * 1e3,
                s.stop[0],
                s.iterations[1],
                s.time[1].as_secs_f64() * 1e3,
                s.stop[1],
                s.cost_before,
                s.cost_after,
                if s.changed { "" } else { " (kept the original)" }
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

/// Runs eqsat on one function; replaces its body when the result is cheaper.
fn optimize_function(func: &mut Op, options: &EqsatOptions) -> FunctionStats {
    let mut stats = FunctionStats { name: match func.attr("sym_name") { Some(xhlo_stablehlo::ast::Attribute::Str(s)) => s.clone(), _ => "?".into() }, ..Default::default() };
    let Some(body) = func.regions.first().filter(|r| r.blocks.len() == 1).map(|r| &r.blocks[0]) else {
        stats.skipped = Some("not a single-block body".into());
        return stats;
    };
    let (egraph, plan) = match to_egraph(body, func.pos) {
        Ok(x) => x,
        Err(e) => {
            stats.skipped = Some(e);
            return stats;
        }
    };
    let roots = plan.roots();
    stats.cost_before = plan.original_cost;
    let deadline = Instant::now() + Duration::from_millis(options.time_limit_ms);
    let mut egraph = egraph;
    for phase in 0..2 {
        let left = deadline.saturating_duration_since(Instant::now());
        let rules = if phase == 0 { rules::simplification(options.fast_math) } else { rules::exploration(options.fast_math) };
        let start = Instant::now();
        let runner = Runner::default()
            .with_egraph(egraph)
            .with_iter_limit(options.iter_limit)
            .with_node_limit(options.node_limit)
            .with_time_limit(left)
            .run(&rules);
        stats.time[phase] = start.elapsed();
        stats.iterations[phase] = runner.iterations.len();
        stats.stop[phase] = stop_text(&runner.stop_reason);
        egraph = runner.egraph;
    }
    stats.classes = egraph.number_of_classes();
    stats.nodes = egraph.total_number_of_nodes();
    let extraction = match extract(&egraph, &roots) {
        Ok(e) => e,
        Err(e) => {
            stats.skipped = Some(e);
            return stats;
        }
    };
    stats.cost_after = extraction.cost;
    if extraction.cost >= stats.cost_before - 1e-9 {
        stats.cost_after = stats.cost_before;
        return stats;
    }
    match from_extraction(&egraph, &plan, &extraction.choices, &body.args) {
        Ok(block) => {
            func.regions[0].blocks[0] = block;
            stats.changed = true;
        }
        Err(e) => stats.skipped = Some(e),
    }
    stats
}

fn visit(ops: &mut [Op], options: &EqsatOptions, stats: &mut Stats) {
    for op in ops {
        match op.name.as_str() {
            "func.func" => stats.functions.push(optimize_function(op, options)),
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

/// Runs eqsat on every function of a parsed file (in place).
pub fn optimize_file(file: &mut File, options: &EqsatOptions) -> Stats {
    let mut stats = Stats::default();
    visit(&mut file.ops, options, &mut stats);
    if options.stats || std::env::var_os("XHLO_EQSAT_STATS").is_some() {
        eprint!("{stats}");
    }
    stats
}

/// Runs eqsat on xhlo text (generic form) and prints the result.
pub fn optimize_text(text: &str, file: &str, options: &EqsatOptions) -> Result<(String, Stats), String> {
    let mut parsed = xhlo_stablehlo::parser::parse_file(text).map_err(|e| e.in_file(file).to_string())?;
    let stats = optimize_file(&mut parsed, options);
    Ok((xhlo_stablehlo::print::print_file(&parsed, file), stats))
}

/// The MLIR pass.
#[derive(Clone, Default)]
pub struct Eqsat {
    pub options: EqsatOptions,
}

impl XhloPass for Eqsat {
    const INFO: PassInfo = PassInfo {
        argument: "xhlo-eqsat",
        summary: "Simplify xhlo by equality saturation (egg) and DAG-aware extraction",
        options: &[
            PassOption { name: "iter-limit", default: "30", help: "e-graph iterations per phase" },
            PassOption { name: "node-limit", default: "20000", help: "stop growing the e-graph at this many e-nodes" },
            PassOption { name: "time-limit-ms", default: "2000", help: "time for both phases together, per function" },
            PassOption { name: "fast-math", default: "false", help: "also apply rules that are not bit-exact for floats" },
            PassOption { name: "stats", default: "false", help: "print statistics to stderr (also with XHLO_EQSAT_STATS set)" },
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
                stats: o.get_parsed(i, "stats")?,
            },
        })
    }

    fn run(&mut self, op: OperationRef) -> Result<(), String> {
        crate::lowering::rewrite_module_text(op, |text, file| {
            let (out, stats) = optimize_text(text, file, &self.options)?;
            Ok(stats.functions.iter().any(|f| f.changed).then_some(out))
        })
    }
}

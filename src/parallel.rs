//! StableHLO's interpreter harness op `interpreter.run_parallel`, mapped onto MPI ranks.
//!
//! A test chunk's `@main` makes constants, runs `programs = [[@f, ...], ...]` (one row per
//! replica, one column per partition) on them with `run_parallel` and checks the results.
//! Here the chunk becomes a [`Plan`]: the module without `@main`, and for each process (rank
//! `r * partitions + p` runs `programs[r][p]`, as StableHLO numbers processes) its function,
//! its inputs (the operands taken in order, as many as the function has parameters; tokens
//! pass as nothing) and where its results go among `run_parallel`'s; then the checks on
//! those results. `xla-run --check` starts one process per program under `mpirun`, each
//! compiles and runs its own function ([`Plan`] is computed alike by every process), and
//! the checks are evaluated on the results they write.

use crate::check::{check_of, evaluate, Check};
use crate::ir::literal::Literal;
use mlir_text::ast::{Attribute, File, Op, Type};
use std::collections::HashMap;

/// One process of a `run_parallel`.
#[derive(Clone, Debug)]
pub struct Slot {
    /// The function it runs.
    pub entry: String,
    /// Its inputs (tokens left out).
    pub inputs: Vec<Literal>,
    /// For each result of the function that is a tensor, its index among `run_parallel`'s.
    pub results: Vec<usize>,
    /// Its `interpreter.print` ops, in order: their values are the function's last results
    /// ([`take_prints`]).
    pub prints: Vec<Print>,
}

/// One `interpreter.print`: the printed value's name and type as written.
#[derive(Clone, Debug)]
pub struct Print {
    pub name: String,
    pub ty: String,
}

impl Print {
    /// What the interpreter prints for `value`: `%0 = tensor<2xi32> {...}`. The name is the
    /// source's (MLIR's printer would number the function's values afresh).
    pub fn text(&self, value: &Literal) -> String {
        format!("{} = {}", self.name, crate::interpreter_print::text(value, &self.ty))
    }
}

/// Moves the `interpreter.print` ops out of the functions of `ops`: each print's operand
/// becomes a last result of its function (the process prints it after the run), and the
/// prints are returned by function. A print's value is the same whenever it is printed, and
/// the process's prints stay in program order; what cannot be moved so is refused: a print
/// nested in a region (it may run any number of times) or in a function that others call
/// (its callers would see the new results).
fn take_prints(ops: &mut [Op]) -> Result<HashMap<String, Vec<Print>>, String> {
    fn nested(op: &Op) -> Option<&Op> {
        op.regions.iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops).find_map(|o| if o.name == "interpreter.print" { Some(o) } else { nested(o) })
    }
    fn called(op: &Op, out: &mut Vec<String>) {
        if let Some(Attribute::Symbol(path)) = op.attr("callee") {
            out.extend(path.last().cloned());
        }
        op.regions.iter().flat_map(|r| &r.blocks).flat_map(|b| &b.ops).for_each(|o| called(o, out));
    }
    let mut callees = Vec::new();
    ops.iter().for_each(|o| called(o, &mut callees));
    let mut prints = HashMap::new();
    for f in ops.iter_mut().filter(|o| o.name == "func.func") {
        let name = f.sym_name().unwrap_or_default().to_string();
        let Some(body) = f.regions.first_mut().and_then(|r| r.blocks.first_mut()) else { continue };
        if let Some(p) = body.ops.iter().filter(|o| o.name != "interpreter.print").find_map(nested) {
            return Err(format!("line {}: unsupported: interpreter.print inside a region (in @{name})", p.pos.line));
        }
        let (taken, kept): (Vec<Op>, Vec<Op>) = std::mem::take(&mut body.ops).into_iter().partition(|o| o.name == "interpreter.print");
        body.ops = kept;
        if taken.is_empty() {
            continue;
        }
        if callees.contains(&name) {
            return Err(format!("line {}: unsupported: interpreter.print in @{name}, which other functions call", taken[0].pos.line));
        }
        let ret = body.ops.last_mut().filter(|o| o.name == "func.return").ok_or_else(|| format!("@{name} does not end in func.return"))?;
        let mut list = Vec::new();
        for p in &taken {
            let (Some(v), Some(t)) = (p.operands.first(), p.operand_types.first()) else { return Err(format!("line {}: interpreter.print without an operand", p.pos.line)) };
            ret.operands.push(v.clone());
            ret.operand_types.push(t.clone());
            list.push(Print { name: v.to_string(), ty: mlir_text::print::type_to_string(t) });
        }
        let added: Vec<Type> = taken.iter().filter_map(|p| p.operand_types.first().cloned()).collect();
        for (k, v) in f.properties.iter_mut().chain(f.attrs.iter_mut()) {
            if let ("function_type", Attribute::Type(Type::Function { results, .. })) = (k.as_str(), v) {
                results.extend(added.iter().cloned());
            }
        }
        prints.insert(name, list);
    }
    Ok(prints)
}

/// A chunk with `interpreter.run_parallel`, ready to run on `replicas * partitions` ranks.
#[derive(Clone, Debug)]
pub struct Plan {
    pub replicas: usize,
    pub partitions: usize,
    /// The chunk without `@main` (StableHLO, generic form).
    pub module: String,
    /// By rank.
    pub slots: Vec<Slot>,
    /// The checks after `run_parallel`, each with the results it reads, in order.
    pub checks: Vec<(Check, Vec<usize>)>,
    /// How many results `run_parallel` has.
    pub results: usize,
    /// The harness's infeed queue: functions without parameters, each giving one item (its
    /// results) to the next `infeed` of the process, in order.
    pub infeed: Vec<String>,
}

fn is_token(t: &Type) -> bool {
    matches!(t, Type::Dialect(d) if d.ends_with("token"))
}


fn function_type(op: &Op) -> Option<(&[Type], &[Type])> {
    op.properties.iter().chain(&op.attrs).find_map(|(k, v)| match (k.as_str(), v) {
        ("function_type", Attribute::Type(Type::Function { inputs, results })) => Some((inputs.as_slice(), results.as_slice())),
        _ => None,
    })
}

/// The ops of the module's body (or the file's, when there is no `builtin.module`).
fn module_ops(file: &mut File) -> &mut Vec<Op> {
    let has_module = file.ops.iter().position(|o| o.name == "builtin.module");
    match has_module {
        Some(i) if !file.ops[i].regions.is_empty() && !file.ops[i].regions[0].blocks.is_empty() => &mut file.ops[i].regions[0].blocks[0].ops,
        _ => &mut file.ops,
    }
}

impl Plan {
    /// Reads a chunk (StableHLO text of `file`) whose `@main` runs
    /// `interpreter.run_parallel`.
    pub fn of(text: &str, file: &str) -> Result<Plan, String> {
        let mut parsed = crate::stablehlo::parse_file(text).map_err(|e| e.in_file(file))?;
        let ops = module_ops(&mut parsed);
        let main_at = ops.iter().position(|o| o.name == "func.func" && o.sym_name() == Some("main")).ok_or("no @main")?;
        let main = ops.remove(main_at);
        let signatures: HashMap<String, (Vec<Type>, Vec<Type>)> = ops
            .iter()
            .filter(|o| o.name == "func.func")
            .filter_map(|o| Some((o.sym_name()?.to_string(), function_type(o).map(|(i, r)| (i.to_vec(), r.to_vec()))?)))
            .collect();
        let body = main.regions.first().and_then(|r| r.blocks.first()).ok_or("@main has no body")?;
        // Values @main defines before run_parallel: constants and tokens.
        let mut values: HashMap<String, Option<Literal>> = HashMap::new();
        let mut plan = None;
        for op in &body.ops {
            let result = op.results.first().map(|(n, _)| n.clone()).unwrap_or_default();
            match op.name.as_str() {
                "stablehlo.constant" => {
                    let Some(Attribute::Dense { body, .. }) = op.attr("value") else { return Err(format!("line {}: constant without a dense value", op.pos.line)) };
                    let t = crate::lowering::convert::xtensor(&op.result_types[0])?;
                    values.insert(result, Some(Literal::parse_dense(body, &t)?));
                }
                "stablehlo.after_all" | "stablehlo.create_token" => {
                    values.insert(result, None);
                }
                "interpreter.run_parallel" => plan = Some(Self::slots(op, &values, &signatures, &result)?),
                name if name.starts_with("check.") => {
                    let (p, name_of) = plan.as_mut().ok_or_else(|| format!("line {}: a check before run_parallel", op.pos.line))?;
                    let reads = op.operands.iter().map(|v| name_of(&v.0).ok_or_else(|| format!("line {}: a check of {v}, not a result of run_parallel", op.pos.line))).collect::<Result<Vec<_>, _>>()?;
                    p.checks.push((check_of(op, name.trim_start_matches("check."), 0)?, reads));
                }
                "func.return" => {}
                other => return Err(format!("unsupported: {other} in the @main of a run_parallel test (only constants, tokens, run_parallel and checks)")),
            }
        }
        let (mut plan, _) = plan.ok_or("@main has no interpreter.run_parallel")?;
        let prints = take_prints(module_ops(&mut parsed))?;
        for slot in &mut plan.slots {
            slot.prints = prints.get(&slot.entry).cloned().unwrap_or_default();
        }
        plan.module = mlir_text::print::print_file(&parsed, file);
        Ok(plan)
    }

    /// The slots of `op` (run_parallel), and a map from its results' names to indices.
    #[allow(clippy::type_complexity)]
    fn slots(
        op: &Op,
        values: &HashMap<String, Option<Literal>>,
        signatures: &HashMap<String, (Vec<Type>, Vec<Type>)>,
        result: &str,
    ) -> Result<(Plan, Box<dyn Fn(&str) -> Option<usize>>), String> {
        let Some(Attribute::Array(rows)) = op.attr("programs") else { return Err("run_parallel without programs".into()) };
        let symbols = |name: &str, a: &Attribute| match a {
            Attribute::Symbol(path) => Ok(path.join("::")),
            other => Err(format!("{name}: expected @function, got {other:?}")),
        };
        let grid: Vec<Vec<String>> = rows
            .iter()
            .map(|row| match row {
                Attribute::Array(cells) => cells.iter().map(|c| symbols("programs", c)).collect(),
                other => Err(format!("programs: expected a row of functions, got {other:?}")),
            })
            .collect::<Result<_, String>>()?;
        let (replicas, partitions) = (grid.len(), grid.first().map_or(0, Vec::len));
        if replicas == 0 || partitions == 0 || grid.iter().any(|r| r.len() != partitions) {
            return Err("programs must be a non-empty replicas x partitions grid".into());
        }
        let infeed = match op.attr("infeed") {
            None => Vec::new(),
            Some(Attribute::Array(items)) => items.iter().map(|c| symbols("infeed", c)).collect::<Result<Vec<_>, _>>()?,
            Some(other) => return Err(format!("infeed: expected a list of @functions, got {other:?}")),
        };
        // The interpreter's queue is one for the whole grid: each `infeed` of any process
        // takes the next item. Processes here share no memory, so only a grid of one process
        // keeps that meaning.
        if !infeed.is_empty() && replicas * partitions > 1 {
            return Err(format!("unsupported: run_parallel's infeed queue shared by {} processes (its items go to whichever process asks first; ranks here share no queue)", replicas * partitions));
        }
        for f in &infeed {
            match signatures.get(f) {
                Some((ins, _)) if ins.is_empty() => {}
                Some(_) => return Err(format!("infeed: @{f} takes parameters (an infeed item is the results of a function without them)")),
                None => return Err(format!("infeed: no function @{f}")),
            }
        }
        let mut operands = op.operands.iter();
        let mut next_result = 0;
        let mut slots = Vec::new();
        for entry in grid.into_iter().flatten() {
            let (ins, outs) = signatures.get(&entry).ok_or_else(|| format!("no function @{entry}"))?;
            let mut inputs = Vec::new();
            for _ in ins {
                let v = operands.next().ok_or("run_parallel has fewer operands than its programs take")?;
                match values.get(&v.0) {
                    Some(Some(l)) => inputs.push(l.clone()),
                    Some(None) => {}
                    None => return Err(format!("unsupported: run_parallel operand {v} is not a constant or a token of @main")),
                }
            }
            let mut results = Vec::new();
            for t in outs {
                if !is_token(t) {
                    results.push(next_result);
                }
                next_result += 1;
            }
            slots.push(Slot { entry, inputs, results, prints: Vec::new() });
        }
        let total = next_result;
        let name = result.to_string();
        let name_of = move |v: &str| -> Option<usize> {
            match v.split_once('#') {
                Some((n, i)) if n == name => i.parse().ok(),
                None if v == name && total == 1 => Some(0),
                _ => None,
            }
        };
        Ok((Plan { replicas, partitions, module: String::new(), slots, checks: Vec::new(), results: total, infeed }, Box::new(name_of)))
    }

    /// Evaluates the checks on `results` (by run_parallel result index; tokens absent).
    pub fn evaluate(&self, results: &HashMap<usize, Literal>) -> Result<(), String> {
        for (check, reads) in &self.checks {
            let values = reads.iter().map(|i| results.get(i).cloned().ok_or_else(|| format!("result #{i} is missing"))).collect::<Result<Vec<_>, _>>()?;
            evaluate(check, &values).map_err(|e| format!("check at line {}: {e}", check.line))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// send_recv.mlir's second chunk: programs of different arity, tokens left out.
    #[test]
    fn operands_and_results_are_dealt_to_the_programs_in_order() {
        let text = r#"module @m {
  func.func @send(%operand : tensor<2xi64>, %token : !stablehlo.token) -> !stablehlo.token {
    %r = "stablehlo.send"(%operand, %token) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
    return %r : !stablehlo.token
  }
  func.func @recv(%token : !stablehlo.token) -> (tensor<2xi64>, !stablehlo.token) {
    %r0, %r1 = "stablehlo.recv"(%token) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
    return %r0, %r1 : tensor<2xi64>, !stablehlo.token
  }
  func.func @main() {
    %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
    %1 = stablehlo.after_all : !stablehlo.token
    %2:3 = "interpreter.run_parallel"(%0, %1, %1) {programs=[[@send], [@recv]]} : (tensor<2xi64>, !stablehlo.token, !stablehlo.token) -> (!stablehlo.token, tensor<2xi64>, !stablehlo.token)
    check.expect_eq_const %2#1, dense<[1, 2]> : tensor<2xi64>
    func.return
  }
}"#;
        let plan = Plan::of(text, "t.mlir").unwrap();
        assert_eq!((plan.replicas, plan.partitions, plan.results), (2, 1, 3));
        assert_eq!(plan.slots[0].entry, "send");
        assert_eq!(plan.slots[0].inputs.len(), 1);
        assert_eq!(plan.slots[0].results, Vec::<usize>::new());
        assert_eq!(plan.slots[1].results, vec![1]);
        assert_eq!(plan.checks.len(), 1);
        assert_eq!(plan.checks[0].1, vec![1]);
        assert!(!plan.module.contains("interpreter.run_parallel") && plan.module.contains("t.mlir"), "{}", plan.module);
    }

    /// A print's value becomes the function's last result; a print in a loop, or a queue
    /// for several processes, is refused.
    #[test]
    fn prints_become_results_and_what_cannot_be_kept_is_refused() {
        let text = r#"func.func @f() -> tensor<2xi32> {
  %0 = stablehlo.iota dim = 0 : tensor<2xi32>
  interpreter.print %0 : tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func @main() {
  %r:2 = "interpreter.run_parallel"() {programs = [[@f, @f]]} : () -> (tensor<2xi32>, tensor<2xi32>)
  func.return
}"#;
        let plan = Plan::of(text, "t.mlir").unwrap();
        assert_eq!(plan.slots[1].results, vec![1]);
        assert_eq!((plan.slots[1].prints[0].name.as_str(), plan.slots[1].prints[0].ty.as_str()), ("%0", "tensor<2xi32>"));
        assert!(!plan.module.contains("interpreter.print") && plan.module.contains("(tensor<2xi32>, tensor<2xi32>)"), "{}", plan.module);
        let queued = text.replace("{programs", "{infeed = [@f], programs");
        assert!(Plan::of(&queued, "t.mlir").unwrap_err().contains("infeed queue shared by 2 processes"));
    }
}

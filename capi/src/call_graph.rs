//! The call graph of a module, described as text, for the recursion check of the mlir-opt
//! plugin's `xhlo.call` verifier: the functions directly inside the module that holds the
//! call's function, each with the calls (`func.call`, `xhlo.call`) it makes in walk order:
//!
//! ```text
//! func <TAB> <symbol name>
//! call <TAB> <callee> <TAB> <call op name>     (a call of the function above)
//! ```
//!
//! The answer is one line per call that closes a cycle, as `xla-opt`'s verifier reports them
//! ([`xhlo::dialect::verifier::find_recursion`]): `<closing call> <TAB> <the cycle's calls,
//! comma-separated> <TAB> <message>`, calls numbered by their line's order among the `call`
//! lines from 0.

use xhlo::dialect::verifier::{find_recursion, CallGraph};

/// Reads the description; an error names the line.
fn read(description: &str) -> Result<CallGraph, String> {
    let mut graph: CallGraph = Vec::new();
    for (n, line) in description.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields.as_slice() {
            ["func", name] => graph.push((name.to_string(), Vec::new())),
            ["call", callee, op] => match graph.last_mut() {
                Some((_, calls)) => calls.push((callee.to_string(), op.to_string())),
                None => return Err(format!("call graph line {}: a call before any func", n + 1)),
            },
            _ => return Err(format!("call graph line {}: expected `func\\tNAME` or `call\\tCALLEE\\tOP`, got {line:?}", n + 1)),
        }
    }
    Ok(graph)
}

/// The cycle-closing calls of the described graph, one a line (see the module doc).
pub fn recursive_calls(description: &str) -> Result<String, String> {
    let graph = read(description)?;
    // The number of each function's first call among all calls.
    let mut first = Vec::with_capacity(graph.len());
    let mut count = 0;
    for (_, calls) in &graph {
        first.push(count);
        count += calls.len();
    }
    let number = |(f, k): (usize, usize)| first[f] + k;
    let mut out = String::new();
    for r in find_recursion(&graph) {
        let cycle: Vec<String> = r.cycle.iter().map(|&c| number(c).to_string()).collect();
        out += &format!("{}\t{}\t{}\n", number(r.closing), cycle.join(","), r.message.replace(['\n', '\t'], " "));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::recursive_calls;

    #[test]
    fn a_cycle_is_reported_at_the_call_that_closes_it_with_every_call_on_it() {
        let graph = "func\tmain\ncall\tf\txhlo.call\nfunc\tf\ncall\tg\tfunc.call\nfunc\tg\ncall\tabs\txhlo.call\ncall\tf\txhlo.call\n";
        assert_eq!(recursive_calls(graph).unwrap(), "3\t1,3\t'xhlo.call' op calls @f recursively (@f -> @g -> @f): XLA programs have no recursion\n");
        assert_eq!(recursive_calls("func\tmain\ncall\tf\txhlo.call\nfunc\tf\n").unwrap(), "");
        assert!(recursive_calls("call\tf\txhlo.call\n").unwrap_err().contains("line 1"));
        assert!(recursive_calls("func\n").unwrap_err().contains("line 1"));
    }
}

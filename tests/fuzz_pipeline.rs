//! The whole pipeline never panics (issue 11): small real programs — the StableHLO
//! interpreter suite's tests — mutated where it matters to the later stages (a number, an
//! element type, an op name, a line deleted or repeated), then imported, verified, rewritten
//! by the e-graph, lowered, compiled by the JIT and run with their checks. Each case must end
//! in a result or an error, never a panic (a crash or a hang in compiled code fails the whole
//! test binary). The case count is bounded for CI (`XHLO_FUZZ_CASES` raises it). The
//! hostile-input reproducers of the corpus (`tests/fuzz/corpus/`, whose outcomes `cli.rs`
//! pins) are seeds too, so their neighbours are tried; every case runs under a memory limit
//! of 256 MB, so a mutation that shrinks a huge tensor to one the machine could hold is run
//! only when it is small.

use crate::support::{files, repo_root};
use proptest::prelude::*;
use std::sync::LazyLock;
use xhlo::dialect::{source::split_input, XhloContext};

static SEEDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let dir = repo_root().join("../shared/stablehlo-tests/mlir");
    let mut out = Vec::new();
    for path in files(dir.to_str().unwrap(), "mlir") {
        let text = std::fs::read_to_string(path).unwrap();
        for chunk in split_input(&text) {
            let t = chunk.text.trim();
            if t.contains("func.func") && t.len() < 1500 && !t.contains("interpreter.") {
                out.push(t.to_string());
            }
        }
    }
    assert!(out.len() > 100, "seed programs not found under {}", dir.display());
    out
});

/// The corpus's reproducers, without their first line (how `cli.rs` runs them).
static CORPUS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let out: Vec<String> = crate::cli::corpus()
        .iter()
        .map(|r| {
            let text = String::from_utf8_lossy(&std::fs::read(&r.path).unwrap()).into_owned();
            text.split_once('\n').map_or(String::new(), |(_, rest)| rest.to_string())
        })
        .collect();
    assert!(!out.is_empty());
    out
});

const NUMBERS: &[&str] = &["0", "1", "2", "3", "7", "64", "-1", "1000000", "2147483648"];
const ELEMENTS: &[&str] = &["f32", "f64", "f16", "bf16", "i1", "i8", "i32", "i64", "ui8", "complex<f32>"];
const OPS: &[&str] = &["add", "multiply", "maximum", "negate", "exponential", "convert", "reshape", "transpose", "reduce", "slice", "broadcast_in_dim", "dot_general", "select", "compare", "iota", "concatenate"];

#[derive(Debug, Clone)]
enum Mutation {
    /// The k-th run of digits becomes `NUMBERS[j]`.
    Number(usize, usize),
    /// The k-th element type becomes `ELEMENTS[j]`.
    Element(usize, usize),
    /// The k-th `stablehlo.<op>` becomes `stablehlo.OPS[j]`.
    OpName(usize, usize),
    DeleteLine(usize),
    RepeatLine(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 0..NUMBERS.len()).prop_map(|(k, j)| Mutation::Number(k, j)),
        (any::<usize>(), 0..ELEMENTS.len()).prop_map(|(k, j)| Mutation::Element(k, j)),
        (any::<usize>(), 0..OPS.len()).prop_map(|(k, j)| Mutation::OpName(k, j)),
        any::<usize>().prop_map(Mutation::DeleteLine),
        any::<usize>().prop_map(Mutation::RepeatLine),
    ]
}

/// Byte ranges of the pieces a mutation may replace.
fn spans(text: &str, is_piece: impl Fn(&str, usize) -> Option<usize>) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        match is_piece(text, i) {
            Some(len) => {
                out.push((i, i + len));
                i += len;
            }
            None => i += text[i..].chars().next().map_or(1, char::len_utf8),
        }
    }
    out
}

fn replace_kth(text: &str, found: &[(usize, usize)], k: usize, with: &str) -> String {
    let Some(&(a, b)) = found.get(k % found.len().max(1)) else { return text.to_string() };
    format!("{}{with}{}", &text[..a], &text[b..])
}

fn apply(text: &str, m: &Mutation) -> String {
    let word_at = |t: &str, i: usize| t[..i].chars().next_back().is_none_or(|c| !c.is_ascii_alphanumeric() && c != '_');
    match *m {
        Mutation::Number(k, j) => {
            let found = spans(text, |t, i| {
                let len = t[i..].find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len() - i);
                (len > 0 && word_at(t, i)).then_some(len)
            });
            replace_kth(text, &found, k, NUMBERS[j])
        }
        Mutation::Element(k, j) => {
            let found = spans(text, |t, i| ELEMENTS.iter().find(|e| t[i..].starts_with(**e) && !e.contains('<')).map(|e| e.len()));
            replace_kth(text, &found, k, ELEMENTS[j])
        }
        Mutation::OpName(k, j) => {
            let found = spans(text, |t, i| {
                let rest = t[i..].strip_prefix("stablehlo.")?;
                Some("stablehlo.".len() + rest.find(|c: char| !c.is_ascii_alphanumeric() && c != '_').unwrap_or(rest.len()))
            });
            replace_kth(text, &found, k, &format!("stablehlo.{}", OPS[j]))
        }
        Mutation::DeleteLine(k) | Mutation::RepeatLine(k) => {
            let lines: Vec<&str> = text.lines().collect();
            let k = k % lines.len().max(1);
            let mut out = Vec::new();
            for (i, l) in lines.iter().enumerate() {
                match (i == k, m) {
                    (true, Mutation::DeleteLine(_)) => {}
                    (true, _) => out.extend([*l, *l]),
                    _ => out.push(*l),
                }
            }
            out.join("\n")
        }
    }
}

fn cases() -> u32 {
    std::env::var("XHLO_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_programs_compile_and_run_or_fail_cleanly(seed in any::<usize>(), from_corpus in proptest::bool::weighted(0.25), mutations in proptest::collection::vec(mutation(), 1..3)) {
        let seeds: &[String] = if from_corpus { &CORPUS } else { &SEEDS };
        let mut text = seeds[seed % seeds.len()].clone();
        for m in &mutations {
            text = apply(&text, m);
        }
        let ctx = XhloContext::new();
        let options = xhlo::runtime::CompileOptions { threads: 1, memory_limit: Some(256 << 20), ..Default::default() };
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| xhlo::check::run_chunk_options(&ctx, &text, "fuzz.mlir", &options)));
        prop_assert!(outcome.is_ok(), "the pipeline panicked on:\n{text}");
    }
}

#[test]
fn the_mutations_change_what_they_name() {
    let t = "%0 = stablehlo.add %a, %b : tensor<2x3xf32>";
    assert_eq!(apply(t, &Mutation::Number(1, 3)), "%0 = stablehlo.add %a, %b : tensor<3x3xf32>");
    assert_eq!(apply(t, &Mutation::Element(0, 6)), "%0 = stablehlo.add %a, %b : tensor<2x3xi32>");
    assert_eq!(apply(t, &Mutation::OpName(0, 1)), "%0 = stablehlo.multiply %a, %b : tensor<2x3xf32>");
}

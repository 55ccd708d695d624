//! The parser never panics: real inputs from the corpus, mutated at random (bytes deleted,
//! duplicated, replaced by MLIR punctuation or cut short), must give `Ok` or a located
//! `Err`, never a panic or a hang.

use crate::corpus::{chunks, files, shared};
use proptest::prelude::*;
use std::sync::LazyLock;
use xhlo_stablehlo::parse_file;

static SEEDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut out = Vec::new();
    let mut paths = files(&shared().join("stablehlo-tests/mlir"), ".mlir");
    paths.extend(files(&shared().join("stablehlo-tests/generic"), ".mlir").into_iter().step_by(4));
    for p in paths {
        let text = std::fs::read_to_string(p).unwrap();
        out.extend(chunks(&text).into_iter().filter(|c| c.len() < 4000).map(str::to_string));
    }
    out
});

const PIECES: &[&str] = &["(", ")", "{", "}", "<", ">", "[", "]", ",", ":", "=", "->", "%", "#", "!", "^", "@", "\"", "x", "0x", "-", "?", "*", "tensor<", "dense<", "\n", "// -----", "%0#9", "^bb0(", "0.5e", "9999999999999999999999"];

#[derive(Debug, Clone)]
enum Mutation {
    Delete(usize, usize),
    Duplicate(usize, usize),
    Insert(usize, usize),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..40usize).prop_map(|(a, n)| Mutation::Delete(a, n)),
        (any::<usize>(), 1..80usize).prop_map(|(a, n)| Mutation::Duplicate(a, n)),
        (any::<usize>(), 0..PIECES.len()).prop_map(|(a, k)| Mutation::Insert(a, k)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn char_boundary(s: &str, at: usize) -> usize {
    let mut at = at % (s.len() + 1);
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn apply(text: &str, m: &Mutation) -> String {
    match *m {
        Mutation::Delete(a, n) => {
            let a = char_boundary(text, a);
            let b = char_boundary(text, (a + n).min(text.len()));
            format!("{}{}", &text[..a], &text[b.max(a)..])
        }
        Mutation::Duplicate(a, n) => {
            let a = char_boundary(text, a);
            let b = char_boundary(text, (a + n).min(text.len())).max(a);
            format!("{}{}{}", &text[..b], &text[a..b], &text[b..])
        }
        Mutation::Insert(a, k) => {
            let a = char_boundary(text, a);
            format!("{}{}{}", &text[..a], PIECES[k], &text[a..])
        }
        Mutation::Truncate(a) => text[..char_boundary(text, a)].to_string(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn mutated_corpus_inputs_never_panic(seed in any::<usize>(), mutations in proptest::collection::vec(mutation(), 1..4)) {
        let mut text = SEEDS[seed % SEEDS.len()].clone();
        for m in &mutations {
            text = apply(&text, m);
        }
        if let Err(e) = parse_file(&text) {
            prop_assert!(e.pos.line >= 1, "error without a position: {e}");
        }
    }
}

#[test]
fn deeply_nested_input_is_an_error_not_a_stack_overflow() {
    let text = format!("\"a.b\"() {}", "({".repeat(100_000));
    assert!(parse_file(&text).is_err());
    let text = format!("func.func @f(%a: {}", "tuple<".repeat(100_000));
    assert!(parse_file(&text).is_err());
}

//! Tokens, infeed and outfeed run on the host: items are read and written in program order,
//! through loops, with several values per item and sub-byte elements; a missing or
//! mistyped item fails the run with a message, never with garbage.

use xhlo::dialect::{source, XhloContext};
use xhlo::feed::Feed;
use xhlo::ir::literal::{Literal, Scalar};
use xhlo::ir::{ElementType, TensorType};
use xhlo::runtime::{compile, CompileOptions, Program};

/// Compiles StableHLO text.
fn program(text: &str) -> Program {
    let ctx = XhloContext::new();
    let xhlo_text = xhlo::import::to_xhlo_text(text, "feed.mlir").unwrap_or_else(|e| panic!("{e}"));
    let module = source::parse_and_verify(&ctx, &xhlo_text, "feed.mlir").unwrap_or_else(|d| panic!("{d:?}"));
    compile(&ctx, &module, &CompileOptions::default(), "feed.mlir").unwrap_or_else(|e| panic!("{e}"))
}

fn literal(t: ElementType, dims: &[i64], values: &[f64]) -> Literal {
    let scalars: Vec<Scalar> = values.iter().map(|v| if t.is_float() { Scalar::Float(*v) } else { Scalar::Int(*v as i128) }).collect();
    Literal::from_scalars(TensorType::new(dims.to_vec(), t), &scalars)
}

/// A token threaded through `main` and a loop: each iteration reads an item, adds it to the
/// running sum and writes the sum; the token crosses the entry as nothing.
const LOOP: &str = r#"func.func @main(%tok: !stablehlo.token, %n: tensor<i32>) -> (!stablehlo.token, tensor<f32>) {
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %acc0 = stablehlo.constant dense<0.0> : tensor<f32>
  %r:3 = stablehlo.while(%i = %zero, %acc = %acc0, %t = %tok) : tensor<i32>, tensor<f32>, !stablehlo.token
    cond {
      %c = stablehlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %v:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
      %a = stablehlo.add %acc, %v#0 : tensor<f32>
      %t2 = "stablehlo.outfeed"(%a, %v#1) : (tensor<f32>, !stablehlo.token) -> !stablehlo.token
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i2 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i2, %a, %t2 : tensor<i32>, tensor<f32>, !stablehlo.token
    }
  return %r#2, %r#1 : !stablehlo.token, tensor<f32>
}"#;

#[test]
fn a_loop_reads_and_writes_its_items_in_order() {
    let p = program(LOOP);
    assert_eq!(p.inputs.len(), 1, "the token is not an input");
    let items = [0.5, 1.25, 2.0, 9.0].map(|v| vec![literal(ElementType::F32, &[], &[v])]);
    let (out, feed) = p.run_with_feed(&[literal(ElementType::S32, &[], &[3.0])], Feed::with_infeed(items)).unwrap();
    assert_eq!(out.len(), 1, "the token is not a result");
    assert_eq!(out[0], literal(ElementType::F32, &[], &[3.75]));
    let sums: Vec<Literal> = feed.outfeed.iter().map(|item| item[0].clone()).collect();
    assert_eq!(sums, [0.5, 1.75, 3.75].map(|v| literal(ElementType::F32, &[], &[v])));
    assert_eq!(feed.infeed.len(), 1, "the fourth item is left in the queue");
}

/// An item of several values (one of them sub-byte) is read whole and written back whole.
#[test]
fn items_of_several_values_and_sub_byte_elements_round_trip() {
    let p = program(
        r#"func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %t0 = stablehlo.after_all : !stablehlo.token
  %r:3 = "stablehlo.infeed"(%t0) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2xf32>, tensor<3xi4>, !stablehlo.token)
  %s = stablehlo.add %x, %r#0 : tensor<2xf32>
  %t1 = "stablehlo.outfeed"(%s, %r#1, %r#2) {outfeed_config = ""} : (tensor<2xf32>, tensor<3xi4>, !stablehlo.token) -> !stablehlo.token
  %t2 = "stablehlo.outfeed"(%x, %t1) {outfeed_config = ""} : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
  return %s : tensor<2xf32>
}"#,
    );
    let x = literal(ElementType::F32, &[2], &[1.0, 2.0]);
    let nibbles = literal(ElementType::S4, &[3], &[1.0, -2.0, 7.0]);
    let item = vec![literal(ElementType::F32, &[2], &[10.0, 20.0]), nibbles.clone()];
    let (out, feed) = p.run_with_feed(&[x.clone()], Feed::with_infeed([item])).unwrap();
    let sum = literal(ElementType::F32, &[2], &[11.0, 22.0]);
    assert_eq!(out[0], sum);
    assert_eq!(feed.outfeed, vec![vec![sum, nibbles], vec![x]]);
}

/// Reading past the queue's end, or an item of the wrong type, fails the run and says why.
#[test]
fn a_missing_or_mistyped_item_fails_the_run() {
    let p = program(LOOP);
    let n = literal(ElementType::S32, &[], &[2.0]);
    let one = vec![vec![literal(ElementType::F32, &[], &[1.0])]];
    let e = p.run_with_feed(&[n.clone()], Feed::with_infeed(one)).unwrap_err().to_string();
    assert!(e.contains("infeed queue is empty"), "{e}");
    let wrong = vec![vec![literal(ElementType::F64, &[], &[1.0])]];
    let e = p.run_with_feed(&[n.clone()], Feed::with_infeed(wrong)).unwrap_err().to_string();
    assert!(e.contains("as tensor<f32> but the item holds tensor<f64>"), "{e}");
    let e = p.run(&[n]).unwrap_err().to_string();
    assert!(e.contains("infeed queue is empty"), "{e}");
}

//! Every registered xhlo pass is an ordinary melior pass: it can be added to a plain
//! `melior::pass::PassManager` next to upstream passes and run there.

use melior::pass::PassManager;
use xhlo::dialect::{source, XhloContext};
use xhlo::passes::registry::PASSES;

const PROGRAM: &str = r#"
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.exponential"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "xhlo.exponential"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "xhlo.add"(%0, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = "xhlo.negate"(%2) : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}"#;

#[test]
fn every_pass_runs_in_a_plain_melior_pass_manager() {
    for entry in PASSES {
        let ctx = XhloContext::new();
        let mut module = source::parse_and_verify(&ctx, PROGRAM, "program.mlir").unwrap();
        let pm = PassManager::new(ctx.context());
        pm.add_pass((entry.create)("").unwrap());
        pm.add_pass(melior::pass::transform::create_canonicalizer());
        pm.run(&mut module).unwrap_or_else(|e| panic!("{} failed: {e}", entry.info.argument));
        assert!(source::parse_and_verify(&ctx, &module.as_operation().to_string(), "out.mlir").is_ok());
    }
}

#[test]
fn unknown_pass_options_are_rejected() {
    for entry in PASSES {
        let err = (entry.create)("no-such-option=1").err().expect("rejected");
        assert!(err.contains("no option 'no-such-option'"), "{err}");
    }
}

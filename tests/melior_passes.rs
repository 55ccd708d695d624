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

/// A program that `xhlo-eqsat` rewrites (`negate(negate(b))` → `b`), so its result is
/// verified; `tamper` then breaks that result, as an unsound rule would.
const REWRITTEN: &str = r#"
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.negate"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "xhlo.negate"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "xhlo.add"(%a, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}"#;

/// Turns every `xhlo.add` into an `xhlo.select` (which takes three operands).
fn tamper(file: &mut xhlo::mlir_text::ast::File) {
    fn walk(ops: &mut [xhlo::mlir_text::ast::Op]) {
        for op in ops {
            if op.name == "xhlo.add" {
                op.name = "xhlo.select".into();
            }
            for r in &mut op.regions {
                for b in &mut r.blocks {
                    walk(&mut b.ops);
                }
            }
        }
    }
    walk(&mut file.ops);
}

#[test]
fn a_rewrite_the_verifier_rejects_is_an_error_naming_the_rules() {
    use xhlo::passes::eqsat::{Eqsat, EqsatOptions};
    let run = |tampered: bool| {
        let ctx = XhloContext::new();
        let mut module = source::parse_and_verify(&ctx, REWRITTEN, "program.mlir").unwrap();
        let pm = PassManager::new(ctx.context());
        let pass = Eqsat { options: EqsatOptions { fuse: false, ..Default::default() }, tamper: tampered.then_some(tamper as fn(&mut _)) };
        pm.add_pass(xhlo::passes::pass::to_mlir_pass(pass));
        let ok = pm.run(&mut module).is_ok();
        let diagnostics: Vec<String> = ctx.take_diagnostics().iter().map(|d| d.to_string()).collect();
        (ok, diagnostics.join("\n"), module.as_operation().to_string())
    };
    let (ok, diagnostics, out) = run(false);
    assert!(ok && diagnostics.is_empty(), "{diagnostics}");
    assert!(!out.contains("xhlo.negate"), "{out}");
    let (ok, diagnostics, _) = run(true);
    assert!(!ok, "a program the verifier rejects must fail the pass");
    assert!(diagnostics.contains("'xhlo.select' op"), "{diagnostics}");
    assert!(diagnostics.contains("xhlo-eqsat produced a program that does not verify"), "{diagnostics}");
    assert!(diagnostics.contains("Rules applied: @main: ") && diagnostics.contains("negate-negate (1x)"), "{diagnostics}");
}

/// A module the verifier rejects (a function declared to return an `i32` that returns
/// nothing), built op by op: the parser would refuse its text.
fn invalid_module(ctx: &XhloContext) -> melior::ir::Module<'_> {
    use melior::ir::attribute::{StringAttribute, TypeAttribute};
    use melior::ir::operation::OperationBuilder;
    use melior::ir::r#type::{FunctionType, IntegerType};
    use melior::ir::{Block, BlockLike, Identifier, Location, Module, Region, RegionLike};
    let c = ctx.context();
    let location = Location::unknown(c);
    let module = Module::new(location);
    let body = Block::new(&[]);
    body.append_operation(OperationBuilder::new("func.return", location).build().unwrap());
    let region = Region::new();
    region.append_block(body);
    let function_type = FunctionType::new(c, &[], &[IntegerType::new(c, 32).into()]);
    let function = OperationBuilder::new("func.func", location)
        .add_attributes(&[
            (Identifier::new(c, "sym_name"), StringAttribute::new(c, "main").into()),
            (Identifier::new(c, "function_type"), TypeAttribute::new(function_type.into()).into()),
        ])
        .add_regions([region])
        .build()
        .unwrap();
    module.body().append_operation(function);
    module
}

#[test]
fn compile_pipelines_verify_after_each_own_pass() {
    use xhlo::passes::{build_pass_manager_verified, Verification};
    let ctx = XhloContext::new();
    let mut module = invalid_module(&ctx);
    let pm = build_pass_manager_verified(ctx.context(), "builtin.module(xhlo-dce)", Verification::OwnPasses).unwrap();
    assert!(pm.run(&mut module).is_err());
    let messages: Vec<String> = ctx.take_diagnostics().into_iter().map(|d| d.message).collect();
    assert!(messages.iter().any(|m| m.contains("the IR after xhlo-dce does not verify")), "{messages:?}");

    // Upstream passes are not followed by a verification of their own.
    let mut module = invalid_module(&ctx);
    let pm = build_pass_manager_verified(ctx.context(), "builtin.module(symbol-dce)", Verification::OwnPasses).unwrap();
    assert!(pm.run(&mut module).is_ok());
    ctx.take_diagnostics();
    let pm = build_pass_manager_verified(ctx.context(), "builtin.module(symbol-dce)", Verification::EachPass).unwrap();
    assert!(pm.run(&mut module).is_err());
}

#[test]
fn a_context_builds_each_pipeline_once_and_reuses_it() {
    let ctx = XhloContext::new();
    let mut builds = 0;
    for _ in 0..3 {
        let mut module = source::parse_and_verify(&ctx, PROGRAM, "program.mlir").unwrap();
        let ran = ctx
            .with_pass_manager(
                "builtin.module(xhlo-cse)",
                |c| {
                    builds += 1;
                    xhlo::passes::build_pass_manager(c, "builtin.module(xhlo-cse)")
                },
                |pm| pm.run(&mut module).is_ok(),
            )
            .unwrap();
        assert!(ran);
        // The pass ran each time: the two exponentials are one.
        assert_eq!(module.as_operation().to_string().matches("xhlo.exponential").count(), 1);
    }
    assert_eq!(builds, 1);
}

/// Passes nested below the top module, as mlir-opt users nest them: the module-wide ones on a
/// nested module (its calls resolved among its own functions), xhlo-cse/xhlo-dce on each
/// function; a module-wide pass scheduled on a function is a located error (it used to replace
/// the function's body with a module's ops and corrupt the heap).
#[test]
fn passes_run_nested_where_they_can_and_refuse_a_function_where_they_need_a_module() {
    use xhlo::opt;
    let nested = std::fs::read_to_string(crate::support::repo_root().join("tests/fixtures/nested_module.mlir")).unwrap();
    let run = |pipeline: &str, text: &str| opt::run(&opt::Options { pipeline: Some(pipeline.to_string()), ..Default::default() }, text, "in.mlir");
    let eqsat = run("builtin.module(builtin.module(xhlo-eqsat))", &nested);
    assert!(eqsat.success, "{}", eqsat.errors.join("\n"));
    assert!(eqsat.ir.contains("\"xhlo.fusion\"") && eqsat.ir.contains("module @inner"), "{}", eqsat.ir);
    let cse = run("builtin.module(builtin.module(func.func(xhlo-cse,xhlo-dce)))", &nested);
    assert!(cse.success, "{}", cse.errors.join("\n"));
    assert_eq!(cse.ir.matches("xhlo.exponential").count(), 1, "{}", cse.ir);
    assert!(!cse.ir.contains("xhlo.negate"), "{}", cse.ir);
    for pass in ["xhlo-verify", "xhlo-eqsat", "xhlo-fuse", "convert-xhlo-to-linalg"] {
        let out = run(&format!("builtin.module(func.func({pass}))"), PROGRAM);
        assert!(!out.success, "{pass}");
        let errors = out.errors.join("\n");
        assert!(
            errors.contains(&format!("in.mlir:2:1: error: pass '{pass}' runs on a builtin.module (the module's functions as one program), not on 'func.func': schedule it as builtin.module({pass})")),
            "{errors}"
        );
    }
}

//! The `xla-opt` driver as a library call: parse, verify, run a pipeline, print.

use crate::dialect::{source, verifier, Diagnostic, XhloContext};
use crate::passes::build_pass_manager_with;
use crate::verify_diagnostics;
use melior::pass::PassIrPrintingOptions;
use melior::ir::operation::{OperationLike, OperationPrintingFlags};

/// What `xla-opt` was asked to do.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// A textual pass pipeline (ours and upstream MLIR passes).
    pub pipeline: Option<String>,
    /// Process each `// -----` chunk on its own.
    pub split_input_file: bool,
    /// Print the IR after each pass (to stderr, by MLIR).
    pub print_ir_after_all: bool,
    /// Print the time each pass took (to stderr, by MLIR, as `mlir-opt --mlir-timing`).
    pub timing: bool,
    /// Check `// expected-error {{...}}` annotations instead of failing on errors.
    pub verify_diagnostics: bool,
    /// Print in MLIR's generic form.
    pub print_generic: bool,
    /// What to print.
    pub emit: Emit,
    /// Option values for every xhlo pass of the pipeline that declares the option and is not
    /// given it (e.g. `("stats", "true")` for `--eqsat-stats`): see
    /// [`crate::passes::build_pass_manager_with`].
    pub option_defaults: Vec<(String, String)>,
}

/// The form of `xla-opt`'s output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Emit {
    /// The IR after the pipeline (xhlo or whatever the pipeline lowered it to).
    #[default]
    Ir,
    /// StableHLO text (pretty form as JAX prints it) for other MLIR pipelines.
    Stablehlo,
    /// The PTX of the `gpu.binary` ops (after `xhlo-to-ptx`).
    Ptx,
    /// The fusion plan of the result (kernels as clusters, the tensors between them as
    /// edges with their bytes) in Graphviz's DOT language: [`crate::passes::plan_graph`].
    Dot,
}

impl Emit {
    /// The pipeline an output form runs when none is given (`xla-opt --emit`, Python's
    /// `optimize`): what it shows needs that pipeline (PTX exists only after `xhlo-to-ptx`,
    /// fused kernels only after `xhlo-eqsat`).
    pub fn implied_pipeline(self) -> Option<&'static str> {
        match self {
            Emit::Ptx => Some("builtin.module(xhlo-to-ptx)"),
            Emit::Dot => Some("builtin.module(xhlo-eqsat)"),
            Emit::Ir | Emit::Stablehlo => None,
        }
    }
}

/// The result of one run.
#[derive(Debug, Default)]
pub struct Output {
    /// The printed IR (chunks joined by `// -----`).
    pub ir: String,
    /// Error text for stderr: diagnostics, or verify-diagnostics mismatches.
    pub errors: Vec<String>,
    pub success: bool,
}

/// Runs the driver on `text`, naming it `filename` in diagnostics.
pub fn run(options: &Options, text: &str, filename: &str) -> Output {
    let ctx = XhloContext::new();
    let chunks = if options.split_input_file {
        source::split_input(text)
    } else {
        vec![source::Chunk { text: text.to_string(), first_line: 1 }]
    };
    let mut out = Output { success: true, ..Default::default() };
    let mut printed = Vec::new();
    for chunk in &chunks {
        let (ir, diagnostics) = run_chunk(&ctx, options, &chunk.text, filename);
        if options.verify_diagnostics {
            let expected = verify_diagnostics::expectations(&chunk.text);
            let problems = verify_diagnostics::check(filename, &expected, &diagnostics);
            out.success &= problems.is_empty();
            out.errors.extend(problems);
        } else if !diagnostics.is_empty() {
            out.success = false;
            out.errors.extend(diagnostics.iter().map(|d| d.to_string()));
        }
        if let Some(ir) = ir {
            printed.push(ir);
        }
    }
    out.ir = printed.join("// -----\n");
    out
}

/// Parses, verifies, runs the pipeline and prints one chunk. Diagnostics stop the chunk.
fn run_chunk(ctx: &XhloContext, options: &Options, text: &str, filename: &str) -> (Option<String>, Vec<Diagnostic>) {
    let imported;
    let text = if crate::import::is_stablehlo(text) {
        match crate::import::to_xhlo_text(text, filename) {
            Ok(t) => {
                imported = t;
                imported.as_str()
            }
            Err(e) => return (None, e.lines().map(|l| Diagnostic::error(None, l.trim_start_matches("error: ").to_string())).collect()),
        }
    } else {
        text
    };
    let mut module = match source::parse_and_verify(ctx, text, filename) {
        Ok(m) => m,
        Err(diagnostics) => return (None, diagnostics),
    };
    if let Some(pipeline) = &options.pipeline {
        let pm = match build_pass_manager_with(ctx.context(), pipeline, &options.option_defaults) {
            Ok(pm) => pm,
            Err(e) => return (None, vec![Diagnostic::error(None, format!("invalid --pass-pipeline: {e}"))]),
        };
        if options.print_ir_after_all {
            pm.enable_ir_printing(&PassIrPrintingOptions {
                before_all: false,
                after_all: true,
                module_scope: true,
                on_change: false,
                on_failure: false,
                flags: OperationPrintingFlags::new(),
                tree_printing_path: Default::default(),
            });
        }
        if options.timing {
            // SAFETY: a valid pass manager; MLIR prints the report when it is destroyed.
            unsafe { mlir_sys::mlirPassManagerEnableTiming(pm.to_raw()) };
        }
        if pm.run(&mut module).is_err() {
            let mut diagnostics = ctx.take_diagnostics();
            if diagnostics.is_empty() {
                diagnostics.push(Diagnostic::error(None, "the pass pipeline failed"));
            }
            return (None, diagnostics);
        }
        let errors = verifier::verify_module(&module);
        if !errors.is_empty() {
            return (None, errors);
        }
    }
    let diagnostics = ctx.take_diagnostics();
    let flags = if options.print_generic {
        OperationPrintingFlags::new().print_generic_operation_form()
    } else {
        OperationPrintingFlags::new()
    };
    let ir = module.as_operation().to_string_with_flags(flags).unwrap_or_else(|_| module.as_operation().to_string());
    if options.emit == Emit::Stablehlo {
        let with_locs = OperationPrintingFlags::new().print_generic_operation_form().enable_debug_info(true, false);
        let text = module.as_operation().to_string_with_flags(with_locs).unwrap_or_default();
        return match crate::stablehlo::export::export_text(&text) {
            Ok(out) => (Some(out), diagnostics),
            Err(errors) => (None, errors.iter().map(|e| Diagnostic::error(None, e.in_file(filename))).collect()),
        };
    }
    if options.emit == Emit::Dot {
        let generic = OperationPrintingFlags::new().print_generic_operation_form();
        let text = module.as_operation().to_string_with_flags(generic).unwrap_or_default();
        return match crate::passes::plan_graph::dot_of_text(&text) {
            Ok(dot) => (Some(dot), diagnostics),
            Err(e) => (None, vec![Diagnostic::error(None, format!("--emit=dot: {e}"))]),
        };
    }
    if options.emit == Emit::Ptx {
        let ptx = crate::passes::lowering::extract_ptx(&ir);
        if ptx.is_empty() {
            return (None, vec![Diagnostic::error(None, "no PTX in the result: run --pass-pipeline=builtin.module(xhlo-to-ptx)")]);
        }
        let ptx = ptx.join("\n");
        if let Some(error) = crate::lowering::libdevice::unsupported(&ptx) {
            return (None, vec![Diagnostic::error(None, format!("{filename}: {error}"))]);
        }
        return (Some(ptx), diagnostics);
    }
    (Some(ir), diagnostics)
}

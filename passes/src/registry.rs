//! Every xhlo pass, by pipeline name. `xla-opt --list-passes` prints this table.

use crate::pass::{to_mlir_pass, PassInfo, PassOptions, XhloPass};
use melior::pass::Pass;

/// A registered pass: its declaration and a constructor from options text.
pub struct PassEntry {
    pub info: PassInfo,
    /// [`XhloPass::ANY_OP`]: runs on any op, not only on a `builtin.module`.
    pub any_op: bool,
    /// [`XhloPass::KEEPS_IR_VALID`]: no verifier run after it.
    pub keeps_ir_valid: bool,
    pub create: fn(&str) -> Result<Pass, String>,
}

fn create<P: XhloPass>(options: &str) -> Result<Pass, String> {
    let options = PassOptions::parse(&P::INFO, options)?;
    Ok(to_mlir_pass(P::from_options(&options)?))
}

const fn entry<P: XhloPass>() -> PassEntry {
    PassEntry { info: P::INFO, any_op: P::ANY_OP, keeps_ir_valid: P::KEEPS_IR_VALID, create: create::<P> }
}

/// All passes, in listing order.
pub const PASSES: &[PassEntry] = &[
    entry::<crate::verify::Verify>(),
    entry::<crate::dce::Dce>(),
    entry::<crate::cse::Cse>(),
    entry::<crate::inline::Inline>(),
    entry::<crate::eqsat::Eqsat>(),
    entry::<crate::fuse::Fuse>(),
    entry::<crate::sibling_reductions::SiblingReductions>(),
    entry::<crate::row_fusion::RowFusion>(),
    entry::<crate::lowering::ConvertXhloToLinalg>(),
    entry::<crate::gpu_loops::ParallelDimsOuter>(),
    entry::<crate::gpu_dots::TileDots>(),
    entry::<crate::gpu_loops::MapLoops>(),
    entry::<crate::gpu_split_reductions::SplitReductions>(),
    entry::<crate::dump::Dump>(),
];

/// The declaration of a pass or of `xhlo-jit` (the one named pipeline with options).
pub fn info(argument: &str) -> Option<&'static PassInfo> {
    lookup(argument).map(|p| &p.info).or((argument == crate::jit::INFO.argument).then_some(&crate::jit::INFO))
}

pub fn lookup(argument: &str) -> Option<&'static PassEntry> {
    PASSES.iter().find(|p| p.info.argument == argument)
}

/// Builds a melior pass from a pipeline element's name and options text.
pub fn create_pass(argument: &str, options: &str) -> Option<Result<Pass, String>> {
    lookup(argument).map(|entry| (entry.create)(options))
}

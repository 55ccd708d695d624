//! What the mlir-opt plugin registers: every xhlo pass (Rust and C++), every named pipeline and
//! `xhlo-jit`, each with its options, and the op names of the dialects. Kept as C strings in
//! static storage so the plugin can hold the pointers for the life of the process.

use std::ffi::CString;
use std::sync::OnceLock;
use xhlo::passes::{lowering, pass::PassInfo, registry};

/// One option as C strings.
pub struct OptionEntry {
    pub name: CString,
    pub default: CString,
    pub help: CString,
}

/// One pass or named pipeline as C strings.
pub struct PassEntry {
    pub name: CString,
    pub summary: CString,
    pub options: Vec<OptionEntry>,
    /// Runs on any op (`func.func(xhlo-cse)`); otherwise only on a `builtin.module`.
    pub any_op: bool,
}

fn c(text: &str) -> CString {
    CString::new(text.replace('\0', " ")).expect("NUL bytes replaced")
}

fn from_info(info: &PassInfo, any_op: bool) -> PassEntry {
    PassEntry {
        name: c(info.argument),
        summary: c(info.summary),
        options: info.options.iter().map(|o| OptionEntry { name: c(o.name), default: c(o.default), help: c(o.help) }).collect(),
        any_op,
    }
}

/// Whether MLIR accepts the C++ pass `name` nested under `func.func` (it is registered
/// op-agnostic, or for func.func); a pass restricted to `builtin.module` is refused there.
fn native_runs_on_functions(ctx: &xhlo::dialect::XhloContext, name: &str) -> bool {
    xhlo::passes::build_pass_manager(ctx.context(), &format!("builtin.module(func.func({name}))")).is_ok()
}

/// The passes and pipelines, in `xla-opt --list-passes` order.
pub fn table() -> &'static [PassEntry] {
    static TABLE: OnceLock<Vec<PassEntry>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut out: Vec<PassEntry> = registry::PASSES.iter().map(|p| from_info(&p.info, p.any_op)).collect();
        let ctx = xhlo::dialect::XhloContext::new();
        out.extend(lowering::NATIVE_PASSES.iter().map(|p| from_info(p, native_runs_on_functions(&ctx, p.argument))));
        // Named pipelines and xhlo-jit lower the whole module (bufferization across functions,
        // new functions and globals).
        out.extend(lowering::NAMED_PIPELINES.iter().map(|(name, body)| PassEntry {
            name: c(name),
            summary: c(&format!("Named pipeline: {body}")),
            options: vec![],
            any_op: false,
        }));
        out.push(from_info(&xhlo::passes::jit::INFO, false));
        out
    })
}

/// `xhlo.<op>` for every op of the catalogue and `check.<op>` for the check dialect's, one a
/// line, read from the IRDL module that defines both (`xla-opt --emit-irdl`).
pub fn dialect_ops() -> &'static CString {
    static OPS: OnceLock<CString> = OnceLock::new();
    OPS.get_or_init(|| {
        let mut lines = Vec::new();
        let irdl = xhlo::ir::irdl::dialect_irdl();
        let mut dialect = "";
        for line in irdl.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("irdl.dialect @") {
                dialect = rest.split_whitespace().next().unwrap_or("");
            } else if let Some(rest) = line.strip_prefix("irdl.operation @") {
                let op = rest.split_whitespace().next().unwrap_or("");
                lines.push(format!("{dialect}.{op}"));
            }
        }
        c(&lines.join("\n"))
    })
}

#[cfg(test)]
mod tests {
    use super::table;

    #[test]
    fn only_passes_that_work_on_any_op_say_so() {
        let any: Vec<&str> = table().iter().filter(|p| p.any_op).map(|p| p.name.to_str().unwrap()).collect();
        for name in ["xhlo-cse", "xhlo-dce", "xhlo-dump", "xhlo-vectorize", "xhlo-serial-small-loops"] {
            assert!(any.contains(&name), "{name} runs on any op: {any:?}");
        }
        for name in ["xhlo-verify", "xhlo-eqsat", "xhlo-fuse", "convert-xhlo-to-linalg", "xhlo-libm-expm1", "xhlo-to-llvm", "xhlo-jit"] {
            assert!(!any.contains(&name), "{name} needs a module: {any:?}");
        }
    }
}

//! The pass abstraction: a declared pass ([`PassInfo`]) with a `run` body, wrapped as a melior
//! external pass so any MLIR pass manager can run it.

use melior::{
    ir::{operation::OperationLike, r#type::TypeId, OperationRef},
    pass::{create_external, ExternalPass, Pass},
};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// One option of a pass (`name=value` inside `{...}` in a pipeline).
#[derive(Clone, Copy, Debug)]
pub struct PassOption {
    pub name: &'static str,
    pub default: &'static str,
    pub help: &'static str,
}

/// What `--list-passes` shows and what a pipeline names.
#[derive(Clone, Copy, Debug)]
pub struct PassInfo {
    /// The pipeline name, `<verb>-<dialect>-<noun>` style (`xhlo-dce`).
    pub argument: &'static str,
    pub summary: &'static str,
    pub options: &'static [PassOption],
}

/// Parsed `{key=value ...}` options, checked against the declared ones.
#[derive(Clone, Debug, Default)]
pub struct PassOptions {
    values: BTreeMap<String, String>,
}

impl PassOptions {
    /// Parses `key=value key2=value2` (space separated, as MLIR prints them).
    pub fn parse(info: &PassInfo, text: &str) -> Result<PassOptions, String> {
        let mut values = BTreeMap::new();
        for item in text.split_whitespace() {
            let (key, value) = item.split_once('=').unwrap_or((item, "true"));
            if !info.options.iter().any(|o| o.name == key) {
                let known: Vec<_> = info.options.iter().map(|o| o.name).collect();
                return Err(format!(
                    "pass '{}' has no option '{key}' (options: {})",
                    info.argument,
                    if known.is_empty() { "none".to_string() } else { known.join(", ") }
                ));
            }
            values.insert(key.to_string(), value.to_string());
        }
        Ok(PassOptions { values })
    }

    /// The option's value, or its declared default.
    pub fn get(&self, info: &PassInfo, name: &str) -> String {
        self.values.get(name).cloned().unwrap_or_else(|| {
            info.options.iter().find(|o| o.name == name).map(|o| o.default.to_string()).unwrap_or_default()
        })
    }

    pub fn get_parsed<T: std::str::FromStr>(&self, info: &PassInfo, name: &str) -> Result<T, String>
    where
        T::Err: std::fmt::Display,
    {
        let text = self.get(info, name);
        text.parse().map_err(|e| format!("pass '{}': option {name}={text} is not valid: {e}", info.argument))
    }
}

/// A pass over xhlo. `run` reports failure as a message, which becomes an error diagnostic
/// at the operation it ran on.
pub trait XhloPass: Clone + 'static {
    const INFO: PassInfo;

    /// Whether the pass works on whatever op it is scheduled on (`func.func(xhlo-cse)`);
    /// otherwise it needs a `builtin.module` (its functions as one program: calls resolved
    /// among them, the module rewritten as a whole) and refuses any other op with an error.
    const ANY_OP: bool = false;

    /// Whether the IR after the pass is valid whenever the IR before it was, so a compile
    /// pipeline need not run MLIR's verifier after it: the pass leaves the IR as it was, or
    /// replaces the module by text that MLIR parses ([`crate::lowering::rewrite_module_text`]),
    /// and the parser verifies every op it builds.
    const KEEPS_IR_VALID: bool = false;

    fn from_options(options: &PassOptions) -> Result<Self, String>;

    fn run(&mut self, op: OperationRef) -> Result<(), String>;
}

/// Emits an error diagnostic at `op` through MLIR, so it reaches the context's handler.
pub fn emit_error(op: OperationRef, message: &str) {
    let message = std::ffi::CString::new(message.replace('\0', " ")).unwrap_or_default();
    unsafe { mlir_sys::mlirEmitError(op.location().to_raw(), message.as_ptr()) };
}

/// The MLIR pass id of `P`: MLIR tells pass kinds apart by the address of a unique value, and
/// Rust generics cannot own a static each, so one is allocated per type on first use.
pub(crate) fn pass_id<P: 'static>() -> TypeId<'static> {
    #[repr(align(8))]
    struct PassId(#[allow(dead_code)] u64);
    static IDS: Mutex<BTreeMap<std::any::TypeId, usize>> = Mutex::new(BTreeMap::new());
    let mut ids = IDS.lock().unwrap_or_else(|e| e.into_inner());
    let address = *ids
        .entry(std::any::TypeId::of::<P>())
        .or_insert_with(|| Box::leak(Box::new(PassId(0))) as *const PassId as usize);
    TypeId::create(unsafe { &*(address as *const PassId) })
}

/// Wraps an [`XhloPass`] as a melior [`Pass`].
pub fn to_mlir_pass<P: XhloPass>(pass: P) -> Pass {
    let run = move |op: OperationRef<'_, '_>, handle: ExternalPass<'_>| {
        if !P::ANY_OP {
            if let Err(message) = needs_module(P::INFO.argument, op) {
                emit_error(op, &message);
                handle.signal_failure();
                return;
            }
        }
        let mut pass = pass.clone();
        if let Err(message) = pass.run(op) {
            emit_error(op, &message);
            handle.signal_failure();
        }
    };
    create_external(run, pass_id::<P>(), P::INFO.argument, P::INFO.argument, P::INFO.summary, "", &[])
}

/// `Ok` when `op` is a `builtin.module`; otherwise the error of pass `argument`, which needs
/// one, scheduled on `op`.
pub fn needs_module(argument: &str, op: OperationRef) -> Result<(), String> {
    let name = op.name();
    let name = name.as_string_ref().as_str().unwrap_or("?");
    if name == "builtin.module" {
        return Ok(());
    }
    Err(format!(
        "pass '{argument}' runs on a builtin.module (the module's functions as one program), not on '{name}': schedule it as builtin.module({argument}) (xhlo-cse, xhlo-dce and xhlo-dump run on any op)"
    ))
}

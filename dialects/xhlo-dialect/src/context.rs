//! A melior context with every upstream dialect, pass and LLVM translation registered and the
//! xhlo dialect loaded from its IRDL definition.

use crate::diagnostics::{Diagnostic, DiagnosticSink};
use melior::{
    dialect::DialectRegistry,
    ir::Module,
    pass::PassManager,
    utility::{load_irdl_dialects, register_all_dialects, register_all_llvm_translations, register_all_passes},
    Context, StringRef,
};
use std::cell::RefCell;
use std::collections::HashMap;

/// An MLIR context ready for xhlo, with a diagnostic sink that collects everything MLIR
/// reports (instead of printing it), so callers decide how to show it.
pub struct XhloContext {
    context: Context,
    sink: DiagnosticSink,
    /// Pass managers built for this context, idle between runs, by their pipeline: building
    /// one and initializing its passes (the canonicalizer gathers every loaded dialect's
    /// patterns) is a fixed cost of every compilation, paid once per pipeline instead.
    idle_pass_managers: RefCell<HashMap<String, Vec<mlir_sys::MlirPassManager>>>,
}

impl Drop for XhloContext {
    fn drop(&mut self) {
        for raw in self.idle_pass_managers.get_mut().drain().flat_map(|(_, v)| v) {
            // SAFETY: an idle pass manager of this context, owned by the pool; destroyed
            // before the context (fields drop after this).
            drop(unsafe { PassManager::from_raw(raw) });
        }
    }
}

impl XhloContext {
    /// Creates the context and loads the dialect generated from the op catalogue.
    pub fn new() -> XhloContext {
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        // MLIR's pass registry is global: registering builds every upstream pass to read its
        // name, and doing that again for each context (each compile) cost time and wrote the
        // registry while other threads' contexts read it (a suspect for a segmentation fault
        // seen once in the test binary, which compiles on several threads).
        static PASSES: std::sync::Once = std::sync::Once::new();
        PASSES.call_once(|| {
            register_all_passes();
            // SAFETY: registers C++ pass definitions; no arguments.
            unsafe { xhloRegisterPasses() };
        });
        let context = Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        register_all_llvm_translations(&context);
        let sink = DiagnosticSink::attach(&context);
        let this = XhloContext { context, sink, idle_pass_managers: RefCell::default() };
        this.load_irdl(&xhlo_ir::irdl::dialect_irdl())
            .expect("the generated IRDL module is valid (checked by tests)");
        install_rust_verifiers(&this.context);
        this
    }

    /// Loads an IRDL module (text) into this context.
    pub fn load_irdl(&self, irdl: &str) -> Result<(), Vec<Diagnostic>> {
        let module = Module::parse(&self.context, irdl).ok_or_else(|| self.sink.take())?;
        if load_irdl_dialects(&module) {
            Ok(())
        } else {
            Err(self.sink.take())
        }
    }

    pub fn context(&self) -> &Context {
        &self.context
    }

    /// Runs `run` with a pass manager for `pipeline`: an idle one built before for the same
    /// pipeline text, or a new one from `build`; it is kept for the next caller afterwards
    /// (a pass manager and its passes can run again on another module).
    pub fn with_pass_manager<R>(
        &self,
        pipeline: &str,
        build: impl FnOnce(&Context) -> Result<PassManager<'_>, String>,
        run: impl FnOnce(&PassManager<'_>) -> R,
    ) -> Result<R, String> {
        let idle = self.idle_pass_managers.borrow_mut().get_mut(pipeline).and_then(Vec::pop);
        // SAFETY: an idle pass manager built for this context, now owned here again.
        let pm = match idle {
            Some(raw) => unsafe { PassManager::from_raw(raw) },
            None => build(&self.context)?,
        };
        let result = run(&pm);
        let raw = pm.to_raw();
        std::mem::forget(pm);
        self.idle_pass_managers.borrow_mut().entry(pipeline.to_string()).or_default().push(raw);
        Ok(result)
    }

    /// Takes the diagnostics MLIR reported since the last call.
    pub fn take_diagnostics(&self) -> Vec<Diagnostic> {
        self.sink.take()
    }
}

unsafe extern "C" {
    /// From shim/xhlo_passes.cpp: adds xhlo's C++ passes (`xhlo-serial-small-loops`,
    /// `xhlo-parallel-marked-loops`) to
    /// MLIR's pass registry.
    fn xhloRegisterPasses();
    /// From shim/xhlo_llvm_options.cpp: parses LLVM command-line options.
    fn xhloSetLlvmOptions(argc: i32, argv: *const *const std::ffi::c_char) -> i32;
    /// From shim/xhlo_shim.cpp: replaces a dynamic op's verifier.
    fn xhloInstallVerifier(
        context: mlir_sys::MlirContext,
        name: mlir_sys::MlirStringRef,
        verify: extern "C" fn(mlir_sys::MlirOperation) -> bool,
    ) -> i32;
}

/// Makes the catalogue's verifier the MLIR verifier of every xhlo op. IRDL unifies the types
/// of a variadic group (all operands of `xhlo.reduce` would need one type), so its generated
/// verifier would reject valid IR; ours checks the same counts and kinds per value, plus
/// attributes and shapes, and runs wherever MLIR verifies (after parsing, after each pass).
/// Verification runs single-threaded so diagnostics reach the handler in order.
pub fn install_rust_verifiers(context: &Context) {
    context.enable_multi_threading(false);
    for def in xhlo_ir::catalogue::all() {
        let name = format!("xhlo.{}", def.name);
        let installed = unsafe {
            xhloInstallVerifier(context.to_raw(), StringRef::new(&name).to_raw(), crate::verifier::verify_hook)
        };
        assert_eq!(installed, 1, "{name} is registered by the IRDL module");
    }
}

impl Default for XhloContext {
    fn default() -> Self {
        Self::new()
    }
}

/// Sets LLVM's own command-line options (e.g. `-disable-lsr`) for code generation in this
/// process, written as on a command line (`-a -b=1`, split at white space). LLVM keeps them in
/// globals that can be set once: the first call sets them, a later call succeeds only with the
/// same list.
pub fn set_llvm_options(text: &str) -> Result<(), String> {
    let options: Vec<String> = text.split_whitespace().map(String::from).collect();
    static SET: std::sync::OnceLock<Result<Vec<String>, String>> = std::sync::OnceLock::new();
    let set = SET.get_or_init(|| {
        let args: Vec<std::ffi::CString> = std::iter::once("xhlo".to_string())
            .chain(options.iter().cloned())
            .map(|a| std::ffi::CString::new(a).map_err(|_| "an LLVM option contains a NUL byte".to_string()))
            .collect::<Result<_, _>>()?;
        let argv: Vec<*const std::ffi::c_char> = args.iter().map(|a| a.as_ptr()).collect();
        match unsafe { xhloSetLlvmOptions(argv.len() as i32, argv.as_ptr()) } {
            0 => Err(format!("LLVM rejected the options {options:?}")),
            _ => Ok(options.clone()),
        }
    });
    match set {
        Ok(list) if *list == options => Ok(()),
        Ok(list) => Err(format!("LLVM's options are already set to {list:?} in this process")),
        Err(e) => Err(e.clone()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn llvm_options_are_parsed_by_llvm_and_set_once() {
        assert_eq!(super::set_llvm_options("-disable-lsr"), Ok(()));
        assert_eq!(super::set_llvm_options(" -disable-lsr "), Ok(()));
        let other = super::set_llvm_options("-no-such-llvm-option").unwrap_err();
        assert!(other.contains("already set"), "{other}");
    }
}

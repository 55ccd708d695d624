//! mlir-opt's textual pipeline syntax over both pass registries: ours (by [`registry`]) and
//! upstream MLIR's. The pipeline is read here because external passes cannot join MLIR's
//! global registry through the C API; upstream elements are handed to MLIR one at a time.
//!
//! ```text
//! pipeline := element (',' element)*
//! element  := name ('{' options '}')? ('(' pipeline ')')?
//! ```
//! An element with a parenthesised pipeline anchors it on an op (`func.func(xhlo-cse)`); a
//! top-level `builtin.module(...)` is the root.

use crate::registry;
use melior::{
    pass::{OperationPassManager, PassManager},
    Context, StringRef,
};
use std::ffi::c_void;

/// One parsed pipeline element.
#[derive(Clone, Debug, PartialEq)]
pub struct Element {
    pub name: String,
    pub options: String,
    /// `Some` for an op anchor with a nested pipeline.
    pub nested: Option<Vec<Element>>,
}

/// Parses pipeline text.
pub fn parse(text: &str) -> Result<Vec<Element>, String> {
    let mut p = Reader { text, pos: 0 };
    let elements = p.pipeline()?;
    p.skip_ws();
    if p.pos != text.len() {
        return Err(format!("unexpected '{}' at offset {} in pass pipeline", &text[p.pos..], p.pos));
    }
    Ok(elements)
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn skip_ws(&mut self) {
        while self.text[self.pos..].starts_with(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_ws();
        if self.text[self.pos..].starts_with(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn pipeline(&mut self) -> Result<Vec<Element>, String> {
        let mut elements = Vec::new();
        self.skip_ws();
        if self.pos == self.text.len() || self.text[self.pos..].starts_with(')') {
            return Ok(elements);
        }
        loop {
            elements.push(self.element()?);
            if !self.eat(',') {
                return Ok(elements);
            }
        }
    }

    fn element(&mut self) -> Result<Element, String> {
        self.skip_ws();
        let rest = &self.text[self.pos..];
        let len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || "-_.".contains(c))).unwrap_or(rest.len());
        if len == 0 {
            return Err(format!("expected a pass or op name at offset {} in pass pipeline", self.pos));
        }
        let name = rest[..len].to_string();
        self.pos += len;
        let mut options = String::new();
        if self.eat('{') {
            let mut depth = 1;
            let start = self.pos;
            for (i, c) in self.text[start..].char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    options = self.text[start..start + i].trim().to_string();
                    self.pos = start + i + 1;
                    break;
                }
            }
            if depth != 0 {
                return Err(format!("unterminated '{{' in options of '{name}'"));
            }
        }
        let nested = if self.eat('(') {
            let inner = self.pipeline()?;
            if !self.eat(')') {
                return Err(format!("expected ')' to close '{name}(' in pass pipeline"));
            }
            Some(inner)
        } else {
            None
        };
        Ok(Element { name, options, nested })
    }
}

/// Builds a pass manager on `builtin.module` running `text`.
pub fn build_pass_manager<'c>(context: &'c Context, text: &str) -> Result<PassManager<'c>, String> {
    build_pass_manager_with(context, text, &[])
}

/// When the IR is verified between passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verification {
    /// After every pass (MLIR's default, mlir-opt's `--verify-each`): for tools that show
    /// the IR between passes.
    EachPass,
    /// After each of xhlo's own passes only (Rust or C++), but those that keep valid IR
    /// valid by construction ([`crate::pass::XhloPass::KEEPS_IR_VALID`]: their output is
    /// parsed text, which MLIR's parser verifies): upstream passes keep valid IR valid, and
    /// verifying after each of them was a tenth of a compilation's pipeline. An own pass
    /// that produced invalid IR is still stopped before the next pass reads it.
    OwnPasses,
}

/// [`build_pass_manager`] for compiling: verification as `verification` says.
pub fn build_pass_manager_verified<'c>(context: &'c Context, text: &str, verification: Verification) -> Result<PassManager<'c>, String> {
    build(context, text, &[], verification)
}

/// A pass that verifies the op it runs on, naming `after` (the pass before it) in its error.
fn verify_after(after: &str) -> melior::pass::Pass {
    let message = format!("internal error: the IR after {after} does not verify (see the errors above); please report it with the program");
    let run = move |op: melior::ir::OperationRef<'_, '_>, handle: melior::pass::ExternalPass<'_>| {
        use melior::ir::operation::OperationLike;
        if !op.verify() {
            crate::pass::emit_error(op, &message);
            handle.signal_failure();
        }
    };
    /// The kind of [`verify_after`]'s passes, for their pass id.
    struct VerifyAfterOwnPass;
    melior::pass::create_external(run, crate::pass::pass_id::<VerifyAfterOwnPass>(), "mlir-verifier-after-own-pass", "mlir-verifier-after-own-pass", "Run MLIR's verifier after one of our passes", "", &[])
}


/// [`build_pass_manager`] with option defaults: each `(option, value)` applies to every xhlo
/// pass (and `xhlo-jit`) of the pipeline, named pipelines' included, that declares the option
/// and is not given it in the pipeline text. This is how the tools' flags and environment
/// variables (`--eqsat-stats`, `XHLO_DOT_TILES`, ...) reach the passes.
pub fn build_pass_manager_with<'c>(context: &'c Context, text: &str, defaults: &[(String, String)]) -> Result<PassManager<'c>, String> {
    build(context, text, defaults, Verification::EachPass)
}

fn build<'c>(context: &'c Context, text: &str, defaults: &[(String, String)], verification: Verification) -> Result<PassManager<'c>, String> {
    let elements = parse(text)?;
    let pm = PassManager::new(context);
    pm.enable_verifier(verification == Verification::EachPass);
    // `builtin.module(...)` at the top names the root itself.
    let elements = match elements.as_slice() {
        [Element { name, nested: Some(inner), .. }] if name == "builtin.module" => inner.clone(),
        _ => elements,
    };
    add_elements_verified(pm.as_operation_pass_manager(), &elements, defaults, verification)?;
    Ok(pm)
}

/// Adds parsed elements to an op pass manager.
pub fn add_elements(opm: OperationPassManager, elements: &[Element]) -> Result<(), String> {
    add_elements_with(opm, elements, &[])
}

/// `options` with each default whose option `info` declares and `options` does not set.
fn with_defaults(info: &crate::PassInfo, options: &str, defaults: &[(String, String)]) -> String {
    let given: Vec<&str> = options.split_whitespace().map(|item| item.split_once('=').map_or(item, |(k, _)| k)).collect();
    let mut out = options.to_string();
    for (key, value) in defaults {
        if info.options.iter().any(|o| o.name == key) && !given.contains(&key.as_str()) {
            out = format!("{out} {key}={value}").trim_start().to_string();
        }
    }
    out
}

fn add_elements_with(opm: OperationPassManager, elements: &[Element], defaults: &[(String, String)]) -> Result<(), String> {
    add_elements_verified(opm, elements, defaults, Verification::EachPass)
}

fn add_elements_verified(opm: OperationPassManager, elements: &[Element], defaults: &[(String, String)], verification: Verification) -> Result<(), String> {
    let recurse = |opm, elements: &[Element]| add_elements_verified(opm, elements, defaults, verification);
    for e in elements {
        // Defaults apply to our passes, Rust or C++ (`NATIVE_PASSES`), that declare the option.
        let info = registry::info(&e.name).or_else(|| crate::lowering::NATIVE_PASSES.iter().find(|p| p.argument == e.name));
        let options = match info {
            Some(info) => with_defaults(info, &e.options, defaults),
            None => e.options.clone(),
        };
        match &e.nested {
            Some(inner) => recurse(opm.nested_under(&e.name), inner)?,
            None => match registry::lookup(&e.name) {
                Some(entry) => {
                    opm.add_pass((entry.create)(&options)?);
                    if verification == Verification::OwnPasses && !entry.keeps_ir_valid {
                        opm.add_pass(verify_after(&e.name));
                    }
                }
                None if e.name == crate::jit::INFO.argument => {
                    let jit = crate::jit::JitOptions::parse(&options)?;
                    recurse(opm, &parse(&jit.expand())?)?
                }
                None => match crate::lowering::expand(&e.name) {
                    Some(expanded) => recurse(opm, &parse(&expanded)?)?,
                    None => {
                        add_upstream(opm, &Element { options, ..e.clone() })?;
                        // `info` here is a C++ pass of ours (`NATIVE_PASSES`).
                        if info.is_some() && verification == Verification::OwnPasses {
                            opm.add_pass(verify_after(&e.name));
                        }
                    }
                },
            },
        }
    }
    Ok(())
}

unsafe extern "C" fn collect_error(message: mlir_sys::MlirStringRef, data: *mut c_void) {
    let out = unsafe { &mut *(data as *mut String) };
    let bytes = unsafe { std::slice::from_raw_parts(message.data as *const u8, message.length) };
    out.push_str(&String::from_utf8_lossy(bytes));
}

fn add_upstream(opm: OperationPassManager, e: &Element) -> Result<(), String> {
    let text = if e.options.is_empty() { e.name.clone() } else { format!("{}{{{}}}", e.name, e.options) };
    let mut error = String::new();
    let result = unsafe {
        mlir_sys::mlirOpPassManagerAddPipeline(
            opm.to_raw(),
            StringRef::new(&text).to_raw(),
            Some(collect_error),
            &mut error as *mut String as *mut c_void,
        )
    };
    if result.value == 0 {
        let detail = error.trim();
        return Err(if detail.contains("does not refer to a registered pass") || detail.is_empty() {
            format!("unknown pass '{}' (see --list-passes for xhlo passes; upstream MLIR passes are also accepted)", e.name)
        } else {
            format!("pass '{}': {detail}", e.name)
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::XhloPass;

    #[test]
    fn parses_nested_pipelines_with_options() {
        let p = parse("builtin.module(func.func(xhlo-cse, canonicalize{max-iterations=2}), xhlo-dce)").unwrap();
        assert_eq!(p.len(), 1);
        let inner = p[0].nested.as_ref().unwrap();
        assert_eq!(inner[0].name, "func.func");
        assert_eq!(inner[0].nested.as_ref().unwrap()[1].options, "max-iterations=2");
        assert_eq!(inner[1].name, "xhlo-dce");
    }

    #[test]
    fn defaults_fill_only_declared_options_not_given() {
        let d = [("stats".to_string(), "true".to_string()), ("dot-tiles".to_string(), "4,2,64,8,2".to_string())];
        let eqsat = &crate::eqsat::Eqsat::INFO;
        assert_eq!(with_defaults(eqsat, "", &d), "stats=true");
        assert_eq!(with_defaults(eqsat, "stats=false fuse=false", &d), "stats=false fuse=false");
        assert_eq!(with_defaults(&crate::jit::INFO, "fusion=off", &d), "fusion=off stats=true dot-tiles=4,2,64,8,2");
        assert_eq!(with_defaults(&crate::cse::Cse::INFO, "", &d), "");
    }

    #[test]
    fn reports_malformed_pipelines() {
        assert!(parse("a(b").unwrap_err().contains("expected ')'"));
        assert!(parse("a{b").unwrap_err().contains("unterminated"));
        assert!(parse(",").is_err());
    }
}

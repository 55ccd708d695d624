//! The C API of xhlo (`include/xhlo.h`): verify, transform, compile and run xhlo programs from
//! C, and the entry points the mlir-opt plugin (`capi/plugin/xhlo_mlir_plugin.cpp`) calls.
//!
//! Everything crosses this boundary as text or plain bytes: the library keeps its own MLIR
//! (linked statically, every symbol but the `xhlo_*` functions hidden by rustc's export list for
//! a cdylib), so no MLIR object of a caller's MLIR is ever handed in. No function unwinds into C:
//! each body runs under [`guarded`], and a panic becomes an error message.

mod call_graph;
mod op_text;
mod pass_table;
mod pipeline_text;
mod program;

use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `body`, turning a panic into `Err` so that it never unwinds across the C boundary.
fn guarded<T>(body: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(panic) => {
            let what = panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()));
            Err(format!("internal error in xhlo (a bug: please report it with the input): {}", what.unwrap_or_default()))
        }
    }
}

/// A C string argument as UTF-8; `what` names it in the error.
unsafe fn text_arg<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, String> {
    if ptr.is_null() {
        return Err(format!("{what} is NULL"));
    }
    unsafe { CStr::from_ptr(ptr) }.to_str().map_err(|_| format!("{what} is not valid UTF-8"))
}

/// An optional C string argument (NULL: `default`).
unsafe fn optional_text_arg<'a>(ptr: *const c_char, what: &str, default: &'a str) -> Result<&'a str, String> {
    if ptr.is_null() {
        Ok(default)
    } else {
        unsafe { text_arg(ptr, what) }
    }
}

/// A string the caller owns and frees with [`xhlo_string_free`] (NUL bytes become spaces).
fn owned(text: &str) -> *mut c_char {
    CString::new(text.replace('\0', " ")).map(CString::into_raw).unwrap_or(std::ptr::null_mut())
}

/// Stores `text` into an optional out-parameter.
unsafe fn put(out: *mut *mut c_char, text: &str) {
    if !out.is_null() {
        unsafe { *out = owned(text) };
    }
}

/// Stores `value` into an optional out-parameter (NULL: not wanted).
unsafe fn set<T>(out: *mut T, value: T) {
    if !out.is_null() {
        unsafe { *out = value };
    }
}

/// The status a function returns to C: 0 when `result` holds (its value handed to `done`), 1
/// with the message stored in the out-parameter `error`.
unsafe fn status<T>(result: Result<T, String>, error: *mut *mut c_char, done: impl FnOnce(T)) -> i32 {
    match result {
        Ok(value) => {
            done(value);
            0
        }
        Err(message) => {
            unsafe { put(error, &message) };
            1
        }
    }
}

/// Frees a string returned by this library (NULL is ignored).
#[no_mangle]
pub unsafe extern "C" fn xhlo_string_free(text: *mut c_char) {
    if !text.is_null() {
        drop(unsafe { CString::from_raw(text) });
    }
}

/// Parses and verifies `text` (xhlo or StableHLO). 0: valid; 1: invalid, with the located
/// diagnostics (`file:line:col: error: ...`, one a line) in `*diagnostics`.
#[no_mangle]
pub unsafe extern "C" fn xhlo_verify_text(text: *const c_char, filename: *const c_char, diagnostics: *mut *mut c_char) -> i32 {
    let result = guarded(|| {
        let text = unsafe { text_arg(text, "text")? };
        let filename = unsafe { optional_text_arg(filename, "filename", "<input>")? };
        pipeline_text::verify(text, filename)
    });
    unsafe { status(result, diagnostics, |()| {}) }
}

/// Runs `pipeline` (as in `xla-opt --pass-pipeline`: our passes, named pipelines and upstream
/// ones) on `text`. 0: `*output` holds the result (as `xla-opt` prints it); 1: `*diagnostics`
/// holds the located diagnostics.
#[no_mangle]
pub unsafe extern "C" fn xhlo_run_pipeline_text(
    text: *const c_char,
    filename: *const c_char,
    pipeline: *const c_char,
    output: *mut *mut c_char,
    diagnostics: *mut *mut c_char,
) -> i32 {
    let result = guarded(|| {
        let text = unsafe { text_arg(text, "text")? };
        let filename = unsafe { optional_text_arg(filename, "filename", "<input>")? };
        let pipeline = unsafe { text_arg(pipeline, "pipeline")? };
        pipeline_text::run(text, filename, pipeline, pipeline_text::Printing::AsXlaOpt).map_err(|d| pipeline_text::human(&d))
    });
    unsafe { status(result, diagnostics, |out| put(output, &out)) }
}

/// For the mlir-opt plugin: [`xhlo_run_pipeline_text`] on a module printed by another MLIR
/// (generic form with locations), returning the result in the same form, and the diagnostics
/// as records `severity \t file \t line \t column \t message` (one a line; a `note` belongs to
/// the error before it) that the caller re-emits at their locations.
#[no_mangle]
pub unsafe extern "C" fn xhlo_plugin_run_pipeline(
    text: *const c_char,
    pipeline: *const c_char,
    output: *mut *mut c_char,
    records: *mut *mut c_char,
) -> i32 {
    let result = guarded(|| {
        let text = unsafe { text_arg(text, "text")? };
        let pipeline = unsafe { text_arg(pipeline, "pipeline")? };
        Ok(pipeline_text::run(text, "<mlir-opt>", pipeline, pipeline_text::Printing::ForAnotherMlir))
    });
    match result {
        Ok(Ok(out)) => {
            unsafe { put(output, &out) };
            0
        }
        Ok(Err(diagnostics)) => {
            unsafe { put(records, &pipeline_text::records(&diagnostics)) };
            1
        }
        Err(message) => {
            unsafe { put(records, &format!("error\t\t0\t0\t{}", message.replace(['\n', '\t'], " "))) };
            1
        }
    }
}

/// For the mlir-opt plugin: checks one xhlo op described as text (see [`op_text`]) with the
/// catalogue's verifier. NULL: valid; otherwise the message (`'xhlo.add' op ...`), which the
/// caller reports at the op and frees with [`xhlo_string_free`].
#[no_mangle]
pub unsafe extern "C" fn xhlo_verify_op(description: *const c_char) -> *mut c_char {
    let result = guarded(|| {
        let description = unsafe { text_arg(description, "op description")? };
        Ok(op_text::verify_described(description))
    });
    match result {
        Ok(None) => std::ptr::null_mut(),
        Ok(Some(message)) | Err(message) => owned(&message),
    }
}

/// For the mlir-opt plugin: the calls that close a cycle of calls in a call graph described as
/// text (see [`call_graph`]), as `xla-opt`'s recursion check finds them. 0: `*found` holds one
/// line per such call (empty when there is none); 1: `*error` says what is wrong with the text.
#[no_mangle]
pub unsafe extern "C" fn xhlo_recursive_calls(description: *const c_char, found: *mut *mut c_char, error: *mut *mut c_char) -> i32 {
    let result = guarded(|| {
        let description = unsafe { text_arg(description, "call graph")? };
        call_graph::recursive_calls(description)
    });
    unsafe { status(result, error, |out| put(found, &out)) }
}

/// The op names of the xhlo and check dialects, `dialect.op`, one a line (static storage).
#[no_mangle]
pub extern "C" fn xhlo_dialect_ops() -> *const c_char {
    pass_table::dialect_ops().as_ptr()
}

/// The number of passes and named pipelines the plugin registers ([`xhlo_pass_info`]).
#[no_mangle]
pub extern "C" fn xhlo_pass_count() -> usize {
    pass_table::table().len()
}

/// Pass `index`'s name, summary and option count (static storage). 0: no such pass.
#[no_mangle]
pub unsafe extern "C" fn xhlo_pass_info(index: usize, name: *mut *const c_char, summary: *mut *const c_char, options: *mut usize) -> i32 {
    let Some(pass) = pass_table::table().get(index) else { return 0 };
    unsafe {
        set(name, pass.name.as_ptr());
        set(summary, pass.summary.as_ptr());
        set(options, pass.options.len());
    }
    1
}

/// Whether pass `index` runs on any op it is scheduled on (1: `func.func(xhlo-cse)`), or
/// only on a `builtin.module` (0; also for an index out of range).
#[no_mangle]
pub extern "C" fn xhlo_pass_runs_on_any_op(index: usize) -> i32 {
    pass_table::table().get(index).is_some_and(|p| p.any_op) as i32
}

/// Option `option` of pass `index`: its name, default and help (static storage). 0: none.
#[no_mangle]
pub unsafe extern "C" fn xhlo_pass_option(
    index: usize,
    option: usize,
    name: *mut *const c_char,
    default: *mut *const c_char,
    help: *mut *const c_char,
) -> i32 {
    let Some(o) = pass_table::table().get(index).and_then(|p| p.options.get(option)) else { return 0 };
    unsafe {
        set(name, o.name.as_ptr());
        set(default, o.default.as_ptr());
        set(help, o.help.as_ptr());
    }
    1
}

pub use program::{xhlo_compile, xhlo_program_free, xhlo_program_io, xhlo_run};

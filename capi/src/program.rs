//! Compiled programs for C callers: `xhlo_compile` takes the text and the options of the
//! `xhlo-jit` pipeline, `xhlo_run` runs on the caller's buffers (each in its entry type's
//! layout, as `Program::run_physical_into`), writing the results into the caller's buffers.

use crate::{guarded, put, set, status, text_arg};
use std::ffi::c_char;
use xhlo::dialect::{source, XhloContext};
use xhlo::passes::jit::JitOptions;
use xhlo::runtime::{self, CompileOptions, Program};

/// Parses, verifies and compiles `text` (xhlo or StableHLO).
fn compile(text: &str, filename: &str, options: &str) -> Result<Program, String> {
    let options = CompileOptions::from_pipeline(&JitOptions::parse(options)?);
    let ctx = XhloContext::new();
    let xhlo_text = xhlo::import::to_xhlo_text(text, filename)?;
    let module = source::parse_and_verify(&ctx, &xhlo_text, filename).map_err(|d| crate::pipeline_text::human(&d))?;
    runtime::compile(&ctx, &module, &options, filename).map_err(|e| e.to_string())
}

/// Compiles `text` (xhlo or StableHLO; `filename` names it in diagnostics, NULL: `<input>`)
/// with `options`, the `xhlo-jit` pipeline's options as in a pipeline (`entry=main threads=1
/// fusion=greedy`; NULL or empty: the defaults). NULL on failure, with the located
/// diagnostics in `*error`. Free the program with [`xhlo_program_free`].
#[no_mangle]
pub unsafe extern "C" fn xhlo_compile(text: *const c_char, filename: *const c_char, options: *const c_char, error: *mut *mut c_char) -> *mut Program {
    let result = guarded(|| {
        let text = unsafe { text_arg(text, "text")? };
        let filename = unsafe { crate::optional_text_arg(filename, "filename", "<input>")? };
        let options = unsafe { crate::optional_text_arg(options, "options", "")? };
        compile(text, filename, options)
    });
    match result {
        Ok(program) => Box::into_raw(Box::new(program)),
        Err(message) => {
            unsafe { put(error, &message) };
            std::ptr::null_mut()
        }
    }
}

/// Frees a program (NULL is ignored).
#[no_mangle]
pub unsafe extern "C" fn xhlo_program_free(program: *mut Program) {
    if !program.is_null() {
        drop(unsafe { Box::from_raw(program) });
    }
}

/// The number of inputs (`is_output` 0) or results (1) of the entry; with `index` below it
/// and `bytes` not NULL, `*bytes` is that buffer's size.
#[no_mangle]
pub unsafe extern "C" fn xhlo_program_io(program: *const Program, is_output: i32, index: usize, bytes: *mut usize) -> usize {
    let Some(program) = (unsafe { program.as_ref() }) else { return 0 };
    let list = if is_output != 0 { &program.outputs } else { &program.inputs };
    if let Some(ty) = list.get(index) {
        unsafe { set(bytes, xhlo::ir::literal::storage_bytes(ty)) };
    }
    list.len()
}

/// Runs `program` on `num_inputs` input buffers (each exactly its type's bytes in its
/// layout) writing its `num_outputs` results into the caller's buffers. 0: done; 1: wrong
/// buffers or a failed run, with the reason in `*error`.
#[no_mangle]
pub unsafe extern "C" fn xhlo_run(
    program: *const Program,
    inputs: *const *const u8,
    input_bytes: *const usize,
    num_inputs: usize,
    outputs: *const *mut u8,
    output_bytes: *const usize,
    num_outputs: usize,
    error: *mut *mut c_char,
) -> i32 {
    let result = guarded(|| {
        let program = unsafe { program.as_ref() }.ok_or("program is NULL")?;
        let slices = |ptrs: *const *const u8, sizes: *const usize, n: usize, what: &str| -> Result<Vec<&[u8]>, String> {
            if n > 0 && (ptrs.is_null() || sizes.is_null()) {
                return Err(format!("{what} or their sizes are NULL"));
            }
            (0..n)
                .map(|i| unsafe {
                    let (p, len) = (*ptrs.add(i), *sizes.add(i));
                    if p.is_null() { Err(format!("{what} #{i} is NULL")) } else { Ok(std::slice::from_raw_parts(p, len)) }
                })
                .collect()
        };
        let inputs = slices(inputs, input_bytes, num_inputs, "inputs")?;
        if num_outputs > 0 && (outputs.is_null() || output_bytes.is_null()) {
            return Err("outputs or their sizes are NULL".to_string());
        }
        let mut results: Vec<&mut [u8]> = (0..num_outputs)
            .map(|i| unsafe {
                let (p, len) = (*outputs.add(i), *output_bytes.add(i));
                if p.is_null() { Err(format!("output #{i} is NULL")) } else { Ok(std::slice::from_raw_parts_mut(p, len)) }
            })
            .collect::<Result<_, String>>()?;
        program.run_physical_into(&inputs, &mut results).map_err(|e| e.to_string())
    });
    unsafe { status(result, error, |()| {}) }
}

//! The JIT (shim/xhlo_jit.cpp): an LLVM-dialect module to machine code, LLVM's optimization
//! and code generation spread over compile threads (the module split into one partition per
//! thread), the entry called through a packed wrapper (`_mlir_<entry>(void **args)`).

use std::ffi::{c_char, c_void, CStr, CString};

unsafe extern "C" {
    fn xhloJitCreate(module: mlir_sys::MlirModule, opt_level: i32, threads: i32, entry: *const c_char, error: *mut *mut c_char) -> *mut c_void;
    fn xhloJitDefine(jit: *mut c_void, name: *const c_char, address: *mut c_void) -> i32;
    fn xhloJitLookupPacked(jit: *mut c_void, entry: *const c_char, error: *mut *mut c_char) -> *mut c_void;
    fn xhloJitDestroy(jit: *mut c_void);
    fn xhloJitFreeError(error: *mut c_char);
}

/// A compiled module. Not `Sync` by itself: the packed entry is called with the caller's
/// buffers only, so callers may share it across threads as they share the buffers.
pub struct Jit {
    raw: *mut c_void,
    entry: CString,
}

// SAFETY: the JIT's state is only touched by `define` and `lookup_packed` (`&mut self`) and
// `Drop`; the compiled code is immutable once linked.
unsafe impl Send for Jit {}
unsafe impl Sync for Jit {}

fn take_error(error: *mut c_char) -> String {
    if error.is_null() {
        return "LLVM failed without a message".into();
    }
    // SAFETY: a NUL-terminated string the shim allocated; freed once here.
    let message = unsafe { CStr::from_ptr(error) }.to_string_lossy().into_owned();
    unsafe { xhloJitFreeError(error) };
    message
}

impl Jit {
    /// Translates `module` (LLVM dialect, verified) to LLVM IR and prepares it to compile at
    /// `opt_level` on `threads` compile threads, with a packed wrapper for `entry`.
    pub fn new(module: &melior::ir::Module, opt_level: usize, threads: usize, entry: &str) -> Result<Jit, String> {
        let entry = CString::new(entry).map_err(|_| "the entry name contains a NUL byte".to_string())?;
        let mut error = std::ptr::null_mut();
        // SAFETY: a valid module; the shim copies what it needs out of it.
        let raw = unsafe { xhloJitCreate(module.to_raw(), opt_level.min(3) as i32, threads.min(64) as i32, entry.as_ptr(), &mut error) };
        if raw.is_null() {
            return Err(take_error(error));
        }
        Ok(Jit { raw, entry })
    }

    /// Makes `name` resolve to `address` in compiled code (before [`Jit::lookup_packed`]).
    pub fn define(&mut self, name: &str, address: *mut c_void) -> Result<(), String> {
        let c = CString::new(name).map_err(|_| "a symbol name contains a NUL byte".to_string())?;
        // SAFETY: a live JIT and a NUL-terminated name.
        match unsafe { xhloJitDefine(self.raw, c.as_ptr(), address) } {
            0 => Ok(()),
            _ => Err(format!("the JIT could not define {name}")),
        }
    }

    /// The entry's packed wrapper; the first call compiles and links the whole module.
    pub fn lookup_packed(&mut self) -> Result<unsafe extern "C" fn(*mut *mut c_void), String> {
        let mut error = std::ptr::null_mut();
        // SAFETY: a live JIT and a NUL-terminated name.
        let f = unsafe { xhloJitLookupPacked(self.raw, self.entry.as_ptr(), &mut error) };
        if f.is_null() {
            return Err(take_error(error));
        }
        // SAFETY: the shim built `_mlir_<entry>` as `void (void **)`.
        Ok(unsafe { std::mem::transmute::<*mut c_void, unsafe extern "C" fn(*mut *mut c_void)>(f) })
    }
}

impl Drop for Jit {
    fn drop(&mut self) {
        // SAFETY: created by xhloJitCreate, destroyed once.
        unsafe { xhloJitDestroy(self.raw) }
    }
}

//! Compiles the return point around calls of compiled code (src/c/guard.c: setjmp/longjmp,
//! which Rust cannot express), so an allocation that fails in compiled code ends the run
//! with an error instead of the process.
fn main() {
    println!("cargo:rerun-if-changed=src/c/guard.c");
    cc::Build::new().file("src/c/guard.c").flag("-std=c11").compile("xhlo_guard");
}

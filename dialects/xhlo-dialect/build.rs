//! Compiles the C++ shim against MLIR 22's headers: the verifier hook (shim/xhlo_shim.cpp)
//! the passes upstream pipelines name (shim/xhlo_passes.cpp, xhlo_vectorize.cpp, xhlo_bf16.cpp,
//! xhlo_collective.cpp, xhlo_gemm.cpp, xhlo_gpu_math.cpp)
//! the setter of LLVM's command-line options (shim/xhlo_llvm_options.cpp) and the JIT
//! (shim/xhlo_jit.cpp).
fn main() {
    let prefix = std::env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    println!("cargo:rerun-if-changed=shim/xhlo_shim.cpp");
    println!("cargo:rerun-if-changed=shim/xhlo_passes.cpp");
    println!("cargo:rerun-if-changed=shim/xhlo_vectorize.cpp");
    println!("cargo:rerun-if-changed=shim/xhlo_bf16.cpp");
    println!("cargo:rerun-if-changed=shim/xhlo_collective.cpp");
    println!("cargo:rerun-if-changed=shim/xhlo_gemm.cpp");
    println!("cargo:rerun-if-changed=shim/xhlo_gpu_math.cpp");
    println!("cargo:rerun-if-changed=shim/xhlo_llvm_options.cpp");
    println!("cargo:rerun-if-changed=shim/xhlo_jit.cpp");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    cc::Build::new()
        .cpp(true)
        .file("shim/xhlo_shim.cpp")
        .file("shim/xhlo_passes.cpp")
        .file("shim/xhlo_vectorize.cpp")
        .file("shim/xhlo_bf16.cpp")
        .file("shim/xhlo_collective.cpp")
        .file("shim/xhlo_gemm.cpp")
        .file("shim/xhlo_gpu_math.cpp")
        .file("shim/xhlo_llvm_options.cpp")
        .file("shim/xhlo_jit.cpp")
        .include(format!("{prefix}/include"))
        .flag("-std=c++17")
        .flag("-fno-rtti")
        .flag("-fno-exceptions")
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-comment")
        .flag_if_supported("-Wno-redundant-move")
        .compile("xhlo_shim");
}

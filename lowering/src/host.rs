//! The CPU the compiled code runs on (the JIT compiles for the host), read at run time.

/// Bytes per vector register of the host: 64 with AVX-512, 32 with AVX2, else 16 (SSE2,
/// NEON).
pub fn vector_bytes() -> i64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return 64;
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            return 32;
        }
    }
    16
}

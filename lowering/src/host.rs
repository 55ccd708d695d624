//! The CPU the compiled code runs on (the JIT compiles for the host), read at run time.

/// Bytes per vector register of the host: 64 with AVX-512, 32 with AVX2, else 16 (SSE2,
/// NEON). The vector kernels and the reductions' lanes are sized from it.
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_vector_width_is_a_power_of_two_of_at_least_16_bytes() {
        let v = super::vector_bytes();
        assert!(v >= 16 && (v as u64).is_power_of_two(), "{v}");
    }
}

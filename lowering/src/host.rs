//! What the lowering needs to know about the CPU it compiles for, read once from the running
//! host (the JIT compiles for the machine it runs on).

/// The widest vector register of the host in bytes: 64 with AVX-512, 32 with AVX2, else 16
/// (SSE2, NEON). Vectorized loops size their lanes from it.
pub fn vector_bytes() -> usize {
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
        assert!(v >= 16 && v.is_power_of_two(), "{v}");
    }
}

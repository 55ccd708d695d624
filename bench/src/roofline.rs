//! The machine's two limits, measured in the same run as the workloads: the FMA peak of all
//! cores (independent fused multiply-add chains in vector registers, at the widest width the
//! host has) and the memory bandwidth (a STREAM triad `a[i] = b[i] + s·c[i]` over arrays far
//! larger than the last-level cache). Each workload's achieved rate is then a fraction of
//! the limit that bounds it (a roofline), comparable across machines of different kinds.

use std::time::Instant;

/// What was measured.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// f32 GFLOP/s of all threads (2 flops per FMA).
    pub peak_gflops: f64,
    /// The vector width the peak was measured at, in bits.
    pub vector_bits: u32,
    /// GB/s of the triad (3 arrays of 4-byte elements, as STREAM counts them).
    pub triad_gbs: f64,
    pub threads: usize,
}

/// Measures both limits on `threads` threads.
pub fn measure(threads: usize) -> Limits {
    let (peak_gflops, vector_bits) = fma_peak(threads);
    Limits { peak_gflops, vector_bits, triad_gbs: triad(threads), threads }
}

/// Independent accumulator chains per thread: enough to cover the FMA latency (4 cycles) on
/// two FMA ports.
const CHAINS: usize = 12;

/// The best of five timed rounds of `round(threads)`, which returns work done per second.
fn best_of(rounds: usize, mut round: impl FnMut() -> f64) -> f64 {
    (0..rounds).map(|_| round()).fold(0.0, f64::max)
}

/// f32 FMA throughput of all threads in GFLOP/s, and the vector width used.
fn fma_peak(threads: usize) -> (f64, u32) {
    let (bits, kernel): (u32, fn(u64) -> f32) = fma_kernel();
    let lanes = (bits / 32) as f64;
    let iters: u64 = 20_000_000;
    kernel(iters / 100); // warm up (clock ramps up under FMA load)
    let gflops = best_of(3, || {
        let start = Instant::now();
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| std::hint::black_box(kernel(iters)));
            }
        });
        (threads as f64 * iters as f64 * CHAINS as f64 * lanes * 2.0) / start.elapsed().as_secs_f64() / 1e9
    });
    (gflops, bits)
}

/// The widest FMA kernel this CPU runs (read from its features at run time).
fn fma_kernel() -> (u32, fn(u64) -> f32) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f") {
            return (512, |n| unsafe { x86::fma512(n) });
        }
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
            return (256, |n| unsafe { x86::fma256(n) });
        }
    }
    (32, fma_scalar)
}

/// Scalar chains (`mul_add`), for hosts without x86 vector FMAs.
fn fma_scalar(n: u64) -> f32 {
    let mut acc = [0.0f32; CHAINS];
    for (i, a) in acc.iter_mut().enumerate() {
        *a = i as f32;
    }
    for _ in 0..n {
        for a in acc.iter_mut() {
            *a = a.mul_add(0.999_999, 1e-7);
        }
    }
    acc.iter().sum()
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::CHAINS;
    use std::arch::x86_64::*;

    #[target_feature(enable = "avx512f")]
    pub unsafe fn fma512(n: u64) -> f32 {
        let (a, b) = (_mm512_set1_ps(0.999_999), _mm512_set1_ps(1e-7));
        let mut acc = [_mm512_setzero_ps(); CHAINS];
        for (i, v) in acc.iter_mut().enumerate() {
            *v = _mm512_set1_ps(i as f32);
        }
        for _ in 0..n {
            for v in acc.iter_mut() {
                *v = _mm512_fmadd_ps(*v, a, b);
            }
        }
        acc.iter().map(|v| _mm512_reduce_add_ps(*v)).sum()
    }

    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn fma256(n: u64) -> f32 {
        let (a, b) = (_mm256_set1_ps(0.999_999), _mm256_set1_ps(1e-7));
        let mut acc = [_mm256_setzero_ps(); CHAINS];
        for (i, v) in acc.iter_mut().enumerate() {
            *v = _mm256_set1_ps(i as f32);
        }
        for _ in 0..n {
            for v in acc.iter_mut() {
                *v = _mm256_fmadd_ps(*v, a, b);
            }
        }
        let mut lanes = [0.0f32; 8];
        let sum = acc.iter().fold(_mm256_setzero_ps(), |s, v| _mm256_add_ps(s, *v));
        _mm256_storeu_ps(lanes.as_mut_ptr(), sum);
        lanes.iter().sum()
    }
}

/// Elements per triad array: 3 × 128 MB, far beyond any last-level cache.
const TRIAD_ELEMENTS: usize = 32 << 20;

/// STREAM triad bandwidth of all threads in GB/s; each thread first touches the part of the
/// arrays it later streams (so pages sit near it), the best of five rounds counts.
fn triad(threads: usize) -> f64 {
    let n = TRIAD_ELEMENTS;
    let mut a = Vec::<f32>::with_capacity(n);
    let mut b = Vec::<f32>::with_capacity(n);
    let mut c = Vec::<f32>::with_capacity(n);
    // SAFETY: f32 has no invalid bit patterns; every element is written below before it is read.
    unsafe {
        a.set_len(n);
        b.set_len(n);
        c.set_len(n);
    }
    let chunk = n.div_ceil(threads);
    let run = |a: &mut [f32], b: &mut [f32], c: &mut [f32], init: bool| {
        std::thread::scope(|s| {
            for ((a, b), c) in a.chunks_mut(chunk).zip(b.chunks_mut(chunk)).zip(c.chunks_mut(chunk)) {
                s.spawn(move || {
                    if init {
                        a.fill(0.0);
                        b.fill(1.0);
                        c.fill(2.0);
                    } else {
                        for ((a, b), c) in a.iter_mut().zip(b.iter()).zip(c.iter()) {
                            *a = b + 3.0 * c;
                        }
                    }
                });
            }
        });
    };
    run(&mut a, &mut b, &mut c, true);
    let gbs = best_of(5, || {
        let start = Instant::now();
        run(&mut a, &mut b, &mut c, false);
        (3 * n * 4) as f64 / start.elapsed().as_secs_f64() / 1e9
    });
    std::hint::black_box(&a);
    gbs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fma_kernels_compute_the_same_chains() {
        // Each lane of chain i runs x ← 0.999999·x + 1e-7 from x = i: the vector kernels'
        // sums are the scalar one's times their lane count.
        let (bits, kernel) = fma_kernel();
        let lanes = (bits / 32) as f32;
        let (want, got) = (fma_scalar(1000) * lanes, kernel(1000));
        assert!((want - got).abs() <= 1e-3 * want.abs(), "{want} vs {got}");
    }
}

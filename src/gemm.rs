//! The matrix products compiled programs call: a precompiled GEMM (the `gemm` crate, which
//! picks its AVX-512, AVX2+FMA, NEON or portable kernels from the host CPU's features at run
//! time) in place of a kernel generated and compiled per program.
//!
//! This is how XLA's CPU backend runs its dots (Eigen, compiled with XLA) and what IREE's
//! microkernels are: LLVM compiles only the call, not a register-tiled kernel per dot, which
//! was most of a dot-heavy program's compile time (see README, "The dot library"). The
//! lowering marks the dots it hands over (`library_call = "xhlo_gemm"` on their
//! `linalg.generic`); `xhlo-gemm-calls` (C++ shim) turns each into calls of
//! [`xhlo_gemm_f32`]/[`xhlo_gemm_f64`], one per task of a parallel loop, so the program's
//! OpenMP threads split the product and no second thread pool exists.
//!
//! A task computes `C[b, m0..m1, n0..n1] = A[b, m0..m1, :] · B[b, :, n0..n1]`, overwriting C
//! (C is not read) or, with `accumulate`, adding to it (where the pass found no zero fill of
//! C to drop); operands are strided views (element strides for the batch, row and
//! column: a transposed operand is a stride, never a copy).

use std::ffi::c_void;

/// One operand as the call passes it: the aligned pointer of its buffer and the element
/// offset and strides of the view.
#[derive(Clone, Copy)]
struct View {
    base: i64,
    offset: i64,
    batch_stride: i64,
    row_stride: i64,
    col_stride: i64,
}

impl View {
    /// The address of element `[b, row, col]`.
    fn at<T>(&self, b: i64, row: i64, col: i64) -> *mut T {
        let index = self.offset + b * self.batch_stride + row * self.row_stride + col * self.col_stride;
        (self.base as *mut T).wrapping_offset(index as isize)
    }
}

/// The rows `[start, end)` of part `i` of `parts` of `0..total`, each part a multiple of
/// `align` long except the last (so that column blocks start at a vector boundary).
fn part(i: i64, parts: i64, total: i64, align: i64) -> (i64, i64) {
    let chunk = (total + parts - 1) / parts;
    let chunk = (chunk + align - 1) / align * align;
    ((i * chunk).min(total), ((i + 1) * chunk).min(total))
}

/// The work of task `task` out of `b × tasks_m × tasks_n` (batch outermost, then row
/// blocks, then column blocks).
#[allow(clippy::too_many_arguments)]
unsafe fn gemm_task<T: 'static + Copy + From<u8>>(task: i64, tasks_m: i64, tasks_n: i64, m: i64, n: i64, k: i64, accumulate: bool, a: View, b: View, c: View) {
    let per_batch = tasks_m * tasks_n;
    let (batch, rest) = (task / per_batch, task % per_batch);
    let (m0, m1) = part(rest / tasks_n, tasks_m, m, 1);
    let (n0, n1) = part(rest % tasks_n, tasks_n, n, 16);
    if m0 >= m1 || n0 >= n1 {
        return;
    }
    // SAFETY: the views address the operands' buffers (the pass passes each memref's own
    // pointer, offset and strides, and the task's block lies inside the shapes); C does not
    // overlap A or B (bufferization gives a dot's result its own buffer).
    unsafe {
        gemm::gemm::<T>(
            (m1 - m0) as usize,
            (n1 - n0) as usize,
            k as usize,
            c.at::<T>(batch, m0, n0),
            c.col_stride as isize,
            c.row_stride as isize,
            accumulate,
            a.at::<T>(batch, m0, 0),
            a.col_stride as isize,
            a.row_stride as isize,
            b.at::<T>(batch, 0, n0),
            b.col_stride as isize,
            b.row_stride as isize,
            T::from(1),
            T::from(1),
            false,
            false,
            false,
            gemm::Parallelism::None,
        )
    }
}

macro_rules! gemm_entry {
    ($name:ident, $t:ty) => {
        /// One task of a matrix product of
        #[doc = concat!("`", stringify!($t), "` operands (see the module docs); the arguments are what `xhlo-gemm-calls` passes.")]
        ///
        /// # Safety
        /// Each operand's base, offset and strides must address a buffer holding the whole
        /// `[batches, rows, columns]` view the shapes `m`, `n`, `k` imply, and C must not
        /// overlap A or B.
        #[allow(clippy::too_many_arguments)]
        pub unsafe extern "C" fn $name(
            task: i64,
            tasks_m: i64,
            tasks_n: i64,
            m: i64,
            n: i64,
            k: i64,
            accumulate: i64,
            a_base: i64,
            a_offset: i64,
            a_batch: i64,
            a_row: i64,
            a_col: i64,
            b_base: i64,
            b_offset: i64,
            b_batch: i64,
            b_row: i64,
            b_col: i64,
            c_base: i64,
            c_offset: i64,
            c_batch: i64,
            c_row: i64,
            c_col: i64,
        ) {
            let a = View { base: a_base, offset: a_offset, batch_stride: a_batch, row_stride: a_row, col_stride: a_col };
            let b = View { base: b_base, offset: b_offset, batch_stride: b_batch, row_stride: b_row, col_stride: b_col };
            let c = View { base: c_base, offset: c_offset, batch_stride: c_batch, row_stride: c_row, col_stride: c_col };
            // SAFETY: the caller's contract.
            unsafe { gemm_task::<$t>(task, tasks_m, tasks_n, m, n, k, accumulate != 0, a, b, c) }
        }
    };
}

gemm_entry!(xhlo_gemm_f32, f32);
gemm_entry!(xhlo_gemm_f64, f64);

/// The symbols compiled programs resolve to these functions (`xhlo-gemm-calls` names them).
pub fn symbols() -> [(&'static str, *mut c_void); 2] {
    [("xhlo_gemm_f32", xhlo_gemm_f32 as *mut c_void), ("xhlo_gemm_f64", xhlo_gemm_f64 as *mut c_void)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A product of strided operands (A transposed, C with padded rows), split 2 x 3 and
    /// against a plain f64 loop.
    #[test]
    fn tasks_cover_the_product_of_strided_views() {
        let (m, n, k) = (7i64, 37i64, 5i64);
        let a_t: Vec<f32> = (0..k * m).map(|i| ((i * 7) % 11) as f32 - 5.0).collect(); // [k, m]
        let b: Vec<f32> = (0..k * n).map(|i| ((i * 3) % 13) as f32 * 0.5).collect(); // [k, n]
        let ldc = n + 3;
        let mut c = vec![f32::NAN; (m * ldc) as usize];
        let av = View { base: a_t.as_ptr() as i64, offset: 0, batch_stride: 0, row_stride: 1, col_stride: m };
        let bv = View { base: b.as_ptr() as i64, offset: 0, batch_stride: 0, row_stride: n, col_stride: 1 };
        let cv = View { base: c.as_mut_ptr() as i64, offset: 0, batch_stride: 0, row_stride: ldc, col_stride: 1 };
        for task in 0..6 {
            unsafe { gemm_task::<f32>(task, 2, 3, m, n, k, false, av, bv, cv) };
        }
        for i in 0..m {
            for j in 0..ldc {
                let got = c[(i * ldc + j) as usize];
                if j >= n {
                    assert!(got.is_nan(), "padding written at {i},{j}");
                    continue;
                }
                let want: f64 = (0..k).map(|p| a_t[(p * m + i) as usize] as f64 * b[(p * n + j) as usize] as f64).sum();
                assert!((got as f64 - want).abs() <= 1e-4 * want.abs().max(1.0), "C[{i},{j}] = {got}, want {want}");
            }
        }
    }

    /// With `accumulate` the product is added to C's values.
    #[test]
    fn accumulate_adds_to_c() {
        let (m, n, k) = (3i64, 4i64, 2i64);
        let a = [1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0]; // [m, k]
        let b = [1.0f64, 0.0, 2.0, 1.0, 0.0, 1.0, 1.0, 3.0]; // [k, n]
        let mut c = vec![10.0f64; (m * n) as usize];
        let av = View { base: a.as_ptr() as i64, offset: 0, batch_stride: 0, row_stride: k, col_stride: 1 };
        let bv = View { base: b.as_ptr() as i64, offset: 0, batch_stride: 0, row_stride: n, col_stride: 1 };
        let cv = View { base: c.as_mut_ptr() as i64, offset: 0, batch_stride: 0, row_stride: n, col_stride: 1 };
        unsafe { gemm_task::<f64>(0, 1, 1, m, n, k, true, av, bv, cv) };
        for i in 0..m {
            for j in 0..n {
                let want = 10.0 + (0..k).map(|p| a[(i * k + p) as usize] * b[(p * n + j) as usize]).sum::<f64>();
                assert_eq!(c[(i * n + j) as usize], want);
            }
        }
    }

    #[test]
    fn parts_are_aligned_and_cover_the_range() {
        assert_eq!(part(0, 2, 37, 16), (0, 32));
        assert_eq!(part(1, 2, 37, 16), (32, 37));
        assert_eq!(part(2, 3, 10, 1), (8, 10));
        assert_eq!(part(3, 4, 2, 1), (2, 2));
    }
}

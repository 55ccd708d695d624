//! The cost model of kernels on this CPU: bytes moved and flops, in one unit.
//!
//! A kernel (one loop nest: a standalone op, or an `xhlo.fusion`) costs
//!
//! ```text
//! time = KERNEL_OVERHEAD + bytes read + bytes written + flops / FLOPS_PER_BYTE
//! ```
//!
//! in "byte-equivalents". Bytes read are the operands' tensors, each once (a fused kernel
//! reading a small operand through a broadcast map still reads only the operand); bytes
//! written are the result. Flops count every evaluation: a value fused behind a broadcast is
//! recomputed for every element of the kernel's iteration space. The balance
//! [`FLOPS_PER_BYTE`] says a core does about two simple flops in the time it streams one byte
//! (~10 GB/s per core from cache/DRAM, ~20 GFLOP/s of non-FMA vector work); transcendental
//! functions cost 20 flops, divisions and roots 4 ([`flops_per_element`], from each op's
//! catalogue cost class).
//!
//! Reductions ([`reduction_flops`]) run vectorized: the lowering splits the reduced
//! contiguous dimension into parallel vector lanes with their own accumulators and keeps a
//! column reduction's contiguous dimension innermost (`lowering/src/ops/reduction.rs`), so
//! each element costs the combiner, one vector flop ([`REDUCTION_ELEMENT_FLOPS`]), and
//! producers fused into the reduction cost what they cost in any vectorized loop. The lanes'
//! partial results (a vector or four per output element) are not counted. (Before the lanes,
//! the reduced loop was a chain of dependent combiner ops that LLVM did not vectorize: ~26
//! flop-equivalents per element, with scalar producers free in its shadow; that model made
//! fusing cheap producers into a reduction look free and an expensive one look ruinous.)
//!
//! The e-graph extractor ([`crate::eqsat::extract`], with [`crate::eqsat::kernel`]) uses this
//! model; the greedy [`crate::fuse`] pass uses its flop weights and balance.

/// How many flops cost as much time as moving one byte.
pub const FLOPS_PER_BYTE: f64 = 2.0;

/// The fixed price of one kernel (loop nest set-up, allocation of its result), so that of two
/// programs moving the same bytes the one with fewer kernels wins.
pub const KERNEL_OVERHEAD: f64 = 64.0;

/// The flops one element of `op` (name without `xhlo.`) costs: its catalogue cost class
/// ([`xhlo_ir::op::Cost`]); ops outside the catalogue count as one simple flop.
pub fn flops_per_element(op: &str) -> f64 {
    xhlo_ir::catalogue::lookup(op).map_or(xhlo_ir::op::Cost::Simple, |d| d.cost).flops()
}

/// What one element of a reduction costs: its combiner, vectorized.
pub const REDUCTION_ELEMENT_FLOPS: f64 = 1.0;

/// The flop-equivalents of a reduction over `elements` whose fused producers cost
/// `producer_flops` per element (vectorized like any loop).
pub fn reduction_flops(elements: f64, producer_flops: f64) -> f64 {
    elements * (REDUCTION_ELEMENT_FLOPS + producer_flops)
}

/// The bytes of a tensor (sub-byte elements take a byte each, as the lowering stores them).
pub fn tensor_bytes(t: &xhlo_ir::TensorType) -> f64 {
    t.num_elements().max(0) as f64 * (t.element.bit_width().max(8) / 8) as f64
}

/// The time of one kernel in byte-equivalents.
pub fn kernel_time(bytes_read: f64, bytes_written: f64, flops: f64) -> f64 {
    KERNEL_OVERHEAD + bytes_read + bytes_written + flops / FLOPS_PER_BYTE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flops_count_as_a_fraction_of_a_byte() {
        assert_eq!(kernel_time(100.0, 100.0, 0.0), KERNEL_OVERHEAD + 200.0);
        assert_eq!(kernel_time(0.0, 0.0, 2.0 * FLOPS_PER_BYTE), KERNEL_OVERHEAD + 2.0);
        assert!(flops_per_element("exponential") > flops_per_element("divide"));
        assert!(flops_per_element("divide") > flops_per_element("add"));
        assert_eq!(flops_per_element("transpose"), 0.0);
    }

    #[test]
    fn a_reduction_costs_its_combiner_and_its_producers_per_element() {
        assert_eq!(reduction_flops(10.0, 0.0), 10.0 * REDUCTION_ELEMENT_FLOPS);
        assert_eq!(reduction_flops(10.0, 2.0) - reduction_flops(10.0, 0.0), 20.0);
        // A fused exponential costs what it costs in an element-wise kernel.
        assert_eq!(reduction_flops(10.0, flops_per_element("exponential")) - reduction_flops(10.0, 0.0), 10.0 * flops_per_element("exponential"));
    }
}

//! A launch's kernel parameters, packed as `cuLaunchKernel` takes them: one value per
//! parameter, each in its own 8-byte slot, and an array of the slots' addresses. A memref is
//! its unpacked descriptor (MLIR's GPU calling convention): allocated pointer, aligned
//! pointer, offset, sizes, strides, one parameter each; the offset stays a count of elements,
//! since the kernel adds it to the aligned pointer itself.

use std::ffi::c_void;
use xhlo_gpu_bundle::Arg;

/// The parameter values of one launch. Each value sits in the low bytes of its slot (little
/// endian), so a 4-byte `i32` or `f32` parameter reads the first 4 bytes of its slot.
pub fn pack(args: &[Arg], buffer_address: impl Fn(usize) -> u64) -> Vec<u64> {
    let mut slots = Vec::new();
    for arg in args {
        match arg {
            Arg::Memref(v) => {
                let base = buffer_address(v.buffer);
                slots.extend([base, base, v.offset as u64]);
                slots.extend(v.sizes.iter().map(|&s| s as u64));
                slots.extend(v.strides.iter().map(|&s| s as u64));
            }
            Arg::I64(x) => slots.push(*x as u64),
            Arg::I32(x) => slots.push(*x as u32 as u64),
            Arg::F32(bits) => slots.push(*bits as u64),
            Arg::F64(bits) => slots.push(*bits),
            Arg::I16(x) => slots.push(*x as u16 as u64),
            Arg::I8(x) => slots.push(*x as u8 as u64),
            Arg::F16(bits) => slots.push(*bits as u64),
        }
    }
    slots
}

/// Packed parameters and the `void*` array that points at them, built once per launch of a
/// loaded bundle and reused by every run.
pub struct Params {
    slots: Box<[u64]>,
    pointers: Box<[*mut c_void]>,
}

impl Params {
    pub fn new(slots: Vec<u64>) -> Params {
        let mut slots = slots.into_boxed_slice();
        // The boxed slice never moves its elements, so these addresses stay valid.
        let pointers = slots.iter_mut().map(|s| s as *mut u64 as *mut c_void).collect();
        Params { slots, pointers }
    }

    pub fn slots(&self) -> &[u64] {
        &self.slots
    }

    /// The array `cuLaunchKernel` reads (it does not write through it).
    pub fn pointers(&mut self) -> &mut [*mut c_void] {
        &mut self.pointers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xhlo_gpu_bundle::View;

    #[test]
    fn a_memref_is_its_unpacked_descriptor_and_scalars_one_slot_each() {
        let view = View { buffer: 1, element_bytes: 4, offset: 3, sizes: vec![2, 5], strides: vec![5, 1] };
        let args = [Arg::I64(-2), Arg::Memref(view), Arg::I32(-1), Arg::F32(1.5f32.to_bits()), Arg::F64(2.5f64.to_bits())];
        let slots = pack(&args, |b| 0x7000_0000 + 0x100 * b as u64);
        assert_eq!(
            slots,
            [(-2i64) as u64, 0x7000_0100, 0x7000_0100, 3, 2, 5, 5, 1, 0xffff_ffff, 1.5f32.to_bits() as u64, 2.5f64.to_bits()]
        );
    }

    #[test]
    fn a_four_byte_parameter_reads_its_value_from_its_slots_first_bytes() {
        let mut p = Params::new(pack(&[Arg::I32(-7), Arg::F32(0.25f32.to_bits())], |_| 0));
        let pointers = p.pointers().to_vec();
        // SAFETY: the pointers address the slots of `p`, alive here.
        unsafe {
            assert_eq!(*(pointers[0] as *const i32), -7);
            assert_eq!(*(pointers[1] as *const f32), 0.25);
        }
        assert_eq!(p.slots().len(), 2);
    }
}

//! Infeed and outfeed on the host: the queues a run reads from and writes to.
//!
//! Compiled code calls `_mlir_ciface_xhlo_infeed_<type>` and `_mlir_ciface_xhlo_outfeed_<type>`
//! (see `lowering/src/ops/communication.rs`) with an unranked memref and the value's place
//! `k` in an item of `n` values. [`Program::run_with_feed`](crate::runtime::Program) puts the
//! run's [`Feed`] where those functions find it (a thread-local: the calls come from the
//! serial code of the calling thread, never from a parallel loop) and takes it back with
//! what the program wrote. A host function cannot fail the run from inside compiled code,
//! so a wrong item (queue empty, wrong count or type) is recorded, the buffer zeroed, and
//! the run reports the first such error when it returns.

use crate::ir::literal::{storage_size, Literal};
use crate::ir::{ElementType, TensorType};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::ffi::c_void;

/// The queues of one run: items to read (each a list of values, as one `infeed` reads
/// them) and the items written (one per `outfeed` executed, in order).
#[derive(Clone, Debug, Default)]
pub struct Feed {
    pub infeed: VecDeque<Vec<Literal>>,
    pub outfeed: Vec<Vec<Literal>>,
    /// The item being read (an `infeed` of several values takes them one call at a time).
    reading: Vec<Literal>,
    /// The item being written.
    writing: Vec<Literal>,
    error: Option<String>,
}

impl Feed {
    /// A feed whose infeed queue holds `items`.
    pub fn with_infeed(items: impl IntoIterator<Item = Vec<Literal>>) -> Feed {
        Feed { infeed: items.into_iter().collect(), ..Feed::default() }
    }

    /// The first error a host call recorded during the run, if any.
    pub fn take_error(&mut self) -> Option<String> {
        self.error.take()
    }

    fn fail(&mut self, message: String) {
        self.error.get_or_insert(message);
    }
}

thread_local! {
    static ACTIVE: RefCell<Option<Feed>> = const { RefCell::new(None) };
}

/// Runs `f` with `feed` active on this thread; returns `f`'s result and the feed after it.
pub(crate) fn with_feed<R>(feed: Feed, f: impl FnOnce() -> R) -> (R, Feed) {
    ACTIVE.with(|a| *a.borrow_mut() = Some(feed));
    let r = f();
    let feed = ACTIVE.with(|a| a.borrow_mut().take()).unwrap_or_default();
    (r, feed)
}

/// MLIR's unranked memref descriptor: the rank and a pointer to the ranked descriptor
/// (allocated pointer, aligned pointer, offset, sizes[rank], strides[rank]; all 64-bit).
#[repr(C)]
pub(crate) struct Unranked {
    rank: i64,
    descriptor: *const i64,
}

/// The shape of the buffer behind `u`, and the byte address of each element in row-major
/// order of its indices (strides are in elements).
///
/// # Safety
/// `u` must point to a live unranked memref descriptor of elements of `element`.
unsafe fn elements(u: *const Unranked, element: ElementType) -> (TensorType, Vec<*mut u8>) {
    let (sizes, addresses) = element_addresses(u, storage_size(element));
    (TensorType::new(sizes, element), addresses)
}

/// The sizes of the buffer behind `u` and the byte address of each element (of `size`
/// bytes) in row-major order of its indices.
///
/// # Safety
/// `u` must point to a live unranked memref descriptor of elements of `size` bytes.
pub(crate) unsafe fn element_addresses(u: *const Unranked, size: usize) -> (Vec<i64>, Vec<*mut u8>) {
    let u = &*u;
    let rank = u.rank.max(0) as usize;
    let d = u.descriptor;
    let aligned = *d.add(1) as *mut u8;
    let offset = *d.add(2);
    let sizes: Vec<i64> = (0..rank).map(|i| *d.add(3 + i)).collect();
    let strides: Vec<i64> = (0..rank).map(|i| *d.add(3 + rank + i)).collect();
    let size = size as i64;
    let count: i64 = sizes.iter().product();
    let mut addresses = Vec::with_capacity(count.max(0) as usize);
    let mut index = vec![0i64; rank];
    for _ in 0..count {
        let at = offset + index.iter().zip(&strides).map(|(i, s)| i * s).sum::<i64>();
        addresses.push(aligned.offset((at * size) as isize));
        for dim in (0..rank).rev() {
            index[dim] += 1;
            if index[dim] < sizes[dim] {
                break;
            }
            index[dim] = 0;
        }
    }
    (sizes, addresses)
}

/// `value` as a value of type `ty`: itself, or for sub-byte integers (which `.npy` files
/// cannot hold) a byte-per-element value of the same shape whose elements all fit; else
/// the type it has.
fn as_type(value: Literal, ty: &TensorType) -> Result<Literal, TensorType> {
    use ElementType::*;
    if value.ty == *ty {
        return Ok(value);
    }
    let bits = ty.element.bit_width();
    let fits = match (value.ty.element, ty.element) {
        (S8, S2 | S4) => value.bytes.iter().all(|&b| (b as i8 as i32) >> (bits - 1) == 0 || (b as i8 as i32) >> (bits - 1) == -1),
        (U8, U2 | U4) => value.bytes.iter().all(|&b| (b as u32) >> bits == 0),
        _ => false,
    };
    if fits && value.ty.dims == ty.dims {
        Ok(Literal { ty: ty.clone(), bytes: value.bytes })
    } else {
        Err(value.ty)
    }
}

/// Fills the buffer behind `u` with value `k` of the next infeed item (of `n` values).
unsafe fn infeed(element: ElementType, u: *const Unranked, k: i64, n: i64) {
    let (ty, addresses) = elements(u, element);
    let size = storage_size(element);
    let value = ACTIVE.with(|a| {
        let mut a = a.borrow_mut();
        let feed = a.as_mut()?;
        if k == 0 {
            match feed.infeed.pop_front() {
                Some(item) => feed.reading = item,
                None => {
                    feed.fail(format!("the program reads the infeed (an item of {n} values, the first {ty}) but the infeed queue is empty"));
                    feed.reading = Vec::new();
                    return None;
                }
            }
        }
        if feed.reading.len() != n as usize {
            if k == 0 {
                feed.fail(format!("the program reads an infeed item of {n} values but the next item has {}", feed.reading.len()));
            }
            return None;
        }
        let value = feed.reading[k as usize].clone();
        let fitted = as_type(value, &ty);
        if let Err(held) = &fitted {
            feed.fail(format!("the program reads value {k} of an infeed item as {ty} but the item holds {held}"));
        }
        fitted.ok()
    });
    for (i, address) in addresses.iter().enumerate() {
        let source = value.as_ref().map(|v| &v.bytes[i * size..(i + 1) * size]);
        match source {
            Some(bytes) => std::ptr::copy_nonoverlapping(bytes.as_ptr(), *address, size),
            None => std::ptr::write_bytes(*address, 0, size),
        }
    }
}

/// Appends the buffer behind `u` as value `k` of the outfeed item being written (of `n`).
unsafe fn outfeed(element: ElementType, u: *const Unranked, k: i64, n: i64) {
    let (ty, addresses) = elements(u, element);
    let size = storage_size(element);
    let mut bytes = Vec::with_capacity(addresses.len() * size);
    for address in &addresses {
        bytes.extend_from_slice(std::slice::from_raw_parts(*address, size));
    }
    ACTIVE.with(|a| {
        if let Some(feed) = a.borrow_mut().as_mut() {
            if k == 0 {
                feed.writing.clear();
            }
            feed.writing.push(Literal { ty, bytes });
            if k + 1 == n {
                let item = std::mem::take(&mut feed.writing);
                feed.outfeed.push(item);
            }
        }
    });
}

macro_rules! feed_functions {
    ($($element:ident: $infeed:ident, $outfeed:ident, $suffix:literal;)*) => {
        $(
            unsafe extern "C" fn $infeed(u: *const Unranked, k: i64, n: i64) {
                infeed(ElementType::$element, u, k, n)
            }
            unsafe extern "C" fn $outfeed(u: *const Unranked, k: i64, n: i64) {
                outfeed(ElementType::$element, u, k, n)
            }
        )*

        /// The host functions compiled code calls, by symbol (one pair per element type).
        pub(crate) fn symbols() -> Vec<(&'static str, *mut c_void)> {
            vec![$(
                (concat!("_mlir_ciface_xhlo_infeed_", $suffix), $infeed as *mut c_void),
                (concat!("_mlir_ciface_xhlo_outfeed_", $suffix), $outfeed as *mut c_void),
            )*]
        }
    };
}

feed_functions! {
    Pred: infeed_pred, outfeed_pred, "pred";
    S2: infeed_s2, outfeed_s2, "s2";
    S4: infeed_s4, outfeed_s4, "s4";
    S8: infeed_s8, outfeed_s8, "s8";
    S16: infeed_s16, outfeed_s16, "s16";
    S32: infeed_s32, outfeed_s32, "s32";
    S64: infeed_s64, outfeed_s64, "s64";
    U2: infeed_u2, outfeed_u2, "u2";
    U4: infeed_u4, outfeed_u4, "u4";
    U8: infeed_u8, outfeed_u8, "u8";
    U16: infeed_u16, outfeed_u16, "u16";
    U32: infeed_u32, outfeed_u32, "u32";
    U64: infeed_u64, outfeed_u64, "u64";
    F16: infeed_f16, outfeed_f16, "f16";
    BF16: infeed_bf16, outfeed_bf16, "bf16";
    F32: infeed_f32, outfeed_f32, "f32";
    F64: infeed_f64, outfeed_f64, "f64";
    C64: infeed_c64, outfeed_c64, "c64";
    C128: infeed_c128, outfeed_c128, "c128";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every element type has its pair of functions, named as the lowering names them.
    #[test]
    fn every_element_type_has_host_functions_named_like_the_lowering() {
        let names: Vec<&str> = symbols().iter().map(|(n, _)| *n).collect();
        for t in ElementType::ALL {
            let suffix = t.xla_name().to_lowercase();
            for direction in ["infeed", "outfeed"] {
                let name = format!("_mlir_ciface_xhlo_{direction}_{suffix}");
                assert!(names.contains(&name.as_str()), "{name}");
            }
        }
    }
}

//! The counter-based generators XLA runs, as `arith` ops on 32-bit words inside a loop body:
//! ThreeFry-2x32 with 20 rounds and Philox-4x32 with 10 rounds (Salmon et al., "Parallel
//! random numbers: as easy as 1, 2, 3", SC 2011), with XLA's constants and round order
//! (`xla/hlo/builder/lib/prng.cc`). Each maps a counter block and a key to as many random
//! words, so every output element can compute its own block independently (a parallel
//! `linalg.generic` with no loop-carried state).
//!
//! Words are signless `i32` (unsigned in meaning); 64-bit values are split low word first,
//! as XLA's `Uint64ToUint32s` does.

use crate::build::{int, Build, Value};
use crate::emitter::Emitter;
use mlir_text::ast::Type;

pub fn i32_type() -> Type {
    Type::Integer { width: 32, signedness: "" }
}

pub fn i64_type() -> Type {
    crate::build::i64_type()
}

/// A 32-bit constant, written as the signed value with the same bits.
pub fn word(e: &mut Emitter, v: u32) -> Value {
    e.constant("w", int(v as i32 as i64, i32_type()), i32_type())
}

/// A 64-bit constant, written as the signed value with the same bits.
pub fn dword(e: &mut Emitter, v: u64) -> Value {
    e.constant("d", int(v as i64, i64_type()), i64_type())
}

fn op(e: &mut Emitter, name: &str, a: &Value, b: &Value) -> Value {
    e.same_type("r", name, &[a, b])
}

/// `v` rotated left by `r` bits.
fn rotate_left(e: &mut Emitter, v: &Value, r: u32) -> Value {
    let (left, right) = (word(e, r), word(e, 32 - r));
    let hi = op(e, "arith.shli", v, &left);
    let lo = op(e, "arith.shrui", v, &right);
    op(e, "arith.ori", &hi, &lo)
}

/// The low and high words of a 64-bit value.
pub fn split(e: &mut Emitter, v: &Value) -> [Value; 2] {
    let lo = e.cast("lo", "arith.trunci", v, i32_type());
    let c32 = dword(e, 32);
    let shifted = op(e, "arith.shrui", v, &c32);
    let hi = e.cast("hi", "arith.trunci", &shifted, i32_type());
    [lo, hi]
}

/// The 64-bit value of a low and a high word.
pub fn join(e: &mut Emitter, lo: &Value, hi: &Value) -> Value {
    let lo = e.cast("lo", "arith.extui", lo, i64_type());
    let hi = e.cast("hi", "arith.extui", hi, i64_type());
    let c32 = dword(e, 32);
    let hi = op(e, "arith.shli", &hi, &c32);
    op(e, "arith.ori", &lo, &hi)
}

/// The rotation distances of ThreeFry-2x32's rounds, four per key injection, alternating.
const THREEFRY_ROTATIONS: [[u32; 4]; 2] = [[13, 15, 26, 6], [17, 29, 16, 24]];

/// The key schedule's parity constant.
const THREEFRY_PARITY: u32 = 0x1BD1_1BDA;

/// ThreeFry-2x32, 20 rounds: the two words of counter `x` under `key`.
pub fn threefry2x32(e: &mut Emitter, x: [Value; 2], key: [Value; 2]) -> [Value; 2] {
    let parity = word(e, THREEFRY_PARITY);
    let k2 = op(e, "arith.xori", &key[0], &key[1]);
    let k2 = op(e, "arith.xori", &k2, &parity);
    let ks = [key[0].clone(), key[1].clone(), k2];
    let mut x0 = op(e, "arith.addi", &x[0], &ks[0]);
    let mut x1 = op(e, "arith.addi", &x[1], &ks[1]);
    // Five groups of four rounds, each followed by a key injection with the group number.
    for group in 0..5u32 {
        for &r in &THREEFRY_ROTATIONS[group as usize % 2] {
            x0 = op(e, "arith.addi", &x0, &x1);
            let rotated = rotate_left(e, &x1, r);
            x1 = op(e, "arith.xori", &rotated, &x0);
        }
        let g = group as usize;
        x0 = op(e, "arith.addi", &x0, &ks[(g + 1) % 3]);
        x1 = op(e, "arith.addi", &x1, &ks[(g + 2) % 3]);
        let n = word(e, group + 1);
        x1 = op(e, "arith.addi", &x1, &n);
    }
    [x0, x1]
}

/// Philox-4x32's multipliers and key increments (Weyl sequence).
const PHILOX_M: [u32; 2] = [0xD251_1F53, 0xCD9E_8D57];
const PHILOX_W: [u32; 2] = [0x9E37_79B9, 0xBB67_AE85];

/// Philox-4x32, 10 rounds: the four words of counter `c` (least significant first) under
/// `key`.
pub fn philox4x32(e: &mut Emitter, c: [Value; 4], key: [Value; 2]) -> [Value; 4] {
    let m = [word(e, PHILOX_M[0]), word(e, PHILOX_M[1])];
    let w = [word(e, PHILOX_W[0]), word(e, PHILOX_W[1])];
    let mut c = c;
    let mut k = key;
    for round in 0..10 {
        // (low, high) of the 64-bit products c0 * M0 and c2 * M1.
        let mul = |e: &mut Emitter, x: &Value, m: &Value| {
            let r = e.emit("p", Build::new("arith.mului_extended").operand(x).operand(m).results([i32_type(), i32_type()]));
            (r[0].clone(), r[1].clone())
        };
        let (lo0, hi0) = mul(e, &c[0], &m[0]);
        let (lo1, hi1) = mul(e, &c[2], &m[1]);
        let y0 = op(e, "arith.xori", &hi1, &c[1]);
        let y0 = op(e, "arith.xori", &y0, &k[0]);
        let y2 = op(e, "arith.xori", &hi0, &c[3]);
        let y2 = op(e, "arith.xori", &y2, &k[1]);
        c = [y0, lo1, y2, lo0];
        if round < 9 {
            k = [op(e, "arith.addi", &k[0], &w[0]), op(e, "arith.addi", &k[1], &w[1])];
        }
    }
    c
}

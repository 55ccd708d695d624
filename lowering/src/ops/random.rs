//! Random numbers: `rng_bit_generator` gives XLA's exact bits for its state, and
//! `rng_uniform`/`rng_normal` draw from a stream the program keeps (a counter in a module
//! global, the key from the compile option `rng-seed`).
//!
//! Every output element computes its own counter block with the ciphers of [`cipher`] in a
//! parallel `linalg.generic` (no loop-carried state), picks its word and, for the
//! distributions, transforms it. A block is recomputed for each element that takes a word of
//! it (4 times for Philox's 32-bit outputs, twice for ThreeFry's): the rounds are a few
//! hundred integer ops per element, and one generic keeps the op a single parallel loop.
//!
//! `rng_bit_generator` follows XLA's `RngBitGeneratorExpander` over `prng.cc`, checked
//! against XLA CPU (jaxlib 0.10.2) by `tests/run/random/rng_bit_generator.mlir`; the README's
//! "Random numbers" says how counters and output states are formed. `rng_uniform` and
//! `rng_normal` follow XLA's `RngExpander` in kind (Philox blocks under a per-program key,
//! a counter advanced by every call) but not in bits: XLA's keys are random per module.

pub mod cipher;

use super::common::result;
use super::LowerFn;
use crate::build::{int, Build, Input, Value};
use crate::convert::Ctx;
use crate::emitter::Emitter;
use crate::types;
use cipher::{dword, i64_type, join, philox4x32, split, threefry2x32, word};
use mlir_text::ast::{Attribute, Op, Type};
use xhlo_ir::{ElementType, TensorType};

pub const LOWERINGS: &[(&str, LowerFn)] = &[
    ("rng_bit_generator", rng_bit_generator),
    ("rng_uniform", rng_uniform),
    ("rng_normal", rng_normal),
];

#[derive(Clone, Copy, Debug, PartialEq)]
enum Algorithm {
    ThreeFry,
    Philox,
}

/// What each `rng_algorithm` runs. DEFAULT is PHILOX, as on XLA CPU (its
/// `RngBitGeneratorExpander` is built with PHILOX as the default; jaxlib 0.10.2 gives
/// DEFAULT the same bits and state as PHILOX for 2- and 3-word states).
const ALGORITHMS: &[(&str, Algorithm)] = &[("THREE_FRY", Algorithm::ThreeFry), ("PHILOX", Algorithm::Philox), ("DEFAULT", Algorithm::Philox)];

/// The module global holding the counter of `rng_uniform`/`rng_normal` (see [`counter_global`]).
pub const COUNTER: &str = "xhlo_rng_counter";

/// The declaration of [`COUNTER`], written once into a module whose functions use it: an i64
/// that starts at 0 when the program is compiled and is advanced by each call, across runs.
pub fn counter_global() -> String {
    format!("memref.global \"private\" @{COUNTER} : memref<i64> = dense<0>")
}

// ----- rng_bit_generator -----------------------------------------------------------------

/// `(output_state, output) = rng_bit_generator(state)`: the key is `state[0]`; ThreeFry's
/// counter is `state[1]`, Philox's the 128-bit `(state[1], state[2])`, or `(state[1],
/// state[0])` for a 2-word state (whose new high word is then not written back).
fn rng_bit_generator(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (state, st) = ctx.tensor_operand(op, 0)?;
    let out = result(op, 1)?;
    let name = op.attr("rng_algorithm").and_then(Attribute::as_str).ok_or("rng_bit_generator without rng_algorithm")?;
    let algorithm = ALGORITHMS.iter().find(|(n, _)| *n == name).map(|(_, a)| *a).ok_or_else(|| format!("unknown rng_algorithm '{name}'"))?;
    let width = out.element.bit_width();
    if !out.element.is_int() || ![8, 16, 32, 64].contains(&width) {
        return Err(format!(
            "unsupported in lowering: rng_bit_generator output of {} elements (XLA generates 8-, 16-, 32- and 64-bit integers)",
            xhlo_ir::op::describe_element(out.element)
        ));
    }
    let words = st.dims.first().copied().unwrap_or(0);
    let fits = match algorithm {
        Algorithm::ThreeFry => words == 2,
        Algorithm::Philox => words == 2 || words == 3,
    };
    if !fits {
        let (runs_as, needs) = match algorithm {
            Algorithm::ThreeFry => ("", "2"),
            Algorithm::Philox if name == "DEFAULT" => (" runs as PHILOX (as on XLA CPU), which", "2 or 3"),
            Algorithm::Philox => ("", "2 or 3"),
        };
        return Err(format!("rng_algorithm {name}{runs_as} needs an initial_state of {needs} ui64 values, got {words}"));
    }
    let e = &mut ctx.e;
    let state = Value::tensor(&state, &st);
    let w: Vec<Value> = (0..words)
        .map(|i| {
            let c = e.index(i);
            e.tensor_extract(&state, &[c])
        })
        .collect();
    let key = split(e, &w[0]);
    let (bits, new_state) = match algorithm {
        Algorithm::ThreeFry => {
            let (bits, counter) = threefry_bits(e, &key, &w[1], &out)?;
            (bits, vec![counter])
        }
        Algorithm::Philox => {
            let hi = if words == 3 { &w[2] } else { &w[0] };
            let (bits, lo, hi) = philox_bits(e, &key, &w[1], hi, &out)?;
            (bits, if words == 3 { vec![lo, hi] } else { vec![lo] })
        }
    };
    let elements: Vec<&Value> = std::iter::once(&w[0]).chain(&new_state).collect();
    let new_state = e.emit1("state", Build::new("tensor.from_elements").operands(elements).result(types::tensor_type(&st)));
    Ok(vec![new_state.to_string(), bits.to_string()])
}

/// The loop indices of a `linalg.generic` over `rank` loops.
fn loop_indices(e: &mut Emitter, rank: usize) -> Vec<Value> {
    (0..rank).map(|d| e.emit1("i", Build::new("linalg.index").prop("dim", int(d as i64, i64_type())).result(Type::Index))).collect()
}

/// The row-major position of `index` in `dims`, as an i64.
fn linear(e: &mut Emitter, index: &[Value], dims: &[i64]) -> Value {
    let Some(first) = index.first() else {
        return dword(e, 0);
    };
    let mut acc = first.clone();
    for (i, d) in index.iter().zip(dims).skip(1) {
        let size = e.index(*d);
        let scaled = e.same_type("l", "arith.muli", &[&acc, &size]);
        acc = e.same_type("l", "arith.addi", &[&scaled, i]);
    }
    e.cast("l", "arith.index_cast", &acc, i64_type())
}

/// A parallel `linalg.generic` producing a tensor of `out`, whose body computes each element
/// (storage type) from the loop indices and the block arguments of `inputs` (rank-0 tensors
/// read as scalars).
fn per_element(e: &mut Emitter, out: &TensorType, inputs: &[Value], body: impl FnOnce(&mut Emitter, &[Value], &[Value]) -> Result<Value, String>) -> Result<Value, String> {
    let rank = out.rank();
    let init = e.tensor_empty(out);
    let inputs: Vec<Input> = inputs.iter().map(|v| Input { value: v.clone(), map: String::new() }).collect();
    let iterators = vec!["parallel"; rank];
    let n = inputs.len();
    let mut results = e.linalg_generic(&inputs, &[Input::identity(init, rank)], &iterators, |e, args| {
        let index = loop_indices(e, rank);
        Ok(vec![body(e, &index, &args[..n])?])
    })?;
    Ok(results.remove(0))
}

/// The dimension whose neighbouring elements share a ThreeFry block for outputs of at most 32
/// bits (XLA's `SplitShapeIntoHalves`): the first even one, else the first largest.
fn split_dimension(dims: &[i64]) -> Option<usize> {
    let first_even = dims.iter().position(|d| d % 2 == 0);
    first_even.or_else(|| (0..dims.len()).rev().max_by_key(|&d| dims[d]))
}

/// ThreeFry bits of `out` and the new counter. 64-bit outputs take both words of block
/// `counter + i` (i the element's row-major position). Narrower ones pair elements up along
/// the [`split_dimension`] `s`: element `k` of it takes word `k % 2` of the block at the
/// row-major position of the index with `k / 2`, in the shape with that dimension halved
/// (rounded up); the counter advances by the halved shape's size. A scalar takes word 0.
fn threefry_bits(e: &mut Emitter, key: &[Value; 2], counter: &Value, out: &TensorType) -> Result<(Value, Value), String> {
    let width = out.element.bit_width();
    let (dims, split_at) = if width == 64 { (out.dims.clone(), None) } else { halved(&out.dims) };
    let blocks: i64 = dims.iter().product();
    let store = types::storage_type(out.element);
    let bits = per_element(e, out, &[], |e, index, _| {
        let mut index = index.to_vec();
        let mut odd = None;
        if let Some(s) = split_at {
            let two = e.index(2);
            odd = Some(e.same_type("w", "arith.remui", &[&index[s], &two]));
            index[s] = e.same_type("h", "arith.divui", &[&index[s], &two]);
        }
        let position = linear(e, &index, &dims);
        let block = e.same_type("c", "arith.addi", &[counter, &position]);
        let x = split(e, &block);
        let [y0, y1] = threefry2x32(e, x, key.clone());
        if width == 64 {
            return Ok(join(e, &y0, &y1));
        }
        let y = match odd {
            Some(odd) => {
                let zero = e.index(0);
                let first = e.cmpi("first", "eq", &odd, &zero);
                e.same_type("y", "arith.select", &[&first, &y0, &y1])
            }
            None => y0,
        };
        Ok(narrow(e, &y, width, &store))
    })?;
    let advance = dword(e, blocks as u64);
    let new_counter = e.same_type("c", "arith.addi", &[counter, &advance]);
    Ok((bits, new_counter))
}

/// The shape ThreeFry's 32-bit words are generated in for `dims` and the dimension halved
/// (`None` for a scalar, generated as one block).
fn halved(dims: &[i64]) -> (Vec<i64>, Option<usize>) {
    match split_dimension(dims) {
        Some(s) => {
            let mut half = dims.to_vec();
            half[s] = (dims[s] + 1) / 2;
            (half, Some(s))
        }
        None => (vec![], None),
    }
}

/// The low `width` bits of a 32-bit word, in `store` (8, 16 or 32 bits).
fn narrow(e: &mut Emitter, y: &Value, width: u32, store: &Type) -> Value {
    if width == 32 {
        y.clone()
    } else {
        e.cast("y", "arith.trunci", y, store.clone())
    }
}

/// Philox bits of `out` from the 128-bit counter `(lo, hi)`; returns them and the new
/// counter's words. The elements in row-major order take the words of blocks `counter + 0`,
/// `counter + 1`, ... in order: four 32-bit words per block (the low bits of each for 8 and
/// 16 bits), or two 64-bit values (words 0|1 and 2|3, low word first). The counter advances
/// by the number of blocks.
fn philox_bits(e: &mut Emitter, key: &[Value; 2], lo: &Value, hi: &Value, out: &TensorType) -> Result<(Value, Value, Value), String> {
    let width = out.element.bit_width();
    let per_block: i64 = if width == 64 { 2 } else { 4 };
    let store = types::storage_type(out.element);
    let bits = per_element(e, out, &[], |e, index, _| {
        let position = linear(e, index, &out.dims);
        let per = dword(e, per_block as u64);
        let block = e.same_type("b", "arith.divui", &[&position, &per]);
        let slot = e.same_type("s", "arith.remui", &[&position, &per]);
        let y = philox_block(e, key, lo, hi, &block);
        if width == 64 {
            let first = join(e, &y[0], &y[1]);
            let second = join(e, &y[2], &y[3]);
            let zero = dword(e, 0);
            let is_first = e.cmpi("first", "eq", &slot, &zero);
            return Ok(e.same_type("y", "arith.select", &[&is_first, &first, &second]));
        }
        let mut picked = y[3].clone();
        for k in (0..3).rev() {
            let kv = dword(e, k as u64);
            let is_k = e.cmpi("is", "eq", &slot, &kv);
            picked = e.same_type("y", "arith.select", &[&is_k, &y[k], &picked]);
        }
        Ok(narrow(e, &picked, width, &store))
    })?;
    let blocks = (out.num_elements() + per_block - 1) / per_block;
    let advance = dword(e, blocks as u64);
    let (new_lo, new_hi) = add_128(e, lo, hi, &advance);
    Ok((bits, new_lo, new_hi))
}

/// `(lo, hi) + n` on a 128-bit number of two 64-bit words.
fn add_128(e: &mut Emitter, lo: &Value, hi: &Value, n: &Value) -> (Value, Value) {
    let sum = e.same_type("c", "arith.addi", &[lo, n]);
    let carry = e.cmpi("carry", "ult", &sum, lo);
    let carry = e.cast("carry", "arith.extui", &carry, i64_type());
    let high = e.same_type("c", "arith.addi", &[hi, &carry]);
    (sum, high)
}

/// The four words of Philox block `(lo, hi) + block`.
fn philox_block(e: &mut Emitter, key: &[Value; 2], lo: &Value, hi: &Value, block: &Value) -> [Value; 4] {
    let (clo, chi) = add_128(e, lo, hi, block);
    let [c0, c1] = split(e, &clo);
    let [c2, c3] = split(e, &chi);
    philox4x32(e, [c0, c1, c2, c3], key.clone())
}

// ----- rng_uniform, rng_normal -------------------------------------------------------------

/// The stream of one `rng_uniform`/`rng_normal` call: the key (the two words of the seed) and
/// the first of the `n` Philox blocks it takes from the program's counter, which it advances
/// by `n`, so that every call (and every run of the program) draws new numbers, in program
/// order, and a program compiled with the same seed draws the same sequence.
fn take_blocks(ctx: &mut Ctx, n: i64) -> ([Value; 2], Value) {
    ctx.declarations.insert(counter_global());
    let seed = ctx.options.rng_seed;
    let e = &mut ctx.e;
    let memref = Type::Other("memref<i64>".into());
    let global = e.emit1("g", Build::new("memref.get_global").prop("name", Attribute::Symbol(vec![COUNTER.into()])).result(memref));
    let first = e.emit1("c", Build::new("memref.load").operand(&global).prop("nontemporal", Attribute::Bool(false)).result(i64_type()));
    let advance = dword(e, n as u64);
    let next = e.same_type("c", "arith.addi", &[&first, &advance]);
    e.emit0(Build::new("memref.store").operand(&next).operand(&global).prop("nontemporal", Attribute::Bool(false)));
    let key = [word(e, seed as u32), word(e, (seed >> 32) as u32)];
    (key, first)
}

/// The operands `(p, q)` of a distribution op as rank-0 tensors, and its result type.
fn parameters(ctx: &Ctx, op: &Op) -> Result<(Value, Value, TensorType), String> {
    let (p, pt) = ctx.tensor_operand(op, 0)?;
    let (q, qt) = ctx.tensor_operand(op, 1)?;
    Ok((Value::tensor(&p, &pt), Value::tensor(&q, &qt), result(op, 0)?))
}

/// The type a float distribution computes in: f16 and bf16 in f32 (as XLA's RngExpander),
/// others in their own.
fn float_compute(t: ElementType) -> ElementType {
    if t.bit_width() < 32 { ElementType::F32 } else { t }
}

/// `(bits >> (w - m)) * 2^-m` in float type `t` (f32 from one word, f64 from two): uniform on
/// [0, 1) in steps of 2^-m, `m` the type's mantissa bits, as XLA's
/// `ConvertRandomBitsToUniformFloatingPoint`.
fn unit_interval(e: &mut Emitter, t: ElementType, words: &[Value]) -> Value {
    let ft = types::storage_type(t);
    let (bits, shift, mantissa) = if t == ElementType::F64 { (join(e, &words[0], &words[1]), dword(e, 12), 52) } else { (words[0].clone(), word(e, 9), 23) };
    let m = e.same_type("m", "arith.shrui", &[&bits, &shift]);
    let f = e.cast("u", "arith.uitofp", &m, ft.clone());
    let scale = e.constant("s", Attribute::Float(crate::region::float_text(2f64.powi(-mantissa), t), ft.clone()), ft);
    e.same_type("u", "arith.mulf", &[&f, &scale])
}

/// The float of type `ft` (storage, with integer type `it` of the same width) just below `b`:
/// `r < b ? r : below(b)` keeps rounding from reaching `b`.
fn below(e: &mut Emitter, b: &Value, ft: &Type, it: &Type, width: u32) -> Value {
    let bits = e.cast("b", "arith.bitcast", b, it.clone());
    let one = e.constant("one", int(1, it.clone()), it.clone());
    let zero = e.constant("z", Attribute::Float("0.0".into(), ft.clone()), ft.clone());
    let positive = e.cmpf("pos", "ogt", b, &zero);
    let is_zero = e.cmpf("zero", "oeq", b, &zero);
    let down = e.same_type("d", "arith.subi", &[&bits, &one]);
    let up = e.same_type("d", "arith.addi", &[&bits, &one]);
    // -0's next float down: the smallest negative subnormal (sign bit and 1).
    let smallest_negative = e.constant("d", int((1i128 - (1i128 << (width - 1))) as i64, it.clone()), it.clone());
    let stepped = e.same_type("d", "arith.select", &[&positive, &down, &up]);
    let stepped = e.same_type("d", "arith.select", &[&is_zero, &smallest_negative, &stepped]);
    e.cast("below", "arith.bitcast", &stepped, ft.clone())
}

/// The scalar of a rank-0 operand (storage type) in compute form, typed.
fn load(e: &mut Emitter, arg: &Value, t: ElementType) -> Value {
    let v = crate::build::load(e, arg, t);
    Value::new(&v.name, types::compute_type(t))
}

/// `x` converted from float type `from` to `to` (both storage types): `arith.extf` or
/// `arith.truncf`, nothing when they are the same.
fn float_cast(e: &mut Emitter, x: &Value, from: ElementType, to: ElementType) -> Value {
    match from.bit_width().cmp(&to.bit_width()) {
        std::cmp::Ordering::Less => e.cast("f", "arith.extf", x, types::storage_type(to)),
        std::cmp::Ordering::Greater => e.cast("f", "arith.truncf", x, types::storage_type(to)),
        std::cmp::Ordering::Equal => x.clone(),
    }
}

/// `rng_uniform(a, b)`: uniform on [a, b).
fn rng_uniform(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (a, b, out) = parameters(ctx, op)?;
    let (key, first) = take_blocks(ctx, out.num_elements());
    let t = out.element;
    let r = per_element(&mut ctx.e, &out, &[a, b], |e, index, args| {
        let y = element_block(e, &key, &first, index, &out.dims);
        if t.is_float() {
            Ok(uniform_float(e, t, &y, &args[0], &args[1]))
        } else {
            Ok(uniform_int(e, t, &y, &args[0], &args[1]))
        }
    })?;
    Ok(vec![r.to_string()])
}

/// The Philox block of the element at `index`: block `first + position` under `key`.
fn element_block(e: &mut Emitter, key: &[Value; 2], first: &Value, index: &[Value], dims: &[i64]) -> [Value; 4] {
    let position = linear(e, index, dims);
    let zero = dword(e, 0);
    philox_block(e, key, first, &zero, &position)
}

/// A float uniform on [a, b): `u (b - a) + a` with `u` from [`unit_interval`], computed in
/// [`float_compute`]'s type and rounded to `t`; a result that rounding took to `b` becomes
/// the float just below `b`. (For `b <= a`, which XLA leaves implementation-defined, the
/// result is that float.)
fn uniform_float(e: &mut Emitter, t: ElementType, y: &[Value; 4], a: &Value, b: &Value) -> Value {
    let ct = float_compute(t);
    let (ac, bc) = (float_cast(e, a, t, ct), float_cast(e, b, t, ct));
    let u = unit_interval(e, ct, y);
    let span = e.same_type("span", "arith.subf", &[&bc, &ac]);
    let scaled = e.same_type("r", "arith.mulf", &[&u, &span]);
    let r = e.same_type("r", "arith.addf", &[&scaled, &ac]);
    let r = float_cast(e, &r, ct, t);
    let inside = e.cmpf("inside", "olt", &r, b);
    let width = t.bit_width();
    let last = below(e, b, &types::storage_type(t), &Type::Integer { width, signedness: "" }, width);
    e.same_type("r", "arith.select", &[&inside, &r, &last])
}

/// An integer uniform on [a, b): `a + bits mod (b - a)`, the difference taken in the type's
/// width as unsigned (so any a < b, signed or not) and `bits` the block's first 64 bits. The
/// bias is below `(b - a) / 2^64`: none that a test of 32-bit types could see. `a == b`
/// gives `a`; `b < a` (implementation-defined) wraps.
fn uniform_int(e: &mut Emitter, t: ElementType, y: &[Value; 4], a: &Value, b: &Value) -> Value {
    let (ac, bc) = (load(e, a, t), load(e, b, t));
    let width = t.bit_width();
    let range = e.same_type("range", "arith.subi", &[&bc, &ac]);
    let range = if width < 64 { e.cast("range", "arith.extui", &range, i64_type()) } else { range };
    let (zero, one) = (dword(e, 0), dword(e, 1));
    let empty = e.cmpi("empty", "eq", &range, &zero);
    let range = e.same_type("range", "arith.select", &[&empty, &one, &range]);
    let bits = join(e, &y[0], &y[1]);
    let offset = e.same_type("off", "arith.remui", &[&bits, &range]);
    let offset = if width < 64 { e.cast("off", "arith.trunci", &offset, types::compute_type(t)) } else { offset };
    let r = e.same_type("r", "arith.addi", &[&ac, &offset]);
    crate::build::store(e, &crate::scalar::Value { name: r.to_string(), ty: t })
}

/// `rng_normal(mu, sigma)`: `mu + sigma z` with `z` standard normal by the Box-Muller
/// transform of two uniforms from the element's block, `z = sqrt(-2 ln u1) cos(2 pi u2)`
/// with `u1` in (0, 1] (so the logarithm is finite) and `u2` in [0, 1): 23-bit uniforms for
/// f32 (f16 and bf16 computed in f32), 52-bit ones for f64.
fn rng_normal(ctx: &mut Ctx, op: &Op) -> Result<Vec<String>, String> {
    let (mu, sigma, out) = parameters(ctx, op)?;
    let (key, first) = take_blocks(ctx, out.num_elements());
    let t = out.element;
    let r = per_element(&mut ctx.e, &out, &[mu, sigma], |e, index, args| {
        let y = element_block(e, &key, &first, index, &out.dims);
        let ct = float_compute(t);
        let ft = types::storage_type(ct);
        let (w1, w2) = if ct == ElementType::F64 { (&y[0..2], &y[2..4]) } else { (&y[0..1], &y[1..2]) };
        let u1 = unit_interval(e, ct, w1);
        let u2 = unit_interval(e, ct, w2);
        let constant = |e: &mut Emitter, v: f64| e.constant("k", Attribute::Float(crate::region::float_text(v, ct), ft.clone()), ft.clone());
        let one = constant(e, 1.0);
        let u1 = e.same_type("u1", "arith.subf", &[&one, &u1]);
        let ln = e.emit1("ln", Build::new("math.log").operand(&u1).result(ft.clone()));
        let minus_two = constant(e, -2.0);
        let square = e.same_type("r2", "arith.mulf", &[&minus_two, &ln]);
        let radius = e.emit1("r", Build::new("math.sqrt").operand(&square).result(ft.clone()));
        let two_pi = constant(e, std::f64::consts::TAU);
        let angle = e.same_type("t", "arith.mulf", &[&two_pi, &u2]);
        let cos = e.emit1("cos", Build::new("math.cos").operand(&angle).result(ft.clone()));
        let z = e.same_type("z", "arith.mulf", &[&radius, &cos]);
        let (m, s) = (float_cast(e, &args[0], t, ct), float_cast(e, &args[1], t, ct));
        let scaled = e.same_type("n", "arith.mulf", &[&s, &z]);
        let n = e.same_type("n", "arith.addf", &[&m, &scaled]);
        Ok(float_cast(e, &n, ct, t))
    })?;
    Ok(vec![r.to_string()])
}

#[cfg(test)]
mod tests {
    use crate::testing::{lower, lower_ok};

    fn count(text: &str, needle: &str) -> usize {
        text.matches(needle).count()
    }

    /// One parallel generic computes every element; Philox-4x32 is 10 rounds of two extended
    /// multiplies, and the state is the key and the advanced counter.
    #[test]
    fn philox_is_ten_rounds_per_element_and_a_new_state() {
        let out = lower_ok(
            "%s: tensor<3xui64>",
            r#"  %r:2 = "xhlo.rng_bit_generator"(%s) {rng_algorithm = "PHILOX"} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x5xui32>)
  %r = "xhlo.add"(%r#1, %r#1) : (tensor<2x5xui32>, tensor<2x5xui32>) -> tensor<2x5xui32>"#,
            "tensor<2x5xui32>",
        );
        assert_eq!(count(&out, "\"linalg.generic\""), 1, "{out}");
        assert_eq!(count(&out, "arith.mului_extended"), 20, "{out}");
        assert!(out.contains(r#""tensor.from_elements"("#) && out.contains("-> tensor<3xi64>"), "{out}");
        assert!(!out.contains("memref.global"), "rng_bit_generator keeps no state of its own: {out}");
    }

    /// ThreeFry-2x32 is 20 rounds (a rotation each: 20 left shifts besides the word splits).
    #[test]
    fn threefry_is_twenty_rounds_per_element() {
        let out = lower_ok(
            "%s: tensor<2xui64>",
            r#"  %q:2 = "xhlo.rng_bit_generator"(%s) {rng_algorithm = "THREE_FRY"} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xi64>)
  %r = "xhlo.add"(%q#1, %q#1) : (tensor<7xi64>, tensor<7xi64>) -> tensor<7xi64>"#,
            "tensor<7xi64>",
        );
        let rotations = out.lines().filter(|l| l.contains("\"arith.shli\"") && l.ends_with("(i32, i32) -> i32")).count();
        assert_eq!(rotations, 20, "{out}");
    }

    /// DEFAULT is PHILOX: it takes Philox's state sizes and says so when given another.
    #[test]
    fn default_runs_as_philox() {
        let ok = lower_ok(
            "%s: tensor<2xui64>",
            r#"  %q:2 = "xhlo.rng_bit_generator"(%s) {rng_algorithm = "DEFAULT"} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %r = "xhlo.add"(%q#1, %q#1) : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>"#,
            "tensor<4xui32>",
        );
        assert_eq!(count(&ok, "arith.mului_extended"), 20, "{ok}");
        let err = lower(
            "%s: tensor<5xui64>",
            r#"  %q:2 = "xhlo.rng_bit_generator"(%s) {rng_algorithm = "DEFAULT"} : (tensor<5xui64>) -> (tensor<5xui64>, tensor<4xui32>)
  %r = "xhlo.add"(%q#1, %q#1) : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xui32>"#,
            "tensor<4xui32>",
        )
        .unwrap_err();
        assert!(err.starts_with("2:10: ") && err.contains("rng_algorithm DEFAULT runs as PHILOX (as on XLA CPU), which needs an initial_state of 2 or 3 ui64 values, got 5"), "{err}");
    }

    #[test]
    fn sub_byte_outputs_are_refused_with_a_reason() {
        let err = lower(
            "%s: tensor<2xui64>",
            r#"  %q:2 = "xhlo.rng_bit_generator"(%s) {rng_algorithm = "THREE_FRY"} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xi4>)
  %r = "xhlo.add"(%q#1, %q#1) : (tensor<4xi4>, tensor<4xi4>) -> tensor<4xi4>"#,
            "tensor<4xi4>",
        )
        .unwrap_err();
        assert!(err.contains("unsupported in lowering: rng_bit_generator output of i4 (S4) elements (XLA generates 8-, 16-, 32- and 64-bit integers)"), "{err}");
    }

    /// rng_uniform takes its blocks from the module's counter (declared once, advanced by the
    /// element count) under the seed's key.
    #[test]
    fn uniform_draws_from_the_module_counter() {
        let text = "func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> tensor<6xf32> {\n  %x = \"xhlo.rng_uniform\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<6xf32>\n  %y = \"xhlo.rng_uniform\"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<6xf32>\n  %r = \"xhlo.add\"(%x, %y) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>\n  return %r : tensor<6xf32>\n}\n";
        let options = crate::LowerOptions { rng_seed: 0x1_0000_0002, ..crate::testing::options() };
        let out = crate::lower_text_with(text, "t.mlir", &options).unwrap();
        assert_eq!(count(&out, "memref.global \"private\" @xhlo_rng_counter : memref<i64> = dense<0>"), 1, "{out}");
        assert_eq!(count(&out, "\"memref.get_global\"() <{name = @xhlo_rng_counter}>"), 2, "{out}");
        assert_eq!(count(&out, "\"memref.store\""), 2, "{out}");
        assert!(out.contains("<{value = 6 : i64}>"), "advanced by the element count: {out}");
        assert!(out.contains("<{value = 2 : i32}>") && out.contains("<{value = 1 : i32}>"), "the seed's two key words: {out}");
    }
}

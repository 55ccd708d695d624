#!/usr/bin/env python3
"""Generates tests/run/random/rng_bit_generator.mlir: `stablehlo.rng_bit_generator` cases
with the bits and output state XLA CPU computes, pinned.

Provenance: every expected value is what XLA's CPU backend in jaxlib 0.10.2 computes for the
program (compiled and run through jaxlib's client: XLA's RngBitGeneratorExpander over prng.cc),
and, for unsigned outputs with 2-word states (what `jax.lax.rng_bit_generator` accepts), what
jax returns for the same state, shape and algorithm; the program line is then also checked to
be the StableHLO `jax.jit(...).lower(...).as_text()` prints. An independent model of the
algorithms (below, written from XLA's description: ThreeFry-2x32 with 20 rounds, Philox-4x32
with 10 rounds, counters and state advance as the README's "Random numbers" documents) is
checked against XLA for every case, so the pinned values and the model the lowering follows
agree. XLA hands a signed output back with the unsigned type's bits; they are read as signed.

It also checks what XLA CPU does with `RNG_DEFAULT`: the same bits and state as PHILOX.

Usage: /root/.cache/xla-workloads/venv/bin/python tests/gen/rng_bit_generator.py \
           > tests/run/random/rng_bit_generator.mlir
"""

import re

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax._src import xla_bridge

jax.config.update("jax_enable_x64", True)

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF

# ----- the model ------------------------------------------------------------------------


def rotl(v, r):
    return ((v << r) | (v >> (32 - r))) & M32


def threefry2x32(x, key):
    """ThreeFry-2x32, 20 rounds: x and key are pairs of u32."""
    rot = [13, 15, 26, 6, 17, 29, 16, 24]
    ks = [key[0], key[1], 0x1BD11BDA ^ key[0] ^ key[1]]
    x = [(x[0] + ks[0]) & M32, (x[1] + ks[1]) & M32]
    for i in range(5):
        for r in rot[4 * (i % 2): 4 * (i % 2) + 4]:
            x[0] = (x[0] + x[1]) & M32
            x[1] = rotl(x[1], r) ^ x[0]
        x[0] = (x[0] + ks[(i + 1) % 3]) & M32
        x[1] = (x[1] + ks[(i + 2) % 3] + i + 1) & M32
    return x


def philox4x32(c, key):
    """Philox-4x32, 10 rounds: c four u32 (least significant first), key two u32."""
    k0, k1 = key
    for _ in range(10):
        p0 = c[0] * 0xD2511F53
        p1 = c[2] * 0xCD9E8D57
        c = [((p1 >> 32) ^ c[1] ^ k0) & M32, p1 & M32, ((p0 >> 32) ^ c[3] ^ k1) & M32, p0 & M32]
        k0, k1 = (k0 + 0x9E3779B9) & M32, (k1 + 0xBB67AE85) & M32
    return c


def split(u64):
    return [u64 & M32, u64 >> 32]


def split_dim(dims):
    """The dimension 32-bit ThreeFry output pairs up along: the first even one, else the
    first largest; none for a scalar."""
    for d, n in enumerate(dims):
        if n % 2 == 0:
            return d
    return max(range(len(dims)), key=lambda d: (dims[d], -d)) if dims else None


def model(state, dims, bits, algorithm):
    """(output state, flat list of unsigned `bits`-wide words) of rng_bit_generator."""
    n = int(np.prod(dims, dtype=np.int64))
    key = split(state[0])
    if algorithm == "THREE_FRY":
        counter = state[1]
        if bits == 64:
            out = []
            for i in range(n):
                w = threefry2x32(split((counter + i) & M64), key)
                out.append(w[0] | (w[1] << 32))
            return [state[0], (counter + n) & M64], out
        s = split_dim(dims)
        half = list(dims) if dims else [1]
        if dims:
            half[s] = (dims[s] + 1) // 2
        out = []
        for idx in np.ndindex(*dims) if dims else [()]:
            h = list(idx) if dims else [0]
            word = 0
            if dims:
                h[s], word = idx[s] // 2, idx[s] % 2
            linear = int(np.ravel_multi_index(h, half))
            out.append(threefry2x32(split((counter + linear) & M64), key)[word] & ((1 << bits) - 1))
        return [state[0], (counter + int(np.prod(half))) & M64], out
    # PHILOX: a 128-bit counter (state[1], state[2]), or (state[1], state[0]) for two words,
    # whose new high word is then dropped.
    lo, hi = state[1], state[2] if len(state) == 3 else state[0]
    per_block = 2 if bits == 64 else 4
    blocks = -(-n // per_block)
    out = []
    for b in range(blocks):
        c = lo + hi * 2**64 + b
        w = philox4x32(split(c & M64) + split((c >> 64) & M64), key)
        if bits == 64:
            out += [w[0] | (w[1] << 32), w[2] | (w[3] << 32)]
        else:
            out += [x & ((1 << bits) - 1) for x in w]
    c = lo + hi * 2**64 + blocks
    new = [state[0], c & M64] + ([(c >> 64) & M64] if len(state) == 3 else [])
    return new, out[:n]


# ----- the cases --------------------------------------------------------------------------

ALGORITHMS = {"THREE_FRY": lax.RandomAlgorithm.RNG_THREE_FRY, "PHILOX": lax.RandomAlgorithm.RNG_PHILOX, "DEFAULT": lax.RandomAlgorithm.RNG_DEFAULT}
NUMPY = {"ui8": np.uint8, "ui16": np.uint16, "ui32": np.uint32, "ui64": np.uint64, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}

K = 0x0123456789ABCDEF
CASES = [
    # (name, algorithm, state, dims, dtype, why)
    ("three_fry_ui32_odd_vector", "THREE_FRY", [K, 42], [5], "ui32", "an odd size: the second word of the last counter is dropped"),
    ("three_fry_ui32_scalar", "THREE_FRY", [K, 7], [], "ui32", "a scalar takes the first word of one counter"),
    ("three_fry_ui32_first_even_dim", "THREE_FRY", [1, 2], [3, 4, 5], "ui32", "words pair up along the first even dimension (1)"),
    ("three_fry_i32_no_even_dim", "THREE_FRY", [0xFFFFFFFF00000001, 9], [3, 5], "i32", "no even dimension: the largest one (1) is split"),
    ("three_fry_ui8_rank3_first_largest", "THREE_FRY", [5, 0], [3, 1, 3], "ui8", "two equal largest dimensions: the first (0); 8 bits are the low bits of each word"),
    ("three_fry_i16_rank2", "THREE_FRY", [11, 12], [2, 3], "i16", "the low 16 bits, signed"),
    ("three_fry_ui64_rank2", "THREE_FRY", [K, 100], [3, 2], "ui64", "64 bits: one counter per element, both words"),
    ("three_fry_i64_counter_wraps", "THREE_FRY", [3, M64 - 1], [4], "i64", "the u64 counter wraps around"),
    ("philox_ui32_two_word_state", "PHILOX", [K, 42], [5], "ui32", "a 2-word state: the counter is (state[1], state[0]), its high word is not written back"),
    ("philox_ui64_two_word_state", "PHILOX", [K, 42], [3], "ui64", "64 bits: two per block"),
    ("philox_i8_rank2", "PHILOX", [7, 8], [2, 3], "i8", "8 bits are the low bits of each 32-bit word"),
    ("philox_ui16_odd", "PHILOX", [7, 8], [7], "ui16", "16 bits"),
    ("philox_ui32_rank3_three_word_state", "PHILOX", [K, 42, 5], [2, 2, 3], "ui32", "a 3-word state: the counter is (state[1], state[2])"),
    ("philox_i64_three_word_state", "PHILOX", [K, 1, 2], [2, 3], "i64", "64 bits, signed"),
    ("philox_ui32_carry_into_high_word", "PHILOX", [K, M64 - 1, 5], [9], "ui32", "the 128-bit counter carries into state[2]"),
    ("philox_ui32_two_word_carry_dropped", "PHILOX", [K, M64, ], [6], "ui32", "the counter's carry goes into the key word of the counter, and is not written back"),
    ("philox_ui32_scalar", "PHILOX", [1, 2, 3], [], "ui32", "a scalar"),
    ("default_is_philox_two_word_state", "DEFAULT", [K, 42], [5], "ui32", "XLA CPU runs DEFAULT as PHILOX (same bits as philox_ui32_two_word_state)"),
    ("default_is_philox_three_word_state", "DEFAULT", [K, 1, 2], [2, 3], "i64", "XLA CPU runs DEFAULT as PHILOX with a 3-word state too"),
]


def fmt_values(values, dims, ty):
    if not dims:
        return str(values[0])
    a = np.array(values, dtype=object).reshape(dims)
    return re.sub(r"\s+", " ", np.array2string(a, separator=", ", threshold=10**9, max_line_width=10**9)).replace("[ ", "[")


def tensor_type(dims, ty):
    return "tensor<" + "".join(f"{d}x" for d in dims) + ty + ">"


def run_on_xla(program, state, out_ty):
    """Compiles `program` (a StableHLO module) with jaxlib's XLA CPU client and runs it on
    `state`; returns (output state, output bits as `out_ty`'s numpy type). XLA's generator
    hands signed outputs back as the unsigned type of the same width: the bytes are read as
    `out_ty`."""
    backend = xla_bridge.get_backend()
    exe = backend.compile_and_load(program, backend.devices()[:1])
    out_state, bits = exe.execute([jax.device_put(np.array(state, dtype=np.uint64))])
    raw = np.asarray(bits)
    return [int(x) for x in np.asarray(out_state)], np.frombuffer(raw.tobytes(), NUMPY[out_ty]).reshape(raw.shape)


def main():
    print("// Generated by tests/gen/rng_bit_generator.py (see its docstring): the bits and output states")
    print("// are what XLA CPU (jaxlib 0.10.2) computes for each program, checked there against")
    print("// jax.lax.rng_bit_generator (unsigned types, 2-word states) and against an independent model of")
    print("// ThreeFry-2x32 and Philox-4x32. The programs are JAX's StableHLO print of rng_bit_generator.")
    print("// Do not edit by hand.")
    for name, alg, state, dims, ty, why in CASES:
        width = np.dtype(NUMPY[ty]).itemsize * 8
        st = tensor_type([len(state)], "ui64")
        ot = tensor_type(dims, ty)
        line = f"%output_state, %output = stablehlo.rng_bit_generator %state, algorithm = {alg} : ({st}) -> ({st}, {ot})"
        program = (f"module @m {{\n  func.func public @main(%state: {st}) -> ({st}, {ot}) {{\n    {line}\n"
                   f"    return %output_state, %output : {st}, {ot}\n  }}\n}}\n")
        out_state, bits = run_on_xla(program, state, ty)
        unsigned = [int(x) & ((1 << width) - 1) for x in bits.reshape(-1)]
        m_state, m_bits = model(state, dims, width, "PHILOX" if alg == "DEFAULT" else alg)
        assert (m_state, m_bits) == (out_state, unsigned), f"{name}: model {m_state} {m_bits} != XLA {out_state} {unsigned}"
        if ty.startswith("ui") and len(state) == 2:  # jax.lax takes 2-word states only
            key = jnp.array(state, dtype=jnp.uint64)
            fn = lambda k: lax.rng_bit_generator(k, tuple(dims), NUMPY[ty], algorithm=ALGORITHMS[alg])
            j_state, j_bits = fn(key)
            assert [int(x) for x in np.asarray(j_state)] == out_state and np.array_equal(np.asarray(j_bits), bits), name
            text = jax.jit(fn).lower(key).as_text()
            jax_line = next(l.strip() for l in text.splitlines() if "stablehlo.rng_bit_generator" in l)
            assert jax_line.replace("%arg0", "%state") == line, f"JAX prints {jax_line}"
        values = [int(x) for x in bits.reshape(-1)]
        print()
        print("// -----")
        print()
        print(f"// {alg}: {why}.")
        print(f"func.func @{name}() {{")
        print(f"  %state = stablehlo.constant dense<{fmt_values(state, [len(state)], 'ui64')}> : {st}")
        print(f"  {line}")
        print(f"  check.expect_eq_const %output_state, dense<{fmt_values(out_state, [len(state)], 'ui64')}> : {st}")
        print(f"  check.expect_eq_const %output, dense<{fmt_values(values, dims, ty)}> : {ot}")
        print("  func.return")
        print("}")


if __name__ == "__main__":
    main()

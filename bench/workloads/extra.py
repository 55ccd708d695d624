"""More JAX workloads for `make bench`: programs the compiler was not tuned on.

The nine workloads of ../shared/workloads measure one kernel each. These are whole models
and patterns those miss: a transformer block, a small CNN with pooling, a batched matmul,
a column reduction, a recurrent scan (a `while` loop), an embedding lookup (a gather),
rotary position embeddings and a U-Net join (concatenates and a pad). They reuse the shared harness:
its input generator (splitmix64, see ../shared/workloads/workloads.py), export format
(stablehlo/<name>.mlir, expected.json with checksums of XLA's output and of a float64
numpy reference) and timing code (bench.py), so `xla-bench` reads them like the others.

Usage (with the bench venv's python; SHARED defaults to ../../../shared/workloads):
    python extra.py export                 # stablehlo/ and expected.json next to this file
    python extra.py xla 2t | iree-compile | iree 2t 0 pretty
                                           # timings into $BENCH_RESULTS/extra/
"""

from __future__ import annotations

import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get("SHARED_WORKLOADS", os.path.join(HERE, "..", "..", "..", "shared", "workloads"))
sys.path.insert(0, os.path.abspath(SHARED))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

import workloads as W  # noqa: E402  (the shared module: generator, Workload, export)

# ------------------------------------------------------------------ the programs

HEADS, SEQ, DM, DFF = 4, 128, 256, 1024


def _layernorm(x, g, b):
    m = jnp.mean(x, axis=-1, keepdims=True)
    c = x - m
    v = jnp.mean(c * c, axis=-1, keepdims=True)
    return c * lax.rsqrt(v + 1e-5) * g + b


def transformer_block(x, g1, b1, wqkv, wo, g2, b2, w1, c1, w2, c2):
    """Pre-norm block: x + MHA(LN(x)); then + MLP(LN(.)) with tanh-GELU; x [SEQ, DM]."""
    h = _layernorm(x, g1, b1)
    qkv = h @ wqkv                                           # [S, 3·DM]
    q, k, v = jnp.split(qkv, 3, axis=-1)
    heads = lambda t: t.reshape(SEQ, HEADS, DM // HEADS).transpose(1, 0, 2)
    q, k, v = heads(q), heads(k), heads(v)                   # [H, S, dh]
    s = jnp.einsum("hqd,hkd->hqk", q, k) / math.sqrt(DM // HEADS)
    p = jax.nn.softmax(s, axis=-1)
    a = jnp.einsum("hqk,hkd->hqd", p, v).transpose(1, 0, 2).reshape(SEQ, DM)
    x = x + a @ wo
    h = _layernorm(x, g2, b2)
    return x + jax.nn.gelu(h @ w1 + c1, approximate=True) @ w2 + c2


def cnn_pool(x, k1, c1, k2, c2, w, b):
    """conv3x3 → relu → maxpool 2x2 → conv3x3 → relu → global mean → dense; NHWC."""
    dn = ("NHWC", "HWIO", "NHWC")
    y = lax.conv_general_dilated(x, k1, (1, 1), "SAME", dimension_numbers=dn) + c1
    y = jnp.maximum(y, 0.0)
    y = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    y = lax.conv_general_dilated(y, k2, (1, 1), "SAME", dimension_numbers=dn) + c2
    y = jnp.maximum(y, 0.0)
    return jnp.mean(y, axis=(1, 2)) @ w + b


def batched_matmul(a, b):
    return jnp.einsum("bij,bjk->bik", a, b)


def column_sum(x):
    """Sum and max down the columns (the reduced dimension is the outer one)."""
    return jnp.sum(x, axis=0) + jnp.max(x, axis=0)


VOCAB, TOKENS, POS, EMB = 32000, 4096, 512, 256


def embedding(u, table, pos):
    """Token embedding lookup (a gather of whole rows) scaled, plus positional embeddings.

    The token ids come from the uniform input u in [-1, 1) (the harness generates floats
    only): id = floor((u + 1) · VOCAB / 2), computed in f32 as the program does."""
    ids = jnp.clip(((u + 1.0) * (VOCAB / 2)).astype(jnp.int32), 0, VOCAB - 1)
    x = table[ids] * math.sqrt(EMB)                          # [TOKENS, EMB]
    return (x.reshape(TOKENS // POS, POS, EMB) + pos).reshape(TOKENS, EMB)


ROPE_S, ROPE_H, ROPE_D = 1024, 8, 128


def rope(x, cos, sin):
    """Rotary position embedding as LLaMA-style models write it (rotate_half: the two halves
    of each head swapped, one negated, by a concatenate along the head dimension)."""
    half = ROPE_D // 2
    rot = jnp.concatenate([-x[..., half:], x[..., :half]], axis=-1)
    return x * cos[:, None, :] + rot * sin[:, None, :]


UNET_B, UNET_HW, UNET_C = 8, 64, 32


def unet_join(up, skip, g):
    """A U-Net decoder join: upsampled features and the skip connection concatenated on
    channels, scaled per channel, ReLU, zero-padded by one pixel for a VALID convolution."""
    y = jnp.maximum(jnp.concatenate([up, skip], axis=-1) * g, 0.0)
    return jnp.pad(y, ((0, 0), (1, 1), (1, 1), (0, 0)))


RNN_STEPS = 64


def rnn_scan(xs, h0, wx, wh):
    """Elman RNN over RNN_STEPS steps with lax.scan (a while loop); xs [T, B, I]."""
    def step(h, x):
        h = jnp.tanh(x @ wx + h @ wh)
        return h, h
    h, _ = lax.scan(step, h0, xs)
    return h


# ------------------------------------------------------------------ float64 references

def _np_layernorm(x, g, b):
    return (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5) * g + b


def _np_gelu(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def _np_transformer(x, g1, b1, wqkv, wo, g2, b2, w1, c1, w2, c2):
    h = _np_layernorm(x, g1, b1)
    q, k, v = np.split(h @ wqkv, 3, axis=-1)
    heads = lambda t: t.reshape(SEQ, HEADS, DM // HEADS).transpose(1, 0, 2)
    q, k, v = heads(q), heads(k), heads(v)
    s = np.einsum("hqd,hkd->hqk", q, k) / math.sqrt(DM // HEADS)
    p = np.exp(s - s.max(-1, keepdims=True))
    p = p / p.sum(-1, keepdims=True)
    a = np.einsum("hqk,hkd->hqd", p, v).transpose(1, 0, 2).reshape(SEQ, DM)
    x = x + a @ wo
    h = _np_layernorm(x, g2, b2)
    return x + _np_gelu(h @ w1 + c1) @ w2 + c2


def _np_conv_same(x, k):
    n, hh, ww, _ = x.shape
    kh, kw, _, o = k.shape
    xp = np.pad(x, ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2), (0, 0)))
    out = np.zeros((n, hh, ww, o))
    for i in range(kh):
        for j in range(kw):
            out += np.einsum("nhwc,co->nhwo", xp[:, i:i + hh, j:j + ww, :], k[i, j])
    return out


def _np_cnn(x, k1, c1, k2, c2, w, b):
    y = np.maximum(_np_conv_same(x, k1) + c1, 0.0)
    n, hh, ww, c = y.shape
    y = y.reshape(n, hh // 2, 2, ww // 2, 2, c).max(axis=(2, 4))
    y = np.maximum(_np_conv_same(y, k2) + c2, 0.0)
    return y.mean(axis=(1, 2)) @ w + b


def _np_embedding(u, table, pos):
    u32 = np.asarray(u, dtype=np.float32)
    ids = np.clip(((u32 + np.float32(1.0)) * np.float32(VOCAB / 2)).astype(np.int32), 0, VOCAB - 1)
    x = np.asarray(table, dtype=np.float64)[ids] * math.sqrt(EMB)
    return (x.reshape(TOKENS // POS, POS, EMB) + pos).reshape(TOKENS, EMB)


def _np_rope(x, cos, sin):
    half = ROPE_D // 2
    rot = np.concatenate([-x[..., half:], x[..., :half]], axis=-1)
    return x * cos[:, None, :] + rot * sin[:, None, :]


def _np_unet_join(up, skip, g):
    y = np.maximum(np.concatenate([up, skip], axis=-1) * g, 0.0)
    return np.pad(y, ((0, 0), (1, 1), (1, 1), (0, 0)))


def _np_rnn(xs, h0, wx, wh):
    h = h0
    for x in xs:
        h = np.tanh(x @ wx + h @ wh)
    return h


W.NP_REF.update({
    "transformer_block": _np_transformer,
    "cnn_pool": _np_cnn,
    "batched_matmul": lambda a, b: np.einsum("bij,bjk->bik", a, b),
    "column_sum": lambda x: x.sum(0) + x.max(0),
    "rnn_scan": _np_rnn,
    "embedding": _np_embedding,
    "rope": _np_rope,
    "unet_join": _np_unet_join,
})

# ------------------------------------------------------------------ the registry

_att = 2.0 * HEADS * SEQ * SEQ * (DM // HEADS) * 2
_tb_flops = 2.0 * SEQ * DM * 3 * DM + _att + 2.0 * SEQ * DM * DM + 2.0 * 2 * SEQ * DM * DFF
_cnn_flops = 2.0 * 8 * 32 * 32 * 3 * 3 * 16 * 32 + 2.0 * 8 * 16 * 16 * 3 * 3 * 32 * 64 + 2.0 * 8 * 64 * 10
_s = lambda fan_in: 1.0 / math.sqrt(fan_in)

EXTRA = [
    W.Workload("transformer_block_s128_d256", transformer_block, "transformer_block",
               [[SEQ, DM], [DM], [DM], [DM, 3 * DM], [DM, DM], [DM], [DM], [DM, DFF], [DFF], [DFF, DM], [DM]],
               101, _tb_flops, "pre-norm transformer block: LN, 4-head attention, LN, tanh-GELU MLP 256->1024->256",
               scales=[1.0, 1.0, 0.1, _s(DM), _s(DM), 1.0, 0.1, _s(DM), 0.1, _s(DFF), 0.1]),
    W.Workload("cnn_pool_b8_32x32", cnn_pool, "cnn_pool",
               [[8, 32, 32, 16], [3, 3, 16, 32], [32], [3, 3, 32, 64], [64], [64, 10], [10]],
               102, _cnn_flops, "conv3x3 16->32, relu, maxpool 2x2, conv3x3 32->64, relu, global mean, dense 64->10",
               scales=[1.0, _s(144), 0.1, _s(288), 0.1, _s(64), 0.1]),
    W.Workload("batched_matmul_32x128x256x128", batched_matmul, "batched_matmul",
               [[32, 128, 256], [32, 256, 128]], 103, 2.0 * 32 * 128 * 256 * 128,
               "einsum bij,bjk->bik, 32 batches of 128x256 @ 256x128"),
    W.Workload("column_sum_4096x1024", column_sum, "column_sum", [[4096, 1024]], 104, 0.0,
               "sum + max over axis 0 of 4096x1024 (column reductions)", bytes_moved=4.0 * 4096 * 1024),
    W.Workload("rnn_scan_t64_b32_h256", rnn_scan, "rnn_scan",
               [[RNN_STEPS, 32, 128], [32, 256], [128, 256], [256, 256]], 105,
               2.0 * RNN_STEPS * 32 * (128 + 256) * 256,
               "lax.scan Elman RNN, 64 steps, batch 32, input 128, hidden 256 (a while loop)",
               scales=[1.0, 0.5, _s(128), _s(256)]),
    W.Workload("embedding_v32000_t4096_d256", embedding, "embedding",
               [[TOKENS], [VOCAB, EMB], [POS, EMB]], 106, 0.0,
               "token embedding lookup (gather of 4096 rows of 256 from 32000) * sqrt(d) + positional embedding",
               bytes_moved=4.0 * (TOKENS + 2 * TOKENS * EMB + POS * EMB)),
    W.Workload("rope_s1024_h8_d128", rope, "rope", [[ROPE_S, ROPE_H, ROPE_D], [ROPE_S, ROPE_D], [ROPE_S, ROPE_D]], 107, 0.0,
               "rotary position embedding (rotate_half: a concatenate of the negated and the plain half of each head)",
               bytes_moved=4.0 * (2 * ROPE_S * ROPE_H * ROPE_D + 2 * ROPE_S * ROPE_D)),
    W.Workload("unet_join_b8_64x64x32", unet_join, "unet_join",
               [[UNET_B, UNET_HW, UNET_HW, UNET_C], [UNET_B, UNET_HW, UNET_HW, UNET_C], [2 * UNET_C]], 108, 0.0,
               "U-Net join: concatenate features and skip on channels, scale, ReLU, pad one pixel (jnp.pad)",
               bytes_moved=4.0 * (2 * UNET_B * UNET_HW * UNET_HW * UNET_C + UNET_B * (UNET_HW + 2) ** 2 * 2 * UNET_C)),
]

W.WORKLOADS[:] = EXTRA
W.BY_NAME = {w.name: w for w in EXTRA}


if __name__ == "__main__":
    cmd, args = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if cmd == "export":
        W.export(HERE)
    elif cmd in ("xla", "iree-compile", "iree"):
        import bench as B   # the shared harness, pointed at these files and a results folder of their own
        B.HERE = HERE
        B.RES = os.path.join(os.environ.get("BENCH_RESULTS", os.path.join(HERE, "..", "results")), "extra")
        os.makedirs(B.RES, exist_ok=True)
        if cmd == "xla":
            B.run_xla(args[0])
        elif cmd == "iree-compile":
            B.run_iree_compile()
        else:
            B.run_iree(args[0], int(args[1]) if len(args) > 1 else 0, args[2] if len(args) > 2 else "pretty")
    else:
        print(__doc__)

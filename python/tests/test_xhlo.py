"""The Python package: the shared workloads and JAX functions through xhlo match jax.jit;
errors are exceptions with located diagnostics; the README's example runs."""

import functools
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax import lax

import xhlo

ROOT = Path(__file__).resolve().parents[2]
WORKLOADS = Path(os.environ.get("XHLO_WORKLOADS", ROOT.parent / "shared" / "workloads"))


def _load_workloads():
    if not (WORKLOADS / "expected.json").exists():
        pytest.fail(f"the shared workloads are missing at {WORKLOADS}")
    sys.path.insert(0, str(WORKLOADS))
    import workloads  # the workloads' own module: functions, input generator, checksums

    expected = {w["name"]: w for w in json.loads((WORKLOADS / "expected.json").read_text())["workloads"]}
    return workloads, expected


def check_checksum(got, want):
    """The workloads' tolerance (src/workloads.rs): sums within 2e-5 of the reference's
    absolute sum, each leading value within 1e-4 relative."""
    tol = 2e-5 * want["abs_sum"] + 1e-6
    for key in ("sum", "abs_sum", "wsum"):
        assert abs(got[key] - want[key]) <= tol, f"{key}: {got[key]} vs {want[key]} (tolerance {tol:.3e})"
    assert len(got["first"]) == len(want["first"])
    for a, b in zip(got["first"], want["first"]):
        assert abs(a - b) <= 1e-4 * (1 + abs(b)), f"leading value {a} vs {b}"


def assert_matches(got, want):
    """`got` (numpy, from xhlo) equals `want` (from jax.jit): same dtype and shape, values
    within 1e-4 of the largest magnitude (floats; reductions are reordered) or exact."""
    want = np.asarray(want)
    assert isinstance(got, np.ndarray), type(got)
    assert got.dtype == want.dtype and got.shape == want.shape, (got.dtype, got.shape, want.dtype, want.shape)
    if np.issubdtype(want.dtype, np.floating):
        scale = 1.0 + float(np.max(np.abs(want), initial=0.0))
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4 * scale)
    else:
        np.testing.assert_array_equal(got, want)


NAMES = [
    "matmul_256", "matmul_1024", "ew_chain", "softmax_1024", "layernorm_4096x1024",
    "mlp2_b256", "conv2d_56x56x64", "reduce_sum_4096x4096", "attention_s256_h8_d64",
]


@pytest.fixture(scope="module")
def shared():
    return _load_workloads()


def test_all_nine_workloads_are_listed(shared):
    _, expected = shared
    assert sorted(expected) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_workload_text_matches_reference_checksums(shared, name):
    """The exported StableHLO text, compiled with xhlo.compile, gives the checksums that
    expected.json records (float64 numpy reference)."""
    workloads, expected = shared
    path = WORKLOADS / "stablehlo" / f"{name}.mlir"
    program = xhlo.compile(path.read_text(), file=str(path))
    assert 0 < program.compile_time < 120
    (out,) = program.run(*workloads.BY_NAME[name].inputs())
    assert list(out.shape) == expected[name]["out_shape"] and out.dtype == np.float32
    check_checksum(workloads.checksum(out), expected[name]["expected_f64_numpy"])


@pytest.mark.parametrize("name", NAMES)
def test_workload_through_jit_matches_jax(shared, name):
    workloads, _ = shared
    w = workloads.BY_NAME[name]
    inputs = w.inputs()
    got = xhlo.jit(w.fn)(*inputs)
    want = jax.jit(w.fn)(*inputs)
    assert_matches(got, want)
    check_checksum(workloads.checksum(got), workloads.checksum(np.asarray(want)))


def rng_f32(*shape, seed=0):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32)


def test_fori_loop():
    def f(x, y):
        return lax.fori_loop(0, 12, lambda i, c: c * 0.9 + jnp.sin(c) * y + i.astype(jnp.float32) * 0.01, x)

    x, y = rng_f32(8, 16), rng_f32(8, 16, seed=1)
    assert_matches(xhlo.jit(f)(x, y), jax.jit(f)(x, y))


def test_while_loop_with_data_dependent_exit():
    def f(x):
        return lax.while_loop(lambda c: jnp.max(jnp.abs(c[0])) > 1e-3, lambda c: (c[0] * 0.5, c[1] + 1), (x, 0))

    x = rng_f32(5, 7) * 100
    got, want = xhlo.jit(f)(x), jax.jit(f)(x)
    assert_matches(got[0], want[0])
    assert_matches(got[1], want[1])
    assert int(got[1]) > 5


def test_integer_ops():
    def f(a, b):
        return (a * 3 + b) // 7, (a * 5) % 9, a ^ b, a >> 2, jnp.maximum(a, b) - jnp.minimum(a, b), (a < b), jnp.sum(a * b)

    r = np.random.default_rng(3)
    a = r.integers(-1000, 1000, (6, 10), dtype=np.int32)
    b = r.integers(1, 50, (6, 10), dtype=np.int32)
    got, want = xhlo.jit(f)(a, b), jax.jit(f)(a, b)
    assert isinstance(got, tuple) and len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(g, w)
    assert got[5].dtype == np.bool_


def test_unsigned_and_casts():
    def f(a, x):
        return (a >> 3).astype(jnp.float32) + x, (x * 100).astype(jnp.int32), a.astype(jnp.uint8)

    a = np.arange(24, dtype=np.uint32).reshape(4, 6) * 977
    x = rng_f32(4, 6)
    for g, w in zip(xhlo.jit(f)(a, x), jax.jit(f)(a, x)):
        assert_matches(g, w)


def test_pytree_output_and_reductions():
    def f(x):
        return {"mean": x.mean(axis=0), "max": x.max(), "norm": jnp.linalg.norm(x, axis=1), "cumsum": jnp.cumsum(x, axis=1)}

    x = rng_f32(32, 16)
    got, want = xhlo.jit(f)(x), jax.jit(f)(x)
    assert sorted(got) == sorted(want)
    for k in want:
        assert_matches(got[k], want[k])


def test_pytree_inputs_as_jax_flattens_them():
    """An MLP's parameters as a dict of arrays (a list of layers, each a dict), one of them
    passed by keyword with a None leaf: the program's inputs are the leaves in JAX's order,
    and a new tree structure compiles a new program."""

    def mlp(params, x, *, scale):
        for layer in params["layers"]:
            x = jnp.tanh(x @ layer["w"] + layer["b"])
        return x * scale["s"]

    params = {"layers": [{"w": rng_f32(8, 16), "b": rng_f32(16)}, {"w": rng_f32(16, 4), "b": rng_f32(4)}]}
    x = rng_f32(5, 8)
    scale = {"s": rng_f32(4), "unused": None}
    g = xhlo.jit(mlp)
    assert_matches(g(params, x, scale=scale), jax.jit(mlp)(params, x, scale=scale))
    assert len(g.program(params, x, scale=scale).input_types) == 6
    three = {"layers": params["layers"] + [{"w": rng_f32(4, 4), "b": rng_f32(4)}]}
    assert_matches(g(three, x, scale=scale), jax.jit(mlp)(three, x, scale=scale))


def test_jit_compiles_once_per_shape_and_dtype():
    calls = []

    def f(x):
        calls.append(x.shape)  # runs while JAX traces, once per lowering
        return jnp.tanh(x) * 2

    g = xhlo.jit(f)
    for shape in [(3,), (3,), (2, 5), (3,)]:
        x = rng_f32(*shape)
        assert_matches(g(x), jax.jit(lambda x: jnp.tanh(x) * 2)(x))
    assert calls == [(3,), (2, 5)]
    # float64 inputs are canonicalized as jax does (float32 without jax_enable_x64).
    out = g(np.ones(3))
    assert out.dtype == np.float32 and calls == [(3,), (2, 5)]


def test_jit_options_and_program():
    g = xhlo.jit(threads=1, fusion="off")(lambda x, y: x @ y + 1.0)
    x, y = rng_f32(4, 8), rng_f32(8, 3)
    assert_matches(g(x, y), x @ y + 1.0)
    p = g.program(x, y)
    assert p.threads == 1 and p.input_types == ["tensor<4x8xf32>", "tensor<8x3xf32>"] and p.output_types == ["tensor<4x3xf32>"]
    # A product large enough for the tiled kernel and the dot library: both match numpy.
    a, b = rng_f32(40, 64), rng_f32(64, 48)
    for library in (True, False):
        h = xhlo.jit(gemm_library=library)(lambda x, y: x @ y)
        assert_matches(h(a, b), a @ b)
    # A softmax in blocks of rows, and as separate kernels: both match numpy.
    z = rng_f32(64, 96)
    want = np.exp(z - z.max(axis=1, keepdims=True))
    want = want / want.sum(axis=1, keepdims=True)
    for rows in (True, False):
        s = xhlo.jit(row_fusion=rows)(lambda x: jax.nn.softmax(x, axis=1))
        assert_matches(s(z), want)


def test_jit_static_argnums_select_a_program_per_value():
    traced = []

    def f(x, n):
        traced.append(n)  # runs while JAX traces, once per lowering
        return lax.fori_loop(0, n, lambda i, acc: acc * 1.5 + x, jnp.zeros_like(x))

    g = xhlo.jit(f, static_argnums=1)
    want = jax.jit(f, static_argnums=1)
    x = rng_f32(5)
    for n in [2, 7, 2, 7]:
        assert_matches(g(x, n), want(x, n))
    # Two static values, each traced once (jax.jit's reference may share jax's trace cache).
    assert sorted(set(traced)) == [2, 7] and len(traced) <= 4, traced
    before = len(traced)
    g(x, 7)
    g(x, 2)
    assert len(traced) == before
    # The compiled program takes only the dynamic argument, and the two programs differ.
    assert g.program(x, 2).input_types == ["tensor<5xf32>"]
    assert g.program(x, 2) is not g.program(x, 7)
    assert g.program(x, 2) is g.program(x, 2)
    assert not np.allclose(g(x, 2), g(x, 7))


def test_jit_static_argnames_by_keyword_and_shapes():
    def tile(x, *, reps, scale=1.0):
        return jnp.tile(x, reps) * scale

    g = xhlo.jit(tile, static_argnames="reps")
    want = jax.jit(tile, static_argnames="reps")
    x = rng_f32(2, 3)
    for reps in [(2, 1), (1, 3)]:
        got = g(x, reps=reps, scale=np.float32(0.5))
        assert got.shape == (2 * reps[0], 3 * reps[1])
        assert_matches(got, want(x, reps=reps, scale=np.float32(0.5)))
    # A dynamic keyword argument is an input of the program, after the positional ones.
    assert g.program(x, reps=(2, 1), scale=np.float32(2.0)).input_types == ["tensor<2x3xf32>", "tensor<f32>"]
    # Named statically by number, passed by keyword (and the reverse), as jax.jit allows.
    def shift(x, k):
        return jnp.roll(x, k)

    by_number = xhlo.jit(shift, static_argnums=1)
    by_name = xhlo.jit(shift, static_argnames="k")
    y = np.arange(6, dtype=np.float32)
    assert_matches(by_number(y, k=2), jnp.roll(y, 2))
    assert_matches(by_name(y, 4), jnp.roll(y, 4))


def test_jit_static_arguments_through_partial_and_unhashable_values():
    @functools.partial(xhlo.jit, static_argnums=(1,), threads=1)
    def power(x, n):
        out = x
        for _ in range(n - 1):  # a Python loop: n must be static
            out = out * x
        return out

    x = rng_f32(4)
    assert_matches(power(x, 3), x * x * x)
    assert power.program(x, 3).threads == 1
    with pytest.raises(TypeError, match="static argument 1 of power must be hashable") as e:
        power(x, [3])
    assert isinstance(e.value, ValueError) and isinstance(e.value, xhlo.StaticArgumentError)

    def f(x, k):
        return x + k

    with pytest.raises(TypeError, match="static argument 'k' of f must be hashable"):
        xhlo.jit(f, static_argnames="k")(x, k=np.ones(4))


def test_compile_accepts_lowered_and_reports_stats():
    def f(x):
        e = jnp.exp(x - x.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    x = rng_f32(64, 128)
    lowered = jax.jit(f).lower(x)
    program = xhlo.compile(lowered)
    (out,) = program.run(x)
    assert_matches(out, jax.jit(f)(x))
    stats = program.stats
    main = [s for s in stats if s["function"] == "main"]
    assert len(main) == 1 and main[0]["skipped"] is None
    assert main[0]["kernels_before"] > main[0]["kernels_after"] >= 1
    assert sum(main[0]["fusions"].values()) >= 1
    assert program.stats == stats  # computed once
    assert "xhlo-eqsat @main: why" in program.explain() and "Rewrite" in program.explain()
    # Without the e-graph and fusion: the same values.
    plain = xhlo.compile(lowered.as_text(), eqsat=False, fusion="off")
    assert_matches(plain.run(x)[0], out)
    identity = xhlo.compile(jax.jit(lambda x: x).lower(x))
    assert identity.explain() == ""


def test_gil_is_released_while_running():
    """Another Python thread runs while a program runs (about 0.7 s of a scalar loop)."""

    def f(n, x):
        return lax.fori_loop(0, n, lambda i, c: c * 0.999999 + 1e-6, x)

    program = xhlo.compile(jax.jit(f).lower(np.int32(0), np.float32(0)), threads=1)
    started, results = threading.Event(), []

    def work():
        started.set()
        results.extend(program.run(np.array(4_000_000, np.int32), np.array(1, np.float32)))

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    time.sleep(0.05)
    ticks, end = 0, time.perf_counter() + 0.1
    while time.perf_counter() < end:
        ticks += 1
    running = worker.is_alive()  # with the GIL held by the run, this thread waits for its end
    worker.join()
    assert running and ticks > 1000 and len(results) == 1


BAD_SYNTAX = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32
  return %0 : tensor<2xf32>
}
"""

BAD_SHAPES = """func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %b : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
"""


def test_syntax_error_is_a_located_compile_error():
    with pytest.raises(xhlo.CompileError) as e:
        xhlo.compile(BAD_SYNTAX, file="bad.mlir")
    # The parser reports where it found the next token: the start of line 3.
    assert str(e.value).startswith("bad.mlir:3:3: error: expected '>'"), str(e.value)


def test_shape_error_is_a_located_compile_error():
    with pytest.raises(xhlo.CompileError) as e:
        xhlo.compile(BAD_SHAPES, file="shapes.mlir")
    assert re.search(r"shapes\.mlir:2:\d+: error", str(e.value)), str(e.value)


def test_run_errors():
    program = xhlo.compile(jax.jit(lambda x: x + 1).lower(np.zeros((2, 3), np.float32)))
    with pytest.raises(xhlo.RunError, match="takes 1 inputs, 2 given"):
        program.run(np.zeros((2, 3), np.float32), np.zeros((2, 3), np.float32))
    with pytest.raises(xhlo.RunError, match="input #0 has type tensor<3x2xf32>"):
        program.run(np.zeros((3, 2), np.float32))
    with pytest.raises(xhlo.RunError, match="input #0"):
        program.run(np.zeros((2, 3), np.int32))
    with pytest.raises(xhlo.RunError, match="C-contiguous"):
        program.run(np.zeros((3, 2), np.float32).T)
    with pytest.raises(TypeError):
        program.run([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    (out,) = program.run(np.arange(6, dtype=np.float32).reshape(2, 3))
    np.testing.assert_array_equal(out, np.arange(6).reshape(2, 3) + 1)


def test_bad_options_are_value_errors():
    with pytest.raises(ValueError, match="unknown fusion mode"):
        xhlo.compile(BAD_SHAPES, fusion="sometimes")
    with pytest.raises(TypeError):
        xhlo.compile(42)


def test_optimize():
    text = jax.jit(lambda x: jnp.exp(x) * 2 + jnp.exp(x)).lower(np.zeros(4, np.float32)).as_text()
    out = xhlo.optimize(text, "builtin.module(xhlo-cse,xhlo-dce)")
    assert "xhlo.exponential" in out and out.count("xhlo.exponential") == 1
    back = xhlo.optimize(text, "builtin.module(xhlo-cse)", emit="stablehlo")
    assert "stablehlo.exponential" in back and "xhlo." not in back
    assert_matches(xhlo.compile(back).run(np.ones(4, np.float32))[0], np.exp(np.ones(4, np.float32)) * 3)
    with pytest.raises(xhlo.CompileError, match="pipeline"):
        xhlo.optimize(text, "builtin.module(no-such-pass)")
    with pytest.raises(xhlo.CompileError, match=r"bad\.mlir:3:3: error"):
        xhlo.optimize(BAD_SYNTAX, file="bad.mlir")


def test_optimize_draws_the_fusion_plan():
    """emit="dot": xhlo-eqsat's fusion plan (when no pipeline is given) as Graphviz DOT."""
    text = jax.jit(lambda x: jnp.tanh(jnp.exp(x) + 1.0)).lower(np.zeros((8, 8), np.float32)).as_text()
    dot = xhlo.optimize(text, emit="dot")
    assert dot.startswith("digraph fusion_plan {")
    assert "fusion plan: 1 kernel, 256 B written" in dot and 'label="kernel 0: loop fusion"' in dot
    with pytest.raises(ValueError, match="xhlo, stablehlo or dot"):
        xhlo.optimize(text, emit="png")


def test_readme_example_runs():
    """The README's Python section: its example, run as written, prints what it says."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Python\n", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    expected = re.search(r"prints:\n```\n(.*?)```", section, re.S).group(1)
    assert out.stdout == expected


def test_bfloat16_in_and_out():
    bf16 = jnp.bfloat16

    def f(x, y):
        return jnp.maximum(x * 2, -y), (x + y).astype(jnp.float32), x.astype(bf16)

    x = rng_f32(6, 5).astype(bf16)
    y = rng_f32(6, 5, seed=2).astype(np.float32)
    got, want = xhlo.jit(f)(x, y.astype(bf16)), jax.jit(f)(x, y.astype(bf16))
    assert got[0].dtype == want[0].dtype == bf16
    for g, w in zip(got, want):
        assert g.dtype == w.dtype and g.shape == w.shape
    np.testing.assert_array_equal(np.asarray(got[0], np.float32), np.asarray(want[0], np.float32))
    np.testing.assert_array_equal(np.asarray(got[2], np.float32), np.asarray(want[2], np.float32))
    # XLA CPU adds in f32 and keeps the excess precision through the convert; xhlo rounds the
    # bf16 sum to bf16 as written: within one bf16 rounding (2^-8 relative).
    np.testing.assert_allclose(got[1], want[1], rtol=2.0**-8, atol=0)
    np.testing.assert_array_equal(got[1], np.asarray((x.astype(np.float32) + y.astype(bf16).astype(np.float32)).astype(bf16), np.float32))

#!/usr/bin/env python3
"""Generates the quantized-type run tests: tests/run/elementwise/quantized.mlir (quantize,
dequantize, requantize, clamping at storage limits, every storage type, quantized element-wise
ops, element moves on the storage) and the quantized dot_general/convolution cases at the end
of tests/run/linalg.mlir.

The expected values come from numpy, evaluating StableHLO's definitions ("Quantization
computations" in its spec) independently of xhlo:

    dequantize(q) = float(q - zero_point) * scale
    quantize(x)   = rint(clip(x / scale + zero_point, storage_min, storage_max))

in float32 (float64 for an f64 expressed type) with per-axis parameters taken along the
quantization dimension, `rint` rounding half to even, and an op on quantized values as
quantize(op(dequantize(operands))). numpy's float32 division, addition and rint are IEEE
operations, so the expected storage integers are exact. Dots and convolutions take inputs whose
dequantized values are small multiples of 1/8, so their float sums are exact in any order.

Usage: python3 tests/gen/quantized.py elementwise > tests/run/elementwise/quantized.mlir
       python3 tests/gen/quantized.py reduction > tests/run/reduction/quantized.mlir
       python3 tests/gen/quantized.py sorting > tests/run/sorting/quantized.mlir
       python3 tests/gen/quantized.py linalg     (then paste at the end of tests/run/linalg.mlir)
"""

import sys

import numpy as np

WIDTHS = {"i2": (2, True), "i4": (4, True), "i8": (8, True), "i16": (16, True), "i32": (32, True),
          "u4": (4, False), "u8": (8, False), "u16": (16, False)}
FLOAT = {"f32": np.float32, "f64": np.float64, "f16": np.float32, "bf16": np.float32}


class Q:
    """A !quant.uniform type: storage (e.g. "i8"), optional (min, max), expressed type,
    optional axis, scales and zero points."""

    def __init__(self, storage, scales, zps=None, axis=None, rng=None, expressed="f32"):
        self.storage, self.axis, self.expressed = storage, axis, expressed
        self.scales = list(scales) if isinstance(scales, (list, tuple)) else [scales]
        self.zps = list(zps) if isinstance(zps, (list, tuple)) else [zps or 0] * len(self.scales)
        width, signed = WIDTHS[storage]
        lo, hi = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
        self.rng = rng
        self.min, self.max = rng if rng else (lo, hi)
        self.int_type = ("i" if signed else "ui") + str(width)

    def text(self):
        rng = f"<{self.min}:{self.max}>" if self.rng else ""
        axis = f":{self.axis}" if self.axis is not None else ""

        def param(s, z):
            return f"{s!r}:{z}" if z else f"{s!r}"

        params = [param(s, z) for s, z in zip(self.scales, self.zps)]
        body = params[0] if self.axis is None else "{" + ", ".join(params) + "}"
        return f"!quant.uniform<{self.storage}{rng}:{self.expressed}{axis}, {body}>"

    def compute(self):
        return FLOAT[self.expressed]

    def along(self, values, shape, dtype):
        """Per-element parameters: a scalar, or the per-slice values along the axis."""
        if self.axis is None:
            return dtype(values[0])
        v = np.asarray(values, dtype=dtype)
        view = [1] * len(shape)
        view[self.axis] = len(values)
        return np.broadcast_to(v.reshape(view), shape)

    def quantize(self, x):
        c = self.compute()
        x = np.asarray(x, dtype=c)
        y = x / self.along(self.scales, x.shape, c) + self.along(self.zps, x.shape, c)
        y = np.clip(y, c(self.min), c(self.max))
        r = np.rint(y)
        # Converting to the storage type saturates (float32 cannot hold 2^31 - 1).
        return np.clip(r.astype(np.float64), self.min, self.max).astype(np.int64)

    def dequantize(self, q):
        c = self.compute()
        q = np.asarray(q, dtype=np.int64)
        d = (q - self.along(self.zps, q.shape, np.int64)).astype(c)
        r = d * self.along(self.scales, q.shape, c)
        return r.astype(np.float16) if self.expressed == "f16" else r


def shape_text(shape):
    return "x".join(str(d) for d in shape) + "x" if shape else ""


def tensor(shape, element):
    return f"tensor<{shape_text(shape)}{element}>"


def lit(a, is_float):
    a = np.asarray(a)
    if a.ndim == 0:
        return fmt(a.item(), is_float)
    return "[" + ", ".join(lit(x, is_float) for x in a) + "]"


def fmt(v, is_float):
    if not is_float:
        return str(int(v))
    v = float(v)
    if v == int(v) and abs(v) < 1e15:
        return f"{v:.1f}"
    text = repr(v)
    if "." not in text:  # 1e-09: MLIR float literals need a '.'
        mantissa, exponent = text.split("e")
        text = f"{mantissa}.0e{exponent}"
    return text


class Case:
    def __init__(self, name, comment):
        self.name, self.lines, self.n = name, [f"// {line}" for line in comment.split("\n")], 0
        self.lines.append(f"func.func @{name}() {{")

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def const(self, values, shape, element, is_float=True):
        v = self.fresh()
        t = tensor(shape, element)
        self.lines.append(f"  {v} = stablehlo.constant dense<{lit(values, is_float)}> : {t}")
        return v, t

    def op(self, text, operands, in_types, out_type):
        v = self.fresh()
        self.lines.append(f'  {v} = "{text}"({", ".join(operands)}) : ({", ".join(in_types)}) -> {out_type}')
        return v, out_type

    def raw(self, line):
        v = self.fresh()
        self.lines.append("  " + line.replace("$", v))
        return v

    def storage(self, v, q: Q, shape):
        """The storage integers of quantized value v (a bitcast_convert to the storage type)."""
        return self.op("stablehlo.bitcast_convert", [v], [tensor(shape, q.text())], tensor(shape, q.int_type))

    def expect_eq(self, v, values, shape, element, is_float=False):
        self.lines.append(f"  check.expect_eq_const {v}, dense<{lit(values, is_float)}> : {tensor(shape, element)}")

    def expect_almost_eq(self, v, values, shape, element):
        self.lines.append(f"  check.expect_almost_eq_const {v}, dense<{lit(values, True)}> : {tensor(shape, element)}")

    def text(self):
        return "\n".join(self.lines + ["  func.return", "}"])


def quantize_case(name, comment, x, q, expressed_in=None):
    """uniform_quantize of float values x, checked on the storage."""
    x = np.asarray(x, dtype=q.compute())
    shape = list(x.shape)
    c = Case(name, comment)
    fin = expressed_in or q.expressed
    xv, xt = c.const(x, shape, fin)
    qv, qt = c.op("stablehlo.uniform_quantize", [xv], [xt], tensor(shape, q.text()))
    s, _ = c.storage(qv, q, shape)
    c.expect_eq(s, q.quantize(x), shape, q.int_type)
    return c


def dequantize_case(name, comment, storage, q):
    storage = np.asarray(storage, dtype=np.int64)
    shape = list(storage.shape)
    c = Case(name, comment)
    sv, st = c.const(storage, shape, q.int_type, is_float=False)
    qv, qt = c.op("stablehlo.bitcast_convert", [sv], [st], tensor(shape, q.text()))
    dv, _ = c.op("stablehlo.uniform_dequantize", [qv], [qt], tensor(shape, q.expressed))
    c.expect_almost_eq(dv, q.dequantize(storage), shape, q.expressed)
    return c


def elementwise_cases():
    cases = []
    x = [-1.25, -0.75, -0.25, 0.25, 0.75, 1.25, 1.75, 2.25]
    cases.append(quantize_case(
        "quantize_rounds_half_to_even",
        "x / 0.5 lands on every half from -2.5 to 4.5: ties go to the even integer.",
        x, Q("i8", 0.5)))
    cases.append(quantize_case(
        "quantize_clamps_at_the_i8_limits",
        "i8 with scale 0.1, zero point -30: far values clamp to -128 and 127.",
        [-100.0, -9.8, -3.0, 0.0, 4.05, 15.7, 100.0, 1e30], Q("i8", 0.1, -30)))
    cases.append(quantize_case(
        "quantize_clamps_at_a_narrowed_storage_range",
        "i8<-100:100>, zero point 10: the written range, not the type's, bounds the storage.",
        [-1000.0, -27.5, -27.0, 0.0, 22.5, 45.0, 45.5, 1000.0], Q("i8", 0.5, 10, rng=(-100, 100))))
    cases.append(quantize_case(
        "quantize_to_u8_clamps_at_0_and_255",
        "u8 with zero point 128: negative values stop at 0, large ones at 255.",
        [-40.0, -32.0, -31.9, 0.0, 0.1, 31.75, 31.9, 40.0], Q("u8", 0.25, 128)))
    cases.append(quantize_case(
        "quantize_to_i4_clamps_at_minus_8_and_7",
        "i4 with scale 0.5, zero point -1.",
        [-10.0, -3.5, -3.25, -0.5, 0.0, 3.9, 4.25, 10.0], Q("i4", 0.5, -1)))
    cases.append(quantize_case(
        "quantize_to_u4_clamps_at_0_and_15",
        "u4 with scale 2, zero point 3, narrowed to <1:14>.",
        [-10.0, -3.0, 0.0, 1.0, 5.0, 20.0, 22.0, 100.0], Q("u4", 2.0, 3, rng=(1, 14))))
    cases.append(quantize_case(
        "quantize_to_i2",
        "i2 holds -2..1.",
        [-5.0, -1.0, -0.4, 0.4, 0.6, 5.0], Q("i2", 1.0)))
    cases.append(quantize_case(
        "quantize_to_i16_clamps_at_its_limits",
        "i16 with scale 1e-3: values beyond +-32.767 clamp.",
        [-40.0, -32.768, -1.2345, 0.0, 0.0015, 1.2345, 32.767, 40.0], Q("i16", 1e-3)))
    cases.append(quantize_case(
        "quantize_to_i32_saturates_at_its_limits",
        "i32 with scale 1: the bounds as f32 are -2^31 and 2^31, which converts to 2^31 - 1.",
        [-1e10, -2147483648.0, -1000.5, 0.0, 7.5, 123456.0, 2147483648.0, 1e10], Q("i32", 1.0)))
    cases.append(quantize_case(
        "quantize_f64_expressed",
        "An f64 expressed type computes in f64.",
        [0.1, 0.30000000000000004, 1e-9, 12.7, -12.9], Q("i8", 0.1, expressed="f64")))
    cases.append(quantize_case(
        "quantize_per_axis_along_dimension_1",
        "2x3 with one scale and zero point per column.",
        [[1.0, 2.0, 3.0], [-4.0, 50.0, -60.0]], Q("i8", [0.5, 0.25, 1.5], [0, 10, -20], axis=1)))
    cases.append(quantize_case(
        "quantize_per_axis_along_dimension_0",
        "3x2 with one scale and zero point per row, narrowed to <-127:127>.",
        [[1.0, -100.0], [2.5, 2.6], [-3.0, 300.0]], Q("i8", [1.0, 0.1, 2.0], [5, 0, -3], axis=0, rng=(-127, 127))))
    for st, q, s in [
        ("i8", Q("i8", 0.1, -30), [-128, -30, 0, 127]),
        ("u8", Q("u8", 0.5, 128), [0, 1, 128, 255]),
        ("i4", Q("i4", 0.25, 2), [-8, -1, 2, 7]),
        ("u4", Q("u4", 3.0, 8), [0, 7, 8, 15]),
        ("i16", Q("i16", 1e-3, -7), [-32768, -7, 1000, 32767]),
        ("u16", Q("u16", 0.01, 1000), [0, 999, 1000, 65535]),
        ("i2", Q("i2", 1.5, -1), [-2, -1, 0, 1]),
        ("i32", Q("i32", 0.5, 100), [-2147483648, -1, 100, 2147483647]),
    ]:
        cases.append(dequantize_case(
            f"dequantize_{st}",
            f"{st} storage from its minimum to its maximum: (q - zero_point) * scale.",
            s, q))
    cases.append(dequantize_case(
        "dequantize_per_axis",
        "2x3 dequantized with a scale and zero point per column.",
        [[1, 2, 3], [-128, 0, 127]], Q("i8", [0.5, 0.25, 0.125], [1, -2, 3], axis=1)))
    cases.append(dequantize_case(
        "dequantize_to_f16",
        "An f16 expressed type: computed in f32, rounded to f16.",
        [-128, -3, 0, 5, 127], Q("i8", 0.1, 0, expressed="f16")))

    # Round trips: quantize then dequantize gives the nearest representable value.
    c = Case("quantize_dequantize_round_trip_per_axis",
             "Round trip per axis: each value comes back as the nearest multiple of its column's scale.")
    x = np.array([[0.3, -0.7, 1.26], [2.0, 9.9, -3.3]], dtype=np.float32)
    q = Q("i8", [0.1, 0.2, 0.05], [-5, 7, 0], axis=1)
    xv, xt = c.const(x, [2, 3], "f32")
    qv, qt = c.op("stablehlo.uniform_quantize", [xv], [xt], tensor([2, 3], q.text()))
    dv, _ = c.op("stablehlo.uniform_dequantize", [qv], [qt], tensor([2, 3], "f32"))
    c.expect_almost_eq(dv, q.dequantize(q.quantize(x)), [2, 3], "f32")
    cases.append(c)

    # Requantization: quantize(dequantize(x)) with other parameters.
    for name, comment, qin, qout in [
        ("requantize_per_tensor_to_per_axis", "Per-tensor storage requantized per column.",
         Q("i8", 0.5, -10), Q("i8", [0.25, 1.0, 0.3], [3, 0, -100], axis=1)),
        ("requantize_per_axis_to_per_tensor", "Per-column storage requantized to one scale, clamped.",
         Q("i8", [0.25, 1.0, 0.3], [3, 0, -100], axis=1), Q("i8", 0.5, 20)),
        ("requantize_i8_to_u4", "i8 to u4: a narrower storage clamps.", Q("i8", 0.1), Q("u4", 0.5, 4)),
        ("requantize_to_the_same_type", "The same parameters: the storage is unchanged.",
         Q("i8", 0.3, 7), Q("i8", 0.3, 7)),
    ]:
        s = np.array([[-128, -3, 40], [17, 100, 127]])
        c = Case(name, comment)
        sv, st = c.const(s, [2, 3], qin.int_type, is_float=False)
        qv, qt = c.op("stablehlo.bitcast_convert", [sv], [st], tensor([2, 3], qin.text()))
        rv, rt = c.op("stablehlo.uniform_quantize", [qv], [qt], tensor([2, 3], qout.text()))
        o, _ = c.storage(rv, qout, [2, 3])
        c.expect_eq(o, qout.quantize(qin.dequantize(s)), [2, 3], qout.int_type)
        cases.append(c)

    # Element-wise ops on quantized values.
    def binary_case(name, comment, op, fn, a, qa, b, qb, qr):
        a, b = np.asarray(a, dtype=np.float32), np.asarray(b, dtype=np.float32)
        shape = list(a.shape)
        c = Case(name, comment)
        av, at = c.const(a, shape, "f32")
        bv, bt = c.const(b, shape, "f32")
        qav, qat = c.op("stablehlo.uniform_quantize", [av], [at], tensor(shape, qa.text()))
        qbv, qbt = c.op("stablehlo.uniform_quantize", [bv], [bt], tensor(shape, qb.text()))
        rv, rt = c.op(op, [qav, qbv], [qat, qbt], tensor(shape, qr.text()))
        o, _ = c.storage(rv, qr, shape)
        expected = qr.quantize(fn(qa.dequantize(qa.quantize(a)), qb.dequantize(qb.quantize(b))))
        c.expect_eq(o, expected, shape, qr.int_type)
        return c

    cases.append(binary_case(
        "quantized_add", "add of two i8 operands with their own parameters, into a third.",
        "stablehlo.add", np.add,
        [1.0, 2.0, -3.5, 10.0], Q("i8", 0.1, -30), [3.0, 4.0, 0.25, 50.0], Q("i8", 0.5, -20), Q("i8", 0.25, 5)))
    cases.append(binary_case(
        "quantized_add_clamps_at_the_storage_limits", "The sum leaves the result's range: it clamps.",
        "stablehlo.add", np.add,
        [6.0, -6.0, 0.5, 1.0], Q("i8", 0.05), [6.0, -6.0, 0.5, -1.0], Q("i8", 0.05), Q("i8", 0.05)))
    cases.append(binary_case(
        "quantized_add_per_axis", "Per-axis operands and result along dimension 1.",
        "stablehlo.add", np.add,
        [[1.0, 2.0], [3.0, -4.0]], Q("i8", [0.5, 0.25], [1, 2], axis=1),
        [[0.5, 0.5], [-1.0, 1.0]], Q("i8", [0.25, 0.5], [0, -1], axis=1),
        Q("i8", [0.1, 0.2], [3, -3], axis=1)))
    cases.append(binary_case(
        "quantized_multiply_u8", "multiply of u8 operands.",
        "stablehlo.multiply", np.multiply,
        [1.0, 2.0, 3.0, 4.0], Q("u8", 0.1, 10), [0.5, 1.5, 2.5, 30.0], Q("u8", 0.25), Q("u8", 0.05, 2)))
    cases.append(binary_case(
        "quantized_maximum_i16", "maximum of i16 operands.",
        "stablehlo.maximum", np.maximum,
        [1.0, -2.0, 3.0, -4.0], Q("i16", 1e-3), [0.5, -1.5, 3.5, -4.5], Q("i16", 2e-3, 100), Q("i16", 1e-3, -5)))

    # compare dequantizes both operands.
    c = Case("quantized_compare", "compare of quantized operands compares their real values.")
    a, qa = np.array([1.0, 2.0, 3.0, -1.0], dtype=np.float32), Q("i8", 0.5, 4)
    b, qb = np.array([1.0, 2.5, 2.75, -1.0], dtype=np.float32), Q("i8", 0.25, -4)
    av, at = c.const(a, [4], "f32")
    bv, bt = c.const(b, [4], "f32")
    qav, qat = c.op("stablehlo.uniform_quantize", [av], [at], tensor([4], qa.text()))
    qbv, qbt = c.op("stablehlo.uniform_quantize", [bv], [bt], tensor([4], qb.text()))
    r = c.raw(f"$ = stablehlo.compare GE, {qav}, {qbv} : ({qat}, {qbt}) -> tensor<4xi1>")
    expected = qa.dequantize(qa.quantize(a)) >= qb.dequantize(qb.quantize(b))
    c.lines.append(f"  check.expect_eq_const {r}, dense<{lit(expected.astype(int), False).replace('1', 'true').replace('0', 'false')}> : tensor<4xi1>")
    cases.append(c)

    # Moves on the storage, and a quantized constant.
    c = Case("quantized_values_move_as_their_storage",
             "transpose, reshape, concatenate and select with one set of parameters move the storage;\n"
             "the constant's literal is storage integers; check ops compare storage.")
    q = Q("i8", 0.5, -3)
    t = q.text()
    s = np.array([[1, 2, 3], [4, 5, 6]])
    sv, st = c.const(s, [2, 3], "i8", is_float=False)
    qv, qt = c.op("stablehlo.bitcast_convert", [sv], [st], tensor([2, 3], t))
    tv = c.raw(f"$ = stablehlo.transpose {qv}, dims = [1, 0] : ({qt}) -> {tensor([3, 2], t)}")
    rv = c.raw(f"$ = stablehlo.reshape {tv} : ({tensor([3, 2], t)}) -> {tensor([6], t)}")
    kv = c.raw(f"$ = stablehlo.constant dense<[-128, 127]> : {tensor([2], t)}")
    cv = c.raw(f"$ = stablehlo.concatenate {rv}, {kv}, dim = 0 : ({tensor([6], t)}, {tensor([2], t)}) -> {tensor([8], t)}")
    pv = c.raw("$ = stablehlo.constant dense<[true, false, true, false, true, false, true, false]> : tensor<8xi1>")
    zv = c.raw(f"$ = stablehlo.constant dense<0> : {tensor([8], t)}")
    selv = c.raw(f"$ = stablehlo.select {pv}, {cv}, {zv} : tensor<8xi1>, {tensor([8], t)}")
    moved = np.concatenate([s.T.reshape(6), [-128, 127]])
    c.expect_eq(selv, np.where(np.arange(8) % 2 == 0, moved, 0), [8], t)
    dv, _ = c.op("stablehlo.uniform_dequantize", [cv], [tensor([8], t)], tensor([8], "f32"))
    c.expect_almost_eq(dv, q.dequantize(moved), [8], "f32")
    cases.append(c)

    c = Case("quantized_slice_per_axis_requantizes",
             "A slice of a per-axis tensor has fewer channels: it is dequantized, sliced and quantized\n"
             "with the result's parameters.")
    qin = Q("i8", [0.5, 0.25, 0.125], [1, 2, 3], axis=1)
    qout = Q("i8", [0.25, 0.125], [2, 3], axis=1)
    s = np.array([[10, 20, 30], [-10, -20, -30]])
    sv, st = c.const(s, [2, 3], "i8", is_float=False)
    qv, qt = c.op("stablehlo.bitcast_convert", [sv], [st], tensor([2, 3], qin.text()))
    slv = c.raw(f"$ = stablehlo.slice {qv} [0:2, 1:3] : ({qt}) -> {tensor([2, 2], qout.text())}")
    o, _ = c.storage(slv, qout, [2, 2])
    c.expect_eq(o, qout.quantize(qin.dequantize(s)[:, 1:3]), [2, 2], "i8")
    cases.append(c)
    return cases


def linalg_cases():
    cases = []

    def dot_case(name, comment, a, qa, b, qb, qr, dims, out_shape, result_float=None):
        a = np.asarray(a, dtype=np.float32)
        b = np.asarray(b, dtype=np.float32)
        c = Case(name, comment)
        av, at = c.const(a, list(a.shape), "f32")
        bv, bt = c.const(b, list(b.shape), "f32")
        if qa:
            av, at = c.op("stablehlo.uniform_quantize", [av], [at], tensor(list(a.shape), qa.text()))
            a = qa.dequantize(qa.quantize(a))
        qbv, qbt = c.op("stablehlo.uniform_quantize", [bv], [bt], tensor(list(b.shape), qb.text()))
        b = qb.dequantize(qb.quantize(b))
        out_t = tensor(out_shape, qr.text() if qr else result_float)
        r = c.raw(f"$ = stablehlo.dot_general {av}, {qbv}, {dims} : ({at}, {qbt}) -> {out_t}")
        f = np.einsum("ij,jk->ik" if "batching" not in dims else "bij,bjk->bik", a.astype(np.float64), b.astype(np.float64)).astype(np.float32)
        if qr:
            o, _ = c.storage(r, qr, out_shape)
            c.expect_eq(o, qr.quantize(f), out_shape, qr.int_type)
        else:
            c.expect_almost_eq(r, f, out_shape, result_float)
        cases.append(c)

    dot_case("quantized_dot_general_per_tensor",
             "i8 x i8 -> i8, per-tensor: quantize(dot(dequantize(lhs), dequantize(rhs))).",
             [[1.0, 2.0, 3.0], [-4.0, 5.5, 6.0]], Q("i8", 0.5, 2),
             [[1.0, -1.0], [0.5, 2.0], [-2.25, 0.75]], Q("i8", 0.25, -1),
             Q("i8", 0.5, -10), "contracting_dims = [1] x [0]", [2, 2])
    dot_case("quantized_dot_general_per_axis_weights_into_i32",
             "rhs per output column (dimension 1), result i32 per-tensor.",
             [[1.0, 2.0, 3.0, 4.0], [-1.0, 0.5, -2.5, 8.0]], Q("i8", 0.5),
             [[1.0, -1.0, 2.0], [0.5, 2.0, 4.0], [-2.0, 1.0, 8.0], [3.0, 0.25, -6.0]],
             Q("i8", [0.125, 0.25, 0.5], [0, 3, -5], axis=1),
             Q("i32", 0.0625, 7), "contracting_dims = [1] x [0]", [2, 3])
    dot_case("quantized_dot_general_result_clamps",
             "u8 operands, the products leave the i8 result's range and clamp.",
             [[10.0, 20.0], [1.0, 0.5]], Q("u8", 0.5),
             [[10.0, -20.0], [5.0, 0.25]], Q("u8", 0.25, 100),
             Q("i8", 1.0), "contracting_dims = [1] x [0]", [2, 2])
    dot_case("quantized_dot_general_batched",
             "A batch dimension, i16 storage.",
             [[[1.0, 2.0], [3.0, 4.0]], [[-1.0, -2.0], [0.5, 0.25]]], Q("i16", 0.25, 3),
             [[[1.0, 0.0], [0.5, 2.0]], [[2.0, -2.0], [1.0, 4.0]]], Q("i16", 0.125, -2),
             Q("i16", 0.125), "batching_dims = [0] x [0], contracting_dims = [2] x [1]", [2, 2, 2])
    dot_case("hybrid_dot_general_float_lhs_quantized_rhs",
             "f32 lhs, per-axis i8 rhs, f32 result: only the weights are dequantized.",
             [[1.0, 2.0, 3.0], [-4.0, 5.5, 6.0]], None,
             [[1.0, -1.0], [0.5, 2.0], [-2.25, 0.75]], Q("i8", [0.25, 0.125], [1, -1], axis=1),
             None, "contracting_dims = [1] x [0]", [2, 2], result_float="f32")

    # Convolution: NHWC lhs 1x3x3x2, HWIO rhs 2x2x2x3 per output feature (dimension 3).
    rng = np.random.default_rng(7)
    x = (rng.integers(-8, 9, size=(1, 3, 3, 2)) / 4).astype(np.float32)
    k = (rng.integers(-6, 7, size=(2, 2, 2, 3)) / 8).astype(np.float32)
    qx, qk, qr = Q("i8", 0.25, -2), Q("i8", [0.125, 0.25, 0.125], [0, 1, -1], axis=3), Q("i8", 0.0625, 3)
    xd, kd = qx.dequantize(qx.quantize(x)), qk.dequantize(qk.quantize(k))
    out = np.zeros((1, 2, 2, 3), dtype=np.float64)
    for i in range(2):
        for j in range(2):
            for o in range(3):
                out[0, i, j, o] = np.sum(xd[0, i:i + 2, j:j + 2, :].astype(np.float64) * kd[:, :, :, o])
    c = Case("quantized_convolution_per_axis_kernel",
             "NHWC convolution, per-tensor i8 input, i8 kernel quantized per output feature, i8 result.")
    xv, xt = c.const(x, [1, 3, 3, 2], "f32")
    kv, kt = c.const(k, [2, 2, 2, 3], "f32")
    qxv, qxt = c.op("stablehlo.uniform_quantize", [xv], [xt], tensor([1, 3, 3, 2], qx.text()))
    qkv, qkt = c.op("stablehlo.uniform_quantize", [kv], [kt], tensor([2, 2, 2, 3], qk.text()))
    r = c.raw(f"$ = stablehlo.convolution({qxv}, {qkv}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], "
              f"window = {{stride = [1, 1]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} "
              f": ({qxt}, {qkt}) -> {tensor([1, 2, 2, 3], qr.text())}")
    o, _ = c.storage(r, qr, [1, 2, 2, 3])
    c.expect_eq(o, qr.quantize(out.astype(np.float32)), [1, 2, 2, 3], "i8")
    cases.append(c)
    return cases


def reduction_cases():
    cases = []
    q = Q("i8", 0.5, -1)
    t = q.text()

    def fold(values, init):
        """The body applied in order: each step is a quantized add (its result quantized)."""
        acc = init
        for v in values:
            acc = int(q.quantize(q.dequantize(acc) + q.dequantize(v)))
        return acc

    x = np.array([[1.0, 2.5, -3.0, 7.0], [4.0, 0.5, 20.0, -10.5]], dtype=np.float32)
    s = q.quantize(x)
    init = int(q.quantize(np.float32(1.5)))
    c = Case("quantized_reduce_add",
             "reduce with a quantized add body: the body runs on quantized scalars (each step\n"
             "dequantizes, adds and quantizes); the partial sums stay exact multiples of the scale.")
    xv, xt = c.const(x, [2, 4], "f32")
    qv, qt = c.op("stablehlo.uniform_quantize", [xv], [xt], tensor([2, 4], t))
    iv = c.raw(f"$ = stablehlo.constant dense<{init}> : {tensor([], t)}")
    r = c.raw(f"$ = stablehlo.reduce({qv} init: {iv}) applies stablehlo.add across dimensions = [1] "
              f": ({qt}, {tensor([], t)}) -> {tensor([2], t)}")
    c.expect_eq(r, [fold(row, init) for row in s], [2], t)
    cases.append(c)

    c = Case("quantized_reduce_add_clamps",
             "A sum past the storage range clamps at 127 and stays there (adding past the limit).")
    x = np.array([30.0, 30.0, 30.0, 0.5], dtype=np.float32)
    s = q.quantize(x)
    xv, xt = c.const(x, [4], "f32")
    qv, qt = c.op("stablehlo.uniform_quantize", [xv], [xt], tensor([4], t))
    iv = c.raw(f"$ = stablehlo.constant dense<-1> : {tensor([], t)}")
    r = c.raw(f"$ = stablehlo.reduce({qv} init: {iv}) applies stablehlo.add across dimensions = [0] "
              f": ({qt}, {tensor([], t)}) -> {tensor([], t)}")
    c.expect_eq(r, fold(s, -1), [], t)
    cases.append(c)

    c = Case("quantized_reduce_window_max",
             "reduce_window with a quantized maximum body, windows of 2 with stride 1.")
    x = np.array([1.0, -2.0, 3.5, 3.0, -7.0, 0.5], dtype=np.float32)
    s = q.quantize(x)
    xv, xt = c.const(x, [6], "f32")
    qv, qt = c.op("stablehlo.uniform_quantize", [xv], [xt], tensor([6], t))
    iv = c.raw(f"$ = stablehlo.constant dense<-128> : {tensor([], t)}")
    r = c.raw(f'$ = "stablehlo.reduce_window"({qv}, {iv}) <{{window_dimensions = array<i64: 2>}}> ({{\n'
              f'  ^bb0(%a: {tensor([], t)}, %b: {tensor([], t)}):\n'
              f'    %m = stablehlo.maximum %a, %b : {tensor([], t)}\n'
              f'    stablehlo.return %m : {tensor([], t)}\n'
              f'  }}) : ({qt}, {tensor([], t)}) -> {tensor([5], t)}')
    c.expect_eq(r, [max(s[i], s[i + 1]) for i in range(5)], [5], t)
    cases.append(c)
    return cases


def sorting_cases():
    c = Case("quantized_sort_keys",
             "sort by quantized keys (the comparator compares their real values), a float payload\n"
             "carried along; keys with per-tensor parameters, stable.")
    q = Q("u8", 0.25, 100)
    t = q.text()
    keys = np.array([3.0, -1.5, 7.25, 0.0, -1.5, 2.0], dtype=np.float32)
    payload = np.arange(6, dtype=np.float32)
    s = q.quantize(keys)
    order = np.argsort(q.dequantize(s), kind="stable")
    kv, kt = c.const(keys, [6], "f32")
    pv, pt = c.const(payload, [6], "f32")
    qv, qt = c.op("stablehlo.uniform_quantize", [kv], [kt], tensor([6], t))
    c.lines.append(f'  %sorted:2 = "stablehlo.sort"({qv}, {pv}) <{{dimension = 0 : i64, is_stable = true}}> ({{\n'
                   f'  ^bb0(%a: {tensor([], t)}, %b: {tensor([], t)}, %c: tensor<f32>, %d: tensor<f32>):\n'
                   f'    %lt = stablehlo.compare LT, %a, %b : ({tensor([], t)}, {tensor([], t)}) -> tensor<i1>\n'
                   f'    stablehlo.return %lt : tensor<i1>\n'
                   f'  }}) : ({qt}, {pt}) -> ({tensor([6], t)}, {pt})')
    c.expect_eq("%sorted#0", s[order], [6], t)
    c.expect_eq("%sorted#1", payload[order], [6], "f32", is_float=True)
    return [c]


HEADER = {
    "elementwise": "// Quantized types (!quant.uniform): quantize, dequantize, requantize, clamping at the storage\n"
                   "// limits of every storage type, element-wise ops on quantized values (dequantize -> op ->\n"
                   "// quantize), element moves on the storage. Generated by tests/gen/quantized.py (numpy).\n",
    "linalg": "// Quantized dot_general and convolution (dequantize -> op -> quantize), generated by\n"
              "// tests/gen/quantized.py (numpy).\n",
    "reduction": "// Reductions of quantized values: the bodies run on quantized scalars. Generated by\n"
                 "// tests/gen/quantized.py (numpy).\n",
    "sorting": "// Sorting by quantized keys. Generated by tests/gen/quantized.py (numpy).\n",
}


def main():
    family = sys.argv[1] if len(sys.argv) > 1 else "elementwise"
    cases = {"elementwise": elementwise_cases, "linalg": linalg_cases, "reduction": reduction_cases,
             "sorting": sorting_cases}[family]()
    print(HEADER[family])
    print("\n\n// -----\n\n".join(c.text() for c in cases))


if __name__ == "__main__":
    main()

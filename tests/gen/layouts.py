#!/usr/bin/env python3
"""Generates the run tests of tensors with non-default layouts (seed 004, minor_to_major):
tests/run/<family>/layouts.mlir for elementwise, data_movement, reduction and control_flow,
and the layout cases at the end of tests/run/linalg.mlir and tests/run/fusion.mlir.

A layout does not change an array's values, only where its elements sit in memory, so every
expected value is numpy's result of the op on the logical arrays, whatever the layouts of the
operands, intermediates and results. Inputs are small integers (floats hold them exactly, so
sums are exact in any order) and every check is exact.

Usage: python3 tests/gen/layouts.py elementwise > tests/run/elementwise/layouts.mlir
       (data_movement, reduction, control_flow likewise)
       python3 tests/gen/layouts.py linalg    (then paste at the end of tests/run/linalg.mlir)
       python3 tests/gen/layouts.py fusion    (then paste at the end of tests/run/fusion.mlir)
"""

import sys

import numpy as np

DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i16": np.int16, "i1": np.bool_}


def element(arr):
    for k, v in DTYPES.items():
        if arr.dtype == v:
            return k
    raise ValueError(arr.dtype)


def ty(shape, elem, layout=None):
    dims = "x".join(str(d) for d in shape)
    body = f"{dims}x{elem}" if shape else elem
    if layout is None:
        return f"tensor<{body}>"
    return f"tensor<{body}, #xhlo.layout<array<i64: {', '.join(str(d) for d in layout)}>>>"


def scalar_text(x, elem):
    if elem == "i1":
        return "true" if x else "false"
    if elem.startswith("f"):
        return f"{float(x):.1f}" if float(x) == int(x) else repr(float(x))
    return str(int(x))


def dense(arr):
    elem = element(arr)
    if arr.ndim == 0:
        return scalar_text(arr[()], elem)
    return "[" + ", ".join(dense(a) for a in arr) + "]" if arr.ndim > 1 else "[" + ", ".join(scalar_text(x, elem) for x in arr) + "]"


class V:
    def __init__(self, name, arr, layout):
        self.name, self.arr, self.layout = name, arr, layout

    @property
    def ty(self):
        return ty(self.arr.shape, element(self.arr), self.layout)


class Func:
    def __init__(self, name, comment):
        self.name, self.comment, self.lines, self.n = name, comment, [], 0

    def fresh(self):
        self.n += 1
        return f"%v{self.n}"

    def const(self, arr, layout=None):
        v = V(self.fresh(), arr, layout)
        self.lines.append(f'{v.name} = "xhlo.constant"() {{value = dense<{dense(arr)}> : {ty(arr.shape, element(arr))}}} : () -> {v.ty}')
        return v

    def op(self, name, operands, result, layout=None, attrs="", region=None):
        v = V(self.fresh(), result, layout)
        args = ", ".join(o.name for o in operands)
        types = ", ".join(o.ty for o in operands)
        attrs = f" {{{attrs}}}" if attrs else ""
        reg = f" ({{\n{region}\n  }})" if region else ""
        self.lines.append(f'{v.name} = "xhlo.{name}"({args}){reg}{attrs} : ({types}) -> {v.ty}')
        return v

    def check(self, v):
        self.lines.append(f'"check.expect_eq_const"({v.name}) {{value = dense<{dense(v.arr)}> : {ty(v.arr.shape, element(v.arr))}}} : ({v.ty}) -> ()')

    def text(self):
        body = "\n".join("  " + l for l in self.lines)
        comment = "\n".join(f"// {c}" for c in self.comment.split("\n"))
        return f"{comment}\nfunc.func @{self.name}() {{\n{body}\n  func.return\n}}\n"


def iota(shape, dtype, start=1):
    return (np.arange(np.prod(shape)) % 97 + start).reshape(shape).astype(dtype)


def body(op, elem, extra=""):
    return (f"  ^bb0(%p: tensor<{elem}>, %q: tensor<{elem}>):\n"
            f'    %s = "xhlo.{op}"(%p, %q) : (tensor<{elem}>, tensor<{elem}>) -> tensor<{elem}>\n'
            f'    "gpu.yield"(%s) : (tensor<{elem}>) -> ()')


CM = [0, 1]  # column-major rank 2
L021 = [0, 2, 1]


def elementwise():
    out = []
    f = Func("add_column_major_and_row_major_operands", "Operands in different layouts, the sum stored column-major, then read by a\nmultiply whose result is row-major.")
    a = f.const(iota((2, 3), np.float32), CM)
    b = f.const(iota((2, 3), np.float32, 10))
    c = f.op("add", [a, b], a.arr + b.arr, CM)
    d = f.op("multiply", [c, b], c.arr * b.arr)
    f.check(c)
    f.check(d)
    out.append(f)

    f = Func("rank3_chain_through_three_layouts", "A chain of integer ops whose intermediates are stored in layouts [0, 2, 1],\n[2, 0, 1] and [1, 2, 0].")
    x = f.const(iota((2, 3, 4), np.int32), L021)
    y = f.const(iota((2, 3, 4), np.int32, 5), [1, 0, 2])
    s = f.op("subtract", [x, y], x.arr - y.arr, [2, 0, 1])
    m = f.op("multiply", [s, x], s.arr * x.arr, [1, 2, 0])
    n = f.op("negate", [m], -m.arr, L021)
    f.check(n)
    f.check(m)
    out.append(f)

    f = Func("wide_column_major_kernel_with_a_remainder", "Long enough for vector pieces along the logical rows (40 = 2 x 16 + 8 f32),\nwhich are strided in memory.")
    x = f.const(iota((17, 40), np.float32), CM)
    y = f.const(iota((17, 40), np.float32, 3))
    s = f.op("add", [x, y], x.arr + y.arr, CM)
    t = f.op("multiply", [s, s], s.arr * s.arr, CM)
    f.check(t)
    out.append(f)

    f = Func("compare_select_and_convert_in_layouts", "Booleans and converted values stored in permuted layouts.")
    x = f.const(iota((3, 2, 2), np.int32), L021)
    y = f.const(np.full((3, 2, 2), 6, np.int32), [1, 2, 0])
    p = f.op("compare", [x, y], x.arr > y.arr, [1, 0, 2], 'comparison_direction = "GT"')
    z = f.op("convert", [x], x.arr.astype(np.float32), L021)
    w = f.op("convert", [y], y.arr.astype(np.float32))
    s = f.op("select", [p, z, w], np.where(p.arr, z.arr, w.arr), [0, 1, 2])
    f.check(p)
    f.check(s)
    out.append(f)

    f = Func("iota_in_a_layout", "iota writes its logical values into a column-major buffer.")
    i = f.op("iota", [], np.broadcast_to(np.arange(3, dtype=np.int32)[None, :], (4, 3)).copy(), CM, "iota_dimension = 1 : i64")
    j = f.op("iota", [], np.broadcast_to(np.arange(4, dtype=np.int32)[:, None], (4, 3)).copy(), CM, "iota_dimension = 0 : i64")
    s = f.op("add", [i, j], i.arr + j.arr, CM)
    f.check(s)
    out.append(f)

    f = Func("bitcast_convert_between_widths_keeps_bytes_in_place", "f32 to two i16 with the new dimension most minor and the others in the\noperand's order: the layouts keep every byte where it is, as XLA's bitcast.")
    x = f.const(np.array([[1.0, -2.0], [0.5, 3.0], [-0.0, 65536.0]], np.float32), CM)
    halves = x.arr.view(np.int16).reshape(3, 2, 2)
    b = f.op("bitcast_convert", [x], halves, [2, 0, 1])
    back = f.op("bitcast_convert", [b], x.arr, CM)
    f.check(b)
    f.check(back)
    out.append(f)
    return out


def data_movement():
    out = []
    f = Func("transpose_of_column_major", "A transpose is defined on logical indices: the column-major operand's\ntranspose holds the transposed values, in either result layout.")
    x = f.const(iota((2, 3), np.float32), CM)
    t = f.op("transpose", [x], x.arr.T.copy(), None, "permutation = array<i64: 1, 0>")
    u = f.op("transpose", [x], x.arr.T.copy(), CM, "permutation = array<i64: 1, 0>")
    f.check(t)
    f.check(u)
    out.append(f)

    f = Func("transpose_rank3_permuted_layouts", "Rank 3: operand [0, 2, 1], result [1, 0, 2].")
    x = f.const(iota((2, 3, 4), np.int32), L021)
    t = f.op("transpose", [x], np.transpose(x.arr, (2, 0, 1)).copy(), [1, 0, 2], "permutation = array<i64: 2, 0, 1>")
    n = f.op("negate", [t], -t.arr)
    f.check(n)
    out.append(f)

    f = Func("strided_slice_of_rank3_layout", "A strided slice reads the permuted operand by logical index.")
    x = f.const(iota((3, 4, 5), np.int32), L021)
    s = f.op("slice", [x], x.arr[1:3, 0:4:2, 1:5:3].copy(), [2, 0, 1], "start_indices = array<i64: 1, 0, 1>, limit_indices = array<i64: 3, 4, 5>, strides = array<i64: 1, 2, 3>")
    f.check(s)
    out.append(f)

    f = Func("concatenate_operands_in_different_layouts", "Two operands (column-major, row-major) concatenated along either dimension.")
    a = f.const(iota((2, 3), np.float32), CM)
    b = f.const(iota((2, 3), np.float32, 20))
    c0 = f.op("concatenate", [a, b], np.concatenate([a.arr, b.arr], 0), CM, "dimension = 0 : i64")
    c1 = f.op("concatenate", [b, a], np.concatenate([b.arr, a.arr], 1), CM, "dimension = 1 : i64")
    f.check(c0)
    f.check(c1)
    out.append(f)

    f = Func("broadcast_in_dim_into_layouts", "A vector broadcast along dimension 1 of a [0, 2, 1] result, and a column-major\nmatrix broadcast into rank 3.")
    v = f.const(iota((3,), np.int32))
    m = f.const(iota((2, 3), np.int32, 7), CM)
    b = f.op("broadcast_in_dim", [v], np.broadcast_to(v.arr[None, :, None], (2, 3, 4)).copy(), L021, "broadcast_dimensions = array<i64: 1>")
    c = f.op("broadcast_in_dim", [m], np.broadcast_to(m.arr[:, :, None], (2, 3, 4)).copy(), [1, 2, 0], "broadcast_dimensions = array<i64: 0, 1>")
    s = f.op("add", [b, c], b.arr + c.arr, L021)
    f.check(s)
    out.append(f)

    f = Func("reshape_is_logical", "XLA's reshape reads and writes row-major logical order whatever the layouts.")
    x = f.const(iota((2, 3), np.int32), CM)
    r = f.op("reshape", [x], x.arr.reshape(3, 2), CM)
    s = f.op("reshape", [r], x.arr.reshape(6))
    f.check(r)
    f.check(s)
    out.append(f)

    f = Func("reverse_pad_and_dynamic_update_slice_in_layouts", "Ops that write parts of a result: pad and an update in place of a\ncolumn-major operand.")
    x = f.const(iota((2, 3), np.int32), CM)
    r = f.op("reverse", [x], x.arr[::-1, :].copy(), CM, "dimensions = array<i64: 0>")
    z = f.const(np.array(0, np.int32))
    p = f.op("pad", [r, z], np.pad(r.arr, ((1, 0), (0, 2))), CM, "edge_padding_low = array<i64: 1, 0>, edge_padding_high = array<i64: 0, 2>, interior_padding = array<i64: 0, 0>")
    u = f.const(np.array([[70, 71]], np.int32), CM)
    i0 = f.const(np.array(2, np.int32))
    i1 = f.const(np.array(3, np.int32))
    expected = p.arr.copy()
    expected[2, 3:5] = [70, 71]
    d = f.op("dynamic_update_slice", [p, u, i0, i1], expected, CM)
    f.check(p)
    f.check(d)
    out.append(f)
    return out


def reduction():
    out = []
    f = Func("reduce_rank3_layout_over_each_dimension", "Sums of a [0, 2, 1] operand over one dimension and over two, results in\npermuted layouts.")
    x = f.const(iota((2, 3, 4), np.int32), L021)
    z = f.const(np.array(0, np.int32))
    r1 = f.op("reduce", [x, z], x.arr.sum(1, dtype=np.int32), CM, "dimensions = array<i64: 1>", body("add", "i32"))
    r2 = f.op("reduce", [x, z], x.arr.sum((0, 2), dtype=np.int32), None, "dimensions = array<i64: 0, 2>", body("add", "i32"))
    r3 = f.op("reduce", [x, z], x.arr.sum(2, dtype=np.int32), CM, "dimensions = array<i64: 2>", body("add", "i32"))
    f.check(r1)
    f.check(r2)
    f.check(r3)
    out.append(f)

    f = Func("reduce_column_major_rows_and_columns", "Maximum over each dimension of a column-major matrix wide enough for the\nreduction's vector lanes.")
    x = f.const(((iota((8, 70), np.float32) * 37) % 101), CM)
    lo = f.const(np.array(-1000.0, np.float32))
    r0 = f.op("reduce", [x, lo], x.arr.max(0), None, "dimensions = array<i64: 0>", body("maximum", "f32"))
    r1 = f.op("reduce", [x, lo], x.arr.max(1), None, "dimensions = array<i64: 1>", body("maximum", "f32"))
    z = f.const(np.array(0.0, np.float32))
    s1 = f.op("reduce", [x, z], x.arr.sum(1, dtype=np.float32), None, "dimensions = array<i64: 1>", body("add", "f32"))
    f.check(r0)
    f.check(r1)
    f.check(s1)
    out.append(f)

    f = Func("reduce_of_a_layout_intermediate", "An element-wise result stored column-major, then reduced.")
    x = f.const(iota((4, 5), np.int32))
    m = f.op("multiply", [x, x], x.arr * x.arr, CM)
    z = f.const(np.array(0, np.int32))
    r = f.op("reduce", [m, z], m.arr.sum(0, dtype=np.int32), None, "dimensions = array<i64: 0>", body("add", "i32"))
    f.check(r)
    out.append(f)
    return out


def linalg():
    out = []
    f = Func("dot_general_of_column_major_operands", "A matrix product whose operands and result are column-major (and one\nwith a row-major result).")
    a = f.const(iota((2, 3), np.float32), CM)
    b = f.const(iota((3, 4), np.float32, 2), CM)
    dn = "lhs_batching_dimensions = array<i64>, rhs_batching_dimensions = array<i64>, lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>"
    c = f.op("dot_general", [a, b], a.arr @ b.arr, CM, dn)
    d = f.op("dot_general", [a, b], a.arr @ b.arr, None, dn)
    f.check(c)
    f.check(d)
    out.append(f)

    f = Func("batched_dot_general_rank3_layouts", "Batch dimension 0, operands in [0, 2, 1] and [1, 2, 0], result [0, 2, 1].")
    a = f.const(iota((2, 3, 4), np.int32), L021)
    b = f.const(iota((2, 4, 5), np.int32, 3), [1, 2, 0])
    dn = "lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>"
    c = f.op("dot_general", [a, b], np.einsum("bij,bjk->bik", a.arr, b.arr).astype(np.int32), L021, dn)
    f.check(c)
    out.append(f)

    f = Func("tiled_dot_of_column_major_operands", "Large enough (24 x 40 x 32 multiply-adds) for the register-tiled kernel,\nwhich reads A and packs B from strided buffers; the result is column-major.")
    a = f.const((iota((24, 40), np.float32) % 7) - 3, CM)
    b = f.const((iota((40, 32), np.float32) % 5) - 2, CM)
    dn = "lhs_batching_dimensions = array<i64>, rhs_batching_dimensions = array<i64>, lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>"
    c = f.op("dot_general", [a, b], a.arr @ b.arr, CM, dn)
    f.check(c)
    out.append(f)
    return out


def fusion():
    out = []
    f = Func("loop_fusion_with_layout_intermediates", "A fused chain whose operands, intermediates and result have permuted\nlayouts: the intermediates live in registers, the result in its layout.")
    x = f.const(iota((2, 3, 4), np.float32), L021)
    y = f.const(iota((2, 3, 4), np.float32, 4), [1, 2, 0])
    t3 = ty((2, 3, 4), "f32")
    m = x.arr * y.arr
    s = m - x.arr
    n = -s
    r = V(f.fresh(), n, L021)
    f.lines.append(f'{r.name} = "xhlo.fusion"({x.name}, {y.name}) ({{\n'
                   f'  ^bb0(%a: {x.ty}, %b: {y.ty}):\n'
                   f'    %m = "xhlo.multiply"(%a, %b) : ({x.ty}, {y.ty}) -> {ty((2, 3, 4), "f32", [2, 0, 1])}\n'
                   f'    %s = "xhlo.subtract"(%m, %a) : ({ty((2, 3, 4), "f32", [2, 0, 1])}, {x.ty}) -> {ty((2, 3, 4), "f32", CM + [2])}\n'
                   f'    %n = "xhlo.negate"(%s) : ({ty((2, 3, 4), "f32", CM + [2])}) -> {r.ty}\n'
                   f'    "gpu.yield"(%n) : ({r.ty}) -> ()\n'
                   f'  }}) {{kind = "loop"}} : ({x.ty}, {y.ty}) -> {r.ty}')
    t = f.op("transpose", [r], np.transpose(n, (1, 0, 2)).copy(), CM + [2], "permutation = array<i64: 1, 0, 2>")
    f.check(r)
    f.check(t)
    out.append(f)

    f = Func("unfused_chain_with_layout_intermediates", "The same kind of chain as separate ops: each fusion mode (e-graph, greedy,\noff) must give the same values, with the intermediates in their layouts.")
    x = f.const(iota((3, 5), np.int32), CM)
    y = f.const(iota((3, 5), np.int32, 2))
    a = f.op("add", [x, y], x.arr + y.arr, CM)
    b = f.op("multiply", [a, x], a.arr * x.arr)
    c = f.op("subtract", [b, a], b.arr - a.arr, CM)
    t = f.op("transpose", [c], c.arr.T.copy(), CM, "permutation = array<i64: 1, 0>")
    z = f.const(np.array(0, np.int32))
    r = f.op("reduce", [t, z], t.arr.sum(0, dtype=np.int32), None, "dimensions = array<i64: 0>", body("add", "i32"))
    f.check(t)
    f.check(r)
    out.append(f)
    return out


def control_flow():
    out = []
    f = Func("while_carries_a_column_major_matrix", "A loop-carried value with a layout: three times x = x * 2 + c, the\nbody's results stored column-major.")
    x = f.const(iota((2, 3), np.int32), CM)
    c = f.const(iota((2, 3), np.int32, 5), CM)
    i0 = f.const(np.array(0, np.int32))
    expected = x.arr.copy()
    for _ in range(3):
        expected = expected * 2 + c.arr
    xt, it = x.ty, ty((), "i32")
    r = f.fresh()
    f.lines.append(
        f'{r}:2 = "xhlo.while"({x.name}, {i0.name}) ({{\n'
        f'  ^bb0(%x: {xt}, %i: {it}):\n'
        f'    %n = "xhlo.constant"() {{value = dense<3> : tensor<i32>}} : () -> tensor<i32>\n'
        f'    %p = "xhlo.compare"(%i, %n) {{comparison_direction = "LT"}} : ({it}, {it}) -> tensor<i1>\n'
        f'    "gpu.yield"(%p) : (tensor<i1>) -> ()\n'
        f'  }}, {{\n'
        f'  ^bb0(%y: {xt}, %k: {it}):\n'
        f'    %two = "xhlo.constant"() {{value = dense<2> : tensor<2x3xi32>}} : () -> {xt}\n'
        f'    %m = "xhlo.multiply"(%y, %two) : ({xt}, {xt}) -> {xt}\n'
        f'    %s = "xhlo.add"(%m, {c.name}) : ({xt}, {xt}) -> {xt}\n'
        f'    %one = "xhlo.constant"() {{value = dense<1> : tensor<i32>}} : () -> tensor<i32>\n'
        f'    %j = "xhlo.add"(%k, %one) : ({it}, {it}) -> {it}\n'
        f'    "gpu.yield"(%s, %j) : ({xt}, {it}) -> ()\n'
        f'  }}) : ({xt}, {it}) -> ({xt}, {it})')
    f.check(V(f"{r}#0", expected, CM))
    out.append(f)

    f = Func("if_branches_yield_values_in_layouts", "Each branch yields a value in [0, 2, 1] (one computed in the branch, one from\noutside); the if's result is stored in [2, 0, 1] and read by a transpose.")
    x = f.const(iota((2, 3, 2), np.int32), L021)
    p = f.const(np.array(False))
    l201 = ty((2, 3, 2), "i32", [2, 0, 1])
    r = f.fresh()
    f.lines.append(
        f'{r} = "xhlo.if"({p.name}) ({{\n'
        f'    "gpu.yield"({x.name}) : ({x.ty}) -> ()\n'
        f'  }}, {{\n'
        f'    %n = "xhlo.negate"({x.name}) : ({x.ty}) -> {x.ty}\n'
        f'    %m = "xhlo.multiply"(%n, {x.name}) : ({x.ty}, {x.ty}) -> {x.ty}\n'
        f'    "gpu.yield"(%m) : ({x.ty}) -> ()\n'
        f'  }}) : (tensor<i1>) -> {l201}')
    y = V(r, -x.arr * x.arr, [2, 0, 1])
    t = f.op("transpose", [y], np.transpose(y.arr, (2, 1, 0)).copy(), CM + [2], "permutation = array<i64: 2, 1, 0>")
    f.check(y)
    f.check(t)
    out.append(f)
    return out


FAMILIES = {"elementwise": elementwise, "data_movement": data_movement, "reduction": reduction,
            "linalg": linalg, "fusion": fusion, "control_flow": control_flow}

if __name__ == "__main__":
    family = sys.argv[1]
    funcs = FAMILIES[family]()
    header = (f"// Tensors with non-default layouts (seed 004, minor_to_major) in {family} ops: values are\n"
              f"// the same as with the default layout, whatever the layouts of operands, intermediates and\n"
              f"// results. Generated by tests/gen/layouts.py (expected values from numpy).\n")
    if family in ("linalg", "fusion"):
        print("// -----\n")
        print(header)
    else:
        print(header)
    print("\n// -----\n\n".join(f.text() for f in funcs), end="")

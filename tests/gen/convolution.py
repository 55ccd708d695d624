#!/usr/bin/env python3
"""Generates the implicit-GEMM convolution cases of tests/run/linalg.mlir.

The expected values come from a direct float64 (or exact integer) evaluation of the
StableHLO `convolution` definition written here with plain loops, independent of xhlo:
pad and dilate the lhs, then for every output element sum lhs * rhs over the window and the
kernel input features, with feature and batch groups picking their slices.

Inputs are small multiples of 1/2 and small integers, so every product and sum is exact in
f32 and the expected values do not depend on the order of summation. (Larger cases, which
reach the kernel's row and K blocks, are in tests/conv_gemm.rs with a reference in Rust.)

Usage: python3 tests/gen/convolution.py > /tmp/cases.mlir (then paste into the run file).
"""

import itertools


def conv(x, xs, k, ks, dn, stride, pad, lhs_dil, rhs_dil, fg, bg, rev):
    """x, k: flat lists in row-major order of shapes xs, ks. dn: dimension numbers
    (ib, if, [is], kin, kout, [ks], ob, of, [os]). Returns (flat output, output shape)."""
    ib, ifd, isp, kin, kout, ksp, ob, of, osp = dn
    n = len(isp)
    rank = n + 2

    def at(shape, idx):
        f = 0
        for s, i in zip(shape, idx):
            f = f * s + i
        return f

    # Padded, dilated input sizes per spatial dimension.
    psz = []
    for i in range(n):
        size = xs[isp[i]]
        dil = (size - 1) * lhs_dil[i] + 1 if size else 0
        psz.append(pad[i][0] + dil + pad[i][1])

    def padded(b, f, sp):
        idx = [0] * rank
        idx[ib], idx[ifd] = b, f
        for i in range(n):
            p = sp[i] - pad[i][0]
            if p < 0 or p % lhs_dil[i]:
                return 0
            q = p // lhs_dil[i]
            if q >= xs[isp[i]]:
                return 0
            idx[isp[i]] = q
        return x[at(xs, idx)]

    cg = ks[kin]
    o = ks[kout]
    win = [ks[ksp[i]] for i in range(n)]
    osz = []
    for i in range(n):
        w = (win[i] - 1) * rhs_dil[i] + 1
        osz.append((psz[i] - w) // stride[i] + 1)
    nb = xs[ib] // bg
    oshape = [0] * rank
    oshape[ob], oshape[of] = nb, o
    for i in range(n):
        oshape[osp[i]] = osz[i]
    out = [0] * (nb * o * eval("*".join(str(s) for s in osz) or "1"))
    for b in range(nb):
        for f in range(o):
            fgi = f // (o // fg)
            bgi = f // (o // bg)
            for sp in itertools.product(*[range(s) for s in osz]):
                acc = 0
                for c in range(cg):
                    for w in itertools.product(*[range(s) for s in win]):
                        pos = [sp[i] * stride[i] + w[i] * rhs_dil[i] for i in range(n)]
                        xv = padded(bgi * nb + b, fgi * cg + c, pos)
                        kidx = [0] * rank
                        kidx[kin], kidx[kout] = c, f
                        for i in range(n):
                            kidx[ksp[i]] = win[i] - 1 - w[i] if rev[i] else w[i]
                        acc += xv * k[at(ks, kidx)]
                oidx = [0] * rank
                oidx[ob], oidx[of] = b, f
                for i in range(n):
                    oidx[osp[i]] = sp[i]
                out[at(oshape, oidx)] = acc
    return out, oshape


def values(count, seed, denom, span):
    return [((i * 37 + seed * 11 + 5) % span - span // 2) / denom for i in range(count)]


def ints(count, seed, span):
    return [(i * 37 + seed * 11 + 5) % span - span // 2 for i in range(count)]


def dense(flat, shape, fmt):
    def go(off, dims):
        if not dims:
            return fmt(flat[off])
        step = 1
        for d in dims[1:]:
            step *= d
        return "[" + ", ".join(go(off + i * step, dims[1:]) for i in range(dims[0])) + "]"

    return go(0, shape)


def ty(shape, elem):
    return "tensor<" + "".join(f"{d}x" for d in shape) + elem + ">"


def arr(v):
    if not v:
        return "array<i64>"
    return "array<i64: " + ", ".join(str(i) for i in v) + ">"


def case(name, comment, xs, ks, dn, stride=None, pad=None, lhs_dil=None, rhs_dil=None, fg=1, bg=1, rev=None, elem="f32", out_elem=None, bias_relu=False):
    """bias_relu: the convolution is followed by a bias on the output features and a ReLU,
    as JAX writes them (broadcast_in_dim, add, maximum with a zero constant)."""
    n = len(xs) - 2
    stride = stride or [1] * n
    pad = pad or [[0, 0]] * n
    lhs_dil = lhs_dil or [1] * n
    rhs_dil = rhs_dil or [1] * n
    rev = rev or [False] * n
    out_elem = out_elem or elem
    nx = eval("*".join(map(str, xs)))
    nk = eval("*".join(map(str, ks)))
    if elem.startswith("f"):
        x, k = values(nx, 1, 2, 13), values(nk, 2, 1, 7)
        fmt = lambda v: repr(float(v))
        check = "check.expect_almost_eq_const"
    else:
        x, k = ints(nx, 1, 9), ints(nk, 2, 7)
        fmt = lambda v: str(int(v))
        check = "check.expect_eq_const"
    out, oshape = conv(x, xs, k, ks, dn, stride, pad, lhs_dil, rhs_dil, fg, bg, rev)
    ib, ifd, isp, kin, kout, ksp, ob, of, osp = dn
    attrs = [
        f"input_batch_dimension = {ib} : i64",
        f"input_feature_dimension = {ifd} : i64",
        f"input_spatial_dimensions = {arr(isp)}",
        f"kernel_input_feature_dimension = {kin} : i64",
        f"kernel_output_feature_dimension = {kout} : i64",
        f"kernel_spatial_dimensions = {arr(ksp)}",
        f"output_batch_dimension = {ob} : i64",
        f"output_feature_dimension = {of} : i64",
        f"output_spatial_dimensions = {arr(osp)}",
        f"window_strides = {arr(stride)}",
        f"padding = {arr([p for lh in pad for p in lh])}",
        f"lhs_dilation = {arr(lhs_dil)}",
        f"rhs_dilation = {arr(rhs_dil)}",
        "window_reversal = array<i1" + "".join((": " if i == 0 else ", ") + ("true" if r else "false") for i, r in enumerate(rev)) + ">",
        f"feature_group_count = {fg} : i64",
        f"batch_group_count = {bg} : i64",
    ]
    tx, tk, to = ty(xs, elem), ty(ks, elem), ty(oshape, out_elem)
    epilogue = []
    if bias_relu:
        bias = values(oshape[of], 3, 4, 9)
        for flat in range(len(out)):
            f = flat
            for d in range(len(oshape) - 1, of, -1):
                f //= oshape[d]
            out[flat] = max(out[flat] + bias[f % oshape[of]], 0.0)
        tb = ty([oshape[of]], out_elem)
        epilogue = [
            f'  %b = "xhlo.constant"() {{value = dense<{dense(bias, [oshape[of]], fmt)}> : {tb}}} : () -> {tb}',
            f'  %bb = "xhlo.broadcast_in_dim"(%b) {{broadcast_dimensions = {arr([of])}}} : ({tb}) -> {to}',
            f'  %s = "xhlo.add"(%c, %bb) : ({to}, {to}) -> {to}',
            f'  %z = "xhlo.constant"() {{value = dense<0.0> : {to}}} : () -> {to}',
            f'  %r = "xhlo.maximum"(%s, %z) : ({to}, {to}) -> {to}',
        ]
    lines = [f"// {c}" for c in comment.split("\n")]
    lines += [
        f"func.func @{name}() {{",
        f'  %x = "xhlo.constant"() {{value = dense<{dense(x, xs, fmt)}> : {tx}}} : () -> {tx}',
        f'  %k = "xhlo.constant"() {{value = dense<{dense(k, ks, fmt)}> : {tk}}} : () -> {tk}',
        f'  %{"c" if bias_relu else "r"} = "xhlo.convolution"(%x, %k) {{{", ".join(attrs)}}} : ({tx}, {tk}) -> {to}',
        *epilogue,
        f'  "{check}"(%r) {{value = dense<{dense(out, oshape, fmt)}> : {to}}} : ({to}) -> ()',
        "  func.return",
        "}",
    ]
    return "\n".join(lines)


NHWC = (0, 3, [1, 2], 2, 3, [0, 1], 0, 3, [1, 2])  # NHWC x HWIO -> NHWC
NCHW = (0, 1, [2, 3], 1, 0, [2, 3], 0, 1, [2, 3])  # NCHW x OIHW -> NCHW
NWC = (0, 2, [1], 1, 2, [0], 0, 2, [1])  # NWC x WIO -> NWC

CASES = [
    case("convolution_gemm_odd_sizes_same_padding", "Implicit GEMM: NHWC/HWIO, sizes that are not multiples of the tile (99 rows,\n7 columns), SAME padding.",
         [1, 9, 11, 5], [3, 3, 5, 7], NHWC, pad=[[1, 1], [1, 1]]),
    case("convolution_gemm_stride_dilation_batch", "Implicit GEMM: batch 2, stride 2, rhs dilation 2 in H, asymmetric padding.",
         [2, 13, 12, 6], [3, 2, 6, 9], NHWC, stride=[2, 2], pad=[[2, 1], [0, 1]], rhs_dil=[2, 1]),
    case("convolution_gemm_nchw_oihw_feature_groups", "Implicit GEMM: NCHW/OIHW, 2 feature groups (the group is the dot's batch), batch 2.",
         [2, 6, 10, 9], [8, 3, 3, 3], NCHW, pad=[[1, 1], [1, 1]], fg=2),
    case("convolution_gemm_batch_groups", "Implicit GEMM: 2 batch groups (output features 0-3 read batches 0-1, 4-7 batches 2-3).",
         [4, 8, 8, 6], [3, 3, 6, 8], NHWC, bg=2),
    case("convolution_gemm_f64_lhs_dilation_reversal", "Implicit GEMM in f64 (4 lanes): 1-D, lhs dilation 2, window reversal, stride 3.",
         [3, 40, 8], [5, 8, 6], NWC, stride=[3], pad=[[2, 2]], lhs_dil=[2], rev=[True], elem="f64"),
    case("convolution_gemm_i8_to_i32", "Implicit GEMM on integers: i8 operands, i32 result (exact), 16 output features.",
         [1, 10, 10, 8], [3, 3, 8, 16], NHWC, elem="i8", out_elem="i32"),
    case("convolution_depthwise_vectorized", "Depthwise (one feature per group, multiplier 1): the direct path vectorized over the\nfeatures; 12 = one vector of 8 and a masked edge of 4; batch 2, stride 2, rhs dilation 2.",
         [2, 9, 11, 12], [3, 3, 1, 12], NHWC, stride=[2, 1], pad=[[1, 1], [2, 0]], rhs_dil=[1, 2], fg=12),
    case("convolution_gemm_depthwise", "Depthwise with channel multiplier 2 (8 feature groups): the implicit GEMM.",
         [1, 11, 11, 8], [3, 3, 1, 16], NHWC, pad=[[1, 1], [1, 1]], fg=8),
    case("convolution_gemm_bias_relu", "Implicit GEMM followed by a bias and a ReLU, as JAX writes them: the default compiler\nmakes them one output fusion whose epilogue runs on the GEMM's tiles.",
         [1, 9, 11, 5], [3, 3, 5, 8], NHWC, pad=[[1, 1], [1, 1]], bias_relu=True),
]

print("\n\n// -----\n\n".join(CASES))

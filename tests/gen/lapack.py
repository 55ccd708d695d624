"""Run cases for jaxlib's LAPACK custom calls (tests/run/linalg.mlir, "LAPACK" section).

trsm/potrf: the calls spelled as JAX 0.10.2 prints them on CPU (jax.scipy.linalg.
solve_triangular, jnp.linalg.cholesky: custom_call @lapack_<t>trsm_ffi / @lapack_<t>potrf_ffi
with the flags in mhlo.backend_config); getrf, geqrf, orgqr, syevd: the programs JAX lowers
for jnp.linalg.solve/inv/det/slogdet/qr/eigh/eigvalsh, jax.scipy.linalg.lu and lax.linalg's
lu/geqrf/householder_product/eigh (see below). Expected values come from scipy/numpy in
float64. Run with the bench venv's python (it has jax):
python tests/gen/lapack.py > chunks.mlir, then replace the section after its first line.
"""
import numpy as np
import scipy.linalg

rng = np.random.default_rng(7)


def dense(a, ty):
    body = np.array2string(np.asarray(a), separator=", ", threshold=10**6, floatmode="unique").replace("\n", "")
    if "inf" in body:  # MLIR spells infinities in hex
        assert np.ndim(a) == 0, "only scalar infinities are spelled"
        body = {("f64", True): "0xFFF0000000000000", ("f64", False): "0x7FF0000000000000",
                ("f32", True): "0xFF800000", ("f32", False): "0x7F800000"}[(ty[-4:-1], float(a) < 0)]
    return f"dense<{body}> : {ty}"


def tensor(shape, el):
    return "tensor<" + "".join(f"{d}x" for d in shape) + f"{el}>"


FLAGS = {"L": 76, "R": 82, "U": 85, "N": 78, "T": 84, "C": 67}


def trsm_case(name, el, np_t, side, uplo, trans, diag, batch=()):
    n, m = 4, 3
    a = rng.standard_normal(batch + (n, n)) + 4 * np.eye(n)
    a = np.tril(a) if uplo == "L" else np.triu(a)
    b = rng.standard_normal(batch + ((n, m) if side == "L" else (m, n)))
    a, b = a.astype(np_t), b.astype(np_t)
    out = np.empty(b.shape)
    for idx in np.ndindex(*batch):
        A = a[idx].astype(np.float64)
        if diag == "U":
            A = A - np.diag(np.diag(A)) + np.eye(n)
        op = A.T if trans == "T" else A
        if side == "L":
            out[idx] = np.linalg.solve(op, b[idx].astype(np.float64))
        else:
            out[idx] = np.linalg.solve(op.T, b[idx].astype(np.float64).T).T
    t = "s" if el == "f32" else "d"
    at, bt = tensor(a.shape, el), tensor(b.shape, el)
    cfg = f"diag = {FLAGS[diag]} : ui8, side = {FLAGS[side]} : ui8, trans_x = {FLAGS[trans]} : ui8, uplo = {FLAGS[uplo]} : ui8"
    tol = "1.0e-04" if el == "f32" else "1.0e-12"
    print(f"""// -----

// {name}: side {side}, uplo {uplo}, trans {trans}, diag {diag}; expected from numpy (float64).
func.func @{name}() {{
  %a = stablehlo.constant {dense(a, at)}
  %b = stablehlo.constant {dense(b, bt)}
  %x = stablehlo.custom_call @lapack_{t}trsm_ffi(%a, %b) {{backend_config = "", mhlo.backend_config = {{{cfg}}}, mhlo.frontend_attributes = {{num_batch_dims = "{len(batch)}"}}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {{i=4, j=4, k=4, l=3, m=4, n=3}}, custom>}} : ({at}, {bt}) -> {bt}
  check.expect_almost_eq_const %x, {dense(out, bt)}, tolerance = {tol}
  func.return
}}
""")


def potrf_case(name, el, np_t, uplo, positive):
    n = 4
    g = rng.standard_normal((n, n))
    a = g @ g.T + n * np.eye(n) if positive else g + g.T - 10 * np.eye(n)
    a = a.astype(np_t)
    t = "s" if el == "f32" else "d"
    at = tensor(a.shape, el)
    tol = "1.0e-04" if el == "f32" else "1.0e-12"
    print(f"""// -----

// {name}: uplo {uplo}, {"positive definite" if positive else "not positive definite: info 1"}.
func.func @{name}() {{
  %a = stablehlo.constant {dense(a, at)}
  %r:2 = stablehlo.custom_call @lapack_{t}potrf_ffi(%a) {{backend_config = "", mhlo.backend_config = {{uplo = {FLAGS[uplo]} : ui8}}, mhlo.frontend_attributes = {{num_batch_dims = "0"}}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {{i=4, j=4, k=4, l=4}}, custom>}} : ({at}) -> ({at}, tensor<i32>)""")
    if positive:
        lower = np.linalg.cholesky(a.astype(np.float64))
        want = lower if uplo == "L" else lower.T
        mask = "GE" if uplo == "L" else "LE"
        print(f"""  %i = stablehlo.iota dim = 0 : tensor<4x4xi32>
  %j = stablehlo.iota dim = 1 : tensor<4x4xi32>
  %keep = stablehlo.compare {mask}, %i, %j, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
  %zero = stablehlo.constant dense<0.0> : {at}
  %f = stablehlo.select %keep, %r#0, %zero : tensor<4x4xi1>, {at}
  check.expect_almost_eq_const %f, {dense(want, at)}, tolerance = {tol}
  check.expect_eq_const %r#1, dense<0> : tensor<i32>""")
    else:
        print("  check.expect_eq_const %r#1, dense<1> : tensor<i32>")
    print("  func.return\n}\n")


trsm_case("lapack_strsm_left_lower", "f32", np.float32, "L", "L", "N", "N")
trsm_case("lapack_dtrsm_right_upper_transposed", "f64", np.float64, "R", "U", "T", "N")
trsm_case("lapack_dtrsm_left_upper_unit_diagonal", "f64", np.float64, "L", "U", "N", "U")
trsm_case("lapack_strsm_right_lower_transposed_unit", "f32", np.float32, "R", "L", "T", "U")
potrf_case("lapack_spotrf_lower", "f32", np.float32, "L", True)
potrf_case("lapack_dpotrf_upper", "f64", np.float64, "U", True)
potrf_case("lapack_spotrf_not_positive_definite", "f32", np.float32, "L", False)


# ---- getrf, geqrf, orgqr: through JAX's own programs --------------------------------------
#
# Each case is the program JAX 0.10.2 lowers on CPU for a jnp.linalg / jax.scipy.linalg
# function (its @main renamed @f and called from the test's @main on a constant), or one
# custom_call as JAX prints it. Expected values are numpy/scipy's in float64 on the same
# (rounded) input. Tolerances: 32 eps cond(A) max(1, |expected|), the forward error bound of
# a backward-stable factorization with room for the summation order; each is checked here
# to hold for XLA CPU's own result (jax), so a case fails only when xhlo is worse than that.

import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)


def el_of(dtype):
    return {np.float32: "f32", np.float64: "f64", np.int32: "i32", np.int64: "i64"}[np.dtype(dtype).type]


def jax_functions(f, *args):
    text = jax.jit(f).lower(*args).as_text()
    lines = text.strip().split("\n")
    assert lines[0].startswith("module @") and lines[-1] == "}", lines[0]
    body = "\n".join(lines[1:-1]).replace("func.func public @main(", "func.func private @f(")
    return body


def tolerance(expected, dtype, cond):
    eps = np.finfo(dtype).eps
    return 32 * eps * cond * max(1.0, float(np.max(np.abs(expected)))) if expected.size else 0.0


def program_case(name, comment, f, args, expected, conds, exact=()):
    """f(*args) through JAX's program; expected: float64 arrays, one per result; conds: the
    condition number bounding each result's error (None: compare exactly)."""
    outs = jax.jit(f)(*args)
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    types = [tensor(o.shape, el_of(o.dtype)) for o in outs]
    lines = [f"// -----\n\n// {name}: {comment}.\nfunc.func @main() {{"]
    names = []
    for i, a in enumerate(args):
        lines.append(f"  %a{i} = stablehlo.constant {dense(a, tensor(a.shape, el_of(a.dtype)))}")
        names.append(f"%a{i}")
    arg_types = ", ".join(tensor(a.shape, el_of(a.dtype)) for a in args)
    res = "%r" if len(outs) == 1 else f"%r:{len(outs)}"
    lines.append(f"  {res} = func.call @f({', '.join(names)}) : ({arg_types}) -> ({', '.join(types)})")
    for i, (o, e, c, t) in enumerate(zip(outs, expected, conds, types)):
        ref = "%r" if len(outs) == 1 else f"%r#{i}"
        o = np.asarray(o)
        e = np.asarray(e)
        if c is None:
            assert np.array_equal(o, e), (name, i, o, e)
            lines.append(f"  check.expect_eq_const {ref}, {dense(e.astype(o.dtype), t)}")
        else:
            tol = tolerance(e, o.dtype, c)
            err = float(np.max(np.abs(o - e))) if e.size else 0.0
            assert err <= tol, (name, i, err, tol)
            lines.append(f"  // XLA CPU's error: {err:.2g}")
            lines.append(f"  check.expect_almost_eq_const {ref}, {dense(e.astype(o.dtype), t)}, tolerance = {tol:.3e}")
    lines.append("  func.return\n}\n")
    print("\n".join(lines))
    print(jax_functions(f, *args))
    print()


def cond(a):
    return float(np.max(np.linalg.cond(a.astype(np.float64))))


def lu_reference(a):
    """scipy's P, L, U (float64) for each matrix of a batch."""
    ps, ls, us = [], [], []
    for m in a.reshape((-1,) + a.shape[-2:]).astype(np.float64):
        p, l, u = scipy.linalg.lu(m)
        ps.append(p), ls.append(l), us.append(u)
    shape = lambda x: np.array(x).reshape(a.shape[:-2] + x[0].shape)
    return shape(ps), shape(ls), shape(us)


def factorization_cases():
    for np_t in (np.float32, np.float64):
        el = el_of(np_t)
        a = rng.standard_normal((4, 4)).astype(np_t)
        b = rng.standard_normal((4, 2)).astype(np_t)
        c = cond(a)
        program_case(f"jnp_linalg_solve_{el}", "jnp.linalg.solve (getrf, then two trsm)", jnp.linalg.solve, (a, b),
                     [np.linalg.solve(a.astype(np.float64), b.astype(np.float64))], [c])
        program_case(f"jnp_linalg_inv_{el}", "jnp.linalg.inv", jnp.linalg.inv, (a,), [np.linalg.inv(a.astype(np.float64))], [c])
        program_case(f"jnp_linalg_det_{el}", "jnp.linalg.det of a 4x4 (through getrf; 2x2 and 3x3 have closed forms)", jnp.linalg.det, (a,),
                     [np.linalg.det(a.astype(np.float64))], [c])
        sign, logdet = np.linalg.slogdet(a.astype(np.float64))
        program_case(f"jnp_linalg_slogdet_{el}", "jnp.linalg.slogdet", lambda x: tuple(jnp.linalg.slogdet(x)), (a,), [sign, logdet], [None, c])
        p, l, u = lu_reference(a)
        program_case(f"jax_scipy_linalg_lu_{el}", "jax.scipy.linalg.lu: P exact (the pivot rows), L and U", jax.scipy.linalg.lu, (a,),
                     [p, l, u], [None, c, c])
    # Batched (two leading dimensions), f32.
    a = rng.standard_normal((2, 3, 5, 5)).astype(np.float32)
    b = rng.standard_normal((2, 3, 5, 1)).astype(np.float32)
    program_case("jnp_linalg_solve_batched_f32", "jnp.linalg.solve over a 2x3 batch", jnp.linalg.solve, (a, b),
                 [np.linalg.solve(a.astype(np.float64), b.astype(np.float64))], [cond(a)])
    p, l, u = lu_reference(a)
    program_case("jax_scipy_linalg_lu_batched_f32", "jax.scipy.linalg.lu vmapped over a 2x3 batch", jax.vmap(jax.vmap(jax.scipy.linalg.lu)), (a,), [p, l, u], [None, cond(a), cond(a)])
    # Singular: column 2 is zero, so the third pivot is exactly zero (info 3) and det is 0.
    s = rng.integers(-4, 5, (4, 4)).astype(np.float64)
    s[:, 2] = 0
    program_case("jnp_linalg_det_singular_f64", "jnp.linalg.det of a matrix with a zero column: exactly 0", jnp.linalg.det, (s,), [np.float64(0.0)], [None])
    program_case("jnp_linalg_slogdet_singular_f64", "jnp.linalg.slogdet of a singular matrix: sign 0, log|det| -inf", lambda x: tuple(jnp.linalg.slogdet(x)), (s,),
                 [np.float64(0.0), np.float64(-np.inf)], [None, None])
    # lax.linalg.lu (the getrf call's factors, pivots made 0-based, the permutation) against
    # LAPACK's dgetrf in float64: tall, wide and batched.
    for name, a in [("tall_f32", rng.standard_normal((5, 3)).astype(np.float32)),
                    ("wide_f64", rng.standard_normal((3, 5))),
                    ("batched_f64", rng.standard_normal((3, 4, 4)))]:
        lus, pivs, perms = [], [], []
        k = min(a.shape[-2:])
        for m in a.reshape((-1,) + a.shape[-2:]).astype(np.float64):
            lu, piv, info = scipy.linalg.lapack.dgetrf(m)
            assert info == 0
            perm = list(range(m.shape[0]))
            for i, p in enumerate(piv):
                perm[i], perm[p] = perm[p], perm[i]
            lus.append(lu), pivs.append(piv), perms.append(perm)
        lu = np.array(lus).reshape(a.shape)
        piv = np.array(pivs, dtype=np.int32).reshape(a.shape[:-2] + (k,))
        perm = np.array(perms, dtype=np.int32).reshape(a.shape[:-1])
        # U's error is bounded by the leading k x k block's conditioning (growth factor <= 2^k).
        c = cond(a[..., :k, :k]) * 2**k
        program_case(f"lax_linalg_lu_{name}", "lax.linalg.lu: factors, 0-based pivots and permutation against LAPACK's dgetrf",
                     jax.lax.linalg.lu, (a,), [lu, piv, perm], [c, None, None])
    getrf_singular_case(s)


def qr_reference(a, mode):
    qs, rs = [], []
    for m in a.reshape((-1,) + a.shape[-2:]).astype(np.float64):
        q, r = np.linalg.qr(m, mode=mode)
        qs.append(q), rs.append(r)
    return (np.array(qs).reshape(a.shape[:-2] + qs[0].shape), np.array(rs).reshape(a.shape[:-2] + rs[0].shape))


def _geqrf(x):
    """lax's geqrf (not exported from jax.lax.linalg in 0.10.2)."""
    from jax._src.lax import linalg as lax_linalg
    return tuple(lax_linalg.geqrf(x))


def householder_cases():
    # jnp.linalg.qr: geqrf, then orgqr on the reflectors (padded to m x m for "complete",
    # cut to m x m for a wide matrix). numpy's qr is LAPACK's dgeqrf/dorgqr, whose signs
    # (R's diagonal is -sign(a_ii) |column|) a Householder QR with other conventions misses.
    for name, a, mode in [("reduced_f32", rng.standard_normal((4, 3)).astype(np.float32), "reduced"),
                          ("reduced_f64", rng.standard_normal((4, 3)), "reduced"),
                          ("complete_f64", rng.standard_normal((4, 3)), "complete"),
                          ("complete_f32", rng.standard_normal((5, 2)).astype(np.float32), "complete"),
                          ("wide_f64", rng.standard_normal((3, 5)), "reduced"),
                          ("batched_f32", rng.standard_normal((2, 3, 4, 4)).astype(np.float32), "reduced")]:
        q, r = qr_reference(a, mode)
        c = cond(a)
        program_case(f"jnp_linalg_qr_{name}", f"jnp.linalg.qr, mode {mode}", lambda x, mode=mode: tuple(jnp.linalg.qr(x, mode=mode)), (a,), [q, r], [c, c])
    # The calls' own results: lax.linalg.geqrf (reflectors and R, taus) against LAPACK's
    # dgeqrf, and lax.linalg.householder_product (orgqr) on those reflectors against dorgqr.
    for name, a in [("tall_f64", rng.standard_normal((5, 3))), ("wide_f32", rng.standard_normal((3, 4)).astype(np.float32)),
                    ("batched_f64", rng.standard_normal((2, 4, 4)))]:
        packed, taus = [], []
        for m in a.reshape((-1,) + a.shape[-2:]).astype(np.float64):
            qr, tau, _, info = scipy.linalg.lapack.dgeqrf(m)
            assert info == 0
            packed.append(qr), taus.append(tau)
        packed = np.array(packed).reshape(a.shape)
        taus = np.array(taus).reshape(a.shape[:-2] + (min(a.shape[-2:]),))
        c = cond(a)
        program_case(f"lax_linalg_geqrf_{name}", "lax.linalg.geqrf: reflectors, R and taus against LAPACK's dgeqrf", _geqrf, (a,),
                     [packed, taus], [c, c])
    a = rng.standard_normal((5, 3))
    qr, tau, _, _ = scipy.linalg.lapack.dgeqrf(a)
    q, _, _ = scipy.linalg.lapack.dorgqr(qr, tau)
    program_case("lax_linalg_householder_product_f64", "lax.linalg.householder_product (orgqr) against LAPACK's dorgqr", jax.lax.linalg.householder_product,
                 (qr, tau), [q], [1.0])


def getrf_singular_case(s):
    """The getrf call itself on the singular matrix: info is the 1-based column of the first
    zero pivot (LAPACK's dgetrf gives the expected factors, pivots and info)."""
    lu, piv, info = scipy.linalg.lapack.dgetrf(s)
    assert info == 3, info
    at = tensor(s.shape, "f64")
    print(f"""// -----

// lapack_dgetrf_singular: a zero column; info 3 (LAPACK's dgetrf), factors exact (small integers).
func.func @main() {{
  %a = stablehlo.constant {dense(s, at)}
  %r:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%a) {{backend_config = "", mhlo.backend_config = {{}}, mhlo.frontend_attributes = {{num_batch_dims = "0"}}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]}} : ({at}) -> ({at}, tensor<4xi32>, tensor<i32>)
  check.expect_almost_eq_const %r#0, {dense(lu, at)}, tolerance = 1.0e-14
  check.expect_eq_const %r#1, {dense((piv + 1).astype(np.int32), "tensor<4xi32>")}
  check.expect_eq_const %r#2, dense<{info}> : tensor<i32>
  func.return
}}
""")



def signed(v):
    """Eigenvectors with their largest-magnitude component positive (their signs are arbitrary)."""
    k = jnp.argmax(jnp.abs(v), axis=-2, keepdims=True)
    return v * jnp.sign(jnp.take_along_axis(v, k, axis=-2))


def eigh_cases():
    # jnp.linalg.eigh: syevd (mode V, uplo L) on the symmetrized matrix. Eigenvalues' error
    # is bounded by eps |A|; eigenvectors' by eps |A| / gap (the smallest eigenvalue gap).
    for name, a in [("f32", rng.standard_normal((4, 4)).astype(np.float32)), ("f64", rng.standard_normal((5, 5))),
                    ("batched_f64", rng.standard_normal((2, 3, 4, 4)))]:
        a = (a + np.swapaxes(a, -1, -2)) / 2
        w, v = np.linalg.eigh(a.astype(np.float64))
        norm = float(np.max(np.linalg.norm(a.astype(np.float64), axis=(-2, -1))))
        gap = float(np.min(np.diff(w, axis=-1)))
        program_case(f"jnp_linalg_eigh_{name}", "jnp.linalg.eigh: eigenvalues ascending, eigenvectors up to sign",
                     lambda x: (lambda w, v: (w, signed(v)))(*jnp.linalg.eigh(x)), (a,), [w, np.asarray(signed(v))], [norm, norm / gap])
    # eigvalsh: mode N, and a diagonal matrix with a repeated eigenvalue (nothing to rotate).
    a = rng.standard_normal((6, 6)).astype(np.float32)
    a = (a + a.T) / 2
    program_case("jnp_linalg_eigvalsh_f32", "jnp.linalg.eigvalsh (syevd mode N)", jnp.linalg.eigvalsh, (a,),
                 [np.linalg.eigvalsh(a.astype(np.float64))], [float(np.linalg.norm(a.astype(np.float64)))])
    d = np.diag([3.0, -1.0, 2.0, -1.0])
    program_case("jnp_linalg_eigvalsh_diagonal_f64", "jnp.linalg.eigvalsh of a diagonal matrix: its entries sorted, exactly",
                 jnp.linalg.eigvalsh, (d,), [np.array([-1.0, -1.0, 2.0, 3.0])], [None])
    # uplo U (jax.lax.linalg.eigh with lower=False, no symmetrization): only the upper
    # triangle is read; the lower holds garbage.
    a = rng.standard_normal((4, 4))
    upper = np.triu(a) + np.triu(a, 1).T
    garbage = np.triu(a) + 100 * np.tril(rng.standard_normal((4, 4)), -1)
    w = np.linalg.eigvalsh(upper)
    program_case("lax_linalg_eigh_upper_f64", "lax.linalg.eigh(lower=False, symmetrize_input=False): eigenvalues from the upper triangle",
                 lambda x: jax.lax.linalg.eigh(x, lower=False, symmetrize_input=False)[1], (garbage,), [w], [float(np.linalg.norm(upper))])



def signed_pair(u, vt):
    """U's columns with their largest-magnitude component positive, Vᵀ's rows flipped with
    them (a singular pair's sign is arbitrary, but shared)."""
    u, vt = jnp.asarray(u), jnp.asarray(vt)
    k = jnp.argmax(jnp.abs(u), axis=-2, keepdims=True)
    sign = jnp.sign(jnp.take_along_axis(u, k, axis=-2))
    n = min(u.shape[-1], vt.shape[-2])
    return u * sign, vt.at[..., :n, :].multiply(jnp.swapaxes(sign[..., :n], -1, -2))


def svd_cases():
    # jnp.linalg.svd: gesdd mode A (full), S (reduced) or N (values only). Singular values'
    # error is bounded by eps |A|; singular vectors' by eps |A| / gap (the smallest gap
    # between singular values, and to 0 for the columns a full U or V adds, which are only
    # determined as a subspace: they are not compared, except through orthonormality).
    for name, a, full in [("tall_full_f64", rng.standard_normal((4, 3)), True), ("square_f32", rng.standard_normal((4, 4)).astype(np.float32), True),
                          ("wide_reduced_f64", rng.standard_normal((3, 5)), False), ("tall_reduced_f32", rng.standard_normal((5, 3)).astype(np.float32), False),
                          ("batched_f64", rng.standard_normal((2, 3, 4)), False)]:
        u, s, vt = np.linalg.svd(a.astype(np.float64), full_matrices=full)
        k = s.shape[-1]
        norm = float(np.max(s))
        gap = float(np.min(np.concatenate([-np.diff(s, axis=-1).ravel(), s[..., -1:].ravel()])))
        su, svt = (np.asarray(x) for x in signed_pair(u, vt))
        def f(x, full=full, k=k):
            u, s, vt = jnp.linalg.svd(x, full_matrices=full)
            u, vt = signed_pair(u, vt)
            eye = jnp.eye(u.shape[-1], dtype=x.dtype)
            orth_u = jnp.swapaxes(u, -1, -2) @ u - eye
            orth_v = vt @ jnp.swapaxes(vt, -1, -2) - jnp.eye(vt.shape[-2], dtype=x.dtype)
            return s, u[..., :k], vt[..., :k, :], orth_u, orth_v
        ou = np.zeros(su.shape[:-2] + (su.shape[-1], su.shape[-1]))
        ov = np.zeros(svt.shape[:-2] + (svt.shape[-2], svt.shape[-2]))
        program_case(f"jnp_linalg_svd_{name}", f"jnp.linalg.svd(full_matrices={full}): values, the first k singular vectors up to a shared sign, UᵀU - I and VᵀV - I",
                     f, (a,), [s, su[..., :k], svt[..., :k, :], ou, ov], [norm, norm / gap, norm / gap, 1.0, 1.0])
    a = rng.standard_normal((2, 4, 3)).astype(np.float32)
    program_case("jnp_linalg_svdvals_batched_f32", "jnp.linalg.svd(compute_uv=False) (gesdd mode N)", lambda x: jnp.linalg.svd(x, compute_uv=False), (a,),
                 [np.linalg.svd(a.astype(np.float64), compute_uv=False)], [float(np.max(np.linalg.norm(a.astype(np.float64), axis=(-2, -1))))])
    # Rank-deficient: a zero singular value (its U column comes from the completion).
    r = np.outer([1.0, 2.0, -1.0, 0.5], [2.0, 0.0, 1.0]) + np.outer([0.0, 1.0, 1.0, -1.0], [1.0, 1.0, 0.0])
    program_case("jnp_linalg_matrix_rank_and_pinv_f64", "jnp.linalg.matrix_rank and pinv of a rank-2 4x3 matrix",
                 lambda x: (jnp.linalg.matrix_rank(x), jnp.linalg.pinv(x)), (r,), [np.array(2), np.linalg.pinv(r)],
                 [None, float(np.linalg.norm(r)) * float(np.linalg.norm(np.linalg.pinv(r))) ** 2])


def trsm_accuracy_case():
    """An f32 triangular solve of 64 unknowns: xhlo sums each unknown's terms in f64 and rounds
    once, so it is within 1.5 ulp of max|x| of the float64 solution rounded to f32 (0.71 ulp
    off the solution itself, in a numpy simulation); summing in f32 (4.6 ulp off here) or
    XLA CPU's blocked f32 solver is not."""
    r = np.random.default_rng(21)  # its own stream: the cases above keep their inputs
    n, m = 64, 4
    a = (np.tril(r.standard_normal((n, n))) + 8 * np.eye(n)).astype(np.float32)
    b = r.standard_normal((n, m)).astype(np.float32)
    want = np.linalg.solve(a.astype(np.float64), b.astype(np.float64))
    tol = 1.5 * float(np.spacing(np.float32(np.abs(want).max())))
    xla = np.asarray(jax.jit(lambda a, b: jax.lax.linalg.triangular_solve(a, b, left_side=True, lower=True))(a, b))
    at, bt = tensor(a.shape, "f32"), tensor(b.shape, "f32")
    print(f"""// -----

// lapack_strsm_sums_in_f64: 64 unknowns in f32, within 1.5 ulp of max|x| ({tol:.3e}) of the
// float64 solution (XLA CPU's error here: {1.5 * float(np.abs(xla - want).max()) / tol:.1f} ulp).
func.func @main() {{
  %a = stablehlo.constant {dense(a, at)}
  %b = stablehlo.constant {dense(b, bt)}
  %x = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {{backend_config = "", mhlo.backend_config = {{diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}}, mhlo.frontend_attributes = {{num_batch_dims = "0"}}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]}} : ({at}, {bt}) -> {bt}
  check.expect_almost_eq_const %x, {dense(want.astype(np.float32), bt)}, tolerance = {tol:.6e}
  func.return
}}
""")


factorization_cases()
householder_cases()
eigh_cases()
svd_cases()
trsm_accuracy_case()

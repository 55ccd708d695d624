"""Run cases for jaxlib's LAPACK custom calls (tests/run/linalg.mlir, "LAPACK" section).

The calls are spelled as JAX 0.10.2 prints them on CPU (jax.scipy.linalg.solve_triangular,
jnp.linalg.cholesky: custom_call @lapack_<t>trsm_ffi / @lapack_<t>potrf_ffi with the flags in
mhlo.backend_config); the expected values come from scipy/numpy in float64. Run with the
bench venv's python: python tests/gen/lapack.py > chunks.mlir
"""
import numpy as np
import scipy.linalg

rng = np.random.default_rng(7)


def dense(a, ty):
    return "dense<" + np.array2string(np.asarray(a), separator=", ", threshold=10**6, floatmode="unique").replace("\n", "") + f"> : {ty}"


def tensor(shape, el):
    return "tensor<" + "x".join(map(str, shape)) + f"x{el}>"


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

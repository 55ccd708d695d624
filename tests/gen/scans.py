"""Run cases for prefix scans (tests/run/reduction/scans.mlir), with the bench venv's python
(the last cases take XLA CPU's own results from jax):
python tests/gen/scans.py > tests/run/reduction/scans.mlir"""
import numpy as np
def dense(a, ty): return "dense<" + np.array2string(np.asarray(a), separator=", ", threshold=10**7, max_line_width=10**9, floatmode="unique").replace("\n","") + f"> : {ty}"
out = []
out.append("""// Prefix scans as JAX writes cumsum/cumprod/cummax (a reduce_window whose window spans one
// dimension, with size - 1 elements of low padding, and the body's identity as init) run as
// two-level scans (blocks of 16, then the blocks' totals); with another init value they keep
// reduce_window's own semantics (the padding counts).
func.func @cumsum_of_ones_is_exact_over_1000() {
  %x = stablehlo.constant dense<1.0> : tensor<2x1000xf32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %s = "stablehlo.reduce_window"(%x, %z) <{padding = dense<[[0, 0], [999, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1000>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<2x1000xf32>, tensor<f32>) -> tensor<2x1000xf32>
  %i = stablehlo.iota dim = 1 : tensor<2x1000xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2x1000xf32>
  %want = stablehlo.add %i, %one : tensor<2x1000xf32>
  check.expect_eq %s, %want : tensor<2x1000xf32>
  func.return
}
""")
x = (np.arange(300).reshape(100, 3) * 37 + np.array([0, 11, 29])) % 101 - 50
x = x.astype(np.int32)
want = np.maximum.accumulate(x, axis=0)
out.append(f"""// -----

// cummax of int32 along the outer dimension (init: the type's minimum).
func.func @cummax_int32_along_dimension_0() {{
  %x = stablehlo.constant {dense(x, "tensor<100x3xi32>")}
  %z = stablehlo.constant dense<-2147483648> : tensor<i32>
  %s = "stablehlo.reduce_window"(%x, %z) <{{padding = dense<[[99, 0], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 100, 1>}}> ({{
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %r = stablehlo.maximum %a, %b : tensor<i32>
    stablehlo.return %r : tensor<i32>
  }}) : (tensor<100x3xi32>, tensor<i32>) -> tensor<100x3xi32>
  check.expect_eq_const %s, {dense(want, "tensor<100x3xi32>")}
  func.return
}}
""")
k = np.arange(1, 131, dtype=np.float64)
x = 1 + 1 / k
want = np.cumprod(x.astype(np.longdouble)).astype(np.float64)
out.append(f"""// -----

// cumprod of (1 + 1/k) in f64 over 130 elements (telescoping to k + 1), within 1e-12.
func.func @cumprod_f64_telescopes() {{
  %x = stablehlo.constant {dense(x, "tensor<130xf64>")}
  %z = stablehlo.constant dense<1.0> : tensor<f64>
  %s = "stablehlo.reduce_window"(%x, %z) <{{padding = dense<[[129, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 130>}}> ({{
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %r = stablehlo.multiply %a, %b : tensor<f64>
    stablehlo.return %r : tensor<f64>
  }}) : (tensor<130xf64>, tensor<f64>) -> tensor<130xf64>
  check.expect_almost_eq_const %s, {dense(want, "tensor<130xf64>")}, tolerance = 1.0e-12
  func.return
}}
""")
out.append("""// -----

// An init that is not the body's identity: each window's padding elements count (window of
// 100 over ones with init 1: (i + 1) ones, 99 - i padding ones and the init, 101 for all).
func.func @prefix_window_with_a_non_identity_init_counts_its_padding() {
  %x = stablehlo.constant dense<1.0> : tensor<100xf32>
  %z = stablehlo.constant dense<1.0> : tensor<f32>
  %s = "stablehlo.reduce_window"(%x, %z) <{padding = dense<[[99, 0]]> : tensor<1x2xi64>, window_dimensions = array<i64: 100>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %r : tensor<f32>
  }) : (tensor<100xf32>, tensor<f32>) -> tensor<100xf32>
  check.expect_eq_const %s, dense<101.0> : tensor<100xf32>
  func.return
}
""")
x = np.arange(1, 201, dtype=np.int64).reshape(2, 100) % 13 - 6
want = np.flip(np.cumsum(np.flip(x, axis=1), axis=1), axis=1)
out.append(f"""// -----

// A suffix scan (jax.lax.cumsum(reverse=True): the padding is high) of int64 along the last
// dimension.
func.func @reverse_cumsum_int64() {{
  %x = stablehlo.constant {dense(x, "tensor<2x100xi64>")}
  %z = stablehlo.constant dense<0> : tensor<i64>
  %s = "stablehlo.reduce_window"(%x, %z) <{{padding = dense<[[0, 0], [0, 99]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 100>}}> ({{
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %r = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %r : tensor<i64>
  }}) : (tensor<2x100xi64>, tensor<i64>) -> tensor<2x100xi64>
  check.expect_eq_const %s, {dense(want, "tensor<2x100xi64>")}
  func.return
}}
""")

# XLA CPU's cumprod/cumsum bits (jax 0.10.2): its ReduceWindowRewriter groups the elements in
# blocks of 16 (padded at the end), scans the blocks' totals the same way and combines; the
# two-level scan groups them the same way, so the results are equal, not just close. 300
# elements: 19 blocks, so the totals' scan has two levels too.
import jax
import jax.numpy as jnp
jax.config.update("jax_enable_x64", True)
rng = np.random.default_rng(11)
for name, dt, el, op, init, reverse in [("cumprod_f64", np.float64, "f64", "multiply", "1.0", False),
                                        ("reverse_cumprod_f64", np.float64, "f64", "multiply", "1.0", True),
                                        ("cumsum_f32", np.float32, "f32", "add", "0.0", False),
                                        ("reverse_cumsum_f32", np.float32, "f32", "add", "0.0", True)]:
    x = (1 + 0.01 * rng.standard_normal((2, 300)) if op == "multiply" else rng.standard_normal((2, 300))).astype(dt)
    f = jax.lax.cumprod if op == "multiply" else jax.lax.cumsum
    want = np.asarray(jax.jit(lambda a: f(a, axis=1, reverse=reverse))(x))
    ty = f"tensor<2x300x{el}>"
    padding = "[0, 299]" if reverse else "[299, 0]"
    out.append(f"""// -----

// {name}: equal to XLA CPU's result (jax.lax.{f.__name__}, reverse={reverse}).
func.func @{name}_is_xla_bit_for_bit() {{
  %x = stablehlo.constant {dense(x, ty)}
  %z = stablehlo.constant dense<{init}> : tensor<{el}>
  %s = "stablehlo.reduce_window"(%x, %z) <{{padding = dense<[[0, 0], {padding}]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 300>}}> ({{
  ^bb0(%a: tensor<{el}>, %b: tensor<{el}>):
    %r = stablehlo.{op} %a, %b : tensor<{el}>
    stablehlo.return %r : tensor<{el}>
  }}) : ({ty}, tensor<{el}>) -> {ty}
  check.expect_eq_const %s, {dense(want, ty)}
  func.return
}}
""")
print("\n".join(out))

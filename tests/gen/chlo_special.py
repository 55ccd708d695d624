#!/usr/bin/env python3
"""Generates tests/fixtures/chlo_special.txt, the reference values of tests/chlo_accuracy.rs
for the CHLO special functions bessel_i1e, zeta (Hurwitz, zeta(x, q)) and polygamma(n, x),
the real sinh and cosh, and the complex sinh, cosh, atanh, atan, asin, acos, asinh and acosh.

Inputs are swept per element type (f16, bf16, f32, f64) over special values (±0, ±inf, NaN),
tiny and subnormal values, ordinary ranges, large values and the functions' poles, rounded
to the element type first (so each reference is the function at the exact input). References
are computed independently of xhlo:
  - bessel_i1e and digamma (polygamma with n = 0): scipy.special's float64 i1e/digamma for
    f16, bf16 and f32; mpmath at 40 significant digits for f64 (besseli(1, x) * exp(-|x|),
    digamma), checked against scipy to 1e-12 relative;
  - zeta and polygamma (n >= 1), every type: the Hurwitz zeta summed here at 40 digits
    (`zeta_mp`; mpmath's own zeta is wrong in the 10th digit at some points), polygamma as
    (-1)^(n+1) n! zeta(n + 1, x), rounded to float64, each checked against scipy's float64
    value to 1e-12 relative (against mpmath's zeta/polygamma for negative q, where scipy
    loses digits).
Where the function is not finite (poles, domain errors) the reference is the value XLA's
decomposition defines (documented in chlo.rs): zeta is NaN for x < 1, NaN for q <= 0 with a
non-integer x, +inf at a pole (q a non-positive integer) for even x and NaN for odd x, +inf at
x = 1; polygamma is NaN unless n is a non-negative integer, and at a pole of x
zeta's rule with x = n + 1 applied to (-1)^(n+1) n! zeta(n+1, x). scipy differs at the poles
for odd x (scipy: +inf).

Real sinh and cosh are swept like bessel_i1e and up to their overflow thresholds (88.7/89.4
in f32, 709.8/710.5 in f64); references: numpy's float64 sinh/cosh (the C library's), mpmath
at 40 digits for f64 (checked against numpy).

Complex sinh, cosh, atanh, atan, asin, acos, asinh and acosh (complex<f32> "c64",
complex<f64> "c128") are swept over a grid of real and imaginary parts from 0 to 1e300 with
every sign, random points and the infinities and NaN; their references are mpmath's at 40
digits or more, rounded per part, checked against numpy's complex128 (C99's csinh, ccosh,
catanh, catan, casin, ...), whose special values are the references where an input or the
result is not finite.

Run with the venv that has jax (for ml_dtypes' bfloat16), scipy and mpmath:
  /root/.cache/xla-workloads/venv/bin/python tests/gen/chlo_special.py > tests/fixtures/chlo_special.txt
Each line: `op type x y reference` (y is 0 for bessel_i1e), or `op type re im re' im'` for the
complex functions; float64 values as Python reprs.
"""

import math

import ml_dtypes
import mpmath as mp
import numpy as np
import scipy
import scipy.special as sp

mp.mp.dps = 40
TYPES = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64}
INF, NAN = math.inf, math.nan


def rounded(values, ty):
    return [float(np.asarray(v, dtype=np.float64).astype(TYPES[ty])) for v in values]


def uniq(values):
    seen, out = set(), []
    for v in values:
        key = "nan" if math.isnan(v) else repr(v)
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def i1e_inputs(ty):
    mags = [1e-300, 1e-310, 1e-45, 1e-40, 1e-30, 1e-8, 6e-8, 1e-7, 1e-4, 0.1, 0.5, 1.0, 2.0, 7.9, 8.0, 8.1,
            20.0, 100.0, 1e3, 1e4, 65504.0, 1e6, 1e10, 1e20, 3e38, 1e300]
    mags += list(np.logspace(-6, 5, 150))
    mags += list(np.linspace(0.01, 30, 200))
    xs = [0.0, -0.0, INF, -INF, NAN]
    for m in mags:
        xs += [m, -m]
    return uniq(rounded(xs, ty))


def i1e_ref(x, ty):
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return math.copysign(0.0, x)
    if x == 0:
        return x
    if ty == "f64":
        v = mp.besseli(1, mp.mpf(x)) * mp.exp(-abs(mp.mpf(x)))
        return checked(float(v), float(sp.i1e(x)), f"i1e({x!r})")
    return float(sp.i1e(x))


def zeta_mp(x, q):
    """Hurwitz zeta at 40 digits, independently of mpmath.zeta (which is wrong in the 10th
    digit for e.g. zeta(47.4, 453.1) at 40 and 60 digits): terms (q + k)^-x summed directly
    until the rest is negligible or a = q + N reaches (x + 60) / 2, then the Euler-Maclaurin
    tail with 30 Bernoulli terms (each term shrinks by (x + 2j) / (2 pi a) < 1 / pi)."""
    x, q = mp.mpf(x), mp.mpf(q)
    total = mp.mpf(0)
    k = 0
    n_max = max(0, int(mp.ceil((x + 60) / 2 - q)))
    while k < n_max:
        term = (q + k) ** (-x)
        total += term
        k += 1
        if q + k > 0 and abs(term) * (q + k) / (x - 1) < mp.mpf(10) ** -45 * abs(total):
            return total
    a = q + k
    tail = a ** (1 - x) / (x - 1) + a ** (-x) / 2
    poch = x  # x (x + 1) ... (x + 2j - 2)
    for j in range(1, 31):
        tail += mp.bernoulli(2 * j) / mp.factorial(2 * j) * poch * a ** (-x - 2 * j + 1)
        poch *= (x + 2 * j - 1) * (x + 2 * j)
    return total + tail


def checked(ref, other, what):
    """`ref`, after checking that an independent float64 value `other` agrees."""
    if math.isfinite(ref) and ref != 0 and abs(other - ref) > 1e-12 * abs(ref):
        raise SystemExit(f"{what}: reference {ref!r} and scipy {other!r} disagree")
    return ref


def is_int(v):
    """XLA's test `v == floor(v)` (true for ±inf)."""
    return bool(v == np.floor(v))


def zeta_rule(x, q):
    """XLA's special values, or None where the series applies."""
    if math.isnan(x) or math.isnan(q):
        return NAN
    if x == 1:
        return INF
    if x < 1:
        return NAN
    if q <= 0 and not is_int(x):
        return NAN
    if q <= 0 and is_int(q):
        return INF if (is_int(x) and np.fmod(x, 2) == 0) else NAN
    return None


def zeta_ref(x, q, ty):
    r = zeta_rule(x, q)
    if r is not None:
        return r
    if math.isinf(q):
        return 0.0
    if math.isinf(x):
        # The limit of sum (q + k)^-x: only the k = 0 term can survive.
        return 0.0 if q > 1 else (1.0 if q == 1 else INF)
    # scipy loses digits for negative q (5e-9 at polygamma(10, -1.5)): there the check is
    # against mpmath's own zeta instead.
    other = float(sp.zeta(x, q)) if q > 0 else float(mp.zeta(x, q))
    return checked(float(zeta_mp(x, q)), other, f"zeta({x!r}, {q!r})")


def zeta_inputs(ty):
    xs = [1.0, 1.0001, 1.01, 1.1, 1.5, 2.0, 2.5, 3.0, 4.5, 7.0, 10.0, 20.0, 33.0, 50.0, 100.0, 1000.0, 1e6, INF]
    qs = [1e-30, 1e-3, 0.1, 0.5, 0.9, 1.0, 1.5, 2.0, 3.7, 10.0, 100.0, 1e4, 1e8, 1e20, INF]
    pairs = [(x, q) for x in xs for q in qs]
    rng = np.random.default_rng(10)
    for _ in range(200):
        pairs.append((float(10 ** rng.uniform(0.005, 2)), float(10 ** rng.uniform(-2, 4))))
    # Special values, the domain and the poles.
    pairs += [(0.5, 1.0), (-2.0, 1.0), (NAN, 1.0), (2.0, NAN), (2.0, 0.0), (2.0, -0.0), (3.0, 0.0), (2.0, -1.0),
              (3.0, -1.0), (4.0, -2.0), (2.5, -1.0), (2.5, -0.5), (1.0, -3.0), (2.0, -INF)]
    # Negative non-integer q with integer x (the series of negative terms).
    for x in [2.0, 3.0, 4.0, 6.0]:
        for q in [-0.5, -1.5, -2.25, -3.7, -5.5]:
            pairs.append((x, q))
    out = []
    for x, q in pairs:
        x, q = rounded([x, q], ty)
        out.append((x, q))
    return out


def polygamma_rule(n, x):
    # n = inf: the sign (-1)^(n+1), computed as 2 fmod(n, 2) - 1, is NaN.
    if math.isnan(n) or math.isnan(x) or math.isinf(n) or n < 0 or not is_int(n):
        return NAN
    return None


def polygamma_ref(n, x, ty):
    r = polygamma_rule(n, x)
    if r is not None:
        return r
    if n == 0:
        if x <= 0 and is_int(x):
            return NAN  # digamma's poles, as XLA
        if math.isinf(x):
            return INF if x > 0 else NAN
        if ty == "f64":
            return checked(float(mp.digamma(mp.mpf(x))), float(sp.digamma(x)), f"digamma({x!r})")
        return float(sp.digamma(x))
    z = zeta_rule(n + 1, x)
    if z is not None:
        return z  # poles: +inf (n odd) or NaN (n even); the sign (-1)^(n+1) is +1 for odd n
    if math.isinf(x):
        # (-1)^(n+1) n! zeta(n + 1, inf): a zero of the sign (-1)^(n+1).
        return (0.0 if n % 2 == 1 else -0.0) if x > 0 else NAN
    v = (-1) ** (int(n) + 1) * mp.factorial(int(n)) * zeta_mp(n + 1, x)
    other = float(sp.polygamma(int(n), x)) if x > 0 else float(mp.polygamma(int(n), x))
    return checked(float(v), other, f"polygamma({n!r}, {x!r})")


def polygamma_inputs(ty):
    ns = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 10.0, 20.0]
    xs = [1e-3, 0.1, 0.5, 1.0, 1.5, 2.0, 3.7, 10.0, 100.0, 1e4, 1e6, INF, -0.5, -1.5, -2.25, -3.7, -5.5, 0.0, -1.0, -2.0]
    pairs = [(n, x) for n in ns for x in xs]
    rng = np.random.default_rng(11)
    for _ in range(200):
        pairs.append((float(rng.integers(0, 8)), float(10 ** rng.uniform(-2, 3))))
    pairs += [(0.5, 1.0), (-1.0, 1.0), (NAN, 1.0), (1.0, NAN), (INF, 1.0)]
    return [tuple(rounded(list(p), ty)) for p in pairs]


def hyperbolic_inputs(ty):
    mags = [1e-300, 1e-40, 1e-20, 1e-10, 1e-5, 0.01, 0.5, 0.999, 1.0, 1.001, 2.0, 10.0, 20.0, 40.0, 88.0, 88.7, 89.0,
            89.4, 89.5, 100.0, 700.0, 709.7, 710.4, 711.0, 1e4, 1e300]
    mags += list(np.logspace(-4, 2.5, 120))
    xs = [0.0, -0.0, INF, -INF, NAN]
    for m in mags:
        xs += [m, -m]
    return uniq(rounded(xs, ty))


def hyperbolic_ref(op, x, ty):
    """numpy's float64 sinh/cosh (the C library's) for f16/bf16/f32, mpmath at 40 digits for
    f64 (checked against numpy); the C library's special values."""
    npf = np.sinh if op == "sinh" else np.cosh
    with np.errstate(all="ignore"):
        w = float(npf(np.float64(x)))
    if ty != "f64" or not math.isfinite(x) or not math.isfinite(w) or x == 0:
        return w
    with mp.workdps(40 + 2 * int(abs(math.log10(abs(x))))):
        v = float((mp.sinh if op == "sinh" else mp.cosh)(mp.mpf(x)))
    return checked(v, w, f"{op}({x!r})")


CTYPES = {"c64": np.float32, "c128": np.float64}
COMPLEX = {
    # op: (mpmath function, numpy function)
    "sinh": (mp.sinh, np.sinh),
    "cosh": (mp.cosh, np.cosh),
    "atanh": (mp.atanh, np.arctanh),
    "atan": (mp.atan, np.arctan),
    "asin": (mp.asin, np.arcsin),
    "acos": (mp.acos, np.arccos),
    "asinh": (mp.asinh, np.arcsinh),
    "acosh": (mp.acosh, np.arccosh),
}


def complex_inputs(ty):
    part = CTYPES[ty]
    mags = [0.0, 1e-300, 1e-40, 1e-20, 1e-10, 1e-4, 0.1, 0.5, 0.99, 1.0, 1.01, 2.0, 10.0, 50.0, 88.0, 100.0, 700.0, 1e10, 1e20, 1e30, 1e300]
    pairs = []
    for a in mags:
        for b in mags[::3]:
            pairs += [(a, b), (-a, b), (a, -b), (-b, -a)]
    rng = np.random.default_rng(12)
    for _ in range(100):
        pairs.append(tuple(float(rng.choice([-1, 1]) * 10 ** rng.uniform(-6, 3)) for _ in range(2)))
    for special in [INF, -INF, NAN]:
        for other in [0.0, -0.0, 1.0, -2.5, INF, -INF, NAN]:
            pairs += [(special, other), (other, special)]
    out = []
    for a, b in pairs:
        a, b = (float(np.asarray(v).astype(part)) for v in (a, b))
        out.append((a, b))
    return uniq_pairs(out)


def uniq_pairs(pairs):
    seen, out = set(), []
    for p in pairs:
        key = repr(p)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def complex_ref(op, a, b, ty):
    """The function at a + ib, each part rounded to float64 (then to the part type by the
    test): mpmath at 40 digits where input and result are finite (checked against numpy's
    complex128, C99's csinh/ccosh/catanh/catan, to 1e-12 of |result|); numpy's C99 special
    values elsewhere."""
    mpf, npf = COMPLEX[op]
    with np.errstate(all="ignore"):
        w = complex(npf(np.complex128(complex(a, b))))
    if not (math.isfinite(a) and math.isfinite(b)) or not (math.isfinite(w.real) and math.isfinite(w.imag)):
        return w.real, w.imag
    # mpmath's atanh/atan lose digits absolutely (atanh(-1e-40) is 1.9e-6 off at 40 digits,
    # the imaginary part of atan(1e30 + 1e-20 i) = 1e-80 comes out 0): the working
    # precision grows with the spread of the parts' magnitudes.
    spread = sum(abs(math.log10(abs(v))) for v in (a, b) if v != 0)
    with mp.workdps(40 + 2 * int(spread)):
        v = mpf(mp.mpc(a, b))
        re, im = float(v.real), float(v.imag)
    if a == 0 or b == 0:
        # On an axis (and the branch cuts lie on the axes) the sign of the zero part picks
        # the side: mpmath ignores it, C99 honours it. numpy's signs, mpmath's magnitudes.
        re, im = math.copysign(abs(re), w.real), math.copysign(abs(im), w.imag)
    if abs(complex(re, im) - w) > 1e-12 * abs(complex(re, im)):
        raise SystemExit(f"{op}({a!r}, {b!r}): mpmath {re!r} {im!r} and numpy {w!r} disagree")
    return re, im


def main():
    print(f"# Generated by tests/gen/chlo_special.py (scipy {scipy.__version__}, mpmath {mp.__version__}); do not edit.")
    for ty in TYPES:
        for x in i1e_inputs(ty):
            print(f"bessel_i1e {ty} {x!r} 0.0 {i1e_ref(x, ty)!r}")
        for x, q in zeta_inputs(ty):
            print(f"zeta {ty} {x!r} {q!r} {zeta_ref(x, q, ty)!r}")
        for n, x in polygamma_inputs(ty):
            print(f"polygamma {ty} {n!r} {x!r} {polygamma_ref(n, x, ty)!r}")
        for op in ["sinh", "cosh"]:
            for x in hyperbolic_inputs(ty):
                print(f"{op} {ty} {x!r} 0.0 {hyperbolic_ref(op, x, ty)!r}")
    for ty in CTYPES:
        pairs = complex_inputs(ty)
        for op in COMPLEX:
            for a, b in pairs:
                re, im = complex_ref(op, a, b, ty)
                print(f"{op} {ty} {a!r} {b!r} {re!r} {im!r}")


if __name__ == "__main__":
    with np.errstate(all="ignore"):
        main()

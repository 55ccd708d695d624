"""xhlo: compile and run JAX programs (StableHLO) with xhlo's MLIR pipeline and LLVM JIT.

    import jax.numpy as jnp, numpy as np, xhlo

    @xhlo.jit
    def f(x, y):
        return jnp.tanh(x @ y) + 1.0

    f(np.ones((4, 8), np.float32), np.ones((8, 2), np.float32))  # a numpy array

``xhlo.compile(text_or_lowered, **options)`` returns a ``Program`` (``.run(*arrays)``,
``.compile_time``, ``.stats``); ``xhlo.optimize(text, pipeline)`` runs an ``xla-opt`` pass
pipeline. Errors are ``xhlo.CompileError`` / ``xhlo.RunError`` with located diagnostics.
"""

import threading

import numpy as np

from ._xhlo import CompileError, Program, RunError
from ._xhlo import compile as _compile
from ._xhlo import optimize

__all__ = ["compile", "optimize", "jit", "Program", "CompileError", "RunError"]


def _text(program):
    """StableHLO text of a JAX ``Lowered`` (anything with ``as_text()``), or the text itself."""
    if isinstance(program, str):
        return program
    as_text = getattr(program, "as_text", None)
    if as_text is None:
        raise TypeError(f"expected StableHLO/xhlo text or a jax Lowered object, got {type(program).__name__}")
    return as_text()


def compile(program, **options):
    """Compiles StableHLO text (as ``jax.jit(f).lower(*args).as_text()`` prints it), xhlo
    text, or a JAX ``Lowered`` object. Options (keywords): ``file`` (the name in
    diagnostics), ``entry`` ("main"), ``eqsat`` (True), ``fusion`` ("egraph", "greedy" or
    "off"), ``fast_math`` (False), ``tile_dots`` (True), ``threads`` (0: all cores),
    ``opt_level`` (3), ``rng_seed`` (0), ``memory_limit`` (bytes, None)."""
    return _compile(_text(program), **options)


def _inputs(args):
    """Each argument as a C-contiguous numpy array (a JAX array on the CPU converts without
    a copy; so does an array that is already C-contiguous)."""
    return [np.ascontiguousarray(np.asarray(a)) for a in args]


class _Jitted:
    """A JAX function compiled by xhlo, once per input shapes and dtypes."""

    def __init__(self, fun, options):
        import jax

        self._fun = fun
        # Unused parameters stay in the lowered program: every argument is passed to it.
        self._jitted = jax.jit(fun, keep_unused=True)
        self._options = options
        self._cache = {}
        self._lock = threading.Lock()
        self.__wrapped__ = fun
        self.__name__ = getattr(fun, "__name__", "jitted")
        self.__doc__ = getattr(fun, "__doc__", None)

    def _program(self, arrays):
        """The compiled program for these inputs' shapes and dtypes, and the output tree."""
        key = tuple((a.shape, a.dtype.str) for a in arrays)
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None:
            return hit
        lowered = self._jitted.lower(*arrays)
        program = compile(lowered, file=f"{self.__name__}.mlir", **self._options)
        entry = (program, lowered.out_tree)
        with self._lock:
            self._cache[key] = entry
        return entry

    @staticmethod
    def _arrays(args):
        """The arguments as C-contiguous numpy arrays of the dtypes JAX gives them (float64
        becomes float32 unless ``jax_enable_x64`` is set)."""
        import jax

        arrays = _inputs(args)
        return [a if a.dtype == jax.dtypes.canonicalize_dtype(a.dtype) else a.astype(jax.dtypes.canonicalize_dtype(a.dtype)) for a in arrays]

    def lower(self, *args):
        """The JAX ``Lowered`` object this function compiles for ``args``."""
        return self._jitted.lower(*self._arrays(args))

    def program(self, *args):
        """The compiled ``Program`` for ``args``' shapes and dtypes (compiled if new)."""
        return self._program(self._arrays(args))[0]

    def __call__(self, *args):
        import jax

        arrays = self._arrays(args)
        program, out_tree = self._program(arrays)
        results = program.run(*arrays)
        return jax.tree_util.tree_unflatten(out_tree, results)


def jit(fun=None, **options):
    """Wraps a JAX function: on the first call for given input shapes and dtypes it is
    lowered with ``jax.jit(fun).lower(*args)``, compiled with ``xhlo.compile(**options)`` and
    cached; every call runs the compiled program on numpy arrays and returns numpy arrays in
    the function's output structure (a single array when it returns one). Use as
    ``@xhlo.jit`` or ``@xhlo.jit(threads=1)``."""
    if fun is None:
        return lambda f: _Jitted(f, options)
    return _Jitted(fun, options)

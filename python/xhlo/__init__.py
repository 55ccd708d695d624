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

__all__ = ["compile", "optimize", "jit", "Program", "CompileError", "RunError", "StaticArgumentError"]


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
    "off"), ``fast_math`` (False), ``tile_dots`` (True), ``gemm_library`` (True: f32/f64
    dots and convolutions call the dot library), ``row_fusion`` (True: a softmax or a layer
    norm runs one block of rows at a time), ``threads`` (0: all cores),
    ``opt_level`` (3), ``rng_seed`` (0), ``memory_limit`` (bytes, None)."""
    return _compile(_text(program), **options)


def _inputs(args):
    """Each argument as a C-contiguous numpy array (a JAX array on the CPU converts without
    a copy; so does an array that is already C-contiguous). A scalar stays 0-dimensional
    (``numpy.ascontiguousarray`` would make it 1-dimensional)."""
    arrays = [np.asarray(a) for a in args]
    return [a if a.flags.c_contiguous else np.ascontiguousarray(a) for a in arrays]


class StaticArgumentError(TypeError, ValueError):
    """A static argument of ``xhlo.jit`` that cannot be hashed (a ``TypeError``, and a
    ``ValueError`` as jax.jit raises for it)."""


def _static_positions(fun, static_argnums, static_argnames):
    """The static parameters as (positions, names), each completed from the other through
    ``fun``'s signature where it has one, as ``jax.jit`` does."""
    import inspect

    if isinstance(static_argnums, int):
        static_argnums = (static_argnums,)
    if isinstance(static_argnames, str):
        static_argnames = (static_argnames,)
    nums, names = list(static_argnums or ()), list(static_argnames or ())
    for n in nums:
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"static_argnums must be ints, got {n!r}")
    for n in names:
        if not isinstance(n, str):
            raise TypeError(f"static_argnames must be strings, got {n!r}")
    try:
        parameters = list(inspect.signature(fun).parameters.values())
    except (TypeError, ValueError):
        parameters = None
    if parameters is not None:
        positional = [p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        nums = [n + len(positional) if n < 0 else n for n in nums]
        names += [positional[n] for n in nums if 0 <= n < len(positional) and positional[n] not in names]
        nums += [positional.index(n) for n in names if n in positional and positional.index(n) not in nums]
        keyword_ok = {p.name for p in parameters if p.kind != p.POSITIONAL_ONLY}
        if not any(p.kind == p.VAR_KEYWORD for p in parameters):
            for n in names:
                if n not in keyword_ok:
                    raise ValueError(f"static_argnames names {n!r}, which is not a keyword parameter of {getattr(fun, '__name__', 'the function')}")
    return tuple(sorted(set(nums))), tuple(dict.fromkeys(names))


def _hashed(value, what):
    """``value`` if it can be hashed (a static argument goes into the cache key), else a
    ``StaticArgumentError`` naming the argument."""
    try:
        hash(value)
    except TypeError as e:
        raise StaticArgumentError(
            f"static argument {what} must be hashable (it selects the compiled program), "
            f"got a {type(value).__name__}: {e}"
        ) from None
    return value


class _Jitted:
    """A JAX function compiled by xhlo, once per input shapes and dtypes and static values."""

    def __init__(self, fun, options, static_argnums=(), static_argnames=()):
        import jax

        self._fun = fun
        self._static_nums, self._static_names = _static_positions(fun, static_argnums, static_argnames)
        # Unused parameters stay in the lowered program: every argument is passed to it.
        self._jitted = jax.jit(fun, keep_unused=True, static_argnums=self._static_nums, static_argnames=self._static_names)
        self._options = options
        self._cache = {}
        self._lock = threading.Lock()
        self.__wrapped__ = fun
        self.__name__ = getattr(fun, "__name__", "jitted")
        self.__doc__ = getattr(fun, "__doc__", None)

    def _split(self, args, kwargs):
        """The call's arguments as (the program's inputs: the leaves of the dynamic positional
        arguments, then of the dynamic keyword arguments by name, as JAX flattens them, each a
        numpy array of JAX's dtype; the cache key's part beside the shapes: the keyword names,
        the static values, hashable, and the dynamic arguments' tree structure)."""
        import jax

        dynamic, static = [], []
        for i, a in enumerate(args):
            if i in self._static_nums:
                static.append((i, _hashed(a, f"{i} of {self.__name__}")))
            else:
                dynamic.append(a)
        names = []
        for name in sorted(kwargs):
            if name in self._static_names:
                static.append((name, _hashed(kwargs[name], f"{name!r} of {self.__name__}")))
            else:
                names.append(name)
                dynamic.append(kwargs[name])
        leaves, tree = jax.tree_util.tree_flatten(dynamic)
        return self._arrays(leaves), (tuple(names), tuple(static), tree)

    def _program(self, arrays, statics, args, kwargs):
        """The compiled program for these inputs' shapes and dtypes and these static values,
        and the output tree."""
        key = (tuple((a.shape, a.dtype.str) for a in arrays), statics)
        with self._lock:
            hit = self._cache.get(key)
        if hit is not None:
            return hit
        lowered = self._lower(arrays, statics, args, kwargs)
        program = compile(lowered, file=f"{self.__name__}.mlir", **self._options)
        entry = (program, lowered.out_tree)
        with self._lock:
            self._cache[key] = entry
        return entry

    def _lower(self, arrays, statics, args, kwargs):
        """``jax.jit(fun).lower`` with the static arguments as given and the dynamic ones
        rebuilt (their tree structure from ``statics``) from the converted arrays."""
        import jax

        inputs = iter(jax.tree_util.tree_unflatten(statics[2], arrays))
        positional = [a if i in self._static_nums else next(inputs) for i, a in enumerate(args)]
        keywords = {n: kwargs[n] if n in self._static_names else next(inputs) for n in sorted(kwargs)}
        return self._jitted.lower(*positional, **keywords)

    @staticmethod
    def _arrays(args):
        """The arguments as C-contiguous numpy arrays of the dtypes JAX gives them (float64
        becomes float32 unless ``jax_enable_x64`` is set)."""
        import jax

        arrays = _inputs(args)
        return [a if a.dtype == jax.dtypes.canonicalize_dtype(a.dtype) else a.astype(jax.dtypes.canonicalize_dtype(a.dtype)) for a in arrays]

    def lower(self, *args, **kwargs):
        """The JAX ``Lowered`` object this function compiles for ``args``."""
        arrays, statics = self._split(args, kwargs)
        return self._lower(arrays, statics, args, kwargs)

    def program(self, *args, **kwargs):
        """The compiled ``Program`` for ``args``' shapes and dtypes and static values
        (compiled if new); it takes the dynamic arguments only."""
        arrays, statics = self._split(args, kwargs)
        return self._program(arrays, statics, args, kwargs)[0]

    def __call__(self, *args, **kwargs):
        import jax

        arrays, statics = self._split(args, kwargs)
        program, out_tree = self._program(arrays, statics, args, kwargs)
        results = program.run(*arrays)
        return jax.tree_util.tree_unflatten(out_tree, results)


def jit(fun=None, *, static_argnums=(), static_argnames=(), **options):
    """Wraps a JAX function: on the first call for given input shapes and dtypes (and static
    values) it is lowered with ``jax.jit(fun).lower(*args)``, compiled with
    ``xhlo.compile(**options)`` and cached; every call runs the compiled program on numpy
    arrays and returns numpy arrays in the function's output structure (a single array when it
    returns one). Use as ``@xhlo.jit``, ``@xhlo.jit(threads=1)`` or
    ``functools.partial(xhlo.jit, static_argnums=1)``.

    ``static_argnums`` (ints) and ``static_argnames`` (strings) are jax.jit's: those arguments
    are Python values the function is traced with (a loop count, a shape), hashed into the
    cache key (one compiled program per value; an unhashable one raises
    ``StaticArgumentError``, a ``TypeError``) and not passed to the compiled program."""
    if fun is None:
        return lambda f: _Jitted(f, options, static_argnums, static_argnames)
    return _Jitted(fun, options, static_argnums, static_argnames)

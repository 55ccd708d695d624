//! `xhlo._xhlo`: the native part of the Python package (pyo3). `xhlo/__init__.py` wraps it
//! (`xhlo.compile` taking a JAX `Lowered`, `xhlo.jit`).
//!
//! Compiling is the `xla-run` path as library calls: StableHLO is imported
//! ([`xhlo::import::to_xhlo_text`]), parsed and verified ([`source::parse_and_verify`]) and
//! compiled by [`runtime::compile_ast`]. The GIL is released while compiling and running;
//! numpy inputs in C order are passed to the compiled code in place (no copy), and each
//! result's buffer becomes a numpy array without a copy.

use numpy::prelude::*;
use numpy::{PyArray1, PyUntypedArray};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyDict};
use std::sync::Mutex;
use xhlo::dialect::{source, XhloContext};
use xhlo::ir::{ElementType, TensorType};
use xhlo::passes::eqsat::{optimize_file_quietly, EqsatOptions, Stats};
use xhlo::runtime::{self, CompileOptions, Fusion};

create_exception!(xhlo, CompileError, PyException, "A program failed to import, verify or compile; the message holds the located diagnostics (file:line:col: error: ...).");
create_exception!(xhlo, RunError, PyException, "A compiled program was given wrong inputs or failed while running.");

/// Moves a value into and out of a closure that runs without the GIL.
struct Unattached<T>(T);
// SAFETY: the values moved are a compiled program (an LLVM JIT and its code, which no other
// thread refers to) and raw pointers to numpy buffers that the caller keeps alive; none of
// them is tied to the thread that created it.
unsafe impl<T> Send for Unattached<T> {}

/// A compiled program: `run(*arrays)` calls it on numpy arrays.
#[pyclass(module = "xhlo", frozen)]
struct Program {
    program: Unattached<runtime::Program>,
    /// The verified program as compiled and its `xhlo-eqsat` options, for [`Program::stats`].
    parsed: xhlo::mlir_text::ast::File,
    options: CompileOptions,
    stats: Mutex<Option<Stats>>,
}
// SAFETY: `runtime::Program::run` takes `&self`: each run allocates its own buffers, and the
// allocator of compiled code and the JIT's code are shared read-only or behind a mutex.
unsafe impl Sync for Unattached<runtime::Program> {}

/// Joins diagnostics, one per line.
fn lines<T: ToString>(items: &[T]) -> String {
    items.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n")
}

/// Parses, verifies and compiles `text` (StableHLO or xhlo): the program and its syntax tree.
fn build(text: &str, file: &str, options: &CompileOptions) -> Result<(runtime::Program, xhlo::mlir_text::ast::File), String> {
    let ctx = XhloContext::new();
    let xhlo_text = xhlo::import::to_xhlo_text(text, file)?;
    let module = source::parse_and_verify(&ctx, &xhlo_text, file).map_err(|d| lines(&d))?;
    let parsed = runtime::module_ast(&module, file).map_err(|e| e.to_string())?;
    let program = runtime::compile_ast(&ctx, &parsed, options, file).map_err(|e| e.to_string())?;
    Ok((program, parsed))
}

/// Compiles StableHLO (as `jax.jit(f).lower(...).as_text()` prints it) or xhlo text. The
/// options are `xla-run`'s: see the README.
#[pyfunction]
#[pyo3(signature = (text, *, file = "<python>".to_string(), entry = "main".to_string(), eqsat = true, fusion = "egraph", fast_math = false, tile_dots = true, gemm_library = true, row_fusion = true, threads = 0, opt_level = 3, rng_seed = 0, memory_limit = None))]
#[allow(clippy::too_many_arguments)]
fn compile(
    py: Python<'_>,
    text: String,
    file: String,
    entry: String,
    eqsat: bool,
    fusion: &str,
    fast_math: bool,
    tile_dots: bool,
    gemm_library: bool,
    row_fusion: bool,
    threads: usize,
    opt_level: usize,
    rng_seed: u64,
    memory_limit: Option<u64>,
) -> PyResult<Program> {
    let fusion: Fusion = fusion.parse().map_err(PyValueError::new_err)?;
    if opt_level > 3 {
        return Err(PyValueError::new_err(format!("opt_level must be 0 to 3, got {opt_level}")));
    }
    let mut options = CompileOptions { entry, eqsat, fusion, tile_dots, gemm_library, row_fusion, threads, opt_level, rng_seed, memory_limit, ..Default::default() };
    options.eqsat_options.fast_math = fast_math;
    if threads != 1 {
        if let Err(why) = runtime::openmp::load() {
            PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyRuntimeWarning>(), &std::ffi::CString::new(why).unwrap_or_default(), 1)?;
        }
    }
    let built = py.detach(|| build(&text, &file, &options).map(|(p, parsed)| (Unattached(p), parsed)));
    let (program, parsed) = built.map_err(CompileError::new_err)?;
    Ok(Program { program, parsed, options, stats: Mutex::new(None) })
}

/// The element type of a numpy dtype: `dtype.str` as in `.npy` files ([`xhlo::npy`]), and
/// bfloat16 by name (ml_dtypes' dtype, which JAX uses; its `str` is only `<V2`).
fn element_type(dtype: &Bound<'_, numpy::PyArrayDescr>, expected: ElementType) -> PyResult<Result<ElementType, String>> {
    if dtype.getattr("name")?.extract::<String>()? == "bfloat16" {
        return Ok(Ok(ElementType::BF16));
    }
    Ok(xhlo::npy::element_type(&dtype.getattr("str")?.extract::<String>()?, Some(expected)))
}

/// The numpy dtype of an element type's host storage (bfloat16: ml_dtypes').
fn numpy_dtype<'py>(py: Python<'py>, element: ElementType) -> PyResult<Bound<'py, PyAny>> {
    if element == ElementType::BF16 {
        let ml_dtypes = py.import("ml_dtypes").map_err(|e| RunError::new_err(format!("bfloat16 results need the ml_dtypes package (installed with jax): {e}")))?;
        return ml_dtypes.getattr("bfloat16");
    }
    Ok(pyo3::types::PyString::new(py, xhlo::npy::descr(element).map_err(RunError::new_err)?).into_any())
}

impl Program {
    /// `xhlo-eqsat` run again on the program as compiled, with its options, printing nothing.
    fn eqsat_again(&self, py: Python<'_>, explain: bool) -> Stats {
        let mut parsed = self.parsed.clone();
        let options = EqsatOptions { explain, fuse: self.options.fusion == Fusion::EGraph, ..self.options.eqsat_options.clone() };
        py.detach(|| optimize_file_quietly(&mut parsed, &options))
    }
}

/// A numpy array's type and bytes, checked against the entry's parameter.
fn input_view(i: usize, array: &Bound<'_, PyAny>, expected: &TensorType) -> PyResult<(TensorType, *const u8, usize)> {
    let array = array.cast::<PyUntypedArray>().map_err(|_| PyTypeError::new_err(format!("input #{i} is not a numpy array")))?;
    if !array.is_c_contiguous() {
        return Err(RunError::new_err(format!("input #{i} is not C-contiguous (use numpy.ascontiguousarray)")));
    }
    let element = element_type(&array.dtype(), expected.element)?.map_err(|e| RunError::new_err(format!("input #{i}: {e}")))?;
    let ty = TensorType::new(array.shape().iter().map(|&d| d as i64).collect::<Vec<_>>(), element);
    let bytes = array.len() * array.dtype().itemsize();
    // SAFETY: a C-contiguous array's data pointer addresses its `bytes` bytes.
    let data = unsafe { (*array.as_array_ptr()).fields.data as *const u8 };
    Ok((ty, data, bytes))
}

#[pymethods]
impl Program {
    /// Runs the program on numpy arrays (one per parameter, of its shape and dtype); returns
    /// the results as a list of numpy arrays.
    #[pyo3(signature = (*arrays))]
    fn run<'py>(&self, py: Python<'py>, arrays: Vec<Bound<'py, PyAny>>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let unattached = &self.program;
        let program = &unattached.0;
        if arrays.len() != program.inputs.len() {
            return Err(RunError::new_err(format!("the program takes {} inputs, {} given", program.inputs.len(), arrays.len())));
        }
        let views = arrays.iter().zip(&program.inputs).enumerate().map(|(i, (a, t))| input_view(i, a, t)).collect::<PyResult<Vec<_>>>()?;
        // `arrays` keeps the buffers alive while the GIL is released.
        let views = Unattached(views);
        let results = py
            .detach(move || {
                let views = views; // moved whole: its field alone is not `Send`
                // SAFETY: see `input_view`; the arrays outlive this call.
                let borrowed: Vec<(&TensorType, &[u8])> = views.0.iter().map(|(t, p, n)| (t, if *n == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(*p, *n) } })).collect();
                unattached.0.run_borrowed(&borrowed, Default::default()).map(|(results, _)| results)
            })
            .map_err(|e| RunError::new_err(e.to_string()))?;
        results
            .into_iter()
            .map(|lit| {
                let dtype = numpy_dtype(py, lit.ty.element)?;
                let shape: Vec<usize> = lit.ty.dims.iter().map(|&d| d as usize).collect();
                PyArray1::<u8>::from_vec(py, lit.bytes).into_any().call_method1("view", (dtype,))?.call_method1("reshape", (shape,))
            })
            .collect()
    }

    /// Seconds spent compiling (the MLIR pipeline and LLVM; not parsing or importing).
    #[getter]
    fn compile_time(&self) -> f64 {
        self.program.0.compile_time.as_secs_f64()
    }

    /// The threads the program runs on.
    #[getter]
    fn threads(&self) -> usize {
        self.program.0.threads
    }

    /// The entry's parameter and result types, as MLIR types (`tensor<4x4xf32>`).
    #[getter]
    fn input_types(&self) -> Vec<String> {
        self.program.0.inputs.iter().map(|t| t.to_string()).collect()
    }

    #[getter]
    fn output_types(&self) -> Vec<String> {
        self.program.0.outputs.iter().map(|t| t.to_string()).collect()
    }

    /// `xhlo-eqsat`'s statistics for each function: one dict each. Computed on first use by
    /// running the pass again on the program as compiled, with the same options (its time
    /// limit may stop it at a different point than in the compilation).
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let stats = {
            let mut cached = self.stats.lock().map_err(|_| RunError::new_err("statistics poisoned by an earlier panic"))?;
            if cached.is_none() {
                *cached = Some(self.eqsat_again(py, false));
            }
            cached.clone().unwrap_or_default()
        };
        stats
            .functions
            .iter()
            .map(|s| {
                let d = PyDict::new(py);
                d.set_item("function", &s.name)?;
                d.set_item("skipped", &s.skipped)?;
                d.set_item("e_classes", s.classes)?;
                d.set_item("e_nodes", s.nodes)?;
                d.set_item("cost_before", s.cost_before)?;
                d.set_item("cost_after", s.cost_after)?;
                d.set_item("changed", s.changed)?;
                d.set_item("kernels_before", s.kernels[0])?;
                d.set_item("kernels_after", s.kernels[1])?;
                d.set_item("materialized_bytes_before", s.materialized_bytes[0])?;
                d.set_item("materialized_bytes_after", s.materialized_bytes[1])?;
                d.set_item("fusions", [("loop", s.fusions[0]), ("input", s.fusions[1]), ("output", s.fusions[2])].into_py_dict(py)?)?;
                d.set_item("rules_applied", s.applied.clone())?;
                Ok(d)
            })
            .collect()
    }

    /// Why `xhlo-eqsat` may rewrite each value as it does: egg's chain of rewrites from each
    /// original value to the one chosen (at most a few per body), one line a step; empty when
    /// nothing was rewritten. Runs the pass again with explanations on.
    fn explain(&self, py: Python<'_>) -> String {
        self.eqsat_again(py, true).functions.iter().map(|f| f.explanation.as_str()).collect()
    }

    fn __repr__(&self) -> String {
        let p = &self.program.0;
        format!("<xhlo.Program ({}) -> ({}), compiled in {:.3} s>", lines(&p.inputs).replace('\n', ", "), lines(&p.outputs).replace('\n', ", "), p.compile_time.as_secs_f64())
    }
}

/// Runs a pass pipeline (`xla-opt --pass-pipeline`) on StableHLO or xhlo text and returns the
/// printed result: xhlo (or whatever the pipeline lowered it to), StableHLO with
/// `emit="stablehlo"`, or the fusion plan as Graphviz DOT with `emit="dot"` (`xhlo-eqsat`'s
/// plan when no pipeline is given, as `xla-opt --emit=dot`).
#[pyfunction]
#[pyo3(signature = (text, pipeline = None, *, emit = "xhlo", file = "<python>".to_string(), generic = false))]
fn optimize(py: Python<'_>, text: String, pipeline: Option<String>, emit: &str, file: String, generic: bool) -> PyResult<String> {
    let emit = match emit {
        "xhlo" | "ir" => xhlo::opt::Emit::Ir,
        "stablehlo" => xhlo::opt::Emit::Stablehlo,
        "dot" => xhlo::opt::Emit::Dot,
        other => return Err(PyValueError::new_err(format!("unknown emit '{other}' (expected xhlo, stablehlo or dot)"))),
    };
    let pipeline = pipeline.or_else(|| emit.implied_pipeline().map(str::to_string));
    let options = xhlo::opt::Options { pipeline, emit, print_generic: generic, ..Default::default() };
    let out = py.detach(|| xhlo::opt::run(&options, &text, &file));
    if out.success {
        Ok(out.ir)
    } else {
        Err(CompileError::new_err(out.errors.join("\n")))
    }
}

#[pymodule]
fn _xhlo(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add_function(wrap_pyfunction!(optimize, m)?)?;
    m.add_class::<Program>()?;
    m.add("CompileError", m.py().get_type::<CompileError>())?;
    m.add("RunError", m.py().get_type::<RunError>())?;
    Ok(())
}

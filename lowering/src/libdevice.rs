//! The calls into CUDA's libdevice left in a PTX text. GPU bundles do not link libdevice
//! (the machines that run them have the NVIDIA driver, not the CUDA toolkit), so a PTX that
//! still calls a `__nv_*` function cannot run there: the GPU pipelines turn f32, f16 and
//! bf16 math into polynomials and instructions ([`crate::pipeline::GPU_APPROXIMATED_MATH_OPS`]),
//! and what is left (f64 transcendental functions) is refused by name.

/// The `__nv_*` functions `ptx` declares (each once, in order): LLVM's NVPTX backend
/// declares every function a module calls but does not define as `.extern .func`.
pub fn libdevice_calls(ptx: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in ptx.lines().filter(|l| l.trim_start().starts_with(".extern .func")) {
        let Some(start) = line.find("__nv_") else { continue };
        let name: String = line[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The math op and element type a libdevice function computes (`__nv_expf`: "exp" on
/// "f32", `__nv_exp`: on "f64"): libdevice names its f32 functions with an `f` after the
/// f64 name (f16 and bf16 ops call the f32 ones).
pub fn op_of(function: &str) -> (String, &'static str) {
    let name = function.trim_start_matches("__nv_");
    match name {
        "erf" => ("erf".into(), "f64"),
        "isfinited" => ("isfinite".into(), "f64"),
        "finitef" => ("isfinite".into(), "f32"),
        _ => match name.strip_suffix('f') {
            Some(op) => (op.into(), "f32"),
            None => (name.into(), "f64"),
        },
    }
}

/// The error for a PTX that calls libdevice, one line per function; `None` if it calls none.
pub fn unsupported(ptx: &str) -> Option<String> {
    let calls = libdevice_calls(ptx);
    let lines: Vec<String> = calls
        .iter()
        .map(|f| {
            let (op, ty) = op_of(f);
            format!("unsupported on the GPU path: {op} on {ty} ({f}) needs CUDA's libdevice, which bundles do not link")
        })
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_declared_libdevice_functions_once() {
        let ptx = ".version 8.0\n.extern .func  (.param .b64 func_retval0) __nv_exp\n(\n\t.param .b64 __nv_exp_param_0\n)\n;\n\
.extern .func  (.param .b32 func_retval0) __nv_erff\n(\n)\n;\n.visible .entry k()\n{\n\tcall.uni (retval0), __nv_exp, (param0);\n}\n";
        assert_eq!(libdevice_calls(ptx), vec!["__nv_exp", "__nv_erff"]);
        assert_eq!(libdevice_calls(".visible .entry k()\n{\n\tsqrt.rn.f32 %r2, %r1;\n}\n"), Vec::<String>::new());
    }

    #[test]
    fn names_the_op_and_type_of_a_libdevice_function() {
        assert_eq!(op_of("__nv_expf"), ("exp".to_string(), "f32"));
        assert_eq!(op_of("__nv_tanh"), ("tanh".to_string(), "f64"));
        assert_eq!(op_of("__nv_erf"), ("erf".to_string(), "f64"));
        assert_eq!(op_of("__nv_erff"), ("erf".to_string(), "f32"));
        assert_eq!(op_of("__nv_fmod"), ("fmod".to_string(), "f64"));
    }
}

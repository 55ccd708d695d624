//! Test files with `check.*` assertions (StableHLO's interpreter suite): each check's
//! operands become extra results of the test function, which then runs compiled like any
//! program; the comparisons happen on the host with StableHLO's semantics:
//! - `expect_eq(_const)`: exact; integers bitwise, floats IEEE `==` (NaN never equal, -0 == +0),
//!   complex numbers part by part.
//! - `expect_almost_eq(_const)`: `|a - b| <= tolerance` (absolute, default 1e-4) for floats
//!   and complex parts; NaN matches NaN; infinities only match themselves.
//! - `expect_close`: ULP distance within `[min_ulp_difference, max_ulp_difference]`
//!   (default 0..1); non-finite values must be bitwise equal or both NaN.

use crate::ir::literal::{Literal, Scalar};
use crate::ir::{ElementType, TensorType};
use mlir_text::ast::{Attribute, File, Op, Type as AstType, ValueRef};

/// One assertion, with what it compares the computed value against.
#[derive(Clone, Debug)]
pub struct Check {
    pub kind: CheckKind,
    /// Position in the source, for the failure message.
    pub line: u32,
    /// The constant to compare with (`*_const` forms).
    pub expected: Option<Literal>,
    /// Index of the first extra result holding the compared value(s).
    pub first_result: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CheckKind {
    Eq,
    AlmostEq { tolerance: f64 },
    Close { min_ulp: u64, max_ulp: u64 },
}

fn attr_f64(op: &Op, name: &str) -> Option<f64> {
    match op.attr(name) {
        Some(Attribute::Float(v, _)) | Some(Attribute::Int(v, _)) => v.parse::<f64>().ok().or_else(|| {
            v.strip_prefix("0x").and_then(|h| u64::from_str_radix(h, 16).ok()).map(f64::from_bits)
        }),
        _ => None,
    }
}

fn attr_u64(op: &Op, name: &str) -> Option<u64> {
    match op.attr(name) {
        Some(Attribute::Int(v, _)) => v.parse().ok(),
        _ => None,
    }
}

fn tensor_of(t: &AstType) -> Result<TensorType, String> {
    match crate::lowering::convert::xtype(t)? {
        crate::ir::Type::Tensor(t) => Ok(t),
        other => Err(format!("check of a non-tensor value {other}")),
    }
}

/// Rewrites function `entry` of `file`: its check ops are removed and their operands
/// appended to its results. Returns the checks in order.
pub fn extract_checks(file: &mut File, entry: &str) -> Result<Vec<Check>, String> {
    let func = find_func(&mut file.ops, entry).ok_or_else(|| format!("no function @{entry}"))?;
    let mut extra_values: Vec<ValueRef> = Vec::new();
    let mut extra_types: Vec<AstType> = Vec::new();
    let mut checks = Vec::new();
    let block = func.regions.first_mut().and_then(|r| r.blocks.first_mut()).ok_or("the test function has no body")?;
    let mut kept = Vec::new();
    let existing_results = match func_results(&block.ops) {
        Some(n) => n,
        None => return Err("the test function does not end in func.return".into()),
    };
    for op in block.ops.drain(..) {
        let Some(kind) = op.name.strip_prefix("check.") else {
            kept.push(op);
            continue;
        };
        let first_result = existing_results + extra_values.len();
        checks.push(check_of(&op, kind, first_result)?);
        for (v, t) in op.operands.iter().zip(&op.operand_types) {
            extra_values.push(v.clone());
            extra_types.push(t.clone());
        }
    }
    block.ops = kept;
    let ret = block.ops.last_mut().filter(|op| op.name == "func.return").ok_or("the test function does not end in func.return")?;
    ret.operands.extend(extra_values);
    ret.operand_types.extend(extra_types.iter().cloned());
    for (k, v) in func.properties.iter_mut().chain(func.attrs.iter_mut()) {
        if k == "function_type" {
            if let Attribute::Type(AstType::Function { results, .. }) = v {
                results.extend(extra_types.iter().cloned());
            }
        }
    }
    Ok(checks)
}

/// The check `op` (`check.<kind>`) makes of the results from `first_result` on.
pub fn check_of(op: &Op, kind: &str, first_result: usize) -> Result<Check, String> {
    let expected = match op.attr("value") {
        Some(Attribute::Dense { body, ty }) => {
            let t = tensor_of(ty)?;
            Some(Literal::parse_dense(body, &t)?)
        }
        Some(_) => return Err(format!("line {}: check value must be a dense<...> constant", op.pos.line)),
        None => None,
    };
    let kind = match kind {
        "expect_eq" | "expect_eq_const" => CheckKind::Eq,
        "expect_almost_eq" | "expect_almost_eq_const" => CheckKind::AlmostEq { tolerance: attr_f64(op, "tolerance").unwrap_or(1e-4) },
        "expect_close" => CheckKind::Close {
            min_ulp: attr_u64(op, "min_ulp_difference").unwrap_or(0),
            max_ulp: attr_u64(op, "max_ulp_difference").unwrap_or(1),
        },
        other => return Err(format!("line {}: unsupported check op check.{other}", op.pos.line)),
    };
    Ok(Check { kind, line: op.pos.line, expected, first_result })
}

fn func_results(ops: &[Op]) -> Option<usize> {
    ops.last().filter(|op| op.name == "func.return").map(|op| op.operands.len())
}

fn find_func<'a>(ops: &'a mut [Op], name: &str) -> Option<&'a mut Op> {
    for op in ops {
        if op.name == "func.func" && op.attr("sym_name") == Some(&Attribute::Str(name.to_string())) {
            return Some(op);
        }
        for r in &mut op.regions {
            for b in &mut r.blocks {
                if let Some(f) = find_func(&mut b.ops, name) {
                    return Some(f);
                }
            }
        }
    }
    None
}

/// The function a test chunk runs: `@main`, else the only function.
pub fn test_entry(file: &File) -> Result<String, String> {
    let mut names = Vec::new();
    collect_names(&file.ops, &mut names);
    if names.iter().any(|n| n == "main") {
        return Ok("main".into());
    }
    match names.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err("no function to run".into()),
        _ => Err(format!("several functions ({}) and none is @main", names.join(", "))),
    }
}

fn collect_names(ops: &[Op], out: &mut Vec<String>) {
    for op in ops {
        if op.name == "func.func" && !op.regions.is_empty() {
            if let Some(Attribute::Str(n)) = op.attr("sym_name") {
                out.push(n.clone());
            }
        }
        for r in &op.regions {
            for b in &r.blocks {
                collect_names(&b.ops, out);
            }
        }
    }
}

/// One test chunk of StableHLO's interpreter suite (`shared/stablehlo-tests`), as
/// `tests.jsonl` lists it.
#[derive(Clone, Debug)]
pub struct SuiteTest {
    pub file: String,
    pub chunk: usize,
    pub tier: u64,
    /// The chunk's text (split on `// -----`).
    pub text: String,
}

/// The suite's chunks of tier `max_tier` or lower, in `tests.jsonl`'s order.
pub fn suite_tests(dir: &std::path::Path, max_tier: u64) -> Result<Vec<SuiteTest>, String> {
    let index_path = dir.join("tests.jsonl");
    let index = std::fs::read_to_string(&index_path).map_err(|e| format!("{}: {e}", index_path.display()))?;
    let mut chunks_of: std::collections::HashMap<String, Vec<String>> = std::collections::HashMap::new();
    let mut out = Vec::new();
    for line in index.lines() {
        let row: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("tests.jsonl: {e}"))?;
        let tier = row["tier"].as_u64().unwrap_or(u64::MAX);
        if tier > max_tier {
            continue;
        }
        let file = row["file"].as_str().unwrap_or("").to_string();
        let chunk = row["chunk"].as_u64().unwrap_or(0) as usize;
        if !chunks_of.contains_key(&file) {
            let path = dir.join("mlir").join(&file);
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            chunks_of.insert(file.clone(), crate::dialect::source::split_input(&text).into_iter().map(|c| c.text).collect());
        }
        let text = chunks_of[&file].get(chunk).cloned().ok_or_else(|| format!("{file} has no chunk {chunk}"))?;
        out.push(SuiteTest { file, chunk, tier, text });
    }
    Ok(out)
}

/// Runs one test chunk (StableHLO or xhlo text): imports, verifies, compiles the test
/// function with its checks turned into results, runs it and evaluates every check.
/// `Ok(())` when all passed; `Err` says why not (including "unsupported ..." reasons).
pub fn run_chunk(ctx: &crate::dialect::XhloContext, text: &str, file: &str) -> Result<(), String> {
    run_chunk_options(ctx, text, file, &Default::default())
}

/// [`run_chunk`], with the given fusion mode.
pub fn run_chunk_with(ctx: &crate::dialect::XhloContext, text: &str, file: &str, fusion: crate::runtime::Fusion) -> Result<(), String> {
    run_chunk_options(ctx, text, file, &crate::runtime::CompileOptions { fusion, ..Default::default() })
}

/// [`run_chunk`], compiled with `options` (their `entry` is replaced by the test function).
pub fn run_chunk_options(ctx: &crate::dialect::XhloContext, text: &str, file: &str, options: &crate::runtime::CompileOptions) -> Result<(), String> {
    let xhlo_text = crate::import::to_xhlo_text(text, file)?;
    let module = crate::dialect::source::parse_and_verify(ctx, &xhlo_text, file)
        .map_err(|d| d.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("\n"))?;
    let mut parsed = crate::runtime::module_ast(&module, file).map_err(|e| e.to_string())?;
    let entry = test_entry(&parsed)?;
    let checks = extract_checks(&mut parsed, &entry)?;
    let options = crate::runtime::CompileOptions { entry, ..options.clone() };
    let program = crate::runtime::compile_ast(ctx, &parsed, &options, file).map_err(|e| e.to_string())?;
    if !program.inputs.is_empty() {
        return Err(format!("unsupported: the test function takes {} arguments", program.inputs.len()));
    }
    let results = program.run(&[]).map_err(|e| e.to_string())?;
    for c in &checks {
        evaluate(c, &results).map_err(|e| format!("check at line {}: {e}", c.line))?;
    }
    Ok(())
}

/// Evaluates one check on the run's results; `Err` says what differed.
pub fn evaluate(check: &Check, results: &[Literal]) -> Result<(), String> {
    let actual = results.get(check.first_result).ok_or("missing check result")?;
    let expected = match &check.expected {
        Some(e) => e,
        None => results.get(check.first_result + 1).ok_or("missing check result")?,
    };
    if actual.ty.dims != expected.ty.dims {
        return Err(format!("shape {:?} differs from expected {:?}", actual.ty.dims, expected.ty.dims));
    }
    let t = actual.ty.element;
    for i in 0..actual.len() {
        let (a, e) = (actual.get(i), expected.get(i));
        let ok = match &check.kind {
            CheckKind::Eq => exactly_equal(a, e),
            CheckKind::AlmostEq { tolerance } => almost_equal(a, e, *tolerance),
            CheckKind::Close { min_ulp, max_ulp } => close(t, a, e, *min_ulp, *max_ulp),
        };
        if !ok {
            return Err(format!("element {} is {} but expected {}", index_text(&actual.ty, i), show(a), show(e)));
        }
    }
    Ok(())
}

fn index_text(ty: &TensorType, mut i: usize) -> String {
    let mut idx = vec![0; ty.rank()];
    for d in (0..ty.rank()).rev() {
        let n = ty.dims[d] as usize;
        idx[d] = i % n.max(1);
        i /= n.max(1);
    }
    format!("{idx:?}")
}

fn show(v: Scalar) -> String {
    match v {
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => format!("{f:e}"),
        Scalar::Complex(re, im) => format!("({re:e}, {im:e})"),
    }
}

fn exactly_equal(a: Scalar, e: Scalar) -> bool {
    match (a, e) {
        (Scalar::Int(x), Scalar::Int(y)) => x == y,
        (Scalar::Float(x), Scalar::Float(y)) => x == y,
        (Scalar::Complex(a, b), Scalar::Complex(c, d)) => a == c && b == d,
        _ => false,
    }
}

fn almost_f64(a: f64, e: f64, tol: f64) -> bool {
    if a.is_nan() || e.is_nan() {
        return a.is_nan() && e.is_nan();
    }
    if a.is_infinite() || e.is_infinite() {
        return a == e;
    }
    (a - e).abs() <= tol
}

fn almost_equal(a: Scalar, e: Scalar, tol: f64) -> bool {
    match (a, e) {
        (Scalar::Float(x), Scalar::Float(y)) => almost_f64(x, y, tol),
        (Scalar::Complex(a, b), Scalar::Complex(c, d)) => almost_f64(a, c, tol) && almost_f64(b, d, tol),
        (Scalar::Int(x), Scalar::Int(y)) => x == y,
        _ => false,
    }
}

/// Distance in units in the last place between two values of float type `t`.
fn ulp_distance(t: ElementType, a: f64, b: f64) -> u64 {
    let key = |v: f64| -> i64 {
        let bits: i64 = match t {
            ElementType::F64 => v.to_bits() as i64,
            ElementType::F32 => (v as f32).to_bits() as i32 as i64,
            ElementType::F16 => crate::ir::literal::f16_bits(v) as i16 as i64,
            _ => crate::ir::literal::bf16_bits(v) as i16 as i64,
        };
        let sign_bit = match t {
            ElementType::F64 => i64::MIN,
            ElementType::F32 => -(1i64 << 31),
            _ => -(1i64 << 15),
        };
        // Map sign-magnitude to a monotonic integer line.
        if bits < 0 {
            sign_bit - bits
        } else {
            bits
        }
    };
    (key(a) - key(b)).unsigned_abs()
}

fn close(t: ElementType, a: Scalar, e: Scalar, min_ulp: u64, max_ulp: u64) -> bool {
    let one = |x: f64, y: f64, t: ElementType| {
        if !x.is_finite() || !y.is_finite() {
            return (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits();
        }
        let d = ulp_distance(t, x, y);
        d >= min_ulp && d <= max_ulp
    };
    match (a, e) {
        (Scalar::Float(x), Scalar::Float(y)) => one(x, y, t),
        (Scalar::Complex(a, b), Scalar::Complex(c, d)) => one(a, c, t.real_part()) && one(b, d, t.real_part()),
        (Scalar::Int(x), Scalar::Int(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn almost_eq_treats_nan_and_infinity_as_stablehlo_does() {
        assert!(almost_equal(Scalar::Float(f64::NAN), Scalar::Float(f64::NAN), 1e-4));
        assert!(!almost_equal(Scalar::Float(f64::INFINITY), Scalar::Float(1e300), 1e-4));
        assert!(almost_equal(Scalar::Float(1.00005), Scalar::Float(1.0), 1e-4));
        assert!(!exactly_equal(Scalar::Float(f64::NAN), Scalar::Float(f64::NAN)));
        assert!(exactly_equal(Scalar::Float(-0.0), Scalar::Float(0.0)));
    }

    #[test]
    fn ulp_distance_counts_representable_steps() {
        let next = f32::from_bits(1.0f32.to_bits() + 1) as f64;
        assert_eq!(ulp_distance(ElementType::F32, 1.0, next), 1);
        assert_eq!(ulp_distance(ElementType::F32, -0.0, 0.0), 0);
        let tiny = f32::from_bits(1) as f64;
        assert_eq!(ulp_distance(ElementType::F32, -tiny, tiny), 2);
    }
}

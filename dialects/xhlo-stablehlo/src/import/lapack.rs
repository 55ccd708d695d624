//! jaxlib's LAPACK custom calls as xhlo ops. On CPU, JAX lowers `jnp.linalg` and
//! `jax.scipy.linalg` functions to `custom_call @lapack_<t><routine>_ffi` (t: s, d, c, z) with
//! the routine's character flags in `mhlo.backend_config`; XLA runs them by calling LAPACK.
//! Here they become xhlo ops that compute the same values:
//!
//! - `trsm` (a, b) → `triangular_solve`: `side` L/R is `left_side`, `uplo` L/U is `lower`,
//!   `trans_x` N/T/C is `transpose_a` NO_TRANSPOSE/TRANSPOSE/ADJOINT, `diag` U/N is
//!   `unit_diagonal`.
//! - `potrf` (a) → (`cholesky`, info): `uplo` is `lower`; LAPACK's info is 0 when the
//!   factorization succeeded. xhlo's Cholesky of a matrix that is not positive definite
//!   leaves NaN in the factor (a square root of a negative pivot), so info is 1 where the
//!   factor holds a NaN, which JAX's code after the call turns into an all-NaN result, as
//!   with LAPACK.
//!
//! The routines no xhlo op computes are expanded into `while` loops of ordinary xhlo ops,
//! f32/f64 only (the complex ones pivot and reflect by other rules, and are refused):
//!
//! - `getrf` (a) → (factors, pivots, info): LAPACK's `getf2` ([`getrf`]).
//! - `geqrf` (a) → (reflectors and R, taus) and `orgqr` (reflectors, taus) → Q: LAPACK's
//!   `geqr2` and `org2r` ([`householder`]).
//! - `syevd` (a) → (eigenvectors, eigenvalues, info): a cyclic Jacobi method ([`jacobi`]).
//! - `gesdd` (a) → (a, singular values, u, vt, info), `mode` A (full), S (reduced) or N (no
//!   vectors wanted; they are computed in the full or reduced shapes the call declares): a
//!   one-sided Jacobi method ([`svd`]).
//!
//! The calls' `operand_layouts` (column-major, as LAPACK wants) describe the memory the
//! library reads, not the values, so they do not carry over. Other LAPACK routines (geev,
//! gees, ...) are refused by name.

mod batch;
mod getrf;
mod householder;
mod jacobi;
mod svd;

use super::attrs::Named;
use super::types::{dims_of, element_of, i1, int, tensor, with_element};
use super::{Cx, Src, Val};
use mlir_text::ast::Attribute;

/// The xhlo ops for `target` when it is a jaxlib LAPACK call; `None` for other targets.
pub fn import(cx: &mut Cx, src: &Src, target: &str) -> Option<Result<Vec<Val>, String>> {
    let routine = target.strip_prefix("lapack_")?.strip_suffix("_ffi")?;
    let (kind, name) = routine.split_at_checked(1)?;
    if !matches!(kind, "s" | "d" | "c" | "z") {
        return None;
    }
    Some(match name {
        "trsm" => trsm(cx, src),
        "potrf" => potrf(cx, src),
        "getrf" => getrf::getrf(cx, src),
        "geqrf" => householder::geqrf(cx, src),
        "orgqr" => householder::orgqr(cx, src),
        "syevd" => syevd(cx, src),
        "gesdd" => choose(src, "mode", &[('A', Some(true)), ('S', Some(false)), ('N', None)]).and_then(|full| svd::gesdd(cx, src, full)),
        other => Err(format!(
            "unsupported: custom_call @{target}: the LAPACK routine {other} has no xhlo equivalent (trsm, potrf, getrf, geqrf, orgqr, syevd and gesdd are imported)"
        )),
    })
}

/// The character flag `key` of the call's `mhlo.backend_config` (an 8-bit character code).
fn flag(src: &Src, key: &str) -> Result<char, String> {
    let Some(Attribute::Dict(entries)) = src.op.attr("mhlo.backend_config") else {
        return Err("a LAPACK custom_call without the dictionary mhlo.backend_config".into());
    };
    match entries.iter().find(|(k, _)| k == key).map(|(_, v)| v) {
        Some(Attribute::Int(text, _)) => text.parse::<u8>().map(char::from).map_err(|_| format!("mhlo.backend_config {key} = {text} is not a character code")),
        Some(_) => Err(format!("mhlo.backend_config {key} must be an integer character code")),
        None => Err(format!("mhlo.backend_config has no '{key}'")),
    }
}

/// Which of `choices` (character, meaning) the flag `key` is.
fn choose<T: Copy>(src: &Src, key: &str, choices: &[(char, T)]) -> Result<T, String> {
    let c = flag(src, key)?;
    choices.iter().find(|(k, _)| *k == c).map(|(_, v)| *v).ok_or_else(|| {
        let allowed: String = choices.iter().map(|(k, _)| *k).collect();
        format!("mhlo.backend_config {key} = '{c}' is none of '{allowed}'")
    })
}

fn trsm(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(2)?;
    let left_side = choose(src, "side", &[('L', true), ('R', false)])?;
    let lower = choose(src, "uplo", &[('L', true), ('U', false)])?;
    let transpose = choose(src, "trans_x", &[('N', "NO_TRANSPOSE"), ('T', "TRANSPOSE"), ('C', "ADJOINT")])?;
    let unit_diagonal = choose(src, "diag", &[('U', true), ('N', false)])?;
    let attrs: Named = vec![
        ("left_side".into(), Attribute::Bool(left_side)),
        ("lower".into(), Attribute::Bool(lower)),
        ("unit_diagonal".into(), Attribute::Bool(unit_diagonal)),
        ("transpose_a".into(), Attribute::Str(transpose.into())),
    ];
    Ok(vec![cx.emit1("xhlo.triangular_solve", &src.operands, attrs, src.result()?.clone())])
}

fn syevd(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    // mode 'N' (eigenvalues only) leaves LAPACK's first result unspecified; the eigenvectors
    // are computed either way.
    choose(src, "mode", &[('V', ()), ('N', ())])?;
    let lower = choose(src, "uplo", &[('L', true), ('U', false)])?;
    jacobi::syevd(cx, src, lower)
}

fn potrf(cx: &mut Cx, src: &Src) -> Result<Vec<Val>, String> {
    src.expect_operands(1)?;
    let [factor_ty, info_ty] = src.results.as_slice() else {
        return Err(format!("a LAPACK potrf call has 2 results (factor, info), got {}", src.results.len()));
    };
    let lower = choose(src, "uplo", &[('L', true), ('U', false)])?;
    let factor = cx.emit1("xhlo.cholesky", &src.operands, vec![("lower".into(), Attribute::Bool(lower))], factor_ty.clone());
    let dims = dims_of(factor_ty).ok_or("the factor must be a static tensor")?;
    let rank = dims.len();
    if rank < 2 || element_of(factor_ty).is_none() {
        return Err("the factor of a LAPACK potrf call must be a batch of matrices".into());
    }
    // info = any(factor != factor) over each matrix, as 0/1.
    let pred = i1();
    let nan = cx.emit1("xhlo.compare", &[factor.clone(), factor.clone()], vec![("comparison_direction".into(), Attribute::Str("NE".into()))], with_element(factor_ty, pred.clone()));
    let scalar = tensor(&[], pred.clone());
    let no = cx.emit1("xhlo.constant", &[], vec![("value".into(), Attribute::Dense { body: "false".into(), ty: scalar.clone() })], scalar.clone());
    let body = cx.block(&[scalar.clone(), scalar.clone()], |cx, args| vec![cx.emit1("xhlo.or", args, vec![], scalar.clone())]);
    let batch = tensor(&dims[..rank - 2], pred);
    let matrix_dims = super::attrs::i64_array(&[rank as i64 - 2, rank as i64 - 1]);
    let any = cx.emit("xhlo.reduce", &[nan, no], vec![("dimensions".into(), matrix_dims)], vec![batch], vec![body]).remove(0);
    if dims_of(info_ty).as_deref() != Some(&dims[..rank - 2]) || element_of(info_ty) != Some(&int(32, false)) {
        return Err(format!("the info result of a LAPACK potrf call must be i32 over the batch dimensions {:?}", &dims[..rank - 2]));
    }
    let info = cx.emit1("xhlo.convert", &[any], vec![], info_ty.clone());
    Ok(vec![factor, info])
}

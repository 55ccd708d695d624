//! `dot_general` handed to the dot library: a precompiled GEMM the JIT's runtime provides
//! (`xhlo::gemm`, the `gemm` crate's kernels for the host's vector width), as XLA's CPU
//! backend calls Eigen. LLVM then compiles a call per dot instead of a register-tiled kernel,
//! which was most of the compile time of programs with dots.
//!
//! The dot is written as the plain product over loops `(b,) m, n, k` on the operands' views
//! (the tiled kernel's: each group of dimensions one dimension, a transpose only where a
//! group is not a run of adjacent dimensions), initialized with zeros and marked
//! `library_call = "xhlo_gemm"`: still a correct `linalg.generic` wherever it goes (a
//! pipeline without `xhlo-gemm-calls` runs it as loops). After bufferization
//! `xhlo-gemm-calls` replaces it with the library's calls, passing each view's strides (A or
//! B transposed, as in Q·Kᵀ, is a stride, not a copy). An output fusion's epilogue is one
//! element-wise kernel over the product afterwards ([`crate::ops::fusion`]).
//!
//! Taken for f32 and f64 dots whose operands have the result's type (the library multiplies
//! in one type); the tiled kernel keeps integer results and converted operands.

use super::dot_tiled::{self, Tiled, G};
use crate::convert::Ctx;
use crate::emitter::Operand;
use crate::scalar;
use xhlo_ir::{ElementType, TensorType};

/// The `library_call` of the products `xhlo-gemm-calls` turns into calls.
pub const LIBRARY_CALL: &str = "xhlo_gemm";

/// Whether the dot of plan `p` goes to the library under the lowering's options (an outer
/// product, without contracting dimensions, stays on the tiled kernel).
pub fn applies(ctx: &Ctx, p: &Tiled) -> bool {
    let e = p.out.element;
    ctx.options.gemm_library && matches!(e, ElementType::F32 | ElementType::F64) && p.lt.element == e && p.rt.element == e && !p.contract.is_empty()
}

/// Emits the product of `lhs` and `rhs` (lowered names) for the library; returns the result
/// tensor (of the dot's result type).
pub fn emit(ctx: &mut Ctx, p: &Tiled, lhs: &str, rhs: &str) -> Result<String, String> {
    let lhs_parts = [(G::B, p.batch.iter().map(|x| x.0).collect()), (G::M, p.lfree.clone()), (G::K, p.contract.iter().map(|x| x.0).collect())];
    let rhs_parts = [(G::B, p.batch.iter().map(|x| x.1).collect()), (G::K, p.contract.iter().map(|x| x.1).collect()), (G::N, p.rfree.clone())];
    let a = dot_tiled::view(ctx, lhs, &p.lt, &lhs_parts);
    let b = dot_tiled::view(ctx, rhs, &p.rt, &rhs_parts);
    let has_batch = !p.batch.is_empty();
    // Loops (b,) m, n, k.
    let first = has_batch as usize;
    let loop_of = |g: G| match g {
        G::B => "d0".to_string(),
        G::M => format!("d{first}"),
        G::N => format!("d{}", first + 1),
        G::K => format!("d{}", first + 2),
    };
    let c_dims: Vec<i64> = if has_batch { vec![p.b, p.m, p.n] } else { vec![p.m, p.n] };
    let c_ty = TensorType::new(c_dims, p.out.element);
    let c_map: Vec<String> = (0..c_ty.rank()).map(|d| format!("d{d}")).collect();
    let zero = super::zero_of(ctx, p.out.element);
    let init = ctx.e.fill(&c_ty, &zero);
    let mut iterators = vec!["parallel"; c_ty.rank()];
    iterators.push("reduction");
    let oe = p.out.element;
    let inputs = [Operand { value: a.value.clone(), ty: a.ty.clone(), map: a.map(loop_of) }, Operand { value: b.value.clone(), ty: b.ty.clone(), map: b.map(loop_of) }];
    let attrs = format!("library_call = \"{LIBRARY_CALL}\"");
    let mut c = ctx.e.generic_with(&inputs, vec![Operand { value: init, ty: c_ty.clone(), map: c_map.join(", ") }], &iterators, &attrs, |e, args| {
        let s = super::multiply_accumulate(e, args, oe, oe, oe)?;
        Ok(vec![scalar::store(e, &s)])
    })?;
    let c = c.remove(0);
    Ok(dot_tiled::to_result_shape(&mut ctx.e, p, &c, &c_ty))
}

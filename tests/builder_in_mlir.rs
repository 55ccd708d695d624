//! What the builder emits is valid xhlo for MLIR too: every module below is printed, parsed
//! by MLIR with the dialect loaded, and passes the verifier (seed 003's broadcasting
//! examples, a reduction with a sub-computation, a while loop and a variadic sort).

use xhlo::dialect::{source, XhloContext};
use xhlo::ir::builder::{BuildError, Builder, Function};
use xhlo::ir::types::{ElementType::*, Type};

fn scalar_computation(name: &str, op: &str) -> Result<Function, BuildError> {
    let mut b = Builder::new(name);
    let (x, y) = (b.parameter(0, Type::scalar(F32))?, b.parameter(1, Type::scalar(F32))?);
    let r = b.binary(op, x, y, &[])?;
    b.build(&[r])
}

fn modules() -> Result<Vec<(String, String)>, BuildError> {
    let mut out = Vec::new();
    // Seed 003: matrix + vector along dimension 1, degenerate dimensions, composition.
    let mut b = Builder::new("matrix_plus_vector");
    let (m, v) = (b.parameter(0, Type::tensor([2, 3], F32))?, b.parameter(1, Type::tensor([3], F32))?);
    let r = b.add(m, v, &[1])?;
    out.push(("matrix_plus_vector".into(), b.build(&[r])?.into_module().to_string()));

    let mut b = Builder::new("degenerate");
    let (x, y) = (b.parameter(0, Type::tensor([2, 1], F32))?, b.parameter(1, Type::tensor([1, 3], F32))?);
    let r = b.mul(x, y, &[])?;
    out.push(("degenerate".into(), b.build(&[r])?.into_module().to_string()));

    let mut b = Builder::new("composition");
    let (x, y) = (b.parameter(0, Type::tensor([2, 3, 4], F32))?, b.parameter(1, Type::tensor([1, 4], F32))?);
    let r = b.add(x, y, &[1, 2])?;
    out.push(("composition".into(), b.build(&[r])?.into_module().to_string()));

    let add = scalar_computation("add", "add")?;
    let mut b = Builder::new("row_sums");
    let m = b.parameter(0, Type::tensor([2, 3], F32))?;
    let zero = b.constant_r0(0.0f32)?;
    let sums = b.reduce(m, zero, &add, &[1])?;
    out.push(("row_sums".into(), b.build(&[sums])?.into_module().to_string()));

    let mut cond = Builder::new("cond");
    let i = cond.parameter(0, Type::scalar(S32))?;
    let ten = cond.constant_r0(10i32)?;
    let c = cond.lt(i, ten, &[])?;
    let cond = cond.build(&[c])?;
    let mut body = Builder::new("body");
    let i = body.parameter(0, Type::scalar(S32))?;
    let one = body.constant_r0(1i32)?;
    let next = body.add(i, one, &[])?;
    let body = body.build(&[next])?;
    let mut b = Builder::new("count");
    let start = b.constant_r0(0i32)?;
    let r = b.while_loop(&cond, &body, &[start])?;
    out.push(("count".into(), b.build(&r)?.into_module().to_string()));

    let mut cmp = Builder::new("less");
    let ps: Vec<_> = [F32, F32, S32, S32].iter().enumerate().map(|(i, t)| cmp.parameter(i, Type::scalar(*t))).collect::<Result<_, _>>()?;
    let lt = cmp.lt(ps[0], ps[1], &[])?;
    let cmp = cmp.build(&[lt])?;
    let mut b = Builder::new("sort_pairs");
    let (k, v) = (b.parameter(0, Type::tensor([5], F32))?, b.parameter(1, Type::tensor([5], S32))?);
    let r = b.sort(&[k, v], &cmp, 0, true)?;
    out.push(("sort_pairs".into(), b.build(&r)?.into_module().to_string()));
    Ok(out)
}

#[test]
fn builder_output_parses_and_verifies_in_mlir() {
    let ctx = XhloContext::new();
    for (name, text) in modules().expect("the builder accepts these programs") {
        if let Err(diagnostics) = source::parse_and_verify(&ctx, &text, &name) {
            panic!("{name} did not verify:\n{text}\n{diagnostics:?}");
        }
    }
}

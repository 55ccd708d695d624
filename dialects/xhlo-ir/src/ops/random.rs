//! Random-number ops (seed 002 "RngUniform", "RngNormal", "RngBitGenerator"; seed 001
//! "RngUniform", "RngNormal").
//!
//! The output shape of every random op is not determined by its operands: it is the declared
//! result type (XLA's `shape` argument). The rules check the distribution parameters against it.
//! All three ops read or advance generator state, so they are side-effecting (an unused
//! `rng_uniform` may be dropped by a pass that knows better, but not by a generic one).
//!
//! Lowered by `lowering/src/ops/random.rs`: `rng_bit_generator` with XLA CPU's exact bits
//! (DEFAULT runs as PHILOX, as on XLA CPU), `rng_uniform`/`rng_normal` from a stream keyed by
//! the compile option `rng-seed` (the README's "Random numbers").

use crate::op::{Import, Syntax};
use super::*;
use crate::op::{attr, tensor, AttrKind, Category, Effects, OpDef, OpView, ValueDef};

/// Element types RngUniform accepts: seed 002 allows booleans, integers and floats (seed 001
/// listed only F32, S32, U32; 002 is newer and wins).
const PRED_INT_OR_FLOAT: TypeClass = TypeClass {
    test: |t| t.is_pred() || t.is_int() || t.is_float(),
    what: "PRED, an integer or a float",
};

const RNG_BIT_GENERATOR_RESULTS: &[ValueDef] = &[tensor("output_state"), tensor("output")];

pub const OPS: &[OpDef] = &[
    OpDef {
        effects: Effects::SideEffecting,
        ..OpDef::new("rng_uniform", Category::Random,
            "RngUniform: a result of the declared shape filled with numbers uniform on [a, b); a and b are scalars \
             of the result's element type (PRED, integer or float); b <= a gives an implementation-defined result",
            &[tensor("a"), tensor("b")], infer_rng_uniform)
    }.with_syntax(Syntax::Own).with_import(Import::Converted("stablehlo.rng")),
    OpDef {
        effects: Effects::SideEffecting,
        ..OpDef::new("rng_normal", Category::Random,
            "RngNormal: a result of the declared shape filled with numbers drawn from N(mu, sigma); mu and sigma are \
             float scalars of the result's element type",
            &[tensor("mu"), tensor("sigma")], infer_rng_normal)
    }.with_syntax(Syntax::Own).with_import(Import::Converted("stablehlo.rng")),
    OpDef {
        results: RNG_BIT_GENERATOR_RESULTS,
        attrs: &[attr("rng_algorithm", AttrKind::Str)],
        effects: Effects::SideEffecting,
        ..OpDef::new("rng_bit_generator", Category::Random,
            "RngBitGenerator: uniform random bits of the declared output shape from a ui64 state vector, and the \
             advanced state; rng_algorithm is DEFAULT (the backend's choice: PHILOX on XLA CPU and here), THREE_FRY (state \
             tensor<2xui64>) or PHILOX (state tensor<2xui64> or tensor<3xui64>)",
            &[tensor("initial_state")], infer_rng_bit_generator)
    }.with_syntax(Syntax::Own),
];

/// Checks `t` is a rank-0 tensor; `name` names it in the error.
fn check_scalar(t: &TensorType, name: &str) -> Result<(), String> {
    if t.rank() == 0 {
        Ok(())
    } else {
        Err(format!("{name} must be a scalar (rank 0) but has shape {:?}", t.dims))
    }
}

/// The shared rule of rng_uniform and rng_normal: two scalar parameters of one element type
/// in `class`, and a declared result with that element type.
fn rng_distribution(v: &OpView, first: &str, second: &str, class: TypeClass) -> Result<Vec<Type>, String> {
    let (p, q) = (v.tensor(first)?, v.tensor(second)?);
    check_scalar(p, first)?;
    check_scalar(q, second)?;
    class.check(p.element, first)?;
    if q.element != p.element {
        return Err(format!(
            "{second} has element type {} but {first} has {}; the parameters must have the same type",
            describe_element(q.element),
            describe_element(p.element)
        ));
    }
    let result = v.declared_tensor(0)?;
    if result.element != p.element {
        return Err(format!(
            "result has element type {} but the parameters have {}",
            describe_element(result.element),
            describe_element(p.element)
        ));
    }
    one(result.clone())
}

fn infer_rng_uniform(v: &OpView) -> Result<Vec<Type>, String> {
    rng_distribution(v, "a", "b", PRED_INT_OR_FLOAT)
}

fn infer_rng_normal(v: &OpView) -> Result<Vec<Type>, String> {
    rng_distribution(v, "mu", "sigma", FLOAT)
}

const RNG_ALGORITHMS: &[&str] = &["DEFAULT", "THREE_FRY", "PHILOX"];

fn infer_rng_bit_generator(v: &OpView) -> Result<Vec<Type>, String> {
    let state = v.tensor("initial_state")?;
    let algorithm = v.enum_str("rng_algorithm", RNG_ALGORITHMS)?.ok_or("missing attribute 'rng_algorithm'")?;
    if state.element != ElementType::U64 {
        return Err(format!(
            "initial_state has element type {} but must be ui64 (U64)",
            describe_element(state.element)
        ));
    }
    if state.rank() != 1 {
        return Err(format!("initial_state must have rank 1 but has shape {:?}", state.dims));
    }
    let size = state.dims[0];
    let allowed: &[i64] = match algorithm {
        "THREE_FRY" => &[2],
        "PHILOX" => &[2, 3],
        // DEFAULT: the backend decides the state size.
        _ => &[],
    };
    if !allowed.is_empty() && !allowed.contains(&size) {
        let sizes: Vec<String> = allowed.iter().map(|s| s.to_string()).collect();
        return Err(format!(
            "rng_algorithm {algorithm} needs an initial_state of {} ui64 values, got {size}",
            sizes.join(" or ")
        ));
    }
    let output = v.declared_tensor(1)?;
    if !output.element.is_int() {
        return Err(format!(
            "output has element type {} but must be an integer (random bits)",
            describe_element(output.element)
        ));
    }
    Ok(vec![
        Type::Tensor(TensorType { layout: None, ..state.clone() }),
        Type::Tensor(TensorType { layout: None, ..output.clone() }),
    ])
}

#[cfg(test)]
mod tests {
    use crate::catalogue;
    use crate::op::Effects;
    use crate::testing::{infer, verify};

    fn err(r: Result<(), String>) -> String {
        r.expect_err("expected the verifier to reject this op")
    }

    #[test]
    fn random_ops_are_side_effecting() {
        for name in ["rng_uniform", "rng_normal", "rng_bit_generator"] {
            assert_eq!(catalogue::lookup(name).unwrap().effects, Effects::SideEffecting, "{name}");
        }
    }

    // rng_uniform

    #[test]
    fn rng_uniform_gives_the_declared_shape() {
        assert_eq!(
            infer("rng_uniform", &["tensor<f32>", "tensor<f32>"], "{}", &[], &["tensor<3x4xf32>"]).unwrap(),
            vec!["tensor<3x4xf32>"]
        );
        verify("rng_uniform", &["tensor<i32>", "tensor<i32>"], "{}", &[], &["tensor<5xi32>"]).unwrap();
    }

    #[test]
    fn rng_uniform_accepts_the_seed_001_types_f32_s32_u32() {
        for t in ["f32", "i32", "ui32"] {
            let s = format!("tensor<{t}>");
            let r = format!("tensor<2x2x{t}>");
            verify("rng_uniform", &[&s, &s], "{}", &[], &[&r]).unwrap();
        }
    }

    #[test]
    fn rng_uniform_accepts_pred_per_seed_002() {
        verify("rng_uniform", &["tensor<i1>", "tensor<i1>"], "{}", &[], &["tensor<8xi1>"]).unwrap();
    }

    #[test]
    fn rng_uniform_rejects_non_scalar_bounds() {
        let e = err(verify("rng_uniform", &["tensor<2xf32>", "tensor<f32>"], "{}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("a must be a scalar"), "{e}");
        let e = err(verify("rng_uniform", &["tensor<f32>", "tensor<1xf32>"], "{}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("b must be a scalar"), "{e}");
    }

    #[test]
    fn rng_uniform_rejects_mismatched_bound_types() {
        let e = err(verify("rng_uniform", &["tensor<f32>", "tensor<f64>"], "{}", &[], &["tensor<2xf32>"]));
        assert!(e.contains("b has element type f64 (F64) but a has f32 (F32)"), "{e}");
    }

    #[test]
    fn rng_uniform_rejects_complex_bounds() {
        let e = err(verify(
            "rng_uniform",
            &["tensor<complex<f32>>", "tensor<complex<f32>>"],
            "{}",
            &[],
            &["tensor<2xcomplex<f32>>"],
        ));
        assert!(e.contains("must be PRED, an integer or a float"), "{e}");
    }

    #[test]
    fn rng_uniform_rejects_result_element_differing_from_bounds() {
        let e = err(verify("rng_uniform", &["tensor<f32>", "tensor<f32>"], "{}", &[], &["tensor<2xf16>"]));
        assert!(e.contains("result has element type f16 (F16) but the parameters have f32 (F32)"), "{e}");
    }

    #[test]
    fn rng_uniform_needs_a_declared_result() {
        let e = infer("rng_uniform", &["tensor<f32>", "tensor<f32>"], "{}", &[], &[]).unwrap_err();
        assert!(e.contains("missing result #0"), "{e}");
    }

    // rng_normal

    #[test]
    fn rng_normal_gives_the_declared_shape() {
        assert_eq!(
            infer("rng_normal", &["tensor<f32>", "tensor<f32>"], "{}", &[], &["tensor<10xf32>"]).unwrap(),
            vec!["tensor<10xf32>"]
        );
        verify("rng_normal", &["tensor<bf16>", "tensor<bf16>"], "{}", &[], &["tensor<2x3xbf16>"]).unwrap();
    }

    #[test]
    fn rng_normal_rejects_integer_parameters() {
        let e = err(verify("rng_normal", &["tensor<i32>", "tensor<i32>"], "{}", &[], &["tensor<2xi32>"]));
        assert!(e.contains("mu has element type i32 (S32) but must be a float"), "{e}");
    }

    #[test]
    fn rng_normal_rejects_non_scalar_parameters() {
        let e = err(verify("rng_normal", &["tensor<f32>", "tensor<3xf32>"], "{}", &[], &["tensor<3xf32>"]));
        assert!(e.contains("sigma must be a scalar"), "{e}");
    }

    #[test]
    fn rng_normal_rejects_mismatched_parameter_types() {
        let e = err(verify("rng_normal", &["tensor<f32>", "tensor<f16>"], "{}", &[], &["tensor<3xf32>"]));
        assert!(e.contains("sigma has element type f16 (F16) but mu has f32 (F32)"), "{e}");
    }

    #[test]
    fn rng_normal_rejects_result_element_differing_from_parameters() {
        let e = err(verify("rng_normal", &["tensor<f32>", "tensor<f32>"], "{}", &[], &["tensor<3xf64>"]));
        assert!(e.contains("result has element type f64 (F64)"), "{e}");
    }

    // rng_bit_generator

    #[test]
    fn rng_bit_generator_three_fry_takes_a_u64_pair_seed_002() {
        // Seed 002: rng_three_fry's initial_state shape is u64[2].
        assert_eq!(
            infer(
                "rng_bit_generator",
                &["tensor<2xui64>"],
                "{rng_algorithm = \"THREE_FRY\"}",
                &[],
                &["tensor<2xui64>", "tensor<4x4xui32>"]
            )
            .unwrap(),
            vec!["tensor<2xui64>", "tensor<4x4xui32>"]
        );
    }

    #[test]
    fn rng_bit_generator_philox_takes_three_u64_seed_002() {
        // Seed 002: rng_philox's initial_state shape is u64[3] (StableHLO also admits u64[2]).
        verify(
            "rng_bit_generator",
            &["tensor<3xui64>"],
            "{rng_algorithm = \"PHILOX\"}",
            &[],
            &["tensor<3xui64>", "tensor<16xui64>"],
        )
        .unwrap();
        verify(
            "rng_bit_generator",
            &["tensor<2xui64>"],
            "{rng_algorithm = \"PHILOX\"}",
            &[],
            &["tensor<2xui64>", "tensor<16xi32>"],
        )
        .unwrap();
    }

    #[test]
    fn rng_bit_generator_default_takes_any_state_size() {
        verify(
            "rng_bit_generator",
            &["tensor<5xui64>"],
            "{rng_algorithm = \"DEFAULT\"}",
            &[],
            &["tensor<5xui64>", "tensor<7xui8>"],
        )
        .unwrap();
    }

    #[test]
    fn rng_bit_generator_rejects_wrong_three_fry_state_size() {
        let e = err(verify(
            "rng_bit_generator",
            &["tensor<3xui64>"],
            "{rng_algorithm = \"THREE_FRY\"}",
            &[],
            &["tensor<3xui64>", "tensor<4xui32>"],
        ));
        assert!(e.contains("rng_algorithm THREE_FRY needs an initial_state of 2 ui64 values, got 3"), "{e}");
    }

    #[test]
    fn rng_bit_generator_rejects_wrong_philox_state_size() {
        let e = err(verify(
            "rng_bit_generator",
            &["tensor<4xui64>"],
            "{rng_algorithm = \"PHILOX\"}",
            &[],
            &["tensor<4xui64>", "tensor<4xui32>"],
        ));
        assert!(e.contains("PHILOX needs an initial_state of 2 or 3 ui64 values, got 4"), "{e}");
    }

    #[test]
    fn rng_bit_generator_rejects_non_u64_state() {
        let e = err(verify(
            "rng_bit_generator",
            &["tensor<2xui32>"],
            "{rng_algorithm = \"THREE_FRY\"}",
            &[],
            &["tensor<2xui32>", "tensor<4xui32>"],
        ));
        assert!(e.contains("initial_state has element type ui32 (U32) but must be ui64"), "{e}");
    }

    #[test]
    fn rng_bit_generator_rejects_state_of_rank_other_than_one() {
        let e = err(verify(
            "rng_bit_generator",
            &["tensor<1x2xui64>"],
            "{rng_algorithm = \"THREE_FRY\"}",
            &[],
            &["tensor<1x2xui64>", "tensor<4xui32>"],
        ));
        assert!(e.contains("initial_state must have rank 1"), "{e}");
    }

    #[test]
    fn rng_bit_generator_rejects_unknown_algorithm() {
        let e = err(verify(
            "rng_bit_generator",
            &["tensor<2xui64>"],
            "{rng_algorithm = \"MERSENNE\"}",
            &[],
            &["tensor<2xui64>", "tensor<4xui32>"],
        ));
        assert!(e.contains("\"MERSENNE\" but must be one of DEFAULT, THREE_FRY, PHILOX"), "{e}");
    }

    #[test]
    fn rng_bit_generator_requires_the_algorithm() {
        let e = err(verify("rng_bit_generator", &["tensor<2xui64>"], "{}", &[], &["tensor<2xui64>", "tensor<4xui32>"]));
        assert!(e.contains("missing required attribute 'rng_algorithm'"), "{e}");
    }

    #[test]
    fn rng_bit_generator_rejects_float_output() {
        let e = err(verify(
            "rng_bit_generator",
            &["tensor<2xui64>"],
            "{rng_algorithm = \"THREE_FRY\"}",
            &[],
            &["tensor<2xui64>", "tensor<4xf32>"],
        ));
        assert!(e.contains("output has element type f32 (F32) but must be an integer"), "{e}");
    }

    #[test]
    fn rng_bit_generator_rejects_output_state_differing_from_initial_state() {
        let e = err(verify(
            "rng_bit_generator",
            &["tensor<2xui64>"],
            "{rng_algorithm = \"THREE_FRY\"}",
            &[],
            &["tensor<3xui64>", "tensor<4xui32>"],
        ));
        assert!(e.contains("result #0 is declared as tensor<3xui64> but the op produces tensor<2xui64>"), "{e}");
    }
}

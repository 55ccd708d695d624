//! Calls out of the op set (seed 002 "CustomCall", "CompositeCall"; seed 001 "CustomCall").
//!
//! Both ops take any values and give results whose types only the call knows: the declared
//! result types. `custom_call` runs code the compiler cannot see, so it is side-effecting (seed
//! 002 asks user functions to be free of side effects and idempotent, but `has_side_effect`
//! exists because real targets are not, and nothing here can tell them apart).
//! `composite` is by definition replaceable by its decomposition, a function of its operands
//! and attributes, so it is pure.

use crate::op::{Import, Syntax};
use super::*;
use crate::attrs::Attr;
use crate::op::{attr, check_permutation, opt_attr, values, AttrKind, Category, Effects, OpDef, OpView, ValueDef};

const ANY_RESULTS: &[ValueDef] = &[values("results")];

pub const OPS: &[OpDef] = &[
    OpDef {
        results: ANY_RESULTS,
        attrs: &[
            attr("call_target_name", AttrKind::Str),
            opt_attr("has_side_effect", AttrKind::Bool),
            opt_attr("backend_config", AttrKind::Any),
            opt_attr("api_version", AttrKind::Int),
            opt_attr("called_computations", AttrKind::Array),
            opt_attr("operand_layouts", AttrKind::Array),
            opt_attr("result_layouts", AttrKind::Array),
        ],
        effects: Effects::SideEffecting,
        ..OpDef::new("custom_call", Category::Misc,
            "CustomCall: calls the external function call_target_name on the operands, giving results of the \
             declared types; backend_config is a string (a dictionary for api_version 4, typed FFI); \
             operand_layouts/result_layouts, given together, fix each value's minor-to-major layout",
            &[values("operands")], infer_custom_call)
    }.with_syntax(Syntax::Own).with_import(Import::Converted("stablehlo.custom_call")).unlowered("a custom call names an external function, and the JIT has no registry of targets"),
    OpDef {
        results: ANY_RESULTS,
        attrs: &[
            attr("name", AttrKind::Str),
            attr("decomposition", AttrKind::Symbol),
            opt_attr("composite_attributes", AttrKind::Dict),
            opt_attr("version", AttrKind::Int),
        ],
        ..OpDef::new("composite", Category::Misc,
            "CompositeCall: the named composite op on the operands, with the semantics of the function \
             `decomposition` (which it may be replaced by); composite_attributes parameterize it and version \
             (default 0) numbers semantic revisions; results have the declared types (the decomposition's \
             signature is checked against the symbol table, not here)",
            &[values("operands")], infer_composite)
    }.with_syntax(Syntax::Own),
];

/// `t` without layouts, recursively (results are returned without layout).
fn without_layout(t: &Type) -> Type {
    match t {
        Type::Tensor(t) => Type::Tensor(TensorType { layout: None, ..t.clone() }),
        Type::Tuple(elems) => Type::Tuple(elems.iter().map(without_layout).collect()),
        Type::Token => Type::Token,
    }
}

/// The declared results, without layouts. No declared results means none.
fn declared_results(v: &OpView) -> Vec<Type> {
    v.results.unwrap_or(&[]).iter().map(without_layout).collect()
}

/// StableHLO's CustomCallApiVersion: 0 unspecified, 1 original, 2 status returning, 3 status
/// returning unified, 4 typed FFI.
const API_VERSIONS: std::ops::RangeInclusive<i64> = 0..=4;
const API_VERSION_TYPED_FFI: i64 = 4;
/// The api_version StableHLO assumes when none is given.
const API_VERSION_DEFAULT: i64 = 1;

/// Checks a layouts attribute against the values it describes: one `array<i64: ...>` per
/// value, a permutation of the tensor's dimensions, empty for a token; tuples cannot be given
/// a layout.
fn check_layouts(layouts: &[Attr], types: &[Type], what: &str) -> Result<(), String> {
    if layouts.len() != types.len() {
        return Err(format!(
            "{what}_layouts has {} entries but there are {} {what}s",
            layouts.len(),
            types.len()
        ));
    }
    for (i, (layout, ty)) in layouts.iter().zip(types).enumerate() {
        let Attr::I64Array(layout) = layout else {
            return Err(format!("{what}_layouts #{i} must be an array<i64: ...>, got {layout}"));
        };
        match ty {
            Type::Tensor(t) => check_permutation(layout, t.rank(), &format!("{what}_layouts #{i}"))
                .map_err(|e| format!("{e} (layout of {what} #{i}, {t})"))?,
            Type::Token if layout.is_empty() => {}
            Type::Token => {
                return Err(format!("{what}_layouts #{i} is {layout:?} but {what} #{i} is a token; only tensors have layouts"))
            }
            Type::Tuple(_) => {
                return Err(format!("{what} #{i} is a tuple ({ty}); layouts can only be given for tensors and tokens"))
            }
        }
    }
    Ok(())
}

fn infer_custom_call(v: &OpView) -> Result<Vec<Type>, String> {
    let target = v.str("call_target_name")?;
    if target.is_empty() {
        return Err("call_target_name must not be empty".into());
    }
    v.flag("has_side_effect")?;
    let api_version = v.opt_int("api_version")?;
    if let Some(version) = api_version {
        if !API_VERSIONS.contains(&version) {
            return Err(format!(
                "api_version must be in {}..={} (0 unspecified, 1 original, 2 status returning, 3 status returning \
                 unified, 4 typed FFI), got {version}",
                API_VERSIONS.start(),
                API_VERSIONS.end()
            ));
        }
    }
    let version = api_version.unwrap_or(API_VERSION_DEFAULT);
    match v.attr("backend_config") {
        None => {}
        Some(Attr::Dict(_)) if version == API_VERSION_TYPED_FFI => {}
        Some(Attr::Str(_)) if version != API_VERSION_TYPED_FFI => {}
        Some(other) if version == API_VERSION_TYPED_FFI => {
            return Err(format!("backend_config must be a dictionary attribute for api_version 4 (typed FFI), got {other}"))
        }
        Some(other) => {
            return Err(format!(
                "backend_config must be a string attribute for api_version {version} (a dictionary needs api_version 4), got {other}"
            ))
        }
    }
    if let Some(called) = v.attr("called_computations") {
        let Attr::Array(called) = called else {
            return Err(format!("attribute 'called_computations' must be an array of symbols, got {called}"));
        };
        for (i, c) in called.iter().enumerate() {
            if !matches!(c, Attr::Symbol(_)) {
                return Err(format!("called_computations #{i} must be a symbol reference (@name), got {c}"));
            }
        }
    }
    let array = |name: &str| -> Result<Option<&[Attr]>, String> {
        match v.attr(name) {
            None => Ok(None),
            Some(Attr::Array(items)) => Ok(Some(items.as_slice())),
            Some(other) => Err(format!("attribute '{name}' must be an array of array<i64: ...>, got {other}")),
        }
    };
    let results = v.results.unwrap_or(&[]);
    match (array("operand_layouts")?, array("result_layouts")?) {
        (None, None) => {}
        (Some(operand_layouts), Some(result_layouts)) => {
            check_layouts(operand_layouts, v.operands, "operand")?;
            // A single tuple result is laid out element by element (StableHLO).
            let result_types = match results {
                [Type::Tuple(elems)] => elems.as_slice(),
                other => other,
            };
            check_layouts(result_layouts, result_types, "result")?;
        }
        (Some(_), None) | (None, Some(_)) => {
            return Err("operand_layouts and result_layouts must be given together or not at all".into())
        }
    }
    Ok(declared_results(v))
}

fn infer_composite(v: &OpView) -> Result<Vec<Type>, String> {
    let name = v.str("name")?;
    if name.is_empty() {
        return Err("name must not be empty".into());
    }
    match v.attr("decomposition") {
        Some(Attr::Symbol(s)) if !s.is_empty() => {}
        Some(Attr::Symbol(_)) => return Err("decomposition must name a function, got an empty symbol".into()),
        Some(other) => return Err(format!("attribute 'decomposition' must be a symbol reference (@name), got {other}")),
        None => return Err("missing attribute 'decomposition'".into()),
    }
    match v.attr("composite_attributes") {
        None | Some(Attr::Dict(_)) => {}
        Some(other) => return Err(format!("attribute 'composite_attributes' must be a dictionary, got {other}")),
    }
    if let Some(version) = v.opt_int("version")? {
        if version < 0 {
            return Err(format!("version must be non-negative, got {version}"));
        }
    }
    Ok(declared_results(v))
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
    fn custom_call_is_side_effecting_and_composite_is_pure() {
        assert_eq!(catalogue::lookup("custom_call").unwrap().effects, Effects::SideEffecting);
        assert_eq!(catalogue::lookup("composite").unwrap().effects, Effects::Pure);
    }

    // custom_call

    #[test]
    fn custom_call_gives_the_declared_shape_seeds_001_002() {
        // Seeds 001/002: CustomCall("myfunc", {x: f32[2], y: f32[2x3]}, f32[3x3]).
        assert_eq!(
            infer(
                "custom_call",
                &["tensor<2xf32>", "tensor<2x3xf32>"],
                "{call_target_name = \"myfunc\"}",
                &[],
                &["tensor<3x3xf32>"]
            )
            .unwrap(),
            vec!["tensor<3x3xf32>"]
        );
        verify("custom_call", &["tensor<2xf32>", "tensor<2x3xf32>"], "{call_target_name = \"myfunc\"}", &[], &["tensor<3x3xf32>"])
            .unwrap();
    }

    #[test]
    fn custom_call_takes_and_gives_any_values() {
        verify(
            "custom_call",
            &["!xhlo.token", "tuple<tensor<f32>, tensor<2xi32>>"],
            "{call_target_name = \"io\", has_side_effect = true, backend_config = \"opaque bytes\", \
              api_version = 2 : i32, called_computations = [@helper]}",
            &[],
            &["tensor<f32>", "!xhlo.token", "tuple<tensor<i1>>"],
        )
        .unwrap();
        verify("custom_call", &[], "{call_target_name = \"noop\"}", &[], &[]).unwrap();
    }

    #[test]
    fn custom_call_returns_results_without_layout() {
        assert_eq!(
            infer(
                "custom_call",
                &[],
                "{call_target_name = \"f\"}",
                &[],
                &["tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>"]
            )
            .unwrap(),
            vec!["tensor<2x3xf32>"]
        );
    }

    #[test]
    fn custom_call_requires_a_non_empty_target_name() {
        let e = err(verify("custom_call", &[], "{}", &[], &[]));
        assert!(e.contains("missing required attribute 'call_target_name'"), "{e}");
        let e = err(verify("custom_call", &[], "{call_target_name = \"\"}", &[], &[]));
        assert!(e.contains("call_target_name must not be empty"), "{e}");
        let e = err(verify("custom_call", &[], "{call_target_name = @f}", &[], &[]));
        assert!(e.contains("attribute 'call_target_name' must be a string attribute"), "{e}");
    }

    #[test]
    fn custom_call_rejects_an_unknown_api_version() {
        let e = err(verify("custom_call", &[], "{call_target_name = \"f\", api_version = 7 : i32}", &[], &[]));
        assert!(e.contains("api_version must be in 0..=4"), "{e}");
    }

    #[test]
    fn custom_call_backend_config_kind_follows_api_version() {
        verify(
            "custom_call",
            &[],
            "{call_target_name = \"f\", api_version = 4 : i32, backend_config = {alpha = 1.0 : f32}}",
            &[],
            &[],
        )
        .unwrap();
        let e = err(verify(
            "custom_call",
            &[],
            "{call_target_name = \"f\", api_version = 4 : i32, backend_config = \"x\"}",
            &[],
            &[],
        ));
        assert!(e.contains("backend_config must be a dictionary attribute for api_version 4"), "{e}");
        let e = err(verify("custom_call", &[], "{call_target_name = \"f\", backend_config = {a = 1 : i64}}", &[], &[]));
        assert!(e.contains("backend_config must be a string attribute for api_version 1"), "{e}");
    }

    #[test]
    fn custom_call_called_computations_are_symbols() {
        let e = err(verify("custom_call", &[], "{call_target_name = \"f\", called_computations = [\"g\"]}", &[], &[]));
        assert!(e.contains("called_computations #0 must be a symbol reference"), "{e}");
    }

    #[test]
    fn custom_call_accepts_layouts_that_are_permutations() {
        verify(
            "custom_call",
            &["tensor<2x3xf32>", "!xhlo.token"],
            "{call_target_name = \"f\", operand_layouts = [array<i64: 0, 1>, array<i64>], \
              result_layouts = [array<i64: 2, 1, 0>]}",
            &[],
            &["tensor<2x3x4xf32>"],
        )
        .unwrap();
    }

    #[test]
    fn custom_call_lays_out_a_single_tuple_result_by_element() {
        verify(
            "custom_call",
            &[],
            "{call_target_name = \"f\", operand_layouts = [], result_layouts = [array<i64: 0>, array<i64: 1, 0>]}",
            &[],
            &["tuple<tensor<2xf32>, tensor<2x2xf32>>"],
        )
        .unwrap();
    }

    #[test]
    fn custom_call_rejects_a_layout_that_is_not_a_permutation() {
        let e = err(verify(
            "custom_call",
            &["tensor<2x3xf32>"],
            "{call_target_name = \"f\", operand_layouts = [array<i64: 1, 1>], result_layouts = [array<i64>]}",
            &[],
            &["tensor<f32>"],
        ));
        assert!(e.contains("operand_layouts #0 1 appears more than once (layout of operand #0, tensor<2x3xf32>)"), "{e}");
        let e = err(verify(
            "custom_call",
            &["tensor<2x3xf32>"],
            "{call_target_name = \"f\", operand_layouts = [array<i64: 1, 0>], result_layouts = [array<i64: 0>]}",
            &[],
            &["tensor<f32>"],
        ));
        assert!(e.contains("result_layouts #0 [0] has 1 entries but rank is 0"), "{e}");
    }

    #[test]
    fn custom_call_rejects_layout_counts_differing_from_values() {
        let e = err(verify(
            "custom_call",
            &["tensor<2xf32>", "tensor<2xf32>"],
            "{call_target_name = \"f\", operand_layouts = [array<i64: 0>], result_layouts = []}",
            &[],
            &[],
        ));
        assert!(e.contains("operand_layouts has 1 entries but there are 2 operands"), "{e}");
    }

    #[test]
    fn custom_call_needs_both_layout_lists_or_neither() {
        let e = err(verify(
            "custom_call",
            &["tensor<2xf32>"],
            "{call_target_name = \"f\", operand_layouts = [array<i64: 0>]}",
            &[],
            &[],
        ));
        assert!(e.contains("operand_layouts and result_layouts must be given together"), "{e}");
    }

    #[test]
    fn custom_call_rejects_layouts_for_tokens_and_tuples() {
        let e = err(verify(
            "custom_call",
            &["!xhlo.token"],
            "{call_target_name = \"f\", operand_layouts = [array<i64: 0>], result_layouts = []}",
            &[],
            &[],
        ));
        assert!(e.contains("operand #0 is a token; only tensors have layouts"), "{e}");
        let e = err(verify(
            "custom_call",
            &["tuple<tensor<f32>>"],
            "{call_target_name = \"f\", operand_layouts = [array<i64>], result_layouts = []}",
            &[],
            &[],
        ));
        assert!(e.contains("operand #0 is a tuple"), "{e}");
        let e = err(verify(
            "custom_call",
            &[],
            "{call_target_name = \"f\", operand_layouts = [], result_layouts = [0 : i64]}",
            &[],
            &["tensor<f32>"],
        ));
        assert!(e.contains("result_layouts #0 must be an array<i64: ...>"), "{e}");
    }

    // composite

    #[test]
    fn composite_gives_the_declared_results_seed_002() {
        // Seed 002: f32[] call(f32[] %cst), is_composite, composite.name="foo.bar",
        // composite.attributes={n = 1 : i32, tensor = dense<1> : tensor<i32>}, composite.version="1".
        assert_eq!(
            infer(
                "composite",
                &["tensor<f32>"],
                "{name = \"foo.bar\", decomposition = @computation, \
                  composite_attributes = {n = 1 : i32, tensor = dense<1> : tensor<i32>}, version = 1 : i32}",
                &[],
                &["tensor<f32>"]
            )
            .unwrap(),
            vec!["tensor<f32>"]
        );
    }

    #[test]
    fn composite_add_n_from_the_stablehlo_tests() {
        verify(
            "composite",
            &["tensor<i64>"],
            "{name = \"stablehlo.add_n\", composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl}",
            &[],
            &["tensor<i64>"],
        )
        .unwrap();
    }

    #[test]
    fn composite_takes_any_number_of_values() {
        verify(
            "composite",
            &["tensor<2xf32>", "!xhlo.token"],
            "{name = \"my.op\", decomposition = @impl}",
            &[],
            &["tensor<2xf32>", "tensor<i1>"],
        )
        .unwrap();
        verify("composite", &[], "{name = \"my.op\", decomposition = @impl}", &[], &[]).unwrap();
    }

    #[test]
    fn composite_requires_name_and_decomposition() {
        let e = err(verify("composite", &[], "{decomposition = @impl}", &[], &[]));
        assert!(e.contains("missing required attribute 'name'"), "{e}");
        let e = err(verify("composite", &[], "{name = \"x\"}", &[], &[]));
        assert!(e.contains("missing required attribute 'decomposition'"), "{e}");
        let e = err(verify("composite", &[], "{name = \"\", decomposition = @impl}", &[], &[]));
        assert!(e.contains("name must not be empty"), "{e}");
        let e = err(verify("composite", &[], "{name = \"x\", decomposition = \"impl\"}", &[], &[]));
        assert!(e.contains("attribute 'decomposition' must be a symbol reference"), "{e}");
    }

    #[test]
    fn composite_rejects_a_negative_version_and_non_dictionary_attributes() {
        let e = err(verify("composite", &[], "{name = \"x\", decomposition = @impl, version = -1 : i32}", &[], &[]));
        assert!(e.contains("version must be non-negative, got -1"), "{e}");
        let e = err(verify("composite", &[], "{name = \"x\", decomposition = @impl, composite_attributes = [1 : i64]}", &[], &[]));
        assert!(e.contains("attribute 'composite_attributes' must be a dictionary attribute"), "{e}");
    }
}

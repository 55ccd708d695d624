//! Unit tests of the export: the forms and special cases the shared corpus lacks, as exact
//! text (the corpus test in `tests/export.rs` checks that every printed form reads back).

use super::*;

fn export(xhlo: &str) -> String {
    export_text(xhlo).unwrap_or_else(|e| panic!("{e:?}"))
}

fn errors(xhlo: &str) -> Vec<String> {
    export_text(xhlo).expect_err("export should fail").iter().map(ToString::to_string).collect()
}

/// The lines of the exported text, trimmed, without the function around them.
fn body(xhlo: &str) -> Vec<String> {
    export(xhlo).lines().map(str::trim).filter(|l| !l.starts_with("func.func") && *l != "}").map(String::from).collect()
}

#[test]
fn case_blocks_become_one_region_per_branch() {
    let out = export(
        r#""func.func"() <{sym_name = "f", function_type = (tensor<i32>, tensor<f32>) -> tensor<f32>}> ({
^bb0(%i: tensor<i32>, %x: tensor<f32>):
  %0 = "xhlo.case"(%i) ({
  ^bb0:
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  ^bb1:
    %n = "xhlo.negate"(%x) : (tensor<f32>) -> tensor<f32>
    "gpu.yield"(%n) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  "func.return"(%0) : (tensor<f32>) -> ()
}) : () -> ()"#,
    );
    assert_eq!(
        out,
        r#"func.func @f(%i: tensor<i32>, %x: tensor<f32>) -> tensor<f32> {
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %x : tensor<f32>
  }, {
    %n = stablehlo.negate %x : tensor<f32>
    stablehlo.return %n : tensor<f32>
  }) : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}
"#
    );
}

#[test]
fn rng_gets_a_shape_constant_with_a_fresh_name() {
    let lines = body(
        r#""func.func"() <{sym_name = "f", function_type = (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>}> ({
^bb0(%rng_shape: tensor<f32>, %b: tensor<f32>):
  %0 = "xhlo.rng_normal"(%rng_shape, %b) : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>
  "func.return"(%0) : (tensor<2x3xf32>) -> ()
}) : () -> ()"#,
    );
    assert_eq!(
        lines,
        [
            "%rng_shape_0 = stablehlo.constant dense<[2, 3]> : tensor<2xi64>",
            "%0 = stablehlo.rng %rng_shape, %b, %rng_shape_0, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>",
            "return %0 : tensor<2x3xf32>",
        ]
    );
}

#[test]
fn collapse_and_call_have_stablehlo_spellings() {
    let lines = body(
        r#""func.func"() <{sym_name = "f", function_type = (tensor<2x3xf32>) -> tensor<6xf32>}> ({
^bb0(%x: tensor<2x3xf32>):
  %0 = "xhlo.collapse"(%x) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = "xhlo.call"(%0) {callee = @g} : (tensor<6xf32>) -> tensor<6xf32>
  "func.return"(%1) : (tensor<6xf32>) -> ()
}) : () -> ()"#,
    );
    assert_eq!(
        lines,
        [
            "%0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>",
            "%1 = func.call @g(%0) : (tensor<6xf32>) -> tensor<6xf32>",
            "return %1 : tensor<6xf32>",
        ]
    );
}

#[test]
fn while_regions_share_the_header_names() {
    let out = export(
        r#""func.func"() <{sym_name = "f", function_type = (tensor<i64>) -> tensor<i64>}> ({
^bb0(%x: tensor<i64>):
  %0 = "xhlo.while"(%x) ({
  ^bb0(%c: tensor<i64>):
    %lt = "xhlo.compare"(%c, %c) {comparison_direction = "LT"} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%b: tensor<i64>):
    %s = "xhlo.add"(%b, %x) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "gpu.yield"(%s) : (tensor<i64>) -> ()
  }) {mhlo.frontend_attributes = {k = "v"}} : (tensor<i64>) -> tensor<i64>
  "func.return"(%0) : (tensor<i64>) -> ()
}) : () -> ()"#,
    );
    assert_eq!(
        out,
        r#"func.func @f(%x: tensor<i64>) -> tensor<i64> {
  %0 = stablehlo.while(%iterArg = %x) : tensor<i64> attributes {mhlo.frontend_attributes = {k = "v"}}
  cond {
    %lt = stablehlo.compare LT, %iterArg, %iterArg : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %s = stablehlo.add %iterArg, %x : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }
  return %0 : tensor<i64>
}
"#
    );
}

#[test]
fn reduce_is_compact_only_for_a_commutative_op_on_the_arguments_in_order() {
    let reduce = |inner: &str| {
        format!(
            r#""func.func"() <{{sym_name = "f", function_type = (tensor<4xf32>, tensor<f32>) -> tensor<f32>}}> ({{
^bb0(%x: tensor<4xf32>, %z: tensor<f32>):
  %0 = "xhlo.reduce"(%x, %z) ({{
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %r = {inner} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%r) : (tensor<f32>) -> ()
  }}) {{dimensions = array<i64: 0>}} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  "func.return"(%0) : (tensor<f32>) -> ()
}}) : () -> ()"#
        )
    };
    let compact = body(&reduce(r#""xhlo.multiply"(%a, %b)"#));
    assert_eq!(compact[0], "%0 = stablehlo.reduce(%x init: %z) applies stablehlo.multiply across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>");
    for inner in [r#""xhlo.multiply"(%b, %a)"#, r#""xhlo.subtract"(%a, %b)"#, r#""xhlo.add"(%a, %b) {mhlo.sharding = "x"}"#] {
        let general = body(&reduce(inner));
        assert!(general[0].ends_with(": (tensor<4xf32>, tensor<f32>) -> tensor<f32>") && !general[0].contains("applies"), "{inner}: {general:?}");
        assert_eq!(general[1], "reducer(%a: tensor<f32>, %b: tensor<f32>) {", "{inner}");
    }
}

#[test]
fn check_ops_print_in_the_check_dialect_form_or_generic_on_request() {
    let text = r#""func.func"() <{sym_name = "f", function_type = (tensor<2xf32>) -> ()}> ({
^bb0(%x: tensor<2xf32>):
  "check.expect_eq"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> ()
  "check.expect_almost_eq"(%x, %x) {tolerance = 1.000000e-03 : f64} : (tensor<2xf32>, tensor<2xf32>) -> ()
  "check.expect_eq_const"(%x) {value = dense<[1.0, 2.0]> : tensor<2xf32>} : (tensor<2xf32>) -> ()
  "check.expect_almost_eq_const"(%x) {value = dense<1.0> : tensor<2xf32>, tolerance = 0.1 : f64} : (tensor<2xf32>) -> ()
  "check.expect_close"(%x, %x) {max_ulp_difference = 3 : ui64, min_ulp_difference = 1 : ui64} : (tensor<2xf32>, tensor<2xf32>) -> ()
  "func.return"() : () -> ()
}) : () -> ()"#;
    assert_eq!(
        body(text),
        [
            "check.expect_eq %x, %x : tensor<2xf32>",
            "check.expect_almost_eq %x, %x, tolerance = 1.000000e-03 : tensor<2xf32>",
            "check.expect_eq_const %x, dense<[1.0, 2.0]> : tensor<2xf32>",
            "check.expect_almost_eq_const %x, dense<1.0> : tensor<2xf32>, tolerance = 0.1",
            "check.expect_close %x, %x, max_ulp_difference = 3, min_ulp_difference = 1 : tensor<2xf32>, tensor<2xf32>",
            "return",
        ]
    );
    let file = crate::parse_file(text).unwrap();
    let generic = export_file_with(&file, &Options { generic_check_ops: true }).unwrap();
    assert!(generic.contains(r#""check.expect_eq"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> ()"#), "{generic}");
    assert!(generic.contains(r#""check.expect_close"(%x, %x) {max_ulp_difference = 3 : ui64, min_ulp_difference = 1 : ui64}"#), "{generic}");
}

#[test]
fn tokens_become_stablehlo_tokens_everywhere() {
    let out = export(
        r#""func.func"() <{sym_name = "f", function_type = (!xhlo.token) -> tuple<!xhlo.token>}> ({
^bb0(%t: !xhlo.token):
  %0 = "xhlo.after_all"(%t, %t) : (!xhlo.token, !xhlo.token) -> !xhlo.token
  %1 = "xhlo.tuple"(%0) : (!xhlo.token) -> tuple<!xhlo.token>
  "func.return"(%1) : (tuple<!xhlo.token>) -> ()
}) : () -> ()"#,
    );
    assert!(!out.contains("xhlo"), "{out}");
    assert!(out.contains("%0 = stablehlo.after_all %t, %t : !stablehlo.token"), "{out}");
    assert!(out.starts_with("func.func @f(%t: !stablehlo.token) -> tuple<!stablehlo.token> {"), "{out}");
}

#[test]
fn ops_whose_attributes_do_not_fit_the_pretty_form_print_generically() {
    // A broadcast_in_dim without its dimensions cannot be written `dims = [...]`.
    let lines = body(
        r#""func.func"() <{sym_name = "f", function_type = (tensor<f32>) -> tensor<2xf32>}> ({
^bb0(%x: tensor<f32>):
  %0 = "xhlo.broadcast_in_dim"(%x) : (tensor<f32>) -> tensor<2xf32>
  "func.return"(%0) : (tensor<2xf32>) -> ()
}) : () -> ()"#,
    );
    assert_eq!(lines[0], r#"%0 = "stablehlo.broadcast_in_dim"(%x) : (tensor<f32>) -> tensor<2xf32>"#);
}

#[test]
fn unknown_ops_and_layouts_are_located_errors_collected_over_the_file() {
    let e = errors(
        r#""func.func"() <{sym_name = "f", function_type = (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>) -> ()}> ({
^bb0(%x: tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>):
  %0 = "arith.addf"(%x, %x) : (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>, tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>) -> tensor<2x3xf32>
  %1 = "xhlo.negate"(%x) : (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>) -> tensor<2x3xf32>
  "func.return"() : () -> ()
}) : () -> ()"#,
    );
    assert_eq!(e.len(), 4, "{e:?}");
    assert!(e[0].starts_with("1:1: 'func.func' op attribute 'function_type': unsupported: layout encoding #xhlo.layout"), "{e:?}");
    assert!(e[1].starts_with("1:1: 'func.func' op block argument %x: unsupported: layout encoding"), "{e:?}");
    assert!(e[2].starts_with("3:8: 'arith.addf' op cannot be exported: no StableHLO equivalent is known"), "{e:?}");
    assert!(e[3].starts_with("4:8: 'xhlo.negate' op unsupported: layout encoding #xhlo.layout<array<i64: 0, 1>>"), "{e:?}");
}

#[test]
fn fresh_names_avoid_every_name_of_the_input() {
    let file = crate::parse_file(
        r#""func.func"() <{sym_name = "f", function_type = (tensor<f32>) -> ()}> ({
^bb0(%iterArg: tensor<f32>):
  %iterArg_0 = "xhlo.negate"(%iterArg) : (tensor<f32>) -> tensor<f32>
  "func.return"() : () -> ()
}) : () -> ()"#,
    )
    .unwrap();
    let mut names = Names::of_file(&file);
    assert_eq!(names.fresh("iterArg"), "iterArg_1");
    assert_eq!(names.fresh("iterArg"), "iterArg_2");
}

#[test]
fn top_k_of_the_smallest_elements_is_an_error_not_a_silent_change() {
    let text = |largest: &str| {
        format!(
            r#""func.func"() <{{sym_name = "f", function_type = (tensor<5xf32>) -> ()}}> ({{
^bb0(%v: tensor<5xf32>):
  %0:2 = "xhlo.top_k"(%v) {{k = 2 : i64, largest = {largest}}} : (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  "func.return"() : () -> ()
}}) : () -> ()"#
        )
    };
    assert_eq!(body(&text("true"))[0], r#"%0:2 = "chlo.top_k"(%v) <{k = 2 : i64}> : (tensor<5xf32>) -> (tensor<2xf32>, tensor<2xi32>)"#);
    let e = errors(&text("false"));
    assert_eq!(e, ["3:10: 'xhlo.top_k' op unsupported: largest = false (chlo.top_k always selects the largest elements)"]);
}

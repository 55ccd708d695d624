//! Unit tests of the importer: small StableHLO text in, expected xhlo text out (printed in
//! generic form; locations are checked separately and stripped from the expectations).

use super::{import_text, ParseError};
use crate::print::print_file;

/// Imports `body` as the body of `func.func @f(args)`; returns the printed ops of the
/// function body without locations, one per line, trimmed.
fn import_body(args: &str, body: &str) -> Vec<String> {
    let text = format!("func.func @f({args}) {{\n{body}\n}}");
    let file = import_text(&text).unwrap_or_else(|e| panic!("import failed: {e:?}\n{text}"));
    let printed = print_file(&file, "t.mlir");
    let lines: Vec<String> = printed
        .lines()
        .map(|l| match l.find(" loc(") {
            Some(i) => l[..i].trim().to_string(),
            None => l.trim().to_string(),
        })
        .collect();
    // Drop the func wrapper lines (the func, its entry block header, its close).
    let start = if lines[1].starts_with("^bb0(") { 2 } else { 1 };
    lines[start..lines.len() - 1].to_vec()
}

fn errors(text: &str) -> Vec<ParseError> {
    match import_text(text) {
        Ok(f) => panic!("expected errors, got:\n{}", print_file(&f, "t.mlir")),
        Err(e) => e,
    }
}

fn one_error(text: &str) -> String {
    let e = errors(text);
    assert_eq!(e.len(), 1, "{e:?}");
    e[0].to_string()
}

#[test]
fn elementwise_ops_are_renamed_and_values_renumbered() {
    assert_eq!(
        import_body("%a: tensor<2xf32>", r#"%0 = "stablehlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
"func.return"(%0) : (tensor<2xf32>) -> ()"#),
        [
            r#"%1 = "xhlo.add"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#,
            r#""func.return"(%1) : (tensor<2xf32>) -> ()"#,
        ]
    );
}

#[test]
fn properties_become_attributes_and_enums_strings() {
    let out = import_body("%a: tensor<2xf32>", r#"%0 = "stablehlo.compare"(%a, %a) <{comparison_direction = #stablehlo<comparison_direction GT>, compare_type = #stablehlo<comparison_type FLOAT>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[0],
        r#"%1 = "xhlo.compare"(%arg0, %arg0) {comparison_direction = "GT", compare_type = "FLOAT"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>"#
    );
}

#[test]
fn compare_type_notype_is_dropped() {
    let out = import_body("%a: tensor<2xi32>", r#"%0 = "stablehlo.compare"(%a, %a) <{comparison_direction = #stablehlo<comparison_direction EQ>, compare_type = #stablehlo<comparison_type NOTYPE>}> : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
"func.return"() : () -> ()"#);
    assert_eq!(out[0], r#"%1 = "xhlo.compare"(%arg0, %arg0) {comparison_direction = "EQ"} : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>"#);
}

#[test]
fn reduce_keeps_its_region_and_return_becomes_gpu_yield() {
    let out = import_body("%a: tensor<4xf32>, %z: tensor<f32>", r#"%0 = "stablehlo.reduce"(%a, %z) <{dimensions = array<i64: 0>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "stablehlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
}) : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[..5],
        [
            r#"%5 = "xhlo.reduce"(%arg0, %arg1) ({"#,
            "^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):",
            r#"%4 = "xhlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>"#,
            r#""gpu.yield"(%4) : (tensor<f32>) -> ()"#,
            r#"}) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>"#,
        ]
    );
}

#[test]
fn case_regions_become_blocks_of_one_region() {
    let out = import_body("%i: tensor<i32>, %a: tensor<2xi64>, %b: tensor<2xi64>", r#"%0 = "stablehlo.case"(%i) ({
  "stablehlo.return"(%a) : (tensor<2xi64>) -> ()
}, {
  "stablehlo.return"(%b) : (tensor<2xi64>) -> ()
}) : (tensor<i32>) -> tensor<2xi64>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[..5],
        [
            r#"%3 = "xhlo.case"(%arg0) ({"#,
            r#""gpu.yield"(%arg1) : (tensor<2xi64>) -> ()"#,
            "^bb1:",
            r#""gpu.yield"(%arg2) : (tensor<2xi64>) -> ()"#,
            "}) : (tensor<i32>) -> tensor<2xi64>",
        ]
    );
}

#[test]
fn dot_general_dimension_numbers_and_precision_flatten() {
    let out = import_body("%a: tensor<2x3xf32>, %b: tensor<3x4xf32>", r#"%0 = "stablehlo.dot_general"(%a, %b) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[0],
        r#"%2 = "xhlo.dot_general"(%arg0, %arg1) {lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>, precision_config = ["DEFAULT", "HIGH"]} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>"#
    );
}

#[test]
fn convolution_padding_and_dimension_numbers_flatten() {
    let out = import_body("%a: tensor<1x4x4x1xf32>, %k: tensor<3x3x1x1xf32>", r#"%0 = "stablehlo.convolution"(%a, %k) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<[[1, 1], [0, 2]]> : tensor<2x2xi64>}> : (tensor<1x4x4x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x4x4x1xf32>
"func.return"() : () -> ()"#);
    assert!(out[0].contains("input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = array<i64: 1, 2>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = array<i64: 0, 1>"), "{}", out[0]);
    assert!(out[0].contains("padding = array<i64: 1, 1, 0, 2>"), "{}", out[0]);
}

#[test]
fn unit_flags_become_true_where_xhlo_declares_a_bool() {
    let out = import_body("%a: tensor<2x2xi64>", r#"%0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> : (tensor<2x2xi64>) -> tensor<2x4xi64>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[0],
        r#"%1 = "xhlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, channel_id = 1 : i64, replica_groups = [array<i64: 0, 1>], use_global_device_ids = true} : (tensor<2x2xi64>) -> tensor<2x4xi64>"#
    );
}

#[test]
fn tokens_become_xhlo_tokens() {
    let out = import_body("%t: !stablehlo.token", r#"%0 = "stablehlo.after_all"(%t) : (!stablehlo.token) -> !stablehlo.token
"func.return"() : () -> ()"#);
    assert_eq!(out[0], r#"%1 = "xhlo.after_all"(%arg0) : (!xhlo.token) -> !xhlo.token"#);
}

#[test]
fn rng_picks_the_distribution_op_and_drops_the_shape() {
    let out = import_body("%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xi64>", r#"%0 = "stablehlo.rng"(%a, %b, %s) <{rng_distribution = #stablehlo<rng_distribution NORMAL>}> : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
"func.return"() : () -> ()"#);
    assert_eq!(out[0], r#"%3 = "xhlo.rng_normal"(%arg0, %arg1) : (tensor<f32>, tensor<f32>) -> tensor<2x3xf32>"#);
}

#[test]
fn dynamic_ops_with_constant_shape_operands_become_static() {
    let out = import_body("%a: tensor<5xi64>, %p: tensor<i64>", r#"%lo = "stablehlo.constant"() <{value = dense<1> : tensor<1xi64>}> : () -> tensor<1xi64>
%hi = "stablehlo.constant"() <{value = dense<[2]> : tensor<1xi64>}> : () -> tensor<1xi64>
%in = "stablehlo.constant"() <{value = dense<0> : tensor<1xi64>}> : () -> tensor<1xi64>
%0 = "stablehlo.dynamic_pad"(%a, %p, %lo, %hi, %in) : (tensor<5xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xi64>
%s = "stablehlo.constant"() <{value = dense<[2, 4]> : tensor<2xi64>}> : () -> tensor<2xi64>
%1 = "stablehlo.dynamic_iota"(%s) <{iota_dimension = 1 : i64}> : (tensor<2xi64>) -> tensor<2x4xi64>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[3],
        r#"%5 = "xhlo.pad"(%arg0, %arg1) {edge_padding_low = array<i64: 1>, edge_padding_high = array<i64: 2>, interior_padding = array<i64: 0>} : (tensor<5xi64>, tensor<i64>) -> tensor<8xi64>"#
    );
    assert_eq!(out[5], r#"%7 = "xhlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x4xi64>"#);
}

#[test]
fn dynamic_ops_with_runtime_shape_operands_are_unsupported() {
    let e = one_error(r#"func.func @f(%a: tensor<5xi64>, %p: tensor<i64>, %lo: tensor<1xi64>) {
  %0 = "stablehlo.dynamic_pad"(%a, %p, %lo, %lo, %lo) : (tensor<5xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xi64>
  "func.return"() : () -> ()
}"#);
    assert_eq!(
        e,
        "2:8: 'stablehlo.dynamic_pad' op unsupported: dynamic shape operand (edge_padding_low is not a stablehlo.constant)"
    );
}

#[test]
fn custom_call_attributes_convert() {
    let out = import_body("%a: tensor<2xf32>", r#"%0 = "stablehlo.custom_call"(%a) <{api_version = 4 : i32, backend_config = {x = 1 : i64}, call_target_name = "foo", operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]}> : (tensor<2xf32>) -> tensor<2xf32>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[0],
        r#"%1 = "xhlo.custom_call"(%arg0) {api_version = 4 : i32, backend_config = {x = 1 : i64}, call_target_name = "foo", operand_layouts = [array<i64: 0>], result_layouts = [array<i64: 0>]} : (tensor<2xf32>) -> tensor<2xf32>"#
    );
}

#[test]
fn custom_call_to_a_check_target_becomes_the_check_op() {
    let out = import_body("%a: tensor<2xf32>", r#""stablehlo.custom_call"(%a) <{call_target_name = "check.expect_almost_eq_const", has_side_effect = true, backend_config = {value = dense<1.0> : tensor<2xf32>, tolerance = 1.0e-3 : f64}}> : (tensor<2xf32>) -> ()
"func.return"() : () -> ()"#);
    assert_eq!(
        out[0],
        r#""check.expect_almost_eq_const"(%arg0) {value = dense<1.0> : tensor<2xf32>, tolerance = 1.0e-3 : f64} : (tensor<2xf32>) -> ()"#
    );
}

#[test]
fn check_ops_pass_through_without_properties() {
    let out = import_body("%a: tensor<2xf16>", r#""check.expect_close"(%a, %a) <{max_ulp_difference = 3 : ui64}> : (tensor<2xf16>, tensor<2xf16>) -> ()
"func.return"() : () -> ()"#);
    assert_eq!(out[0], r#""check.expect_close"(%arg0, %arg0) {max_ulp_difference = 3 : ui64} : (tensor<2xf16>, tensor<2xf16>) -> ()"#);
}

#[test]
fn func_and_module_attributes_pass_through() {
    let text = r#"module @m attributes {mhlo.num_replicas = 1 : i32} {
  func.func public @main(%a: tensor<2xf32> {mhlo.layout_mode = "default"}) -> (tensor<2xf32> {jax.result_info = "r"}) {
    "func.return"(%a) : (tensor<2xf32>) -> ()
  }
}"#;
    let printed = print_file(&import_text(text).unwrap(), "t.mlir");
    assert!(printed.contains("mhlo.num_replicas = 1 : i32"), "{printed}");
    assert!(printed.contains(r#"arg_attrs = [{mhlo.layout_mode = "default"}]"#), "{printed}");
    assert!(printed.contains(r#"res_attrs = [{jax.result_info = "r"}]"#), "{printed}");
}

#[test]
fn printed_ops_carry_the_source_location() {
    let text = "func.func @f(%a: tensor<f32>) {\n  %0 = \"stablehlo.negate\"(%a) : (tensor<f32>) -> tensor<f32>\n  \"func.return\"() : () -> ()\n}";
    let printed = print_file(&import_text(text).unwrap(), "src.mlir");
    assert!(printed.contains(r#"%1 = "xhlo.negate"(%arg0) : (tensor<f32>) -> tensor<f32> loc("src.mlir":2:8)"#), "{printed}");
}

#[test]
fn unsupported_features_are_located_errors() {
    let e = one_error("func.func @f(%a: tensor<2xf32>) {\n  %0 = \"stablehlo.uniform_quantize\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'stablehlo.uniform_quantize' op unsupported: quantization");
    let e = one_error("func.func @f() {\n  %0 = \"stablehlo.constant\"() <{value = dense<1.0> : tensor<f8E5M2>}> : () -> tensor<f8E5M2>\n  \"func.return\"() : () -> ()\n}");
    assert!(e.starts_with("2:8: 'stablehlo.constant' op unsupported: f8/f6/f4 types (element type f8E5M2)"), "{e}");
    let e = one_error("func.func @f(%a: tensor<2xf32>) {\n  \"interpreter.print\"(%a) : (tensor<2xf32>) -> ()\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:3: 'interpreter.print' op unsupported: interpreter harness feature");
    let e = one_error("func.func @f(%a: tensor<2xf32>) {\n  \"check.expect_serialized_eq\"(%a) {probe_id = \"p\"} : (tensor<2xf32>) -> ()\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:3: 'check.expect_serialized_eq' op unsupported: interpreter harness feature");
    let e = one_error("func.func @f(%a: tensor<2xf32>) {\n  %0 = \"stablehlo.einsum\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<f32>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'stablehlo.einsum' op unsupported op (no xhlo equivalent for 'stablehlo.einsum')");
}

#[test]
fn errors_do_not_cascade_to_later_uses() {
    let e = errors("func.func @f() {\n  %0 = \"stablehlo.constant\"() <{value = dense<1.0> : tensor<f8E5M2>}> : () -> tensor<f8E5M2>\n  %1 = \"stablehlo.einsum\"(%0) : (tensor<f8E5M2>) -> tensor<f8E5M2>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e.len(), 2, "{e:?}");
    assert_eq!(e[0].pos.line, 2);
    assert_eq!(e[1].pos.line, 3);
    assert!(e[1].message.contains("unsupported: f8/f6/f4 types"), "{e:?}");
}

#[test]
fn chlo_broadcast_ops_broadcast_numpy_style() {
    let out = import_body("%a: tensor<3xf32>, %b: tensor<2x3xf32>", r#"%0 = "chlo.broadcast_add"(%a, %b) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[..2],
        [
            r#"%2 = "xhlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>"#,
            r#"%3 = "xhlo.add"(%2, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"#,
        ]
    );
}

#[test]
fn chlo_broadcast_compare_keeps_its_direction_and_size_one_dims_stretch() {
    let out = import_body("%a: tensor<2x1xi32>, %b: tensor<2x3xi32>", r#"%0 = "chlo.broadcast_compare"(%a, %b) <{comparison_direction = #chlo<comparison_direction LT>}> : (tensor<2x1xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[..2],
        [
            r#"%2 = "xhlo.broadcast_in_dim"(%arg0) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xi32>) -> tensor<2x3xi32>"#,
            r#"%3 = "xhlo.compare"(%2, %arg1) {comparison_direction = "LT"} : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>"#,
        ]
    );
}

#[test]
fn chlo_broadcast_rejects_incompatible_shapes() {
    let e = one_error("func.func @f(%a: tensor<2xf32>, %b: tensor<2x3xf32>) {\n  %0 = \"chlo.broadcast_add\"(%a, %b) : (tensor<2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n  \"func.return\"() : () -> ()\n}");
    assert!(e.contains("operand dimension 0 of size 2 cannot broadcast to result dimension 1 of [2, 3]"), "{e}");
}

#[test]
fn chlo_constant_like_is_a_splat_of_the_result_type() {
    let out = import_body("%a: tensor<2x3xf32>", r#"%0 = "chlo.constant_like"(%a) <{value = 1.0 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
"func.return"() : () -> ()"#);
    assert_eq!(out[0], r#"%1 = "xhlo.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>"#);
}

#[test]
fn chlo_erf_is_xhlo_erf() {
    let out = import_body("%a: tensor<2xf32>", r#"%0 = "chlo.erf"(%a) : (tensor<2xf32>) -> tensor<2xf32>
"func.return"() : () -> ()"#);
    assert_eq!(out[0], r#"%1 = "xhlo.erf"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>"#);
}

#[test]
fn chlo_mulhi_widens_below_64_bits() {
    let out = import_body("%a: tensor<3xi8>, %b: tensor<3xi8>", r#"%0 = "chlo.mulhi"(%a, %b) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[..6],
        [
            r#"%2 = "xhlo.convert"(%arg0) : (tensor<3xi8>) -> tensor<3xi16>"#,
            r#"%3 = "xhlo.convert"(%arg1) : (tensor<3xi8>) -> tensor<3xi16>"#,
            r#"%4 = "xhlo.multiply"(%2, %3) : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>"#,
            r#"%5 = "xhlo.constant"() {value = dense<8> : tensor<3xi16>} : () -> tensor<3xi16>"#,
            r#"%6 = "xhlo.shift_right_arithmetic"(%4, %5) : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16>"#,
            r#"%7 = "xhlo.convert"(%6) : (tensor<3xi16>) -> tensor<3xi8>"#,
        ]
    );
}

#[test]
fn chlo_mulhi_of_64_bits_uses_32_bit_halves() {
    let out = import_body("%a: tensor<2xi64>, %b: tensor<2xi64>", r#"%0 = "chlo.mulhi"(%a, %b) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
"func.return"(%0) : (tensor<2xi64>) -> ()"#);
    assert!(out[0].contains(r#""xhlo.bitcast_convert"(%arg0) : (tensor<2xi64>) -> tensor<2xui64>"#), "{out:?}");
    assert!(out.iter().any(|l| l.contains("dense<4294967295> : tensor<2xui64>")), "{out:?}");
    assert!(out[out.len() - 2].contains("-> tensor<2xi64>") && out[out.len() - 2].contains("bitcast_convert"), "{out:?}");
}

#[test]
fn chlo_math_on_f16_computes_in_f32() {
    let out = import_body("%a: tensor<2xf16>", r#"%0 = "chlo.atan"(%a) : (tensor<2xf16>) -> tensor<2xf16>
"func.return"() : () -> ()"#);
    assert_eq!(
        out[..4],
        [
            r#"%1 = "xhlo.convert"(%arg0) : (tensor<2xf16>) -> tensor<2xf32>"#,
            r#"%2 = "xhlo.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>"#,
            r#"%3 = "xhlo.atan2"(%1, %2) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#,
            r#"%4 = "xhlo.convert"(%3) : (tensor<2xf32>) -> tensor<2xf16>"#,
        ]
    );
}

#[test]
fn chlo_is_inf_compares_the_magnitude_with_infinity() {
    let out = import_body("%a: tensor<2xf64>", r#"%0 = "chlo.is_neg_inf"(%a) : (tensor<2xf64>) -> tensor<2xi1>
"func.return"() : () -> ()"#);
    assert_eq!(out[0], r#"%1 = "xhlo.constant"() {value = dense<0xFFF0000000000000> : tensor<2xf64>} : () -> tensor<2xf64>"#);
    assert_eq!(out[1], r#"%2 = "xhlo.compare"(%arg0, %1) {comparison_direction = "EQ", compare_type = "FLOAT"} : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xi1>"#);
}

#[test]
fn chlo_ops_without_decomposition_are_unsupported() {
    let e = one_error("func.func @f(%a: tensor<2xf32>) {\n  %0 = \"chlo.zeta\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'chlo.zeta' op unsupported op (CHLO op with no xhlo decomposition)");
}

#[test]
fn bitcast_of_i1_vectors_packs_bits_least_significant_first() {
    let out = import_body("%a: tensor<8xi1>", r#"%0 = "stablehlo.bitcast_convert"(%a) : (tensor<8xi1>) -> tensor<i8>
"func.return"() : () -> ()"#);
    assert_eq!(out[0], r#"%1 = "xhlo.convert"(%arg0) : (tensor<8xi1>) -> tensor<8xui8>"#);
    assert_eq!(out[2], r#"%3 = "xhlo.shift_left"(%1, %2) : (tensor<8xui8>, tensor<8xui8>) -> tensor<8xui8>"#);
    assert!(out.last().unwrap().contains(r#""xhlo.bitcast_convert"(%"#) || out[out.len() - 2].contains("bitcast_convert"), "{out:?}");
}

#[test]
fn undefined_values_are_reported() {
    let e = one_error("func.func @f() {\n  %0 = \"stablehlo.negate\"(%x) : (tensor<f32>) -> tensor<f32>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'stablehlo.negate' op uses %x, which is not defined before it");
}

#[test]
fn parse_errors_are_returned_located() {
    let e = errors("func.func @f( {");
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].pos.line, 1);
}

#[test]
fn variadic_all_gather_becomes_one_op_per_operand() {
    let out = import_body("%a: tensor<2x2xi64>, %b: tensor<2x2xi32>", r#"%0:2 = "stablehlo.all_gather"(%a, %b) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x2xi64>, tensor<2x2xi32>) -> (tensor<2x4xi64>, tensor<2x4xi32>)
"func.return"(%0#1) : (tensor<2x4xi32>) -> ()"#);
    assert_eq!(
        out,
        [
            r#"%2 = "xhlo.all_gather"(%arg0) {all_gather_dim = 1 : i64, replica_groups = [array<i64: 0, 1>]} : (tensor<2x2xi64>) -> tensor<2x4xi64>"#,
            r#"%3 = "xhlo.all_gather"(%arg1) {all_gather_dim = 1 : i64, replica_groups = [array<i64: 0, 1>]} : (tensor<2x2xi32>) -> tensor<2x4xi32>"#,
            r#""func.return"(%3) : (tensor<2x4xi32>) -> ()"#,
        ]
    );
}

//! Unit tests of the importer: small StableHLO text in, expected xhlo text out (printed in
//! generic form; locations are checked separately and stripped from the expectations).

use super::{import_text, ParseError};
use mlir_text::print::print_file;

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
    assert_eq!(e, "2:8: 'stablehlo.uniform_quantize' op result must be a tensor of a quantized type, got tensor<2xf32>");
    let e = one_error("func.func @f(%a: tensor<2xf32>) {\n  %0 = \"stablehlo.uniform_quantize\"(%a) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, x>>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'stablehlo.uniform_quantize' op invalid type !quant.uniform<i8:f32, x>: expected a scale (a float literal) at 'x'");
    let e = one_error("func.func @f(%a: tensor<2xf32>) {\n  %0 = \"stablehlo.uniform_quantize\"(%a) : (tensor<2xf32>) -> tensor<2x!quant.uniform<f8E4M3FN:f32, 1.0>>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'stablehlo.uniform_quantize' op unsupported: quantization (float storage type f8E4M3FN in !quant.uniform<f8E4M3FN:f32, 1.0>)");
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
fn chlo_special_functions_of_integers_are_unsupported() {
    let e = one_error("func.func @f(%a: tensor<2xi32>) {\n  %0 = \"chlo.zeta\"(%a, %a) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'chlo.zeta' op unsupported: chlo.zeta of tensor<2xi32> (only real float operands are decomposed)");
    let e = one_error("func.func @f(%a: tensor<2xf32>, %b: tensor<2xf64>) {\n  %0 = \"chlo.polygamma\"(%a, %b) : (tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'chlo.polygamma' op expects operands of one element type, got tensor<2xf32> and tensor<2xf64>");
}

#[test]
fn chlo_polygamma_looks_up_exact_factorials_with_a_gather() {
    let out = import_body("%n: tensor<3xf32>, %x: tensor<3xf32>", r#"%0 = "chlo.polygamma"(%n, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
"func.return"() : () -> ()"#);
    // f32 is computed in f64: 0! to 170!, then inf.
    let table = out.iter().find(|l| l.contains("tensor<172xf64>")).expect("a 172-entry factorial table");
    assert!(table.contains("[1.0, 1.0, 2.0, 6.0, 24.0, 120.0,") && table.contains("0x7FF0000000000000]"), "{table}");
    assert!(out.iter().any(|l| l.contains("\"xhlo.gather\"") && l.contains("collapsed_slice_dims = array<i64: 0>") && l.contains("index_vector_dim = 1 : i64")));
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

const SCAN_DIM1_REVERSE: &str = r#"%0:2 = chlo.scan(%x) inits(%c) dimension=1 attributes {is_reverse = true} {
  ^bb0(%a: tensor<2xi32>, %b: tensor<2xi32>):
    %1 = stablehlo.add %a, %b : tensor<2xi32>
    stablehlo.return %1, %1 : tensor<2xi32>, tensor<2xi32>
  } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
"func.return"(%0#0, %0#1) : (tensor<2x3xi32>, tensor<2xi32>) -> ()"#;

#[test]
fn chlo_scan_becomes_a_while_that_slices_inputs_and_writes_outputs_along_the_dimension() {
    let out = import_body("%x: tensor<2x3xi32>, %c: tensor<2xi32>", SCAN_DIM1_REVERSE);
    let text = out.join("\n");
    // State: counter, the input, the zero-initialised output, the carry.
    assert_eq!(out[0], r#"%2 = "xhlo.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>"#);
    assert_eq!(out[1], r#"%3 = "xhlo.constant"() {value = dense<0> : tensor<2x3xi32>} : () -> tensor<2x3xi32>"#);
    assert!(out[2].starts_with(r#"%24:4 = "xhlo.while"(%2, %arg0, %3, %arg1) ({"#), "{text}");
    // The condition runs 3 steps; reverse: step k handles position 2 - k.
    assert!(text.contains(r#"{value = dense<3> : tensor<i64>}"#), "{text}");
    assert!(text.contains(r#"%14 = "xhlo.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
%15 = "xhlo.subtract"(%14, %arg10)"#), "{text}");
    // The input slice at (0, position), the body inlined on it, the output written back.
    assert!(text.contains(r#""xhlo.dynamic_slice"(%arg11, %16, %15) {slice_sizes = array<i64: 2, 1>} : (tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<2x1xi32>"#), "{text}");
    assert!(text.contains(r#"%19 = "xhlo.add"(%18, %arg13) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>"#), "{text}");
    assert!(text.contains(r#""xhlo.dynamic_update_slice"(%arg12, %22, %16, %15)"#), "{text}");
    assert!(text.contains(r#""gpu.yield"(%21, %arg11, %23, %19)"#), "{text}");
    // The scan's results are the while's output and carry.
    assert_eq!(out.last().unwrap(), r#""func.return"(%24#2, %24#3) : (tensor<2x3xi32>, tensor<2xi32>) -> ()"#);
}

#[test]
fn chlo_scan_forward_uses_the_counter_as_position() {
    let out = import_body("%x: tensor<2x3xi32>, %c: tensor<2xi32>", &SCAN_DIM1_REVERSE.replace(" attributes {is_reverse = true}", ""));
    let text = out.join("\n");
    assert!(!text.contains("xhlo.subtract"), "{text}");
    assert!(text.contains(r#""xhlo.dynamic_slice"(%arg11, %14, %arg10)"#), "{text}");
}

#[test]
fn chlo_scan_outputs_of_another_element_type_start_as_zeros_of_that_type() {
    let out = import_body("%x: tensor<4xf32>, %m: tensor<f32>", r#"%0:3 = chlo.scan(%x) inits(%m) dimension=0 {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %n = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %gt, %n, %n : tensor<i1>, tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xi1>, tensor<4xf32>, tensor<f32>)
"func.return"() : () -> ()"#);
    assert_eq!(out[1], r#"%3 = "xhlo.constant"() {value = dense<false> : tensor<4xi1>} : () -> tensor<4xi1>"#);
    assert_eq!(out[2], r#"%4 = "xhlo.constant"() {value = dense<0.0> : tensor<4xf32>} : () -> tensor<4xf32>"#);
}

#[test]
fn chlo_scan_rejects_a_body_output_of_the_wrong_shape() {
    let e = one_error(&format!(
        "func.func @f(%x: tensor<2x3xi32>, %c: tensor<2xi32>) {{\n  {}\n}}",
        SCAN_DIM1_REVERSE.replace("-> (tensor<2x3xi32>, tensor<2xi32>)\n", "-> (tensor<2x4xi32>, tensor<2xi32>)\n")
    ));
    assert_eq!(e, "2:10: 'chlo.scan' op the output of type tensor<2x4xi32> has 4 elements along scan dimension 1, expected 3");
}

#[test]
fn chlo_scan_rejects_a_body_returning_the_wrong_type() {
    let e = one_error(r#"func.func @f(%x: tensor<3xi32>, %c: tensor<i32>) {
  %0:2 = chlo.scan(%x) inits(%c) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %1 = stablehlo.convert %a : (tensor<i32>) -> tensor<f32>
    stablehlo.return %1, %b : tensor<f32>, tensor<i32>
  } : (tensor<3xi32>, tensor<i32>) -> (tensor<3xi32>, tensor<i32>)
  "func.return"() : () -> ()
}"#);
    assert_eq!(e, "2:10: 'chlo.scan' op the body returns tensor<f32> for output 0, expected tensor<i32>");
}

const RAGGED_ROWS: &str = r#"%0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<5x2xf32>, tensor<2x2x3xf32>, tensor<2xi32>) -> tensor<5x3xf32>
"func.return"(%0) : (tensor<5x3xf32>) -> ()"#;

#[test]
fn chlo_ragged_dot_rows_select_one_dot_per_group() {
    let out = import_body("%l: tensor<5x2xf32>, %r: tensor<2x2x3xf32>, %g: tensor<2xi32>", RAGGED_ROWS);
    let text = out.join("\n");
    let count = |s: &str| out.iter().filter(|l| l.contains(s)).count();
    // Two groups: rhs slices, dots and selects, one each per group; group sizes to i64.
    assert_eq!(count(r#""xhlo.slice"(%arg2)"#), 2, "{text}");
    assert_eq!(count(r#""xhlo.convert""#), 2, "{text}");
    assert_eq!(count(r#""xhlo.dot_general"(%arg0, "#), 2, "{text}");
    assert_eq!(count(r#""xhlo.select""#), 2, "{text}");
    assert!(text.contains(r#"{start_indices = array<i64: 1, 0, 0>, limit_indices = array<i64: 2, 2, 3>, strides = array<i64: 1, 1, 1>} : (tensor<2x2x3xf32>) -> tensor<1x2x3xf32>"#), "{text}");
    assert!(text.contains(r#"{lhs_contracting_dimensions = array<i64: 1>, rhs_contracting_dimensions = array<i64: 0>} : (tensor<5x2xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>"#), "{text}");
    // The row index along result dimension 0 against each group's [start, limit).
    assert_eq!(count(r#"{iota_dimension = 0 : i64} : () -> tensor<5x3xi64>"#), 2, "{text}");
}

#[test]
fn chlo_ragged_dot_contracting_groups_stack_masked_dots() {
    let out = import_body("%l: tensor<2x6xf32>, %r: tensor<6x3xf32>, %g: tensor<3xi64>", r#"%0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>} : (tensor<2x6xf32>, tensor<6x3xf32>, tensor<3xi64>) -> tensor<3x2x3xf32>
"func.return"(%0) : (tensor<3x2x3xf32>) -> ()"#);
    let text = out.join("\n");
    let count = |s: &str| out.iter().filter(|l| l.contains(s)).count();
    // Both operands masked along k for each of the 3 groups (i64 sizes need no convert).
    assert_eq!(count(r#""xhlo.select""#), 6, "{text}");
    assert_eq!(count(r#""xhlo.convert""#), 0, "{text}");
    assert_eq!(count(r#""xhlo.dot_general""#), 3, "{text}");
    assert_eq!(count(r#"-> tensor<1x2x3xf32>"#), 3, "{text}");
    assert!(out[out.len() - 2].contains(r#"{dimension = 0 : i64} : (tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> tensor<3x2x3xf32>"#), "{text}");
}

#[test]
fn chlo_ragged_dot_batch_groups_are_the_batched_dot() {
    let out = import_body("%l: tensor<3x2x2xf32>, %r: tensor<3x2x2xf32>, %g: tensor<2xi64>", r#"%0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]} : (tensor<3x2x2xf32>, tensor<3x2x2xf32>, tensor<2xi64>) -> tensor<3x2x2xf32>
"func.return"(%0) : (tensor<3x2x2xf32>) -> ()"#);
    assert_eq!(
        out[0],
        r#"%3 = "xhlo.dot_general"(%arg0, %arg1) {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>, precision_config = ["DEFAULT", "HIGHEST"]} : (tensor<3x2x2xf32>, tensor<3x2x2xf32>) -> tensor<3x2x2xf32>"#
    );
    assert_eq!(out.len(), 2);
}

#[test]
fn chlo_ragged_dot_per_batch_group_sizes_broadcast_in_any_dimension_order() {
    // rhs prefix dimensions (batch 2, contracting k0 at 1) are not increasing: a transpose
    // comes before the broadcast of each group range.
    let out = import_body("%l: tensor<2x2x3x4xf32>, %r: tensor<4x2x2x2xf32>, %g: tensor<2x2x2xi32>", r#"%0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [2], lhs_contracting_dimensions = [1, 3], rhs_contracting_dimensions = [1, 0], lhs_ragged_dimensions = [3], rhs_group_dimensions = []>} : (tensor<2x2x3x4xf32>, tensor<4x2x2x2xf32>, tensor<2x2x2xi32>) -> tensor<2x2x3x2xf32>
"func.return"(%0) : (tensor<2x2x3x2xf32>) -> ()"#);
    let text = out.join("\n");
    assert!(text.contains(r#""xhlo.transpose"(%"#) && text.contains(r#"{permutation = array<i64: 1, 0>} : (tensor<2x2xi64>) -> tensor<2x2xi64>"#), "{text}");
    assert!(text.contains(r#"{broadcast_dimensions = array<i64: 1, 2>} : (tensor<2x2xi64>) -> tensor<4x2x2x2xi64>"#), "{text}");
    assert!(text.contains(r#"{broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x2xi64>) -> tensor<2x2x3x4xi64>"#), "{text}");
}

#[test]
fn chlo_ragged_dot_rejects_group_sizes_of_the_wrong_shape() {
    let e = one_error(&format!(
        "func.func @f(%l: tensor<5x2xf32>, %r: tensor<2x2x3xf32>, %g: tensor<2x2xi32>) {{\n  {}\n}}",
        RAGGED_ROWS.replace("tensor<2xi32>) -> tensor<5x3xf32>", "tensor<2x2xi32>) -> tensor<5x3xf32>")
    ));
    assert_eq!(e, "2:8: 'chlo.ragged_dot' op group_sizes has shape [2, 2], expected [2] or [2]");
}

#[test]
fn chlo_ragged_dot_rows_need_an_rhs_group_dimension() {
    let e = one_error(&format!(
        "func.func @f(%l: tensor<5x2xf32>, %r: tensor<2x2x3xf32>, %g: tensor<2xi32>) {{\n  {}\n}}",
        RAGGED_ROWS.replace("rhs_group_dimensions = [0]", "rhs_group_dimensions = []")
    ));
    assert_eq!(e, "2:8: 'chlo.ragged_dot' op a ragged non-contracting dimension needs exactly one rhs group dimension, got 0");
}

#[test]
fn chlo_erf_inv_uses_two_ranges_in_f32_and_three_in_f64() {
    // Each range boundary is one `w < bound` compare; the shifts of w pick the polynomials.
    let ranges = |ty: &str| {
        let out = import_body(&format!("%a: tensor<2x{ty}>"), &format!("%0 = \"chlo.erf_inv\"(%a) : (tensor<2x{ty}>) -> tensor<2x{ty}>\n\"func.return\"() : () -> ()"));
        let has = |s: &str| out.iter().any(|l| l.contains(s));
        let compares = out.iter().filter(|l| l.contains(r#"comparison_direction = "LT""#)).count();
        (compares, has("dense<2.5>"), has("dense<3.125>"), has("dense<3.25>"))
    };
    assert_eq!(ranges("f32"), (1, true, false, false));
    assert_eq!(ranges("f64"), (2, false, true, true));
}

#[test]
fn chlo_lgamma_and_digamma_of_bf16_compute_in_f32() {
    for op in ["lgamma", "digamma"] {
        let out = import_body("%a: tensor<2xbf16>", &format!("%0 = \"chlo.{op}\"(%a) : (tensor<2xbf16>) -> tensor<2xbf16>\n\"func.return\"(%0) : (tensor<2xbf16>) -> ()"));
        assert_eq!(out[0], r#"%1 = "xhlo.convert"(%arg0) : (tensor<2xbf16>) -> tensor<2xf32>"#, "{op}");
        let last = &out[out.len() - 2];
        assert!(last.contains(r#""xhlo.convert"("#) && last.ends_with("(tensor<2xf32>) -> tensor<2xbf16>"), "{op}: {last}");
        // The eight Lanczos terms.
        assert_eq!(out.iter().filter(|l| l.contains("dense<676.520368121885")).count(), 1, "{op}");
    }
}

#[test]
fn chlo_special_functions_reject_non_float_operands() {
    let e = one_error("func.func @f(%a: tensor<2xi32>) {\n  %0 = \"chlo.lgamma\"(%a) : (tensor<2xi32>) -> tensor<2xi32>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'chlo.lgamma' op unsupported: chlo.lgamma of tensor<2xi32> (only real float operands are decomposed)");
}

#[test]
fn quantized_values_are_storage_and_dequantize_is_integer_then_float_arithmetic() {
    let out = import_body(
        "%a: tensor<2x!quant.uniform<i8:f32, 5.0e-1:-3>>",
        r#"%0 = "stablehlo.uniform_dequantize"(%a) : (tensor<2x!quant.uniform<i8:f32, 5.0e-1:-3>>) -> tensor<2xf32>
"func.return"(%0) : (tensor<2xf32>) -> ()"#,
    );
    assert_eq!(
        out,
        [
            r#"%1 = "xhlo.convert"(%arg0) : (tensor<2xi8>) -> tensor<2xi32>"#,
            r#"%2 = "xhlo.constant"() {value = dense<-3> : tensor<2xi32>} : () -> tensor<2xi32>"#,
            r#"%3 = "xhlo.subtract"(%1, %2) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>"#,
            r#"%4 = "xhlo.convert"(%3) : (tensor<2xi32>) -> tensor<2xf32>"#,
            r#"%5 = "xhlo.constant"() {value = dense<0.5> : tensor<2xf32>} : () -> tensor<2xf32>"#,
            r#"%6 = "xhlo.multiply"(%4, %5) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#,
            r#""func.return"(%6) : (tensor<2xf32>) -> ()"#,
        ]
    );
}

#[test]
fn quantize_per_axis_broadcasts_its_parameters_and_clamps_to_the_storage_range() {
    let out = import_body(
        "%a: tensor<2xf32>",
        r#"%0 = "stablehlo.uniform_quantize"(%a) : (tensor<2xf32>) -> tensor<2x!quant.uniform<u8<1:200>:f32:0, {0.5:1, 2.0:7}>>
"func.return"(%0) : (tensor<2x!quant.uniform<u8<1:200>:f32:0, {0.5:1, 2.0:7}>>) -> ()"#,
    );
    assert_eq!(
        out,
        [
            r#"%1 = "xhlo.constant"() {value = dense<[0.5, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>"#,
            r#"%2 = "xhlo.broadcast_in_dim"(%1) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2xf32>"#,
            r#"%3 = "xhlo.divide"(%arg0, %2) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#,
            r#"%4 = "xhlo.constant"() {value = dense<[1.0, 7.0]> : tensor<2xf32>} : () -> tensor<2xf32>"#,
            r#"%5 = "xhlo.broadcast_in_dim"(%4) {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>) -> tensor<2xf32>"#,
            r#"%6 = "xhlo.add"(%3, %5) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"#,
            r#"%7 = "xhlo.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>"#,
            r#"%8 = "xhlo.constant"() {value = dense<200.0> : tensor<f32>} : () -> tensor<f32>"#,
            r#"%9 = "xhlo.clamp"(%7, %6, %8) : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>"#,
            r#"%10 = "xhlo.round_nearest_even"(%9) : (tensor<2xf32>) -> tensor<2xf32>"#,
            r#"%11 = "xhlo.convert"(%10) : (tensor<2xf32>) -> tensor<2xui8>"#,
            r#""func.return"(%11) : (tensor<2xui8>) -> ()"#,
        ]
    );
}

#[test]
fn other_ops_with_regions_refuse_quantized_values() {
    let e = one_error("func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>) {\n  %0 = \"test.region_op\"(%a) ({\n  ^bb0(%x: tensor<2x!quant.uniform<i8:f32, 1.0>>):\n    \"stablehlo.return\"(%x) : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> ()\n  }) : (tensor<2x!quant.uniform<i8:f32, 1.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>\n  \"func.return\"() : () -> ()\n}");
    assert_eq!(e, "2:8: 'test.region_op' op unsupported: quantization ('test.region_op' with regions over quantized values)");
}

/// jaxlib's LAPACK calls without an expansion are refused by name; Shardy's annotations on them
/// do not get in the way.
#[test]
fn lapack_routines_without_an_expansion_are_refused_by_name() {
    let e = one_error(r#"func.func @f(%a: tensor<3x3xf32>) {
  %0:5 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_sgeev_ffi"}> {mhlo.backend_config = {compute_left = 78 : ui8, compute_right = 86 : ui8}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k], [l], [m, n], [o, p], []) {i=3, j=3, k=3, l=3, m=3, n=3, o=3, p=3}, custom>} : (tensor<3x3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<i32>)
  "func.return"() : () -> ()
}"#);
    assert!(e.contains("2:10: 'stablehlo.custom_call' op unsupported: custom_call @lapack_sgeev_ffi: the LAPACK routine geev has no xhlo equivalent"), "{e}");
}

/// The expanded routines refuse complex matrices (LAPACK pivots them by |re| + |im|) and
/// result types that are not the routine's.
#[test]
fn lapack_expansions_refuse_complex_matrices_and_wrong_results() {
    let e = one_error(r#"func.func @f(%a: tensor<3x3xcomplex<f32>>) {
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_cgetrf_ffi"}> {mhlo.backend_config = {}} : (tensor<3x3xcomplex<f32>>) -> (tensor<3x3xcomplex<f32>>, tensor<3xi32>, tensor<i32>)
  "func.return"() : () -> ()
}"#);
    assert!(e.contains("2:10: 'stablehlo.custom_call' op unsupported: LAPACK getrf of complex<f32> matrices (only f32 and f64 are expanded)"), "{e}");
    let e = one_error(r#"func.func @f(%a: tensor<4x3xf64>) {
  %0:3 = "stablehlo.custom_call"(%a) <{call_target_name = "lapack_dgetrf_ffi"}> {mhlo.backend_config = {}} : (tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<4xi32>, tensor<i32>)
  "func.return"() : () -> ()
}"#);
    assert!(e.contains("the pivots result of getrf has type tensor<4xi32>, expected tensor<3xi32>"), "{e}");
}

/// A LAPACK trsm call becomes xhlo.triangular_solve with its flags read from the characters.
#[test]
fn lapack_trsm_becomes_triangular_solve() {
    let out = import_body(
        "%a: tensor<3x3xf64>, %b: tensor<2x3xf64>",
        r#"%0 = "stablehlo.custom_call"(%a, %b) <{call_target_name = "lapack_dtrsm_ffi"}> {mhlo.backend_config = {diag = 85 : ui8, side = 82 : ui8, trans_x = 67 : ui8, uplo = 85 : ui8}} : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>"#,
    );
    let line = out.iter().find(|l| l.contains("xhlo.triangular_solve")).unwrap_or_else(|| panic!("{out:?}"));
    assert!(line.contains(r#"{left_side = false, lower = false, unit_diagonal = true, transpose_a = "ADJOINT"}"#), "{line}");
}

// Verifier cases for the element-wise ops (dialects/xhlo-ir/src/ops/elementwise.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/elementwise.mlir
// Operands of explicit xhlo have equal shapes (broadcasting is the builder's job); select's
// pred and clamp's bounds may be scalars.

func.func @abs_accepts_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "xhlo.abs"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @abs_rejects_ui32(%x: tensor<4xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{operand has element type ui32 (U32) but must be a signed integer, float or complex}}
  %0 = "xhlo.abs"(%x) : (tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

func.func @negate_accepts_f32(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.negate"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @negate_rejects_i1(%x: tensor<2x3xi1>) -> tensor<2x3xi1> {
  // expected-error @+1 {{operand has element type i1 (PRED) but must be an integer, float or complex}}
  %0 = "xhlo.negate"(%x) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @sign_accepts_f64(%x: tensor<3xf64>) -> tensor<3xf64> {
  %0 = "xhlo.sign"(%x) : (tensor<3xf64>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

func.func @sign_rejects_ui8(%x: tensor<3xui8>) -> tensor<3xui8> {
  // expected-error @+1 {{operand has element type ui8 (U8) but must be a signed integer, float or complex}}
  %0 = "xhlo.sign"(%x) : (tensor<3xui8>) -> tensor<3xui8>
  return %0 : tensor<3xui8>
}

// -----

func.func @ceil_accepts_f16(%x: tensor<4xf16>) -> tensor<4xf16> {
  %0 = "xhlo.ceil"(%x) : (tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @ceil_rejects_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float}}
  %0 = "xhlo.ceil"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @floor_accepts_bf16(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = "xhlo.floor"(%x) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @floor_rejects_i32(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float}}
  %0 = "xhlo.floor"(%x) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @round_nearest_afz_accepts_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.round_nearest_afz"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @round_nearest_afz_rejects_i64(%x: tensor<4xi64>) -> tensor<4xi64> {
  // expected-error @+1 {{operand has element type i64 (S64) but must be a float}}
  %0 = "xhlo.round_nearest_afz"(%x) : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @round_nearest_even_accepts_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.round_nearest_even"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @round_nearest_even_rejects_complex_f32(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{operand has element type complex<f32> (C64) but must be a float}}
  %0 = "xhlo.round_nearest_even"(%x) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @exponential_accepts_complex_f32(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  %0 = "xhlo.exponential"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @exponential_rejects_i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.exponential"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @exponential_minus_one_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.exponential_minus_one"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @exponential_minus_one_rejects_i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.exponential_minus_one"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @log_accepts_f64(%x: tensor<2xf64>) -> tensor<2xf64> {
  %0 = "xhlo.log"(%x) : (tensor<2xf64>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

func.func @log_rejects_ui16(%x: tensor<2xui16>) -> tensor<2xui16> {
  // expected-error @+1 {{operand has element type ui16 (U16) but must be a float or complex}}
  %0 = "xhlo.log"(%x) : (tensor<2xui16>) -> tensor<2xui16>
  return %0 : tensor<2xui16>
}

// -----

func.func @log_plus_one_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.log_plus_one"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @log_plus_one_rejects_i8(%x: tensor<2xi8>) -> tensor<2xi8> {
  // expected-error @+1 {{operand has element type i8 (S8) but must be a float or complex}}
  %0 = "xhlo.log_plus_one"(%x) : (tensor<2xi8>) -> tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

func.func @logistic_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.logistic"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @logistic_rejects_i1(%x: tensor<2xi1>) -> tensor<2xi1> {
  // expected-error @+1 {{operand has element type i1 (PRED) but must be a float or complex}}
  %0 = "xhlo.logistic"(%x) : (tensor<2xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @sqrt_accepts_f32(%x: tensor<f32>) -> tensor<f32> {
  %0 = "xhlo.sqrt"(%x) : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @sqrt_rejects_i32(%x: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.sqrt"(%x) : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @rsqrt_accepts_complex_f64(%x: tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>> {
  %0 = "xhlo.rsqrt"(%x) : (tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>>
  return %0 : tensor<2xcomplex<f64>>
}

// -----

func.func @rsqrt_rejects_i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.rsqrt"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @cbrt_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.cbrt"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @cbrt_rejects_i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.cbrt"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @cosine_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.cosine"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @cosine_rejects_i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.cosine"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @sine_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.sine"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @sine_rejects_i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.sine"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @tan_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.tan"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @tan_rejects_i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.tan"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @tanh_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.tanh"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @tanh_rejects_i32(%x: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.tanh"(%x) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @erf_accepts_f32(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.erf"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @erf_rejects_complex_f32(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{operand has element type complex<f32> (C64) but must be a float}}
  %0 = "xhlo.erf"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @is_finite_accepts_f32(%x: tensor<2x2xf32>) -> tensor<2x2xi1> {
  %0 = "xhlo.is_finite"(%x) : (tensor<2x2xf32>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

func.func @is_finite_rejects_i32(%x: tensor<2x2xi32>) -> tensor<2x2xi1> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float}}
  %0 = "xhlo.is_finite"(%x) : (tensor<2x2xi32>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

func.func @not_accepts_i1(%x: tensor<4xi1>) -> tensor<4xi1> {
  %0 = "xhlo.not"(%x) : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @not_rejects_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand has element type f32 (F32) but must be an integer or PRED}}
  %0 = "xhlo.not"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @popcnt_accepts_ui32(%x: tensor<4xui32>) -> tensor<4xui32> {
  %0 = "xhlo.popcnt"(%x) : (tensor<4xui32>) -> tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

func.func @popcnt_rejects_i1(%x: tensor<4xi1>) -> tensor<4xi1> {
  // expected-error @+1 {{operand has element type i1 (PRED) but must be an integer}}
  %0 = "xhlo.popcnt"(%x) : (tensor<4xi1>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @count_leading_zeros_accepts_i64(%x: tensor<4xi64>) -> tensor<4xi64> {
  %0 = "xhlo.count_leading_zeros"(%x) : (tensor<4xi64>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @count_leading_zeros_rejects_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{operand has element type f32 (F32) but must be an integer}}
  %0 = "xhlo.count_leading_zeros"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @real_accepts_complex_f32(%x: tensor<3xcomplex<f32>>) -> tensor<3xf32> {
  %0 = "xhlo.real"(%x) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @real_rejects_i32(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.real"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @imag_accepts_complex_f64(%x: tensor<3xcomplex<f64>>) -> tensor<3xf64> {
  %0 = "xhlo.imag"(%x) : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

func.func @imag_rejects_i32(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.imag"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @abs_of_complex_is_its_real_modulus(%x: tensor<2xcomplex<f32>>) -> tensor<2xf32> {
  %0 = "xhlo.abs"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @abs_rejects_complex_result_declared(%x: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{result #0 is declared as tensor<2xcomplex<f32>> but the op produces tensor<2xf32>}}
  %0 = "xhlo.abs"(%x) : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @real_of_float_is_identity_shaped(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "xhlo.real"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @is_finite_rejects_non_pred_result(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<2xf32> but the op produces tensor<2xi1>}}
  %0 = "xhlo.is_finite"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @negate_rejects_declared_shape_change(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<3x2xf32> but the op produces tensor<2x3xf32>}}
  %0 = "xhlo.negate"(%x) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @sqrt_on_operand_with_column_major_layout(%x: tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>) -> tensor<2x3xf32> {
  %0 = "xhlo.sqrt"(%x) : (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @sqrt_rejects_layout_that_is_not_a_permutation(%x: tensor<2x3xf32, #xhlo.layout<array<i64: 0, 0>>>) -> tensor<2x3xf32> {
  // expected-error @+1 {{is not a permutation}}
  %0 = "xhlo.sqrt"(%x) : (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 0>>>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @add_accepts_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @add_rejects_mismatched_shapes(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @subtract_accepts_i32(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "xhlo.subtract"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @subtract_rejects_i1(%a: tensor<2x3xi1>, %b: tensor<2x3xi1>) -> tensor<2x3xi1> {
  // expected-error @+1 {{lhs has element type i1 (PRED) but must be an integer, float or complex}}
  %0 = "xhlo.subtract"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @subtract_rejects_mismatched_shapes(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.subtract"(%a, %b) : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @multiply_accepts_i1(%a: tensor<2x3xi1>, %b: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = "xhlo.multiply"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @multiply_rejects_mismatched_shapes(%a: tensor<2x3xi1>, %b: tensor<3x2xi1>) -> tensor<2x3xi1> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.multiply"(%a, %b) : (tensor<2x3xi1>, tensor<3x2xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @divide_accepts_ui32(%a: tensor<2x3xui32>, %b: tensor<2x3xui32>) -> tensor<2x3xui32> {
  %0 = "xhlo.divide"(%a, %b) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  return %0 : tensor<2x3xui32>
}

// -----

func.func @divide_rejects_i1(%a: tensor<2x3xi1>, %b: tensor<2x3xi1>) -> tensor<2x3xi1> {
  // expected-error @+1 {{lhs has element type i1 (PRED) but must be an integer, float or complex}}
  %0 = "xhlo.divide"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @divide_rejects_mismatched_shapes(%a: tensor<2x3xui32>, %b: tensor<3x2xui32>) -> tensor<2x3xui32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.divide"(%a, %b) : (tensor<2x3xui32>, tensor<3x2xui32>) -> tensor<2x3xui32>
  return %0 : tensor<2x3xui32>
}

// -----

func.func @remainder_accepts_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.remainder"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @remainder_rejects_complex_f32(%a: tensor<2x3xcomplex<f32>>, %b: tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {
  // expected-error @+1 {{lhs has element type complex<f32> (C64) but must be an integer or float}}
  %0 = "xhlo.remainder"(%a, %b) : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @remainder_rejects_mismatched_shapes(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.remainder"(%a, %b) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @power_accepts_complex_f32(%a: tensor<2x3xcomplex<f32>>, %b: tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {
  %0 = "xhlo.power"(%a, %b) : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @power_rejects_i1(%a: tensor<2x3xi1>, %b: tensor<2x3xi1>) -> tensor<2x3xi1> {
  // expected-error @+1 {{lhs has element type i1 (PRED) but must be an integer, float or complex}}
  %0 = "xhlo.power"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @power_rejects_mismatched_shapes(%a: tensor<2x3xcomplex<f32>>, %b: tensor<3x2xcomplex<f32>>) -> tensor<2x3xcomplex<f32>> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.power"(%a, %b) : (tensor<2x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  return %0 : tensor<2x3xcomplex<f32>>
}

// -----

func.func @maximum_accepts_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.maximum"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @maximum_rejects_mismatched_shapes(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.maximum"(%a, %b) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @minimum_accepts_i8(%a: tensor<2x3xi8>, %b: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %0 = "xhlo.minimum"(%a, %b) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// -----

func.func @minimum_rejects_mismatched_shapes(%a: tensor<2x3xi8>, %b: tensor<3x2xi8>) -> tensor<2x3xi8> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.minimum"(%a, %b) : (tensor<2x3xi8>, tensor<3x2xi8>) -> tensor<2x3xi8>
  return %0 : tensor<2x3xi8>
}

// -----

func.func @atan2_accepts_f64(%a: tensor<2x3xf64>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %0 = "xhlo.atan2"(%a, %b) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @atan2_rejects_i32(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{lhs has element type i32 (S32) but must be a float or complex}}
  %0 = "xhlo.atan2"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @atan2_rejects_mismatched_shapes(%a: tensor<2x3xf64>, %b: tensor<3x2xf64>) -> tensor<2x3xf64> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.atan2"(%a, %b) : (tensor<2x3xf64>, tensor<3x2xf64>) -> tensor<2x3xf64>
  return %0 : tensor<2x3xf64>
}

// -----

func.func @and_accepts_i1(%a: tensor<2x3xi1>, %b: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %0 = "xhlo.and"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @and_rejects_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has element type f32 (F32) but must be an integer or PRED}}
  %0 = "xhlo.and"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @and_rejects_mismatched_shapes(%a: tensor<2x3xi1>, %b: tensor<3x2xi1>) -> tensor<2x3xi1> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.and"(%a, %b) : (tensor<2x3xi1>, tensor<3x2xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @or_accepts_ui8(%a: tensor<2x3xui8>, %b: tensor<2x3xui8>) -> tensor<2x3xui8> {
  %0 = "xhlo.or"(%a, %b) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  return %0 : tensor<2x3xui8>
}

// -----

func.func @or_rejects_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has element type f32 (F32) but must be an integer or PRED}}
  %0 = "xhlo.or"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @or_rejects_mismatched_shapes(%a: tensor<2x3xui8>, %b: tensor<3x2xui8>) -> tensor<2x3xui8> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.or"(%a, %b) : (tensor<2x3xui8>, tensor<3x2xui8>) -> tensor<2x3xui8>
  return %0 : tensor<2x3xui8>
}

// -----

func.func @xor_accepts_i32(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "xhlo.xor"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @xor_rejects_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has element type f32 (F32) but must be an integer or PRED}}
  %0 = "xhlo.xor"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @xor_rejects_mismatched_shapes(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.xor"(%a, %b) : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @shift_left_accepts_i32(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "xhlo.shift_left"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @shift_left_rejects_i1(%a: tensor<2x3xi1>, %b: tensor<2x3xi1>) -> tensor<2x3xi1> {
  // expected-error @+1 {{lhs has element type i1 (PRED) but must be an integer}}
  %0 = "xhlo.shift_left"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @shift_left_rejects_mismatched_shapes(%a: tensor<2x3xi32>, %b: tensor<3x2xi32>) -> tensor<2x3xi32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.shift_left"(%a, %b) : (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @shift_right_arithmetic_accepts_i64(%a: tensor<2x3xi64>, %b: tensor<2x3xi64>) -> tensor<2x3xi64> {
  %0 = "xhlo.shift_right_arithmetic"(%a, %b) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

func.func @shift_right_arithmetic_rejects_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has element type f32 (F32) but must be an integer}}
  %0 = "xhlo.shift_right_arithmetic"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @shift_right_arithmetic_rejects_mismatched_shapes(%a: tensor<2x3xi64>, %b: tensor<3x2xi64>) -> tensor<2x3xi64> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.shift_right_arithmetic"(%a, %b) : (tensor<2x3xi64>, tensor<3x2xi64>) -> tensor<2x3xi64>
  return %0 : tensor<2x3xi64>
}

// -----

func.func @shift_right_logical_accepts_ui32(%a: tensor<2x3xui32>, %b: tensor<2x3xui32>) -> tensor<2x3xui32> {
  %0 = "xhlo.shift_right_logical"(%a, %b) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  return %0 : tensor<2x3xui32>
}

// -----

func.func @shift_right_logical_rejects_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has element type f32 (F32) but must be an integer}}
  %0 = "xhlo.shift_right_logical"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @shift_right_logical_rejects_mismatched_shapes(%a: tensor<2x3xui32>, %b: tensor<3x2xui32>) -> tensor<2x3xui32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape [3, 2] (explicit xhlo requires equal shapes; broadcast first)}}
  %0 = "xhlo.shift_right_logical"(%a, %b) : (tensor<2x3xui32>, tensor<3x2xui32>) -> tensor<2x3xui32>
  return %0 : tensor<2x3xui32>
}

// -----

func.func @add_rejects_mismatched_element_types(%a: tensor<2xf32>, %b: tensor<2xi32>) -> tensor<2xf32> {
  // expected-error @+1 {{lhs has element type f32 (F32) but rhs has i32 (S32)}}
  %0 = "xhlo.add"(%a, %b) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @add_rejects_implicit_scalar_broadcast(%a: tensor<2x3xf32>, %b: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{lhs has shape [2, 3] but rhs has shape []}}
  %0 = "xhlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @maximum_rejects_wrong_declared_result(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf64> {
  // expected-error @+1 {{result #0 is declared as tensor<4xf64> but the op produces tensor<4xf32>}}
  %0 = "xhlo.maximum"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @multiply_layouts_may_differ(%a: tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.multiply"(%a, %b) : (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @complex_from_f32_parts(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xcomplex<f32>> {
  %0 = "xhlo.complex"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @complex_from_f64_parts(%a: tensor<f64>, %b: tensor<f64>) -> tensor<complex<f64>> {
  %0 = "xhlo.complex"(%a, %b) : (tensor<f64>, tensor<f64>) -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// -----

func.func @complex_rejects_f16_parts(%a: tensor<4xf16>, %b: tensor<4xf16>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{lhs has element type f16 (F16) but must be F32 or F64}}
  %0 = "xhlo.complex"(%a, %b) : (tensor<4xf16>, tensor<4xf16>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @complex_rejects_mismatched_parts(%a: tensor<4xf32>, %b: tensor<4xf64>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{lhs has element type f32 (F32) but rhs has f64 (F64)}}
  %0 = "xhlo.complex"(%a, %b) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @complex_rejects_real_result_declared(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<4xf32> but the op produces tensor<4xcomplex<f32>>}}
  %0 = "xhlo.complex"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_gt_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "GT"} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @compare_eq_with_totalorder(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "EQ", compare_type = "TOTALORDER"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_lt_signed(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "SIGNED"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_ge_unsigned(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xi1> {
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "GE", compare_type = "UNSIGNED"} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_ne_complex(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "NE"} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_rejects_unknown_direction(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{attribute 'comparison_direction' is "GREATER" but must be one of EQ, NE, GE, GT, LE, LT}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "GREATER"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_rejects_unknown_compare_type(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{attribute 'compare_type' is "IEEE" but must be one of FLOAT, TOTALORDER, SIGNED, UNSIGNED}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "EQ", compare_type = "IEEE"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_rejects_float_compare_type_on_integers(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type FLOAT needs float operands, got i32 (S32)}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "EQ", compare_type = "FLOAT"} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_rejects_signed_compare_type_on_unsigned(%a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type SIGNED needs signed integer operands, got ui32 (U32)}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "SIGNED"} : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_rejects_unsigned_compare_type_on_floats(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{compare_type UNSIGNED needs unsigned integer or PRED operands, got f32 (F32)}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "LT", compare_type = "UNSIGNED"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_rejects_ordering_complex_numbers(%a: tensor<4xcomplex<f32>>, %b: tensor<4xcomplex<f32>>) -> tensor<4xi1> {
  // expected-error @+1 {{complex operands can only be compared with EQ or NE}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "LT"} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_rejects_non_pred_result(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{result #0 is declared as tensor<4xf32> but the op produces tensor<4xi1>}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "EQ"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_rejects_mismatched_shapes(%a: tensor<4xf32>, %b: tensor<5xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{lhs has shape [4] but rhs has shape [5]}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = "EQ"} : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_structure_rejects_direction_that_is_not_a_string(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{attribute 'comparison_direction' must be a string attribute, got 3 : i64}}
  %0 = "xhlo.compare"(%a, %b) {comparison_direction = 3 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_structure_requires_comparison_direction(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+1 {{missing required attribute 'comparison_direction'}}
  %0 = "xhlo.compare"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @select_elementwise_pred(%p: tensor<2x3xi1>, %t: tensor<2x3xf32>, %f: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "xhlo.select"(%p, %t, %f) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @select_scalar_pred_picks_whole_arrays(%p: tensor<i1>, %t: tensor<2x3xi32>, %f: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %0 = "xhlo.select"(%p, %t, %f) : (tensor<i1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @select_rejects_non_pred_predicate(%p: tensor<2xi32>, %t: tensor<2xf32>, %f: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{pred must have element type i1 (PRED), got i32 (S32)}}
  %0 = "xhlo.select"(%p, %t, %f) : (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_rejects_pred_of_other_shape(%p: tensor<3xi1>, %t: tensor<2xf32>, %f: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{pred has shape [3] but must be a scalar or have shape [2]}}
  %0 = "xhlo.select"(%p, %t, %f) : (tensor<3xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_rejects_branches_of_different_shapes(%p: tensor<i1>, %t: tensor<2xf32>, %f: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{on_true has shape [2] but on_false has shape [3]}}
  %0 = "xhlo.select"(%p, %t, %f) : (tensor<i1>, tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @select_rejects_branches_of_different_types(%p: tensor<i1>, %t: tensor<2xf32>, %f: tensor<2xf64>) -> tensor<2xf32> {
  // expected-error @+1 {{on_true has element type f32 (F32) but on_false has f64 (F64)}}
  %0 = "xhlo.select"(%p, %t, %f) : (tensor<i1>, tensor<2xf32>, tensor<2xf64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_with_scalar_bounds(%lo: tensor<f32>, %x: tensor<2x3xf32>, %hi: tensor<f32>) -> tensor<2x3xf32> {
  %0 = "xhlo.clamp"(%lo, %x, %hi) : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @clamp_with_elementwise_bounds(%lo: tensor<3xi32>, %x: tensor<3xi32>, %hi: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "xhlo.clamp"(%lo, %x, %hi) : (tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @clamp_rejects_min_of_other_element_type(%lo: tensor<f64>, %x: tensor<3xf32>, %hi: tensor<f32>) -> tensor<3xf32> {
  // expected-error @+1 {{min has element type f64 (F64) but operand has f32 (F32)}}
  %0 = "xhlo.clamp"(%lo, %x, %hi) : (tensor<f64>, tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @clamp_rejects_max_of_other_shape(%lo: tensor<f32>, %x: tensor<3xf32>, %hi: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{max has shape [2] but must be a scalar or have shape [3]}}
  %0 = "xhlo.clamp"(%lo, %x, %hi) : (tensor<f32>, tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @map_adds_two_arrays(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = "xhlo.add"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_result_element_follows_the_computation(%a: tensor<2x3xf32>) -> tensor<2x3xi1> {
  %0 = "xhlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    %f = "xhlo.is_finite"(%x) : (tensor<f32>) -> tensor<i1>
    "gpu.yield"(%f) : (tensor<i1>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  return %0 : tensor<2x3xi1>
}

// -----

func.func @map_over_inputs_of_different_element_types(%a: tensor<3xf32>, %b: tensor<3xi32>) -> tensor<3xf32> {
  %0 = "xhlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<i32>):
    %c = "xhlo.convert"(%y) : (tensor<i32>) -> tensor<f32>
    %s = "xhlo.multiply"(%x, %c) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @map_rejects_inputs_of_different_shapes(%a: tensor<3xf32>, %b: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{input #1 has shape [4] but input #0 has shape [3]}}
  %0 = "xhlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @map_rejects_dimensions_other_than_all(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{dimensions must be [0, 1] (map applies over every dimension), got [1]}}
  %0 = "xhlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @map_rejects_computation_with_wrong_parameter_count(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation takes 1 parameters but there are 2 inputs}}
  %0 = "xhlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>):
    "gpu.yield"(%x) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_rejects_parameter_of_wrong_type(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation parameter #0 has type tensor<f64> but input #0 needs tensor<f32>}}
  %0 = "xhlo.map"(%a) ({
  ^bb0(%x: tensor<f64>):
    %c = "xhlo.convert"(%x) : (tensor<f64>) -> tensor<f32>
    "gpu.yield"(%c) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_rejects_non_scalar_computation_result(%a: tensor<4xf32>, %v: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{computation must return one scalar tensor, returns 1 value(s)}}
  %0 = "xhlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    "gpu.yield"(%v) : (tensor<2xf32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @map_structure_requires_its_region(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 1 region(s), got 0}}
  %0 = "xhlo.map"(%a) {dimensions = array<i64: 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @convert_f32_to_i32(%x: tensor<2x3xf32>) -> tensor<2x3xi32> {
  %0 = "xhlo.convert"(%x) : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @convert_i1_to_complex(%x: tensor<4xi1>) -> tensor<4xcomplex<f32>> {
  %0 = "xhlo.convert"(%x) : (tensor<4xi1>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

func.func @convert_rejects_shape_change(%x: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error @+1 {{result #0 is declared as tensor<6xi32> but the op produces tensor<2x3xi32>}}
  %0 = "xhlo.convert"(%x) : (tensor<2x3xf32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @bitcast_convert_same_width(%x: tensor<2x3xf32>) -> tensor<2x3xi32> {
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

func.func @bitcast_convert_wider_to_narrower_adds_minor_dimension(%x: tensor<3xf32>) -> tensor<3x4xui8> {
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<3xf32>) -> tensor<3x4xui8>
  return %0 : tensor<3x4xui8>
}

// -----

func.func @bitcast_convert_narrower_to_wider_drops_minor_dimension(%x: tensor<3x2xi16>) -> tensor<3xf32> {
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<3x2xi16>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @bitcast_convert_seed_f32_10_to_f16_10x2(%x: tensor<10xf32>) -> tensor<10x2xf16> {
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<10xf32>) -> tensor<10x2xf16>
  return %0 : tensor<10x2xf16>
}

// -----

func.func @bitcast_convert_seed_f32_scalar_to_f16_2(%x: tensor<f32>) -> tensor<2xf16> {
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<f32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @bitcast_convert_seed_f16_10x2_to_f32_10(%x: tensor<10x2xf16>) -> tensor<10xf32> {
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<10x2xf16>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @bitcast_convert_rejects_pred_width_change(%x: tensor<4xi1>) -> tensor<4xi8> {
  // expected-error @+1 {{bitcast_convert to or from PRED needs equal bit widths}}
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<4xi1>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

func.func @bitcast_convert_rejects_missing_minor_dimension(%x: tensor<3xi8>) -> tensor<f32> {
  // expected-error @+1 {{bitcast from 8-bit to 32-bit elements needs a minor dimension of size 4, shape is [3]}}
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<3xi8>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @bitcast_convert_rejects_same_width_shape_change(%x: tensor<2x3xf32>) -> tensor<6xi32> {
  // expected-error @+1 {{result #0 is declared as tensor<6xi32> but the op produces tensor<2x3xi32>}}
  %0 = "xhlo.bitcast_convert"(%x) : (tensor<2x3xf32>) -> tensor<6xi32>
  return %0 : tensor<6xi32>
}

// -----

func.func @reduce_precision_f32_to_bf16_format(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "xhlo.reduce_precision"(%x) {exponent_bits = 8 : i32, mantissa_bits = 7 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_precision_rejects_zero_exponent_bits(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{exponent_bits must be at least 1, got 0}}
  %0 = "xhlo.reduce_precision"(%x) {exponent_bits = 0 : i32, mantissa_bits = 7 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_precision_rejects_negative_mantissa_bits(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{mantissa_bits must be non-negative, got -1}}
  %0 = "xhlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = -1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_precision_rejects_integer_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float}}
  %0 = "xhlo.reduce_precision"(%x) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @reduce_precision_structure_rejects_string_exponent_bits(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{attribute 'exponent_bits' must be an integer attribute, got "five"}}
  %0 = "xhlo.reduce_precision"(%x) {exponent_bits = "five", mantissa_bits = 10 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_precision_structure_requires_mantissa_bits(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{missing required attribute 'mantissa_bits'}}
  %0 = "xhlo.reduce_precision"(%x) {exponent_bits = 5 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @add_structure_rejects_one_operand(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected at least 2 operands, got 1}}
  %0 = "xhlo.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @negate_structure_rejects_two_results(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 1 results, got 2}}
  %0:2 = "xhlo.negate"(%a) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %0#0 : tensor<4xf32>
}

// -----

func.func @negate_structure_rejects_token_operand(%t: !xhlo.token) -> tensor<4xf32> {
  // expected-error @+1 {{operand 'operand' must be a tensor, got !xhlo.token}}
  %0 = "xhlo.negate"(%t) : (!xhlo.token) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unknown_xhlo_op_is_rejected(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unregistered operation 'xhlo.frobnicate' found in dialect ('xhlo')}}
  %0 = "xhlo.frobnicate"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

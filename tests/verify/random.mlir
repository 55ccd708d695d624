// Verifier cases for the random-number ops (dialects/xhlo-ir/src/ops/random.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/random.mlir
// The output shape is the declared result (XLA's `shape` argument). The ops are
// side-effecting, so unused results are fine.

func.func @rng_uniform_f32(%a0: tensor<f32>, %a1: tensor<f32>) -> tensor<3x4xf32> {
  %0 = "xhlo.rng_uniform"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @rng_uniform_i32(%a0: tensor<i32>, %a1: tensor<i32>) -> tensor<5xi32> {
  %0 = "xhlo.rng_uniform"(%a0, %a1) : (tensor<i32>, tensor<i32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

func.func @rng_uniform_seed_002_pred(%a0: tensor<i1>, %a1: tensor<i1>) -> tensor<8xi1> {
  %0 = "xhlo.rng_uniform"(%a0, %a1) : (tensor<i1>, tensor<i1>) -> tensor<8xi1>
  return %0 : tensor<8xi1>
}

// -----

func.func @rng_uniform_rejects_non_scalar_a(%a0: tensor<2xf32>, %a1: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{a must be a scalar (rank 0) but has shape [2]}}
  %0 = "xhlo.rng_uniform"(%a0, %a1) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @rng_uniform_rejects_non_scalar_b(%a0: tensor<f32>, %a1: tensor<1xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{b must be a scalar (rank 0) but has shape [1]}}
  %0 = "xhlo.rng_uniform"(%a0, %a1) : (tensor<f32>, tensor<1xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @rng_uniform_rejects_parameters_of_different_types(%a0: tensor<f32>, %a1: tensor<f64>) -> tensor<2xf32> {
  // expected-error @+1 {{b has element type f64 (F64) but a has f32 (F32); the parameters must have the same type}}
  %0 = "xhlo.rng_uniform"(%a0, %a1) : (tensor<f32>, tensor<f64>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @rng_uniform_rejects_complex(%a0: tensor<complex<f32>>, %a1: tensor<complex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{a has element type complex<f32> (C64) but must be PRED, an integer or a float}}
  %0 = "xhlo.rng_uniform"(%a0, %a1) : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}

// -----

func.func @rng_uniform_rejects_result_of_other_element_type(%a0: tensor<f32>, %a1: tensor<f32>) -> tensor<2xf16> {
  // expected-error @+1 {{result has element type f16 (F16) but the parameters have f32 (F32)}}
  %0 = "xhlo.rng_uniform"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

func.func @rng_uniform_structure_requires_two_operands(%a0: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{expected at least 2 operands, got 1}}
  %0 = "xhlo.rng_uniform"(%a0) : (tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @rng_normal_f32(%a0: tensor<f32>, %a1: tensor<f32>) -> tensor<10xf32> {
  %0 = "xhlo.rng_normal"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<10xf32>
  return %0 : tensor<10xf32>
}

// -----

func.func @rng_normal_bf16(%a0: tensor<bf16>, %a1: tensor<bf16>) -> tensor<2x3xbf16> {
  %0 = "xhlo.rng_normal"(%a0, %a1) : (tensor<bf16>, tensor<bf16>) -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

func.func @rng_normal_rejects_integer_parameters(%a0: tensor<i32>, %a1: tensor<i32>) -> tensor<2xi32> {
  // expected-error @+1 {{mu has element type i32 (S32) but must be a float}}
  %0 = "xhlo.rng_normal"(%a0, %a1) : (tensor<i32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @rng_normal_rejects_non_scalar_sigma(%a0: tensor<f32>, %a1: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{sigma must be a scalar (rank 0) but has shape [3]}}
  %0 = "xhlo.rng_normal"(%a0, %a1) : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @rng_normal_rejects_parameters_of_different_types(%a0: tensor<f32>, %a1: tensor<f16>) -> tensor<3xf32> {
  // expected-error @+1 {{sigma has element type f16 (F16) but mu has f32 (F32)}}
  %0 = "xhlo.rng_normal"(%a0, %a1) : (tensor<f32>, tensor<f16>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @rng_normal_rejects_result_of_other_element_type(%a0: tensor<f32>, %a1: tensor<f32>) -> tensor<3xf64> {
  // expected-error @+1 {{result has element type f64 (F64) but the parameters have f32 (F32)}}
  %0 = "xhlo.rng_normal"(%a0, %a1) : (tensor<f32>, tensor<f32>) -> tensor<3xf64>
  return %0 : tensor<3xf64>
}

// -----

func.func @rng_bit_generator_three_fry(%a0: tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>) {
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "THREE_FRY"} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<4x4xui32>
}

// -----

func.func @rng_bit_generator_philox_with_3_words_of_state(%a0: tensor<3xui64>) -> (tensor<3xui64>, tensor<8xui64>) {
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "PHILOX"} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<8xui64>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<8xui64>
}

// -----

func.func @rng_bit_generator_default_any_state_size(%a0: tensor<5xui64>) -> (tensor<5xui64>, tensor<2x2xi32>) {
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "DEFAULT"} : (tensor<5xui64>) -> (tensor<5xui64>, tensor<2x2xi32>)
  return %0#0, %0#1 : tensor<5xui64>, tensor<2x2xi32>
}

// -----

func.func @rng_bit_generator_rejects_three_fry_state_of_3(%a0: tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>) {
  // expected-error @+1 {{rng_algorithm THREE_FRY needs an initial_state of 2 ui64 values, got 3}}
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "THREE_FRY"} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<4xui32>
}

// -----

func.func @rng_bit_generator_rejects_philox_state_of_4(%a0: tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>) {
  // expected-error @+1 {{rng_algorithm PHILOX needs an initial_state of 2 or 3 ui64 values, got 4}}
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "PHILOX"} : (tensor<4xui64>) -> (tensor<4xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<4xui64>, tensor<4xui32>
}

// -----

func.func @rng_bit_generator_rejects_ui32_state(%a0: tensor<2xui32>) -> (tensor<2xui32>, tensor<4xui32>) {
  // expected-error @+1 {{initial_state has element type ui32 (U32) but must be ui64 (U64)}}
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "DEFAULT"} : (tensor<2xui32>) -> (tensor<2xui32>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<2xui32>, tensor<4xui32>
}

// -----

func.func @rng_bit_generator_rejects_state_of_rank_2(%a0: tensor<1x2xui64>) -> (tensor<1x2xui64>, tensor<4xui32>) {
  // expected-error @+1 {{initial_state must have rank 1 but has shape [1, 2]}}
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "DEFAULT"} : (tensor<1x2xui64>) -> (tensor<1x2xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<1x2xui64>, tensor<4xui32>
}

// -----

func.func @rng_bit_generator_rejects_unknown_algorithm(%a0: tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>) {
  // expected-error @+1 {{attribute 'rng_algorithm' is "MERSENNE" but must be one of DEFAULT, THREE_FRY, PHILOX}}
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "MERSENNE"} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<4xui32>
}

// -----

func.func @rng_bit_generator_rejects_float_output(%a0: tensor<2xui64>) -> (tensor<2xui64>, tensor<4xf32>) {
  // expected-error @+1 {{output has element type f32 (F32) but must be an integer (random bits)}}
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "THREE_FRY"} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xf32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<4xf32>
}

// -----

func.func @rng_bit_generator_rejects_output_state_unlike_the_input_state(%a0: tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>) {
  // expected-error @+1 {{result #0 is declared as tensor<3xui64> but the op produces tensor<2xui64>}}
  %0:2 = "xhlo.rng_bit_generator"(%a0) {rng_algorithm = "THREE_FRY"} : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<3xui64>, tensor<4xui32>
}

// -----

func.func @rng_bit_generator_structure_requires_rng_algorithm(%a0: tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>) {
  // expected-error @+1 {{missing required attribute 'rng_algorithm'}}
  %0:2 = "xhlo.rng_bit_generator"(%a0) : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<4xui32>
}

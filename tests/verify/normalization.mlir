// Verifier cases for the batch-normalization ops (dialects/xhlo-ir/src/ops/normalization.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/normalization.mlir
// scale/offset/mean/variance hold one entry per feature: shape [operand.dims[feature_index]].

func.func @batch_norm_training_feature_last(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_training_feature_1_bf16(%a0: tensor<8x3x5x5xbf16>, %a1: tensor<3xbf16>, %a2: tensor<3xbf16>) -> (tensor<8x3x5x5xbf16>, tensor<3xbf16>, tensor<3xbf16>) {
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-5 : f32, feature_index = 1 : i64} : (tensor<8x3x5x5xbf16>, tensor<3xbf16>, tensor<3xbf16>) -> (tensor<8x3x5x5xbf16>, tensor<3xbf16>, tensor<3xbf16>)
  return %0#0, %0#1, %0#2 : tensor<8x3x5x5xbf16>, tensor<3xbf16>, tensor<3xbf16>
}

// -----

func.func @batch_norm_training_rejects_feature_index_out_of_range(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{feature_index 4 is not a dimension of the operand (rank 4, shape [8, 5, 5, 3])}}
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 4 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_training_rejects_scale_of_wrong_size(%a0: tensor<8x5x5x3xf32>, %a1: tensor<5xf32>, %a2: tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{scale has shape [5] but must be [3]: one entry per feature (operand dimension 3 has size 3)}}
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<5xf32>, tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_training_rejects_offset_of_other_type(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf64>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{offset has element type f64 (F64) but operand has f32 (F32)}}
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf64>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_training_rejects_integer_operand(%a0: tensor<8x3xi32>, %a1: tensor<3xi32>, %a2: tensor<3xi32>) -> (tensor<8x3xi32>, tensor<3xi32>, tensor<3xi32>) {
  // expected-error @+1 {{operand has element type i32 (S32) but must be a float}}
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 1 : i64} : (tensor<8x3xi32>, tensor<3xi32>, tensor<3xi32>) -> (tensor<8x3xi32>, tensor<3xi32>, tensor<3xi32>)
  return %0#0, %0#1, %0#2 : tensor<8x3xi32>, tensor<3xi32>, tensor<3xi32>
}

// -----

func.func @batch_norm_training_rejects_infinite_epsilon(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{epsilon must be finite, got inf}}
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 0x7F800000 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_training_rejects_wrong_declared_mean(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<8xf32>, tensor<3xf32>) {
  // expected-error @+1 {{result #1 is declared as tensor<8xf32> but the op produces tensor<3xf32>}}
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<8xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<8xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_training_structure_requires_epsilon(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{missing required attribute 'epsilon'}}
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_training_rejects_integer_epsilon(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{attribute 'epsilon' must be a float attribute, got 1 : i64}}
  %0:3 = "xhlo.batch_norm_training"(%a0, %a1, %a2) {epsilon = 1 : i64, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_inference_keeps_the_operand_shape(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) -> tensor<8x5x5x3xf32> {
  %0 = "xhlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<8x5x5x3xf32>
  return %0 : tensor<8x5x5x3xf32>
}

// -----

func.func @batch_norm_inference_rejects_negative_feature_index(%a0: tensor<8x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<3xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{feature_index -1 is not a dimension of the operand}}
  %0 = "xhlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = -1 : i64} : (tensor<8x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

func.func @batch_norm_inference_rejects_variance_of_wrong_shape(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<1x3xf32>) -> tensor<8x5x5x3xf32> {
  // expected-error @+1 {{variance has shape [1, 3] but must be [3]}}
  %0 = "xhlo.batch_norm_inference"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>) -> tensor<8x5x5x3xf32>
  return %0 : tensor<8x5x5x3xf32>
}

// -----

func.func @batch_norm_inference_structure_requires_five_operands(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>) -> tensor<8x5x5x3xf32> {
  // expected-error @+1 {{expected at least 5 operands, got 4}}
  %0 = "xhlo.batch_norm_inference"(%a0, %a1, %a2, %a3) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<8x5x5x3xf32>
  return %0 : tensor<8x5x5x3xf32>
}

// -----

func.func @batch_norm_grad_returns_three_gradients(%a0: tensor<8x5x5x3xf64>, %a1: tensor<3xf64>, %a2: tensor<3xf64>, %a3: tensor<3xf64>, %a4: tensor<8x5x5x3xf64>) -> (tensor<8x5x5x3xf64>, tensor<3xf64>, tensor<3xf64>) {
  %0:3 = "xhlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<8x5x5x3xf64>) -> (tensor<8x5x5x3xf64>, tensor<3xf64>, tensor<3xf64>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf64>, tensor<3xf64>, tensor<3xf64>
}

// -----

func.func @batch_norm_grad_rejects_mean_of_wrong_size(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<4xf32>, %a3: tensor<3xf32>, %a4: tensor<8x5x5x3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{mean has shape [4] but must be [3]}}
  %0:3 = "xhlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>, tensor<8x5x5x3xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_grad_rejects_grad_output_of_other_shape(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<8x5x5x4xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{grad_output has shape [8, 5, 5, 4] but operand has shape [8, 5, 5, 3]}}
  %0:3 = "xhlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<8x5x5x4xf32>) -> (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @batch_norm_grad_rejects_wrong_declared_grad_scale(%a0: tensor<8x5x5x3xf32>, %a1: tensor<3xf32>, %a2: tensor<3xf32>, %a3: tensor<3xf32>, %a4: tensor<8x5x5x3xf32>) -> (tensor<8x5x5x3xf32>, tensor<8x5x5x3xf32>, tensor<3xf32>) {
  // expected-error @+1 {{result #1 is declared as tensor<8x5x5x3xf32> but the op produces tensor<3xf32>}}
  %0:3 = "xhlo.batch_norm_grad"(%a0, %a1, %a2, %a3, %a4) {epsilon = 1.0e-3 : f32, feature_index = 3 : i64} : (tensor<8x5x5x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<8x5x5x3xf32>) -> (tensor<8x5x5x3xf32>, tensor<8x5x5x3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<8x5x5x3xf32>, tensor<8x5x5x3xf32>, tensor<3xf32>
}

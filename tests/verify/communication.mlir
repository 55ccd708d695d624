// Verifier cases for the token-ordered communication ops (dialects/xhlo-ir/src/ops/communication.rs).
// Run: xla-opt --split-input-file --verify-diagnostics tests/verify/communication.mlir
// recv / infeed results are the received tensors, then one token.

func.func @after_all_joins_tokens(%a0: !xhlo.token, %a1: !xhlo.token, %a2: !xhlo.token) -> !xhlo.token {
  %0 = "xhlo.after_all"(%a0, %a1, %a2) : (!xhlo.token, !xhlo.token, !xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @after_all_without_operands_makes_a_fresh_token() -> !xhlo.token {
  %0 = "xhlo.after_all"() : () -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @after_all_rejects_tensor_operand(%a0: !xhlo.token, %a1: tensor<f32>) -> !xhlo.token {
  // expected-error @+1 {{operand 'tokens' #1 must be a token, got tensor<f32>}}
  %0 = "xhlo.after_all"(%a0, %a1) : (!xhlo.token, tensor<f32>) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @after_all_rejects_tensor_result(%a0: !xhlo.token) -> tensor<f32> {
  // expected-error @+1 {{result 'result' must be a token, got tensor<f32>}}
  %0 = "xhlo.after_all"(%a0) : (!xhlo.token) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @send_with_channel_to_host(%a0: tensor<2x2xi64>, %a1: !xhlo.token) -> !xhlo.token {
  %0 = "xhlo.send"(%a0, %a1) {channel_id = 1 : i64, is_host_transfer = true} : (tensor<2x2xi64>, !xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @send_several_operands(%a0: tensor<2xf32>, %a1: tensor<3xi32>, %a2: !xhlo.token) -> !xhlo.token {
  %0 = "xhlo.send"(%a0, %a1, %a2) {channel_id = 5 : i64} : (tensor<2xf32>, tensor<3xi32>, !xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @send_nothing(%a0: !xhlo.token) -> !xhlo.token {
  %0 = "xhlo.send"(%a0) : (!xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @send_rejects_missing_token(%a0: tensor<2xf32>, %a1: tensor<2xf32>) -> !xhlo.token {
  // expected-error @+1 {{operand 'token' must be a token, got tensor<2xf32>}}
  %0 = "xhlo.send"(%a0, %a1) : (tensor<2xf32>, tensor<2xf32>) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @send_rejects_token_before_the_data(%a0: !xhlo.token, %a1: tensor<2xf32>) -> !xhlo.token {
  // expected-error @+1 {{operand 'operands' #0 must be a tensor, got !xhlo.token}}
  %0 = "xhlo.send"(%a0, %a1) : (!xhlo.token, tensor<2xf32>) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @send_rejects_negative_channel_id(%a0: tensor<2xf32>, %a1: !xhlo.token) -> !xhlo.token {
  // expected-error @+1 {{channel_id must be non-negative, got -1}}
  %0 = "xhlo.send"(%a0, %a1) {channel_id = -1 : i64} : (tensor<2xf32>, !xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @send_rejects_is_host_transfer_that_is_not_a_bool(%a0: tensor<2xf32>, %a1: !xhlo.token) -> !xhlo.token {
  // expected-error @+1 {{attribute 'is_host_transfer' must be a bool attribute, got 1 : i64}}
  %0 = "xhlo.send"(%a0, %a1) {is_host_transfer = 1 : i64} : (tensor<2xf32>, !xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @send_rejects_tensor_result(%a0: tensor<2xf32>, %a1: !xhlo.token) -> tensor<2xf32> {
  // expected-error @+1 {{result 'result' must be a token, got tensor<2xf32>}}
  %0 = "xhlo.send"(%a0, %a1) : (tensor<2xf32>, !xhlo.token) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @recv_values_then_token(%a0: !xhlo.token) -> (tensor<2x2xi64>, !xhlo.token) {
  %0:2 = "xhlo.recv"(%a0) {channel_id = 1 : i64, is_host_transfer = true} : (!xhlo.token) -> (tensor<2x2xi64>, !xhlo.token)
  return %0#0, %0#1 : tensor<2x2xi64>, !xhlo.token
}

// -----

func.func @recv_two_values(%a0: !xhlo.token) -> (tensor<2xf32>, tensor<i32>, !xhlo.token) {
  %0:3 = "xhlo.recv"(%a0) : (!xhlo.token) -> (tensor<2xf32>, tensor<i32>, !xhlo.token)
  return %0#0, %0#1, %0#2 : tensor<2xf32>, tensor<i32>, !xhlo.token
}

// -----

func.func @recv_only_a_token(%a0: !xhlo.token) -> !xhlo.token {
  %0 = "xhlo.recv"(%a0) : (!xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @recv_rejects_token_first(%a0: !xhlo.token) -> (!xhlo.token, tensor<2xf32>) {
  // expected-error @+1 {{result 'results' #0 must be a tensor, got !xhlo.token}}
  %0:2 = "xhlo.recv"(%a0) : (!xhlo.token) -> (!xhlo.token, tensor<2xf32>)
  return %0#0, %0#1 : !xhlo.token, tensor<2xf32>
}

// -----

func.func @recv_rejects_tensor_token_operand(%a0: tensor<f32>) -> (tensor<f32>, !xhlo.token) {
  // expected-error @+1 {{operand 'token' must be a token, got tensor<f32>}}
  %0:2 = "xhlo.recv"(%a0) : (tensor<f32>) -> (tensor<f32>, !xhlo.token)
  return %0#0, %0#1 : tensor<f32>, !xhlo.token
}

// -----

func.func @recv_rejects_negative_channel_id(%a0: !xhlo.token) -> !xhlo.token {
  // expected-error @+1 {{channel_id must be non-negative, got -3}}
  %0 = "xhlo.recv"(%a0) {channel_id = -3 : i64} : (!xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @recv_structure_requires_a_result_token(%a0: !xhlo.token) {
  // expected-error @+1 {{expected at least 1 results, got 0}}
  "xhlo.recv"(%a0) : (!xhlo.token) -> ()
  return
}

// -----

func.func @infeed_values_then_token(%a0: !xhlo.token) -> (tensor<2x2xi64>, !xhlo.token) {
  %0:2 = "xhlo.infeed"(%a0) {infeed_config = ""} : (!xhlo.token) -> (tensor<2x2xi64>, !xhlo.token)
  return %0#0, %0#1 : tensor<2x2xi64>, !xhlo.token
}

// -----

func.func @infeed_reads_in_the_declared_layout(%a0: !xhlo.token) -> (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>, !xhlo.token) {
  %0:2 = "xhlo.infeed"(%a0) : (!xhlo.token) -> (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>, !xhlo.token)
  return %0#0, %0#1 : tensor<2x3xf32, #xhlo.layout<array<i64: 0, 1>>>, !xhlo.token
}

// -----

func.func @infeed_reads_nothing(%a0: !xhlo.token) -> !xhlo.token {
  %0 = "xhlo.infeed"(%a0) : (!xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @infeed_rejects_tuple_result(%a0: !xhlo.token) -> (tuple<tensor<f32>>, !xhlo.token) {
  // expected-error @+1 {{result 'results' #0 must be a tensor, got tuple<tensor<f32>>}}
  %0:2 = "xhlo.infeed"(%a0) : (!xhlo.token) -> (tuple<tensor<f32>>, !xhlo.token)
  return %0#0, %0#1 : tuple<tensor<f32>>, !xhlo.token
}

// -----

func.func @infeed_rejects_missing_result_token(%a0: !xhlo.token) -> tensor<2xf32> {
  // expected-error @+1 {{result 'result_token' must be a token, got tensor<2xf32>}}
  %0 = "xhlo.infeed"(%a0) : (!xhlo.token) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @infeed_rejects_config_that_is_not_a_string(%a0: !xhlo.token) -> !xhlo.token {
  // expected-error @+1 {{attribute 'infeed_config' must be a string attribute, got 3 : i64}}
  %0 = "xhlo.infeed"(%a0) {infeed_config = 3 : i64} : (!xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @infeed_rejects_layout_that_is_not_a_permutation(%a0: !xhlo.token) -> (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 0>>>, !xhlo.token) {
  // expected-error @+1 {{is not a permutation}}
  %0:2 = "xhlo.infeed"(%a0) : (!xhlo.token) -> (tensor<2x3xf32, #xhlo.layout<array<i64: 0, 0>>>, !xhlo.token)
  return %0#0, %0#1 : tensor<2x3xf32, #xhlo.layout<array<i64: 0, 0>>>, !xhlo.token
}

// -----

func.func @outfeed_several_operands(%a0: tensor<2xf32>, %a1: tensor<i1>, %a2: !xhlo.token) -> !xhlo.token {
  %0 = "xhlo.outfeed"(%a0, %a1, %a2) {outfeed_config = "cfg"} : (tensor<2xf32>, tensor<i1>, !xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @outfeed_one_operand(%a0: tensor<2x2xi64>, %a1: !xhlo.token) -> !xhlo.token {
  %0 = "xhlo.outfeed"(%a0, %a1) : (tensor<2x2xi64>, !xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @outfeed_rejects_missing_token(%a0: tensor<2xf32>) -> !xhlo.token {
  // expected-error @+1 {{operand 'token' must be a token, got tensor<2xf32>}}
  %0 = "xhlo.outfeed"(%a0) : (tensor<2xf32>) -> !xhlo.token
  return %0 : !xhlo.token
}

// -----

func.func @outfeed_rejects_tensor_result(%a0: tensor<2xf32>, %a1: !xhlo.token) -> tensor<2xf32> {
  // expected-error @+1 {{result 'result' must be a token, got tensor<2xf32>}}
  %0 = "xhlo.outfeed"(%a0, %a1) : (tensor<2xf32>, !xhlo.token) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @outfeed_rejects_config_that_is_not_a_string(%a0: !xhlo.token) -> !xhlo.token {
  // expected-error @+1 {{attribute 'outfeed_config' must be a string attribute, got true}}
  %0 = "xhlo.outfeed"(%a0) {outfeed_config = true} : (!xhlo.token) -> !xhlo.token
  return %0 : !xhlo.token
}

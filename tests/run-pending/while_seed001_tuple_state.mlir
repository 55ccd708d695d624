// PENDING (issue 4): the seeds' While example threads a tuple (int32, float[10]) through the loop;
// the lowering does not carry tuples across xhlo.while. `xla-run --check` on this file fails with
//   error: unsupported in lowering: tuple values carried by xhlo.while (tuples are only
//   forwarded from xhlo.tuple to xhlo.get_tuple_element within one function body)
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt and 002_e2447a076b143c68.txt "While".
// tests/run/control_flow/seeds.mlir runs the same loop with the two values carried directly.

// Seed 001 and 002 "While" with the seed's literal loop state: a tuple (int32, float[10])
// threaded through the loop and taken apart with get_tuple_element.
func.func @while_seed001_tuple_state() {
  %i0 = "xhlo.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v0 = "xhlo.constant"() {value = dense<0.0> : tensor<10xf32>} : () -> tensor<10xf32>
  %t0 = "xhlo.tuple"(%i0, %v0) : (tensor<i32>, tensor<10xf32>) -> tuple<tensor<i32>, tensor<10xf32>>
  %r = "xhlo.while"(%t0) ({
  ^bb0(%t: tuple<tensor<i32>, tensor<10xf32>>):
    %i = "xhlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<i32>
    %n = "xhlo.constant"() {value = dense<1000> : tensor<i32>} : () -> tensor<i32>
    %lt = "xhlo.compare"(%i, %n) {comparison_direction = "LT"} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "gpu.yield"(%lt) : (tensor<i1>) -> ()
  }, {
  ^bb0(%t: tuple<tensor<i32>, tensor<10xf32>>):
    %i = "xhlo.get_tuple_element"(%t) {index = 0 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<i32>
    %v = "xhlo.get_tuple_element"(%t) {index = 1 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<10xf32>
    %one = "xhlo.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %c = "xhlo.constant"() {value = dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]> : tensor<10xf32>} : () -> tensor<10xf32>
    %i1 = "xhlo.add"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %v1 = "xhlo.add"(%v, %c) : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %t1 = "xhlo.tuple"(%i1, %v1) : (tensor<i32>, tensor<10xf32>) -> tuple<tensor<i32>, tensor<10xf32>>
    "gpu.yield"(%t1) : (tuple<tensor<i32>, tensor<10xf32>>) -> ()
  }) : (tuple<tensor<i32>, tensor<10xf32>>) -> tuple<tensor<i32>, tensor<10xf32>>
  %ri = "xhlo.get_tuple_element"(%r) {index = 0 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<i32>
  %rv = "xhlo.get_tuple_element"(%r) {index = 1 : i32} : (tuple<tensor<i32>, tensor<10xf32>>) -> tensor<10xf32>
  "check.expect_eq_const"(%ri) {value = dense<1000> : tensor<i32>} : (tensor<i32>) -> ()
  "check.expect_eq_const"(%rv) {value = dense<[0.0, 1000.0, 2000.0, 3000.0, 4000.0, 5000.0, 6000.0, 7000.0, 8000.0, 9000.0]> : tensor<10xf32>} : (tensor<10xf32>) -> ()
  func.return
}

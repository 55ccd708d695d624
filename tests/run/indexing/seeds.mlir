// Worked examples of Gather and Scatter in the seed documents, run end to end (issue 4):
// target/debug/xla-run --check tests/run/indexing/seeds.mlir
// Seeds: /work/shared/seeds/001_df4d3a09510b57a5.txt (English, r1.3) and
// 002_e2447a076b143c68.txt (Traditional Chinese, newest; wins on conflicts).

// Seed 002 "Gather", informal example: 5 slices of shape [8,6] from a [16,11] array, start
// indices S64[5,2], output index [G,O0,O1] -> input [X+O0, Y+O1] where (X,Y) = indices[G].
// The seed gives shapes only; here operand[r][c] = 100*r + c, so every result names its source.
func.func @gather_seed002_five_8x6_slices_of_16x11() {
  %x = "xhlo.constant"() {value = dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110], [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210], [300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310], [400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410], [500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510], [600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 610], [700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710], [800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810], [900, 901, 902, 903, 904, 905, 906, 907, 908, 909, 910], [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010], [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110], [1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210], [1300, 1301, 1302, 1303, 1304, 1305, 1306, 1307, 1308, 1309, 1310], [1400, 1401, 1402, 1403, 1404, 1405, 1406, 1407, 1408, 1409, 1410], [1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509, 1510]]> : tensor<16x11xi32>} : () -> tensor<16x11xi32>
  %i = "xhlo.constant"() {value = dense<[[0, 0], [8, 5], [3, 2], [1, 4], [7, 0]]> : tensor<5x2xi64>} : () -> tensor<5x2xi64>
  %r = "xhlo.gather"(%x, %i) {offset_dims = array<i64: 1, 2>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 1 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xi32>, tensor<5x2xi64>) -> tensor<5x8x6xi32>
  "check.expect_eq_const"(%r) {value = dense<[[[0, 1, 2, 3, 4, 5], [100, 101, 102, 103, 104, 105], [200, 201, 202, 203, 204, 205], [300, 301, 302, 303, 304, 305], [400, 401, 402, 403, 404, 405], [500, 501, 502, 503, 504, 505], [600, 601, 602, 603, 604, 605], [700, 701, 702, 703, 704, 705]], [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]], [[302, 303, 304, 305, 306, 307], [402, 403, 404, 405, 406, 407], [502, 503, 504, 505, 506, 507], [602, 603, 604, 605, 606, 607], [702, 703, 704, 705, 706, 707], [802, 803, 804, 805, 806, 807], [902, 903, 904, 905, 906, 907], [1002, 1003, 1004, 1005, 1006, 1007]], [[104, 105, 106, 107, 108, 109], [204, 205, 206, 207, 208, 209], [304, 305, 306, 307, 308, 309], [404, 405, 406, 407, 408, 409], [504, 505, 506, 507, 508, 509], [604, 605, 606, 607, 608, 609], [704, 705, 706, 707, 708, 709], [804, 805, 806, 807, 808, 809]], [[700, 701, 702, 703, 704, 705], [800, 801, 802, 803, 804, 805], [900, 901, 902, 903, 904, 905], [1000, 1001, 1002, 1003, 1004, 1005], [1100, 1101, 1102, 1103, 1104, 1105], [1200, 1201, 1202, 1203, 1204, 1205], [1300, 1301, 1302, 1303, 1304, 1305], [1400, 1401, 1402, 1403, 1404, 1405]]]> : tensor<5x8x6xi32>} : (tensor<5x8x6xi32>) -> ()
  func.return
}

// -----

// Seed 002 "Gather": multi-dimensional gather indices, output [G0,G1,O0,O1] -> input
// [X+O0, Y+O1] with (X,Y) = indices[G0,G1]. The seed uses indices of shape [4,5,2]; a [2,2,2]
// batch keeps the expected value short (same operand and slice sizes [8,6]).
func.func @gather_seed002_batch_of_batches_of_8x6_slices() {
  %x = "xhlo.constant"() {value = dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110], [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210], [300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310], [400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410], [500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510], [600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 610], [700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710], [800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810], [900, 901, 902, 903, 904, 905, 906, 907, 908, 909, 910], [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010], [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110], [1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210], [1300, 1301, 1302, 1303, 1304, 1305, 1306, 1307, 1308, 1309, 1310], [1400, 1401, 1402, 1403, 1404, 1405, 1406, 1407, 1408, 1409, 1410], [1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509, 1510]]> : tensor<16x11xi32>} : () -> tensor<16x11xi32>
  %i = "xhlo.constant"() {value = dense<[[[0, 0], [8, 5]], [[3, 2], [2, 1]]]> : tensor<2x2x2xi64>} : () -> tensor<2x2x2xi64>
  %r = "xhlo.gather"(%x, %i) {offset_dims = array<i64: 2, 3>, collapsed_slice_dims = array<i64>, start_index_map = array<i64: 0, 1>, index_vector_dim = 2 : i64, slice_sizes = array<i64: 8, 6>} : (tensor<16x11xi32>, tensor<2x2x2xi64>) -> tensor<2x2x8x6xi32>
  "check.expect_eq_const"(%r) {value = dense<[[[[0, 1, 2, 3, 4, 5], [100, 101, 102, 103, 104, 105], [200, 201, 202, 203, 204, 205], [300, 301, 302, 303, 304, 305], [400, 401, 402, 403, 404, 405], [500, 501, 502, 503, 504, 505], [600, 601, 602, 603, 604, 605], [700, 701, 702, 703, 704, 705]], [[805, 806, 807, 808, 809, 810], [905, 906, 907, 908, 909, 910], [1005, 1006, 1007, 1008, 1009, 1010], [1105, 1106, 1107, 1108, 1109, 1110], [1205, 1206, 1207, 1208, 1209, 1210], [1305, 1306, 1307, 1308, 1309, 1310], [1405, 1406, 1407, 1408, 1409, 1410], [1505, 1506, 1507, 1508, 1509, 1510]]], [[[302, 303, 304, 305, 306, 307], [402, 403, 404, 405, 406, 407], [502, 503, 504, 505, 506, 507], [602, 603, 604, 605, 606, 607], [702, 703, 704, 705, 706, 707], [802, 803, 804, 805, 806, 807], [902, 903, 904, 905, 906, 907], [1002, 1003, 1004, 1005, 1006, 1007]], [[201, 202, 203, 204, 205, 206], [301, 302, 303, 304, 305, 306], [401, 402, 403, 404, 405, 406], [501, 502, 503, 504, 505, 506], [601, 602, 603, 604, 605, 606], [701, 702, 703, 704, 705, 706], [801, 802, 803, 804, 805, 806], [901, 902, 903, 904, 905, 906]]]]> : tensor<2x2x8x6xi32>} : (tensor<2x2x8x6xi32>) -> ()
  func.return
}

// -----

// Seed 002 "Gather", the tf.gather_nd example: slice_sizes [1,11], collapsed_slice_dims {0},
// start_index_map {0}; output [G0,G1,O0] -> input [indices[G0,G1,0], O0], i.e. whole rows.
// Shapes from the seed's description; indices and values chosen here.
func.func @gather_seed002_gather_nd_whole_rows() {
  %x = "xhlo.constant"() {value = dense<[[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110], [200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210], [300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310], [400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410], [500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510], [600, 601, 602, 603, 604, 605, 606, 607, 608, 609, 610], [700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710], [800, 801, 802, 803, 804, 805, 806, 807, 808, 809, 810], [900, 901, 902, 903, 904, 905, 906, 907, 908, 909, 910], [1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010], [1100, 1101, 1102, 1103, 1104, 1105, 1106, 1107, 1108, 1109, 1110], [1200, 1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210], [1300, 1301, 1302, 1303, 1304, 1305, 1306, 1307, 1308, 1309, 1310], [1400, 1401, 1402, 1403, 1404, 1405, 1406, 1407, 1408, 1409, 1410], [1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509, 1510]]> : tensor<16x11xi32>} : () -> tensor<16x11xi32>
  %i = "xhlo.constant"() {value = dense<[[[1], [15], [0]], [[7], [7], [3]]]> : tensor<2x3x1xi32>} : () -> tensor<2x3x1xi32>
  %r = "xhlo.gather"(%x, %i) {offset_dims = array<i64: 2>, collapsed_slice_dims = array<i64: 0>, start_index_map = array<i64: 0>, index_vector_dim = 2 : i64, slice_sizes = array<i64: 1, 11>} : (tensor<16x11xi32>, tensor<2x3x1xi32>) -> tensor<2x3x11xi32>
  "check.expect_eq_const"(%r) {value = dense<[[[100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110], [1500, 1501, 1502, 1503, 1504, 1505, 1506, 1507, 1508, 1509, 1510], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]], [[700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710], [700, 701, 702, 703, 704, 705, 706, 707, 708, 709, 710], [300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310]]]> : tensor<2x3x11xi32>} : (tensor<2x3x11xi32>) -> ()
  func.return
}

// -----

// Seed 002 "散布圖" (Scatter): update_computation's first parameter is always the current
// output value and the second the update value (pinned with a non-commutative subtract).
// No numbers in the seed; values chosen here: [10, 20, 30] with updates 1 at [2] and 2 at [0].
func.func @scatter_seed002_update_computation_argument_order() {
  %x = "xhlo.constant"() {value = dense<[10, 20, 30]> : tensor<3xi32>} : () -> tensor<3xi32>
  %i = "xhlo.constant"() {value = dense<[[2], [0]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %u = "xhlo.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "xhlo.scatter"(%x, %i, %u) ({
  ^bb0(%cur: tensor<i32>, %upd: tensor<i32>):
    %d = "xhlo.subtract"(%cur, %upd) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%d) : (tensor<i32>) -> ()
  }) {update_window_dims = array<i64>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 0>, index_vector_dim = 1 : i64} : (tensor<3xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<3xi32>
  "check.expect_eq_const"(%r) {value = dense<[8, 20, 29]> : tensor<3xi32>} : (tensor<3xi32>) -> ()
  func.return
}

// -----

// Seed 002 "散布圖" (Scatter) as the inverse of the gather_nd example: whole rows added at row
// indices (update_window_dims {1}, inserted_window_dims {0}); row 0 receives two updates.
// Values chosen here.
func.func @scatter_seed002_rows_added() {
  %x = "xhlo.constant"() {value = dense<0> : tensor<3x3xi32>} : () -> tensor<3x3xi32>
  %i = "xhlo.constant"() {value = dense<[[0], [2], [0]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %u = "xhlo.constant"() {value = dense<[[1, 2, 3], [4, 5, 6], [10, 20, 30]]> : tensor<3x3xi32>} : () -> tensor<3x3xi32>
  %r = "xhlo.scatter"(%x, %i, %u) ({
  ^bb0(%cur: tensor<i32>, %upd: tensor<i32>):
    %d = "xhlo.add"(%cur, %upd) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "gpu.yield"(%d) : (tensor<i32>) -> ()
  }) {update_window_dims = array<i64: 1>, inserted_window_dims = array<i64: 0>, scatter_dims_to_operand_dims = array<i64: 0>, index_vector_dim = 1 : i64} : (tensor<3x3xi32>, tensor<3x1xi32>, tensor<3x3xi32>) -> tensor<3x3xi32>
  "check.expect_eq_const"(%r) {value = dense<[[11, 22, 33], [0, 0, 0], [4, 5, 6]]> : tensor<3x3xi32>} : (tensor<3x3xi32>) -> ()
  func.return
}

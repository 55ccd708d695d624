// Cases the collective's own buffer and its copy stay: the result buffer is read between
// the call and the copy (through a view), the call's input is a view of the result buffer,
// the own buffer is read after the copy, the copy's target is not an argument of the
// function, and the buffer is copied twice.
func.func private @xhlo_collective_f32(memref<*xi64>, memref<*xf32>, memref<*xf32>) -> i64
func.func @read_between(%cfg: memref<4xi64>, %in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %c = memref.cast %cfg : memref<4xi64> to memref<*xi64>
  %view = memref.subview %out[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
  %a = memref.alloc() : memref<8xf32>
  %u = memref.cast %a : memref<8xf32> to memref<*xf32>
  %i = memref.cast %in : memref<8xf32> to memref<*xf32>
  %g = func.call @xhlo_collective_f32(%c, %i, %u) : (memref<*xi64>, memref<*xf32>, memref<*xf32>) -> i64
  %c0 = arith.constant 0 : index
  %v = memref.load %view[%c0] : memref<4xf32, strided<[1]>>
  memref.copy %a, %out : memref<8xf32> to memref<8xf32>
  return %v : f32
}
func.func @input_is_the_target(%cfg: memref<4xi64>, %out: memref<8xf32>) {
  %c = memref.cast %cfg : memref<4xi64> to memref<*xi64>
  %a = memref.alloc() : memref<8xf32>
  %u = memref.cast %a : memref<8xf32> to memref<*xf32>
  %i = memref.cast %out : memref<8xf32> to memref<*xf32>
  %g = func.call @xhlo_collective_f32(%c, %i, %u) : (memref<*xi64>, memref<*xf32>, memref<*xf32>) -> i64
  memref.copy %a, %out : memref<8xf32> to memref<8xf32>
  return
}
func.func @read_after(%cfg: memref<4xi64>, %in: memref<8xf32>, %out: memref<8xf32>) -> f32 {
  %c = memref.cast %cfg : memref<4xi64> to memref<*xi64>
  %a = memref.alloc() : memref<8xf32>
  %u = memref.cast %a : memref<8xf32> to memref<*xf32>
  %i = memref.cast %in : memref<8xf32> to memref<*xf32>
  %g = func.call @xhlo_collective_f32(%c, %i, %u) : (memref<*xi64>, memref<*xf32>, memref<*xf32>) -> i64
  memref.copy %a, %out : memref<8xf32> to memref<8xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<8xf32>
  return %v : f32
}
func.func @target_not_an_argument(%cfg: memref<4xi64>, %in: memref<8xf32>) -> memref<8xf32> {
  %c = memref.cast %cfg : memref<4xi64> to memref<*xi64>
  %a = memref.alloc() : memref<8xf32>
  %u = memref.cast %a : memref<8xf32> to memref<*xf32>
  %i = memref.cast %in : memref<8xf32> to memref<*xf32>
  %g = func.call @xhlo_collective_f32(%c, %i, %u) : (memref<*xi64>, memref<*xf32>, memref<*xf32>) -> i64
  %b = memref.alloc() : memref<8xf32>
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  return %b : memref<8xf32>
}
func.func @copied_twice(%cfg: memref<4xi64>, %in: memref<8xf32>, %out: memref<8xf32>, %out2: memref<8xf32>) {
  %c = memref.cast %cfg : memref<4xi64> to memref<*xi64>
  %a = memref.alloc() : memref<8xf32>
  %u = memref.cast %a : memref<8xf32> to memref<*xf32>
  %i = memref.cast %in : memref<8xf32> to memref<*xf32>
  %g = func.call @xhlo_collective_f32(%c, %i, %u) : (memref<*xi64>, memref<*xf32>, memref<*xf32>) -> i64
  memref.copy %a, %out : memref<8xf32> to memref<8xf32>
  memref.copy %a, %out2 : memref<8xf32> to memref<8xf32>
  return
}

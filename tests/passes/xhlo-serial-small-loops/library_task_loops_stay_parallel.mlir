// The dot library's task loop (marked xhlo.library_tasks by xhlo-gemm-calls, which sized it)
// stays parallel although its body is one call of an external function; an unmarked loop
// like it becomes serial.
func.func private @task(i64)
func.func @tasks() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = arith.index_cast %i : index to i64
    func.call @task(%t) : (i64) -> ()
    scf.reduce
  } {xhlo.library_tasks = 4 : i64}
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %t = arith.index_cast %i : index to i64
    func.call @task(%t) : (i64) -> ()
    scf.reduce
  }
  return
}

// PIPELINE: builtin.module(xhlo-verify,convert-xhlo-to-linalg{entry=main},inline,symbol-dce,eliminate-empty-tensors,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops function-boundary-type-conversion=identity-layout-map unknown-type-conversion=identity-layout-map},xhlo-collective-in-destination,symbol-dce)
// As the JIT lowers them: the all_reduce (by MPI) and the all_gather that the entry
// returns write the caller's result buffers; the second all_reduce's result is also added to
// itself, so its own buffer and copy stay. (@main is private: inlined into the entry, it goes
// before bufferization, which would name the globals of two functions in either order.)
func.func private @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r = "xhlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %g = "xhlo.all_gather"(%x) {all_gather_dim = 0 : i64} : (tensor<4xf32>) -> tensor<8xf32>
  %m = "xhlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "xhlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "gpu.yield"(%s) : (tensor<f32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %d = "xhlo.add"(%m, %m) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r, %g, %m, %d : tensor<4xf32>, tensor<8xf32>, tensor<4xf32>, tensor<4xf32>
}

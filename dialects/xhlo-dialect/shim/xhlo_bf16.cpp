// xhlo-expand-bf16: bf16 <-> f32 conversions (arith.extf / arith.truncf) as integer
// arithmetic on the bit patterns, run after `arith-emulate-unsupported-floats` has turned
// every bf16 operation into f32 arithmetic between such conversions.
//
// Left to LLVM, a truncation to bf16 becomes the host's conversion instruction where it has
// one, and AVX512-BF16's VCVTNEPS2BF16 flushes subnormal inputs and results to zero: the
// same program would then give different bf16 results on different x86 hosts. The integer
// form rounds to nearest even, keeps subnormals and quiets NaNs on every host.
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace {

struct ExpandBf16 : public mlir::PassWrapper<ExpandBf16, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExpandBf16)
  llvm::StringRef getArgument() const final { return "xhlo-expand-bf16"; }
  llvm::StringRef getDescription() const final {
    return "Expand bf16 <-> f32 conversions into integer operations on the bit patterns (the same "
           "rounding on every host)";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::vector::VectorDialect>();
  }
  void runOnOperation() override {
    mlir::RewritePatternSet patterns(&getContext());
    mlir::arith::populateExpandBFloat16Patterns(patterns);
    if (mlir::failed(mlir::applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

extern "C" void xhloRegisterExpandBf16Pass() { mlir::PassRegistration<ExpandBf16>(); }

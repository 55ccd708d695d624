// xhlo-math-to-nvptx-intrinsics: the math ops the NVPTX backend compiles to instructions
// itself (sqrt.rn, abs, cvt.rmi/rpi/rzi/rni, fma.rn, copysign), as `llvm.call_intrinsic`
// of LLVM's generic intrinsics, ahead of `convert-gpu-to-nvvm`.
//
// `convert-gpu-to-nvvm` turns every math op, these included, into a call of CUDA's
// libdevice (`__nv_sqrtf`, `__nv_fmaf`, ...), and marks the LLVM intrinsic ops it would
// otherwise leave (`llvm.intr.sqrt`, ...) illegal; GPU bundles do not link libdevice (the
// machines that run them have the driver, not the toolkit). A `llvm.call_intrinsic` is
// neither, so it passes through, and the backend lowers it as it lowers the intrinsic.
// The polynomials of `xhlo-math-approximations` run first and are made of these ops.
// isfinite becomes |x| < inf and absi a select, both plain arithmetic (libdevice has
// `__nv_finitef` and `__nv_abs` for them); rsqrt is 1 / sqrt(x), as on the CPU.
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringSwitch.h"

namespace {

// LLVM's name of a scalar float type in an intrinsic's name (`llvm.sqrt.f32`), or "".
llvm::StringRef suffix(mlir::Type t) {
  if (t.isF32())
    return "f32";
  if (t.isF64())
    return "f64";
  if (t.isF16())
    return "f16";
  if (t.isBF16())
    return "bf16";
  return "";
}

mlir::Value intrinsic(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef name, mlir::ValueRange args) {
  mlir::Type t = args.front().getType();
  std::string full = ("llvm." + name + "." + suffix(t)).str();
  return mlir::LLVM::CallIntrinsicOp::create(b, loc, t, b.getStringAttr(full), args).getResult(0);
}

struct MathToNvptxIntrinsics
    : public mlir::PassWrapper<MathToNvptxIntrinsics, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MathToNvptxIntrinsics)
  llvm::StringRef getArgument() const final { return "xhlo-math-to-nvptx-intrinsics"; }
  llvm::StringRef getDescription() const final {
    return "Lower the math ops NVPTX compiles to instructions (sqrt, rsqrt, abs, floor, ceil, trunc, round, "
           "roundeven, fma, copysign, isfinite) to LLVM intrinsics, so convert-gpu-to-nvvm does not call libdevice";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    llvm::SmallVector<mlir::Operation *> ops;
    getOperation()->walk([&](mlir::Operation *op) {
      if (op->getDialect() && op->getDialect()->getNamespace() == "math" && op->getNumOperands() >= 1)
        ops.push_back(op);
    });
    for (mlir::Operation *op : ops) {
      mlir::Type t = op->getOperand(0).getType();
      mlir::OpBuilder b(op);
      mlir::Location loc = op->getLoc();
      mlir::Value result;
      if (auto absi = llvm::dyn_cast<mlir::math::AbsIOp>(op)) {
        if (!llvm::isa<mlir::IntegerType>(t))
          continue;
        mlir::Value x = absi.getOperand();
        mlir::Value zero = mlir::arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, 0));
        mlir::Value negative = mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::slt, x, zero);
        mlir::Value negated = mlir::arith::SubIOp::create(b, loc, zero, x);
        result = mlir::arith::SelectOp::create(b, loc, negative, negated, x);
      } else if (suffix(t).empty()) {
        continue;
      } else if (llvm::isa<mlir::math::RsqrtOp>(op)) {
        mlir::Value one = mlir::arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 1.0));
        mlir::Value root = intrinsic(b, loc, "sqrt", op->getOperands());
        result = mlir::arith::DivFOp::create(b, loc, one, root);
      } else if (llvm::isa<mlir::math::IsFiniteOp>(op)) {
        mlir::Value inf = mlir::arith::ConstantOp::create(
            b, loc, b.getFloatAttr(t, llvm::APFloat::getInf(llvm::cast<mlir::FloatType>(t).getFloatSemantics())));
        mlir::Value magnitude = intrinsic(b, loc, "fabs", op->getOperands());
        result = mlir::arith::CmpFOp::create(b, loc, mlir::arith::CmpFPredicate::OLT, magnitude, inf);
      } else {
        llvm::StringRef name = llvm::StringSwitch<llvm::StringRef>(op->getName().stripDialect())
                                   .Case("absf", "fabs")
                                   .Case("sqrt", "sqrt")
                                   .Case("floor", "floor")
                                   .Case("ceil", "ceil")
                                   .Case("trunc", "trunc")
                                   .Case("round", "round")
                                   .Case("roundeven", "roundeven")
                                   .Case("fma", "fma")
                                   .Case("copysign", "copysign")
                                   .Default("");
        if (name.empty())
          continue;
        result = intrinsic(b, loc, name, op->getOperands());
      }
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
  }
};

} // namespace

extern "C" void xhloRegisterMathToNvptxIntrinsicsPass() { mlir::PassRegistration<MathToNvptxIntrinsics>(); }

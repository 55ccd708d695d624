// Passes that upstream pipelines must be able to name (`xla-opt --pass-pipeline=...`), which
// the C API cannot define: they are registered in MLIR's pass registry from here.
//
// xhlo-serial-small-loops: multi-threaded programs turn every `scf.parallel` into an OpenMP
// parallel region (`convert-scf-to-openmp`). Waking the pool costs microseconds, more than
// a small loop does, so parallel loops with little work (and parallel loops nested in
// another one, which would become nested parallel regions) become plain `scf.for` nests
// that run on the calling thread. The loops that stay parallel keep only their leading
// dimensions parallel, as many as give 64 iterations to share (the others become `scf.for`
// inside), as XLA's CPU backend partitions the outer dimension: OpenMP collapses parallel
// dimensions into one linear index and recovers each with divisions, which would keep LLVM
// from vectorizing the innermost loop.
// Parallel loops that allocate on the heap (a `memref.alloc` in their body, or a call of a
// function that does) run on the calling thread as well: compiled code never allocates inside
// an OpenMP parallel region, so an allocation that fails can always end the run with an
// out-of-memory error (src/runtime.rs, `blocks`), which inside a region it could not (the
// other threads of the team would wait for the one that left).
//
// xhlo-parallel-marked-loops: the register-tiled dot kernel writes its loops as `scf.for`
// carrying the result tensor (value semantics), and marks with `xhlo.parallel` those whose
// iterations write disjoint parts of it and read nothing another iteration writes (the
// batch loop, the column-panel loops). After bufferization such a loop carries its buffer
// unchanged; this pass makes it an `scf.parallel`, which `xhlo-serial-small-loops` and
// `convert-scf-to-openmp` then treat as any other (the single-threaded pipeline leaves the
// mark alone, and the loops stay as they are).
//
// xhlo-math-approximations: `convert-math-to-llvm` turns math.exp/tanh/log/... into calls of
// the C library, one per lane, and a call in a loop keeps LLVM's loop vectorizer from
// vectorizing it. MLIR's polynomial approximations (reachable from C++ only) rewrite the
// chosen math ops on f32 (f16/bf16 through f32) into arithmetic that vectorizes; the ops are
// chosen by the accuracy test (tests/math_accuracy.rs), f64 is left to the C library.
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <cmath>

namespace {

// Trip count of one loop dimension; unknown bounds count as many iterations.
double tripCount(mlir::Value lb, mlir::Value ub, mlir::Value step) {
  auto l = mlir::getConstantIntValue(lb), u = mlir::getConstantIntValue(ub), s = mlir::getConstantIntValue(step);
  if (!l || !u || !s || *s <= 0)
    return 1 << 20;
  return *u > *l ? double((*u - *l + *s - 1) / *s) : 0.0;
}

// Operations executed by one run of `block`: one per op, loops times their trip count.
double blockWork(mlir::Block &block) {
  double work = 0;
  for (mlir::Operation &op : block) {
    if (auto loop = llvm::dyn_cast<mlir::scf::ForOp>(op)) {
      work += tripCount(loop.getLowerBound(), loop.getUpperBound(), loop.getStep()) * blockWork(*loop.getBody());
      continue;
    }
    double inner = 0;
    for (mlir::Region &region : op.getRegions())
      for (mlir::Block &b : region)
        inner += blockWork(b);
    work += 1 + inner;
  }
  return work;
}

double parallelWork(mlir::scf::ParallelOp op) {
  double trips = 1;
  for (auto [lb, ub, step] : llvm::zip(op.getLowerBound(), op.getUpperBound(), op.getStep()))
    trips *= tripCount(lb, ub, step);
  return trips * blockWork(*op.getBody());
}

// Whether running `op` may allocate on the heap: it holds a `memref.alloc`/`memref.realloc`,
// or calls a function of the module that may (transitively; a call of an unknown function
// counts as allocating).
bool allocatesOnHeap(mlir::Operation *op, mlir::SymbolTableCollection &symbols,
                     llvm::DenseMap<mlir::Operation *, bool> &callees) {
  auto allocates = [&](mlir::Operation *inner) -> bool {
    if (llvm::isa<mlir::memref::AllocOp, mlir::memref::ReallocOp>(inner))
      return true;
    auto call = llvm::dyn_cast<mlir::CallOpInterface>(inner);
    if (!call)
      return false;
    auto *callee = call.resolveCallableInTable(&symbols);
    if (!callee)
      return true;
    auto known = callees.find(callee);
    if (known != callees.end())
      return known->second;
    callees[callee] = false; // a recursive call adds nothing the walk does not see
    bool result = allocatesOnHeap(callee, symbols, callees);
    callees[callee] = result;
    return result;
  };
  return op->walk([&](mlir::Operation *inner) {
              return allocates(inner) ? mlir::WalkResult::interrupt() : mlir::WalkResult::advance();
            }).wasInterrupted();
}

// Replaces a result-free `scf.parallel` by the equivalent `scf.for` nest.
void serialize(mlir::scf::ParallelOp op) {
  mlir::OpBuilder builder(op);
  mlir::scf::buildLoopNest(builder, op.getLoc(), op.getLowerBound(), op.getUpperBound(), op.getStep(),
                           [&](mlir::OpBuilder &b, mlir::Location, mlir::ValueRange ivs) {
                             mlir::IRMapping map;
                             map.map(op.getInductionVars(), ivs);
                             for (mlir::Operation &inner : op.getBody()->without_terminator())
                               b.clone(inner, map);
                           });
  op.erase();
}

// Keeps the leading `parallelDims` dimensions of a result-free `scf.parallel` parallel and
// runs the others as an `scf.for` nest inside it.
void keepLeadingDimensionsParallel(mlir::scf::ParallelOp op, unsigned parallelDims) {
  mlir::OpBuilder builder(op);
  auto lbs = op.getLowerBound(), ubs = op.getUpperBound(), steps = op.getStep();
  llvm::SmallVector<mlir::Value> ivs(op.getInductionVars());
  mlir::scf::ParallelOp::create(
      builder, op.getLoc(), lbs.take_front(parallelDims), ubs.take_front(parallelDims), steps.take_front(parallelDims),
      [&](mlir::OpBuilder &outer, mlir::Location loc, mlir::ValueRange outerIvs) {
        mlir::scf::buildLoopNest(outer, loc, lbs.drop_front(parallelDims), ubs.drop_front(parallelDims),
                                 steps.drop_front(parallelDims),
                                 [&](mlir::OpBuilder &b, mlir::Location, mlir::ValueRange innerIvs) {
                                   mlir::IRMapping map;
                                   llvm::ArrayRef<mlir::Value> all(ivs);
                                   map.map(all.take_front(parallelDims), outerIvs);
                                   map.map(all.drop_front(parallelDims), innerIvs);
                                   for (mlir::Operation &inner : op.getBody()->without_terminator())
                                     b.clone(inner, map);
                                 });
      });
  op.erase();
}

// How many leading dimensions stay parallel: enough for `chunks` iterations to share among
// the threads (a batch of 1 alone would leave one), never the innermost of several.
unsigned leadingParallelDims(mlir::scf::ParallelOp op, double chunks) {
  unsigned n = op.getNumLoops(), dims = 0;
  double trips = 1;
  for (auto [lb, ub, step] : llvm::zip(op.getLowerBound(), op.getUpperBound(), op.getStep())) {
    if (dims + 1 == n && n > 1)
      break;
    trips *= tripCount(lb, ub, step);
    ++dims;
    if (trips >= chunks)
      break;
  }
  return dims;
}

struct SerialSmallLoops : public mlir::PassWrapper<SerialSmallLoops, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SerialSmallLoops)
  SerialSmallLoops() = default;
  SerialSmallLoops(const SerialSmallLoops &other) : PassWrapper(other) {}
  llvm::StringRef getArgument() const final { return "xhlo-serial-small-loops"; }
  llvm::StringRef getDescription() const final {
    return "Turn scf.parallel loops with less work than min-work operations, nested in another "
           "parallel loop, or allocating on the heap, into scf.for nests; keep only the leading "
           "dimensions of the others parallel";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::scf::SCFDialect>();
  }
  Option<int64_t> minWork{*this, "min-work",
                          llvm::cl::desc("Operations a parallel loop must execute to stay parallel"),
                          llvm::cl::init(1 << 16)};

  void runOnOperation() override {
    llvm::SmallVector<mlir::scf::ParallelOp> serial;
    llvm::SmallVector<std::pair<mlir::scf::ParallelOp, unsigned>> partial;
    mlir::SymbolTableCollection symbols;
    llvm::DenseMap<mlir::Operation *, bool> callees;
    getOperation()->walk<mlir::WalkOrder::PreOrder>([&](mlir::scf::ParallelOp op) {
      if (op.getNumResults() != 0)
        return mlir::WalkResult::advance();
      bool nested = op->getParentOfType<mlir::scf::ParallelOp>() != nullptr;
      if (nested || parallelWork(op) < double(minWork) || allocatesOnHeap(op, symbols, callees)) {
        // With the loops nested in it (which have less work still), innermost first, so
        // that each is rewritten before a loop around it clones its body.
        op->walk<mlir::WalkOrder::PostOrder>([&](mlir::scf::ParallelOp inner) {
          if (inner.getNumResults() == 0)
            serial.push_back(inner);
        });
        return mlir::WalkResult::skip();
      }
      unsigned dims = leadingParallelDims(op, 64);
      if (dims < op.getNumLoops())
        partial.push_back({op, dims});
      return mlir::WalkResult::advance();
    });
    // Pre-order with skips: a serial loop's nested loops are collected before it, and loops
    // nested in a kept parallel loop are collected (`nested`), so each loop is rewritten
    // before the loop around it is.
    for (mlir::scf::ParallelOp op : serial)
      serialize(op);
    for (auto [op, dims] : partial)
      keepLeadingDimensionsParallel(op, dims);
  }
};

// An odd function's polynomial gives +0 for -0 (erf, sin, tan, atan, asin): a zero operand is
// its own result.
mlir::Value oddAtZero(mlir::OpBuilder &b, mlir::Operation *op, mlir::Value result) {
  if (!llvm::isa<mlir::math::ErfOp, mlir::math::SinOp, mlir::math::TanOp, mlir::math::AtanOp, mlir::math::AsinOp>(op))
    return result;
  mlir::Location loc = op->getLoc();
  mlir::Value x = op->getOperand(0);
  mlir::Value zero = mlir::arith::ConstantOp::create(b, loc, b.getZeroAttr(x.getType()));
  mlir::Value isZero = mlir::arith::CmpFOp::create(b, loc, mlir::arith::CmpFPredicate::OEQ, x, zero);
  return mlir::arith::SelectOp::create(b, loc, isZero, x, result);
}

// Upstream's f32 log reads the exponent from the bits, which is wrong for subnormal
// operands (2e6 ulp at 1.4e-45): they are scaled by 2^23 into the normal range first and
// 23 ln 2 (in two parts) taken off the result.
// A float constant of type `t` (a scalar or a splat vector).
mlir::Value floatConstant(mlir::OpBuilder &b, mlir::Location loc, mlir::Type t, double v) {
  mlir::TypedAttr attr = b.getFloatAttr(mlir::getElementTypeOrSelf(t), v);
  if (auto shaped = llvm::dyn_cast<mlir::ShapedType>(t))
    attr = mlir::DenseElementsAttr::get(shaped, attr);
  return mlir::arith::ConstantOp::create(b, loc, attr);
}

void scaleSubnormals(mlir::math::LogOp log) {
  mlir::Type t = log.getType();
  if (!mlir::getElementTypeOrSelf(t).isF32())
    return;
  mlir::OpBuilder b(log);
  mlir::Location loc = log.getLoc();
  mlir::Value x = log.getOperand();
  mlir::Value subnormal = mlir::arith::CmpFOp::create(b, loc, mlir::arith::CmpFPredicate::OLT, x, floatConstant(b, loc, t, 0x1p-126));
  mlir::Value scaled = mlir::arith::MulFOp::create(b, loc, x, floatConstant(b, loc, t, 0x1p23));
  log.getOperandMutable().assign(mlir::arith::SelectOp::create(b, loc, subnormal, scaled, x));
  b.setInsertionPointAfter(log);
  const double shift = 23 * 0.69314718055994530942;
  const double hi = double(float(shift));
  auto high = mlir::arith::SubFOp::create(b, loc, log.getResult(), floatConstant(b, loc, t, hi));
  mlir::Value r = mlir::arith::SubFOp::create(b, loc, high, floatConstant(b, loc, t, shift - hi));
  auto select = mlir::arith::SelectOp::create(b, loc, subnormal, r, log.getResult());
  llvm::SmallPtrSet<mlir::Operation *, 2> keep{high.getOperation(), select.getOperation()};
  log.getResult().replaceAllUsesExcept(select.getResult(), keep);
}

// fmod(x, y) (arith.remf, on f32; f16 and bf16 through f32, where it is exact too) as
// x - trunc(x / y) * y with one rounding (an FMA): exact while the quotient is below 2^24
// and x / y does not round up to the next integer; where it does, the remainder comes out
// with the wrong sign and |y| is added back. The GPU path's replacement for libdevice's
// __nv_fmodf (LLVM's NVPTX backend has no exact frem either).
void expandRemF(mlir::arith::RemFOp rem) {
  mlir::Type t = rem.getType();
  mlir::Type elem = mlir::getElementTypeOrSelf(t);
  if (!(elem.isF32() || elem.isF16() || elem.isBF16()))
    return;
  mlir::OpBuilder b(rem);
  mlir::Location loc = rem.getLoc();
  mlir::Type wide = t;
  if (!elem.isF32())
    wide = llvm::isa<mlir::ShapedType>(t) ? mlir::Type(llvm::cast<mlir::ShapedType>(t).clone(b.getF32Type())) : b.getF32Type();
  auto extend = [&](mlir::Value v) -> mlir::Value { return wide == t ? v : mlir::Value(mlir::arith::ExtFOp::create(b, loc, wide, v)); };
  using P = mlir::arith::CmpFPredicate;
  mlir::Value x = extend(rem.getLhs()), y = extend(rem.getRhs());
  mlir::Value q = mlir::math::TruncOp::create(b, loc, mlir::arith::DivFOp::create(b, loc, x, y));
  mlir::Value r = mlir::math::FmaOp::create(b, loc, mlir::arith::NegFOp::create(b, loc, q), y, x);
  mlir::Value zero = floatConstant(b, loc, wide, 0.0);
  mlir::Value rNeg = mlir::arith::CmpFOp::create(b, loc, P::OLT, r, zero);
  mlir::Value rPos = mlir::arith::CmpFOp::create(b, loc, P::OGT, r, zero);
  mlir::Value xNeg = mlir::arith::CmpFOp::create(b, loc, P::OLT, x, zero);
  mlir::Value xPos = mlir::arith::CmpFOp::create(b, loc, P::OGT, x, zero);
  mlir::Value overshot = mlir::arith::OrIOp::create(b, loc, mlir::arith::AndIOp::create(b, loc, rNeg, xPos),
                                                    mlir::arith::AndIOp::create(b, loc, rPos, xNeg));
  mlir::Value back = mlir::arith::AddFOp::create(b, loc, r, mlir::math::CopySignOp::create(b, loc, mlir::math::AbsFOp::create(b, loc, y), x));
  r = mlir::arith::SelectOp::create(b, loc, overshot, back, r);
  // A zero remainder has x's sign; x over an infinite y is x.
  mlir::Value isZero = mlir::arith::CmpFOp::create(b, loc, P::OEQ, r, zero);
  r = mlir::arith::SelectOp::create(b, loc, isZero, mlir::math::CopySignOp::create(b, loc, zero, x), r);
  mlir::Value inf = floatConstant(b, loc, wide, INFINITY);
  mlir::Value yInf = mlir::arith::CmpFOp::create(b, loc, P::OEQ, mlir::math::AbsFOp::create(b, loc, y), inf);
  mlir::Value xFinite = mlir::arith::CmpFOp::create(b, loc, P::OLT, mlir::math::AbsFOp::create(b, loc, x), inf);
  r = mlir::arith::SelectOp::create(b, loc, mlir::arith::AndIOp::create(b, loc, yInf, xFinite), x, r);
  if (wide != t)
    r = mlir::arith::TruncFOp::create(b, loc, t, r);
  rem.getResult().replaceAllUsesWith(r);
  rem.erase();
}

struct MathApproximations : public mlir::PassWrapper<MathApproximations, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MathApproximations)
  MathApproximations() = default;
  MathApproximations(const MathApproximations &other) : PassWrapper(other) {}
  llvm::StringRef getArgument() const final { return "xhlo-math-approximations"; }
  llvm::StringRef getDescription() const final {
    return "Rewrite the chosen f32 (and f16/bf16, through f32) math ops into polynomial approximations "
           "made of arithmetic, so loops containing them vectorize";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::math::MathDialect, mlir::vector::VectorDialect>();
  }
  // The default is the set that passes the accuracy test; see the README for the others.
  ListOption<std::string> ops{*this, "ops",
                              llvm::cl::desc("The math ops to approximate, by name without `math.` (acos, asin, atan, "
                                             "atan2, cbrt, cos, erf, erfc, exp, expm1, log, log1p, log2, powf, sin, "
                                             "tan, tanh; remf: arith.remf)"),
                              llvm::cl::list_init<std::string>({"erfc", "exp", "expm1", "log1p", "tanh"})};

  void runOnOperation() override {
    llvm::StringSet<> chosen;
    // `remf` names arith.remf (fmod), which has no C library call on the GPU.
    for (const std::string &name : ops)
      chosen.insert(name == "remf" ? "arith.remf" : "math." + name);
    auto predicate = [&](llvm::StringRef name) { return chosen.contains(name); };
    // A NaN operand gives a NaN result, the operand's own (its payload and sign kept), by a
    // select in front of the polynomial: upstream's exp converts its NaN-valued exponent
    // with `fptosi`, which is poison for NaN, so LLVM may fold the result to any value where
    // it sees the NaN (a constant input folded exp(NaN) to 1.0); at run time it happened to
    // be NaN.
    // The element types the approximations rewrite (f64 stays a libm call).
    auto approximable = [](mlir::Type t) { return t.isF32() || t.isF16() || t.isBF16(); };
    llvm::SmallVector<mlir::Operation *> approximated;
    getOperation()->walk([&](mlir::Operation *op) {
      if (chosen.contains(op->getName().getStringRef()) && op->getNumResults() == 1 && op->getNumOperands() >= 1 &&
          approximable(mlir::getElementTypeOrSelf(op->getResult(0).getType())) &&
          llvm::all_of(op->getOperandTypes(), [&](mlir::Type t) { return t == op->getResult(0).getType(); }))
        approximated.push_back(op);
    });
    for (mlir::Operation *op : approximated) {
      mlir::OpBuilder builder(op->getContext());
      builder.setInsertionPointAfter(op);
      mlir::Location loc = op->getLoc();
      mlir::Value nanIn = op->getOperand(0);
      for (mlir::Value other : op->getOperands().drop_front())
        nanIn = mlir::arith::AddFOp::create(builder, loc, nanIn, other);
      mlir::Value isNan = mlir::arith::CmpFOp::create(builder, loc, mlir::arith::CmpFPredicate::UNO, nanIn, nanIn);
      mlir::Value result = op->getResult(0);
      mlir::Value guarded = oddAtZero(builder, op, result);
      auto select = mlir::arith::SelectOp::create(builder, loc, isNan, nanIn, guarded);
      llvm::SmallPtrSet<mlir::Operation *, 2> users{select.getOperation(), guarded.getDefiningOp()};
      result.replaceAllUsesExcept(select.getResult(), users);
      if (auto log = llvm::dyn_cast<mlir::math::LogOp>(op))
        scaleSubnormals(log);
    }
    llvm::SmallVector<mlir::Operation *> toExpand;
    for (mlir::Operation *op : approximated)
      if (llvm::isa<mlir::math::TanOp, mlir::math::PowFOp>(op))
        toExpand.push_back(op);
    for (mlir::Operation *op : approximated)
      if (auto rem = llvm::dyn_cast<mlir::arith::RemFOp>(op))
        expandRemF(rem);
    // tan and powf have no polynomial of their own: upstream's expansions write them with
    // sin / cos and exp(y * log(x)), which the approximations below then rewrite.
    // Only the ops of the types above: f64 keeps its own tan and powf.
    llvm::SmallVector<llvm::StringRef> expanded;
    for (llvm::StringRef name : {"tan", "powf"})
      if (chosen.contains(("math." + name).str()))
        expanded.push_back(name);
    if (!toExpand.empty()) {
      mlir::RewritePatternSet expansions(&getContext());
      mlir::math::populateExpansionPatterns(expansions, expanded);
      mlir::GreedyRewriteConfig config;
      config.setStrictness(mlir::GreedyRewriteStrictness::ExistingOps);
      if (mlir::failed(mlir::applyOpPatternsGreedily(toExpand, std::move(expansions), config)))
        return signalPassFailure();
    }
    mlir::RewritePatternSet patterns(&getContext());
    mlir::populateMathF32ExpansionPatterns(patterns, predicate);
    mlir::populateMathPolynomialApproximationPatterns(patterns, predicate);
    if (mlir::failed(mlir::applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

// f64 `math.expm1` as a call of the C library's `expm1` (vectors one element at a time):
// `convert-math-to-llvm` expands it to exp(x) - 1, which loses every digit for small x
// (f32 and narrower go to `xhlo-math-approximations`' polynomial).
struct LibmExpm1 : public mlir::PassWrapper<LibmExpm1, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LibmExpm1)
  llvm::StringRef getArgument() const final { return "xhlo-libm-expm1"; }
  llvm::StringRef getDescription() const final {
    return "Lower f64 math.expm1 to the C library's expm1 (convert-math-to-llvm would compute exp(x) - 1)";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::vector::VectorDialect>();
  }
  void runOnOperation() override {
    llvm::SmallVector<mlir::Operation *> ops;
    getOperation()->walk([&](mlir::math::ExpM1Op op) {
      if (mlir::getElementTypeOrSelf(op.getType()).isF64())
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    mlir::RewritePatternSet patterns(&getContext());
    mlir::populateMathToLibmConversionPatterns(patterns);
    // The vector forms become scalar ops, which the same patterns then turn into calls.
    mlir::GreedyRewriteConfig config;
    config.setStrictness(mlir::GreedyRewriteStrictness::ExistingAndNewOps);
    if (mlir::failed(mlir::applyOpPatternsGreedily(ops, std::move(patterns), config)))
      signalPassFailure();
  }
};

// The mark the tiled dot kernel puts on its loops whose iterations are independent.
constexpr llvm::StringLiteral parallelMark = "xhlo.parallel";

// Makes the marked `scf.for` `op` an `scf.parallel` if, after bufferization, it carries only
// buffers, each yielded unchanged (it is then written in place); else leaves it a loop.
void toParallel(mlir::scf::ForOp op) {
  op->removeAttr(parallelMark);
  // Loops and branches inside that pass the buffer through (`scf.for` results whose yield
  // is their iter_arg) fold to it, so the yield below names the iter_arg itself.
  mlir::MLIRContext *ctx = op->getContext();
  mlir::RewritePatternSet patterns(ctx);
  mlir::scf::ForOp::getCanonicalizationPatterns(patterns, ctx);
  mlir::scf::IfOp::getCanonicalizationPatterns(patterns, ctx);
  (void)mlir::applyPatternsGreedily(op.getOperation(), std::move(patterns));
  auto yield = llvm::cast<mlir::scf::YieldOp>(op.getBody()->getTerminator());
  for (auto [arg, yielded] : llvm::zip(op.getRegionIterArgs(), yield.getOperands()))
    if (yielded != arg || !llvm::isa<mlir::BaseMemRefType>(arg.getType()))
      return;
  llvm::SmallVector<mlir::Value> inits(op.getInitArgs());
  mlir::OpBuilder builder(op);
  auto par = mlir::scf::ParallelOp::create(builder, op.getLoc(), mlir::ValueRange{op.getLowerBound()},
                                           mlir::ValueRange{op.getUpperBound()}, mlir::ValueRange{op.getStep()},
                                           [](mlir::OpBuilder &, mlir::Location, mlir::ValueRange) {});
  mlir::Block *from = op.getBody();
  from->getArgument(0).replaceAllUsesWith(par.getInductionVars()[0]);
  for (auto [arg, init] : llvm::zip(op.getRegionIterArgs(), inits))
    arg.replaceAllUsesWith(init);
  yield.erase();
  mlir::Block *to = par.getBody();
  to->getOperations().splice(to->getTerminator()->getIterator(), from->getOperations());
  op->replaceAllUsesWith(inits);
  op.erase();
}

struct ParallelMarkedLoops : public mlir::PassWrapper<ParallelMarkedLoops, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ParallelMarkedLoops)
  llvm::StringRef getArgument() const final { return "xhlo-parallel-marked-loops"; }
  llvm::StringRef getDescription() const final {
    return "Turn scf.for loops marked xhlo.parallel that carry only buffers, yielded unchanged, into scf.parallel";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::scf::SCFDialect>();
  }

  void runOnOperation() override {
    // Post-order: a marked loop inside another is rewritten first, so rewriting the outer
    // one (which simplifies the loops in its body) never meets a collected loop.
    llvm::SmallVector<mlir::scf::ForOp> marked;
    getOperation()->walk<mlir::WalkOrder::PostOrder>([&](mlir::scf::ForOp op) {
      if (op->hasAttr(parallelMark))
        marked.push_back(op);
    });
    for (mlir::scf::ForOp op : marked)
      toParallel(op);
  }
};

} // namespace

extern "C" {
void xhloRegisterVectorizePass();  // xhlo_vectorize.cpp
void xhloRegisterExpandBf16Pass(); // xhlo_bf16.cpp
void xhloRegisterCollectiveInDestinationPass(); // xhlo_collective.cpp
void xhloRegisterMathToNvptxIntrinsicsPass(); // xhlo_gpu_math.cpp

// Adds xhlo's C++ passes to MLIR's pass registry (once per process).
void xhloRegisterPasses() {
  static const bool registered = [] {
    mlir::PassRegistration<SerialSmallLoops>();
    mlir::PassRegistration<ParallelMarkedLoops>();
    mlir::PassRegistration<MathApproximations>();
    mlir::PassRegistration<LibmExpm1>();
    xhloRegisterVectorizePass();
    xhloRegisterExpandBf16Pass();
    xhloRegisterCollectiveInDestinationPass();
    xhloRegisterMathToNvptxIntrinsicsPass();
    return true;
  }();
  (void)registered;
}
}

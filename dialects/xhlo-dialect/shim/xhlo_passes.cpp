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
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

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
    return "Turn scf.parallel loops with less work than min-work operations, or nested in another "
           "parallel loop, into scf.for nests; keep only the leading dimensions of the others parallel";
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
    getOperation()->walk<mlir::WalkOrder::PreOrder>([&](mlir::scf::ParallelOp op) {
      if (op.getNumResults() != 0)
        return mlir::WalkResult::advance();
      bool nested = op->getParentOfType<mlir::scf::ParallelOp>() != nullptr;
      if (nested || parallelWork(op) < double(minWork)) {
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

} // namespace

extern "C" {
// Adds xhlo's C++ passes to MLIR's pass registry (once per process).
void xhloRegisterPasses() {
  static const bool registered = [] {
    mlir::PassRegistration<SerialSmallLoops>();
    return true;
  }();
  (void)registered;
}
}

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
// chosen by the accuracy test (tests/math_accuracy.rs), f64 is left to the C library. The GPU
// pipelines run it for every op it can approximate (there is no libdevice to call), so it
// also corrects upstream's polynomials where they miss a bound or a special value (guards,
// subnormal scaling, an f64 argument reduction for sin/cos, atan2 by octant, pow's special
// cases, an exact fmod); each correction says why.
//
// xhlo-loop-scratch-on-stack: a row fusion (lowering/src/ops/fusion/rows.rs) is an
// `scf.forall` over blocks of rows whose iterations compute intermediate values in buffers of
// their own (bufferization allocates them in the loop body). Compiled code never allocates on
// the heap inside a parallel region (see xhlo-serial-small-loops), and a malloc per block
// would cost more than a small block computes: the body's static allocations of at most
// `max-bytes` together become stack allocations in a `memref.alloca_scope`, which releases
// them at the end of each iteration (their deallocations go). It runs after the last
// `canonicalize` before the loops become OpenMP or sequential loops: canonicalization would
// inline the scope.
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
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
      // The dot library's task loops were sized by xhlo-gemm-calls (their bodies are one call).
      bool sized = op->hasAttr("xhlo.library_tasks");
      if (nested || (!sized && (parallelWork(op) < double(minWork) || allocatesOnHeap(op, symbols, callees)))) {
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

// A float constant of type `t` (a scalar or a splat vector).
mlir::Value floatConstant(mlir::OpBuilder &b, mlir::Location loc, mlir::Type t, double v) {
  mlir::TypedAttr attr = b.getFloatAttr(mlir::getElementTypeOrSelf(t), v);
  if (auto shaped = llvm::dyn_cast<mlir::ShapedType>(t))
    attr = mlir::DenseElementsAttr::get(shaped, attr);
  return mlir::arith::ConstantOp::create(b, loc, attr);
}

// `t` with element type `e` (a scalar type, or a vector of the same shape).
mlir::Type withElement(mlir::Type t, mlir::Type e) {
  if (auto shaped = llvm::dyn_cast<mlir::ShapedType>(t))
    return shaped.clone(e);
  return e;
}

mlir::Value isEq(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x, mlir::Value y) {
  return mlir::arith::CmpFOp::create(b, loc, mlir::arith::CmpFPredicate::OEQ, x, y);
}

// Every use of `from` outside the ops from `first` to `last` (a chain just built after it)
// reads `last`'s result instead.
void replaceOutside(mlir::Value from, mlir::Operation *first, mlir::Value last) {
  llvm::SmallPtrSet<mlir::Operation *, 32> chain;
  for (mlir::Operation *o = first; o; o = o->getNextNode()) {
    chain.insert(o);
    if (o == last.getDefiningOp())
      break;
  }
  from.replaceUsesWithIf(last, [&](mlir::OpOperand &use) { return !chain.contains(use.getOwner()); });
}

// Upstream's log and cbrt read the exponent from the bits, which is wrong for subnormal
// operands (log: 2e6 ulp at 1.4e-45; cbrt: 5e7 ulp): they are scaled into the normal range
// first (by 2^24), and the result corrected (log: 24 ln 2, in two parts, taken off; cbrt:
// times 2^-8, exact). bf16 has f32's exponent range and its subnormals; f16's are normal in
// f32 (2^-126 is 0 in f16, so nothing is scaled there).
void scaleSubnormals(mlir::Operation *op) {
  mlir::Type t = op->getResult(0).getType();
  if (!llvm::isa<mlir::math::LogOp, mlir::math::CbrtOp>(op) || mlir::getElementTypeOrSelf(t).isF16())
    return;
  mlir::OpBuilder b(op);
  mlir::Location loc = op->getLoc();
  mlir::Value x = op->getOperand(0);
  mlir::Value magnitude = mlir::math::AbsFOp::create(b, loc, x);
  mlir::Value subnormal =
      mlir::arith::CmpFOp::create(b, loc, mlir::arith::CmpFPredicate::OLT, magnitude, floatConstant(b, loc, t, 0x1p-126));
  mlir::Value scaled = mlir::arith::MulFOp::create(b, loc, x, floatConstant(b, loc, t, 0x1p24));
  op->setOperand(0, mlir::arith::SelectOp::create(b, loc, subnormal, scaled, x));
  b.setInsertionPointAfter(op);
  mlir::Value result = op->getResult(0), corrected;
  if (llvm::isa<mlir::math::LogOp>(op)) {
    const double shift = 24 * 0.69314718055994530942;
    const double hi = double(float(shift));
    mlir::Value high = mlir::arith::SubFOp::create(b, loc, result, floatConstant(b, loc, t, hi));
    corrected = mlir::arith::SubFOp::create(b, loc, high, floatConstant(b, loc, t, shift - hi));
  } else {
    corrected = mlir::arith::MulFOp::create(b, loc, result, floatConstant(b, loc, t, 0x1p-8));
  }
  mlir::Value select = mlir::arith::SelectOp::create(b, loc, subnormal, corrected, result);
  replaceOutside(result, op->getNextNode(), select);
}

// sin and cos with the argument reduced in f64: upstream's reduction subtracts k * pi/2 in
// f32 with pi/2 rounded to f32 (93 f16 ulp off at 9.5e3, 3e9 f32 ulp at 1e20) and loses
// small negative arguments (sin(-1e-45) = 6e-8). Here k = roundeven(x * 2/pi) and
// r = x - k * pi/2 with pi/2 in three parts (24 + 24 + 53 bits, by FMAs), the first two steps
// exact while k < 2^29 (|x| < 8.4e8); beyond, the reduction loses every digit (XLA's GPU
// backend calls libdevice, which reduces exactly). The polynomials then see |r| <= pi/4, and
// the result is sin or cos of r by k mod 4.
mlir::Value reduceSinCos(mlir::OpBuilder &b, mlir::Operation *op) {
  mlir::Location loc = op->getLoc();
  mlir::Value x = op->getOperand(0);
  mlir::Type t = x.getType();
  mlir::Type f64 = withElement(t, b.getF64Type()), f32 = withElement(t, b.getF32Type());
  auto c = [&](double v) { return floatConstant(b, loc, f64, v); };
  mlir::Value xd = mlir::arith::ExtFOp::create(b, loc, f64, x);
  mlir::Value k = mlir::math::RoundEvenOp::create(b, loc, mlir::arith::MulFOp::create(b, loc, xd, c(0.63661977236758134308)));
  mlir::Value minusK = mlir::arith::NegFOp::create(b, loc, k);
  mlir::Value r = xd;
  for (double part : {0x1.921fb60000000p+0, -0x1.777a5c0000000p-25, -0x1.ee59d9cceba40p-50})
    r = mlir::math::FmaOp::create(b, loc, minusK, c(part), r);
  mlir::Value a = mlir::arith::TruncFOp::create(b, loc, f32, mlir::math::AbsFOp::create(b, loc, r));
  mlir::Value sinA = mlir::math::SinOp::create(b, loc, a);
  mlir::Value sinR = mlir::math::CopySignOp::create(b, loc, sinA, mlir::arith::TruncFOp::create(b, loc, f32, r));
  mlir::Value cosR = mlir::math::CosOp::create(b, loc, a);
  // k mod 4, exact for every k (beyond 2^53, k is a multiple of 4 in f64 anyway).
  mlir::Value quarter = mlir::math::FloorOp::create(b, loc, mlir::arith::MulFOp::create(b, loc, k, c(0.25)));
  mlir::Value q = mlir::arith::SubFOp::create(b, loc, k, mlir::arith::MulFOp::create(b, loc, quarter, c(4.0)));
  bool isSin = llvm::isa<mlir::math::SinOp>(op);
  mlir::Value v0 = isSin ? sinR : cosR;
  mlir::Value v1 = isSin ? cosR : mlir::Value(mlir::arith::NegFOp::create(b, loc, sinR));
  mlir::Value v2 = mlir::arith::NegFOp::create(b, loc, v0), v3 = mlir::arith::NegFOp::create(b, loc, v1);
  mlir::Value v = mlir::arith::SelectOp::create(b, loc, isEq(b, loc, q, c(1.0)), v1, v0);
  v = mlir::arith::SelectOp::create(b, loc, isEq(b, loc, q, c(2.0)), v2, v);
  v = mlir::arith::SelectOp::create(b, loc, isEq(b, loc, q, c(3.0)), v3, v);
  if (f32 != t)
    v = mlir::arith::TruncFOp::create(b, loc, t, v);
  return v;
}

// atan2(y, x) from atan of t = min(|x|, |y|) / max(|x|, |y|) in [0, 1], computed in f32 (f16
// and bf16 too): above tan(pi/8), as pi/4 + atan((t - 1) / (t + 1)), so upstream's atan
// polynomial only sees arguments below 0.42 (it is 40 ulp off near its own switch at 0.66);
// then turned into the right octant by pi/2 - a and pi - a (the constants in two parts),
// and given y's sign. Upstream's atan2 is atan(y / x), plus or minus pi for x < 0.
// Zeros and infinities are `specialCases`'.
mlir::Value atan2ByOctant(mlir::OpBuilder &b, mlir::Operation *op) {
  mlir::Location loc = op->getLoc();
  mlir::Type t = op->getResult(0).getType();
  mlir::Type f32 = withElement(t, b.getF32Type());
  auto wide = [&](mlir::Value v) -> mlir::Value { return f32 == t ? v : mlir::Value(mlir::arith::ExtFOp::create(b, loc, f32, v)); };
  mlir::Value y = wide(op->getOperand(0)), x = wide(op->getOperand(1));
  auto c = [&](double v) { return floatConstant(b, loc, f32, v); };
  auto select = [&](mlir::Value cond, mlir::Value yes, mlir::Value no) -> mlir::Value {
    return mlir::arith::SelectOp::create(b, loc, cond, yes, no);
  };
  using P = mlir::arith::CmpFPredicate;
  // hi + sign * v + lo, hi + lo being `whole` to twice f32's precision.
  auto add = [&](double whole, mlir::Value v, bool subtract) -> mlir::Value {
    double hi = double(float(whole));
    mlir::Value d = subtract ? mlir::Value(mlir::arith::SubFOp::create(b, loc, c(hi), v))
                             : mlir::Value(mlir::arith::AddFOp::create(b, loc, c(hi), v));
    return mlir::arith::AddFOp::create(b, loc, d, c(whole - hi));
  };
  const double pi = 3.14159265358979323846;
  mlir::Value ay = mlir::math::AbsFOp::create(b, loc, y), ax = mlir::math::AbsFOp::create(b, loc, x);
  mlir::Value steep = mlir::arith::CmpFOp::create(b, loc, P::OGT, ay, ax);
  mlir::Value ratio = mlir::arith::DivFOp::create(b, loc, select(steep, ax, ay), select(steep, ay, ax));
  mlir::Value upper = mlir::arith::CmpFOp::create(b, loc, P::OGT, ratio, c(0.41421356237309504880));
  mlir::Value shifted = mlir::arith::DivFOp::create(b, loc, mlir::arith::SubFOp::create(b, loc, ratio, c(1.0)),
                                                    mlir::arith::AddFOp::create(b, loc, ratio, c(1.0)));
  mlir::Value a = mlir::math::AtanOp::create(b, loc, select(upper, shifted, ratio));
  a = select(upper, add(pi / 4, a, false), a);
  a = select(steep, add(pi / 2, a, true), a);
  a = select(mlir::arith::CmpFOp::create(b, loc, P::OLT, x, c(0.0)), add(pi, a, true), a);
  a = mlir::math::CopySignOp::create(b, loc, a, y);
  return f32 == t ? a : mlir::Value(mlir::arith::TruncFOp::create(b, loc, t, a));
}

// The special values upstream's polynomials get wrong, as selects after them: an odd
// function's zero (erf, sin, atan, asin give +0 for -0); cbrt(±0), cbrt(±inf) (NaN), and
// its error (a Newton step); atan2's
// zeros and infinities (C's table: atan2(±0, -0) = ±pi, atan2(±inf, -inf) = ±3pi/4, ...).
mlir::Value specialCases(mlir::OpBuilder &b, mlir::Operation *op, mlir::Value r) {
  mlir::Location loc = op->getLoc();
  mlir::Value x = op->getOperand(0);
  mlir::Type t = r.getType();
  auto c = [&](double v) { return floatConstant(b, loc, t, v); };
  auto select = [&](mlir::Value cond, mlir::Value yes, mlir::Value no) -> mlir::Value {
    return mlir::arith::SelectOp::create(b, loc, cond, yes, no);
  };
  auto abs = [&](mlir::Value v) -> mlir::Value { return mlir::math::AbsFOp::create(b, loc, v); };
  auto copysign = [&](mlir::Value v, mlir::Value sign) -> mlir::Value {
    return mlir::math::CopySignOp::create(b, loc, v, sign);
  };
  if (llvm::isa<mlir::math::ErfOp, mlir::math::SinOp, mlir::math::AtanOp, mlir::math::AsinOp>(op))
    return select(isEq(b, loc, x, c(0.0)), x, r);
  if (llvm::isa<mlir::math::CbrtOp>(op)) {
    // One Newton step in f64 (y - (y^3 - x) / 3y^2) takes upstream's 11 ulp to 1.
    mlir::Type f64 = withElement(t, b.getF64Type());
    mlir::Value yd = mlir::arith::ExtFOp::create(b, loc, f64, r), xd = mlir::arith::ExtFOp::create(b, loc, f64, x);
    mlir::Value square = mlir::arith::MulFOp::create(b, loc, yd, yd);
    mlir::Value residual = mlir::math::FmaOp::create(b, loc, square, yd, mlir::arith::NegFOp::create(b, loc, xd));
    mlir::Value step = mlir::arith::DivFOp::create(
        b, loc, residual, mlir::arith::MulFOp::create(b, loc, square, floatConstant(b, loc, f64, 3.0)));
    r = mlir::arith::TruncFOp::create(b, loc, t, mlir::arith::SubFOp::create(b, loc, yd, step));
    return select(mlir::arith::OrIOp::create(b, loc, isEq(b, loc, x, c(0.0)), isEq(b, loc, abs(x), c(INFINITY))), x, r);
  }
  if (llvm::isa<mlir::math::Atan2Op>(op)) {
    mlir::Value y = x, w = op->getOperand(1);
    const double pi = 3.14159265358979323846;
    mlir::Value wNegative =
        mlir::arith::CmpFOp::create(b, loc, mlir::arith::CmpFPredicate::OLT, copysign(c(1.0), w), c(0.0));
    mlir::Value yInf = isEq(b, loc, abs(y), c(INFINITY)), wInf = isEq(b, loc, abs(w), c(INFINITY));
    // y = ±0, or w = ±inf: ±0 or ±pi by w's sign (-0 counts as negative).
    mlir::Value flat = copysign(select(wNegative, c(pi), c(0.0)), y);
    r = select(mlir::arith::OrIOp::create(b, loc, isEq(b, loc, y, c(0.0)), wInf), flat, r);
    // y = ±inf: ±pi/2, or ±pi/4, ±3pi/4 where w is infinite too.
    mlir::Value steep = select(wInf, select(wNegative, c(0.75 * pi), c(0.25 * pi)), c(0.5 * pi));
    // The result has y's sign: upstream's atan of a quotient that underflowed to 0 gave +pi
    // for atan2(-1e-40, -5).
    return copysign(select(yInf, steep, r), y);
  }
  return r;
}

// `op` on f16 or bf16 as the same op on f32 between conversions (an expansion in the type
// itself rounds each of its steps there: tan = sin / cos in f16 was 2 ulp off); returns the
// f32 op.
mlir::Operation *inF32(mlir::Operation *op) {
  mlir::Type t = op->getResult(0).getType();
  mlir::OpBuilder b(op);
  mlir::Type f32 = withElement(t, b.getF32Type());
  if (f32 == t)
    return op;
  mlir::Location loc = op->getLoc();
  mlir::Operation *wide = b.clone(*op);
  for (mlir::OpOperand &operand : wide->getOpOperands())
    operand.set(mlir::arith::ExtFOp::create(b, loc, f32, operand.get()));
  wide->getResult(0).setType(f32);
  // The clone was inserted before its new operands; it goes after them.
  wide->moveBefore(op);
  mlir::Value narrow = mlir::arith::TruncFOp::create(b, loc, t, wide->getResult(0));
  op->getResult(0).replaceAllUsesWith(narrow);
  op->erase();
  return wide;
}

// powf's IEEE special cases around upstream's expansion exp(y * log(x)), which is then
// applied to |x|: the sign for a negative x and odd integer y, NaN for a negative finite x
// and a non-integer y, pow(x, ±0) = pow(1, y) = 1 (NaN included), pow(-1, ±inf) = 1, NaN
// otherwise for a NaN operand. f16 and bf16 compute in f32 (y * log(x) rounded to f16 would
// lose the result's digits). Returns the powf op to expand.
mlir::Operation *guardPow(mlir::math::PowFOp pow) {
  mlir::OpBuilder b(pow);
  mlir::Location loc = pow.getLoc();
  mlir::Type t = pow.getType();
  mlir::Type f32 = withElement(t, b.getF32Type());
  mlir::Value x = pow.getLhs(), y = pow.getRhs();
  mlir::Value ax = mlir::math::AbsFOp::create(b, loc, x);
  mlir::Operation *inner = pow;
  mlir::Value r;
  if (f32 != t) {
    auto wide = mlir::math::PowFOp::create(b, loc, mlir::arith::ExtFOp::create(b, loc, f32, ax),
                                           mlir::arith::ExtFOp::create(b, loc, f32, y));
    inner = wide;
    r = mlir::arith::TruncFOp::create(b, loc, t, wide.getResult());
  } else {
    pow.getLhsMutable().assign(ax);
    b.setInsertionPointAfter(pow);
    r = pow.getResult();
  }
  mlir::Operation *before = r.getDefiningOp();
  auto c = [&](double v) { return floatConstant(b, loc, t, v); };
  auto select = [&](mlir::Value cond, mlir::Value yes, mlir::Value no) -> mlir::Value {
    return mlir::arith::SelectOp::create(b, loc, cond, yes, no);
  };
  auto both = [&](mlir::Value p, mlir::Value q) -> mlir::Value { return mlir::arith::AndIOp::create(b, loc, p, q); };
  using P = mlir::arith::CmpFPredicate;
  auto cmp = [&](P p, mlir::Value u, mlir::Value v) -> mlir::Value { return mlir::arith::CmpFOp::create(b, loc, p, u, v); };
  mlir::Value yInteger = cmp(P::OEQ, mlir::math::TruncOp::create(b, loc, y), y);
  mlir::Value half = mlir::arith::MulFOp::create(b, loc, y, c(0.5));
  mlir::Value yOdd = both(yInteger, cmp(P::ONE, mlir::math::TruncOp::create(b, loc, half), half));
  mlir::Value xSignNegative = cmp(P::OLT, mlir::math::CopySignOp::create(b, loc, c(1.0), x), c(0.0));
  mlir::Value v = select(both(xSignNegative, yOdd), mlir::arith::NegFOp::create(b, loc, r), r);
  mlir::Value xNegativeFinite = both(cmp(P::OLT, x, c(0.0)), cmp(P::OLT, ax, c(INFINITY)));
  mlir::Value notInteger = cmp(P::ONE, mlir::math::TruncOp::create(b, loc, y), y);
  v = select(both(xNegativeFinite, notInteger), c(NAN), v);
  mlir::Value sum = mlir::arith::AddFOp::create(b, loc, x, y);
  v = select(mlir::arith::OrIOp::create(b, loc, cmp(P::UNO, x, x), cmp(P::UNO, y, y)), sum, v);
  v = select(both(cmp(P::OEQ, ax, c(1.0)), cmp(P::OEQ, mlir::math::AbsFOp::create(b, loc, y), c(INFINITY))), c(1.0), v);
  v = select(mlir::arith::OrIOp::create(b, loc, cmp(P::OEQ, y, c(0.0)), cmp(P::OEQ, x, c(1.0))), c(1.0), v);
  replaceOutside(pow.getResult(), before->getNextNode(), v);
  if (inner != pow.getOperation())
    pow.erase();
  return inner;
}

// fmod(x, y) (arith.remf on f32, f16 and bf16), exact, in f64: with q = trunc(x / y) in f64
// (below 2^53, at most one too large where x / y rounds up to an integer, which the sign of
// the remainder shows and one addition of y undoes) x - q * y is fmod, which the type
// represents, so one FMA gives it exactly. Larger quotients (exponents up to 276 apart) are
// first reduced by y * 2^224, 2^172, ... 2^16, each a multiple of y, so every step's
// quotient is below 2^53. The GPU path's replacement for
// libdevice's __nv_fmodf (LLVM's NVPTX backend expands frem as x - trunc(x / y) * y in the
// type itself, wrong for large quotients).
void expandRemF(mlir::arith::RemFOp rem) {
  mlir::Type t = rem.getType();
  mlir::Type elem = mlir::getElementTypeOrSelf(t);
  if (!(elem.isF32() || elem.isF16() || elem.isBF16()))
    return;
  mlir::OpBuilder b(rem);
  mlir::Location loc = rem.getLoc();
  mlir::Type f64 = withElement(t, b.getF64Type());
  auto c = [&](double v) { return floatConstant(b, loc, f64, v); };
  using P = mlir::arith::CmpFPredicate;
  mlir::Value x = mlir::arith::ExtFOp::create(b, loc, f64, rem.getLhs());
  mlir::Value y = mlir::arith::ExtFOp::create(b, loc, f64, rem.getRhs());
  mlir::Value zero = c(0.0);
  auto cmp = [&](P p, mlir::Value u, mlir::Value v) -> mlir::Value { return mlir::arith::CmpFOp::create(b, loc, p, u, v); };
  mlir::Value xNegative = cmp(P::OLT, x, zero), xPositive = cmp(P::OGT, x, zero);
  mlir::Value r = x;
  for (int shift : {224, 172, 120, 68, 16, 0}) {
    mlir::Value divisor = mlir::arith::MulFOp::create(b, loc, y, c(std::ldexp(1.0, shift)));
    mlir::Value q = mlir::math::TruncOp::create(b, loc, mlir::arith::DivFOp::create(b, loc, r, divisor));
    r = mlir::math::FmaOp::create(b, loc, mlir::arith::NegFOp::create(b, loc, q), divisor, r);
    // Where r / divisor rounded up to the next integer, r is fmod - divisor, of the other sign.
    mlir::Value overshot = mlir::arith::OrIOp::create(b, loc, mlir::arith::AndIOp::create(b, loc, cmp(P::OLT, r, zero), xPositive),
                                                      mlir::arith::AndIOp::create(b, loc, cmp(P::OGT, r, zero), xNegative));
    mlir::Value back = mlir::arith::AddFOp::create(
        b, loc, r, mlir::math::CopySignOp::create(b, loc, mlir::math::AbsFOp::create(b, loc, divisor), x));
    r = mlir::arith::SelectOp::create(b, loc, overshot, back, r);
  }
  // A zero remainder has x's sign (every step keeps it otherwise); x over an infinite y is x.
  r = mlir::math::CopySignOp::create(b, loc, r, x);
  mlir::Value inf = c(INFINITY);
  mlir::Value yInf = mlir::arith::CmpFOp::create(b, loc, P::OEQ, mlir::math::AbsFOp::create(b, loc, y), inf);
  mlir::Value xFinite = mlir::arith::CmpFOp::create(b, loc, P::OLT, mlir::math::AbsFOp::create(b, loc, x), inf);
  r = mlir::arith::SelectOp::create(b, loc, mlir::arith::AndIOp::create(b, loc, yInf, xFinite), x, r);
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
                              llvm::cl::list_init<std::string>({"cbrt", "erf", "erfc", "exp", "expm1", "log", "log1p", "tanh"})};

  void runOnOperation() override {
    llvm::StringSet<> chosen;
    // `remf` names arith.remf (fmod), which has no C library call on the GPU.
    for (const std::string &name : ops)
      chosen.insert(name == "remf" ? "arith.remf" : "math." + name);
    auto predicate = [&](llvm::StringRef name) { return chosen.contains(name); };
    // The element types the approximations rewrite (f64 stays a libm call).
    auto approximable = [](mlir::Type t) { return t.isF32() || t.isF16() || t.isBF16(); };
    auto collect = [&] {
      llvm::SmallVector<mlir::Operation *> found;
      getOperation()->walk([&](mlir::Operation *op) {
        if (chosen.contains(op->getName().getStringRef()) && op->getNumResults() == 1 && op->getNumOperands() >= 1 &&
            approximable(mlir::getElementTypeOrSelf(op->getResult(0).getType())) &&
            llvm::all_of(op->getOperandTypes(), [&](mlir::Type t) { return t == op->getResult(0).getType(); }))
          found.push_back(op);
      });
      return found;
    };
    // tan and powf have no polynomial of their own: upstream's expansions write them with
    // sin / cos and exp(y * log(x)), which the approximations below then rewrite (powf
    // with its special cases around it). f64 keeps its own tan and powf.
    llvm::SmallVector<llvm::StringRef> expanded;
    for (llvm::StringRef name : {"tan", "powf"})
      if (chosen.contains(("math." + name).str()))
        expanded.push_back(name);
    llvm::SmallVector<mlir::Operation *> toExpand;
    for (mlir::Operation *op : collect()) {
      if (auto pow = llvm::dyn_cast<mlir::math::PowFOp>(op))
        toExpand.push_back(guardPow(pow));
      else if (llvm::isa<mlir::math::TanOp>(op))
        toExpand.push_back(inF32(op));
    }
    if (!toExpand.empty()) {
      mlir::RewritePatternSet expansions(&getContext());
      mlir::math::populateExpansionPatterns(expansions, expanded);
      mlir::GreedyRewriteConfig config;
      config.setStrictness(mlir::GreedyRewriteStrictness::ExistingOps);
      if (mlir::failed(mlir::applyOpPatternsGreedily(toExpand, std::move(expansions), config)))
        return signalPassFailure();
    }
    // A NaN operand gives a NaN result, the operand's own (its payload and sign kept), by a
    // select in front of the polynomial: upstream's exp converts its NaN-valued exponent
    // with `fptosi`, which is poison for NaN, so LLVM may fold the result to any value where
    // it sees the NaN (a constant input folded exp(NaN) to 1.0); at run time it happened to
    // be NaN. The special values a polynomial gets wrong are selected too (`specialCases`),
    // subnormal operands of log and cbrt scaled, sin and cos arguments reduced in f64.
    llvm::SmallVector<mlir::arith::RemFOp> remainders;
    for (mlir::Operation *op : collect()) {
      if (auto rem = llvm::dyn_cast<mlir::arith::RemFOp>(op)) {
        remainders.push_back(rem);
        continue;
      }
      mlir::OpBuilder builder(op->getContext());
      builder.setInsertionPointAfter(op);
      mlir::Location loc = op->getLoc();
      mlir::Value result = op->getResult(0);
      bool reduced = llvm::isa<mlir::math::SinOp, mlir::math::CosOp, mlir::math::Atan2Op>(op);
      mlir::Value value = !reduced ? result
                          : llvm::isa<mlir::math::Atan2Op>(op) ? atan2ByOctant(builder, op)
                                                               : reduceSinCos(builder, op);
      // (A sum of the operands is NaN where one is; not the test itself: inf + -inf is NaN.)
      mlir::Value nanIn = op->getOperand(0);
      mlir::Value isNan = mlir::arith::CmpFOp::create(builder, loc, mlir::arith::CmpFPredicate::UNO, nanIn, nanIn);
      for (mlir::Value other : op->getOperands().drop_front()) {
        isNan = mlir::arith::OrIOp::create(
            builder, loc, isNan, mlir::arith::CmpFOp::create(builder, loc, mlir::arith::CmpFPredicate::UNO, other, other));
        nanIn = mlir::arith::AddFOp::create(builder, loc, nanIn, other);
      }
      mlir::Value guarded = specialCases(builder, op, value);
      mlir::Value select = mlir::arith::SelectOp::create(builder, loc, isNan, nanIn, guarded);
      replaceOutside(result, op->getNextNode(), select);
      if (reduced)
        op->erase();
      else
        scaleSubnormals(op);
    }
    for (mlir::arith::RemFOp rem : remainders)
      expandRemF(rem);
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


// Bytes of a static, identity-layout memref type (0 if it is not one).
int64_t staticBytes(mlir::MemRefType type) {
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() || !type.getElementType().isIntOrFloat())
    return 0;
  return type.getNumElements() * int64_t((type.getElementTypeBitWidth() + 7) / 8);
}

// A memref.alloca takes stack until the end of the nearest automatic allocation scope around
// it. scf.for claims to be one, but its lowering to branches (convert-scf-to-cf) saves and
// restores no stack: an alloca in a loop body takes more stack on every iteration and gives
// none back until the function returns. Such loops come from the loop lowerings (a serialized
// scf.forall or scf.parallel is an scf.for, and the canonicalizer drops the alloca_scope that
// kept its iterations' buffers apart, since scf.for counts as a scope); an 8-layer
// transformer's row blocks overflowed the 8 MiB main stack that way. This pass moves every
// static alloca out of the scf.for and scf.while loops around it, up to the nearest real
// scope (a function, an OpenMP region or loop body, a memref.alloca_scope), so it is
// allocated once. (OpenMP loop bodies keep the alloca_scope convert-scf-to-openmp gives
// them, which the canonicalizer leaves: an omp.loop_nest is no scope.) The buffer's contents were undefined at each iteration's start anyway; an
// alloca whose buffer a loop yields (it could be live across iterations) stays.
struct HoistLoopAllocas : public mlir::PassWrapper<HoistLoopAllocas, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HoistLoopAllocas)
  llvm::StringRef getArgument() const final { return "xhlo-hoist-loop-allocas"; }
  llvm::StringRef getDescription() const final {
    return "Move static memref.allocas out of the scf.for and scf.while loops around them (their "
           "lowering releases no stack per iteration), so each is allocated once";
  }

  // Whether `op` releases the stack its allocas take when it ends: a real allocation scope
  // (scf.for and scf.while lower to branches that do not).
  static bool releasesStack(mlir::Operation *op) {
    return op->hasTrait<mlir::OpTrait::AutomaticAllocationScope>() && !llvm::isa<mlir::scf::ForOp, mlir::scf::WhileOp>(op);
  }

  // Whether the buffer `value` (or a view of it) reaches a terminator: yielded out of a loop
  // iteration, it could be live in the next one.
  static bool escapes(mlir::Value value) {
    for (mlir::Operation *user : value.getUsers()) {
      if (user->hasTrait<mlir::OpTrait::IsTerminator>())
        return true;
      if (llvm::isa<mlir::ViewLikeOpInterface, mlir::CastOpInterface>(user))
        for (mlir::Value result : user->getResults())
          if (escapes(result))
            return true;
    }
    return false;
  }

  void runOnOperation() override {
    llvm::SmallVector<std::pair<mlir::memref::AllocaOp, mlir::Operation *>> moves;
    getOperation()->walk([&](mlir::memref::AllocaOp alloca) {
      if (alloca->getNumOperands() != 0 || escapes(alloca.getResult()))
        return;
      mlir::Operation *outermostLoop = nullptr;
      for (mlir::Operation *parent = alloca->getParentOp(); parent && !releasesStack(parent); parent = parent->getParentOp())
        if (llvm::isa<mlir::scf::ForOp, mlir::scf::WhileOp>(parent))
          outermostLoop = parent;
      if (outermostLoop)
        moves.push_back({alloca, outermostLoop});
    });
    for (auto [alloca, loop] : moves)
      alloca->moveBefore(loop);
  }
};

// xhlo-reshape-destinations: a result handed to the caller's buffer
// (`bufferization.materialize_in_destination` into a memref) that is a reshape of the value
// computed (`tensor.expand_shape`/`collapse_shape`, also several in a row) goes in as that value,
// into the caller's buffer reshaped back (`memref.collapse_shape`/`expand_shape`: a view of the
// same bytes, row-major on both sides), so that `eliminate-empty-tensors` lets the kernel
// computing it write the caller's buffer directly. Across the reshape it could not: the
// result was computed into a fresh buffer and copied, one more pass over the whole result for
// every program ending in a reshape. A collapse of the caller's buffer that is not guaranteed
// (a strided buffer) stops the walk; the copy then stays.
//
// A result assembled by `tensor.insert_slice`s into a `tensor.empty` (a loop fusion run in
// pieces, one generic per part of the result) or into an operand (a cache update) starts
// from the caller's buffer (`bufferization.to_tensor restrict writable`, what
// `eliminate-empty-tensors` itself substitutes, which for such a chain it did only for the
// last piece: the first pieces were computed into a temporary copied over afterwards).
struct ReshapeDestinations : public mlir::PassWrapper<ReshapeDestinations, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ReshapeDestinations)
  llvm::StringRef getArgument() const final { return "xhlo-reshape-destinations"; }
  llvm::StringRef getDescription() const final {
    return "Materialize the value a reshaped result comes from into the destination buffer reshaped "
           "back, and start a result assembled by insert_slices (into an empty tensor, or into an operand "
           "copied there once) from the destination buffer, so that empty-tensor elimination can compute it in place";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::memref::MemRefDialect>();
  }

  void runOnOperation() override {
    llvm::SmallVector<mlir::bufferization::MaterializeInDestinationOp> results;
    getOperation()->walk([&](mlir::bufferization::MaterializeInDestinationOp op) {
      if (llvm::isa<mlir::MemRefType>(op.getDest().getType()))
        results.push_back(op);
    });
    for (mlir::bufferization::MaterializeInDestinationOp op : results) {
      mlir::OpBuilder b(op);
      mlir::Value source = op.getSource(), dest = op.getDest();
      while (true) {
        if (auto collapse = source.getDefiningOp<mlir::tensor::CollapseShapeOp>()) {
          if (!collapse.getSrcType().hasStaticShape())
            break;
          dest = mlir::memref::ExpandShapeOp::create(b, op.getLoc(), collapse.getSrcType().getShape(), dest,
                                                     collapse.getReassociationIndices());
          source = collapse.getSrc();
        } else if (auto expand = source.getDefiningOp<mlir::tensor::ExpandShapeOp>()) {
          auto type = llvm::cast<mlir::MemRefType>(dest.getType());
          if (!mlir::memref::CollapseShapeOp::isGuaranteedCollapsible(type, expand.getReassociationIndices()))
            break;
          dest = mlir::memref::CollapseShapeOp::create(b, op.getLoc(), dest, expand.getReassociationIndices());
          source = expand.getSrc();
        } else {
          break;
        }
      }
      op.getSourceMutable().assign(source);
      op.getDestMutable().assign(dest);
      startInDestination(source, dest);
    }
  }

  // The start of `source`'s chain of insert_slice destinations placed in the buffer `dest`
  // (a block argument of the chain's block, so available there): a `tensor.empty` used by the
  // chain alone is replaced by the buffer; any other value (a `dynamic_update_slice`'s
  // operand, as a KV cache's update writes) is first copied into the buffer
  // (`materialize_in_destination` on tensors), so the slices are inserted there. Before,
  // that value was copied into a temporary, updated, and the temporary copied into the
  // caller's buffer: two copies of the whole tensor where one does.
  static void startInDestination(mlir::Value source, mlir::Value dest) {
    auto insert = source.getDefiningOp<mlir::tensor::InsertSliceOp>();
    if (!insert || !insert->hasOneUse()) // a value returned twice keeps bufferization's copies
      return;
    while (auto next = insert.getDest().getDefiningOp<mlir::tensor::InsertSliceOp>()) {
      if (!next->hasOneUse())
        return;
      insert = next;
    }
    mlir::Value start = insert.getDest();
    auto type = llvm::dyn_cast<mlir::MemRefType>(dest.getType());
    auto arg = llvm::dyn_cast<mlir::BlockArgument>(dest);
    auto startType = llvm::cast<mlir::RankedTensorType>(start.getType());
    if (!type || !arg || arg.getOwner() != insert->getBlock() || startType.getShape() != type.getShape() ||
        !type.getLayout().isIdentity())
      return;
    auto empty = start.getDefiningOp<mlir::tensor::EmptyOp>();
    mlir::OpBuilder b(empty && empty->hasOneUse() ? empty.getOperation() : insert.getOperation());
    auto tensor = mlir::bufferization::ToTensorOp::create(b, insert.getLoc(), startType, dest, /*restrict=*/true,
                                                           /*writable=*/true);
    if (empty && empty->hasOneUse()) {
      empty.replaceAllUsesWith(tensor.getResult());
      empty.erase();
      return;
    }
    auto copied = mlir::bufferization::MaterializeInDestinationOp::create(b, insert.getLoc(), start, tensor.getResult());
    insert.getDestMutable().assign(copied.getResult());
  }
};

struct LoopScratchOnStack : public mlir::PassWrapper<LoopScratchOnStack, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LoopScratchOnStack)
  LoopScratchOnStack() = default;
  LoopScratchOnStack(const LoopScratchOnStack &other) : PassWrapper(other) {}
  llvm::StringRef getArgument() const final { return "xhlo-loop-scratch-on-stack"; }
  llvm::StringRef getDescription() const final {
    return "Turn the static memref.allocs of an outermost scf.forall's body (at most max-bytes "
           "together) into memref.allocas in a memref.alloca_scope, released after each iteration";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::memref::MemRefDialect>();
  }
  Option<int64_t> maxBytes{*this, "max-bytes", llvm::cl::desc("Bytes of scratch per iteration that may go on the stack"),
                           llvm::cl::init(512 * 1024)};

  void runOnOperation() override {
    llvm::SmallVector<mlir::scf::ForallOp> loops;
    getOperation()->walk([&](mlir::scf::ForallOp op) {
      if (!op->getParentOfType<mlir::scf::ForallOp>())
        loops.push_back(op);
    });
    for (mlir::scf::ForallOp loop : loops) {
      mlir::Block *body = loop.getBody();
      llvm::SmallVector<mlir::memref::AllocOp> allocs;
      int64_t bytes = 0;
      bool fits = true;
      llvm::SmallVector<mlir::Operation *> deallocs;
      for (mlir::Operation &op : body->without_terminator())
        if (auto alloc = llvm::dyn_cast<mlir::memref::AllocOp>(op)) {
          int64_t size = staticBytes(alloc.getType());
          fits = fits && size > 0;
          bytes += size;
          allocs.push_back(alloc);
          // Its deallocation goes with it; a buffer handed to anything that might free it
          // (bufferization's ownership helpers) stays on the heap.
          for (mlir::Operation *user : alloc->getUsers()) {
            if (llvm::isa<mlir::memref::DeallocOp>(user))
              deallocs.push_back(user);
            else if (llvm::isa<mlir::CallOpInterface>(user))
              fits = false;
          }
        }
      if (allocs.empty() || !fits || bytes > maxBytes)
        continue;
      for (mlir::Operation *dealloc : deallocs)
        dealloc->erase();
      mlir::OpBuilder builder(loop.getContext());
      builder.setInsertionPointToStart(body);
      auto scope = mlir::memref::AllocaScopeOp::create(builder, loop.getLoc(), mlir::TypeRange{});
      mlir::Block *inner = new mlir::Block();
      scope.getBodyRegion().push_back(inner);
      auto first = std::next(mlir::Block::iterator(scope.getOperation()));
      inner->getOperations().splice(inner->end(), body->getOperations(), first, body->getTerminator()->getIterator());
      builder.setInsertionPointToEnd(inner);
      mlir::memref::AllocaScopeReturnOp::create(builder, loop.getLoc());
      for (mlir::memref::AllocOp alloc : allocs) {
        builder.setInsertionPoint(alloc);
        auto alloca = mlir::memref::AllocaOp::create(builder, alloc.getLoc(), alloc.getType(), alloc.getAlignmentAttr());
        alloc.replaceAllUsesWith(alloca.getResult());
        alloc.erase();
      }
    }
  }
};

} // namespace

extern "C" {
void xhloRegisterVectorizePass();  // xhlo_vectorize.cpp
void xhloRegisterExpandBf16Pass(); // xhlo_bf16.cpp
void xhloRegisterCollectiveInDestinationPass(); // xhlo_collective.cpp
void xhloRegisterGemmCallsPass(); // xhlo_gemm.cpp
void xhloRegisterMathToNvptxIntrinsicsPass(); // xhlo_gpu_math.cpp

// Adds xhlo's C++ passes to MLIR's pass registry (once per process).
void xhloRegisterPasses() {
  static const bool registered = [] {
    mlir::PassRegistration<SerialSmallLoops>();
    mlir::PassRegistration<ParallelMarkedLoops>();
    mlir::PassRegistration<LoopScratchOnStack>();
    mlir::PassRegistration<HoistLoopAllocas>();
    mlir::PassRegistration<ReshapeDestinations>();
    mlir::PassRegistration<MathApproximations>();
    mlir::PassRegistration<LibmExpm1>();
    xhloRegisterVectorizePass();
    xhloRegisterExpandBf16Pass();
    xhloRegisterCollectiveInDestinationPass();
    xhloRegisterGemmCallsPass();
    xhloRegisterMathToNvptxIntrinsicsPass();
    return true;
  }();
  (void)registered;
}
}

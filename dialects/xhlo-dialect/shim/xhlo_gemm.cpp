// xhlo-gemm-calls: the matrix products the lowering hands to the dot library (a
// `linalg.generic` with `library_call = "xhlo_gemm"`, on buffers) become calls of its
// precompiled GEMM (`xhlo_gemm_f32`/`xhlo_gemm_f64`, src/gemm.rs), split into tasks over a
// parallel loop that the threads of the program share.
//
// The generic is the plain product `C[b, m, n] += A[b, m, k] · B[b, k, n]` over loops
// (b,) m, n, k, each operand's dimensions in any order: a transposed operand is passed as
// strides. Each operand goes as its buffer's aligned pointer and the view's element offset
// and strides (`memref.extract_strided_metadata`), so any strided view works without a copy.
// The lowering initializes C with a `linalg.fill` of zeros; where that fill is a dead store
// (C or a whole view of it filled earlier in the same block, with nothing in between that
// reads or writes memory) it goes and the call overwrites C, else the call adds to C.
//
// Tasks: with `threads` > 1 and at least `min-work` flops, the batch, then the rows (or the
// columns when there are few rows) are split so that the number of tasks is a multiple of
// the threads: `scf.parallel` over the tasks, marked `xhlo.library_tasks` so that
// `xhlo-serial-small-loops` keeps it parallel (it would count one call as one operation, and
// a call of an external function as allocating).
//
// A marked generic with more loops (a convolution's plain loop nest: the output's
// dimensions, then the input feature and the window, the input read at `y * stride + w *
// dilation`) is a product too when each operand index is a sum of loops times constants: a
// loop of A and C only gives the rows, one of B and C only the columns, a reduction loop of
// A and B the contraction (the longest of each, the innermost of equals; loops that continue
// one of them in every operand merge into it). Each other parallel loop is a task (one loop
// over all of them, parallel as above), each other reduction loop an scf.for in the task,
// around one call on the views at the loops' positions (offset + Σ loop × the loop's step in
// the operand; the row and column strides are steps too, e.g. the stride times the features
// for a strided convolution's rows), the first iteration overwriting C where its fill went.
// Anything else stays a generic, which the loop lowering handles as before.
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include <array>
#include <functional>
#include <vector>
#include <numeric>

namespace {

constexpr llvm::StringLiteral libraryCall = "xhlo_gemm";
constexpr llvm::StringLiteral tasksMark = "xhlo.library_tasks";

// A product's sizes, and where each operand keeps its dimensions: for A the positions of
// (b, m, k), for B of (b, k, n), for C of (b, m, n) (b's is -1 without a batch loop).
struct Product {
  bool batch; // loops b, m, n, k (else m, n, k)
  int64_t b, m, n, k;
  std::array<int, 3> a, bp, c;
};

// The product `op` computes, or nothing when it is not one the library takes.
std::optional<Product> match(mlir::linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return std::nullopt;
  auto a = llvm::dyn_cast<mlir::MemRefType>(op.getDpsInputs()[0].getType());
  auto b = llvm::dyn_cast<mlir::MemRefType>(op.getDpsInputs()[1].getType());
  auto c = llvm::dyn_cast<mlir::MemRefType>(op.getDpsInits()[0].getType());
  if (!a || !b || !c || !a.hasStaticShape() || !b.hasStaticShape() || !c.hasStaticShape())
    return std::nullopt;
  mlir::Type e = c.getElementType();
  if (!(e.isF32() || e.isF64()) || a.getElementType() != e || b.getElementType() != e)
    return std::nullopt;
  unsigned loops = op.getNumLoops();
  if (loops != 3 && loops != 4)
    return std::nullopt;
  auto iterators = op.getIteratorTypesArray();
  for (unsigned i = 0; i < loops; ++i)
    if ((iterators[i] == mlir::utils::IteratorType::reduction) != (i == loops - 1))
      return std::nullopt;
  Product p{loops == 4, 1, 0, 0, 0, {}, {}, {}};
  int base = p.batch ? 1 : 0;
  int bl = p.batch ? 0 : -1, m = base, n = base + 1, k = base + 2;
  // The positions in `map`'s results of loops `want` (-1: absent), when its results are
  // exactly those loops in some order.
  auto positions = [&](mlir::AffineMap map, std::array<int, 3> want) -> std::optional<std::array<int, 3>> {
    std::array<int, 3> at{-1, -1, -1};
    unsigned expected = want[0] >= 0 ? 3 : 2;
    if (map.getNumResults() != expected)
      return std::nullopt;
    for (auto [i, expr] : llvm::enumerate(map.getResults())) {
      auto d = llvm::dyn_cast<mlir::AffineDimExpr>(expr);
      if (!d)
        return std::nullopt;
      auto w = llvm::find(want, int(d.getPosition()));
      if (w == want.end() || at[w - want.begin()] >= 0)
        return std::nullopt;
      at[w - want.begin()] = int(i);
    }
    return at;
  };
  auto maps = op.getIndexingMapsArray();
  auto ap = positions(maps[0], {bl, m, k}), bpos = positions(maps[1], {bl, k, n}), cp = positions(maps[2], {bl, m, n});
  if (!ap || !bpos || !cp)
    return std::nullopt;
  p.a = *ap;
  p.bp = *bpos;
  p.c = *cp;
  auto cs = c.getShape();
  if (p.batch)
    p.b = cs[p.c[0]];
  p.m = cs[p.c[1]];
  p.n = cs[p.c[2]];
  p.k = a.getShape()[p.a[2]];
  if (p.b <= 0 || p.m <= 0 || p.n <= 0 || p.k <= 0)
    return std::nullopt;
  return p;
}

// A product with more loops than (b,) m, n, k, as a convolution's plain loop nest is (loops
// over the output, then the input feature, then the window): one loop is the rows m (a
// parallel loop of A and C but not B), one the columns n (of B and C but not A), one the
// contraction k (a reduction loop of A and B but not C); each other parallel loop is a task
// loop around the calls, each other reduction loop a loop inside the task accumulating into
// C. Each operand dimension's index is a sum of loops times constants, so a loop moves each
// operand's element by a constant number of its dimensions' strides.
struct General {
  unsigned m, n, k;
  int64_t rows, columns, depth; // the extents of m, n, k with the loops merged into them
  llvm::SmallVector<unsigned> tasks, reductions; // outermost first
  llvm::SmallVector<int64_t> sizes;              // per loop
  // Per operand (A, B, C), per dimension, per loop: the loop's coefficient.
  std::array<llvm::SmallVector<llvm::SmallVector<int64_t>>, 3> coefficients;
};

// The coefficients of `expr` per loop (`loops` of them), when it is a sum of loops times
// constants (no constant term, no floordiv or mod).
std::optional<llvm::SmallVector<int64_t>> linear(mlir::AffineExpr expr, unsigned loops) {
  llvm::SmallVector<int64_t> c(loops, 0);
  std::function<bool(mlir::AffineExpr, int64_t)> walk = [&](mlir::AffineExpr e, int64_t scale) {
    if (auto d = llvm::dyn_cast<mlir::AffineDimExpr>(e)) {
      c[d.getPosition()] += scale;
      return true;
    }
    auto bin = llvm::dyn_cast<mlir::AffineBinaryOpExpr>(e);
    if (!bin)
      return false;
    if (e.getKind() == mlir::AffineExprKind::Add)
      return walk(bin.getLHS(), scale) && walk(bin.getRHS(), scale);
    if (e.getKind() == mlir::AffineExprKind::Mul) {
      if (auto k = llvm::dyn_cast<mlir::AffineConstantExpr>(bin.getRHS()))
        return walk(bin.getLHS(), scale * k.getValue());
      if (auto k = llvm::dyn_cast<mlir::AffineConstantExpr>(bin.getLHS()))
        return walk(bin.getRHS(), scale * k.getValue());
    }
    return false;
  };
  if (!walk(expr, 1))
    return std::nullopt;
  return c;
}

// The general product `op` computes (when `match` did not take it), or nothing.
std::optional<General> matchGeneral(mlir::linalg::GenericOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return std::nullopt;
  std::array<mlir::MemRefType, 3> types;
  mlir::Value values[3] = {op.getDpsInputs()[0], op.getDpsInputs()[1], op.getDpsInits()[0]};
  for (int i = 0; i < 3; ++i) {
    types[i] = llvm::dyn_cast<mlir::MemRefType>(values[i].getType());
    if (!types[i] || !types[i].hasStaticShape())
      return std::nullopt;
  }
  mlir::Type e = types[2].getElementType();
  if (!(e.isF32() || e.isF64()) || types[0].getElementType() != e || types[1].getElementType() != e)
    return std::nullopt;
  unsigned loops = op.getNumLoops();
  General g{};
  g.sizes = llvm::SmallVector<int64_t>(op.getStaticLoopRanges());
  if (g.sizes.size() != loops || llvm::any_of(g.sizes, [](int64_t s) { return s <= 0; }))
    return std::nullopt;
  auto maps = op.getIndexingMapsArray();
  // Whether loop l appears in operand i.
  llvm::SmallVector<std::array<bool, 3>> in(loops, {false, false, false});
  for (int i = 0; i < 3; ++i) {
    if (maps[i].getNumSymbols() != 0)
      return std::nullopt;
    for (mlir::AffineExpr expr : maps[i].getResults()) {
      auto c = linear(expr, loops);
      if (!c)
        return std::nullopt;
      for (unsigned l = 0; l < loops; ++l)
        in[l][i] |= (*c)[l] != 0;
      g.coefficients[i].push_back(*c);
    }
  }
  // C's indices are the parallel loops, each once (every element of C is one sum).
  auto iterators = op.getIteratorTypesArray();
  llvm::SmallVector<int> seen(loops, 0);
  for (mlir::AffineExpr expr : maps[2].getResults()) {
    auto d = llvm::dyn_cast<mlir::AffineDimExpr>(expr);
    if (!d || iterators[d.getPosition()] != mlir::utils::IteratorType::parallel)
      return std::nullopt;
    ++seen[d.getPosition()];
  }
  for (unsigned l = 0; l < loops; ++l)
    if ((iterators[l] == mlir::utils::IteratorType::parallel) != (seen[l] == 1))
      return std::nullopt;
  // The row, column and contracting loops: of the eligible loops the longest, and of those
  // the innermost (the last; in a convolution the output's minor position and the input
  // feature rather than a window loop).
  auto pick = [&](bool parallel, std::array<bool, 3> want) -> std::optional<unsigned> {
    std::optional<unsigned> best;
    for (unsigned l = 0; l < loops; ++l) {
      if ((iterators[l] == mlir::utils::IteratorType::parallel) != parallel || in[l] != want)
        continue;
      if (!best || g.sizes[l] >= g.sizes[*best])
        best = l;
    }
    return best;
  };
  auto m = pick(true, {true, false, true}), n = pick(true, {false, true, true}), k = pick(false, {true, true, false});
  if (!m || !n || !k)
    return std::nullopt;
  g.m = *m;
  g.n = *n;
  g.k = *k;
  // A loop Y of the same kind as the rows (columns, contraction) X that moves every operand by
  // X's extent times X's step is one longer loop with X (X + Y * extent): NHWC's window
  // column with the input feature, the rows of a 1x1 convolution without padding. Only with
  // static strides.
  std::array<llvm::SmallVector<int64_t>, 3> strides;
  bool known = true;
  for (int i = 0; i < 3; ++i) {
    int64_t offset;
    known = known && mlir::succeeded(types[i].getStridesAndOffset(strides[i], offset)) &&
            llvm::none_of(strides[i], mlir::ShapedType::isDynamic);
  }
  auto moves = [&](int i, unsigned l) {
    int64_t sum = 0;
    for (auto [d, c] : llvm::enumerate(g.coefficients[i]))
      sum += strides[i][d] * c[l];
    return sum;
  };
  llvm::SmallVector<bool> merged(loops, false);
  auto merge = [&](unsigned x) {
    int64_t extent = g.sizes[x];
    for (bool grew = known; grew;) {
      grew = false;
      for (unsigned y = 0; y < loops; ++y) {
        if (y == g.m || y == g.n || y == g.k || merged[y] || iterators[y] != iterators[x] || in[y] != in[x])
          continue;
        if (llvm::all_of(std::array<int, 3>{0, 1, 2}, [&](int i) { return moves(i, y) == extent * moves(i, x); })) {
          merged[y] = true;
          extent *= g.sizes[y];
          grew = true;
        }
      }
    }
    return extent;
  };
  g.rows = merge(g.m);
  g.columns = merge(g.n);
  g.depth = merge(g.k);
  for (unsigned l = 0; l < loops; ++l) {
    if (l == g.m || l == g.n || l == g.k || merged[l])
      continue;
    (iterators[l] == mlir::utils::IteratorType::parallel ? g.tasks : g.reductions).push_back(l);
  }
  return g;
}

// Whether `op` neither reads nor writes memory that exists before it (allocating is fine).
bool touchesNoMemory(mlir::Operation *op) {
  if (mlir::isMemoryEffectFree(op))
    return true;
  auto effects = llvm::dyn_cast<mlir::MemoryEffectOpInterface>(op);
  if (!effects || op->getNumRegions() != 0)
    return false;
  llvm::SmallVector<mlir::MemoryEffects::EffectInstance> list;
  effects.getEffects(list);
  return llvm::all_of(list, [](const mlir::MemoryEffects::EffectInstance &e) {
    return llvm::isa<mlir::MemoryEffects::Allocate>(e.getEffect());
  });
}

// The fill of zeros that initialized `c` for `op` when the call's overwrite makes it a dead
// store: a `linalg.fill` with a zero of `c` or of a buffer `c` is a whole view of (collapsed,
// expanded, cast), earlier in `op`'s block, with only memory-free ops in between. Without
// one the call accumulates into C, as the generic does.
mlir::linalg::FillOp deadZeroFill(mlir::linalg::GenericOp op, mlir::Value c) {
  llvm::SmallVector<mlir::Value> whole{c};
  for (mlir::Value v = c;;) {
    mlir::Operation *def = v.getDefiningOp();
    if (!def || !llvm::isa<mlir::memref::CollapseShapeOp, mlir::memref::ExpandShapeOp, mlir::memref::CastOp>(def))
      break;
    v = def->getOperand(0);
    whole.push_back(v);
  }
  for (mlir::Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = llvm::dyn_cast<mlir::linalg::FillOp>(prev)) {
      mlir::FloatAttr value;
      bool zero = mlir::matchPattern(fill.getDpsInputs()[0], mlir::m_Constant(&value)) && value.getValue().isZero();
      if (zero && fill.hasPureBufferSemantics() && llvm::is_contained(whole, fill.getDpsInits()[0]))
        return fill;
      return nullptr;
    }
    if (!touchesNoMemory(prev))
      return nullptr;
  }
  return nullptr;
}

// `func.func private @name(i64 x 22)`, declared once in `module`.
mlir::func::FuncOp declare(mlir::ModuleOp module, llvm::StringRef name) {
  if (auto f = module.lookupSymbol<mlir::func::FuncOp>(name))
    return f;
  mlir::OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  llvm::SmallVector<mlir::Type> params(22, b.getI64Type());
  auto f = mlir::func::FuncOp::create(b, module.getLoc(), name, b.getFunctionType(params, {}));
  f.setPrivate();
  return f;
}

struct GemmCalls : public mlir::PassWrapper<GemmCalls, mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GemmCalls)
  GemmCalls() = default;
  GemmCalls(const GemmCalls &other) : PassWrapper(other) {}
  llvm::StringRef getArgument() const final { return "xhlo-gemm-calls"; }
  llvm::StringRef getDescription() const final {
    return "Turn the products marked library_call = \"xhlo_gemm\" (linalg.generic on buffers) into "
           "calls of the dot library's precompiled GEMM, split into tasks over a parallel loop";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                    mlir::scf::SCFDialect>();
  }
  Option<int64_t> threads{*this, "threads", llvm::cl::desc("Threads that share a product's tasks"),
                          llvm::cl::init(1)};
  Option<int64_t> minWork{*this, "min-work",
                          llvm::cl::desc("Flops a product needs to be split over the threads"),
                          llvm::cl::init(1 << 18)};

  // Whether the product is worth splitting over the threads.
  bool parallel(const Product &p) const {
    return threads > 1 && 2.0 * double(p.b) * double(p.m) * double(p.n) * double(p.k) >= double(minWork);
  }

  // Tasks along rows and columns per batch element.
  std::pair<int64_t, int64_t> tasks(const Product &p) const {
    if (!parallel(p))
      return {1, 1};
    // Enough parts of each batch element that b * parts is a multiple of the threads.
    int64_t t = threads;
    int64_t parts = t / std::gcd(p.b, t);
    if (parts == 1)
      return {1, 1};
    if (p.m >= 8 * parts || p.m >= p.n)
      return {std::min(parts, p.m), 1};
    return {1, std::min(parts, (p.n + 15) / 16)};
  }

  // A loop over `count` tasks where `b` inserts: an scf.parallel marked as the dot library's
  // when `parallel`, else an scf.for. Leaves `b` at the start of its body; returns the task.
  mlir::Value taskLoop(mlir::OpBuilder &b, mlir::Location loc, int64_t count, bool parallel) {
    mlir::Value zero = mlir::arith::ConstantIndexOp::create(b, loc, 0);
    mlir::Value one = mlir::arith::ConstantIndexOp::create(b, loc, 1);
    mlir::Value end = mlir::arith::ConstantIndexOp::create(b, loc, count);
    if (parallel) {
      auto loop = mlir::scf::ParallelOp::create(b, loc, mlir::ValueRange{zero}, mlir::ValueRange{end}, mlir::ValueRange{one});
      loop->setAttr(tasksMark, b.getI64IntegerAttr(count));
      b.setInsertionPointToStart(loop.getBody());
      return loop.getInductionVars()[0];
    }
    auto loop = mlir::scf::ForOp::create(b, loc, zero, end, one);
    b.setInsertionPointToStart(loop.getBody());
    return loop.getInductionVar();
  }

  void rewrite(mlir::linalg::GenericOp op, const Product &p, mlir::ModuleOp module) {
    mlir::OpBuilder b(op);
    mlir::Location loc = op.getLoc();
    auto i64 = [&](mlir::Value v) { return mlir::arith::IndexCastOp::create(b, loc, b.getI64Type(), v).getResult(); };
    auto constant = [&](int64_t v) { return mlir::arith::ConstantIntOp::create(b, loc, v, 64).getResult(); };
    // Base, offset, and the strides of the batch, row and column dimensions at `at`.
    auto operand = [&](mlir::Value v, std::array<int, 3> at) {
      auto meta = mlir::memref::ExtractStridedMetadataOp::create(b, loc, v);
      mlir::Value pointer = mlir::memref::ExtractAlignedPointerAsIndexOp::create(b, loc, v);
      auto strides = meta.getStrides();
      auto stride = [&](int i) { return i >= 0 ? i64(strides[i]) : constant(0); };
      return llvm::SmallVector<mlir::Value>{i64(pointer), i64(meta.getOffset()), stride(at[0]), stride(at[1]), stride(at[2])};
    };
    mlir::Value c = op.getDpsInits()[0];
    auto av = operand(op.getDpsInputs()[0], p.a);
    auto bv = operand(op.getDpsInputs()[1], p.bp);
    auto cv = operand(c, p.c);
    auto [tm, tn] = tasks(p);
    int64_t total = p.b * tm * tn;
    mlir::linalg::FillOp fill = deadZeroFill(op, c);
    llvm::SmallVector<mlir::Value> args{mlir::Value(), constant(tm), constant(tn), constant(p.m), constant(p.n), constant(p.k), constant(fill ? 0 : 1)};
    args.append(av);
    args.append(bv);
    args.append(cv);
    bool f32 = llvm::cast<mlir::MemRefType>(c.getType()).getElementType().isF32();
    mlir::func::FuncOp callee = declare(module, f32 ? "xhlo_gemm_f32" : "xhlo_gemm_f64");
    if (total == 1) {
      args[0] = constant(0);
      mlir::func::CallOp::create(b, loc, callee, args);
    } else {
      // One task per batch element (and block): in parallel when worth it, else in order.
      args[0] = i64(taskLoop(b, loc, total, parallel(p)));
      mlir::func::CallOp::create(b, loc, callee, args);
    }
    if (fill)
      fill->erase();
    op->erase();
  }

  // A general product (`matchGeneral`): the task loops (flattened into one loop, parallel
  // when worth it), inside each the other reduction loops (scf.for), inside those one call on
  // the views at the loops' positions. The first iteration of the reduction loops overwrites
  // C where its zero fill went, every other adds to it.
  void rewriteGeneral(mlir::linalg::GenericOp op, const General &g, mlir::ModuleOp module) {
    mlir::OpBuilder b(op);
    mlir::Location loc = op.getLoc();
    auto i64 = [&](mlir::Value v) { return mlir::arith::IndexCastOp::create(b, loc, b.getI64Type(), v).getResult(); };
    auto constant = [&](int64_t v) { return mlir::arith::ConstantIntOp::create(b, loc, v, 64).getResult(); };
    auto index = [&](int64_t v) { return mlir::arith::ConstantIndexOp::create(b, loc, v).getResult(); };
    mlir::Value values[3] = {op.getDpsInputs()[0], op.getDpsInputs()[1], op.getDpsInits()[0]};
    // Per operand: its pointer, its view's offset, and per loop the elements one step of the
    // loop moves it by (Σ over its dimensions of the dimension's stride times the loop's
    // coefficient there), all computed before the loops.
    std::array<mlir::Value, 3> pointer, offset;
    std::array<llvm::SmallVector<mlir::Value>, 3> step;
    unsigned loops = g.sizes.size();
    for (int i = 0; i < 3; ++i) {
      auto meta = mlir::memref::ExtractStridedMetadataOp::create(b, loc, values[i]);
      pointer[i] = i64(mlir::memref::ExtractAlignedPointerAsIndexOp::create(b, loc, values[i]));
      offset[i] = meta.getOffset();
      auto strides = meta.getStrides();
      for (unsigned l = 0; l < loops; ++l) {
        mlir::Value sum;
        for (auto [d, c] : llvm::enumerate(g.coefficients[i])) {
          if (c[l] == 0)
            continue;
          mlir::Value term = strides[d];
          if (c[l] != 1)
            term = mlir::arith::MulIOp::create(b, loc, term, index(c[l]));
          sum = sum ? mlir::arith::AddIOp::create(b, loc, sum, term).getResult() : term;
        }
        step[i].push_back(sum); // null: the loop does not move the operand
      }
    }
    mlir::Value c = values[2];
    mlir::linalg::FillOp fill = deadZeroFill(op, c);
    double flops = 2.0;
    for (int64_t s : g.sizes)
      flops *= double(s);
    int64_t total = 1;
    for (unsigned l : g.tasks)
      total *= g.sizes[l];
    // The value of each loop outside the call (task and reduction loops).
    llvm::SmallVector<mlir::Value> iv(loops);
    if (!g.tasks.empty()) {
      mlir::Value task = taskLoop(b, loc, total, threads > 1 && flops >= double(minWork));
      // The task loops' values: the task's digits, the last loop the fastest.
      mlir::Value rest = task;
      for (size_t j = g.tasks.size(); j-- > 0;) {
        unsigned l = g.tasks[j];
        if (j == 0) {
          iv[l] = rest;
          break;
        }
        mlir::Value size = index(g.sizes[l]);
        iv[l] = mlir::arith::RemUIOp::create(b, loc, rest, size);
        rest = mlir::arith::DivUIOp::create(b, loc, rest, size);
      }
    }
    mlir::Value first;
    for (unsigned l : g.reductions) {
      auto loop = mlir::scf::ForOp::create(b, loc, index(0), index(g.sizes[l]), index(1));
      b.setInsertionPointToStart(loop.getBody());
      iv[l] = loop.getInductionVar();
      if (fill) {
        mlir::Value is = mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::eq, iv[l], index(0));
        first = first ? mlir::arith::AndIOp::create(b, loc, first, is).getResult() : is;
      }
    }
    mlir::Value accumulate = !fill ? constant(1) : first ? mlir::arith::SelectOp::create(b, loc, first, constant(0), constant(1)).getResult() : constant(0);
    llvm::SmallVector<mlir::Value> args{constant(0), constant(1), constant(1), constant(g.rows), constant(g.columns), constant(g.depth), accumulate};
    std::array<std::array<unsigned, 2>, 3> rowCol{{{g.m, g.k}, {g.k, g.n}, {g.m, g.n}}};
    for (int i = 0; i < 3; ++i) {
      mlir::Value at = offset[i];
      for (unsigned l = 0; l < loops; ++l)
        if (iv[l] && step[i][l])
          at = mlir::arith::AddIOp::create(b, loc, at, mlir::arith::MulIOp::create(b, loc, iv[l], step[i][l]));
      // The rows and columns move every operand they index (the match saw to that).
      args.append({pointer[i], i64(at), constant(0), i64(step[i][rowCol[i][0]]), i64(step[i][rowCol[i][1]])});
    }
    bool f32 = llvm::cast<mlir::MemRefType>(c.getType()).getElementType().isF32();
    mlir::func::CallOp::create(b, loc, declare(module, f32 ? "xhlo_gemm_f32" : "xhlo_gemm_f64"), args);
    if (fill)
      fill->erase();
    op->erase();
  }

  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    llvm::SmallVector<std::pair<mlir::linalg::GenericOp, Product>> products;
    std::vector<std::pair<mlir::linalg::GenericOp, General>> general;
    module.walk([&](mlir::linalg::GenericOp op) {
      auto call = op.getLibraryCall();
      if (!call || *call != libraryCall)
        return;
      if (auto p = match(op))
        products.push_back({op, *p});
      else if (auto g = matchGeneral(op))
        general.push_back({op, std::move(*g)});
    });
    for (auto &[op, p] : products)
      rewrite(op, p, module);
    for (auto &[op, g] : general)
      rewriteGeneral(op, g, module);
  }
};

} // namespace

extern "C" void xhloRegisterGemmCallsPass() { mlir::PassRegistration<GemmCalls>(); }

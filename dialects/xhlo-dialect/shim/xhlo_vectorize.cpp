// xhlo-vectorize: the vector stage of the CPU pipeline for element-wise and fused loop
// kernels (linalg.generic ops with only parallel loops, on static tensors).
//
// Each such kernel is tiled into pieces one vector register pair wide along its innermost
// loop and 1 along the others (`scf.forall`: the pieces are independent, so they later
// become the parallel loops the thread pool shares); each piece loses its unit dimensions
// and is vectorized by MLIR's linalg vectorizer into 1-D vector code. Without this stage the kernels reach LLVM as scalar loops and depend on
// its loop vectorizer; with it the vector width is the host's (AVX-512: 64 bytes, AVX2: 32,
// else 16; `vector-bytes` overrides) and every stage (linalg -> tiled loops -> vector ->
// LLVM) can be stopped at and printed.
//
// Reductions whose innermost loop is parallel (the reduction lowering's vector lanes, a
// column reduction's columns) are vectorized along it too: the reduced loops run one step at
// a time (an `scf.for` inside the piece), so each lane keeps the sequential order the
// lowering chose.
//
// A reduction over the innermost loop (the reduction lowering's last step: a short row of
// lanes per output element) becomes one `vector.reduction` per output element, its
// accumulator the start value: LLVM's ordered reduction, the scalar loop's order. Named
// transposes and copies that keep the innermost dimension innermost are made generics
// first and vectorized like element-wise kernels.
//
// Element-wise kernels that read an input transposed (another loop innermost) are cut into
// square blocks that stay scalar loops ([`transposeTiles`]).
//
// Element-wise kernels that gather (`tensor.extract` at computed indices: a plain or fused
// gather) are vectorized too: a piece's inputs that are one element for the whole piece are
// read with `tensor.extract` in its body ([`extractUniformInputs`]), so a gathered row's
// start index is uniform and the row one contiguous load; other gathers become
// `vector.gather`.
//
// Kernels are left to the scalar path when vectorizing them would not pay or not be exact:
// longer reductions over the innermost loop (one sequential chain), dynamic or empty shapes, operands read
// across the innermost loop (a transpose: a strided gather per element), non-identity
// outputs, element types that are not whole-byte integers or floats (complex, i1), bodies
// the vectorizer does not handle (`linalg.index` without a gather, gathers in reductions),
// and innermost loops shorter than half a vector. The last piece of a row whose length is not a multiple of the tile
// is masked (masked loads and stores).
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/TargetParser/Host.h"
#include <optional>

namespace {

// The widest vector register of the host, in bytes, by the rule of the lowering's
// `lowering::host::vector_bytes` (which `xhlo-jit` passes as `vector-bytes`; this default
// serves the pass named on its own in a pipeline).
int64_t hostVectorBytes() {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  if (features.lookup("avx512f"))
    return 64;
  if (features.lookup("avx2"))
    return 32;
  return 16;
}

// Bytes of one element, or 0 for types the vector stage leaves alone: complex, and
// elements narrower than a byte (a memref of i1 holds a byte per element, a vector of i1 in
// memory a bit per element, so vector loads and stores would misread them).
unsigned elementBytes(mlir::Type type) {
  if (auto shaped = llvm::dyn_cast<mlir::ShapedType>(type))
    type = shaped.getElementType();
  if (type.isIndex())
    return 8;
  if (llvm::isa<mlir::IntegerType, mlir::FloatType>(type) && type.getIntOrFloatBitWidth() % 8 == 0)
    return type.getIntOrFloatBitWidth() / 8;
  return 0;
}

// Whether the body of `op` holds an op of type `OpT`.
template <typename OpT> bool bodyHolds(mlir::linalg::GenericOp op) {
  return op.getBody()->walk([](OpT) { return mlir::WalkResult::interrupt(); }).wasInterrupted();
}

// The tile along the innermost loop of `op`, or 0 when `op` stays scalar.
int64_t innerTile(mlir::linalg::GenericOp op, int64_t vectorBytes) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() == 0)
    return 0;
  // Reductions whose innermost loop is parallel (the lanes of the reduction lowering, a
  // column reduction's columns) are vectorized along it.
  // A reduction over the innermost loop is vectorized only as the last step of the
  // reduction lowering: one short row of lanes (at most 4 vectors) per output element, its
  // only reduction loop. It becomes a `vector.reduction` with the accumulator as start
  // value, which LLVM lowers to its ordered reduction: the same sequential order as the
  // scalar loop. Left scalar, LLVM unrolled those rows and its SLP vectorizer gathered them
  // across the outputs at odd widths (`<15 x float>` loads), a large share of the code
  // generation of softmax rows and transformer blocks.
  auto iteratorTypes = op.getIteratorTypesArray();
  bool innerReduction = iteratorTypes.back() == mlir::utils::IteratorType::reduction;
  // Products handed to the dot library (`library_call`) are calls after bufferization: a
  // short contraction (attention's Q·Kᵀ over 64 features) must not become one vector
  // reduction per output element.
  if (innerReduction && (op.getNumReductionLoops() != 1 || op.getLibraryCallAttr()))
    return 0;
  llvm::SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (int64_t r : ranges)
    if (mlir::ShapedType::isDynamic(r) || r <= 0)
      return 0;
  unsigned widest = 1;
  for (mlir::OpOperand &operand : op->getOpOperands()) {
    unsigned bytes = elementBytes(operand.get().getType());
    if (bytes == 0)
      return 0;
    widest = std::max(widest, bytes);
  }
  for (mlir::Type type : op->getResultTypes())
    if (elementBytes(type) == 0)
      return 0;
  unsigned last = op.getNumLoops() - 1;
  mlir::AffineExpr innermost = mlir::getAffineDimExpr(last, op.getContext());
  // Inputs are read contiguously along the innermost loop, or the same for all of it (a
  // broadcast, also from a unit dimension: `(d0, d1) -> (d0, 0)`). Their other indices may
  // be any function of the outer loops (a reduction's input fusion reads a row as
  // `(d0, d1 * 64 + d2)`): the pieces fix the outer loops, so within a piece such a read is
  // a plain contiguous one, which the piece's own vectorizer check confirms.
  bool permutations = true;
  for (mlir::OpOperand *input : op.getDpsInputOperands()) {
    mlir::AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      permutations = false;
    if (!map.isFunctionOfDim(last))
      continue;
    for (unsigned r = 0; r + 1 < map.getNumResults(); ++r)
      if (map.getResult(r).isFunctionOfDim(last))
        return 0;
    mlir::AffineExpr rest = mlir::simplifyAffineExpr(map.getResult(map.getNumResults() - 1) - innermost, map.getNumDims(), 0);
    if (rest.isFunctionOfDim(last))
      return 0;
  }
  // Outputs are written contiguously along the innermost loop (a reduction's drop the
  // reduced loops), or, reduced along it, one element per piece.
  for (mlir::OpOperand &init : op.getDpsInitsMutable()) {
    mlir::AffineMap map = op.getMatchingIndexingMap(&init);
    if (innerReduction) {
      if (!map.isProjectedPermutation() || map.isFunctionOfDim(last))
        return 0;
      continue;
    }
    if (!map.isProjectedPermutation() || map.getNumResults() == 0 || map.getResult(map.getNumResults() - 1) != innermost)
      return 0;
    if (op.getNumReductionLoops() == 0 && !map.isIdentity())
      return 0;
  }
  // Reads at computed indices (`tensor.extract` in the body: gathers) are vectorized in
  // element-wise kernels, with their `linalg.index`es: a row read at a computed start becomes
  // a contiguous load, anything else a `vector.gather`; the piece's own precondition decides
  // (n-d extracts allowed), and a piece the vectorizer then fails on stays scalar
  // ([`CreatedOps`]). In reductions they stay scalar.
  // Bodies that read their own indices without a gather (`linalg.index`: iotas, offset
  // tables) stay scalar: their vectors of indices have broadcasts that later
  // canonicalizations fold into invalid ones.
  bool gathers = bodyHolds<mlir::tensor::ExtractOp>(op), indices = bodyHolds<mlir::linalg::IndexOp>(op);
  if (!gathers && (indices || (permutations && mlir::failed(mlir::linalg::vectorizeOpPrecondition(op)))))
    return 0;
  if (gathers && op.getNumReductionLoops() != 0)
    return 0;
  int64_t lanes = std::max<int64_t>(1, vectorBytes / widest), n = ranges[last];
  if (innerReduction)
    return n >= 2 && n <= 4 * lanes ? n : 0;
  if (2 * n < lanes)
    return 0;
  // A reduction's innermost loop is vectorized whole, so each piece streams through its rows
  // once: the reduction lowering's lanes (at most 4 vectors). Wider ones (a column reduction
  // over long rows) stay loops, rows outermost, which LLVM vectorizes along the row.
  if (op.getNumReductionLoops() != 0)
    return n <= 4 * lanes ? n : 0;
  if (n <= 2 * lanes)
    return n;
  if (n % (2 * lanes) == 0)
    return 2 * lanes;
  if (n % lanes == 0)
    return lanes;
  return 2 * lanes;
}

// The tile sizes of a transposing kernel (an element-wise generic, every loop parallel and
// static, whose output is written in loop order and one of whose inputs is read with
// another loop innermost: `(d0, d1) -> (d1, d0)`), or nothing for other kernels. Its
// innermost loop and the loop innermost in the transposed input are cut into blocks of
// `block`, every other loop into single steps: each piece reads `block` short rows of the
// input and writes `block` short rows of the result, so both stream through whole cache
// lines. Untiled, a 4096 x 4096 transpose read one element per cache line and per page
// (1.5 GB/s). The pieces stay scalar loops, which LLVM vectorizes along the written rows.
llvm::SmallVector<int64_t> transposeTiles(mlir::linalg::GenericOp op, int64_t block) {
  if (!op.hasPureTensorSemantics() || op.getNumLoops() < 2 || op.getNumReductionLoops() != 0)
    return {};
  llvm::SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (int64_t r : ranges)
    if (mlir::ShapedType::isDynamic(r) || r <= 0)
      return {};
  for (mlir::OpOperand &init : op.getDpsInitsMutable())
    if (!op.getMatchingIndexingMap(&init).isIdentity())
      return {};
  unsigned last = op.getNumLoops() - 1;
  std::optional<unsigned> across;
  for (mlir::OpOperand *input : op.getDpsInputOperands()) {
    mlir::AffineMap map = op.getMatchingIndexingMap(input);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return {};
    if (map.getNumResults() == 0)
      continue;
    auto inner = llvm::dyn_cast<mlir::AffineDimExpr>(map.getResult(map.getNumResults() - 1));
    if (inner && inner.getPosition() != last && ranges[inner.getPosition()] > 1)
      across = inner.getPosition();
  }
  if (!across || ranges[last] < 2)
    return {};
  llvm::SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  tiles[last] = std::min(block, ranges[last]);
  tiles[*across] = std::min(block, ranges[*across]);
  return tiles;
}

// Inputs of a gathering piece that are one element for the whole piece (0-d slices: a
// gathered row's start index, read once per row) are read with `tensor.extract` in the body
// instead of through a block argument. The vectorizer takes block arguments for values that
// change along the vector, so an index computed from one made every gathered row a
// `vector.gather` of single elements; from an extract it sees the index uniform and reads the
// row with one contiguous load.
void extractUniformInputs(mlir::RewriterBase &rewriter, mlir::linalg::GenericOp op) {
  mlir::Block *body = op.getBlock();
  for (mlir::OpOperand *input : op.getDpsInputOperands()) {
    auto type = llvm::dyn_cast<mlir::RankedTensorType>(input->get().getType());
    mlir::BlockArgument arg = op.getMatchingBlockArgument(input);
    if (!type || type.getRank() != 0 || arg.use_empty())
      continue;
    rewriter.setInsertionPointToStart(body);
    auto element = mlir::tensor::ExtractOp::create(rewriter, op.getLoc(), input->get(), mlir::ValueRange{});
    rewriter.replaceAllUsesWith(arg, element);
  }
}

// The ops a rewrite inserts, so that a failed one can be taken back. MLIR's vectorizer can
// fail after its precondition accepted a piece (some bodies with `tensor.extract`), with the
// vector ops it made so far left in place; those are erased and the piece stays scalar.
struct CreatedOps : public mlir::RewriterBase::Listener {
  llvm::SetVector<mlir::Operation *> ops;
  void notifyOperationInserted(mlir::Operation *op, mlir::OpBuilder::InsertPoint) override { ops.insert(op); }
  void notifyOperationErased(mlir::Operation *op) override { ops.remove(op); }
  void eraseAll() {
    // Newest first (users before what they use); an op inside another inserted op goes with it.
    for (mlir::Operation *op : llvm::reverse(ops)) {
      if (ops.contains(op->getParentOp()))
        continue;
      op->dropAllUses();
      op->erase();
    }
    ops.clear();
  }
};

// `op` tiled by `sizes` (0: the whole loop) into an `scf.forall`, replacing it; failure
// leaves it as it was (one scalar loop nest).
mlir::FailureOr<mlir::scf::SCFTilingResult> tileInForall(mlir::RewriterBase &rewriter, mlir::linalg::GenericOp op,
                                                        llvm::ArrayRef<int64_t> sizes) {
  mlir::scf::SCFTilingOptions options;
  options.setTileSizes(mlir::getAsIndexOpFoldResult(op.getContext(), sizes));
  options.setLoopType(mlir::scf::SCFTilingOptions::LoopType::ForallOp);
  rewriter.setInsertionPoint(op);
  auto tiled = mlir::scf::tileUsingSCF(rewriter, llvm::cast<mlir::TilingInterface>(op.getOperation()), options);
  if (mlir::succeeded(tiled))
    rewriter.replaceOp(op, tiled->replacements);
  return tiled;
}

struct Vectorize : public mlir::PassWrapper<Vectorize, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(Vectorize)
  Vectorize() = default;
  Vectorize(const Vectorize &other) : PassWrapper(other) {}
  llvm::StringRef getArgument() const final { return "xhlo-vectorize"; }
  llvm::StringRef getDescription() const final {
    return "Tile element-wise linalg.generic ops on tensors into vector-wide pieces (scf.forall) and "
           "vectorize each piece at the host's vector width";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect, mlir::linalg::LinalgDialect,
                    mlir::scf::SCFDialect, mlir::tensor::TensorDialect, mlir::ub::UBDialect,
                    mlir::vector::VectorDialect>();
  }
  Option<int64_t> vectorBytes{*this, "vector-bytes",
                              llvm::cl::desc("Bytes per vector register (0: the host's widest)"),
                              llvm::cl::init(0)};

  void runOnOperation() override {
    int64_t bytes = vectorBytes > 0 ? int64_t(vectorBytes) : hostVectorBytes();
    mlir::IRRewriter rewriter(&getContext());
    // Transposes and copies become generics. Those that keep the innermost dimension
    // innermost move whole rows (a `[4, 128, 64] -> [128, 4, 64]` between attention's heads
    // and the model dimension) and are vectorized like any element-wise kernel; left as
    // named ops they reached LLVM as scalar loops, which it unrolled into runs of 64 scalar
    // copies and re-vectorized (SLP) at odd widths, a large share of a transformer block's
    // code generation. The others are cut into blocks ([`transposeTiles`]).
    llvm::SmallVector<mlir::linalg::LinalgOp> rowMoves;
    getOperation()->walk([&](mlir::linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics())
        return;
      if (llvm::isa<mlir::linalg::TransposeOp, mlir::linalg::CopyOp>(op.getOperation()))
        rowMoves.push_back(op);
    });
    for (mlir::linalg::LinalgOp op : rowMoves) {
      rewriter.setInsertionPoint(op);
      (void)mlir::linalg::generalizeNamedOp(rewriter, op); // on failure, the named op stays
    }
    llvm::SmallVector<std::pair<mlir::linalg::GenericOp, int64_t>> kernels;
    llvm::SmallVector<std::pair<mlir::linalg::GenericOp, llvm::SmallVector<int64_t>>> transposes;
    getOperation()->walk([&](mlir::linalg::GenericOp op) {
      if (int64_t tile = innerTile(op, bytes))
        kernels.push_back({op, tile});
      else if (auto tiles = transposeTiles(op, 2 * std::max<unsigned>(1, bytes / 4)); !tiles.empty())
        transposes.push_back({op, tiles});
    });
    for (auto &[op, tiles] : transposes)
      (void)tileInForall(rewriter, op, tiles);
    llvm::SetVector<mlir::Operation *> pieces;
    for (auto [op, tile] : kernels) {
      // Parallel loops: pieces of 1 x ... x tile in an scf.forall. Reduction loops stay
      // whole there, then go one step at a time in an scf.for inside (the reduction order is
      // the sequential one, per lane).
      // A reduction over the innermost loop is one piece per output element, its row whole.
      auto iterators = op.getIteratorTypesArray();
      llvm::SmallVector<int64_t> sizes(op.getNumLoops(), 1), steps(op.getNumLoops(), 0);
      bool reduces = false;
      bool innerReduction = iterators.back() == mlir::utils::IteratorType::reduction;
      for (unsigned d = 0; d < iterators.size(); ++d)
        if (iterators[d] == mlir::utils::IteratorType::reduction && !innerReduction) {
          sizes[d] = 0;
          steps[d] = 1;
          reduces = true;
        }
      sizes.back() = innerReduction ? 0 : tile;
      auto tiled = tileInForall(rewriter, op, sizes);
      if (mlir::failed(tiled))
        continue; // stays one scalar loop nest
      mlir::Operation *piece = tiled->tiledOps.back();
      if (reduces) {
        mlir::scf::SCFTilingOptions serial;
        serial.setTileSizes(mlir::getAsIndexOpFoldResult(&getContext(), steps));
        serial.setLoopType(mlir::scf::SCFTilingOptions::LoopType::ForOp);
        rewriter.setInsertionPoint(piece);
        auto stepped = mlir::scf::tileUsingSCF(rewriter, llvm::cast<mlir::TilingInterface>(piece), serial);
        if (mlir::failed(stepped))
          continue; // the piece stays a scalar loop nest
        rewriter.replaceOp(piece, stepped->replacements);
        piece = stepped->tiledOps.back();
      }
      // The piece's unit dimensions go first (rank-reducing slices), so it is vectorized as
      // a 1-D kernel: no n-D vectors reach the lowering to LLVM.
      llvm::SmallVector<int64_t> pieceSizes{tile};
      if (sizes.size() > 1) {
        rewriter.setInsertionPoint(piece);
        mlir::linalg::ControlDropUnitDims control;
        control.rankReductionStrategy = mlir::linalg::ControlDropUnitDims::RankReductionStrategy::ExtractInsertSlice;
        auto dropped = mlir::linalg::dropUnitDims(rewriter, llvm::cast<mlir::linalg::GenericOp>(piece), control);
        if (mlir::failed(dropped))
          continue; // the piece stays a scalar loop nest
        rewriter.replaceOp(piece, dropped->replacements);
        piece = dropped->resultOp.getOperation();
      }
      rewriter.setInsertionPoint(piece);
      // Fixed-width vectors, said explicitly (an empty list of scalable flags is not read as
      // "none scalable" everywhere in the vectorizer).
      llvm::SmallVector<bool> fixedWidth{false};
      auto generic = llvm::dyn_cast<mlir::linalg::GenericOp>(piece);
      if (generic && bodyHolds<mlir::tensor::ExtractOp>(generic))
        extractUniformInputs(rewriter, generic);
      if (!generic || generic.getNumLoops() != 1 ||
          mlir::failed(mlir::linalg::vectorizeOpPrecondition(piece, pieceSizes, fixedWidth, /*vectorizeNDExtract=*/true)))
        continue; // the piece stays a scalar loop nest
      CreatedOps created;
      rewriter.setListener(&created);
      auto vectorized = mlir::linalg::vectorize(rewriter, piece, pieceSizes, fixedWidth, /*vectorizeNDExtract=*/true);
      rewriter.setListener(nullptr);
      if (mlir::failed(vectorized)) {
        created.eraseAll();
        continue; // the piece stays a scalar loop nest
      }
      mlir::Operation *parent = piece->getParentOp();
      rewriter.replaceOp(piece, vectorized->replacements);
      for (mlir::LoopLikeOpInterface loop : tiled->loops)
        pieces.insert(loop.getOperation());
      if (tiled->loops.empty())
        pieces.insert(parent); // a piece that is the whole op: the op around it
    }
    // Masks become masked transfers (bufferization does not see through `vector.mask`), and
    // a row reduced to one element a `vector.reduction` with the accumulator as its start.
    mlir::RewritePatternSet patterns(&getContext());
    mlir::vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    mlir::vector::populateVectorMultiReductionLoweringPatterns(patterns, mlir::vector::VectorMultiReductionLowering::InnerReduction);
    mlir::FrozenRewritePatternSet frozen(std::move(patterns));
    for (mlir::Operation *loop : pieces)
      if (mlir::failed(mlir::applyPatternsGreedily(loop->getRegions().front(), frozen)))
        return signalPassFailure();
  }
};

// xhlo-vectorize-fills: the small `linalg.fill`s left on buffers (a reduction's initial
// accumulators, a row block's scratch), written as one loop of vector stores at the host's
// width over the buffer seen as one row. As loops of scalar stores (`convert-linalg-to-loops`)
// LLVM unrolled them fully before vectorizing anything: attention's row blocks reached LLVM
// with 324 scalar stores of -inf in a row, and its dead-store elimination, quadratic in such
// runs, took a sixth of the program's compile time.
// Fills of non-contiguous views, of more than `max-bytes`, narrower than one vector, or of
// types the vector stage leaves alone keep the scalar path (large ones become parallel loops
// on several threads).
struct VectorizeFills : public mlir::PassWrapper<VectorizeFills, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VectorizeFills)
  VectorizeFills() = default;
  VectorizeFills(const VectorizeFills &other) : PassWrapper(other) {}
  llvm::StringRef getArgument() const final { return "xhlo-vectorize-fills"; }
  llvm::StringRef getDescription() const final {
    return "Write small linalg.fill ops on contiguous static buffers as a loop of vector stores at the host's width";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::arith::ArithDialect, mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                    mlir::vector::VectorDialect>();
  }
  Option<int64_t> vectorBytes{*this, "vector-bytes",
                              llvm::cl::desc("Bytes per vector register (0: the host's widest)"),
                              llvm::cl::init(0)};
  Option<int64_t> maxBytes{*this, "max-bytes", llvm::cl::desc("Largest fill (bytes) written this way"),
                           llvm::cl::init(256 * 1024)};

  void runOnOperation() override {
    int64_t bytes = vectorBytes > 0 ? int64_t(vectorBytes) : hostVectorBytes();
    // Each fill to rewrite, with its vector's lanes.
    llvm::SmallVector<std::pair<mlir::linalg::FillOp, int64_t>> fills;
    getOperation()->walk([&](mlir::linalg::FillOp fill) {
      if (!fill.hasPureBufferSemantics())
        return;
      auto type = llvm::dyn_cast<mlir::MemRefType>(fill.getDpsInits()[0].getType());
      if (!type || type.getRank() == 0 || !mlir::memref::isStaticShapeAndContiguousRowMajor(type))
        return;
      unsigned elem = elementBytes(type);
      if (elem == 0 || type.getElementType().isIndex() || fill.value().getType() != type.getElementType())
        return;
      int64_t elements = type.getNumElements(), lanes = std::max<int64_t>(1, bytes / elem);
      if (elements >= lanes && elements * elem <= maxBytes)
        fills.push_back({fill, lanes});
    });
    mlir::OpBuilder b(&getContext());
    for (auto &[op, width] : fills) {
      // Named copies: the lambdas below capture them (structured bindings cannot be
      // captured before C++20).
      mlir::linalg::FillOp fill = op;
      int64_t lanes = width;
      b.setInsertionPoint(fill);
      mlir::Location loc = fill.getLoc();
      mlir::Value buffer = fill.getDpsInits()[0];
      auto type = llvm::cast<mlir::MemRefType>(buffer.getType());
      mlir::Type element = type.getElementType();
      int64_t elements = type.getNumElements();
      if (type.getRank() > 1) {
        mlir::ReassociationIndices all;
        for (int64_t d = 0; d < type.getRank(); ++d)
          all.push_back(d);
        buffer = mlir::memref::CollapseShapeOp::create(b, loc, buffer, llvm::ArrayRef<mlir::ReassociationIndices>{all});
      }
      auto splat = [&](int64_t width) -> mlir::Value {
        return mlir::vector::BroadcastOp::create(b, loc, mlir::VectorType::get({width}, element), fill.value());
      };
      auto index = [&](int64_t i) -> mlir::Value { return mlir::arith::ConstantIndexOp::create(b, loc, i); };
      int64_t whole = elements / lanes * lanes;
      mlir::Value vector = splat(lanes);
      if (whole == lanes) {
        mlir::vector::StoreOp::create(b, loc, vector, buffer, index(0));
      } else {
        auto loop = mlir::scf::ForOp::create(b, loc, index(0), index(whole), index(lanes));
        mlir::OpBuilder::InsertionGuard guard(b);
        b.setInsertionPoint(loop.getBody()->getTerminator());
        mlir::vector::StoreOp::create(b, loc, vector, buffer, loop.getInductionVar());
      }
      if (elements > whole)
        mlir::vector::StoreOp::create(b, loc, splat(elements - whole), buffer, index(whole));
      fill.erase();
    }
  }
};

} // namespace

extern "C" void xhloRegisterVectorizePass() {
  mlir::PassRegistration<Vectorize>();
  mlir::PassRegistration<VectorizeFills>();
}

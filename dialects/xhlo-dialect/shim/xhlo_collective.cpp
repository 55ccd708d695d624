// xhlo-collective-in-destination: a collective's host call writes its result straight into
// the buffer the result ends up in, instead of into a fresh buffer that is then copied there.
//
// The lowering (lowering/src/ops/collective.rs) gives each collective a fresh output buffer,
// `memref.alloc` + `bufferization.to_tensor restrict writable`, which the host call
// (`xhlo_collective_<type>(config, input, output)`, src/collective.rs) writes whole. When the
// result is returned from the entry, one-shot bufferization copies that buffer into the
// caller's result buffer (`memref.copy %alloc, %out`, from the entry's
// `materialize_in_destination`): one more pass over the result's memory per call, which for
// an all_reduce that MPI computes costs about as much as a share of MPI's own work. Here,
// right after one-shot bufferization (before deallocations are placed), such a call is given
// the destination itself:
//
//   %a = memref.alloc()                         %c = memref.cast %out
//   %c = memref.cast %a                   =>    call @xhlo_collective_f32(%cfg, %in, %c)
//   call @xhlo_collective_f32(%cfg, %in, %c)
//   memref.copy %a, %out
//
// when
// - the buffer is a `memref.alloc` used only by casts that only this call uses (as its
//   output, or also as its input: recv and the ids pass the output twice) and by one
//   `memref.copy` from it, later in the call's block;
// - the copy's target is an argument of the function's entry block (the entry's result
//   buffers, which the caller owns and which overlap no input: `Program::run_physical_into`
//   takes them as separate Rust slices);
// - nothing between the call and the copy uses the target or a value derived from it (a
//   cast, a view, a loop carrying it: every memref a user of it yields counts), so no one
//   sees the target change earlier than it did;
// - the call's input and config are not derived from the target (MPI must not send from and
//   receive into the same memory).
// Every collective's host call writes every element of its output (the values, or zeros
// where the op gives none), so the target ends up as the copy left it.
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseSet.h"

namespace {

// `target` and every memref derived from it: results of its users and memref arguments of
// their regions, transitively (an over-approximation: it only keeps calls from being
// forwarded).
llvm::DenseSet<mlir::Value> derivedFrom(mlir::Value target) {
  llvm::DenseSet<mlir::Value> seen{target};
  llvm::SmallVector<mlir::Value> todo{target};
  auto add = [&](mlir::Value v) {
    if (llvm::isa<mlir::BaseMemRefType>(v.getType()) && seen.insert(v).second)
      todo.push_back(v);
  };
  while (!todo.empty()) {
    mlir::Value v = todo.pop_back_val();
    for (mlir::Operation *user : v.getUsers()) {
      for (mlir::Value r : user->getResults())
        add(r);
      for (mlir::Region &region : user->getRegions())
        for (mlir::Block &block : region)
          for (mlir::BlockArgument arg : block.getArguments())
            add(arg);
    }
  }
  return seen;
}

// Gives `call` its copy's target as output when the conditions above hold.
void forward(mlir::func::CallOp call) {
  if (call.getNumOperands() != 3)
    return;
  auto cast = call.getOperand(2).getDefiningOp<mlir::memref::CastOp>();
  if (!cast)
    return;
  mlir::Value buffer = cast.getSource();
  auto alloc = buffer.getDefiningOp<mlir::memref::AllocOp>();
  if (!alloc)
    return;
  mlir::memref::CopyOp copy;
  llvm::SmallVector<mlir::memref::CastOp> casts;
  for (mlir::Operation *user : buffer.getUsers()) {
    if (auto c = llvm::dyn_cast<mlir::memref::CastOp>(user)) {
      if (!llvm::all_of(c->getUsers(), [&](mlir::Operation *u) { return u == call.getOperation(); }))
        return;
      casts.push_back(c);
      continue;
    }
    auto c = llvm::dyn_cast<mlir::memref::CopyOp>(user);
    if (!c || copy || c.getSource() != buffer || c.getTarget() == buffer)
      return;
    copy = c;
  }
  if (!copy || copy->getBlock() != call->getBlock() || !call->isBeforeInBlock(copy))
    return;
  mlir::Value target = copy.getTarget();
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(target);
  auto function = call->getParentOfType<mlir::func::FuncOp>();
  if (!arg || !function || arg.getOwner() != &function.getBody().front())
    return;
  auto from = llvm::cast<mlir::MemRefType>(buffer.getType());
  auto to = llvm::dyn_cast<mlir::MemRefType>(target.getType());
  if (!to || to.getElementType() != from.getElementType() || to.getShape() != from.getShape())
    return;
  llvm::DenseSet<mlir::Value> derived = derivedFrom(target);
  if (derived.contains(call.getOperand(0)) || derived.contains(call.getOperand(1)))
    return;
  for (mlir::Operation *op = call->getNextNode(); op != copy.getOperation(); op = op->getNextNode()) {
    bool touches = false;
    op->walk([&](mlir::Operation *inner) {
      for (mlir::Value v : inner->getOperands())
        touches |= derived.contains(v);
    });
    if (touches)
      return;
  }
  mlir::OpBuilder builder(call);
  mlir::Value output = mlir::memref::CastOp::create(builder, call.getLoc(), cast.getType(), target);
  for (mlir::memref::CastOp c : casts) {
    call->replaceUsesOfWith(c.getResult(), output);
    c->erase();
  }
  copy->erase();
  alloc->erase();
}

struct CollectiveInDestination : public mlir::PassWrapper<CollectiveInDestination, mlir::OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CollectiveInDestination)
  llvm::StringRef getArgument() const final { return "xhlo-collective-in-destination"; }
  llvm::StringRef getDescription() const final {
    return "Let collectives' host calls write into the entry's result buffer their result is "
           "copied to (the fresh buffer and the copy go)";
  }
  void runOnOperation() override {
    llvm::SmallVector<mlir::func::CallOp> calls;
    getOperation()->walk([&](mlir::func::CallOp call) {
      llvm::StringRef callee = call.getCallee();
      if (callee.starts_with("xhlo_collective_") && !callee.starts_with("xhlo_collective_take_"))
        calls.push_back(call);
    });
    for (mlir::func::CallOp call : calls)
      forward(call);
  }
};

} // namespace

extern "C" void xhloRegisterCollectiveInDestinationPass() { mlir::PassRegistration<CollectiveInDestination>(); }

// The one piece of C++ in the project: IRDL verifies a variadic operand group by unifying all
// its types with one constraint variable, so `xhlo.reduce(%tensor, %scalar_init)` or a while
// loop over (tensor, token) could never verify. This hook replaces the IRDL-generated
// verifier of an xhlo op with a callback into the Rust catalogue verifier, which checks
// counts, kinds, attributes and shapes per value. The C API has no way to reach an op
// definition, hence C++.
#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"

namespace {
// OperationName::getImpl is protected; a member pointer formed in a derived class reaches it
// without touching any object layout.
struct ImplAccess : mlir::OperationName {
  using mlir::OperationName::getImpl;
};
} // namespace

extern "C" {
typedef bool (*XhloVerifyFn)(MlirOperation);

// Installs `verify` as the verifier of the dynamic (IRDL-defined) op `name`.
// Returns 0 when no such dynamic op is registered in `context`.
int xhloInstallVerifier(MlirContext context, MlirStringRef name, XhloVerifyFn verify) {
  auto registered = mlir::RegisteredOperationName::lookup(unwrap(name), unwrap(context));
  if (!registered || !llvm::isa<mlir::ExtensibleDialect>(registered->getDialect()))
    return 0;
  const mlir::OperationName name_of_op = *registered;
  mlir::OperationName::Impl *impl = (name_of_op.*(&ImplAccess::getImpl))();
  auto *definition = static_cast<mlir::DynamicOpDefinition *>(impl);
  definition->setVerifyFn([verify](mlir::Operation *op) -> llvm::LogicalResult {
    return llvm::success(verify(wrap(op)));
  });
  return 1;
}
}

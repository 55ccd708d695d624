// The mlir-opt plugin of xhlo: `mlir-opt --load-dialect-plugin=P --load-pass-plugin=P` with
// P = libxhlo_mlir_plugin.so. A thin shim over the C API (include/xhlo.h): this file is built
// against mlir-opt's own MLIR (libMLIR.so), the Rust library keeps a private static copy, and
// nothing but text crosses between the two (README, "MLIR plugin and C API", says why).
//
// - The xhlo and check dialects are extensible dialects whose ops are the catalogue's: each
//   xhlo op's verifier writes the op down as text (op_text.rs's format) and asks the Rust
//   verifier, so mixed variadic groups are accepted and shape errors are reported at the op.
// - Every xhlo pass, C++ pass of ours, named pipeline and xhlo-jit is registered under its
//   own name with its options. Running one prints the module (generic form, locations),
//   runs the same pipeline element in the Rust library and parses the result back into the
//   module; the library's diagnostics are re-emitted at their locations.
#include "xhlo.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;

namespace {

// A string from the library, freed when this goes out of scope.
struct LibraryString {
  char *text = nullptr;
  ~LibraryString() { xhlo_string_free(text); }
};

// Above this many elements only a dense attribute's type is described (the shape rules need
// only the type), as the Rust reader does for our own MLIR.
constexpr int64_t kMaxDescribedElements = 4096;

// The signature of the func.func a call or composite names, if it is one.
void describeCallee(Operation *op, llvm::raw_ostream &os) {
  for (StringRef key : {"callee", "decomposition"}) {
    auto symbol = op->getAttrOfType<FlatSymbolRefAttr>(key);
    if (!symbol)
      continue;
    Operation *callee = SymbolTable::lookupNearestSymbolFrom(op, symbol);
    if (!callee || callee->getName().getStringRef() != "func.func")
      continue;
    auto type = callee->getAttrOfType<TypeAttr>("function_type");
    auto function = type ? llvm::dyn_cast<FunctionType>(type.getValue()) : nullptr;
    if (!function)
      continue;
    os << "callee\t" << symbol.getValue() << "\n";
    for (Type t : function.getInputs())
      os << "callee-input\t" << t << "\n";
    for (Type t : function.getResults())
      os << "callee-result\t" << t << "\n";
  }
}

// The op as the catalogue's verifier reads it (capi/src/op_text.rs).
std::string describe(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "op\t" << op->getName().getStringRef() << "\n";
  for (Type t : op->getOperandTypes())
    os << "operand\t" << t << "\n";
  for (Type t : op->getResultTypes())
    os << "result\t" << t << "\n";
  for (NamedAttribute attr : op->getAttrs()) {
    auto dense = llvm::dyn_cast<DenseElementsAttr>(attr.getValue());
    if (dense && dense.getNumElements() > kMaxDescribedElements)
      os << "dense\t" << attr.getName().strref() << "\t" << dense.getType() << "\n";
    else
      os << "attr\t" << attr.getName().strref() << "\t" << attr.getValue() << "\n";
  }
  for (Region &region : op->getRegions()) {
    os << "region\n";
    for (Block &block : region) {
      os << "block\n";
      for (BlockArgument arg : block.getArguments())
        os << "arg\t" << arg.getType() << "\n";
      if (!block.empty() && block.back().mightHaveTrait<OpTrait::IsTerminator>())
        for (Type t : block.back().getOperandTypes())
          os << "yield\t" << t << "\n";
    }
  }
  describeCallee(op, os);
  return text;
}

// A call xla-opt's recursion check follows, and the function it names.
StringRef calleeOf(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name != "func.call" && name != "xhlo.call")
    return {};
  auto callee = op->getAttrOfType<FlatSymbolRefAttr>("callee");
  return callee ? callee.getValue() : StringRef();
}

// xla-opt's whole-module recursion check, run from each xhlo.call's verifier (the plugin has no
// module-level hook; func.func is isolated, so this reads other functions only, which
// verification in parallel leaves alone). Cheap unless the call is on a cycle: the functions
// its callee reaches are searched for its own function first. On a cycle, the module's call
// graph goes to the library, which reports the calls closing a cycle exactly as xla-opt does;
// each is reported once: by itself if it is an xhlo.call, else by the first xhlo.call on its
// cycle (a cycle of func.calls only is left to upstream, where it is valid, and to our passes,
// which verify the whole module).
LogicalResult verifyRecursion(Operation *call) {
  Operation *function = call->getParentOp();
  while (function && function->getName().getStringRef() != "func.func")
    function = function->getParentOp();
  Operation *top = function ? function->getParentOp() : nullptr;
  if (!top || top->getNumRegions() == 0 || top->getRegion(0).empty())
    return success();
  // The functions directly inside `top`, as xla-opt's check takes them.
  SmallVector<std::pair<StringRef, Operation *>> functions;
  llvm::StringMap<Operation *> byName;
  for (Operation &op : top->getRegion(0).front()) {
    auto name = op.getAttrOfType<StringAttr>("sym_name");
    if (op.getName().getStringRef() != "func.func" || !name)
      continue;
    functions.push_back({name.getValue(), &op});
    byName[name.getValue()] = &op;
  }
  SmallVector<Operation *> stack;
  llvm::DenseSet<Operation *> seen;
  if (Operation *start = byName.lookup(calleeOf(call)))
    stack.push_back(start);
  bool onCycle = false;
  while (!stack.empty() && !onCycle) {
    Operation *f = stack.pop_back_val();
    onCycle = f == function;
    if (!seen.insert(f).second)
      continue;
    f->walk([&](Operation *op) {
      if (Operation *g = byName.lookup(calleeOf(op)))
        if (!seen.contains(g))
          stack.push_back(g);
    });
  }
  if (!onCycle)
    return success();
  std::string description;
  llvm::raw_string_ostream os(description);
  std::vector<Operation *> calls;
  for (auto [name, f] : functions) {
    os << "func\t" << name << "\n";
    f->walk<WalkOrder::PreOrder>([&](Operation *op) {
      StringRef callee = calleeOf(op);
      if (callee.empty())
        return;
      os << "call\t" << callee << "\t" << op->getName().getStringRef() << "\n";
      calls.push_back(op);
    });
  }
  LibraryString found, error;
  if (xhlo_recursive_calls(description.c_str(), &found.text, &error.text) != 0)
    return call->emitError(error.text ? error.text : "the recursion check failed");
  bool reported = false;
  SmallVector<StringRef> lines;
  StringRef(found.text ? found.text : "").split(lines, '\n', -1, false);
  for (StringRef line : lines) {
    SmallVector<StringRef, 3> fields;
    line.split(fields, '\t', 2);
    size_t closing = 0;
    if (fields.size() != 3 || fields[0].getAsInteger(10, closing) || closing >= calls.size())
      continue;
    Operation *reporter = nullptr;
    if (calls[closing]->getName().getStringRef() == "xhlo.call") {
      reporter = calls[closing];
    } else {
      SmallVector<StringRef> cycle;
      fields[1].split(cycle, ',', -1, false);
      for (StringRef index : cycle) {
        size_t i = 0;
        if (!index.getAsInteger(10, i) && i < calls.size() && calls[i]->getName().getStringRef() == "xhlo.call") {
          reporter = calls[i];
          break;
        }
      }
    }
    if (reporter != call)
      continue;
    calls[closing]->emitError(fields[2]);
    reported = true;
  }
  return failure(reported);
}

LogicalResult verifyXhloOp(Operation *op) {
  LibraryString message{xhlo_verify_op(describe(op).c_str())};
  bool invalid = false;
  if (message.text) {
    op->emitError(message.text);
    invalid = true;
  }
  if (op->getName().getStringRef() == "xhlo.call" && failed(verifyRecursion(op)))
    invalid = true;
  return failure(invalid);
}

// The check dialect's assertions carry no rule of the catalogue.
LogicalResult acceptOp(Operation *) { return success(); }
LogicalResult acceptRegions(Operation *) { return success(); }

// Registers the ops of `dialect` (from the library's list) in the extensible dialect.
void populateDialect(DynamicDialect *dialect, StringRef name) {
  SmallVector<StringRef> ops;
  StringRef(xhlo_dialect_ops()).split(ops, '\n', -1, false);
  bool isXhlo = name == "xhlo";
  for (StringRef full : ops) {
    auto [prefix, op] = full.split('.');
    if (prefix != name)
      continue;
    dialect->registerDynamicOp(DynamicOpDefinition::get(
        op, dialect, isXhlo ? verifyXhloOp : acceptOp, acceptRegions));
  }
  if (!isXhlo)
    return;
  // !xhlo.token: no parameters.
  dialect->registerDynamicType(DynamicTypeDefinition::get(
      "token", dialect,
      [](function_ref<InFlightDiagnostic()> emitError, ArrayRef<Attribute> params) -> LogicalResult {
        if (!params.empty())
          return emitError() << "!xhlo.token takes no parameters";
        return success();
      }));
  // #xhlo.layout<array<i64: minor-to-major>>.
  dialect->registerDynamicAttr(DynamicAttrDefinition::get(
      "layout", dialect,
      [](function_ref<InFlightDiagnostic()> emitError, ArrayRef<Attribute> params) -> LogicalResult {
        if (params.size() != 1 || !llvm::isa<DenseI64ArrayAttr>(params[0]))
          return emitError() << "#xhlo.layout takes one array<i64: ...> (minor-to-major)";
        return success();
      }));
}

void registerDialects(DialectRegistry *registry) {
  for (StringRef name : {"xhlo", "check"})
    registry->insertDynamic(name, [name](MLIRContext *, DynamicDialect *dialect) {
      populateDialect(dialect, name);
    });
}

// A pass or named pipeline of the library, as the library lists it (static storage).
struct PassSpec {
  const char *name = nullptr;
  const char *summary = nullptr;
  struct OptionSpec {
    const char *name, *defaultValue, *help;
    // `help (default: value)` for `mlir-opt --help`, kept as long as the option.
    std::string helpWithDefault;
  };
  std::vector<OptionSpec> options;
  // Runs on any op it is scheduled on; otherwise only on a builtin.module.
  bool anyOp = false;
};

// Re-emits the library's diagnostic records at their locations (the op's when unknown).
void emitRecords(StringRef records, Operation *op) {
  MLIRContext *context = op->getContext();
  std::optional<InFlightDiagnostic> current;
  SmallVector<StringRef> lines;
  records.split(lines, '\n', -1, false);
  for (StringRef line : lines) {
    SmallVector<StringRef, 5> fields;
    line.split(fields, '\t', 4);
    if (fields.size() != 5)
      continue;
    unsigned lineNo = 0, column = 0;
    fields[2].getAsInteger(10, lineNo);
    fields[3].getAsInteger(10, column);
    Location loc = fields[1].empty()
                       ? op->getLoc()
                       : Location(FileLineColLoc::get(context, fields[1], lineNo, column));
    if (fields[0] == "note" && current) {
      current->attachNote(loc) << fields[4];
      continue;
    }
    current.reset();
    if (fields[0] == "warning")
      current.emplace(emitWarning(loc, fields[4]));
    else if (fields[0] == "remark")
      current.emplace(emitRemark(loc, fields[4]));
    else
      current.emplace(emitError(loc, fields[4]));
  }
}

// One pass of the library, on the op it is scheduled on: printed, run in the library, parsed
// back in place. A builtin.module (at any depth) goes as it is; another op (func.func(...)),
// for the passes that run on any op, goes inside a module of its own, beside declarations of
// the functions its calls name (their types are the calls': the op is valid, and a pass reads
// nothing of its siblings), and must come back alone beside them.
class LibraryPass : public OperationPass<> {
public:
  explicit LibraryPass(const PassSpec &spec)
      : OperationPass<>(TypeID::getFromOpaquePointer(&spec)), spec(spec) {
    for (const PassSpec::OptionSpec &o : spec.options)
      values.push_back(std::make_unique<Option<std::string>>(
          *this, o.name, llvm::cl::desc(o.helpWithDefault), llvm::cl::init(o.defaultValue)));
  }
  LibraryPass(const LibraryPass &other) : LibraryPass(other.spec) { copyOptionValuesFrom(&other); }

  StringRef getName() const override { return spec.name; }
  StringRef getArgument() const override { return spec.name; }
  StringRef getDescription() const override { return spec.summary; }
  std::unique_ptr<Pass> clonePass() const override { return std::make_unique<LibraryPass>(*this); }

  void runOnOperation() override {
    Operation *op = getOperation();
    if (auto module = llvm::dyn_cast<ModuleOp>(op)) {
      OwningOpRef<ModuleOp> result = runInLibrary(module);
      if (!result)
        return signalPassFailure();
      module.getBodyRegion().takeBody(result->getBodyRegion());
      module->setAttrs(result->getOperation()->getAttrDictionary());
      return;
    }
    if (!spec.anyOp) {
      // The library's own words for this (passes/src/pass.rs, needs_module).
      op->emitError() << "pass '" << spec.name << "' runs on a builtin.module (the module's functions as one program), not on '"
                      << op->getName() << "': schedule it as builtin.module(" << spec.name
                      << ") (xhlo-cse, xhlo-dce and xhlo-dump run on any op)";
      return signalPassFailure();
    }
    if (failed(runInsideModule(op)))
      signalPassFailure();
  }

private:
  // The module through the library's pipeline element, read back; null after reporting.
  OwningOpRef<ModuleOp> runInLibrary(ModuleOp module) {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os, OpPrintingFlags().printGenericOpForm().enableDebugInfo(true, false).assumeVerified());
    LibraryString output, records;
    if (xhlo_plugin_run_pipeline(text.c_str(), pipeline().c_str(), &output.text, &records.text) != 0) {
      emitRecords(records.text ? records.text : "", getOperation());
      return nullptr;
    }
    OwningOpRef<ModuleOp> result = parseSourceString<ModuleOp>(output.text, ParserConfig(&getContext()), spec.name);
    if (!result)
      getOperation()->emitError() << spec.name << ": the library's result could not be read back";
    return result;
  }

  LogicalResult runInsideModule(Operation *op) {
    MLIRContext *context = &getContext();
    OwningOpRef<ModuleOp> wrapper(ModuleOp::create(op->getLoc()));
    wrapper->push_back(op->clone());
    auto self = op->getAttrOfType<StringAttr>("sym_name");
    llvm::StringSet<> declared;
    size_t declarations = 0;
    op->walk([&](Operation *inner) {
      for (StringRef key : {"callee", "decomposition"}) {
        auto symbol = inner->getAttrOfType<FlatSymbolRefAttr>(key);
        if (!symbol || (self && symbol.getValue() == self.getValue()) || !declared.insert(symbol.getValue()).second)
          continue;
        OperationState state(inner->getLoc(), "func.func");
        state.addAttribute("sym_name", StringAttr::get(context, symbol.getValue()));
        state.addAttribute("function_type", TypeAttr::get(FunctionType::get(context, inner->getOperandTypes(), inner->getResultTypes())));
        state.addAttribute("sym_visibility", StringAttr::get(context, "private"));
        state.addRegion();
        wrapper->push_back(Operation::create(state));
        ++declarations;
      }
    });
    OwningOpRef<ModuleOp> result = runInLibrary(*wrapper);
    if (!result)
      return failure();
    Block &body = result->getBodyRegion().front();
    Operation *back = body.empty() ? nullptr : &body.front();
    if (!back || back->getName() != op->getName() || body.getOperations().size() != 1 + declarations ||
        back->getNumRegions() != op->getNumRegions())
      return op->emitError() << "pass '" << spec.name << "' on '" << op->getName()
                             << "' changed the module around it (it ran in a module of its own); schedule it as builtin.module("
                             << spec.name << ")";
    for (unsigned i = 0; i < op->getNumRegions(); ++i)
      op->getRegion(i).takeBody(back->getRegion(i));
    op->setAttrs(back->getAttrDictionary());
    return success();
  }

  // `builtin.module(<name>{<options given>})`: options left at their defaults are not
  // repeated, so the library applies its own defaults exactly as xla-opt does.
  std::string pipeline() const {
    std::string given;
    for (size_t i = 0; i < values.size(); ++i)
      if (values[i]->hasValue())
        given += (given.empty() ? "" : " ") + std::string(spec.options[i].name) + "=" + values[i]->getValue();
    return "builtin.module(" + std::string(spec.name) + (given.empty() ? "" : "{" + given + "}") + ")";
  }

  const PassSpec &spec;
  std::vector<std::unique_ptr<Option<std::string>>> values;
};

void registerPasses() {
  // Filled once and never resized: passes keep references into it.
  static std::deque<PassSpec> specs;
  for (size_t i = 0, n = xhlo_pass_count(); i < n; ++i) {
    PassSpec spec;
    size_t options = 0;
    if (!xhlo_pass_info(i, &spec.name, &spec.summary, &options))
      continue;
    for (size_t j = 0; j < options; ++j) {
      PassSpec::OptionSpec o{};
      if (!xhlo_pass_option(i, j, &o.name, &o.defaultValue, &o.help))
        continue;
      o.helpWithDefault = std::string(o.help) + " (default: " + o.defaultValue + ")";
      spec.options.push_back(std::move(o));
    }
    spec.anyOp = xhlo_pass_runs_on_any_op(i) != 0;
    specs.push_back(std::move(spec));
  }
  for (const PassSpec &spec : specs)
    registerPass([&spec]() -> std::unique_ptr<Pass> { return std::make_unique<LibraryPass>(spec); });
}

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "xhlo", "0.1", registerDialects};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "xhlo", "0.1", registerPasses};
}

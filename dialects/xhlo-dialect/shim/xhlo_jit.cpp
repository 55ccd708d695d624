// The JIT: the LLVM dialect module to machine code, with LLVM's work spread over threads.
//
// MLIR's ExecutionEngine optimizes and compiles one LLVM module on the calling thread, and
// LLVM is most of a compilation here (70-80% of `xla-run --timing`). This JIT splits the
// translated module into one partition per thread (`SplitModule`: functions spread over the
// partitions, internal symbols made hidden externals where another partition calls them),
// gives each partition its own LLVM context, and lets ORC optimize (LLVM's O-level pipeline,
// as `opt -O3` runs it, instrumented for `-time-passes`) and compile the partitions concurrently on its
// compile threads; looking the entry up links them all. The partitions are optimized
// separately, so no function is inlined across them: the functions of a compiled program
// are its entry and the OpenMP bodies it outlines, which are called through the OpenMP
// runtime and never inlined anyway.
//
// The entry is called through a packed wrapper (`_mlir_<name>(void **args)`, the convention
// of MLIR's ExecutionEngine), and errors come back as text naming the stage that failed.
#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/ExecutionEngine/Orc/CompileUtils.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/PassTimingInfo.h"
#include "llvm/Pass.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/CommandLine.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct Jit {
  std::unique_ptr<llvm::orc::LLJIT> jit;
  // Set while the JIT is destroyed: ORC then reports work of compile threads it cancels
  // ("resource tracker became defunct"), which no longer concerns anyone.
  std::shared_ptr<std::atomic<bool>> closing;
  // A function defined in each partition: looking them all up at once makes ORC compile the
  // partitions concurrently (a lookup of the entry alone would compile its partition, then
  // the ones it calls, one after another).
  std::vector<std::string> partitionSymbols;
};

// `message` in a malloc'ed C string for the caller (freed with xhloJitFreeError).
char *copyError(const std::string &message) {
  char *out = static_cast<char *>(std::malloc(message.size() + 1));
  std::memcpy(out, message.c_str(), message.size() + 1);
  return out;
}

std::string text(llvm::Error error) {
  std::string message;
  llvm::raw_string_ostream os(message);
  llvm::logAllUnhandledErrors(std::move(error), os);
  while (!message.empty() && message.back() == '\n')
    message.pop_back();
  return message;
}

// Adds `_mlir_<name>(void **args)`, which loads each argument of `name` from `args[i]` and
// calls it (results, if any, are stored through `args[n]`).
void addPackedWrapper(llvm::Module &module, llvm::Function &func) {
  llvm::LLVMContext &ctx = module.getContext();
  llvm::IRBuilder<> builder(ctx);
  auto *type = llvm::FunctionType::get(builder.getVoidTy(), builder.getPtrTy(), false);
  auto *wrapper = llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage, "_mlir_" + func.getName(), module);
  builder.SetInsertPoint(llvm::BasicBlock::Create(ctx, "entry", wrapper));
  llvm::Value *list = wrapper->getArg(0);
  llvm::SmallVector<llvm::Value *> args;
  for (llvm::Argument &arg : func.args()) {
    llvm::Value *slot = builder.CreateGEP(builder.getPtrTy(), list, builder.getInt64(arg.getArgNo()));
    llvm::Value *pointer = builder.CreateLoad(builder.getPtrTy(), slot);
    args.push_back(builder.CreateLoad(arg.getType(), pointer));
  }
  llvm::Value *result = builder.CreateCall(&func, args);
  if (!result->getType()->isVoidTy()) {
    llvm::Value *slot = builder.CreateGEP(builder.getPtrTy(), list, builder.getInt64(func.arg_size()));
    builder.CreateStore(result, builder.CreateLoad(builder.getPtrTy(), slot));
  }
  builder.CreateRetVoid();
}

// `module` re-read into a context of its own (ORC compiles modules that share a context one
// at a time).
llvm::Expected<llvm::orc::ThreadSafeModule> ownContext(const llvm::Module &module) {
  llvm::SmallVector<char, 0> bitcode;
  llvm::raw_svector_ostream os(bitcode);
  llvm::WriteBitcodeToFile(module, os);
  auto ctx = std::make_unique<llvm::LLVMContext>();
  auto buffer = llvm::MemoryBuffer::getMemBuffer(llvm::StringRef(bitcode.data(), bitcode.size()), "partition", false);
  auto parsed = llvm::parseBitcodeFile(buffer->getMemBufferRef(), *ctx);
  if (!parsed)
    return parsed.takeError();
  return llvm::orc::ThreadSafeModule(std::move(*parsed), std::move(ctx));
}

// `module` split into `parts` modules for as many compile threads, each function defined in
// one of them and declared in the others. Functions go, largest first, to the partition with
// the fewest instructions so far: LLVM's `SplitModule` balances function counts (round robin)
// or name hashes, and a program's entry function, which holds its serial loops, is often as
// large as several of its OpenMP bodies together (cnn_pool's 703 lines against 122 to 198
// each), so one partition, and one thread, had most of the work. Local symbols (the OpenMP
// bodies are internal) become hidden external ones so that the partitions link, as
// `SplitModule` does, and so do linkonce and weak ones (`convert-math-to-funcs`'s helpers
// are linkonce_odr): in a partition without their callers LLVM's optimizer deletes such an
// unused definition, and the JIT then waited forever for a symbol its partition had
// promised (the interpreter suite's `power` hung). Global variables are defined in the
// first partition.
void splitBalanced(llvm::Module &module, unsigned parts, llvm::function_ref<void(std::unique_ptr<llvm::Module>)> take) {
  unsigned unnamed = 0;
  auto externalize = [&](llvm::GlobalObject &value) {
    if (value.isDeclaration() || !(value.hasLocalLinkage() || value.hasLinkOnceLinkage() || value.hasWeakLinkage()))
      return;
    value.setLinkage(llvm::GlobalValue::ExternalLinkage);
    value.setVisibility(llvm::GlobalValue::HiddenVisibility);
    value.setComdat(nullptr);
    if (!value.hasName())
      value.setName("__xhlo_split_unnamed." + std::to_string(unnamed++));
  };
  for (llvm::Function &f : module)
    externalize(f);
  for (llvm::GlobalVariable &g : module.globals())
    externalize(g);
  std::vector<std::pair<const llvm::Function *, unsigned>> sizes;
  for (const llvm::Function &f : module)
    if (!f.isDeclaration())
      sizes.push_back({&f, f.getInstructionCount()});
  std::stable_sort(sizes.begin(), sizes.end(), [](auto &a, auto &b) { return a.second > b.second; });
  std::vector<uint64_t> load(parts, 0);
  llvm::DenseMap<const llvm::GlobalValue *, unsigned> home;
  for (auto [f, size] : sizes) {
    unsigned lightest = unsigned(std::min_element(load.begin(), load.end()) - load.begin());
    home[f] = lightest;
    load[lightest] += size + 1;
  }
  for (unsigned part = 0; part < parts; ++part) {
    llvm::ValueToValueMapTy map;
    take(llvm::CloneModule(module, map, [&](const llvm::GlobalValue *value) {
      auto found = home.find(value);
      return found != home.end() ? found->second == part : part == 0;
    }));
  }
}

// LLVM's loop vectorizer on the loops MLIR left scalar (`-xhlo-loop-vectorize=0` turns it off).
llvm::cl::opt<bool> loopVectorize("xhlo-loop-vectorize", llvm::cl::desc("Run LLVM's loop vectorizer in the JIT"),
                                  llvm::cl::init(true));
// Scatters and gathers for strided loops (`-xhlo-prefer-no-scatter=0` allows them).
llvm::cl::opt<bool> preferNoScatter("xhlo-prefer-no-scatter",
                                    llvm::cl::desc("Tell LLVM's vectorizers scatters and gathers are slow"),
                                    llvm::cl::init(true));

// Loops MLIR vectorized stay rolled (`-xhlo-roll-vector-loops=0` lets LLVM unroll them).
llvm::cl::opt<bool> rollVectorLoops("xhlo-roll-vector-loops",
                                    llvm::cl::desc("Keep LLVM from unrolling loops whose vectors span several registers"),
                                    llvm::cl::init(true));

// Target machines kept for the life of the process, by opt level: building one (its
// subtarget's feature bits, the target lowering's tables) costs milliseconds, and every
// compilation used to build one per partition for optimizing and another for code
// generation. A machine is used by one thread at a time: `take` leases one, `give` returns it.
class Machines {
public:
  static Machines &get() {
    static Machines *machines = new Machines(); // never destroyed: compile threads may outlive statics
    return *machines;
  }

  // The host's description (detected once), with the features every compilation asks for.
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> host(int optLevel) {
    std::lock_guard<std::mutex> guard(lock);
    if (!detected) {
      auto found = llvm::orc::JITTargetMachineBuilder::detectHost();
      if (!found)
        return found.takeError();
      detected = std::make_unique<llvm::orc::JITTargetMachineBuilder>(std::move(*found));
    }
    llvm::orc::JITTargetMachineBuilder described = *detected;
    described.setCodeGenOptLevel(static_cast<llvm::CodeGenOptLevel>(std::clamp(optLevel, 0, 3)));
    if (preferNoScatter) {
      described.getFeatures().AddFeature("prefer-no-scatter");
      described.getFeatures().AddFeature("prefer-no-gather");
    }
    return described;
  }

  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> take(int optLevel) {
    {
      std::lock_guard<std::mutex> guard(lock);
      auto &free = idle[key(optLevel)];
      if (!free.empty()) {
        std::unique_ptr<llvm::TargetMachine> machine = std::move(free.back());
        free.pop_back();
        return machine;
      }
    }
    auto described = host(optLevel);
    if (!described)
      return described.takeError();
    return described->createTargetMachine();
  }

  void give(int optLevel, std::unique_ptr<llvm::TargetMachine> machine) {
    std::lock_guard<std::mutex> guard(lock);
    idle[key(optLevel)].push_back(std::move(machine));
  }

private:
  static std::string key(int optLevel) { return std::to_string(optLevel) + (preferNoScatter ? "+no-scatter" : ""); }
  std::mutex lock;
  std::unique_ptr<llvm::orc::JITTargetMachineBuilder> detected;
  std::map<std::string, std::vector<std::unique_ptr<llvm::TargetMachine>>> idle;
};

// Section memory that registers no unwind tables with the process's unwinder: compiled code
// never unwinds (the host functions it calls are `extern "C"`, where a Rust panic aborts),
// and a registered table is one more thing a thread unwinding elsewhere in the process (a
// panic) walks while another thread frees a program.
class NoUnwindTables : public llvm::SectionMemoryManager {
public:
  void registerEHFrames(uint8_t *, uint64_t, size_t) override {}
  void deregisterEHFrames() override {}
};

// Marks every loop of `module` that computes on vectors wider than one of the target's vector
// registers as already unrolled. MLIR's vector stage made those vectors several registers
// wide to unroll the loop itself (a reduction's independent accumulators, an element-wise
// kernel's registers per step), so LLVM's unroller, which fully unrolls loops of known trip
// count up to O3's size budget, only multiplies the code: with it, attention's softmax rows
// were 70% of the module and instruction selection on them most of the compile. Scalar loops
// (pooling windows, gathers) are left to LLVM, which unrolls them to good effect.
void keepVectorLoopsRolled(llvm::Module &module, llvm::TargetMachine *machine) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    llvm::TypeSize width = machine->getTargetTransformInfo(function).getRegisterBitWidth(
        llvm::TargetTransformInfo::RGK_FixedWidthVector);
    uint64_t registerBits = std::max<uint64_t>(width.getFixedValue(), 128);
    llvm::DominatorTree dominators(function);
    llvm::LoopInfo loops(dominators);
    for (llvm::Loop *loop : loops.getLoopsInPreorder()) {
      bool wide = llvm::any_of(loop->blocks(), [&](llvm::BasicBlock *block) {
        return llvm::any_of(*block, [&](llvm::Instruction &instruction) {
          auto *vector = llvm::dyn_cast<llvm::FixedVectorType>(instruction.getType());
          return vector && vector->getPrimitiveSizeInBits().getFixedValue() > registerBits;
        });
      });
      if (wide)
        loop->setLoopAlreadyUnrolled();
    }
  }
}

// LLVM's O-level pipeline over `module` (as `opt -O<level>` runs it), with the standard
// instrumentation, so that `-time-passes` and `-print-after=...` see its passes.
llvm::Error optimize(llvm::Module &module, llvm::TargetMachine *machine, int optLevel) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassInstrumentationCallbacks callbacks;
  llvm::StandardInstrumentations instrumentation(module.getContext(), /*DebugLogging=*/false);
  instrumentation.registerCallbacks(callbacks, &modules);
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = loopVectorize;
  tuning.SLPVectorization = true;
  llvm::PassBuilder builder(machine, tuning, std::nullopt, &callbacks);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  static const llvm::OptimizationLevel levels[] = {llvm::OptimizationLevel::O0, llvm::OptimizationLevel::O1,
                                                   llvm::OptimizationLevel::O2, llvm::OptimizationLevel::O3};
  llvm::OptimizationLevel level = levels[std::clamp(optLevel, 0, 3)];
  if (rollVectorLoops)
    keepVectorLoopsRolled(module, machine);
  llvm::ModulePassManager pipeline =
      optLevel == 0 ? builder.buildO0DefaultPipeline(level) : builder.buildPerModuleDefaultPipeline(level);
  pipeline.run(module, modules);
  return llvm::Error::success();
}

// ORC's compile step for a partition, on whichever compile thread runs it: LLVM's O-level
// pipeline, then code generation, both with one leased target machine.
class OptimizeAndCompile : public llvm::orc::IRCompileLayer::IRCompiler {
public:
  OptimizeAndCompile(const llvm::TargetOptions &options, int optLevel)
      : IRCompiler(llvm::orc::irManglingOptionsFromTargetOptions(options)), optLevel(optLevel) {}

  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> operator()(llvm::Module &module) override {
    auto leased = Machines::get().take(optLevel);
    if (!leased)
      return leased.takeError();
    std::unique_ptr<llvm::TargetMachine> machine = std::move(*leased);
    auto object = [&]() -> llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> {
      if (llvm::Error e = optimize(module, machine.get(), optLevel))
        return std::move(e);
      return llvm::orc::SimpleCompiler(*machine)(module);
    }();
    Machines::get().give(optLevel, std::move(machine));
    return object;
  }

private:
  int optLevel;
};

} // namespace

extern "C" {

// Compiles `module` (LLVM dialect) at `optLevel` (0-3) on `threads` compile threads (0 or 1:
// the calling thread, one module) and packs the entry `entry` (`_mlir_<entry>`). Returns
// null with `*error` set on failure.
void *xhloJitCreate(MlirModule module, int optLevel, int threads, const char *entry, char **error) {
  static bool targets = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    return true;
  }();
  (void)targets;
  mlir::ModuleOp op = unwrap(module);
  mlir::MLIRContext *mlirContext = op->getContext();
  mlir::registerBuiltinDialectTranslation(*mlirContext);
  mlir::registerLLVMDialectTranslation(*mlirContext);
  mlir::registerOpenMPDialectTranslation(*mlirContext);

  auto fail = [&](const std::string &stage, const std::string &message) -> void * {
    *error = copyError(stage + ": " + message);
    return nullptr;
  };
  auto builder = Machines::get().host(optLevel);
  if (!builder)
    return fail("LLVM could not describe this CPU", text(builder.takeError()));
  auto machine = Machines::get().take(optLevel);
  if (!machine)
    return fail("LLVM has no code generator for this CPU", text(machine.takeError()));
  const llvm::DataLayout layout = (*machine)->createDataLayout();
  const llvm::Triple triple = (*machine)->getTargetTriple();
  Machines::get().give(optLevel, std::move(*machine));

  auto llvmContext = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> llvmModule = mlir::translateModuleToLLVMIR(op, *llvmContext);
  if (!llvmModule)
    return fail("the translation of the LLVM dialect to LLVM IR failed", "see the diagnostics above");
  llvmModule->setDataLayout(layout);
  llvmModule->setTargetTriple(triple);
  llvm::Function *entryFunction = llvmModule->getFunction(entry);
  if (!entryFunction || entryFunction->isDeclaration())
    return fail("LLVM IR", std::string("no function ") + entry + " in the module");
  addPackedWrapper(*llvmModule, *entryFunction);

  // The partitions, each in its own context.
  llvm::SmallVector<llvm::orc::ThreadSafeModule> partitions;
  std::string splitError;
  unsigned compileThreads = threads > 1 ? unsigned(threads) : 0;
  unsigned parts = compileThreads ? compileThreads : 1;
  unsigned defined = 0;
  for (llvm::Function &f : *llvmModule)
    defined += !f.isDeclaration();
  parts = std::min(parts, std::max(defined, 1u));
  if (parts == 1) {
    partitions.push_back(llvm::orc::ThreadSafeModule(std::move(llvmModule), std::move(llvmContext)));
  } else {
    splitBalanced(*llvmModule, parts, [&](std::unique_ptr<llvm::Module> part) {
      if (!splitError.empty())
        return;
      auto owned = ownContext(*part);
      if (!owned)
        splitError = text(owned.takeError());
      else
        partitions.push_back(std::move(*owned));
    });
    if (!splitError.empty())
      return fail("splitting the LLVM module for parallel compilation failed", splitError);
  }

  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(*builder)
                 .setDataLayout(layout)
                 .setNumCompileThreads(parts > 1 ? compileThreads : 0)
                 .setPlatformSetUp(llvm::orc::setUpInactivePlatform)
                 .setCompileFunctionCreator([optLevel](llvm::orc::JITTargetMachineBuilder host)
                                                -> llvm::Expected<std::unique_ptr<llvm::orc::IRCompileLayer::IRCompiler>> {
                   return std::make_unique<OptimizeAndCompile>(host.getOptions(), optLevel);
                 })
                 .setObjectLinkingLayerCreator([](llvm::orc::ExecutionSession &session) {
                   return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
                       session, [](const llvm::MemoryBuffer &) { return std::make_unique<NoUnwindTables>(); });
                 })
                 .create();
  if (!jit)
    return fail("LLVM's JIT could not start", text(jit.takeError()));

  // Errors ORC cannot return to a caller (from compile threads) go to standard error, as
  // by default, except while the JIT is being destroyed.
  auto closing = std::make_shared<std::atomic<bool>>(false);
  (*jit)->getExecutionSession().setErrorReporter([closing](llvm::Error e) {
    if (closing->load())
      llvm::consumeError(std::move(e));
    else
      llvm::errs() << "LLVM's JIT: " << text(std::move(e)) << "\n";
  });
  llvm::orc::JITDylib &main = (*jit)->getMainJITDylib();
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(layout.getGlobalPrefix());
  if (!process)
    return fail("LLVM's JIT could not search this process for symbols", text(process.takeError()));
  main.addGenerator(std::move(*process));
  std::vector<std::string> symbols;
  for (llvm::orc::ThreadSafeModule &partition : partitions) {
    partition.withModuleDo([&](llvm::Module &m) {
      for (llvm::Function &f : m)
        if (!f.isDeclaration() && !f.hasLocalLinkage()) {
          symbols.push_back(f.getName().str());
          break;
        }
    });
    if (llvm::Error e = (*jit)->addIRModule(std::move(partition)))
      return fail("LLVM's JIT rejected a module", text(std::move(e)));
  }
  return new Jit{std::move(*jit), closing, std::move(symbols)};
}

// Defines `name` as `address` for compiled code (before the first lookup, which links).
int xhloJitDefine(void *handle, const char *name, void *address) {
  auto *jit = static_cast<Jit *>(handle);
  llvm::orc::JITDylib &main = jit->jit->getMainJITDylib();
  llvm::orc::SymbolMap symbols;
  symbols[jit->jit->mangleAndIntern(name)] = {llvm::orc::ExecutorAddr::fromPtr(address), llvm::JITSymbolFlags::Exported};
  if (llvm::Error e = main.define(llvm::orc::absoluteSymbols(std::move(symbols)))) {
    llvm::consumeError(std::move(e));
    return 1;
  }
  return 0;
}

// The packed wrapper of `entry` (`_mlir_<entry>`); the first lookup compiles and links the
// module. Returns null with `*error` set (e.g. the symbols no library defines).
void *xhloJitLookupPacked(void *handle, const char *entry, char **error) {
  auto *jit = static_cast<Jit *>(handle);
  llvm::orc::ExecutionSession &session = jit->jit->getExecutionSession();
  llvm::orc::SymbolLookupSet all;
  for (const std::string &name : jit->partitionSymbols)
    all.add(jit->jit->mangleAndIntern(name));
  llvm::orc::JITDylibSearchOrder order{{&jit->jit->getMainJITDylib(), llvm::orc::JITDylibLookupFlags::MatchAllSymbols}};
  if (auto compiled = session.lookup(order, std::move(all)); !compiled) {
    *error = copyError("LLVM could not compile or link the program: " + text(compiled.takeError()));
    return nullptr;
  }
  auto symbol = jit->jit->lookup(std::string("_mlir_") + entry);
  if (!symbol) {
    *error = copyError("LLVM could not compile or link the program: " + text(symbol.takeError()));
    return nullptr;
  }
  // `-time-passes` (XHLO_LLVM_OPTIONS) reports LLVM's passes of this compilation now.
  if (llvm::TimePassesIsEnabled)
    llvm::reportAndResetTimings();
  // No initialization runs: the lowering emits no static constructors or destructors.
  return symbol->toPtr<void *>();
}

void xhloJitDestroy(void *handle) {
  auto *jit = static_cast<Jit *>(handle);
  jit->closing->store(true);
  delete jit;
}

void xhloJitFreeError(char *error) { std::free(error); }
}

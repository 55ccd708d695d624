// LLVM's own command-line options (`-disable-lsr`, ...) for the code generation of this
// process's JIT: LLVM reads them from global `cl::opt`s, which no MLIR C API reaches.
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

extern "C" {
// Parses `argv[1..argc)` as LLVM options (`argv[0]` names the program in messages). Returns
// 0 when an option is unknown or malformed (the message is written to standard error).
// Call it once per process, before the first JIT is created.
int xhloSetLlvmOptions(int argc, const char *const *argv) {
  return llvm::cl::ParseCommandLineOptions(argc, argv, "", &llvm::errs()) ? 1 : 0;
}
}

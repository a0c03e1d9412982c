//===- NoPolly.cpp - Polly's pass-plugin hook, registering nothing --------===//
//
// Debian builds LLVM with Polly linked into its tools, so the static
// libclangCodeGen and libLLVMLTO call `getPollyPluginInfo()` for every
// optimization pipeline; Polly itself ships only as a loadable module
// (LLVMPolly.so), not as a static library. xfence runs no Polly pass: with
// the static libraries (XFENCE_STATIC_LLVM), this hook adds nothing to the
// pipeline, as a build of clang without Polly would.
//
//===----------------------------------------------------------------------===//

#include "llvm/Plugins/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "xfence-no-polly", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &) {}};
}

//===- RuntimeData.cpp - the embedded runtime of --to cpu -----------------===//
//
// The bitcode files built from Runtime.c and Builtins.cl, and Launch.h,
// included in the library by the assembler (.incbin): xfence needs no file at
// run time.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/runtime/RuntimeData.h"
#include "backends/common/EmbeddedFile.h"

XFENCE_EMBED(xfence_cpu_runtime_bc, XFENCE_CPU_RUNTIME_BC)
XFENCE_EMBED(xfence_cpu_builtins_bc, XFENCE_CPU_BUILTINS_BC)
XFENCE_EMBED(xfence_cpu_launch_h, XFENCE_CPU_LAUNCH_H)

llvm::StringRef xfence::cpuRuntimeBitcode() {
  return XFENCE_EMBEDDED(xfence_cpu_runtime_bc);
}

llvm::StringRef xfence::cpuBuiltinsBitcode() {
  return XFENCE_EMBEDDED(xfence_cpu_builtins_bc);
}

llvm::StringRef xfence::cpuLaunchHeader() {
  return XFENCE_EMBEDDED(xfence_cpu_launch_h);
}

//===- RuntimeData.h - the embedded runtime of --to cpu ---------*- C++ -*-===//
//
// The parts of `xfence compile --to cpu` that are compiled when xfence is
// built (this folder, docs/compile.md "CPU") and linked into
// every object it writes.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_CPU_RUNTIME_RUNTIMEDATA_H
#define XFENCE_BACKENDS_CPU_RUNTIME_RUNTIMEDATA_H

#include "llvm/ADT/StringRef.h"

namespace xfence {

/// runtime/Runtime.c as LLVM bitcode for x86_64-unknown-linux-gnu: the
/// launch, the fibers, the barrier and the work-item functions.
llvm::StringRef cpuRuntimeBitcode();

/// runtime/Builtins.cl as LLVM bitcode for spir64: the OpenCL C built-ins.
llvm::StringRef cpuBuiltinsBitcode();

/// runtime/Launch.h, the descriptor the generated launch functions fill.
llvm::StringRef cpuLaunchHeader();

} // namespace xfence

#endif // XFENCE_BACKENDS_CPU_RUNTIME_RUNTIMEDATA_H

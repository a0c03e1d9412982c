//===- Passes.h - xfence to LLVM for the host CPU ---------------*- C++ -*-===//

#ifndef XFENCE_BACKENDS_CPU_PASSES_H
#define XFENCE_BACKENDS_CPU_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Pass/Pass.h"

namespace xfence {

#define GEN_PASS_DECL
#include "backends/cpu/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/cpu/Passes.h.inc"

} // namespace xfence

#endif // XFENCE_BACKENDS_CPU_PASSES_H

//===- Passes.h - xfence to NVVM/LLVM (PTX) ---------------------*- C++ -*-===//

#ifndef XFENCE_BACKENDS_PTX_PASSES_H
#define XFENCE_BACKENDS_PTX_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace xfence {

#define GEN_PASS_DECL
#include "backends/ptx/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/ptx/Passes.h.inc"

/// Registers `--export-ptx` with xfence-translate.
void registerExportPTXTranslation();

} // namespace xfence

#endif // XFENCE_BACKENDS_PTX_PASSES_H

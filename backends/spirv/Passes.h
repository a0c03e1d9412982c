//===- Passes.h - xfence to the SPIR-V dialect ------------------*- C++ -*-===//

#ifndef XFENCE_BACKENDS_SPIRV_PASSES_H
#define XFENCE_BACKENDS_SPIRV_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Pass/Pass.h"

namespace xfence {

#define GEN_PASS_DECL
#include "backends/spirv/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/spirv/Passes.h.inc"

/// Registers `--export-spirv` with xfence-translate.
void registerExportSPIRVTranslation();

} // namespace xfence

#endif // XFENCE_BACKENDS_SPIRV_PASSES_H

//===- Passes.h - xfence passes ---------------------------------*- C++ -*-===//

#ifndef XFENCE_PASSES_PASSES_H
#define XFENCE_PASSES_PASSES_H

#include "dialect/XFenceDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace xfence {

#define GEN_PASS_DECL
#include "passes/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "passes/Passes.h.inc"

} // namespace xfence

#endif // XFENCE_PASSES_PASSES_H

//===- XFenceDialect.h - xfence dialect -------------------------*- C++ -*-===//

#ifndef XFENCE_DIALECT_XFENCEDIALECT_H
#define XFENCE_DIALECT_XFENCEDIALECT_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Dialect.h"

#include "dialect/XFenceDialect.h.inc"

#endif // XFENCE_DIALECT_XFENCEDIALECT_H

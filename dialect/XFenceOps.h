//===- XFenceOps.h - xfence operations --------------------------*- C++ -*-===//

#ifndef XFENCE_DIALECT_XFENCEOPS_H
#define XFENCE_DIALECT_XFENCEOPS_H

#include "dialect/XFenceAttrs.h"
#include "dialect/XFenceDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialect/XFenceOps.h.inc"

#endif // XFENCE_DIALECT_XFENCEOPS_H

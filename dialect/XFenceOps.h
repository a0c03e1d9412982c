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

namespace xfence {
/// The source program's own order of operations. An `xfence.access` stands
/// for source code whose values the IR does not model; it "writes" this
/// resource so that no upstream pass finds it dead (a read-only access with
/// no result would be) and erases the evidence that memory is touched
/// between two synchronization ops.
struct SourceProgramResource
    : mlir::SideEffects::Resource::Base<SourceProgramResource> {
  llvm::StringRef getName() final { return "xfence::SourceProgram"; }
};
} // namespace xfence

#define GET_OP_CLASSES
#include "dialect/XFenceOps.h.inc"

#endif // XFENCE_DIALECT_XFENCEOPS_H

//===- XFenceToLLVMCommon.h - xfence to the LLVM dialect, shared -*- C++
//-*-===//
//
// Patterns shared by the lowerings that produce the LLVM dialect (PTX through
// NVVM, and the host CPU): fences to `llvm.fence`, atomics to LLVM atomic
// instructions. Each lowering passes the map from xfence scopes to the
// LLVM sync scopes of its target.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_LLVM_XFENCETOLLVMCOMMON_H
#define XFENCE_BACKENDS_LLVM_XFENCETOLLVMCOMMON_H

#include "dialect/XFenceAttrs.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <functional>
#include <string>

namespace xfence {

/// The LLVM sync scope (`syncscope("...")`) that a target uses for a scope.
using SyncScopeMap = std::function<std::string(Scope)>;

/// The LLVM atomic ordering of a memory order.
mlir::LLVM::AtomicOrdering toLLVMOrdering(MemoryOrder order);

/// The address an atomic op names, as an `!llvm.ptr`: the pointer itself,
/// or the element of the memref at the indices.
mlir::Value getAtomicAddress(mlir::ConversionPatternRewriter &rewriter,
                             const mlir::LLVMTypeConverter &converter,
                             mlir::Location loc, mlir::Type addrType,
                             mlir::Value convertedAddr,
                             mlir::ValueRange indices);

/// Adds patterns that lower `xfence.fence`, `xfence.atomic_load`,
/// `xfence.atomic_store`, `xfence.atomic_cmpxchg` and, with `withRMW`,
/// `xfence.atomic_rmw` to LLVM instructions with `syncScopes(scope)`.
void populateXFenceToLLVMCommonPatterns(
    const mlir::LLVMTypeConverter &converter, mlir::RewritePatternSet &patterns,
    SyncScopeMap syncScopes, bool withRMW);

} // namespace xfence

#endif // XFENCE_BACKENDS_LLVM_XFENCETOLLVMCOMMON_H

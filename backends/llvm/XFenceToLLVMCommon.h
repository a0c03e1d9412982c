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

#include "backends/llvm/XFenceLowering.h"
#include "dialect/XFenceAttrs.h"
#include "dialect/XFenceOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <functional>
#include <optional>
#include <string>

namespace xfence {

/// The LLVM sync scope (`syncscope("...")`) that a target uses for a scope.
using SyncScopeMap = std::function<std::string(Scope)>;

/// The LLVM atomic ordering of a memory order.
mlir::LLVM::AtomicOrdering toLLVMOrdering(MemoryOrder order);

/// The memory order whose LLVM atomic ordering is `ordering` (monotonic is
/// relaxed), or none (`not_atomic`, `unordered`).
std::optional<MemoryOrder>
fromLLVMOrdering(mlir::LLVM::AtomicOrdering ordering);

/// The read-modify-write kind whose LLVM `atomicrmw` operation is `binOp`,
/// or none where xfence has no such kind.
std::optional<AtomicRMWKind> fromLLVMBinOp(mlir::LLVM::AtomicBinOp binOp);

/// The address an atomic op names, as an `!llvm.ptr`: the pointer itself,
/// or the element of the memref at the indices.
mlir::Value getAtomicAddress(mlir::ConversionPatternRewriter &rewriter,
                             const mlir::LLVMTypeConverter &converter,
                             mlir::Location loc, mlir::Type addrType,
                             mlir::Value convertedAddr,
                             mlir::ValueRange indices);

/// The address of the atomic op `op`, whose converted operands are
/// `adaptor`.
template <typename OpT>
mlir::Value getAtomicAddress(mlir::ConversionPatternRewriter &rewriter,
                             const mlir::LLVMTypeConverter &converter, OpT op,
                             typename OpT::Adaptor adaptor) {
  return getAtomicAddress(rewriter, converter, op.getLoc(),
                          op.getAddr().getType(), adaptor.getAddr(),
                          adaptor.getIndices());
}

/// An `llvm.mlir.constant` of type i32.
mlir::Value constantI32(mlir::OpBuilder &builder, mlir::Location loc,
                        int64_t value);

/// A compare-exchange compares and exchanges the bits of its values, as C++
/// compare_exchange does: `value` as the integer of its width (a bitcast of
/// a float, an integer as it is).
mlir::Value bitsOf(mlir::ConversionPatternRewriter &rewriter,
                   mlir::Location loc, mlir::Value value);

/// Replaces `op` with the old value that its exchange of bits gave (bitcast
/// back to a float where `op` exchanges floats) and whether it stored.
void replaceCmpXchg(mlir::ConversionPatternRewriter &rewriter,
                    AtomicCmpXchgOp op, mlir::Value oldBits, mlir::Value ok);

/// Adds patterns that lower `xfence.fence`, `xfence.atomic_load`,
/// `xfence.atomic_store`, `xfence.atomic_cmpxchg` and, with `withRMW`,
/// `xfence.atomic_rmw` to LLVM instructions with `syncScopes(scope)`.
void populateXFenceToLLVMCommonPatterns(
    const mlir::LLVMTypeConverter &converter, mlir::RewritePatternSet &patterns,
    SyncScopeMap syncScopes, bool withRMW);

/// Converts the xfence ops nested in `root` into the LLVM dialect and the
/// dialects `Legal...` with the patterns that `populate` adds, and leaves
/// every other op as it is (applyXFenceConversion).
template <typename... Legal>
llvm::LogicalResult
convertXFenceToLLVM(mlir::Operation *root,
                    llvm::function_ref<void(const mlir::LLVMTypeConverter &,
                                            mlir::RewritePatternSet &)>
                        populate) {
  mlir::MLIRContext *ctx = root->getContext();
  mlir::LLVMTypeConverter converter(ctx);
  mlir::RewritePatternSet patterns(ctx);
  populate(converter, patterns);
  mlir::ConversionTarget target(*ctx);
  target.addLegalDialect<mlir::LLVM::LLVMDialect, Legal...>();
  return applyXFenceConversion(root, target, std::move(patterns));
}

} // namespace xfence

#endif // XFENCE_BACKENDS_LLVM_XFENCETOLLVMCOMMON_H

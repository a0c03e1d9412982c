//===- XFenceToSPIRV.h - xfence to the SPIR-V dialect, patterns -*- C++ -*-===//
//
// The patterns of convert-xfence-to-spirv, for the passes that lower xfence
// ops together with other dialects in one conversion
// (convert-gpu-xfence-to-spirv), and the Scope and MemorySemantics operands
// of the SPIR-V forms, which convert-xfence-to-llvm-spirv shares.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_BACKENDS_SPIRV_XFENCETOSPIRV_H
#define XFENCE_BACKENDS_SPIRV_XFENCETOSPIRV_H

#include "dialect/XFenceAttrs.h"
#include "dialect/XFenceOps.h"

#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "llvm/ADT/StringRef.h"

namespace xfence {

/// The SPIR-V Scope of an xfence scope (semantics.md §1): Invocation,
/// Subgroup, Workgroup, Device (also for cluster, which legalization widens
/// to device), CrossDevice.
mlir::spirv::Scope toSPIRVScope(Scope scope);

/// The MemorySemantics of an order over some spaces: the order bit or'ed
/// with the storage bits of the spaces (local -> WorkgroupMemory, global ->
/// CrossWorkgroupMemory, or UniformMemory under `vulkan`, image ->
/// ImageMemory), plus MakeAvailable/MakeVisible under the Vulkan memory
/// model. A relaxed order is `None`.
mlir::spirv::MemorySemantics toSPIRVSemantics(MemoryOrder order,
                                              MemorySpaces spaces, bool vulkan);

/// The MemorySemantics of an ordered atomic: it orders every memory space,
/// as on every other xfence target, so it carries all storage bits of the
/// environment (`None` when relaxed).
mlir::spirv::MemorySemantics toSPIRVAtomicSemantics(MemoryOrder order,
                                                    bool vulkan);

/// The operands of the OpControlBarrier of a barrier: its execution scope,
/// and the memory scope and semantics of its memory part. An
/// execution-only barrier has semantics None (memory scope: its execution
/// scope, which orders nothing with None). Fails after an error at a barrier
/// over part of a subgroup.
struct SPIRVBarrier {
  mlir::spirv::Scope exec, memory;
  mlir::spirv::MemorySemantics semantics;
};
llvm::FailureOr<SPIRVBarrier> toSPIRVBarrier(BarrierOp op, bool vulkan);

/// The SPIR-V forms of a read-modify-write kind: the instruction as a
/// SPIR-V dialect op and as the built-in function that LLVM's SPIR-V back
/// end turns into it.
struct SPIRVAtomicRMW {
  AtomicRMWKind key;
  /// `__spirv_Atomic<Op>` (convert-xfence-to-llvm-spirv).
  llvm::StringLiteral builtin;
  /// Builds `spirv.Atomic<Op>` (convert-xfence-to-spirv).
  mlir::Value (*build)(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Type type, mlir::Value ptr,
                       mlir::spirv::Scope scope,
                       mlir::spirv::MemorySemantics semantics,
                       mlir::Value value);
};

/// The SPIR-V forms of `op`'s kind, or null after an error at `op` where
/// SPIR-V has none for its kind and value type.
const SPIRVAtomicRMW *getSPIRVAtomicRMW(AtomicRMWOp op);

/// MLIR's SPIR-V dialect has no OpAtomicLoad. The lowering writes an
/// `xfence.atomic_load` as a `spirv.AtomicOr` of 0 that carries this unit
/// attribute, and --export-spirv serializes each such op as OpAtomicLoad
/// (backends/spirv/ExportSPIRV.cpp). The attribute names no SPIR-V
/// decoration, so MLIR's own serializer refuses the op rather than write a
/// read-modify-write where the source reads.
inline constexpr llvm::StringLiteral kAtomicLoadAttrName = "xfence.atomic_load";

/// Nor OpAtomicStore: an `xfence.atomic_store` is a `spirv.AtomicExchange`
/// whose result is unused and that carries this attribute, serialized by
/// --export-spirv as OpAtomicStore with the same pointer, scope, semantics
/// and value.
inline constexpr llvm::StringLiteral kAtomicStoreAttrName =
    "xfence.atomic_store";

/// Adds the patterns that lower legalized xfence fences, barriers and
/// atomics to the SPIR-V dialect, for the OpenCL environment or (`vulkan`)
/// the Vulkan memory model, and teaches `converter` the address types they
/// take (`!llvm.ptr`, memrefs in numeric memory spaces). `converter` must
/// outlive the patterns. Run legalizeForTarget(spirvCapabilities(vulkan))
/// first.
void populateXFenceToSPIRVPatterns(mlir::SPIRVTypeConverter &converter,
                                   mlir::RewritePatternSet &patterns,
                                   bool vulkan);

/// Adds the pattern that refuses `xfence.barrier_reduce` with the reason (the
/// legalization for SPIR-V refuses it before; this names the op should one
/// reach a conversion another way).
void populateSPIRVBarrierReducePattern(mlir::RewritePatternSet &patterns);

/// Emits an error at each xfence atomic nested in `root` whose value type
/// `converter` would change (emulate: i64 without Int64, i8 without Int8):
/// an atomic cannot be emulated with a wider one. Fails if there was one.
llvm::LogicalResult
checkXFenceAtomicTypes(mlir::Operation *root,
                       const mlir::SPIRVTypeConverter &converter);

} // namespace xfence

#endif // XFENCE_BACKENDS_SPIRV_XFENCETOSPIRV_H

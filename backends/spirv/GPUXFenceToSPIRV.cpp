//===- GPUXFenceToSPIRV.cpp - gpu.modules with xfence ops to SPIR-V -------===//
//
// convert-gpu-to-spirv lowers a gpu.module with one full conversion, which
// rejects the xfence ops and any cast left for it by an earlier conversion.
// This pass lowers each gpu.module with the upstream GPU, SCF, arith, memref
// and func patterns and the xfence patterns together, in one conversion,
// into a spirv.module that replaces it.
//
//===----------------------------------------------------------------------===//

#include "backends/spirv/Passes.h"
#include "backends/spirv/XFenceToSPIRV.h"
#include "passes/TargetCapabilities.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace xfence {
#define GEN_PASS_DEF_CONVERTGPUXFENCETOSPIRV
#include "backends/spirv/Passes.h.inc"
} // namespace xfence

using namespace mlir;
using namespace xfence;

namespace {

LogicalResult lowerGPUModule(gpu::GPUModuleOp gpuModule, bool vulkan) {
  if (failed(legalizeForTarget(gpuModule, spirvCapabilities(vulkan))))
    return failure();

  spirv::TargetEnvAttr targetAttr = spirv::lookupTargetEnvOrDefault(gpuModule);
  bool kernel = spirv::TargetEnv(targetAttr).allows(spirv::Capability::Kernel);
  if (vulkan && !spirv::TargetEnv(targetAttr)
                     .allows(spirv::Capability::VulkanMemoryModel))
    return gpuModule.emitError()
           << "convert-gpu-xfence-to-spirv: vulkan=true lowers to the Vulkan "
              "memory model (MakeAvailable/MakeVisible); the target "
              "environment "
           << targetAttr << " does not allow the VulkanMemoryModel capability";
  if (kernel == vulkan)
    return gpuModule.emitError()
           << "convert-gpu-xfence-to-spirv: vulkan="
           << (vulkan ? "true" : "false") << " does not match the target "
           << "environment " << targetAttr << " (OpenCL needs the Kernel "
           << "capability, Vulkan a Shader environment)";

  // Memref memory spaces to storage classes, as convert-gpu-to-spirv does.
  spirv::MemorySpaceToStorageClassConverter spaces(
      kernel ? spirv::mapMemorySpaceToOpenCLStorageClass
             : spirv::mapMemorySpaceToVulkanStorageClass);
  spirv::convertMemRefTypesAndAttrs(gpuModule, spaces);

  MLIRContext *ctx = gpuModule.getContext();
  SPIRVTypeConverter converter(targetAttr);
  if (failed(checkXFenceAtomicTypes(gpuModule, converter)))
    return failure();
  RewritePatternSet patterns(ctx);
  populateGPUToSPIRVPatterns(converter, patterns);
  ScfToSPIRVContext scfContext;
  populateSCFToSPIRVPatterns(converter, scfContext, patterns);
  arith::populateArithToSPIRVPatterns(converter, patterns);
  populateMemRefToSPIRVPatterns(converter, patterns);
  populateFuncToSPIRVPatterns(converter, patterns);
  populateXFenceToSPIRVPatterns(converter, patterns, vulkan);
  std::unique_ptr<SPIRVConversionTarget> target =
      SPIRVConversionTarget::get(targetAttr);
  return applyFullConversion(gpuModule, *target, std::move(patterns));
}

/// Whether an access through a pointer of storage class `sc` can communicate
/// with other invocations: the classes of memory shared between invocations
/// of a Vulkan dispatch (the storage bits of MemorySemantics name them).
bool isSharedStorageClass(spirv::StorageClass sc) {
  return llvm::is_contained({spirv::StorageClass::Workgroup,
                             spirv::StorageClass::StorageBuffer,
                             spirv::StorageClass::PhysicalStorageBuffer,
                             spirv::StorageClass::Uniform},
                            sc);
}

/// `access | NonPrivatePointer` if `ptr` points to shared memory.
spirv::MemoryAccessAttr nonPrivate(Value ptr, spirv::MemoryAccessAttr access) {
  auto type = dyn_cast<spirv::PointerType>(ptr.getType());
  if (!type || !isSharedStorageClass(type.getStorageClass()))
    return access;
  spirv::MemoryAccess bits =
      access ? access.getValue() : spirv::MemoryAccess::None;
  return spirv::MemoryAccessAttr::get(
      ptr.getContext(), bits | spirv::MemoryAccess::NonPrivatePointer);
}

/// Under the Vulkan memory model a non-atomic access is private unless it
/// carries NonPrivatePointer, and availability and visibility operations
/// (the MakeAvailable/MakeVisible of the barriers and atomics) apply only to
/// non-private accesses: without the bit, no barrier orders a plain store
/// before another invocation's plain load. Every load, store and copy
/// through a pointer to shared memory gets it.
void markNonPrivateAccesses(spirv::ModuleOp module) {
  module.walk([](Operation *op) {
    if (auto load = dyn_cast<spirv::LoadOp>(op))
      load.setMemoryAccessAttr(
          nonPrivate(load.getPtr(), load.getMemoryAccessAttr()));
    else if (auto store = dyn_cast<spirv::StoreOp>(op))
      store.setMemoryAccessAttr(
          nonPrivate(store.getPtr(), store.getMemoryAccessAttr()));
    else if (auto copy = dyn_cast<spirv::CopyMemoryOp>(op)) {
      spirv::MemoryAccessAttr target =
          nonPrivate(copy.getTarget(), copy.getMemoryAccessAttr());
      spirv::MemoryAccessAttr source =
          nonPrivate(copy.getSource(), copy.getSourceMemoryAccessAttr());
      // The source's operands come second: the target's must be there.
      if (source && !target)
        target = spirv::MemoryAccessAttr::get(op->getContext(),
                                              spirv::MemoryAccess::None);
      copy.setMemoryAccessAttr(target);
      copy.setSourceMemoryAccessAttr(source);
    }
  });
}

struct ConvertGPUXFenceToSPIRVPass
    : xfence::impl::ConvertGPUXFenceToSPIRVBase<ConvertGPUXFenceToSPIRVPass> {
  using ConvertGPUXFenceToSPIRVBase::ConvertGPUXFenceToSPIRVBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto gpuModules = llvm::to_vector(module.getOps<gpu::GPUModuleOp>());
    llvm::SmallPtrSet<Operation *, 4> before;
    for (spirv::ModuleOp spirvModule : module.getOps<spirv::ModuleOp>())
      before.insert(spirvModule);
    for (gpu::GPUModuleOp gpuModule : gpuModules)
      if (failed(lowerGPUModule(gpuModule, vulkan)))
        return signalPassFailure();
    // MakeAvailable and MakeVisible exist only in the Vulkan memory model;
    // convert-gpu-to-spirv's module conversion picks GLSL450.
    if (!vulkan)
      return;
    for (spirv::ModuleOp spirvModule : module.getOps<spirv::ModuleOp>()) {
      if (before.contains(spirvModule))
        continue;
      spirvModule.setMemoryModelAttr(spirv::MemoryModelAttr::get(
          &getContext(), spirv::MemoryModel::Vulkan));
      markNonPrivateAccesses(spirvModule);
    }
  }
};

} // namespace

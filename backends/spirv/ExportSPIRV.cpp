//===- ExportSPIRV.cpp - xfence-translate --export-spirv ------------------===//
//
// Lowers the `gpu.module` of a module that holds xfence ops to one SPIR-V
// binary: the pipeline
//
//   convert-gpu-xfence-to-spirv{vulkan},
//   spirv.module(spirv-lower-abi-attrs, spirv-update-vce)
//
// then adds the capabilities spirv-update-vce does not deduce (Int64Atomics;
// VulkanMemoryModelDeviceScope where the Vulkan memory model names Device
// scope), and then does what `mlir-translate --serialize-spirv` does, except
// that the atomic loads the lowering marks (MLIR's SPIR-V dialect has no
// OpAtomicLoad, XFenceToSPIRV.h) are written as OpAtomicLoad. xfence-opt
// runs the same passes; mlir-translate refuses a module with atomic loads.
//
//===----------------------------------------------------------------------===//

#include "backends/llvm/XFenceLowering.h"
#include "backends/spirv/Passes.h"
#include "backends/spirv/XFenceToSPIRV.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/SPIRV/SPIRVBinaryUtils.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

namespace {

llvm::cl::opt<bool> spirvVulkan(
    "spirv-vulkan",
    llvm::cl::desc("--export-spirv: lower for the Vulkan environment (Vulkan "
                   "memory model) instead of the OpenCL one"),
    llvm::cl::init(false));

/// Adds the capabilities spirv-update-vce does not deduce from the ops:
/// Int64Atomics for an atomic on a 64-bit integer, and, under the Vulkan
/// memory model, VulkanMemoryModelDeviceScope where Device scope is named.
void addUndeducedCapabilities(spirv::ModuleOp module) {
  std::optional<spirv::VerCapExtAttr> vce = module.getVceTriple();
  if (!vce)
    return;
  SmallVector<spirv::Capability> caps(vce->getCapabilities());
  auto require = [&](spirv::Capability cap) {
    if (!llvm::is_contained(caps, cap))
      caps.push_back(cap);
  };
  bool vulkan = module.getMemoryModel() == spirv::MemoryModel::Vulkan;
  module.walk([&](Operation *op) {
    for (NamedAttribute attr : op->getAttrs())
      if (auto scope = dyn_cast<spirv::ScopeAttr>(attr.getValue()))
        if (vulkan && scope.getValue() == spirv::Scope::Device)
          require(spirv::Capability::VulkanMemoryModelDeviceScope);
    if (op->getName().getStringRef().starts_with("spirv.Atomic"))
      for (Type type : op->getResultTypes())
        if (type.isInteger(64))
          require(spirv::Capability::Int64Atomics);
  });
  SmallVector<spirv::Extension> exts(vce->getExtensions());
  module.setVceTripleAttr(spirv::VerCapExtAttr::get(vce->getVersion(), caps,
                                                    exts, module.getContext()));
}

/// The opcodes and decoration that serializeWithAtomicLoads reads and writes
/// (SPIR-V specification, "Decoration" and "Atomic Instructions"); MLIR's
/// spirv::Opcode lacks OpAtomicLoad.
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kOpAtomicLoad = 227;
constexpr uint32_t kOpAtomicStore = 228;
constexpr uint32_t kOpAtomicExchange = 229;
constexpr uint32_t kOpAtomicOr = 241;
constexpr uint32_t kDecorationRelaxedPrecision = 0;

/// Serializes `module` as spirv::serialize does, except that each
/// spirv.AtomicOr marked with kAtomicLoadAttrName becomes OpAtomicLoad
/// <result type> <result> <pointer> <scope> <semantics> (the OR's words
/// without its value operand), and each spirv.AtomicExchange marked with
/// kAtomicStoreAttrName becomes OpAtomicStore <pointer> <scope> <semantics>
/// <value> (the exchange's words without its result type and unused
/// result). The marked results are told apart in the binary by a
/// RelaxedPrecision decoration, which is put on them only for this and
/// removed with the op.
LogicalResult serializeWithAtomicLoads(spirv::ModuleOp module,
                                       SmallVectorImpl<uint32_t> &binary) {
  constexpr llvm::StringLiteral kMark = "relaxed_precision";
  unsigned marked = 0;
  auto mark = [&](Operation *op, llvm::StringRef attr) {
    if (op->hasAttr(kMark))
      return WalkResult(op->emitError("--export-spirv: an atomic decorated "
                                      "RelaxedPrecision cannot be serialized "
                                      "beside atomic loads and stores"));
    if (op->removeAttr(attr)) {
      op->setAttr(kMark, UnitAttr::get(op->getContext()));
      ++marked;
    }
    return WalkResult::advance();
  };
  WalkResult walk = module.walk([&](Operation *op) {
    if (isa<spirv::AtomicOrOp>(op))
      return mark(op, xfence::kAtomicLoadAttrName);
    if (isa<spirv::AtomicExchangeOp>(op)) {
      if (op->hasAttr(xfence::kAtomicStoreAttrName) &&
          !op->getResult(0).use_empty())
        return WalkResult(op->emitError("--export-spirv: an atomic store "
                                        "whose result is used"));
      return mark(op, xfence::kAtomicStoreAttrName);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  SmallVector<uint32_t, 0> words;
  if (failed(spirv::serialize(module, words)))
    return failure();
  binary.clear();
  if (!marked) {
    binary.append(words.begin(), words.end());
    return success();
  }

  // Decorations come before the functions: one pass finds the marked ORs'
  // results, a second writes the binary.
  auto forEachInstruction = [&](auto fn) {
    for (size_t i = spirv::kHeaderWordCount; i < words.size();) {
      uint32_t count = words[i] >> 16;
      if (count == 0 || i + count > words.size())
        return false;
      fn(ArrayRef<uint32_t>(words).slice(i, count), words[i] & 0xffff);
      i += count;
    }
    return true;
  };
  auto isMark = [](ArrayRef<uint32_t> inst, uint32_t opcode) {
    return opcode == kOpDecorate && inst.size() == 3 &&
           inst[2] == kDecorationRelaxedPrecision;
  };
  llvm::DenseSet<uint32_t> decorated, loads, stores;
  bool wellFormed =
      forEachInstruction([&](ArrayRef<uint32_t> inst, uint32_t opcode) {
        if (isMark(inst, opcode))
          decorated.insert(inst[1]);
        else if (opcode == kOpAtomicOr && inst.size() == 7 &&
                 decorated.contains(inst[2]))
          loads.insert(inst[2]);
        else if (opcode == kOpAtomicExchange && inst.size() == 7 &&
                 decorated.contains(inst[2]))
          stores.insert(inst[2]);
      });
  if (!wellFormed || loads.size() + stores.size() != marked)
    return module.emitError("--export-spirv: ")
           << marked << " atomic loads and stores to write, "
           << loads.size() + stores.size() << " found in the serialized module";
  binary.append(words.begin(), words.begin() + spirv::kHeaderWordCount);
  forEachInstruction([&](ArrayRef<uint32_t> inst, uint32_t opcode) {
    if (isMark(inst, opcode) &&
        (loads.contains(inst[1]) || stores.contains(inst[1])))
      return;
    if (opcode == kOpAtomicOr && inst.size() == 7 && loads.contains(inst[2])) {
      binary.push_back((6u << 16) | kOpAtomicLoad);
      binary.append(inst.begin() + 1, inst.begin() + 6);
      return;
    }
    if (opcode == kOpAtomicExchange && inst.size() == 7 &&
        stores.contains(inst[2])) {
      binary.push_back((5u << 16) | kOpAtomicStore);
      binary.append(inst.begin() + 3, inst.begin() + 7);
      return;
    }
    binary.append(inst.begin(), inst.end());
  });
  return success();
}

LogicalResult exportSPIRV(Operation *op, llvm::raw_ostream &os) {
  ModuleOp module = xfence::getModuleToExport(op, "export-spirv");
  if (!module)
    return failure();

  PassManager pm(module.getContext());
  xfence::ConvertGPUXFenceToSPIRVOptions lower;
  lower.vulkan = spirvVulkan;
  pm.addPass(xfence::createConvertGPUXFenceToSPIRV(lower));
  OpPassManager &spirvPM = pm.nest<spirv::ModuleOp>();
  spirvPM.addPass(spirv::createSPIRVLowerABIAttributesPass());
  spirvPM.addPass(spirv::createSPIRVUpdateVCEPass());
  if (failed(pm.run(module)))
    return failure();

  auto spirvModules = llvm::to_vector(module.getOps<spirv::ModuleOp>());
  if (spirvModules.size() != 1)
    return module.emitError("--export-spirv: the lowering gave ")
           << spirvModules.size() << " spirv.modules; one binary holds one";
  addUndeducedCapabilities(spirvModules.front());
  SmallVector<uint32_t, 0> binary;
  if (failed(serializeWithAtomicLoads(spirvModules.front(), binary)))
    return failure();
  os.write(reinterpret_cast<const char *>(binary.data()),
           binary.size() * sizeof(uint32_t));
  return success();
}

} // namespace

void xfence::registerExportSPIRVTranslation() {
  TranslateFromMLIRRegistration reg(
      "export-spirv",
      "lower the gpu.module of an xfence module to a SPIR-V binary",
      exportSPIRV, [](DialectRegistry &registry) {
        xfence::registerExportDialects(registry);
        registry.insert<spirv::SPIRVDialect>();
      });
}

//===- ExportPTX.cpp - xfence-translate --export-ptx ----------------------===//
//
// Lowers the `gpu.module`s of a module that holds xfence ops to PTX and
// prints the PTX: the pipeline
//
//   nvvm-attach-target{chip=sm_<sm> features=+ptx<ptx>},
//   gpu.module(convert-xfence-to-nvvm{sm ptx strict}, convert-scf-to-cf,
//              convert-gpu-to-nvvm),
//   reconcile-unrealized-casts, gpu-module-to-binary{format=isa}
//
// which xfence-opt can also run step by step.
//
//===----------------------------------------------------------------------===//

#include "backends/llvm/XFenceLowering.h"
#include "backends/ptx/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

namespace {

llvm::cl::opt<unsigned> ptxSM("ptx-sm", llvm::cl::desc("--export-ptx: sm"),
                              llvm::cl::init(90));
llvm::cl::opt<unsigned>
    ptxVersion("ptx-version",
               llvm::cl::desc("--export-ptx: PTX ISA version times ten"),
               llvm::cl::init(86));
llvm::cl::opt<bool>
    ptxStrict("ptx-strict",
              llvm::cl::desc("--export-ptx: refuse derived mappings"),
              llvm::cl::init(false));

LogicalResult exportPTX(Operation *op, llvm::raw_ostream &os) {
  ModuleOp module = xfence::getModuleToExport(op, "export-ptx");
  if (!module)
    return failure();

  PassManager pm(module.getContext());
  GpuNVVMAttachTargetOptions attach;
  attach.chip = "sm_" + std::to_string(ptxSM);
  attach.features = "+ptx" + std::to_string(ptxVersion);
  pm.addPass(createGpuNVVMAttachTarget(attach));
  xfence::ConvertXFenceToNVVMOptions lower;
  lower.sm = ptxSM;
  lower.ptx = ptxVersion;
  lower.strict = ptxStrict;
  OpPassManager &gpuPM = pm.nest<gpu::GPUModuleOp>();
  gpuPM.addPass(xfence::createConvertXFenceToNVVM(lower));
  gpuPM.addPass(createSCFToControlFlowPass());
  gpuPM.addPass(createConvertGpuOpsToNVVMOps());
  pm.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  pm.addPass(createGpuModuleToBinaryPass(binary));
  if (failed(pm.run(module)))
    return failure();

  for (auto binaryOp : module.getOps<gpu::BinaryOp>())
    for (Attribute object : binaryOp.getObjects())
      os << cast<gpu::ObjectAttr>(object).getObject().getValue();
  return success();
}

} // namespace

void xfence::registerExportPTXTranslation() {
  TranslateFromMLIRRegistration reg(
      "export-ptx", "lower the gpu.modules of an xfence module to PTX",
      exportPTX, [](DialectRegistry &registry) {
        xfence::registerExportDialects(registry);
        registry.insert<NVVM::NVVMDialect>();
        NVVM::registerNVVMTargetInterfaceExternalModels(registry);
        registerBuiltinDialectTranslation(registry);
        registerGPUDialectTranslation(registry);
        registerLLVMDialectTranslation(registry);
        registerNVVMDialectTranslation(registry);
      });
}

//===- xfence-opt.cpp - mlir-opt with the xfence dialect and passes -------===//

#include "backends/cpu/Passes.h"
#include "backends/ptx/Passes.h"
#include "backends/spirv/Passes.h"
#include "dialect/XFenceDialect.h"
#include "passes/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  xfence::registerXFencePasses();
  xfence::registerXFencePTXPasses();
  xfence::registerXFenceCPUPasses();
  xfence::registerXFenceSPIRVPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // For gpu-module-to-binary (PTX out of a gpu.module).
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<xfence::XFenceDialect>();

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "xfence optimizer driver: the xfence dialect and passes "
                  "with every upstream MLIR dialect and pass\n",
      registry));
}

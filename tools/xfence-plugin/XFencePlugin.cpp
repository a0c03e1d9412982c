//===- XFencePlugin.cpp - xfence as an mlir-opt plugin --------------------===//

#include "backends/cpu/Passes.h"
#include "backends/ptx/Passes.h"
#include "backends/spirv/Passes.h"
#include "dialect/XFenceDialect.h"
#include "passes/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "XFence", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<xfence::XFenceDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "XFencePasses", LLVM_VERSION_STRING,
          []() {
            xfence::registerXFencePasses();
            xfence::registerXFencePTXPasses();
            xfence::registerXFenceCPUPasses();
            xfence::registerXFenceSPIRVPasses();
          }};
}

//===- XFenceLowering.cpp - what every xfence lowering shares -------------===//

#include "backends/llvm/XFenceLowering.h"
#include "dialect/XFenceDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/InitAllExtensions.h"

using namespace mlir;

LogicalResult xfence::applyXFenceConversion(Operation *root,
                                            ConversionTarget &target,
                                            RewritePatternSet &&patterns) {
  target.addIllegalDialect<XFenceDialect>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(root, target, std::move(patterns));
}

ModuleOp xfence::getModuleToExport(Operation *op, StringRef translation) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module) {
    op->emitError() << "--" << translation << " expects a builtin.module";
    return nullptr;
  }
  if (module.getOps<gpu::GPUModuleOp>().empty()) {
    module.emitError() << "--" << translation
                       << " expects a gpu.module to lower";
    return nullptr;
  }
  return module;
}

void xfence::registerExportDialects(DialectRegistry &registry) {
  registry.insert<XFenceDialect, gpu::GPUDialect, func::FuncDialect,
                  arith::ArithDialect, cf::ControlFlowDialect,
                  memref::MemRefDialect, scf::SCFDialect, LLVM::LLVMDialect>();
  registerAllExtensions(registry);
}

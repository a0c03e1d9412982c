//===- RouteDriver.cpp - the steps every route takes alike ----------------===//

#include "rewriters/common/RouteDriver.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

FailureOr<xfence::ImportedSource> xfence::importParsed(
    std::unique_ptr<ParsedSource> src,
    llvm::function_ref<OwningOpRef<ModuleOp>(ParsedSource &, MLIRContext *)>
        import,
    bool printOps) {
  if (!src || src->hasErrors())
    return failure();
  ImportedSource out;
  out.src = std::move(src);
  out.ctx = std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED);
  if (!printOps)
    out.ctx->printOpOnDiagnostic(false);
  out.bridge = std::make_unique<ClangDiagnosticBridge>(*out.src, out.ctx.get());
  out.module = import(*out.src, out.ctx.get());
  if (!out.module)
    return failure();
  return out;
}

LogicalResult xfence::runCoalesce(ModuleOp module,
                                  const XFenceCoalesceOptions &options) {
  PassManager pm(module.getContext());
  pm.addPass(createXFenceCoalesce(options));
  return pm.run(module);
}

LogicalResult
xfence::runSyncPipeline(ModuleOp module, const TargetCapabilities &caps,
                        std::optional<XFenceCoalesceOptions> coalesce) {
  if (failed(legalizeForTarget(module, caps)))
    return failure();
  return coalesce ? runCoalesce(module, *coalesce) : success();
}

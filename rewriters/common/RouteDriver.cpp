//===- RouteDriver.cpp - the steps every route takes alike ----------------===//

#include "rewriters/common/RouteDriver.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"

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

LogicalResult xfence::exportImportedFile(
    Operation *op, llvm::StringRef path, llvm::raw_ostream &os,
    llvm::function_ref<std::unique_ptr<ParsedSource>(llvm::StringRef,
                                                     llvm::StringRef)>
        parse,
    llvm::function_ref<FailureOr<std::string>(ParsedSource &)> rewrite) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return op->emitError("cannot read the source file '")
           << path << "': " << buffer.getError().message();
  std::unique_ptr<ParsedSource> src = parse(path, (*buffer)->getBuffer());
  if (!src || src->hasErrors())
    return failure();
  ClangDiagnosticBridge bridge(*src, op->getContext());
  FailureOr<std::string> text = rewrite(*src);
  if (failed(text))
    return failure();
  os << *text;
  return success();
}

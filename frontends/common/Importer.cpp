//===- Importer.cpp - what every Clang importer shares --------------------===//

#include "frontends/common/Importer.h"

#include "dialect/XFenceDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/SourceMgr.h"

using namespace xfence;
using namespace mlir;

OwningOpRef<ModuleOp> xfence::createImportModule(ParsedSource &src,
                                                 MLIRContext *ctx) {
  ctx->loadDialect<XFenceDialect, func::FuncDialect, LLVM::LLVMDialect>();
  clang::SourceManager &sm = src.getSourceManager();
  llvm::StringRef file;
  if (clang::OptionalFileEntryRef main =
          sm.getFileEntryRefForID(sm.getMainFileID()))
    file = main->getName();
  return ModuleOp::create(FileLineColLoc::get(ctx, file, 1, 1));
}

void xfence::setSourceAttr(
    ModuleOp module, llvm::StringRef language, const SourceOptions &options,
    llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>> extra) {
  Builder b(module.getContext());
  auto strings = [&](const std::vector<std::string> &list) {
    SmallVector<Attribute> attrs;
    for (const std::string &s : list)
      attrs.push_back(b.getStringAttr(s));
    return b.getArrayAttr(attrs);
  };
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr(
          "file", llvm::cast<FileLineColRange>(module.getLoc()).getFilename()),
      b.getNamedAttr("language", b.getStringAttr(language)),
      b.getNamedAttr("defines", strings(options.defines)),
      b.getNamedAttr("includes", strings(options.includeDirs))};
  for (auto [name, value] : extra)
    entries.push_back(b.getNamedAttr(name, b.getStringAttr(value)));
  module->setAttr(srcattr::source, b.getDictionaryAttr(entries));
}

OwningOpRef<ModuleOp> xfence::verifiedImport(OwningOpRef<ModuleOp> module,
                                             bool imported) {
  if (!imported || failed(verify(*module)))
    return nullptr;
  return module;
}

void xfence::registerSourceImport(llvm::StringRef name,
                                  llvm::StringRef description,
                                  SourceImport import) {
  TranslateToMLIRRegistration registration(
      name, description,
      [import](llvm::SourceMgr &sourceMgr,
               MLIRContext *ctx) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        OwningOpRef<ModuleOp> module =
            import(buffer->getBufferIdentifier(), buffer->getBuffer(), ctx);
        if (!module)
          return nullptr;
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registry.insert<XFenceDialect, func::FuncDialect, LLVM::LLVMDialect>();
      });
}

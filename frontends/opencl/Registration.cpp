//===- Registration.cpp - xfence-translate --import-opencl ----------------===//

#include "dialect/XFenceDialect.h"
#include "frontends/opencl/OpenCLImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

static llvm::cl::OptionCategory openclCategory("OpenCL import options");
static llvm::cl::opt<std::string>
    openclStd("opencl-std",
              llvm::cl::desc("OpenCL C standard (CL1.2, CL2.0, "
                             "CL3.0), as clang's -cl-std="),
              llvm::cl::cat(openclCategory));
static llvm::cl::list<std::string>
    openclDefines("opencl-define",
                  llvm::cl::desc("Macro definition, as clang's -D"),
                  llvm::cl::cat(openclCategory));
static llvm::cl::list<std::string>
    openclIncludes("opencl-include",
                   llvm::cl::desc("Include directory, as clang's -I"),
                   llvm::cl::cat(openclCategory));

static llvm::cl::opt<xfence::GlobalFenceScope> openclGlobalFence(
    "opencl-global-fence",
    llvm::cl::desc("Memory scope of the global-memory part of mem_fence, "
                   "read_mem_fence, write_mem_fence, barrier(F) and "
                   "work_group_barrier(F): an assumption about the platform "
                   "the source was written for"),
    llvm::cl::values(
        clEnumValN(xfence::GlobalFenceScope::workgroup, "workgroup",
                   "work-group, as the OpenCL specification says (default)"),
        clEnumValN(xfence::GlobalFenceScope::device, "device",
                   "device-wide, as some implementations made it")),
    llvm::cl::init(xfence::GlobalFenceScope::workgroup),
    llvm::cl::cat(openclCategory));

void xfence::registerOpenCLImport() {
  TranslateToMLIRRegistration registration(
      "import-opencl", "import OpenCL C into the xfence dialect",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *ctx) -> OwningOpRef<Operation *> {
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        SourceOptions options;
        options.standard = openclStd;
        options.defines.assign(openclDefines.begin(), openclDefines.end());
        options.includeDirs.assign(openclIncludes.begin(),
                                   openclIncludes.end());
        std::unique_ptr<ParsedSource> src =
            parseSource(SourceLanguage::OpenCL, buffer->getBufferIdentifier(),
                        buffer->getBuffer(), options, llvm::errs());
        if (!src || src->hasErrors())
          return nullptr;
        OpenCLImportOptions importOptions;
        importOptions.globalFence = openclGlobalFence;
        OwningOpRef<ModuleOp> module =
            importOpenCL(*src, options, ctx, importOptions);
        if (!module)
          return nullptr;
        return OwningOpRef<Operation *>(module.release());
      },
      [](DialectRegistry &registry) {
        registry.insert<XFenceDialect, func::FuncDialect, LLVM::LLVMDialect>();
      });
}

//===- Registration.cpp - xfence-translate --import-opencl ----------------===//

#include "frontends/opencl/OpenCLImporter.h"

#include "llvm/Support/CommandLine.h"

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
  registerSourceImport(
      "import-opencl", "import OpenCL C into the xfence dialect",
      [](llvm::StringRef path, llvm::StringRef contents,
         MLIRContext *ctx) -> OwningOpRef<ModuleOp> {
        SourceOptions options;
        options.standard = openclStd;
        options.defines.assign(openclDefines.begin(), openclDefines.end());
        options.includeDirs.assign(openclIncludes.begin(),
                                   openclIncludes.end());
        std::unique_ptr<ParsedSource> src = parseSource(
            SourceLanguage::OpenCL, path, contents, options, llvm::errs());
        if (!src || src->hasErrors())
          return nullptr;
        OpenCLImportOptions importOptions;
        importOptions.globalFence = openclGlobalFence;
        return importOpenCL(*src, options, ctx, importOptions);
      });
}

//===- Registration.cpp - xfence-translate --import-cuda ------------------===//

#include "frontends/cuda/CudaImporter.h"

#include "llvm/Support/CommandLine.h"

using namespace mlir;

static llvm::cl::OptionCategory cudaCategory("CUDA import options");
static llvm::cl::opt<std::string>
    cudaPath("cuda-path",
             llvm::cl::desc("The CUDA toolkit (default /usr/local/cuda)"),
             llvm::cl::cat(cudaCategory));
static llvm::cl::opt<std::string>
    cudaArch("cuda-gpu-arch", llvm::cl::desc("GPU architecture (sm_90)"),
             llvm::cl::cat(cudaCategory));
static llvm::cl::opt<bool> cudaBuiltin(
    "cuda-builtin-header",
    llvm::cl::desc("Parse with xfence's built-in CUDA declarations instead "
                   "of the toolkit headers"),
    llvm::cl::cat(cudaCategory));
static llvm::cl::list<std::string>
    cudaDefines("cuda-define", llvm::cl::desc("Macro definition, as -D"),
                llvm::cl::cat(cudaCategory));
static llvm::cl::list<std::string>
    cudaIncludes("cuda-include", llvm::cl::desc("Include directory, as -I"),
                 llvm::cl::cat(cudaCategory));

xfence::CudaSourceOptions xfence::cudaImportOptions() {
  CudaSourceOptions options;
  options.cudaPath = cudaPath;
  options.gpuArch = cudaArch;
  options.builtinHeader = cudaBuiltin;
  options.source.defines.assign(cudaDefines.begin(), cudaDefines.end());
  options.source.includeDirs.assign(cudaIncludes.begin(), cudaIncludes.end());
  return options;
}

void xfence::registerCudaImport() {
  registerSourceImport(
      "import-cuda", "import CUDA C++ (device code) into the xfence dialect",
      [](llvm::StringRef path, llvm::StringRef contents,
         MLIRContext *ctx) -> OwningOpRef<ModuleOp> {
        CudaSourceOptions options = cudaImportOptions();
        std::unique_ptr<ParsedSource> src =
            parseCudaSource(path, contents, options, llvm::errs());
        if (!src || src->hasErrors())
          return nullptr;
        return importCuda(*src, options, ctx);
      });
}

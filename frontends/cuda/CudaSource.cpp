//===- CudaSource.cpp - parse a CUDA file with Clang (device side) --------===//

#include "frontends/cuda/CudaSource.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace xfence;

#ifndef XFENCE_CLANG_RESOURCE_DIR
#error "XFENCE_CLANG_RESOURCE_DIR must name clang's resource directory"
#endif

std::string CudaSourceOptions::toolkit() const {
  if (builtinHeader)
    return "";
  std::string path = cudaPath.empty() ? "/usr/local/cuda" : cudaPath;
  llvm::SmallString<256> header(path);
  llvm::sys::path::append(header, "include", "cuda_runtime.h");
  return llvm::sys::fs::exists(header) ? path : "";
}

std::vector<std::string> CudaSourceOptions::driverArgs() const {
  std::vector<std::string> args = {
      "-x", "cuda", "--cuda-device-only", "-nocudalib", "-std=c++17",
      "--cuda-gpu-arch=" + (gpuArch.empty() ? std::string("sm_90") : gpuArch),
      // clang 22 knows CUDA up to 12.9 and warns about 13.0, which it parses.
      "-Wno-unknown-cuda-version"};
  std::string cuda = toolkit();
  if (!cuda.empty()) {
    args.push_back("--cuda-path=" + cuda);
    // libcu++ (<cuda/atomic>) lives in include/cccl since CUDA 13; nvcc adds
    // it to the search path, clang does not.
    llvm::SmallString<256> cccl(cuda);
    llvm::sys::path::append(cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(cccl))
      args.push_back("-isystem" + std::string(cccl));
    args.push_back("-include");
    args.push_back(kCudaLaunchHeaderPath.str());
  } else {
    args.push_back("-nocudainc");
    // The toolkit headers a CUDA file includes exist, empty: the built-in
    // header declares what they would.
    args.push_back("-isystem" + std::string(kCudaBuiltinIncludeDir));
    args.push_back("-include");
    args.push_back(kCudaBuiltinHeaderPath.str());
  }
  args.push_back("-resource-dir=" XFENCE_CLANG_RESOURCE_DIR);
  args.insert(args.end(), source.buildOptions.begin(),
              source.buildOptions.end());
  for (const std::string &define : source.defines)
    args.push_back("-D" + define);
  for (const std::string &dir : source.includeDirs)
    args.push_back("-I" + dir);
  return args;
}

std::unique_ptr<ParsedSource>
xfence::parseCudaSource(llvm::StringRef path, llvm::StringRef contents,
                        const CudaSourceOptions &options,
                        llvm::raw_ostream &diagOS) {
  // As clang: `#line` directives (the user's, and those of the copies of
  // templates, CudaTemplates.h) name the lines diagnostics point at.
  auto printer =
      std::make_unique<DiagnosticPrinter>(diagOS, /*presumedLocations=*/true);
  clang::tooling::FileContentMappings files;
  // A kernel launch k<<<g, b>>>(...) in host code makes clang look up the
  // launch configuration function by a name that depends on the CUDA
  // version it assumes; clang 22 does not know CUDA 12+ toolkits and asks
  // for cudaConfigureCall, which they no longer declare. Declared here (the
  // host code is not translated, so the declarations only have to parse).
  files.emplace_back(kCudaLaunchHeaderPath.str(),
                     "#pragma clang system_header\n"
                     "#if defined(CUDART_VERSION) && CUDART_VERSION >= 12000\n"
                     "extern \"C\" __host__ cudaError_t cudaConfigureCall("
                     "dim3, dim3, size_t = 0, cudaStream_t = 0);\n"
                     "#endif\n"
                     // Host functions that CUDA 13 removed and older host
                     // code still calls.
                     "#if defined(CUDART_VERSION) && CUDART_VERSION >= 13000\n"
                     "extern \"C\" __host__ cudaError_t "
                     "cudaThreadSynchronize(void);\n"
                     "extern \"C\" __host__ cudaError_t cudaThreadExit(void);\n"
                     "#endif\n");
  if (options.toolkit().empty()) {
    files.emplace_back(kCudaBuiltinHeaderPath.str(), cudaBuiltinHeader().str());
    for (const char *header :
         {"cuda_runtime.h", "cuda.h", "cuda_runtime_api.h",
          "device_launch_parameters.h", "cooperative_groups.h", "cuda/atomic",
          "cuda/std/atomic", "cuda/barrier", "cooperative_groups/reduce.h"})
      files.emplace_back(std::string(kCudaBuiltinIncludeDir) + "/" + header,
                         "#pragma clang system_header\n");
  }
  for (const auto &[name, text] : options.overlays)
    files.emplace_back(name, text);
  std::vector<std::string> args = options.driverArgs();
  recordSkippedText(args);
  std::unique_ptr<clang::ASTUnit> unit =
      clang::tooling::buildASTFromCodeWithArgs(
          contents, args, path, "xfence",
          std::make_shared<clang::PCHContainerOperations>(),
          clang::tooling::getClangStripDependencyFileAdjuster(), files,
          printer.get());
  if (!unit)
    return nullptr;
  // The unit's buffers of the files read from memory point into `files`:
  // they live as long as the parse, with its printer.
  printer->files = std::move(files);
  return std::make_unique<ParsedSource>(std::move(unit), std::move(printer));
}

//===- CudaSource.h - Parse a CUDA file (device) ----------------*- C++ -*-===//
//
// Parses CUDA C++ with clang's CUDA mode, device side only
// (--cuda-device-only), either with the CUDA toolkit headers (--cuda-path,
// --cuda-gpu-arch) or, where there is no toolkit or the user asks for it,
// with a small built-in header of declarations (CudaBuiltinHeader.cpp) that
// declares what the importer and the rewriter know. See
// docs/cuda-to-opencl.md.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_FRONTENDS_CUDA_CUDASOURCE_H
#define XFENCE_FRONTENDS_CUDA_CUDASOURCE_H

#include "frontends/common/ClangSession.h"

#include <memory>
#include <string>

namespace xfence {

struct CudaSourceOptions {
  /// -D and -I (`standard` is unused: CUDA is parsed as C++17);
  /// `buildOptions` are further clang arguments, given as they are (the
  /// fuzzers' -nostdlibinc).
  SourceOptions source;
  /// The CUDA toolkit; empty for /usr/local/cuda.
  std::string cudaPath;
  /// --cuda-gpu-arch (default sm_90).
  std::string gpuArch;
  /// Use the built-in header even where the toolkit exists.
  bool builtinHeader = false;
  /// Files read with other contents than on disk (path as the parse
  /// opens it, contents).
  std::vector<std::pair<std::string, std::string>> overlays;

  /// The toolkit directory that the parse uses, or empty when it uses the
  /// built-in header (forced, or no toolkit at `cudaPath`).
  std::string toolkit() const;
  /// The clang driver arguments of the parse.
  std::vector<std::string> driverArgs() const;
};

/// The text of the built-in header (declarations only).
llvm::StringRef cudaBuiltinHeader();
/// Where the built-in header lives in the parse's virtual file system.
constexpr llvm::StringLiteral kCudaBuiltinHeaderPath =
    "/xfence-builtin/xfence_cuda_builtins.h";
/// A declaration that a parse with the toolkit needs for kernel launches.
constexpr llvm::StringLiteral kCudaLaunchHeaderPath =
    "/xfence-builtin/xfence_cuda_launch.h";
/// Where the built-in parse finds (empty) toolkit headers such as
/// <cuda/atomic> and <cooperative_groups.h>.
constexpr llvm::StringLiteral kCudaBuiltinIncludeDir =
    "/xfence-builtin/include";

/// Parses `contents` as the CUDA file `path`; diagnostics go to `diagOS`
/// in clang's format. Null if clang could not build an AST.
std::unique_ptr<ParsedSource> parseCudaSource(llvm::StringRef path,
                                              llvm::StringRef contents,
                                              const CudaSourceOptions &options,
                                              llvm::raw_ostream &diagOS);

} // namespace xfence

#endif // XFENCE_FRONTENDS_CUDA_CUDASOURCE_H

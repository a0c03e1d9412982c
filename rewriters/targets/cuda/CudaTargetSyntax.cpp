//===- CudaTargetSyntax.cpp - how CUDA C++ spells a kernel ----------------===//

#include "rewriters/targets/cuda/CudaTargetSyntax.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace xfence;

static llvm::Expected<xfence::OutputCompiler> cudaOutputCompiler() {
  // -rdc: a translation may call a function that another file defines, as
  // its source may.
  std::optional<std::string> nvcc =
      findProgram("XFENCE_NVCC", {"nvcc", "/usr/local/cuda/bin/nvcc"});
  if (!nvcc)
    return llvm::createStringError("nvcc (XFENCE_NVCC) not found");
  return OutputCompiler{
      "nvcc",
      *nvcc,
      {"-std=c++17", "-arch=sm_90", "-rdc=true", "-c", "-o", "/dev/null"},
      ".cu"};
}

const xfence::TargetSyntax &xfence::cudaTargetSyntax() {
  // cuda_fp16.h's half.
  static const TargetSyntax syntax = cudaLikeSyntax(
      "CUDA", "cuda", "", {"__half", "__half2float", "__float2half_rn"},
      cudaOutputCompiler);
  return syntax;
}

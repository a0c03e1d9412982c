//===- AlpakaTargetSyntax.cpp - how alpaka 3 spells a kernel --------------===//
//
// alpaka 3's kernels are functors whose block is one work-group; the route
// (docs/opencl-to-alpaka.md) writes them, with their __local memory in the
// block's shared memory and the work-item functions as members of the
// work-item object `xfence_wi` that it puts in scope. Every other function
// is an ALPAKA_FN_ACC one; alpaka has no variable qualifiers of its own.
// The OpenCL C library's CUDA intrinsics are the C++ functions of
// library/Runtime.hpp (xfence_alpaka::cuda_*), which the route's prelude
// carries; alpaka has no half type.
//
//===----------------------------------------------------------------------===//

#include "rewriters/targets/alpaka/AlpakaTargetSyntax.h"

#include "backends/common/EmbeddedFile.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include "llvm/ADT/STLExtras.h"

using namespace xfence;

XFENCE_EMBED(xfence_alpaka_runtime, XFENCE_ALPAKA_RUNTIME_HPP)

llvm::StringRef xfence::alpakaRuntimeText() {
  return withoutFileHeader(XFENCE_EMBEDDED(xfence_alpaka_runtime));
}

/// The intrinsics that library/Runtime.hpp defines as cuda_<name>.
static bool hasIntrinsic(llvm::StringRef name) {
  // The conversions float|double -> int|uint|ll|ull in each rounding mode.
  if ((name.consume_front("float2") || name.consume_front("double2")) &&
      name.size() > 3 && name.drop_back().ends_with("_r")) {
    char mode = name.back();
    llvm::StringRef to = name.drop_back(3);
    return llvm::is_contained({"int", "uint", "ll", "ull"}, to) &&
           llvm::is_contained({'n', 'z', 'u', 'd'}, mode);
  }
  return llvm::is_contained(
      {"mul24", "umul24", "mulhi", "umulhi",  "mul64hi", "umul64hi",
       "popc",  "popcll", "clz",   "clzll",   "ffs",     "ffsll",
       "sinf",  "cosf",   "tanf",  "expf",    "exp10f",  "logf",
       "log2f", "log10f", "powf",  "fdividef"},
      name);
}

static llvm::Expected<xfence::OutputCompiler> alpakaOutputCompiler() {
  // alpaka 3 is header-only and not packaged: XFENCE_ALPAKA_INCLUDE names
  // its include/ directory. Its CPU back ends, without TBB and OpenMP.
  std::optional<std::string> include =
      llvm::sys::Process::GetEnv("XFENCE_ALPAKA_INCLUDE");
  std::optional<std::string> cxx =
      findProgram("XFENCE_ALPAKA_CXX", {"g++-12", "g++", "c++"});
  if (!include || include->empty() || !cxx)
    return llvm::createStringError(
        "alpaka's headers are not named (XFENCE_ALPAKA_INCLUDE)");
  return OutputCompiler{"g++ with alpaka's headers",
                        *cxx,
                        {"-std=c++20", "-fsyntax-only", "-I" + *include,
                         "-DALPAKA_DISABLE_EXEC_CpuTbbBlocks",
                         "-DALPAKA_DISABLE_EXEC_CpuOmpBlocks"},
                        ".cpp"};
}

const xfence::TargetSyntax &xfence::alpakaTargetSyntax() {
  static const TargetSyntax syntax = {"alpaka",
                                      "ALPAKA_FN_ACC ",
                                      /*kernelQualifier=*/"",
                                      /*variableQualifiers=*/{},
                                      /*runtimePrefix=*/"",
                                      /*kernelHandleCast=*/"",
                                      /*workItemObject=*/"xfence_wi",
                                      {"ALPAKA_FN_HOST_ACC", "ALPAKA_FN_ACC",
                                       "xfence_alpaka::cuda_", hasIntrinsic,
                                       "alpaka's CPU back ends lack", "std::",
                                       /*half=*/{}},
                                      alpakaOutputCompiler};
  return syntax;
}

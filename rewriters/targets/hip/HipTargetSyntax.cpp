//===- HipTargetSyntax.cpp - how HIP spells a kernel ----------------------===//
//
// HIP's device language is CUDA's (the same qualifiers and built-in
// indices); its host API is CUDA's with the prefix `hip` (hipError_t,
// hipStream_t, hipGetLastError, ...), and hipFuncSetAttribute takes the
// kernel as a `const void *`. Its half is clang's _Float16 under xfence's
// own names, which the route's prelude declares, for OpenCL C's `half`
// (CUDA's __half keeps HIP's <hip/hip_fp16.h>; the output check reads that
// header under clang 22 with kClang22HipShim).
//
//===----------------------------------------------------------------------===//

#include "rewriters/targets/hip/HipTargetSyntax.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace xfence;

/// The shim the check reads before the file: HIP 5.2's half header under
/// clang 22 (clang22-hip-shim.h says why).
#include "HipShim.inc"

static llvm::Expected<xfence::OutputCompiler> hipOutputCompiler() {
  // HIP's headers (Debian's libamdhip64-dev: /usr/include/hip) under clang's
  // HIP mode, for gfx90a; HIP 5.2's headers read __AMDGCN_WAVEFRONT_SIZE,
  // which clang 22 no longer defines.
  // XFENCE_HIP_INCLUDE: directories, separated by ':', with HIP's headers
  // and those of the ROCm libraries that translations include (hipCUB,
  // rocThrust), each read as a system directory.
  std::optional<std::string> clang = findClang();
  std::optional<std::string> include =
      llvm::sys::Process::GetEnv("XFENCE_HIP_INCLUDE");
  llvm::SmallVector<llvm::StringRef> dirs;
  if (include)
    llvm::StringRef(*include).split(dirs, ':', -1, /*KeepEmpty=*/false);
  bool found = false;
  llvm::SmallVector<llvm::StringRef> searched(dirs);
  searched.push_back("/usr/include");
  for (llvm::StringRef dir : searched) {
    llvm::SmallString<128> runtime(dir);
    llvm::sys::path::append(runtime, "hip", "hip_runtime.h");
    found |= llvm::sys::fs::exists(runtime);
  }
  if (!clang || !found)
    return llvm::createStringError(
        "clang with HIP's headers (XFENCE_HIP_INCLUDE) not found");
  OutputCompiler compiler{"clang -x hip",
                          *clang,
                          {"-x", "hip", "--offload-arch=gfx90a", "-nogpulib",
                           "-D__AMDGCN_WAVEFRONT_SIZE=64", "-std=c++17",
                           "-fsyntax-only"},
                          ".hip",
                          kClang22HipShim.str()};
  for (llvm::StringRef dir : dirs)
    compiler.args.push_back("-isystem" + dir.str());
  return compiler;
}

const xfence::TargetSyntax &xfence::hipTargetSyntax() {
  // HIP has CUDA's device intrinsics but __isShared (HIP 5.2's headers
  // declare no address-space query).
  static const TargetSyntax syntax = cudaLikeSyntax(
      "HIP", "hip", "(const void *)",
      {"xfence_half", "xfence_half2float", "xfence_float2half_rn"},
      hipOutputCompiler,
      [](llvm::StringRef name) { return name != "isShared"; }, "HIP lacks");
  return syntax;
}

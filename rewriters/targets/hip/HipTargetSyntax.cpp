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
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace xfence;

/// HIP 5.2's <hip/hip_fp16.h> (which hipRAND and rocPRIM include too)
/// calls __llvm_amdgcn_rcp_f16 and __llvm_amdgcn_rcp_2f16, which the clang
/// of HIP 5.2's time declared in its HIP headers and clang 22's do not: under
/// clang 22 no file that includes it compiles, a mismatch of Debian's two
/// packages and not of the translation. The check supplies the two as clang's
/// f16 reciprocal builtin (v_rcp_f16, what the old declarations named).
constexpr llvm::StringLiteral kClang22HipShim =
    "#pragma clang system_header\n"
    "#if defined(__clang_major__) && __clang_major__ >= 22\n"
    "__device__ inline _Float16 __llvm_amdgcn_rcp_f16(_Float16 x) {\n"
    "  return __builtin_amdgcn_rcph(x);\n"
    "}\n"
    "__device__ inline __2f16 __llvm_amdgcn_rcp_2f16(__2f16 x) {\n"
    "  return __2f16{__builtin_amdgcn_rcph(x.x), "
    "__builtin_amdgcn_rcph(x.y)};\n"
    "}\n"
    "#endif\n";

static llvm::Expected<xfence::OutputCompiler> hipOutputCompiler() {
  // HIP's headers (Debian's libamdhip64-dev: /usr/include/hip) under clang's
  // HIP mode, for gfx90a; HIP 5.2's headers read __AMDGCN_WAVEFRONT_SIZE,
  // which clang 22 no longer defines.
  std::optional<std::string> clang = findClang();
  std::optional<std::string> include =
      llvm::sys::Process::GetEnv("XFENCE_HIP_INCLUDE");
  llvm::SmallString<128> runtime(include.value_or("/usr/include"));
  llvm::sys::path::append(runtime, "hip", "hip_runtime.h");
  if (!clang || !llvm::sys::fs::exists(runtime))
    return llvm::createStringError(
        "clang with HIP's headers (XFENCE_HIP_INCLUDE) not found");
  OutputCompiler compiler{"clang -x hip",
                          *clang,
                          {"-x", "hip", "--offload-arch=gfx90a", "-nogpulib",
                           "-D__AMDGCN_WAVEFRONT_SIZE=64", "-std=c++17",
                           "-fsyntax-only"},
                          ".hip",
                          kClang22HipShim.str()};
  if (include)
    compiler.args.push_back("-isystem" + *include);
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

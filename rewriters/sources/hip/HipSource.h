//===- HipSource.h - HIP as a source language -------------------*- C++ -*-===//
//
// A HIP file is parsed by clang in CUDA mode with a built-in
// <hip/hip_runtime.h> that names HIP's runtime API by CUDA's names (HIP's
// device language is CUDA's; its sync builtins are imported by
// frontends/cuda, docs/semantics.md §3.6). What is HIP's own: that header,
// the parse options that bring it in as hipcc does, and the wavefront
// functions, whose width is 64 lanes on the AMD GPUs HIP targets by default
// (the CUDA route translates them as HIP runs them on NVIDIA GPUs, the
// others refuse them). Every route from HIP starts here.
//
//===----------------------------------------------------------------------===//

#ifndef XFENCE_REWRITERS_SOURCES_HIP_HIPSOURCE_H
#define XFENCE_REWRITERS_SOURCES_HIP_HIPSOURCE_H

#include "frontends/common/ClangSession.h"
#include "frontends/cuda/CudaSource.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace xfence {

/// Where the built-in HIP headers are in the parse's file system.
constexpr llvm::StringLiteral kHipIncludeDir = "/xfence-hip/include";
/// The built-in <hip/hip_runtime.h> (hipCompatHeader's text) there.
constexpr llvm::StringLiteral kHipRuntimeHeader =
    "/xfence-hip/include/hip/hip_runtime.h";

/// The C and C++ headers that <hip/hip_runtime.h> brings (HIP 5.2 with
/// clang's HIP wrapper headers: <thread>, <string> and <sstream> among
/// them, not <vector> or <iostream>) and HIP code relies on; a
/// translation's output includes them too.
/// The C headers first: clang's <new> for CUDA (cuda_wrappers) needs
/// ::malloc declared where the parse has no CUDA runtime wrapper (the
/// built-in header).
constexpr llvm::StringLiteral kHipStandardHeaders =
    "#include <cassert>\n#include <cmath>\n#include <cstddef>\n"
    "#include <cstdint>\n#include <cstdio>\n#include <cstdlib>\n"
    "#include <cstring>\n#include <ctime>\n#include <algorithm>\n"
    "#include <array>\n#include <limits>\n#include <sstream>\n"
    "#include <stdexcept>\n#include <string>\n#include <thread>\n"
    "#include <utility>\n";

/// hipMemPrefetchAsync(p, n, device, stream): CUDA 13 takes the place as a
/// cudaMemLocation and flags (cuda_runtime_api.h), CUDA 12 as HIP does. The
/// name becomes this helper's, which the output's prelude defines where it
/// is used.
constexpr llvm::StringLiteral kHipMemPrefetchHelper =
    "inline cudaError_t xfence_hipMemPrefetchAsync(const void *devPtr,\n"
    "                                              size_t count, int device,\n"
    "                                              cudaStream_t stream = 0) "
    "{\n"
    "#if CUDART_VERSION >= 13000\n"
    "  cudaMemLocation location = {};\n"
    "  location.type = device == cudaCpuDeviceId ? cudaMemLocationTypeHost\n"
    "                                            : "
    "cudaMemLocationTypeDevice;\n"
    "  location.id = device;\n"
    "  return cudaMemPrefetchAsync(devPtr, count, location, 0, stream);\n"
    "#else\n"
    "  return cudaMemPrefetchAsync(devPtr, count, device, stream);\n"
    "#endif\n"
    "}\n";

/// CUDA's name of each HIP runtime name that the HIP name table knows
/// (rewriters/names/HipNames.h, reversed), and early HIP's index macros
/// (hipThreadIdx_x is threadIdx.x).
const llvm::StringMap<std::string> &cudaNameOfHip();

/// The text of the built-in <hip/hip_runtime.h> that a HIP file is parsed
/// with. For the CUDA route (`cudaRoute`), it declares what HIP has, CUDA's
/// headers lack and that route translates: HIP's operators on vector types
/// (HipVectorOperators.h), min and max in host code (nvcc has them), and,
/// without the CUDA `toolkit` (whose headers declare CUDA's legacy
/// functions of those names instead), HIP's shuffles and votes (__shfl*,
/// __any, __all, __ballot, __activemask) with HIP's types.
std::string hipCompatHeader(bool cudaRoute = false, bool toolkit = false);

/// HIP's headers of half-precision, bfloat16 and fp8 arithmetic and the
/// CUDA header that declares the same functions (hip/hip_fp16.h:
/// cuda_fp16.h, ...).
llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>>
hipArithmeticHeaders();

/// The options of the CUDA-mode parse that reads a HIP file: `options` with
/// the built-in HIP headers, included first as hipcc does; for the CUDA
/// route (`cudaRoute`), with what that route translates (see
/// hipCompatHeader).
CudaSourceOptions hipParseOptions(const CudaSourceOptions &options,
                                  bool cudaRoute = false);

/// A call, in the user's code, of one of HIP's wavefront functions.
struct WavefrontCall {
  /// The function's name (__shfl, __ballot, __syncwarp, ...).
  std::string name;
  /// Where the name is written at the call (its one token).
  clang::SourceRange nameRange;
  /// In a template: the name also found a user function of that name, so
  /// the call may be the user's once instantiated.
  bool mayBeUsers = false;
};

/// The wavefront function that `call` calls, if it is one of HIP's (not a
/// user function of the same name) and `call` is in the user's code. A call
/// in a template whose arguments depend on a template parameter is
/// described by the overloads its name found.
std::optional<WavefrontCall> wavefrontCall(ParsedSource &src,
                                           const clang::CallExpr *call);

/// Reports at `call` that it has no form in `target` that keeps its
/// meaning.
void reportWavefrontCall(ParsedSource &src, const clang::CallExpr *call,
                         llvm::StringRef name, llvm::StringRef target);

/// Reports, at each call in the user's code, the wavefront functions
/// (__shfl, __ballot, __syncwarp, ...) as having no form in `target` that
/// keeps their meaning. True if there was one.
bool reportWavefrontCalls(ParsedSource &src, llvm::StringRef target);

} // namespace xfence

#endif // XFENCE_REWRITERS_SOURCES_HIP_HIPSOURCE_H

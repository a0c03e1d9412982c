//===- HipSource.cpp - HIP as a source language ---------------------------===//

#include "rewriters/sources/hip/HipSource.h"

#include "rewriters/common/CalledFunction.h"
#include "rewriters/names/HipNames.h"
#include "rewriters/sources/hip/HipVectorOperators.h"

#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"

#include <algorithm>
#include <vector>

using namespace xfence;
using clang::DiagnosticsEngine;

namespace {

/// HIP's wavefront functions: their width is the wavefront's (64 lanes on
/// the AMD GPUs HIP targets by default), a CUDA warp has 32, and the CUDA
/// toolkit declares some of the same names (CUDA 8's unmasked shuffles and
/// votes) that nvcc no longer compiles for sm_70 and later. HIP's
/// __syncwarp (ROCm 7.0, amd_warp_sync_functions.h) is a wavefront
/// barrier between wavefront-scope fences: it orders all 64 lanes, where
/// CUDA's __syncwarp of the same name orders 32.
static bool isWavefrontFunction(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor", "__ballot",
              "__any", "__all", "__activemask", "__lane_id",
              "__builtin_amdgcn_wave_barrier", "__syncwarp"},
             true)
      .Default(false);
}

/// Reports every call of HIP's wavefront functions in the user's code.
class WavefrontCalls : public clang::DynamicRecursiveASTVisitor {
public:
  WavefrontCalls(ParsedSource &src, llvm::StringRef target)
      : src(src), target(target) {}
  // The instantiations are not visited: one report per call as written.
  bool VisitCallExpr(clang::CallExpr *call) override {
    std::optional<WavefrontCall> wave = wavefrontCall(src, call);
    if (!wave || wave->mayBeUsers)
      return true;
    reportWavefrontCall(src, call, wave->name, target);
    found = true;
    return true;
  }
  bool found = false;

private:
  ParsedSource &src;
  llvm::StringRef target;
};

} // namespace

/// HIP's spelling of each CUDA runtime name that the CUDA-to-HIP table
/// knows, reversed. Where two CUDA names share one HIP name (a deprecated
/// CUDA name and its successor), the one spelled like the HIP name wins.
const llvm::StringMap<std::string> &xfence::cudaNameOfHip() {
  static const llvm::StringMap<std::string> names = [] {
    llvm::StringMap<std::string> map;
    for (const auto &[cuda, hip] : hipRuntimeNames()) {
      auto [it, inserted] = map.try_emplace(hip, cuda);
      if (!inserted && llvm::StringRef(hip).drop_front(3) ==
                           llvm::StringRef(cuda).drop_front(4))
        it->second = cuda;
    }
    // hipHostMalloc(p, size[, flags]): HIP declares the flags with a
    // default (hip_runtime_api.h); cudaHostAlloc has none, CUDA's C++
    // cudaMallocHost takes both forms (cuda_runtime.h) and gives the same
    // cudaHostAlloc. The flags keep their values: hipHostMallocDefault,
    // Portable, Mapped and WriteCombined are cudaHostAlloc's 0, 1, 2, 4;
    // AMD's coherence and NUMA flags have no CUDA name (an error).
    map["hipHostMalloc"] = "cudaMallocHost";
    map["hipMemPrefetchAsync"] = "xfence_hipMemPrefetchAsync";
    // HIP's older names of the same functions (hip_runtime_api.h,
    // deprecated there).
    map["hipMallocHost"] = "cudaMallocHost";
    map["hipFreeHost"] = "cudaFreeHost";
    // HIP's float and double atomic adds that say which AMD instruction
    // they may use (amd_hip_unsafe_atomics.h): relaxed, at agent scope,
    // as atomicAdd is; "unsafe" is about AMD's fine-grained memory, which
    // CUDA's atomicAdd does not have to spare.
    map["unsafeAtomicAdd"] = "atomicAdd";
    map["safeAtomicAdd"] = "atomicAdd";
    // The half-precision headers' types that HIP spells its own way
    // (hip_bf16.h, hip_fp8.h); their functions have CUDA's names.
    map["__hip_bfloat16"] = "__nv_bfloat16";
    map["__hip_bfloat162"] = "__nv_bfloat162";
    map["__hip_fp8_e4m3"] = "__nv_fp8_e4m3";
    map["__hip_fp8_e5m2"] = "__nv_fp8_e5m2";
    map["__hip_fp8x2_e4m3"] = "__nv_fp8x2_e4m3";
    map["__hip_fp8x2_e5m2"] = "__nv_fp8x2_e5m2";
    map["__hip_fp8x4_e4m3"] = "__nv_fp8x4_e4m3";
    map["__hip_fp8x4_e5m2"] = "__nv_fp8x4_e5m2";
    // The index macros of early HIP.
    for (const char *dim : {"x", "y", "z"}) {
      map[std::string("hipThreadIdx_") + dim] = std::string("threadIdx.") + dim;
      map[std::string("hipBlockIdx_") + dim] = std::string("blockIdx.") + dim;
      map[std::string("hipBlockDim_") + dim] = std::string("blockDim.") + dim;
      map[std::string("hipGridDim_") + dim] = std::string("gridDim.") + dim;
    }
    return map;
  }();
  return names;
}

/// HIP's shuffles and votes with HIP's types (HIP 5.2, amd_warp_functions.h
/// and amd_device_functions.h); the default width is HIP's warpSize on
/// NVIDIA GPUs. __lane_id is left undeclared: no translation keeps its
/// meaning.
static constexpr llvm::StringLiteral kHipWavefrontDeclarations =
    R"(#define XFENCE_HIP_SHUFFLES(T) \
  __device__ T __shfl(T, int, int = 32); \
  __device__ T __shfl_up(T, unsigned, int = 32); \
  __device__ T __shfl_down(T, unsigned, int = 32); \
  __device__ T __shfl_xor(T, int, int = 32);
XFENCE_HIP_SHUFFLES(int)
XFENCE_HIP_SHUFFLES(unsigned)
XFENCE_HIP_SHUFFLES(long)
XFENCE_HIP_SHUFFLES(unsigned long)
XFENCE_HIP_SHUFFLES(long long)
XFENCE_HIP_SHUFFLES(unsigned long long)
XFENCE_HIP_SHUFFLES(float)
XFENCE_HIP_SHUFFLES(double)
#undef XFENCE_HIP_SHUFFLES
__device__ int __any(int);
__device__ int __all(int);
__device__ unsigned long long __ballot(int);
__device__ unsigned long long __activemask();
)";

/// min and max in host code as HIP declares them (clang's
/// __clang_hip_math.h, the same as HIP 5.2's amd_math_functions.h by
/// default): int's only, unless the program asks for more with HIP's
/// macros. Clang's CUDA mode declares no host min or max; nvcc declares
/// more (float, unsigned, mixed signs), which would change what a call
/// means: the CUDA route renames each call to a helper of the prelude with
/// this set (hipHostMinMax).
static constexpr llvm::StringLiteral kHostMinMax =
    R"(#define XFENCE_HOST_MIN_MAX(R, A, B) \
  __host__ R min(A, B); \
  __host__ R max(A, B);
#ifndef __HIP_NO_HOST_MIN_MAX_IN_GLOBAL_NAMESPACE__
XFENCE_HOST_MIN_MAX(int, int, int)
#if __HIP_DEFINE_EXTENDED_HOST_MIN_MAX__
XFENCE_HOST_MIN_MAX(unsigned int, unsigned int, unsigned int)
XFENCE_HOST_MIN_MAX(long, long, long)
XFENCE_HOST_MIN_MAX(unsigned long, unsigned long, unsigned long)
XFENCE_HOST_MIN_MAX(long long, long long, long long)
XFENCE_HOST_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
XFENCE_HOST_MIN_MAX(float, float, float)
XFENCE_HOST_MIN_MAX(double, double, double)
XFENCE_HOST_MIN_MAX(double, float, double)
XFENCE_HOST_MIN_MAX(double, double, float)
#endif
#if __HIP_DEFINE_MIXED_HOST_MIN_MAX__
XFENCE_HOST_MIN_MAX(unsigned int, int, unsigned int)
XFENCE_HOST_MIN_MAX(unsigned int, unsigned int, int)
XFENCE_HOST_MIN_MAX(unsigned long, long, unsigned long)
XFENCE_HOST_MIN_MAX(unsigned long, unsigned long, long)
XFENCE_HOST_MIN_MAX(unsigned long long, long long, unsigned long long)
XFENCE_HOST_MIN_MAX(unsigned long long, unsigned long long, long long)
#endif
#endif
#undef XFENCE_HOST_MIN_MAX
)";

std::optional<WavefrontCall>
xfence::wavefrontCall(ParsedSource &src, const clang::CallExpr *call) {
  if (!src.isUserLocation(call->getBeginLoc()))
    return std::nullopt;
  CalledFunction called = calledFunction(src, call);
  WavefrontCall wave;
  wave.name = called.name;
  wave.nameRange = called.nameRange;
  wave.mayBeUsers = called.mayBeUsers && !call->getDirectCallee();
  bool declaredByUser = called.declaredByUser;
  if (wave.name.empty() || !isWavefrontFunction(wave.name) || declaredByUser)
    return std::nullopt;
  return wave;
}

void xfence::reportWavefrontCall(ParsedSource &src, const clang::CallExpr *call,
                                 llvm::StringRef name, llvm::StringRef target) {
  src.report(call->getBeginLoc(), DiagnosticsEngine::Error,
             "'" + name.str() + "' has no " + target.str() +
                 " form that keeps its meaning: it works on a wavefront "
                 "(64 lanes on AMD GPUs) where a CUDA warp has 32" +
                 (name == "__syncwarp"
                      ? std::string(" (HIP's __syncwarp orders the whole "
                                    "wavefront; CUDA's orders one warp)")
                      : std::string()));
}

std::string xfence::hipCompatHeader(bool cudaRoute, bool toolkit) {
  std::string text = "// xfence: HIP's names for a CUDA parse "
                     "(docs/hip-to-cuda.md).\n"
                     "#pragma clang system_header\n"
                     "#pragma once\n";
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const auto &entry : cudaNameOfHip())
    pairs.emplace_back(entry.getKey().str(), entry.getValue());
  llvm::sort(pairs);
  for (const auto &[hip, cuda] : pairs)
    text += "#define " + hip + " " + cuda + "\n";
  // What HIP's <hip/hip_runtime.h> includes and HIP code relies on (HIP
  // 5.2, amd_detail/amd_hip_runtime.h), and printf, which HIP declares for
  // device code and CUDA in <cstdio>; the output's prelude has the same.
  text += kHipStandardHeaders;
  text +=
      R"(#define hipLaunchKernelGGL(kernel, grid, block, shared, stream, ...) \
  kernel<<<grid, block, shared, stream>>>(__VA_ARGS__)
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(symbol) symbol
#define HIP_DYNAMIC_SHARED(type, name) extern __shared__ type name[];
#define __HIP_MEMORY_SCOPE_SINGLETHREAD 1
#define __HIP_MEMORY_SCOPE_WAVEFRONT 2
#define __HIP_MEMORY_SCOPE_WORKGROUP 3
#define __HIP_MEMORY_SCOPE_AGENT 4
#define __HIP_MEMORY_SCOPE_SYSTEM 5
#define __HIP_MEMORY_SCOPE_CLUSTER 6
__device__ void __builtin_amdgcn_fence(int, const char *);
__device__ void __builtin_amdgcn_s_barrier();
)";
  if (cudaRoute && !toolkit)
    text += kHipWavefrontDeclarations;
  if (cudaRoute) {
    // Parsed with the toolkit: the helper as the output has it; with the
    // built-in CUDA header, which declares no prefetch: its declaration.
    text +=
        "#ifdef CUDART_VERSION\n" + kHipMemPrefetchHelper.str() +
        "#else\n"
        "cudaError_t xfence_hipMemPrefetchAsync(const void *, size_t, int,\n"
        "                                       cudaStream_t = 0);\n"
        "#endif\n";
    text += kHostMinMax;
    text += hipVectorOperators(cudaVectorTypes());
  }
  return text;
}

llvm::ArrayRef<std::pair<llvm::StringRef, llvm::StringRef>>
xfence::hipArithmeticHeaders() {
  static const std::pair<llvm::StringRef, llvm::StringRef> headers[] = {
      {"hip/hip_fp16.h", "cuda_fp16.h"},
      {"hip/hip_bf16.h", "cuda_bf16.h"},
      {"hip/hip_fp8.h", "cuda_fp8.h"}};
  return headers;
}

CudaSourceOptions xfence::hipParseOptions(const CudaSourceOptions &options,
                                          bool cudaRoute) {
  CudaSourceOptions source = options;
  std::string runtime = kHipRuntimeHeader.str();
  // The toolkit's headers (with clang's) declare CUDA's legacy shuffles and
  // votes of the same names: a second declaration would conflict.
  bool toolkit = !options.toolkit().empty();
  source.overlays.emplace_back(runtime, hipCompatHeader(cudaRoute, toolkit));
  // The built-in CUDA header then leaves HIP's names to the compat header.
  if (cudaRoute && !toolkit)
    source.source.buildOptions.push_back("-DXFENCE_HIP_WAVEFRONT_NAMES");
  source.overlays.emplace_back(
      (kHipIncludeDir + "/hip/hip_runtime_api.h").str(),
      "#pragma clang system_header\n#include <hip/hip_runtime.h>\n");
  source.overlays.emplace_back(
      (kHipIncludeDir + "/hip/hip_cooperative_groups.h").str(),
      "#pragma clang system_header\n#include <hip/hip_runtime.h>\n"
      "#include <cooperative_groups.h>\n");
  // HIP's half, bfloat16 and fp8 headers declare CUDA's functions under
  // CUDA's names (the types renamed by cudaNameOfHip): the parse reads the
  // CUDA headers, as the output will.
  for (const auto &[hip, cuda] : hipArithmeticHeaders())
    source.overlays.emplace_back(
        (kHipIncludeDir + "/" + hip).str(),
        "#pragma clang system_header\n#include <hip/hip_runtime.h>\n"
        "#include <" +
            cuda.str() + ">\n");
  // hipcc includes <hip/hip_runtime.h> by itself: so does the parse.
  source.source.buildOptions.insert(
      source.source.buildOptions.begin(),
      {"-isystem" + kHipIncludeDir.str(), "-include", runtime});
  // The toolkit's __ballot and __activemask have 32 bits where HIP's have
  // 64: clang would warn about code that is right for HIP's (a shift by
  // 32, a comparison with a 64-bit mask).
  if (cudaRoute && toolkit)
    for (const char *flag : {"-Wno-shift-count-overflow",
                             "-Wno-tautological-constant-out-of-range-compare"})
      source.source.buildOptions.push_back(flag);
  return source;
}

bool xfence::reportWavefrontCalls(ParsedSource &src, llvm::StringRef target) {
  WavefrontCalls calls(src, target);
  calls.TraverseAST(src.getContext());
  return calls.found;
}

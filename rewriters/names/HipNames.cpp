//===- HipNames.cpp - CUDA runtime names and their HIP names --------------===//

#include "rewriters/names/HipNames.h"

#include "mlir/IR/Operation.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace xfence;

namespace {

/// CUDA runtime names whose HIP name is the same with `hip` for `cuda`.
const char *const kSamePattern[] = {
    // Errors.
    "cudaError_t",
    "cudaSuccess",
    "cudaGetLastError",
    "cudaPeekAtLastError",
    "cudaGetErrorString",
    "cudaGetErrorName",
    "cudaErrorInvalidValue",
    "cudaErrorMemoryAllocation",
    "cudaErrorNotReady",
    "cudaErrorInvalidDevice",
    "cudaErrorNoDevice",
    "cudaErrorInvalidConfiguration",
    "cudaErrorLaunchFailure",
    "cudaErrorAssert",
    "cudaErrorUnknown",
    // Texture objects and the arrays behind them (read-only fetches: no
    // synchronization), as the CUDA samples use them.
    "cudaTextureObject_t",
    "cudaCreateTextureObject",
    "cudaDestroyTextureObject",
    "cudaResourceDesc",
    "cudaTextureDesc",
    "cudaResourceTypeArray",
    "cudaResourceTypeLinear",
    "cudaResourceTypePitch2D",
    "cudaAddressModeWrap",
    "cudaAddressModeClamp",
    "cudaAddressModeMirror",
    "cudaAddressModeBorder",
    "cudaFilterModePoint",
    "cudaFilterModeLinear",
    "cudaReadModeElementType",
    "cudaReadModeNormalizedFloat",
    "cudaArray_t",
    "cudaMallocArray",
    "cudaFreeArray",
    "cudaMemcpy2DToArray",
    "cudaMemcpy2DFromArray",
    "cudaChannelFormatDesc",
    "cudaCreateChannelDesc",
    "cudaChannelFormatKindSigned",
    "cudaChannelFormatKindUnsigned",
    "cudaChannelFormatKindFloat",
    "cudaExtent",
    "cudaPitchedPtr",
    "cudaPos",
    "cudaMalloc3DArray",
    "cudaMemcpy3DParms",
    "cudaMemcpy3D",
    "cudaFuncSetAttribute",
    "cudaDeviceDisablePeerAccess",
    "cudaMemcpyPeerAsync",
    "cudaStreamAddCallback",
    "cudaDeviceSetLimit",
    "cudaDeviceGetStreamPriorityRange",
    "cudaStreamCreateWithPriority",
    "cudaFuncAttributeMaxDynamicSharedMemorySize",
    "cudaDeviceGetLimit",
    "cudaLimitMallocHeapSize",
    "cudaDeviceSetSharedMemConfig",
    "cudaSharedMemBankSizeEightByte",
    "cudaMalloc3D",
    // Stream-ordered allocation and memory pools.
    "cudaMallocAsync",
    "cudaFreeAsync",
    "cudaMemPool_t",
    "cudaMemPoolSetAttribute",
    "cudaMemPoolAttrReleaseThreshold",
    "cudaDeviceGetDefaultMemPool",
    "cudaMemLocation",
    "cudaMemLocationTypeDevice",
    "cudaCpuDeviceId",
    // Graphs captured from a stream (cudaGraphInstantiate: kRenamed).
    "cudaGraph_t",
    "cudaGraphExec_t",
    "cudaGraphLaunch",
    "cudaGraphExecDestroy",
    "cudaGraphDestroy",
    "cudaStreamBeginCapture",
    "cudaStreamEndCapture",
    "cudaStreamCaptureModeGlobal",
    "cudaStreamCaptureModeThreadLocal",
    "cudaStreamCaptureModeRelaxed",
    // Devices.
    "cudaSetDevice",
    "cudaGetDevice",
    "cudaGetDeviceCount",
    "cudaGetDeviceProperties",
    "cudaDeviceSynchronize",
    "cudaDeviceReset",
    "cudaDeviceGetAttribute",
    "cudaSetDeviceFlags",
    "cudaChooseDevice",
    "cudaDriverGetVersion",
    "cudaRuntimeGetVersion",
    "cudaDeviceSetCacheConfig",
    "cudaDeviceGetCacheConfig",
    "cudaDeviceCanAccessPeer",
    "cudaDeviceEnablePeerAccess",
    "cudaDeviceScheduleAuto",
    "cudaDeviceScheduleSpin",
    "cudaDeviceScheduleYield",
    "cudaDeviceScheduleBlockingSync",
    "cudaDeviceMapHost",
    "cudaFuncSetCacheConfig",
    "cudaFuncCachePreferNone",
    "cudaFuncCachePreferShared",
    "cudaFuncCachePreferL1",
    "cudaFuncCachePreferEqual",
    "cudaFuncGetAttributes",
    "cudaFuncAttributes",
    // Memory.
    "cudaMalloc",
    "cudaFree",
    "cudaMallocManaged",
    "cudaMemAttachGlobal",
    "cudaMemAttachHost",
    "cudaMallocPitch",
    "cudaMemGetInfo",
    "cudaMemcpy",
    "cudaMemcpyAsync",
    "cudaMemcpy2D",
    "cudaMemcpy2DAsync",
    "cudaMemcpyPeer",
    "cudaMemcpyToSymbol",
    "cudaMemcpyToSymbolAsync",
    "cudaMemcpyFromSymbol",
    "cudaMemcpyFromSymbolAsync",
    "cudaGetSymbolAddress",
    "cudaMemset",
    "cudaMemsetAsync",
    "cudaMemcpyKind",
    "cudaMemcpyHostToHost",
    "cudaMemcpyHostToDevice",
    "cudaMemcpyDeviceToHost",
    "cudaMemcpyDeviceToDevice",
    "cudaMemcpyDefault",
    "cudaMemPrefetchAsync",
    "cudaHostRegister",
    "cudaHostUnregister",
    "cudaHostGetDevicePointer",
    "cudaHostRegisterDefault",
    "cudaHostRegisterMapped",
    // Streams and events.
    "cudaStream_t",
    "cudaStreamCreate",
    "cudaStreamCreateWithFlags",
    "cudaStreamDestroy",
    "cudaStreamSynchronize",
    "cudaStreamQuery",
    "cudaStreamWaitEvent",
    "cudaStreamDefault",
    "cudaStreamNonBlocking",
    "cudaEvent_t",
    "cudaEventCreate",
    "cudaEventCreateWithFlags",
    "cudaEventDestroy",
    "cudaEventRecord",
    "cudaEventSynchronize",
    "cudaEventQuery",
    "cudaEventElapsedTime",
    "cudaEventDefault",
    "cudaEventBlockingSync",
    "cudaEventDisableTiming",
    // Launch and occupancy.
    "cudaLaunchKernel",
    "cudaOccupancyMaxPotentialBlockSize",
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
    "cudaLaunchCooperativeKernel",
    // Profiler.
    "cudaProfilerStart",
    "cudaProfilerStop",
};

/// CUDA runtime names whose HIP name is another.
const std::pair<const char *, const char *> kRenamed[] = {
    {"cudaError", "hipError_t"}, // the enum's own name
    {"cudaDeviceProp", "hipDeviceProp_t"},
    {"cudaMallocHost", "hipHostMalloc"},
    {"cudaHostAlloc", "hipHostMalloc"},
    {"cudaFreeHost", "hipHostFree"},
    {"cudaHostAllocDefault", "hipHostMallocDefault"},
    {"cudaHostAllocPortable", "hipHostMallocPortable"},
    {"cudaHostAllocMapped", "hipHostMallocMapped"},
    {"cudaHostAllocWriteCombined", "hipHostMallocWriteCombined"},
    {"cudaThreadSynchronize", "hipDeviceSynchronize"},
    {"cudaThreadExit", "hipDeviceReset"},
    {"cudaDevAttrMaxThreadsPerBlock", "hipDeviceAttributeMaxThreadsPerBlock"},
    {"cudaDevAttrMultiProcessorCount", "hipDeviceAttributeMultiprocessorCount"},
    {"cudaDevAttrMaxSharedMemoryPerBlock",
     "hipDeviceAttributeMaxSharedMemoryPerBlock"},
    {"cudaDevAttrWarpSize", "hipDeviceAttributeWarpSize"},
    {"cudaDevAttrComputeCapabilityMajor",
     "hipDeviceAttributeComputeCapabilityMajor"},
    {"cudaDevAttrComputeCapabilityMinor",
     "hipDeviceAttributeComputeCapabilityMinor"},
    {"cudaArray", "hipArray"},
    {"make_cudaExtent", "make_hipExtent"},
    {"make_cudaPitchedPtr", "make_hipPitchedPtr"},
    {"make_cudaPos", "make_hipPos"},
    // The device queries of the CUDA samples' helper_cuda.h.
    {"cudaDevAttrComputeMode", "hipDeviceAttributeComputeMode"},
    {"cudaDevAttrClockRate", "hipDeviceAttributeClockRate"},
    {"cudaDevAttrIntegrated", "hipDeviceAttributeIntegrated"},
    {"cudaComputeModeDefault", "hipComputeModeDefault"},
    {"cudaComputeModeExclusive", "hipComputeModeExclusive"},
    {"cudaComputeModeProhibited", "hipComputeModeProhibited"},
    {"cudaComputeModeExclusiveProcess", "hipComputeModeExclusiveProcess"},
    {"cudaDevAttrMemoryClockRate", "hipDeviceAttributeMemoryClockRate"},
    {"cudaDevAttrGlobalMemoryBusWidth", "hipDeviceAttributeMemoryBusWidth"},
    {"cudaDevAttrConcurrentManagedAccess",
     "hipDeviceAttributeConcurrentManagedAccess"},
    {"cudaDevAttrMemoryPoolsSupported",
     "hipDeviceAttributeMemoryPoolsSupported"},
    {"cudaDevAttrHostNativeAtomicSupported",
     "hipDeviceAttributeHostNativeAtomicSupported"},
    // CUDA 12's cudaGraphInstantiate(exec, graph, flags) is HIP's
    // ...WithFlags; HIP's hipGraphInstantiate takes an error node and a log
    // buffer, as CUDA 11's did (no CUDA 13 name: refused from HIP).
    {"cudaGraphInstantiate", "hipGraphInstantiateWithFlags"},
};

const llvm::StringMap<std::string> &table() {
  static const llvm::StringMap<std::string> names = [] {
    llvm::StringMap<std::string> map;
    for (const char *name : kSamePattern)
      map[name] = "hip" + llvm::StringRef(name).drop_front(4).str();
    for (auto [cuda, hip] : kRenamed)
      map[cuda] = hip;
    return map;
  }();
  return names;
}

} // namespace

std::optional<std::string> xfence::hipRuntimeName(llvm::StringRef cuda) {
  auto it = table().find(cuda);
  if (it == table().end())
    return std::nullopt;
  return it->second;
}

std::vector<std::pair<std::string, std::string>> xfence::hipRuntimeNames() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto &entry : table())
    out.push_back({entry.getKey().str(), entry.getValue()});
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<std::string> xfence::hipHeaderFor(llvm::StringRef header,
                                                bool &known) {
  known = true;
  // Declared by <hip/hip_runtime.h> (in the prelude), or nothing to
  // declare: clang's CUDA mode includes these itself.
  for (const char *runtime :
       {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h",
        "device_launch_parameters.h", "device_functions.h", "vector_types.h",
        "vector_functions.h", "cuda_device_runtime_api.h", "math_functions.h",
        "sm_20_atomic_functions.h", "sm_32_intrinsics.h",
        "sm_60_atomic_functions.h", "driver_types.h", "host_defines.h",
        "cuda_profiler_api.h", "cuda/atomic", "cuda/std/atomic"})
    if (header == runtime)
      return std::string();
  if (header == "cooperative_groups.h")
    return std::string("hip/hip_cooperative_groups.h");
  if (header == "cuda_fp16.h")
    return std::string("hip/hip_fp16.h");
  known = header.starts_with("cuda") || header.starts_with("cu") ||
          header.starts_with("cooperative_groups") ||
          header.starts_with("sm_") || header == "math_constants.h" ||
          header.starts_with("thrust/") || header.starts_with("cub/");
  return std::nullopt;
}

void xfence::registerHipNamesListing() {
  mlir::TranslateFromMLIRRegistration registration(
      "list-hip-runtime-names",
      "print the CUDA runtime names that `xfence translate K.cu --to hip` "
      "renames, one 'cuda-name hip-name' pair per line (the input module is "
      "not read)",
      [](mlir::Operation *, llvm::raw_ostream &os) {
        for (auto &[cuda, hip] : hipRuntimeNames())
          os << cuda << " " << hip << "\n";
        return mlir::success();
      },
      [](mlir::DialectRegistry &) {});
}

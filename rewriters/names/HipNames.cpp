//===- HipNames.cpp - CUDA runtime names and their HIP names --------------===//

#include "rewriters/names/HipNames.h"

#include "mlir/IR/Operation.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

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
    // Surfaces, layered, cubemap and mipmapped arrays (surf2Dwrite and the
    // other device functions keep their names).
    "cudaSurfaceObject_t",
    "cudaCreateSurfaceObject",
    "cudaDestroySurfaceObject",
    "cudaBoundaryModeTrap",
    "cudaBoundaryModeZero",
    "cudaBoundaryModeClamp",
    "cudaArraySurfaceLoadStore",
    "cudaArrayLayered",
    "cudaArrayCubemap",
    "cudaArrayDefault",
    "cudaArrayTextureGather",
    "cudaMemcpyToArray",
    "cudaMemcpyFromArray",
    "cudaResourceType",
    "cudaResourceTypeMipmappedArray",
    "cudaMallocMipmappedArray",
    "cudaMipmappedArray_t",
    "cudaGetMipmappedArrayLevel",
    "cudaFreeMipmappedArray",
    "cudaGetChannelDesc",
    // Interprocess handles and peer access errors.
    "cudaIpcMemHandle_t",
    "cudaIpcEventHandle_t",
    "cudaIpcGetMemHandle",
    "cudaIpcOpenMemHandle",
    "cudaIpcCloseMemHandle",
    "cudaIpcGetEventHandle",
    "cudaIpcOpenEventHandle",
    "cudaIpcMemLazyEnablePeerAccess",
    "cudaEventInterprocess",
    "cudaErrorPeerAccessAlreadyEnabled",
    "cudaErrorPeerAccessNotEnabled",
    // Shared memory bank configuration; memory pool access.
    "cudaFuncSetSharedMemConfig",
    "cudaSharedMemConfig",
    "cudaSharedMemBankSizeDefault",
    "cudaSharedMemBankSizeFourByte",
    "cudaMemAccessDesc",
    "cudaMemAccessFlagsProtReadWrite",
    // Texture descriptor enumerations and 2D/3D memsets.
    "cudaTextureReadMode",
    "cudaTextureAddressMode",
    "cudaTextureFilterMode",
    "cudaChannelFormatKind",
    "cudaMemset2D",
    "cudaMemset2DAsync",
    "cudaMemset3D",
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

/// cuRAND's names that hipRAND (<hiprand/hiprand.h>,
/// <hiprand/hiprand_kernel.h>) declares with `hiprand` for `curand` and
/// `HIPRAND` for `CURAND`: the host generator API and the device
/// generators (state types, curand_init, curand_uniform, ...). hipRAND
/// draws with rocRAND's implementation of the same algorithms; the numbers
/// a seed gives need not be cuRAND's (docs/cuda-to-hip.md, cuRAND).
const char *const kCuRandNames[] = {
    "CURAND_RNG_PSEUDO_DEFAULT", "CURAND_RNG_PSEUDO_MRG32K3A",
    "CURAND_RNG_PSEUDO_MT19937", "CURAND_RNG_PSEUDO_MTGP32",
    "CURAND_RNG_PSEUDO_PHILOX4_32_10", "CURAND_RNG_PSEUDO_XORWOW",
    "CURAND_RNG_QUASI_DEFAULT", "CURAND_RNG_QUASI_SCRAMBLED_SOBOL32",
    "CURAND_RNG_QUASI_SCRAMBLED_SOBOL64", "CURAND_RNG_QUASI_SOBOL32",
    "CURAND_RNG_QUASI_SOBOL64", "CURAND_RNG_TEST",
    "CURAND_STATUS_ALLOCATION_FAILED", "CURAND_STATUS_ARCH_MISMATCH",
    "CURAND_STATUS_DOUBLE_PRECISION_REQUIRED",
    "CURAND_STATUS_INITIALIZATION_FAILED", "CURAND_STATUS_INTERNAL_ERROR",
    "CURAND_STATUS_LAUNCH_FAILURE", "CURAND_STATUS_LENGTH_NOT_MULTIPLE",
    "CURAND_STATUS_NOT_INITIALIZED", "CURAND_STATUS_OUT_OF_RANGE",
    "CURAND_STATUS_PREEXISTING_FAILURE", "CURAND_STATUS_SUCCESS",
    "CURAND_STATUS_TYPE_ERROR", "CURAND_STATUS_VERSION_MISMATCH", "curand",
    "curand4", "curandCreateGenerator", "curandCreateGeneratorHost",
    "curandCreatePoissonDistribution", "curandDestroyDistribution",
    "curandDestroyGenerator", "curandDirectionVectors32_t",
    "curandDiscreteDistribution_st", "curandDiscreteDistribution_t",
    "curandGenerate", "curandGenerateLogNormal",
    "curandGenerateLogNormalDouble", "curandGenerateNormal",
    "curandGenerateNormalDouble", "curandGeneratePoisson",
    "curandGenerateSeeds", "curandGenerateUniform",
    "curandGenerateUniformDouble", "curandGenerator_st", "curandGenerator_t",
    "curandGetVersion", "curandMakeMTGP32Constants",
    "curandMakeMTGP32KernelState", "curandRngType", "curandRngType_t",
    "curandSetGeneratorOffset", "curandSetPseudoRandomGeneratorSeed",
    "curandSetQuasiRandomGeneratorDimensions", "curandSetStream", "curandState",
    "curandStateMRG32k3a", "curandStateMRG32k3a_t", "curandStateMtgp32",
    "curandStateMtgp32_t", "curandStatePhilox4_32_10",
    "curandStatePhilox4_32_10_t", "curandStateSobol32", "curandStateSobol32_t",
    "curandStateXORWOW", "curandStateXORWOW_t", "curandState_t", "curandStatus",
    "curandStatus_t", "curand_discrete", "curand_discrete4", "curand_init",
    "curand_log_normal", "curand_log_normal2", "curand_log_normal2_double",
    "curand_log_normal4", "curand_log_normal4_double",
    "curand_log_normal_double", "curand_normal", "curand_normal2",
    "curand_normal2_double", "curand_normal4", "curand_normal4_double",
    "curand_normal_double", "curand_poisson", "curand_poisson4",
    "curand_uniform", "curand_uniform2_double", "curand_uniform4",
    "curand_uniform4_double", "curand_uniform_double",
};

/// cuBLAS's names that hipBLAS (<hipblas.h>) declares with `hipblas` for
/// `cublas` and `HIPBLAS` for `CUBLAS` (the v2 API: `cublasSgemm` is a
/// macro of cuBLAS's for cublasSgemm_v2, renamed where it is written).
/// hipBLAS runs rocBLAS's routines on AMD GPUs: the same operations, in
/// the same column-major layout.
const char *const kCuBlasNames[] = {
    "CUBLAS_ATOMICS_ALLOWED", "CUBLAS_ATOMICS_NOT_ALLOWED",
    "CUBLAS_DIAG_NON_UNIT", "CUBLAS_DIAG_UNIT", "CUBLAS_FILL_MODE_FULL",
    "CUBLAS_FILL_MODE_LOWER", "CUBLAS_FILL_MODE_UPPER", "CUBLAS_GEMM_DEFAULT",
    "CUBLAS_OP_C", "CUBLAS_OP_N", "CUBLAS_OP_T", "CUBLAS_POINTER_MODE_DEVICE",
    "CUBLAS_POINTER_MODE_HOST", "CUBLAS_SIDE_LEFT", "CUBLAS_SIDE_RIGHT",
    "CUBLAS_STATUS_ALLOC_FAILED", "CUBLAS_STATUS_ARCH_MISMATCH",
    "CUBLAS_STATUS_EXECUTION_FAILED", "CUBLAS_STATUS_INTERNAL_ERROR",
    "CUBLAS_STATUS_INVALID_VALUE", "CUBLAS_STATUS_MAPPING_ERROR",
    "CUBLAS_STATUS_NOT_INITIALIZED", "CUBLAS_STATUS_NOT_SUPPORTED",
    "CUBLAS_STATUS_SUCCESS", "cublasAtomicsMode_t", "cublasAxpyEx",
    "cublasCaxpy", "cublasCcopy", "cublasCdgmm", "cublasCdotc", "cublasCdotu",
    "cublasCgbmv", "cublasCgeam", "cublasCgemm", "cublasCgemmBatched",
    "cublasCgemmStridedBatched", "cublasCgemv", "cublasCgemvBatched",
    "cublasCgemvStridedBatched", "cublasCgeqrfBatched", "cublasCgerc",
    "cublasCgeru", "cublasCgetrfBatched", "cublasCgetriBatched",
    "cublasCgetrsBatched", "cublasChbmv", "cublasChemm", "cublasChemv",
    "cublasCher", "cublasCher2", "cublasCher2k", "cublasCherk", "cublasCherkx",
    "cublasChpmv", "cublasChpr", "cublasChpr2", "cublasCreate", "cublasCrot",
    "cublasCrotg", "cublasCscal", "cublasCsrot", "cublasCsscal", "cublasCswap",
    "cublasCsymm", "cublasCsymv", "cublasCsyr", "cublasCsyr2", "cublasCsyr2k",
    "cublasCsyrk", "cublasCsyrkx", "cublasCtbmv", "cublasCtbsv", "cublasCtpmv",
    "cublasCtpsv", "cublasCtrmm", "cublasCtrmv", "cublasCtrsm",
    "cublasCtrsmBatched", "cublasCtrsv", "cublasDasum", "cublasDaxpy",
    "cublasDcopy", "cublasDdgmm", "cublasDdot", "cublasDestroy", "cublasDgbmv",
    "cublasDgeam", "cublasDgemm", "cublasDgemmBatched",
    "cublasDgemmStridedBatched", "cublasDgemv", "cublasDgemvBatched",
    "cublasDgemvStridedBatched", "cublasDgeqrfBatched", "cublasDger",
    "cublasDgetrfBatched", "cublasDgetriBatched", "cublasDgetrsBatched",
    "cublasDiagType_t", "cublasDnrm2", "cublasDotEx", "cublasDotcEx",
    "cublasDrot", "cublasDrotg", "cublasDrotm", "cublasDrotmg", "cublasDsbmv",
    "cublasDscal", "cublasDspmv", "cublasDspr", "cublasDspr2", "cublasDswap",
    "cublasDsymm", "cublasDsymv", "cublasDsyr", "cublasDsyr2", "cublasDsyr2k",
    "cublasDsyrk", "cublasDsyrkx", "cublasDtbmv", "cublasDtbsv", "cublasDtpmv",
    "cublasDtpsv", "cublasDtrmm", "cublasDtrmv", "cublasDtrsm",
    "cublasDtrsmBatched", "cublasDtrsv", "cublasDzasum", "cublasDznrm2",
    "cublasFillMode_t", "cublasGemmAlgo_t", "cublasGemmBatchedEx",
    "cublasGemmEx", "cublasGemmStridedBatchedEx", "cublasGetAtomicsMode",
    "cublasGetMatrix", "cublasGetMatrixAsync", "cublasGetPointerMode",
    "cublasGetStream", "cublasGetVector", "cublasGetVectorAsync",
    "cublasHandle_t", "cublasHgemm", "cublasHgemmBatched",
    "cublasHgemmStridedBatched", "cublasIcamax", "cublasIcamin", "cublasIdamax",
    "cublasIdamin", "cublasIsamax", "cublasIsamin", "cublasIzamax",
    "cublasIzamin", "cublasNrm2Ex", "cublasOperation_t", "cublasPointerMode_t",
    "cublasRotEx", "cublasSasum", "cublasSaxpy", "cublasScalEx", "cublasScasum",
    "cublasScnrm2", "cublasScopy", "cublasSdgmm", "cublasSdot",
    "cublasSetAtomicsMode", "cublasSetMatrix", "cublasSetMatrixAsync",
    "cublasSetPointerMode", "cublasSetStream", "cublasSetVector",
    "cublasSetVectorAsync", "cublasSgbmv", "cublasSgeam", "cublasSgemm",
    "cublasSgemmBatched", "cublasSgemmStridedBatched", "cublasSgemv",
    "cublasSgemvBatched", "cublasSgemvStridedBatched", "cublasSgeqrfBatched",
    "cublasSger", "cublasSgetrfBatched", "cublasSgetriBatched",
    "cublasSgetrsBatched", "cublasSideMode_t", "cublasSnrm2", "cublasSrot",
    "cublasSrotg", "cublasSrotm", "cublasSrotmg", "cublasSsbmv", "cublasSscal",
    "cublasSspmv", "cublasSspr", "cublasSspr2", "cublasSswap", "cublasSsymm",
    "cublasSsymv", "cublasSsyr", "cublasSsyr2", "cublasSsyr2k", "cublasSsyrk",
    "cublasSsyrkx", "cublasStatus_t", "cublasStbmv", "cublasStbsv",
    "cublasStpmv", "cublasStpsv", "cublasStrmm", "cublasStrmv", "cublasStrsm",
    "cublasStrsmBatched", "cublasStrsv", "cublasZaxpy", "cublasZcopy",
    "cublasZdgmm", "cublasZdotc", "cublasZdotu", "cublasZdrot", "cublasZdscal",
    "cublasZgbmv", "cublasZgeam", "cublasZgemm", "cublasZgemmBatched",
    "cublasZgemmStridedBatched", "cublasZgemv", "cublasZgemvBatched",
    "cublasZgemvStridedBatched", "cublasZgeqrfBatched", "cublasZgerc",
    "cublasZgeru", "cublasZgetrfBatched", "cublasZgetriBatched",
    "cublasZgetrsBatched", "cublasZhbmv", "cublasZhemm", "cublasZhemv",
    "cublasZher", "cublasZher2", "cublasZher2k", "cublasZherk", "cublasZherkx",
    "cublasZhpmv", "cublasZhpr", "cublasZhpr2", "cublasZrot", "cublasZrotg",
    "cublasZscal", "cublasZswap", "cublasZsymm", "cublasZsymv", "cublasZsyr",
    "cublasZsyr2", "cublasZsyr2k", "cublasZsyrk", "cublasZsyrkx", "cublasZtbmv",
    "cublasZtbsv", "cublasZtpmv", "cublasZtpsv", "cublasZtrmm", "cublasZtrmv",
    "cublasZtrsm", "cublasZtrsmBatched", "cublasZtrsv",
};

/// cuFFT's names that hipFFT (<hipfft.h>, <hipfftXt.h>) declares with
/// `hipfft` for `cufft` and `HIPFFT` for `CUFFT`.
const char *const kCuFftNames[] = {
    "CUFFT_ALLOC_FAILED", "CUFFT_C2C", "CUFFT_C2R", "CUFFT_CB_LD_COMPLEX",
    "CUFFT_CB_LD_COMPLEX_DOUBLE", "CUFFT_CB_LD_REAL", "CUFFT_CB_LD_REAL_DOUBLE",
    "CUFFT_CB_ST_COMPLEX", "CUFFT_CB_ST_COMPLEX_DOUBLE", "CUFFT_CB_ST_REAL",
    "CUFFT_CB_ST_REAL_DOUBLE", "CUFFT_CB_UNDEFINED", "CUFFT_D2Z",
    "CUFFT_EXEC_FAILED", "CUFFT_FORWARD", "CUFFT_INTERNAL_ERROR",
    "CUFFT_INVALID_DEVICE", "CUFFT_INVALID_PLAN", "CUFFT_INVALID_SIZE",
    "CUFFT_INVALID_TYPE", "CUFFT_INVALID_VALUE", "CUFFT_NOT_IMPLEMENTED",
    "CUFFT_NOT_SUPPORTED", "CUFFT_NO_WORKSPACE", "CUFFT_R2C",
    "CUFFT_SETUP_FAILED", "CUFFT_SUCCESS", "CUFFT_UNALIGNED_DATA", "CUFFT_Z2D",
    "CUFFT_Z2Z", "cufftCallbackLoadC", "cufftCallbackLoadD",
    "cufftCallbackLoadR", "cufftCallbackLoadZ", "cufftCallbackStoreC",
    "cufftCallbackStoreD", "cufftCallbackStoreR", "cufftCallbackStoreZ",
    "cufftCompatibility", "cufftComplex", "cufftCreate", "cufftDestroy",
    "cufftDoubleComplex", "cufftDoubleReal", "cufftEstimate1d",
    "cufftEstimate2d", "cufftEstimate3d", "cufftEstimateMany", "cufftExecC2C",
    "cufftExecC2R", "cufftExecD2Z", "cufftExecR2C", "cufftExecZ2D",
    "cufftExecZ2Z", "cufftGetProperty", "cufftGetSize", "cufftGetSize1d",
    "cufftGetSize2d", "cufftGetSize3d", "cufftGetSizeMany",
    "cufftGetSizeMany64", "cufftGetVersion", "cufftHandle", "cufftMakePlan1d",
    "cufftMakePlan2d", "cufftMakePlan3d", "cufftMakePlanMany",
    "cufftMakePlanMany64", "cufftPlan1d", "cufftPlan2d", "cufftPlan3d",
    "cufftPlanMany", "cufftReal", "cufftResult", "cufftResult_t",
    "cufftSetAutoAllocation", "cufftSetStream", "cufftSetWorkArea", "cufftType",
    "cufftType_t", "cufftXtCallbackType", "cufftXtCallbackType_t",
    "cufftXtClearCallback", "cufftXtSetCallback",
    "cufftXtSetCallbackSharedSize",
};

/// The HIP library's name of a name of a CUDA library above: its prefix
/// swapped.
std::string swapLibraryPrefix(llvm::StringRef name) {
  static const std::pair<llvm::StringLiteral, llvm::StringLiteral>
      kPrefixes[] = {{"curand", "hiprand"}, {"CURAND", "HIPRAND"},
                     {"cublas", "hipblas"}, {"CUBLAS", "HIPBLAS"},
                     {"cufft", "hipfft"},   {"CUFFT", "HIPFFT"}};
  for (const auto &[cuda, hip] : kPrefixes)
    if (name.starts_with(cuda))
      return (hip + name.drop_front(cuda.size())).str();
  return name.str();
}

const llvm::StringMap<std::string> &table() {
  static const llvm::StringMap<std::string> names = [] {
    llvm::StringMap<std::string> map;
    for (const char *name : kSamePattern)
      map[name] = "hip" + llvm::StringRef(name).drop_front(4).str();
    for (auto [cuda, hip] : kRenamed)
      map[cuda] = hip;
    for (llvm::ArrayRef<const char *> library :
         {llvm::ArrayRef<const char *>(kCuRandNames),
          llvm::ArrayRef<const char *>(kCuBlasNames),
          llvm::ArrayRef<const char *>(kCuFftNames)})
      for (llvm::StringRef name : library)
        map[name] = swapLibraryPrefix(name);
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

bool xfence::hipDevicePropHasField(llvm::StringRef field) {
  // The members of HIP 5.2's hipDeviceProp_t (hip_runtime_api.h).
  static const llvm::StringSet<> fields = {
      "name", "totalGlobalMem", "sharedMemPerBlock", "regsPerBlock",
      "warpSize", "maxThreadsPerBlock", "maxThreadsDim", "maxGridSize",
      "clockRate", "memoryClockRate", "memoryBusWidth", "totalConstMem",
      "major", "minor", "multiProcessorCount", "l2CacheSize",
      "maxThreadsPerMultiProcessor", "computeMode", "clockInstructionRate",
      "arch", "concurrentKernels", "pciDomainID", "pciBusID", "pciDeviceID",
      "maxSharedMemoryPerMultiProcessor", "isMultiGpuBoard",
      "canMapHostMemory", "gcnArch", "gcnArchName", "integrated",
      "cooperativeLaunch", "cooperativeMultiDeviceLaunch",
      "maxTexture1DLinear", "maxTexture1D", "maxTexture2D", "maxTexture3D",
      "hdpMemFlushCntl", "hdpRegFlushCntl", "memPitch", "textureAlignment",
      "texturePitchAlignment", "kernelExecTimeoutEnabled", "ECCEnabled",
      "tccDriver", "cooperativeMultiDeviceUnmatchedFunc",
      "cooperativeMultiDeviceUnmatchedGridDim",
      "cooperativeMultiDeviceUnmatchedBlockDim",
      "cooperativeMultiDeviceUnmatchedSharedMem", "isLargeBar",
      "asicRevision", "managedMemory", "directManagedMemAccessFromHost",
      "concurrentManagedAccess", "pageableMemoryAccess",
      "pageableMemoryAccessUsesHostPageTables"};
  return fields.contains(field);
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
  // rocThrust has Thrust's headers by their names, hipCUB CUB's under one.
  if (header.starts_with("thrust/"))
    return header.str();
  if (header.starts_with("cub/"))
    return std::string("hipcub/hipcub.hpp");
  if (header == "cublas_v2.h" || header == "cublas_api.h")
    return std::string("hipblas.h");
  if (header == "cufft.h")
    return std::string("hipfft.h");
  if (header == "cufftXt.h")
    return std::string("hipfftXt.h");
  if (header == "curand.h")
    return std::string("hiprand/hiprand.h");
  if (header == "curand_kernel.h")
    return std::string("hiprand/hiprand_kernel.h");
  known = header.starts_with("cuda") || header.starts_with("cu") ||
          header.starts_with("cooperative_groups") ||
          header.starts_with("sm_") || header == "math_constants.h" ||
          header.starts_with("thrust/") || header.starts_with("cub/") ||
          header == "mma.h" || header.starts_with("nvtx3/") ||
          header.starts_with("nvToolsExt") || header.starts_with("nvrtc") ||
          header.starts_with("nvml") || header.starts_with("crt/");
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

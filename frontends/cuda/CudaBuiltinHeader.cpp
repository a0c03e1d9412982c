//===- CudaBuiltinHeader.cpp - declarations for a parse without CUDA ------===//
//
// What the CUDA toolkit headers would declare, as far as xfence translates
// it: the execution-space and memory-space qualifiers, the built-in
// variables (clang's own __clang_cuda_builtin_vars.h), the vector types, the
// synchronization functions, the atomics, the math functions the rewriter
// maps, cuda::atomic_ref / cuda::atomic / cuda::atomic_thread_fence (libcu++
// names and enumerator names) and the cooperative groups (block, tiles,
// coalesced threads, cluster, grid).
// Declarations only: the importer recognises these by name in a system
// header, exactly as with the toolkit.
//
//===----------------------------------------------------------------------===//

#include "frontends/cuda/CudaSource.h"

llvm::StringRef xfence::cudaBuiltinHeader() {
  return R"xfence(#pragma clang system_header
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __align__(n) __attribute__((aligned(n)))
typedef __SIZE_TYPE__ size_t;

#define XFENCE_VEC(T, N)                                                       \
  struct N##1 { T x; };                                                        \
  struct __attribute__((aligned(2 * sizeof(T)))) N##2 { T x, y; };             \
  struct N##3 { T x, y, z; };                                                  \
  struct __attribute__((aligned(4 * sizeof(T)))) N##4 { T x, y, z, w; };       \
  __device__ N##1 make_##N##1(T);                                              \
  __device__ N##2 make_##N##2(T, T);                                           \
  __device__ N##3 make_##N##3(T, T, T);                                        \
  __device__ N##4 make_##N##4(T, T, T, T);
XFENCE_VEC(char, char)
XFENCE_VEC(unsigned char, uchar)
XFENCE_VEC(short, short)
XFENCE_VEC(unsigned short, ushort)
XFENCE_VEC(int, int)
XFENCE_VEC(unsigned int, uint)
XFENCE_VEC(long, long)
XFENCE_VEC(unsigned long, ulong)
XFENCE_VEC(long long, longlong)
XFENCE_VEC(unsigned long long, ulonglong)
XFENCE_VEC(float, float)
XFENCE_VEC(double, double)
#undef XFENCE_VEC
struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};
#include <__clang_cuda_builtin_vars.h>

// Host side: what the host code of a .cu file commonly calls, declared so
// that the file parses (xfence leaves host code out of the translation). A
// launch k<<<g, b, s, t>>>(...) needs the configuration function clang's
// Sema looks up by name (which one depends on the CUDA version).
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1,
                 cudaErrorMemoryAllocation = 2 };
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice,
                      cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice,
                      cudaMemcpyDefault };
extern "C" {
__host__ int cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);
__host__ unsigned __cudaPushCallConfiguration(dim3, dim3, size_t = 0,
                                              cudaStream_t = 0);
__host__ cudaError_t cudaMalloc(void **, size_t);
__host__ cudaError_t cudaMallocHost(void **, size_t);
__host__ cudaError_t cudaMallocManaged(void **, size_t, unsigned = 1);
__host__ cudaError_t cudaFree(void *);
__host__ cudaError_t cudaFreeHost(void *);
__host__ cudaError_t cudaMemcpy(void *, const void *, size_t, cudaMemcpyKind);
__host__ cudaError_t cudaMemcpyAsync(void *, const void *, size_t,
                                     cudaMemcpyKind, cudaStream_t = 0);
__host__ cudaError_t cudaMemset(void *, int, size_t);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaSetDevice(int);
__host__ cudaError_t cudaGetDevice(int *);
__host__ cudaError_t cudaGetDeviceCount(int *);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t);
__host__ cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t);
__host__ cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
}
template <class T> __host__ cudaError_t cudaMalloc(T **p, size_t n) {
  return cudaMalloc((void **)p, n);
}
template <class T> __host__ cudaError_t cudaMallocHost(T **p, size_t n) {
  return cudaMallocHost((void **)p, n);
}
template <class T>
__host__ cudaError_t cudaMallocManaged(T **p, size_t n, unsigned f = 1) {
  return cudaMallocManaged((void **)p, n, f);
}
enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared,
                     cudaFuncCachePreferL1, cudaFuncCachePreferEqual };
extern "C" __host__ cudaError_t cudaFuncSetCacheConfig(const void *,
                                                        cudaFuncCache);
template <class T>
__host__ cudaError_t cudaFuncSetCacheConfig(T *f, cudaFuncCache c) {
  return cudaFuncSetCacheConfig((const void *)f, c);
}
template <class T>
__host__ cudaError_t
cudaMemcpyToSymbol(const T &, const void *, size_t, size_t = 0,
                   cudaMemcpyKind = cudaMemcpyHostToDevice);
template <class T>
__host__ cudaError_t
cudaMemcpyFromSymbol(void *, const T &, size_t, size_t = 0,
                     cudaMemcpyKind = cudaMemcpyDeviceToHost);

// Synchronization (__syncthreads is a clang built-in).
__device__ void __threadfence_block(void);
__device__ void __threadfence(void);
__device__ void __threadfence_system(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
// Warp collectives: declared so that a kernel using them parses (they have
// no OpenCL C translation; the HIP one renames them). The shuffles take
// any type, as the toolkit's overloads do.
template <typename T> __device__ T __shfl_sync(unsigned, T, int, int = 32);
template <typename T>
__device__ T __shfl_up_sync(unsigned, T, unsigned, int = 32);
template <typename T>
__device__ T __shfl_down_sync(unsigned, T, unsigned, int = 32);
template <typename T> __device__ T __shfl_xor_sync(unsigned, T, int, int = 32);
__device__ int __all_sync(unsigned, int);
__device__ int __any_sync(unsigned, int);
__device__ int __uni_sync(unsigned, int);
__device__ unsigned __ballot_sync(unsigned, int);
// A HIP parse declares HIP's __activemask (64 bits) instead.
#ifndef XFENCE_HIP_WAVEFRONT_NAMES
__device__ unsigned __activemask(void);
#endif
__device__ unsigned __match_any_sync(unsigned, int);
__device__ unsigned __match_all_sync(unsigned, int, int *);
__device__ int __reduce_add_sync(unsigned, int);
__device__ unsigned __reduce_add_sync(unsigned, unsigned);

// Atomics: relaxed, device scope; _block and _system change the scope.
#define XFENCE_ATOMIC1(NAME, T)                                                \
  __device__ T NAME(T *, T);                                                   \
  __device__ T NAME##_block(T *, T);                                           \
  __device__ T NAME##_system(T *, T);
#define XFENCE_ATOMIC_INT(NAME)                                                \
  XFENCE_ATOMIC1(NAME, int)                                                    \
  XFENCE_ATOMIC1(NAME, unsigned int)                                           \
  XFENCE_ATOMIC1(NAME, unsigned long long)
XFENCE_ATOMIC_INT(atomicAdd)
XFENCE_ATOMIC1(atomicAdd, float)
XFENCE_ATOMIC1(atomicAdd, double)
XFENCE_ATOMIC1(atomicSub, int)
XFENCE_ATOMIC1(atomicSub, unsigned int)
XFENCE_ATOMIC_INT(atomicExch)
XFENCE_ATOMIC1(atomicExch, float)
XFENCE_ATOMIC_INT(atomicMin)
XFENCE_ATOMIC_INT(atomicMax)
XFENCE_ATOMIC1(atomicMin, long long)
XFENCE_ATOMIC1(atomicMax, long long)
XFENCE_ATOMIC_INT(atomicAnd)
XFENCE_ATOMIC_INT(atomicOr)
XFENCE_ATOMIC_INT(atomicXor)
XFENCE_ATOMIC1(atomicInc, unsigned int)
XFENCE_ATOMIC1(atomicDec, unsigned int)
#undef XFENCE_ATOMIC_INT
#undef XFENCE_ATOMIC1
#define XFENCE_CAS(T)                                                          \
  __device__ T atomicCAS(T *, T, T);                                           \
  __device__ T atomicCAS_block(T *, T, T);                                     \
  __device__ T atomicCAS_system(T *, T, T);
XFENCE_CAS(int)
XFENCE_CAS(unsigned int)
XFENCE_CAS(unsigned long long)
#undef XFENCE_CAS

// Math and integer intrinsics that the rewriter maps to OpenCL C.
#define XFENCE_F1(N) __device__ float N(float);
#define XFENCE_F2(N) __device__ float N(float, float);
XFENCE_F1(__expf) XFENCE_F1(__logf) XFENCE_F1(__sinf) XFENCE_F1(__cosf)
XFENCE_F1(__log2f) XFENCE_F1(__exp10f) XFENCE_F1(__frsqrt_rn)
XFENCE_F2(__fdividef) XFENCE_F2(__powf)
XFENCE_F1(expf) XFENCE_F1(exp2f) XFENCE_F1(logf) XFENCE_F1(log2f)
XFENCE_F1(log10f) XFENCE_F1(sqrtf) XFENCE_F1(rsqrtf) XFENCE_F1(fabsf)
XFENCE_F1(sinf) XFENCE_F1(cosf) XFENCE_F1(tanf) XFENCE_F1(tanhf)
XFENCE_F1(floorf) XFENCE_F1(ceilf) XFENCE_F1(roundf) XFENCE_F1(truncf)
XFENCE_F2(fminf) XFENCE_F2(fmaxf) XFENCE_F2(powf) XFENCE_F2(fmodf)
XFENCE_F2(atan2f)
#undef XFENCE_F1
#undef XFENCE_F2
__device__ float fmaf(float, float, float);
__device__ void sincosf(float, float *, float *);
__device__ float __int_as_float(int);
__device__ int __float_as_int(float);
__device__ double __longlong_as_double(long long);
__device__ long long __double_as_longlong(double);
__device__ bool isinf(float);
__device__ bool isnan(float);
__device__ double sqrt(double);
__device__ double exp(double);
__device__ double fabs(double);
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ int __popc(unsigned int);
__device__ int __clz(int);
__device__ int min(int, int);
__device__ int max(int, int);
__device__ unsigned int min(unsigned int, unsigned int);
__device__ unsigned int max(unsigned int, unsigned int);
__device__ float min(float, float);
__device__ float max(float, float);
__device__ int abs(int);
extern "C" __device__ int printf(const char *, ...);

// libcu++: the names and enumerators of <cuda/atomic>.
namespace cuda {
namespace std {
enum memory_order {
  memory_order_relaxed,
  memory_order_consume,
  memory_order_acquire,
  memory_order_release,
  memory_order_acq_rel,
  memory_order_seq_cst
};
enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3
};
__device__ void atomic_thread_fence(memory_order);
__device__ void atomic_signal_fence(memory_order);
template <class T, thread_scope S = thread_scope_system> struct __atomic_ops {
  __device__ T load(memory_order = memory_order_seq_cst) const;
  __device__ void store(T, memory_order = memory_order_seq_cst) const;
  __device__ T exchange(T, memory_order = memory_order_seq_cst) const;
  __device__ bool compare_exchange_strong(T &, T,
                                          memory_order = memory_order_seq_cst) const;
  __device__ bool compare_exchange_strong(T &, T, memory_order,
                                          memory_order) const;
  __device__ bool compare_exchange_weak(T &, T,
                                        memory_order = memory_order_seq_cst) const;
  __device__ bool compare_exchange_weak(T &, T, memory_order,
                                        memory_order) const;
  __device__ T fetch_add(T, memory_order = memory_order_seq_cst) const;
  __device__ T fetch_sub(T, memory_order = memory_order_seq_cst) const;
  __device__ T fetch_and(T, memory_order = memory_order_seq_cst) const;
  __device__ T fetch_or(T, memory_order = memory_order_seq_cst) const;
  __device__ T fetch_xor(T, memory_order = memory_order_seq_cst) const;
  __device__ T fetch_min(T, memory_order = memory_order_seq_cst) const;
  __device__ T fetch_max(T, memory_order = memory_order_seq_cst) const;
};
template <class T> struct atomic_ref : __atomic_ops<T> {
  __device__ explicit atomic_ref(T &);
};
template <class T> struct atomic : __atomic_ops<T> {
  __device__ atomic();
};
} // namespace std
using std::memory_order;
using std::memory_order_relaxed;
using std::memory_order_consume;
using std::memory_order_acquire;
using std::memory_order_release;
using std::memory_order_acq_rel;
using std::memory_order_seq_cst;
using std::thread_scope;
using std::thread_scope_system;
using std::thread_scope_device;
using std::thread_scope_block;
using std::thread_scope_thread;
__device__ void atomic_thread_fence(memory_order,
                                    thread_scope = thread_scope_system);
template <class T, thread_scope S = thread_scope_system>
struct atomic_ref : std::__atomic_ops<T, S> {
  __device__ explicit atomic_ref(T &);
};
template <class T, thread_scope S = thread_scope_system>
struct atomic : std::__atomic_ops<T, S> {
  __device__ atomic();
};
} // namespace cuda

// Cooperative groups: a block, its tiles and coalesced threads, a cluster
// and the grid.
namespace cooperative_groups {
struct thread_group {
  __device__ void sync() const;
  __device__ unsigned size() const;
  __device__ unsigned thread_rank() const;
};
struct thread_block : thread_group {
  __device__ void sync() const;
  __device__ unsigned num_threads() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_index() const;
  __device__ dim3 dim_threads() const;
  __device__ dim3 group_dim() const;
};
struct grid_group {
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long thread_rank() const;
};
template <unsigned N> struct thread_block_tile : thread_group {
  __device__ void sync() const;
};
struct coalesced_group : thread_group {
  __device__ void sync() const;
};
struct cluster_group {
  __device__ void sync() const;
  __device__ unsigned size() const;
  __device__ unsigned thread_rank() const;
  __device__ unsigned block_rank() const;
};
__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ cluster_group this_cluster();
__device__ coalesced_group coalesced_threads();
__device__ thread_group tiled_partition(const thread_group &, unsigned);
template <unsigned N>
__device__ thread_block_tile<N> tiled_partition(const thread_group &);
template <class G> __device__ void sync(const G &);
} // namespace cooperative_groups
)xfence";
}

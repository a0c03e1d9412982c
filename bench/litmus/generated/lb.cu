// Translated from OpenCL C to CUDA by xfence (docs/opencl-to-cuda.md).
#include <cuda/atomic>
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef int atomic_int;
typedef unsigned int atomic_uint;
typedef long atomic_long;
typedef unsigned long atomic_ulong;
typedef float atomic_float;
typedef double atomic_double;
typedef int atomic_flag;
typedef int event_t;
typedef unsigned int cl_mem_fence_flags;
#define CLK_LOCAL_MEM_FENCE 0x01
#define CLK_GLOBAL_MEM_FENCE 0x02
#define CLK_IMAGE_MEM_FENCE 0x04
enum memory_order { memory_order_relaxed = 0, memory_order_acquire = 2, memory_order_release = 3, memory_order_acq_rel = 4, memory_order_seq_cst = 5 };
enum memory_scope { memory_scope_work_item = 0, memory_scope_work_group = 1, memory_scope_device = 2, memory_scope_all_svm_devices = 3, memory_scope_all_devices = 3, memory_scope_sub_group = 4 };
__device__ inline size_t xfence_get_local_id(unsigned d) { return d == 0 ? threadIdx.x : d == 1 ? threadIdx.y : d == 2 ? threadIdx.z : 0; }
__device__ inline size_t xfence_get_group_id(unsigned d) { return d == 0 ? blockIdx.x : d == 1 ? blockIdx.y : d == 2 ? blockIdx.z : 0; }
__device__ inline size_t xfence_get_local_size(unsigned d) { return d == 0 ? blockDim.x : d == 1 ? blockDim.y : d == 2 ? blockDim.z : 1; }
__device__ inline size_t xfence_get_num_groups(unsigned d) { return d == 0 ? gridDim.x : d == 1 ? gridDim.y : d == 2 ? gridDim.z : 1; }
__device__ inline size_t xfence_get_global_id(unsigned d) { return xfence_get_group_id(d) * xfence_get_local_size(d) + xfence_get_local_id(d); }
__device__ inline size_t xfence_get_global_size(unsigned d) { return xfence_get_num_groups(d) * xfence_get_local_size(d); }
// The launch helpers (and CUDA) launch at offset 0.
__device__ inline size_t xfence_get_global_offset(unsigned) { return 0; }
// xfence: end of prelude
// Load buffering across work-groups (OpenCL 2.0): read x; acq_rel fence;
// y = 1 || read y; acq_rel fence; x = 1.
// xfence: begin of the translated #include "litmus.h"
// The harness ABI of the OpenCL litmus kernels (see ../kernels_cuda.cuh) and
// the prologue every test thread runs. A user header with macros: xfence
// rewrites the synchronization inside them.
#define LITMUS_PARAMS                                                          \
   const int *role, volatile  uint *x,                        \
      volatile  uint *y,  const int *xoff,                    \
       const int *yoff,  uint *r0,  uint *r1,         \
      volatile  uint *arrive, uint ntest,                             \
      volatile  uint *scratch, int scratch_n

#define LITMUS_PROLOGUE                                                        \
  int t = xfence_get_global_id(0);                                                    \
  int r = role[t];                                                             \
  if (r < 0) {                                                                 \
    uint s = t * 2654435761u;                                                  \
    for (int i = 0; i < 64; ++i) {                                             \
      s = s * 1664525u + 1013904223u;                                          \
      volatile  uint *p = scratch + (s % scratch_n);                   \
      *p = *p + 1;                                                             \
    }                                                                          \
    return;                                                                    \
  }                                                                            \
  int inst = r >> ((1) & 31);                                                           \
  volatile  uint *px = x + xoff[inst];                                 \
  volatile  uint *py = y + yoff[inst];                                 \
  atomicAdd((unsigned int *)(arrive), (unsigned int)(1u));                                                      \
  for (int spin = 0; *arrive < ntest && spin < (1 << ((20) & 31)); ++spin) {            \
  }
// xfence: end of #include "litmus.h"

__global__ void lb_b(LITMUS_PARAMS) {
  LITMUS_PROLOGUE
  if ((r & 1) == 0) {
    r0[inst] = *px;
    cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
    *py = 1;
  } else {
    r1[inst] = *py;
    cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
    *px = 1;
  }
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel lb_b on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_lb_b(dim3 global_size, dim3 local_size, const int *role, volatile uint *x, volatile uint *y, const int *xoff, const int *yoff, uint *r0, uint *r1, volatile uint *arrive, uint ntest, volatile uint *scratch, int scratch_n, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  lb_b<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(role, x, y, xoff, yoff, r0, r1, arrive, ntest, scratch, scratch_n);
  return cudaGetLastError();
}

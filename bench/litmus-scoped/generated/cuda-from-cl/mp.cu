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
// xfence: end of prelude
// Message passing across work-groups in OpenCL C 2.0 (relaxed device-scope
// atomics): work-item 0: x = 1; release fence; y = 1 || 1: spin until
// y = 1; acquire fence; read x. res[4i] = y seen, res[4i+1] = x read.
// Forbidden: 1, 0. The mutants narrow the fences to the work-group or
// remove them.
// xfence: begin of the translated #include "role.h"
// The start of every role kernel of bench/litmus-scoped (the ABI is in
// ../../harness.h), in OpenCL C. A work-item without a role stresses memory
// and gets -1; a test work-item meets the others at `arrive` (at most `meet`
// spins) and gets its role, instance * 4 + j.
__device__ static int litmus_start(const int *role,
                        volatile uint *arrive, uint ntest, int meet,
                        volatile uint *scratch, int scratch_n) {
  int t = (blockIdx.x * blockDim.x + threadIdx.x);
  int r = role[t];
  if (r < 0) {
    uint s = t * 2654435761u;
    for (int i = 0; i < 64; ++i) {
      s = s * 1664525u + 1013904223u;
      volatile uint *p = scratch + (s % scratch_n);
      *p = *p + 1;
    }
    return -1;
  }
  atomicAdd((unsigned int *)(arrive), (unsigned int)(1u));
  for (int spin = 0; *arrive < ntest && spin < meet; ++spin) {
  }
  return r;
}
// xfence: end of #include "role.h"

__global__ void mp_cl_relacq(const int *role, uint *mem,
                           const int *off, uint *res,
                           volatile uint *arrive, uint ntest, int meet,
                           volatile uint *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  volatile atomic_uint *x =
      (volatile atomic_uint *)(mem + off[4 * i + 0]);
  volatile atomic_uint *y =
      (volatile atomic_uint *)(mem + off[4 * i + 1]);
  if (j == 0) {
    (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(x)).store(1u, cuda::memory_order_relaxed));
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
    (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(y)).store(1u, cuda::memory_order_relaxed));
  } else {
    uint v;
    int spins = 0;
    while ((v = (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(y)).load(cuda::memory_order_relaxed))) == 0 &&
           ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    res[4 * i] = v;
    res[4 * i + 1] =
        (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(x)).load(cuda::memory_order_relaxed));
  }
}

__global__ void mp_cl_wg_mutant(const int *role, uint *mem,
                              const int *off, uint *res,
                              volatile uint *arrive, uint ntest,
                              int meet, volatile uint *scratch,
                              int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  volatile atomic_uint *x =
      (volatile atomic_uint *)(mem + off[4 * i + 0]);
  volatile atomic_uint *y =
      (volatile atomic_uint *)(mem + off[4 * i + 1]);
  if (j == 0) {
    (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(x)).store(1u, cuda::memory_order_relaxed));
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
    (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(y)).store(1u, cuda::memory_order_relaxed));
  } else {
    uint v;
    int spins = 0;
    while ((v = (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(y)).load(cuda::memory_order_relaxed))) == 0 &&
           ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
    res[4 * i] = v;
    res[4 * i + 1] =
        (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(x)).load(cuda::memory_order_relaxed));
  }
}

__global__ void mp_cl_none_mutant(const int *role, uint *mem,
                                const int *off, uint *res,
                                volatile uint *arrive, uint ntest,
                                int meet, volatile uint *scratch,
                                int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  volatile atomic_uint *x =
      (volatile atomic_uint *)(mem + off[4 * i + 0]);
  volatile atomic_uint *y =
      (volatile atomic_uint *)(mem + off[4 * i + 1]);
  if (j == 0) {
    (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(x)).store(1u, cuda::memory_order_relaxed));
    (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(y)).store(1u, cuda::memory_order_relaxed));
  } else {
    uint v;
    int spins = 0;
    while ((v = (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(y)).load(cuda::memory_order_relaxed))) == 0 &&
           ++spins < 20000) {
    }
    res[4 * i] = v;
    res[4 * i + 1] =
        (cuda::atomic_ref<unsigned int, cuda::thread_scope_device>(*(unsigned int *)(x)).load(cuda::memory_order_relaxed));
  }
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel mp_cl_relacq on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_mp_cl_relacq(dim3 global_size, dim3 local_size, const int *role, uint *mem, const int *off, uint *res, volatile uint *arrive, uint ntest, int meet, volatile uint *scratch, int scratch_n, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  mp_cl_relacq<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(role, mem, off, res, arrive, ntest, meet, scratch, scratch_n);
  return cudaGetLastError();
}

// Launches the OpenCL kernel mp_cl_wg_mutant on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_mp_cl_wg_mutant(dim3 global_size, dim3 local_size, const int *role, uint *mem, const int *off, uint *res, volatile uint *arrive, uint ntest, int meet, volatile uint *scratch, int scratch_n, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  mp_cl_wg_mutant<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(role, mem, off, res, arrive, ntest, meet, scratch, scratch_n);
  return cudaGetLastError();
}

// Launches the OpenCL kernel mp_cl_none_mutant on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_mp_cl_none_mutant(dim3 global_size, dim3 local_size, const int *role, uint *mem, const int *off, uint *res, volatile uint *arrive, uint ntest, int meet, volatile uint *scratch, int scratch_n, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  mp_cl_none_mutant<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(role, mem, off, res, arrive, ntest, meet, scratch, scratch_n);
  return cudaGetLastError();
}

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
// The last-block reduction of the CUDA guide, written in OpenCL 2.0: a tree
// sum in local memory, then the last work-group of each group of `bpg` adds
// the partial sums. The legacy mem_fence beside each barrier adds nothing
// and coalescing drops it; the device-scope release/acquire pair stays.
__global__ void lbr_b(const uint *in, volatile uint *partial,
                    uint *count, uint *out, int bpg,
                    volatile uint *scratch, int scratch_n) {
  __shared__ uint sums[256];
  __shared__ int isLastBlockDone;
  int tid = threadIdx.x;
  int group = blockIdx.x / bpg;
  sums[tid] = in[(blockIdx.x * blockDim.x + threadIdx.x)];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s)
      sums[tid] += sums[tid + s];
    ((void)0) /* xfence: mem_fence(CLK_LOCAL_MEM_FENCE) removed: redundant */;
    __syncthreads();
  }
  if (tid == 0) {
    partial[blockIdx.x] = sums[0];
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
    uint value = atomicAdd((unsigned int *)(&count[group]), (unsigned int)(1));
    isLastBlockDone = (value == (uint)(bpg - 1));
  } else {
    uint z = tid * 2654435761u;
    for (int i = 0; i < 8; ++i) {
      z = z * 1664525u + 1013904223u;
      volatile uint *p = scratch + (z % scratch_n);
      *p = *p + 1;
    }
  }
  __syncthreads();
  if (isLastBlockDone && tid == 0) {
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    uint total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[group * bpg + b];
    out[group] = total;
  }
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel lbr_b on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_lbr_b(dim3 global_size, dim3 local_size, const uint *in, volatile uint *partial, uint *count, uint *out, int bpg, volatile uint *scratch, int scratch_n, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  lbr_b<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(in, partial, count, out, bpg, scratch, scratch_n);
  return cudaGetLastError();
}

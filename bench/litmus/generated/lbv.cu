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
// The last-block sum of a vector (kernels_cuda.cuh, DEFINE_LBV) in OpenCL
// 2.0: every work-item publishes its column's partial sum in its own
// 128-byte line; the barrier with CLK_GLOBAL_MEM_FENCE orders those stores
// before work-item 0's device-scope release fence and ticket; the work-item
// that draws the last ticket acquires at device scope, and the second
// barrier passes that on to the whole work-group, which adds the columns.
#define STRIDE 32

__global__ void lbv_b(const uint *in, volatile uint *partial,
                    uint *count, uint *out, int bpg,
                    int rows) {
  __shared__ int isLastBlockDone;
  int tid = threadIdx.x, n = blockDim.x;
  int wg = blockIdx.x, group = wg / bpg;
  uint s = 0;
  for (int r = 0; r < rows; ++r)
    s += in[(wg * rows + r) * n + tid];
  partial[(wg * n + tid) * STRIDE] = s;
  __syncthreads();
  if (tid == 0) {
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
    uint value = atomicAdd((unsigned int *)(&count[group]), (unsigned int)(1));
    int last = value == (uint)(bpg - 1);
    if (last)
      cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    isLastBlockDone = last;
  }
  __syncthreads();
  if (isLastBlockDone) {
    uint total = 0;
    for (int b = 0; b < bpg; ++b)
      total += partial[((group * bpg + b) * n + tid) * STRIDE];
    out[group * n + tid] = total;
  }
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel lbv_b on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_lbv_b(dim3 global_size, dim3 local_size, const uint *in, volatile uint *partial, uint *count, uint *out, int bpg, int rows, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  lbv_b<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(in, partial, count, out, bpg, rows);
  return cudaGetLastError();
}

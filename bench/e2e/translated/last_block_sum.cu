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
namespace ocl {
// The room of a __local kernel argument in the dynamic shared memory.
__host__ __device__ constexpr size_t round16(size_t bytes) { return (bytes + 15) / 16 * 16; }
} // namespace ocl
// xfence: end of prelude
// Launch: 1-D, global size 8192 (32 work-groups), local size 256.
// Arguments: in (n uints), partial (one uint per work-group, output),
// total (1 uint, output), counter (1 atomic_uint, zeroed, output: must end
// as the number of work-groups), scratch (__local, 256 uints), n = 65536.
// cl-std: CL3.0
// The file is also valid OpenCL C 2.0 (clang -cl-std=CL2.0 checks it), but
// it runs as 3.0 (with __opencl_c_atomic_scope_device): PoCL 3.1 in 2.0 mode
// declares the atomic built-ins for generic pointers only, which it lacks.
//
// One-kernel sum with the "last work-group finishes" pattern. Every
// work-group reduces its slice, work-item 0 stores the partial sum, makes it
// visible with a device-scope release fence and takes a ticket with a relaxed
// device-scope fetch_add. The work-group that draws the last ticket (and only
// it: no work-group ever waits for another, so this cannot deadlock when the
// work-groups are not co-resident) issues a device-scope acquire fence and
// adds all partial sums. Arithmetic wraps modulo 2^32, so the result is exact.

__global__ void last_block_sum(const uint *in, uint *partial,
                             uint *total,
                             atomic_uint *counter, uint n, size_t scratch_bytes) {
  // xfence: the __local arguments, in the dynamic shared memory (each at a multiple of 16 bytes).
  extern __shared__ __align__(16) unsigned char xfence_local_mem[];
  uint *scratch = reinterpret_cast<uint *>(xfence_local_mem);
  __shared__ int is_last;
  const uint lid = threadIdx.x;
  const uint lsz = blockDim.x;
  const uint ngroups = gridDim.x;

  uint acc = 0;
  for (uint i = (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += (gridDim.x * blockDim.x))
    acc += in[i];
  scratch[lid] = acc;
  __syncthreads();
  for (uint s = lsz / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    __syncthreads();
  }

  if (lid == 0) {
    partial[blockIdx.x] = scratch[0];
    cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
    const uint ticket = atomicAdd((unsigned int *)(counter), (unsigned int)(1u));
    is_last = ticket == ngroups - 1;
    if (is_last)
      cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
  }
  // Makes is_last, and what work-item 0 acquired, visible to the work-group.
  __syncthreads();
  if (!is_last)
    return;

  uint sum = 0;
  for (uint g = lid; g < ngroups; g += lsz)
    sum += partial[g];
  scratch[lid] = sum;
  __syncthreads();
  for (uint s = lsz / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    __syncthreads();
  }
  if (lid == 0)
    *total = scratch[0];
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel last_block_sum on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_last_block_sum(dim3 global_size, dim3 local_size, const uint *in, uint *partial, uint *total, uint *counter, uint n, size_t scratch_bytes, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = ocl::round16(scratch_bytes);
  if (xfence_shared_bytes > 48 * 1024) {
    cudaError_t err = cudaFuncSetAttribute(
        last_block_sum, cudaFuncAttributeMaxDynamicSharedMemorySize, int(xfence_shared_bytes));
    if (err != cudaSuccess)
      return err;
  }
  last_block_sum<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(in, partial, total, counter, n, scratch_bytes);
  return cudaGetLastError();
}

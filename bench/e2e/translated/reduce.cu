// Translated from OpenCL C to CUDA by xfence (docs/opencl-to-cuda.md).
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
// Launch: 1-D, global size 16384 (64 work-groups), local size 256.
// Arguments: in (n floats), partial (one float per work-group, output),
// scratch (__local, local size floats), n = 131072.
// cl-std: CL1.2
//
// Sum reduction: every work-item adds a grid-strided slice of `in`, then the
// work-group combines the 256 values in a tree in local memory, one barrier
// per level. Work-item 0 writes the work-group's sum to partial[group].

__global__ void reduce_sum(const float *in, float *partial, uint n, size_t scratch_bytes) {
  // xfence: the __local arguments, in the dynamic shared memory (each at a multiple of 16 bytes).
  extern __shared__ __align__(16) unsigned char xfence_local_mem[];
  float *scratch = reinterpret_cast<float *>(xfence_local_mem);
  const uint lid = threadIdx.x;
  const uint stride = (gridDim.x * blockDim.x);
  float acc = 0.0f;
  for (uint i = (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += stride)
    acc += in[i];
  scratch[lid] = acc;
  __syncthreads();
  for (uint s = blockDim.x / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    __syncthreads();
  }
  if (lid == 0)
    partial[blockIdx.x] = scratch[0];
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel reduce_sum on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_reduce_sum(dim3 global_size, dim3 local_size, const float *in, float *partial, uint n, size_t scratch_bytes, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = ocl::round16(scratch_bytes);
  if (xfence_shared_bytes > 48 * 1024) {
    cudaError_t err = cudaFuncSetAttribute(
        reduce_sum, cudaFuncAttributeMaxDynamicSharedMemorySize, int(xfence_shared_bytes));
    if (err != cudaSuccess)
      return err;
  }
  reduce_sum<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(in, partial, n, scratch_bytes);
  return cudaGetLastError();
}

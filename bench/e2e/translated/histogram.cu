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
// The OpenCL built-in functions that the kernel calls.
__device__ inline uint max(uint a0, uint a1) { return a0 > a1 ? a0 : a1; }
__device__ inline uint min(uint a0, uint a1) { return a0 < a1 ? a0 : a1; }
} // namespace ocl
// xfence: end of prelude
// Launch: 1-D, global size 16384 (64 work-groups), local size 256.
// Arguments: data (n uchars), bins (256 uints, zeroed, output),
// range (2 uints: [0] = max, [1] = min; initialised to 0 and 0xffffffff,
// output), n = 262144.
// cl-std: CL1.2
//
// 256-bin histogram: a private sub-histogram per work-group in a __local
// array (local atomics), merged into the global bins with global atomics.
// The work-group's largest and smallest byte are combined with local and then
// global atomic_max / atomic_min.

#define NBINS 256

__global__ void histogram256(const uchar *data, uint *bins,
                           uint *range, uint n) {
  __shared__ uint hist[NBINS];
  __shared__ uint lmax;
  __shared__ uint lmin;
  const uint lid = threadIdx.x;
  const uint lsz = blockDim.x;
  for (uint b = lid; b < NBINS; b += lsz)
    hist[b] = 0;
  if (lid == 0) {
    lmax = 0;
    lmin = 0xffffffffu;
  }
  __syncthreads();

  uint mymax = 0, mymin = 0xffffffffu;
  for (uint i = (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += (gridDim.x * blockDim.x)) {
    const uint v = data[i];
    atomicAdd_block((unsigned int *)(&hist[v]), (unsigned int)(1));
    mymax = ocl::max(mymax, v);
    mymin = ocl::min(mymin, v);
  }
  atomicMax_block((unsigned int *)(&lmax), (unsigned int)(mymax));
  atomicMin_block((unsigned int *)(&lmin), (unsigned int)(mymin));
  __syncthreads();

  for (uint b = lid; b < NBINS; b += lsz) {
    const uint c = hist[b];
    if (c != 0)
      atomicAdd((unsigned int *)(&bins[b]), (unsigned int)(c));
  }
  if (lid == 0) {
    atomicMax((unsigned int *)(&range[0]), (unsigned int)(lmax));
    atomicMin((unsigned int *)(&range[1]), (unsigned int)(lmin));
  }
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel histogram256 on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_histogram256(dim3 global_size, dim3 local_size, const uchar *data, uint *bins, uint *range, uint n, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  histogram256<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(data, bins, range, n);
  return cudaGetLastError();
}

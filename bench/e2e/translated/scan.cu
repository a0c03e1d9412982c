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
// Launch: three kernels, in order, all 1-D with local size 256.
//   scan_blocks:     global size n (= 65536, 256 work-groups);
//                    tmp = __local, 2 * 256 uints.
//   scan_block_sums: global size 256 (one work-group);
//                    tmp = __local, 2 * 256 uints; nblocks = 256.
//   add_block_offsets: global size n (256 work-groups).
// cl-std: CL1.2
//
// Inclusive prefix sum of n uints (wrapping arithmetic). Every work-group
// scans its block in local memory (Hillis-Steele, double buffered) and
// writes the block total; one work-group turns the block totals into an
// exclusive scan; a third pass adds each block's offset.

__global__ void scan_blocks(const uint *in, uint *out,
                          uint *block_sums,
                          uint n, size_t tmp_bytes) {
  // xfence: the __local arguments, in the dynamic shared memory (each at a multiple of 16 bytes).
  extern __shared__ __align__(16) unsigned char xfence_local_mem[];
  uint *tmp = reinterpret_cast<uint *>(xfence_local_mem);
  const uint lid = threadIdx.x;
  const uint lsz = blockDim.x;
  const uint gid = (blockIdx.x * blockDim.x + threadIdx.x);
  uint src = 0;
  tmp[lid] = gid < n ? in[gid] : 0u;
  __syncthreads();
  for (uint off = 1; off < lsz; off <<= 1) {
    const uint dst = 1 - src;
    uint v = tmp[src * lsz + lid];
    if (lid >= off)
      v += tmp[src * lsz + lid - off];
    tmp[dst * lsz + lid] = v;
    src = dst;
    __syncthreads();
  }
  if (gid < n)
    out[gid] = tmp[src * lsz + lid];
  if (lid == lsz - 1)
    block_sums[blockIdx.x] = tmp[src * lsz + lid];
}

// Exclusive scan of nblocks (<= local size) block totals, in place.
__global__ void scan_block_sums(uint *block_sums,
                              uint nblocks, size_t tmp_bytes) {
  // xfence: the __local arguments, in the dynamic shared memory (each at a multiple of 16 bytes).
  extern __shared__ __align__(16) unsigned char xfence_local_mem[];
  uint *tmp = reinterpret_cast<uint *>(xfence_local_mem);
  const uint lid = threadIdx.x;
  const uint lsz = blockDim.x;
  uint src = 0;
  tmp[lid] = (lid > 0 && lid - 1 < nblocks) ? block_sums[lid - 1] : 0u;
  __syncthreads();
  for (uint off = 1; off < lsz; off <<= 1) {
    const uint dst = 1 - src;
    uint v = tmp[src * lsz + lid];
    if (lid >= off)
      v += tmp[src * lsz + lid - off];
    tmp[dst * lsz + lid] = v;
    src = dst;
    __syncthreads();
  }
  if (lid < nblocks)
    block_sums[lid] = tmp[src * lsz + lid];
}

__global__ void add_block_offsets(uint *out,
                                const uint *block_sums, uint n) {
  const uint gid = (blockIdx.x * blockDim.x + threadIdx.x);
  if (gid < n)
    out[gid] += block_sums[blockIdx.x];
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel scan_blocks on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_scan_blocks(dim3 global_size, dim3 local_size, const uint *in, uint *out, uint *block_sums, uint n, size_t tmp_bytes, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = ocl::round16(tmp_bytes);
  if (xfence_shared_bytes > 48 * 1024) {
    cudaError_t err = cudaFuncSetAttribute(
        scan_blocks, cudaFuncAttributeMaxDynamicSharedMemorySize, int(xfence_shared_bytes));
    if (err != cudaSuccess)
      return err;
  }
  scan_blocks<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(in, out, block_sums, n, tmp_bytes);
  return cudaGetLastError();
}

// Launches the OpenCL kernel scan_block_sums on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_scan_block_sums(dim3 global_size, dim3 local_size, uint *block_sums, uint nblocks, size_t tmp_bytes, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = ocl::round16(tmp_bytes);
  if (xfence_shared_bytes > 48 * 1024) {
    cudaError_t err = cudaFuncSetAttribute(
        scan_block_sums, cudaFuncAttributeMaxDynamicSharedMemorySize, int(xfence_shared_bytes));
    if (err != cudaSuccess)
      return err;
  }
  scan_block_sums<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(block_sums, nblocks, tmp_bytes);
  return cudaGetLastError();
}

// Launches the OpenCL kernel add_block_offsets on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_add_block_offsets(dim3 global_size, dim3 local_size, uint *out, const uint *block_sums, uint n, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  add_block_offsets<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(out, block_sums, n);
  return cudaGetLastError();
}

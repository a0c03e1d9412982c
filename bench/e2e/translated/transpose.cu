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
// Launch: 2-D, global size (width, height) = (256, 192), local size (16, 16).
// Arguments: out (height x width floats read as width rows of height,
// output), in (height rows of width floats), tile (__local,
// 16 * 17 floats), width = 256, height = 192.
// cl-std: CL1.2
//
// Tiled transpose: a work-group reads a 16x16 tile with coalesced loads into
// local memory (one padding column against bank conflicts), then writes it
// transposed with coalesced stores.

#define TILE 16

__global__ void transpose(float *out, const float *in, uint width, uint height, size_t tile_bytes) {
  // xfence: the __local arguments, in the dynamic shared memory (each at a multiple of 16 bytes).
  extern __shared__ __align__(16) unsigned char xfence_local_mem[];
  float *tile = reinterpret_cast<float *>(xfence_local_mem);
  const uint lx = threadIdx.x;
  const uint ly = threadIdx.y;
  const uint x = blockIdx.x * TILE + lx;
  const uint y = blockIdx.y * TILE + ly;
  if (x < width && y < height)
    tile[ly * (TILE + 1) + lx] = in[y * width + x];
  __syncthreads();
  // Row of the output = column of the input.
  const uint ox = blockIdx.y * TILE + lx;
  const uint oy = blockIdx.x * TILE + ly;
  if (ox < height && oy < width)
    out[oy * height + ox] = tile[lx * (TILE + 1) + ly];
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel transpose on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_transpose(dim3 global_size, dim3 local_size, float *out, const float *in, uint width, uint height, size_t tile_bytes, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = ocl::round16(tile_bytes);
  if (xfence_shared_bytes > 48 * 1024) {
    cudaError_t err = cudaFuncSetAttribute(
        transpose, cudaFuncAttributeMaxDynamicSharedMemorySize, int(xfence_shared_bytes));
    if (err != cudaSuccess)
      return err;
  }
  transpose<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(out, in, width, height, tile_bytes);
  return cudaGetLastError();
}

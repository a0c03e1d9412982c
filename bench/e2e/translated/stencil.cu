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
__device__ inline int clamp(int a0, int a1, int a2) { return a0 < a1 ? a1 : a0 > a2 ? a2 : a0; }
} // namespace ocl
// xfence: end of prelude
// Launch: 2-D, global size (width, height) = (192, 128), local size (16, 16).
// Arguments: in (height x width floats), out (height x width floats, output),
// width = 192, height = 128, c0 = 0.5, c1 = 0.125.
// width and height are multiples of 16.
// cl-std: CL1.2
//
// 5-point stencil out = c0 * centre + c1 * (north + south + west + east),
// with clamp-to-edge at the borders. Each work-group stages an 18x18 tile
// (its 16x16 block plus a one-element halo) in a __local array; the work-items
// on the block's edges also load the halo.

#define TX 16
#define TY 16

__device__ static float load_clamped(const float *in, int x, int y, int width,
                          int height) {
  x = ocl::clamp(x, 0, width - 1);
  y = ocl::clamp(y, 0, height - 1);
  return in[y * width + x];
}

__global__ void stencil5(const float *in, float *out,
                       int width, int height, float c0, float c1) {
  __shared__ float tile[TY + 2][TX + 2];
  const int lx = threadIdx.x;
  const int ly = threadIdx.y;
  const int x = (blockIdx.x * blockDim.x + threadIdx.x);
  const int y = (blockIdx.y * blockDim.y + threadIdx.y);

  tile[ly + 1][lx + 1] = load_clamped(in, x, y, width, height);
  if (lx == 0)
    tile[ly + 1][0] = load_clamped(in, x - 1, y, width, height);
  if (lx == TX - 1)
    tile[ly + 1][TX + 1] = load_clamped(in, x + 1, y, width, height);
  if (ly == 0)
    tile[0][lx + 1] = load_clamped(in, x, y - 1, width, height);
  if (ly == TY - 1)
    tile[TY + 1][lx + 1] = load_clamped(in, x, y + 1, width, height);
  __syncthreads();

  const float n = tile[ly][lx + 1];
  const float s = tile[ly + 2][lx + 1];
  const float w = tile[ly + 1][lx];
  const float e = tile[ly + 1][lx + 2];
  out[y * width + x] = c0 * tile[ly + 1][lx + 1] + c1 * ((n + s) + (w + e));
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel stencil5 on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_stencil5(dim3 global_size, dim3 local_size, const float *in, float *out, int width, int height, float c0, float c1, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = 0;
  stencil5<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(in, out, width, height, c0, c1);
  return cudaGetLastError();
}

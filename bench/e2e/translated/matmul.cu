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
// The OpenCL built-in functions that the kernel calls.
__device__ inline float mad(float a0, float a1, float a2) { return a0 * a1 + a2; }
} // namespace ocl
// xfence: end of prelude
// Launch: 2-D, global size (N, M) = (192, 128), local size (16, 16).
// Arguments: A (M x K floats), B (K x N floats), C (M x N floats, output),
// As and Bs (__local, 16 * 16 floats each), M = 128, N = 192, K = 160.
// M, N and K are multiples of 16.
// cl-std: CL1.2
//
// C = A * B, row-major, with 16x16 tiles of A and B staged in local memory.

#define TILE 16

__global__ void matmul(const float *A, const float *B,
                     float *C,
                     uint M, uint N, uint K, size_t As_bytes, size_t Bs_bytes) {
  // xfence: the __local arguments, in the dynamic shared memory (each at a multiple of 16 bytes).
  extern __shared__ __align__(16) unsigned char xfence_local_mem[];
  float *As = reinterpret_cast<float *>(xfence_local_mem);
  float *Bs = reinterpret_cast<float *>(xfence_local_mem + ocl::round16(As_bytes));
  const uint lx = threadIdx.x;
  const uint ly = threadIdx.y;
  const uint col = (blockIdx.x * blockDim.x + threadIdx.x);
  const uint row = (blockIdx.y * blockDim.y + threadIdx.y);
  float acc = 0.0f;
  for (uint t = 0; t < K; t += TILE) {
    As[ly * TILE + lx] = A[row * K + t + lx];
    Bs[ly * TILE + lx] = B[(t + ly) * N + col];
    __syncthreads();
    for (uint k = 0; k < TILE; ++k)
      acc = ocl::mad(As[ly * TILE + k], Bs[k * TILE + lx], acc);
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

// xfence: host-side launch helpers, one per kernel.

// Launches the OpenCL kernel matmul on an NDRange of global_size work-items in work-groups of local_size (docs/opencl-to-cuda.md).
inline cudaError_t launch_matmul(dim3 global_size, dim3 local_size, const float *A, const float *B, float *C, uint M, uint N, uint K, size_t As_bytes, size_t Bs_bytes, cudaStream_t stream = 0) {
  if (local_size.x == 0 || local_size.y == 0 || local_size.z == 0 ||
      global_size.x % local_size.x || global_size.y % local_size.y ||
      global_size.z % local_size.z)
    return cudaErrorInvalidValue;
  const size_t xfence_shared_bytes = ocl::round16(As_bytes) + ocl::round16(Bs_bytes);
  if (xfence_shared_bytes > 48 * 1024) {
    cudaError_t err = cudaFuncSetAttribute(
        matmul, cudaFuncAttributeMaxDynamicSharedMemorySize, int(xfence_shared_bytes));
    if (err != cudaSuccess)
      return err;
  }
  matmul<<<dim3(global_size.x / local_size.x, global_size.y / local_size.y,
           global_size.z / local_size.z),
      local_size, xfence_shared_bytes, stream>>>(A, B, C, M, N, K, As_bytes, Bs_bytes);
  return cudaGetLastError();
}

// CUDA to HIP: calls that CUDA's overloads resolve and HIP's do not.
// - min/max: CUDA has an overload per pair of types (min(unsigned, int) is
//   umin(a, (unsigned)b)); HIP's clang declares min(T, T) and the int,
//   float and double ones, and its built-in indices only convert to
//   unsigned. Each argument that CUDA converted, or that is a built-in
//   index, is cast to the type CUDA's overload computes in (the CUDA
//   samples' eigenvalues: `min(rem, blockDim.x)`, ambiguous in HIP).
// - __ffsll of an unsigned 64-bit value: HIP 5.2 has a signed and an
//   unsigned overload, CUDA one (HeCBench's langford).
// - umin, umax, llmin, llmax, ullmin, ullmax: not in HIP; helpers of the
//   prelude (the samples' mergeSort).
// - __grid_constant__: not in HIP; it goes (the samples'
//   LargeKernelParameter).
// - cudaMallocPitch and cudaHostGetDevicePointer of a typed pointer,
//   cudaMalloc3DArray without flags: HIP's take `void **` and the flags.
// - cudaStreamWaitEvent and cudaGraphInstantiateWithFlags without flags:
//   HIP 5.2's have no default for them (the samples' simpleCUFFT_MGPU,
//   graphMemoryNodes); `struct cudaGraphicsResource`: HIP's
//   hipGraphicsResource is a typedef, the keyword goes (simpleGL).
// - A dim3 made from a uint3 (not from a built-in index, which HIP
//   converts): CUDA's dim3 has the constructor, HIP's has not; the
//   prelude's xfence_dim3 converts (the samples' fluidsGL).
// - <mma.h> (WMMA) and cudaDeviceSetLimit (HIP 5.2 has no hipDeviceSetLimit
//   on AMD GPUs): refused at their use; they were kept.
// REQUIRES: cuda-toolkit
// RUN: xfence translate %s --to hip --verify-output -o %t.hip
// RUN: grep -v '^ *// [A-Z-]*:' %t.hip | FileCheck %s
// RUN: echo '#include <mma.h>' > %t.wmma.cu
// RUN: not xfence translate %t.wmma.cu --to hip -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WMMA
// RUN: not xfence translate %s --to hip -DLIMIT -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LIMIT
// RUN: not test -e %t.bad.hip

// CHECK: __host__ __device__ inline dim3 xfence_dim3(uint3 v) {
// CHECK: __host__ __device__ inline unsigned int xfence_umin(unsigned int a,
// CHECK: inline long long xfence_llmax(long long a,
// CHECK: xfence: end of prelude
#include <cstdint>
// WMMA: wmma.cu:1:1: error: 'mma.h' has no HIP header that xfence knows

// CHECK: __global__ void k(/* xfence: __grid_constant__ */ const int2 c, unsigned *o, unsigned rem, int s,
__global__ void k(__grid_constant__ const int2 c, unsigned *o, unsigned rem, int s,
                  uint64_t bits, long long big) {
  // CHECK: o[0] = min(rem, (unsigned int)(blockDim.x));
  o[0] = min(rem, blockDim.x);
  // CHECK: o[1] = min(rem, (unsigned int)(s));
  o[1] = min(rem, s);
  // CHECK: o[2] = max((unsigned int)(threadIdx.x), 3u);
  o[2] = max(threadIdx.x, 3u);
  // CHECK: o[3] = max(s, c.x);
  o[3] = max(s, c.x);
  // CHECK: o[4] = __ffsll((long long)(bits)) + __ffs(s);
  o[4] = __ffsll(bits) + __ffs(s);
  // CHECK: o[5] = xfence_umin(rem, 7u) + xfence_umax(rem, 1u);
  o[5] = umin(rem, 7u) + umax(rem, 1u);
  // CHECK: o[6] = (unsigned)xfence_llmax(big, 2LL);
  o[6] = (unsigned)llmax(big, 2LL);
  // CHECK: dim3 block = blockIdx;
  dim3 block = blockIdx;
  o[7] = block.x;
}

int main() {
  unsigned *o;
  cudaMalloc(&o, 8 * sizeof(unsigned));
#ifdef LIMIT
  // LIMIT: math-overloads.cu:[[@LINE+1]]:3: error: 'cudaDeviceSetLimit' has no HIP equivalent
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20);
#endif
  // Runtime calls HIP declares otherwise (the samples' bilateralFilter,
  // simpleTexture3D, simpleZeroCopy): CUDA's template overloads take a
  // typed pointer, HIP's `void **`; HIP's cudaMalloc3DArray has no
  // default for its flags.
  size_t pitch;
  float *image, *mapped, *host;
  // CHECK: hipMallocPitch((void **)(&image), &pitch, 64 * sizeof(float), 8);
  cudaMallocPitch(&image, &pitch, 64 * sizeof(float), 8);
  cudaHostAlloc(&host, 64, cudaHostAllocMapped);
  // CHECK: hipHostGetDevicePointer((void **)(&mapped), host, 0);
  cudaHostGetDevicePointer(&mapped, host, 0);
  cudaArray_t volume;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  // CHECK: hipMalloc3DArray(&volume, &desc, make_hipExtent(8, 8, 8), 0);
  cudaMalloc3DArray(&volume, &desc, make_cudaExtent(8, 8, 8));
  cudaStream_t stream;
  cudaEvent_t event;
  cudaStreamCreate(&stream);
  cudaEventCreate(&event);
  // CHECK: hipStreamWaitEvent(stream, event, 0);
  cudaStreamWaitEvent(stream, event);
  // CHECK: hipStreamWaitEvent(stream, event, 0);
  cudaStreamWaitEvent(stream, event, 0);
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  cudaGraphCreate(&graph, 0);
  // CHECK: hipGraphInstantiateWithFlags(&exec, graph, 0);
  cudaGraphInstantiateWithFlags(&exec, graph);
  // CHECK: hipGraphicsResource *resource = nullptr;
  struct cudaGraphicsResource *resource = nullptr;
  // CHECK: hipGraphicsResource_t second = resource;
  cudaGraphicsResource_t second = resource;
  (void)second;
  // CHECK: k<<<xfence_dim3(grid), 32>>>(make_int2(1, 2), o, 5, -3, 8, 9);
  uint3 grid = make_uint3(1, 1, 1);
  k<<<grid, 32>>>(make_int2(1, 2), o, 5, -3, 8, 9);
  // CHECK: dim3 same(xfence_dim3(make_uint3(2, 1, 1)));
  dim3 same(make_uint3(2, 1, 1));
  (void)same;
  return cudaDeviceSynchronize() != cudaSuccess;
}

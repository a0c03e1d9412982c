// A .cu file with host code: the device side is translated, the host code
// (a function template of host code too) is left out with a note, and every kernel launch is listed in the header
// with its grid, block and dynamic shared memory. extern "C" goes; kernel
// pointer parameters are __global (the written one too).
// RUN: xfence translate %s --to opencl --cuda-builtin-header -o %t12.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: FileCheck %s < %t12.cl
// RUN: FileCheck %s < %t30.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// The same with the CUDA toolkit's headers, where there is one.
// RUN: xfence translate %s --to opencl -o %ttk.cl
// RUN: FileCheck %s < %ttk.cl
// CHECK: // xfence: host code left out (the OpenCL host program replaces it):
// CHECK-NEXT: //   class 'Timer' (line 43)
// CHECK-NEXT: //   variable 'verbose' (line 48)
// CHECK-NEXT: //   function 'check' (line 51)
// CHECK-NEXT: //   function 'fill' (line 69)
// CHECK-NEXT: //   function 'main' (line 70)
// CHECK-NEXT: // xfence: kernel launches of the host code
// CHECK-NEXT: //   line 77: scale<<<grid, block>>>: grid = grid, block = block, dynamic shared memory = 0 bytes
// CHECK-NEXT: //   line 78: copy<<<1, 256, 256 * sizeof(float)>>>: grid = 1, block = 256, dynamic shared memory = 256 * sizeof(float) bytes
// CHECK-NEXT: //   line 81: copy<<<dim3(2), dim3(128), 512>>>: grid = dim3(2), block = dim3(128), dynamic shared memory = 512 bytes
// CHECK-NEXT: // xfence: arguments added to kernels, after the user's
// CHECK-NEXT: //   copy:
// CHECK-NEXT: //     argument 2: __local, the extern __shared__ array 'tile': clSetKernelArg(kernel, 2, dynamic shared memory bytes, NULL)
// CHECK: // xfence: end of prelude
// CHECK-NOT: {{^[^/]*extern}}
// CHECK-NOT: {{^[^/]*cuda}}
// CHECK: /* xfence: host class 'Timer' left out */
// CHECK-NEXT: /* xfence: host variable 'verbose' left out */
// CHECK-NEXT: __constant const int kTile = 64;
// CHECK-NEXT: /* xfence: host function 'check' left out */
// CHECK-NEXT: inline float twice(float x) { return 2 * x; }
// CHECK: {{^}} __kernel void scale(__global float *C, const __global float *A, int n) {
// CHECK: {{^}}__kernel void copy(__global float *dst, const __global float *src, __local float *tile) {
// CHECK: /* xfence: host function 'fill' left out */
// CHECK: /* xfence: host function 'main' left out */
// CHECK-NOT: {{^[^/]*cuda}}
#include <cstdio>
#include <cuda_runtime.h>

struct Timer {
  float ms;
  void start() { ms = 0; }
};

static int verbose = 1;

const int kTile = 64;
void check(cudaError_t e) { if (e != cudaSuccess) printf("%s\n", cudaGetErrorString(e)); }
__host__ __device__ inline float twice(float x) { return 2 * x; }

extern "C" __global__ void scale(float *C, const float *A, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    C[i] = twice(A[i]) * kTile;
}

extern "C" {
__global__ void copy(float *dst, const float *src) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = src[threadIdx.x];
  __syncthreads();
  dst[threadIdx.x] = tile[threadIdx.x];
}
}

template <class T> void fill(T *p, int n) { for (int i = 0; i < n; ++i) p[i] = T(); }
int main(int argc, char **argv) {
  float *a, *c;
  Timer t;
  t.start();
  check(cudaMalloc(&a, 1024 * sizeof(float)));
  cudaMalloc((void **)&c, 1024 * sizeof(float));
  dim3 grid(4, 2), block(kTile);
  scale<<<grid, block>>>(c, a, 1024);
  copy<<<1, 256, 256 * sizeof(float)>>>(c, a);
  cudaStream_t s;
  cudaStreamCreate(&s);
  copy<<<dim3(2), dim3(128),
         512, s>>>(c, a);
  cudaDeviceSynchronize();
  return verbose ? 0 : twice(1.0f);
}

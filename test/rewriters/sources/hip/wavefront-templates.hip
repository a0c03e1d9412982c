// A wavefront function inside a function template is handled at its call,
// as it is outside one: where an argument depends on a template parameter
// the call is not resolved until instantiation, and `--to cuda` kept
// __shfl_up, which nvcc does not declare (exit 0, an output that did not
// compile). CUDA: translated as HIP runs it on NVIDIA GPUs
// (docs/hip-to-cuda.md); OpenCL C: refused at the call.
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %t.cu -o %t.o %}
// RUN: not xfence translate %s --to opencl -o %t.cl 2>&1 | FileCheck %s --check-prefix=OPENCL
// RUN: not test -e %t.cl
#include <hip/hip_runtime.h>

template <typename T> __device__ T scan(T v) {
  for (int j = 1; j < 32; j <<= 1) {
    // CHECK: T u = xfence_shfl_up(v, j, 32);
    // OPENCL: wavefront-templates.hip:[[@LINE+1]]:11: error: '__shfl_up' has no OpenCL C form
    T u = __shfl_up(v, j, 32);
    if ((threadIdx.x & 31) >= j)
      v += u;
  }
  return v;
}

// OPENCL-NOT: error
__global__ void k(int *p) { p[threadIdx.x] = scan(p[threadIdx.x]); }

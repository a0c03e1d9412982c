// CUDA to HIP: <cuda_fp16.h> becomes <hip/hip_fp16.h>, and __half, __half2
// and their functions keep their names (HIP declares them). The output
// check reads HIP 5.2's hip_fp16.h under clang 22 with the two reciprocal
// functions that clang 22 no longer declares (HipTargetSyntax.cpp): before
// it, every translation of a file with half-precision code was an internal
// error (the CUDA samples' fp16ScalarProduct, HeCBench's haxpy).
// REQUIRES: hip-headers, cuda-toolkit
// RUN: xfence translate %s --to hip --verify-output -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s

// CHECK: #include <hip/hip_fp16.h>
#include <cuda_fp16.h>

// CHECK: __global__ void haxpy(int n, __half a, const __half *x, __half *y) {
// CHECK: y[i] = __hfma(a, x[i], y[i]);
__global__ void haxpy(int n, __half a, const __half *x, __half *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = __hfma(a, x[i], y[i]);
}

// CHECK: q[i] = __hmul2(p[i], h2rcp(__floats2half2_rn(1.0f, 2.0f)));
// CHECK: o[i] = __float2half(__half2float(hrcp(o[i])) + 1.0f);
__global__ void pairs(__half *o, const __half2 *p, __half2 *q) {
  int i = threadIdx.x;
  q[i] = __hmul2(p[i], h2rcp(__floats2half2_rn(1.0f, 2.0f)));
  o[i] = __float2half(__half2float(hrcp(o[i])) + 1.0f);
}

int main() {
  __half *x;
  cudaMalloc(&x, 64 * sizeof(__half));
  haxpy<<<1, 64>>>(64, __float2half(2.0f), x, x);
  return cudaDeviceSynchronize() != cudaSuccess;
}

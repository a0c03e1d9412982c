// HIP to CUDA: HIP's unsafeAtomicAdd and safeAtomicAdd (float, double;
// amd_hip_unsafe_atomics.h) are relaxed atomic adds at agent scope that
// only choose which AMD instruction to use: CUDA's atomicAdd, relaxed at
// device scope, is the same operation. Found on AMD's HPC training
// examples (12 files refused: the names were unknown).
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %s %}
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 -c %t.cu -o %t.o %}
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o - | FileCheck %s --check-prefix=OPENCL
#include <hip/hip_runtime.h>

// CHECK: __global__ void sum(float *f, double *d, const float *x) {
__global__ void sum(float *f, double *d, const float *x) {
  // CHECK-NEXT: atomicAdd(&f[0], x[threadIdx.x]);
  unsafeAtomicAdd(&f[0], x[threadIdx.x]);
  // CHECK-NEXT: atomicAdd(&d[0], (double)x[threadIdx.x]);
  safeAtomicAdd(&d[0], (double)x[threadIdx.x]);
}
// The OpenCL C route reads them as the same atomic adds.
// OPENCL: atomic_fetch_add_explicit

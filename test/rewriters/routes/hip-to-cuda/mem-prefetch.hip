// hipMemPrefetchAsync(p, n, device, stream) to CUDA: CUDA 13 takes the
// place as a cudaMemLocation and flags, so the call goes through a helper
// that the prelude defines (CUDA 12's form under CUDART_VERSION < 13000).
// CSC's HIP course (memory/*/solution) and HeCBench were refused by nvcc:
// "no known conversion from 'int' to 'struct cudaMemLocation'". nvcc
// builds the output (CUDA 13 here: the cudaMemLocation branch).
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -std=c++17 %t.cu -o %t.out %}
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -std=c++17 %s %}
// CHECK: inline cudaError_t xfence_hipMemPrefetchAsync(const void *devPtr,
// CHECK: cudaMemLocation location = {};
// CHECK: xfence_hipMemPrefetchAsync(a, 64 * sizeof(float), device, 0);
// CHECK: xfence_hipMemPrefetchAsync(a, 64 * sizeof(float), cudaCpuDeviceId);
#include <hip/hip_runtime.h>

int main() {
  float *a;
  int device = 0;
  hipMallocManaged(&a, 64 * sizeof(float));
  hipMemPrefetchAsync(a, 64 * sizeof(float), device, 0);
  hipError_t back = hipMemPrefetchAsync(a, 64 * sizeof(float), hipCpuDeviceId);
  printf("%d\n", back == hipSuccess);
  return 0;
}

// CUDA's driver API (<cuda.h>: cuInit, CUresult, CUDA_SUCCESS) is refused at
// each use for --to hip: the output kept it, which HIP does not declare
// (exit 0, an output that did not compile). The runtime API is renamed.
// REQUIRES: cuda-toolkit
// RUN: rm -f %t.hip
// RUN: not xfence translate %s --to hip -o %t.hip 2>&1 | FileCheck %s
// RUN: not test -e %t.hip
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void k(int *p) { p[threadIdx.x] = 1; }

int main() {
  // CHECK: driver-api.cu:[[@LINE+2]]:3: error: 'CUresult' is CUDA's driver API (<cuda.h>), which has no HIP translation in xfence
  // CHECK: driver-api.cu:[[@LINE+1]]:16: error: 'cuInit' is CUDA's driver API (<cuda.h>)
  CUresult r = cuInit(0);
  // CHECK: driver-api.cu:[[@LINE+1]]:12: error: 'CUDA_SUCCESS' is CUDA's driver API (<cuda.h>)
  if (r != CUDA_SUCCESS)
    return 1;
  int *p;
  cudaMalloc(&p, 4);
  k<<<1, 1>>>(p);
  return 0;
}

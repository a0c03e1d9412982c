// CUDA to HIP: the runtime's names that are macros (cudaHostAllocDefault,
// cudaHostRegisterMapped, cudaStreamNonBlocking) take their HIP names like
// the others, in the file and in the bodies of the user's macros; no
// declaration refers to them, and HeCBench's bitcracker, overlap and
// zerocopy kept them (clang's HIP mode: "use of undeclared identifier").
// A warp function that has no HIP form, in a function template, called
// with a dependent argument, is refused as outside one (it was kept:
// HeCBench's bm3d, jaccard, rmsnorm, score, with shuffles that
// warp-functions.cu now translates).
// RUN: xfence translate %s --to hip -o %t.hip
// RUN: grep -v '^ *//' %t.hip | FileCheck %s
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -std=c++17 %t.hip %}
// RUN: not xfence translate %s --to hip -DWARP -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARP
// RUN: not test -e %t.bad.hip
#include <cuda_runtime.h>

// CHECK: #define PIN(p, n) hipHostMalloc((void **)&(p), (n), hipHostMallocDefault)
#define PIN(p, n) cudaHostAlloc((void **)&(p), (n), cudaHostAllocDefault)

template <typename T> __device__ T reduce(T v) {
#ifdef WARP
  // WARP: runtime-macros.cu:[[@LINE+1]]:8: error: '__reduce_add_sync' has no HIP form that xfence writes
  v += __reduce_add_sync(0xffffffff, v);
#endif
  return v;
}
__global__ void k(int *p) { p[threadIdx.x] = reduce(p[threadIdx.x]); }

int main() {
  int *a, *b;
  // CHECK: hipHostMalloc((void **)&a, 64, hipHostMallocMapped);
  cudaHostAlloc((void **)&a, 64, cudaHostAllocMapped);
  PIN(b, 64);
  cudaStream_t s;
  // CHECK: hipStreamCreateWithFlags(&s, hipStreamNonBlocking);
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  // CHECK-NEXT: hipHostRegister(a, 64, hipHostRegisterMapped);
  cudaHostRegister(a, 64, cudaHostRegisterMapped);
  return 0;
}

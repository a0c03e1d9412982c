// OpenCL C forbids size_t, ptrdiff_t, intptr_t and uintptr_t kernel
// arguments and has no constexpr: the arguments become the 64-bit integers
// the host passes, constexpr becomes const. Both used to be copied, an output
// that exited 0 and that no OpenCL C compiler accepts.
// RUN: xfence translate %s --to opencl --cuda-builtin-header -o %t12.cl
// RUN: grep -v '^ *//' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
#include <cstddef>
#include <cstdint>

// CHECK: __constant const unsigned kTile = 16;
constexpr unsigned kTile = 16;

// CHECK: __kernel void k(__global float *out, ulong n, long d, ulong u) {
__global__ void k(float *out, size_t n, ptrdiff_t d, uintptr_t u) {
  // CHECK-NEXT: const int kLocal = 3;
  constexpr int kLocal = 3;
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (float)(d + kLocal + kTile + u);
}

// A pointer parameter of a __device__ function that no code of the file
// calls, used as the pointer of an atomic (rodinia huffman's
// put_bits_atomic2): __global, in every version (OpenCL C's atomics need a
// named address space where there are no generic pointers, as on PoCL's
// 3.0). A parameter with call sites keeps the space of its arguments.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s --check-prefixes=CHECK,CL12
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s --check-prefixes=CHECK,CL30
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// As PoCL builds 3.0 (no generic address space):
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_device_enqueue,-__opencl_c_generic_address_space,-__opencl_c_pipes -fsyntax-only %t30.cl
#include <cuda_runtime.h>

// CHECK: {{^}} void putBits(__global unsigned int *out, unsigned int k, unsigned int word) {
__device__ void putBits(unsigned int *out, unsigned int k, unsigned int word) {
  // CL12-NEXT: atomic_and((volatile __global uint *)(&out[k]), ~word);
  // CL30-NEXT: atomic_fetch_and_explicit((volatile __global atomic_uint *)(&out[k]), ~word, memory_order_relaxed, memory_scope_device);
  atomicAnd(&out[k], ~word);
  // CHECK-NEXT: __global unsigned int *next = out + 1;
  unsigned int *next = out + 1;
  // CL12-NEXT: atomic_or((volatile __global uint *)(next), word);
  atomicOr(next, word);
}

// CHECK: {{^}} void count(__local int *bins, int i) {
__device__ void count(int *bins, int i) { atomicAdd(&bins[i], 1); }

__global__ void histogram(const int *in, int *out) {
  __shared__ int bins[16];
  bins[threadIdx.x % 16] = 0;
  __syncthreads();
  count(bins, in[threadIdx.x] % 16);
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&out[threadIdx.x], bins[threadIdx.x]);
}

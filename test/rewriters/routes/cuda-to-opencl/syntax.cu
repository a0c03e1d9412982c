// The rest of a kernel: qualifiers, address spaces (inferred for 1.2,
// generic in 3.0), built-in variables, shared memory (static and dynamic),
// vector types and math built-ins.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s --check-prefixes=CHECK
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s --check-prefixes=CHECK
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// System headers are commented out.
// CHECK: // xfence: #include <cuda_runtime.h>
// CHECK: // xfence: #include "cuda/atomic"
#include <cuda_runtime.h>
#include "cuda/atomic"

#define TILE 16

// CHECK: __constant float weights[2] = {0.25f, 0.75f};
__constant__ float weights[2] = {0.25f, 0.75f};

// Pointer parameters of a __device__ function: the address space of the
// callers' arguments (also in 3.0, whose generic address space is optional:
// a pointer is generic only where it may point into several spaces).
// CHECK: inline  float load2(const __global float *p, __local float *s, int i) {
__forceinline__ __device__ float load2(const float *p, float *s, int i) {
  // CHECK-NEXT: const __global float *q = p + i;
  const float *q = p + i;
  return *q + s[i];
}

// CHECK: __kernel  void tiled(__global float *restrict out, const __global float *restrict in, int n, __local float *dyn) {
__global__ __launch_bounds__(256) void tiled(float *__restrict__ out, const float *__restrict__ in, int n) {
  // CHECK-NEXT: __local float tile[TILE];
  __shared__ float tile[TILE];
  // CHECK-NEXT: /* xfence: dynamic shared memory 'dyn' is a __local kernel argument */ (void)0;
  extern __shared__ float dyn[];
  // CHECK-NEXT: unsigned int i = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-NEXT: unsigned int j = (uint)get_local_id(1) + (uint)get_local_id(2) + (uint)get_group_id(1) + (uint)get_group_id(2);
  unsigned int j = threadIdx.y + threadIdx.z + blockIdx.y + blockIdx.z;
  // CHECK-NEXT: j += (uint)get_local_size(1) * (uint)get_local_size(2) * (uint)get_num_groups(0) * (uint)get_num_groups(1) * (uint)get_num_groups(2);
  j += blockDim.y * blockDim.z * gridDim.x * gridDim.y * gridDim.z;
  // CHECK-NEXT: tile[(uint)get_local_id(0) % TILE] = in[i];
  tile[threadIdx.x % TILE] = in[i];
  // CHECK-NEXT: dyn[(uint)get_local_id(0)] = tile[0];
  dyn[threadIdx.x] = tile[0];
  // CHECK-NEXT: barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  __syncthreads();
  // CHECK-NEXT: float4 v = (float4)(1.0f, 2.0f, 3.0f, (float)j);
  float4 v = make_float4(1.0f, 2.0f, 3.0f, (float)j);
  // CHECK-NEXT: float x = native_exp(v.x) + rsqrt(v.y) + fmin(v.z, v.w) + (float)mul24(n, 2);
  float x = __expf(v.x) + rsqrtf(v.y) + fminf(v.z, v.w) + (float)__mul24(n, 2);
  // CHECK-NEXT: x += sqrt(fabs(x)) + native_divide(x, 3.0f) + weights[i % 2];
  x += sqrtf(fabsf(x)) + __fdividef(x, 3.0f) + weights[i % 2];
  // CHECK-NEXT: out[i] = x + load2(in, dyn, 0);
  out[i] = x + load2(in, dyn, 0);
}

// A kernel without parameters gets the dynamic memory as its only one.
// CHECK: /* xfence: removed */
// CHECK-NEXT: __kernel void only(__local int *buffer) {
extern __shared__ int buffer[];
__global__ void only() {
  buffer[threadIdx.x] = 0;
}

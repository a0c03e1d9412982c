// What real .cu files hold around their kernels: a struct named without
// `struct` (C++; a typedef is added for C), a plain struct that clang gives
// implicit constructors when host code copies it, a static kernel (OpenCL
// C kernels cannot be static), a __constant__ float4 array set by the host
// (default-constructed, no initializer: an added __constant argument).
// RUN: xfence translate %s --to opencl -o %t12.cl
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t30.cl
// RUN: FileCheck %s < %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// CHECK: //   r:
// CHECK-NEXT: //     argument 1: __constant float4 *c, the __constant__ variable
#include <cuda_runtime.h>

// CHECK: {{^}}struct S { float x; }; typedef struct S S;
struct S { float x; };
// CHECK: {{^}}typedef struct P { float y; } P;{{$}}
typedef struct P { float y; } P;

// CHECK: {{^}} __kernel void k(__global S *s, __global P *p) { S a = s[0]; s[1] = a; p[0] = p[1]; }
static __global__ void k(S *s, P *p) { S a = s[0]; s[1] = a; p[0] = p[1]; }

// CHECK: /* xfence: __constant__ variable 'c' is a __constant argument of the kernels that use it (see the top) */
__constant__ float4 c[4];
// CHECK: {{^}}__kernel void r(__global float4 *o, __constant float4 *c) { o[0] = c[1]; }
__global__ void r(float4 *o) { o[0] = c[1]; }

int main() {
  P h[2];
  h[1] = h[0];
  float4 v[4];
  cudaMemcpyToSymbol(c, v, sizeof v);
  return 0;
}

// A host class with a member function defined outside it; C math functions
// OpenCL C has under the same name.
// CHECK: {{^}}/* xfence: host class 'Bench' left out */
struct Bench { void run(); int n; };
// CHECK: {{^}}__kernel void m(__global float *p) { p[0] = pow(p[1], 2.0f) + ceil(p[2]) + log(p[3]); }
__global__ void m(float *p) { p[0] = pow(p[1], 2.0f) + ceil(p[2]) + log(p[3]); }
// CHECK: {{^}}/* xfence: host function 'run' left out */
void Bench::run() { m<<<1, n>>>(0); }

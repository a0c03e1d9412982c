// CUDA to OpenCL C: operators that a file defines on CUDA's vector types
// (the CUDA samples' helper_math.h, HeCBench's aop, fluidSim, particles,
// sobel, urng ...). Where the definition computes what OpenCL C's built-in
// operator on its vector types computes -- each component of the result is
// the operator on the operands' components, in order, a scalar of the
// component type taken for each -- the definition goes and every use stays
// as written. Anything else is a function (operator-functions.cu). Refused
// before ("an overloaded operator has no OpenCL C form": 22 files). The
// output runs on PoCL and prints what the CUDA kernel computes.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: %if pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl | FileCheck %s --check-prefix=POCL %}
// POCL: out 20 25 -10 98 9 6 28 20 3 1
#include <cstdint>

#define HD __host__ __device__ __forceinline__

// CHECK: /* xfence: operator+(float3, float3) is OpenCL C's built-in vector operator */
HD float3 operator+(float3 a, float3 b) {
  return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
// CHECK: /* xfence: operator*(const float3 &, const float) is OpenCL C's built-in vector operator */
HD float3 operator*(const float3 &a, const float b) {
  return make_float3(a.x * b, a.y * b, a.z * b);
}
// A prototype goes with its definition.
// CHECK: /* xfence: operator*(float, float3) is OpenCL C's built-in vector operator */
HD float3 operator*(float b, float3 a);
// `*` commutes: helper_math.h writes the scalar last.
HD float3 operator*(float b, float3 a) {
  return make_float3(a.x * b, a.y * b, a.z * b);
}
HD float3 operator-(const float3 &a) { return make_float3(-a.x, -a.y, -a.z); }
// Components assigned in any order; `return a;` after them.
HD int4 &operator+=(int4 &a, int4 b) {
  a.w += b.w;
  a.x += b.x;
  a.z += b.z;
  a.y += b.y;
  return a;
}
HD void operator<<=(int4 &a, int b) {
  a.x <<= b;
  a.y <<= b;
  a.z <<= b;
  a.w <<= b;
}
// Braces instead of make_*.
HD ulong2 operator*(const ulong2 &a, const ulong2 &b) {
  return {a.x * b.x, a.y * b.y};
}

// CHECK: __kernel void k(
__global__ void k(long long *out, const float *in, const int64_t *w) {
  float3 a = make_float3(in[0], 2 * in[0], 3 * in[0]);
  float3 b = make_float3(1, 2, 3);
  // CHECK: float3 c = a + b * 2.0f;
  float3 c = a + b * 2.0f;
  out[0] = (long long)(c.x + c.z);
  // An operand C++ converted to the parameter's type is cast.
  // CHECK: float3 d = (float)(2) * a + -b;
  float3 d = 2 * a + -b;
  out[1] = (long long)(d.y + d.z);
  out[2] = (long long)((-d).x - d.x + d.x * 0);
  int4 v = make_int4((int)w[0], (int)w[1], 5, 7);
  // CHECK: v += v;
  v += v;
  v <<= 2;
  out[3] = v.x + v.y + v.w + v.z - 38;
  out[4] = v.x - 7;
  out[5] = v.y - 18;
  out[6] = v.z / 20 * 14;
  out[7] = v.w - 36;
  ulong2 p = make_ulong2(3, 1);
  p = p * p;
  out[8] = p.x / 3;
  out[9] = p.y;
}

// Not OpenCL C's operator: a function, and its uses calls
// (operator-functions.cu); before, an error.
// RUN: printf 'inline __device__ float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, b.y - a.y); }\n__global__ void k(float2 *p) { p[0] = p[1] - p[2]; }\n' > %t.swap.cu
// RUN: xfence translate %t.swap.cu --to opencl -o %t.swap.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t.swap.cl
// RUN: FileCheck %s --check-prefix=SWAP < %t.swap.cl
// SWAP: p[0] = xfence_operator_sub(p[1], p[2]);
// RUN: printf 'inline __device__ float2 operator-(float b, float2 a) { return make_float2(a.x - b, a.y - b); }\n__global__ void k(float2 *p) { p[0] = 1.0f - p[2]; }\n' > %t.commute.cu
// RUN: xfence translate %t.commute.cu --to opencl -o %t.commute.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t.commute.cl
// RUN: FileCheck %s --check-prefix=COMMUTE < %t.commute.cl
// COMMUTE: p[0] = xfence_operator_sub(1.0f, p[2]);
// RUN: printf 'inline __device__ bool operator==(float2 a, float2 b) { return a.x == b.x && a.y == b.y; }\n__global__ void k(float2 *p, int *r) { r[0] = p[1] == p[2]; }\n' > %t.eq.cu
// RUN: xfence translate %t.eq.cu --to opencl -o %t.eq.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t.eq.cl
// RUN: FileCheck %s --check-prefix=EQ < %t.eq.cl
// EQ: r[0] = xfence_operator_eq(p[1], p[2]);
// RUN: printf 'inline __device__ float2 operator+(float2 a, float b) { return make_float2(a.x + b, a.y + 1.0f); }\n__global__ void k(float2 *p) { p[0] = p[1] + 2.0f; }\n' > %t.scalar.cu
// RUN: xfence translate %t.scalar.cu --to opencl -o %t.scalar.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t.scalar.cl
// RUN: FileCheck %s --check-prefix=SCALAR < %t.scalar.cl
// SCALAR: p[0] = xfence_operator_add(p[1], 2.0f);

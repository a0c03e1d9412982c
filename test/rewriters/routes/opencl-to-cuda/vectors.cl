// Vector types, literals, swizzles, operators, vector ?:, vloadN/vstoreN,
// double and half (docs/opencl-to-cuda.md).
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v CHECK %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}

// The prelude: only the vector types the kernel names.
// CHECK: #include <cuda_fp16.h>
// CHECK: typedef __half half;
// CHECK: template <class T, int N> struct vec {
// CHECK: template <> struct is_scalar<__half> : std::true_type {};
// CHECK-NEXT: typedef vec<double, 2> double2;
// CHECK-NEXT: typedef vec<float, 2> float2;
// CHECK-NEXT: typedef vec<float, 3> float3;
// CHECK-NEXT: typedef vec<float, 4> float4;
// CHECK-NEXT: typedef vec<float, 16> float16;
// CHECK-NEXT: typedef vec<int, 4> int4;
// CHECK-NOT: typedef vec<
// CHECK: __device__ inline V cond(const C &c, const A &a, const B &b) {
// CHECK: r[i] = msb(lane(c, i)) ? lane(a, i) : lane(b, i);
// The built-ins it calls, defined from the overloads Clang resolved.
// CHECK: __device__ inline float vload_half(ulong a0, const half *a1) {
// CHECK-NEXT: return __half2float(a1[a0]);
// CHECK: __device__ inline ocl::float4 vload4(ulong a0, const float *a1) {
// CHECK-NEXT: ocl::float4 r;
// CHECK-NEXT: for (int i = 0; i < 4; ++i)
// CHECK-NEXT: r[i] = a1[a0 * 4 + i];
// CHECK: __device__ inline void vstore4(ocl::float4 a0, ulong a1, float *a2) {
// CHECK-NEXT: for (int i = 0; i < 4; ++i)
// CHECK-NEXT: a2[a1 * 4 + i] = a0[i];
// CHECK: // xfence: #pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

// CHECK: __global__ void vec(ocl::float4 *f, int *o, ocl::double2 *d,
// CHECK-NEXT: half *h, float s) {
__kernel void vec(__global float4 *f, __global int *o, __global double2 *d,
                  __global half *h, float s) {
  // CHECK-NEXT: ocl::float2 v2 = ocl::float2(1.0f, 2.0f);
  float2 v2 = (float2)(1.0f, 2.0f);
  // CHECK-NEXT: ocl::float4 a = ocl::float4(v2, s, 3.0f);
  float4 a = (float4)(v2, s, 3.0f);
  // CHECK-NEXT: ocl::float4 b = ocl::float4(s);
  float4 b = (float4)(s);
  // CHECK-NEXT: ocl::float3 c3 = (a.get<0, 1, 2>());
  float3 c3 = a.xyz;
  // CHECK-NEXT: ocl::float16 big = ocl::float16(a, b, (a.get<3, 2, 1, 0>()), b);
  float16 big = (float16)(a, b, a.wzyx, b);
  // CHECK-NEXT: (a.ref<0, 2>()) = (b.get<2, 0>());
  a.xz = b.zx;
  // CHECK-NEXT: a[3] = big[15];
  a.s3 = big.sf;
  // CHECK-NEXT: (a.ref<2, 3>()) *= 2.0f;
  a.hi *= 2.0f;
  // CHECK-NEXT: ocl::int4 m = a > b;
  int4 m = a > b;
  // CHECK-NEXT: ocl::int4 k = (a.get<0, 2>())[0] == (b.get<1, 3>())[1] ? ocl::int4(1) : m;
  int4 k = a.even.x == b.odd.y ? (int4)(1) : m;
  // CHECK-NEXT: ocl::int4 sel = ocl::cond<ocl::int4>(m , ocl::int4(7) , ocl::int4(8));
  int4 sel = m ? (int4)(7) : (int4)(8);
  // CHECK-NEXT: f[0] = a + b * 2.0f - (c3.get<0, 1, 2, 2>()) / b;
  f[0] = a + b * 2.0f - c3.xyzz / b;
  // CHECK-NEXT: f[1] = ocl::vload4(1, (const float *)f);
  f[1] = vload4(1, (__global const float *)f);
  // CHECK-NEXT: ocl::vstore4(-a, 2, (float *)f);
  vstore4(-a, 2, (__global float *)f);
  // A scalar shift count is taken modulo the width, as in OpenCL.
  // CHECK: o[0] = m[0] + k[1] + sel[2] + (m[1] << ((33) & 31)) + (~m)[3] + (!m)[0] + (m[2] >> 3);
  o[0] = m.x + k.y + sel.z + (m.s1 << 33) + (~m).w + (!m).x + (m.s2 >> 3);
  // CHECK-NEXT: ocl::double2 dv = ocl::double2(1.0, 2.0) * d[0];
  double2 dv = (double2)(1.0, 2.0) * d[0];
  // CHECK-NEXT: d[1] = (dv.get<1, 0>());
  d[1] = dv.yx;
  // CHECK-NEXT: half hv = h[0];
  half hv = h[0];
  h[1] = hv;
  // CHECK: f[2][1] = ocl::vload_half(0, h);
  f[2].y = vload_half(0, h);
}

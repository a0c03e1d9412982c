// CUDA to HIP: what helper_math.h and its copies (HeCBench's hexciton,
// mdh) do that HIP compiles otherwise.
// - `#ifndef __CUDACC__`: clang and nvcc define __CUDACC__ for CUDA, HIP's
//   clang __HIPCC__ (and not __CUDACC__): the presence tests take HIP's
//   name, and `defined(__CUDA_ARCH__)` HIP's __HIP_DEVICE_COMPILE__, so the
//   output compiles the branches the source did. A value test of
//   __CUDA_ARCH__ stays.
// - a host `int max(int, int)`: HIP 5.2 defines one, CUDA does not; the
//   user's is renamed with its calls.
// - `operator+=` over float4, component-wise: a member of HIP's vector
//   types, ambiguous beside the user's; the user's goes, its uses stay. One
//   that is not component-wise stays (and is ambiguous in HIP: the check
//   refuses the output).
// RUN: xfence translate %s --to hip --verify-output -o %t.hip
// RUN: grep -v '^ *// [A-Z-]*:' %t.hip | FileCheck %s
// RUN: not xfence translate %s --to hip --verify-output -DODD -o %t.bad.hip 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ODD
// RUN: not test -e %t.bad.hip

// CHECK: #ifndef __HIPCC__
#ifndef __CUDACC__
#include <math.h>
inline float fmaxf(float a, float b) { return a > b ? a : b; }
#endif
// CHECK: #if defined(__HIPCC__) && !defined(__HIP_DEVICE_COMPILE__) // __CUDACC__ host pass
#if defined(__CUDACC__) && !defined(__CUDA_ARCH__) // __CUDACC__ host pass
#define HOST_PASS 1
#else
#define HOST_PASS 0
#endif
// CHECK: #if __CUDA_ARCH__ >= 700
#if __CUDA_ARCH__ >= 700
#endif

// CHECK: inline int max_(int a, int b) { return a > b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }

// CHECK: /* xfence: operator+= on a vector type is a member of HIP's vector types, component-wise as this was */
// CHECK-NOT: void operator+=
__host__ __device__ void operator+=(float4 &a, float4 b);
inline __host__ __device__ void operator+=(float4 &a, float4 b) {
  a.x += b.x;
  a.y += b.y;
  a.z += b.z;
  a.w += b.w;
}
// CHECK: inline __host__ __device__ float4 operator*(float4 a, float b) {
inline __host__ __device__ float4 operator*(float4 a, float b) {
  return make_float4(a.x * b, a.y * b, a.z * b, a.w * b);
}
#ifdef ODD
// ODD: error: internal error of xfence: the translation does not compile
// ODD: error: use of overloaded operator '-=' is ambiguous
inline __host__ __device__ void operator-=(float4 &a, float4 b) {
  a.x -= b.y;
  a.y -= b.x;
  a.z -= b.z;
  a.w -= b.w;
}
#endif

// CHECK: acc += v[i] * 2.0f;
__global__ void scale(float4 *v, float4 *out) {
  int i = threadIdx.x;
  float4 acc = make_float4(0, 0, 0, 0);
  acc += v[i] * 2.0f;
#ifdef ODD
  acc -= v[i];
#endif
  out[i] = acc;
}

int main() {
  // CHECK: int n = max_(HOST_PASS, 3);
  int n = max(HOST_PASS, 3);
  float4 *v;
  cudaMalloc(&v, n * sizeof(float4));
  scale<<<1, n>>>(v, v);
  return cudaDeviceSynchronize() != cudaSuccess;
}

// HIP to CUDA: HIP's operators on vector types (amd_hip_vector_types.h:
// component by component, a scalar standing for every component, == and
// != over all components giving one bool), which CUDA's vector types of
// the same names lack. The prelude defines them as templates for the
// types the code uses them on; a user's own operator (not a template) is
// still chosen first. Found on HeCBench's HIP programs (boxfilter,
// particles, radixsort, shmembench, ... did not parse). The operators are
// __host__ __device__, as HIP's: nvcc builds the output and it runs on
// the host here, printing what HIP's definitions give (worked out in the
// comments).
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %s %}
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -std=c++17 %t.cu -o %t.exe %}
// RUN: %if nvcc %{ %t.exe | FileCheck %s --check-prefix=OUT %}
// RUN: xfence translate %s --to cuda -DNONE -o - | grep -v '^ *//' | FileCheck %s --check-prefix=NONE

// Only the types used get a specialization, after the generic part.
// CHECK: template <typename V> struct xfence_hip_vector {};
// CHECK-NEXT: template <> struct xfence_hip_vector<uchar2> {
// CHECK: template <> struct xfence_hip_vector<int4> {
// CHECK: template <> struct xfence_hip_vector<float4> {
// CHECK-NOT: template <> struct xfence_hip_vector<
// CHECK: #include <cuda_runtime.h>
// NONE-NOT: xfence_hip_vector
#include <hip/hip_runtime.h>
#include <cstdio>

struct P { float x, y; };
// The user's operator on a struct of their own: theirs, not a template.
__host__ __device__ P operator+(P a, P b) { return P{a.x * 10 + b.x, a.y}; }

#ifndef NONE
// CHECK: __global__ void scale(float4 *v, const int4 *w, float s) {
__global__ void scale(float4 *v, const int4 *w, float s) {
  int i = threadIdx.x;
  // CHECK-NEXT: int i = threadIdx.x;
  // CHECK-NEXT: v[i] = (v[i] + v[i + 1]) * s - 1.0f;
  v[i] = (v[i] + v[i + 1]) * s - 1.0f;
  v[i] /= 2;
  if (w[i] == w[i + 1])
    v[i] = -v[i];
}

template <typename V> __host__ __device__ V twice(V a) { return a + a; }

int main() {
  float4 a = make_float4(1, 2, 3, 4), b = make_float4(10, 20, 30, 40);
  // (1 + 20 - 1, 2 + 40 - 1, 3 + 60 - 1, 4 + 80 - 1) / 2
  float4 c = a + b * 2.0f - 1.0f;
  c /= 2;
  // OUT: c 10 20.5 31 41.5
  printf("c %g %g %g %g\n", c.x, c.y, c.z, c.w);
  int4 i = make_int4(1, 2, 3, 4), j = make_int4(8, 8, 8, 8);
  // (8 >> 1) ^ (1, 2, 3, 4) = (5, 6, 7, 0); << 1; negated
  int4 k = (j >> 1) ^ i;
  k = k << 1;
  k = -k;
  // OUT-NEXT: k -10 -12 -14 0
  printf("k %d %d %d %d\n", k.x, k.y, k.z, k.w);
  int4 l = ~i, m = i++, n = --j;
  // OUT-NEXT: l -2 -5 m 1 i 2 n 7
  printf("l %d %d m %d i %d n %d\n", l.x, l.w, m.x, i.x, n.x);
  // unsigned char wraps: 250 + 10 is 4
  uchar2 u = make_uchar2(250, 3);
  u += 10;
  // OUT-NEXT: u 4 13
  printf("u %d %d\n", u.x, u.y);
  // OUT-NEXT: eq 1 1 1 0 0
  printf("eq %d %d %d %d %d\n", a == a, a != b, 2.0f * a == make_float4(2, 4, 6, 8),
         a == 1.0f, 1.0f != make_float4(1, 1, 1, 1));
  int4 t = twice(make_int4(1, 2, 3, 4));
  P p{1, 2}, q{3, 4};
  // OUT-NEXT: twice 2 8 user 13
  printf("twice %d %d user %g\n", t.x, t.w, (p + q).x);
  return 0;
}
#else
int main() {
  P p{1, 2}, q{3, 4};
  printf("%g\n", (p + q).x);
  return 0;
}
#endif

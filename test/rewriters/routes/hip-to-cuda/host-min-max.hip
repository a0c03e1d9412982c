// HIP to CUDA: min and max in host code. HIP declares int's only (clang's
// __clang_hip_math.h, and HIP 5.2's amd_math_functions.h), unless the
// program defines __HIP_DEFINE_EXTENDED_HOST_MIN_MAX__ or
// __HIP_DEFINE_MIXED_HOST_MIN_MAX__; nvcc declares float's and mixed signs
// as well, so the same call would mean something else: max(1.5f, 2.75f) is
// 2 with HIP (both converted to int), 2.75 with nvcc. Each host call
// becomes a helper with HIP's overloads; device calls keep their names
// (the device overloads are CUDA's). Found on HeCBench's HIP programs
// (bitpacking, distort, fpdc did not parse: clang's CUDA mode has no host
// min or max). The program runs on the host here and prints HIP's values.
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only -Wno-literal-conversion %s %}
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -std=c++17 %t.cu -o %t.exe %}
// RUN: %if nvcc %{ %t.exe | FileCheck %s --check-prefix=OUT %}
// With HIP's extended set, min(-1, 5u) is ambiguous (int's and
// unsigned's), as it is for HIP: the line is left out there.
// RUN: not xfence translate %s --to cuda -D__HIP_DEFINE_EXTENDED_HOST_MIN_MAX__=1 -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
// RUN: not test -e %t.bad.cu
// RUN: sed '/min(-1, 5u)/d' %s > %t.ext.hip
// RUN: xfence translate %t.ext.hip --to cuda -D__HIP_DEFINE_EXTENDED_HOST_MIN_MAX__=1 -o %t.ext.cu
// RUN: grep -v '^ *//' %t.ext.cu | FileCheck %s --check-prefix=EXT
// RUN: %if nvcc %{ %nvcc -std=c++17 %t.ext.cu -o %t.ext.exe %}
// RUN: %if nvcc %{ %t.ext.exe | FileCheck %s --check-prefix=OUTEXT %}

// CHECK: __host__ inline int xfence_hip_min(int a, int b) {
// CHECK-NEXT: return (a < b) ? a : b;
// CHECK: __host__ inline int xfence_hip_max(int a, int b) {
// CHECK-NOT: xfence_hip_min(float
// AMBIGUOUS: host-min-max.hip:[[@LINE+24]]:7: error: call to 'min' is ambiguous
// EXT: __host__ inline float xfence_hip_min(float a, float b) {
// EXT-NEXT: return fminf(a, b);
// EXT: __host__ inline double xfence_hip_max(double a, float b) {
// EXT-NEXT: return fmax(a, b);
#include <hip/hip_runtime.h>
#include <cstdio>

// CHECK: #define PICK(a, b) xfence_hip_max(a, b)
#define PICK(a, b) max(a, b)
// CHECK: template <typename T> T lowest(T a, T b) { return xfence_hip_min(a, b); }
template <typename T> T lowest(T a, T b) { return min(a, b); }

__global__ void k(float *out, unsigned *u) {
  // CHECK: out[0] = min(out[1], out[2]);
  out[0] = min(out[1], out[2]);
  // CHECK-NEXT: u[0] = max(u[1], 3u);
  u[0] = max(u[1], 3u);
}

int main() {
  // CHECK: float f = xfence_hip_max(1.5f, 2.75f);
  float f = max(1.5f, 2.75f);
  int m = -2;
  m = min(-1, 5u);
  // OUT: 2 -1 9 3
  // OUTEXT: 2.75 -2 9 3
  printf("%g %d %d %d\n", f, m, PICK(7, 9), lowest(4, 3));
  return 0;
}

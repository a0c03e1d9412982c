// C++'s direct-list-initialization `T v{...}` (a struct, a scalar, an
// array, a vector) is `T v = {...}` in C. The braces were kept: an exit 0
// with an output that OpenCL C does not compile (found writing
// operator-functions.cu). The kernel runs on PoCL and, compiled as C++ for
// the host, on the CPU: the same numbers.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: %if host-cxx && pocl %{ %host-cxx -x c++ -std=c++17 -D__device__= -D__host__= -D__global__= -DHOST_RUN %s -o %t.host && %t.host > %t.host.txt %}
// RUN: %if host-cxx && pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl > %t.pocl.txt && diff %t.host.txt %t.pocl.txt %}
// RUN: %if pocl %{ FileCheck %s --check-prefix=POCL < %t.pocl.txt %}
// POCL: out 5 2 3 7 9 4 0 0 0 0

#ifdef HOST_RUN
struct float2 { float x, y; };
#endif

struct P { int x, y; };

// CHECK-LABEL: __kernel void k(
// CHECK-NEXT: P a = {(int)w[1] + 2, 2}, b = {(int)w[0]};
// CHECK-NEXT: long n = {w[1]};
// CHECK-NEXT: int arr[3] = {1, 2, (int)in[0] * 3};
// CHECK-NEXT: float2 v = {in[0], 4.0f};
// CHECK-NEXT: const P c = {7};
__global__ void k(long *out, const float *in, const long *w) {
  P a{(int)w[1] + 2, 2}, b{(int)w[0]};
  long n{w[1]};
  int arr[3]{1, 2, (int)in[0] * 3};
  float2 v{in[0], 4.0f};
  const P c{7};
  out[0] = a.x;
  out[1] = a.y + b.y;
  out[2] = n;
  out[3] = c.x;
  out[4] = arr[2];
  out[5] = (long)v.y;
}

#ifdef HOST_RUN
#include "Inputs/host_run_k.h"
#endif

// CUDA to OpenCL C: <stdint.h>'s integer-constant macros (UINT64_C, ...)
// in device code. The parse reads the host's <stdint.h>; OpenCL C has no
// such header, and the output used UINT64_C undeclared (xfence's output
// check rejected it: HeCBench crc64). The prelude defines the ones the
// code uses, as glibc does for LP64, each under #ifndef.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
#include <stdint.h>

// CHECK: #ifndef INT32_C
// CHECK-NEXT: #define INT32_C(c) c
// CHECK-NEXT: #endif
// CHECK-NEXT: #ifndef UINT64_C
// CHECK-NEXT: #define UINT64_C(c) c##UL
// CHECK-NEXT: #endif
// CHECK-NEXT: // xfence: end of prelude
__global__ void k(unsigned long long *p, int *q) {
  p[0] ^= UINT64_C(0xffffffffffffffff);
  q[0] = INT32_C(7);
}

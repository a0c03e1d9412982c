// C++ picked the overload of a math built-in and converted its arguments;
// OpenCL C's overloaded built-ins have no best match for mixed types
// (mul24(2, stride) with an unsigned stride is ambiguous), so each
// converted argument is cast to the type C++ chose. A macro argument is
// cast at its use, not in the macro's body, which other uses share.
// RUN: xfence translate %s --to opencl --cuda-builtin-header -o %t12.cl
// RUN: grep -v '^ *//' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl --cuda-builtin-header -cl-std=CL3.0 -o %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
#define HEIGHT 16
// CHECK: #define HEIGHT 16
__global__ void k(float *p, unsigned int stride, int n) {
  __shared__ float s[HEIGHT];
  // CHECK: __local float s[HEIGHT];
  int i = __mul24(__mul24(2, stride), n);
  // CHECK: int i = mul24(mul24(2, (int)(stride)), n);
  s[0] = __powf(HEIGHT, i);
  // CHECK: s[0] = native_powr((float)(HEIGHT), (float)(i));
  p[i] = s[0] + sqrtf(n);
  // CHECK: p[i] = s[0] + sqrt((float)(n));
}

// CUDA to OpenCL C: constants that device code takes from C++'s library
// and C++'s static locals.
// - std::numeric_limits<T>'s max(), min(), lowest(), epsilon(), infinity()
//   and quiet_NaN() of an integer or floating-point T -> OpenCL C's macros
//   (OpenCL C 3.0, 6.15.3: INT_MIN, UCHAR_MAX, FLT_MAX, FLT_EPSILON, ...;
//   long long is 64 bits, OpenCL C's long). Was "'numeric_limits' is a
//   type of a library" (hecbench atan2).
// - A static local constant (`static const double c[] = {...};`, a
//   Chebyshev table in hecbench fresnel) loses `static`: one object for
//   all calls in CUDA, one per call in OpenCL C, with the same values, and
//   nothing can write either. A static local that is not constant stays an
//   error.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: %if pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl | FileCheck %s --check-prefix=POCL %}
// POCL: out -2147483648 255 1 1 1 1 4 9223372036854775807 4294967295 5
// RUN: not xfence translate %s --to opencl -cl-std=CL3.0 -DCOUNTER -o %t.bad.cl 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad.cl
#include <cstdint>
#include <limits>

__device__ int table(long long i) {
  // CHECK: {{^ *}}const int t[] = {3, 1, 4, 1, 5};
  static const int t[] = {3, 1, 4, 1, 5};
  return t[i];
}

#ifdef COUNTER
__device__ int counter() {
  // BAD: library-constants.cu:[[#@LINE+1]]:14: error: a static local variable that is not a constant (one object that every thread shares) has no OpenCL C form that xfence writes; declare it __device__ at file scope
  static int n = 0;
  return ++n;
}
#endif

__global__ void k(long long *out, const float *in, const int64_t *w) {
  // CHECK: out[0] = (INT_MIN);
  out[0] = std::numeric_limits<int>::min();
  // CHECK: out[1] = (UCHAR_MAX);
  out[1] = std::numeric_limits<uint8_t>::max();
  out[2] = std::numeric_limits<float>::max() == 3.40282347e38f;
  // CHECK: out[3] = ((-FLT_MAX)) == -3.40282347e38f;
  out[3] = std::numeric_limits<float>::lowest() == -3.40282347e38f;
  out[4] = std::numeric_limits<float>::epsilon() == 1.1920929e-7f;
  out[5] = isinf(std::numeric_limits<float>::infinity() * in[0]);
  out[6] = table(w[0]);
  // CHECK: out[7] = (LONG_MAX);
  out[7] = std::numeric_limits<long long>::max();
  out[8] = std::numeric_limits<unsigned>::max();
  static constexpr float lim = 2.5f;
  out[9] = (long long)(lim * 2);
}

// OpenCL built-ins whose library text calls CUDA intrinsics (mul24,
// popcount, clz, native_sin, convert_int_rtp, ...): on alpaka they call
// xfence_alpaka's, which give CUDA's results in C++ on the CPU back ends.
// RUN: xfence translate %s --to alpaka -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %if alpaka %{ %alpaka-cxx -include %t.cpp %S/Inputs/intrinsics-main.cpp -o %t.exe && %t.exe | FileCheck %s --check-prefix=VALUES %}
// A conversion to floating point in a rounding mode has no C++ form here.
// RUN: not xfence translate %s --to alpaka -DROUNDED -o %t.rounded.cpp 2>&1 | FileCheck %s --check-prefix=ROUNDED

// CHECK: ALPAKA_FN_ACC inline int mul24(int a0, int a1) { return xfence_alpaka::cuda_mul24(a0, a1); }
// CHECK: ALPAKA_FN_ACC inline int convert_int_rtp(float a0) {
// CHECK-NEXT: return xfence_alpaka::cuda_float2int_ru(a0);
// CHECK: ALPAKA_FN_ACC inline int isinf(float a0) { return (std::isinf(a0)) ? 1 : 0; }
__kernel void k(__global float *p, __global int *q) {
  q[1] = mul24(q[2], q[3]) + popcount(q[4]) + clz(q[5]) +
         convert_int_rtp(p[1]) + isinf(p[4]);
  p[2] = native_sin(p[3]);
#ifdef ROUNDED
  // ROUNDED: intrinsics.cl:[[@LINE+1]]:10: error: the OpenCL built-in 'convert_float_rtz' has no alpaka translation (its definition needs CUDA's '__int2float_rz', which alpaka's CPU back ends lack)
  p[0] = convert_float_rtz(q[0]);
#endif
}

// VALUES: mul24 -15 6 -8388608
// VALUES-NEXT: umul24 6
// VALUES-NEXT: mulhi 2 4294967294
// VALUES-NEXT: bits 8 32 31 0 0 4
// VALUES-NEXT: float2int -2 -3 -2 2 0 2147483647 0 -9223372036854775808

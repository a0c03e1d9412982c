// CUDA to OpenCL C: the CUDA Math API's conversions in a rounding mode
// (OpenCL C's convert_<type>_rt<mode>, 6.4.3.1), the halves of a double's
// bits, arithmetic rounded to nearest that is never contracted into a
// fused multiply-add (__fadd_rn, __fdiv_rn, __fsqrt_rn, __drcp_rn: prelude
// helpers; float / and sqrt computed in double, which rounds them
// correctly as double has more than 2 * 24 + 2 bits), and <math.h>'s
// INFINITY, whose expansion is clang's __builtin_inff(); C's lrintf (to
// nearest even: convert_long_rte) and llroundf (half away from zero:
// round, in a prelude function). Refused before
// ("has no OpenCL C equivalent that xfence knows": HeCBench aop,
// intrinsics-cast, mdh, perplexity). The values below are CUDA's,
// worked by hand from the IEEE 754 definitions; PoCL must print them.
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: %if pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl | FileCheck %s --check-prefix=POCL %}
// 0x3FF00000; 7; 5; sqrt(2) as float bits 0x3FB504F3; 1/3 as float bits
// 0x3EAAAAAB; 2^24 + 1 rounded toward zero and up; floor(-0.5); 1/3 as
// double bits 0x3FD5555555555555; INFINITY > FLT_MAX and 3 + 0.5 == 3.5.
// POCL: out 1072693248 7 5 1068827891 1051372203 16777216 16777218 -1 4599676419421066581 11
// llroundf is a prelude function, not `(long)round(x)` at the call: a
// variable named `round` beside it (HeCBench's resize: an internal error
// of the output check, "called object type 'bool' is not a function").
// RUN: printf '__global__ void k(long *o, float f, bool round) { o[0] = round ? lroundf(f) : llround((double)f); }\n' > %t.shadow.cu
// RUN: xfence translate %t.shadow.cu --to opencl -cl-std=CL3.0 -o %t.shadow.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.shadow.cl
#include <cmath>
#include <cstdint>

// CHECK: static inline int xfence_double2hiint(double x) { return as_int2(x).y; }
// CHECK: static inline float xfence_fsqrt_rn(float x) { return (float)sqrt((double)x); }
// CHECK: __kernel void k(
__global__ void k(long long *out, const float *in, const int64_t *w) {
  int zero = (int)w[0] - 2;
  // CHECK: out[0] = xfence_double2hiint(1.0 + zero);
  out[0] = __double2hiint(1.0 + zero);
  out[1] = __double2loint(__hiloint2double(5, 7 + zero));
  out[2] = __double2hiint(__hiloint2double(5 + zero, 7));
  out[3] = __float_as_int(__fsqrt_rn(in[0] - 1.0f));
  out[4] = __float_as_int(__fdiv_rn(1.0f, in[0]));
  // CHECK: out[5] = (long)convert_float_rtz(16777217 + zero);
  out[5] = (long long)__int2float_rz(16777217 + zero);
  out[6] = (long long)__int2float_ru(16777217 + zero);
  // lrintf(0.5) is 0 (to even), llroundf(0.5) is 1 (away from zero).
  // CHECK: out[7] = convert_long_rtn(-in[1]) + convert_long_rte(in[1]) - xfence_lroundf(in[1]) + 1;
  out[7] = __float2ll_rd(-in[1]) + lrintf(in[1]) - llroundf(in[1]) + 1;
  out[8] = __double_as_longlong(__drcp_rn((double)in[0]));
  // CHECK: float inf = INFINITY;
  float inf = INFINITY;
  out[9] = (inf > 3.4e38f) * 10 + (__fadd_rn(in[0], in[1]) == 3.5f);
}

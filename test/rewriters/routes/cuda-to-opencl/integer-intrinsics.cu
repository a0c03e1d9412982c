// CUDA to OpenCL C: CUDA's intrinsics that OpenCL C has no function for,
// as helpers of the prelude written from the CUDA Math API's definitions:
// __ffs/__ffsll (the least significant 1 bit, counted from 1; 0 for 0),
// __byte_perm (byte n of the result is byte s<4n+2:4n> of {y, x}: PTX's
// prmt in its default mode), __saturatef (clamped to [0, 1], NaN to 0).
// Refused before ("has no OpenCL C equivalent that xfence knows": HeCBench
// bitcracker, the CUDA samples). The values below are CUDA's, worked by
// hand from those definitions; PoCL must print them.
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: %if pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl | FileCheck %s --check-prefix=POCL %}
// POCL: out 0 5 32 41 1427194880 2003195204 100 0 50 0
#include <cstdint>

// CHECK: static inline int xfence_ffs(int x)
// CHECK: static inline int xfence_ffsll(long x)
// CHECK: static inline uint xfence_byte_perm(uint x, uint y, uint s)
// CHECK: static inline float xfence_saturatef(float x)
// CHECK: __kernel void k(
__global__ void k(long long *out, const float *in, const int64_t *w) {
  int zero = (int)w[0] - 2;
  // CHECK: out[0] = xfence_ffs(zero);
  out[0] = __ffs(zero);
  out[1] = __ffs(0x50 + zero);
  out[2] = __ffs((int)0x80000000u + zero);
  out[3] = __ffsll((1LL << 40) + zero);
  unsigned x = 0x33221100u, y = 0x77665544u;
  out[4] = __byte_perm(x, y, 0x5140);
  // The selector's fourth bit is not read.
  out[5] = __byte_perm(x, y, 0xFEDC);
  out[6] = (long long)(__saturatef(in[0]) * 100);
  out[7] = (long long)(__saturatef(-in[1]) * 100);
  out[8] = (long long)(__saturatef(in[1]) * 100);
  float nan = (in[1] - in[1]) / (in[1] - in[1]);
  out[9] = (long long)(__saturatef(nan) * 100);
}

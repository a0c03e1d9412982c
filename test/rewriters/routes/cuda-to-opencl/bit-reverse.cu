// CUDA's __brev and __brevll (the bits of x in reverse order: bit 0 to bit
// 31, or 63) as helpers of the prelude: OpenCL C has no bit reversal; and
// __sad/__usad (|x - y| + z, OpenCL C's abs_diff plus z). They were refused
// ("'__brev' has no OpenCL C equivalent that xfence knows").
// The values are the CUDA Math API's definition worked out (each the
// input's binary string read backwards); PoCL must print them.
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: %if pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl | FileCheck %s --check-prefix=POCL %}
// POCL: out 2147483648 4026531840 510274632 4294967295 -9223372036854775808 2191612856418435072 -9223372036602130673 4000000005 8 0

// CHECK: static inline uint xfence_brev(uint x) {
// CHECK: static inline ulong xfence_brevll(ulong x) {
// CHECK: static inline uint xfence_sad(int x, int y, uint z) { return abs_diff(x, y) + z; }
// CHECK-LABEL: __kernel void k(
// CHECK: out[0] = xfence_brev(1u + zero);
// CHECK: out[4] = (long)xfence_brevll(1ul + zero);
__global__ void k(long long *out, const float *in, const long long *w) {
  unsigned zero = (unsigned)w[0] - 2;
  out[0] = __brev(1u + zero);
  out[1] = __brev(0xFu + zero);
  out[2] = __brev(0x12345678u + zero);
  out[3] = __brev(0xFFFFFFFFu + zero);
  out[4] = (long long)__brevll(1ull + zero);
  out[5] = (long long)__brevll(0x12345678ull + zero);
  out[6] = (long long)__brevll(0xF0F0F0F000000001ull + zero);
  // |(-2000000000) - 2000000000| = 4000000000 does not fit an int: the
  // difference is unsigned.
  out[7] = __sad(-2000000000 + (int)zero, 2000000000, 5u);
  out[8] = __usad(3u + zero, 10u, 1u);
}

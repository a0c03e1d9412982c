// OpenCL C has no constexpr function, no deduced return type and no
// trailing return type; a string literal is in its constant address space.
// Found by the HIP corpus (rocm-examples' ceiling_div, hip-tests' printf
// tests): the outputs exited 0 and did not compile. Every output is
// compiled by clang's OpenCL C mode.
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 --cuda-builtin-header -DNO_TEMPLATE -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only -DNO_TEMPLATE %t12.cl
// RUN: xfence translate %s --to opencl -cl-std=CL2.0 --cuda-builtin-header -o %t20.cl
// RUN: clang -x cl -cl-std=CL2.0 -Xclang -finclude-default-header -fsyntax-only %t20.cl
// RUN: grep -v '^ *//' %t20.cl | FileCheck %s
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 --cuda-builtin-header -o %t30.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// RUN: not xfence translate %s --to opencl -cl-std=CL2.0 --cuda-builtin-header -DTRAILING -o %t-bad.cl 2>&1 | FileCheck %s --check-prefix=TRAILING
// RUN: not test -e %t-bad.cl
// RUN: printf '__device__ auto thrice(int x);\n__global__ void k(int *o) { o[0] = 1; }\n' > %t.auto.cu
// RUN: not xfence translate %t.auto.cu --to opencl -o %t.auto.cl 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: not test -e %t.auto.cl
// AUTO: auto.cu:1:17: error: a function declared 'auto' without a definition that deduces its type has no OpenCL C form; write the type

#define HD __host__ __device__

// A prototype loses the keyword too (it kept it, and the member-function
// lowering writes one per constexpr member function: an exit 0 with an
// output that did not compile).
// CHECK-NOT: constexpr
// CHECK: unsigned int round_up(unsigned int n, unsigned int m);
HD constexpr unsigned int round_up(unsigned int n, unsigned int m);
// CHECK: unsigned int round_up(unsigned int n, unsigned int m) {
HD constexpr unsigned int round_up(unsigned int n, unsigned int m) {
  return (n + m - 1) / m * m;
}

// CHECK: float half_of(float x) {
__device__ auto half_of(float x) { return x / 2; }

#ifndef NO_TEMPLATE
// A template is copied per specialization (its reference parameters become
// pointers, which OpenCL C 1.2 needs an address space for).
template <typename T, typename U>
HD constexpr auto ceiling_div(const T &a, const U &b) {
  return (a + b - 1) / b;
}
// CHECK: unsigned int ceiling_div__unsigned_int_unsigned_int(const __global unsigned int *a, const unsigned int *b) {
#endif

#ifdef TRAILING
// TRAILING: constexpr-functions.cu:[[@LINE+1]]:17: error: a trailing return type has no OpenCL C form; write the type before the name
__device__ auto twice(int x) -> int { return 2 * x; }
#endif

__global__ void k(unsigned int *out, float *f) {
  // CHECK: const __constant char *greeting = "hello";
  const char *greeting = "hello";
  out[0] = round_up(out[1], 32u) + greeting[0];
#ifndef NO_TEMPLATE
  unsigned int block = 64u;
  out[0] += ceiling_div(out[2], block);
#endif
  f[0] = half_of(f[1]);
}

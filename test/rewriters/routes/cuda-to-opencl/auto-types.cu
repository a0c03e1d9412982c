// CUDA to OpenCL C: `auto` becomes the type it was deduced to (OpenCL C has
// no type deduction). Refused before ("'auto' has no OpenCL C form": 14
// files of HeCBench and the CUDA samples, e.g. HeCBench's atan2). The
// spelled type is OpenCL C's: CUDA's 64-bit long long is `long`
// (OpenCL C's long long is 128 bits), a <stdint.h> name gets the prelude's
// typedef, a pointer gets the address space its target has, a reference
// becomes a pointer. `Pair{3, 4}` of a plain struct is the compound literal
// `(Pair){3, 4}`. The output is checked by clang's OpenCL C 3.0 mode
// and run on PoCL, where it prints what the CUDA kernel computes.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: %if pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl | FileCheck %s --check-prefix=POCL %}
// POCL: out 1048576 0 150 7 42 5 6 4 81 8
// What stays refused, each with its location:
// RUN: printf '#define AUTO auto\n__global__ void k(int *p) { AUTO x = p[0]; p[1] = x; }\n' > %t.macro.cu
// RUN: not xfence translate %t.macro.cu --to opencl -o %t.macro.cl 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: not test -e %t.macro.cl
// MACRO: macro.cu:2:34: error: 'auto' written in a macro has no OpenCL C form that xfence can write; write the type
// RUN: printf 'struct Q { int a, b; };\n__global__ void k(int *p, Q q) { auto [a, b] = q; p[0] = a + b; }\n' > %t.bind.cu
// RUN: not xfence translate %t.bind.cu --to opencl -o %t.bind.cl 2>&1 | FileCheck %s --check-prefix=BIND
// BIND: bind.cu:2:39: error: a structured binding has no OpenCL C form
// RUN: printf '__global__ void k(longlong2 *p) { auto v = p[0]; p[1] = v; }\n' > %t.vec.cu
// RUN: not xfence translate %t.vec.cu --to opencl -o %t.vec.cl 2>&1 | FileCheck %s --check-prefix=VECTOR
// VECTOR: vec.cu:1:35: error: 'auto' stands for 'longlong2' here, which has no OpenCL C spelling that xfence writes; write the type
#include <cstdint>

struct Pair {
  int a;
  int b;
};

// CHECK: long times_two(long v)
__device__ auto times_two(long long v) { return v * 2; }

template <typename T> __device__ T square(T x) {
  // CHECK: float y = x * x;
  // CHECK: long y = x * x;
  auto y = x * x;
  return y;
}

__global__ void k(long long *out, const float *in, const int64_t *w) {
  __shared__ int tile[4];
  // CHECK: long big = 1L << 40;
  auto big = 1LL << 40;
  out[0] = big >> 20;
  // CHECK: unsigned int u = 0xffffffffu;
  auto u = 0xffffffffu;
  u += 1;
  out[1] = u;
  // CHECK: const float f = in[0] * 0.5f;
  const auto f = in[0] * 0.5f;
  out[2] = (long long)(f * 100);
  // CHECK: Pair pair = (Pair){3, 4};
  auto pair = Pair{3, 4};
  out[3] = pair.a + pair.b;
  tile[threadIdx.x] = 42;
  // CHECK: __local int *t = &tile[(uint)get_local_id(0)];
  auto *t = &tile[threadIdx.x];
  out[4] = *t;
  // CHECK: __global const float * p = in + 1;
  auto p = in + 1;
  // CHECK: int64_t w0 = w[0], w1 = w[1];
  auto w0 = w[0], w1 = w[1];
  out[5] = w0 + w1;
  // CHECK: __global long *r = &(out[6]);
  auto &r = out[6];
  r = times_two(3);
  // CHECK: for (unsigned int i = 0u; i < 2u; ++i)
  for (auto i = 0u; i < 2u; ++i)
    out[7] += 2;
  out[8] = (long long)square(9.0f);
  out[9] = square(3LL) + p[0] - 1.5f;
}

// Overloaded operators (C has none): each free __device__ operator of the
// user's becomes a function `xfence_operator_<op>` and each use a call
// (docs/cuda-to-opencl.md, "Operators"). HeCBench's tgvnn (float2 as a
// complex number: `*` is the complex product, `float2 + float` adds to x
// only) and merkle were refused for them. An operator that OpenCL C's own
// vector operator computes stays an operator (vector-operators.cu). The
// kernel runs on PoCL and, compiled as C++ for the host, on the CPU: the
// same numbers.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: %if host-cxx && pocl %{ %host-cxx -x c++ -std=c++17 -D__device__= -D__host__= -D__global__= -DHOST_RUN %s -o %t.host && %t.host > %t.host.txt %}
// RUN: %if host-cxx && pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl > %t.pocl.txt && diff %t.host.txt %t.pocl.txt %}
// RUN: %if pocl %{ FileCheck %s --check-prefix=POCL < %t.pocl.txt %}
// POCL: out 896 640 2 31 8 72 70 1 896 0

#ifdef HOST_RUN
struct float2 { float x, y; };
inline float2 make_float2(float x, float y) { return {x, y}; }
#endif

// CHECK: struct Fixed { int raw; }; typedef struct Fixed Fixed;
// CHECK-NEXT: static inline Fixed xfence_operator_add(Fixed a, Fixed b) {
// CHECK-NEXT: static inline Fixed xfence_operator_mul(Fixed a, Fixed b) {
// CHECK-NEXT: static inline Fixed xfence_operator_neg(Fixed a) {
// CHECK-NEXT: static inline bool xfence_operator_lt(const Fixed *a, const Fixed *b) { return (*a).raw < (*b).raw; }
// CHECK-NEXT: static inline void xfence_operator_add_assign(Fixed *a, const Fixed b) { (*a).raw += b.raw; }
// CHECK-NEXT: static inline Fixed xfence_operator_post_inc(Fixed *a, int) {
struct Fixed { int raw; };
__host__ __device__ inline Fixed operator+(Fixed a, Fixed b) { return Fixed{a.raw + b.raw}; }
__host__ __device__ inline Fixed operator*(Fixed a, Fixed b) { return Fixed{(a.raw * b.raw) >> 8}; }
__host__ __device__ inline Fixed operator-(Fixed a) { return Fixed{-a.raw}; }
__host__ __device__ inline bool operator<(const Fixed &a, const Fixed &b) { return a.raw < b.raw; }
__host__ __device__ inline void operator+=(Fixed &a, const Fixed b) { a.raw += b.raw; }
__host__ __device__ inline Fixed operator++(Fixed &a, int) { Fixed old = a; a.raw += 256; return old; }

// CHECK: /* xfence: operator+(const float2, const float2) is OpenCL C's built-in vector operator */
// CHECK-NEXT: static inline float2 xfence_operator_add_2(const float2 a, const float b) { return (float2)(a.x + b, a.y); }
// CHECK-NEXT: static inline float2 xfence_operator_mul_2(const float2 a, const float2 b) {
// CHECK-NEXT: static inline void xfence_operator_mul_assign(float2 *a, const float2 b) { (*a) = xfence_operator_mul_2((*a), b); }
inline __host__ __device__ float2 operator+(const float2 a, const float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
inline __host__ __device__ float2 operator+(const float2 a, const float b) { return make_float2(a.x + b, a.y); }
inline __host__ __device__ float2 operator*(const float2 a, const float2 b) { return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x); }
inline __host__ __device__ void operator*=(float2 &a, const float2 b) { a = a * b; }
inline __host__ __device__ void operator/=(float2 &a, const float s) { float inv = 1.0f / s; a.x *= inv; a.y *= inv; }

// A macro whose body uses an operator: the call is written in the body.
// CHECK: #define SQUARE(v) (xfence_operator_mul((v), (v)))
// CHECK: #define TWICE_OF(x) xfence_operator_mul((x), (Fixed){512})
#define SQUARE(v) ((v) * (v))
// An operand that ends in a macro's expansion: the call takes the whole
// invocation.
#define TWICE_OF(x) (x) * Fixed{512}

// CHECK-LABEL: __kernel void k(
// CHECK: Fixed c = xfence_operator_add(a, xfence_operator_mul(b, xfence_operator_neg(a)));
// CHECK-NEXT: xfence_operator_add_assign(&(c), a);
// CHECK-NEXT: Fixed d = xfence_operator_post_inc(&(c), 0);
// CHECK: out[2] = (xfence_operator_lt(&(a), &(b))) + (xfence_operator_lt(&(b), &(a)) ? 2 : 0);
// CHECK: float2 w = z[0] + xfence_operator_mul_2(z[1], z[2]);
// CHECK-NEXT: xfence_operator_mul_assign(&(w), z[3]);
// CHECK-NEXT: xfence_operator_div_assign(&(w), 2.0f);
// CHECK-NEXT: w = xfence_operator_add_2(w, 1.5f);
// CHECK: float2 q = (z[0] + z[1]) + xfence_operator_mul_2(xfence_operator_mul_2(z[2], z[3]), z[0]);
// CHECK: out[8] = (xfence_operator_add(a, TWICE_OF(b))).raw;
__global__ void k(long *out, const float *in, const long *w8) {
  Fixed a{(int)w8[0] * 256}, b{(int)w8[1] * 64};
  Fixed c = a + b * -a;
  c += a;
  Fixed d = c++;
  out[0] = c.raw;
  out[1] = d.raw;
  out[2] = (a < b) + (operator<(b, a) ? 2 : 0);
  float2 z[4] = {make_float2(in[0], 1.0f), make_float2(2.0f, in[1]),
                 make_float2(-1.0f, 3.0f), make_float2(0.5f, -2.0f)};
  float2 w = z[0] + z[1] * z[2];
  w *= z[3];
  w /= 2.0f;
  w = w + 1.5f;
  out[3] = (long)(w.x * 4);
  out[4] = (long)(w.y * 4);
  float2 q = (z[0] + z[1]) + z[2] * z[3] * z[0];
  out[5] = (long)(q.x * 4);
  out[6] = (long)(q.y * 4);
  Fixed e = SQUARE(b);
  out[7] = e.raw > 0;
  out[8] = (a + TWICE_OF(b)).raw;
}

#ifdef HOST_RUN
#include "Inputs/host_run_k.h"
#endif

// An operator that returns a reference stays an error, located.
// RUN: printf 'struct F { int r; };\n__device__ F &operator++(F &a) { a.r++; return a; }\n__global__ void k(int *o) { F f{1}; ++f; o[0] = f.r; }\n' > %t.ref.cu
// RUN: not xfence translate %t.ref.cu --to opencl -o %t.ref.cl 2>&1 | FileCheck %s --check-prefix=REF
// RUN: not test -e %t.ref.cl
// REF: ref.cu:2:15: error: a function returning a reference has no OpenCL C form that xfence writes; return a value or a pointer

// An operator that a host template's instantiation applies stays an
// operator (the template's text cannot name the function): an error where
// device code uses it.
// RUN: printf 'struct C { float r, i; };\n__host__ __device__ C operator*(C a, C b) { return C{a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r}; }\ntemplate <typename T> T sq(T a) { return a * a; }\nC host(C c) { return sq(c); }\n__global__ void k(C *p) { p[0] = p[1] * p[2]; }\n' > %t.tmpl.cu
// RUN: not xfence translate %t.tmpl.cu --to opencl -o %t.tmpl.cl 2>&1 | FileCheck %s --check-prefix=TMPL
// RUN: not test -e %t.tmpl.cl
// TMPL: tmpl.cu:2:23: error: an overloaded operator has no OpenCL C form

// Class templates become one plain struct per specialization the file
// names (`Name__args`), written where the template was, in rounds: a
// template named in another template's text (`Acc<T, 2>` in `Pair<T>`) is
// copied in the round after that text's copies, which name it with
// concrete arguments. A member function a specialization does not use is
// left out of its copy (C++ does not instantiate it; `bad()` below would
// not compile for float). An explicit specialization keeps its text under
// its new name. The copies' member functions then become free functions
// (member-functions.cu). Before, every class template was "a C++ class
// with ... templates ... has no OpenCL C form" (HeCBench's threadcpy, pool,
// quicksort's records, ...). The kernel runs on PoCL and, compiled as C++
// for the host, on the CPU: the same numbers.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: %if host-cxx && pocl %{ %host-cxx -x c++ -std=c++17 -D__device__= -D__host__= -D__global__= -DHOST_RUN %s -o %t.host && %t.host > %t.host.txt %}
// RUN: %if host-cxx && pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl > %t.pocl.txt && diff %t.host.txt %t.pocl.txt %}
// RUN: %if pocl %{ FileCheck %s --check-prefix=POCL < %t.pocl.txt %}
// POCL: out 6 4 1 7 16 52 6 2 12 0
// What is not copied stays the translation's refusal, located:
// RUN: not xfence translate %S/Inputs/class-templates/partial.cu --to opencl -o %t.partial.cl 2>&1 | FileCheck %s --check-prefix=PARTIAL
// RUN: not test -e %t.partial.cl
// PARTIAL: partial.cu:2:30: error: a C++ class with bases, virtual functions, templates
// RUN: not xfence translate %S/Inputs/class-templates/member-template.cu --to opencl -o %t.mt.cl 2>&1 | FileCheck %s --check-prefix=MEMBER
// RUN: not test -e %t.mt.cl
// MEMBER: member-template.cu:2:30: error: a C++ class with bases, virtual functions, templates
// RUN: not xfence translate %S/Inputs/class-templates/macro-field.cu --to opencl -o %t.mf.cl 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: not test -e %t.mf.cl
// MACRO: macro-field.cu:3:37: error: a C++ class with bases, virtual functions, templates

// The forward declaration declares the copies.
// CHECK: struct Acc__bool_1; struct Acc__int_2; struct Acc__unsigned_int_2; struct Acc__float_4;
template <typename T, int N> struct Acc;

// CHECK: struct Acc__int_2 {
// CHECK-NEXT: int v[2];
// CHECK-NEXT: /* xfence: a constructor left out: this specialization does not use it */
// CHECK: /* xfence: member function 'sum' left out: this specialization does not use it */
// CHECK: /* xfence: member function 'bad' left out: this specialization does not use it */
// CHECK: }; typedef struct Acc__int_2 Acc__int_2;
// CHECK: struct Acc__unsigned_int_2 {
// CHECK-NEXT: unsigned int v[2];
// A functional cast to a parameter whose argument is two words: a C cast.
// CHECK: Acc__unsigned_int_2 Acc__unsigned_int_2_make(unsigned int x) {
// CHECK: self->v[i] = (unsigned int)(x);
// CHECK: struct Acc__float_4 {
// CHECK-NEXT: float v[4];
// CHECK: float Acc__float_4_sum(const Acc__float_4 *self)
// CHECK: Acc__float_4 Acc__float_4_twice(const Acc__float_4 *self) {
// CHECK-NEXT: Acc__float_4 r = Acc__float_4_make();
template <typename T, int N> struct Acc {
  T v[N];
  __device__ Acc() {
    for (int i = 0; i < N; ++i)
      v[i] = T(0);
  }
  __device__ Acc(T x) {
    for (int i = 0; i < N; ++i)
      v[i] = T(x);
  }
  __device__ T sum() const {
    T s = 0;
    for (int i = 0; i < N; ++i)
      s += v[i];
    return s;
  }
  __device__ Acc<T, N> twice() const {
    Acc r;
    for (int i = 0; i < N; ++i)
      r.v[i] = 2 * v[i];
    return r;
  }
  __device__ T bad() const { return v[0].member(); }
};

// CHECK: struct Acc__bool_1 { int b; };
template <> struct Acc<bool, 1> { int b; };

// A class template of data and a member function, without a constructor.
// CHECK: struct Cell__int_2 {
// CHECK: int Cell__int_2_sum(const Cell__int_2 *self)
template <typename T, int N> struct Cell {
  T v[N];
  __device__ T sum() const { return v[0] + v[N - 1]; }
};

// Copied in the first round; Cell, which its text names, in the second.
// CHECK: struct Pair__int { Cell__int_2 a; int b; };
// CHECK: struct Pair__unsigned_int { Cell__unsigned_int_2 a; unsigned int b; };
template <typename T> struct Pair { Cell<T, 2> a; T b; };

// A function template's copy names the class template's copies, inside
// other template arguments too (`Wrap<Pair<T>>`, whose `>>` is one
// token).
template <typename P> struct Wrap { P p; };
// CHECK: void fill__int(__global long *out, int x) {
// CHECK-NEXT: Wrap__Pair_int w;
// CHECK: void fill__unsigned_int(__global long *out, unsigned int x) {
// CHECK-NEXT: Wrap__Pair_unsigned_int w;
template <typename T> __device__ void fill(long *out, T x) {
  Wrap<Pair<T>> w;
  w.p.a.v[0] = x;
  w.p.a.v[1] = Acc<T, 2>(x).v[1];
  w.p.b = x + 1;
  out[0] += w.p.a.sum() + w.p.b;
}

// CHECK: __kernel void k(
__global__ void k(long *out, const float *in, const long *w) {
  Acc<float, 4> a(in[1]);
  Acc<float, 4> b = a.twice();
  Acc<bool, 1> flag;
  flag.b = (int)w[0];
  fill<int>(out + 1, 1);
  fill<unsigned int>(out + 2, 0u);
  Pair<int> p;
  p.a.v[0] = p.a.v[1] = (int)w[1];
  p.b = 1;
  Acc<float, 4> c(in[0]);
  out[0] = (long)b.sum() + 2;
  out[3] = p.a.sum() + p.b;
  out[4] = (long)(a.sum() * 8);
  out[5] = (long)(b.sum() * in[0] * 2 + 4 * in[0] * 2 + 4);
  out[6] = p.a.v[1] + p.a.v[0];
  out[7] = flag.b;
  out[8] = (long)c.sum();
}
// CHECK-NOT: template

#ifdef HOST_RUN
#include "Inputs/host_run_k.h"
#endif

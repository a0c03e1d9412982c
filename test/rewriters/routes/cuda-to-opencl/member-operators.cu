// A class's member operators (a complex type's `*`, `+`, unary `-`, `==`,
// `+=`, `*=`), lowered with its other member functions
// (docs/cuda-to-opencl.md, "Member functions"): `R_operator_<op>`, each
// use a call. A const operator takes `self` as a const reference, so that
// its left operand may be a temporary (`(a + b) * c`): the translation
// passes a temporary's copy as it does for any const reference. A
// non-const one (`+=`) takes a pointer. They were an error ("a C++ class
// with ... operators other than ()"). The kernel runs on PoCL and, compiled
// as C++ for the host, on the CPU: the same numbers.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: %if host-cxx && pocl %{ %host-cxx -x c++ -std=c++17 -D__device__= -D__host__= -D__global__= -DHOST_RUN %s -o %t.host && %t.host > %t.host.txt %}
// RUN: %if host-cxx && pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl > %t.pocl.txt && diff %t.host.txt %t.pocl.txt %}
// RUN: %if pocl %{ FileCheck %s --check-prefix=POCL < %t.pocl.txt %}
// POCL: out 32 24 124 168 1 40 0 0 0 0

// CHECK: Cx Cx_operator_mul(const Cx *self, const Cx *o);
// CHECK-NEXT: Cx Cx_operator_add(const Cx *self, const Cx *o);
// CHECK-NEXT: Cx Cx_operator_neg(const Cx *self);
// CHECK-NEXT: void Cx_operator_add_assign(Cx *self, const Cx *o);
// CHECK-NEXT: void Cx_operator_mul_assign(Cx *self, float s);
// CHECK-NEXT: bool Cx_operator_eq(const Cx *self, const Cx *o);
// CHECK: Cx Cx_operator_neg(const Cx *self) { return Cx_make(-(*self).re, -(*self).im); }
// CHECK: void Cx_operator_mul_assign(Cx *self, float s) { self->re *= s; self->im *= s; }
// CHECK: float Cx_twice(const Cx *self) { Cx t = Cx_operator_add(&(*self), &(*self)); return Cx_norm(&(t)); }
struct Cx {
  float re, im;
  __device__ Cx(float r, float i) : re(r), im(i) {}
  __device__ Cx operator*(const Cx &o) const { return Cx(re * o.re - im * o.im, re * o.im + im * o.re); }
  __device__ Cx operator+(const Cx &o) const { return Cx(re + o.re, im + o.im); }
  __device__ Cx operator-() const { return Cx(-re, -im); }
  __device__ void operator+=(const Cx &o) { re += o.re; im += o.im; }
  __device__ void operator*=(float s) { re *= s; this->im *= s; }
  __device__ bool operator==(const Cx &o) const { return re == o.re && im == o.im; }
  __device__ float norm() const { return re * re + im * im; }
  __device__ float twice() const { Cx t = *this + *this; return t.norm(); }
};

// CHECK-LABEL: __kernel void k(
// CHECK: Cx c = Cx_operator_add(&((const __private Cx[1]){Cx_operator_mul(&(a), &(b))})[0], &((const __private Cx[1]){Cx_operator_neg(&(a))})[0]);
// CHECK-NEXT: Cx_operator_mul_assign(&(c), 2.0f);
// CHECK-NEXT: Cx_operator_add_assign(&(c), &(a));
// CHECK-NEXT: Cx d = Cx_operator_mul(&((const __private Cx[1]){(Cx_operator_add(&(a), &(b)))})[0], &(c));
__global__ void k(long *out, const float *in, const long *w) {
  Cx a(in[0], 1.0f), b(2.0f, in[1]);
  Cx c = a * b + -a;
  c *= 2.0f;
  c += a;
  Cx d = (a + b) * c;
  out[0] = (long)(c.re * 4);
  out[1] = (long)(c.im * 4);
  out[2] = (long)(d.re * 4);
  out[3] = (long)(d.im * 4);
  out[4] = (a == a) + (a == b) * 2;
  out[5] = (long)a.twice();
}

#ifdef HOST_RUN
#include "Inputs/host_run_k.h"
#endif

// What stays an error, located: a non-const operator applied to a
// temporary, an operator the lowering does not write (`[]`).
// RUN: printf 'struct A { int v; __device__ void operator+=(int d) { v += d; } };\n__device__ A mk() { A a; a.v = 1; return a; }\n__global__ void k(int *o) { mk() += 2; o[0] = 1; }\n' > %t.tmp.cu
// RUN: not xfence translate %t.tmp.cu --to opencl -o %t.tmp.cl 2>&1 | FileCheck %s --check-prefix=TEMP
// RUN: not test -e %t.tmp.cl
// TEMP: tmp.cu:3:34: error: a non-const member operator applied to a temporary has no form that xfence writes; apply it to a variable
// RUN: printf 'struct B { int v[2]; __device__ int operator[](int i) const { return v[i]; } };\n__global__ void k(int *o, B *b) { o[0] = (*b)[1]; }\n' > %t.sub.cu
// RUN: not xfence translate %t.sub.cu --to opencl -o %t.sub.cl 2>&1 | FileCheck %s --check-prefix=SUB
// RUN: not test -e %t.sub.cl
// SUB: sub.cu:1:8: error: a C++ class with an operator other than (), an arithmetic, comparison or compound assignment one has no OpenCL C form that xfence writes

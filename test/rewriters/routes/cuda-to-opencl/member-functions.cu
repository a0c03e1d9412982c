// Member functions of structs and classes (HeCBench's aobench RNG, aop
// payoff functors, chacha20's static helpers, dpid's constructor; 27
// public files were refused for them): a plain struct of the data and a
// free function per member function after it, R_f(R *self, ...), R_call
// for operator(), R R_make(...) for a constructor (docs/cuda-to-opencl.md,
// "Member functions"). Host code's uses are rewritten too (it is parsed
// again before the translation proper). The kernel runs on PoCL and,
// compiled as C++ for the host, on the CPU: the same numbers.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -I %S/Inputs/member-functions -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -I %S/Inputs/member-functions -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL3.0 -I %S/Inputs/member-functions -o %tb.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %tb.cl
// RUN: %if host-cxx && pocl %{ %host-cxx -x c++ -std=c++17 -D__device__= -D__host__= -D__global__= -DHOST_RUN -I %S/Inputs/member-functions %s -o %t.host && %t.host > %t.host.txt %}
// RUN: %if host-cxx && pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl > %t.pocl.txt && diff %t.host.txt %t.pocl.txt %}
// RUN: %if pocl %{ FileCheck %s --check-prefix=POCL < %t.pocl.txt %}
// POCL: out 919303 55 98 15 2 0 4 7 0 0
#include <stdint.h>
#include "counter.h"

// CHECK: struct RNG {
// CHECK: int fmask;
// CHECK: }; typedef struct RNG RNG;
// CHECK-NEXT: RNG RNG_make(const unsigned int seed);
// CHECK-NEXT: int RNG_next(RNG *self);
// CHECK-NEXT: float RNG_call(RNG *self);
// CHECK-NEXT: RNG RNG_make(const unsigned int seed) { RNG xfence_object; RNG *self = &xfence_object; self->fmask = ((1 << 23) - 1); self->x = seed; return xfence_object; }
// CHECK-NEXT: int RNG_next(RNG *self) {
// CHECK-NEXT: self->x ^= self->x >> 6;
class RNG {
public:
  unsigned int x;
  const int fmask = (1 << 23) - 1;
  __device__ RNG(const unsigned int seed) { x = seed; }
  __device__ int next() {
    x ^= x >> 6;
    x ^= x << 17;
    x ^= x >> 9;
    return int(x);
  }
  // CHECK: float RNG_call(RNG *self) {
  // CHECK: u.i = (RNG_next(self) & self->fmask) | 0x3f800000;
  __device__ float operator()(void) {
    union { float f; int i; } u;
    u.i = (next() & fmask) | 0x3f800000;
    return u.f - 1.f;
  }
};

// Static helpers, a constructor with initializers and a default argument,
// a const member function defined outside the class.
// CHECK: uint32_t Block_rotl(uint32_t v, int n);
// CHECK-NEXT: Block Block_make(uint32_t seed, float s);
// CHECK-NEXT: uint32_t Block_sum(const Block *self);
// CHECK-NEXT: float Block_scaled(const Block *self, float v);
// CHECK: Block Block_make(uint32_t seed, float s) { Block xfence_object; Block *self = &xfence_object; self->scale = (s);
// CHECK-NEXT: for (int i = 0; i < 4; ++i) self->state[i] = Block_rotl(seed, i + 1);
// CHECK: float Block_scaled(const Block *self, float v) { return v * self->scale; }
struct Block {
  uint32_t state[4];
  float scale;
  __device__ static uint32_t rotl(uint32_t v, int n) { return (v << n) | (v >> (32 - n)); }
  __device__ explicit Block(uint32_t seed, float s = 2.0f) : scale(s) {
    for (int i = 0; i < 4; ++i) state[i] = rotl(seed, i + 1);
  }
  __device__ uint32_t sum() const;
  __host__ __device__ float scaled(float v) const { return v * this->scale; }
};
// CHECK: uint32_t Block_sum(const Block *self) {
__device__ uint32_t Block::sum() const {
  uint32_t s = 0;
  for (int i = 0; i < 4; ++i) s += state[i];
  return s;
}

struct PayoffCall {
  double m_K;
  __host__ __device__ PayoffCall(double K) : m_K(K) {}
  __host__ __device__ double operator()(double S) const { return S > m_K ? S - m_K : 0.0; }
};

// CHECK: __kernel void k(__global long *out, const __global float *in, const __global long *w) {
// CHECK-NEXT: RNG r = RNG_make(7);
// CHECK-NEXT: int a = RNG_next(&(r));
// CHECK-NEXT: float f = RNG_call(&(r));
// CHECK-NEXT: Block b = Block_make(3u, (2.0f));
// CHECK-NEXT: Block c = Block_make(5u, 0.5f);
// CHECK-NEXT: PayoffCall call = PayoffCall_make(1.0);
// CHECK-NEXT: Counter n = Counter_make();
// CHECK: out[2] = Block_sum(&(b)) + Block_rotl(1u, 3);
// CHECK-NEXT: out[3] = (long)(Block_scaled(&(c), in[0]) * 10);
// CHECK-NEXT: out[4] = (long)PayoffCall_call(&(call), w[1] + 0.5);
__global__ void k(long *out, const float *in, const long *w) {
  RNG r(7);
  int a = r.next();
  float f = r();
  Block b(3u);
  Block c = Block(5u, 0.5f);
  PayoffCall call(1.0);
  Counter n;
  out[0] = a;
  out[1] = (long)(f * 1000);
  out[2] = b.sum() + Block::rotl(1u, 3);
  out[3] = (long)(c.scaled(in[0]) * 10);
  out[4] = (long)call(w[1] + 0.5);
  n.add(3);
  Counter *p = &n;
  p->add(1);
  out[6] = p->get();
  out[7] = n.get() + (int)w[2 - 1];
}

// Host code calls them too.
// CHECK: /* xfence: host function 'price' left out */
double price(double s) {
  PayoffCall p(2.0);
  return p(s);
}

#ifdef HOST_RUN
#include "Inputs/host_run_k.h"
#endif

// C++ initializes the members in their declaration order: a default member
// initializer of a member declared before the written ones comes first,
// one after them last.
// CHECK: Ordered1 Ordered1_make(int x) { Ordered1 xfence_object; Ordered1 *self = &xfence_object; self->a = (5); self->b = (self->a + x); return xfence_object; }
struct Ordered1 { int a = 5; int b; __device__ Ordered1(int x) : b(a + x) {} };
// CHECK: Ordered2 Ordered2_make(int x) { Ordered2 xfence_object; Ordered2 *self = &xfence_object; self->b = (x); self->a = (7); return xfence_object; }
struct Ordered2 { int b; int a = 7; __device__ Ordered2(int x) : b(x) {} };
__global__ void ordered(int *o) { Ordered1 x(1); Ordered2 y(2); o[0] = x.a * 10 + x.b + y.a * 10 + y.b; }

// What stays an error, with its location: initializers written out of the
// members' order, a constructor that keeps `this`, a call on a temporary,
// and a class with what this does not write (a virtual function).
// RUN: printf 'struct C { int a; int b; __device__ C(int x) : b(x), a(x) {} __device__ int get() { return a; } };\n__global__ void k(int *o) { C c(1); o[0] = c.get(); }\n' > %t.ord.cu
// RUN: not xfence translate %t.ord.cu --to opencl -o %t.ord.cl 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: ord.cu:1:48: error: the member initializers of this constructor are not in the members' order, which C++ initializes them in; write them in that order
// RUN: printf 'struct D { D *me; int v; __device__ D(int x) : v(x) { me = this; } __device__ int get() { return me->v; } };\n__global__ void k(int *o) { D d(1); o[0] = d.get(); }\n' > %t.this.cu
// RUN: not xfence translate %t.this.cu --to opencl -o %t.this.cl 2>&1 | FileCheck %s --check-prefix=THIS
// THIS: this.cu:1:60: error: a constructor that uses 'this' other than for its members has no form that xfence writes (the object is built in a local and returned)
// RUN: printf 'struct S { int v; __device__ S(int x) : v(x) {} __device__ int get() const { return v; } };\n__global__ void k(int *o) { o[0] = S(2).get(); }\n' > %t.tmp.cu
// RUN: not xfence translate %t.tmp.cu --to opencl -o %t.tmp.cl 2>&1 | FileCheck %s --check-prefix=TEMP
// RUN: not test -e %t.tmp.cl
// TEMP: tmp.cu:2:36: error: a member function called on a temporary has no form that xfence writes; call it on a variable
// RUN: printf 'struct V { int v; __device__ virtual int get() { return v; } };\n__global__ void k(int *o, V *p) { o[0] = p->v; }\n' > %t.virt.cu
// RUN: not xfence translate %t.virt.cu --to opencl -o %t.virt.cl 2>&1 | FileCheck %s --check-prefix=VIRT
// VIRT: virt.cu:1:8: error: a C++ class with virtual functions has no OpenCL C form that xfence writes (its member functions stay member functions); use a plain struct and functions
// VIRT: virt.cu:1:42: note: here: virtual functions

// CUDA to OpenCL C: classes that device code uses, with host code in them.
// - Member functions of the host only (an operator==, a constructor with
//   default arguments, a friend operator<<) stay with the host code, left
//   out; the device ones become free functions (member-functions.cu). Before,
//   an operator or a host constructor made the whole class an error, and a
//   class of host member functions that use its members ('this') too.
// - A functor that a host template calls (`tree(n, Call(1))` calling
//   `p(i)` in an instantiation, hecbench aop) keeps a host declaration of
//   its operator() for that call; the device code calls the free function.
// - A host member (or friend) that calls a device one stays in the class
//   as a declaration (the device one moves out of the class, after it):
//   HeCBench gemv's host constructor calling setX. It was an error.
//   A constexpr member is the device's too (clang's CUDA mode makes it
//   __host__ __device__): lowered, and its prototype loses the keyword.
// - `inline` and __forceinline__ (also in a user's macro with __host__
//   __device__, which was "its uses need different text here") become
//   `static inline`: C99's inline definition, which OpenCL C has, is not a
//   definition the program links with, and a call that is not inlined
//   (-O0) named an undefined function.
// - `std::uint8_t` (<cstdint>'s using-declaration) loses `std::`.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: xfence translate %s --to opencl -cl-std=CL1.2 -o %t12.cl
// RUN: clang -x cl -cl-std=CL1.2 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// Every function the kernels call is defined at -O0.
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -O0 -S -emit-llvm -o - %t.cl | FileCheck %s --check-prefix=IR
// IR-NOT: declare {{.*}} @{{[a-zA-Z]}}
// RUN: xfence translate %S/Inputs/host-members/calls-device.cu --to opencl -cl-std=CL3.0 -o %t.calls.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.calls.cl
// RUN: grep -v '^ *// [^x]' %t.calls.cl | FileCheck %s --check-prefix=CALLS
// CALLS: struct Packed {
// CALLS-NEXT: uint8_t data;
// CALLS-NOT: setX(x);
// CALLS: /* xfence: host friend function left out */
// CALLS: }; typedef struct Packed Packed;
// CALLS: uint8_t Packed_getX(const __global Packed *self);
// CALLS: __kernel void k(__global Packed *px, __global int *out) {
// CALLS-NEXT: Packed_setX(&(px[1]), 5);
// CALLS-NEXT: out[0] = Packed_getX(&(px[0])) + Packed_getX(&(px[1]));
// CALLS: /* xfence: host function 'host' left out */
// RUN: xfence translate %S/Inputs/host-members/calls-device-constexpr.cu --to opencl -cl-std=CL3.0 -o %t.cexpr.cl
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cexpr.cl
// RUN: grep -v '^ *// [^x]' %t.cexpr.cl | FileCheck %s --check-prefix=CEXPR
// CEXPR-NOT: constexpr
// CEXPR: int Pixel_twice(const Pixel *self) { return 2 * Pixel_sum(self); }
#include <cstdint>
#include <ostream>

#define HDI __host__ __device__ __forceinline__

// CHECK: struct Pixel {
struct Pixel {
  std::uint8_t r, g;
  // CHECK: uint8_t r, g;
  bool operator==(const Pixel &o) const { return r == o.r && g == o.g; }
  // CHECK-NEXT: /* xfence: host member function 'operator==' left out */
  bool operator!=(const Pixel &o) const { return !(*this == o); }
  Pixel(std::uint8_t a = 0, std::uint8_t b = 0) {
    r = a;
    g = b;
  }
  friend std::ostream &operator<<(std::ostream &os, const Pixel &p) {
    return os << int(p.r);
  }
  // CHECK: /* xfence: host friend function left out */
  __host__ __device__ int sum() const { return r + g; }
};
// CHECK: }; typedef struct Pixel Pixel;
// CHECK: int Pixel_sum(const __global Pixel *self)  { return self->r + self->g; }

// Data only on the device; the host's members use `this`.
struct Point {
  float x, y;
  Point(float a = 0) { x = a; y = a; }
  bool operator<(const Point &o) const { return x < o.x; }
};

struct Call {
  double k;
  HDI Call(double K) : k(K) {}
  HDI double operator()(double s) const { return fmax(s - k, 0.0); }
};
// CHECK: static inline Call Call_make(double K);
// CHECK: static inline double Call_call(const Call *self, double s);

template <typename P> static double tree(int n, const P &p) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += p(i);
  return s;
}

__device__ inline int twice(int x) { return 2 * x; }
// CHECK: static inline int twice(int x)
HDI int thrice(int x) { return 3 * x; }
// CHECK: static inline int thrice(int x)
__device__ __forceinline__ int recurse(int n) {
  return n <= 0 ? 0 : 1 + recurse(n - 1);
}

template <typename P>
__global__ void price(P p, const Pixel *px, const Point *pt, double *out) {
  int i = threadIdx.x;
  std::uint32_t j = i;
  // CHECK: uint32_t j = i;
  out[i] = p(i) + px[j].sum() + pt[i].y + twice(i) + thrice(i) +
           recurse(i);
}

int main() {
  double *out;
  Pixel *px;
  Point *pt;
  cudaMalloc(&out, 32 * sizeof(double));
  cudaMalloc(&px, 32 * sizeof(Pixel));
  cudaMalloc(&pt, 32 * sizeof(Point));
  price<<<1, 32>>>(Call(3), px, pt, out);
  Pixel a(1, 2), b;
  return (int)tree(4, Call(1)) + (a == b) + (Point(1) < Point(2));
}

// CUDA to OpenCL C: what public code showed (HeCBench, the CUDA samples,
// NVIDIA's blog). Each construct below gave an output that does not compile
// (caught by xfence's own output check, an exit status 0 without it): now a
// translation that clang's OpenCL C 3.0 mode compiles and PoCL runs, or a
// located error.
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -I %S/Inputs/findings -o %t.cl
// RUN: grep -v '^ *// [^x]' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only -I %S/Inputs/findings %t.cl
// RUN: %if pocl %{ %python %S/Inputs/run_k_out_in_w.py %t.cl | FileCheck %s --check-prefix=POCL %}
// POCL: out 5 7 12 10 -1 9 1 5 46 4
#include <cmath>
#include <cstdint>
#include "guarded.h"
#include "second.h"
// CHECK: // xfence: #include "guarded.h" (translated at its first #include)

// `abs` of a float is C++'s <cmath> overload: OpenCL C's abs is of integers
// only (rayleighBenardConvection, zeropoint, convolutionDeformable).
// CHECK: float magnitude(float x) { return fabs(x) + fabs(x); }
__device__ float magnitude(float x) { return abs(x) + std::abs(x); }

// Functions named as OpenCL C's built-ins (helper_math.h's clamp and dot;
// the CUDA samples' simpleCUDA2GL): PoCL's headers make a built-in's name
// a macro of their own, so each is renamed, with its calls.
// CHECK: float clamp_(float f, float a, float b)
__device__ float clamp(float f, float a, float b) { return fmaxf(a, fminf(f, b)); }
// CHECK: float dot_(float2 a, float2 b)
__device__ float dot(float2 a, float2 b) { return a.x * b.x + a.y * b.y; }

// A member named as OpenCL C reserves (gmm's `float *constant`).
// CHECK: struct Cluster { float constant_; int n; };
struct Cluster { float constant; int n; };

// A struct whose only member functions are host constructors, used by a
// __device__ function (logan's ScoringSchemeL): its data stays.
struct Scheme {
  int match;
  int gap;
  Scheme() : match(1), gap(-1) {}
  Scheme(int m, int g) : match(m), gap(g) {}
};
// CHECK: int gap_of(const Scheme *s) { return (*s).gap; }
__device__ int gap_of(const Scheme &s) { return s.gap; }

// A reference parameter given a conditional lvalue (bwt's
// compare_rotations(f ? t2 : t1, ...)).
__device__ bool less_than(const int &a, const int &b) { return a < b; }

// `__device__ const` at file scope (zmddft), C++17 inline variables
// (merkle), a `using` alias (vmc), a scoped enumeration (morphology).
// CHECK: __constant  const int table[2] = {3, 4};
__device__ const int table[2] = {3, 4};
// CHECK: __constant  const uint64_t modulus = 7;
inline constexpr uint64_t modulus = 7;
// CHECK: typedef float real;
using real = float;
// CHECK: enum  Mode { Mode_Low, Mode_High = 4 }; typedef enum Mode Mode;
enum class Mode { Low, High = 4 };

// A kernel argument marked __grid_constant__ (the samples'
// LargeKernelParameter).
// CHECK: __kernel void k(__global long *out, const __global float *in, const __global int64_t *w)
__global__ void k(long long *out, const float *in, const int64_t *w) {
  // CHECK: out[0] = (long)(magnitude(-2.5f) + dot_((float2)(0, 0), (float2)(1, 1)));
  out[0] = (long long)(magnitude(-2.5f) + dot(make_float2(0, 0), make_float2(1, 1)));
  Cluster c = {1.5f, 7};
  c.constant += 1.0f;
  // CHECK: c.constant_ += 1.0f;
  out[1] = c.n;
  bool f = in[0] > 1.0f;
  int t1 = 12, t2 = 3;
  // CHECK: less_than(f ? &(t2) : &(t1), f ? &(t1) : &(t2))
  out[2] = less_than(f ? t2 : t1, f ? t1 : t2) ? t1 : t2;
  out[3] = table[0] + (long long)modulus;
  // CHECK: out[4] = UINT64_MAX;
  out[4] = UINT64_MAX;
  // A floating-point condition of ?: (sph).
  // CHECK: real r = ((in[1])) != 0 ? 9.0f : 1.0f;
  real r = (in[1]) ? 9.0f : 1.0f;
  out[5] = (long long)r;
  Mode m = Mode::High;
  // CHECK: out[6] = m == Mode_High;
  out[6] = m == Mode::High;
  // A braced temporary (rodrigues' `d[i] = {ox, oy, oz}`).
  float3 v;
  // CHECK: v = (float3)(1.0f, 2.0f, 0);
  v = {1.0f, 2.0f};
  out[7] = (long long)(v.x + 2 * v.y + 100 * v.z);
  out[8] = (long long)clamp(46.5f + guarded_twice(0), 0.0f, 46.0f);
  out[9] = second_plus(1) + (w[0] + w[1] == 5 ? 1 : 0);
  // A pointer and another variable in one declaration (gups, resnet): the
  // pointer's address space would have applied to both.
  // CHECK: __global long *slot = out + 9; long extra = 0;
  long long *slot = out + 9, extra = 0;
  *slot += extra;
}

// CHECK: __kernel void large( const Scheme s, __global int *out)
__global__ void large(__grid_constant__ const Scheme s, int *out) {
  out[0] = s.match + gap_of(s);
}

// The address of dynamic shared memory (NVIDIA blog's gups): the array is a
// __local pointer argument, whose value is that address.
extern __shared__ float2 dyn_mem[];
__global__ void dyn(float *out) {
  // CHECK: __local float *t = (__local float *)dyn_mem;
  float *t = (float *)&dyn_mem;
  t[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = t[0];
}

// CUDA's float3 is 12 bytes, OpenCL C's 16: a warning where memory holds
// them (a buffer, an array, a struct member, a kernel argument); none for a
// private variable (the float3 of kernel k above).
// RUN: xfence translate %s --to opencl -cl-std=CL3.0 -I %S/Inputs/findings -o %t.cl 2>&1 | FileCheck %s --check-prefix=LAYOUT --allow-empty
// LAYOUT-NOT: warning: CUDA stores
// RUN: printf 'struct P { int3 a; };\n__global__ void k(float3 *d, P *p) { d[0].x = p[0].a.x; }\n' > %t.f3.cu
// RUN: xfence translate %t.f3.cu --to opencl -o %t.f3.cl 2>&1 | FileCheck %s --check-prefix=LAYOUT3
// LAYOUT3: f3.cu:1:17: warning: CUDA stores a int3 as 3 components; OpenCL C gives a 3-component vector the size and alignment of a 4-component one: the memory this member names has another layout in the translation, which the host program must give it
// LAYOUT3: f3.cu:2:27: warning: CUDA stores a float3 as 3 components

// What stays an error, with its location:
// RUN: printf '__global__ void k(int *p) { asm("trap;"); p[0] = 1; }\n' > %t.asm.cu
// RUN: not xfence translate %t.asm.cu --to opencl -o %t.asm.cl 2>&1 | FileCheck %s --check-prefix=ASM
// RUN: not test -e %t.asm.cl
// ASM: asm.cu:1:29: error: inline PTX assembly (asm) has no OpenCL C form; write it in C
// RUN: printf 'struct P { float x = 1.0f; };\n__global__ void k(P *p) { p[0].x = 2.0f; }\n' > %t.init.cu
// RUN: not xfence translate %t.init.cu --to opencl -o %t.init.cl 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: init.cu:1:18: error: a default member initializer has no OpenCL C form; initialize the member where the struct is made
// RUN: printf '#include <cuda_bf16.h>\n__global__ void k(__nv_bfloat16 *p) { p[0] = p[1]; }\n' > %t.bf16.cu
// RUN: not xfence translate %t.bf16.cu --to opencl -o %t.bf16.cl 2>&1 | FileCheck %s --check-prefix=LIBTYPE
// LIBTYPE: bf16.cu:2:19: error: '__nv_bfloat16' is a type of a library (CUDA's runtime, its half and bfloat16 types, Thrust, ...) that OpenCL C does not have
// RUN: printf '__global__ void k(float *c) { for (float *q = c, z = 0; z < 1; z++) q[0] = z; }\n' > %t.for.cu
// RUN: not xfence translate %t.for.cu --to opencl -o %t.for.cl 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: for.cu:1:43: error: a pointer and a variable of another kind in one declaration: the pointer's address space would apply to both; declare them separately
// RUN: printf 'enum class Small : char { A };\n__global__ void k(int *p) { p[0] = (int)Small::A; }\n' > %t.enum.cu
// RUN: not xfence translate %t.enum.cu --to opencl -o %t.enum.cl 2>&1 | FileCheck %s --check-prefix=ENUM
// ENUM: enum.cu:1:12: error: a scoped enumeration whose type is not int has no OpenCL C form (C's enumerations are int); use int constants

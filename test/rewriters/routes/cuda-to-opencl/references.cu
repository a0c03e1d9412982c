// References: a reference parameter of a __device__ function becomes a
// pointer into the memory of its call sites' arguments (the address-space
// analysis follows the objects bound to references), its uses `(*x)`, its
// arguments `&(arg)`; a scalar or vector temporary bound to a const
// reference parameter a compound literal in private memory,
// `&((const __private T){arg})` (hecbench bm3d, dpid, the CUDA samples'
// volumeRender: was an error), a struct temporary the element of an array
// literal, `&((const __private T[1]){arg})[0]` (hogbom's Position). A local
// reference bound to an object becomes a pointer, one bound to a temporary
// a variable of that value.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -o %t12.cl
// RUN: grep -v '^ *// [^x]' %t12.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL1.2 -Xclang -finclude-default-header -fsyntax-only %t12.cl
// RUN: xfence translate --cuda-builtin-header %s --to opencl --cl-std=CL3.0 -o %t30.cl
// RUN: grep -v '^ *// [^x]' %t30.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t30.cl
// As PoCL builds 3.0 (no generic address space):
// RUN: clang -x cl -cl-std=CL3.0 --target=spir64 -Xclang -finclude-default-header -Xclang -cl-ext=-__opencl_c_device_enqueue,-__opencl_c_generic_address_space,-__opencl_c_pipes -fsyntax-only %t30.cl
// What stays an error:
// RUN: not xfence translate --cuda-builtin-header %s -D BAD --to opencl --cl-std=CL3.0 -o %t.bad.cl 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t.bad.cl
#include <cuda_runtime.h>

typedef struct { float w[4]; float fitness; } Creature;

// CHECK: {{^}} void split(int work, int *lo, int *hi);
__device__ void split(int work, int &lo, int &hi);

// CHECK: {{^}} void split(int work, int *lo, int *hi) {
__device__ void split(int work, int &lo, int &hi) {
  // CHECK-NEXT: (*lo) = work & 0xff;
  lo = work & 0xff;
  // CHECK-NEXT: (*hi) = work >> 8;
  hi = work >> 8;
}

// CHECK: {{^}} void kahan(__global float *sum, float x, float *c) {
__device__ void kahan(float &sum, float x, float &c) {
  // CHECK-NEXT: float y = x - (*c);
  float y = x - c;
  float t = sum + y;
  c = (t - sum) - y;
  sum = t;
}

// CHECK: {{^}} float weigh(const float *f, const uint2 *v) { return (*f) * (*v).y; }
__device__ float weigh(const float &f, const uint2 &v) { return f * v.y; }
// CHECK: {{^}} float scaled(const float *f, const __local float *s) { return (*f) * (*s); }
__device__ float scaled(const float &f, const float &s) { return f * s; }

// CHECK: {{^}} float weight(const Creature *c) { return (*c).fitness; }
__device__ float weight(const Creature &c) { return c.fitness; }
__device__ Creature best(float f) { Creature c = {{f, f, f, f}, f}; return c; }

// CHECK: {{^}} void reset(__global Creature *c) { (*c).fitness = 0; }
__device__ void reset(Creature &c) { c.fitness = 0; }

__global__ void evaluate(Creature *creatures, float *sums, const int *work) {
  __shared__ float scale[1];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lo, hi;
  // CHECK: split(work[i], &(lo), &(hi));
  split(work[i], lo, hi);
  // CHECK-NEXT: __global Creature *creature = &(creatures[i]);
  Creature &creature = creatures[i];
  // CHECK-NEXT: const float bias = (*creature).w[0] + 1.0f;
  const float &bias = creature.w[0] + 1.0f;
  float c = 0;
  for (int j = lo; j < hi && j < 4; ++j)
    // CHECK: kahan(&(sums[i]), (*creature).w[j] * bias, &(c));
    kahan(sums[i], creature.w[j] * bias, c);
  if (threadIdx.x == 0)
    scale[0] = 2.0f;
  __syncthreads();
  float total = sums[i] + c;
  // CHECK: (*creature).fitness = scaled(&(total), &(scale[0]));
  creature.fitness = scaled(total, scale[0]);
  // CHECK-NEXT: if ((*creature).fitness < 0) reset(&(creatures[i]));
  if (creature.fitness < 0) reset(creatures[i]);
  // CHECK: (*creature).fitness += weigh(&((const __private float){total + 1.0f}), &((const __private uint2){(uint2)(i, 2)}));
  creature.fitness += weigh(total + 1.0f, make_uint2(i, 2));
  // A struct temporary: the element of a one-element array literal (a
  // struct literal's braces would give its first member).
  // CHECK: (*creature).fitness += weight(&((const __private Creature[1]){best(total)})[0]);
  creature.fitness += weight(best(total));
}

#ifdef BAD
// BAD: references.cu:[[@LINE+1]]:28: error: a reference parameter of a kernel has no OpenCL C form; pass a pointer
__global__ void byRef(int &out) { out = 1; }
// BAD: references.cu:[[@LINE+1]]:17: error: a function returning a reference has no OpenCL C form that xfence writes; return a value or a pointer
__device__ int &pick(int *p) { return p[0]; }
// BAD: references.cu:[[@LINE+1]]:31: error: a reference to a pointer, array or function has no address spaces that xfence can infer; use a pointer
__device__ void advance(int *&p) { ++p; }
#endif

// Address-space qualifiers spelled by a macro that is itself used inside
// another macro's body (`#define M() ((GPTR(int))&g[i])` with
// `#define GPTR(T) __global T *`): the inner macro's body is rewritten, as
// where the inner macro is used in the kernel's own text. The qualifier was
// kept (`__global int *` in CUDA), with exit status 0; found by the nesting
// generator once outputs were compiled.
// RUN: xfence translate %s --to cuda -o %t.cu
// RUN: grep -v '^ *//' %t.cu | FileCheck %s
// RUN: %if nvcc %{ %nvcc -arch=sm_90 -c %t.cu -o %t.o %}
// RUN: xfence translate %s --to hip -o %t.hip
// RUN: %if hip-headers %{ %hip-clang -fsyntax-only %t.hip %}

// CHECK: #define GPTR(T)  T *
// CHECK-NEXT: #define LPTR(T)  T *
// CHECK-NEXT: #define GLOBAL __global
#define GPTR(T) __global T *
#define LPTR(T) __local T *
#define GLOBAL __global
// CHECK-NEXT: #define BUMP(i) atomicAdd((int *)((GPTR(int))&g[(i) & 63]), (int)(1))
#define BUMP(i) atomic_inc((GPTR(int))&g[(i) & 63])
// CHECK-NEXT: #define NESTED() atomicAdd((int *)((GPTR(int))&g[atomicSub((int *)(( int *)&g[5]), (int)(1)) & 63]), (int)(1))
#define NESTED() atomic_inc((GPTR(int))&g[atomic_dec((global int *)&g[5]) & 63])
// CHECK-NEXT: #define STORE(v) ((  int *)g)[1] = (v)
#define STORE(v) ((GLOBAL int *)g)[1] = (v)
// A declaration from one macro's body to another's use: only LPTR's body
// is rewritten (the text between the two was lexed as one declaration, and
// `#define GLOBAL __global` lost its name).
// CHECK-NEXT: #define VIEW(n, p) LPTR(int) n = (LPTR(int))(p)
#define VIEW(n, p) LPTR(int) n = (LPTR(int))(p)
// CHECK-NEXT: #define DECL(n, p) int  *n = p
#define DECL(n, p) int __local *n = p

// CHECK: __global__ void k(int *g, size_t scratch_bytes) {
__kernel void k(GLOBAL int *g, __local int *scratch) {
  BUMP(get_local_id(0));
  NESTED();
  STORE(3);
  VIEW(mine, scratch);
  DECL(other, scratch);
  mine[get_local_id(0)] = g[0] + other[0];
}

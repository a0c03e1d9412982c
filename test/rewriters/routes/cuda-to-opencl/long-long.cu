// CUDA's long long is 64 bits; OpenCL C reserves `long long` for a 128-bit
// integer (clang makes it one: a `__global unsigned long long *` argument
// would step 16 bytes). Every spelling becomes long or ulong.
// RUN: xfence translate --cuda-builtin-header %s --to opencl -cl-std=CL2.0 -o %t.cl
// RUN: grep -v '^ *//' %t.cl | FileCheck %s
// RUN: clang -x cl -cl-std=CL2.0 --target=spir64 -Xclang -finclude-default-header -fsyntax-only %t.cl
// RUN: grep -v '^ *//' %t.cl | not grep 'long long'

// CHECK: typedef ulong u64;
typedef unsigned long long u64;
// CHECK: long twice(long x) { return 2 * x; }
__device__ long long twice(long long x) { return 2 * x; }
// CHECK: __kernel void k(__global ulong *o, long v, __global ulong *w,
// CHECK-NEXT: long s, __global u64 *q) {
__global__ void k(unsigned long long *o, long long v, unsigned long long int *w,
                  signed long long s, u64 *q) {
  // CHECK-NEXT: ulong x = v;
  // CHECK-NEXT: long y = (long)s;
  unsigned long long x = v;
  long long int y = (long long)s;
  // CHECK: w[0] = sizeof(ulong) + x + y + twice(s);
  w[0] = sizeof(unsigned long long) + x + y + twice(s);
  // CHECK-NEXT: atomic_fetch_add_explicit((volatile __global atomic_ulong *)(o), (ulong)((ulong)1), memory_order_relaxed, memory_scope_device);
  atomicAdd(o, (unsigned long long)1);
  q[0] = 1;
}

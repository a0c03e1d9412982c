// The math built-ins that store a second result through a pointer (fract,
// modf, frexp, lgamma_r, remquo, sincos) write that object: the importer
// records the write in the pointer's space, so that coalescing does not
// merge the fences around the call. A private object orders nothing and
// gets no access.
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 %s | FileCheck %s
// RUN: xfence-translate --import-opencl --opencl-std=CL2.0 %s | xfence-opt -xfence-coalesce | FileCheck %s --check-prefix=COALESCE

// CHECK-LABEL: func.func @writes
__kernel void writes(__global float *g, __local float *l, __global int *gi,
                     __local int *li, float v) {
  float p;
  int q;
  // The built-in's write, then the store of its result.
  // CHECK-NEXT: xfence.access write [global]
  // CHECK-NEXT: xfence.access write [global]
  g[1] = fract(v, g);
  // CHECK-NEXT: xfence.access write [local]
  // CHECK-NEXT: xfence.access write [global]
  g[2] = modf(v, l);
  // CHECK-NEXT: xfence.access write [global]
  // CHECK-NEXT: xfence.access write [global]
  g[3] = frexp(v, gi);
  // CHECK-NEXT: xfence.access write [local]
  // CHECK-NEXT: xfence.access write [global]
  g[4] = lgamma_r(v, li);
  // CHECK-NEXT: xfence.access write [global]
  // CHECK-NEXT: xfence.access write [global]
  g[5] = remquo(v, 2.0f, gi);
  // CHECK-NEXT: xfence.access write [local]
  // CHECK-NEXT: xfence.access write [global]
  g[6] = sincos(v, l);
  // A private object: only the store of the result.
  // CHECK-NEXT: xfence.access write [global]
  // CHECK-NEXT: return
  g[7] = sincos(v, &p) + frexp(v, &q);
}

// The reproducer of the write that coalescing did not see: the release
// fence stays after the write sincos makes through x.
// COALESCE-LABEL: func.func @k
// COALESCE:         xfence.fence device acquire [global]
// COALESCE-NEXT:    xfence.access write [global]
// COALESCE-NEXT:    xfence.fence device release [global]
// COALESCE-NEXT:    xfence.atomic_store
__kernel void k(__global float *x, __global volatile atomic_int *flag, float v) {
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  float c = sincos(v, x);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  atomic_store_explicit(flag, 1, memory_order_relaxed, memory_scope_device);
  x[1] = c;
}

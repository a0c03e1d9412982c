// Accesses, calls and control flow between synchronization ops.
// RUN: xfence-translate --import-opencl %s | FileCheck %s

void external(void);

// CHECK-LABEL: func.func private @helper()
// OpenCL C 1.2 (the default standard): mem_fence is seq_cst (semantics.md §2).
// CHECK: xfence.fence workgroup seq_cst [local]
void helper(void) { mem_fence(CLK_LOCAL_MEM_FENCE); }

// CHECK-LABEL: func.func @k() attributes {xfence.kernel}
__kernel void k(__global int *g, __local int *l, int n) {
  int x = 0;
  // CHECK-NEXT: xfence.access read [global]
  // CHECK-NEXT: xfence.access write [local]
  l[0] = g[0];
  // CHECK-NEXT: xfence.loop {
  // CHECK-NEXT:   xfence.access read write [global]
  // CHECK-NEXT:   xfence.barrier workgroup memory workgroup acq_rel [local]
  // CHECK-NEXT: }
  for (int i = 0; i < n; ++i) {
    g[i] += 1;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  // CHECK-NEXT: xfence.branch {
  // CHECK-NEXT:   xfence.exit return
  // CHECK-NEXT: }, {
  // CHECK-NEXT:   xfence.opaque "helper"
  // CHECK-NEXT: }
  if (n > 3)
    return;
  else
    helper();
  // CHECK-NEXT: xfence.opaque "external"
  external();
  // Private memory is not shared: no access op.
  x = x + 1;
  // CHECK-NEXT: xfence.access write [global] volatile
  *(volatile __global int *)g = x;
  // CHECK-NEXT: return
}

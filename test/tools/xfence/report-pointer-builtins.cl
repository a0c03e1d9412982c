// xfence report sees the write that sincos makes through its pointer: the
// release fence after it is not merged into the acquire fence before it.
// RUN: xfence report %s --cl-std=CL2.0 | FileCheck %s

// CHECK:      report-pointer-builtins.cl:[[#@LINE+7]]:3: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device)
// CHECK-NEXT:     imported as  xfence.fence device acquire [global]
// CHECK-NEXT:     became       cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device)
// CHECK-NEXT: report-pointer-builtins.cl:[[#@LINE+6]]:3: atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device)
// CHECK-NEXT:     imported as  xfence.fence device release [global]
// CHECK-NEXT:     became       cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device)
__kernel void k(__global float *x, __global volatile atomic_int *flag, float v) {
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  float c = sincos(v, x);
  atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
  atomic_store_explicit(flag, 1, memory_order_relaxed, memory_scope_device);
  x[1] = c;
}

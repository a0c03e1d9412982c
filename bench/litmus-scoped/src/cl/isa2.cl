// ISA2 across three work-groups in OpenCL C 2.0 (relaxed device-scope
// atomics): work-item 0: x = 1; release fence; y = 1 || 1: spin until
// y = 1; acq_rel fence; z = 1 || 2: spin until z = 1; acquire fence; read
// x. res[4i] = y seen by 1, res[4i+1] = z seen by 2, res[4i+2] = x read by
// 2. Forbidden: 1, 1, 0 (happens-before is transitive). The mutants narrow
// the fences to the work-group or remove them.
#include "role.h"

__kernel void isa2_cl_relacq(__global const int *role, __global uint *mem,
                             __global const int *off, __global uint *res,
                             volatile __global uint *arrive, uint ntest,
                             int meet, volatile __global uint *scratch,
                             int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  volatile __global atomic_uint *x =
      (volatile __global atomic_uint *)(mem + off[4 * i + 0]);
  volatile __global atomic_uint *y =
      (volatile __global atomic_uint *)(mem + off[4 * i + 1]);
  volatile __global atomic_uint *z =
      (volatile __global atomic_uint *)(mem + off[4 * i + 2]);
  if (j == 0) {
    atomic_store_explicit(x, 1u, memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                           memory_scope_device);
    atomic_store_explicit(y, 1u, memory_order_relaxed, memory_scope_device);
  } else if (j == 1) {
    uint a;
    int spins = 0;
    while ((a = atomic_load_explicit(y, memory_order_relaxed,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel,
                           memory_scope_device);
    atomic_store_explicit(z, 1u, memory_order_relaxed, memory_scope_device);
    res[4 * i] = a;
  } else {
    uint b;
    int spins = 0;
    while ((b = atomic_load_explicit(z, memory_order_relaxed,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                           memory_scope_device);
    res[4 * i + 1] = b;
    res[4 * i + 2] =
        atomic_load_explicit(x, memory_order_relaxed, memory_scope_device);
  }
}

__kernel void isa2_cl_wg_mutant(__global const int *role, __global uint *mem,
                                __global const int *off, __global uint *res,
                                volatile __global uint *arrive, uint ntest,
                                int meet, volatile __global uint *scratch,
                                int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  volatile __global atomic_uint *x =
      (volatile __global atomic_uint *)(mem + off[4 * i + 0]);
  volatile __global atomic_uint *y =
      (volatile __global atomic_uint *)(mem + off[4 * i + 1]);
  volatile __global atomic_uint *z =
      (volatile __global atomic_uint *)(mem + off[4 * i + 2]);
  if (j == 0) {
    atomic_store_explicit(x, 1u, memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release,
                           memory_scope_work_group);
    atomic_store_explicit(y, 1u, memory_order_relaxed, memory_scope_device);
  } else if (j == 1) {
    uint a;
    int spins = 0;
    while ((a = atomic_load_explicit(y, memory_order_relaxed,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel,
                           memory_scope_work_group);
    atomic_store_explicit(z, 1u, memory_order_relaxed, memory_scope_device);
    res[4 * i] = a;
  } else {
    uint b;
    int spins = 0;
    while ((b = atomic_load_explicit(z, memory_order_relaxed,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire,
                           memory_scope_work_group);
    res[4 * i + 1] = b;
    res[4 * i + 2] =
        atomic_load_explicit(x, memory_order_relaxed, memory_scope_device);
  }
}

__kernel void isa2_cl_none_mutant(__global const int *role, __global uint *mem,
                                  __global const int *off, __global uint *res,
                                  volatile __global uint *arrive, uint ntest,
                                  int meet, volatile __global uint *scratch,
                                  int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  volatile __global atomic_uint *x =
      (volatile __global atomic_uint *)(mem + off[4 * i + 0]);
  volatile __global atomic_uint *y =
      (volatile __global atomic_uint *)(mem + off[4 * i + 1]);
  volatile __global atomic_uint *z =
      (volatile __global atomic_uint *)(mem + off[4 * i + 2]);
  if (j == 0) {
    atomic_store_explicit(x, 1u, memory_order_relaxed, memory_scope_device);
    atomic_store_explicit(y, 1u, memory_order_relaxed, memory_scope_device);
  } else if (j == 1) {
    uint a;
    int spins = 0;
    while ((a = atomic_load_explicit(y, memory_order_relaxed,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_store_explicit(z, 1u, memory_order_relaxed, memory_scope_device);
    res[4 * i] = a;
  } else {
    uint b;
    int spins = 0;
    while ((b = atomic_load_explicit(z, memory_order_relaxed,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    res[4 * i + 1] = b;
    res[4 * i + 2] =
        atomic_load_explicit(x, memory_order_relaxed, memory_scope_device);
  }
}

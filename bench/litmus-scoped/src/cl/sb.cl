// Store buffering across work-groups in OpenCL C 2.0 (relaxed device-scope
// atomics): work-item 0: x = 1; seq_cst fence; read y || 1: y = 1; seq_cst
// fence; read x. res[4i], res[4i+1] = the reads. Forbidden: 0, 0 (the
// fences are ordered in S; C11 7.17.3p6). The mutants narrow the fences to
// the work-group or remove them.
#include "role.h"

__kernel void sb_cl_sc(__global const int *role, __global uint *mem,
                       __global const int *off, __global uint *res,
                       volatile __global uint *arrive, uint ntest, int meet,
                       volatile __global uint *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  volatile __global atomic_uint *x =
      (volatile __global atomic_uint *)(mem + off[4 * i + 0]);
  volatile __global atomic_uint *y =
      (volatile __global atomic_uint *)(mem + off[4 * i + 1]);
  if (j == 0) {
    atomic_store_explicit(x, 1u, memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
                           memory_scope_device);
    res[4 * i] =
        atomic_load_explicit(y, memory_order_relaxed, memory_scope_device);
  } else {
    atomic_store_explicit(y, 1u, memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
                           memory_scope_device);
    res[4 * i + 1] =
        atomic_load_explicit(x, memory_order_relaxed, memory_scope_device);
  }
}

__kernel void sb_cl_wg_mutant(__global const int *role, __global uint *mem,
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
  if (j == 0) {
    atomic_store_explicit(x, 1u, memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
                           memory_scope_work_group);
    res[4 * i] =
        atomic_load_explicit(y, memory_order_relaxed, memory_scope_device);
  } else {
    atomic_store_explicit(y, 1u, memory_order_relaxed, memory_scope_device);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
                           memory_scope_work_group);
    res[4 * i + 1] =
        atomic_load_explicit(x, memory_order_relaxed, memory_scope_device);
  }
}

__kernel void sb_cl_none_mutant(__global const int *role, __global uint *mem,
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
  if (j == 0) {
    atomic_store_explicit(x, 1u, memory_order_relaxed, memory_scope_device);
    res[4 * i] =
        atomic_load_explicit(y, memory_order_relaxed, memory_scope_device);
  } else {
    atomic_store_explicit(y, 1u, memory_order_relaxed, memory_scope_device);
    res[4 * i + 1] =
        atomic_load_explicit(x, memory_order_relaxed, memory_scope_device);
  }
}

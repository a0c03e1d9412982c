// IRIW across four work-groups in OpenCL C 2.0 (device-scope atomics):
// work-item 0: x = 1 || 1: y = 1 || 2: spin until x = 1; read y || 3: spin
// until y = 1; read x. res[4i..4i+3] = the two reads of work-item 2, then
// of 3. Forbidden: x = 1, y = 0 and y = 1, x = 0.
// - iriw_cl_sc: every access a seq_cst atomic (one total order S of all
//   of them, OpenCL 2.0 section 3.3.4 / C11 7.17.3).
// - iriw_cl_fence: seq_cst stores; acquire spin loads, a seq_cst fence,
//   relaxed second loads. The acquire load that reads a store puts the
//   store before the fence in S, and a load after a seq_cst fence sees the
//   last seq_cst store before the fence in S or a later one: both readers
//   cannot read 0 (C11 7.17.3p4 with 5.1.2.4 happens-before).
// - iriw_cl_acqrel_mutant: the fences acq_rel instead of seq_cst (allowed).
// - iriw_cl_wg_mutant: the seq_cst fences at work-group scope (allowed).
#include "role.h"

__kernel void iriw_cl_sc(__global const int *role, __global uint *mem,
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
    atomic_store_explicit(x, 1u, memory_order_seq_cst, memory_scope_device);
  } else if (j == 1) {
    atomic_store_explicit(y, 1u, memory_order_seq_cst, memory_scope_device);
  } else {
    // Work-item 2 reads x then y, 3 reads y then x; each spins on its first.
    volatile __global atomic_uint *first =
        (volatile __global atomic_uint *)(mem + off[4 * i + j - 2]);
    volatile __global atomic_uint *second =
        (volatile __global atomic_uint *)(mem + off[4 * i + 3 - j]);
    uint a;
    int spins = 0;
    while ((a = atomic_load_explicit(first, memory_order_seq_cst,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    uint b =
        atomic_load_explicit(second, memory_order_seq_cst, memory_scope_device);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

__kernel void iriw_cl_fence(__global const int *role, __global uint *mem,
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
    atomic_store_explicit(x, 1u, memory_order_seq_cst, memory_scope_device);
  } else if (j == 1) {
    atomic_store_explicit(y, 1u, memory_order_seq_cst, memory_scope_device);
  } else {
    // Work-item 2 reads x then y, 3 reads y then x; each spins on its first.
    volatile __global atomic_uint *first =
        (volatile __global atomic_uint *)(mem + off[4 * i + j - 2]);
    volatile __global atomic_uint *second =
        (volatile __global atomic_uint *)(mem + off[4 * i + 3 - j]);
    uint a;
    int spins = 0;
    while ((a = atomic_load_explicit(first, memory_order_acquire,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
                           memory_scope_device);
    uint b =
        atomic_load_explicit(second, memory_order_relaxed, memory_scope_device);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

__kernel void iriw_cl_acqrel_mutant(__global const int *role,
                                    __global uint *mem, __global const int *off,
                                    __global uint *res,
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
    atomic_store_explicit(x, 1u, memory_order_seq_cst, memory_scope_device);
  } else if (j == 1) {
    atomic_store_explicit(y, 1u, memory_order_seq_cst, memory_scope_device);
  } else {
    // Work-item 2 reads x then y, 3 reads y then x; each spins on its first.
    volatile __global atomic_uint *first =
        (volatile __global atomic_uint *)(mem + off[4 * i + j - 2]);
    volatile __global atomic_uint *second =
        (volatile __global atomic_uint *)(mem + off[4 * i + 3 - j]);
    uint a;
    int spins = 0;
    while ((a = atomic_load_explicit(first, memory_order_acquire,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel,
                           memory_scope_device);
    uint b =
        atomic_load_explicit(second, memory_order_relaxed, memory_scope_device);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

__kernel void iriw_cl_wg_mutant(__global const int *role, __global uint *mem,
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
    atomic_store_explicit(x, 1u, memory_order_seq_cst, memory_scope_device);
  } else if (j == 1) {
    atomic_store_explicit(y, 1u, memory_order_seq_cst, memory_scope_device);
  } else {
    // Work-item 2 reads x then y, 3 reads y then x; each spins on its first.
    volatile __global atomic_uint *first =
        (volatile __global atomic_uint *)(mem + off[4 * i + j - 2]);
    volatile __global atomic_uint *second =
        (volatile __global atomic_uint *)(mem + off[4 * i + 3 - j]);
    uint a;
    int spins = 0;
    while ((a = atomic_load_explicit(first, memory_order_acquire,
                                     memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst,
                           memory_scope_work_group);
    uint b =
        atomic_load_explicit(second, memory_order_relaxed, memory_scope_device);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

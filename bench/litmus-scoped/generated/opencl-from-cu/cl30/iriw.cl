// Translated from CUDA to OpenCL C (CL3.0) by xfence (docs/cuda-to-opencl.md).
// xfence: end of prelude
// IRIW (independent reads of independent writes) across four blocks, in
// CUDA: thread 0: x = 1 || thread 1: y = 1 || thread 2: spin until x = 1;
// F; read y || thread 3: spin until y = 1; F; read x. All accesses are
// relaxed device-scope cuda::atomic_ref operations. res[4i..4i+3] = the
// two reads of thread 2, then of thread 3. Forbidden: x = 1, y = 0 and
// y = 1, x = 0 (the readers disagree on the order of the writes) when F is
// __threadfence() (fence.sc.gpu: the seq_cst fences are totally ordered;
// iriw_sc.cu has the form with seq_cst atomics). A release/acquire fence
// (fence.acq_rel.gpu) does not forbid it: iriw_acqrel_mutant; then the
// fence narrowed to the block and removed.
// xfence: #include <cuda/atomic>

// xfence: begin of the translated #include "role.cuh"
// The start of every role kernel of bench/litmus-scoped (the ABI is in
// ../../harness.h). A thread without a role stresses memory and gets -1;
// a test thread meets the others at `arrive` (at most `meet` spins) and gets
// its role, instance * 4 + j.
// xfence: #pragma once

static  int litmus_start(const __global int *role, volatile __global unsigned *arrive,
                                   unsigned ntest, int meet,
                                   volatile __global unsigned *scratch, int scratch_n) {
  int t = (uint)get_group_id(0) * (uint)get_local_size(0) + (uint)get_local_id(0);
  int r = role[t];
  if (r < 0) {
    unsigned s = t * 2654435761u;
    for (int i = 0; i < 64; ++i) {
      s = s * 1664525u + 1013904223u;
      volatile __global unsigned *p = scratch + (s % scratch_n);
      *p = *p + 1;
    }
    return -1;
  }
  atomic_fetch_add_explicit((volatile __global atomic_uint *)((__global unsigned *)arrive), 1u, memory_order_seq_cst, memory_scope_device);
  for (int spin = 0; *arrive < ntest && spin < meet; ++spin) {
  }
  return r;
}
// xfence: end of #include "role.cuh"

 __kernel void iriw_fence(const __global int *role, __global unsigned *mem,
                                      const __global int *off, __global unsigned *res,
                                      volatile __global unsigned *arrive, unsigned ntest,
                                      int meet, volatile __global unsigned *scratch,
                                      int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  __global unsigned int *x = &(mem[off[4 * i]]);
  __global unsigned int *y = &(mem[off[4 * i + 1]]);
  if (j == 0) {
    atomic_store_explicit((volatile __global atomic_uint *)(x), 1, memory_order_seq_cst, memory_scope_device);
  } else if (j == 1) {
    atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    __global unsigned int *first = &(mem[off[4 * i + j - 2]]);
    __global unsigned int *second = &(mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = atomic_load_explicit((volatile __global atomic_uint *)(first), memory_order_relaxed, memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    unsigned b = atomic_load_explicit((volatile __global atomic_uint *)(second), memory_order_relaxed, memory_scope_device);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

 __kernel void
iriw_acqrel_mutant(const __global int *role, __global unsigned *mem, const __global int *off,
                   __global unsigned *res, volatile __global unsigned *arrive, unsigned ntest,
                   int meet, volatile __global unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  __global unsigned int *x = &(mem[off[4 * i]]);
  __global unsigned int *y = &(mem[off[4 * i + 1]]);
  if (j == 0) {
    atomic_store_explicit((volatile __global atomic_uint *)(x), 1, memory_order_seq_cst, memory_scope_device);
  } else if (j == 1) {
    atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    __global unsigned int *first = &(mem[off[4 * i + j - 2]]);
    __global unsigned int *second = &(mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = atomic_load_explicit((volatile __global atomic_uint *)(first), memory_order_relaxed, memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_device);
    unsigned b = atomic_load_explicit((volatile __global atomic_uint *)(second), memory_order_relaxed, memory_scope_device);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

 __kernel void
iriw_block_mutant(const __global int *role, __global unsigned *mem, const __global int *off, __global unsigned *res,
                  volatile __global unsigned *arrive, unsigned ntest, int meet,
                  volatile __global unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  __global unsigned int *x = &(mem[off[4 * i]]);
  __global unsigned int *y = &(mem[off[4 * i + 1]]);
  if (j == 0) {
    atomic_store_explicit((volatile __global atomic_uint *)(x), 1, memory_order_seq_cst, memory_scope_device);
  } else if (j == 1) {
    atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    __global unsigned int *first = &(mem[off[4 * i + j - 2]]);
    __global unsigned int *second = &(mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = atomic_load_explicit((volatile __global atomic_uint *)(first), memory_order_relaxed, memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    unsigned b = atomic_load_explicit((volatile __global atomic_uint *)(second), memory_order_relaxed, memory_scope_device);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

 __kernel void
iriw_none_mutant(const __global int *role, __global unsigned *mem, const __global int *off, __global unsigned *res,
                 volatile __global unsigned *arrive, unsigned ntest, int meet,
                 volatile __global unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  __global unsigned int *x = &(mem[off[4 * i]]);
  __global unsigned int *y = &(mem[off[4 * i + 1]]);
  if (j == 0) {
    atomic_store_explicit((volatile __global atomic_uint *)(x), 1, memory_order_seq_cst, memory_scope_device);
  } else if (j == 1) {
    atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    __global unsigned int *first = &(mem[off[4 * i + j - 2]]);
    __global unsigned int *second = &(mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = atomic_load_explicit((volatile __global atomic_uint *)(first), memory_order_relaxed, memory_scope_device)) == 0 &&
           ++spins < 20000) {
    }
    unsigned b = atomic_load_explicit((volatile __global atomic_uint *)(second), memory_order_relaxed, memory_scope_device);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

// Translated from CUDA to OpenCL C (CL3.0) by xfence (docs/cuda-to-opencl.md).
// xfence: end of prelude
// WRC (write-to-read causality) across three blocks, in CUDA: thread 0:
// x = 1 || thread 1: spin until x = 1; F1; y = 1 || thread 2: spin until
// y = 1; F2; read x. All accesses are relaxed device-scope
// cuda::atomic_ref operations. res[4i] = x seen by thread 1, res[4i+1] = y
// seen by thread 2, res[4i+2] = x read by thread 2. Forbidden: 1, 1, 0 with
// __threadfence() in both, and with a release fence in thread 1 and an
// acquire fence in thread 2 (device-scope fences are cumulative: the
// release orders the write of x that thread 1 observed). The mutants narrow
// both fences to the block or remove them.
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

 __kernel void wrc_fence(const __global int *role, __global unsigned *mem,
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
    unsigned a;
    int spins = 0;
    while ((a = atomic_load_explicit((volatile __global atomic_uint *)(x), memory_order_relaxed, memory_scope_device)) == 0 && ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = atomic_load_explicit((volatile __global atomic_uint *)(y), memory_order_relaxed, memory_scope_device)) == 0 && ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    res[4 * i + 1] = b;
    res[4 * i + 2] = atomic_load_explicit((volatile __global atomic_uint *)(x), memory_order_relaxed, memory_scope_device);
  }
}

 __kernel void wrc_relacq(const __global int *role, __global unsigned *mem,
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
    unsigned a;
    int spins = 0;
    while ((a = atomic_load_explicit((volatile __global atomic_uint *)(x), memory_order_relaxed, memory_scope_device)) == 0 && ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
    atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = atomic_load_explicit((volatile __global atomic_uint *)(y), memory_order_relaxed, memory_scope_device)) == 0 && ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
    res[4 * i + 1] = b;
    res[4 * i + 2] = atomic_load_explicit((volatile __global atomic_uint *)(x), memory_order_relaxed, memory_scope_device);
  }
}

 __kernel void
wrc_block_mutant(const __global int *role, __global unsigned *mem, const __global int *off, __global unsigned *res,
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
    unsigned a;
    int spins = 0;
    while ((a = atomic_load_explicit((volatile __global atomic_uint *)(x), memory_order_relaxed, memory_scope_device)) == 0 && ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = atomic_load_explicit((volatile __global atomic_uint *)(y), memory_order_relaxed, memory_scope_device)) == 0 && ++spins < 20000) {
    }
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    res[4 * i + 1] = b;
    res[4 * i + 2] = atomic_load_explicit((volatile __global atomic_uint *)(x), memory_order_relaxed, memory_scope_device);
  }
}

 __kernel void
wrc_none_mutant(const __global int *role, __global unsigned *mem, const __global int *off, __global unsigned *res,
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
    unsigned a;
    int spins = 0;
    while ((a = atomic_load_explicit((volatile __global atomic_uint *)(x), memory_order_relaxed, memory_scope_device)) == 0 && ++spins < 20000) {
    }
    atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = atomic_load_explicit((volatile __global atomic_uint *)(y), memory_order_relaxed, memory_scope_device)) == 0 && ++spins < 20000) {
    }
    res[4 * i + 1] = b;
    res[4 * i + 2] = atomic_load_explicit((volatile __global atomic_uint *)(x), memory_order_relaxed, memory_scope_device);
  }
}

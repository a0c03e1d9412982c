// Translated from CUDA to OpenCL C (CL3.0) by xfence (docs/cuda-to-opencl.md).
// xfence: end of prelude
// Store buffering between blocks: thread 0: x = 1; __threadfence(); r0 = y
// || thread 1: y = 1; __threadfence(); r1 = x (res[4i], res[4i+1]).
// Forbidden with __threadfence() (fence.sc.gpu): r0 = r1 = 0. The mutants
// narrow the fence to the block or remove it.
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

 __kernel void sb_fence(const __global int *role, __global unsigned *mem,
                                    const __global int *off, __global unsigned *res,
                                    volatile __global unsigned *arrive, unsigned ntest,
                                    int meet, volatile __global unsigned *scratch,
                                    int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile __global unsigned *x = mem + off[4 * i];
  volatile __global unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    *x = 1;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    res[4 * i] = *y;
  } else {
    *y = 1;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    res[4 * i + 1] = *x;
  }
}

 __kernel void
sb_block_mutant(const __global int *role, __global unsigned *mem, const __global int *off, __global unsigned *res,
                volatile __global unsigned *arrive, unsigned ntest, int meet,
                volatile __global unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile __global unsigned *x = mem + off[4 * i];
  volatile __global unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    *x = 1;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    res[4 * i] = *y;
  } else {
    *y = 1;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device);
    res[4 * i + 1] = *x;
  }
}

 __kernel void
sb_none_mutant(const __global int *role, __global unsigned *mem, const __global int *off, __global unsigned *res,
               volatile __global unsigned *arrive, unsigned ntest, int meet,
               volatile __global unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile __global unsigned *x = mem + off[4 * i];
  volatile __global unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    *x = 1;
    res[4 * i] = *y;
  } else {
    *y = 1;
    res[4 * i + 1] = *x;
  }
}

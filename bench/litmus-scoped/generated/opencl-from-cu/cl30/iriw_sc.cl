// Translated from CUDA to OpenCL C (CL3.0) by xfence (docs/cuda-to-opencl.md).
static uint xfence_then_uint_0(uint v) {
  atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
  return v;
}
// xfence: end of prelude
// IRIW across four blocks in CUDA with seq_cst atomics (cuda::atomic_ref's
// default order) and no fences: thread 0: x = 1 || thread 1: y = 1 ||
// thread 2: spin until x = 1; read y || thread 3: spin until y = 1; read x.
// Forbidden: x = 1, y = 0 and y = 1, x = 0 (all accesses are in one total
// order). Apart from iriw.cu because OpenCL C 1.2 cannot take it: xfence
// refuses an ordered device-scope atomic whose value is used.
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

 __kernel void iriw_sc(const __global int *role, __global unsigned *mem,
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
    (atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device), atomic_store_explicit((volatile __global atomic_uint *)(x), 1, memory_order_seq_cst, memory_scope_device));
  } else if (j == 1) {
    (atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device), atomic_store_explicit((volatile __global atomic_uint *)(y), 1, memory_order_seq_cst, memory_scope_device));
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    __global unsigned int *first = &(mem[off[4 * i + j - 2]]);
    __global unsigned int *second = &(mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = xfence_then_uint_0((atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device), atomic_load_explicit((volatile __global atomic_uint *)(first), memory_order_seq_cst, memory_scope_device)))) == 0 && ++spins < 20000) {
    }
    unsigned b = xfence_then_uint_0((atomic_work_item_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_order_seq_cst, memory_scope_device), atomic_load_explicit((volatile __global atomic_uint *)(second), memory_order_seq_cst, memory_scope_device)));
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

// Translated from CUDA to OpenCL C (CL1.2) by xfence (docs/cuda-to-opencl.md).
// xfence: end of prelude
// Producer/consumer publication between blocks (the alpaka example):
// thread 0 writes a four-word payload at x, a device-scope release fence,
// then sets the flag y with atomicExch || thread 1 spins on the flag with
// atomicAdd(y, 0), a device-scope acquire fence, then reads the payload.
// res[4i] = flag seen, res[4i+1] = payload words stale. Forbidden: flag
// seen and a stale word. The mutants narrow the fences to the block or
// remove them.
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
  atomic_add((volatile __global uint *)((__global unsigned *)arrive), 1u);
  for (int spin = 0; *arrive < ntest && spin < meet; ++spin) {
  }
  return r;
}
// xfence: end of #include "role.cuh"

 __kernel void pc_relacq(const __global int *role, __global unsigned *mem,
                                     const __global int *off, __global unsigned *res,
                                     volatile __global unsigned *arrive, unsigned ntest,
                                     int meet, volatile __global unsigned *scratch,
                                     int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile __global unsigned *x = mem + off[4 * i];
  __global unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    x[0] = 11;
    x[1] = 22;
    x[2] = 33;
    x[3] = 44;
    /* xfence: assumes mem_fence is device-wide (--opencl12-device-fence) */ mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    atomic_xchg((volatile __global uint *)(y), 1u);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = atomic_add((volatile __global uint *)(y), 0u)) == 0 && ++spins < 20000) {
    }
    /* xfence: assumes mem_fence is device-wide (--opencl12-device-fence) */ mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    res[4 * i] = v;
    res[4 * i + 1] = (x[0] != 11) + (x[1] != 22) + (x[2] != 33) + (x[3] != 44);
  }
}

 __kernel void
pc_block_mutant(const __global int *role, __global unsigned *mem, const __global int *off, __global unsigned *res,
                volatile __global unsigned *arrive, unsigned ntest, int meet,
                volatile __global unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile __global unsigned *x = mem + off[4 * i];
  __global unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    x[0] = 11;
    x[1] = 22;
    x[2] = 33;
    x[3] = 44;
    mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    atomic_xchg((volatile __global uint *)(y), 1u);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = atomic_add((volatile __global uint *)(y), 0u)) == 0 && ++spins < 20000) {
    }
    mem_fence(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    res[4 * i] = v;
    res[4 * i + 1] = (x[0] != 11) + (x[1] != 22) + (x[2] != 33) + (x[3] != 44);
  }
}

 __kernel void
pc_none_mutant(const __global int *role, __global unsigned *mem, const __global int *off, __global unsigned *res,
               volatile __global unsigned *arrive, unsigned ntest, int meet,
               volatile __global unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile __global unsigned *x = mem + off[4 * i];
  __global unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    x[0] = 11;
    x[1] = 22;
    x[2] = 33;
    x[3] = 44;
    atomic_xchg((volatile __global uint *)(y), 1u);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = atomic_add((volatile __global uint *)(y), 0u)) == 0 && ++spins < 20000) {
    }
    res[4 * i] = v;
    res[4 * i + 1] = (x[0] != 11) + (x[1] != 22) + (x[2] != 33) + (x[3] != 44);
  }
}

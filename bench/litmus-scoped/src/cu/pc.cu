// Producer/consumer publication between blocks (the alpaka example):
// thread 0 writes a four-word payload at x, a device-scope release fence,
// then sets the flag y with atomicExch || thread 1 spins on the flag with
// atomicAdd(y, 0), a device-scope acquire fence, then reads the payload.
// res[4i] = flag seen, res[4i+1] = payload words stale. Forbidden: flag
// seen and a stale word. The mutants narrow the fences to the block or
// remove them.
#include <cuda/atomic>

#include "role.cuh"

extern "C" __global__ void pc_relacq(const int *role, unsigned *mem,
                                     const int *off, unsigned *res,
                                     volatile unsigned *arrive, unsigned ntest,
                                     int meet, volatile unsigned *scratch,
                                     int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    x[0] = 11;
    x[1] = 22;
    x[2] = 33;
    x[3] = 44;
    cuda::atomic_thread_fence(cuda::memory_order_release,
                              cuda::thread_scope_device);
    atomicExch(y, 1u);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = atomicAdd(y, 0u)) == 0 && ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire,
                              cuda::thread_scope_device);
    res[4 * i] = v;
    res[4 * i + 1] = (x[0] != 11) + (x[1] != 22) + (x[2] != 33) + (x[3] != 44);
  }
}

extern "C" __global__ void
pc_block_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
                volatile unsigned *arrive, unsigned ntest, int meet,
                volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    x[0] = 11;
    x[1] = 22;
    x[2] = 33;
    x[3] = 44;
    cuda::atomic_thread_fence(cuda::memory_order_release,
                              cuda::thread_scope_block);
    atomicExch(y, 1u);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = atomicAdd(y, 0u)) == 0 && ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire,
                              cuda::thread_scope_block);
    res[4 * i] = v;
    res[4 * i + 1] = (x[0] != 11) + (x[1] != 22) + (x[2] != 33) + (x[3] != 44);
  }
}

extern "C" __global__ void
pc_none_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
               volatile unsigned *arrive, unsigned ntest, int meet,
               volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    x[0] = 11;
    x[1] = 22;
    x[2] = 33;
    x[3] = 44;
    atomicExch(y, 1u);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = atomicAdd(y, 0u)) == 0 && ++spins < 20000) {
    }
    res[4 * i] = v;
    res[4 * i + 1] = (x[0] != 11) + (x[1] != 22) + (x[2] != 33) + (x[3] != 44);
  }
}

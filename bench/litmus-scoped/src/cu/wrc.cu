// WRC (write-to-read causality) across three blocks, in CUDA: thread 0:
// x = 1 || thread 1: spin until x = 1; F1; y = 1 || thread 2: spin until
// y = 1; F2; read x. All accesses are relaxed device-scope
// cuda::atomic_ref operations. res[4i] = x seen by thread 1, res[4i+1] = y
// seen by thread 2, res[4i+2] = x read by thread 2. Forbidden: 1, 1, 0 with
// __threadfence() in both, and with a release fence in thread 1 and an
// acquire fence in thread 2 (device-scope fences are cumulative: the
// release orders the write of x that thread 1 observed). The mutants narrow
// both fences to the block or remove them.
#include <cuda/atomic>

#include "role.cuh"

extern "C" __global__ void wrc_fence(const int *role, unsigned *mem,
                                     const int *off, unsigned *res,
                                     volatile unsigned *arrive, unsigned ntest,
                                     int meet, volatile unsigned *scratch,
                                     int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = x.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence();
    y.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence();
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

extern "C" __global__ void wrc_relacq(const int *role, unsigned *mem,
                                      const int *off, unsigned *res,
                                      volatile unsigned *arrive, unsigned ntest,
                                      int meet, volatile unsigned *scratch,
                                      int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = x.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_release,
                              cuda::thread_scope_device);
    y.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire,
                              cuda::thread_scope_device);
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

extern "C" __global__ void
wrc_block_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
                 volatile unsigned *arrive, unsigned ntest, int meet,
                 volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = x.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence_block();
    y.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence_block();
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

extern "C" __global__ void
wrc_none_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
                volatile unsigned *arrive, unsigned ntest, int meet,
                volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = x.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    y.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

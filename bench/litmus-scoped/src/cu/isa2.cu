// ISA2 (a chain of three message passings) across three blocks, in CUDA:
// thread 0: x = 1; F0; y = 1 || thread 1: spin until y = 1; F1; z = 1 ||
// thread 2: spin until z = 1; F2; read x. All accesses are relaxed
// device-scope cuda::atomic_ref operations. res[4i] = y seen by thread 1,
// res[4i+1] = z seen by thread 2, res[4i+2] = x read by thread 2.
// Forbidden: 1, 1, 0 with __threadfence() in all three, and with release,
// acq_rel and acquire fences (causality is transitive). The mutants narrow
// all fences to the block, only the middle one, or remove them.
#include <cuda/atomic>

#include "role.cuh"

extern "C" __global__ void isa2_fence(const int *role, unsigned *mem,
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
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> z(mem[off[4 * i + 2]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
    __threadfence();
    y.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence();
    z.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = z.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence();
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

extern "C" __global__ void
isa2_relacq(const int *role, unsigned *mem, const int *off, unsigned *res,
            volatile unsigned *arrive, unsigned ntest, int meet,
            volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> z(mem[off[4 * i + 2]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
    cuda::atomic_thread_fence(cuda::memory_order_release,
                              cuda::thread_scope_device);
    y.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acq_rel,
                              cuda::thread_scope_device);
    z.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = z.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acquire,
                              cuda::thread_scope_device);
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

extern "C" __global__ void
isa2_block_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
                  volatile unsigned *arrive, unsigned ntest, int meet,
                  volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> z(mem[off[4 * i + 2]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
    __threadfence_block();
    y.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence_block();
    z.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = z.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence_block();
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

extern "C" __global__ void
isa2_midblock_mutant(const int *role, unsigned *mem, const int *off,
                     unsigned *res, volatile unsigned *arrive, unsigned ntest,
                     int meet, volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> z(mem[off[4 * i + 2]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
    __threadfence();
    y.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence_block();
    z.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = z.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    __threadfence();
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

extern "C" __global__ void
isa2_none_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
                 volatile unsigned *arrive, unsigned ntest, int meet,
                 volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> z(mem[off[4 * i + 2]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
    y.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    unsigned a;
    int spins = 0;
    while ((a = y.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    z.store(1, cuda::memory_order_relaxed);
    res[4 * i] = a;
  } else {
    unsigned b;
    int spins = 0;
    while ((b = z.load(cuda::memory_order_relaxed)) == 0 && ++spins < 20000) {
    }
    res[4 * i + 1] = b;
    res[4 * i + 2] = x.load(cuda::memory_order_relaxed);
  }
}

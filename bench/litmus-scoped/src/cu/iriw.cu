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
#include <cuda/atomic>

#include "role.cuh"

extern "C" __global__ void iriw_fence(const int *role, unsigned *mem,
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
    y.store(1, cuda::memory_order_relaxed);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> first(
        mem[off[4 * i + j - 2]]);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> second(
        mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = first.load(cuda::memory_order_relaxed)) == 0 &&
           ++spins < 20000) {
    }
    __threadfence();
    unsigned b = second.load(cuda::memory_order_relaxed);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

extern "C" __global__ void
iriw_acqrel_mutant(const int *role, unsigned *mem, const int *off,
                   unsigned *res, volatile unsigned *arrive, unsigned ntest,
                   int meet, volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> x(mem[off[4 * i]]);
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> y(mem[off[4 * i + 1]]);
  if (j == 0) {
    x.store(1, cuda::memory_order_relaxed);
  } else if (j == 1) {
    y.store(1, cuda::memory_order_relaxed);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> first(
        mem[off[4 * i + j - 2]]);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> second(
        mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = first.load(cuda::memory_order_relaxed)) == 0 &&
           ++spins < 20000) {
    }
    cuda::atomic_thread_fence(cuda::memory_order_acq_rel,
                              cuda::thread_scope_device);
    unsigned b = second.load(cuda::memory_order_relaxed);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

extern "C" __global__ void
iriw_block_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
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
    y.store(1, cuda::memory_order_relaxed);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> first(
        mem[off[4 * i + j - 2]]);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> second(
        mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = first.load(cuda::memory_order_relaxed)) == 0 &&
           ++spins < 20000) {
    }
    __threadfence_block();
    unsigned b = second.load(cuda::memory_order_relaxed);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

extern "C" __global__ void
iriw_none_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
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
    y.store(1, cuda::memory_order_relaxed);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> first(
        mem[off[4 * i + j - 2]]);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> second(
        mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = first.load(cuda::memory_order_relaxed)) == 0 &&
           ++spins < 20000) {
    }
    unsigned b = second.load(cuda::memory_order_relaxed);
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

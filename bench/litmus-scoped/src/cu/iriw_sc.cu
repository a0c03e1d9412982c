// IRIW across four blocks in CUDA with seq_cst atomics (cuda::atomic_ref's
// default order) and no fences: thread 0: x = 1 || thread 1: y = 1 ||
// thread 2: spin until x = 1; read y || thread 3: spin until y = 1; read x.
// Forbidden: x = 1, y = 0 and y = 1, x = 0 (all accesses are in one total
// order). Apart from iriw.cu because OpenCL C 1.2 cannot take it: xfence
// refuses an ordered device-scope atomic whose value is used.
#include <cuda/atomic>

#include "role.cuh"

extern "C" __global__ void iriw_sc(const int *role, unsigned *mem,
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
    x.store(1);
  } else if (j == 1) {
    y.store(1);
  } else {
    // Thread 2 reads x then y, thread 3 y then x; each spins on its first.
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> first(
        mem[off[4 * i + j - 2]]);
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> second(
        mem[off[4 * i + 3 - j]]);
    unsigned a;
    int spins = 0;
    while ((a = first.load()) == 0 && ++spins < 20000) {
    }
    unsigned b = second.load();
    res[4 * i + 2 * (j - 2)] = a;
    res[4 * i + 2 * (j - 2) + 1] = b;
  }
}

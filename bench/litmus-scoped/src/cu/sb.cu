// Store buffering between blocks: thread 0: x = 1; __threadfence(); r0 = y
// || thread 1: y = 1; __threadfence(); r1 = x (res[4i], res[4i+1]).
// Forbidden with __threadfence() (fence.sc.gpu): r0 = r1 = 0. The mutants
// narrow the fence to the block or remove it.
#include "role.cuh"

extern "C" __global__ void sb_fence(const int *role, unsigned *mem,
                                    const int *off, unsigned *res,
                                    volatile unsigned *arrive, unsigned ntest,
                                    int meet, volatile unsigned *scratch,
                                    int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile unsigned *x = mem + off[4 * i];
  volatile unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    *x = 1;
    __threadfence();
    res[4 * i] = *y;
  } else {
    *y = 1;
    __threadfence();
    res[4 * i + 1] = *x;
  }
}

extern "C" __global__ void
sb_block_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
                volatile unsigned *arrive, unsigned ntest, int meet,
                volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile unsigned *x = mem + off[4 * i];
  volatile unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    *x = 1;
    __threadfence_block();
    res[4 * i] = *y;
  } else {
    *y = 1;
    __threadfence_block();
    res[4 * i + 1] = *x;
  }
}

extern "C" __global__ void
sb_none_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
               volatile unsigned *arrive, unsigned ntest, int meet,
               volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2;
  volatile unsigned *x = mem + off[4 * i];
  volatile unsigned *y = mem + off[4 * i + 1];
  if ((r & 3) == 0) {
    *x = 1;
    res[4 * i] = *y;
  } else {
    *y = 1;
    res[4 * i + 1] = *x;
  }
}

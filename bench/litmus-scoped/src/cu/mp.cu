// Message passing between blocks, as the CUDA guide writes it
// (writeXY/readXY): thread 0: x = 1; __threadfence(); y = 1 || thread 1:
// spin on y; __threadfence(); read x. res[4i] = y seen, res[4i+1] = x read.
// Forbidden: y seen 1 and x read 0. The mutants narrow the fences to the
// block or remove them.
#include "role.cuh"

extern "C" __global__ void mp_fence(const int *role, unsigned *mem,
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
    *y = 1;
  } else {
    unsigned v;
    int spins = 0;
    while ((v = *y) == 0 && ++spins < 20000) {
    }
    __threadfence();
    res[4 * i] = v;
    res[4 * i + 1] = *x;
  }
}

extern "C" __global__ void
mp_block_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
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
    *y = 1;
  } else {
    unsigned v;
    int spins = 0;
    while ((v = *y) == 0 && ++spins < 20000) {
    }
    __threadfence_block();
    res[4 * i] = v;
    res[4 * i + 1] = *x;
  }
}

extern "C" __global__ void
mp_none_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
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
    *y = 1;
  } else {
    unsigned v;
    int spins = 0;
    while ((v = *y) == 0 && ++spins < 20000) {
    }
    res[4 * i] = v;
    res[4 * i + 1] = *x;
  }
}

// The start of every role kernel of bench/litmus-scoped (the ABI is in
// ../../harness.h). A thread without a role stresses memory and gets -1;
// a test thread meets the others at `arrive` (at most `meet` spins) and gets
// its role, instance * 4 + j.
#pragma once

static __device__ int litmus_start(const int *role, volatile unsigned *arrive,
                                   unsigned ntest, int meet,
                                   volatile unsigned *scratch, int scratch_n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int r = role[t];
  if (r < 0) {
    unsigned s = t * 2654435761u;
    for (int i = 0; i < 64; ++i) {
      s = s * 1664525u + 1013904223u;
      volatile unsigned *p = scratch + (s % scratch_n);
      *p = *p + 1;
    }
    return -1;
  }
  atomicAdd((unsigned *)arrive, 1u);
  for (int spin = 0; *arrive < ntest && spin < meet; ++spin) {
  }
  return r;
}

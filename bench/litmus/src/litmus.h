// The harness ABI of the OpenCL litmus kernels (see ../kernels_cuda.cuh) and
// the prologue every test thread runs. A user header with macros: xfence
// rewrites the synchronization inside them.
#define LITMUS_PARAMS                                                          \
  __global const int *role, volatile __global uint *x,                        \
      volatile __global uint *y, __global const int *xoff,                    \
      __global const int *yoff, __global uint *r0, __global uint *r1,         \
      volatile __global uint *arrive, uint ntest,                             \
      volatile __global uint *scratch, int scratch_n

#define LITMUS_PROLOGUE                                                        \
  int t = get_global_id(0);                                                    \
  int r = role[t];                                                             \
  if (r < 0) {                                                                 \
    uint s = t * 2654435761u;                                                  \
    for (int i = 0; i < 64; ++i) {                                             \
      s = s * 1664525u + 1013904223u;                                          \
      volatile __global uint *p = scratch + (s % scratch_n);                   \
      *p = *p + 1;                                                             \
    }                                                                          \
    return;                                                                    \
  }                                                                            \
  int inst = r >> 1;                                                           \
  volatile __global uint *px = x + xoff[inst];                                 \
  volatile __global uint *py = y + yoff[inst];                                 \
  atomic_add(arrive, 1u);                                                      \
  for (int spin = 0; *arrive < ntest && spin < (1 << 20); ++spin) {            \
  }

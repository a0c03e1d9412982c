// Message passing between blocks in HIP, with AMD's spellings of scoped
// synchronization: thread 0: x = 1; __builtin_amdgcn_fence(release,
// "agent"); y = 1 || thread 1: spin until y = 1; fence(acquire, "agent");
// read x, every access a relaxed __hip_atomic at agent (device) scope; and
// the same with a release store and an acquire load of y instead of the
// fences. res[4i] = y seen, res[4i+1] = x read. Forbidden: 1, 0. The
// mutants narrow the fences to "workgroup" or remove them.
#include <hip/hip_runtime.h>

// The start of every role kernel (the ABI is in ../../harness.h): a thread
// without a role stresses memory and gets -1; a test thread meets the
// others at `arrive` (at most `meet` spins) and gets its role.
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

extern "C" __global__ void
mp_hip_fence(const int *role, unsigned *mem, const int *off, unsigned *res,
             volatile unsigned *arrive, unsigned ntest, int meet,
             volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if (j == 0) {
    __hip_atomic_store(x, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
    __hip_atomic_store(y, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = __hip_atomic_load(y, __ATOMIC_RELAXED,
                                  __HIP_MEMORY_SCOPE_AGENT)) == 0 &&
           ++spins < 20000) {
    }
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
    res[4 * i] = v;
    res[4 * i + 1] =
        __hip_atomic_load(x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  }
}

extern "C" __global__ void
mp_hip_relacq(const int *role, unsigned *mem, const int *off, unsigned *res,
              volatile unsigned *arrive, unsigned ntest, int meet,
              volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if (j == 0) {
    __hip_atomic_store(x, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_store(y, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = __hip_atomic_load(y, __ATOMIC_ACQUIRE,
                                  __HIP_MEMORY_SCOPE_AGENT)) == 0 &&
           ++spins < 20000) {
    }
    res[4 * i] = v;
    res[4 * i + 1] =
        __hip_atomic_load(x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  }
}

extern "C" __global__ void
mp_hip_wg_mutant(const int *role, unsigned *mem, const int *off, unsigned *res,
                 volatile unsigned *arrive, unsigned ntest, int meet,
                 volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if (j == 0) {
    __hip_atomic_store(x, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __hip_atomic_store(y, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = __hip_atomic_load(y, __ATOMIC_RELAXED,
                                  __HIP_MEMORY_SCOPE_AGENT)) == 0 &&
           ++spins < 20000) {
    }
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
    res[4 * i] = v;
    res[4 * i + 1] =
        __hip_atomic_load(x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  }
}

extern "C" __global__ void
mp_hip_none_mutant(const int *role, unsigned *mem, const int *off,
                   unsigned *res, volatile unsigned *arrive, unsigned ntest,
                   int meet, volatile unsigned *scratch, int scratch_n) {
  int r = litmus_start(role, arrive, ntest, meet, scratch, scratch_n);
  if (r < 0)
    return;
  int i = r >> 2, j = r & 3;
  unsigned *x = mem + off[4 * i];
  unsigned *y = mem + off[4 * i + 1];
  if (j == 0) {
    __hip_atomic_store(x, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_store(y, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    unsigned v;
    int spins = 0;
    while ((v = __hip_atomic_load(y, __ATOMIC_RELAXED,
                                  __HIP_MEMORY_SCOPE_AGENT)) == 0 &&
           ++spins < 20000) {
    }
    res[4 * i] = v;
    res[4 * i + 1] =
        __hip_atomic_load(x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  }
}
